//! Command-line tools besides the protocols: `bench`, `perft`, `datagen`, `dbgen`,
//! `train` and `book`. Each tool's flags are a clap struct beside it; `main.rs` gathers them into
//! the one command line.

mod arg;
mod bench;
pub mod book;
pub mod datagen;
mod dbgen;
mod perft;
mod train;

pub use bench::{run_bench, BenchArgs, BenchError};
pub use book::{run_book, BookArgs};
pub use datagen::{run_datagen, DatagenArgs};
pub use dbgen::{run_dbgen, DbgenArgs, DbgenError};
pub use perft::{run_perft, PerftArgs};
pub use train::run_train;
