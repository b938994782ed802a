//! The fast path against the plain one: accumulators updated move by move along random
//! walks (long captures and crownings included) agree with evaluations from scratch, and
//! colour-flipped positions evaluate alike.

use super::*;
use crate::draughts::eval::geometry::mirror;
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::{Color, Position, SearchPosition};
use crate::engine::{Evaluator, Game, MoveList};
use crate::nnue::Network;
use crate::rng::Rng;
use crate::train::export::quantise_network;
use crate::train::model::{initial_parameters, Layout};
use std::sync::Arc;

fn random_network(seed: u64, hidden: usize) -> Arc<Network> {
    let layout = Layout::new(INPUTS, hidden, OUTPUT_BUCKETS);
    let params = initial_parameters(&layout, &mut Rng::new(seed));
    Arc::new(Network::new(quantise_network::<Draughts200>(&params, &layout)).unwrap())
}

/// The same position seen from the other side: turned half round, colours swapped.
fn mirrored(pos: &SearchPosition) -> SearchPosition {
    let pos = &pos.position;
    let kings = pos.kings(Color::White) | pos.kings(Color::Black);
    let position = Position::from_parts(
        mirror(pos.pieces(Color::Black)),
        mirror(pos.pieces(Color::White)),
        mirror(kings),
        pos.side().opponent(),
    );
    SearchPosition::new(position, DrawClocks::new(&position))
}

/// Walks at random up and down the game tree, evaluating at random moments, and checks
/// every incremental evaluation against one from scratch. Returns the most pieces one
/// move took, and how many kings were crowned.
fn walk_and_compare(net: &Arc<Network>, walks: u64, steps: usize) -> (u32, usize) {
    let mut longest = 0;
    let mut crowned = 0;
    for seed in 0..walks {
        let mut rng = Rng::new(seed);
        let start = SearchPosition::default();
        let mut evaluator = DraughtsEvaluator::with_network(Some(Arc::clone(net)));
        evaluator.start(&start);
        let mut path = vec![start];
        let mut moves = MoveList::new();
        for _ in 0..steps {
            let pos = *path.last().unwrap();
            moves.clear();
            pos.legal_moves(&mut moves);
            if path.len() < 150 && !moves.is_empty() && rng.below(10) < 8 {
                let mv = moves.as_slice()[rng.below(moves.len() as u64) as usize];
                let mut child = pos;
                child.play(mv);
                longest = longest.max(mv.capture_count());
                let kings = |p: &SearchPosition| p.position.kings(pos.position.side()).count_ones();
                crowned += usize::from(kings(&child) > kings(&pos));
                evaluator.push(&pos, &child);
                path.push(child);
            } else if path.len() > 1 {
                path.pop();
                evaluator.pop();
            } else {
                continue;
            }
            if rng.below(2) == 0 {
                let current = path.last().unwrap();
                assert_eq!(
                    evaluator.evaluate(current),
                    evaluate_from_scratch(net, current),
                );
            }
        }
    }
    (longest, crowned)
}

#[test]
fn incremental_updates_match_a_refresh() {
    let (longest, crowned) = walk_and_compare(&random_network(5, 32), 60, 600);
    assert!(
        longest >= 3 && crowned > 0,
        "long captures ({longest} pieces) and crownings ({crowned}) were played"
    );
    walk_and_compare(&random_network(6, 256), 10, 400);
}

#[test]
fn colour_flipped_positions_evaluate_alike() {
    let net = random_network(8, 32);
    let wider = random_network(9, 256);
    let mut rng = Rng::new(2);
    let mut moves = MoveList::new();
    for _ in 0..20 {
        let mut pos = SearchPosition::default();
        for _ in 0..120 {
            for n in [&net, &wider] {
                assert_eq!(
                    evaluate_from_scratch(n, &pos),
                    evaluate_from_scratch(n, &mirrored(&pos))
                );
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
}
