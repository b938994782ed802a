//! The `level` command: Hub's search limits, and how they become the search's [`Limits`].
//!
//! Hub keeps depth, nodes, move time and clock fields independently, and several `level`
//! lines may combine, so a level is a set of optional fields that [`LevelCommand::merge`]
//! overlays. The session resets it after every `pos` and every `done`, as Scan does.
//!
//! Hub credits the increment *before* each move (the budget for this move is `time + inc`;
//! pydraughts therefore sends `time = clock - inc`): [`Clock::increment_first`] turns that
//! into the one clock the time manager plans with.

use std::time::Duration;

use super::command::GoMode;
use super::error::HubError;
use super::tokenize::{Arg, Tokens};
use crate::engine::{Clock, Limits};

/// Search time when `go think` arrives with no limit at all: long enough to play sensibly,
/// short enough that a GUI that forgot `level` is not left waiting.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(5);

/// The longest time a `level` field may carry (about 31 years): keeps `Duration` arithmetic
/// far from overflow while accepting any real clock.
const MAX_SECONDS: f64 = 1.0e9;

/// The limits of one `level` line (or several merged); `None` = not given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LevelCommand {
    /// `depth=<int>`: stop after this iteration.
    pub depth: Option<u32>,
    /// `nodes=<int>`: stop after this many nodes.
    pub nodes: Option<u64>,
    /// `move-time=<s>`: think this long.
    pub move_time: Option<Duration>,
    /// `moves=<int>`: moves until the next time control (0 is taken as sudden death).
    pub moves: Option<u32>,
    /// `time=<s>`: our remaining clock, increment for this move not included.
    pub time: Option<Duration>,
    /// `inc=<s>`: Fischer increment, credited before each move.
    pub inc: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl LevelCommand {
    /// Reads the fields of a tokenized `level` line; unknown names and flags are ignored.
    pub fn from_tokens(tokens: &Tokens) -> Result<Self, HubError> {
        let mut level = Self::default();
        for arg in &tokens.args {
            match arg {
                Arg::Flag(flag) if flag == "infinite" => level.infinite = true,
                Arg::Flag(_) => {}
                Arg::Pair { name, value } => match name.as_str() {
                    "depth" => level.depth = Some(parse_int(name, value)?),
                    "nodes" => level.nodes = Some(parse_int(name, value)?),
                    "move-time" => level.move_time = Some(parse_seconds(name, value)?),
                    "moves" => level.moves = Some(parse_int(name, value)?),
                    "time" => level.time = Some(parse_seconds(name, value)?),
                    "inc" => level.inc = Some(parse_seconds(name, value)?),
                    _ => {}
                },
            }
        }
        Ok(level)
    }

    /// Overlays the fields given in `later` on this level (a later `level` line wins).
    pub fn merge(&mut self, later: &LevelCommand) {
        self.depth = later.depth.or(self.depth);
        self.nodes = later.nodes.or(self.nodes);
        self.move_time = later.move_time.or(self.move_time);
        self.moves = later.moves.or(self.moves);
        self.time = later.time.or(self.time);
        self.inc = later.inc.or(self.inc);
        self.infinite |= later.infinite;
    }

    /// Whether any limit that ends a search by itself is set.
    fn has_fixed_limit(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.move_time.is_some()
    }

    /// Our clock under this level, or `None` without `time`.
    pub fn clock(&self) -> Option<Clock> {
        let increment = self.inc.unwrap_or_default();
        self.time
            .map(|time| Clock::increment_first(time, increment, self.moves))
    }

    /// The search limits for `go <mode>` under this level.
    ///
    /// - `think` with no limit at all searches [`DEFAULT_MOVE_TIME`].
    /// - `ponder` keeps every limit (they apply from `ponder-hit` on) and sets `ponder`.
    /// - `analyze` never uses the clock; it is infinite unless depth, nodes or move time
    ///   bound it (Scan's analysis also ends at such a limit), and it searches a lone
    ///   legal move as long as any other.
    /// - `inc` without `time`, and `moves` without `time`, mean nothing and are dropped.
    pub fn to_limits<M>(&self, mode: GoMode, overhead: Duration) -> Limits<M> {
        let mut limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            move_time: self.move_time,
            infinite: self.infinite,
            move_overhead: overhead,
            ..Limits::default()
        };
        if mode != GoMode::Analyze {
            limits.clock = self.clock();
        }
        match mode {
            GoMode::Think | GoMode::Ponder => {
                if !limits.infinite && limits.clock.is_none() && !self.has_fixed_limit() {
                    limits.move_time = Some(DEFAULT_MOVE_TIME);
                }
                limits.ponder = mode == GoMode::Ponder;
            }
            GoMode::Analyze => {
                limits.infinite |= !self.has_fixed_limit();
                limits.analysis = true;
            }
        }
        limits
    }
}

fn parse_int<T: std::str::FromStr>(name: &str, value: &str) -> Result<T, HubError> {
    value
        .parse()
        .map_err(|_| HubError::bad_value(name, value, "a non-negative integer"))
}

