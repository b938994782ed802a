//! Chess FEN (classical, X-FEN and Shredder-FEN castling) and UCI `position` lines.
//!
//! Input: a text, then optionally `\n` and bytes that choose moves for a short walk. The
//! text is read as a FEN, as a UCI line and as the FEN of a `position fen` line. Every
//! position that comes out, and every one the walk reaches, must satisfy
//! [`check_position`]: the FEN it writes reads back to the same position, each generated
//! move is legal when played, and the incrementally kept hash equals the one the FEN
//! reader computes from scratch.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tvilling::chess::{move_to_uci, parse_uci_move, Position};
use tvilling::engine::MoveList;
use tvilling::protocol::uci::setup::GameSetup;
use tvilling::protocol::uci::{parse_command, UciCommand};

/// Plies of the walk: each costs a FEN round trip per legal move.
const WALK_PLIES: usize = 12;

fuzz_target!(|data: &[u8]| {
    let (text, choices) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let text = String::from_utf8_lossy(text);
    if let Ok(pos) = Position::from_fen(&text) {
        walk(pos, choices);
    }
    for line in [text.to_string(), format!("position fen {text}")] {
        if let Ok(UciCommand::Position(command)) = parse_command(&line) {
            for chess960 in [false, true] {
                if let Ok(game) = GameSetup::from_command(&command, chess960) {
                    assert_eq!(game.history.len(), command.moves.len());
                    check_position(&game.root);
                }
            }
        }
    }
});

/// Checks `pos`, then plays the moves `choices` pick and checks each position reached.
fn walk(mut pos: Position, choices: &[u8]) {
    check_position(&pos);
    for &choice in choices.iter().take(WALK_PLIES) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        pos.play(moves.as_slice()[usize::from(choice) % moves.len()]);
        check_position(&pos);
    }
}

/// The properties every position must have.
fn check_position(pos: &Position) {
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen} does not read: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN round trip");
    assert_eq!(
        again.hash(),
        pos.hash(),
        "hash of {fen} differs from scratch"
    );
    // Without castling rights a FEN cannot say whether the game is Chess960, and nothing
    // depends on it any more: castling notation is all the flag decides.
    if !pos.castling_rights().is_empty() {
        assert_eq!(again.is_chess960(), pos.is_chess960(), "{fen}");
    }

    let us = pos.side_to_move();
    let them = us.flip();
    let king = pos.king_square(us);
    assert_eq!(
        pos.in_check(),
        pos.is_attacked_by(them, king, pos.occupied()),
        "checkers of {fen}"
    );

    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{fen}");
    let mut noisy = MoveList::new();
    pos.noisy_moves(&mut noisy);
    for mv in noisy.iter() {
        assert!(
            moves.iter().any(|m| m == mv),
            "{fen}: noisy {mv:?} not legal"
        );
    }
    for (i, &mv) in moves.iter().enumerate() {
        assert!(!moves.as_slice()[..i].contains(&mv), "{fen}: {mv:?} twice");
        for chess960 in [pos.is_chess960(), true] {
            let text = move_to_uci(mv, chess960);
            assert_eq!(
                parse_uci_move(pos, &text, chess960),
                Ok(mv),
                "{fen}: {text} does not read back"
            );
        }
        let mut child = pos.clone();
        child.play(mv);
        assert_eq!(child.side_to_move(), them);
        assert!(
            !child.is_attacked_by(them, child.king_square(us), child.occupied()),
            "{fen}: {} leaves the king attacked",
            move_to_uci(mv, pos.is_chess960())
        );
        let child_fen = child.to_fen();
        let scratch = Position::from_fen(&child_fen)
            .unwrap_or_else(|e| panic!("{fen} then {mv:?}: {child_fen} does not read: {e}"));
        assert_eq!(
            scratch.hash(),
            child.hash(),
            "{fen} then {}: incremental hash differs from scratch",
            move_to_uci(mv, pos.is_chess960())
        );
    }
}
