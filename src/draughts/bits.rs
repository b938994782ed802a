//! The set bits of a square set, one at a time, in whichever square layout the set uses.

/// Iterates over the set bits of a bitboard, lowest first, as single-bit masks.
#[derive(Clone, Copy)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u64;
    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        if self.0 == 0 {
            return None;
        }
        let low = self.0 & self.0.wrapping_neg();
        self.0 ^= low;
        Some(low)
    }
}
