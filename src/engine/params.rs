//! Search tuning constants, gathered in one place so they can be read and tuned together.
//!
//! Values are in the game's unit (centipawns in chess, hundredths of a man in draughts).
//! The constants here hold for every game; the margins and reductions a game may tune for
//! itself are the fields of [`SearchParams`], which each game names through
//! [`crate::engine::Game::SEARCH_PARAMS`].

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

/// Null-move pruning needs at least this depth to save more than it costs.
pub const NMP_MIN_DEPTH: i32 = 3;

/// Base null-move reduction; the reduction grows with depth so deep nodes save more.
pub const NMP_BASE_REDUCTION: i32 = 3;

/// Depth divisor of the null-move reduction growth (`R = base + depth / divisor + ...`).
pub const NMP_DEPTH_DIVISOR: i32 = 4;

/// Each this many units the eval exceeds beta add a ply of null-move reduction (up to 3):
/// the further ahead, the less a verification at full depth is needed.
pub const NMP_EVAL_DIVISOR: i32 = 200;

/// Static-exchange pruning of moves (noisy and quiet) applies up to this depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;

/// Static-exchange pruning of quiet moves: at depth `d` a quiet move that loses more
/// than `SEE_QUIET_MARGIN * d` to the exchanges on its square is skipped.
pub const SEE_QUIET_MARGIN: i32 = 64;

/// Static-exchange pruning of captures: at depth `d` a capture losing more than
/// `SEE_CAPTURE_MARGIN * d` is skipped (a loss that deep rarely comes back).
pub const SEE_CAPTURE_MARGIN: i32 = 90;

/// History scores saturate here (gravity keeps them within +-this).
pub const HISTORY_MAX: i32 = 16_384;

/// Each this many points of a quiet move's history (butterfly and both continuations
/// together) shift its late-move reduction by one ply.
pub const LMR_HISTORY_DIVISOR: i32 = 12_288;

/// History bonus per depth squared, capped by [`HISTORY_BONUS_MAX`]: deeper cut-offs are
/// stronger evidence that a move is good.
pub const HISTORY_BONUS_SCALE: i32 = 16;

/// Largest single history bonus, so one deep cut-off does not saturate the table.
pub const HISTORY_BONUS_MAX: i32 = 1_536;

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

/// The pruning margins and reductions of the main search that a game may set for itself
/// ([`crate::engine::Game::SEARCH_PARAMS`]): how far an evaluation may swing in a ply, and
/// how wide a tree is worth searching, differ between games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Initial half-width of the aspiration window: about a quarter of a piece, the size
    /// of a typical change between iterations. It grows by half after each failure.
    pub aspiration_delta: i32,
    /// Reverse futility pruning applies up to this depth: deeper, a static margin is too
    /// blunt.
    pub rfp_max_depth: i32,
    /// Reverse futility margin per ply of depth: the eval may fall about this much a ply.
    pub rfp_margin: i32,
    /// Internal iterative reduction: nodes without a TT move at this depth or more lose a
    /// ply, since an unordered node costs much and the next iteration brings the move.
    pub iir_min_depth: i32,
    /// Futility pruning of quiet moves applies up to this depth.
    pub futility_max_depth: i32,
    /// Futility margin: base plus per-ply growth, a quiet move rarely gains more.
    pub futility_base: i32,
    /// Per-ply growth of the futility margin.
    pub futility_per_depth: i32,
    /// Late-move pruning applies up to this depth; the quiet-move quota is
    /// `(3 + d*d) / div`.
    pub lmp_max_depth: i32,
    /// Late-move reductions apply from this depth.
    pub lmr_min_depth: i32,
    /// Constant term of the LMR table `base + ln(depth) * ln(moves) / divisor`.
    pub lmr_base: f64,
    /// Divisor of the LMR table: larger means gentler reductions.
    pub lmr_divisor: f64,
    /// Whether quiescence stands pat on the static evaluation sharpened by a fitting table
    /// entry, as the main search's evaluation is, rather than on the static evaluation.
    pub table_stand_pat: bool,
}

impl SearchParams {
    /// The settings tuned on chess, where one ordinary piece is about 100 units; the
    /// default for a game that does not tune its own.
    pub const STANDARD: Self = Self {
        aspiration_delta: 25,
        rfp_max_depth: 8,
        rfp_margin: 75,
        iir_min_depth: 4,
        futility_max_depth: 8,
        futility_base: 100,
        futility_per_depth: 90,
        lmp_max_depth: 8,
        lmr_min_depth: 3,
        lmr_base: 0.75,
        lmr_divisor: 2.25,
        table_stand_pat: true,
    };

    /// Draughts: the standard settings, but quiescence stands pat on the plain static
    /// evaluation. Standing pat on the table's score, which gained chess 22.6 Elo, lost
    /// 26.5-33.5 in 60 draughts games (3 wins, 10 losses).
    pub const DRAUGHTS: Self = Self {
        table_stand_pat: false,
        ..Self::STANDARD
    };
}

/// Singular extensions are tried from this depth: shallower, the verification search
/// costs more than the extension gains.
pub const SINGULAR_MIN_DEPTH: i32 = 8;

/// The table entry must be at most this many plies shallower than the node to be trusted
/// as the yardstick of singularity.
pub const SINGULAR_TT_DEPTH_MARGIN: i32 = 3;

/// The other moves must fall this much per ply of depth below the table score for the
/// table move to count as singular.
pub const SINGULAR_MARGIN_PER_DEPTH: i32 = 2;

/// A move singular by this much more is extended twice.
pub const SINGULAR_DOUBLE_MARGIN: i32 = 20;

/// At most this many double extensions on one path, so the tree stays finite.
pub const SINGULAR_MAX_DOUBLES: u8 = 6;
