//! The command line of `tvilling datagen`.

use std::path::PathBuf;

/// The usage text, printed with every usage error.
pub const USAGE: &str =
    "usage: tvilling datagen [--game chess|draughts] [--games N | --positions N] \
[--nodes N] [--plies N] [--book FILE] [--frc] [--threads N] [--hash MB] [--seed S] [--out FILE] \
[--evalfile FILE]
       tvilling datagen --stats FILE [--game chess|draughts]
       tvilling datagen --from-pgn FILE [--from-pgn FILE ...] --out FILE
       tvilling datagen --from-records FILE [--from-records FILE ...] [--game chess|draughts] --out FILE";

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
    /// Random plies after the start position (default 8, or 0 from a book).
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

fn number<T: std::str::FromStr>(flag: &str, value: Option<&String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{flag} {value:?} is not a valid number"))
}

/// Parses the arguments after `datagen`; `seed_if_unset` is used when `--seed` is absent.
pub fn parse_datagen_args(args: &[String], seed_if_unset: u64) -> Result<DatagenCommand, String> {
    let mut game = DataGame::Chess;
    let mut target = Target::Unlimited;
    let mut nodes = DEFAULT_NODES;
    let mut random_plies = None;
    let mut book = None;
    let mut frc = false;
    let mut threads = 1;
    let mut hash_mb = 16;
    let mut seed = seed_if_unset;
    let mut out = None;
    let mut evalfile = None;
    let mut stats = None;
    let mut pgns = Vec::new();
    let mut record_files = Vec::new();
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        match flag.as_str() {
            "--game" => {
                game = match iter.next().map(String::as_str) {
                    Some("chess") => DataGame::Chess,
                    Some("draughts") => DataGame::Draughts,
                    Some(other) => return Err(format!("unknown game {other:?} (chess, draughts)")),
                    None => return Err("--game needs a value".into()),
                }
            }
            "--games" => target = Target::Games(number(flag, iter.next())?),
            "--positions" => target = Target::Positions(number(flag, iter.next())?),
            "--nodes" => nodes = number(flag, iter.next())?,
            "--plies" => random_plies = Some(number(flag, iter.next())?),
            "--book" => book = Some(PathBuf::from(iter.next().ok_or("--book needs a file")?)),
            "--frc" => frc = true,
            "--threads" => threads = number(flag, iter.next())?,
            "--hash" => hash_mb = number(flag, iter.next())?,
            "--seed" => seed = number(flag, iter.next())?,
            "--out" => out = Some(PathBuf::from(iter.next().ok_or("--out needs a file")?)),
            "--evalfile" => {
                evalfile = Some(PathBuf::from(iter.next().ok_or("--evalfile needs a file")?));
            }
            "--stats" => stats = Some(PathBuf::from(iter.next().ok_or("--stats needs a file")?)),
            "--from-pgn" => pgns.push(PathBuf::from(iter.next().ok_or("--from-pgn needs a file")?)),
            "--from-records" => record_files.push(PathBuf::from(
                iter.next().ok_or("--from-records needs a file")?,
            )),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if let Some(path) = stats {
        return Ok(DatagenCommand::Stats { game, path });
    }
    if !pgns.is_empty() {
        let out = out.ok_or("--from-pgn needs --out")?;
        return Ok(DatagenCommand::FromPgn { inputs: pgns, out });
    }
    if !record_files.is_empty() {
        let out = out.ok_or("--from-records needs --out")?;
        return Ok(DatagenCommand::FromRecords {
            game,
            inputs: record_files,
            out,
        });
    }
    if nodes == 0 || threads == 0 || !(1..=65536).contains(&hash_mb) {
        return Err("--nodes and --threads must be at least 1, --hash 1..65536".into());
    }
    if book.is_some() && frc {
        return Err("--book and --frc exclude each other".into());
    }
    if frc && game != DataGame::Chess {
        return Err("--frc is for chess".into());
    }
    let random_plies = random_plies.unwrap_or(if book.is_some() {
        0
    } else {
        DEFAULT_RANDOM_PLIES
    });
    let out = out.unwrap_or_else(|| match game {
        DataGame::Chess => PathBuf::from("target/datagen/chess.games"),
        DataGame::Draughts => PathBuf::from("target/datagen/draughts.games"),
    });
    Ok(DatagenCommand::Generate(GenerateOptions {
        game,
        target,
        nodes,
        random_plies,
        book,
        frc,
        threads,
        hash_mb,
        seed,
        out,
        evalfile,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn defaults_and_flags() {
        let DatagenCommand::Generate(o) = parse_datagen_args(&[], 9).unwrap() else {
            panic!("expected a run");
        };
        assert_eq!(
            (o.nodes, o.random_plies, o.threads, o.seed),
            (5000, 8, 1, 9)
        );
        assert_eq!(o.target, Target::Unlimited);
        let DatagenCommand::Generate(o) = parse_datagen_args(
            &args("--games 10 --nodes 800 --threads 2 --seed 3 --frc"),
            9,
        )
        .unwrap() else {
            panic!("expected a run");
        };
        assert_eq!(
            (o.target, o.nodes, o.threads, o.seed),
            (Target::Games(10), 800, 2, 3)
        );
        assert!(o.frc);
        let DatagenCommand::Generate(o) = parse_datagen_args(&args("--book b.pgn"), 9).unwrap()
        else {
            panic!("expected a run");
        };
        assert_eq!(o.random_plies, 0);
        assert_eq!(o.evalfile, None);
        let DatagenCommand::Generate(o) =
            parse_datagen_args(&args("--evalfile nets/x.nnue"), 9).unwrap()
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
            assert!(parse_datagen_args(&args(bad), 1).is_err(), "{bad}");
        }
        assert!(matches!(
            parse_datagen_args(&args("--stats x.bin"), 1),
            Ok(DatagenCommand::Stats { .. })
        ));
        assert!(parse_datagen_args(&args("--from-pgn g.pgn"), 1).is_err());
        assert!(matches!(
            parse_datagen_args(&args("--from-pgn g.pgn --from-pgn h.pgn --out d.bin"), 1),
            Ok(DatagenCommand::FromPgn { inputs, .. }) if inputs.len() == 2
        ));
        assert!(parse_datagen_args(&args("--from-records r.bin"), 1).is_err());
        assert_eq!(
            parse_datagen_args(
                &args("--game draughts --from-records r.bin --out d.games"),
                1
            ),
            Ok(DatagenCommand::FromRecords {
                game: DataGame::Draughts,
                inputs: vec![PathBuf::from("r.bin")],
                out: PathBuf::from("d.games"),
            })
        );
    }
}
