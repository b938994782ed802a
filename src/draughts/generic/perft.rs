//! Perft for the variants: leaf counts of the legal-move tree (no draw rules, no game end
//! but having no move), to check the generator against reference counts.

use super::movegen::legal_moves;
use super::position::VariantPosition;
use crate::draughts::Move;
use crate::engine::MoveList;

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &VariantPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            perft(&child, depth - 1)
        })
        .sum()
}

/// Perft split by root move, in generation order.
pub fn divide(pos: &VariantPosition, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
