//! Square numbers (1..50, standard notation) and their bit indices in the padded layout.
//!
//! Two board rows of five squares take eleven bits: squares 1-10 are bits 0-9, bit 10 is a
//! ghost, squares 11-20 are bits 11-20, and so on up to square 50 on bit 53. With one ghost
//! bit after every second row, each diagonal direction is a constant shift (5 or 6) and a step
//! off the board always lands on a ghost bit or outside the 54 bits, never on a real square.

/// Bit index (0..54) of standard square `number` (1..=50).
#[inline]
pub const fn bit_of(number: u8) -> u32 {
    let n = number as u32 - 1;
    n + n / 10
}

/// Standard square number (1..=50) of a playable bit index.
#[inline]
pub const fn number_of(bit: u32) -> u8 {
    (bit - bit / 11 + 1) as u8
}

/// Single-bit bitboard of standard square `number` (1..=50).
#[inline]
pub const fn mask_of(number: u8) -> u64 {
    1u64 << bit_of(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_round_trips_and_skips_ghosts() {
        for n in 1..=50u8 {
            assert_eq!(number_of(bit_of(n)), n);
            assert!(![10, 21, 32, 43].contains(&bit_of(n)));
        }
        assert_eq!(bit_of(50), 53);
    }
}
