//! Material: men, kings whose worth grows as the board empties, and the extra pull of a king
//! against an opponent who has none.

use super::phase::Phase;
use super::weights::{KING, KING_DOMINANCE, MAN};
use crate::draughts::{Color, Position};

/// Worth of a man outside the evaluation (capture ordering, exchange checks).
pub const MAN_VALUE: i32 = MAN;

/// Worth of a king outside the evaluation, where no phase is at hand: its full-board value,
/// the lowest it takes, so a capture is never credited with more than it wins.
pub const KING_VALUE: i32 = KING.mg;

/// Material balance from White's point of view.
#[inline(always)]
pub fn score(pos: &Position, phase: Phase) -> i32 {
    side(pos, Color::White, phase) - side(pos, Color::Black, phase)
}

#[inline(always)]
fn side(pos: &Position, us: Color, phase: Phase) -> i32 {
    let kings = pos.kings(us).count_ones() as i32;
    let dominance = if kings > 0 && pos.kings(us.opponent()) == 0 {
        KING_DOMINANCE
    } else {
        0
    };
    MAN * pos.men(us).count_ones() as i32 + phase.scale(KING, kings) + dominance
}
