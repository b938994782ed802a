//! FEN reading and writing, with castling rights as `KQkq`, Shredder-FEN file letters
//! (`HAha`) or X-FEN (file letters only for inner rooks).
//!
//! Reading validates everything a position needs to be playable and reports the first
//! problem as a [`FenError`] whose message names it exactly; no input makes it panic.

use super::bitboard::Bitboard;
use super::castling::{back_rank, right_index, CastleSide};
use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::Square;
use super::zobrist;

/// The standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Not 4 to 6 space-separated fields.
    #[error("FEN has {0} fields, expected 4 to 6")]
    FieldCount(usize),
    /// The placement does not have 8 ranks.
    #[error("piece placement has {0} ranks, expected 8")]
    RankCount(usize),
    /// A rank (1..8) describes this many squares instead of 8.
    #[error("rank {rank} describes {squares} squares, expected 8")]
    RankLength {
        /// Rank number as on the board (1..8).
        rank: u8,
        /// Squares it describes.
        squares: u32,
    },
    /// A character that is neither a piece letter nor a digit 1-8.
    #[error("bad piece letter {0:?} in piece placement")]
    PieceLetter(char),
    /// A colour has no king or more than one.
    #[error("{}", kings(.0, .1))]
    KingCount(Color, u32),
    /// A colour has more than 8 pawns.
    #[error("{1} {color} pawns, at most 8 allowed", color = .0.name())]
    TooManyPawns(Color, u32),
    /// A colour has more than 16 pieces.
    #[error("{1} {color} pieces, at most 16 allowed", color = .0.name())]
    TooManyPieces(Color, u32),
    /// A pawn on the first or last rank.
    #[error("pawn on {0}, on the first or last rank")]
    PawnOnBackRank(Square),
    /// The side-to-move field is not `w` or `b`.
    #[error("side to move {0:?} is not w or b")]
    SideToMove(String),
    /// A castling character that is not `KQkq`, `A-H` or `a-h`.
    #[error("bad castling letter {0:?}")]
    CastlingLetter(char),
    /// The same castling right (or wing) given twice.
    #[error("castling right {0} given twice")]
    CastlingDuplicate(char),
    /// A castling right whose king is not on its first rank.
    #[error("castling right {0} but the {color} king is not on its first rank", color = .1.name())]
    CastlingWithoutKing(char, Color),
    /// A castling right whose rook is missing from the square it needs.
    #[error("castling right {0} but no rook on {1}")]
    CastlingWithoutRook(char, Square),
    /// The en-passant field is not `-` or a square.
    #[error("en passant field {0:?} is not - or a square")]
    EnPassantText(String),
    /// An en-passant square on a rank no double step can pass.
    #[error("en passant square {0} is not on the side to move's sixth rank")]
    EnPassantRank(Square),
    /// An en-passant square with no enemy pawn that just made a double step past it.
    #[error("en passant square {0} but no pawn just moved there")]
    EnPassantWithoutPawn(Square),
    /// The halfmove clock is not a number.
    #[error("halfmove clock {0:?} is not a number")]
    Halfmove(String),
    /// The fullmove number is not a number.
    #[error("fullmove number {0:?} is not a number")]
    Fullmove(String),
    /// The side that just moved left its king in check.
    #[error("side not to move is in check")]
    OpponentInCheck,
    /// More checkers than any legal move can produce.
    #[error("side to move is in check by {0} pieces")]
    TooManyCheckers(u32),
}

/// The message of [`FenError::KingCount`]: `no white king`, `two black kings`, `3 white
/// kings`.
fn kings(color: &Color, count: &u32) -> String {
    let color = color.name();
    match count {
        0 => format!("no {color} king"),
        2 => format!("two {color} kings"),
        n => format!("{n} {color} kings"),
    }
}

