//! UCI move text: `e2e4`, `e7e8q`, and castling either as the king's two-square step
//! (`e1g1`, classical) or as king takes own rook (`e1h1`, Chess960 mode).

use super::castling::{king_destination, CastleSide};
use super::moves::{Move, MoveKind};
use super::piece::Color;
use super::position::Position;
use super::square::Square;
use crate::engine::MoveList;

/// Why a UCI move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Not of the form `<square><square>[nbrq]`.
    #[error("{0:?} is not a UCI move")]
    Malformed(String),
    /// Well-formed, but not a legal move in the position (in the expected castling form).
    #[error("{0} is not a legal move in this position")]
    Illegal(String),
}

/// UCI text of `mv`; castling as king takes rook when `chess960`, else as the king's step.
/// The null move is `0000`.
pub fn move_to_uci(mv: Move, chess960: bool) -> String {
    if mv.is_null() {
        return "0000".to_string();
    }
    let from = mv.from();
    let to = if mv.kind() == MoveKind::Castling && !chess960 {
        let side = if mv.to().file() > from.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let color = if from.rank() == 0 {
            Color::White
        } else {
            Color::Black
        };
        king_destination(color, side)
    } else {
        mv.to()
    };
    let mut text = format!("{from}{to}");
    if let Some(kind) = mv.promotion_piece() {
        text.push(kind.to_char());
    }
    text
}

/// Reads a UCI move and returns the legal move it names in `pos`.
pub fn parse_uci_move(pos: &Position, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
    let lower = text.trim().to_ascii_lowercase();
    let well_formed = lower.is_ascii()
        && matches!(lower.len(), 4 | 5)
        && Square::parse(&lower[0..2]).is_some()
        && Square::parse(&lower[2..4]).is_some()
        && (lower.len() == 4 || matches!(&lower[4..], "n" | "b" | "r" | "q"));
    if !well_formed {
        return Err(MoveParseError::Malformed(text.to_string()));
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&mv| move_to_uci(mv, chess960) == lower)
        .ok_or_else(|| MoveParseError::Illegal(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_text_depends_on_mode() {
        let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = parse_uci_move(&pos, "e1g1", false).unwrap();
        assert_eq!(short.kind(), MoveKind::Castling);
        assert_eq!(move_to_uci(short, true), "e1h1");
        assert_eq!(parse_uci_move(&pos, "e1h1", true).unwrap(), short);
        assert_eq!(
            parse_uci_move(&pos, "e1c1", false)
                .map(|m| move_to_uci(m, true))
                .unwrap(),
            "e1a1"
        );
        assert!(matches!(
            parse_uci_move(&pos, "e1g1", true),
            Err(MoveParseError::Illegal(_))
        ));
    }

    #[test]
    fn promotions_and_errors() {
        let pos = Position::from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1").unwrap();
        assert_eq!(
            move_to_uci(parse_uci_move(&pos, "e7e8q", false).unwrap(), false),
            "e7e8q"
        );
        assert_eq!(
            move_to_uci(parse_uci_move(&pos, "e7e8N", false).unwrap(), false),
            "e7e8n"
        );
        assert!(matches!(
            parse_uci_move(&pos, "e7e8", false),
            Err(MoveParseError::Illegal(_))
        ));
        assert!(matches!(
            parse_uci_move(&pos, "e7e8x", false),
            Err(MoveParseError::Malformed(_))
        ));
        assert!(matches!(
            parse_uci_move(&pos, "zz", false),
            Err(MoveParseError::Malformed(_))
        ));
        assert!(matches!(
            parse_uci_move(&pos, "e1e3", false),
            Err(MoveParseError::Illegal(_))
        ));
        assert_eq!(move_to_uci(Move::default(), false), "0000");
    }
}
