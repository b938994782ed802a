//! Game phase: how full the board is, and the blend of middle-game and endgame weights.
//!
//! Draughts has no piece types to weigh, so the phase is simply the number of pieces on the
//! board (40 at the start). Weights are blended and multiplied by their feature count before
//! the one division, so a small weight keeps its precision at every phase.

use super::weights::Tapered;
use crate::draughts::Position;

/// Pieces on a full board, where weights take their middle-game value.
const FULL: i32 = 40;

/// How far the game has progressed, from 40 pieces (opening) down to 0.
#[derive(Clone, Copy, Debug)]
pub struct Phase {
    pieces: i32,
}

impl Phase {
    /// The phase of `pos` (positions with more than 40 pieces count as full).
    #[inline(always)]
    pub fn of(pos: &Position) -> Phase {
        Phase {
            pieces: (pos.occupied().count_ones() as i32).min(FULL),
        }
    }

    /// `count` times the weight `w` blended for this phase.
    #[inline(always)]
    pub fn scale(self, w: Tapered, count: i32) -> i32 {
        (w.mg * self.pieces + w.eg * (FULL - self.pieces)) * count / FULL
    }
}
