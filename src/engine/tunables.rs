//! The search's tunable constants, declared once in the table of [`search_params!`]: every
//! pruning margin, reduction, extension bound and time-management share, with the range
//! and step an SPSA tuner (OpenBench, Weather Factory) moves it in.
//!
//! One declaration gives the fields of [`SearchParams`], the chess values
//! ([`SearchParams::STANDARD`]) and the tuning ranges ([`TUNABLES`]). A game names its
//! values through [`crate::engine::Game::SEARCH_PARAMS`]; one that differs from chess says
//! how (as [`SearchParams::DRAUGHTS`] does), so every game's values have this one shape.
//!
//! The search reads them through [`ActiveParams`]: in the normal build they are the game's
//! constants, folded into the code like literals; a tuning build (`cargo build --release
//! --features tune`) holds them in a value the UCI options change (`docs/tuning.md`).
//!
//! Values are integers, in the game's unit (centipawns in chess) unless a doc says
//! otherwise: fractions are in hundredths ("percent"), so every tunable is a UCI spin.
//! Constants that are no tuning knob (table sizes, `MAX_PLY`, mate scores) are in
//! [`super::params`].

use super::Game;
use std::marker::PhantomData;

/// One tunable: its name, the range and step a tuner moves it in, and where it lives in
/// [`SearchParams`].
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The field of [`SearchParams`], also the UCI option's name in a tuning build.
    pub name: &'static str,
    /// Smallest value tried.
    pub min: i32,
    /// Largest value tried.
    pub max: i32,
    /// SPSA's perturbation at the end of a tune (OpenBench's `C_end`): large enough to
    /// change strength by a few Elo, so a match can tell the two sides apart.
    pub step: i32,
    read: fn(&SearchParams) -> i32,
    write: fn(&mut SearchParams, i32),
}

impl Tunable {
    /// Its value in `params`.
    pub fn value(&self, params: &SearchParams) -> i32 {
        (self.read)(params)
    }

    /// Sets it to `value` in `params`; the range is the caller's to check.
    pub fn set(&self, params: &mut SearchParams, value: i32) {
        (self.write)(params, value);
    }
}

/// The tunable called `name`.
pub fn tunable(name: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.name == name)
}

