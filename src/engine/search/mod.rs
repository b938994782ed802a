//! The search of one thread: iterative deepening with aspiration windows over a principal
//! variation search, then quiescence.
//!
//! Every thread of Lazy SMP runs this same code on the same root, sharing only the
//! transposition table and the control flags; they help each other by filling the table.
//! Thread 0 alone reports progress and manages time. The steps of [`Worker::negamax`] are
//! numbered in the order they run, so the function reads as its own description.

mod histories;
mod negamax;
mod node;
mod progress;
mod quiescence;
mod root;
mod singular;
mod stack;

use super::{Evaluator, Game, Limits, Score, SearchEvent};
use crate::engine::control::SearchControl;
use crate::engine::history::History;
use crate::engine::params::*;
use crate::engine::time::TimeManager;
use crate::engine::tt::TranspositionTable;
use crate::engine::tunables::{percent, ActiveParams, SearchParams};
use crossbeam_channel::Sender;
use stack::StackEntry;

/// A root move with its score and line from the last search that reached it.
#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
    /// The last iteration depth at which this move, searched after the first, beat the
    /// best score before it (0: never, or a later search of it at that depth fell back):
    /// a better move than the last iteration's, known even when that iteration is cut
    /// short.
    overtook_at: i32,
    /// Nodes this thread has spent below this move since the search began: the time
    /// manager reads how settled the best move is from its share.
    nodes: u64,
}

/// What one thread achieved, read when the search ends.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    /// Deepest fully completed iteration (0: none).
    pub depth: u32,
    /// Score of the best move at that depth.
    pub score: i32,
    /// Principal variation, starting with the best move; empty iff no legal root move.
    pub pv: Vec<M>,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Average ply of the leaves (where quiescence began).
    pub mean_depth: f64,
}

/// Converts an internal score into the reported form.
pub fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Win((MATE - score) as u32)
    } else if score <= -MATE_BOUND {
        Score::Loss((MATE + score) as u32)
    } else {
        Score::Value(score)
    }
}

/// One search thread.
pub struct Worker<'a, G: Game> {
    id: usize,
    ctl: &'a SearchControl,
    tt: &'a TranspositionTable,
    limits: &'a Limits<G::Move>,
    history: &'a mut History<G>,
    /// The tunable constants; read as `G`'s constants except in a tuning build.
    params: ActiveParams<G>,
    /// Late-move reductions by `depth * 64 + moves`.
    lmr: &'a [i32],
    /// The principal variation of each ply, a row of `MAX_PLY + 1` moves per ply.
    pv_table: &'a mut [G::Move],
    /// The static evaluation, told of every step along the path.
    evaluator: G::Evaluator,
    /// Thread 0 reports through this; helpers have none.
    events: Option<&'a Sender<SearchEvent<G::Move>>>,
    /// Thread 0's time limits, planned when its search of the root starts.
    tm: Option<TimeManager>,
    /// Hashes of the game's positions before the root, oldest first.
    game_history: Vec<u64>,
    /// An entry per ply of the current path, the root's first.
    stack: Vec<StackEntry<G::Move>>,
    root_moves: Vec<RootMove<G::Move>>,
    root_depth: i32,
    nodes: u64,
    unflushed: u64,
    check_interval: u64,
    stopped: bool,
    /// The ply of the position after the innermost null move on the path (`None`: no
    /// null move): nothing before a pass can repeat a position after it.
    null_floor: Option<usize>,
    seldepth: usize,
    leaf_plies: u64,
    leaves: u64,
}

/// What a search thread keeps from one search to the next: its move-ordering memory and
/// the tables every search needs. Made once rather than at each search's start: a fast
/// game starts several searches a second, and the PV table alone is a quarter of a
/// megabyte for draughts.
pub struct ThreadTables<G: Game> {
    params: ActiveParams<G>,
    history: History<G>,
    lmr: Vec<i32>,
    pv_table: Vec<G::Move>,
}

impl<G: Game> ThreadTables<G> {
    /// Empty history, the reduction table of `params`, and a PV table with room for every
    /// ply.
    pub fn new(params: ActiveParams<G>) -> Self {
        Self {
            params,
            history: History::new(),
            lmr: lmr_table(&params.get()),
            pv_table: vec![G::Move::default(); (MAX_PLY + 1) * (MAX_PLY + 1)],
        }
    }

    /// Forgets the move-ordering memory (a new game).
    pub fn clear(&mut self) {
        self.history.clear();
    }

    /// Searches from now on with `params` (a tuning build's options).
    #[cfg(feature = "tune")]
    pub fn set_params(&mut self, params: ActiveParams<G>) {
        self.params = params;
        self.lmr = lmr_table(&params.get());
    }
}

/// Late-move reductions by `depth * 64 + moves`, computed once per thread: a logarithm
/// per node would cost more than the lookup.
fn lmr_table(params: &SearchParams) -> Vec<i32> {
    let mut table = vec![0; 64 * 64];
    for depth in 1..64 {
        for moves in 1..64 {
            let r = percent(params.lmr_base)
                + (depth as f64).ln() * (moves as f64).ln() / percent(params.lmr_divisor);
            table[depth * 64 + moves] = r as i32;
        }
    }
    table
}

impl<'a, G: Game> Worker<'a, G> {
    /// A thread ready to search; `game_history` holds the hashes before the root.
    pub fn new(
        id: usize,
        ctl: &'a SearchControl,
        tt: &'a TranspositionTable,
        limits: &'a Limits<G::Move>,
        tables: &'a mut ThreadTables<G>,
        events: Option<&'a Sender<SearchEvent<G::Move>>>,
        game_history: &[u64],
    ) -> Self {
        let ThreadTables {
            params,
            history,
            lmr,
            pv_table,
        } = tables;
        history.clear_killers();
        Self {
            id,
            ctl,
            tt,
            limits,
            history,
            params: *params,
            lmr,
            pv_table,
            evaluator: G::Evaluator::new(),
            events,
            tm: None,
            game_history: game_history.to_vec(),
            stack: vec![StackEntry::new(G::CONTINUATION_SIZE); MAX_PLY + 2],
            root_moves: Vec::new(),
            root_depth: 0,
            nodes: 0,
            unflushed: 0,
            // A node limit below the usual interval is looked at from the first node on.
            check_interval: CHECK_INTERVAL.min(ctl.nodes_left() / 8).max(1),
            stopped: false,
            null_floor: None,
            seldepth: 0,
            leaf_plies: 0,
            leaves: 0,
        }
    }

    /// Searches `root` until a limit or the stop flag ends it, and says what it found.
    pub fn run(mut self, root: &G) -> ThreadResult<G::Move> {
        if self.id == 0 {
            let params = self.params.get();
            self.tm = TimeManager::new(self.limits, root.sudden_death_moves(&params), &params);
        }
        self.stack[0].hash = root.hash();
        self.evaluator.start(root);
        self.root_moves = self.ordered_root_moves(root);
        let mut result = ThreadResult {
            depth: 0,
            score: -INFINITY,
            pv: self
                .root_moves
                .first()
                .map(|r| vec![r.mv])
                .unwrap_or_default(),
            seldepth: 0,
            mean_depth: 0.0,
        };
        if !self.root_moves.is_empty() {
            self.iterative_deepening(root, &mut result);
        }
        self.ctl.add_nodes_and_check(self.unflushed);
        if self.id == 0 {
            // The main thread's end ends the helpers too.
            self.ctl.abort();
        }
        result
    }
}
