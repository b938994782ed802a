//! Perft, the standard test of a move generator: the leaves of the legal-move tree, in all
//! and split by root move (Stockfish's `divide`), for any game whose positions are
//! copy-made.

use super::MoveList;

/// A position whose legal-move tree perft can count.
pub trait Perft: Clone {
    /// One move.
    type Move: Copy + Default;

    /// Appends every legal move of the side to move to `out`.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Plays a legal move on this position.
    fn play(&mut self, mv: Self::Move);

    /// Number of leaf nodes `depth` plies below this position. The default plays every
    /// move down to the last ply and counts that ply's list; a fast generator overrides
    /// it with one that counts the last ply without listing it.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter()
            .map(|&mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// Leaf counts below each root move, in generation order (Stockfish's `divide`).
pub fn divide<P: Perft>(pos: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            (mv, child.perft(depth.saturating_sub(1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_game::{Column, ConnectFour};
    use crate::engine::Game;

    impl Perft for ConnectFour {
        type Move = Column;

        fn legal_moves(&self, out: &mut MoveList<Column>) {
            Game::legal_moves(self, out);
        }

        fn play(&mut self, mv: Column) {
            Game::play(self, mv);
        }
    }

    #[test]
    fn counts_every_column_until_four_connect() {
        let empty = ConnectFour::default();
        assert_eq!(empty.perft(0), 1);
        assert_eq!(empty.perft(4), 7u64.pow(4));
        // Column 0 holds White's three, Black's three in column 1: White wins at once in
        // column 0, ending that branch, and every other column leaves Black a win.
        let threats = ConnectFour::from_columns(&[0, 1, 0, 1, 0, 1]);
        assert_eq!(threats.perft(2), 6 * 7);
    }

    #[test]
    fn divide_splits_the_count_by_root_move() {
        let threats = ConnectFour::from_columns(&[0, 1, 0, 1, 0, 1]);
        let split = divide(&threats, 2);
        assert_eq!(split.len(), 7);
        for &(mv, nodes) in &split {
            assert_eq!(nodes, if mv == Column(0) { 0 } else { 7 }, "{mv:?}");
        }
        assert_eq!(split.iter().map(|&(_, n)| n).sum::<u64>(), threats.perft(2));
        assert_eq!(divide(&threats, 0).len(), 7);
    }
}
