//! The time manager: turns the clock the protocol reports into two limits.
//!
//! The soft limit says "do not start another iteration" (an iteration started later would
//! likely not finish and be wasted); the hard limit aborts a running iteration. Both are
//! pure functions of the [`Limits`], so they are unit-tested without a clock. Between
//! iterations [`TimeManager::update`] stretches the soft limit when the best move keeps
//! changing or the score drops, and shrinks it when the best move is stable.

use super::Limits;
use std::time::Duration;

/// Horizon assumed in sudden death: plan as if this many moves remain.
const SUDDEN_DEATH_MOVES: u32 = 25;

/// Fraction of an increment spent on this move (the rest builds a reserve).
const INCREMENT_SHARE: f64 = 0.75;

/// Part of the per-move allocation that is the soft limit before stability scaling.
const SOFT_SHARE: f64 = 0.6;

/// The hard limit may reach this many allocations, for a move in trouble.
const HARD_MULTIPLE: f64 = 4.0;

/// Of the usable clock, one move may use at most this share (unless it is the last move
/// of a period), so one bad move never empties the clock.
const HARD_SHARE_OF_CLOCK: f64 = 0.5;

/// Safety margin kept beyond the overhead: 5% of the clock, at most this much.
const SAFETY_MAX: Duration = Duration::from_millis(50);

/// A fixed move time never drops below this, so a search can at least finish depth 1.
const MIN_MOVE_TIME: Duration = Duration::from_millis(5);

/// Soft and hard time limits of one search, measured from when its clock starts.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeManager {
    soft_base: Duration,
    hard: Duration,
    scale: f64,
    stable_iterations: u32,
    last_score: Option<i32>,
}

impl TimeManager {
    /// Limits for `limits`, or `None` when neither a clock nor a move time bounds the search.
    pub fn new<M>(limits: &Limits<M>) -> Option<Self> {
        let overhead = limits.move_overhead;
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(clock) = limits.clock {
            let remaining = clock.remaining;
            let safety = (remaining / 20).min(SAFETY_MAX);
            let usable = remaining.saturating_sub(overhead).saturating_sub(safety);
            let moves = clock.moves_to_go.unwrap_or(SUDDEN_DEATH_MOVES).clamp(1, 50);
            let last_move_of_period = clock.moves_to_go == Some(1);
            let alloc = (remaining / moves + clock.increment.mul_f64(INCREMENT_SHARE)).min(usable);
            let cap = if last_move_of_period {
                usable
            } else {
                usable.mul_f64(HARD_SHARE_OF_CLOCK)
            };
            // The delay is free: the clock does not run during it, so it adds to both limits.
            let h = alloc.mul_f64(HARD_MULTIPLE).min(cap).max(alloc.min(usable)) + clock.delay;
            let s = (alloc.mul_f64(SOFT_SHARE) + clock.delay).min(h);
            soft = Some(s);
            hard = Some(h);
        }
        if let Some(move_time) = limits.move_time {
            let t = move_time.saturating_sub(overhead).max(MIN_MOVE_TIME);
            soft = Some(soft.map_or(t, |s| s.min(t)));
            hard = Some(hard.map_or(t, |h| h.min(t)));
        }
        Some(Self {
            soft_base: soft?,
            hard: hard?,
            scale: 1.0,
            stable_iterations: 0,
            last_score: None,
        })
    }

    /// Do not start a new iteration after this much time.
    pub fn soft_limit(&self) -> Duration {
        self.soft_base.mul_f64(self.scale).min(self.hard)
    }

    /// Abort the search after this much time.
    pub fn hard_limit(&self) -> Duration {
        self.hard
    }

    /// Feeds back a finished iteration: whether its best move differs from the previous
    /// iteration's, and its score.
    pub fn update(&mut self, best_move_changed: bool, score: i32) {
        if best_move_changed {
            self.stable_iterations = 0;
        } else {
            self.stable_iterations = (self.stable_iterations + 1).min(8);
        }
        // From 1.6x after a change down to 0.8x after eight quiet iterations.
        let stability = 1.6 - 0.1 * f64::from(self.stable_iterations);
        // A falling score means trouble: think longer to find a way out.
        let drop = self.last_score.map_or(0, |last| last - score);
        let trouble = if drop > 80 {
            1.5
        } else if drop > 30 {
            1.25
        } else {
            1.0
        };
        self.last_score = Some(score);
        self.scale = stability * trouble;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Clock;

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
        assert!(TimeManager::new(&Limits::<u8> {
            depth: Some(5),
            ..Limits::default()
        })
        .is_none());
    }

