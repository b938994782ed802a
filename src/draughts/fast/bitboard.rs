//! Bitboard masks and the four diagonal shifts of the padded layout (see [`super::square`]).
//!
//! Directions are numbered so that `d ^ 3` is the opposite direction: 0 = up-left (-6),
//! 1 = up-right (-5), 2 = down-left (+5), 3 = down-right (+6). "Up" is toward squares 1-5,
//! the direction white men move.

use super::square::mask_of;
use crate::draughts::Color;

/// Every playable square (ghost bits and bits 54..64 clear).
pub const BOARD: u64 = {
    let mut bb = 0u64;
    let mut n = 1u8;
    while n <= 50 {
        bb |= mask_of(n);
        n += 1;
    }
    bb
};

/// Squares 1-5: where white men are crowned.
pub const WHITE_PROMOTION: u64 = row_mask(1);
/// Squares 46-50: where black men are crowned.
pub const BLACK_PROMOTION: u64 = row_mask(46);

/// The row where men of `color` are crowned.
#[inline(always)]
pub const fn promotion_row(color: Color) -> u64 {
    match color {
        Color::White => WHITE_PROMOTION,
        Color::Black => BLACK_PROMOTION,
    }
}

const fn row_mask(first: u8) -> u64 {
    let mut bb = 0u64;
    let mut n = first;
    while n < first + 5 {
        bb |= mask_of(n);
        n += 1;
    }
    bb
}

/// Number of diagonal directions.
pub const DIRECTIONS: usize = 4;

/// Moves every bit of `bb` one step in direction `dir`; bits leaving the board are dropped
/// (or land on ghost bits, which callers mask with [`BOARD`] or with a board-derived set).
#[inline(always)]
pub const fn step(bb: u64, dir: usize) -> u64 {
    match dir {
        0 => bb >> 6,
        1 => bb >> 5,
        2 => bb << 5,
        _ => bb << 6,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::square::{mask_of, number_of};

    #[test]
    fn steps_follow_the_standard_diagonals() {
        // Square 28: up-left 22, up-right 23, down-left 32, down-right 33.
        let s = mask_of(28);
        let got: Vec<u8> = (0..4)
            .map(|d| number_of(step(s, d).trailing_zeros()))
            .collect();
        assert_eq!(got, vec![22, 23, 32, 33]);
        // Edge squares step onto ghosts or off the board.
        assert_eq!(step(mask_of(6), 2) & BOARD, 0);
        assert_eq!(step(mask_of(15), 3) & BOARD, 0);
        assert_eq!(step(mask_of(46), 2) & BOARD, 0);
        assert_eq!(step(mask_of(5), 1) & BOARD, 0);
        assert_eq!(BOARD.count_ones(), 50);
    }
}
