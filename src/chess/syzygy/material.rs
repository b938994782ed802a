//! Material classes as Syzygy names them (`KRPvKN`): one table file per class, read from a
//! file name or from a position.
//!
//! The probing library answers for a class only by also probing the classes its captures
//! and promotions lead to, so a class is safe to probe only when every class below it is
//! too. [`Material::successors`] says which those are; the table set uses it to keep a
//! missing or broken file from being reached through another class.

use crate::chess::{Color, PieceKind, Position};
use std::fmt;

/// Piece kinds besides the king, in the order Syzygy names list them.
const NAMED: [PieceKind; 5] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
    PieceKind::Pawn,
];

/// Kinds a pawn may promote to.
const PROMOTIONS: [PieceKind; 4] = [
    PieceKind::Queen,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Knight,
];

/// Most pieces a Syzygy table holds, kings included.
pub const MAX_PIECES: u32 = 7;

/// How many of each kind (kings aside) each side has: White first, as a table file
/// names its stronger side first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// `counts[side][kind]`, kind indexed as [`PieceKind::index`] (pawn 0 .. queen 4).
    counts: [[u8; 5]; 2],
}

impl Material {
    /// The material of `pos`, White's side first.
    pub fn of(pos: &Position) -> Self {
        let mut counts = [[0; 5]; 2];
        for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for kind in NAMED {
                counts[side][kind.index()] = pos.pieces(kind, color).count() as u8;
            }
        }
        Material { counts }
    }

    /// Parses a table name such as `KRPvKN` (the file name without its extension).
    pub fn parse(name: &str) -> Option<Self> {
        let (first, second) = name.split_once('v')?;
        let mut counts = [[0; 5]; 2];
        for (side, text) in [first, second].into_iter().enumerate() {
            let rest = text.strip_prefix('K')?;
            for c in rest.chars() {
                let kind = PieceKind::from_char(c.to_ascii_lowercase())
                    .filter(|&k| k != PieceKind::King && c.is_ascii_uppercase())?;
                counts[side][kind.index()] += 1;
            }
        }
        let material = Material { counts };
        (material.pieces() <= MAX_PIECES).then_some(material)
    }

    /// Pieces on the board, both kings included.
    pub fn pieces(&self) -> u32 {
        2 + self
            .counts
            .iter()
            .flatten()
            .map(|&n| u32::from(n))
            .sum::<u32>()
    }

    /// The same class with the colours swapped: one table serves both.
    pub fn flipped(&self) -> Self {
        Material {
            counts: [self.counts[1], self.counts[0]],
        }
    }

    /// True for king against king, which needs no table.
    pub fn is_bare_kings(&self) -> bool {
        self.pieces() == 2
    }

    /// The classes one capture or one promotion leads to.
    pub fn successors(&self) -> Vec<Material> {
        let mut next = Vec::new();
        for side in 0..2 {
            for kind in 0..5 {
                if self.counts[side][kind] == 0 {
                    continue;
                }
                let mut captured = *self;
                captured.counts[side][kind] -= 1;
                next.push(captured);
                if kind == PieceKind::Pawn.index() {
                    for promoted_to in PROMOTIONS {
                        let mut promoted = captured;
                        promoted.counts[side][promoted_to.index()] += 1;
                        next.push(promoted);
                    }
                }
            }
        }
        next
    }
}

impl fmt::Display for Material {
    /// The Syzygy name, White's pieces first (`KRvK`, `KvKR`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (side, counts) in self.counts.iter().enumerate() {
            if side == 1 {
                f.write_str("v")?;
            }
            f.write_str("K")?;
            for kind in NAMED {
                for _ in 0..counts[kind.index()] {
                    write!(f, "{}", kind.to_char().to_ascii_uppercase())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "KvK", "KRvK", "KQRvKN", "KBNvK", "KPvKP", "KRPPvKQ", "KvKQRBN",
        ] {
            assert_eq!(Material::parse(name).unwrap().to_string(), name);
        }
        let krpvkn = Material::parse("KRPvKN").unwrap();
        assert_eq!(krpvkn.pieces(), 5);
        assert_eq!(krpvkn.flipped().to_string(), "KNvKRP");
    }

    #[test]
    fn bad_names_are_refused() {
        for name in [
            "",
            "KRK",
            "RvK",
            "KRvR",
            "KrvK",
            "KXvK",
            "KKvK",
            "KQQQQQQvK",
            "KRvK.rtbw",
        ] {
            assert_eq!(Material::parse(name), None, "{name}");
        }
    }

    #[test]
    fn material_of_a_position() {
        let pos = Position::from_fen("8/8/4k3/3n4/8/3K4/1P6/6R1 b - - 0 1").unwrap();
        assert_eq!(Material::of(&pos).to_string(), "KRPvKN");
    }

    #[test]
    fn successors_are_captures_and_promotions() {
        let mut names: Vec<String> = Material::parse("KRPvKN")
            .unwrap()
            .successors()
            .iter()
            .map(ToString::to_string)
            .collect();
        names.sort();
        assert_eq!(
            names,
            ["KPvKN", "KQRvKN", "KRBvKN", "KRNvKN", "KRPvK", "KRRvKN", "KRvKN"]
        );
        assert!(Material::parse("KvK").unwrap().successors().is_empty());
        assert!(Material::parse("KvK").unwrap().is_bare_kings());
    }
}
