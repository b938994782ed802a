//! The search of one thread: iterative deepening with aspiration windows over a principal
//! variation search, then quiescence.
//!
//! Every thread of Lazy SMP runs this same code on the same root, sharing only the
//! transposition table and the control flags; they help each other by filling the table.
//! Thread 0 alone reports progress and manages time. The steps of [`Worker::negamax`] are
//! numbered in the order they run, so the function reads as its own description.

use super::control::SearchControl;
use super::history::{history_bonus, History, QuietsTried};
use super::ordering::{MovePicker, OrderingHints};
use super::params::*;
use super::time::TimeManager;
use super::tt::{TranspositionTable, TtBound};
use super::{Bound, Evaluator, Game, Limits, MoveList, Score, SearchEvent, SearchInfo, TableValue};
use crossbeam_channel::Sender;

/// A root move with its score and line from the last search that reached it.
#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    score: i32,
    pv: Vec<M>,
}

/// What one thread achieved, read when the search ends.
#[derive(Clone, Debug)]
pub struct ThreadResult<M> {
    /// Deepest fully completed iteration (0: none).
    pub depth: u32,
    /// Score of the best move at that depth.
    pub score: i32,
    /// Principal variation, starting with the best move; empty iff no legal root move.
    pub pv: Vec<M>,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Average ply of the leaves (where quiescence began).
    pub mean_depth: f64,
}

/// Converts an internal score into the reported form.
pub fn to_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Win((MATE - score) as u32)
    } else if score <= -MATE_BOUND {
        Score::Loss((MATE + score) as u32)
    } else {
        Score::Value(score)
    }
}

/// True when the last hash of `stack` occurred an even number of plies back within the
/// last `reversible` plies: one repetition (in the tree or in the game) scores as a draw,
/// since the side that could avoid it would have, and repeating once more is always legal.
pub fn is_repetition(stack: &[u64], reversible: usize) -> bool {
    let Some((&current, earlier)) = stack.split_last() else {
        return false;
    };
    let reach = reversible.min(earlier.len());
    (2..=reach)
        .step_by(2)
        .any(|back| earlier[earlier.len() - back] == current)
}

/// One search thread.
pub struct Worker<'a, G: Game> {
    id: usize,
    ctl: &'a SearchControl,
    tt: &'a TranspositionTable,
    limits: &'a Limits<G::Move>,
    history: &'a mut History<G>,
    /// The static evaluation, told of every step along the path.
    evaluator: G::Evaluator,
    /// Thread 0 reports through this; helpers have none.
    events: Option<&'a Sender<SearchEvent<G::Move>>>,
    tm: Option<TimeManager>,
    /// Hashes of the game before the root, then the root and the current path.
    hashes: Vec<u64>,
    evals: Vec<i32>,
    pv_table: Vec<G::Move>,
    pv_len: Vec<usize>,
    lmr: Vec<i32>,
    root_moves: Vec<RootMove<G::Move>>,
    root_depth: i32,
    nodes: u64,
    unflushed: u64,
    check_interval: u64,
    stopped: bool,
    /// Index in `hashes` of the position after the innermost null move on the path:
    /// nothing before a pass can repeat a position after it.
    null_floor: usize,
    seldepth: usize,
    leaf_plies: u64,
    leaves: u64,
}

fn lmr_table() -> Vec<i32> {
    let mut table = vec![0; 64 * 64];
    for depth in 1..64 {
        for moves in 1..64 {
            let r = LMR_BASE + (depth as f64).ln() * (moves as f64).ln() / LMR_DIVISOR;
            table[depth * 64 + moves] = r as i32;
        }
    }
    table
}

