//! The clock of the side to move, the one shape every front end turns its own into, and
//! what the clock itself teaches about the lag of each move.
//!
//! [`Clock`] follows one convention (UCI's): the time left now, an increment credited after
//! the move, the moves to the next control, a delay. Each protocol's own convention is a
//! constructor here, so the time manager ([`super::TimeManager`]) plans every clock alike:
//! UCI's `wtime`/`winc`/`movestogo` ([`Clock::new`]), Hub's increment credited before the
//! move ([`Clock::increment_first`]), DXP's game of a fixed number of moves
//! ([`Clock::until_move`]).
//!
//! [`ClockLag`] learns how much more time the GUI's clock charges per move than the engine
//! plans for. `Move Overhead` is a guess made once; on a loaded machine the real cost of a
//! move (pipe latency, a GUI waiting for a time slice, search threads that were not
//! scheduled when their deadline passed) can be many times larger, and at a fast time
//! control every move then loses a little more until the flag falls. The clock itself tells
//! the truth: from one of our moves to the next in the same game, it fell by what the GUI
//! charged us. The part of that beyond the time we could have spent by our own limits is
//! lag, and the overhead the time manager assumes is never below what recent moves showed.

use super::{Game, Limits, MoveList, SearchParams, TimeManager};
use std::time::{Duration, Instant};

/// The side to move's clock, as the time manager plans with it (already clamped at zero).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Fischer increment added after each move.
    pub increment: Duration,
    /// Moves until the next time control; `None` is sudden death (or increment only).
    pub moves_to_go: Option<u32>,
    /// Simple/Bronstein delay: the first part of each move is free but cannot be saved.
    pub delay: Duration,
}

impl Clock {
    /// `remaining` now, `increment` after each move, `moves_to_go` to the next control (0,
    /// as none, is sudden death), no delay.
    pub fn new(remaining: Duration, increment: Duration, moves_to_go: Option<u32>) -> Self {
        Self {
            remaining,
            increment,
            moves_to_go: moves_to_go.filter(|&n| n > 0),
            delay: Duration::ZERO,
        }
    }

    /// A clock that credits its increment before each move, as Hub's does: `time` does not
    /// hold this move's increment yet. It is the same clock as one with `time + increment`
    /// now and `increment` after the move: the time really there now, and the same
    /// increment for every later move.
    pub fn increment_first(time: Duration, increment: Duration, moves_to_go: Option<u32>) -> Self {
        Self::new(time + increment, increment, moves_to_go)
    }

    /// A clock that must last until our move `last_move` of the game (0: the whole game),
    /// `played` of our moves made, no increment: DXP's terms. A move asked for past the
    /// last is budgeted as the last one, not by a division by zero.
    pub fn until_move(remaining: Duration, last_move: u32, played: u32) -> Self {
        let moves_to_go = (last_move > 0).then(|| last_move.saturating_sub(played).max(1));
        Self::new(remaining, Duration::ZERO, moves_to_go)
    }

    /// This clock with a delay of `delay` a move.
    pub fn with_delay(self, delay: Duration) -> Self {
        Self { delay, ..self }
    }
}

/// A sample above this is not lag but something else (a new game's clock without
/// `ucinewgame`, a GUI paused by its user), and is ignored.
const MAX_SAMPLE: Duration = Duration::from_secs(1);

/// Of each newer sample below the estimate, this share replaces it: a spike is believed at
/// once, and forgotten over a handful of calm moves.
const DECAY_SHARE: f64 = 0.25;

/// One clock-timed search of one side, waiting to be checked against the next clock.
#[derive(Clone, Debug)]
struct TimedSearch {
    /// The positions two plies on: the side's next search is of one of them, or the two
    /// are not consecutive moves of one game.
    next_roots: Vec<u64>,
    remaining: Duration,
    increment: Duration,
    /// The most the search could take by its own limits (its hard limit).
    allowed: Duration,
    started: Instant,
    /// Time from `go` to `bestmove`, once the move was sent.
    spent: Option<Duration>,
}

