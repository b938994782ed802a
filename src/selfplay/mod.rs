//! The engine playing itself: the games `tvilling datagen` records as training data
//! ([`play_game`]), and the openings they start from ([`draw_opening`]), which OpenBench's
//! UCI command `genfens` hands out too ([`genfens`]). It sits below the tools (`cli/`) and
//! the protocols (`protocol/`), since both use it.

mod chess;
mod draughts;
mod game;
mod genfens;

pub use chess::chess_starts;
pub use draughts::draughts_starts;
pub use game::{draw_opening, play_game, DrawnOpening, SelfPlay, SelfPlayConfig};
pub use genfens::{genfens, GenfensRequest};
