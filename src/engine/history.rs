//! Per-thread move-ordering memory: butterfly history, killers and counter-moves.
//!
//! Each search thread keeps its own tables (no sharing, no atomics); in Lazy SMP the
//! threads diverging a little in move order is a feature. The game decides what a
//! "similar move" is through [`Game::history_index`], so the same tables serve chess
//! (piece and squares) and draughts (from and to squares).

use super::params::{HISTORY_BONUS_MAX, HISTORY_BONUS_SCALE, HISTORY_MAX, MAX_PLY};
use super::Game;

/// Ordering memory of one search thread.
pub struct History<G: Game> {
    butterfly: Vec<i32>,
    counters: Vec<G::Move>,
    killers: Vec<[G::Move; 2]>,
}

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

/// History bonus for a cut-off at `depth`: grows with the square of the depth, capped.
pub fn history_bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_SCALE * depth * depth).min(HISTORY_BONUS_MAX)
}

impl<G: Game> History<G> {
    /// Empty tables.
    pub fn new() -> Self {
        Self {
            butterfly: vec![0; G::HISTORY_SIZE],
            counters: vec![G::Move::default(); G::HISTORY_SIZE],
            killers: vec![[G::Move::default(); 2]; MAX_PLY + 2],
        }
    }

    /// Forgets everything (new game).
    pub fn clear(&mut self) {
        self.butterfly.fill(0);
        self.counters.fill(G::Move::default());
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

    /// Gravity update: the entry moves towards +-HISTORY_MAX by `bonus`, slower the closer
    /// it already is, so scores stay bounded and old evidence fades.
    pub fn update(&mut self, index: usize, bonus: i32) {
        let entry = &mut self.butterfly[index];
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
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

impl<G: Game> Default for History<G> {
    fn default() -> Self {
        Self::new()
    }
}
