//! Standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`) read against the legal
//! moves of a position, so PGN opening books can feed self-play.

use super::moves::{Move, MoveKind};
use super::notation::MoveParseError;
use super::piece::PieceKind;
use super::position::Position;
use super::square::Square;
use crate::engine::MoveList;

/// Reads a SAN move and returns the legal move it names in `pos`.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let malformed = || MoveParseError::Malformed(text.to_string());
    let illegal = || MoveParseError::Illegal(text.to_string());
    let core = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if let Some(queen_side) = castling_side(core) {
        return moves
            .iter()
            .copied()
            .find(|mv| {
                mv.kind() == MoveKind::Castling && (mv.to().file() < mv.from().file()) == queen_side
            })
            .ok_or_else(illegal);
    }
    let (kind, rest) = match core.chars().next() {
        Some(c @ ('N' | 'B' | 'R' | 'Q' | 'K')) => {
            (PieceKind::from_char(c.to_ascii_lowercase()), &core[1..])
        }
        Some(_) => (Some(PieceKind::Pawn), core),
        None => return Err(malformed()),
    };
    let kind = kind.ok_or_else(malformed)?;
    let (rest, promotion) = match rest.rsplit_once('=') {
        Some((head, piece)) => (head, Some(promotion_kind(piece).ok_or_else(malformed)?)),
        None if kind == PieceKind::Pawn && rest.ends_with(['N', 'B', 'R', 'Q']) => {
            let (head, piece) = rest.split_at(rest.len() - 1);
            (head, Some(promotion_kind(piece).ok_or_else(malformed)?))
        }
        None => (rest, None),
    };
    let squares: String = rest.chars().filter(|&c| c != 'x' && c != '-').collect();
    if squares.len() < 2 || !squares.is_ascii() {
        return Err(malformed());
    }
    let (hint, dest) = squares.split_at(squares.len() - 2);
    let to = Square::parse(dest).ok_or_else(malformed)?;
    let (mut file, mut rank) = (None, None);
    for c in hint.chars() {
        match c {
            'a'..='h' => file = Some(c as u8 - b'a'),
            '1'..='8' => rank = Some(c as u8 - b'1'),
            _ => return Err(malformed()),
        }
    }
    let mut found = moves.iter().copied().filter(|&mv| {
        mv.kind() != MoveKind::Castling
            && mv.to() == to
            && pos.piece_on(mv.from()).is_some_and(|p| p.kind == kind)
            && file.is_none_or(|f| mv.from().file() == f)
            && rank.is_none_or(|r| mv.from().rank() == r)
            && mv.promotion_piece() == promotion
    });
    match (found.next(), found.next()) {
        (Some(mv), None) => Ok(mv),
        _ => Err(illegal()),
    }
}

/// `Some(false)` for O-O, `Some(true)` for O-O-O (letter O or digit 0).
fn castling_side(core: &str) -> Option<bool> {
    match core.replace('0', "O").as_str() {
        "O-O" => Some(false),
        "O-O-O" => Some(true),
        _ => None,
    }
}

fn promotion_kind(text: &str) -> Option<PieceKind> {
    match text {
        "N" => Some(PieceKind::Knight),
        "B" => Some(PieceKind::Bishop),
        "R" => Some(PieceKind::Rook),
        "Q" => Some(PieceKind::Queen),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::move_to_uci;

    fn san(fen: &str, text: &str) -> Result<String, MoveParseError> {
        let pos = Position::from_fen(fen).unwrap();
        parse_san(&pos, text).map(|mv| move_to_uci(mv, false))
    }

    #[test]
    fn reads_piece_pawn_and_castling_moves() {
        let start = crate::chess::START_FEN;
        assert_eq!(san(start, "Nf3").unwrap(), "g1f3");
        assert_eq!(san(start, "e4").unwrap(), "e2e4");
        let castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san(castle, "O-O").unwrap(), "e1g1");
        assert_eq!(san(castle, "O-O-O+").unwrap(), "e1c1");
        assert_eq!(san(castle, "0-0").unwrap(), "e1g1");
    }

    #[test]
    fn reads_captures_disambiguation_and_promotions() {
        let fen = "4k3/1P6/8/3p4/4P3/8/6K1/R6R w - - 0 1";
        assert_eq!(san(fen, "exd5").unwrap(), "e4d5");
        assert_eq!(san(fen, "Rad1").unwrap(), "a1d1");
        assert_eq!(san(fen, "Rhd1").unwrap(), "h1d1");
        assert_eq!(san(fen, "b8=Q+").unwrap(), "b7b8q");
        assert_eq!(san(fen, "b8N").unwrap(), "b7b8n");
        assert!(matches!(san(fen, "Rd1"), Err(MoveParseError::Illegal(_))));
        assert!(matches!(san(fen, "Qd1"), Err(MoveParseError::Illegal(_))));
        assert!(matches!(san(fen, "b8"), Err(MoveParseError::Illegal(_))));
        assert!(matches!(san(fen, "Zz9"), Err(MoveParseError::Malformed(_))));
        assert!(matches!(san(fen, ""), Err(MoveParseError::Malformed(_))));
    }
}
