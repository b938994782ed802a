//! Turns the raw `go` parameters into the search's [`Limits`]: the side to move's clock,
//! clamped and bounded, and the fixed limits.
//!
//! Decisions made here, once, so the search never sees protocol quirks:
//! - negative times (cutechess near a flag) count as 0; times above a year count as a year,
//!   so that `Instant + Duration` in the time manager can never overflow;
//! - `movestogo 0` means no time control ahead (sudden death);
//! - `depth` is kept within 1..=[`MAX_DEPTH`]: 0 or a negative depth asks for the quickest
//!   search that still yields a move;
//! - `movetime 0` (or negative) is a zero budget, i.e. the minimal search, never "no limit";
//! - `mate 0` asks for nothing and is ignored;
//! - a bare `go` (no clock of the side to move, no depth, nodes, mate or movetime) is an
//!   infinite search that must be stopped, as many GUIs mean it.

use super::go::GoCommand;
use crate::engine::{Clock, Limits};
use std::time::Duration;

/// The deepest iteration a `go depth` may ask for.
pub const MAX_DEPTH: u32 = 127;

/// Longest time read from a `go` command: one year.
const MAX_TIME_MS: i64 = 365 * 24 * 3600 * 1000;

/// A protocol time in milliseconds as a duration, clamped to `0..=MAX_TIME_MS`.
fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.clamp(0, MAX_TIME_MS).unsigned_abs())
}

impl GoCommand {
    /// The clock of the side to move, if the `go` gave it, clamped as [`Limits`] get it.
    pub fn time_left(&self, white_to_move: bool) -> Option<Duration> {
        let time = if white_to_move {
            self.wtime
        } else {
            self.btime
        };
        time.map(millis)
    }

    /// The search limits for this `go`, given who is to move, the root moves `searchmoves`
    /// resolved to (empty: all), and the `MultiPV`, `Move Overhead` and `Move Delay` options.
    pub fn to_limits<M>(
        &self,
        white_to_move: bool,
        searchmoves: Vec<M>,
        multipv: usize,
        overhead: Duration,
        delay: Duration,
    ) -> Limits<M> {
        let increment = if white_to_move { self.winc } else { self.binc };
        let clock = self.time_left(white_to_move).map(|remaining| Clock {
            remaining,
            increment: increment.map_or(Duration::ZERO, millis),
            moves_to_go: self.movestogo.filter(|&n| n > 0),
            delay,
        });
        let depth = self.depth.map(|d| d.clamp(1, MAX_DEPTH));
        let mate = self.mate.filter(|&m| m > 0);
        let move_time = self.movetime.map(millis);
        let unlimited = clock.is_none()
            && depth.is_none()
            && self.nodes.is_none()
            && mate.is_none()
            && move_time.is_none();
        Limits {
            depth,
            nodes: self.nodes,
            soft_nodes: None,
            mate,
            move_time,
            clock,
            infinite: self.infinite || unlimited,
            ponder: self.ponder,
            analysis: false,
            multipv: multipv.max(1),
            searchmoves,
            move_overhead: overhead,
            ponder_enabled: false,
            handicap: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OVERHEAD: Duration = Duration::from_millis(10);
    const DELAY: Duration = Duration::from_millis(250);

    fn limits(go: &GoCommand, white: bool) -> Limits<u16> {
        go.to_limits(white, Vec::new(), 1, OVERHEAD, DELAY)
    }

    fn clock_go() -> GoCommand {
        GoCommand {
            wtime: Some(60_000),
            btime: Some(30_000),
            winc: Some(1_000),
            binc: Some(500),
            ..GoCommand::default()
        }
    }

    #[test]
    fn white_takes_white_clock() {
        let l = limits(&clock_go(), true);
        let clock = l.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(60_000));
        assert_eq!(clock.increment, Duration::from_millis(1_000));
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(clock.delay, DELAY);
        assert!(!l.infinite && !l.ponder);
        assert_eq!(l.move_overhead, OVERHEAD);
    }

    #[test]
    fn black_takes_black_clock() {
        let clock = limits(&clock_go(), false).clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_millis(30_000));
        assert_eq!(clock.increment, Duration::from_millis(500));
    }

    #[test]
    fn missing_increment_is_zero() {
        let go = GoCommand {
            btime: Some(1000),
            ..GoCommand::default()
        };
        assert_eq!(limits(&go, false).clock.unwrap().increment, Duration::ZERO);
    }

    #[test]
    fn only_the_opponent_clock_is_no_clock() {
        let go = GoCommand {
            wtime: Some(1000),
            ..GoCommand::default()
        };
        let l = limits(&go, false);
        assert!(l.clock.is_none());
        assert!(l.infinite, "nothing limits black's search");
    }

