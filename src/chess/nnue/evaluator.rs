//! What the chess network sees of a position: one input per piece, and per move the
//! pieces that moved, read off the two positions' bitboards rather than off the move, so
//! castling (Chess960 included), en passant and promotions need no code of their own.
//! Under a king-relative feature set a king move that changes how its side sees the board
//! (another king bucket, or the other half of the board) renews that side's inputs whole.

use super::features::{output_bucket, View, ViewTable};
use super::network::CHESS_NETWORK;
use crate::chess::{Color, Piece, PieceKind, Position, Square};
use crate::nnue::accumulator::{Input, InputChanges};
use crate::nnue::evaluator::{NetworkEvaluator, NetworkInputs};
use crate::nnue::{FeatureSetId, NetworkSlot};

/// The chess evaluation of a search thread.
pub type ChessEvaluator = NetworkEvaluator<Position>;

/// How White and Black see `pos`.
#[inline]
fn views(table: &ViewTable, pos: &Position) -> [View; 2] {
    Color::BOTH.map(|c| table.view(c, pos.king_square(c)))
}

/// The input `piece` on `sq` sets, for White's perspective and Black's.
#[inline]
fn input(views: [View; 2], piece: Piece, sq: Square) -> Input {
    [
        views[0].feature(Color::White, piece, sq) as u16,
        views[1].feature(Color::Black, piece, sq) as u16,
    ]
}

impl NetworkInputs for Position {
    /// The views of the feature set for every square of each king.
    type Indexing = ViewTable;

    fn network_slot() -> &'static NetworkSlot {
        &CHESS_NETWORK
    }

    fn indexing(features: FeatureSetId) -> ViewTable {
        ViewTable::new(features)
    }

    fn refresh_slots(table: &ViewTable) -> usize {
        table.slots()
    }

    fn for_each_input(&self, table: &ViewTable, mut f: impl FnMut(Input)) {
        let views = views(table, self);
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let piece = Piece::new(kind, color);
                self.pieces(kind, color)
                    .for_each(|sq| f(input(views, piece, sq)));
            }
        }
    }

    #[inline]
    fn record_changes(
        table: &ViewTable,
        parent: &Position,
        child: &Position,
        changes: &mut InputChanges,
    ) {
        let before = views(table, parent);
        let after = views(table, child);
        if before == after {
            for color in Color::BOTH {
                for kind in PieceKind::ALL {
                    let (old, new) = (parent.pieces(kind, color), child.pieces(kind, color));
                    let piece = Piece::new(kind, color);
                    for sq in old & !new {
                        changes.turn_off(input(after, piece, sq));
                    }
                    for sq in new & !old {
                        changes.turn_on(input(after, piece, sq));
                    }
                }
            }
            return;
        }
        for (p, perspective) in Color::BOTH.into_iter().enumerate() {
            let view = after[p];
            if before[p] != view {
                changes.refresh(p, view.slot());
            }
            for color in Color::BOTH {
                for kind in PieceKind::ALL {
                    let (old, new) = (parent.pieces(kind, color), child.pieces(kind, color));
                    let piece = Piece::new(kind, color);
                    let index = |sq| view.feature(perspective, piece, sq) as u16;
                    if before[p] != view {
                        new.for_each(|sq| changes.turn_on_for(p, index(sq)));
                        continue;
                    }
                    for sq in old & !new {
                        changes.turn_off_for(p, index(sq));
                    }
                    for sq in new & !old {
                        changes.turn_on_for(p, index(sq));
                    }
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
