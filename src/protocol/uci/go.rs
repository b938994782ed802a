//! `go` parameters as the GUI sent them, and the search [`Limits`] they become.
//!
//! Numbers are read with saturation and kept raw (times signed, so a negative clock from
//! cutechess survives to be clamped by [`GoCommand::to_limits`]); nothing here can panic or
//! clip, unlike vampirc 0.11.1, which panics on `go depth 300` and `go movestogo 300`, reads
//! only the first three digits of `movestogo 1000` (giving 100) and loses
//! `ponder`/`infinite` next to clock parameters.
//!
//! Decisions made in [`GoCommand::to_limits`], once, so the search never sees protocol
//! quirks:
//! - negative times (cutechess near a flag) count as 0; times above a year count as a year,
//!   so that `Instant + Duration` in the time manager can never overflow;
//! - `movestogo 0` means no time control ahead (sudden death);
//! - `depth` is kept within 1..=[`MAX_DEPTH`]: 0 or a negative depth asks for the quickest
//!   search that still yields a move;
//! - `movetime 0` (or negative) is a zero budget, i.e. the minimal search, never "no limit";
//! - `mate 0` asks for nothing and is ignored;
//! - a bare `go` (no clock of the side to move, no depth, nodes, mate or movetime) is an
//!   infinite search that must be stopped, as many GUIs mean it.

use super::error::{echo, UciError};
use super::options::UciInteger;
use crate::engine::{Clock, Limits};
use std::time::Duration;

/// The parameters of a `go` command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// Restrict the search to these root moves, as sent.
    pub searchmoves: Vec<String>,
    /// Search in ponder mode.
    pub ponder: bool,
    /// White's clock in milliseconds (may be negative).
    pub wtime: Option<i64>,
    /// Black's clock in milliseconds (may be negative).
    pub btime: Option<i64>,
    /// White's increment in milliseconds.
    pub winc: Option<i64>,
    /// Black's increment in milliseconds.
    pub binc: Option<i64>,
    /// Moves to the next time control (negative values read as 0).
    pub movestogo: Option<u32>,
    /// Depth limit, unclipped (negative values read as 0).
    pub depth: Option<u32>,
    /// Node limit (negative values read as 0).
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves.
    pub mate: Option<u32>,
    /// Fixed time for this move in milliseconds (may be negative or zero).
    pub movetime: Option<i64>,
    /// Search until `stop`.
    pub infinite: bool,
}

/// What a `go` line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum GoParse {
    /// A search.
    Search(GoCommand),
    /// `go perft N`.
    Perft(u32),
}

/// Every search word `go` knows; a value never swallows one of these.
pub(super) const KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// Parses the words after `go`. On an error in a search request the parameters that did
/// parse come with it; a malformed `go perft` is a plain error, since searching instead of
/// counting would answer a question nobody asked.
pub(crate) fn parse_go(args: &[&str]) -> Result<GoParse, UciError> {
    if args.contains(&"perft") {
        return parse_perft(args);
    }
    let mut go = GoCommand::default();
    let mut first_error: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        let word = args[i];
        i += 1;
        if !KEYWORDS.contains(&word) {
            first_error.get_or_insert_with(|| format!("unknown parameter '{}'", echo(word)));
            continue;
        }
        match word {
            "ponder" => go.ponder = true,
            "infinite" => go.infinite = true,
            "searchmoves" => {
                let count = args[i..]
                    .iter()
                    .take_while(|t| !KEYWORDS.contains(t))
                    .count();
                if count == 0 {
                    first_error.get_or_insert_with(|| "searchmoves needs moves".to_string());
                }
                go.searchmoves
                    .extend(args[i..i + count].iter().map(|m| m.to_string()));
                i += count;
            }
            _ => {
                let value = match args.get(i) {
                    Some(value) if !KEYWORDS.contains(value) => {
                        i += 1;
                        value
                    }
                    _ => {
                        first_error.get_or_insert_with(|| format!("{word} needs a value"));
                        continue;
                    }
                };
                let Some(number) = parse_saturating(value) else {
                    first_error.get_or_insert_with(|| {
                        format!("{word} value '{}' is not a number", echo(value))
                    });
                    continue;
                };
                match word {
                    "wtime" => go.wtime = Some(UciInteger::from_uci(number)),
                    "btime" => go.btime = Some(UciInteger::from_uci(number)),
                    "winc" => go.winc = Some(UciInteger::from_uci(number)),
                    "binc" => go.binc = Some(UciInteger::from_uci(number)),
                    "movetime" => go.movetime = Some(UciInteger::from_uci(number)),
                    "movestogo" => go.movestogo = Some(UciInteger::from_uci(number)),
                    "depth" => go.depth = Some(UciInteger::from_uci(number)),
                    "mate" => go.mate = Some(UciInteger::from_uci(number)),
                    // The only value word left.
                    _ => go.nodes = Some(UciInteger::from_uci(number)),
                }
            }
        }
    }
    match first_error {
        None => Ok(GoParse::Search(go)),
        Some(reason) => Err(UciError::BadGo {
            reason,
            recovered: Box::new(go),
        }),
    }
}

