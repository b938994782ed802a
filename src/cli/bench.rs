//! `tvilling bench [depth]`: the chess bench ([`crate::engine::bench`] over
//! [`BENCH_FENS`](crate::chess::BENCH_FENS)) on stdout, the engine's node-count signature.

use crate::chess::{bench_positions, move_to_uci, Position, DEFAULT_BENCH_DEPTH};
use crate::engine::bench;
use std::fmt;
use std::io;

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
    let roots = bench_positions().map_err(BenchError::Fen)?;
    let show = |root: &Position, mv| move_to_uci(mv, root.is_chess960());
    bench(&roots, depth, &mut io::stdout().lock(), show)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
