//! Move ordering: scores every legal move of a node once, then hands them out best first.
//!
//! The trait generates all legal moves at once, and a scored list with lazy selection sort
//! costs little when a cut-off comes early, which is the common case. The one stage before
//! it: a table move a game can check on its own is handed out before any move is
//! generated or scored, since it alone ends most nodes where it is known.

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
/// How far a noisy move's own order moves it from its class's score, each way: the noisy
/// classes stay apart from the quiet moves' scores (the killers, the counter and
/// histories bounded well within an `i16` each).
const NOISY_SPREAD: i32 = 900_000;

/// Whether `score` is one that [`MovePicker`] gives quiet moves.
#[inline]
fn is_quiet_score(score: i32) -> bool {
    score > BAD_NOISY + NOISY_SPREAD && score < GOOD_NOISY - NOISY_SPREAD
}

/// Hints that decide the order of one node's moves.
pub struct OrderingHints<M> {
    /// Move code from the transposition table (0: none).
    pub tt_code: u16,
    /// Killers of this ply.
    pub killers: [M; 2],
    /// Counter-move of the previous move, if any.
    pub counter: Option<M>,
}

/// Where a picker stands with the table move it hands out before generating the rest.
#[derive(Clone, Copy)]
enum TableMove<M> {
    /// The list is generated and scored (or the picker never had such a move).
    Listed,
    /// Known legal, not yet handed out; nothing generated.
    Pending(M),
    /// Handed out; the list is generated when the next move is asked for.
    Tried(M),
}

/// A node's moves, scored, handed out best first. It borrows the node's list, so the
/// moves are not copied; only the scores of its moves are written, as the list itself
/// leaves its other slots uninitialised (see [`MoveList`]).
pub struct MovePicker<'a, M: Copy + Default> {
    moves: &'a mut MoveList<M>,
    scores: [MaybeUninit<i32>; MAX_MOVES],
    next: usize,
    /// The end of the moves still to hand out: the list's length, less the quiet moves
    /// dropped by [`Self::skip_quiets`].
    end: usize,
    /// Whether the quiet moves not yet handed out are to be dropped before the next pick.
    skip_quiets: bool,
    table_move: TableMove<M>,
}

impl<'a, M: Copy + Default + Eq> MovePicker<'a, M> {
    /// Scores `moves` for `pos`. `history(mv)` gives the quiet-move history score.
    pub fn new<G: Game<Move = M>>(
        pos: &G,
        moves: &'a mut MoveList<M>,
        hints: &OrderingHints<M>,
        history: impl Fn(M) -> i32,
    ) -> Self {
        let mut picker = Self {
            moves,
            scores: [MaybeUninit::uninit(); MAX_MOVES],
            next: 0,
            end: 0,
            skip_quiets: false,
            table_move: TableMove::Listed,
        };
        picker.score(pos, hints, history);
        picker
    }

    /// A picker that hands out `table_move`, a legal move whose code is the hints'
    /// `tt_code`, before it generates the other moves into the empty `moves`: then in
    /// the order [`Self::new`] would give them at that point, the table move first, so
    /// the search differs only by what the table move's search taught the histories,
    /// and nothing is generated where that move ends the node. Its moves come from
    /// [`Self::next_move_generating`].
    pub fn table_move_first(moves: &'a mut MoveList<M>, table_move: M) -> Self {
        debug_assert!(moves.is_empty());
        Self {
            moves,
            scores: [MaybeUninit::uninit(); MAX_MOVES],
            next: 0,
            end: 0,
            skip_quiets: false,
            table_move: TableMove::Pending(table_move),
        }
    }

