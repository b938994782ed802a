//! The debugging views of the current position: the `d` board diagram and the material
//! count the WDL model needs.
//!
//! Both only read a [`Position`], so they live beside the session rather than in the rules,
//! which have no business printing.

use crate::chess::{PieceKind, Position, Square};

/// The `d` answer: an ASCII board (White at the bottom, upper case), then FEN, hash key and
/// the squares of any checking pieces.
pub fn board_lines(pos: &Position) -> Vec<String> {
    let border = " +---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![border.clone()];
    for rank in (0..8u8).rev() {
        let mut row = String::from(" |");
        for file in 0..8u8 {
            let symbol = pos
                .piece_on(Square::from_file_rank(file, rank))
                .map_or(' ', |piece| piece.to_char());
            row.push(' ');
            row.push(symbol);
            row.push_str(" |");
        }
        row.push_str(&format!(" {}", rank + 1));
        lines.push(row);
        lines.push(border.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_string());
    lines.push(String::new());
    lines.push(format!("Fen: {}", pos.to_fen()));
    lines.push(format!("Key: {:016X}", pos.hash()));
    let mut checkers = String::from("Checkers:");
    for sq in pos.checkers() {
        checkers.push_str(&format!(" {sq}"));
    }
    lines.push(checkers);
    lines
}

/// Material on the board counted as pawn 1, minor 3, rook 5, queen 9 (both sides), the
/// scale of [`START_MATERIAL`](super::START_MATERIAL).
pub fn material_count(pos: &Position) -> u32 {
    [
        (PieceKind::Pawn, 1),
        (PieceKind::Knight, 3),
        (PieceKind::Bishop, 3),
        (PieceKind::Rook, 5),
        (PieceKind::Queen, 9),
    ]
    .iter()
    .map(|&(kind, units)| pos.kind_bb(kind).count() * units)
    .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::START_MATERIAL;

    #[test]
    fn start_material_matches_the_wdl_scale() {
        assert_eq!(material_count(&Position::startpos()), START_MATERIAL);
        let bare = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(material_count(&bare), 5);
    }

    #[test]
    fn board_shows_pieces_fen_and_checkers() {
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
        let lines = board_lines(&pos);
        assert_eq!(lines[1], " |   |   |   |   | k |   |   |   | 8");
        assert_eq!(lines[15], " |   |   |   |   | R |   | K |   | 1");
        assert!(lines.contains(&"Fen: 4k3/8/8/8/8/8/8/4R1K1 b - - 0 1".to_string()));
        assert_eq!(lines.last().unwrap(), "Checkers: e1");
    }
}
