//! Perft suites for the chess move generator: standard chess and Chess960, counts from
//! Stockfish 15.1 (see the data files' headers for how they were made).
//!
//! Plain `cargo test --release` runs every position to the deepest depth whose count is
//! at most one million; `cargo test --release -- --ignored` runs every depth on file.
//! The fast run also checks, two plies deep, that the incrementally kept hash equals the
//! hash of the same position read back from its own FEN, that the counting generator
//! agrees with the list generator, and that the noisy generator yields exactly the
//! captures and promotions of the full list, and that `hash_after` gives the key a move
//! makes wherever it promises to.

use tvilling::chess::{perft, Move, MoveKind, Position};
use tvilling::engine::divide;
use tvilling::engine::MoveList;

const STANDARD: &str = include_str!("data/chess_perft_standard.txt");
const CHESS960: &str = include_str!("data/chess_perft_960.txt");
const FAST_LIMIT: u64 = 1_000_000;

struct Case {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn cases(data: &str) -> Vec<Case> {
    data.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let body = line.split('#').next().unwrap();
            let mut parts = body.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|p| {
                    let mut it = p.trim().trim_start_matches('D').split_whitespace();
                    (
                        it.next().unwrap().parse().unwrap(),
                        it.next().unwrap().parse().unwrap(),
                    )
                })
                .collect();
            Case { fen, counts }
        })
        .collect()
}

/// Whether `hash_after` promises the exact key for `mv`: it leaves out castling, en passant
/// captures, castling rights lost and a new en passant square.
fn hash_after_is_exact(pos: &Position, mv: Move, child: &Position) -> bool {
    let field = |p: &Position, i: usize| p.to_fen().split(' ').nth(i).unwrap().to_string();
    !matches!(mv.kind(), MoveKind::Castling | MoveKind::EnPassant)
        && field(pos, 2) == field(child, 2)
        && field(child, 3) == "-"
}

fn cross_check(pos: &Position, depth: u32) {
    let reread = Position::from_fen(&pos.to_fen()).unwrap();
    assert_eq!(
        pos.hash(),
        reread.hash(),
        "hash differs from FEN re-read: {}",
        pos.to_fen()
    );
    assert_eq!(reread.to_fen(), pos.to_fen());
    if depth == 0 {
        return;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(
        pos.count_legal_moves(),
        moves.len() as u64,
        "{}",
        pos.to_fen()
    );
    let mut noisy = MoveList::new();
    pos.noisy_moves(&mut noisy);
    let mut expected = moves.clone();
    expected.retain(|&mv| pos.is_capture(mv) || pos.is_promotion(mv));
    assert_eq!(
        noisy.as_slice(),
        expected.as_slice(),
        "noisy moves of {}",
        pos.to_fen()
    );
    for &mv in &moves {
        let mut child = pos.clone();
        child.play(mv);
        if hash_after_is_exact(pos, mv, &child) {
            assert_eq!(
                pos.hash_after(mv),
                child.hash(),
                "hash_after {mv:?} in {}",
                pos.to_fen()
            );
        }
        cross_check(&child, depth - 1);
    }
}

fn run(data: &str, fast: bool) -> usize {
    let mut checked = 0;
    for case in cases(data) {
        let pos = Position::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        let selected: Vec<(u32, u64)> = if fast {
            let best = case
                .counts
                .iter()
                .rfind(|&&(_, n)| n <= FAST_LIMIT)
                .copied();
            cross_check(&pos, 2);
            best.into_iter().collect()
        } else {
            case.counts.clone()
        };
        for (depth, expected) in selected {
            assert_eq!(
                perft(&pos, depth),
                expected,
                "perft {depth} of {}",
                case.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn standard_fast() {
    assert!(run(STANDARD, true) >= 100);
}

#[test]
fn chess960_fast() {
    assert!(run(CHESS960, true) >= 100);
}

#[test]
#[ignore = "full depth: run with --ignored"]
fn standard_full() {
    run(STANDARD, false);
}

#[test]
#[ignore = "full depth: run with --ignored"]
fn chess960_full() {
    run(CHESS960, false);
}

#[test]
fn divide_adds_up_to_perft() {
    let pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let parts = divide(&pos, 3);
    assert_eq!(parts.len(), 48);
    assert_eq!(parts.iter().map(|&(_, n)| n).sum::<u64>(), 97_862);
}
