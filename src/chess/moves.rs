//! The move type: 16 bits (from, to, promotion piece, kind), so move lists stay small and a
//! move fits a transposition-table entry as it is.
//!
//! Castling is stored as "king takes own rook" (from = king, to = rook square), which is
//! the one encoding that is unambiguous in Chess960; notation turns it into `e1g1` when
//! the classical form is wanted.

use super::piece::PieceKind;
use super::square::Square;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    /// Any move that is none of the below (captures included).
    Normal,
    /// A pawn reaching the last rank.
    Promotion,
    /// A pawn capturing en passant.
    EnPassant,
    /// Castling, encoded as king takes own rook.
    Castling,
}

/// A chess move. `Move::default()` is the null value `a1a1`, never a legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Move(u16);

const PROMOTION: u16 = 1 << 14;
const EN_PASSANT: u16 = 2 << 14;
const CASTLING: u16 = 3 << 14;

impl Move {
    /// A normal move (or capture).
    #[inline]
    pub const fn normal(from: Square, to: Square) -> Self {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    /// A promotion to `kind` (knight, bishop, rook or queen).
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind) -> Self {
        Move(Move::normal(from, to).0 | PROMOTION | ((kind as u16 - 1) << 12))
    }

    /// An en-passant capture landing on `to`.
    #[inline]
    pub const fn en_passant(from: Square, to: Square) -> Self {
        Move(Move::normal(from, to).0 | EN_PASSANT)
    }

    /// Castling with the rook standing on `rook`.
    #[inline]
    pub const fn castling(king: Square, rook: Square) -> Self {
        Move(Move::normal(king, rook).0 | CASTLING)
    }

    /// Origin square (the king's square for castling).
    #[inline]
    pub const fn from(self) -> Square {
        Square::new((self.0 & 63) as u8)
    }

    /// Destination square (the rook's square for castling).
    #[inline]
    pub const fn to(self) -> Square {
        Square::new((self.0 >> 6 & 63) as u8)
    }

    /// The kind of move.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The piece a promotion creates.
    #[inline]
    pub const fn promotion_piece(self) -> Option<PieceKind> {
        if self.0 & CASTLING != PROMOTION {
            return None;
        }
        Some(match self.0 >> 12 & 3 {
            0 => PieceKind::Knight,
            1 => PieceKind::Bishop,
            2 => PieceKind::Rook,
            _ => PieceKind::Queen,
        })
    }

    /// The raw 16 bits (for hash tables).
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The move whose raw bits are `raw`: any 16 bits, so whether it is legal, or a move
    /// at all, is for a position to judge ([`super::Position::is_legal`]).
    #[inline]
    pub const fn from_raw(raw: u16) -> Self {
        Move(raw)
    }

    /// True for the null value.
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let (e7, e8) = (Square::parse("e7").unwrap(), Square::parse("e8").unwrap());
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            let m = Move::promotion(e7, e8, kind);
            assert_eq!((m.from(), m.to(), m.kind()), (e7, e8, MoveKind::Promotion));
            assert_eq!(m.promotion_piece(), Some(kind));
        }
        let c = Move::castling(Square::new(4), Square::new(7));
        assert_eq!(c.kind(), MoveKind::Castling);
        assert_eq!(c.promotion_piece(), None);
        assert!(Move::default().is_null());
    }
}
