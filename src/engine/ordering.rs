//! Move ordering: scores every legal move of a node once, then hands them out best first.
//!
//! Positions are copy-made and the trait generates all legal moves at once, so there is
//! no staged generation to gain from; a scored list with lazy selection sort costs little
//! when a cut-off comes early, which is the common case.

use std::mem::MaybeUninit;

use super::{Game, MoveList, MAX_MOVES};

/// The move the transposition table suggested.
const TT_MOVE: i32 = 4_000_000;
/// Noisy moves that do not lose material (SEE >= 0), above the killers.
const GOOD_NOISY: i32 = 3_000_000;
/// First and second killer.
const KILLER: [i32; 2] = [2_000_002, 2_000_001];
/// The counter-move of the previous move.
const COUNTER: i32 = 2_000_000;
/// Noisy moves that lose material, after every quiet move.
const BAD_NOISY: i32 = -3_000_000;

/// Hints that decide the order of one node's moves.
pub struct OrderingHints<M> {
    /// Move code from the transposition table (0: none).
    pub tt_code: u16,
    /// Killers of this ply.
    pub killers: [M; 2],
    /// Counter-move of the previous move, if any.
    pub counter: Option<M>,
}

/// A node's moves, scored, handed out best first. It borrows the node's list, so the
/// moves are not copied; only the scores of its moves are written, as the list itself
/// leaves its other slots uninitialised (see [`MoveList`]).
pub struct MovePicker<'a, M: Copy + Default> {
    moves: &'a mut MoveList<M>,
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
}

impl<'a, M: Copy + Default + Eq> MovePicker<'a, M> {
    /// Scores `moves` for `pos`. `history(mv)` gives the quiet-move history score.
    pub fn new<G: Game<Move = M>>(
        pos: &G,
        moves: &'a mut MoveList<M>,
        hints: &OrderingHints<M>,
        history: impl Fn(M) -> i32,
    ) -> Self {
        let mut scores = [MaybeUninit::uninit(); MAX_MOVES];
        for (score, &mv) in scores.iter_mut().zip(moves.iter()) {
            *score = MaybeUninit::new(if hints.tt_code != 0 && G::move_code(mv) == hints.tt_code {
                TT_MOVE
            } else if pos.is_noisy(mv) {
                let base = if pos.see_at_least(mv, 0) {
                    GOOD_NOISY
                } else {
                    BAD_NOISY
                };
                base + pos.noisy_order(mv).clamp(-900_000, 900_000)
            } else if mv == hints.killers[0] {
                KILLER[0]
            } else if mv == hints.killers[1] {
                KILLER[1]
            } else if hints.counter == Some(mv) {
                COUNTER
            } else {
                history(mv)
            });
        }
        Self {
            moves,
            scores,
            next: 0,
        }
    }

    /// The best move not yet handed out.
    pub fn next_move(&mut self) -> Option<M> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        // One pass with the best score in hand: this loop runs at every node, over every
        // move in nodes where all moves are tried.
        let scores = self.scores();
        let mut best = self.next;
        let mut best_score = scores[best];
        for (i, &score) in scores.iter().enumerate().skip(self.next + 1) {
            if score > best_score {
                best = i;
                best_score = score;
            }
        }
        self.moves.as_mut_slice().swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves.as_slice()[self.next - 1])
    }

    /// True when the move last handed out was the table move (matched against a legal
    /// move, so a colliding code never makes an illegal move "the TT move").
    pub fn last_was_tt_move(&self) -> bool {
        self.next > 0 && self.scores()[self.next - 1] == TT_MOVE
    }

    /// The scores of the list's moves, slot by slot.
    #[inline]
    fn scores(&self) -> &[i32] {
        let len = self.moves.len();
        // SAFETY: `new` wrote the score of every slot below the list's length, the list
        // cannot change length while borrowed here, swaps keep that prefix written, and
        // `MaybeUninit<i32>` has the layout of `i32`.
        unsafe { std::slice::from_raw_parts(self.scores.as_ptr().cast::<i32>(), len) }
    }

    /// Number of moves in the node.
    pub fn len(&self) -> usize {
        self.moves.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_game::{Column, ConnectFour};

    #[test]
    fn table_move_then_noisy_then_killers_counter_and_history() {
        // X to move can win in column 0 or 4 (noisy moves).
        let pos = ConnectFour::from_columns(&[1, 6, 2, 6, 3, 5]);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let hints = OrderingHints {
            tt_code: ConnectFour::move_code(Column(6)),
            killers: [Column(5), Column(9)],
            counter: Some(Column(1)),
        };
        let mut picker = MovePicker::new(&pos, &mut moves, &hints, |mv: Column| i32::from(mv.0));
        let mut order = Vec::new();
        while let Some(mv) = picker.next_move() {
            if order.is_empty() {
                assert!(picker.last_was_tt_move());
            }
            order.push(mv.0);
        }
        // Noisy ties keep the better noisy_order (closer to the centre) first.
        assert_eq!(order, [6, 4, 0, 5, 1, 3, 2]);
    }
}
