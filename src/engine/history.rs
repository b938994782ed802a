//! Per-thread move-ordering memory: butterfly history, continuation histories, killers
//! and counter-moves.
//!
//! Each search thread keeps its own tables (no sharing, no atomics); in Lazy SMP the
//! threads diverging a little in move order is a feature. The game decides what a
//! "similar move" is through [`Game::history_index`], so the same tables serve chess
//! (piece and squares) and draughts (from and to squares).

use super::params::{HISTORY_MAX, MAX_PLY};
use super::{Game, SearchParams};

/// Ordering memory of one search thread.
pub struct History<G: Game> {
    butterfly: Vec<i32>,
    /// How each quiet move fared as a reply to the move one ply before (`[0]`) and two
    /// plies before (`[1]`): a row per key of the earlier move, one more row for none.
    continuation: [Vec<i16>; 2],
    counters: Vec<G::Move>,
    killers: Vec<[G::Move; 2]>,
    /// How far the static evaluation was off, by [`Game::correction_key`], in
    /// 1/[`CORRECTION_GRAIN`] units.
    correction: Vec<i32>,
}

/// Where a node's quiet moves find their continuation scores: the rows of the moves one
/// and two plies back. The row of a missing move (a null move, or before the root) is
/// never written, so it reads as zero and costs no branch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinuationRows([usize; 2]);

impl ContinuationRows {
    /// The rows for the continuation keys of the moves one and two plies back, a key of
    /// `G::CONTINUATION_SIZE` standing for no move.
    #[inline]
    pub fn new<G: Game>(one_back: usize, two_back: usize) -> Self {
        Self([
            one_back * G::CONTINUATION_SIZE,
            two_back * G::CONTINUATION_SIZE,
        ])
    }
}

/// Slots of the correction history.
const CORRECTION_SIZE: usize = 16_384;

/// Correction entries hold this many parts of a unit, so small steps are not rounded away.
const CORRECTION_GRAIN: i32 = 256;

/// The weight of one update out of this: the entry is a moving average.
const CORRECTION_WEIGHT_SCALE: i32 = 256;

/// Quiet moves remembered per node for the history malus: later ones are rare, and a
/// small array is cheap to set up at every node.
const QUIETS_TRACKED: usize = 32;

/// The quiet moves a node searched before its cut-off (they failed to cut: malus).
pub struct QuietsTried<M> {
    moves: [M; QUIETS_TRACKED],
    count: usize,
}

impl<M: Copy + Default> QuietsTried<M> {
    /// None yet.
    pub fn new() -> Self {
        Self {
            moves: [M::default(); QUIETS_TRACKED],
            count: 0,
        }
    }

    /// Records a searched quiet move.
    pub fn push(&mut self, mv: M) {
        if self.count < QUIETS_TRACKED {
            self.moves[self.count] = mv;
        }
        self.count += 1;
    }

    /// How many quiet moves were searched (all of them, remembered or not).
    pub fn len(&self) -> usize {
        self.count
    }

    /// The remembered ones.
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.count.min(QUIETS_TRACKED)]
    }
}

/// History bonus for a cut-off at `depth`: grows with the depth, capped.
pub fn history_bonus(depth: i32, params: &SearchParams) -> i32 {
    (params.history_bonus_square * depth * depth + params.history_bonus_scale * depth
        - params.history_bonus_offset)
        .clamp(0, params.history_bonus_max)
}

