//! The search stack: what a thread keeps about each ply of the path it is searching, one
//! entry per ply (Viridithas's `stack.rs`), and the repetition check that walks it.

use super::Worker;
use crate::engine::params::INFINITY;
use crate::engine::Game;

/// What the search keeps about the position at one ply of the current path.
#[derive(Clone, Copy, Debug)]
pub(super) struct StackEntry<M> {
    /// The position's hash, for the repetition check of the plies below it.
    pub hash: u64,
    /// The static evaluation the node used (corrected, sharpened): a node two plies down
    /// compares its own with it to know whether the position is improving.
    pub eval: i32,
    /// The corrected static evaluation (`-INFINITY` in check), before the table
    /// sharpens it: what the node's children compare their own with.
    pub static_eval: i32,
    /// Plies the move that led here was reduced by: set by the parent only for the
    /// reduced search itself, 0 at every other time.
    pub reduction: i32,
    /// Whether the move that led here was quiet (not a null move, not noisy).
    pub quiet_arrival: bool,
    /// The continuation key of the move that led here (`G::CONTINUATION_SIZE`: a null
    /// move, or the root, whose move is not known).
    pub cont_key: usize,
    /// The move a singularity test leaves out here (`None`: an ordinary node).
    pub excluded: Option<M>,
    /// Double extensions on the path to here.
    pub doubles: u8,
    /// Length of this ply's principal variation in the PV table.
    pub pv_len: usize,
}

impl<M> StackEntry<M> {
    /// An entry before any search has reached its ply; `no_move` is the continuation key
    /// of a missing move.
    pub fn new(no_move: usize) -> Self {
        Self {
            hash: 0,
            eval: 0,
            static_eval: -INFINITY,
            reduction: 0,
            quiet_arrival: false,
            cont_key: no_move,
            excluded: None,
            doubles: 0,
            pv_len: 0,
        }
    }
}

/// True when `current` occurred an even number of plies back within the last `reversible`
/// plies: one repetition (in the tree or in the game) scores as a draw, since the side that
/// could avoid it would have, and repeating once more is always legal. The earlier positions
/// are `history` (the game before the root, oldest first) followed by `path`.
pub(super) fn is_repetition<M>(
    current: u64,
    path: &[StackEntry<M>],
    history: &[u64],
    reversible: usize,
) -> bool {
    // Two loops rather than one over a chain: this runs at every node, and most of its
    // looks back stay inside the path.
    let mut back = 2;
    while back <= reversible && back <= path.len() {
        if path[path.len() - back].hash == current {
            return true;
        }
        back += 2;
    }
    let before_path = path.len();
    while back <= reversible && back - before_path <= history.len() {
        if history[history.len() - (back - before_path)] == current {
            return true;
        }
        back += 2;
    }
    false
}

impl<G: Game> Worker<'_, G> {
    /// Whether the position at `ply` repeats one before it on the path, or in the game
    /// when no null move lies between.
    #[inline]
    pub(super) fn repeats(&self, ply: usize, reversible: usize) -> bool {
        let (path, history): (_, &[u64]) = match self.null_floor {
            Some(floor) => (&self.stack[floor..ply], &[]),
            None => (&self.stack[..ply], &self.game_history),
        };
        is_repetition(self.stack[ply].hash, path, history, reversible)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the last of `hashes` repeats, with the earlier ones split between game
    /// history and path at every point: the answer must not depend on where the root is.
    fn repeats(hashes: &[u64], reversible: usize) -> bool {
        let (&current, earlier) = hashes.split_last().unwrap();
        let answers: Vec<bool> = (0..=earlier.len())
            .map(|root| {
                let (history, path) = earlier.split_at(root);
                let path: Vec<StackEntry<u8>> = path
                    .iter()
                    .map(|&hash| StackEntry {
                        hash,
                        ..StackEntry::new(0)
                    })
                    .collect();
                is_repetition(current, &path, history, reversible)
            })
            .collect();
        assert!(answers.iter().all(|&a| a == answers[0]), "{answers:?}");
        answers[0]
    }

    #[test]
    fn repetition_needs_the_same_side_within_reach() {
        // Current position 7 equals the one 4 plies back.
        assert!(repeats(&[1, 7, 2, 3, 4, 7], 4));
        // Out of reach of the last irreversible move.
        assert!(!repeats(&[1, 7, 2, 3, 4, 7], 3));
        // An odd distance is the other side to move: not a repetition.
        assert!(!repeats(&[7, 2, 3, 7], 10));
        assert!(repeats(&[9, 7, 8, 7], 2));
        assert!(!repeats(&[7], 10));
        // Reach beyond everything known is no repetition.
        assert!(!repeats(&[5, 6, 7], 100));
        assert!(repeats(&[7, 5, 6, 1, 7], 100));
    }
}
