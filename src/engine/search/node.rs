//! What every node shares: node counting and stop checks, the principal-variation table
//! and the endgame-table probe.

use super::Worker;
use crate::engine::params::*;
use crate::engine::tt::TtBound;
use crate::engine::{Evaluator, Game, TableValue};

/// The score of a position with no legal move, `ply` plies from the root: a loss or a
/// win (nearer is better for the winner), or a draw (stalemate), as the game's rules say.
#[inline]
pub(super) fn no_moves_score<G: Game>(pos: &G, ply: usize) -> i32 {
    if pos.no_moves_is_loss() {
        -MATE + ply as i32
    } else if pos.no_moves_is_win() {
        MATE - ply as i32
    } else {
        0
    }
}

impl<G: Game> Worker<'_, G> {
    /// Counts a node and, every few, looks at the stop flag, node limit and clock.
    #[inline]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.check_interval {
            self.stopped = self.ctl.add_nodes_and_check(self.unflushed);
            self.unflushed = 0;
            // Near a node limit, look more often so the overshoot stays small.
            self.check_interval = CHECK_INTERVAL.min(self.ctl.nodes_left() / 8).max(1);
        }
    }

    /// What every node does first: counts itself, empties its PV and notes its ply. Gives
    /// the node's score when it ends here: the search was stopped or the ply is too deep.
    #[inline(always)]
    pub(super) fn enter_node(&mut self, pos: &G, ply: usize) -> Option<i32> {
        self.stack[ply].pv_len = 0;
        self.count_node();
        if self.stopped {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluator.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL));
        }
        None
    }

    /// The endgame tables' score of `pos` (just reached by an irreversible move), nearer
    /// wins scoring higher. It is stored in the transposition table, which is asked
    /// first, so a position met again costs no probe; a table win is a lower bound (a
    /// mate found by the search beats it), a loss an upper one.
    #[inline]
    pub(super) fn table_score(&mut self, pos: &G, depth: i32, ply: usize) -> Option<i32> {
        if pos.reversible_plies() != 0 || depth < pos.table_probe_depth() {
            return None;
        }
        let value = pos.table_value()?;
        self.ctl.count_table_hit();
        let (score, bound) = match value {
            TableValue::Win => (TABLE_WIN - ply as i32, TtBound::Lower),
            TableValue::Draw => (0, TtBound::Exact),
            TableValue::Loss => (-TABLE_WIN + ply as i32, TtBound::Upper),
        };
        let depth = (depth + TABLE_TT_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
        self.tt
            .store(pos.hash(), ply, 0, score, depth, bound, false);
        Some(score)
    }

    /// Where the principal variation of `ply` starts in the triangular table.
    #[inline]
    pub(super) fn pv_row(ply: usize) -> usize {
        ply * (MAX_PLY + 1)
    }

    /// The principal variation of `ply` becomes `mv` followed by the child's.
    pub(super) fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.stack[ply + 1].pv_len;
        let (row, child) = (Self::pv_row(ply), Self::pv_row(ply + 1));
        self.pv_table[row] = mv;
        self.pv_table.copy_within(child..child + child_len, row + 1);
        self.stack[ply].pv_len = child_len + 1;
    }
}
