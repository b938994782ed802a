//! Singular extensions: the table move is searched a ply deeper when every other move
//! falls well short of it, since the line then hangs on that one move.

use super::Worker;
use crate::engine::params::*;
use crate::engine::tt::{TtBound, TtEntry};
use crate::engine::Game;

/// What the singularity test says about the table move.
pub(super) enum Singular {
    /// Search it this many plies deeper (negative: shallower).
    Extend(i32),
    /// Even without the table move the node fails high: return this score at once.
    Cut(i32),
}

impl<G: Game> Worker<'_, G> {
    /// Whether the table move `mv` is singular at this node: the node is searched again,
    /// `mv` left out, at half depth against a bound below the table score. If everything
    /// else fails low, `mv` is extended (twice when it fails low by far, outside the PV,
    /// and not too often on this path). If the others reach beta too, several moves
    /// refute the parent and the node is cut (multi-cut); if only the table score was
    /// above beta, `mv` is not the one move that holds, and it is searched a ply less.
    /// `None` when the table entry is too shallow or too vague for the test.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn singular_extension(
        &mut self,
        pos: &G,
        mv: G::Move,
        entry: &TtEntry,
        depth: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
        previous: Option<usize>,
    ) -> Option<Singular> {
        let params = self.params.get();
        if depth < params.singular_min_depth
            || entry.depth < depth - params.singular_tt_depth_margin
            || entry.bound == TtBound::Upper
            || entry.score.abs() >= MATE_BOUND
        {
            return None;
        }
        let singular_beta = entry.score - params.singular_margin_per_depth * depth;
        let eval = self.stack[ply].eval;
        self.stack[ply].excluded = Some(mv);
        let score = self.negamax::<false>(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            cut_node,
            previous,
        );
        self.stack[ply].excluded = None;
        self.stack[ply].eval = eval;
        if self.stopped {
            return None;
        }
        Some(if score < singular_beta {
            let double = !pv_node
                && score < singular_beta - params.singular_double_margin
                && i32::from(self.stack[ply].doubles) < params.singular_max_doubles;
            Singular::Extend(1 + i32::from(double))
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else if entry.score >= beta {
            Singular::Extend(-1)
        } else {
            Singular::Extend(0)
        })
    }
}