/// The lag seen in the last moves of either side and the searches not yet checked.
#[derive(Clone, Debug, Default)]
pub struct ClockLag {
    /// The last timed search of White (0) and Black (1).
    last: [Option<TimedSearch>; 2],
    /// The running search's side, until its move is sent.
    running: Option<usize>,
    estimate: Duration,
}

/// A search on the clock of the side to move, as [`ClockLag::search_of`] records it.
#[derive(Clone, Debug)]
struct TimedGo {
    /// 0 for White (or the first player), 1 for the other.
    side: usize,
    /// Hashes of the positions two plies after the one searched ([`two_plies_on`]).
    next_roots: Vec<u64>,
    /// The side's clock.
    remaining: Duration,
    /// The side's increment.
    increment: Duration,
    /// The search's hard limit.
    allowed: Duration,
}

impl ClockLag {
    /// The lag to plan for: the largest recent one, fading after calm moves.
    pub fn estimate(&self) -> Duration {
        self.estimate
    }

    /// The overhead to plan the next move with: the `configured` one, or the lag recent
    /// moves showed when that is larger.
    pub fn overhead(&self, configured: Duration) -> Duration {
        configured.max(self.estimate)
    }

    /// The clock of `side` before its search of the position `root_hash`: if that follows
    /// this side's previous search in the same game, what the clock fell since is a
    /// sample. Call it before planning the search, so the plan already knows the sample.
    pub fn clock_seen(&mut self, side: usize, root_hash: u64, remaining: Duration) {
        let Some(prev) = self.last[side].take() else {
            return;
        };
        let Some(spent) = prev.spent else {
            return;
        };
        // The clock before the previous move, plus its increment, less the clock now.
        let charged = (prev.remaining + prev.increment).checked_sub(remaining);
        if let (true, Some(charged)) = (prev.next_roots.contains(&root_hash), charged) {
            let lag = charged.saturating_sub(spent.min(prev.allowed));
            if lag <= MAX_SAMPLE {
                self.add_sample(lag);
            }
        }
    }

    /// A search of `root` by `side` (0 for White) under `limits`, planned with the game's
    /// own constants, starts at `now`: one on the clock is remembered with its hard limit,
    /// any other breaks the chain.
    pub fn search_of<G: Game>(
        &mut self,
        side: usize,
        root: &G,
        limits: &Limits<G::Move>,
        now: Instant,
    ) {
        self.search_planned(side, root, limits, &G::SEARCH_PARAMS, now);
    }

    /// As [`Self::search_of`], for a search planned with the constants `params` (those of
    /// the searcher, which a tuning build's options change).
    pub fn search_planned<G: Game>(
        &mut self,
        side: usize,
        root: &G,
        limits: &Limits<G::Move>,
        params: &SearchParams,
        now: Instant,
    ) {
        match (&limits.clock, limits.ponder) {
            (Some(clock), false) => {
                let allowed = TimeManager::new(limits, root.sudden_death_moves(params), params)
                    .map_or(clock.remaining, |tm| tm.hard_limit());
                let go = TimedGo {
                    side,
                    next_roots: two_plies_on(root),
                    remaining: clock.remaining,
                    increment: clock.increment,
                    allowed,
                };
                self.search_started(go, now);
            }
            _ => self.untimed_search_started(side),
        }
    }

    /// Plans a search of `root` by `side` (0 for White) under `limits`, with the constants
    /// `params`, starting at `now`: the clock in `limits` is a sample when it follows this
    /// side's previous search, the overhead is raised to the lag seen, and the search is
    /// remembered ([`Self::search_planned`]).
    pub fn plan<G: Game>(
        &mut self,
        side: usize,
        root: &G,
        limits: &mut Limits<G::Move>,
        params: &SearchParams,
        now: Instant,
    ) {
        // A ponder search's clock starts later.
        if let (Some(clock), false) = (limits.clock, limits.ponder) {
            self.clock_seen(side, root.hash(), clock.remaining);
        }
        limits.move_overhead = self.overhead(limits.move_overhead);
        self.search_planned(side, root, limits, params, now);
    }

