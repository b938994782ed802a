//! The accumulators of one search thread along its path, one frame per ply, for any game:
//! the game says which inputs a step turned on and off, and this stack does the rest.
//!
//! Updates are lazy. A step down only records its input changes; the accumulators are
//! brought up to date when a position is evaluated, from the nearest frame that is, so
//! nodes cut off before their evaluation (table hits, repetitions) cost nothing.
//!
//! Inputs are named by their index for each of the two perspectives (`[first, second]`:
//! chess White and Black, draughts the same); a frame holds the first perspective's
//! accumulator, then the second's. A perspective whose inputs all changed is renewed from
//! the thread's [`RefreshCache`].

use super::refresh_cache::RefreshCache;
use super::{simd, Network};
use std::sync::Arc;

/// Most inputs one step may turn on, or off: a draughts capture can take 20 pieces.
pub const MAX_CHANGED: usize = simd::MAX_ROWS;

/// An input as indexed for each perspective.
pub type Input = [u16; 2];

/// The inputs one step turned on and off, kept per perspective so each perspective's
/// update reads one plain list of rows; or, for a perspective whose inputs all changed
/// (a chess king into another king bucket), every input of the new position and the
/// refresh slot to renew it from.
#[derive(Clone, Copy, Debug)]
pub struct InputChanges {
    on: [[u16; MAX_CHANGED]; 2],
    off: [[u16; MAX_CHANGED]; 2],
    on_len: [u8; 2],
    off_len: [u8; 2],
    /// Whether the perspective is renewed from `on` alone.
    refresh: [bool; 2],
    /// The refresh slot of a renewed perspective.
    slot: [u8; 2],
}

impl InputChanges {
    const NONE: InputChanges = InputChanges {
        on: [[0; MAX_CHANGED]; 2],
        off: [[0; MAX_CHANGED]; 2],
        on_len: [0; 2],
        off_len: [0; 2],
        refresh: [false; 2],
        slot: [0; 2],
    };

    /// Records an input that became active, for both perspectives.
    #[inline]
    pub fn turn_on(&mut self, input: Input) {
        self.turn_on_for(0, input[0]);
        self.turn_on_for(1, input[1]);
    }

    /// Records an input that stopped being active, for both perspectives.
    #[inline]
    pub fn turn_off(&mut self, input: Input) {
        self.turn_off_for(0, input[0]);
        self.turn_off_for(1, input[1]);
    }

    /// Records an input that became active for `perspective` (0 or 1) only.
    #[inline]
    pub fn turn_on_for(&mut self, perspective: usize, index: u16) {
        let at = &mut self.on_len[perspective];
        self.on[perspective][usize::from(*at)] = index;
        *at += 1;
    }

    /// Records an input that stopped being active for `perspective` (0 or 1) only.
    #[inline]
    pub fn turn_off_for(&mut self, perspective: usize, index: u16) {
        let at = &mut self.off_len[perspective];
        self.off[perspective][usize::from(*at)] = index;
        *at += 1;
    }

    /// Marks `perspective` to be renewed from the entry of refresh slot `slot` (below the
    /// game's [`crate::nnue::evaluator::NetworkInputs::refresh_slots`]); the caller then
    /// turns on each of its inputs in the new position with [`Self::turn_on_for`].
    #[inline]
    pub fn refresh(&mut self, perspective: usize, slot: u8) {
        self.refresh[perspective] = true;
        self.slot[perspective] = slot;
        self.on_len[perspective] = 0;
        self.off_len[perspective] = 0;
    }

    fn clear(&mut self) {
        self.on_len = [0; 2];
        self.off_len = [0; 2];
        self.refresh = [false; 2];
    }
}

/// A thread's accumulators, frame `i` for the position at ply `i` of the path.
pub struct AccumulatorStack {
    net: Arc<Network>,
    accumulators: Vec<i16>,
    /// The perspectives last renewed in each refresh slot.
    cache: RefreshCache,
    /// What the step into ply `i` changed.
    changes: Vec<InputChanges>,
    /// Whether frame `i` is up to date.
    fresh: Vec<bool>,
    ply: usize,
}

impl AccumulatorStack {
    /// A stack for `net` with room for `plies` plies (it grows if a path goes deeper), and
    /// `slots` refresh slots per perspective.
    pub fn new(net: Arc<Network>, plies: usize, slots: usize) -> Self {
        let frames = plies.max(1);
        Self {
            accumulators: vec![0; frames * 2 * net.hidden()],
            cache: RefreshCache::new(&net, slots),
            changes: vec![InputChanges::NONE; frames],
            fresh: vec![false; frames],
            ply: 0,
            net,
        }
    }