/// `go perft N`, alone on its line.
fn parse_perft(args: &[&str]) -> Result<GoParse, UciError> {
    let reason = match args {
        ["perft", depth] => match depth.parse::<u32>() {
            Ok(depth) => return Ok(GoParse::Perft(depth)),
            Err(_) => format!("depth '{}' is not a whole number >= 0", echo(depth)),
        },
        ["perft"] => "needs a depth".to_string(),
        _ => "expected 'go perft <depth>' with nothing else".to_string(),
    };
    Err(UciError::bad_arguments("go perft", reason))
}

/// Reads an optionally signed decimal integer of any length, saturating at the `i128`
/// bounds; `None` when it is not one.
fn parse_saturating(text: &str) -> Option<i128> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i128, |acc, b| {
        acc.saturating_mul(10).saturating_add(i128::from(b - b'0'))
    });
    Some(if negative { -magnitude } else { magnitude })
}

/// The deepest iteration a `go depth` may ask for.
pub const MAX_DEPTH: u32 = 127;

/// Longest time read from a `go` command: one year.
const MAX_TIME_MS: i64 = 365 * 24 * 3600 * 1000;

/// A protocol time in milliseconds as a duration, clamped to `0..=MAX_TIME_MS`.
fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.clamp(0, MAX_TIME_MS).unsigned_abs())
}