    /// A clock-timed search starts at `now`.
    fn search_started(&mut self, go: TimedGo, now: Instant) {
        self.last[go.side] = Some(TimedSearch {
            next_roots: go.next_roots,
            remaining: go.remaining,
            increment: go.increment,
            allowed: go.allowed,
            started: now,
            spent: None,
        });
        self.running = Some(go.side);
    }

    /// A search without a clock (or a ponder search, whose clock starts later) starts: it
    /// tells nothing, and the next timed search of its side is not consecutive.
    fn untimed_search_started(&mut self, side: usize) {
        self.last[side] = None;
        self.running = None;
    }

    /// The running search's move was sent.
    pub fn move_sent(&mut self, now: Instant) {
        if let Some(side) = self.running.take() {
            if let Some(search) = self.last[side].as_mut() {
                search.spent = Some(now.saturating_duration_since(search.started));
            }
        }
    }

    /// A new game: the clocks start afresh, the machine's lag stays what it was.
    pub fn new_game(&mut self) {
        self.last = [None, None];
        self.running = None;
    }

    fn add_sample(&mut self, lag: Duration) {
        self.estimate = if lag >= self.estimate {
            lag
        } else {
            self.estimate - (self.estimate - lag).mul_f64(DECAY_SHARE)
        };
    }
}

