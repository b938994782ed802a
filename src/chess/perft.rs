//! Perft: counts the leaves of the legal move tree, the standard test of a move generator.
//! The last ply is counted with [`Position::count_legal_moves`] (popcounts of target sets)
//! instead of generating and playing each move.

use super::moves::Move;
use super::position::Position;
use crate::engine::{MoveList, Perft};
use std::sync::atomic::{AtomicBool, Ordering};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // Nobody can set this flag, so the count always completes.
    perft_until(pos, depth, &AtomicBool::new(false)).unwrap_or_default()
}

/// [`perft`] that gives up with `None` once `stop` is set. The flag is read at every node
/// above the last two plies: often enough to stop within milliseconds, too seldom to cost.
pub fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(pos.count_legal_moves()),
        _ => {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut total = 0;
            for &mv in moves.iter() {
                let mut child = pos.clone();
                child.play(mv);
                total += perft_until(&child, depth - 1, stop)?;
            }
            Some(total)
        }
    }
}

impl Perft for Position {
    type Move = Move;

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        Position::legal_moves(self, out);
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::divide;

    #[test]
    fn start_position_small_depths() {
        let pos = Position::startpos();
        assert_eq!(perft(&pos, 1), 20);
        assert_eq!(perft(&pos, 2), 400);
        assert_eq!(perft(&pos, 3), 8902);
        assert_eq!(perft(&pos, 4), 197_281);
        let total: u64 = divide(&pos, 3).iter().map(|&(_, n)| n).sum();
        assert_eq!(total, 8902);
    }

    #[test]
    fn a_set_stop_flag_abandons_the_count() {
        let pos = Position::startpos();
        assert_eq!(perft_until(&pos, 3, &AtomicBool::new(false)), Some(8902));
        assert_eq!(perft_until(&pos, 5, &AtomicBool::new(true)), None);
        assert_eq!(perft_until(&pos, 1, &AtomicBool::new(true)), Some(20));
    }
}
