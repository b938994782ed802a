//! Board geometry the evaluation reads: rows, columns, named square sets and the promotion
//! cones, all as compile-time tables in the padded bit layout.
//!
//! Every Black table is the 180-degree rotation of the White one (square `n` becomes
//! `51 - n`), built by [`mirror`] rather than written out twice, so the evaluation is colour
//! symmetric by construction and the symmetry tests only guard the code that combines them.

use crate::draughts::fast::square::{bit_of, mask_of, number_of};
use crate::draughts::Color;

/// Rotates a bitboard by 180 degrees (square `n` to square `51 - n`).
///
/// In the padded layout square `n` sits on bit `b` exactly when square `51 - n` sits on bit
/// `53 - b`, ghosts included, so the rotation is a bit reversal of the low 54 bits.
#[inline(always)]
pub const fn mirror(bb: u64) -> u64 {
    bb.reverse_bits() >> 10
}

/// Board row of square `n`, 0 for squares 1-5 down to 9 for squares 46-50.
pub const fn row_of(n: u8) -> u8 {
    (n - 1) / 5
}

/// Board column of square `n`, 0 (file a) to 9 (file j).
pub const fn column_of(n: u8) -> u8 {
    let offset = if row_of(n).is_multiple_of(2) { 1 } else { 0 };
    2 * ((n - 1) % 5) + offset
}

/// Bitboard of the listed squares.
const fn squares(list: &[u8]) -> u64 {
    let mut bb = 0;
    let mut i = 0;
    while i < list.len() {
        bb |= mask_of(list[i]);
        i += 1;
    }
    bb
}

/// White and Black versions of a set given from White's side.
const fn both(white: u64) -> [u64; 2] {
    [white, mirror(white)]
}

/// Squares whose men stand `k` rows in front of their own back row, per colour.
pub const ADVANCE_ROWS: [[u64; 10]; 2] = {
    let mut rows = [[0u64; 10]; 2];
    let mut n = 1u8;
    while n <= 50 {
        let k = 9 - row_of(n) as usize;
        rows[0][k] |= mask_of(n);
        rows[1][k] |= mirror(mask_of(n));
        n += 1;
    }
    rows
};

/// The six central squares 22-24 and 27-29 (their own mirror image).
pub const CENTRE: u64 = squares(&[22, 23, 24, 27, 28, 29]);

/// Back-row squares whose men stop breakthroughs (47-49 for White, 2-4 for Black).
pub const GUARD: [u64; 2] = both(squares(&[47, 48, 49]));

/// Advanced central squares where a man supported from behind splits the enemy camp
/// (22-24 for White, 27-29 for Black).
pub const OUTPOST: [u64; 2] = both(squares(&[22, 23, 24]));

/// Files a-e: the left wing as White sees the board.
pub const LEFT_WING: u64 = {
    let mut bb = 0;
    let mut n = 1u8;
    while n <= 50 {
        if column_of(n) < 5 {
            bb |= mask_of(n);
        }
        n += 1;
    }
    bb
};

/// Files f-j: the right wing as White sees the board.
pub const RIGHT_WING: u64 = mirror(LEFT_WING);

/// Per colour and bit index, the squares ahead of a man from which an enemy piece could
/// still reach its path to promotion: every square in a row nearer the promotion row whose
/// file is within the row distance plus one (an enemy man one file outside the path can
/// step into it). Zero for ghost bits.
pub const CONE: [[u64; 64]; 2] = {
    let mut cone = [[0u64; 64]; 2];
    let mut n = 1u8;
    while n <= 50 {
        let mut ahead = 0u64;
        let mut m = 1u8;
        while m < 5 * row_of(n) + 1 {
            let rows = (row_of(n) - row_of(m)) as i32;
            let files = column_of(m) as i32 - column_of(n) as i32;
            if files.abs() <= rows + 1 {
                ahead |= mask_of(m);
            }
            m += 1;
        }
        cone[0][bit_of(n) as usize] = ahead;
        cone[1][bit_of(51 - n) as usize] = mirror(ahead);
        n += 1;
    }
    cone
};

/// Rows a man of `color` on single-bit `square` still has to travel to be crowned.
#[inline(always)]
pub const fn rows_to_crown(color: Color, square: u64) -> usize {
    let row = row_of(number_of(square.trailing_zeros())) as usize;
    match color {
        Color::White => row,
        Color::Black => 9 - row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::bitboard::BOARD;

    #[test]
    fn mirror_maps_square_n_to_51_minus_n() {
        for n in 1..=50u8 {
            assert_eq!(mirror(mask_of(n)), mask_of(51 - n));
        }
        assert_eq!(mirror(BOARD), BOARD);
    }

    #[test]
    fn rows_and_files_follow_the_standard_board() {
        assert_eq!((row_of(1), column_of(1)), (0, 1));
        assert_eq!((row_of(6), column_of(6)), (1, 0));
        assert_eq!((row_of(46), column_of(46)), (9, 0));
        assert_eq!((row_of(50), column_of(50)), (9, 8));
        assert_eq!(LEFT_WING.count_ones(), 25);
        assert_eq!(LEFT_WING & RIGHT_WING, 0);
        assert_eq!(LEFT_WING | RIGHT_WING, BOARD);
    }

    #[test]
    fn cones_open_toward_the_promotion_row() {
        // White man on 28 (row 5, file e): square 23 is straight ahead, 1-5 all reachable.
        let cone = CONE[0][bit_of(28) as usize];
        assert_ne!(cone & mask_of(23), 0);
        assert_eq!(cone & squares(&[1, 2, 3, 4, 5]), squares(&[1, 2, 3, 4, 5]));
        assert_eq!(cone & squares(&[32, 33, 27, 29]), 0);
        // Black man on 23 mirrors it.
        assert_eq!(CONE[1][bit_of(23) as usize], mirror(cone));
        assert_eq!(rows_to_crown(Color::White, mask_of(28)), 5);
        assert_eq!(rows_to_crown(Color::Black, mask_of(28)), 4);
    }
}
