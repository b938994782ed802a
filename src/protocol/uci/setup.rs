//! A `position` command applied to the chess rules: the root to search and the hashes of
//! the game positions before it, or a typed error.
//!
//! Everything is built on a fresh value and handed back whole, so the session commits a
//! new game only when the FEN and every move were accepted; a bad move halfway down the
//! list leaves the previous game untouched instead of a half-played one.

use super::error::echo;
use super::position::{PositionCommand, PositionStart};
use crate::chess::{parse_uci_move, FenError, MoveParseError, Position};

/// The game a `position` command describes.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// The position to search.
    pub root: Position,
    /// Hashes of every position before `root` since the start position, oldest first,
    /// for the repetition rule.
    pub history: Vec<u64>,
}

/// Why a `position` command was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The FEN does not describe a legal position.
    #[error("position: bad FEN: {0}; position unchanged")]
    Fen(#[from] FenError),
    /// A FEN with a halfmove clock but no fullmove number: a line cut short, not the
    /// four-field EPD form whose counters default.
    #[error(
        "position: bad FEN: a halfmove clock without a fullmove number (give 4 or 6 fields); \
         position unchanged"
    )]
    TruncatedFen,
    /// `0000` in the move list: UCI's null move is not a move of the game.
    #[error(
        "position: move {index} is the null move 0000, which is not legal; position unchanged"
    )]
    NullMove {
        /// 1-based index in the move list.
        index: usize,
    },
    /// A move that is malformed or illegal where it is played.
    #[error("position: move {index}: {}; position unchanged", move_reason(.error))]
    Move {
        /// 1-based index in the move list.
        index: usize,
        /// What the rules said.
        #[source]
        error: MoveParseError,
    },
}

/// What [`SetupError::Move`] says of its move: the rules' complaint in the words of a
/// `position` command, and with the user's text cut short ([`echo`]).
fn move_reason(error: &MoveParseError) -> String {
    match error {
        MoveParseError::Malformed(text) => format!("'{}' is not a UCI move", echo(text)),
        MoveParseError::Illegal(text) => format!("{} is not legal in that position", echo(text)),
    }
}

impl GameSetup {
    /// The standard start position with no history.
    pub fn startpos() -> Self {
        Self {
            root: Position::startpos(),
            history: Vec::new(),
        }
    }

    /// Builds the game of `command`. Castling is read as king takes rook when
    /// `uci_chess960` is on or the FEN itself is a Chess960 one.
    pub fn from_command(command: &PositionCommand, uci_chess960: bool) -> Result<Self, SetupError> {
        let mut root = match &command.start {
            PositionStart::StartPos => Position::startpos(),
            PositionStart::Fen(fen) if fen.split_whitespace().count() == 5 => {
                return Err(SetupError::TruncatedFen)
            }
            PositionStart::Fen(fen) => Position::from_fen(fen)?,
        };
        let chess960 = uci_chess960 || root.is_chess960();
        let mut history = Vec::with_capacity(command.moves.len());
        for (i, text) in command.moves.iter().enumerate() {
            let index = i + 1;
            if text == "0000" {
                return Err(SetupError::NullMove { index });
            }
            let mv = parse_uci_move(&root, text, chess960)
                .map_err(|error| SetupError::Move { index, error })?;
            history.push(root.hash());
            root.play(mv);
        }
        Ok(Self { root, history })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(start: PositionStart, moves: &[&str]) -> PositionCommand {
        PositionCommand {
            start,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn moves_are_played_and_hashed() {
        let setup = GameSetup::from_command(
            &command(PositionStart::StartPos, &["e2e4", "e7e5", "g1f3"]),
            false,
        )
        .unwrap();
        assert_eq!(
            setup.root.to_fen(),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(setup.history.len(), 3);
        assert_eq!(setup.history[0], Position::startpos().hash());
    }

    #[test]
    fn a_repetition_is_visible_in_the_history() {
        let setup = GameSetup::from_command(
            &command(PositionStart::StartPos, &["g1f3", "g8f6", "f3g1", "f6g8"]),
            false,
        )
        .unwrap();
        assert_eq!(setup.root.hash(), setup.history[0]);
    }

    #[test]
    fn errors_name_the_move() {
        let err = |moves: &[&str]| {
            GameSetup::from_command(&command(PositionStart::StartPos, moves), false)
                .unwrap_err()
                .to_string()
        };
        assert!(err(&["e2e4", "e2e4"]).starts_with("position: move 2: e2e4 is not legal"));
        assert!(err(&["zz"]).contains("'zz' is not a UCI move"));
        assert!(err(&["e2e4", "0000"]).contains("move 2 is the null move"));
        assert!(err(&["e2e5"]).contains("move 1"));
    }

    #[test]
    fn the_rules_complaint_is_the_source() {
        use std::error::Error;
        let moves = command(PositionStart::StartPos, &["e2e5"]);
        let error = GameSetup::from_command(&moves, false).unwrap_err();
        assert_eq!(
            error
                .source()
                .and_then(|e| e.downcast_ref::<MoveParseError>()),
            Some(&MoveParseError::Illegal("e2e5".into()))
        );
        let fen = command(PositionStart::Fen("8/8 w - - 0 1".into()), &[]);
        let error = GameSetup::from_command(&fen, false).unwrap_err();
        assert_eq!(
            error.source().and_then(|e| e.downcast_ref::<FenError>()),
            Some(&FenError::RankCount(2))
        );
    }

    #[test]
    fn bad_fen_is_a_typed_error() {
        let bad = command(PositionStart::Fen("8/8/8/8/8/8/8/8 w - - 0 1".into()), &[]);
        assert!(matches!(
            GameSetup::from_command(&bad, false),
            Err(SetupError::Fen(_))
        ));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        let four = command(PositionStart::Fen(start.into()), &[]);
        assert!(GameSetup::from_command(&four, false).is_ok());
        let five = command(PositionStart::Fen(format!("{start} 0")), &[]);
        assert!(matches!(
            GameSetup::from_command(&five, false),
            Err(SetupError::TruncatedFen)
        ));
    }

    #[test]
    fn chess960_castling_is_king_takes_rook() {
        let fen = "bq1nrkrb/ppppp1pp/3n1p2/8/6P1/4N3/PPPPPP1P/BQN1RKRB w KQkq - 0 3";
        let start = PositionStart::Fen(fen.into());
        let castled = GameSetup::from_command(&command(start, &["f1g1"]), true).unwrap();
        let placement = castled.root.to_fen();
        assert!(
            placement.starts_with("bq1nrkrb/ppppp1pp/3n1p2/8/6P1/4N3/PPPPPP1P/BQN1RRKB b"),
            "{placement}"
        );
    }
}
