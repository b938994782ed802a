//! `tvilling bench [DEPTH]`: the chess bench ([`crate::engine::bench`] over
//! [`BENCH_FENS`](crate::chess::BENCH_FENS)) on stdout, the engine's node-count signature.

use super::arg::at_least_one;
use crate::chess::{bench_positions, move_to_uci, Position, DEFAULT_BENCH_DEPTH};
use crate::engine::bench;
use std::fmt;
use std::io;

/// The command line of `tvilling bench`.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Debug)]
pub struct BenchArgs {
    /// Search depth of every position.
    #[arg(default_value_t = DEFAULT_BENCH_DEPTH, value_parser = at_least_one::<u32>)]
    pub depth: u32,
}

/// Why `tvilling bench` could not run.
#[derive(Debug)]
pub enum BenchError {
    /// A bench FEN was rejected by the rules (a broken list, caught by the unit tests).
    Fen(String),
    /// Writing the report failed.
    Io(io::Error),
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fen(reason) => write!(f, "bench position rejected: {reason}"),
            Self::Io(e) => write!(f, "cannot write the bench report: {e}"),
        }
    }
}

impl std::error::Error for BenchError {}

impl From<io::Error> for BenchError {
    fn from(e: io::Error) -> Self {
        Self::Io(e)
    }
}

/// Runs `tvilling bench`, printing to stdout.
pub fn run_bench(args: &BenchArgs) -> Result<(), BenchError> {
    let roots = bench_positions().map_err(BenchError::Fen)?;
    let show = |root: &Position, mv| move_to_uci(mv, root.is_chess960());
    bench(&roots, args.depth, &mut io::stdout().lock(), show)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn bad_depth_is_a_usage_error() {
        let parse = |a: &[&str]| BenchArgs::try_parse_from(std::iter::once(&"bench").chain(a));
        assert_eq!(parse(&[]).unwrap().depth, DEFAULT_BENCH_DEPTH);
        assert_eq!(parse(&["7"]).unwrap().depth, 7);
        assert!(parse(&["0"]).is_err());
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["3", "4"]).is_err());
    }
}
