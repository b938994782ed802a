//! A chess position packed into 32 bytes with a search score and a game result: the record
//! of the self-play data (`tvilling datagen`) that the network trainer reads.
//!
//! Layout (all integers little-endian):
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | occupancy: bit `i` set when square `i` (a1 = 0, b1 = 1, ..., h8 = 63) holds a piece |
//! | 8..24  | one nibble per occupied square, in ascending square order, low nibble first: bits 0-2 the kind (pawn 0, knight, bishop, rook, queen, king 5, and 6 for a rook its side may still castle with), bit 3 set for Black |
//! | 24..26 | search score, `i16`, centipawns from the side to move's view |
//! | 26     | game result from the side to move's view: 0 loss, 1 draw, 2 win |
//! | 27     | side to move: 0 White, 1 Black |
//! | 28     | halfmove clock, saturated at 255 |
//! | 29..31 | fullmove number, `u16` |
//! | 31     | en-passant square plus one (a1 = 1), 0 for none |
//!
//! Castling rights and the en-passant square are what a game file needs to replay moves
//! from its start position; the network does not see them. Records written before they
//! were kept have neither (byte 31 was 0), and read as positions without them.

use super::bitboard::Bitboard;
use super::fen::write_placement;
use super::moves::Move;
use super::piece::{Color, Piece, PieceKind};
use super::position::Position;
use super::square::Square;
use crate::engine::{Game, MoveList};
use crate::nnue::data::{Outcome, TrainingRecord};
use crate::nnue::game_file::GameRecord;

/// Bytes in one record.
pub const PACKED_SIZE: usize = 32;

/// Why 32 bytes are not a valid record.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackedError {
    /// More than 32 occupied squares.
    #[error("{0} occupied squares (at most 32)")]
    TooManyPieces(u32),
    /// A nibble names no piece kind.
    #[error("piece code {0} names no piece")]
    BadPiece(u8),
    /// A castling rook that no castling right can belong to.
    #[error("a castling rook off its side's first rank")]
    BadCastling,
    /// The result byte is not 0, 1 or 2.
    #[error("result byte {0} (expected 0, 1 or 2)")]
    BadResult(u8),
    /// The side-to-move byte is not 0 or 1.
    #[error("side-to-move byte {0} (expected 0 or 1)")]
    BadSide(u8),
    /// The en-passant byte names no square of the third or sixth rank.
    #[error("en-passant byte {0} names no such square")]
    BadEnPassant(u8),
    /// Not exactly one king of each colour.
    #[error("not exactly one king of each colour")]
    Kings,
}

/// One position of the training data, see the module documentation for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedPosition {
    occupancy: u64,
    pieces: [u8; 16],
    score: i16,
    result: Outcome,
    side: Color,
    halfmove: u8,
    fullmove: u16,
    en_passant: Option<Square>,
}

impl PackedPosition {
    /// Packs `pos` with its search score and the game's result, both from the side to
    /// move's view.
    pub fn new(pos: &Position, score: i16, result: Outcome) -> Self {
        let occupied = pos.occupied();
        let castling_rooks: Vec<Square> = (0..4).filter_map(|i| pos.castling_rook(i)).collect();
        let mut pieces = [0u8; 16];
        for (i, sq) in occupied.enumerate() {
            let piece = pos.piece_on(sq).expect("an occupied square holds a piece");
            let code = if castling_rooks.contains(&sq) {
                CASTLING_ROOK | (piece.color.index() as u8) << 3
            } else {
                nibble(piece)
            };
            pieces[i / 2] |= code << (4 * (i % 2));
        }
        Self {
            occupancy: occupied.0,
            pieces,
            score,
            result,
            side: pos.side_to_move(),
            halfmove: pos.halfmove_clock().min(255) as u8,
            fullmove: pos.fullmove_number().min(u32::from(u16::MAX)) as u16,
            en_passant: pos.en_passant(),
        }
    }

    /// The position itself, castling rights and en passant included, checked as a FEN is.
    pub fn to_position(&self) -> Result<Position, String> {
        Position::from_fen(&self.to_fen()).map_err(|e| e.to_string())
    }

