//! Command-line tools besides the protocols: `bench`, `perft`, `datagen`, `dbgen` and
//! `train`. Each tool's flags are a clap struct beside it; `main.rs` gathers them into
//! the one command line.

mod arg;
mod bench;
pub mod datagen;
mod dbgen;
mod perft;
mod train;

pub use bench::{run_bench, BenchArgs, BenchError};
pub use datagen::{run_datagen, DatagenArgs};
pub use dbgen::{run_dbgen, DbgenArgs, DbgenError};
pub use perft::{run_perft, PerftArgs};
pub use train::run_train;