    #[test]
    fn negative_times_clamp_to_zero() {
        let go = GoCommand {
            wtime: Some(-500),
            btime: Some(-500),
            winc: Some(-20),
            ..GoCommand::default()
        };
        let clock = limits(&go, true).clock.unwrap();
        assert_eq!(clock.remaining, Duration::ZERO);
        assert_eq!(clock.increment, Duration::ZERO);
        assert!(!limits(&go, true).infinite, "a zero clock is still a clock");
    }

    #[test]
    fn huge_times_are_bounded() {
        let go = GoCommand {
            wtime: Some(i64::MAX),
            winc: Some(i64::MAX),
            movetime: Some(i64::MAX),
            ..GoCommand::default()
        };
        let l = limits(&go, true);
        let year = Duration::from_secs(365 * 24 * 3600);
        assert_eq!(l.clock.unwrap().remaining, year);
        assert_eq!(l.clock.unwrap().increment, year);
        assert_eq!(l.move_time, Some(year));
        // The bound keeps deadline arithmetic safe.
        assert!(std::time::Instant::now().checked_add(year * 2).is_some());
    }

    #[test]
    fn movestogo_zero_is_sudden_death() {
        let mut go = clock_go();
        go.movestogo = Some(0);
        assert_eq!(limits(&go, true).clock.unwrap().moves_to_go, None);
        go.movestogo = Some(40);
        assert_eq!(limits(&go, true).clock.unwrap().moves_to_go, Some(40));
        go.movestogo = Some(u32::MAX);
        assert_eq!(limits(&go, true).clock.unwrap().moves_to_go, Some(u32::MAX));
    }

    #[test]
    fn depth_is_clamped() {
        let at = |depth| {
            let go = GoCommand {
                depth: Some(depth),
                ..GoCommand::default()
            };
            limits(&go, true).depth
        };
        assert_eq!(at(0), Some(1));
        assert_eq!(at(1), Some(1));
        assert_eq!(at(20), Some(20));
        assert_eq!(at(300), Some(MAX_DEPTH));
        assert_eq!(at(u32::MAX), Some(MAX_DEPTH));
    }

    #[test]
    fn movetime_zero_is_a_minimal_search_not_infinite() {
        for ms in [0, -5] {
            let go = GoCommand {
                movetime: Some(ms),
                ..GoCommand::default()
            };
            let l = limits(&go, true);
            assert_eq!(l.move_time, Some(Duration::ZERO));
            assert!(!l.infinite);
        }
        let go = GoCommand {
            movetime: Some(1500),
            ..GoCommand::default()
        };
        assert_eq!(
            limits(&go, true).move_time,
            Some(Duration::from_millis(1500))
        );
    }

    #[test]
    fn nodes_and_mate() {
        let go = GoCommand {
            nodes: Some(0),
            mate: Some(2),
            ..GoCommand::default()
        };
        let l = limits(&go, true);
        assert_eq!((l.nodes, l.mate), (Some(0), Some(2)));
        assert!(!l.infinite);
        let go = GoCommand {
            mate: Some(0),
            ..GoCommand::default()
        };
        let l = limits(&go, true);
        assert_eq!(l.mate, None);
        assert!(l.infinite, "mate 0 alone limits nothing");
    }

    #[test]
    fn bare_go_is_infinite() {
        let l = limits(&GoCommand::default(), true);
        assert!(l.infinite);
        assert!(l.clock.is_none() && l.depth.is_none() && l.nodes.is_none());
        let go = GoCommand {
            searchmoves: vec!["e2e4".into()],
            ..GoCommand::default()
        };
        assert!(limits(&go, true).infinite);
    }

    #[test]
    fn explicit_infinite_survives_other_limits() {
        let mut go = clock_go();
        go.infinite = true;
        let l = limits(&go, true);
        assert!(l.infinite);
        assert!(l.clock.is_some());
    }

    #[test]
    fn ponder_keeps_the_clock_for_after_ponderhit() {
        let mut go = clock_go();
        go.ponder = true;
        let l = limits(&go, false);
        assert!(l.ponder && !l.infinite);
        assert_eq!(l.clock.unwrap().remaining, Duration::from_millis(30_000));
        let bare_ponder = GoCommand {
            ponder: true,
            ..GoCommand::default()
        };
        let l = limits(&bare_ponder, true);
        assert!(l.ponder && l.infinite);
    }

    #[test]
    fn searchmoves_and_multipv_pass_through() {
        let l = GoCommand::default().to_limits(true, vec![3u16, 7], 0, OVERHEAD, DELAY);
        assert_eq!(l.searchmoves, [3, 7]);
        assert_eq!(l.multipv, 1, "multipv is at least 1");
        let l = GoCommand::default().to_limits::<u16>(true, Vec::new(), 4, OVERHEAD, DELAY);
        assert_eq!(l.multipv, 4);
    }

    #[test]
    fn delay_reaches_the_clock() {
        let clock = clock_go()
            .to_limits::<u16>(true, Vec::new(), 1, OVERHEAD, Duration::ZERO)
            .clock
            .unwrap();
        assert_eq!(clock.delay, Duration::ZERO);
    }
}
