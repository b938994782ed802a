//! Perft: counts the leaves of the legal-move tree, to check move generation against the
//! reference numbers. The last ply is bulk-counted: leaves are counted, not played.
//!
//! One move list per ply is made up front and reused: building a fresh 512-slot list at
//! every node would cost more than generating its moves.

use super::movegen::{captures, count_quiet_moves, legal_moves};
use super::position::Position;
use crate::draughts::Move;
use crate::engine::{MoveList, Perft};

/// Number of leaf nodes `depth` plies below `pos` (no draw rules; no move = no children).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList<Move>> = (0..depth).map(|_| MoveList::new()).collect();
    count(pos, depth, &mut lists)
}

fn count(pos: &Position, depth: u32, lists: &mut [MoveList<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, deeper) = match lists.split_first_mut() {
        Some(split) => split,
        None => return 1,
    };
    list.clear();
    if depth == 1 {
        if captures(pos, list) {
            return list.len() as u64;
        }
        return count_quiet_moves(pos);
    }
    legal_moves(pos, list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let mut child = *pos;
        child.play(mv);
        nodes += count(&child, depth - 1, deeper);
    }
    nodes
}

impl Perft for Position {
    type Move = Move;

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        legal_moves(self, out);
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}