impl Position {
    /// Reads a FEN (the halfmove and fullmove fields may be left out: 0 and 1).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty();
        read_placement(&mut pos, fields[0])?;
        check_material(&pos)?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => {
                pos.hash ^= zobrist::side_key();
                Color::Black
            }
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        read_castling(&mut pos, fields[2])?;
        let them = pos.side.flip();
        let their_king = pos.king_square(them);
        if (pos.attackers_to(their_king, pos.occupied()) & pos.color_bb(pos.side)).any() {
            return Err(FenError::OpponentInCheck);
        }
        pos.refresh_checkers();
        if pos.checkers.count() > 2 {
            return Err(FenError::TooManyCheckers(pos.checkers.count()));
        }
        read_en_passant(&mut pos, fields[3])?;
        if let Some(text) = fields.get(4) {
            pos.halfmove = text
                .parse()
                .map_err(|_| FenError::Halfmove(text.to_string()))?;
        }
        if let Some(text) = fields.get(5) {
            let n: u32 = text
                .parse()
                .map_err(|_| FenError::Fullmove(text.to_string()))?;
            pos.fullmove = n.max(1);
        }
        Ok(pos)
    }

    /// Writes the position as FEN: `KQkq` castling for classical positions, Shredder-FEN
    /// file letters for Chess960 ones.
    pub fn to_fen(&self) -> String {
        let mut out = write_placement(|sq| self.piece_on(sq));
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        if self.castling.is_empty() {
            out.push('-');
        }
        for index in 0..4 {
            if let Some(rook) = self.castling_rook(index) {
                let letter = if self.chess960 {
                    char::from(b'a' + rook.file())
                } else if index.is_multiple_of(2) {
                    'k'
                } else {
                    'q'
                };
                out.push(if index < 2 {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
            }
        }
        match self.ep {
            Some(sq) => out.push_str(&format!(" {sq}")),
            None => out.push_str(" -"),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// The piece placement field of a FEN (rank 8 first), for the board `piece_on` describes.
pub(crate) fn write_placement(piece_on: impl Fn(Square) -> Option<Piece>) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut gap = 0;
        for file in 0..8 {
            match piece_on(Square::from_file_rank(file, rank)) {
                Some(p) => {
                    if gap > 0 {
                        out.push(char::from(b'0' + gap));
                        gap = 0;
                    }
                    out.push(p.to_char());
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            out.push(char::from(b'0' + gap));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

fn read_placement(pos: &mut Position, text: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::RankCount(ranks.len()));
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u32;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d;
                continue;
            }
            let piece = Piece::from_char(c).ok_or(FenError::PieceLetter(c))?;
            if file < 8 {
                pos.put(piece, Square::from_file_rank(file as u8, rank));
            }
            file += 1;
        }
        if file != 8 {
            return Err(FenError::RankLength {
                rank: rank + 1,
                squares: file,
            });
        }
    }
    Ok(())
}

fn check_material(pos: &Position) -> Result<(), FenError> {
    for color in Color::BOTH {
        let kings = pos.pieces(PieceKind::King, color).count();
        if kings != 1 {
            return Err(FenError::KingCount(color, kings));
        }
        let pawns = pos.pieces(PieceKind::Pawn, color).count();
        if pawns > 8 {
            return Err(FenError::TooManyPawns(color, pawns));
        }
        let pieces = pos.color_bb(color).count();
        if pieces > 16 {
            return Err(FenError::TooManyPieces(color, pieces));
        }
    }
    let back_ranks = Bitboard::rank(0) | Bitboard::rank(7);
    if let Some(sq) = (pos.kind_bb(PieceKind::Pawn) & back_ranks).next() {
        return Err(FenError::PawnOnBackRank(sq));
    }
    Ok(())
}

fn read_castling(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let mut uses_letters = false;
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let king = pos.king_square(color);
        let rooks = pos.pieces(PieceKind::Rook, color) & Bitboard::rank(rank);
        let lower = c.to_ascii_lowercase();
        if !matches!(lower, 'k' | 'q' | 'a'..='h') {
            return Err(FenError::CastlingLetter(c));
        }
        if king.rank() != rank {
            return Err(FenError::CastlingWithoutKing(c, color));
        }
        let (side, rook) = match lower {
            'k' => {
                let outer = rooks.filter(|r| r.file() > king.file()).last();
                let rook = outer.ok_or(FenError::CastlingWithoutRook(
                    c,
                    Square::from_file_rank(7, rank),
                ))?;
                (CastleSide::King, rook)
            }
            'q' => {
                let outer = rooks.into_iter().find(|r| r.file() < king.file());
                let rook = outer.ok_or(FenError::CastlingWithoutRook(
                    c,
                    Square::from_file_rank(0, rank),
                ))?;
                (CastleSide::Queen, rook)
            }
            letter => {
                uses_letters = true;
                let sq = Square::from_file_rank(letter as u8 - b'a', rank);
                if !rooks.contains(sq) || sq.file() == king.file() {
                    return Err(FenError::CastlingWithoutRook(c, sq));
                }
                let side = if sq.file() > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (side, sq)
            }
        };
        let index = right_index(color, side);
        if pos.castling.has(index) {
            return Err(FenError::CastlingDuplicate(c));
        }
        pos.add_castling_right(index, rook);
        let classical_rook = if side == CastleSide::King { 7 } else { 0 };
        if uses_letters || king.file() != 4 || rook.file() != classical_rook {
            pos.chess960 = true;
        }
    }
    Ok(())
}

fn read_en_passant(pos: &mut Position, text: &str) -> Result<(), FenError> {
    if text == "-" {
        return Ok(());
    }
    let sq = Square::parse(text).ok_or_else(|| FenError::EnPassantText(text.to_string()))?;
    let (ep_rank, step) = if pos.side == Color::White {
        (5, 8i32)
    } else {
        (2, -8)
    };
    if sq.rank() != ep_rank {
        return Err(FenError::EnPassantRank(sq));
    }
    let pawn_sq = Square::new((sq.index() as i32 - step) as u8);
    let origin = Square::new((sq.index() as i32 + step) as u8);
    let moved_pawn = pos.piece_on(pawn_sq) == Some(Piece::new(PieceKind::Pawn, pos.side.flip()));
    if !moved_pawn || pos.piece_on(sq).is_some() || pos.piece_on(origin).is_some() {
        return Err(FenError::EnPassantWithoutPawn(sq));
    }
    if pos.any_legal_ep_capture(sq) {
        pos.ep = Some(sq);
        pos.hash ^= zobrist::en_passant_key(sq.file());
    }
    Ok(())
}
