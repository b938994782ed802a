//! King safety: how hard each side attacks the enemy king (pieces in its zone, weighted by
//! kind and by how many join in; safe checking squares) and how well each king is
//! sheltered (pawn shield, pawn storm, open files next to it).

use super::features::{
    KING_ATTACKERS, KING_OPEN_FILE, KING_SEMI_OPEN_FILE, PAWN_SHIELD, PAWN_STORM, SAFE_CHECK,
};
use super::pawns::ranks_ahead;
use super::pieces::{relative_rank, AttackMap};
use super::Accumulator;
use crate::chess::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use crate::chess::bitboard::Bitboard;
use crate::chess::piece::{Color, PieceKind};
use crate::chess::position::Position;
use crate::chess::square::Square;

/// Attackers counted beyond this many weigh the same.
const MAX_ATTACKERS: i32 = 7;

/// The pawn of `pawns` (non-empty) nearest to `color`'s first rank.
#[inline]
fn rearmost(color: Color, pawns: Bitboard) -> Square {
    match color {
        Color::White => pawns.lsb(),
        Color::Black => Square::new(63 - pawns.0.leading_zeros() as u8),
    }
}

/// Adds the king-safety terms of both sides.
pub(super) fn add_king_terms<A: Accumulator>(pos: &Position, map: &AttackMap, acc: &mut A) {
    let occupied = pos.occupied();
    let all_pawns = pos.kind_bb(PieceKind::Pawn);
    for color in Color::BOTH {
        let (c, them) = (color.index(), color.flip());

        // Our attack on their king.
        let attackers = map.king_attackers[c].min(MAX_ATTACKERS) as usize;
        acc.add(color, KING_ATTACKERS + attackers, 1);
        let target = pos.king_square(them);
        let safe = !map.all[them.index()] & !pos.color_bb(color);
        let diagonal = bishop_attacks(target, occupied);
        let straight = rook_attacks(target, occupied);
        let checks = [
            knight_attacks(target),
            diagonal,
            straight,
            diagonal | straight,
        ];
        for (i, check_squares) in checks.into_iter().enumerate() {
            let ours = map.by_kind[c][PieceKind::Knight.index() + i];
            acc.add(
                color,
                SAFE_CHECK + i,
                (ours & check_squares & safe).count() as i32,
            );
        }

        // Our king's shelter: the king's file and its neighbours (b..g when on an edge
        // file, so every king looks at three files).
        let king = pos.king_square(color);
        let centre = king.file().clamp(1, 6);
        let not_behind = ranks_ahead(color, king.rank()) | Bitboard::rank(king.rank());
        let own_pawns = pos.pieces(PieceKind::Pawn, color);
        let enemy_pawns = pos.pieces(PieceKind::Pawn, them);
        for file_index in centre - 1..=centre + 1 {
            let file = Bitboard::file(file_index);
            let shield = own_pawns & file & not_behind;
            let shield_rank = if shield.any() {
                relative_rank(color, rearmost(color, shield))
            } else {
                0
            };
            acc.add(color, PAWN_SHIELD + shield_rank, 1);
            let storm = enemy_pawns & file & not_behind;
            let storm_rank = if storm.any() {
                relative_rank(color, rearmost(color, storm))
            } else {
                0
            };
            acc.add(color, PAWN_STORM + storm_rank, 1);
            if (all_pawns & file).is_empty() {
                acc.add(color, KING_OPEN_FILE, 1);
            } else if (own_pawns & file).is_empty() {
                acc.add(color, KING_SEMI_OPEN_FILE, 1);
            }
        }
    }
}
