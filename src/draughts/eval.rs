//! Material evaluation in hundredths of a man: the baseline every later evaluator must beat,
//! and a stand-in until a real one (structure, tempo, king safety) replaces it.

use super::position::{Color, Position};

/// Value of a man.
pub const MAN_VALUE: i32 = 100;
/// Value of a king: a flying king is worth about three men.
pub const KING_VALUE: i32 = 300;

/// Material balance from the point of view of the side to move.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side();
    side_material(pos, us) - side_material(pos, us.opponent())
}

#[inline(always)]
fn side_material(pos: &Position, color: Color) -> i32 {
    pos.men(color).count_ones() as i32 * MAN_VALUE
        + pos.kings(color).count_ones() as i32 * KING_VALUE
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::notation::parse_position;

    #[test]
    fn material_is_seen_from_the_side_to_move() {
        assert_eq!(evaluate(&Position::start()), 0);
        assert_eq!(evaluate(&parse_position("W:WK46,31:B1").unwrap()), 300);
        assert_eq!(evaluate(&parse_position("B:WK46,31:B1").unwrap()), -300);
    }
}
