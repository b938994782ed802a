//! FEN reading and writing: malformed input gives the right typed error with a clear
//! message (never a panic), and every castling notation reads to the same rights.

use tvilling::chess::{move_to_uci, parse_uci_move, Color, FenError, Position, Square};

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

#[test]
fn malformed_fens_give_typed_errors() {
    use FenError::*;
    let cases: Vec<(&str, FenError, &str)> = vec![
        ("", FieldCount(0), "FEN has 0 fields, expected 4 to 6"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
            FieldCount(2),
            "FEN has 2 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x",
            FieldCount(7),
            "7 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankCount(7),
            "7 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            RankCount(9),
            "9 ranks",
        ),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            RankLength {
                rank: 7,
                squares: 7,
            },
            "rank 7 describes 7 squares",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            PieceLetter('9'),
            "bad piece letter '9'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
            RankLength {
                rank: 1,
                squares: 9,
            },
            "rank 1 describes 9",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            PieceLetter('X'),
            "bad piece letter 'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4K3/8/PPPPPPPP/RNBQKBNR w kq - 0 1",
            KingCount(Color::White, 2),
            "two white kings",
        ),
        (
            "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
            KingCount(Color::Black, 0),
            "no black king",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            TooManyPawns(Color::White, 9),
            "9 white pawns",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/2n5/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            TooManyPieces(Color::Black, 17),
            "17 black pieces",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            PawnOnBackRank(sq("a1")),
            "pawn on a1",
        ),
        (
            "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
            PawnOnBackRank(sq("h8")),
            "pawn on h8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            SideToMove("x".into()),
            "side to move \"x\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            CastlingLetter('z'),
            "bad castling letter 'z'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1",
            CastlingDuplicate('K'),
            "castling right K given twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HKkq - 0 1",
            CastlingDuplicate('K'),
            "given twice",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            CastlingWithoutRook('K', sq("h1")),
            "castling right K but no rook on h1",
        ),
        (
            "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            CastlingWithoutRook('q', sq("a8")),
            "castling right q but no rook on a8",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqG - 0 1",
            CastlingWithoutRook('G', sq("g1")),
            "no rook on g1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/4K3/PPPPPPPP/RNBQ1BNR w K - 0 1",
            CastlingWithoutKing('K', Color::White),
            "white king is not on its first rank",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1",
            EnPassantRank(sq("e4")),
            "en passant square e4",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            EnPassantWithoutPawn(sq("e3")),
            "en passant square e3 but no pawn just moved there",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            EnPassantText("e9".into()),
            "en passant field \"e9\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            Halfmove("x".into()),
            "halfmove clock \"x\"",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
            Fullmove("-3".into()),
            "fullmove number \"-3\"",
        ),
        (
            "4k2R/8/8/8/8/8/8/4K3 w - - 0 1",
            FenError::OpponentInCheck,
            "side not to move is in check",
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
            FenError::OpponentInCheck,
            "side not to move is in check",
        ),
        (
            "4k3/8/8/8/8/3n1n2/3p4/R3K2R w - - 0 1",
            TooManyCheckers(3),
            "in check by 3 pieces",
        ),
    ];
    assert!(cases.len() >= 25);
    for (fen, expected, message) in cases {
        let err = Position::from_fen(fen).expect_err(fen);
        assert_eq!(err, expected, "{fen}");
        assert!(err.to_string().contains(message), "{fen}: {err}");
        let boxed: Box<dyn std::error::Error> = Box::new(err);
        assert!(!boxed.to_string().is_empty());
    }
}

#[test]
fn missing_clocks_default_to_zero_and_one() {
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (0, 1));
    assert_eq!(pos.to_fen(), Position::startpos().to_fen());
}

#[test]
fn counters_at_their_limit_stay_there() {
    // A FEN may set both counters to u32::MAX; the next move used to overflow them
    // (a panic with overflow checks, a clock back at 0 without). fuzz/chess_fen walks
    // such positions.
    let fen = "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295";
    let mut pos = Position::from_fen(fen).unwrap();
    pos.play(parse_uci_move(&pos, "e8d8", false).unwrap());
    pos.play_null();
    assert_eq!(
        (pos.halfmove_clock(), pos.fullmove_number()),
        (u32::MAX, u32::MAX)
    );
    assert_eq!(
        pos.to_fen(),
        "3k4/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295"
    );
}

