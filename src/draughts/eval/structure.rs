//! Men's formation: tempo (how far the men have advanced), centre, back-row guard, supported
//! outposts, wing balance and locks.
//!
//! All of it is a handful of masks and popcounts per side: the tables live in
//! [`super::geometry`], the weights in [`super::weights`].

use super::geometry::{ADVANCE_ROWS, CENTRE, CENTRE_RING, GUARD, LEFT_WING, OUTPOST, RIGHT_WING};
use super::phase::Phase;
use super::weights::{BALANCE, CENTRE as CENTRE_W, CENTRE_RING as RING_W, GUARD as GUARD_W};
use super::weights::{LOCK, OUTPOST as OUTPOST_W, TEMPO};
use crate::draughts::bitboard::{step, BOARD};
use crate::draughts::position::{Color, Position};

/// Directions a man of `color` steps in; stepping a piece that way from behind a square
/// lands on that square, which is how "supported from behind" is computed.
#[inline(always)]
pub const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [0, 1],
        Color::Black => [2, 3],
    }
}

/// Formation balance from White's point of view.
#[inline(always)]
pub fn score(pos: &Position, phase: Phase) -> i32 {
    let white = Formation::of(pos, Color::White);
    let black = Formation::of(pos, Color::Black);
    phase.scale(TEMPO, white.tempo - black.tempo)
        + phase.scale(CENTRE_W, white.centre - black.centre)
        + phase.scale(RING_W, white.ring - black.ring)
        + phase.scale(GUARD_W, white.guard - black.guard)
        + phase.scale(BALANCE, white.imbalance - black.imbalance)
        + OUTPOST_W * (white.outposts - black.outposts)
        + LOCK * (white.held - black.held)
}

/// Feature counts of one side's men.
struct Formation {
    /// Sum over men of rows advanced from the own back row.
    tempo: i32,
    /// Men on the central squares.
    centre: i32,
    /// Men on the ring around the centre.
    ring: i32,
    /// Men on the guarding back-row squares while the opponent has men.
    guard: i32,
    /// Difference between the men on the two wings.
    imbalance: i32,
    /// Outpost men backed on both rear squares.
    outposts: i32,
    /// Immobile men held by the enemy, beyond the number of enemy men holding them.
    held: i32,
}

impl Formation {
    #[inline(always)]
    fn of(pos: &Position, us: Color) -> Formation {
        let men = pos.men(us);
        let own = pos.pieces(us);
        let enemy = pos.pieces(us.opponent());
        let count = |bb: u64| bb.count_ones() as i32;

        let mut tempo = 0;
        for (rows, mask) in ADVANCE_ROWS[us as usize].iter().enumerate().skip(1) {
            tempo += rows as i32 * count(men & mask);
        }
        let guard = if pos.men(us.opponent()) != 0 {
            count(men & GUARD[us as usize])
        } else {
            0
        };
        let [ahead_left, ahead_right] = forward(us);
        let backed = step(own, ahead_left) & step(own, ahead_right);
        Formation {
            tempo,
            centre: count(men & CENTRE),
            ring: count(men & CENTRE_RING),
            guard,
            imbalance: (count(men & LEFT_WING) - count(men & RIGHT_WING)).abs(),
            outposts: count(men & OUTPOST[us as usize] & backed),
            held: held_beyond_holders(men, enemy, pos.occupied(), us),
        }
    }
}

/// Men of `us` that cannot step because both squares ahead are taken, at least one by an
/// enemy piece, minus the enemy pieces standing in front of them (never negative): a few
/// enemy men freezing many of ours is a lock.
#[inline(always)]
fn held_beyond_holders(men: u64, enemy: u64, occupied: u64, us: Color) -> i32 {
    let empty = BOARD & !occupied;
    let [a, b] = forward(us);
    let can_step = step(empty, a ^ 3) | step(empty, b ^ 3);
    let faces_enemy = step(enemy, a ^ 3) | step(enemy, b ^ 3);
    let held = men & !can_step & faces_enemy;
    let holders = enemy & (step(held, a) | step(held, b));
    (held.count_ones() as i32 - holders.count_ones() as i32).max(0)
}
