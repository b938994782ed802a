//! The draughts move: start and end square plus the set of captured pieces.
//!
//! That triple is exactly what Hub and DXP transmit and what identifies a move on the board
//! (two capture routes with the same triple give the same position and are one move), so the
//! route itself is never stored.

use super::fast::square::number_of;

/// One complete turn: a step, a king slide or a whole capture sequence.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Move {
    /// Captured pieces as a bitboard in the padded layout (0 for a quiet move).
    pub captured: u64,
    /// Bit index of the start square.
    pub from: u8,
    /// Bit index of the end square (equal to `from` for a circular capture).
    pub to: u8,
}

impl Move {
    /// A move from bit index `from` to bit index `to` capturing the pieces in `captured`.
    #[inline(always)]
    pub const fn new(from: u32, to: u32, captured: u64) -> Self {
        Move {
            captured,
            from: from as u8,
            to: to as u8,
        }
    }

    /// True for a capture.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.captured != 0
    }

    /// Number of pieces captured.
    #[inline(always)]
    pub const fn capture_count(self) -> u32 {
        self.captured.count_ones()
    }

    /// Start square in standard numbering (1..=50).
    pub const fn from_square(self) -> u8 {
        number_of(self.from as u32)
    }

    /// End square in standard numbering (1..=50).
    pub const fn to_square(self) -> u8 {
        number_of(self.to as u32)
    }

    /// Captured squares in standard numbering, ascending.
    pub fn captured_squares(self) -> Vec<u8> {
        super::bits::Bits(self.captured)
            .map(|b| number_of(b.trailing_zeros()))
            .collect()
    }
}