#[test]
fn castling_notations_agree() {
    let classical = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let shredder = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1").unwrap();
    assert_eq!(classical.hash(), shredder.hash());
    assert_eq!(classical.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert!(!classical.is_chess960());
    assert_eq!(shredder.to_fen(), "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
    // X-FEN: K means the outermost rook, a letter an inner one.
    let outer = Position::from_fen("4k3/8/8/8/8/8/8/R1R1K1RR w K - 0 1").unwrap();
    assert_eq!(outer.castling_rook(0), Some(sq("h1")));
    let inner = Position::from_fen("4k3/8/8/8/8/8/8/R1R1K1RR w GC - 0 1").unwrap();
    assert_eq!(
        (inner.castling_rook(0), inner.castling_rook(1)),
        (Some(sq("g1")), Some(sq("c1")))
    );
    assert!(inner.is_chess960());
}

#[test]
fn en_passant_square_only_when_capturable() {
    // Capturable: kept.
    let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2").unwrap();
    assert_eq!(pos.en_passant(), Some(sq("d6")));
    // No white pawn beside it: dropped, and the hash equals the position without it.
    let none = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2").unwrap();
    let plain = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 2").unwrap();
    assert_eq!(none.en_passant(), None);
    assert_eq!(none.hash(), plain.hash());
    // Capture would expose the king along the rank: dropped.
    let pinned = Position::from_fen("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2").unwrap();
    assert_eq!(pinned.en_passant(), None);
    // After a double step that no pawn can take, no ep square either.
    let mut start = Position::startpos();
    start.play(parse_uci_move(&start, "e2e4", false).unwrap());
    assert_eq!(start.en_passant(), None);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn repetition_returns_the_same_hash() {
    let mut pos = Position::startpos();
    let first = pos.hash();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = parse_uci_move(&pos, text, false).unwrap();
        pos.play(mv);
    }
    assert_eq!(pos.hash(), first);
    assert_eq!(pos.halfmove_clock(), 4);
    assert_eq!(pos.fullmove_number(), 3);
}

#[test]
fn chess960_castling_text() {
    // King on f1 and rook on g1 swap places: legal on move one.
    let pos =
        Position::from_fen("rbbqnkrn/pppppppp/8/8/8/8/PPPPPPPP/RBBQNKRN w GAga - 0 1").unwrap();
    let mv = parse_uci_move(&pos, "f1g1", true).unwrap();
    assert_eq!(move_to_uci(mv, true), "f1g1");
    let mut after = pos.clone();
    after.play(mv);
    assert_eq!(
        after.to_fen(),
        "rbbqnkrn/pppppppp/8/8/8/8/PPPPPPPP/RBBQNRKN b ga - 1 1"
    );
}

#[test]
fn mangled_fens_never_panic() {
    let sources = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2",
    ];
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ -wbKQkqHAha0e3d6x\u{e9}"
        .chars()
        .collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut accepted = 0;
    for _ in 0..20_000 {
        let mut chars: Vec<char> = sources[next() as usize % sources.len()].chars().collect();
        for _ in 0..1 + next() % 3 {
            let at = next() as usize % chars.len();
            match next() % 3 {
                0 => chars[at] = alphabet[next() as usize % alphabet.len()],
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, alphabet[next() as usize % alphabet.len()]),
            }
        }
        let text: String = chars.into_iter().collect();
        if let Ok(pos) = Position::from_fen(&text) {
            // Whatever is accepted must be playable and print back to a FEN of the same
            // game: the same position, with the same moves two plies deep.
            accepted += 1;
            let again = Position::from_fen(&pos.to_fen()).unwrap();
            let perft = tvilling::chess::perft;
            assert_eq!(perft(&again, 2), perft(&pos, 2), "{text}");
            assert_eq!(again.hash(), pos.hash(), "{text}");
        }
    }
    assert!(accepted > 100);
}
