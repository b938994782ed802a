//! The fast international generator: international draughts (10x10, FMJD rules) on
//! bitboards, written for speed.
//!
//! The position is a handful of bitboards in a padded layout ([`square`]) where every
//! diagonal step is one shift ([`bitboard`]), so move generation ([`movegen`]) is plain bit
//! arithmetic and perft bulk-counts its last ply ([`mod@perft`]); text in and out is in
//! [`notation`], the FMJD draw clocks, shared with the generic core, in [`super::fmjd`].
//! The variants, international draughts among them, have a rules core of their own,
//! [`super::generic`], which is slower and general; this one is what the engine searches
//! international draughts with.

pub mod bitboard;
pub mod movegen;
pub mod notation;
pub mod perft;
pub mod position;
pub mod square;

pub use perft::perft;
pub use position::Position;
