//! Command-line tools besides the protocols: `perft`, `bench`, `datagen` and `dbgen`.

mod bench;
pub mod datagen;
mod dbgen;
mod perft;

pub use bench::{run_bench, BenchError};
pub use datagen::run_datagen;
pub use dbgen::{run_dbgen, DbgenError};
pub use perft::run_perft;
