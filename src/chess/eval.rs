//! The material baseline evaluation: plain material count in centipawns from the side to
//! move's point of view. It exists so the search has something to run on; the real
//! evaluation replaces it in its own module.

use super::piece::{Color, PieceKind};
use super::position::Position;

/// Material balance in centipawns, positive when the side to move is ahead.
pub fn material_eval(pos: &Position) -> i32 {
    let mut score = 0;
    for kind in PieceKind::ALL {
        let diff = pos.pieces(kind, Color::White).count() as i32
            - pos.pieces(kind, Color::Black).count() as i32;
        score += diff * kind.value();
    }
    match pos.side_to_move() {
        Color::White => score,
        Color::Black => -score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn balance_from_side_to_move() {
        assert_eq!(material_eval(&Position::startpos()), 0);
        let white_up = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert_eq!(material_eval(&white_up), 900);
        let black_to_move = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").unwrap();
        assert_eq!(material_eval(&black_to_move), -900);
    }
}
