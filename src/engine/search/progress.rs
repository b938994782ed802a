//! Progress reports of thread 0: `info` lines built from the root moves.

use super::{to_score, Worker};
use crate::engine::params::*;
use crate::engine::{Bound, Game, SearchEvent, SearchInfo};

impl<G: Game> Worker<'_, G> {
    /// Average ply of the leaves so far.
    pub(super) fn mean_depth(&self) -> f64 {
        if self.leaves == 0 {
            0.0
        } else {
            self.leaf_plies as f64 / self.leaves as f64
        }
    }

    /// The `info` of the `line`-th principal variation.
    pub(super) fn info(&self, line: usize, bound: Bound) -> SearchInfo<G::Move> {
        let root = &self.root_moves[line];
        SearchInfo {
            depth: self.root_depth as u32,
            seldepth: self.seldepth as u32,
            mean_depth: self.mean_depth(),
            multipv: line + 1,
            score: to_score(root.score),
            bound,
            nodes: self.ctl.nodes() + self.unflushed,
            elapsed: self.ctl.elapsed(),
            hashfull: self.tt.hashfull(),
            table_hits: self.ctl.table_hits(),
            pv: root.pv.clone(),
        }
    }

    /// Sends the `info` of one line to the front end.
    pub(super) fn report(&self, line: usize, bound: Bound) {
        if let Some(events) = self.events {
            // A front end that has gone away no longer needs reports.
            let _ = events.send(SearchEvent::Info(self.info(line, bound)));
        }
    }

    /// Reports a failed aspiration bound, but only once the search has run long enough for
    /// a GUI to care.
    pub(super) fn report_bound(&self, line: usize, bound: Bound) {
        // Lines beyond MultiPV are a weakened search's private candidates.
        if line < self.limits.multipv
            && self.ctl.elapsed().as_millis() >= u128::from(BOUND_REPORT_AFTER_MS)
        {
            self.report(line, bound);
        }
    }
}
