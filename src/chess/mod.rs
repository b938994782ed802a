//! Chess rules: board representation, move generation, notation, draw rules and perft.
//!
//! Nothing here knows about searching; the search sees chess only through the
//! [`crate::engine::Game`] implementation in `game.rs`.

mod attacks;
mod bench_positions;
mod bitboard;
mod castling;
pub mod eval;
mod fen;
#[cfg(test)]
mod flipped_fen;
mod frc;
mod game;
mod magics;
mod movegen;
mod moves;
pub mod nnue;
mod notation;
mod openings;
mod packed;
mod perft;
mod pgn;
mod piece;
mod position;
mod san;
mod see;
mod square;
pub mod syzygy;
mod zobrist;

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks,
    rook_attacks,
};
pub use bench_positions::{bench_positions, BENCH_FENS, DEFAULT_BENCH_DEPTH};
pub use bitboard::Bitboard;
pub use castling::{CastleSide, CastlingRights};
pub use fen::{FenError, START_FEN};
pub use frc::{chess960_back_rank, chess960_start, CHESS960_POSITIONS};
pub use moves::{Move, MoveKind};
pub use notation::{move_to_uci, parse_uci_move, MoveParseError};
pub use openings::{read_openings, OpeningsError};
pub use packed::{PackedError, PackedPosition, PACKED_SIZE};
pub use perft::{perft, perft_until};
pub use pgn::{read_pgn, PgnError, PgnGame};
pub use piece::{Color, Piece, PieceKind};
pub use position::Position;
pub use san::parse_san;
pub use square::Square;