/// Seconds as a real number; negative values (an overstepped clock) clamp to zero.
fn parse_seconds(name: &str, value: &str) -> Result<Duration, HubError> {
    let bad = || HubError::bad_value(name, value, "seconds as a real number");
    let seconds: f64 = value.parse().map_err(|_| bad())?;
    if !seconds.is_finite() || seconds > MAX_SECONDS {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(seconds.max(0.0)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::hub::tokenize::tokenize;

    fn level(line: &str) -> Result<LevelCommand, HubError> {
        LevelCommand::from_tokens(&tokenize(line).unwrap())
    }

    fn limits(line: &str, mode: GoMode) -> Limits<u16> {
        level(line)
            .unwrap()
            .to_limits(mode, Duration::from_millis(30))
    }

    fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn reads_every_field() {
        let l = level(
            "level depth=12 nodes=1000000 move-time=0.3 moves=40 time=57.8312519 inc=1 infinite",
        )
        .unwrap();
        assert_eq!(l.depth, Some(12));
        assert_eq!(l.nodes, Some(1_000_000));
        assert_eq!(l.move_time, Some(ms(300)));
        assert_eq!(l.moves, Some(40));
        assert_eq!(l.time, Some(Duration::from_secs_f64(57.8312519)));
        assert_eq!(l.inc, Some(Duration::from_secs(1)));
        assert!(l.infinite);
    }

    #[test]
    fn negative_times_clamp_to_zero_and_unknown_names_are_ignored() {
        let l = level("level time=-0.25 inc=0.1 colour=blue fast").unwrap();
        assert_eq!(l.time, Some(Duration::ZERO));
        assert_eq!(l.inc, Some(ms(100)));
    }

    #[test]
    fn bad_numbers_are_errors() {
        for line in [
            "level depth=x",
            "level depth=-1",
            "level nodes=1.5",
            "level time=abc",
            "level time=inf",
            "level time=NaN",
            "level move-time=1e300",
        ] {
            assert!(
                matches!(level(line), Err(HubError::BadValue { .. })),
                "{line}"
            );
        }
    }

    #[test]
    fn time_and_increment_give_the_budget_of_this_move() {
        let l = limits("level time=59 inc=1", GoMode::Think);
        let clock = l.clock.unwrap();
        assert_eq!(clock.remaining, Duration::from_secs(60));
        assert_eq!(clock.increment, Duration::from_secs(1));
        assert_eq!(clock.moves_to_go, None);
        assert_eq!(l.move_time, None);
        assert_eq!(l.move_overhead, ms(30));
        assert!(!l.ponder && !l.infinite);
    }

    #[test]
    fn moves_become_moves_to_go_and_zero_is_sudden_death() {
        let l = limits("level moves=25 time=100", GoMode::Think);
        assert_eq!(l.clock.unwrap().moves_to_go, Some(25));
        assert_eq!(l.clock.unwrap().remaining, Duration::from_secs(100));
        let l = limits("level moves=0 time=100", GoMode::Think);
        assert_eq!(l.clock.unwrap().moves_to_go, None);
        let l = limits("level moves=25 inc=2", GoMode::Think);
        assert_eq!(l.clock, None);
    }

    #[test]
    fn fixed_limits_pass_through() {
        let l = limits("level depth=7", GoMode::Think);
        assert_eq!((l.depth, l.move_time, l.clock), (Some(7), None, None));
        let l = limits("level nodes=5000", GoMode::Think);
        assert_eq!((l.nodes, l.move_time), (Some(5000), None));
        let l = limits("level move-time=0.3", GoMode::Think);
        assert_eq!(l.move_time, Some(ms(300)));
        let l = limits("level infinite", GoMode::Think);
        assert!(l.infinite);
        assert_eq!(l.move_time, None);
    }

    #[test]
    fn no_level_thinks_for_the_default_time() {
        let l = LevelCommand::default().to_limits::<u16>(GoMode::Think, ms(10));
        assert_eq!(l.move_time, Some(DEFAULT_MOVE_TIME));
        assert!(!l.infinite && !l.ponder);
    }

    #[test]
    fn ponder_keeps_the_clock_for_after_ponder_hit() {
        let l = limits("level time=30 inc=0", GoMode::Ponder);
        assert!(l.ponder);
        assert_eq!(l.clock.unwrap().remaining, Duration::from_secs(30));
    }

    #[test]
    fn analyze_is_infinite_without_clock_unless_bounded() {
        let l = limits("level time=30 inc=1", GoMode::Analyze);
        assert!(l.infinite);
        assert_eq!(l.clock, None);
        let l = LevelCommand::default().to_limits::<u16>(GoMode::Analyze, ms(10));
        assert!(l.infinite);
        assert_eq!(l.move_time, None);
        let l = limits("level depth=9", GoMode::Analyze);
        assert!(!l.infinite);
        assert_eq!(l.depth, Some(9));
        // Analysis searches a lone legal move too; a move to play is answered at once.
        assert!(l.analysis);
        assert!(!limits("level depth=9", GoMode::Think).analysis);
    }

    /// The budgets of representative levels at the start position, with the overheads the
    /// session keeps back: a change to the clock's plan shows here first.
    #[test]
    fn budgets_of_representative_levels_are_pinned() {
        use crate::draughts::{GameState, Position};
        use crate::engine::budget_ms;
        let root = GameState::new(Position::start()).search_root();
        let budget = |line: &str, overhead: u64| {
            let limits = level(line).unwrap().to_limits(GoMode::Think, ms(overhead));
            budget_ms(&root, &limits)
        };
        assert_eq!(budget("level time=59 inc=1", 50), (2003, 13357));
        assert_eq!(budget("level time=60", 50), (1407, 9378));
        assert_eq!(budget("level moves=40 time=300", 50), (4494, 29962));
        assert_eq!(budget("level moves=1 time=2", 50), (972, 1620));
        assert_eq!(budget("level time=9.9 inc=0.1", 50), (268, 1783));
        assert_eq!(budget("level move-time=0.5", 20), (480, 480));
    }

    #[test]
    fn later_level_lines_overlay_earlier_ones() {
        let mut l = level("level time=10 depth=3").unwrap();
        l.merge(&level("level depth=5 inc=0.5").unwrap());
        assert_eq!(l.depth, Some(5));
        assert_eq!(l.time, Some(Duration::from_secs(10)));
        assert_eq!(l.inc, Some(ms(500)));
    }
}
