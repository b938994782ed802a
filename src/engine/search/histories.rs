//! What the search learns as it goes and feeds back: the rewards of quiet moves that
//! cut off.

use super::Worker;
use crate::engine::history::history_bonus;
use crate::engine::Game;

impl<G: Game> Worker<'_, G> {
    /// A quiet move cut off: raise it in the history, lower the quiet moves tried before it,
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
        let bonus = history_bonus(depth);
        self.history.update(pos.history_index(mv), bonus);
        for &other in tried {
            self.history.update(pos.history_index(other), -bonus);
        }
        self.history.add_killer(ply, mv);
        if let Some(p) = previous {
            self.history.set_counter(p, mv);
        }
    }
}
