//! tvilling: one game-independent search core serving two games.
//!
//! - [`chess`] and [`draughts`] hold the rules of each game: positions, move generation,
//!   notation, draw rules, perft and evaluation. Neither knows about searching.
//! - [`engine`] is the search: it knows nothing of either game and works through the
//!   [`engine::Game`] trait.
//! - [`nnue`] is the evaluation network shared by both games (so far its file format).
//! - [`protocol`] holds the front ends (UCI, Hub, DXP) that turn text or frames into commands
//!   for the search and its results back into text.
//! - [`cli`] holds the command-line tools (`bench`, `perft`, `datagen`, `dbgen`, `train`,
//!   `book`).
//! - [`selfplay`] is the engine playing itself, for `datagen` and the UCI command `genfens`.
//! - [`train`] holds the network trainer behind `tvilling train`, on [`nnue`]'s data types.
//! - [`progress`] shows how far the long commands are: a bar on a terminal, lines in a log.
//!
//! [`protocol`] and [`cli`] sit side by side and import nothing of each other: what both
//! need ([`engine::bench`], [`selfplay`], the endgame-table limits) lives below them.

// Every public item carries a doc line; with clippy's `-D warnings` a missing one fails CI.
#![warn(missing_docs)]

pub mod chess;
pub mod cli;
pub mod draughts;
pub mod engine;
pub mod nnue;
pub mod progress;
pub mod protocol;
pub mod rng;
pub mod selfplay;
pub mod train;

#[cfg(test)]
mod test_scratch;