impl<'a, G: Game> Worker<'a, G> {
    /// A thread ready to search; `game_history` holds the hashes before the root.
    pub fn new(
        id: usize,
        ctl: &'a SearchControl,
        tt: &'a TranspositionTable,
        limits: &'a Limits<G::Move>,
        history: &'a mut History<G>,
        events: Option<&'a Sender<SearchEvent<G::Move>>>,
        game_history: &[u64],
    ) -> Self {
        history.clear_killers();
        let tm = if id == 0 {
            TimeManager::new(limits)
        } else {
            None
        };
        Self {
            id,
            ctl,
            tt,
            limits,
            history,
            evaluator: G::Evaluator::new(),
            events,
            tm,
            hashes: game_history.to_vec(),
            evals: vec![0; MAX_PLY + 2],
            pv_table: vec![G::Move::default(); (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: vec![0; MAX_PLY + 2],
            lmr: lmr_table(),
            root_moves: Vec::new(),
            root_depth: 0,
            nodes: 0,
            unflushed: 0,
            // A node limit below the usual interval is looked at from the first node on.
            check_interval: CHECK_INTERVAL.min(ctl.nodes_left() / 8).max(1),
            stopped: false,
            null_floor: 0,
            seldepth: 0,
            leaf_plies: 0,
            leaves: 0,
        }
    }

    /// Searches `root` until a limit or the stop flag ends it, and says what it found.
    pub fn run(mut self, root: &G) -> ThreadResult<G::Move> {
        self.hashes.push(root.hash());
        self.evaluator.start(root);
        self.root_moves = self.ordered_root_moves(root);
        let mut result = ThreadResult {
            depth: 0,
            score: -INFINITY,
            pv: self
                .root_moves
                .first()
                .map(|r| vec![r.mv])
                .unwrap_or_default(),
            seldepth: 0,
            mean_depth: 0.0,
        };
        if !self.root_moves.is_empty() {
            self.iterative_deepening(root, &mut result);
        }
        self.ctl.add_nodes_and_check(self.unflushed);
        if self.id == 0 {
            // The main thread's end ends the helpers too.
            self.ctl.abort();
        }
        result
    }

    fn ordered_root_moves(&self, root: &G) -> Vec<RootMove<G::Move>> {
        let mut legal = MoveList::new();
        root.legal_moves(&mut legal);
        if legal
            .as_slice()
            .iter()
            .any(|mv| self.limits.searchmoves.contains(mv))
        {
            legal.retain(|mv| self.limits.searchmoves.contains(mv));
        }
        // In a position the endgame tables know, only the moves they rank best are
        // searched: the search then finds the way to progress, never a slip.
        root.retain_table_root_moves(&mut legal);
        let hints = OrderingHints {
            tt_code: self.tt.probe(root.hash(), 0).map_or(0, |e| e.move_code),
            killers: [G::Move::default(); 2],
            counter: None,
        };
        let history = &self.history;
        let mut picker = MovePicker::new(root, &mut legal, &hints, |mv| {
            history.score(root.history_index(mv))
        });
        let mut moves = Vec::with_capacity(picker.len());
        while let Some(mv) = picker.next_move() {
            moves.push(RootMove {
                mv,
                score: -INFINITY,
                pv: vec![mv],
            });
        }
        moves
    }

    fn iterative_deepening(&mut self, root: &G, result: &mut ThreadResult<G::Move>) {
        let max_depth = self.limits.depth.map_or(MAX_PLY as i32 - 1, |d| {
            (d.max(1) as i32).min(MAX_PLY as i32 - 1)
        });
        // A weakened search chooses among lines whose scores are exact, as MultiPV makes
        // them; it still reports only the lines the front end asked for.
        let candidates = self.limits.handicap.map_or(1, |h| h.lines);
        let lines = self
            .limits
            .multipv
            .max(candidates)
            .clamp(1, self.root_moves.len());
        let reported = self.limits.multipv.clamp(1, lines);
        let mut previous_best: Option<G::Move> = None;
        let mut depth = 1;
        while depth <= max_depth {
            // Helpers with an odd id run one ply ahead, so threads spread over two depths.
            let search_depth = (depth + (self.id % 2) as i32).min(max_depth);
            self.root_depth = search_depth;
            for line in 0..lines {
                self.search_line(root, search_depth, line);
                if self.stopped {
                    return;
                }
                self.root_moves[..=line].sort_by_key(|r| std::cmp::Reverse(r.score));
            }
            let chosen = self.limits.handicap.map_or(0, |h| {
                let scores: Vec<i32> = self.root_moves[..lines].iter().map(|r| r.score).collect();
                h.choose(&scores, root.hash())
            });
            let best = &self.root_moves[chosen];
            *result = ThreadResult {
                depth: search_depth as u32,
                score: best.score,
                pv: best.pv.clone(),
                seldepth: self.seldepth as u32,
                mean_depth: self.mean_depth(),
            };
            if self.id == 0 {
                for line in 0..reported {
                    self.report(line, Bound::Exact);
                }
                if self.should_stop_after_iteration(search_depth, previous_best) {
                    return;
                }
            }
            previous_best = Some(self.root_moves[0].mv);
            depth = search_depth + 1;
        }
    }

    /// Thread 0's decision, after a finished iteration, not to start another.
    fn should_stop_after_iteration(&mut self, depth: i32, previous_best: Option<G::Move>) -> bool {
        let score = self.root_moves[0].score;
        let best = self.root_moves[0].mv;
        if let Some(moves) = self.limits.mate {
            if score >= MATE_BOUND && MATE - score < 2 * moves as i32 {
                return true;
            }
        }
        // A proven result deep enough to have seen any shorter one: nothing left to learn.
        if score.abs() >= MATE_BOUND && depth >= 2 * (MATE - score.abs()) + 2 {
            return true;
        }
        if self
            .limits
            .soft_nodes
            .is_some_and(|soft| self.ctl.nodes() + self.unflushed >= soft)
        {
            return true;
        }
        let timed = self.tm.is_some() && !self.ctl.pondering();
        if timed && self.root_moves.len() == 1 {
            return true;
        }
        if let Some(tm) = self.tm.as_mut() {
            tm.update(previous_best.is_some_and(|p| p != best), score);
            if let Some(spent) = self.ctl.clock_elapsed() {
                if spent >= tm.soft_limit() {
                    return true;
                }
            }
        }
        false
    }

    /// Searches the `line`-th principal variation (the moves before it excluded) at
    /// `depth`, widening an aspiration window around the previous score until it holds.
    fn search_line(&mut self, root: &G, depth: i32, line: usize) {
        let previous = self.root_moves[line].score;
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH && previous.abs() < MATE_BOUND
        {
            (
                (previous - delta).max(-INFINITY),
                (previous + delta).min(INFINITY),
            )
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let score = self.search_root(root, depth, alpha, beta, line);
            if self.stopped {
                return;
            }
            self.root_moves[line..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                self.report_bound(line, Bound::Upper);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                self.report_bound(line, Bound::Lower);
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    fn search_root(&mut self, root: &G, depth: i32, mut alpha: i32, beta: i32, line: usize) -> i32 {
        let mut best = -INFINITY;
        self.seldepth = self.seldepth.max(1);
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let mut child = root.clone();
            child.play(mv);
            self.hashes.push(child.hash());
            self.evaluator.push(root, &child);
            let new_depth = depth - 1 + i32::from(child.in_check());
            let index = Some(root.history_index(mv));
            let score = if i == line {
                -self.negamax(&child, new_depth, -beta, -alpha, 1, true, index)
            } else {
                let zero_window =
                    -self.negamax(&child, new_depth, -alpha - 1, -alpha, 1, false, index);
                if zero_window > alpha && zero_window < beta {
                    -self.negamax(&child, new_depth, -beta, -alpha, 1, true, index)
                } else {
                    zero_window
                }
            };
            self.hashes.pop();
            self.evaluator.pop();
            if self.stopped {
                return best;
            }
            let entry = &mut self.root_moves[i];
            if i == line || score > alpha {
                entry.score = score;
                entry.pv.clear();
                entry.pv.push(mv);
                let len = self.pv_len[1];
                entry
                    .pv
                    .extend_from_slice(&self.pv_table[(MAX_PLY + 1)..(MAX_PLY + 1) + len]);
            } else {
                entry.score = -INFINITY;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    for later in &mut self.root_moves[i + 1..] {
                        later.score = -INFINITY;
                    }
                    break;
                }
            }
        }
        best
    }

    /// Counts a node and, every few, looks at the stop flag, node limit and clock.
    #[inline]
    fn count_node(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.check_interval {
            self.stopped = self.ctl.add_nodes_and_check(self.unflushed);
            self.unflushed = 0;
            // Near a node limit, look more often so the overshoot stays small.
            self.check_interval = CHECK_INTERVAL.min(self.ctl.nodes_left() / 8).max(1);
        }
    }

    /// What every node does first: counts itself, empties its PV and notes its ply. Gives
    /// the node's score when it ends here: the search was stopped or the ply is too deep.
    #[inline(always)]
    fn enter_node(&mut self, pos: &G, ply: usize) -> Option<i32> {
        self.pv_len[ply] = 0;
        self.count_node();
        if self.stopped {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 1 {
            return Some(self.evaluator.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL));
        }
        None
    }

    /// The endgame tables' score of `pos` (just reached by an irreversible move), nearer
    /// wins scoring higher. It is stored in the transposition table, which is asked
    /// first, so a position met again costs no probe; a table win is a lower bound (a
    /// mate found by the search beats it), a loss an upper one.
    #[inline]
    fn table_score(&mut self, pos: &G, depth: i32, ply: usize) -> Option<i32> {
        if pos.reversible_plies() != 0 || depth < pos.table_probe_depth() {
            return None;
        }
        let value = pos.table_value()?;
        self.ctl.count_table_hit();
        let (score, bound) = match value {
            TableValue::Win => (TABLE_WIN - ply as i32, TtBound::Lower),
            TableValue::Draw => (0, TtBound::Exact),
            TableValue::Loss => (-TABLE_WIN + ply as i32, TtBound::Upper),
        };
        let depth = (depth + TABLE_TT_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
        self.tt.store(pos.hash(), ply, 0, score, depth, bound);
        Some(score)
    }

    #[inline]
    fn pv_row(ply: usize) -> usize {
        ply * (MAX_PLY + 1)
    }

    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_len = self.pv_len[ply + 1];
        let (row, child) = (Self::pv_row(ply), Self::pv_row(ply + 1));
        self.pv_table[row] = mv;
        self.pv_table.copy_within(child..child + child_len, row + 1);
        self.pv_len[ply] = child_len + 1;
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        pv_node: bool,
        previous: Option<usize>,
    ) -> i32 {
        // Step 1: at the horizon, resolve captures first.
        if depth <= 0 {
            self.leaf_plies += ply as u64;
            self.leaves += 1;
            return self.quiescence(pos, alpha, beta, ply);
        }
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }

        // Step 2: draws by repetition and by rule.
        if is_repetition(&self.hashes[self.null_floor..], pos.reversible_plies())
            || pos.is_rule_draw()
        {
            return 0;
        }

        // Step 3: mate-distance pruning: no line from here beats a mate already found
        // nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 4: transposition table cut-off (never in PV nodes, to keep the PV whole).
        let hash = pos.hash();
        let tt = self.tt.probe(hash, ply);
        if let Some(e) = tt {
            if !pv_node && e.depth >= depth && e.cuts(alpha, beta) {
                return e.score;
            }
        }

        // Step 4b: endgame tables, asked only after an irreversible move: within a
        // material class they know the value but not the way, which the search finds.
        if let Some(score) = self.table_score(pos, depth, ply) {
            return score;
        }

        // Step 5: terminal positions; the legal moves are needed below anyway.
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return if pos.no_moves_is_loss() {
                -MATE + ply as i32
            } else if pos.no_moves_is_win() {
                MATE - ply as i32
            } else {
                0
            };
        }

        // Step 6: static evaluation, sharpened by a fitting table bound.
        let in_check = pos.in_check();
        let mut eval = if in_check {
            -INFINITY
        } else {
            self.evaluator.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL)
        };
        if let (Some(e), false) = (tt, in_check) {
            let sharper = match e.bound {
                TtBound::Exact => true,
                TtBound::Lower => e.score > eval,
                TtBound::Upper => e.score < eval,
            };
            if sharper && e.score.abs() < MATE_BOUND {
                eval = e.score;
            }
        }
        self.evals[ply] = eval;
        let improving = !in_check && ply >= 2 && eval > self.evals[ply - 2];

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Step 7: reverse futility pruning: so far above beta that a quiet move of
            // ours will not lose it all.
            let margin = RFP_MARGIN * (depth - i32::from(improving));
            if depth <= RFP_MAX_DEPTH && eval - margin >= beta {
                return eval;
            }

            // Step 8: null-move pruning: even passing keeps us above beta. Not when asked
            // for a mate: mating problems often turn on zugzwang, where passing is the one
            // thing the defender cannot do.
            if depth >= NMP_MIN_DEPTH
                && self.limits.mate.is_none()
                && eval >= beta
                && previous.is_some()
                && pos.null_move_allowed()
            {
                let r = NMP_BASE_REDUCTION
                    + depth / NMP_DEPTH_DIVISOR
                    + ((eval - beta) / NMP_EVAL_DIVISOR).min(3);
                let mut child = pos.clone();
                child.play_null();
                self.hashes.push(child.hash());
                self.evaluator.push(pos, &child);
                let outer_floor = std::mem::replace(&mut self.null_floor, self.hashes.len() - 1);
                let score = -self.negamax(
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                    None,
                );
                self.null_floor = outer_floor;
                self.hashes.pop();
                self.evaluator.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    // An unproven mate found by passing is not trusted.
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // Step 9: internal iterative reduction: without a table move this node is badly
        // ordered; search it shallower now, the next iteration brings the move.
        let tt_code = tt.map_or(0, |e| e.move_code);
        if tt_code == 0 && depth >= IIR_MIN_DEPTH {
            depth -= 1;
        }

        // Step 10: the moves, best first.
        let hints = OrderingHints {
            tt_code,
            killers: self.history.killers(ply),
            counter: previous
                .map(|p| self.history.counter(p))
                .filter(|&m| m != G::Move::default()),
        };
        let history = &self.history;
        let mut picker = MovePicker::new(pos, &mut moves, &hints, |mv| {
            history.score(pos.history_index(mv))
        });
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move: Option<G::Move> = None;
        let mut searched = 0usize;
        let mut quiets = QuietsTried::<G::Move>::new();
        let lmp_quota = (3 + depth * depth) as usize / if improving { 1 } else { 2 };

        while let Some(mv) = picker.next_move() {
            let noisy = pos.is_noisy(mv);
            let is_tt_move = picker.last_was_tt_move();

            // Step 11: shallow pruning of moves unlikely to matter, once a line that
            // does not lose to mate is in hand.
            if best_score > -MATE_BOUND && !in_check {
                if !noisy {
                    if !pv_node && depth <= LMP_MAX_DEPTH && quiets.len() >= lmp_quota {
                        continue;
                    }
                    if depth <= FUTILITY_MAX_DEPTH
                        && eval + FUTILITY_BASE + FUTILITY_PER_DEPTH * depth <= alpha
                    {
                        continue;
                    }
                } else if depth <= SEE_PRUNE_MAX_DEPTH
                    && !pos.see_at_least(mv, -SEE_CAPTURE_MARGIN * depth)
                {
                    continue;
                }
            }

            let mut child = pos.clone();
            child.play(mv);
            self.hashes.push(child.hash());
            self.evaluator.push(pos, &child);
            let gives_check = child.in_check();
            // Step 12: check extension, bounded so perpetual checks cannot run away.
            let extension = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            let index = pos.history_index(mv);

            // Step 13: principal variation search with late-move reductions.
            let score = if searched == 0 {
                -self.negamax(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    pv_node,
                    Some(index),
                )
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && !noisy && !in_check && searched > usize::from(pv_node)
                {
                    r = self.lmr[(depth.min(63) as usize) * 64 + searched.min(63)];
                    r -= i32::from(pv_node) + i32::from(gives_check) + i32::from(is_tt_move);
                    r += i32::from(!improving);
                    r -= self.history.score(index) / LMR_HISTORY_DIVISOR;
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                let mut score = -self.negamax(
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                    Some(index),
                );
                if score > alpha && r > 0 {
                    score = -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        false,
                        Some(index),
                    );
                }
                if score > alpha && score < beta && pv_node {
                    score =
                        -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, true, Some(index));
                }
                score
            };
            self.hashes.pop();
            self.evaluator.pop();
            searched += 1;
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    if score >= beta {
                        // Step 14: a cut-off teaches the ordering tables.
                        if !noisy {
                            self.reward_quiet(pos, ply, depth, mv, previous, quiets.as_slice());
                        }
                        break;
                    }
                }
            }
            if !noisy {
                quiets.push(mv);
            }
        }

        // Step 15: store the result.
        let bound = if best_score >= beta {
            TtBound::Lower
        } else if alpha > original_alpha {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        let code = best_move.map_or(0, G::move_code);
        self.tt.store(hash, ply, code, best_score, depth, bound);
        best_score
    }

    fn reward_quiet(
        &mut self,
        pos: &G,
        ply: usize,
        depth: i32,
        mv: G::Move,
        previous: Option<usize>,
        tried: &[G::Move],
    ) {
        let bonus = history_bonus(depth);
        self.history.update(pos.history_index(mv), bonus);
        for &other in tried {
            self.history.update(pos.history_index(other), -bonus);
        }
        self.history.add_killer(ply, mv);
        if let Some(p) = previous {
            self.history.set_counter(p, mv);
        }
    }

    /// Resolves noisy moves until the position is quiet, so the static evaluation is
    /// never taken in the middle of an exchange. In check every legal move is searched.
    fn quiescence(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        if pos.is_rule_draw() {
            return 0;
        }
        let hash = pos.hash();
        let tt = self.tt.probe(hash, ply);
        if let Some(e) = tt {
            if e.cuts(alpha, beta) {
                return e.score;
            }
        }
        if let Some(score) = self.table_score(pos, 0, ply) {
            return score;
        }
        let in_check = pos.in_check();
        // In check (draughts: with a capture to make) there is no stand pat: every legal
        // move is searched.
        let mut moves = MoveList::new();
        let mut best_score;
        if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return if pos.no_moves_is_loss() {
                    -MATE + ply as i32
                } else if pos.no_moves_is_win() {
                    MATE - ply as i32
                } else {
                    0
                };
            }
            best_score = -INFINITY;
        } else {
            let stand_pat = self.evaluator.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best_score = stand_pat;
            pos.noisy_moves(&mut moves);
        }
        let original_alpha = alpha;
        let hints = OrderingHints {
            tt_code: tt.map_or(0, |e| e.move_code),
            killers: [G::Move::default(); 2],
            counter: None,
        };
        let history = &self.history;
        let mut picker = MovePicker::new(pos, &mut moves, &hints, |mv| {
            history.score(pos.history_index(mv))
        });
        let mut best_move = None;
        while let Some(mv) = picker.next_move() {
            // A capture that loses material cannot raise a stand-pat score.
            if !in_check && !pos.see_at_least(mv, 0) {
                continue;
            }
            let mut child = pos.clone();
            child.play(mv);
            self.evaluator.push(pos, &child);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1);
            self.evaluator.pop();
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best_score >= beta {
            TtBound::Lower
        } else if alpha > original_alpha {
            TtBound::Exact
        } else {
            TtBound::Upper
        };
        self.tt.store(
            hash,
            ply,
            best_move.map_or(0, G::move_code),
            best_score,
            0,
            bound,
        );
        best_score
    }

    fn mean_depth(&self) -> f64 {
        if self.leaves == 0 {
            0.0
        } else {
            self.leaf_plies as f64 / self.leaves as f64
        }
    }

    fn info(&self, line: usize, bound: Bound) -> SearchInfo<G::Move> {
        let root = &self.root_moves[line];
        SearchInfo {
            depth: self.root_depth as u32,
            seldepth: self.seldepth as u32,
            mean_depth: self.mean_depth(),
            multipv: line + 1,
            score: to_score(root.score),
            bound,
            nodes: self.ctl.nodes() + self.unflushed,
            elapsed: self.ctl.elapsed(),
            hashfull: self.tt.hashfull(),
            table_hits: self.ctl.table_hits(),
            pv: root.pv.clone(),
        }
    }

    fn report(&self, line: usize, bound: Bound) {
        if let Some(events) = self.events {
            // A front end that has gone away no longer needs reports.
            let _ = events.send(SearchEvent::Info(self.info(line, bound)));
        }
    }

    fn report_bound(&self, line: usize, bound: Bound) {
        // Lines beyond MultiPV are a weakened search's private candidates.
        if line < self.limits.multipv
            && self.ctl.elapsed().as_millis() >= u128::from(BOUND_REPORT_AFTER_MS)
        {
            self.report(line, bound);
        }
    }
}
