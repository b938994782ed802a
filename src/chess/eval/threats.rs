//! Threats: enemy pieces attacked by something cheaper, and pieces left en prise. They
//! tell a quiet position with a pending win of material from a truly quiet one, which the
//! static evaluation at the search's leaves otherwise cannot see.

use super::features::{HANGING, THREAT_BY_MINOR, THREAT_BY_PAWN, THREAT_BY_ROOK_ON_QUEEN};
use super::pieces::AttackMap;
use super::Accumulator;
use crate::chess::piece::{Color, PieceKind};
use crate::chess::position::Position;

/// The victims the threat tables are indexed by.
const VICTIMS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// Adds the threat terms of both sides.
pub(super) fn add_threat_terms<A: Accumulator>(pos: &Position, map: &AttackMap, acc: &mut A) {
    for color in Color::BOTH {
        let (c, them) = (color.index(), color.flip());
        let ours = &map.by_kind[c];
        let minors = ours[PieceKind::Knight.index()] | ours[PieceKind::Bishop.index()];
        for (i, victim) in VICTIMS.into_iter().enumerate() {
            let targets = pos.pieces(victim, them);
            acc.add(
                color,
                THREAT_BY_PAWN + i,
                (ours[PieceKind::Pawn.index()] & targets).count() as i32,
            );
            acc.add(
                color,
                THREAT_BY_MINOR + i,
                (minors & targets).count() as i32,
            );
        }
        let queens = pos.pieces(PieceKind::Queen, them);
        acc.add(
            color,
            THREAT_BY_ROOK_ON_QUEEN,
            (ours[PieceKind::Rook.index()] & queens).count() as i32,
        );
        let hanging = pos.color_bb(them)
            & !pos.pieces(PieceKind::King, them)
            & map.all[c]
            & !map.all[them.index()];
        acc.add(color, HANGING, hanging.count() as i32);
    }
}