    fn codes(&self) -> impl Iterator<Item = (Square, u8)> + '_ {
        Bitboard(self.occupancy)
            .enumerate()
            .map(|(i, sq)| (sq, self.pieces[i / 2] >> (4 * (i % 2)) & 15))
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Every piece with its square, in ascending square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.codes().map(|(sq, code)| (sq, piece_of(code)))
    }

    /// The same record with the board mirrored left to right (a-file <-> h-file), without
    /// castling rights or en passant. Chess is symmetric that way except for castling,
    /// which the network does not see, so the mirror is as good a training position as
    /// the original.
    pub fn mirrored_files(&self) -> Self {
        let mut board = [None; 64];
        for (sq, piece) in self.pieces() {
            board[sq.flip_file().index()] = Some(piece);
        }
        let mut occupancy = 0u64;
        let mut pieces = [0u8; 16];
        for (sq, piece) in board
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i, p)))
        {
            let i = occupancy.count_ones() as usize;
            pieces[i / 2] |= nibble(piece) << (4 * (i % 2));
            occupancy |= 1 << sq;
        }
        Self {
            occupancy,
            pieces,
            en_passant: None,
            ..*self
        }
    }

    /// The 32 bytes of the record.
    pub fn to_bytes(&self) -> [u8; PACKED_SIZE] {
        let mut out = [0u8; PACKED_SIZE];
        out[0..8].copy_from_slice(&self.occupancy.to_le_bytes());
        out[8..24].copy_from_slice(&self.pieces);
        out[24..26].copy_from_slice(&self.score.to_le_bytes());
        out[26] = self.result as u8;
        out[27] = self.side.index() as u8;
        out[28] = self.halfmove;
        out[29..31].copy_from_slice(&self.fullmove.to_le_bytes());
        out[31] = self.en_passant.map_or(0, |sq| sq.index() as u8 + 1);
        out
    }

    /// Reads a record, checking every field that could show a file of another format.
    pub fn from_bytes(bytes: &[u8; PACKED_SIZE]) -> Result<Self, PackedError> {
        let occupancy = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
        let count = occupancy.count_ones();
        if count > 32 {
            return Err(PackedError::TooManyPieces(count));
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[8..24]);
        let mut kings = [0u32; 2];
        for (i, sq) in Bitboard(occupancy).enumerate() {
            let code = pieces[i / 2] >> (4 * (i % 2)) & 15;
            if code & 7 > CASTLING_ROOK {
                return Err(PackedError::BadPiece(code));
            }
            if code & 7 == CASTLING_ROOK && sq.rank() != 7 * (code >> 3) {
                return Err(PackedError::BadCastling);
            }
            if code & 7 == 5 {
                kings[usize::from(code >> 3)] += 1;
            }
        }
        if kings != [1, 1] {
            return Err(PackedError::Kings);
        }
        let result = Outcome::from_byte(bytes[26]).ok_or(PackedError::BadResult(bytes[26]))?;
        let side = match bytes[27] {
            0 => Color::White,
            1 => Color::Black,
            other => return Err(PackedError::BadSide(other)),
        };
        let en_passant = match bytes[31] {
            0 => None,
            byte @ (17..=24 | 41..=48) => Some(Square::new(byte - 1)),
            byte => return Err(PackedError::BadEnPassant(byte)),
        };
        Ok(Self {
            occupancy,
            pieces,
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            result,
            side,
            halfmove: bytes[28],
            fullmove: u16::from_le_bytes([bytes[29], bytes[30]]),
            en_passant,
        })
    }

    /// The position as FEN, castling rights as `KQkq` or, for other rooks, X-FEN file
    /// letters.
    pub fn to_fen(&self) -> String {
        let mut board = [None; 64];
        for (sq, piece) in self.pieces() {
            board[sq.index()] = Some(piece);
        }
        let out = write_placement(|sq| board[sq.index()]);
        let side = if self.side == Color::White { 'w' } else { 'b' };
        let mut castling: Vec<char> = self
            .codes()
            .filter(|&(_, code)| code & 7 == CASTLING_ROOK)
            .map(|(sq, code)| {
                // KQkq where that names the rook (the classical setup), else its file.
                let king_on_e = self
                    .codes()
                    .any(|(k, c)| c == 5 | (code & 8) && k.file() == 4);
                let letter = match sq.file() {
                    0 if king_on_e => b'Q',
                    7 if king_on_e => b'K',
                    file => b'A' + file,
                };
                (letter | if code & 8 == 0 { 0 } else { 32 }) as char
            })
            .collect();
        castling.sort_unstable();
        let castling: String = if castling.is_empty() {
            "-".into()
        } else {
            castling.into_iter().collect()
        };
        let en_passant = self.en_passant.map_or("-".into(), |sq| sq.to_string());
        format!(
            "{out} {side} {castling} {en_passant} {} {}",
            self.halfmove,
            self.fullmove.max(1)
        )
    }
}

impl TrainingRecord for PackedPosition {
    const SIZE: usize = PACKED_SIZE;

    fn write_bytes(&self, out: &mut [u8]) {
        out.copy_from_slice(&self.to_bytes());
    }

