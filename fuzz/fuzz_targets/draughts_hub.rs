//! International draughts positions (Hub strings and PDN FEN) and Hub command lines.
//!
//! Input: a line, then optionally `\n` and bytes that choose moves for a short walk. The
//! line is read as a position in each notation and as a Hub command; a `pos` command is
//! applied as the Hub session applies it (its moves played one by one), a `level` is
//! turned into limits and a time budget as `go` turns it. Every position
//! that comes out, and every one the walk reaches, must satisfy [`check_position`]: both
//! notations read back to the same position, the incremental hash equals the one computed
//! from scratch, and every generated move is legal by the rules checked here
//! independently of the generator and reads back from its Hub and DXP forms.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::time::Duration;
use tvilling::draughts::fast::bitboard::promotion_row;
use tvilling::draughts::fast::movegen::{has_capture, legal_moves};
use tvilling::draughts::fast::notation::{
    move_from_dxp, move_to_dxp, move_to_hub, parse_fen, parse_hub, parse_move, parse_position,
    to_fen, to_hub,
};
use tvilling::draughts::{GameState, Move, Position, SearchPosition};
use tvilling::engine::{Game, Limits, MoveList, TimeManager};
use tvilling::protocol::hub::{parse_command, GoMode, HubCommand, LevelCommand};

/// Plies of the walk.
const WALK_PLIES: usize = 16;

fuzz_target!(|data: &[u8]| {
    let (text, choices) = match data.iter().position(|&b| b == b'\n') {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[][..]),
    };
    let text = String::from_utf8_lossy(text);
    for parsed in [parse_position(&text), parse_hub(&text), parse_fen(&text)] {
        if let Ok(pos) = parsed {
            walk(pos, choices);
        }
    }
    // A level becomes the search's limits and a time budget, as `go` makes them.
    if let Ok(HubCommand::Level(level)) = parse_command(&text) {
        let mut merged = LevelCommand::default();
        merged.merge(&level);
        for mode in [GoMode::Think, GoMode::Ponder, GoMode::Analyze] {
            let limits: Limits<Move> = merged.to_limits(mode, Duration::from_millis(50));
            let params = <SearchPosition as Game>::SEARCH_PARAMS;
            let horizon = SearchPosition::default().sudden_death_moves(&params);
            if let Some(mut time) = TimeManager::new(&limits, horizon, &params) {
                // No share of the nodes: the longest soft limit the node share allows.
                time.update(true, -300, 0.0);
                assert!(time.soft_limit() <= time.hard_limit(), "{level:?}");
            }
        }
    }
    if let Ok(HubCommand::Pos { position, moves }) = parse_command(&text) {
        let start = match position {
            Some(text) => parse_hub(&text),
            None => Ok(Position::start()),
        };
        if let Ok(start) = start {
            let mut game = GameState::new(start);
            for text in &moves {
                if game.play_text(text).is_err() {
                    break;
                }
                check_position(game.position());
                assert_eq!(game.history().last(), Some(&game.position().hash()));
                let _ = game.outcome();
            }
        }
    }
});

/// Checks `pos`, then plays the moves `choices` pick and checks each position reached.
fn walk(start: Position, choices: &[u8]) {
    let mut game = GameState::new(start);
    check_position(&start);
    for &choice in choices.iter().take(WALK_PLIES) {
        let mut moves = MoveList::new();
        legal_moves(game.position(), &mut moves);
        if moves.is_empty() {
            return;
        }
        let mv = moves.as_slice()[usize::from(choice) % moves.len()];
        game.play(mv).expect("a generated move is playable");
        check_position(game.position());
        let _ = game.outcome();
    }
}

/// The properties every position must have.
fn check_position(pos: &Position) {
    let hub = to_hub(pos);
    assert_eq!(parse_hub(&hub).as_ref(), Ok(pos), "Hub round trip of {hub}");
    let fen = to_fen(pos);
    assert_eq!(parse_fen(&fen).as_ref(), Ok(pos), "FEN round trip of {fen}");
    assert_eq!(pos.hash(), pos.compute_hash(), "{hub}: hash");

    let us = pos.side();
    let them = us.opponent();
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    let capturing = has_capture(pos);
    let most = moves.iter().map(|m| m.capture_count()).max().unwrap_or(0);
    for (i, &mv) in moves.iter().enumerate() {
        let text = move_to_hub(mv);
        assert!(!moves.as_slice()[..i].contains(&mv), "{hub}: {text} twice");
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        assert!(pos.pieces(us) & from != 0, "{hub}: {text} from no piece");
        assert!(
            to == from || pos.occupied() & to == 0,
            "{hub}: {text} to an occupied square"
        );
        assert_eq!(
            mv.captured & !pos.pieces(them),
            0,
            "{hub}: {text} takes no enemy"
        );
        assert_eq!(
            mv.is_capture(),
            capturing,
            "{hub}: {text} ignores the capture rule"
        );
        assert_eq!(
            mv.capture_count(),
            most,
            "{hub}: {text} ignores the majority rule"
        );
        assert_eq!(
            parse_move(pos, &text),
            Ok(mv),
            "{hub}: {text} does not read back"
        );
        let (f, t, captured) = move_to_dxp(mv);
        assert_eq!(
            move_from_dxp(pos, f, t, &captured),
            Ok(mv),
            "{hub}: DXP {text}"
        );

        let mut child = *pos;
        child.play(mv);
        assert_eq!(child.side(), them);
        assert_eq!(
            child.hash(),
            child.compute_hash(),
            "{hub} then {text}: hash"
        );
        assert_eq!(
            child.pieces(us) & child.pieces(them),
            0,
            "{hub} then {text}"
        );
        assert_eq!(child.pieces(them), pos.pieces(them) & !mv.captured);
        assert_eq!(child.pieces(us).count_ones(), pos.pieces(us).count_ones());
        assert_eq!(
            child.men(us) & promotion_row(us),
            0,
            "{hub} then {text}: a man on its promotion row"
        );
        assert_eq!(parse_hub(&to_hub(&child)).as_ref(), Ok(&child));
    }
}
