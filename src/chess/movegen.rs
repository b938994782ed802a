//! Legal move generation with check and pin masks (no make-and-test).
//!
//! One generator, generic over a [`MoveSink`], serves three uses: filling a move list,
//! filling a list with noisy moves only, and counting moves without building any list
//! (perft's last ply adds up popcounts of target sets). Monomorphisation gives each use
//! its own specialised code.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, pawn_set_attacks,
    rook_attacks,
};
use super::bitboard::Bitboard;
use super::castling::{back_rank, king_destination, right_index, CastleSide};
use super::moves::{Move, MoveKind};
use super::piece::{Color, PieceKind};
use super::position::Position;
use super::square::Square;
use crate::engine::MoveList;

/// Receives generated moves, in bulk where possible.
trait MoveSink {
    /// Normal moves from `from` to each square of `targets`.
    fn targets(&mut self, from: Square, targets: Bitboard);
    /// Pawn moves to each square of `targets`, from `delta` squares behind.
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32);
    /// Pawn moves onto the last rank, four promotions each.
    fn promotions(&mut self, targets: Bitboard, delta: i32);
    /// One move (en passant, castling).
    fn single(&mut self, mv: Move);
}

struct ListSink<'a>(&'a mut MoveList<Move>);

#[inline]
fn origin(to: Square, delta: i32) -> Square {
    Square::new((to.index() as i32 - delta) as u8)
}

impl MoveSink for ListSink<'_> {
    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.0.push(Move::normal(from, to));
        }
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            self.0.push(Move::normal(origin(to, delta), to));
        }
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        for to in targets {
            let from = origin(to, delta);
            for kind in [
                PieceKind::Queen,
                PieceKind::Knight,
                PieceKind::Rook,
                PieceKind::Bishop,
            ] {
                self.0.push(Move::promotion(from, to, kind));
            }
        }
    }

    #[inline]
    fn single(&mut self, mv: Move) {
        self.0.push(mv);
    }
}

struct CountSink(u64);

