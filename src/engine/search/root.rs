//! Iterative deepening, aspiration windows and the root move loop: the search as the
//! caller sees it, one depth after another until time or a limit ends it.

use super::{RootMove, ThreadResult, Worker};
use crate::engine::ordering::{MovePicker, OrderingHints};
use crate::engine::params::*;
use crate::engine::{Bound, Evaluator, Game, MoveList};

impl<G: Game> Worker<'_, G> {
    /// The legal root moves (restricted by `searchmoves` and the endgame tables), best first.
    pub(super) fn ordered_root_moves(&self, root: &G) -> Vec<RootMove<G::Move>> {
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
                overtook_at: 0,
                nodes: 0,
            });
        }
        moves
    }

    /// Deepens one ply at a time, every MultiPV line at each depth, until a limit stops it.
    pub(super) fn iterative_deepening(&mut self, root: &G, result: &mut ThreadResult<G::Move>) {
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
            // Helpers with an odd id search one ply beyond the depth due, and the next depth
            // follows the one searched, so they search 2, 4, 6, ... and the threads spread
            // over two depths. Every thread searching every depth, with a vote for the move,
            // was tested twice and gained nothing (`notes/search-changes.md`).
            let search_depth = (depth + (self.id % 2) as i32).min(max_depth);
            self.root_depth = search_depth;
            for line in 0..lines {
                self.search_line(root, search_depth, line);
                if self.stopped {
                    if lines == 1 {
                        self.take_unfinished_iteration(search_depth, result);
                    }
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

    /// After a stop in the middle of the iteration at `depth`: a move that beat the
    /// iteration's first move there (its full-window search finished) is better informed
    /// than the last finished iteration's choice, so it becomes the answer; the depth
    /// reported stays that of the finished iteration. Without such a move nothing changes.
    fn take_unfinished_iteration(&self, depth: i32, result: &mut ThreadResult<G::Move>) {
        let overtaking = self
            .root_moves
            .iter()
            .filter(|r| r.overtook_at == depth && r.score > -INFINITY)
            .max_by_key(|r| r.score);
        if let Some(better) = overtaking {
            result.score = better.score;
            result.pv = better.pv.clone();
        }
    }

    /// Thread 0's decision, after a finished iteration, not to start another.
    pub(super) fn should_stop_after_iteration(
        &mut self,
        depth: i32,
        previous_best: Option<G::Move>,
    ) -> bool {
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
        if timed && self.root_moves.len() == 1 && !self.limits.analysis {
            return true;
        }
        if let Some(tm) = self.tm.as_mut() {
            let all_nodes: u64 = self.root_moves.iter().map(|r| r.nodes).sum();
            let share = self.root_moves[0].nodes as f64 / all_nodes.max(1) as f64;
            tm.update(previous_best.is_some_and(|p| p != best), score, share);
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
    /// Each failure high searches the next window a ply shallower (a failure low goes
    /// back to `depth`): the move that failed high is likely to hold, and proving it so at
    /// full depth costs more than the shallower search loses.
    pub(super) fn search_line(&mut self, root: &G, depth: i32, line: usize) {
        let previous = self.root_moves[line].score;
        let params = self.params.get();
        let mut delta = params.aspiration_delta;
        let (mut alpha, mut beta) =
            if depth >= params.aspiration_min_depth && previous.abs() < MATE_BOUND {
                (
                    (previous - delta).max(-INFINITY),
                    (previous + delta).min(INFINITY),
                )
            } else {
                (-INFINITY, INFINITY)
            };
        let mut fail_high_plies = 0;
        loop {
            let window_depth = (depth - fail_high_plies).max(1);
            let score = self.search_root(root, window_depth, alpha, beta, line);
            if self.stopped {
                return;
            }
            self.root_moves[line..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITY);
                fail_high_plies = 0;
                self.report_bound(line, Bound::Upper);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
                if score.abs() < MATE_BOUND {
                    fail_high_plies += params.aspiration_fail_high_plies;
                }
                self.report_bound(line, Bound::Lower);
            } else {
                return;
            }
            delta = delta * params.aspiration_growth / 100;
        }
    }

    /// One pass over the root moves of the `line`-th line within `alpha..beta`; returns the best score.
    pub(super) fn search_root(
        &mut self,
        root: &G,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        line: usize,
    ) -> i32 {
        let mut best = -INFINITY;
        self.seldepth = self.seldepth.max(1);
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let nodes_before = self.nodes;
            let mut child = root.clone();
            child.play(mv);
            let next = &mut self.stack[1];
            next.cont_key = root.continuation_key(mv);
            next.hash = child.hash();
            next.quiet_arrival = !root.is_noisy(mv);
            self.evaluator.push(root, &child);
            let new_depth = depth - 1 + i32::from(child.in_check());
            let index = Some(root.history_index(mv));
            let score = if i == line {
                -self.negamax::<true>(&child, new_depth, -beta, -alpha, 1, false, index)
            } else {
                let zero_window =
                    -self.negamax::<false>(&child, new_depth, -alpha - 1, -alpha, 1, true, index);
                if zero_window > alpha && zero_window < beta {
                    -self.negamax::<true>(&child, new_depth, -beta, -alpha, 1, false, index)
                } else {
                    zero_window
                }
            };
            self.evaluator.pop();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best;
            }
            let entry = &mut self.root_moves[i];
            if score <= alpha {
                // Its own search here undid any earlier overtaking (root instability).
                entry.overtook_at = 0;
            } else if i != line {
                entry.overtook_at = self.root_depth;
            }
            if i == line || score > alpha {
                entry.score = score;
                entry.pv.clear();
                entry.pv.push(mv);
                let len = self.stack[1].pv_len;
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
}
