//! The chess position: piece placement (bitboards plus a mailbox), side to move, castling,
//! en passant, clocks and an incrementally kept Zobrist hash.
//!
//! Positions are copy-made: the search clones and calls [`Position::play`], so there is no
//! unmake and no undo stack. The set of checking pieces is computed once in `play` because
//! both move generation and the search ask for it at every node.
//!
//! The en-passant square is recorded only when a pawn of the side to move can legally make
//! the capture. The hash therefore describes exactly the FIDE notion of "same position"
//! (the en-passant possibility is part of it), and repetition detection needs nothing else.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
use super::bitboard::Bitboard;
use super::castling::{king_destination, rook_destination, CastleSide, CastlingRights};
use super::moves::{Move, MoveKind};
use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::zobrist;

/// Squares of one colour, for the same-coloured-bishops draw rule.
const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// A chess position with everything the rules need to continue the game from it.
#[derive(Clone, Debug)]
pub struct Position {
    pub(super) board: [Option<Piece>; 64],
    pub(super) by_kind: [Bitboard; 6],
    pub(super) by_color: [Bitboard; 2],
    pub(super) side: Color,
    pub(super) castling: CastlingRights,
    /// Start square of the rook of each castling right (see [`right_index`]).
    pub(super) castle_rooks: [Square; 4],
    /// Squares that must be empty (king and castling rook aside) for each right.
    pub(super) castle_empty: [Bitboard; 4],
    /// Squares the king stands on or crosses for each right: none may be attacked.
    pub(super) castle_safe: [Bitboard; 4],
    pub(super) ep: Option<Square>,
    pub(super) halfmove: u32,
    pub(super) fullmove: u32,
    pub(super) hash: u64,
    pub(super) checkers: Bitboard,
    pub(super) chess960: bool,
}

impl Position {
    /// An empty board, White to move: the starting point for the FEN reader.
    pub(super) fn empty() -> Self {
        Position {
            board: [None; 64],
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            side: Color::White,
            castling: CastlingRights(0),
            castle_rooks: [Square::default(); 4],
            castle_empty: [Bitboard::EMPTY; 4],
            castle_safe: [Bitboard::EMPTY; 4],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            checkers: Bitboard::EMPTY,
            chess960: false,
        }
    }

    /// The standard starting position.
    pub fn startpos() -> Self {
        Position::from_fen(super::fen::START_FEN).expect("the start position FEN is valid")
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(super) fn put(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = Some(piece);
        self.by_kind[piece.kind.index()] |= bb;
        self.by_color[piece.color.index()] |= bb;
        self.hash ^= zobrist::piece_key(piece.index(), sq.index());
    }

    /// Removes the piece `piece` standing on `sq`.
    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        let bb = Bitboard::from_square(sq);
        self.board[sq.index()] = None;
        self.by_kind[piece.kind.index()] ^= bb;
        self.by_color[piece.color.index()] ^= bb;
        self.hash ^= zobrist::piece_key(piece.index(), sq.index());
    }

    /// Records castling right `index` with its rook on `rook` and derives the squares that
    /// must be empty and safe. The king must already stand on its first rank.
    pub(super) fn add_castling_right(&mut self, index: usize, rook: Square) {
        let color = if index < 2 {
            Color::White
        } else {
            Color::Black
        };
        let side = if index.is_multiple_of(2) {
            CastleSide::King
        } else {
            CastleSide::Queen
        };
        let king = self.king_square(color);
        let (kd, rd) = (king_destination(color, side), rook_destination(color, side));
        let both = Bitboard::from_square(king) | Bitboard::from_square(rook);
        let king_path = between(king, kd) | Bitboard::from_square(kd);
        let rook_path = between(rook, rd) | Bitboard::from_square(rd);
        self.castle_rooks[index] = rook;
        self.castle_empty[index] = (king_path | rook_path) & !both;
        self.castle_safe[index] = king_path | Bitboard::from_square(king);
        self.castling.0 |= 1 << index;
        self.hash ^= zobrist::castling_key(index);
    }

    /// Recomputes the checkers of the side to move (after setting up a position).
    pub(super) fn refresh_checkers(&mut self) {
        let king = self.king_square(self.side);
        self.checkers =
            self.attackers_to(king, self.occupied()) & self.by_color[self.side.flip().index()];
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Every piece of `kind`, both colours.
    #[inline]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Every piece of `color`.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The pieces of `kind` and `color`.
    #[inline]
    pub fn pieces(&self, kind: PieceKind, color: Color) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(PieceKind::King, color).lsb()
    }

