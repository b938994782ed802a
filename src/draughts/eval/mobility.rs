//! Mobility: the men's steps that do not hand the opponent a capture at once.
//!
//! A side short of safe moves is soon forced to give men away, the typical way draughts
//! games are lost. Only men count (kings are valued by material), and only the immediate
//! jump over the moved man is checked, by short-jumping pieces: a flying king's long capture
//! or a recapture is left to the search.

use super::phase::Phase;
use super::structure::forward;
use super::weights::MOBILITY;
use crate::draughts::fast::bitboard::{step, BOARD, DIRECTIONS};
use crate::draughts::{Color, Position};

/// Safe-move balance from White's point of view.
#[inline(always)]
pub fn score(pos: &Position, phase: Phase) -> i32 {
    phase.scale(
        MOBILITY,
        safe_steps(pos, Color::White) - safe_steps(pos, Color::Black),
    )
}

/// Number of steps by men of `us` to squares where no adjacent enemy piece can jump them.
#[inline(always)]
fn safe_steps(pos: &Position, us: Color) -> i32 {
    let empty = BOARD & !pos.occupied();
    let enemy = pos.pieces(us.opponent());
    let mut safe = 0;
    for dir in forward(us) {
        let targets = step(pos.men(us), dir) & empty;
        let mut attacked = 0;
        for from in 0..DIRECTIONS {
            // An enemy piece one step from the target in direction `from` jumps to the square
            // on the other side, which is free if empty or if it is the square just left.
            let landing_free = if from == dir {
                BOARD
            } else {
                step(empty, from)
            };
            attacked |= step(enemy, from ^ 3) & landing_free;
        }
        safe += (targets & !attacked).count_ones() as i32;
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::parse_fen;

    #[test]
    fn a_step_into_a_capture_is_not_safe() {
        // From 33, the step to 28 lets Black's 22 jump back onto the vacated 33.
        let open = parse_fen("W:W33:B3").expect("FEN");
        let watched = parse_fen("W:W33:B22").expect("FEN");
        assert_eq!(safe_steps(&open, Color::White), 2);
        assert_eq!(safe_steps(&watched, Color::White), 1);
    }
}