impl<G: Game> History<G> {
    /// Empty tables.
    pub fn new() -> Self {
        let rows = G::CONTINUATION_SIZE + 1;
        Self {
            butterfly: vec![0; G::HISTORY_SIZE],
            continuation: [
                vec![0; rows * G::CONTINUATION_SIZE],
                vec![0; rows * G::CONTINUATION_SIZE],
            ],
            counters: vec![G::Move::default(); G::HISTORY_SIZE],
            killers: vec![[G::Move::default(); 2]; MAX_PLY + 2],
            correction: vec![0; CORRECTION_SIZE],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.butterfly.fill(0);
        self.continuation.iter_mut().for_each(|table| table.fill(0));
        self.counters.fill(G::Move::default());
        self.correction.fill(0);
        self.clear_killers();
    }

    /// Forgets the killers, which are about the previous search's plies.
    pub fn clear_killers(&mut self) {
        self.killers.fill([G::Move::default(); 2]);
    }

    /// History score of the move with history index `index`.
    pub fn score(&self, index: usize) -> i32 {
        self.butterfly[index]
    }

    /// The ordering score of a quiet move: its butterfly history (index `index`) plus how
    /// it (continuation key `key`) fared after the moves one and two plies back.
    #[inline]
    pub fn quiet_score(&self, index: usize, key: usize, rows: ContinuationRows) -> i32 {
        self.butterfly[index]
            + i32::from(self.continuation[0][rows.0[0] + key])
            + i32::from(self.continuation[1][rows.0[1] + key])
    }

    /// Rewards (`bonus` > 0) or punishes a quiet move in the butterfly table and in both
    /// continuation tables.
    pub fn update_quiet(&mut self, index: usize, key: usize, rows: ContinuationRows, bonus: i32) {
        self.update_butterfly(index, bonus);
        let missing = G::CONTINUATION_SIZE * G::CONTINUATION_SIZE;
        for (table, &row) in self.continuation.iter_mut().zip(&rows.0) {
            if row != missing {
                let entry = &mut table[row + key];
                *entry = gravity(i32::from(*entry), bonus) as i16;
            }
        }
    }

    /// Moves the butterfly entry `index` by `bonus` (see [`gravity`]).
    pub fn update_butterfly(&mut self, index: usize, bonus: i32) {
        let entry = &mut self.butterfly[index];
        *entry = gravity(*entry, bonus);
    }

    /// The correction history slot of a position with correction key `key`.
    fn correction_slot(key: u64) -> usize {
        ((u128::from(key) * CORRECTION_SIZE as u128) >> 64) as usize
    }

    /// `raw`, the static evaluation of a position with correction key `key`, corrected by
    /// what earlier searches found such positions to be worth.
    #[inline]
    pub fn corrected_eval(&self, key: u64, raw: i32) -> i32 {
        raw + self.correction[Self::correction_slot(key)] / CORRECTION_GRAIN
    }

    /// A search of `depth` found a position with correction key `key` worth `error` more
    /// than its raw static evaluation: the entry moves towards that, more after a deeper
    /// search, as far as `params` let it.
    pub fn update_correction(&mut self, key: u64, depth: i32, error: i32, params: &SearchParams) {
        let entry = &mut self.correction[Self::correction_slot(key)];
        let weight = (depth + 1).min(params.correction_weight_max);
        let limit = params.correction_max;
        let target = error.clamp(-limit, limit) * CORRECTION_GRAIN;
        *entry = (*entry * (CORRECTION_WEIGHT_SCALE - weight) + target * weight)
            / CORRECTION_WEIGHT_SCALE;
    }

    /// The two killers of `ply`.
    pub fn killers(&self, ply: usize) -> [G::Move; 2] {
        self.killers[ply]
    }

    /// Records a quiet move that caused a cut-off at `ply`.
    pub fn add_killer(&mut self, ply: usize, mv: G::Move) {
        let slot = &mut self.killers[ply];
        if slot[0] != mv {
            slot[1] = slot[0];
            slot[0] = mv;
        }
    }

    /// The remembered refutation of the previous move (history index `previous`).
    pub fn counter(&self, previous: usize) -> G::Move {
        self.counters[previous]
    }

    /// Records `mv` as the refutation of the previous move.
    pub fn set_counter(&mut self, previous: usize, mv: G::Move) {
        self.counters[previous] = mv;
    }
}

/// Gravity update: the entry moves towards +-HISTORY_MAX by `bonus`, slower the closer it
/// already is, so scores stay bounded (within an `i16`) and old evidence fades.
#[inline]
fn gravity(entry: i32, bonus: i32) -> i32 {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    entry + bonus - entry * bonus.abs() / HISTORY_MAX
}

impl<G: Game> Default for History<G> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_game::ConnectFour;

    const PARAMS: SearchParams = SearchParams::STANDARD;

    #[test]
    fn a_correction_moves_towards_the_errors_found_and_stays_bounded() {
        let mut history = History::<ConnectFour>::new();
        let (key, other) = (0x1234_5678_9abc_def0, 0xfedc_ba98_7654_3210);
        assert_eq!(history.corrected_eval(key, 40), 40);
        history.update_correction(key, 3, 100, &PARAMS);
        let once = history.corrected_eval(key, 40) - 40;
        // One shallow search moves the entry a little of the way: 4/256 of 100.
        assert_eq!(once, 1);
        for _ in 0..400 {
            history.update_correction(key, 20, 100, &PARAMS);
        }
        let settled = history.corrected_eval(key, 40) - 40;
        assert!((95..=100).contains(&settled), "{settled}");
        for _ in 0..400 {
            history.update_correction(key, 20, 10_000, &PARAMS);
        }
        let capped = history.corrected_eval(key, 40) - 40;
        assert!(
            (PARAMS.correction_max - 2..=PARAMS.correction_max).contains(&capped),
            "{capped}"
        );
        assert_eq!(
            history.corrected_eval(other, -7),
            -7,
            "another key is untouched"
        );
        history.clear();
        assert_eq!(history.corrected_eval(key, 40), 40);
    }
}
