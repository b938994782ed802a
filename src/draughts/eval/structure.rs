//! Men's formation: tempo (how far the men have advanced), centre, back-row guard, supported
//! outposts, wing balance and locks.
//!
//! All of it is a handful of masks and popcounts per side: the tables live in
//! [`super::geometry`], the weights in [`super::weights`].

use super::geometry::{ADVANCE_ROWS, CENTRE, GUARD, LEFT_WING, OUTPOST, RIGHT_WING};
use super::phase::Phase;
use super::weights::{BALANCE, CENTRE as CENTRE_W, GUARD as GUARD_W};
use super::weights::{LOCK, OUTPOST as OUTPOST_W, TEMPO};
use crate::draughts::fast::bitboard::{step, BOARD};
use crate::draughts::{Color, Position};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::parse_fen;

    #[test]
    fn one_man_holding_two_is_a_lock() {
        // Black's 21 freezes White's 26 and 27 (27's other square is White's own 22); Black's
        // frozen 21 and 17 face three white men, which is no lock.
        let pos = parse_fen("W:W22,26,27:B16,17,21").expect("FEN");
        assert_eq!(Formation::of(&pos, Color::White).held, 1);
        assert_eq!(Formation::of(&pos, Color::Black).held, 0);
    }

    #[test]
    fn an_outpost_counts_only_when_backed_on_both_sides() {
        let backed = parse_fen("W:W24,29,30:B3").expect("FEN");
        let half = parse_fen("W:W24,29,35:B3").expect("FEN");
        assert_eq!(Formation::of(&backed, Color::White).outposts, 1);
        assert_eq!(Formation::of(&half, Color::White).outposts, 0);
        let black = parse_fen("W:W48:B21,22,27").expect("FEN");
        assert_eq!(Formation::of(&black, Color::Black).outposts, 1);
    }

    #[test]
    fn tempo_counts_rows_advanced() {
        let pos = parse_fen("W:W28,46:B23,5").expect("FEN");
        assert_eq!(Formation::of(&pos, Color::White).tempo, 4);
        assert_eq!(Formation::of(&pos, Color::Black).tempo, 4);
    }
}
