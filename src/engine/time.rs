//! The time manager: turns the clock the protocol reports into two limits.
//!
//! The soft limit says "do not start another iteration" (an iteration started later would
//! likely not finish and be wasted); the hard limit aborts a running iteration. Both are
//! pure functions of the [`Limits`], so they are unit-tested without a clock. Between
//! iterations [`TimeManager::update`] stretches the soft limit when the best move keeps
//! changing or the score drops, and shrinks it when the best move is stable.

use super::tunables::percent;
use super::{Limits, SearchParams};
use std::time::Duration;

/// The lag reserve is this many move overheads...
const LAG_RESERVE_OVERHEADS: u32 = 5;

/// ...or, in sudden death, where every move to come costs the overhead and no increment
/// pays it back, the overheads of this many horizons of moves: the longest draughts games
/// against Scan 2.0 ran on about three horizons past any position, and a minute's clock
/// that kept five overheads went 0.6 s past its flag in a 189-ply game on a loaded machine.
const SUDDEN_DEATH_LAG_HORIZONS: u32 = 3;

/// ...plus this much: what a loaded machine can add to one move's round trip.
const LAG_RESERVE_BASE: Duration = Duration::from_millis(80);

/// With pondering on, a clock move's allocation grows by this factor: on a ponder hit the
/// opponent's time already went into this move.
const PONDER_BONUS: f64 = 1.25;

/// A fixed move time never drops below this, so a search can at least finish depth 1.
const MIN_MOVE_TIME: Duration = Duration::from_millis(5);

/// Soft and hard time limits of one search, measured from when its clock starts.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeManager {
    soft_base: Duration,
    hard: Duration,
    scale: f64,
    stable_iterations: i32,
    last_score: Option<i32>,
    /// Only a clock is spent by judgement; a fixed move time is spent whole, as the user
    /// who set it expects (an unfinished iteration still improves the move).
    scalable: bool,
    /// The shares and scales it plans with.
    params: SearchParams,
}

impl TimeManager {
    /// Limits for `limits` by the clock constants of `params`, or `None` when neither a
    /// clock nor a move time bounds the search. Without moves-to-go the clock is planned to
    /// last `sudden_death_moves` more moves ([`crate::engine::Game::sudden_death_moves`]).
    pub fn new<M>(
        limits: &Limits<M>,
        sudden_death_moves: u32,
        params: &SearchParams,
    ) -> Option<Self> {
        let overhead = limits.move_overhead;
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(clock) = limits.clock {
            let remaining = clock.remaining;
            let moves = clock.moves_to_go.unwrap_or(sudden_death_moves).clamp(1, 50);
            let last_move_of_period = clock.moves_to_go == Some(1);
            // Every move also costs the overhead, so only the increment beyond it is ours to
            // spend; when the increment does not cover the overhead the clock settles at the
            // reserve and moves come at once.
            let net_increment = clock.increment.saturating_sub(overhead);
            let lag_overheads = if clock.moves_to_go.is_none() && net_increment.is_zero() {
                SUDDEN_DEATH_LAG_HORIZONS * moves
            } else {
                LAG_RESERVE_OVERHEADS
            };
            // A reserve no move may spend (at most half the clock): lag beyond the Move
            // Overhead, as on a loaded machine, comes out of it instead of flagging.
            let reserve = (overhead * lag_overheads + LAG_RESERVE_BASE).min(remaining / 2);
            let pool = remaining.saturating_sub(overhead).saturating_sub(reserve);
            let mut alloc =
                pool / moves + net_increment.mul_f64(percent(params.time_increment_share));
            if limits.ponder_enabled {
                alloc = alloc.mul_f64(PONDER_BONUS);
            }
            let alloc = alloc.min(pool);
            let cap = if last_move_of_period {
                pool
            } else {
                pool.mul_f64(percent(params.time_hard_clock_share))
            };
            // The delay is free: the clock does not run during it, so it adds to both limits.
            let h = alloc
                .mul_f64(percent(params.time_hard_multiple))
                .min(cap)
                .max(alloc)
                + clock.delay;
            let s = (alloc.mul_f64(percent(params.time_soft_share)) + clock.delay).min(h);
            soft = Some(s);
            hard = Some(h);
        }
        let scalable = soft.is_some();
        if let Some(move_time) = limits.move_time {
            let t = move_time.saturating_sub(overhead).max(MIN_MOVE_TIME);
            soft = Some(soft.map_or(t, |s| s.min(t)));
            hard = Some(hard.map_or(t, |h| h.min(t)));
        }
        Some(Self {
            scalable,
            soft_base: soft?,
            hard: hard?,
            scale: 1.0,
            stable_iterations: 0,
            last_score: None,
            params: *params,
        })
    }

