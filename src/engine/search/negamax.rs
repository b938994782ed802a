//! The main search: principal variation search with its pruning, reductions and
//! extensions, its steps numbered in the order they run.

use super::node::no_moves_score;
use super::singular::Singular;
use super::Worker;
use crate::engine::history::QuietsTried;
use crate::engine::ordering::{MovePicker, OrderingHints};
use crate::engine::params::*;
use crate::engine::tt::TtBound;
use crate::engine::{Evaluator, Game, MoveList};

impl<G: Game> Worker<'_, G> {
    /// The score of `pos` searched `depth` plies deep within `alpha..beta`; `previous` is the
    /// history index of the move that led here (`None` after a null move). `PV` says
    /// whether the node is on the principal variation (a window wider than one): a
    /// parameter of the type, so each kind of node is compiled without the other's tests.
    /// `cut_node` says whether a zero-window node is expected to fail high (its parent's
    /// move is expected to fail low), which it does far more often than an expected
    /// all-node; a PV node is neither.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax<const PV: bool>(
        &mut self,
        pos: &G,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        cut_node: bool,
        previous: Option<usize>,
    ) -> i32 {
        let params = self.params.get();
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
        if self.repeats(ply, pos.reversible_plies()) || pos.is_rule_draw() {
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
        // A singularity test searches this same position without one move, so the table,
        // which knows the position with all its moves, has nothing to tell it.
        let excluded = self.stack[ply].excluded;
        let hash = pos.hash();
        let tt = self.tt.probe(hash, ply).filter(|_| excluded.is_none());
        if let Some(e) = tt {
            if !PV && e.depth >= depth && e.cuts(alpha, beta) {
                return e.score;
            }
        }

        // Step 4b: endgame tables, asked only after an irreversible move: within a
        // material class they know the value but not the way, which the search finds.
        if excluded.is_none() {
            if let Some(score) = self.table_score(pos, depth, ply) {
                return score;
            }
        }

        // Step 5: terminal positions. Where a position without moves is decided (a
        // mate; in draughts, always), the pruning below must not judge it by its
        // evaluation, so its moves are generated first. Otherwise (chess out of check)
        // they wait until the pruning has had its chance to end the node without them,
        // and a stalemate pruned on its evaluation is the rare price.
        let mut moves = MoveList::new();
        let moves_first =
            !params.moves_after_pruning || pos.no_moves_is_loss() || pos.no_moves_is_win();
        if moves_first {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return no_moves_score(pos, ply);
            }
        }

        // Step 6: static evaluation, corrected by what searches found positions of its
        // kind to be worth, then sharpened by a fitting table bound.
        let in_check = pos.in_check();
        let correction_key = pos.correction_key();
        let (raw_eval, static_eval) = if in_check {
            (-INFINITY, -INFINITY)
        } else {
            self.static_eval(pos, correction_key)
        };
        let eval = match (tt, in_check) {
            (Some(e), false) => e.sharpen(static_eval),
            _ => static_eval,
        };
        self.stack[ply].eval = eval;
        self.stack[ply].static_eval = static_eval;
        let improving = !in_check && ply >= 2 && eval > self.stack[ply - 2].eval;
        let tt_pv = PV || tt.is_some_and(|e| e.was_pv);

        // Step 6b: the two static evaluations around the quiet move that led here, each
        // from its side, judge it: the sum is what it cost its mover (the root's is
        // never known, so it reads as none).
        let parent_eval = self.stack[ply - 1].static_eval;
        let arrival_cost =
            (!in_check && parent_eval > -INFINITY).then(|| static_eval + parent_eval);
        if let (Some(cost), Some(index)) = (arrival_cost, previous) {
            if params.history_eval_diff_scale != 0
                && tt.is_none()
                && excluded.is_none()
                && self.stack[ply].quiet_arrival
            {
                let max = params.history_eval_diff_max;
                let bonus = (-cost * params.history_eval_diff_scale / 10).clamp(-max, max);
                self.history.update_butterfly(index, bonus);
            }
        }

        // Step 6c: hindsight: a move reduced a lot that did not worsen its mover's
        // position may have been reduced wrongly; it gets a ply back here.
        if params.hindsight_extend_reduction != 0
            && excluded.is_none()
            && self.stack[ply].reduction >= params.hindsight_extend_reduction
            && arrival_cost.is_some_and(|cost| cost <= 0)
        {
            depth += 1;
        }

        if !PV && !in_check && beta.abs() < MATE_BOUND {
            // Step 7: reverse futility pruning: so far above beta that a quiet move of
            // ours will not lose it all.
            let margin = params.rfp_margin * (depth - i32::from(improving));
            if depth <= params.rfp_max_depth && eval - margin >= beta {
                return eval;
            }

            // Step 7b: razoring: so far below alpha that only a capture could bring it
            // back; when quiescence finds none that does, its score stands.
            if depth <= params.razor_max_depth && eval + params.razor_margin * depth < alpha {
                let score = self.quiescence(pos, alpha, alpha + 1, ply);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }

            // Step 8: null-move pruning: even passing keeps us above beta. Not when asked
            // for a mate: mating problems often turn on zugzwang, where passing is the one
            // thing the defender cannot do; nor when the table already knows a search of
            // this position that stayed below beta.
            if depth >= params.nmp_min_depth
                && excluded.is_none()
                && self.limits.mate.is_none()
                && eval >= beta
                && previous.is_some()
                && pos.null_move_allowed()
                && !(params.nmp_table_guard
                    && tt.is_some_and(|e| e.bound == TtBound::Upper && e.score < beta))
            {
                let r = params.nmp_base_reduction
                    + depth / params.nmp_depth_divisor
                    + ((eval - beta) / params.nmp_eval_divisor).min(params.nmp_eval_reduction_max);
                let mut child = pos.clone();
                child.play_null();
                let next = &mut self.stack[ply + 1];
                next.cont_key = G::CONTINUATION_SIZE;
                next.hash = child.hash();
                next.quiet_arrival = false;
                self.evaluator.push(pos, &child);
                let outer_floor = self.null_floor.replace(ply + 1);
                let score = -self.negamax::<false>(
                    &child,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    !cut_node,
                    None,
                );
                self.null_floor = outer_floor;
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
        // ordered; search it shallower now, the next iteration brings the move. Only
        // where a good order pays: on the PV and at expected cut nodes, whose first move
        // should refute; an all-node searches every move whatever their order.
        let tt_code = tt.map_or(0, |e| e.move_code);
        if (PV || cut_node || !params.iir_pv_and_cut_only)
            && tt_code == 0
            && excluded.is_none()
            && depth >= params.iir_min_depth
        {
            depth -= 1;
        }

        // Step 10: the moves, best first; a legal table move before the others are
        // generated, where the game can check it alone.
        let table_move = (params.table_move_before_generation && !moves_first && tt_code != 0)
            .then(|| pos.legal_move_from_code(tt_code))
            .flatten();
        if !moves_first && table_move.is_none() {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return no_moves_score(pos, ply);
            }
        }
        let hints = OrderingHints {
            tt_code,
            killers: self.history.killers(ply),
            counter: previous
                .map(|p| self.history.counter(p))
                .filter(|&m| m != G::Move::default()),
        };
        let rows = self.continuation_rows(ply);
        let mut picker = match table_move {
            Some(mv) => MovePicker::table_move_first(&mut moves, mv),
            None => MovePicker::new(pos, &mut moves, &hints, |mv| {
                self.quiet_score(pos, mv, rows)
            }),
        };
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move: Option<G::Move> = None;
        let mut searched = 0usize;
        let mut quiets = QuietsTried::<G::Move>::new();
        let lmp_scale = if improving {
            params.lmp_improving_scale
        } else {
            params.lmp_scale
        };
        let lmp_quota = ((params.lmp_base + depth * depth) * lmp_scale / 100) as usize;

        // Extensions stop at twice the root depth, so that checks or singular moves
        // cannot run away.
        let may_extend = (ply as i32) < 2 * self.root_depth;
        while let Some(mv) =
            picker.next_move_generating(pos, &hints, |mv| self.quiet_score(pos, mv, rows))
        {
            if Some(mv) == excluded {
                continue;
            }
            let noisy = pos.is_noisy(mv);
            let is_tt_move = picker.last_was_tt_move();

            // Step 11: shallow pruning of moves unlikely to matter, once a line that
            // does not lose to mate is in hand.
            if best_score > -MATE_BOUND && !in_check {
                // Neither test below changes while moves are skipped, so a quiet move
                // they prune takes every quiet move after it along.
                if !noisy {
                    if !PV && depth <= params.lmp_max_depth && quiets.len() >= lmp_quota {
                        picker.skip_quiets();
                        continue;
                    }
                    // Judged at the depth the move would be searched to after its reduction.
                    let lmr_depth = if params.futility_at_reduced_depth {
                        depth - self.lmr[(depth.min(63) as usize) * 64 + searched.min(63)]
                    } else {
                        depth
                    };
                    if lmr_depth <= params.futility_max_depth
                        && eval + params.futility_base + params.futility_per_depth * lmr_depth
                            <= alpha
                    {
                        picker.skip_quiets();
                        continue;
                    }
                }
                // A move that loses material to the exchanges on its square; a capture
                // is allowed a larger loss, as it may trade into something better.
                let see_margin = if noisy {
                    params.see_capture_margin
                } else {
                    params.see_quiet_margin
                };
                if depth <= params.see_prune_max_depth && !pos.see_at_least(mv, -see_margin * depth)
                {
                    continue;
                }
            }

            // Step 12: extensions (bounded by `may_extend`): a singular table move, else
            // a check.
            let singular = match tt {
                Some(e) if is_tt_move && may_extend => {
                    self.singular_extension(pos, mv, &e, depth, beta, ply, PV, cut_node, previous)
                }
                _ => None,
            };
            if self.stopped {
                return 0;
            }
            self.tt.prefetch(pos.hash_after(mv));
            let mut child = pos.clone();
            child.play(mv);
            let gives_check = child.in_check();
            let extension = match singular {
                Some(Singular::Cut(score)) => return score,
                Some(Singular::Extend(plies)) => plies,
                None => i32::from(gives_check && may_extend),
            };
            let doubles = self.stack[ply].doubles + u8::from(extension > 1);
            let next = &mut self.stack[ply + 1];
            next.doubles = doubles;
            next.cont_key = pos.continuation_key(mv);
            next.hash = child.hash();
            next.quiet_arrival = !noisy;
            self.evaluator.push(pos, &child);
            let new_depth = depth - 1 + extension;
            let index = pos.history_index(mv);

            // Step 13: principal variation search with late-move reductions, for quiet
            // moves and for captures that lose material. An expected cut-node is reduced
            // a ply more: one of its early moves will likely refute the parent, and the
            // late ones rarely matter.
            let score = if searched == 0 {
                let child_cut = !PV && !cut_node;
                -self.negamax::<PV>(
                    &child,
                    new_depth,
                    -beta,
                    -alpha,
                    ply + 1,
                    child_cut,
                    Some(index),
                )
            } else {
                let mut r = 0;
                if depth >= params.lmr_min_depth
                    && !in_check
                    && searched > usize::from(PV)
                    && (!noisy || params.lmr_bad_captures && !pos.see_at_least(mv, 0))
                {
                    r = self.lmr[(depth.min(63) as usize) * 64 + searched.min(63)];
                    r -= i32::from(PV) + i32::from(gives_check) + i32::from(is_tt_move);
                    r += i32::from(!improving);
                    if cut_node {
                        r += params.lmr_cut_node_plies;
                    }
                    if !PV && tt_pv {
                        r -= params.lmr_tt_pv_plies;
                    }
                    if !noisy {
                        r -= self
                            .history
                            .quiet_score(index, self.stack[ply + 1].cont_key, rows)
                            / params.lmr_history_divisor;
                    }
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                self.stack[ply + 1].reduction = r;
                let mut score = -self.negamax::<false>(
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    r > 0 || !cut_node,
                    Some(index),
                );
                self.stack[ply + 1].reduction = 0;
                if score > alpha && r > 0 {
                    score = -self.negamax::<false>(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        !cut_node,
                        Some(index),
                    );
                }
                if score > alpha && score < beta && PV {
                    score = -self.negamax::<true>(
                        &child,
                        new_depth,
                        -beta,
                        -alpha,
                        ply + 1,
                        false,
                        Some(index),
                    );
                }
                score
            };
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
                    if PV {
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

        // Step 15: store the result; a singularity test only reports it.
        if excluded.is_some() {
            return if searched == 0 { alpha } else { best_score };
        }
        let bound = TtBound::of_result(best_score, beta, alpha > original_alpha);
        let code = best_move.map_or(0, G::move_code);
        self.tt
            .store(hash, ply, code, best_score, depth, bound, tt_pv);

        // Step 16: the correction history learns how far the static evaluation was off,
        // where the result says so: a quiet best move (a capture's gain is not the
        // evaluation's error), and a bound on the side that contradicts the evaluation.
        if !in_check
            && best_move.is_none_or(|mv| !pos.is_noisy(mv))
            && best_score.abs() < MATE_BOUND
            && !(bound == TtBound::Lower && best_score <= static_eval)
            && !(bound == TtBound::Upper && best_score >= static_eval)
        {
            self.history
                .update_correction(correction_key, depth, best_score - raw_eval, &params);
        }
        best_score
    }
}
