//! The network evaluation of a search thread, for any game: the accumulators along the
//! path ([`AccumulatorStack`]), told by the game which inputs each step changed; or, while
//! no network is in use, the game's hand-written evaluation.

use super::accumulator::{AccumulatorStack, Input, InputChanges};
use super::features::MAX_ACTIVE;
use super::{FeatureSetId, Network, NetworkSlot};
use crate::engine::{Evaluator, MAX_PLY};
use std::marker::PhantomData;
use std::sync::Arc;

/// What a game tells its network about a position. `features` is the feature set of the
/// network in use: a game may have several (a chess network may bucket its inputs by the
/// king's square).
pub trait NetworkInputs: Sized {
    /// The slot of the network the game evaluates with.
    fn network_slot() -> &'static NetworkSlot;
    /// Calls `f` with every input the position sets (at most [`MAX_ACTIVE`]).
    fn for_each_input(&self, features: FeatureSetId, f: impl FnMut(Input));
    /// Records in `changes` the inputs that differ between `parent` and `child`.
    fn record_changes(
        features: FeatureSetId,
        parent: &Self,
        child: &Self,
        changes: &mut InputChanges,
    );
    /// The perspective of the side to move (0 or 1).
    fn mover(&self) -> usize;
    /// The output bucket.
    fn output_bucket(&self) -> usize;
    /// The evaluation without a network, for the side to move.
    fn hand_written(&self) -> i32;
}

/// The inputs of `pos`, collected.
fn active_inputs<G: NetworkInputs>(
    pos: &G,
    features: FeatureSetId,
) -> ([Input; MAX_ACTIVE], usize) {
    let mut inputs = [[0; 2]; MAX_ACTIVE];
    let mut len = 0;
    pos.for_each_input(features, |input| {
        inputs[len] = input;
        len += 1;
    });
    (inputs, len)
}

/// The evaluation of a search thread for a game with a network.
pub struct NetworkEvaluator<G> {
    /// The network's accumulators (`None`: the hand-written evaluation).
    stack: Option<AccumulatorStack>,
    /// The network's feature set.
    features: FeatureSetId,
    game: PhantomData<fn(&G)>,
}

impl<G: NetworkInputs> NetworkEvaluator<G> {
    /// An evaluator with network `net`, or by hand without one ([`Evaluator::new`] takes
    /// the setting in force).
    pub fn with_network(net: Option<Arc<Network>>) -> Self {
        Self {
            features: net
                .as_ref()
                .map_or(G::network_slot().features(), |net| net.shape().features),
            stack: net.map(|net| AccumulatorStack::new(net, MAX_PLY + 2)),
            game: PhantomData,
        }
    }
}

impl<G: NetworkInputs> Evaluator<G> for NetworkEvaluator<G> {
    fn new() -> Self {
        Self::with_network(G::network_slot().current())
    }

    fn start(&mut self, root: &G) {
        if let Some(stack) = &mut self.stack {
            let (inputs, len) = active_inputs(root, self.features);
            stack.start(&inputs[..len]);
        }
    }

    #[inline]
    fn push(&mut self, parent: &G, child: &G) {
        if let Some(stack) = &mut self.stack {
            G::record_changes(self.features, parent, child, stack.push());
        }
    }

    #[inline]
    fn pop(&mut self) {
        if let Some(stack) = &mut self.stack {
            stack.pop();
        }
    }

    fn evaluate(&mut self, pos: &G) -> i32 {
        match &mut self.stack {
            Some(stack) => stack.output(pos.mover(), pos.output_bucket()),
            None => pos.hand_written(),
        }
    }
}

/// The evaluation of `pos` for the side to move, from scratch, with the setting in force.
pub fn evaluate<G: NetworkInputs>(pos: &G) -> i32 {
    match G::network_slot().current() {
        Some(net) => evaluate_from_scratch(&net, pos),
        None => pos.hand_written(),
    }
}

/// The evaluation of `pos` by `net` from scratch, for the side to move.
pub fn evaluate_from_scratch<G: NetworkInputs>(net: &Network, pos: &G) -> i32 {
    let (inputs, len) = active_inputs(pos, net.shape().features);
    super::accumulator::output_from_scratch(net, &inputs[..len], pos.mover(), pos.output_bucket())
}
