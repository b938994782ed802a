//! Castling rights and the fixed end squares of castling, shared by classical chess and
//! Chess960 (where only the start squares of king and rook vary).

use super::piece::Color;
use super::square::Square;

/// Which wing a castling goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    /// Towards the h-file (O-O).
    King = 0,
    /// Towards the a-file (O-O-O).
    Queen = 1,
}

impl CastleSide {
    /// Both wings, king side first.
    pub const BOTH: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];
}

/// Index 0..4 of one castling right: White O-O, White O-O-O, Black O-O, Black O-O-O.
#[inline]
pub const fn right_index(color: Color, side: CastleSide) -> usize {
    color.index() * 2 + side as usize
}

/// The four castling rights as bits (see [`right_index`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// True when right `index` is held.
    #[inline]
    pub const fn has(self, index: usize) -> bool {
        self.0 >> index & 1 != 0
    }

    /// True when no right is held.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// Where the king ends after castling.
#[inline]
pub const fn king_destination(color: Color, side: CastleSide) -> Square {
    let file = match side {
        CastleSide::King => 6,
        CastleSide::Queen => 2,
    };
    Square::from_file_rank(file, back_rank(color))
}

/// Where the rook ends after castling.
#[inline]
pub const fn rook_destination(color: Color, side: CastleSide) -> Square {
    let file = match side {
        CastleSide::King => 5,
        CastleSide::Queen => 3,
    };
    Square::from_file_rank(file, back_rank(color))
}

/// Rank index of a colour's first rank.
#[inline]
pub const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}
