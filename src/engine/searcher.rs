//! The public search handle: owns the thread pool, the transposition table and the
//! per-thread tables, and runs each search in the background.
//!
//! A search runs as: a control thread (plain `std::thread`, it only waits) enters the
//! dedicated rayon pool, where thread 0 and the helpers search the same root (Lazy SMP);
//! when they are done the control thread waits, if the search is infinite or pondering,
//! for `stop`/`ponder_hit` on a condvar, picks the best thread's answer and sends exactly
//! one `Done`. The pool is built for exactly the configured number of threads and is
//! never rayon's global pool, so front ends and tests do not interfere with it.

use super::control::SearchControl;
use super::search::{to_score, ThreadResult, ThreadTables, Worker};
use super::time::TimeManager;
use super::tt::TranspositionTable;
use super::tunables::ActiveParams;
use super::{
    Bound, Game, Limits, MoveList, Score, SearchEvent, SearchInfo, SearchParams, SearchResult,
};
use crossbeam_channel::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Stack each search thread needs: recursion holds a move list (up to a few KB) per ply.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;

/// Default transposition table size.
const DEFAULT_HASH_MB: usize = 16;

/// Most search threads accepted.
const MAX_THREADS: usize = 256;

/// The summary of a finished search, for `bench` and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome<M> {
    /// The move to play (`None`: no legal move).
    pub best: Option<M>,
    /// The expected reply, when known.
    pub ponder: Option<M>,
    /// Score of the best move.
    pub score: Score,
    /// Deepest completed iteration of the chosen thread.
    pub depth: u32,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Wall time of the search.
    pub elapsed: Duration,
}

/// What the control thread hands back: the per-thread tables and the outcome.
type Finished<G> = (Vec<ThreadTables<G>>, SearchOutcome<<G as Game>::Move>);

struct Running<G: Game> {
    control: Arc<SearchControl>,
    handle: JoinHandle<Finished<G>>,
}

/// A game's search engine: configure it, then start searches that report over a channel.
pub struct Searcher<G: Game> {
    pool: Arc<rayon::ThreadPool>,
    tt: Arc<TranspositionTable>,
    tables: Vec<ThreadTables<G>>,
    params: ActiveParams<G>,
    running: Option<Running<G>>,
    last: Option<SearchOutcome<G::Move>>,
    /// Whether a search has run since the tables were last cleared (or made): until one
    /// has, clearing them again would only rewrite zeros, up to gigabytes of them.
    searched_since_clear: bool,
}

fn build_pool(threads: usize) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(SEARCH_STACK_BYTES)
        .thread_name(|i| format!("search-{i}"))
        .build()
}