impl GoCommand {
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
        let (time, increment) = if white_to_move {
            (self.wtime, self.winc)
        } else {
            (self.btime, self.binc)
        };
        let clock = time.map(|time| {
            let increment = increment.map_or(Duration::ZERO, millis);
            Clock::new(millis(time), increment, self.movestogo).with_delay(delay)
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
            mate,
            move_time,
            clock,
            infinite: self.infinite || unlimited,
            ponder: self.ponder,
            multipv: multipv.max(1),
            searchmoves,
            move_overhead: overhead,
            ..Limits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoCommand {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match parse_go(&tokens) {
            Ok(GoParse::Search(go)) => go,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    fn bad(line: &str) -> (String, GoCommand) {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match parse_go(&tokens) {
            Err(e @ UciError::BadGo { .. }) => {
                let message = e.to_string();
                let UciError::BadGo { recovered, .. } = e else {
                    unreachable!("matched above")
                };
                (message, *recovered)
            }
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn bare_go_has_no_parameters() {
        assert_eq!(go(""), GoCommand::default());
    }

    #[test]
    fn every_parameter_at_once() {
        let all = go(
            "searchmoves e2e4 d2d4 ponder wtime 1000 btime 2000 winc 10 binc 20 \
                      movestogo 30 depth 12 nodes 5000 mate 3 movetime 700 infinite",
        );
        assert_eq!(
            all,
            GoCommand {
                searchmoves: vec!["e2e4".into(), "d2d4".into()],
                ponder: true,
                wtime: Some(1000),
                btime: Some(2000),
                winc: Some(10),
                binc: Some(20),
                movestogo: Some(30),
                depth: Some(12),
                nodes: Some(5000),
                mate: Some(3),
                movetime: Some(700),
                infinite: true,
            }
        );
    }

    #[test]
    fn ponder_before_clock_is_kept() {
        // vampirc 0.11.1 drops the ponder flag here.
        let g = go("ponder wtime 5000 btime 5000 winc 0 binc 0");
        assert!(g.ponder);
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc),
            (Some(5000), Some(5000), Some(0), Some(0))
        );
    }

    #[test]
    fn infinite_after_clock_is_kept() {
        // vampirc 0.11.1 drops the infinite flag here.
        let g = go("wtime 1000 btime 1000 infinite");
        assert!(g.infinite);
        assert_eq!(g.wtime, Some(1000));
    }

    #[test]
    fn order_does_not_matter() {
        assert_eq!(
            go("infinite depth 4 ponder searchmoves a2a3 h2h3 nodes 9"),
            go("nodes 9 searchmoves a2a3 h2h3 ponder depth 4 infinite")
        );
    }

    #[test]
    fn searchmoves_stops_at_the_next_keyword() {
        let g = go("searchmoves a2a3 h2h3 depth 6");
        assert_eq!(g.searchmoves, ["a2a3", "h2h3"]);
        assert_eq!(g.depth, Some(6));
    }

    #[test]
    fn huge_depth_does_not_panic_or_clip() {
        // vampirc 0.11.1 panics on depth 300.
        assert_eq!(go("depth 300").depth, Some(300));
        assert_eq!(go("depth 99999999999999999999").depth, Some(u32::MAX));
    }

    #[test]
    fn movestogo_is_not_clipped_at_100() {
        assert_eq!(go("movestogo 150").movestogo, Some(150));
        assert_eq!(go("movestogo 99999999999").movestogo, Some(u32::MAX));
    }

    #[test]
    fn huge_values_saturate() {
        let g =
            go("wtime 99999999999999999999 btime 99999999999999999999 nodes 99999999999999999999");
        assert_eq!(g.wtime, Some(i64::MAX));
        assert_eq!(g.btime, Some(i64::MAX));
        assert_eq!(g.nodes, Some(u64::MAX));
        let digits = "9".repeat(200);
        assert_eq!(go(&format!("movetime {digits}")).movetime, Some(i64::MAX));
        assert_eq!(go(&format!("wtime -{digits}")).wtime, Some(i64::MIN));
    }

    #[test]
    fn negative_values_are_kept_signed_or_read_as_zero() {
        let g = go("wtime -500 btime -500 winc -1 movetime -3");
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.movetime),
            (Some(-500), Some(-500), Some(-1), Some(-3))
        );
        let g = go("depth -3 movestogo -1 nodes -7 mate -2");
        assert_eq!(
            (g.depth, g.movestogo, g.nodes, g.mate),
            (Some(0), Some(0), Some(0), Some(0))
        );
        assert_eq!(go("wtime +42").wtime, Some(42));
    }

    #[test]
    fn perft_is_recognised() {
        // vampirc 0.11.1 has no go perft.
        assert_eq!(parse_go(&["perft", "6"]), Ok(GoParse::Perft(6)));
        assert_eq!(parse_go(&["perft", "0"]), Ok(GoParse::Perft(0)));
    }

    #[test]
    fn malformed_perft_is_not_a_search() {
        let message = |args: &[&str]| match parse_go(args) {
            Err(e @ UciError::BadArguments { .. }) => e.to_string(),
            other => panic!("{args:?} gave {other:?}"),
        };
        assert_eq!(message(&["perft"]), "go perft: needs a depth");
        assert_eq!(
            message(&["perft", "x"]),
            "go perft: depth 'x' is not a whole number >= 0"
        );
        assert!(message(&["perft", "-1"]).contains("not a whole number"));
        assert!(message(&["perft", "3", "depth", "2"]).contains("nothing else"));
        assert!(message(&["depth", "2", "perft", "3"]).contains("nothing else"));
    }

    #[test]
    fn missing_values_are_errors_that_keep_the_rest() {
        let (message, recovered) = bad("depth");
        assert_eq!(message, "go: depth needs a value");
        assert_eq!(recovered, GoCommand::default());
        let (message, recovered) = bad("depth wtime 100");
        assert_eq!(message, "go: depth needs a value");
        assert_eq!(recovered.wtime, Some(100));
        assert_eq!(recovered.depth, None);
    }

    #[test]
    fn non_numeric_values_are_errors() {
        let (message, recovered) = bad("movetime 300 depth abc");
        assert_eq!(message, "go: depth value 'abc' is not a number");
        assert_eq!(recovered.movetime, Some(300));
        for text in ["1e5", "-", "+", "12x", "0x10", "--1"] {
            let (message, _) = bad(&format!("nodes {text}"));
            assert!(message.contains("is not a number"), "{text}: {message}");
        }
    }

    #[test]
    fn unknown_parameters_are_errors_that_keep_the_rest() {
        let (message, recovered) = bad("nowhere");
        assert_eq!(message, "go: unknown parameter 'nowhere'");
        assert_eq!(recovered, GoCommand::default());
        let (_, recovered) = bad("depth 5 foo infinite");
        assert_eq!(recovered.depth, Some(5));
        assert!(recovered.infinite);
    }

    #[test]
    fn empty_searchmoves_is_an_error() {
        let (message, recovered) = bad("searchmoves depth 3");
        assert_eq!(message, "go: searchmoves needs moves");
        assert_eq!(recovered.depth, Some(3));
    }

    #[test]
    fn a_repeated_parameter_takes_the_last_value() {
        assert_eq!(go("depth 3 depth 7").depth, Some(7));
    }

    /// vampirc's view of a `go` line, with its panic turned into `None`.
    fn vampirc_go(
        line: &'static str,
    ) -> Option<(
        Option<vampirc_uci::UciTimeControl>,
        Option<vampirc_uci::UciSearchControl>,
    )> {
        match std::panic::catch_unwind(|| vampirc_uci::parse_one(line)) {
            Ok(vampirc_uci::UciMessage::Go {
                time_control,
                search_control,
            }) => Some((time_control, search_control)),
            Ok(other) => panic!("vampirc read {line:?} as {other:?}"),
            Err(_) => None,
        }
    }

    #[test]
    fn vampirc_defects_are_real() {
        use vampirc_uci::UciTimeControl;
        // Witnesses of why `go` is parsed here; if a vampirc upgrade fixes them, this test
        // says so and our parser can be reconsidered.
        let (time, _) = vampirc_go("go ponder wtime 5000 btime 5000").unwrap();
        assert!(
            matches!(time, Some(UciTimeControl::TimeLeft { .. })),
            "ponder flag lost"
        );
        let (time, _) = vampirc_go("go wtime 1000 btime 1000 infinite").unwrap();
        assert!(
            matches!(time, Some(UciTimeControl::TimeLeft { .. })),
            "infinite flag lost"
        );
        let (time, _) = vampirc_go("go movestogo 1000").unwrap();
        let Some(UciTimeControl::TimeLeft { moves_to_go, .. }) = time else {
            panic!("{time:?}")
        };
        assert_eq!(moves_to_go, Some(100), "clipped to its first three digits");
        assert!(vampirc_go("go depth 300").is_none(), "panics past u8");
        assert!(vampirc_go("go movestogo 300").is_none(), "panics past u8");
        assert!(matches!(
            vampirc_uci::parse_one("go perft 3"),
            vampirc_uci::UciMessage::Unknown(..)
        ));
    }

    #[test]
    fn what_vampirc_gets_wrong_we_get_right() {
        assert!(go("ponder wtime 5000 btime 5000").ponder);
        assert!(go("wtime 1000 btime 1000 infinite").infinite);
        assert_eq!(go("movestogo 1000").movestogo, Some(1000));
        assert_eq!(go("movestogo 300").movestogo, Some(300));
        assert_eq!(go("depth 256").depth, Some(256));
        assert_eq!(go("mate 300").mate, Some(300));
    }

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

    /// The budgets of representative `go` lines at the start position: a change to the
    /// clock's plan shows here first (the bench searches to a fixed depth).
    #[test]
    fn budgets_of_representative_clocks_are_pinned() {
        use crate::chess::Position;
        use crate::engine::budget_ms;
        let budget = |line: &str, delay: u64| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Ok(GoParse::Search(go)) = parse_go(&words) else {
                panic!("{line}");
            };
            let limits = go.to_limits(true, Vec::new(), 1, OVERHEAD, Duration::from_millis(delay));
            budget_ms(&Position::startpos(), &limits)
        };
        assert_eq!(budget("wtime 60000 btime 60000", 0), (2076, 11862));
        assert_eq!(
            budget("wtime 60000 btime 60000 winc 1000 binc 1000", 0),
            (2719, 15536)
        );
        assert_eq!(
            budget("wtime 10000 btime 10000 winc 100 binc 100", 0),
            (402, 2296)
        );
        assert_eq!(
            budget("wtime 300000 btime 300000 movestogo 40", 0),
            (5248, 29986)
        );
        assert_eq!(budget("wtime 2000 btime 2000 movestogo 1", 0), (1302, 1860));
        assert_eq!(budget("movetime 1000", 0), (990, 990));
        assert_eq!(
            budget("wtime 10000 btime 10000 movetime 500", 0),
            (326, 490)
        );
        assert_eq!(budget("wtime 60000 btime 60000", 250), (2326, 12112));
        assert_eq!(budget("wtime 100 btime 100", 0), (1, 8));
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
