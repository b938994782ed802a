//! The game around a position on the protocol side, for either rules engine: the repetition
//! history and the draw clocks, plus the result.
//!
//! Kept apart from the position so the position stays a small `Copy` value for search, while
//! the game owns a growing history.

use super::board::{Board, Clocks};
use super::text::{move_to_hub, parse_move};
use super::{Move, MoveParseError, Position, SearchPosition};
use crate::engine::{Game, MoveList};

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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move (in Hub notation) is not legal here.
    #[error("illegal move {0}")]
    Illegal(String),
    /// The move text could not be matched to a legal move.
    #[error(transparent)]
    Parse(#[from] MoveParseError),
}

/// A game in progress: the position with its draw clocks, and the keys of every position
/// since the last irreversible move (man move or capture), the current one included.
/// International draughts on the fast generator unless another board is named.
#[derive(Clone, Debug)]
pub struct GameState<B: Board = Position> {
    root: SearchPosition<B>,
    history: Vec<u64>,
}

impl<B: Board> GameState<B> {
    /// A game starting from `position`, with no history.
    pub fn new(position: B) -> Self {
        GameState {
            root: SearchPosition::new(position, Clocks::start(&position)),
            history: vec![position.hash()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &B {
        &self.root.position
    }

    /// The current draw clocks.
    pub fn clocks(&self) -> B::Clocks {
        self.root.clocks
    }

    /// The search root for the current position: the position with its clocks.
    pub fn search_root(&self) -> SearchPosition<B> {
        self.root
    }

    /// Keys of the positions since the last irreversible move, oldest first, current last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Keys of the positions before the current one since the last irreversible move,
    /// oldest first: what a search of [`Self::search_root`] is given as the game so far.
    pub fn history_before_root(&self) -> Vec<u64> {
        self.history[..self.history.len().saturating_sub(1)].to_vec()
    }

    /// Plays `mv` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let before = self.root.position;
        let mut list = MoveList::new();
        before.legal_moves(&mut list);
        if !list.contains(&mv) {
            return Err(PlayError::Illegal(move_to_hub::<B>(before.variant(), mv)));
        }
        self.root.play(mv);
        if mv.is_capture() || before.moves_man(mv) {
            self.history.clear();
        }
        self.history.push(self.root.position.hash());
        Ok(())
    }

    /// Plays the move written as `text` (Hub notation, short capture forms accepted).
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = parse_move(&self.root.position, text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// True when the current position has occurred three times (same side to move).
    pub fn is_threefold_repetition(&self) -> bool {
        let key = self.root.position.hash();
        self.history.iter().filter(|&&h| h == key).count() >= 3
    }

    /// True when a draw rule (repetition, or one of the variant's move-count rules) has
    /// drawn the game.
    pub fn is_draw_by_rule(&self) -> bool {
        self.root.is_rule_draw() || self.is_threefold_repetition()
    }
}

impl GameState<Position> {
    /// The result for the side to move under the international rules. Having no move is
    /// checked first, so a win on the last move a clock allows still counts.
    pub fn outcome(&self) -> Outcome {
        let mut list = MoveList::new();
        self.root.position.legal_moves(&mut list);
        if list.is_empty() {
            Outcome::Loss
        } else if self.is_draw_by_rule() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}
