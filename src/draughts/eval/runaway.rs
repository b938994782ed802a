//! Runaway men: a man that no enemy piece can stop on its way to the crown is nearly a king.
//!
//! The test is conservative: the opponent has no king (a king can chase the man down) and no
//! enemy piece stands in the man's cone (see [`super::geometry::CONE`]). Only each side's
//! fastest runaway counts: a second one adds little once the first has been crowned.

use super::geometry::{rows_to_crown, CONE};
use super::weights::RUNAWAY;
use crate::draughts::bits::Bits;
use crate::draughts::{Color, Position};

/// Runaway balance from White's point of view.
#[inline(always)]
pub fn score(pos: &Position) -> i32 {
    fastest(pos, Color::White) - fastest(pos, Color::Black)
}

/// Bonus of the runaway man of `us` nearest the crown, 0 when there is none.
#[inline(always)]
fn fastest(pos: &Position, us: Color) -> i32 {
    let them = us.opponent();
    if pos.kings(them) != 0 {
        return 0;
    }
    let enemy = pos.pieces(them);
    let mut best = 0;
    for man in Bits(pos.men(us)) {
        if CONE[us as usize][man.trailing_zeros() as usize] & enemy == 0 {
            best = best.max(RUNAWAY[rows_to_crown(us, man)]);
        }
    }
    best
}
