//! The chess evaluation of a search thread: the network's accumulators along the path
//! ([`AccumulatorStack`]), told which pieces each step moved; or, while no network is in
//! use, the hand-written evaluation.
//!
//! What changed is read off the two positions' piece bitboards rather than off the move,
//! so castling (Chess960 included), en passant and promotions need no code of their own.

use super::features::{feature, output_bucket};
use super::network::CHESS_NETWORK;
use crate::chess::eval::evaluate as hand_written;
use crate::chess::{Color, Piece, PieceKind, Position, Square};
use crate::engine::{Evaluator, MAX_PLY};
use crate::nnue::accumulator::{output_from_scratch, AccumulatorStack, Input};
use crate::nnue::Network;
use std::sync::Arc;

/// The input `piece` on `sq` sets, for White's perspective and Black's.
#[inline]
fn input(piece: Piece, sq: Square) -> Input {
    [
        feature(Color::White, piece, sq) as u16,
        feature(Color::Black, piece, sq) as u16,
    ]
}

/// Every input `pos` sets.
fn active_inputs(pos: &Position) -> impl Iterator<Item = Input> + Clone + '_ {
    Color::BOTH.into_iter().flat_map(move |color| {
        PieceKind::ALL.into_iter().flat_map(move |kind| {
            let piece = Piece::new(kind, color);
            pos.pieces(kind, color).map(move |sq| input(piece, sq))
        })
    })
}

/// The perspective index of the side to move, and the output bucket.
fn mover_and_bucket(pos: &Position) -> (usize, usize) {
    (
        pos.side_to_move().index(),
        output_bucket(pos.occupied().0.count_ones()),
    )
}

/// The chess evaluation of a search thread.
pub struct ChessEvaluator {
    /// The network's accumulators (`None`: the hand-written evaluation).
    stack: Option<AccumulatorStack>,
}

impl ChessEvaluator {
    /// An evaluator with network `net`, or by hand without one ([`Evaluator::new`] takes
    /// the setting in force).
    pub fn with_network(net: Option<Arc<Network>>) -> Self {
        Self {
            stack: net.map(|net| AccumulatorStack::new(net, MAX_PLY + 2)),
        }
    }
}

impl Evaluator<Position> for ChessEvaluator {
    fn new() -> Self {
        Self::with_network(CHESS_NETWORK.current())
    }

    fn start(&mut self, root: &Position) {
        if let Some(stack) = &mut self.stack {
            stack.start(active_inputs(root));
        }
    }

    #[inline]
    fn push(&mut self, parent: &Position, child: &Position) {
        let Some(stack) = &mut self.stack else {
            return;
        };
        let changes = stack.push();
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let before = parent.pieces(kind, color);
                let after = child.pieces(kind, color);
                let piece = Piece::new(kind, color);
                for sq in before & !after {
                    changes.turn_off(input(piece, sq));
                }
                for sq in after & !before {
                    changes.turn_on(input(piece, sq));
                }
            }
        }
    }

    #[inline]
    fn pop(&mut self) {
        if let Some(stack) = &mut self.stack {
            stack.pop();
        }
    }

    fn evaluate(&mut self, pos: &Position) -> i32 {
        match &mut self.stack {
            Some(stack) => {
                let (mover, bucket) = mover_and_bucket(pos);
                stack.output(mover, bucket)
            }
            None => hand_written(pos),
        }
    }
}

/// The evaluation of `pos` for the side to move, from scratch, with the setting in force.
pub fn evaluate(pos: &Position) -> i32 {
    match CHESS_NETWORK.current() {
        Some(net) => evaluate_from_scratch(&net, pos),
        None => hand_written(pos),
    }
}

/// The network's evaluation of `pos` from scratch, for the side to move.
pub fn evaluate_from_scratch(net: &Network, pos: &Position) -> i32 {
    let (mover, bucket) = mover_and_bucket(pos);
    output_from_scratch(net, active_inputs(pos), mover, bucket)
}
