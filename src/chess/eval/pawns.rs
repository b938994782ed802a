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

/// `bb` together with every square in front of its squares (towards `color`'s eighth
/// rank).
#[inline]
fn forward_fill(color: Color, bb: Bitboard) -> Bitboard {
    let mut b = bb.0;
    match color {
        Color::White => {
            b |= b << 8;
            b |= b << 16;
            b |= b << 32;
        }
        Color::Black => {
            b |= b >> 8;
            b |= b >> 16;
            b |= b >> 32;
        }
    }
    Bitboard(b)
}

/// `bb` moved one rank back, towards `color`'s first rank.
#[inline]
fn step_back(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb.south(),
        Color::Black => bb.north(),
    }
}

/// The squares directly left and right of the squares of `bb`.
#[inline]
fn beside(bb: Bitboard) -> Bitboard {
    Bitboard(((bb & !Bitboard::file(0)).0 >> 1) | ((bb & !Bitboard::file(7)).0 << 1))
}

/// Adds the pawn terms of both sides. The structure terms are found set-wise, for all
/// pawns of a side at once; only passed pawns are looked at one by one.
pub(super) fn add_pawn_terms<A: Accumulator>(pos: &Position, map: &AttackMap, acc: &mut A) {
    let occupied = pos.occupied();
    for color in Color::BOTH {
        let them = color.flip();
        let own = pos.pieces(PieceKind::Pawn, color);
        let enemy = pos.pieces(PieceKind::Pawn, them);
        let enemy_pawn_attacks = map.by_kind[them.index()][PieceKind::Pawn.index()];
        let own_pawn_attacks = map.by_kind[color.index()][PieceKind::Pawn.index()];

        // Squares behind an own pawn on its file: a pawn there is the rear of a doubled pair.
        let behind_own = forward_fill(them, step_back(color, own));
        let doubled = own & behind_own;
        acc.add(color, DOUBLED_PAWN, doubled.count() as i32);
        let own_files = forward_fill(color, own) | forward_fill(them, own);
        let isolated = own & !beside(own_files);
        acc.add(color, ISOLATED_PAWN, isolated.count() as i32);
        // A pawn level with or ahead of a pawn on a neighbouring file can still be defended.
        let supportable = forward_fill(color, beside(own));
        let stop_attacked = step_back(color, enemy_pawn_attacks);
        let backward = own & !isolated & !supportable & stop_attacked;
        acc.add(color, BACKWARD_PAWN, backward.count() as i32);
        for sq in own & beside(own) {
            acc.add(color, PHALANX_PAWN + relative_rank(color, sq), 1);
        }
        for sq in own & own_pawn_attacks {
            acc.add(color, SUPPORTED_PAWN + relative_rank(color, sq), 1);
        }

        // Squares with an enemy pawn in front on the same or a neighbouring file.
        let enemy_span = forward_fill(them, step_back(color, enemy | beside(enemy)));
        let passed = own & !enemy_span & !behind_own;
        if passed.is_empty() {
            continue;
        }
        let own_king = pos.king_square(color);
        let enemy_king = pos.king_square(them);
        for sq in passed {
            let rank = relative_rank(color, sq);
            let stop = stop_square(color, sq);
            let front = Bitboard::file(sq.file()) & ranks_ahead(color, sq.rank());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(ranks_ahead(Color::White, 6), Bitboard::rank(7));
        assert_eq!(ranks_ahead(Color::White, 7), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::Black, 1), Bitboard::rank(0));
        assert_eq!(ranks_ahead(Color::Black, 0), Bitboard::EMPTY);
        let d4 = Bitboard::from_square(Square::parse("d4").unwrap());
        assert_eq!(beside(d4).count(), 2);
        assert_eq!(forward_fill(Color::White, d4).count(), 5);
        assert_eq!(forward_fill(Color::Black, d4).count(), 4);
        assert_eq!(step_back(Color::Black, d4), d4.north());
        let (a1, h8) = (Square::parse("a1").unwrap(), Square::parse("h8").unwrap());
        assert_eq!(distance(a1, h8), 7);
        assert_eq!(distance(a1, Square::parse("b3").unwrap()), 2);
    }
}
