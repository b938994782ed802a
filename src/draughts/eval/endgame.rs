//! Endgame knowledge: material that cannot win under the draw rules is scaled toward zero.
//!
//! In international draughts a lone king holds off up to three pieces in most positions, and
//! the 16- and 5-move rules end the rare wins before they are reached; two kings-and-little
//! endings are mostly drawn too. Scaling keeps the sign (who is better) but stops the search
//! from chasing or avoiding such endings for their nominal material.

use super::weights::{DRAWISH_KINGS, DRAWISH_SMALL, DRAWISH_TINY};
use crate::draughts::{Color, Position};

/// Most pieces on the board for [`DRAWISH_KINGS`] to apply.
const FEW_PIECES: u32 = 6;

/// `score` (White's point of view) scaled for drawish material.
#[inline(always)]
pub fn scale(pos: &Position, score: i32) -> i32 {
    let (strong, weak) = if score > 0 {
        (Color::White, Color::Black)
    } else {
        (Color::Black, Color::White)
    };
    let strong_pieces = pos.pieces(strong).count_ones();
    if pos.kings(weak) != 0 {
        if strong_pieces <= 2 {
            return score / DRAWISH_TINY;
        }
        if strong_pieces == 3 {
            return score / DRAWISH_SMALL;
        }
        if pos.kings(strong) != 0 && pos.occupied().count_ones() <= FEW_PIECES {
            return score / DRAWISH_KINGS;
        }
    }
    score
}
