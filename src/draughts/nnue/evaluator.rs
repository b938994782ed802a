//! What the draughts network sees of a position: one input per man or king, and per move
//! the men and kings that moved, were crowned or were taken, read off the two positions'
//! bitboards.

use super::features::{feature, output_bucket};
use super::network::DRAUGHTS_NETWORK;
use crate::draughts::fast::square::number_of;
use crate::draughts::{Color, SearchPosition};
use crate::nnue::accumulator::{Input, InputChanges};
use crate::nnue::evaluator::{NetworkEvaluator, NetworkInputs};
use crate::nnue::{FeatureSetId, NetworkSlot};

/// The draughts evaluation of a search thread.
pub type DraughtsEvaluator = NetworkEvaluator<SearchPosition>;

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
fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros();
            set &= set - 1;
            bit
        })
    })
}

impl NetworkInputs for SearchPosition {
    /// Draughts has one feature set.
    type Indexing = ();

    fn network_slot() -> &'static NetworkSlot {
        &DRAUGHTS_NETWORK
    }

    fn indexing(_: FeatureSetId) {}

    /// No draughts move renews a perspective whole.
    fn refresh_slots(_: &()) -> usize {
        0
    }

    fn for_each_input(&self, _: &(), mut f: impl FnMut(Input)) {
        for color in COLORS {
            bits(self.position.men(color)).for_each(|bit| f(input(color, false, bit)));
            bits(self.position.kings(color)).for_each(|bit| f(input(color, true, bit)));
        }
    }

    #[inline]
    fn record_changes(_: &(), parent: &Self, child: &Self, changes: &mut InputChanges) {
        let (before, after) = (&parent.position, &child.position);
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

    #[inline]
    fn mover(&self) -> usize {
        usize::from(self.position.side() == Color::Black)
    }

    #[inline]
    fn output_bucket(&self) -> usize {
        output_bucket(self.position.occupied().count_ones())
    }

    fn hand_written(&self) -> i32 {
        crate::draughts::eval::evaluate(&self.position)
    }
}
