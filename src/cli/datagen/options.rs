//! The command line of `tvilling datagen`.

use crate::cli::arg::at_least_one;
use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use std::path::PathBuf;

/// Which game's data to make or read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataGame {
    /// Chess, positions as 32-byte `PackedPosition` records.
    Chess,
    /// International draughts, positions as 32-byte `PackedDraughts` records.
    Draughts,
}

/// When a run stops (it also stops when killed, keeping every finished game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// After this many games.
    Games(u64),
    /// Once this many positions are written (the last games finish).
    Positions(u64),
    /// Never: until interrupted.
    Unlimited,
}

/// A self-play run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The game.
    pub game: DataGame,
    /// When to stop.
    pub target: Target,
    /// Soft node limit per move.
    pub nodes: u64,
    /// Random plies after the start position (default 8, or 6 after a book line).
    pub random_plies: usize,
    /// Opening file: EPD/FEN or PGN for chess, FEN or Hub lines for draughts.
    pub book: Option<PathBuf>,
    /// Chess960 start positions.
    pub frc: bool,
    /// Games played at once.
    pub threads: usize,
    /// Transposition table per game, MB.
    pub hash_mb: usize,
    /// Seed of every random choice; games are reproducible from it.
    pub seed: u64,
    /// The data file (appended to).
    pub out: PathBuf,
    /// The evaluation network the games are played with (default: the embedded one).
    pub evalfile: Option<PathBuf>,
}

/// What `tvilling datagen` was asked to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatagenCommand {
    /// Play games and write their positions.
    Generate(GenerateOptions),
    /// Turn PGNs with scores in their move comments into games of a game file.
    FromPgn {
        /// The PGN files.
        inputs: Vec<PathBuf>,
        /// The game file (appended to).
        out: PathBuf,
    },
    /// Turn record files into games of one position each.
    FromRecords {
        /// The game whose records the files hold.
        game: DataGame,
        /// The record files.
        inputs: Vec<PathBuf>,
        /// The game file (appended to).
        out: PathBuf,
    },
    /// Summarise a data file.
    Stats {
        /// The game whose records the file holds.
        game: DataGame,
        /// The file.
        path: PathBuf,
    },
}

/// Default soft node limit per move.
pub const DEFAULT_NODES: u64 = 5_000;
/// Default random plies from a start position.
pub const DEFAULT_RANDOM_PLIES: usize = 8;
/// Default random plies after a book line. The search is deterministic, so without them
/// each line's game is played again and again: 79 draughts ballots gave 8,406 distinct
/// training positions in 406,359. After 4 plies 2 % of the positions of 150 games
/// repeated, after 6 plies 0.2 %.
pub const DEFAULT_BOOK_RANDOM_PLIES: usize = 6;

/// The command line of `tvilling datagen`: a self-play run by default, or `--stats FILE`,
/// or `--from-pgn FILE... --out FILE`, or `--from-records FILE... --out FILE`.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Debug)]
pub struct DatagenArgs {
    /// The game whose data is made or read.
    #[arg(long, default_value = "chess",
          value_parser = PossibleValuesParser::new(["chess", "draughts"])
              .map(|g| if g == "chess" { DataGame::Chess } else { DataGame::Draughts }))]
    pub game: DataGame,
    /// Stop after N games [default: run until killed].
    #[arg(long, value_name = "N", conflicts_with = "positions")]
    pub games: Option<u64>,
    /// Stop once N positions are written (the last games finish).
    #[arg(long, value_name = "N")]
    pub positions: Option<u64>,
    /// Soft node limit per move.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODES,
          value_parser = at_least_one::<u64>)]
    pub nodes: u64,
    /// Random plies after the start position [default: 8, or 6 after a book line].
    #[arg(long, value_name = "N")]
    pub plies: Option<usize>,
    /// Opening file: EPD/FEN or PGN for chess, FEN or Hub lines for draughts.
    #[arg(long, value_name = "FILE", conflicts_with = "frc")]
    pub book: Option<PathBuf>,
    /// Chess960 start positions (chess only).
    #[arg(long)]
    pub frc: bool,
    /// Games played at once.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one::<usize>)]
    pub threads: usize,
    /// Transposition table per game, MB: a few thousand nodes a move fill little of one,
    /// and each game clears it, so a small table is faster.
    #[arg(long, value_name = "MB", default_value_t = 2,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=65536))]
    pub hash: usize,
    /// Seed of every random choice [default: from the clock].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// The game file, appended to [default: target/datagen/<game>.games].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Play with this network instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    pub evalfile: Option<PathBuf>,
    /// Summarise a data file instead.
    #[arg(long, value_name = "FILE")]
    pub stats: Option<PathBuf>,
    /// Turn a PGN with scores in its move comments into records instead (repeatable;
    /// needs --out).
    #[arg(long, value_name = "FILE", requires = "out")]
    pub from_pgn: Vec<PathBuf>,
    /// Turn a file of --game's records into games of one position each instead
    /// (repeatable; needs --out).
    #[arg(long, value_name = "FILE", requires = "out")]
    pub from_records: Vec<PathBuf>,
}