    /// The network this stack evaluates with.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// Starts a new path at a root whose active inputs are `active`.
    pub fn start(&mut self, active: &[Input]) {
        self.ply = 0;
        let h = self.net.hidden();
        let (first, second) = self.accumulators[..2 * h].split_at_mut(h);
        accumulate(&self.net, active.iter().map(|i| i[0]), first);
        accumulate(&self.net, active.iter().map(|i| i[1]), second);
        self.fresh[0] = true;
    }

    /// Steps down one ply; the caller records the step's changes in the returned value.
    #[inline]
    pub fn push(&mut self) -> &mut InputChanges {
        self.ply += 1;
        if self.ply == self.fresh.len() {
            self.grow();
        }
        self.fresh[self.ply] = false;
        let changes = &mut self.changes[self.ply];
        changes.clear();
        changes
    }

    /// Steps back one ply.
    #[inline]
    pub fn pop(&mut self) {
        self.ply -= 1;
    }

    /// The network's output for the current position: `mover` (0 or 1) is the perspective
    /// of the side to move, `bucket` the output bucket.
    pub fn output(&mut self, mover: usize, bucket: usize) -> i32 {
        self.bring_up_to_date();
        let h = self.net.hidden();
        let frame = &self.accumulators[self.ply * 2 * h..(self.ply + 1) * 2 * h];
        let (us, them) = (&frame[mover * h..][..h], &frame[(1 - mover) * h..][..h]);
        self.net.output(us, them, bucket)
    }

    /// The frame of the current position, both perspectives, brought up to date.
    #[cfg(test)]
    pub fn current(&mut self) -> &[i16] {
        self.bring_up_to_date();
        let h = self.net.hidden();
        &self.accumulators[self.ply * 2 * h..(self.ply + 1) * 2 * h]
    }

    /// Brings the current frame up to date from the nearest frame that is.
    fn bring_up_to_date(&mut self) {
        let mut first = self.ply;
        while !self.fresh[first] {
            first -= 1;
        }
        for ply in first + 1..=self.ply {
            self.apply(ply);
        }
    }

    /// Brings frame `ply` up to date from frame `ply - 1`, which is.
    fn apply(&mut self, ply: usize) {
        let h = self.net.hidden();
        let changes = &self.changes[ply];
        let (before, rest) = self.accumulators.split_at_mut(ply * 2 * h);
        let sources = before[(ply - 1) * 2 * h..].chunks_exact(h);
        let targets = rest[..2 * h].chunks_exact_mut(h);
        for (perspective, (target, source)) in targets.zip(sources).enumerate() {
            let on = &changes.on[perspective][..usize::from(changes.on_len[perspective])];
            let off = &changes.off[perspective][..usize::from(changes.off_len[perspective])];
            if changes.refresh[perspective] {
                let slot = usize::from(changes.slot[perspective]);
                self.cache.refresh(&self.net, perspective, slot, on, target);
            } else {
                self.net.update(target, source, on, off);
            }
        }
        self.fresh[ply] = true;
    }

    fn grow(&mut self) {
        let frames = self.fresh.len() * 2;
        self.accumulators.resize(frames * 2 * self.net.hidden(), 0);
        self.changes.resize(frames, InputChanges::NONE);
        self.fresh.resize(frames, false);
    }
}

/// Writes into `acc` the bias plus the row of every input of `active`.
fn accumulate(net: &Network, active: impl Iterator<Item = u16>, acc: &mut [i16]) {
    acc.copy_from_slice(net.bias());
    for input in active {
        for (a, &w) in acc.iter_mut().zip(net.feature_row(usize::from(input))) {
            *a = a.wrapping_add(w);
        }
    }
}

/// The frame of a position whose active inputs are `active`, computed from scratch: what
/// [`AccumulatorStack::current`] must equal.
pub fn frame_from_scratch(net: &Network, active: &[Input]) -> Vec<i16> {
    let h = net.hidden();
    let mut frame = vec![0; 2 * h];
    let (first, second) = frame.split_at_mut(h);
    accumulate(net, active.iter().map(|i| i[0]), first);
    accumulate(net, active.iter().map(|i| i[1]), second);
    frame
}

/// The network's output for a position whose active inputs are `active`, computed from
/// scratch: `mover` is the side to move's perspective (0 or 1).
pub fn output_from_scratch(net: &Network, active: &[Input], mover: usize, bucket: usize) -> i32 {
    let h = net.hidden();
    let frame = frame_from_scratch(net, active);
    let (us, them) = (&frame[mover * h..][..h], &frame[(1 - mover) * h..][..h]);
    net.output(us, them, bucket)
}
