//! The static evaluation as a search thread sees it: state carried down the path from the
//! root, so an evaluation network can update its accumulators move by move instead of
//! reading the whole board at every node.
//!
//! The search copies positions (copy-make) but keeps one evaluator per thread beside them,
//! told of every step down ([`Evaluator::push`]) and back ([`Evaluator::pop`]). A game
//! whose evaluation needs nothing but the position uses [`PositionEvaluator`].

use super::Game;

/// Per-thread evaluation state that follows the search's path.
pub trait Evaluator<G>: Send {
    /// An evaluator for a new search (with the evaluation settings in force now).
    fn new() -> Self;

    /// The search starts at `root`; the path is empty.
    fn start(&mut self, root: &G);

    /// The search stepped from `parent` (the current position) to `child`, by a move or a
    /// null move; `child` is now the current position.
    fn push(&mut self, parent: &G, child: &G);

    /// The search stepped back: the parent of the current position is current again.
    fn pop(&mut self);

    /// Evaluation of `pos`, which is the current position, for its side to move, in the
    /// game's unit. Equals [`Game::evaluate`] of the same position.
    fn evaluate(&mut self, pos: &G) -> i32;
}

/// The evaluator of a game whose evaluation reads only the position: every call is
/// [`Game::evaluate`], and the path is not needed.
#[derive(Clone, Copy, Debug, Default)]
pub struct PositionEvaluator;

impl<G: Game> Evaluator<G> for PositionEvaluator {
    fn new() -> Self {
        Self
    }

    fn start(&mut self, _root: &G) {}

    #[inline]
    fn push(&mut self, _parent: &G, _child: &G) {}

    #[inline]
    fn pop(&mut self) {}

    #[inline]
    fn evaluate(&mut self, pos: &G) -> i32 {
        pos.evaluate()
    }
}
