//! Protocol front ends: each owns the game state of its session and talks to the search.

pub mod draughts_settings;
pub mod dxp;
pub mod hub;
pub mod stdin_lines;
pub mod uci;
