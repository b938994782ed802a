//! The generic rules core: every draughts variant from one table of rule facts per variant:
//! killer, breakthrough, Frisian, frysk!, losing (10x10), Brazilian, Russian, English,
//! Italian (8x8) and Turkish (8x8, orthogonal); international rules are here too, to check
//! this core against the fast one.
//!
//! A board is a neighbour table ([`geometry`]), a variant a table of rule facts ([`rules`]),
//! and the generator, notation, draw rules and evaluation read those facts. Generality costs
//! speed, so international draughts keeps its own bitboard generator, [`super::fast`];
//! nothing here touches it. Moves are the same [`crate::draughts::Move`] triple, on the
//! variant board's own square indices.

pub mod captures;
pub mod clocks;
pub mod eval;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod rules;

pub use movegen::legal_moves;
pub use notation::{move_to_hub, parse_position};
pub use position::VariantPosition;
pub use rules::{Variant, DECLARED_NAMES};