    fn read_bytes(bytes: &[u8]) -> Result<Self, String> {
        let bytes: &[u8; PACKED_SIZE] = bytes
            .try_into()
            .map_err(|_| format!("{} bytes, not {PACKED_SIZE}", bytes.len()))?;
        Self::from_bytes(bytes).map_err(|e| e.to_string())
    }

    fn score(&self) -> i16 {
        self.score
    }

    fn outcome(&self) -> Outcome {
        self.result
    }

    fn piece_count(&self) -> u32 {
        self.occupancy.count_ones()
    }
}

/// The kind code of a rook its side may still castle with.
const CASTLING_ROOK: u8 = 6;

impl GameRecord for PackedPosition {
    type Board = Position;
    type Move = Move;

    /// The move's own 16 bits: no legal move is all zeros.
    fn move_code(_: &Position, mv: Move) -> Option<u16> {
        Some(Position::move_code(mv))
    }

    fn board(&self) -> Result<Position, String> {
        self.to_position()
    }

    fn from_board(board: &Position, score: i16, outcome: Outcome) -> Self {
        Self::new(board, score, outcome)
    }

    fn play(board: &mut Position, code: u16) -> Result<bool, String> {
        let mut moves = MoveList::new();
        board.legal_moves(&mut moves);
        let mv = moves
            .iter()
            .copied()
            .find(|&mv| Position::move_code(mv) == code)
            .ok_or_else(|| {
                format!(
                    "move code {code:#06x} is no legal move in {}",
                    board.to_fen()
                )
            })?;
        let quiet = !board.in_check() && !board.is_noisy(mv);
        board.play(mv);
        Ok(quiet)
    }
}

fn nibble(piece: Piece) -> u8 {
    piece.kind.index() as u8 | (piece.color.index() as u8) << 3
}

fn piece_of(code: u8) -> Piece {
    let color = if code & 8 == 0 {
        Color::White
    } else {
        Color::Black
    };
    // A castling rook is a rook.
    let kind = match code & 7 {
        CASTLING_ROOK => PieceKind::Rook,
        kind => PieceKind::ALL[usize::from(kind).min(5)],
    };
    Piece::new(kind, color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_bytes_and_fen() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 3 17",
            "8/8/4k3/8/8/3K4/8/8 w - - 99 200",
        ];
        for fen in fens {
            let pos = Position::from_fen(fen).unwrap();
            let packed = PackedPosition::new(&pos, -123, Outcome::Win);
            let back = PackedPosition::from_bytes(&packed.to_bytes()).unwrap();
            assert_eq!(back, packed);
            assert_eq!(back.to_fen(), fen);
            assert_eq!(back.score(), -123);
            assert_eq!(back.pieces().count() as u32, pos.occupied().count());
        }
    }

    #[test]
    fn mirroring_files_swaps_wings_and_keeps_the_rest() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b - - 3 17",
        )
        .unwrap();
        let packed = PackedPosition::new(&pos, 57, Outcome::Loss);
        let mirror = packed.mirrored_files();
        assert_eq!(
            mirror.to_fen(),
            "r2k3r/1bpqpp1p/1pnp2nb/3NP3/3P2p1/p1Q2N2/PPPBBPPP/R2K3R b - - 3 17"
        );
        assert_eq!((mirror.score(), mirror.outcome()), (57, Outcome::Loss));
        assert_eq!(mirror.mirrored_files(), packed);
    }

    #[test]
    fn castling_rights_and_en_passant_survive() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "1r2k1r1/pp1p1pPp/8/2pP4/8/8/PpPP1P1P/1R2K1R1 w GBgb c6 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 20",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let packed = PackedPosition::new(&pos, 5, Outcome::Draw);
            let back = PackedPosition::from_bytes(&packed.to_bytes())
                .unwrap()
                .to_position()
                .unwrap();
            assert_eq!(back.hash(), pos.hash(), "{fen}");
            assert_eq!(back.en_passant(), pos.en_passant(), "{fen}");
            for i in 0..4 {
                assert_eq!(back.castling_rook(i), pos.castling_rook(i), "{fen}");
            }
        }
    }

    #[test]
    fn foreign_bytes_are_refused() {
        let pos = Position::startpos();
        let good = PackedPosition::new(&pos, 0, Outcome::Draw).to_bytes();
        let mut bad = good;
        bad[26] = 7;
        assert_eq!(
            PackedPosition::from_bytes(&bad),
            Err(PackedError::BadResult(7))
        );
        let mut bad = good;
        bad[31] = 1;
        assert_eq!(
            PackedPosition::from_bytes(&bad),
            Err(PackedError::BadEnPassant(1))
        );
        let mut bad = good;
        bad[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(PackedPosition::from_bytes(&bad).is_err());
        assert!(PackedPosition::from_bytes(&[0u8; 32]).is_err());
    }
}
