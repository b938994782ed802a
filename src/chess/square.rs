//! Board squares, numbered a1 = 0 .. h8 = 63 (little-endian rank-file mapping), so a
//! square's bit in a bitboard is `1 << index` and rank/file are a shift and a mask away.

use std::fmt;

/// One of the 64 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square with this index (0..64).
    #[inline]
    pub const fn new(index: u8) -> Self {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first rank).
    #[inline]
    pub const fn from_file_rank(file: u8, rank: u8) -> Self {
        Square(rank * 8 + file)
    }

    /// Index 0..64, for table look-ups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0..8 (0 = a).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0..8 (0 = first rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The same square seen from the other side (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Self {
        Square(self.0 ^ 56)
    }

    /// The square mirrored left to right (a1 <-> h1).
    #[inline]
    pub const fn flip_file(self) -> Self {
        Square(self.0 ^ 7)
    }

    /// Parses algebraic text such as `e4`; `None` for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let (f, r) = (bytes[0], bytes[1]);
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return None;
        }
        Some(Square::from_file_rank(f - b'a', r - b'1'))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            (b'1' + self.rank()) as char
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print_round_trip() {
        for i in 0..64 {
            let sq = Square::new(i);
            assert_eq!(Square::parse(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::parse("e4"), Some(Square::from_file_rank(4, 3)));
        assert_eq!(Square::parse("i1"), None);
        assert_eq!(Square::parse("a9"), None);
        assert_eq!(Square::parse("a"), None);
    }
}
