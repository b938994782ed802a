//! A variant game in progress on the protocol side: the position, its draw counters and
//! the keys of the positions since the last irreversible move, for repetition.

use super::clocks::VariantClocks;
use super::movegen::legal_moves;
use super::position::VariantPosition;
use crate::draughts::text::parse_move;
use crate::draughts::{Move, PlayError, SearchPosition};
use crate::engine::MoveList;

/// A variant game: where it stands and what came before.
#[derive(Clone, Debug)]
pub struct VariantGameState {
    position: VariantPosition,
    clocks: VariantClocks,
    history: Vec<u64>,
}

impl VariantGameState {
    /// A game starting from `position`.
    pub fn new(position: VariantPosition) -> Self {
        VariantGameState {
            position,
            clocks: VariantClocks::default(),
            history: vec![position.hash()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &VariantPosition {
        &self.position
    }

    /// The search root for the current position.
    pub fn search_root(&self) -> SearchPosition<VariantPosition> {
        SearchPosition::new(self.position, self.clocks)
    }

    /// Keys of the positions since the last irreversible move, current last.
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
        self.clocks.advance(&before, mv);
        if mv.captured != 0 || before.moves_man(mv) {
            self.history.clear();
        }
        self.history.push(self.position.hash());
        Ok(())
    }

    /// Plays the move written as `text` (Hub or PDN notation of the variant).
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = parse_move(&self.position, text).map_err(PlayError::Parse)?;
        self.play(mv)?;
        Ok(mv)
    }
}
