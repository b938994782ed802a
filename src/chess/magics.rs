//! Magic-bitboard look-up for rook and bishop attacks. The magics and the attack table are
//! found and laid out by build.rs, so the look-up is one multiply, one shift and one load
//! from static data, with nothing to initialise at run time.

use super::bitboard::Bitboard;
use super::square::Square;

/// Per-square magic entry: relevant-occupancy mask, multiplier, shift, and where this
/// square's slice of [`SLIDER_ATTACKS`] starts.
pub struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

include!(concat!(env!("OUT_DIR"), "/magic_tables.rs"));

#[inline]
fn lookup(entry: &Magic, occupied: Bitboard) -> Bitboard {
    let index = ((occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize;
    Bitboard(SLIDER_ATTACKS[entry.offset + index])
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MAGICS[sq.index()], occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MAGICS[sq.index()], occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slow reference: walk each ray square by square.
    fn walk(sq: Square, occ: u64, dirs: &[(i32, i32)]) -> u64 {
        let mut out = 0;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
            while (0..8).contains(&f) && (0..8).contains(&r) {
                out |= 1u64 << (r * 8 + f);
                if occ >> (r * 8 + f) & 1 != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        out
    }

    #[test]
    fn magic_lookup_matches_ray_walk() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for i in 0..64u8 {
            for _ in 0..200 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let occ = seed & (seed >> 3);
                let sq = Square::new(i);
                let rook = walk(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                let bishop = walk(sq, occ, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]);
                assert_eq!(rook_attacks(sq, Bitboard(occ)).0, rook);
                assert_eq!(bishop_attacks(sq, Bitboard(occ)).0, bishop);
            }
        }
    }
}
