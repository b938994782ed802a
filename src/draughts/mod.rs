//! International draughts (10x10, FMJD) rules: board, move generation, notation, draw rules
//! and perft.
//!
//! The rules know nothing of searching: the position is a handful of bitboards in a padded
//! layout where every diagonal step is one shift, so move generation is plain bit arithmetic.
//! Text formats (Hub, PDN FEN, DXP) live in [`notation`], the game-level draw rules in
//! [`state`].

pub mod bitboard;
pub mod egdb;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod nnue;
pub mod notation;
pub mod packed;
pub mod perft;
pub mod position;
pub mod square;
pub mod state;
pub mod variant;
pub mod zobrist;

pub use game::SearchPosition;
pub use moves::Move;
pub use notation::{MoveParseError, PositionParseError};
pub use perft::{divide, perft};
pub use position::{Color, Position};
pub use state::{GameState, Outcome, PlayError};
