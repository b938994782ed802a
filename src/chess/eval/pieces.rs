//! Material, piece-square tables, mobility, rooks on open files and the bishop pair: the
//! terms read off each piece in one pass, which also builds the attack maps that the pawn,
//! king-safety and threat terms need afterwards.

use super::features::{
    BISHOP_PAIR, KING_ZONE_ATTACK, MATERIAL, MOBILITY_BISHOP, MOBILITY_KNIGHT, MOBILITY_QUEEN,
    MOBILITY_ROOK, PSQT, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE,
};
use super::Accumulator;
use crate::chess::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_set_attacks, queen_attacks, rook_attacks,
};
use crate::chess::bitboard::Bitboard;
use crate::chess::piece::{Color, PieceKind};
use crate::chess::position::Position;
use crate::chess::square::Square;

/// Squares each side attacks, by attacking piece kind.
pub(super) struct AttackMap {
    /// `[color][kind]`: squares attacked by that colour's pieces of that kind.
    pub by_kind: [[Bitboard; 6]; 2],
    /// `[color]`: squares attacked by any piece of that colour.
    pub all: [Bitboard; 2],
    /// `[color]`: that colour's knights, bishops, rooks and queens hitting the enemy king
    /// zone.
    pub king_attackers: [i32; 2],
}

/// The square a piece of `color` stands on, seen from its own side (rank 0 = its first).
#[inline]
pub(super) fn relative_rank(color: Color, sq: Square) -> usize {
    sq.rank() as usize ^ (7 * color.index())
}

/// The king's square and its neighbours: where attacks on the king are counted.
#[inline]
pub(super) fn king_zone(pos: &Position, color: Color) -> Bitboard {
    let king = pos.king_square(color);
    king_attacks(king) | Bitboard::from_square(king)
}

/// Index of the square-table weight of a `kind` of `color` on `sq`; files are mirrored
/// (a<->h) so each table has 32 entries and twice the data per weight.
#[inline]
fn psqt_index(kind: PieceKind, color: Color, sq: Square) -> usize {
    let file = sq.file().min(7 - sq.file()) as usize;
    PSQT + kind.index() * 32 + relative_rank(color, sq) * 4 + file
}

/// Adds the per-piece terms of both sides and returns their attack maps.
pub(super) fn add_piece_terms<A: Accumulator>(pos: &Position, acc: &mut A) -> AttackMap {
    let occupied = pos.occupied();
    let mut map = AttackMap {
        by_kind: [[Bitboard::EMPTY; 6]; 2],
        all: [Bitboard::EMPTY; 2],
        king_attackers: [0; 2],
    };
    for color in Color::BOTH {
        let c = color.index();
        map.by_kind[c][PieceKind::Pawn.index()] =
            pawn_set_attacks(color, pos.pieces(PieceKind::Pawn, color));
        map.by_kind[c][PieceKind::King.index()] = king_attacks(pos.king_square(color));
    }
    for color in Color::BOTH {
        let (c, them) = (color.index(), color.flip());
        // Squares worth moving to: not blocked by our own pawns or king, not covered by an
        // enemy pawn (a piece rarely stays on one).
        let mobility_area = !(pos.pieces(PieceKind::Pawn, color)
            | pos.pieces(PieceKind::King, color)
            | map.by_kind[them.index()][PieceKind::Pawn.index()]);
        let enemy_zone = king_zone(pos, them);
        let all_pawns = pos.kind_bb(PieceKind::Pawn);
        let own_pawns = pos.pieces(PieceKind::Pawn, color);
        for kind in PieceKind::ALL {
            let pieces = pos.pieces(kind, color);
            if kind != PieceKind::King {
                acc.add(color, MATERIAL + kind.index(), pieces.count() as i32);
            }
            for sq in pieces {
                acc.add(color, psqt_index(kind, color, sq), 1);
                let (attacks, mobility) = match kind {
                    PieceKind::Knight => (knight_attacks(sq), MOBILITY_KNIGHT),
                    PieceKind::Bishop => (bishop_attacks(sq, occupied), MOBILITY_BISHOP),
                    PieceKind::Rook => (rook_attacks(sq, occupied), MOBILITY_ROOK),
                    PieceKind::Queen => (queen_attacks(sq, occupied), MOBILITY_QUEEN),
                    PieceKind::Pawn | PieceKind::King => continue,
                };
                map.by_kind[c][kind.index()] |= attacks;
                acc.add(
                    color,
                    mobility + (attacks & mobility_area).count() as usize,
                    1,
                );
                let zone_hits = (attacks & enemy_zone).count() as i32;
                if zone_hits > 0 {
                    map.king_attackers[c] += 1;
                    acc.add(color, KING_ZONE_ATTACK + kind.index() - 1, zone_hits);
                }
                if kind == PieceKind::Rook {
                    let file = Bitboard::file(sq.file());
                    if (file & all_pawns).is_empty() {
                        acc.add(color, ROOK_OPEN_FILE, 1);
                    } else if (file & own_pawns).is_empty() {
                        acc.add(color, ROOK_SEMI_OPEN_FILE, 1);
                    }
                }
            }
        }
        if pos.pieces(PieceKind::Bishop, color).more_than_one() {
            acc.add(color, BISHOP_PAIR, 1);
        }
        map.all[c] = map.by_kind[c]
            .iter()
            .fold(Bitboard::EMPTY, |all, &bb| all | bb);
    }
    map
}