    fn score<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        hints: &OrderingHints<M>,
        history: impl Fn(M) -> i32,
    ) {
        for (score, &mv) in self.scores.iter_mut().zip(self.moves.iter()) {
            *score = MaybeUninit::new(if hints.tt_code != 0 && G::move_code(mv) == hints.tt_code {
                TT_MOVE
            } else if pos.is_noisy(mv) {
                let base = if pos.see_at_least(mv, 0) {
                    GOOD_NOISY
                } else {
                    BAD_NOISY
                };
                base + pos.noisy_order(mv).clamp(-NOISY_SPREAD, NOISY_SPREAD)
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
        self.end = self.moves.len();
    }

    /// The best move not yet handed out, for a picker made by [`Self::table_move_first`]
    /// (or by [`Self::new`]): `pos`, `hints` and `history` are what `new` would have
    /// been given, used once, when the moves after the table move are generated.
    pub fn next_move_generating<G: Game<Move = M>>(
        &mut self,
        pos: &G,
        hints: &OrderingHints<M>,
        history: impl Fn(M) -> i32,
    ) -> Option<M> {
        match self.table_move {
            TableMove::Listed => self.next_move(),
            TableMove::Pending(mv) => {
                self.table_move = TableMove::Tried(mv);
                Some(mv)
            }
            TableMove::Tried(mv) => {
                self.table_move = TableMove::Listed;
                pos.legal_moves(self.moves);
                self.score(pos, hints, history);
                // As the first pick of `next_move` would have done: the table move, the
                // one best score, swapped to the front.
                let at = self.moves.iter().position(|&m| m == mv);
                debug_assert!(at.is_some(), "the table move was not legal");
                if let Some(at) = at {
                    self.moves.as_mut_slice().swap(0, at);
                    self.scores.swap(0, at);
                    self.next = 1;
                }
                self.next_move()
            }
        }
    }

    /// From now on hands out no quiet move: the search has found that it would skip
    /// every one left (late-move or futility pruning, whose tests do not change while
    /// moves are skipped), so picking them one by one only to skip them is waste.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Drops the quiet moves not yet handed out, keeping the others in their order, so
    /// that the picks after them are as they would have been.
    fn drop_quiets(&mut self) {
        self.skip_quiets = false;
        let mut kept = self.next;
        for i in self.next..self.end {
            if !is_quiet_score(self.scores()[i]) {
                self.moves.as_mut_slice()[kept] = self.moves.as_slice()[i];
                self.scores[kept] = self.scores[i];
                kept += 1;
            }
        }
        self.end = kept;
    }

    /// The best move not yet handed out.
    pub fn next_move(&mut self) -> Option<M> {
        debug_assert!(matches!(self.table_move, TableMove::Listed));
        if self.skip_quiets {
            self.drop_quiets();
        }
        if self.next >= self.end {
            return None;
        }
        // One pass with the best score in hand: this loop runs at every node, over every
        // move in nodes where all moves are tried.
        let scores = &self.scores()[..self.end];
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
        matches!(self.table_move, TableMove::Tried(_))
            || self.next > 0 && self.scores()[self.next - 1] == TT_MOVE
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

    #[test]
    fn skipping_quiets_hands_out_only_the_noisy_moves_left() {
        let pos = ConnectFour::from_columns(&[1, 6, 2, 6, 3, 5]);
        let hints = OrderingHints {
            tt_code: ConnectFour::move_code(Column(6)),
            killers: [Column(5), Column(9)],
            counter: Some(Column(1)),
        };
        for skip_after in 1..=4 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut picker =
                MovePicker::new(&pos, &mut moves, &hints, |mv: Column| i32::from(mv.0));
            let mut order = Vec::new();
            while let Some(mv) = picker.next_move() {
                order.push(mv.0);
                if order.len() == skip_after {
                    picker.skip_quiets();
                }
            }
            // The full order is 6 (table), 4 and 0 (noisy), then the quiet 5, 1, 3, 2.
            let full = [6, 4, 0, 5, 1, 3, 2];
            let kept = skip_after.max(3);
            assert_eq!(order, full[..kept], "skipped after {skip_after}");
        }
    }

    #[test]
    fn a_table_move_first_keeps_the_order_of_the_whole_list() {
        let pos = ConnectFour::from_columns(&[1, 6, 2, 6, 3, 5]);
        let history = |mv: Column| i32::from(mv.0);
        for table in 0..7 {
            let hints = OrderingHints {
                tt_code: ConnectFour::move_code(Column(table)),
                killers: [Column(5), Column(9)],
                counter: Some(Column(1)),
            };
            let mut listed = MoveList::new();
            pos.legal_moves(&mut listed);
            let mut picker = MovePicker::new(&pos, &mut listed, &hints, history);
            let mut expected = Vec::new();
            while let Some(mv) = picker.next_move() {
                expected.push((mv, picker.last_was_tt_move()));
            }
            let mut deferred = MoveList::new();
            let mut picker = MovePicker::table_move_first(&mut deferred, Column(table));
            let mut order = Vec::new();
            while let Some(mv) = picker.next_move_generating(&pos, &hints, history) {
                order.push((mv, picker.last_was_tt_move()));
            }
            assert_eq!(order, expected, "table move {table}");
        }
    }
}
