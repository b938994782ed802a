//! Positions of a material class numbered densely: each group of like pieces (White's
//! men, White's kings, Black's men, Black's kings) is a set of squares ranked by the
//! combinatorial number system, and the class index combines the four ranks. Men never
//! stand on their own crowning row, so White's men range over squares 6-50 and Black's
//! over 1-45. Groups are ranked independently, so some indices put two pieces on one
//! square; those are not positions and are stored as such.

use super::material::Material;
use crate::draughts::bits::Bits;
use crate::draughts::fast::square::{mask_of, number_of};
use crate::draughts::{Color, Position};

/// Most pieces of one kind in a class (the tables go up to 8 pieces in all).
const MAX_GROUP: usize = 8;

/// `CHOOSE[n][k]` = n choose k, for n ≤ 50.
static CHOOSE: [[u64; MAX_GROUP + 1]; 51] = {
    let mut table = [[0u64; MAX_GROUP + 1]; 51];
    let mut n = 0;
    while n <= 50 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= MAX_GROUP {
            table[n][k] = if n == 0 {
                0
            } else {
                table[n - 1][k - 1] + table[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The squares a group may stand on, as (first square number, how many).
#[derive(Clone, Copy, Debug)]
struct Range {
    first: u8,
    len: u8,
}

const WHITE_MEN: Range = Range { first: 6, len: 45 };
const BLACK_MEN: Range = Range { first: 1, len: 45 };
const KINGS: Range = Range { first: 1, len: 50 };

/// Number of square sets of `k` pieces in `range`.
fn group_size(range: Range, k: u8) -> u64 {
    CHOOSE[usize::from(range.len)][usize::from(k)]
}

/// The rank of the square set `squares` (a padded bitboard) within `range`: the
/// combinatorial number system over the squares' offsets, lowest first.
fn rank(range: Range, squares: u64) -> u64 {
    let mut r = 0;
    for (i, b) in Bits(squares).enumerate() {
        let number = number_of(b.trailing_zeros());
        let offset = usize::from(number - range.first);
        r += CHOOSE[offset][i + 1];
    }
    r
}

/// The square set of rank `r` among sets of `k` squares in `range`.
fn unrank(range: Range, k: u8, mut r: u64) -> u64 {
    let mut squares = 0;
    let mut offset = usize::from(range.len);
    for i in (1..=usize::from(k)).rev() {
        offset -= 1;
        while CHOOSE[offset][i] > r {
            offset -= 1;
        }
        r -= CHOOSE[offset][i];
        squares |= mask_of(range.first + offset as u8);
    }
    squares
}

impl Material {
    fn groups(&self) -> [(Range, u8); 4] {
        [
            (WHITE_MEN, self.white_men),
            (KINGS, self.white_kings),
            (BLACK_MEN, self.black_men),
            (KINGS, self.black_kings),
        ]
    }

    /// Indices of the class (some of which are not positions).
    pub fn size(&self) -> u64 {
        self.groups()
            .iter()
            .map(|&(range, k)| group_size(range, k))
            .product()
    }

    /// The index of `pos`, which must have this material and White to move.
    pub fn index(&self, pos: &Position) -> u64 {
        debug_assert_eq!(pos.side(), Color::White);
        let sets = [
            pos.men(Color::White),
            pos.kings(Color::White),
            pos.men(Color::Black),
            pos.kings(Color::Black),
        ];
        self.groups()
            .iter()
            .zip(sets)
            .fold(0, |index, (&(range, k), set)| {
                index * group_size(range, k) + rank(range, set)
            })
    }

    /// The position (White to move) of `index`, or `None` where two pieces would share a
    /// square.
    pub fn position(&self, mut index: u64) -> Option<Position> {
        let mut sets = [0u64; 4];
        for (slot, &(range, k)) in sets.iter_mut().zip(self.groups().iter()).rev() {
            let n = group_size(range, k);
            *slot = unrank(range, k, index % n);
            index /= n;
        }
        let [wm, wk, bm, bk] = sets;
        let white = wm | wk;
        let black = bm | bk;
        let total =
            u32::from(self.white_men + self.white_kings + self.black_men + self.black_kings);
        if (white | black).count_ones() != total {
            return None;
        }
        Some(Position::from_parts(white, black, wk | bk, Color::White))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_dense_and_invert() {
        for (range, k) in [(WHITE_MEN, 2u8), (KINGS, 3), (BLACK_MEN, 1)] {
            let n = group_size(range, k);
            for r in 0..n {
                let set = unrank(range, k, r);
                assert_eq!(set.count_ones(), u32::from(k));
                assert_eq!(rank(range, set), r);
            }
        }
        assert_eq!(group_size(KINGS, 3), 19_600);
    }

    #[test]
    fn every_position_of_a_class_round_trips() {
        let m = Material {
            white_men: 1,
            white_kings: 1,
            black_men: 0,
            black_kings: 1,
        };
        assert_eq!(m.size(), 45 * 50 * 50);
        let mut positions = 0;
        for index in 0..m.size() {
            if let Some(pos) = m.position(index) {
                positions += 1;
                assert_eq!(Material::of(&pos), m);
                assert_eq!(m.index(&pos), index);
            }
        }
        // The man's square is free of kings (45 x 49 x 48 placements).
        assert_eq!(positions, 45 * 49 * 48);
    }
}
