//! `tvilling bench [depth]` (also the UCI command `bench`): a fixed-depth search of every
//! position in [`BENCH_FENS`], ending in OpenBench's two lines `Nodes searched: N` and
//! `Nodes/second: N`.
//!
//! The node count is the engine's signature: one thread, a fresh 16 MB table and cleared
//! history tables for each position make it depend only on the code, never on what ran
//! before, so two builds that search alike print the same number.

use super::bench_positions::BENCH_FENS;
use crate::chess::{move_to_uci, Position};
use crate::engine::{Limits, Searcher};
use crate::protocol::uci::output::nodes_per_second;
use std::fmt;
use std::io::{self, Write};
use std::time::Duration;

/// Depth searched when none is given: about 8 s for the whole list in release with the
/// material evaluation (retune when the evaluation changes the tree).
pub const DEFAULT_BENCH_DEPTH: u32 = 20;

/// Transposition-table size for every bench search.
const BENCH_HASH_MB: usize = 16;

/// What one bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Search time over all positions.
    pub elapsed: Duration,
}

/// Why `tvilling bench` could not run.
#[derive(Debug)]
pub enum BenchError {
    /// The depth argument is not a positive number, or there are extra arguments.
    Usage(String),
    /// A bench FEN was rejected by the rules (a broken list, caught by the unit tests).
    Fen(String),
    /// Writing the report failed.
    Io(io::Error),
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(reason) => write!(f, "{reason}\nusage: tvilling bench [depth]"),
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

/// Runs the command line `tvilling bench [depth]`, printing to stdout.
pub fn run_bench(args: &[String]) -> Result<(), BenchError> {
    let depth = match args {
        [] => DEFAULT_BENCH_DEPTH,
        [depth] => match depth.parse::<u32>() {
            Ok(depth) if depth > 0 => depth,
            _ => {
                return Err(BenchError::Usage(format!(
                    "depth {depth:?} is not a positive number"
                )))
            }
        },
        _ => return Err(BenchError::Usage("too many arguments".to_string())),
    };
    bench(depth, &mut io::stdout().lock())?;
    Ok(())
}

/// Searches every bench position to `depth`, writing one line per position and then the
/// totals.
pub fn bench(depth: u32, out: &mut impl Write) -> Result<BenchReport, BenchError> {
    let mut searcher = Searcher::<Position>::new();
    searcher.set_threads(1);
    searcher.set_hash_mb(BENCH_HASH_MB);
    let mut total = BenchReport {
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for (i, fen) in BENCH_FENS.iter().enumerate() {
        let root = Position::from_fen(fen).map_err(|e| BenchError::Fen(format!("{fen}: {e}")))?;
        searcher.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let outcome = searcher.search_sync(root.clone(), Vec::new(), limits);
        total.nodes += outcome.nodes;
        total.elapsed += outcome.elapsed;
        let best = outcome.best.map_or_else(
            || "0000".to_string(),
            |mv| move_to_uci(mv, root.is_chess960()),
        );
        writeln!(
            out,
            "position {:>2}/{}: bestmove {best} nodes {}",
            i + 1,
            BENCH_FENS.len(),
            outcome.nodes
        )?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {}", total.nodes)?;
    writeln!(
        out,
        "Nodes/second: {}",
        nodes_per_second(total.nodes, total.elapsed)
    )?;
    out.flush()?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_fen_is_read_back_unchanged() {
        assert!(BENCH_FENS.len() >= 40);
        for fen in BENCH_FENS {
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos.to_fen(), fen);
        }
    }

    #[test]
    fn bench_node_count_is_deterministic() {
        let mut first = Vec::new();
        let mut second = Vec::new();
        let a = bench(3, &mut first).unwrap();
        let b = bench(3, &mut second).unwrap();
        assert!(a.nodes > 0);
        assert_eq!(a.nodes, b.nodes);
        let text = String::from_utf8(first).unwrap();
        let last: Vec<&str> = text.lines().rev().take(2).collect();
        assert_eq!(last[1], format!("Nodes searched: {}", a.nodes));
        assert!(last[0].starts_with("Nodes/second: "));
    }

    #[test]
    fn bad_depth_is_a_usage_error() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(matches!(
            run_bench(&args(&["0"])),
            Err(BenchError::Usage(_))
        ));
        assert!(matches!(
            run_bench(&args(&["x"])),
            Err(BenchError::Usage(_))
        ));
        assert!(matches!(
            run_bench(&args(&["3", "4"])),
            Err(BenchError::Usage(_))
        ));
    }
}
