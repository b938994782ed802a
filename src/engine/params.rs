//! The search's constants that are no tuning knob: bounds of its tables and the score
//! scale. The tunable ones (margins, reductions, the clock's shares) are declared with
//! their ranges in [`super::tunables`].

/// Deepest ply the search can reach; bounds every per-ply table.
pub const MAX_PLY: usize = 128;

/// Score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;

/// Any score beyond this is a proven win or loss (mates fit within `MAX_PLY` plies).
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// An endgame-table win at the root scores this, one found `n` plies deeper `TABLE_WIN - n`:
/// above every evaluation, below every mate (a proven mate is still better).
pub const TABLE_WIN: i32 = MATE_BOUND - 1;

/// A table score is stored this many plies deeper than the node that probed it: it holds
/// at any depth, so it should outlive the ordinary entries around it, yet not crowd out
/// deep searches for good.
pub const TABLE_TT_DEPTH_BONUS: i32 = 6;

/// Scores that are neither mates nor table results are clamped inside this, so an
/// evaluation is never read as either.
pub const MAX_EVAL: i32 = TABLE_WIN - MAX_PLY as i32 - 1;

/// Infinity for alpha-beta windows: above every reachable score.
pub const INFINITY: i32 = MATE + 1;

/// History scores saturate here (gravity keeps them within +-this).
pub const HISTORY_MAX: i32 = 16_384;

/// Nodes between two looks at the stop flag, clock and node limit: a few microseconds.
#[cfg(not(fuzzing))]
pub const CHECK_INTERVAL: u64 = 1_024;

/// Under a fuzzer, whose instrumented search runs a hundred times slower and whose inputs
/// stop searches at once, a search looks at the stop flag far more often: otherwise the
/// first 1,024 nodes of each search take most of an execution.
#[cfg(fuzzing)]
pub const CHECK_INTERVAL: u64 = 16;

/// An aspiration failure is reported (as a bound) only after this long, to keep output sane.
pub const BOUND_REPORT_AFTER_MS: u64 = 1_000;
