//! Command-line tools besides the protocols: `perft`, `bench`, `datagen` and `dbgen`.

mod bench;
mod bench_positions;
pub mod datagen;
mod dbgen;
mod perft;

pub use bench::{bench, run_bench, BenchError, BenchReport, DEFAULT_BENCH_DEPTH};
pub use bench_positions::BENCH_FENS;
pub use datagen::run_datagen;
pub use dbgen::{run_dbgen, DbgenError};
pub use perft::run_perft;
