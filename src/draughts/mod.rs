//! Draughts: international draughts (10x10, FMJD) and its variants, on two rules engines.
//!
//! - [`fast`], the fast international generator: the board as bitboards in a padded layout
//!   where every diagonal step is one shift, so move generation is plain bit arithmetic.
//!   The engine plays international draughts on it, with its network ([`nnue`]), its
//!   hand-written evaluation ([`eval`]) and its endgame tables ([`egdb`]).
//! - [`generic`], the generic rules core: every variant (international included, to check
//!   this core against the fast one) from a table of rule facts on a neighbour-table board.
//!   It is slower than the fast generator, and serves the variants the Hub front end offers.
//!
//! Both move with the same [`Move`] triple and the same [`Color`]s, and what they share is
//! written once over [`Board`], which each implements on its board ([`international`] for
//! the fast one, [`generic::game`]): the position the search plays ([`SearchPosition`]),
//! the game on the protocol side ([`GameState`]) and the text formats ([`text`]).

mod bench_positions;
pub mod bits;
pub mod board;
pub mod book;
pub mod color;
pub mod egdb;
pub mod eval;
pub mod fast;
pub mod fmjd;
pub mod game_state;
pub mod generic;
pub mod international;
pub mod moves;
pub mod nnue;
pub mod packed;
pub mod search;
pub mod text;
pub mod zobrist;

pub use bench_positions::{
    draughts_bench_positions, DEFAULT_DRAUGHTS_BENCH_DEPTH, DRAUGHTS_BENCH_POSITIONS,
};
pub use board::{Board, Clocks};
pub use color::Color;
pub use fast::Position;
pub use game_state::{GameState, Outcome, PlayError};
pub use moves::Move;
pub use search::SearchPosition;
pub use text::{MoveParseError, PositionParseError};
