//! Search tuning constants, gathered in one place so they can be read and tuned together.
//!
//! Values are in the game's unit (centipawns in chess, hundredths of a man in draughts).
//! Both units put "one ordinary piece" near 100, so one set of margins serves both games.

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

/// Aspiration windows start at this depth; shallower iterations are too unstable to centre on.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Initial half-width of the aspiration window: about a quarter of a piece, the size of a
/// typical change between iterations. It grows by half after each failure.
pub const ASPIRATION_DELTA: i32 = 25;

/// Reverse futility pruning applies up to this depth: deeper, a static margin is too blunt.
pub const RFP_MAX_DEPTH: i32 = 8;

/// Reverse futility margin per ply of depth: the eval may fall about this much per ply.
pub const RFP_MARGIN: i32 = 75;

/// Null-move pruning needs at least this depth to save more than it costs.
pub const NMP_MIN_DEPTH: i32 = 3;

/// Base null-move reduction; the reduction grows with depth so deep nodes save more.
pub const NMP_BASE_REDUCTION: i32 = 3;

/// Depth divisor of the null-move reduction growth (`R = base + depth / divisor + ...`).
pub const NMP_DEPTH_DIVISOR: i32 = 4;

/// Each this many units the eval exceeds beta add a ply of null-move reduction (up to 3):
/// the further ahead, the less a verification at full depth is needed.
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// Internal iterative reduction: nodes without a TT move at this depth or more lose a ply,
/// since an unordered node costs much and the next iteration brings the move anyway.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Futility pruning of quiet moves applies up to this depth.
pub const FUTILITY_MAX_DEPTH: i32 = 8;

/// Futility margin: base plus per-ply growth, a quiet move rarely gains more than this.
pub const FUTILITY_BASE: i32 = 100;

/// Per-ply growth of the futility margin.
pub const FUTILITY_PER_DEPTH: i32 = 90;

/// Late-move pruning applies up to this depth; the quiet-move quota is `(3 + d*d) / div`.
pub const LMP_MAX_DEPTH: i32 = 8;

/// Static-exchange pruning of noisy moves applies up to this depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;

/// Static-exchange pruning of captures: at depth `d` a capture losing more than
/// `SEE_CAPTURE_MARGIN * d` is skipped (a loss that deep rarely comes back).
pub const SEE_CAPTURE_MARGIN: i32 = 90;

/// Late-move reductions apply from this depth.
pub const LMR_MIN_DEPTH: i32 = 3;

/// Constant term of the LMR table `base + ln(depth) * ln(moves) / divisor`.
pub const LMR_BASE: f64 = 0.75;

/// Divisor of the LMR table: larger means gentler reductions.
pub const LMR_DIVISOR: f64 = 2.25;

/// History scores saturate here (gravity keeps them within +-this).
pub const HISTORY_MAX: i32 = 16_384;

/// Each this many history points shift the late-move reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 8_192;

/// History bonus per depth squared, capped by [`HISTORY_BONUS_MAX`]: deeper cut-offs are
/// stronger evidence that a move is good.
pub const HISTORY_BONUS_SCALE: i32 = 16;

/// Largest single history bonus, so one deep cut-off does not saturate the table.
pub const HISTORY_BONUS_MAX: i32 = 1_536;

/// Nodes between two looks at the stop flag, clock and node limit: a few microseconds.
pub const CHECK_INTERVAL: u64 = 1_024;

/// An aspiration failure is reported (as a bound) only after this long, to keep output sane.
pub const BOUND_REPORT_AFTER_MS: u64 = 1_000;
