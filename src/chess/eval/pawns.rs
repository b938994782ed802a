//! Pawn structure (doubled, isolated, backward, phalanx, supported) and passed pawns (by
//! rank, blocked or with a free path, and the kings' distances to the stop square, which
//! decide most pawn endings).

use super::features::{
    BACKWARD_PAWN, DOUBLED_PAWN, ISOLATED_PAWN, PASSED_BLOCKED, PASSED_ENEMY_KING_DISTANCE,
    PASSED_FREE_PATH, PASSED_OWN_KING_DISTANCE, PASSED_PAWN, PHALANX_PAWN, SUPPORTED_PAWN,
};
use super::pieces::{relative_rank, AttackMap};
use super::Accumulator;
use crate::chess::bitboard::Bitboard;
use crate::chess::piece::{Color, PieceKind};
use crate::chess::position::Position;
use crate::chess::square::Square;

/// Every square on the ranks strictly in front of `rank` (0..8) for `color`.
#[inline]
pub(super) fn ranks_ahead(color: Color, rank: u8) -> Bitboard {
    match color {
        Color::White if rank >= 7 => Bitboard::EMPTY,
        Color::White => Bitboard(!0u64 << (8 * (rank + 1))),
        Color::Black => Bitboard((1u64 << (8 * rank)) - 1),
    }
}

/// The files on either side of `file`.
#[inline]
pub(super) fn adjacent_files(file: u8) -> Bitboard {
    let left = if file > 0 {
        Bitboard::file(file - 1)
    } else {
        Bitboard::EMPTY
    };
    let right = if file < 7 {
        Bitboard::file(file + 1)
    } else {
        Bitboard::EMPTY
    };
    left | right
}

/// Chebyshev (king-move) distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let files = (i32::from(a.file()) - i32::from(b.file())).abs();
    let ranks = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    files.max(ranks)
}

/// The square in front of `sq` for a pawn of `color`; never called on a last rank.
#[inline]
fn stop_square(color: Color, sq: Square) -> Square {
    match color {
        Color::White => Square::new(sq.index() as u8 + 8),
        Color::Black => Square::new(sq.index() as u8 - 8),
    }
}

/// Adds the pawn terms of both sides.
pub(super) fn add_pawn_terms<A: Accumulator>(pos: &Position, map: &AttackMap, acc: &mut A) {
    let occupied = pos.occupied();
    for color in Color::BOTH {
        let them = color.flip();
        let own = pos.pieces(PieceKind::Pawn, color);
        let enemy = pos.pieces(PieceKind::Pawn, them);
        let own_king = pos.king_square(color);
        let enemy_king = pos.king_square(them);
        let enemy_pawn_attacks = map.by_kind[them.index()][PieceKind::Pawn.index()];
        let own_pawn_attacks = map.by_kind[color.index()][PieceKind::Pawn.index()];
        for sq in own {
            let rank = relative_rank(color, sq);
            let ahead = ranks_ahead(color, sq.rank());
            let file = Bitboard::file(sq.file());
            let neighbours = own & adjacent_files(sq.file());
            let stop = stop_square(color, sq);
            let front = file & ahead;
            if (own & front).any() {
                acc.add(color, DOUBLED_PAWN, 1);
            }
            if neighbours.is_empty() {
                acc.add(color, ISOLATED_PAWN, 1);
            } else if (neighbours & !ahead).is_empty() && enemy_pawn_attacks.contains(stop) {
                acc.add(color, BACKWARD_PAWN, 1);
            }
            if (neighbours & Bitboard::rank(sq.rank())).any() {
                acc.add(color, PHALANX_PAWN + rank, 1);
            }
            if own_pawn_attacks.contains(sq) {
                acc.add(color, SUPPORTED_PAWN + rank, 1);
            }
            let passed_mask = (file | adjacent_files(sq.file())) & ahead;
            if (enemy & passed_mask).is_empty() && (own & front).is_empty() {
                acc.add(color, PASSED_PAWN + rank, 1);
                if occupied.contains(stop) {
                    acc.add(color, PASSED_BLOCKED + rank, 1);
                }
                if (front & (occupied | map.all[them.index()])).is_empty() {
                    acc.add(color, PASSED_FREE_PATH + rank, 1);
                }
                acc.add(
                    color,
                    PASSED_OWN_KING_DISTANCE + rank,
                    distance(own_king, stop),
                );
                acc.add(
                    color,
                    PASSED_ENEMY_KING_DISTANCE + rank,
                    distance(enemy_king, stop),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(ranks_ahead(Color::White, 6), Bitboard::rank(7));
        assert_eq!(ranks_ahead(Color::White, 7), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::Black, 1), Bitboard::rank(0));
        assert_eq!(ranks_ahead(Color::Black, 0), Bitboard::EMPTY);
        assert_eq!(adjacent_files(0), Bitboard::file(1));
        assert_eq!(adjacent_files(4), Bitboard::file(3) | Bitboard::file(5));
        let (a1, h8) = (Square::parse("a1").unwrap(), Square::parse("h8").unwrap());
        assert_eq!(distance(a1, h8), 7);
        assert_eq!(distance(a1, Square::parse("b3").unwrap()), 2);
    }
}