/// Declares the table: each tunable as `name = chess value, min..=max, step s;`, then the
/// per-game settings that are no tuning knob as `name: type = chess value;`.
macro_rules! search_params {
    (
        tuned {
            $(
                $(#[doc = $doc:literal])*
                $name:ident = $value:literal, $min:literal..=$max:literal, step $step:literal;
            )*
        }
        fixed {
            $(
                $(#[doc = $fixed_doc:literal])*
                $fixed:ident: $fixed_type:ty = $fixed_value:expr;
            )*
        }
    ) => {
        /// The search's tunable constants and per-game settings, for one game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SearchParams {
            $( $(#[doc = $doc])* pub $name: i32, )*
            $( $(#[doc = $fixed_doc])* pub $fixed: $fixed_type, )*
        }

        impl SearchParams {
            /// The values tuned on chess, where a pawn is 100 units; the default for a game
            /// that does not name its own.
            pub const STANDARD: Self = Self {
                $( $name: $value, )*
                $( $fixed: $fixed_value, )*
            };
        }

        /// Every tunable, in the table's order.
        pub const TUNABLES: &[Tunable] = &[
            $(
                Tunable {
                    name: stringify!($name),
                    min: $min,
                    max: $max,
                    step: $step,
                    read: |params| params.$name,
                    write: |params, value| params.$name = value,
                },
            )*
        ];
    };
}

search_params! {
    tuned {
        // Iterative deepening: aspiration windows.

        /// Aspiration windows start at this depth; shallower iterations are too unstable
        /// to centre on.
        aspiration_min_depth = 4, 1..=8, step 1;
        /// Each failure high of an aspiration window searches the next window this many
        /// plies shallower (a failure low goes back to the iteration's depth).
        aspiration_fail_high_plies = 1, 0..=2, step 1;
        /// Initial half-width of the aspiration window: about a quarter of a piece, the
        /// size of a typical change between iterations.
        aspiration_delta = 25, 5..=80, step 4;
        /// After each failure the window's half-width grows to this percentage of itself.
        aspiration_growth = 150, 110..=300, step 10;

        // Whole-node pruning before the move loop.

        /// Reverse futility pruning applies up to this depth: deeper, a static margin is
        /// too blunt.
        rfp_max_depth = 8, 4..=12, step 1;
        /// Reverse futility margin per ply of depth: the eval may fall about this much a
        /// ply.
        rfp_margin = 75, 30..=150, step 6;
        /// Razoring applies up to this depth: a node whose eval is hopelessly below alpha
        /// asks quiescence whether a capture saves it, and trusts its answer.
        razor_max_depth = 3, 0..=6, step 1;
        /// How far below alpha, per ply of depth, counts as hopeless.
        razor_margin = 250, 100..=600, step 20;
        /// Null-move pruning needs at least this depth to save more than it costs.
        nmp_min_depth = 3, 1..=6, step 1;
        /// Base null-move reduction; the reduction grows with depth so deep nodes save
        /// more.
        nmp_base_reduction = 3, 1..=6, step 1;
        /// Depth divisor of the null-move reduction's growth
        /// (`R = base + depth / divisor + ...`).
        nmp_depth_divisor = 3, 2..=8, step 1;
        /// Each this many units the eval exceeds beta add a ply of null-move reduction:
        /// the further ahead, the less a verification at full depth is needed.
        nmp_eval_divisor = 200, 80..=400, step 15;
        /// Most plies the eval's lead adds to the null-move reduction.
        nmp_eval_reduction_max = 3, 0..=6, step 1;
        /// Internal iterative reduction: nodes without a table move at this depth or more
        /// lose a ply, since an unordered node costs much and the next iteration brings
        /// the move.
        iir_min_depth = 4, 2..=8, step 1;

        // Move-loop pruning.

        /// Late-move pruning applies up to this depth.
        lmp_max_depth = 8, 4..=12, step 1;
        /// Late-move pruning's quiet-move quota is `(base + depth * depth) * scale / 100`.
        lmp_base = 3, 1..=8, step 1;
        /// The quota's scale, in percent, when the eval is improving.
        lmp_improving_scale = 100, 50..=200, step 10;
        /// The quota's scale, in percent, when it is not: fewer quiet moves are worth
        /// trying in a position going downhill.
        lmp_scale = 50, 25..=100, step 5;
        /// Futility pruning of quiet moves applies up to this depth.
        futility_max_depth = 8, 4..=12, step 1;
        /// Futility margin at depth 0: a quiet move rarely gains more.
        futility_base = 100, 40..=200, step 10;
        /// Per-ply growth of the futility margin.
        futility_per_depth = 90, 40..=180, step 8;
        /// Static-exchange pruning of moves (noisy and quiet) applies up to this depth.
        see_prune_max_depth = 8, 4..=12, step 1;
        /// At depth `d` a quiet move that loses more than `margin * d` to the exchanges on
        /// its square is skipped.
        see_quiet_margin = 64, 20..=150, step 6;
        /// At depth `d` a capture losing more than `margin * d` is skipped: larger than
        /// the quiet margin, as a capture may trade into something better.
        see_capture_margin = 90, 30..=200, step 10;
        /// Quiescence skips a capture that loses more than this to the exchanges on its
        /// square: it cannot raise a stand-pat score.
        qsearch_see_margin = 0, -100..=100, step 10;
        /// Quiescence also skips a capture whose take (the piece it wins, and a
        /// promotion's gain), plus this margin, leaves the stand-pat score at or below
        /// alpha: delta pruning, as Reckless 0.7 does (Carp 3.0.1 prunes by the exchange
        /// alone, as the line above). The margin stands for what the position after the
        /// capture may add to the material; the exchange's result is no bound (an even
        /// trade may still turn the position). A capture that gives check is never skipped
        /// (without that, every form tried lost about 200 Elo). The take is counted in the
        /// evaluation's units: in the exchange's, a third to a half smaller, 5 % of the
        /// captures skipped would have raised the score, and a margin of 300 lost 81 ± 35
        /// Elo over 204 games (bundle 5 in `notes/search-changes.md`). 0 turns it off: at
        /// 250 in the evaluation's units its 1,500-game budget ended below zero (bundle 5e).
        qsearch_delta_margin = 0, 0..=600, step 25;

        // Extensions.

        /// Singular extensions are tried from this depth: shallower, the verification
        /// search costs more than the extension gains.
        singular_min_depth = 8, 4..=12, step 1;
        /// The table entry must be at most this many plies shallower than the node to be
        /// trusted as the yardstick of singularity.
        singular_tt_depth_margin = 3, 1..=6, step 1;
        /// The other moves must fall this much per ply of depth below the table score for
        /// the table move to count as singular.
        singular_margin_per_depth = 2, 1..=6, step 1;
        /// A move singular by this much more is extended twice.
        singular_double_margin = 20, 0..=60, step 4;
        /// At most this many double extensions on one path, so the tree stays finite.
        singular_max_doubles = 6, 0..=16, step 1;

        // Late-move reductions: `base + ln(depth) * ln(moves) / divisor`, then adjusted.

        /// Late-move reductions apply from this depth.
        lmr_min_depth = 3, 1..=6, step 1;
        /// Plies more a late move is reduced at an expected cut node, where one of the
        /// first moves should refute the parent and the late ones rarely matter. None:
        /// alone (bundle 3a in `notes/search-changes.md`) 1,514 games did not tell.
        lmr_cut_node_plies = 0, 0..=2, step 1;
        /// Plies less a late move is reduced at a node that was once on a principal
        /// variation (the table's PV mark), where the search already found the line that
        /// matters once. None: alone (bundle 4a in `notes/search-changes.md`) 1,500 games
        /// did not tell.
        lmr_tt_pv_plies = 0, 0..=2, step 1;
        /// A node reached by a reduction of at least this many plies is searched a ply
        /// deeper where the reduced move did not make its mover's position worse by the
        /// static evaluations (the parent's and the node's, each from its side to move,
        /// sum to at most zero): in hindsight the reduction misjudged a sound move.
        /// 0 turns it off: alone (bundle 4b) 1,500 games did not tell.
        hindsight_extend_reduction = 0, 0..=6, step 1;
        /// Constant term of the reduction table, in hundredths of a ply.
        lmr_base = 75, 0..=200, step 10;
        /// Divisor of the reduction table, in hundredths: larger means gentler reductions.
        lmr_divisor = 225, 100..=400, step 15;
        /// Each this many points of a quiet move's history (butterfly and both
        /// continuations together) shift its reduction by one ply.
        lmr_history_divisor = 12_288, 4_096..=32_768, step 1_024;

        // What the search learns.

        /// History bonus per ply of depth (`square * depth² + scale * depth - offset`,
        /// capped): deeper cut-offs are stronger evidence that a move is good, and a
        /// linear bonus lets the shallow ones, the most numerous, teach the ordering too.
        history_bonus_scale = 150, 0..=384, step 16;
        /// Per depth squared (before the linear bonus, 16 and no linear part).
        history_bonus_square = 0, 0..=48, step 2;
        /// What the history bonus gives up at every depth, so a cut-off at depth 1 counts
        /// for less than a ply's worth.
        history_bonus_offset = 50, 0..=200, step 10;
        /// Largest single history bonus, so one deep cut-off does not saturate the table.
        history_bonus_max = 1_536, 256..=4_096, step 128;
        /// History points, in tenths per unit, for the quiet move that led to a node by
        /// how far it changed its mover's static evaluation (the parent's and the
        /// node's, each from its side to move, summed and negated): a move that made the
        /// mover's position look better is raised, one that made it worse lowered, on
        /// the node's first visit. 0 turns it off: alone (bundle 4c) 1,500 games did not
        /// tell.
        history_eval_diff_scale = 0, 0..=200, step 10;
        /// Largest such update either way.
        history_eval_diff_max = 1_024, 256..=4_096, step 128;
        /// A correction-history entry never exceeds this many units.
        correction_max = 128, 32..=256, step 8;
        /// A search of depth `d` moves its correction entry `min(d + 1, this)` 256ths of
        /// the way to what it found: deeper searches are surer.
        correction_weight_max = 16, 4..=64, step 2;

        // The clock.

        /// Moves of its own the time manager plans a clock without moves-to-go (sudden
        /// death, Fischer) to last: it spends about this share of the clock a move. Chess
        /// games against engines run 60-80 moves, and the clock's tail (a long endgame, a
        /// crisis) needs a reserve; but a move takes about 1.5 soft limits on average (the
        /// iteration that crosses it finishes), so at 25 a 10s+0.1s game ended with a
        /// median 2.2 s unused. A game may plan fewer as it goes on
        /// ([`Game::sudden_death_moves`]: draughts does, by the material left).
        move_horizon = 20, 10..=50, step 2;
        /// Percentage of the increment beyond the move overhead spent on this move (the
        /// rest builds a reserve).
        time_increment_share = 90, 50..=100, step 5;
        /// Percentage of the per-move allocation that is the soft limit (do not start
        /// another iteration) before stability scaling.
        time_soft_share = 70, 30..=100, step 5;
        /// The hard limit (abort the iteration) may reach this percentage of the
        /// allocation, for a move in trouble.
        time_hard_multiple = 400, 200..=800, step 25;
        /// Of the spendable clock, one move may use at most this percentage (unless it is
        /// the last move of a period), so one bad move never empties the clock.
        time_hard_clock_share = 50, 20..=70, step 5;
        /// The soft limit's scale, in percent, right after the best move changed...
        time_unstable_scale = 160, 120..=250, step 10;
        /// ...falling by this many points for each iteration the best move stays...
        time_stable_step = 10, 0..=10, step 1;
        /// ...for at most this many iterations (its range keeps the scale above zero).
        time_stable_iterations = 8, 2..=10, step 1;
        /// A score that fell by more than this since the last iteration means trouble:
        /// think longer to find a way out...
        time_drop_small = 30, 10..=80, step 5;
        /// ...by this percentage...
        time_drop_small_scale = 125, 100..=200, step 5;
        /// ...and by more than this...
        time_drop_large = 80, 40..=200, step 10;
        /// ...by this percentage.
        time_drop_large_scale = 150, 100..=250, step 10;
        /// The soft limit is also scaled by `1 + (pivot - share) * slope`, in percent,
        /// where `share` is the best move's part of all the root's nodes so far: a best
        /// move that took nearly all of the search's effort is settled, one that took
        /// little is contested and earns more time. (Pivot 76 and slope 135 are the
        /// `(1.5 - share) * 1.35` of the engines we read; slope 0 turns it off.)
        time_node_pivot = 76, 50..=100, step 2;
        /// ...and this slope, in percent per whole share.
        time_node_slope = 135, 0..=250, step 10;
    }
    fixed {
        /// Whether null-move pruning is skipped where the table holds an upper bound below
        /// beta: a search of this position already failed to reach it.
        nmp_table_guard: bool = true;
        /// Whether captures that lose material are reduced as late quiet moves are. Off:
        /// alone (bundle 3b in `notes/search-changes.md`) it failed, -25 Elo over 1,142 games.
        lmr_bad_captures: bool = false;
        /// Whether a node's moves wait until the pruning before the move loop has had
        /// its chance to end the node without them (where no moves is not decisive).
        moves_after_pruning: bool = true;
        /// Whether, where the moves wait so, a table move the game can check alone is
        /// searched before the others are generated and scored (so they are scored with the
        /// histories its search left). Off while it is tested: `bench` ran 1.004 times as
        /// fast side by side (median of 7), at 0.3 % more nodes.
        table_move_before_generation: bool = false;
        /// Whether internal iterative reduction is kept to PV and expected cut nodes.
        iir_pv_and_cut_only: bool = true;
        /// Whether futility pruning judges a move at the depth its reduction leaves.
        futility_at_reduced_depth: bool = true;
        /// Whether quiescence stands pat on the static evaluation sharpened by a fitting
        /// table entry, as the main search's evaluation is, rather than on the static
        /// evaluation.
        table_stand_pat: bool = true;
    }
}

impl SearchParams {
    /// Draughts: the standard settings, but quiescence stands pat on the plain static
    /// evaluation, and the clock's horizon on a full board is longer: after a 2-move ballot,
    /// games against Scan 2.0 had 57-95 moves of ours left (74 in the median), and draughts
    /// shortens the horizon as material leaves the board (`draughts::SearchPosition`'s
    /// [`Game::sudden_death_moves`]). At 30 moves a minute's clock against Scan 2.0 ended
    /// with a sixth of it unused (`notes/matches.md`), so the horizon is 24. The soft share
    /// stays at 60 %: at chess's 70 % a minute's clock no longer lasts 100 moves of soft
    /// limits and overheads at the ending horizon. Standing pat on the table's score, which
    /// gained chess 22.6 Elo, lost 26.5-33.5 in 60 draughts games (3 wins, 10 losses). No
    /// razoring: a draughts quiescence resolves only the captures due, and the shots that
    /// turn a lost-looking draughts position are quiet sacrifices it never sees. The
    /// chess search's consensus bundles (the fail-high depth cut, the node-share clock,
    /// the linear history bonus, the null move's steeper depth term and table guard; moves
    /// after the pruning, IIR at PV and cut nodes only, futility at the reduced depth) and
    /// quiescence's delta pruning were tested on chess only, so draughts keeps the settings it was measured with against
    /// Scan until a draughts match decides them.
    pub const DRAUGHTS: Self = Self {
        table_stand_pat: false,
        razor_max_depth: 0,
        aspiration_fail_high_plies: 0,
        nmp_depth_divisor: 4,
        history_bonus_scale: 0,
        history_bonus_square: 16,
        history_bonus_offset: 0,
        time_node_slope: 0,
        nmp_table_guard: false,
        moves_after_pruning: false,
        iir_pv_and_cut_only: false,
        futility_at_reduced_depth: false,
        qsearch_delta_margin: 0,
        move_horizon: 24,
        time_soft_share: 60,
        ..Self::STANDARD
    };
}

/// A value in hundredths as a fraction: `percent(60)` is 0.6, the same `f64` as the
/// literal, as division is correctly rounded.
#[inline]
pub fn percent(hundredths: i32) -> f64 {
    f64::from(hundredths) / 100.0
}

/// The parameters the searches of game `G` run with. In the normal build they are `G`'s
/// constants, [`Game::SEARCH_PARAMS`], which the compiler folds into the search like
/// literals, and this value is empty; in a tuning build (feature `tune`) it holds values
/// the UCI options set.
pub struct ActiveParams<G> {
    #[cfg(feature = "tune")]
    values: SearchParams,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> ActiveParams<G> {
    /// `G`'s own values.
    pub fn new() -> Self {
        Self {
            #[cfg(feature = "tune")]
            values: G::SEARCH_PARAMS,
            game: PhantomData,
        }
    }

    /// The values in force: `G`'s constants.
    #[cfg(not(feature = "tune"))]
    #[inline(always)]
    pub fn get(&self) -> SearchParams {
        G::SEARCH_PARAMS
    }

    /// The values in force: those last set.
    #[cfg(feature = "tune")]
    #[inline(always)]
    pub fn get(&self) -> SearchParams {
        self.values
    }

    /// Replaces the values in force (a tuning build's options).
    #[cfg(feature = "tune")]
    pub fn set(&mut self, values: SearchParams) {
        self.values = values;
    }
}

impl<G: Game> Default for ActiveParams<G> {
    fn default() -> Self {
        Self::new()
    }
}

// Derived, these would ask `G: Clone`; the value is plain data whatever the game.
impl<G> Clone for ActiveParams<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for ActiveParams<G> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_value_lies_in_its_range() {
        for params in [SearchParams::STANDARD, SearchParams::DRAUGHTS] {
            for t in TUNABLES {
                let value = t.value(&params);
                assert!(t.min < t.max && t.step > 0, "{}", t.name);
                assert!((t.min..=t.max).contains(&value), "{} = {value}", t.name);
            }
        }
    }

    #[test]
    fn each_name_is_unique_and_reaches_its_own_field() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert!(TUNABLES[..i].iter().all(|u| u.name != t.name), "{}", t.name);
            let mut params = SearchParams::STANDARD;
            t.set(&mut params, t.max + 1);
            assert_eq!(tunable(t.name).unwrap().value(&params), t.max + 1);
            // Only its own field changed.
            for other in TUNABLES.iter().filter(|u| u.name != t.name) {
                assert_eq!(
                    other.value(&params),
                    other.value(&SearchParams::STANDARD),
                    "{} moved {}",
                    t.name,
                    other.name
                );
            }
        }
        assert!(tunable("no_such_tunable").is_none());
    }

    #[test]
    fn the_soft_limit_scale_stays_positive_over_the_ranges() {
        let range = |name| tunable(name).unwrap();
        let lowest = range("time_unstable_scale").min
            - range("time_stable_step").max * range("time_stable_iterations").max;
        assert!(lowest > 0, "{lowest}");
    }

    #[test]
    fn percent_gives_the_literal() {
        assert_eq!(percent(60), 0.6);
        assert_eq!(percent(90), 0.9);
        assert_eq!(percent(225), 2.25);
        assert_eq!(percent(10), 0.1);
        assert_eq!(percent(160), 1.6);
    }
}
