//! Properties every version of the weights must keep: colour symmetry, a trace that
//! reproduces the evaluation exactly, and obvious orderings.

use super::*;
use crate::chess::flipped_fen::colour_flipped_fen as mirrored;
use crate::engine::MoveList;

/// Positions from every stage of the game, with castling, en passant and promotions about.
const FENS: [&str; 12] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/8/4k3/3p4/3P4/4K3/8/8 b - - 0 1",
    "6k1/5pp1/7p/8/8/2B5/5PPP/1r4K1 w - - 0 30",
    "8/1P6/8/8/5k2/8/6K1/8 w - - 0 1",
    "2kr3r/ppp2ppp/2n1b3/2b1p3/4P1n1/2NP1N2/PPP1BPPP/R1B1K2R b KQ - 3 9",
    "8/5p2/4k3/5b2/8/2B5/3K1PP1/8 w - - 0 1",
];

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// Positions reached by deterministic pseudo-random play from each of [`FENS`].
fn playouts() -> Vec<Position> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for fen in FENS {
        let mut p = pos(fen);
        for _ in 0..40 {
            out.push(p.clone());
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(moves.as_slice()[(seed % moves.len() as u64) as usize]);
        }
    }
    out
}

#[test]
fn colour_mirror_gives_the_same_score() {
    // The twin is the board turned and the colours swapped, side, castling and en passant
    // included, as written out by hand here.
    assert_eq!(
        mirrored(FENS[6]),
        "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3"
    );
    for fen in FENS {
        let twin = mirrored(fen);
        assert_eq!(
            evaluate(&pos(fen)),
            evaluate(&pos(&twin)),
            "{fen} vs {twin}"
        );
    }
    for p in playouts() {
        let fen = p.to_fen();
        assert_eq!(evaluate(&p), evaluate(&pos(&mirrored(&fen))), "{fen}");
    }
}

#[test]
fn trace_reproduces_the_evaluation() {
    for p in playouts() {
        let white_view = trace(&p).white_score(&WEIGHTS);
        let expected = match p.side_to_move() {
            Color::White => white_view,
            Color::Black => -white_view,
        };
        assert_eq!(evaluate(&p), expected, "{}", p.to_fen());
    }
}

/// The evaluation's own weighted sum under `weights`, apart from the trace: every term goes
/// through the same code with other weights.
struct OtherWeights<'w> {
    weights: &'w [S; NUM_FEATURES],
    white_minus_black: S,
}

impl Accumulator for OtherWeights<'_> {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        let term = self.weights[feature] * count;
        match color {
            Color::White => self.white_minus_black += term,
            Color::Black => self.white_minus_black -= term,
        }
    }
}

fn summed_under(p: &Position, weights: &[S; NUM_FEATURES]) -> S {
    let mut sum = OtherWeights {
        weights,
        white_minus_black: S::default(),
    };
    add_terms(p, &mut sum);
    sum.white_minus_black
}

#[test]
fn trace_follows_other_weights() {
    // Raising one weight by one centipawn moves the evaluation's midgame half by exactly
    // that weight's trace coefficient (and the endgame half likewise), for every weight.
    // Both sums come from the real terms, so a stale, partial or empty trace fails.
    for fen in [FENS[1], FENS[8], FENS[11]] {
        let p = pos(fen);
        let t = trace(&p);
        let used = t.coefficients.iter().filter(|&&c| c != 0).count();
        assert!(used >= 10, "{fen}: only {used} weights used");
        let base = summed_under(&p, &WEIGHTS);
        for feature in 0..NUM_FEATURES {
            let coefficient = i32::from(t.coefficients[feature]);
            let mut weights = WEIGHTS;
            weights[feature] += s(1, 0);
            let mg = summed_under(&p, &weights).mg() - base.mg();
            weights[feature] += s(-1, 1);
            let eg = summed_under(&p, &weights).eg() - base.eg();
            assert_eq!(
                (mg, eg),
                (coefficient, coefficient),
                "{fen}: feature {feature}"
            );
        }
    }
    // With every piece on the board the score is the midgame half alone, so there one
    // centipawn more on a weight moves the trace's score by exactly its coefficient.
    let full = pos(FENS[1]);
    let t = trace(&full);
    assert_eq!(t.phase, MAX_PHASE);
    for feature in 0..NUM_FEATURES {
        let mut weights = WEIGHTS;
        weights[feature] += s(1, 0);
        assert_eq!(
            t.white_score(&weights) - t.white_score(&WEIGHTS),
            i32::from(t.coefficients[feature]),
            "feature {feature}"
        );
    }
}

#[test]
fn obvious_orderings() {
    let start = evaluate(&pos(FENS[0]));
    assert!(start.abs() < 50, "start position is about level: {start}");
    let extra_queen = evaluate(&pos(
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    assert!(extra_queen > start + 600, "{extra_queen}");
    let seventh = evaluate(&pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"));
    let third = evaluate(&pos("4k3/8/8/8/8/1P6/8/4K3 w - - 0 1"));
    assert!(
        seventh > third,
        "passed pawn on the 7th {seventh} vs 3rd {third}"
    );
    let pair = evaluate(&pos("4k3/pppp4/8/8/8/8/PPPP4/2B1KB2 w - - 0 1"));
    let no_pair = evaluate(&pos("4k3/pppp4/8/8/8/8/PPPP4/2N1KB2 w - - 0 1"));
    assert!(
        pair > no_pair,
        "bishop pair {pair} vs bishop and knight {no_pair}"
    );
    let healthy = evaluate(&pos("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"));
    let doubled = evaluate(&pos("4k3/8/8/8/8/P7/P1P5/4K3 w - - 0 1"));
    assert!(healthy > doubled, "healthy {healthy} vs doubled {doubled}");
}

#[test]
fn lone_minor_scores_near_zero() {
    let minor_vs_pawn = evaluate(&pos("8/8/4k3/8/8/2B5/3K2p1/8 w - - 0 1"));
    assert!(
        minor_vs_pawn < 30,
        "a lone bishop cannot win: {minor_vs_pawn}"
    );
}
