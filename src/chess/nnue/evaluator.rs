//! What the chess network sees of a position: one input per piece, and per move the
//! pieces that moved, read off the two positions' bitboards rather than off the move, so
//! castling (Chess960 included), en passant and promotions need no code of their own.

use super::features::{feature, output_bucket};
use super::network::CHESS_NETWORK;
use crate::chess::{Color, Piece, PieceKind, Position, Square};
use crate::nnue::accumulator::{Input, InputChanges};
use crate::nnue::evaluator::{NetworkEvaluator, NetworkInputs};
use crate::nnue::NetworkSlot;

/// The chess evaluation of a search thread.
pub type ChessEvaluator = NetworkEvaluator<Position>;

/// The input `piece` on `sq` sets, for White's perspective and Black's.
#[inline]
fn input(piece: Piece, sq: Square) -> Input {
    [
        feature(Color::White, piece, sq) as u16,
        feature(Color::Black, piece, sq) as u16,
    ]
}

impl NetworkInputs for Position {
    fn network_slot() -> &'static NetworkSlot {
        &CHESS_NETWORK
    }

    fn for_each_input(&self, mut f: impl FnMut(Input)) {
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let piece = Piece::new(kind, color);
                self.pieces(kind, color).for_each(|sq| f(input(piece, sq)));
            }
        }
    }

    #[inline]
    fn record_changes(parent: &Position, child: &Position, changes: &mut InputChanges) {
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
    fn mover(&self) -> usize {
        self.side_to_move().index()
    }

    #[inline]
    fn output_bucket(&self) -> usize {
        output_bucket(self.occupied().0.count_ones())
    }

    fn hand_written(&self) -> i32 {
        crate::chess::eval::evaluate(self)
    }
}