    /// Zobrist key: pieces, side to move, castling rights, and a capturable en-passant file.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plies since the last capture or pawn move (fifty-move rule).
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The move number, starting at 1 and increasing after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The en-passant target square, set only when the capture is legal.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    /// The castling rights still held.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The start square of the rook for castling right `index`, when that right is held.
    #[inline]
    pub fn castling_rook(&self, index: usize) -> Option<Square> {
        self.castling.has(index).then_some(self.castle_rooks[index])
    }

    /// True when the position's castling setup is not the classical one (king off the
    /// e-file or a castling rook off the a/h-file), or its FEN used file letters. Decides
    /// whether FEN and move text use Chess960 conventions by default.
    #[inline]
    pub fn is_chess960(&self) -> bool {
        self.chess960
    }

    /// The pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Every piece of either colour attacking `sq` when `occupied` are the occupied squares.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let diag = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let orth = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        (pawn_attacks(Color::White, sq) & self.pieces(PieceKind::Pawn, Color::Black))
            | (pawn_attacks(Color::Black, sq) & self.pieces(PieceKind::Pawn, Color::White))
            | (knight_attacks(sq) & self.by_kind[PieceKind::Knight.index()])
            | (king_attacks(sq) & self.by_kind[PieceKind::King.index()])
            | (bishop_attacks(sq, occupied) & diag)
            | (rook_attacks(sq, occupied) & orth)
    }

    /// True when the side to move's pawn on `from` may capture en passant on `ep`: the
    /// board is changed as the capture would change it and the king is tested for attack,
    /// which covers pins (including the rank pin of both pawns) and check evasions alike.
    pub(super) fn ep_capture_is_legal(&self, from: Square, ep: Square) -> bool {
        let us = self.side;
        let them = us.flip();
        let king = self.king_square(us);
        let captured = Square::new((ep.index() ^ 8) as u8);
        let occ = (self.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured))
            | Bitboard::from_square(ep);
        let enemy = self.by_color[them.index()];
        let diag = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let orth = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        let attackers = (bishop_attacks(king, occ) & diag)
            | (rook_attacks(king, occ) & orth)
            | (knight_attacks(king) & self.by_kind[PieceKind::Knight.index()])
            | (pawn_attacks(us, king)
                & self.by_kind[PieceKind::Pawn.index()]
                & !Bitboard::from_square(captured));
        (attackers & enemy).is_empty()
    }

    /// True when some pawn of the side to move can legally capture en passant on `ep`.
    pub(super) fn any_legal_ep_capture(&self, ep: Square) -> bool {
        let pawns = self.pieces(PieceKind::Pawn, self.side);
        let mut candidates = pawn_attacks(self.side.flip(), ep) & pawns;
        Iterator::any(&mut candidates, |from| self.ep_capture_is_legal(from, ep))
    }

    /// Plays a legal move. Playing an illegal move leaves an unspecified (but memory-safe)
    /// position; callers take moves from the generator or from the move parser.
    pub fn play(&mut self, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let (from, to) = (mv.from(), mv.to());
        self.hash ^= zobrist::side_key();
        if let Some(ep) = self.ep.take() {
            self.hash ^= zobrist::en_passant_key(ep.file());
        }
        // Saturating: a FEN may give either counter as u32::MAX, and the next move must
        // neither overflow nor wrap to a clock that undoes the fifty-move rule.
        self.halfmove = self.halfmove.saturating_add(1);
        let old_rights = self.castling;
        let mut new_ep = None;
        if mv.kind() == MoveKind::Castling {
            let side = if to.file() > from.file() {
                CastleSide::King
            } else {
                CastleSide::Queen
            };
            let king = Piece::new(PieceKind::King, us);
            let rook = Piece::new(PieceKind::Rook, us);
            self.remove(king, from);
            self.remove(rook, to);
            self.put(king, king_destination(us, side));
            self.put(rook, rook_destination(us, side));
            self.castling.0 &= !(3 << (us.index() * 2));
        } else {
            let Some(piece) = self.board[from.index()] else {
                return;
            };
            if mv.kind() == MoveKind::EnPassant {
                let captured = Square::new((to.index() ^ 8) as u8);
                self.remove(Piece::new(PieceKind::Pawn, them), captured);
            } else if let Some(victim) = self.board[to.index()] {
                self.remove(victim, to);
                self.halfmove = 0;
            }
            self.remove(piece, from);
            match mv.promotion_piece() {
                Some(kind) => self.put(Piece::new(kind, us), to),
                None => self.put(piece, to),
            }
            if piece.kind == PieceKind::Pawn {
                self.halfmove = 0;
                if from.index() ^ to.index() == 16 {
                    let mid = Square::new(((from.index() + to.index()) / 2) as u8);
                    if (pawn_attacks(us, mid) & self.pieces(PieceKind::Pawn, them)).any() {
                        new_ep = Some(mid);
                    }
                }
            } else if piece.kind == PieceKind::King {
                self.castling.0 &= !(3 << (us.index() * 2));
            }
            if !self.castling.is_empty() {
                for i in 0..4 {
                    if self.castling.has(i)
                        && (self.castle_rooks[i] == from || self.castle_rooks[i] == to)
                    {
                        self.castling.0 &= !(1 << i);
                    }
                }
            }
        }
        let changed = old_rights.0 ^ self.castling.0;
        if changed != 0 {
            for i in 0..4 {
                if changed >> i & 1 != 0 {
                    self.hash ^= zobrist::castling_key(i);
                }
            }
        }
        self.side = them;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.refresh_checkers();
        if let Some(ep) = new_ep {
            if self.any_legal_ep_capture(ep) {
                self.ep = Some(ep);
                self.hash ^= zobrist::en_passant_key(ep.file());
            }
        }
    }

    /// The key after `mv` as far as the pieces, the side to move and the en passant square
    /// given up decide it; castling rights lost, a new en passant square and the pawn an
    /// en passant capture takes are left out, which only makes a prefetch miss.
    pub fn hash_after(&self, mv: Move) -> u64 {
        let mut hash = self.hash ^ zobrist::side_key();
        if let Some(ep) = self.ep {
            hash ^= zobrist::en_passant_key(ep.file());
        }
        let (from, to) = (mv.from(), mv.to());
        let Some(piece) = self.board[from.index()] else {
            return hash;
        };
        if mv.kind() == MoveKind::Castling {
            return hash;
        }
        if let Some(victim) = self.board[to.index()] {
            hash ^= zobrist::piece_key(victim.index(), to.index());
        }
        let placed = mv
            .promotion_piece()
            .map_or(piece, |kind| Piece::new(kind, self.side));
        hash ^ zobrist::piece_key(piece.index(), from.index())
            ^ zobrist::piece_key(placed.index(), to.index())
    }

    /// Passes the turn (null move). The caller guarantees the side to move is not in check.
    pub fn play_null(&mut self) {
        self.hash ^= zobrist::side_key();
        if let Some(ep) = self.ep.take() {
            self.hash ^= zobrist::en_passant_key(ep.file());
        }
        self.halfmove = self.halfmove.saturating_add(1);
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.flip();
        self.refresh_checkers();
    }

    /// True when `mv` captures something (en passant included; castling never does).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            _ => self.board[mv.to().index()].is_some(),
        }
    }

    /// True when `mv` promotes a pawn.
    #[inline]
    pub fn is_promotion(&self, mv: Move) -> bool {
        mv.kind() == MoveKind::Promotion
    }

    /// The piece `mv` captures, if any.
    #[inline]
    pub fn captured_piece(&self, mv: Move) -> Option<PieceKind> {
        match mv.kind() {
            MoveKind::EnPassant => Some(PieceKind::Pawn),
            MoveKind::Castling => None,
            _ => self.board[mv.to().index()].map(|p| p.kind),
        }
    }

    /// True when neither side can ever mate (dead position): K v K, K+minor v K, and kings
    /// with bishops that all stand on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.kind_bb(PieceKind::Pawn)
            | self.kind_bb(PieceKind::Rook)
            | self.kind_bb(PieceKind::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.kind_bb(PieceKind::Knight);
        let bishops = self.kind_bb(PieceKind::Bishop);
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & DARK_SQUARES).is_empty() || (bishops & !DARK_SQUARES).is_empty())
    }

    /// True when the side to move has a piece other than pawns and king (null-move safety).
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        let minors_majors =
            self.occupied() ^ self.kind_bb(PieceKind::Pawn) ^ self.kind_bb(PieceKind::King);
        (minors_majors & self.color_bb(color)).any()
    }
}
