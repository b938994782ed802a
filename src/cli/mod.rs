//! Command-line tools besides the protocols.

mod perft;

pub use perft::run_perft;
