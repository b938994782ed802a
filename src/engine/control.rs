//! The state one running search shares between its threads and its handle.
//!
//! Everything the hot path reads is an atomic (the stop flag, the node count, the clock
//! origin and hard deadline); the mutex and condvar are touched only by the control
//! thread, which sleeps on them while an infinite or ponder search waits to be released.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// "Not set" for the microsecond fields below.
const UNSET: u64 = u64::MAX;

/// Flags, counters and clocks of one search.
pub struct SearchControl {
    start: Instant,
    /// Search threads must stop now (user stop, a limit, or thread 0 finished).
    abort: AtomicBool,
    /// `stop()` was called: releases an infinite or ponder search.
    user_stop: AtomicBool,
    /// Still pondering: no time limit applies yet.
    pondering: AtomicBool,
    /// Nodes flushed by all threads.
    nodes: AtomicU64,
    /// Endgame-table probes that gave a value, all threads.
    table_hits: AtomicU64,
    /// When the clock started, in microseconds after `start` (`UNSET` while pondering).
    clock_origin_us: AtomicU64,
    /// Hard limit in microseconds after the clock origin (`UNSET`: none).
    hard_us: u64,
    /// Node limit over all threads (`UNSET`: none).
    node_limit: u64,
    /// Set once Done has been sent.
    finished: AtomicBool,
    release: Mutex<()>,
    wake: Condvar,
}

impl SearchControl {
    /// Control for a search with the given hard limit and node limit; a ponder search's
    /// clock starts only at [`SearchControl::ponder_hit`].
    pub fn new(hard: Option<Duration>, node_limit: Option<u64>, ponder: bool) -> Self {
        Self {
            start: Instant::now(),
            abort: AtomicBool::new(false),
            user_stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            nodes: AtomicU64::new(0),
            table_hits: AtomicU64::new(0),
            clock_origin_us: AtomicU64::new(if ponder { UNSET } else { 0 }),
            hard_us: hard.map_or(UNSET, |h| h.as_micros().min(u128::from(UNSET - 1)) as u64),
            node_limit: node_limit.unwrap_or(UNSET),
            finished: AtomicBool::new(false),
            release: Mutex::new(()),
            wake: Condvar::new(),
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Time on the clock so far (`None` while pondering).
    pub fn clock_elapsed(&self) -> Option<Duration> {
        let origin = self.clock_origin_us.load(Ordering::Acquire);
        (origin != UNSET).then(|| self.elapsed().saturating_sub(Duration::from_micros(origin)))
    }

    /// True once the threads must stop.
    pub fn aborted(&self) -> bool {
        self.abort.load(Ordering::Relaxed)
    }

    /// Tells the threads to stop (a limit was reached or the main thread is done).
    pub fn abort(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }

    /// True when the user asked to stop.
    pub fn stopped_by_user(&self) -> bool {
        self.user_stop.load(Ordering::Acquire)
    }

    /// True while pondering.
    pub fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Adds a thread's nodes and checks the node limit and hard deadline; true to stop.
    pub fn add_nodes_and_check(&self, nodes: u64) -> bool {
        let total = self.nodes.fetch_add(nodes, Ordering::Relaxed) + nodes;
        if total >= self.node_limit {
            self.abort();
        }
        if self.hard_us != UNSET {
            if let Some(t) = self.clock_elapsed() {
                if t.as_micros() >= u128::from(self.hard_us) {
                    self.abort();
                }
            }
        }
        self.aborted()
    }

    /// Nodes flushed so far by all threads.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Counts an endgame-table probe that gave a value.
    pub fn count_table_hit(&self) {
        self.table_hits.fetch_add(1, Ordering::Relaxed);
    }

    /// Endgame-table probes that gave a value so far.
    pub fn table_hits(&self) -> u64 {
        self.table_hits.load(Ordering::Relaxed)
    }

    /// Nodes a thread may still search before the node limit (for its check interval).
    pub fn nodes_left(&self) -> u64 {
        self.node_limit.saturating_sub(self.nodes())
    }

    /// The user's stop: ends the search and releases a waiting infinite or ponder search.
    pub fn stop(&self) {
        let _guard = self.release.lock().unwrap_or_else(|e| e.into_inner());
        self.user_stop.store(true, Ordering::Release);
        self.abort();
        self.wake.notify_all();
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponder_hit(&self) {
        let _guard = self.release.lock().unwrap_or_else(|e| e.into_inner());
        if self.pondering.load(Ordering::Acquire) {
            let now = self.elapsed().as_micros().min(u128::from(UNSET - 1)) as u64;
            self.clock_origin_us.store(now, Ordering::Release);
            self.pondering.store(false, Ordering::Release);
        }
        self.wake.notify_all();
    }

    /// Blocks (without spinning) until the search may report: at once unless it is
    /// infinite or still pondering, else until `stop` (or, pondering, `ponder_hit`).
    pub fn wait_for_release(&self, infinite: bool) {
        let guard = self.release.lock().unwrap_or_else(|e| e.into_inner());
        let _released = self
            .wake
            .wait_while(guard, |_| {
                !self.stopped_by_user() && (infinite || self.pondering())
            })
            .unwrap_or_else(|e| e.into_inner());
    }

    /// Marks Done as sent.
    pub fn set_finished(&self) {
        self.finished.store(true, Ordering::Release);
    }

    /// True once Done has been sent.
    pub fn finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }
}
