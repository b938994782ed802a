//! Static exchange evaluation: does a capture sequence on one square win at least a given
//! amount? Answered as a yes/no threshold test, which lets the swap loop stop early.

use super::attacks::{bishop_attacks, rook_attacks};
use super::bitboard::Bitboard;
use super::moves::{Move, MoveKind};
use super::piece::PieceKind;
use super::position::Position;

impl Position {
    /// True when playing `mv` and then the best sequence of recaptures on its destination
    /// (least valuable attacker first, either side may stop) gains at least `threshold`
    /// centipawns. Castling, en passant and promotions count as gaining nothing.
    pub fn see_ge(&self, mv: Move, threshold: i32) -> bool {
        if mv.kind() != MoveKind::Normal {
            return threshold <= 0;
        }
        let (from, to) = (mv.from(), mv.to());
        let victim = self.piece_on(to).map_or(0, |p| p.kind.value());
        let mut swap = victim - threshold;
        if swap < 0 {
            return false;
        }
        let mover = self.piece_on(from).map_or(0, |p| p.kind.value());
        swap = mover - swap;
        if swap <= 0 {
            return true;
        }
        let diag = self.kind_bb(PieceKind::Bishop) | self.kind_bb(PieceKind::Queen);
        let orth = self.kind_bb(PieceKind::Rook) | self.kind_bb(PieceKind::Queen);
        let mut occupied =
            self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(to);
        let mut attackers = self.attackers_to(to, occupied);
        let mut side = self.side_to_move();
        let mut result = true;
        loop {
            side = side.flip();
            attackers &= occupied;
            let ours = attackers & self.color_bb(side);
            if ours.is_empty() {
                break;
            }
            result = !result;
            let Some(kind) = PieceKind::ALL
                .into_iter()
                .find(|&k| (ours & self.kind_bb(k)).any())
            else {
                break;
            };
            if kind == PieceKind::King {
                // The king may only recapture when the other side has nothing left to take back.
                return if (attackers & !self.color_bb(side)).any() {
                    !result
                } else {
                    result
                };
            }
            swap = kind.value() - swap;
            if swap < i32::from(result) {
                break;
            }
            occupied ^= Bitboard::from_square((ours & self.kind_bb(kind)).lsb());
            if matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Queen) {
                attackers |= bishop_attacks(to, occupied) & diag;
            }
            if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
                attackers |= rook_attacks(to, occupied) & orth;
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{parse_uci_move, Position};

    fn see(fen: &str, mv: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        pos.see_ge(parse_uci_move(&pos, mv, false).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320));
        assert!(!see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        assert!(!see("4k3/2p5/3p4/8/8/8/3Q4/4K3 w - - 0 1", "d2d6", 0));
        // Rook takes a rook defended by a rook, backed by our second rook: wins a rook.
        assert!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        // Quiet move to an attacked square loses the piece.
        assert!(!see("4k3/8/8/8/2p5/8/3N4/4K3 w - - 0 1", "d2b3", 0));
    }
}
