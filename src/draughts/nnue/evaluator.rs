//! The draughts evaluation of a search thread: the network's accumulators along the path
//! ([`AccumulatorStack`]), told which men and kings each step moved, crowned or took, read
//! off the two positions' bitboards; or, while no network is in use, the hand-written
//! evaluation.

use super::features::{feature, output_bucket};
use super::network::DRAUGHTS_NETWORK;
use crate::draughts::eval::evaluate as hand_written;
use crate::draughts::square::number_of;
use crate::draughts::{Color, Position, SearchPosition};
use crate::engine::{Evaluator, MAX_PLY};
use crate::nnue::accumulator::{output_from_scratch, AccumulatorStack, Input, InputChanges};
use crate::nnue::Network;
use std::sync::Arc;

const COLORS: [Color; 2] = [Color::White, Color::Black];

/// The input a `color` piece (a king when `king`) on bit `bit` sets, for White's
/// perspective and Black's.
#[inline]
fn input(color: Color, king: bool, bit: u32) -> Input {
    let number = number_of(bit);
    [
        feature(Color::White, color, king, number) as u16,
        feature(Color::Black, color, king, number) as u16,
    ]
}

/// The bits set in `set`.
fn bits(mut set: u64) -> impl Iterator<Item = u32> + Clone {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros();
            set &= set - 1;
            bit
        })
    })
}

/// Every input `pos` sets.
fn active_inputs(pos: &Position) -> impl Iterator<Item = Input> + Clone + '_ {
    COLORS.into_iter().flat_map(move |color| {
        bits(pos.men(color))
            .map(move |bit| input(color, false, bit))
            .chain(bits(pos.kings(color)).map(move |bit| input(color, true, bit)))
    })
}

/// The perspective index of the side to move, and the output bucket.
fn mover_and_bucket(pos: &Position) -> (usize, usize) {
    (
        usize::from(pos.side() == Color::Black),
        output_bucket(pos.occupied().count_ones()),
    )
}

/// Records in `changes` every piece that differs between `before` and `after`.
fn record_changes(before: &Position, after: &Position, changes: &mut InputChanges) {
    for color in COLORS {
        for (king, old, new) in [
            (false, before.men(color), after.men(color)),
            (true, before.kings(color), after.kings(color)),
        ] {
            for bit in bits(old & !new) {
                changes.turn_off(input(color, king, bit));
            }
            for bit in bits(new & !old) {
                changes.turn_on(input(color, king, bit));
            }
        }
    }
}

/// The draughts evaluation of a search thread.
pub struct DraughtsEvaluator {
    /// The network's accumulators (`None`: the hand-written evaluation).
    stack: Option<AccumulatorStack>,
}

impl DraughtsEvaluator {
    /// An evaluator with network `net`, or by hand without one ([`Evaluator::new`] takes
    /// the setting in force).
    pub fn with_network(net: Option<Arc<Network>>) -> Self {
        Self {
            stack: net.map(|net| AccumulatorStack::new(net, MAX_PLY + 2)),
        }
    }
}

impl Evaluator<SearchPosition> for DraughtsEvaluator {
    fn new() -> Self {
        Self::with_network(DRAUGHTS_NETWORK.current())
    }

    fn start(&mut self, root: &SearchPosition) {
        if let Some(stack) = &mut self.stack {
            stack.start(active_inputs(&root.position));
        }
    }

    #[inline]
    fn push(&mut self, parent: &SearchPosition, child: &SearchPosition) {
        if let Some(stack) = &mut self.stack {
            record_changes(&parent.position, &child.position, stack.push());
        }
    }

    #[inline]
    fn pop(&mut self) {
        if let Some(stack) = &mut self.stack {
            stack.pop();
        }
    }

    fn evaluate(&mut self, pos: &SearchPosition) -> i32 {
        match &mut self.stack {
            Some(stack) => {
                let (mover, bucket) = mover_and_bucket(&pos.position);
                stack.output(mover, bucket)
            }
            None => hand_written(&pos.position),
        }
    }
}

/// The evaluation of `pos` for the side to move, from scratch, with the setting in force.
pub fn evaluate(pos: &Position) -> i32 {
    match DRAUGHTS_NETWORK.current() {
        Some(net) => evaluate_from_scratch(&net, pos),
        None => hand_written(pos),
    }
}

/// The network's evaluation of `pos` from scratch, for the side to move.
pub fn evaluate_from_scratch(net: &Network, pos: &Position) -> i32 {
    let (mover, bucket) = mover_and_bucket(pos);
    output_from_scratch(net, active_inputs(pos), mover, bucket)
}