/// The hashes of every position two plies after `root`: the positions its side to move
/// can next be asked to search in the same game.
fn two_plies_on<G: Game>(root: &G) -> Vec<u64> {
    let mut next = Vec::new();
    let mut ours = MoveList::new();
    root.legal_moves(&mut ours);
    for &mv in ours.iter() {
        let mut reply_root = root.clone();
        reply_root.play(mv);
        let mut replies = MoveList::new();
        reply_root.legal_moves(&mut replies);
        for &reply in replies.iter() {
            let mut after = reply_root.clone();
            after.play(reply);
            next.push(after.hash());
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Plays `moves` of one side: each takes `spent` by the engine and costs `charged` on
    /// the clock; returns the estimate after them.
    fn play(lag: &mut ClockLag, moves: u64, spent: u64, charged: u64, allowed: u64) -> Duration {
        let t0 = Instant::now();
        let mut remaining = ms(10_000);
        for n in 0..moves {
            let start = t0 + ms(n * 10_000);
            start_search(lag, 0, 100 + 2 * n, remaining, ms(100), ms(allowed), start);
            lag.move_sent(start + ms(spent));
            remaining = remaining + ms(100) - ms(charged);
        }
        lag.estimate()
    }

    #[test]
    fn each_convention_becomes_the_one_clock() {
        let clock = |remaining, increment, moves_to_go| Clock {
            remaining: ms(remaining),
            increment: ms(increment),
            moves_to_go,
            delay: Duration::ZERO,
        };
        assert_eq!(Clock::new(ms(900), ms(10), Some(0)), clock(900, 10, None));
        assert_eq!(
            Clock::new(ms(900), ms(10), Some(40)),
            clock(900, 10, Some(40))
        );
        // Hub's increment is there before the move and again after it.
        let hub = Clock::increment_first(ms(59_000), ms(1_000), None);
        assert_eq!(hub, clock(60_000, 1_000, None));
        // DXP's agreed moves count down to the last, which any later move is budgeted as.
        assert_eq!(Clock::until_move(ms(100), 50, 0), clock(100, 0, Some(50)));
        assert_eq!(Clock::until_move(ms(100), 50, 49), clock(100, 0, Some(1)));
        assert_eq!(Clock::until_move(ms(100), 50, 70), clock(100, 0, Some(1)));
        assert_eq!(Clock::until_move(ms(100), 0, 12), clock(100, 0, None));
        let delayed = Clock::new(ms(900), ms(0), None).with_delay(ms(250));
        assert_eq!(delayed.delay, ms(250));
    }

    #[test]
    fn the_overhead_planned_for_is_never_below_the_lag_seen() {
        let mut lag = ClockLag::default();
        assert_eq!(lag.overhead(ms(10)), ms(10));
        play(&mut lag, 5, 40, 70, 500);
        assert_eq!(lag.overhead(ms(10)), ms(30));
        assert_eq!(lag.overhead(ms(50)), ms(50));
    }

    #[test]
    fn no_lag_when_the_clock_charges_what_was_spent() {
        let mut lag = ClockLag::default();
        assert_eq!(play(&mut lag, 5, 40, 40, 500), Duration::ZERO);
    }

    #[test]
    fn the_extra_charge_per_move_is_the_lag() {
        let mut lag = ClockLag::default();
        assert_eq!(play(&mut lag, 5, 40, 70, 500), ms(30));
    }

    #[test]
    fn overrunning_the_own_hard_limit_counts_as_lag() {
        // Allowed 20 ms, took 60 (threads not scheduled), charged 60: 40 ms beyond plan.
        let mut lag = ClockLag::default();
        assert_eq!(play(&mut lag, 3, 60, 60, 20), ms(40));
    }

    #[test]
    fn a_spike_is_believed_then_fades() {
        let mut lag = ClockLag::default();
        play(&mut lag, 3, 10, 210, 500);
        assert_eq!(lag.estimate(), ms(200));
        let after = play(&mut lag, 8, 10, 10, 500);
        assert!(after < ms(30) && after > Duration::ZERO, "{after:?}");
    }

    /// Shows `lag` the clock of `side` and starts its search of position `root`, whose only
    /// follower is `root + 2`, at `at`.
    fn start_search(
        lag: &mut ClockLag,
        side: usize,
        root: u64,
        remaining: Duration,
        increment: Duration,
        allowed: Duration,
        at: Instant,
    ) {
        lag.clock_seen(side, root, remaining);
        let go = TimedGo {
            side,
            next_roots: vec![root + 2],
            remaining,
            increment,
            allowed,
        };
        lag.search_started(go, at);
    }

    /// [`start_search`] with no increment and 500 ms allowed, `at` ms after `t0`.
    fn search(lag: &mut ClockLag, side: usize, root: u64, remaining: u64, at: u64, t0: Instant) {
        start_search(lag, side, root, ms(remaining), ms(0), ms(500), t0 + ms(at));
    }

    #[test]
    fn moves_of_different_games_give_no_sample() {
        let mut lag = ClockLag::default();
        let t0 = Instant::now();
        search(&mut lag, 0, 1, 5_000, 0, t0);
        lag.move_sent(t0 + ms(10));
        // Not two plies after the previous root: another game.
        search(&mut lag, 0, 7, 1_000, 20, t0);
        lag.move_sent(t0 + ms(30));
        assert_eq!(lag.estimate(), Duration::ZERO);
        // A new game in between forgets the previous search.
        lag.new_game();
        search(&mut lag, 0, 9, 500, 40, t0);
        assert_eq!(lag.estimate(), Duration::ZERO);
        // A clock that went up (a new period) is no sample either.
        lag.move_sent(t0 + ms(50));
        search(&mut lag, 0, 11, 5_000, 60, t0);
        assert_eq!(lag.estimate(), Duration::ZERO);
    }

    #[test]
    fn each_side_is_compared_with_its_own_previous_move() {
        let mut lag = ClockLag::default();
        let t0 = Instant::now();
        search(&mut lag, 0, 1, 5_000, 0, t0);
        lag.move_sent(t0 + ms(10));
        search(&mut lag, 1, 2, 3_000, 20, t0);
        lag.move_sent(t0 + ms(30));
        // White's clock fell by 50 for a 10 ms move; Black's is not compared with White's.
        search(&mut lag, 0, 3, 4_950, 40, t0);
        assert_eq!(lag.estimate(), ms(40));
    }

    #[test]
    fn an_untimed_search_breaks_the_chain() {
        let mut lag = ClockLag::default();
        let t0 = Instant::now();
        search(&mut lag, 1, 1, 5_000, 0, t0);
        lag.move_sent(t0 + ms(10));
        lag.untimed_search_started(1);
        search(&mut lag, 1, 3, 4_000, 20, t0);
        assert_eq!(lag.estimate(), Duration::ZERO);
    }

    #[test]
    fn a_sample_beyond_a_second_is_ignored() {
        let mut lag = ClockLag::default();
        assert_eq!(play(&mut lag, 3, 10, 2_010, 500), Duration::ZERO);
    }
}
