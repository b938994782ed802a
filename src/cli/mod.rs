//! Command-line tools besides the protocols.

mod bench;
mod bench_positions;
mod perft;

pub use bench::{bench, run_bench, BenchError, BenchReport, DEFAULT_BENCH_DEPTH};
pub use bench_positions::BENCH_FENS;
pub use perft::run_perft;
