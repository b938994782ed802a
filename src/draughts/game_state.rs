//! The game around a position on the protocol side: the repetition history and the draw
//! clocks, plus the result.
//!
//! Kept apart from the position so the position stays a small `Copy` value for search, while
//! the game owns a growing history.

use crate::draughts::fast::clocks::DrawClocks;
use crate::draughts::fast::movegen::legal_moves;
use crate::draughts::fast::notation::{move_to_hub, parse_move};
use crate::draughts::MoveParseError;
use crate::draughts::{Move, Position};
use crate::engine::MoveList;
use std::fmt;

/// How the game stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// The side to move has no legal move and has lost.
    Loss,
    /// Drawn by repetition or by the 25-, 16- or 5-move rule.
    Draw,
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal here.
    Illegal(Move),
    /// The move text could not be matched to a legal move.
    Parse(MoveParseError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Illegal(mv) => write!(f, "illegal move {}", move_to_hub(*mv)),
            Self::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A game in progress: the position, its draw clocks and the keys of every position since
/// the last irreversible move (man move or capture), the current one included.
#[derive(Clone, Debug)]
pub struct GameState {
    position: Position,
    clocks: DrawClocks,
    history: Vec<u64>,
}

impl GameState {
    /// A game starting from `position`, with no history.
    pub fn new(position: Position) -> Self {
        GameState {
            position,
            clocks: DrawClocks::new(&position),
            history: vec![position.hash()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The current draw clocks.
    pub fn clocks(&self) -> DrawClocks {
        self.clocks
    }

    /// Keys of the positions since the last irreversible move, oldest first, current last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Plays `mv` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let mut list = MoveList::new();
        legal_moves(&self.position, &mut list);
        if !list.contains(&mv) {
            return Err(PlayError::Illegal(mv));
        }
        let before = self.position;
        self.position.play(mv);
        self.clocks.advance(&before, mv, &self.position);
        if mv.is_capture() || before.moves_man(mv) {
            self.history.clear();
        }
        self.history.push(self.position.hash());
        Ok(())
    }

    /// Plays the move written as `text` (Hub notation, short capture forms accepted).
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = parse_move(&self.position, text).map_err(PlayError::Parse)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// True when the current position has occurred three times (same side to move).
    pub fn is_threefold_repetition(&self) -> bool {
        let key = self.position.hash();
        self.history.iter().filter(|&&h| h == key).count() >= 3
    }

    /// True when a draw rule (repetition, 25-, 16- or 5-move) has drawn the game.
    pub fn is_draw_by_rule(&self) -> bool {
        self.clocks.is_draw() || self.is_threefold_repetition()
    }

    /// The result for the side to move. Having no move is checked first, so a win on the
    /// last move a clock allows still counts.
    pub fn outcome(&self) -> Outcome {
        let mut list = MoveList::new();
        legal_moves(&self.position, &mut list);
        if list.is_empty() {
            Outcome::Loss
        } else if self.is_draw_by_rule() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}