impl MoveSink for CountSink {
    #[inline]
    fn targets(&mut self, _from: Square, targets: Bitboard) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += u64::from(targets.count());
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, _delta: i32) {
        self.0 += 4 * u64::from(targets.count());
    }

    #[inline]
    fn single(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Looks for one move among those generated, so legality has one definition: the
/// generator's.
struct FindSink {
    wanted: Move,
    found: bool,
}

impl MoveSink for FindSink {
    #[inline]
    fn targets(&mut self, from: Square, targets: Bitboard) {
        let to = self.wanted.to();
        self.found |= targets.contains(to) && self.wanted == Move::normal(from, to);
    }

    #[inline]
    fn pawn_moves(&mut self, targets: Bitboard, delta: i32) {
        let to = self.wanted.to();
        self.found |= targets.contains(to) && self.wanted == Move::normal(origin(to, delta), to);
    }

    #[inline]
    fn promotions(&mut self, targets: Bitboard, delta: i32) {
        let to = self.wanted.to();
        self.found |= targets.contains(to)
            && self.wanted.kind() == MoveKind::Promotion
            && self.wanted.from() == origin(to, delta);
    }

    #[inline]
    fn single(&mut self, mv: Move) {
        self.found |= mv == self.wanted;
    }
}

impl Position {
    /// True when `mv` is one of the legal moves (any 16 bits may be asked about): found
    /// without a list, as a table move is checked before the moves are generated.
    pub fn is_legal(&self, mv: Move) -> bool {
        if !self.color_bb(self.side).contains(mv.from()) {
            return false;
        }
        let mut sink = FindSink {
            wanted: mv,
            found: false,
        };
        self.generate::<_, false>(&mut sink);
        sink.found
    }

    /// Appends every legal move to `out`.
    pub fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.generate::<_, false>(&mut ListSink(out));
    }

    /// Appends the legal captures and promotions (every promotion piece) to `out`.
    pub fn noisy_moves(&self, out: &mut MoveList<Move>) {
        self.generate::<_, true>(&mut ListSink(out));
    }

    /// Number of legal moves, counted without building a list.
    pub fn count_legal_moves(&self) -> u64 {
        let mut sink = CountSink(0);
        self.generate::<_, false>(&mut sink);
        sink.0
    }

    /// Every square `color` attacks, with `occupied` as the blockers.
    pub fn attacked_by(&self, color: Color, occupied: Bitboard) -> Bitboard {
        let mut att = pawn_set_attacks(color, self.pieces(PieceKind::Pawn, color));
        for sq in self.pieces(PieceKind::Knight, color) {
            att |= knight_attacks(sq);
        }
        let queens = self.pieces(PieceKind::Queen, color);
        for sq in self.pieces(PieceKind::Bishop, color) | queens {
            att |= bishop_attacks(sq, occupied);
        }
        for sq in self.pieces(PieceKind::Rook, color) | queens {
            att |= rook_attacks(sq, occupied);
        }
        att | king_attacks(self.king_square(color))
    }

    /// True when a piece of `color` attacks `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn is_attacked_by(&self, color: Color, sq: Square, occupied: Bitboard) -> bool {
        let theirs = self.color_bb(color);
        let queens = self.kind_bb(PieceKind::Queen);
        let leapers = (knight_attacks(sq) & self.kind_bb(PieceKind::Knight))
            | (king_attacks(sq) & self.kind_bb(PieceKind::King))
            | (pawn_attacks(color.flip(), sq) & self.kind_bb(PieceKind::Pawn));
        if (leapers & theirs).any() {
            return true;
        }
        let diag = (self.kind_bb(PieceKind::Bishop) | queens) & theirs;
        let orth = (self.kind_bb(PieceKind::Rook) | queens) & theirs;
        (bishop_attacks(sq, occupied) & diag).any() || (rook_attacks(sq, occupied) & orth).any()
    }

    /// Pieces of the side to move that stand alone between their king and an enemy slider.
    pub fn pinned(&self) -> Bitboard {
        let us = self.side;
        let them = us.flip();
        let king = self.king_square(us);
        let enemy = self.color_bb(them);
        let queens = self.pieces(PieceKind::Queen, them);
        let snipers = (rook_attacks(king, enemy) & (self.pieces(PieceKind::Rook, them) | queens))
            | (bishop_attacks(king, enemy) & (self.pieces(PieceKind::Bishop, them) | queens));
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.color_bb(us);
            }
        }
        pinned
    }

    #[inline(always)]
    fn generate<S: MoveSink, const NOISY: bool>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.flip();
        let own = self.color_bb(us);
        let enemy = self.color_bb(them);
        let occupied = own | enemy;
        let king = self.king_square(us);
        let wanted = if NOISY { enemy } else { !own };
        // Testing the king's few candidate squares one by one is cheaper than mapping every
        // square the enemy attacks. The king leaves the board so it cannot shield itself.
        let without_king = occupied ^ Bitboard::from_square(king);
        let mut king_targets = Bitboard::EMPTY;
        for to in king_attacks(king) & wanted {
            if !self.is_attacked_by(them, to, without_king) {
                king_targets |= Bitboard::from_square(to);
            }
        }
        sink.targets(king, king_targets);
        let checkers = self.checkers;
        if checkers.more_than_one() {
            return;
        }
        let check_mask = if checkers.any() {
            between(king, checkers.lsb()) | checkers
        } else {
            Bitboard::ALL
        };
        let pinned = self.pinned();
        let targets = wanted & check_mask;

        for sq in self.pieces(PieceKind::Knight, us) & !pinned {
            sink.targets(sq, knight_attacks(sq) & targets);
        }
        let queens = self.pieces(PieceKind::Queen, us);
        for sq in self.pieces(PieceKind::Bishop, us) | queens {
            let mut t = bishop_attacks(sq, occupied) & targets;
            if pinned.contains(sq) {
                t &= line(king, sq);
            }
            sink.targets(sq, t);
        }
        for sq in self.pieces(PieceKind::Rook, us) | queens {
            let mut t = rook_attacks(sq, occupied) & targets;
            if pinned.contains(sq) {
                t &= line(king, sq);
            }
            sink.targets(sq, t);
        }
        self.generate_pawns::<S, NOISY>(sink, king, pinned, check_mask);
        if !NOISY && checkers.is_empty() && !self.castling.is_empty() {
            self.generate_castling(sink, king);
        }
    }

    #[inline(always)]
    fn generate_pawns<S: MoveSink, const NOISY: bool>(
        &self,
        sink: &mut S,
        king: Square,
        pinned: Bitboard,
        check_mask: Bitboard,
    ) {
        let us = self.side;
        let them = us.flip();
        let enemy = self.color_bb(them);
        let empty = !self.occupied();
        let pawns = self.pieces(PieceKind::Pawn, us);
        let free = pawns & !pinned;
        let white = us == Color::White;
        let (up, last_rank, double_rank) = if white {
            (8, Bitboard::rank(7), Bitboard::rank(2))
        } else {
            (-8, Bitboard::rank(0), Bitboard::rank(5))
        };
        let forward = |b: Bitboard| if white { b.north() } else { b.south() };

        let single = forward(free) & empty;
        let pushes = single & check_mask;
        sink.promotions(pushes & last_rank, up);
        if !NOISY {
            sink.pawn_moves(pushes & !last_rank, up);
            let double = forward(single & double_rank) & empty & check_mask;
            sink.pawn_moves(double, 2 * up);
        }

        let not_a = !Bitboard::file(0);
        let not_h = !Bitboard::file(7);
        let (west, west_delta, east, east_delta) = if white {
            (
                Bitboard((free & not_a).0 << 7),
                7,
                Bitboard((free & not_h).0 << 9),
                9,
            )
        } else {
            (
                Bitboard((free & not_a).0 >> 9),
                -9,
                Bitboard((free & not_h).0 >> 7),
                -7,
            )
        };
        for (caps, delta) in [
            (west & enemy & check_mask, west_delta),
            (east & enemy & check_mask, east_delta),
        ] {
            sink.promotions(caps & last_rank, delta);
            sink.pawn_moves(caps & !last_rank, delta);
        }

        // A pinned piece can never answer a check, so pinned pawns move only when not in check.
        if self.checkers.is_empty() {
            for sq in pawns & pinned {
                let ray = line(king, sq);
                let from = Bitboard::from_square(sq);
                let push = forward(from) & empty & ray;
                sink.promotions(push & last_rank, up);
                if !NOISY {
                    sink.pawn_moves(push & !last_rank, up);
                    let double = forward(push & double_rank) & empty;
                    sink.pawn_moves(double, 2 * up);
                }
                for to in pawn_attacks(us, sq) & enemy & ray {
                    let delta = to.index() as i32 - sq.index() as i32;
                    let to_bb = Bitboard::from_square(to);
                    sink.promotions(to_bb & last_rank, delta);
                    sink.pawn_moves(to_bb & !last_rank, delta);
                }
            }
        }

        if let Some(ep) = self.ep {
            for from in pawn_attacks(them, ep) & pawns {
                if self.ep_capture_is_legal(from, ep) {
                    sink.single(Move::en_passant(from, ep));
                }
            }
        }
    }

    fn generate_castling<S: MoveSink>(&self, sink: &mut S, king: Square) {
        let us = self.side;
        let them = us.flip();
        let occupied = self.occupied();
        let enemy_orth = self.pieces(PieceKind::Rook, them) | self.pieces(PieceKind::Queen, them);
        for side in CastleSide::BOTH {
            let index = right_index(us, side);
            if !self.castling.has(index) {
                continue;
            }
            if (self.castle_empty[index] & occupied).any() {
                continue;
            }
            // Not in check, so no attack on the path runs through the king's own square.
            let mut path = self.castle_safe[index] ^ Bitboard::from_square(king);
            if Iterator::any(&mut path, |sq| self.is_attacked_by(them, sq, occupied)) {
                continue;
            }
            // Chess960: the castling rook may be what shields the king's destination from a
            // rook or queen further along the first rank.
            let rook = self.castle_rooks[index];
            let without = occupied ^ Bitboard::from_square(king) ^ Bitboard::from_square(rook);
            let dest = king_destination(us, side);
            let rank = Bitboard::rank(back_rank(us));
            if (rook_attacks(dest, without) & enemy_orth & rank).any() {
                continue;
            }
            sink.single(Move::castling(king, rook));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::bench_positions::BENCH_FENS;

    /// Every 16-bit code is legal exactly when the generated list holds it.
    fn check_every_code(pos: &Position) {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for raw in 0..=u16::MAX {
            let mv = Move::from_raw(raw);
            assert_eq!(
                pos.is_legal(mv),
                list.iter().any(|&m| m == mv),
                "{} in {}",
                mv.raw(),
                pos.to_fen()
            );
        }
    }

    #[test]
    fn is_legal_agrees_with_the_generator_on_every_code() {
        let special = [
            // En passant: legal, then illegal as the pawns leave the king to a rook.
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1",
            // Castling both ways, through and out of attack; Chess960 with the king beside
            // a rook.
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1",
            "1rk3rb/8/8/8/8/8/8/1RK3RB w GBgb - 0 1",
            // Promotions, with captures, one pinned.
            "1n2k3/PP6/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1",
            // Check, double check.
            "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1",
            "4k3/8/8/8/8/5n2/4r3/4K3 w - - 0 1",
        ];
        let mut roots = Vec::new();
        for fen in special.iter().chain(BENCH_FENS.iter()) {
            roots.push(Position::from_fen(fen).unwrap());
        }
        for pos in &roots {
            check_every_code(pos);
        }
        // One move on from the first bench positions, for the positions play reaches.
        for pos in roots.iter().take(special.len() + 4) {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            for &mv in list.iter() {
                let mut child = pos.clone();
                child.play(mv);
                check_every_code(&child);
            }
        }
    }
}