    /// Do not start a new iteration after this much time.
    pub fn soft_limit(&self) -> Duration {
        if !self.scalable {
            return self.hard;
        }
        self.soft_base.mul_f64(self.scale).min(self.hard)
    }

    /// Abort the search after this much time.
    pub fn hard_limit(&self) -> Duration {
        self.hard
    }

    /// Feeds back a finished iteration: whether its best move differs from the previous
    /// iteration's, its score, and the best move's share (0 to 1) of all the nodes the
    /// root's moves have taken since the search began.
    pub fn update(&mut self, best_move_changed: bool, score: i32, best_move_node_share: f64) {
        let p = &self.params;
        if best_move_changed {
            self.stable_iterations = 0;
        } else {
            self.stable_iterations = (self.stable_iterations + 1).min(p.time_stable_iterations);
        }
        // Chess: from 1.6x after a change down to 0.8x after eight quiet iterations.
        let stability = percent(p.time_unstable_scale)
            - percent(p.time_stable_step) * f64::from(self.stable_iterations);
        // A falling score means trouble: think longer to find a way out.
        let drop = self.last_score.map_or(0, |last| last - score);
        let trouble = if drop > p.time_drop_large {
            percent(p.time_drop_large_scale)
        } else if drop > p.time_drop_small {
            percent(p.time_drop_small_scale)
        } else {
            1.0
        };
        self.last_score = Some(score);
        // Chess: 0.68x when the best move took every node, 1.35x at half of them.
        let effort = 1.0
            + (percent(p.time_node_pivot) - best_move_node_share.clamp(0.0, 1.0))
                * percent(p.time_node_slope);
        self.scale = stability * trouble * effort;
    }
}

