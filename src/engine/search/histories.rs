//! What the search learns as it goes and feeds back: the rewards of quiet moves that
//! cut off, and where a node finds what was learned.

use super::Worker;
use crate::engine::history::{history_bonus, ContinuationRows, History};
use crate::engine::params::MAX_EVAL;
use crate::engine::{Evaluator, Game};

impl<G: Game> Worker<'_, G> {
    /// The continuation rows of the node at `ply`: the moves one and two plies back.
    #[inline]
    pub(super) fn continuation_rows(&self, ply: usize) -> ContinuationRows {
        let two_back = if ply >= 1 {
            self.stack[ply - 1].cont_key
        } else {
            G::CONTINUATION_SIZE
        };
        ContinuationRows::new::<G>(self.stack[ply].cont_key, two_back)
    }

    /// The static evaluation of `pos` (not in check), raw and as the search uses it:
    /// corrected by the correction history for its `correction_key` and bounded.
    #[inline]
    pub(super) fn static_eval(&mut self, pos: &G, correction_key: u64) -> (i32, i32) {
        let raw = self.evaluator.evaluate(pos);
        let corrected = self.history.corrected_eval(correction_key, raw);
        (raw, corrected.clamp(-MAX_EVAL, MAX_EVAL))
    }

    /// The ordering score of the quiet move `mv` at a node with continuation rows `rows`.
    #[inline]
    pub(super) fn quiet_score(&self, pos: &G, mv: G::Move, rows: ContinuationRows) -> i32 {
        self.history
            .quiet_score(pos.history_index(mv), pos.continuation_key(mv), rows)
    }

    /// A quiet move cut off: raise it in the histories, lower the quiet moves tried before it,
    /// and remember it as a killer and as the answer to the previous move.
    pub(super) fn reward_quiet(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        mv: G::Move,
        previous: Option<usize>,
        tried: &[G::Move],
    ) {
        let bonus = history_bonus(depth, &self.params.get());
        let rows = self.continuation_rows(ply);
        let update = |history: &mut History<G>, mv, bonus| {
            history.update_quiet(pos.history_index(mv), pos.continuation_key(mv), rows, bonus);
        };
        update(self.history, mv, bonus);
        for &other in tried {
            update(self.history, other, -bonus);
        }
        self.history.add_killer(ply, mv);
        if let Some(p) = previous {
            self.history.set_counter(p, mv);
        }
    }
}
