//! Quiescence: captures (in draughts, compulsory ones) resolved until the position is quiet.

use super::node::no_moves_score;
use super::Worker;
use crate::engine::ordering::{MovePicker, OrderingHints};
use crate::engine::params::*;
use crate::engine::tt::TtBound;
use crate::engine::{Evaluator, Game, MoveList};

impl<G: Game> Worker<'_, G> {
    /// Resolves noisy moves until the position is quiet, so the static evaluation is
    /// never taken in the middle of an exchange. In check every legal move is searched.
    pub(super) fn quiescence(&mut self, pos: &G, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(score) = self.enter_node(pos, ply) {
            return score;
        }
        if pos.no_moves_at_a_glance() {
            return no_moves_score(pos, ply);
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
        let params = self.params.get();
        let mut moves = MoveList::new();
        let stand_pat = if in_check {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                return no_moves_score(pos, ply);
            }
            -INFINITY
        } else {
            let (_, static_eval) = self.static_eval(pos, pos.correction_key());
            let stand_pat = match tt {
                Some(e) if params.table_stand_pat => e.sharpen(static_eval),
                _ => static_eval,
            };
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            pos.noisy_moves(&mut moves);
            stand_pat
        };
        let mut best_score = stand_pat;
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
            // A capture that loses material cannot raise a stand-pat score, nor can one
            // whose whole take, and the delta margin, leave it below alpha, unless it gives
            // check (a fork or a mating attack wins more than it takes). What such a
            // capture might have reached bounds the score from above, so a failure low
            // claims no less than that (a bound of the stand pat alone would be too low,
            // and the parent's lower bound too high).
            if !in_check && !pos.see_at_least(mv, -params.qsearch_see_margin) {
                continue;
            }
            let futile = (!in_check && params.qsearch_delta_margin != 0 && alpha < MATE_BOUND)
                .then(|| stand_pat + pos.material_gain_bound(mv) + params.qsearch_delta_margin)
                .filter(|&reach| reach <= alpha);
            self.tt.prefetch(pos.hash_after(mv));
            let mut child = pos.clone();
            child.play(mv);
            if let Some(reach) = futile {
                if !child.in_check() {
                    best_score = best_score.max(reach);
                    continue;
                }
            }
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
        let bound = TtBound::of_result(best_score, beta, alpha > original_alpha);
        self.tt.store(
            hash,
            ply,
            best_move.map_or(0, G::move_code),
            best_score,
            0,
            bound,
            tt.is_some_and(|e| e.was_pv),
        );
        best_score
    }
}
