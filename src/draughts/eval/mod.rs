//! The hand-written draughts evaluation: material, formation, mobility, runaway men and
//! endgame draw knowledge, in hundredths of a man from the side to move's point of view.
//!
//! Each feature lives in its own file and scores the position from White's side; this module
//! adds them up, scales drawish endings and turns the sign for Black. Every number is in
//! [`weights`], and every Black mask is the mirror of the White one ([`geometry`]), so the
//! evaluation is colour symmetric by construction. It sits behind `Game::evaluate`, where a
//! learned evaluator can later take its place.

pub mod endgame;
pub mod geometry;
pub mod material;
pub mod mobility;
pub mod phase;
pub mod runaway;
pub mod structure;
pub mod weights;

use crate::draughts::{Color, Position};
pub use material::{KING_VALUE, MAN_VALUE};
use phase::Phase;

/// Static evaluation of `pos` for the side to move, in hundredths of a man.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let white = endgame::scale(pos, white_view(pos));
    match pos.side() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The unscaled sum of the features, from White's point of view.
#[inline(always)]
fn white_view(pos: &Position) -> i32 {
    let phase = Phase::of(pos);
    material::score(pos, phase)
        + structure::score(pos, phase)
        + mobility::score(pos, phase)
        + runaway::score(pos)
}

#[cfg(test)]
mod tests;
