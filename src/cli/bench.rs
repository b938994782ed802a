//! `tvilling bench [--game chess|draughts] [DEPTH]`: a game's bench ([`crate::engine::bench`]
//! over [`BENCH_FENS`](crate::chess::BENCH_FENS) or
//! [`DRAUGHTS_BENCH_POSITIONS`](crate::draughts::DRAUGHTS_BENCH_POSITIONS)) on stdout, its
//! node count the engine's signature for that game (`scripts/bench/check_signature.sh`).

use super::arg::at_least_one;
use crate::chess::{bench_positions, move_to_uci, Position, DEFAULT_BENCH_DEPTH};
use crate::draughts::fast::notation::move_to_hub;
use crate::draughts::{draughts_bench_positions, SearchPosition, DEFAULT_DRAUGHTS_BENCH_DEPTH};
use crate::engine::bench;
use std::io;

/// The game a bench searches.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchGame {
    /// Chess, on [`crate::chess::BENCH_FENS`].
    Chess,
    /// International draughts, on [`crate::draughts::DRAUGHTS_BENCH_POSITIONS`].
    Draughts,
}

/// The command line of `tvilling bench`.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Debug)]
pub struct BenchArgs {
    /// The game whose bench runs.
    #[arg(long, value_enum, default_value_t = BenchGame::Chess)]
    pub game: BenchGame,
    /// Search depth of every position [default: the game's bench depth].
    #[arg(value_parser = at_least_one::<u32>)]
    pub depth: Option<u32>,
}

/// Why `tvilling bench` could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A bench position was rejected by the rules (a broken list, caught by the unit tests).
    #[error("bench position rejected: {0}")]
    Position(String),
    /// Writing the report failed.
    #[error("cannot write the bench report: {0}")]
    Io(#[from] io::Error),
}

/// Runs `tvilling bench`, printing to stdout.
pub fn run_bench(args: &BenchArgs) -> Result<(), BenchError> {
    let out = &mut io::stdout().lock();
    match args.game {
        BenchGame::Chess => {
            let roots = bench_positions().map_err(BenchError::Position)?;
            let depth = args.depth.unwrap_or(DEFAULT_BENCH_DEPTH);
            let show = |root: &Position, mv| move_to_uci(mv, root.is_chess960());
            bench(&roots, depth, out, show)?;
        }
        BenchGame::Draughts => {
            let roots = draughts_bench_positions().map_err(BenchError::Position)?;
            let depth = args.depth.unwrap_or(DEFAULT_DRAUGHTS_BENCH_DEPTH);
            bench(&roots, depth, out, |_: &SearchPosition, mv| move_to_hub(mv))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse(args: &[&str]) -> Result<BenchArgs, clap::Error> {
        BenchArgs::try_parse_from(std::iter::once(&"bench").chain(args))
    }

    #[test]
    fn bad_depth_is_a_usage_error() {
        assert_eq!(parse(&[]).unwrap().depth, None);
        assert_eq!(parse(&["7"]).unwrap().depth, Some(7));
        assert!(parse(&["0"]).is_err());
        assert!(parse(&["x"]).is_err());
        assert!(parse(&["3", "4"]).is_err());
    }

    #[test]
    fn the_game_is_chess_unless_named() {
        assert_eq!(parse(&[]).unwrap().game, BenchGame::Chess);
        let draughts = parse(&["--game", "draughts", "5"]).unwrap();
        assert_eq!(
            (draughts.game, draughts.depth),
            (BenchGame::Draughts, Some(5))
        );
        assert!(parse(&["--game", "go"]).is_err());
    }
}