impl<G: Game> Searcher<G> {
    /// 1 thread, 16 MB hash.
    pub fn new() -> Self {
        // Without one thread of our own nothing can be searched; failing here is the OS
        // refusing a thread at start-up, not bad input.
        let pool = build_pool(1).expect("cannot start the search thread");
        let params = ActiveParams::new();
        Self {
            pool: Arc::new(pool),
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)),
            tables: vec![ThreadTables::new(params)],
            params,
            running: None,
            last: None,
            searched_since_clear: false,
        }
    }

    /// Rebuilds the thread pool with exactly `threads` threads (1..=256). Waits for a
    /// running search to stop first. If the OS refuses the threads the old pool stays.
    pub fn set_threads(&mut self, threads: usize) {
        self.stop();
        self.wait();
        let threads = threads.clamp(1, MAX_THREADS);
        if threads == self.pool.current_num_threads() && threads == self.tables.len() {
            return;
        }
        match build_pool(threads) {
            Ok(pool) => {
                self.pool = Arc::new(pool);
                let params = self.params;
                self.tables
                    .resize_with(threads, || ThreadTables::new(params));
            }
            Err(e) => log::error!(
                "cannot start {threads} search threads, keeping {}: {e}",
                self.tables.len()
            ),
        }
    }

    /// The tunable constants the searches run with.
    pub fn params(&self) -> SearchParams {
        self.params.get()
    }

    /// Runs the searches from now on with `values` (a tuning build's options). Waits for
    /// a running search to stop first.
    #[cfg(feature = "tune")]
    pub fn set_params(&mut self, values: SearchParams) {
        self.stop();
        self.wait();
        self.params.set(values);
        let params = self.params;
        self.tables.iter_mut().for_each(|t| t.set_params(params));
    }

    /// Resizes the TT to `mb` megabytes (1..=65536).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.stop();
        self.wait();
        self.tt = Arc::new(TranspositionTable::new(mb));
    }

    /// Clears the TT and all history tables (new game).
    pub fn clear(&mut self) {
        self.stop();
        self.wait();
        if !self.searched_since_clear {
            return;
        }
        self.searched_since_clear = false;
        let threads = self.tables.len();
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(threads),
            // Only a search holds another handle, and it has ended; should one outlive it
            // all the same, a new table of the same size is just as empty.
            None => self.tt = Arc::new(TranspositionTable::new(self.tt.megabytes())),
        }
        self.tables.iter_mut().for_each(ThreadTables::clear);
    }

    /// Starts searching `root` in the background and returns at once. `history` = hashes
    /// of the game positions before `root`, oldest first (for repetition). Every event
    /// goes to `events`: SearchEvent::Info for progress, then exactly one SearchEvent::Done.
    /// If a search is already running it is stopped and waited for first.
    pub fn start(
        &mut self,
        root: G,
        history: Vec<u64>,
        limits: Limits<G::Move>,
        events: Sender<SearchEvent<G::Move>>,
    ) {
        let (control, job) = self.prepare(root, history, limits, events);
        let handle = std::thread::Builder::new()
            .name("search-control".into())
            .spawn(move || job.run(false));
        match handle {
            Ok(handle) => self.running = Some(Running { control, handle }),
            Err(e) => log::error!("cannot start the search control thread: {e}"),
        }
    }

    /// Stops any running search and makes the job of a new one, handing it the tables.
    fn prepare(
        &mut self,
        root: G,
        history: Vec<u64>,
        limits: Limits<G::Move>,
        events: Sender<SearchEvent<G::Move>>,
    ) -> (Arc<SearchControl>, SearchJob<G>) {
        self.stop();
        self.wait();
        self.tt.new_search();
        self.searched_since_clear = true;
        let params = self.params.get();
        let hard = TimeManager::new(&limits, root.sudden_death_moves(&params), &params)
            .map(|tm| tm.hard_limit());
        let control = Arc::new(SearchControl::new(hard, limits.nodes, limits.ponder));
        let job = SearchJob {
            pool: Arc::clone(&self.pool),
            tt: Arc::clone(&self.tt),
            control: Arc::clone(&control),
            tables: std::mem::take(&mut self.tables),
            root,
            history,
            limits,
            events,
        };
        (control, job)
    }

    /// Asks the running search to finish now (Done follows promptly; with ponder/infinite,
    /// this is what releases Done).
    pub fn stop(&self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
    }

    /// Pondering -> normal timed search from now (the clock in Limits starts counting at
    /// this call).
    pub fn ponder_hit(&self) {
        if let Some(running) = &self.running {
            running.control.ponder_hit();
        }
    }

    /// True while a search runs (until its Done has been sent).
    pub fn is_searching(&self) -> bool {
        self.running.as_ref().is_some_and(|r| !r.control.finished())
    }

    /// Blocks until the running search (if any) has sent Done.
    pub fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            match running.handle.join() {
                Ok((tables, outcome)) => {
                    self.tables = tables;
                    self.last = Some(outcome);
                }
                Err(_) => {
                    // The search panicked (a bug in a game's rules); start afresh.
                    log::error!("the search thread panicked; its tables are reset");
                    let params = self.params;
                    self.tables = (0..self.pool.current_num_threads())
                        .map(|_| ThreadTables::new(params))
                        .collect();
                }
            }
        }
    }

    /// Searches to the end and returns the outcome (blocking; for `bench` and tests).
    /// With `infinite` or `ponder` set this would wait for a `stop` that cannot come, so
    /// those modes are cleared here.
    pub fn search_sync(
        &mut self,
        root: G,
        history: Vec<u64>,
        limits: Limits<G::Move>,
    ) -> SearchOutcome<G::Move> {
        let (sender, _receiver) = crossbeam_channel::unbounded();
        self.start(root, history, finite(limits), sender);
        self.wait();
        self.last.take().unwrap_or_else(no_outcome)
    }

    /// As [`Self::search_sync`], but a one-thread search runs on the calling thread,
    /// which must have a stack of [`SEARCH_STACK_BYTES`]. Self-play makes thousands of
    /// short searches a second, and handing each to another thread and back cost it
    /// about a third of its time.
    pub fn search_here(
        &mut self,
        root: G,
        history: Vec<u64>,
        limits: Limits<G::Move>,
    ) -> SearchOutcome<G::Move> {
        let (sender, _receiver) = crossbeam_channel::unbounded();
        let (_, job) = self.prepare(root, history, finite(limits), sender);
        let (tables, outcome) = job.run(true);
        self.tables = tables;
        outcome
    }
}

/// The limits with `infinite` and `ponder` cleared: a blocking search has no `stop` to
/// wait for.
fn finite<M>(mut limits: Limits<M>) -> Limits<M> {
    limits.infinite = false;
    limits.ponder = false;
    limits
}

/// The outcome of a search that never reported one (its thread could not start).
fn no_outcome<M>() -> SearchOutcome<M> {
    SearchOutcome {
        best: None,
        ponder: None,
        score: Score::Value(0),
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
    }
}

