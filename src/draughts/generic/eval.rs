//! A small hand-written evaluation for the variants: material, with each variant's king
//! value, and how far the men have come. Losing draughts turns material round (a piece
//! less is a step toward winning), and breakthrough weighs the advance far above material,
//! since the first man crowned wins.

use super::position::VariantPosition;
use super::rules::Goal;
use crate::draughts::bits::Bits;
use crate::draughts::Color;

/// A man's worth, the unit of the evaluation.
const MAN: i32 = 100;
/// Per row a man has advanced, in normal play.
const ADVANCE: i32 = 3;
/// Per squared row advanced, in breakthrough.
const BREAKTHROUGH_ADVANCE: i32 = 4;

/// Evaluation for the side to move, in hundredths of a man.
pub fn evaluate(pos: &VariantPosition) -> i32 {
    let us = pos.side();
    let side = |color: Color| -> i32 {
        let rules = pos.rules();
        let g = pos.geometry();
        let mut advance = 0;
        let mut squared = 0;
        for b in Bits(pos.men(color)) {
            let row = g.row(b.trailing_zeros()) as i32;
            let rows_up = match color {
                Color::White => g.rows as i32 - 1 - row,
                Color::Black => row,
            };
            advance += rows_up;
            squared += rows_up * rows_up;
        }
        let men = pos.men(color).count_ones() as i32;
        let kings = pos.kings(color).count_ones() as i32;
        let material = men * MAN + kings * rules.king_value;
        match rules.goal {
            Goal::Normal => material + advance * ADVANCE,
            Goal::Losing => -material,
            Goal::Breakthrough => material + squared * BREAKTHROUGH_ADVANCE,
        }
    };
    side(us) - side(us.opponent())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::generic::{parse_position, Variant};

    #[test]
    fn material_counts_for_and_against_by_variant() {
        let fen = "W:W31,32:B1";
        let normal = parse_position(Variant::International, fen).unwrap();
        let losing = parse_position(Variant::Losing, fen).unwrap();
        assert!(evaluate(&normal) > 0);
        assert!(evaluate(&losing) < 0);
        assert_eq!(evaluate(&VariantPosition::start(Variant::Russian)), 0);
    }
}
