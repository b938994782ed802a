//! The key a book position is filed under: the position itself, never a Zobrist key, so
//! that a change of hashing leaves book files readable.

use crate::draughts::packed::{PackedDraughts, DRAUGHTS_PACKED_SIZE};
use crate::draughts::Position;
use crate::nnue::data::{Outcome, TrainingRecord};

/// Bytes of a key: White's, Black's and the kings' square sets, then the side to move.
pub const KEY_BYTES: usize = 25;

/// Where the side to move is in a [`PackedDraughts`] record.
const PACKED_SIDE: usize = 27;

/// A position as the book files it: the square sets (bit `n - 1` for square `n`) of White's
/// pieces, Black's pieces and the kings, each a little-endian `u64`, then the side to move
/// (0 White, 1 Black): the board fields of [`PackedDraughts`]. Keys sort as their bytes do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BookKey(pub [u8; KEY_BYTES]);

impl BookKey {
    /// The key of `position`.
    pub fn of(position: &Position) -> Self {
        let mut packed = [0u8; DRAUGHTS_PACKED_SIZE];
        PackedDraughts::new(position, 0, Outcome::Draw).write_bytes(&mut packed);
        let mut key = [0u8; KEY_BYTES];
        key[..24].copy_from_slice(&packed[..24]);
        key[24] = packed[PACKED_SIDE];
        Self(key)
    }

    /// The position of a key read from a file, or what is wrong with it (a piece off the
    /// board, overlapping pieces, a bad side byte).
    pub fn position(&self) -> Result<Position, String> {
        let mut packed = [0u8; DRAUGHTS_PACKED_SIZE];
        packed[..24].copy_from_slice(&self.0[..24]);
        packed[PACKED_SIDE] = self.0[24];
        packed[26] = Outcome::Draw as u8;
        PackedDraughts::read_bytes(&packed).map(|record| record.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::parse_position;

    #[test]
    fn a_key_gives_back_its_position() {
        for fen in ["B:WK5,28,50:BK46,1,23", "W:W31,32:B19,20"] {
            let position = parse_position(fen).unwrap();
            assert_eq!(BookKey::of(&position).position().unwrap(), position);
        }
        let start = BookKey::of(&Position::start());
        // Square 31 is bit 30 of White's set; square 1 is bit 0 of Black's.
        assert_eq!(start.0[3] & 0x40, 0x40);
        assert_eq!(start.0[8] & 1, 1);
        assert_eq!(start.0[24], 0);
    }

    #[test]
    fn a_bad_key_says_what_is_wrong() {
        let mut key = BookKey::of(&Position::start());
        key.0[24] = 2;
        assert!(key.position().unwrap_err().contains("side"));
        key.0[24] = 0;
        key.0[8] |= 0x40;
        key.0[0] |= 0x40;
        assert!(key.position().unwrap_err().contains("overlapping"));
    }
}
