//! The fixed positions of `bench` ([`crate::engine::bench`]): openings, middlegames, tactics, endgames and Chess960
//! setups, so one node count exercises every part of move generation and search.
//!
//! The list is part of the benchmark's definition: changing it changes every node count
//! ever reported, so add positions only together with a new reference figure. Each FEN was
//! checked for legality with python-chess; a unit test re-reads them with our parser.

use super::Position;

/// Depth searched when none is given: 3.7 M nodes, about 7-10 s for the whole list in
/// release with the tuned evaluation (retune when the evaluation changes the tree).
pub const DEFAULT_BENCH_DEPTH: u32 = 13;

/// The bench positions, in the order they are searched.
pub const BENCH_FENS: [&str; 45] = [
    // the start position
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // ruy lopez
    "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9",
    // najdorf
    "rn1q1rk1/1p2bppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R b - - 4 10",
    // qgd
    "rnbq1rk1/p1p1bpp1/1p2pn1p/3p4/2PP3B/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    // kings indian
    "r1bq1rk1/ppp1npbp/3p1np1/3Pp3/2P1P3/2N2N2/PP2BPPP/R1BQ1RK1 w - - 1 9",
    // french
    "rnbqk2r/pp2nppp/4p3/2ppP3/3P2Q1/P1P5/2P2PPP/R1B1KBNR b KQkq - 2 7",
    // caro-kann
    "rn1qkbnr/pp3ppp/4p3/2ppPb2/3P4/4BN2/PPP1BPPP/RN1QK2R b KQkq - 1 6",
    // english
    "r1bqk2r/ppp1bppp/1nn5/4p3/8/2N2NP1/PP1PPPBP/R1BQ1RK1 w kq - 4 8",
    // italian
    "r1bqk2r/ppp2ppp/2n2n2/3p4/2BPP3/5N2/PP1N1PPP/R2QK2R w KQkq - 0 9",
    // london
    "r1bq1rk1/pp3ppp/2nbpn2/2pp4/3P4/2PBPNB1/PP1N1PPP/R2QK2R b KQ - 5 8",
    // dragon
    "2rq1rk1/pp1bppb1/3p1np1/4n2p/3NP2P/1BN1BP2/PPPQ2P1/2KR3R w - - 0 13",
    // slav
    "rn1q1rk1/pp3ppp/2p1pn2/5b2/PbBP4/2N1PN2/1P2QPPP/R1B2RK1 b - - 4 9",
    // grunfeld
    "rnb2rk1/pp2ppbp/6p1/8/3PP3/5N2/q2BBPPP/1R1Q1RK1 b - - 1 12",
    // scotch
    "r1b1kb1r/p1ppqppp/2p5/3nP3/2P5/8/PP2QPPP/RNB1KB1R b KQkq - 0 8",
    // nimzo
    "rn1q1rk1/pbp2pp1/1p2pn1p/3p4/2PP3B/P1Q1PP2/1P4PP/R3KBNR b KQ - 0 10",
    // pirc
    "r1bq1rk1/pp2ppbp/n2p1np1/2pP4/4PP2/2NB1N2/PPP3PP/R1BQ1RK1 b - - 0 8",
    // kings gambit
    "rnbqk2r/ppp2p1p/3b1n2/3PN3/2B2ppP/8/PPPP2P1/RNBQK2R w KQkq - 1 8",
    // the perft test positions: castling, en passant and promotion tangles
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // tactics: sacrifices, mates, forcing lines
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
    "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
    "1k6/8/1K6/8/8/8/8/7R w - - 0 1",
    // endgames
    "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "8/8/4k3/8/2K5/8/3P4/8 w - - 0 1",
    "8/5k2/8/8/8/8/1R6/4K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
    "8/1p3pk1/p5p1/8/2r5/5P2/PP3KPP/3R4 w - - 0 30",
    "8/8/8/3k4/8/3r4/8/1Q2K3 w - - 0 1",
    "8/5p2/8/8/8/8/1P6/k6K w - - 0 1",
    "8/5k2/3b2p1/p4p2/P4P2/3B2P1/5K2/8 w - - 0 40",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "8/P7/8/8/8/8/6k1/K7 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/2n5/8/3k4/8/2N1K3/8 b - - 0 1",
    // Chess960 (castling as king takes rook)
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "b1nnr1kr/1p1p2pp/2p4q/p1b1pp2/2PPP3/1P1B2P1/P1Q4P/B1NNR1KR w HEhe - 2 9",
    "bq1nrkrb/ppppp1pp/3n1p2/8/6P1/4N3/PPPPPP1P/BQN1RKRB w GEge - 0 3",
];

/// [`BENCH_FENS`] read into positions.
pub fn bench_positions() -> Result<Vec<Position>, String> {
    BENCH_FENS
        .iter()
        .map(|fen| Position::from_fen(fen).map_err(|e| format!("{fen}: {e}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_fen_is_read_back_unchanged() {
        assert!(BENCH_FENS.len() >= 40);
        for (pos, fen) in bench_positions().unwrap().iter().zip(BENCH_FENS) {
            assert_eq!(pos.to_fen(), fen);
        }
    }
}