/// The soft and hard limits, in whole milliseconds, of a search of `root` under `limits`
/// by the game's own constants: the front ends' tests pin their clocks' budgets with it.
#[cfg(test)]
pub(crate) fn budget_ms<G: super::Game>(root: &G, limits: &Limits<G::Move>) -> (u64, u64) {
    let params = G::SEARCH_PARAMS;
    let tm = TimeManager::new(limits, root.sudden_death_moves(&params), &params)
        .expect("a clock or a move time");
    let ms = |d: Duration| (d.as_secs_f64() * 1e3).round() as u64;
    (ms(tm.soft_limit()), ms(tm.hard_limit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Clock;

    /// The tests' numbers assume chess's constants.
    const PARAMS: SearchParams = SearchParams::STANDARD;

    fn manager<M>(limits: &Limits<M>) -> Option<TimeManager> {
        with_horizon(limits, PARAMS.move_horizon as u32)
    }

    fn with_horizon<M>(limits: &Limits<M>, sudden_death_moves: u32) -> Option<TimeManager> {
        TimeManager::new(limits, sudden_death_moves, &PARAMS)
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    /// Whole milliseconds, rounded: `mul_f64` may land a nanosecond off.
    fn r(d: Duration) -> u64 {
        (d.as_secs_f64() * 1e3).round() as u64
    }

    fn with_clock(clock: Clock) -> Limits<u8> {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    fn clock(remaining: u64, increment: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining: ms(remaining),
            increment: ms(increment),
            moves_to_go,
            delay: ms(0),
        }
    }

    #[test]
    fn no_time_limit_without_clock_or_movetime() {
        assert!(manager(&Limits::<u8> {
            depth: Some(5),
            ..Limits::default()
        })
        .is_none());
    }

    #[test]
    fn sudden_death_spends_a_small_share() {
        let tm = manager(&with_clock(clock(60_000, 0, None))).unwrap();
        // 60 s - 10 ms overhead - a reserve of 60 overheads and 80 ms = 59.31 s; / 20 =
        // 2.9655 s: soft 70%, hard 4x.
        assert_eq!(r(tm.soft_limit()), 2_076);
        assert_eq!(r(tm.hard_limit()), 11_862);
    }

    #[test]
    fn a_sudden_death_clock_keeps_the_lag_of_the_moves_to_come() {
        // Each move thinks to its soft limit and the clock also charges the overhead: the
        // clock lasts over a hundred moves at draughts' ending horizon of 12 (with a reserve
        // of five overheads, 87), and at chess's own.
        let overhead = ms(50);
        let lasts_100_moves = |horizon, params: &SearchParams| {
            let mut remaining = ms(60_000);
            (0..100).all(|_| {
                let mut limits = with_clock(clock(remaining.as_millis() as u64, 0, None));
                limits.move_overhead = overhead;
                let tm = TimeManager::new(&limits, horizon, params).unwrap();
                remaining
                    .checked_sub(tm.soft_limit() + overhead)
                    .map(|left| remaining = left)
                    .is_some()
            })
        };
        assert!(lasts_100_moves(12, &SearchParams::DRAUGHTS));
        assert!(lasts_100_moves(PARAMS.move_horizon as u32, &PARAMS));
        // An increment that covers the overhead pays the lag: five overheads are enough.
        let mut limits = with_clock(clock(60_000, 100, None));
        limits.move_overhead = overhead;
        let tm = with_horizon(&limits, 12).unwrap();
        let pool = ms(60_000 - 50 - 5 * 50 - 80);
        assert_eq!(
            r(tm.soft_limit()),
            r((pool / 12 + ms(45)).mul_f64(percent(PARAMS.time_soft_share)))
        );
    }

    #[test]
    fn a_shorter_horizon_spends_more_of_a_sudden_death_clock() {
        let limits = with_clock(clock(60_000, 0, None));
        let long = with_horizon(&limits, 25).unwrap();
        let short = with_horizon(&limits, 18).unwrap();
        assert!(short.soft_limit() > long.soft_limit());
        assert!(short.hard_limit() > long.hard_limit());
        // Moves-to-go, when given, overrides the horizon.
        let period = with_clock(clock(60_000, 0, Some(40)));
        assert_eq!(with_horizon(&period, 25), with_horizon(&period, 18));
    }

    #[test]
    fn increment_adds_to_the_allocation() {
        let tm = manager(&with_clock(clock(10_000, 1_000, None))).unwrap();
        // 9.86 s / 20 + 0.9 * 0.99 s = 1.384 s; soft 70%; hard capped at half the pool.
        assert_eq!(r(tm.soft_limit()), 969);
        assert_eq!(r(tm.hard_limit()), 4_930);
        assert!(tm.hard_limit() < ms(10_000 - 10));
    }

    #[test]
    fn moves_to_go_divides_the_period() {
        let tm = manager(&with_clock(clock(40_000, 0, Some(10)))).unwrap();
        assert_eq!(r(tm.soft_limit()), 2_790);
        assert_eq!(r(tm.hard_limit()), 15_944);
        // The last move of a period may use the whole clock but the overhead and reserve.
        let last = manager(&with_clock(clock(2_000, 0, Some(1)))).unwrap();
        assert_eq!(r(last.hard_limit()), 2_000 - 10 - 130);
        assert!(last.soft_limit() <= last.hard_limit());
    }

    #[test]
    fn movetime_minus_overhead_with_a_floor() {
        let limits = Limits::<u8> {
            move_time: Some(ms(1_000)),
            ..Limits::default()
        };
        let tm = manager(&limits).unwrap();
        assert_eq!((r(tm.soft_limit()), r(tm.hard_limit())), (990, 990));
        let mut stable = tm.clone();
        for _ in 0..10 {
            stable.update(false, 20, 0.9);
        }
        assert_eq!(
            stable.soft_limit(),
            tm.soft_limit(),
            "a move time is spent whole"
        );
        let limits = Limits::<u8> {
            move_time: Some(ms(3)),
            ..Limits::default()
        };
        assert_eq!(manager(&limits).unwrap().hard_limit(), MIN_MOVE_TIME);
    }

    #[test]
    fn tiny_and_zero_clocks_stay_inside_the_clock() {
        let tm = manager(&with_clock(clock(50, 0, None))).unwrap();
        assert!(tm.hard_limit() <= ms(50 - 10));
        assert!(tm.soft_limit() <= tm.hard_limit());
        let zero = manager(&with_clock(clock(0, 0, None))).unwrap();
        assert_eq!((zero.soft_limit(), zero.hard_limit()), (ms(0), ms(0)));
        let below_overhead = manager(&with_clock(clock(5, 2_000, None))).unwrap();
        assert_eq!(below_overhead.hard_limit(), ms(0));
    }

    #[test]
    fn an_increment_that_does_not_cover_the_overhead_is_not_spent() {
        // 1 s + 10 ms with 10 ms overhead: once the clock is near the reserve, nearly at once.
        let low = manager(&with_clock(clock(100, 10, None))).unwrap();
        assert!(low.soft_limit() <= ms(2));
        assert!(low.hard_limit() <= ms(8));
        // Sudden death in all but name: half of a second's clock is kept for the lag of the
        // moves to come, and the first move still thinks.
        let start = manager(&with_clock(clock(1_000, 10, None))).unwrap();
        assert!(start.hard_limit() <= ms(1_000 - 10) / 4);
        assert!(start.soft_limit() >= ms(10));
    }

    #[test]
    fn pondering_enlarges_a_clock_move_but_not_the_cap() {
        let plain = manager(&with_clock(clock(60_000, 0, None))).unwrap();
        let mut limits = with_clock(clock(60_000, 0, None));
        limits.ponder_enabled = true;
        let ponder = manager(&limits).unwrap();
        assert_eq!(
            r(ponder.soft_limit()),
            r(plain.soft_limit().mul_f64(PONDER_BONUS))
        );
        limits.clock = Some(clock(2_000, 0, Some(1)));
        let last = manager(&limits).unwrap();
        assert_eq!(r(last.hard_limit()), 2_000 - 10 - 130);
    }

    #[test]
    fn delay_is_free_time() {
        let mut c = clock(60_000, 0, None);
        c.delay = ms(2_000);
        let tm = manager(&with_clock(c)).unwrap();
        assert_eq!(r(tm.soft_limit()), 4_076);
        assert_eq!(r(tm.hard_limit()), 13_862);
    }

    /// The best move's node share at which the effort factor is 1.
    const NEUTRAL_SHARE: f64 = 0.76;

    #[test]
    fn stability_and_score_drops_scale_the_soft_limit() {
        let mut tm = manager(&with_clock(clock(60_000, 0, None))).unwrap();
        let base = tm.soft_limit();
        tm.update(false, 20, NEUTRAL_SHARE);
        for _ in 0..10 {
            tm.update(false, 20, NEUTRAL_SHARE);
        }
        assert!(tm.soft_limit() < base);
        tm.update(true, 20, NEUTRAL_SHARE);
        let changed = tm.soft_limit();
        assert!(changed > base);
        tm.update(true, -100, NEUTRAL_SHARE);
        assert!(tm.soft_limit() > changed);
        assert!(tm.soft_limit() <= tm.hard_limit());
    }

    #[test]
    fn a_best_move_that_took_few_of_the_nodes_earns_more_time() {
        let start = manager(&with_clock(clock(60_000, 0, None))).unwrap();
        let soft_at = |share| {
            let mut tm = start.clone();
            tm.update(false, 20, share);
            tm.soft_limit()
        };
        let neutral = soft_at(NEUTRAL_SHARE);
        assert!(soft_at(0.3) > neutral.mul_f64(1.4));
        assert!(soft_at(1.0) < neutral.mul_f64(0.7));
        // The stability scale of one quiet iteration, 1.5, times 1 + 0.26 * 1.35 at a
        // share of a half.
        assert_eq!(
            r(soft_at(0.5)),
            r(start.soft_limit().mul_f64(1.5 * (1.0 + 0.26 * 1.35))).min(r(start.hard_limit()))
        );
    }
}
