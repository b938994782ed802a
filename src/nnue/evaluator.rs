//! The network evaluation of a search thread, for any game: the accumulators along the
//! path ([`AccumulatorStack`]), told by the game which inputs each step changed; or, while
//! no network is in use, the game's hand-written evaluation.

use super::accumulator::{AccumulatorStack, Input, InputChanges};
use super::features::MAX_ACTIVE;
use super::{FeatureSetId, Network, NetworkSlot};
use crate::engine::{Evaluator, MAX_PLY};
use std::sync::Arc;

/// What a game tells its network about a position. A game may number its inputs in several
/// ways, one per feature set (a chess network may bucket its inputs by the king's square);
/// the numbering of the network in use is worked out once, when an evaluator is made
/// ([`Self::Indexing`]), so that a search never looks at the feature set again.
pub trait NetworkInputs: Sized {
    /// How the game numbers its inputs under one feature set.
    type Indexing: Send;
    /// The slot of the network the game evaluates with.
    fn network_slot() -> &'static NetworkSlot;
    /// The numbering of the inputs of `features`.
    fn indexing(features: FeatureSetId) -> Self::Indexing;
    /// How many refresh slots the changes of `indexing` name ([`InputChanges::refresh`]):
    /// a perspective renewed whole starts from the accumulator last renewed in its slot.
    fn refresh_slots(indexing: &Self::Indexing) -> usize;
    /// Calls `f` with every input the position sets (at most [`MAX_ACTIVE`]).
    fn for_each_input(&self, indexing: &Self::Indexing, f: impl FnMut(Input));
    /// Records in `changes` the inputs that differ between `parent` and `child`.
    fn record_changes(
        indexing: &Self::Indexing,
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
    indexing: &G::Indexing,
) -> ([Input; MAX_ACTIVE], usize) {
    let mut inputs = [[0; 2]; MAX_ACTIVE];
    let mut len = 0;
    pos.for_each_input(indexing, |input| {
        inputs[len] = input;
        len += 1;
    });
    (inputs, len)
}

/// A network in use: the accumulators and the numbering of its inputs.
struct Inference<G: NetworkInputs> {
    stack: AccumulatorStack,
    indexing: G::Indexing,
}

/// The evaluation of a search thread for a game with a network.
pub struct NetworkEvaluator<G: NetworkInputs> {
    /// The network (`None`: the hand-written evaluation).
    network: Option<Inference<G>>,
}

impl<G: NetworkInputs> NetworkEvaluator<G> {
    /// An evaluator with network `net`, or by hand without one ([`Evaluator::new`] takes
    /// the setting in force).
    pub fn with_network(net: Option<Arc<Network>>) -> Self {
        Self {
            network: net.map(|net| {
                let indexing = G::indexing(net.shape().features);
                let slots = G::refresh_slots(&indexing);
                Inference {
                    stack: AccumulatorStack::new(net, MAX_PLY + 2, slots),
                    indexing,
                }
            }),
        }
    }

    /// The accumulators of the current position, both perspectives, brought up to date
    /// (`None` without a network), for tests against [`accumulators_from_scratch`].
    #[cfg(test)]
    pub fn accumulators(&mut self) -> Option<&[i16]> {
        self.network.as_mut().map(|network| network.stack.current())
    }
}

impl<G: NetworkInputs> Evaluator<G> for NetworkEvaluator<G> {
    fn new() -> Self {
        Self::with_network(G::network_slot().current())
    }

    fn start(&mut self, root: &G) {
        if let Some(network) = &mut self.network {
            let (inputs, len) = active_inputs(root, &network.indexing);
            network.stack.start(&inputs[..len]);
        }
    }

    #[inline]
    fn push(&mut self, parent: &G, child: &G) {
        if let Some(network) = &mut self.network {
            G::record_changes(&network.indexing, parent, child, network.stack.push());
        }
    }

    #[inline]
    fn pop(&mut self) {
        if let Some(network) = &mut self.network {
            network.stack.pop();
        }
    }

    fn evaluate(&mut self, pos: &G) -> i32 {
        match &mut self.network {
            Some(network) => network.stack.output(pos.mover(), pos.output_bucket()),
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
    let indexing = G::indexing(net.shape().features);
    let (inputs, len) = active_inputs(pos, &indexing);
    super::accumulator::output_from_scratch(net, &inputs[..len], pos.mover(), pos.output_bucket())
}

/// The accumulators of `pos` under `net`, both perspectives, computed from scratch.
#[cfg(test)]
pub fn accumulators_from_scratch<G: NetworkInputs>(net: &Network, pos: &G) -> Vec<i16> {
    let indexing = G::indexing(net.shape().features);
    let (inputs, len) = active_inputs(pos, &indexing);
    super::accumulator::frame_from_scratch(net, &inputs[..len])
}