impl<G: Game> Default for Searcher<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Drop for Searcher<G> {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

/// Everything the control thread of one search owns.
struct SearchJob<G: Game> {
    pool: Arc<rayon::ThreadPool>,
    tt: Arc<TranspositionTable>,
    control: Arc<SearchControl>,
    tables: Vec<ThreadTables<G>>,
    root: G,
    history: Vec<u64>,
    limits: Limits<G::Move>,
    events: Sender<SearchEvent<G::Move>>,
}

impl<G: Game> SearchJob<G> {
    /// Runs the search; `here` runs its one thread on the calling thread instead of the
    /// pool.
    fn run(mut self, here: bool) -> Finished<G> {
        let mut results: Vec<Option<ThreadResult<G::Move>>> = vec![None; self.tables.len()];
        {
            let (ctl, tt, limits, root, events, history) = (
                &*self.control,
                &*self.tt,
                &self.limits,
                &self.root,
                &self.events,
                &self.history,
            );
            let mut jobs = self.tables.iter_mut().zip(results.iter_mut()).enumerate();
            let main = jobs.next();
            let run_main = move || {
                if let Some((_, (tables, slot))) = main {
                    *slot = Some(
                        Worker::new(0, ctl, tt, limits, tables, Some(events), history).run(root),
                    );
                }
            };
            // Helpers need the pool; a lone thread may search where it is called.
            if here && jobs.len() == 0 {
                run_main();
            } else {
                self.pool.scope(|scope| {
                    for (id, (tables, slot)) in jobs {
                        scope.spawn(move |_| {
                            *slot = Some(
                                Worker::new(id, ctl, tt, limits, tables, None, history).run(root),
                            );
                        });
                    }
                    run_main();
                });
            }
        }
        if self.limits.infinite || self.limits.ponder {
            self.control.wait_for_release(self.limits.infinite);
        }
        let (outcome, line) = self.choose(results.into_iter().flatten().collect());
        let _ = self.events.send(SearchEvent::Info(SearchInfo {
            depth: outcome.depth,
            seldepth: line.seldepth,
            mean_depth: line.mean_depth,
            multipv: 1,
            score: outcome.score,
            bound: Bound::Exact,
            nodes: outcome.nodes,
            elapsed: outcome.elapsed,
            hashfull: self.tt.hashfull(),
            table_hits: self.control.table_hits(),
            pv: line.pv,
        }));
        // A front end that has gone away needs no answer.
        let _ = self.events.send(SearchEvent::Done(SearchResult {
            best: outcome.best,
            ponder: outcome.ponder,
        }));
        self.control.set_finished();
        (self.tables, outcome)
    }

    /// Picks the answer: the thread with the deepest completed iteration, then the best
    /// score (thread 0 on ties, and always with MultiPV, whose lines it reported, or with
    /// a handicap, whose choice is not the best score).
    fn choose(
        &self,
        results: Vec<ThreadResult<G::Move>>,
    ) -> (SearchOutcome<G::Move>, ThreadResult<G::Move>) {
        let mut chosen: Option<&ThreadResult<G::Move>> = None;
        let thread_0_only = self.limits.multipv > 1 || self.limits.handicap.is_some();
        for result in &results {
            let better = chosen.is_none_or(|c| (result.depth, result.score) > (c.depth, c.score));
            if better && (chosen.is_none() || !thread_0_only) {
                chosen = Some(result);
            }
        }
        let line = chosen.cloned().unwrap_or(ThreadResult {
            depth: 0,
            score: 0,
            pv: Vec::new(),
            seldepth: 0,
            mean_depth: 0.0,
        });
        let score = if line.pv.is_empty() && self.root.no_moves_is_loss() {
            Score::Loss(0)
        } else if line.pv.is_empty() && self.root.no_moves_is_win() {
            Score::Win(0)
        } else if line.depth == 0 {
            // Stopped before depth 1 finished: the move is a fallback, the score unknown.
            Score::Value(0)
        } else {
            to_score(line.score)
        };
        let best = line.pv.first().copied();
        let ponder = line
            .pv
            .get(1)
            .copied()
            .or_else(|| best.and_then(|b| self.expected_reply(b)));
        let outcome = SearchOutcome {
            best,
            ponder,
            score,
            depth: line.depth,
            nodes: self.control.nodes(),
            elapsed: self.control.elapsed(),
        };
        (outcome, line)
    }

    /// The table's best reply after `best`, when it names a legal move.
    fn expected_reply(&self, best: G::Move) -> Option<G::Move> {
        let mut child = self.root.clone();
        child.play(best);
        let code = self.tt.probe(child.hash(), 0)?.move_code;
        let mut replies = MoveList::new();
        child.legal_moves(&mut replies);
        replies
            .iter()
            .copied()
            .find(|&mv| code != 0 && G::move_code(mv) == code)
    }
}