impl DatagenArgs {
    /// What the flags ask for; `seed_if_unset` is used when `--seed` is absent. `Err` says
    /// which flags do not go together (what clap cannot check by itself).
    pub fn into_command(self, seed_if_unset: u64) -> Result<DatagenCommand, String> {
        if let Some(path) = self.stats {
            return Ok(DatagenCommand::Stats {
                game: self.game,
                path,
            });
        }
        if !self.from_pgn.is_empty() {
            let out = self.out.ok_or("--from-pgn needs --out")?;
            return Ok(DatagenCommand::FromPgn {
                inputs: self.from_pgn,
                out,
            });
        }
        if !self.from_records.is_empty() {
            let out = self.out.ok_or("--from-records needs --out")?;
            return Ok(DatagenCommand::FromRecords {
                game: self.game,
                inputs: self.from_records,
                out,
            });
        }
        if self.frc && self.game != DataGame::Chess {
            return Err("--frc is for chess".into());
        }
        let target = match (self.games, self.positions) {
            (Some(n), _) => Target::Games(n),
            (None, Some(n)) => Target::Positions(n),
            (None, None) => Target::Unlimited,
        };
        let random_plies = self.plies.unwrap_or(if self.book.is_some() {
            DEFAULT_BOOK_RANDOM_PLIES
        } else {
            DEFAULT_RANDOM_PLIES
        });
        let out = self.out.unwrap_or_else(|| match self.game {
            DataGame::Chess => PathBuf::from("target/datagen/chess.games"),
            DataGame::Draughts => PathBuf::from("target/datagen/draughts.games"),
        });
        Ok(DatagenCommand::Generate(GenerateOptions {
            game: self.game,
            target,
            nodes: self.nodes,
            random_plies,
            book: self.book,
            frc: self.frc,
            threads: self.threads,
            hash_mb: self.hash,
            seed: self.seed.unwrap_or(seed_if_unset),
            out,
            evalfile: self.evalfile,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_datagen_args(line: &str, seed_if_unset: u64) -> Result<DatagenCommand, String> {
        DatagenArgs::try_parse_from(std::iter::once("datagen").chain(line.split_whitespace()))
            .map_err(|e| e.to_string())?
            .into_command(seed_if_unset)
    }

    #[test]
    fn defaults_and_flags() {
        let DatagenCommand::Generate(o) = parse_datagen_args("", 9).unwrap() else {
            panic!("expected a run");
        };
        assert_eq!(
            (o.nodes, o.random_plies, o.threads, o.seed),
            (5000, 8, 1, 9)
        );
        assert_eq!(o.target, Target::Unlimited);
        let DatagenCommand::Generate(o) =
            parse_datagen_args("--games 10 --nodes 800 --threads 2 --seed 3 --frc", 9).unwrap()
        else {
            panic!("expected a run");
        };
        assert_eq!(
            (o.target, o.nodes, o.threads, o.seed),
            (Target::Games(10), 800, 2, 3)
        );
        assert!(o.frc);
        let DatagenCommand::Generate(o) = parse_datagen_args("--book b.pgn", 9).unwrap() else {
            panic!("expected a run");
        };
        assert_eq!(o.random_plies, DEFAULT_BOOK_RANDOM_PLIES);
        assert_eq!(o.evalfile, None);
        let DatagenCommand::Generate(o) = parse_datagen_args("--evalfile nets/x.nnue", 9).unwrap()
        else {
            panic!("expected a run");
        };
        assert_eq!(o.evalfile, Some(PathBuf::from("nets/x.nnue")));
    }

    #[test]
    fn bad_arguments_are_refused() {
        for bad in [
            "--games",
            "--games ten",
            "--nodes 0",
            "--frobnicate",
            "--game go",
            "--game draughts --frc",
            "--evalfile",
            "--book a.pgn --frc",
        ] {
            assert!(parse_datagen_args(bad, 1).is_err(), "{bad}");
        }
        assert!(matches!(
            parse_datagen_args("--stats x.bin", 1),
            Ok(DatagenCommand::Stats { .. })
        ));
        assert!(parse_datagen_args("--from-pgn g.pgn", 1).is_err());
        assert!(matches!(
            parse_datagen_args("--from-pgn g.pgn --from-pgn h.pgn --out d.bin", 1),
            Ok(DatagenCommand::FromPgn { inputs, .. }) if inputs.len() == 2
        ));
        assert!(parse_datagen_args("--from-records r.bin", 1).is_err());
        assert_eq!(
            parse_datagen_args("--game draughts --from-records r.bin --out d.games", 1),
            Ok(DatagenCommand::FromRecords {
                game: DataGame::Draughts,
                inputs: vec![PathBuf::from("r.bin")],
                out: PathBuf::from("d.games"),
            })
        );
    }
}