    #[test]
    fn sudden_death_spends_a_small_share() {
        let tm = TimeManager::new(&with_clock(clock(60_000, 0, None))).unwrap();
        // 60 s / 25 = 2.4 s allocation: soft 1.44 s, hard 9.6 s (below half the clock).
        assert_eq!(r(tm.soft_limit()), 1_440);
        assert_eq!(r(tm.hard_limit()), 9_600);
    }

    #[test]
    fn increment_adds_to_the_allocation() {
        let tm = TimeManager::new(&with_clock(clock(10_000, 1_000, None))).unwrap();
        // 10 s / 25 + 0.75 s = 1.15 s; soft 0.69 s; hard capped at half the usable clock.
        assert_eq!(r(tm.soft_limit()), 690);
        assert_eq!(r(tm.hard_limit()), 4_600);
        assert!(tm.hard_limit() < ms(10_000 - 10));
    }

    #[test]
    fn moves_to_go_divides_the_period() {
        let tm = TimeManager::new(&with_clock(clock(40_000, 0, Some(10)))).unwrap();
        assert_eq!(r(tm.soft_limit()), 2_400);
        assert_eq!(r(tm.hard_limit()), 16_000);
        // The last move of a period may use the whole usable clock, never more.
        let last = TimeManager::new(&with_clock(clock(2_000, 0, Some(1)))).unwrap();
        assert_eq!(r(last.hard_limit()), 2_000 - 10 - 50);
        assert!(last.soft_limit() <= last.hard_limit());
    }

    #[test]
    fn movetime_minus_overhead_with_a_floor() {
        let limits = Limits::<u8> {
            move_time: Some(ms(1_000)),
            ..Limits::default()
        };
        let tm = TimeManager::new(&limits).unwrap();
        assert_eq!((r(tm.soft_limit()), r(tm.hard_limit())), (990, 990));
        let limits = Limits::<u8> {
            move_time: Some(ms(3)),
            ..Limits::default()
        };
        assert_eq!(
            TimeManager::new(&limits).unwrap().hard_limit(),
            MIN_MOVE_TIME
        );
    }

    #[test]
    fn tiny_and_zero_clocks_stay_inside_the_clock() {
        let tm = TimeManager::new(&with_clock(clock(50, 0, None))).unwrap();
        assert!(tm.hard_limit() <= ms(50 - 10));
        assert!(tm.soft_limit() <= tm.hard_limit());
        let zero = TimeManager::new(&with_clock(clock(0, 0, None))).unwrap();
        assert_eq!((zero.soft_limit(), zero.hard_limit()), (ms(0), ms(0)));
        let below_overhead = TimeManager::new(&with_clock(clock(5, 2_000, None))).unwrap();
        assert_eq!(below_overhead.hard_limit(), ms(0));
    }

    #[test]
    fn delay_is_free_time() {
        let mut c = clock(60_000, 0, None);
        c.delay = ms(2_000);
        let tm = TimeManager::new(&with_clock(c)).unwrap();
        assert_eq!(r(tm.soft_limit()), 3_440);
        assert_eq!(r(tm.hard_limit()), 11_600);
    }

    #[test]
    fn stability_and_score_drops_scale_the_soft_limit() {
        let mut tm = TimeManager::new(&with_clock(clock(60_000, 0, None))).unwrap();
        let base = tm.soft_limit();
        tm.update(false, 20);
        for _ in 0..10 {
            tm.update(false, 20);
        }
        assert!(tm.soft_limit() < base);
        tm.update(true, 20);
        let changed = tm.soft_limit();
        assert!(changed > base);
        tm.update(true, -100);
        assert!(tm.soft_limit() > changed);
        assert!(tm.soft_limit() <= tm.hard_limit());
    }
}
