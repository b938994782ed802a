//! Draws by repetition through UCI, from a `position ... moves ...` history as a GUI sends
//! it: the side behind takes a perpetual check (score 0, the check that repeats), and the
//! side ahead refuses the repetition it would play without the history.

use tvilling::chess::{move_to_uci, parse_uci_move, Position};
use tvilling::engine::MoveList;

use crate::common::uci_session::session;

/// The score (`cp 0`, `mate 4`, ...) and the move of `go depth {depth}` from `position`
/// (what follows `position` in the UCI command).
fn search(position: &str, depth: u32) -> (String, String) {
    let lines = session(&format!("position {position}\ngo depth {depth}\nquit\n"));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info line: {lines:#?}"));
    let words: Vec<&str> = info.split_whitespace().collect();
    let at = words.iter().position(|&w| w == "score").unwrap();
    let score = words[at + 1..at + 3].join(" ");
    let best = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bestmove: {lines:#?}"));
    (score, best.to_string())
}

/// Centipawns of a `cp N` score.
fn centipawns(score: &str) -> i32 {
    let value = score.strip_prefix("cp ");
    value
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{score}"))
}

/// A score that wins: five pawns or more, or a mate for the side to move.
fn winning(score: &str) -> bool {
    match score.strip_prefix("mate ") {
        Some(moves) => moves.parse::<i32>().is_ok_and(|n| n > 0),
        None => centipawns(score) >= 500,
    }
}

#[test]
fn the_side_behind_takes_a_perpetual_check() {
    // White is a rook down but checks for ever: Qd8+ Kf7 Qd5+ Kf8. The game has been round
    // that cycle once, so Qd8+ now repeats a position: a draw, and the best White has.
    let fen = "5k2/6pp/8/3Q4/8/8/qr4PK/8 w - - 2 2";
    let (score, best) = search(&format!("fen {fen} moves d5d8 f8f7 d8d5 f7f8"), 3);
    assert_eq!((score.as_str(), best.as_str()), ("cp 0", "d5d8"));
    // The same search without the history sees no draw yet: the history is what counts.
    let (score, _) = search(&format!("fen {fen}"), 3);
    assert!(centipawns(&score) < -300, "{score}");
}

/// The history that leaves `fen` with `first`, goes round, and comes back: `first`, a reply,
/// `first` undone, the reply undone.
fn round_trip(fen: &str, first: &str) -> Vec<String> {
    let start = Position::from_fen(fen).unwrap();
    let legal = |pos: &Position| {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves.as_slice().to_vec()
    };
    let there = parse_uci_move(&start, first, false).unwrap();
    let mut after = start.clone();
    after.play(there);
    for reply in legal(&after) {
        let mut replied = after.clone();
        replied.play(reply);
        let Some(back) = legal(&replied)
            .into_iter()
            .find(|mv| (mv.from(), mv.to()) == (there.to(), there.from()))
        else {
            continue;
        };
        let mut returned = replied.clone();
        returned.play(back);
        let Some(undo) = legal(&returned)
            .into_iter()
            .find(|mv| (mv.from(), mv.to()) == (reply.to(), reply.from()))
        else {
            continue;
        };
        returned.play(undo);
        if returned.hash() == start.hash() {
            return [there, reply, back, undo]
                .map(|mv| move_to_uci(mv, false))
                .to_vec();
        }
    }
    panic!("no way back to {fen} after {first}");
}

#[test]
fn the_side_ahead_refuses_a_repetition() {
    // King and queen against king: whatever the search plays here, a history that went
    // round through that move makes it a repetition, which a won game must not take.
    let fen = "8/8/3k4/8/8/8/1Q6/K7 w - - 0 1";
    let (score, first) = search(&format!("fen {fen}"), 8);
    assert!(winning(&score), "{score}");
    let history = round_trip(fen, &first);
    let (score, best) = search(&format!("fen {fen} moves {}", history.join(" ")), 8);
    assert_ne!(best, first, "repeats after {history:?}");
    assert!(winning(&score), "{score} after {history:?}");
}
