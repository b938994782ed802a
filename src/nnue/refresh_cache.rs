//! A search thread's refresh cache (the "Finny table" of chess engines): for each
//! perspective and each refresh slot the game names, the accumulator last computed there
//! and the set of inputs it was computed from.
//!
//! A perspective whose inputs all change at once (a chess king into another bucket, or
//! over to the other half of the board) would otherwise be computed afresh, the bias plus
//! every active input's row. From its slot's entry it needs only the inputs that differ:
//! a king tends to come back to the squares it left, with most of the board as it was. The
//! slot is the game's business (chess: the king bucket and the half of the board); whatever
//! it names, the result is the same, since the entry says exactly which inputs it holds.

use super::simd::MAX_ROWS;
use super::Network;

/// The entries of one thread: `2 × slots` of them, the first perspective's first.
pub struct RefreshCache {
    slots: usize,
    /// `u64` words of an entry's input set.
    words: usize,
    /// Each entry's accumulator, `hidden` values each.
    accumulators: Vec<i16>,
    /// Each entry's inputs, one bit per input, `words` each.
    inputs: Vec<u64>,
    /// Each entry's words that may hold a bit: `first..end`.
    spans: Vec<(usize, usize)>,
    /// The new set being compared, all zero between refreshes.
    scratch: Vec<u64>,
}

impl RefreshCache {
    /// A cache of `slots` entries per perspective for `net`, each the accumulator of no
    /// input (the bias).
    pub fn new(net: &Network, slots: usize) -> Self {
        let words = net.shape().inputs.div_ceil(64);
        let entries = 2 * slots;
        Self {
            slots,
            words,
            accumulators: net.bias().repeat(entries),
            inputs: vec![0; entries * words],
            spans: vec![(0, 0); entries],
            scratch: vec![0; words],
        }
    }

    /// Writes into `out` the accumulator of `perspective` (0 or 1) whose active inputs are
    /// `active` (each at most once, at most [`MAX_ROWS`]), starting from the entry of
    /// `slot`, which then holds that accumulator.
    pub fn refresh(
        &mut self,
        net: &Network,
        perspective: usize,
        slot: usize,
        active: &[u16],
        out: &mut [i16],
    ) {
        debug_assert!(slot < self.slots && active.len() <= MAX_ROWS);
        let entry = perspective * self.slots + slot;
        let (mut first, mut end) = self.spans[entry];
        let new_span = (
            active.iter().map(|&i| usize::from(i) / 64).min(),
            active.iter().map(|&i| usize::from(i) / 64 + 1).max(),
        );
        if let (Some(new_first), Some(new_end)) = new_span {
            (first, end) = if first == end {
                (new_first, new_end)
            } else {
                (first.min(new_first), end.max(new_end))
            };
        }
        for &input in active {
            self.scratch[usize::from(input) / 64] |= 1 << (input % 64);
        }
        let held = &mut self.inputs[entry * self.words..][..self.words];
        // No more inputs turn on than are active, and no more turn off than the entry
        // held, which were once active.
        let (mut adds, mut subs) = ([0u16; MAX_ROWS], [0u16; MAX_ROWS]);
        let (mut on, mut off) = (0, 0);
        let words = held[first..end]
            .iter_mut()
            .zip(&mut self.scratch[first..end]);
        for (word, (held, scratch)) in (first..).zip(words) {
            let (old, new) = (*held, *scratch);
            for (bits, list, len) in [
                (new & !old, &mut adds, &mut on),
                (old & !new, &mut subs, &mut off),
            ] {
                let mut bits = bits;
                while bits != 0 {
                    list[*len] = (word * 64) as u16 + bits.trailing_zeros() as u16;
                    *len += 1;
                    bits &= bits - 1;
                }
            }
            *held = new;
            *scratch = 0;
        }
        self.spans[entry] = new_span.0.zip(new_span.1).unwrap_or((0, 0));
        let hidden = net.hidden();
        let cached = &mut self.accumulators[entry * hidden..][..hidden];
        net.update(out, cached, &adds[..on], &subs[..off]);
        cached.copy_from_slice(out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::{FeatureSetId, NetworkShape, QuantisedWeights};
    use crate::rng::Rng;

    fn random_network(rng: &mut Rng, inputs: usize, hidden: usize) -> Network {
        let mut values =
            |n: usize| -> Vec<i16> { (0..n).map(|_| rng.below(401) as i16 - 200).collect() };
        Network::new(QuantisedWeights {
            shape: NetworkShape {
                features: FeatureSetId::Chess768,
                inputs,
                hidden,
                buckets: 8,
                qa: 255,
                qb: 64,
                scale: 400,
            },
            feature_weights: values(inputs * hidden),
            feature_bias: values(hidden),
            output_weights: values(8 * 2 * hidden),
            output_bias: vec![0; 8],
        })
        .unwrap()
    }

    /// The bias plus the row of every input of `active`, one at a time.
    fn from_scratch(net: &Network, active: &[u16]) -> Vec<i16> {
        let mut acc = net.bias().to_vec();
        for &input in active {
            for (a, &w) in acc.iter_mut().zip(net.feature_row(usize::from(input))) {
                *a = a.wrapping_add(w);
            }
        }
        acc
    }

    /// Sets of inputs that drift a few inputs at a time, and now and then jump to another
    /// part of the input space (or empty), refreshed through random slots: every result is
    /// the accumulator from scratch.
    #[test]
    fn refreshes_equal_accumulators_from_scratch() {
        let mut rng = Rng::new(3);
        let net = random_network(&mut rng, 768, 64);
        let mut cache = RefreshCache::new(&net, 5);
        let mut active: Vec<u16> = (0..30).map(|i| i * 7).collect();
        let mut out = vec![0; 64];
        for step in 0..2000 {
            if rng.below(20) == 0 {
                let base = rng.below(500) as u16;
                active = (0..rng.below(MAX_ROWS as u64 + 1) as u16)
                    .map(|i| base + i * 8)
                    .collect();
            } else {
                for _ in 0..rng.below(4) {
                    if !active.is_empty() && rng.below(2) == 0 {
                        active.swap_remove(rng.below(active.len() as u64) as usize);
                    } else if active.len() < MAX_ROWS {
                        let input = rng.below(768) as u16;
                        if !active.contains(&input) {
                            active.push(input);
                        }
                    }
                }
            }
            let (perspective, slot) = (step % 2, rng.below(5) as usize);
            cache.refresh(&net, perspective, slot, &active, &mut out);
            assert_eq!(out, from_scratch(&net, &active), "step {step}");
        }
    }
}
