//! `tvilling dxp ...`: the command line that picks the role (follower or initiator) and its
//! terms, checked before any socket is opened.

use std::fmt;
use std::net::TcpListener;
use std::path::PathBuf;

use super::initiator::{play_match, InitiatorError, MatchTerms};
use super::server::serve;
use crate::draughts::egdb::{default_egdb_dir, set_up_tables, GENERATE_UP_TO, MAX_DB_PIECES};
use crate::draughts::nnue::DRAUGHTS_NETWORK;
use crate::draughts::Color;
use crate::engine::Searcher;
use crate::nnue::NetworkFileError;
use crate::protocol::hub::param::DEFAULT_HASH_MB;

/// Where the follower listens unless told otherwise (DXP's usual port, loopback only).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:27531";

/// Usage text shown with every command-line error.
pub const USAGE: &str =
    "usage: tvilling dxp [--listen ADDR:PORT] [--hash MB] [--threads N] [--egdb DIR] [--egdb-pieces N] \
     [--evalfile NET] [--nnue true|false]\n       \
     tvilling dxp --connect HOST:PORT --color white|black --time MINUTES --moves N [--games N] \
     [--hash MB] [--threads N] [--egdb DIR] [--egdb-pieces N] [--evalfile NET] [--nnue true|false]";

/// Largest transposition table `--hash` accepts, in MB (as the Hub `hash` parameter).
const MAX_HASH_MB: usize = 65536;

/// Most search threads `--threads` accepts (as the Hub `threads` parameter).
const MAX_THREADS: usize = 256;

/// Everything `tvilling dxp` was asked for: the role and the engine's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpArgs {
    /// Follower or initiator, with its terms.
    pub role: DxpRole,
    /// Transposition table size in MB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Where the endgame tables are (made there when missing).
    pub egdb_dir: PathBuf,
    /// Tables of up to this many pieces are used (0: none).
    pub egdb_pieces: u32,
    /// A draughts evaluation network to play with instead of the embedded one.
    pub evalfile: Option<PathBuf>,
    /// Whether a network evaluates (false: the hand-written evaluation).
    pub nnue: bool,
}

/// The role asked for on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DxpRole {
    /// Listen and follow.
    Follower {
        /// `ADDR:PORT` to listen on.
        listen: String,
    },
    /// Connect and initiate.
    Initiator(MatchTerms),
}

/// Why `tvilling dxp` could not run.
#[derive(Debug)]
pub enum DxpCliError {
    /// The arguments are wrong; holds what is wrong.
    Usage(String),
    /// The listening socket could not be opened.
    Listen(String, std::io::Error),
    /// The initiator's match failed.
    Match(InitiatorError),
    /// The `--evalfile` network cannot be used.
    Network(NetworkFileError),
}

impl fmt::Display for DxpCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(reason) => write!(f, "{reason}\n{USAGE}"),
            Self::Listen(address, error) => write!(f, "cannot listen on {address}: {error}"),
            Self::Match(error) => write!(f, "dxp: {error}"),
            Self::Network(error) => write!(f, "--evalfile: {error}"),
        }
    }
}

impl std::error::Error for DxpCliError {}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, DxpCliError> {
    value
        .parse()
        .map_err(|_| DxpCliError::Usage(format!("{flag}: '{value}' is not a valid number")))
}

fn in_range(flag: &str, value: &str, max: usize) -> Result<usize, DxpCliError> {
    let n: usize = number(flag, value)?;
    if (1..=max).contains(&n) {
        Ok(n)
    } else {
        Err(DxpCliError::Usage(format!(
            "{flag}: {n} is outside 1..={max}"
        )))
    }
}

/// Reads the arguments after `dxp`.
pub fn parse_args(args: &[String]) -> Result<DxpArgs, DxpCliError> {
    let mut hash_mb = DEFAULT_HASH_MB;
    let mut threads = 1;
    let mut listen = None;
    let mut connect = None;
    let mut color = None;
    let mut minutes = None;
    let mut moves = None;
    let mut games = 1u32;
    let mut egdb_dir = default_egdb_dir();
    let mut egdb_pieces = GENERATE_UP_TO;
    let mut evalfile = None;
    let mut nnue = true;
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| DxpCliError::Usage(format!("{flag} needs a value")))?;
        match flag.as_str() {
            "--listen" => listen = Some(value.clone()),
            "--connect" => connect = Some(value.clone()),
            "--color" | "--colour" => {
                color = Some(match value.as_str() {
                    "white" => Color::White,
                    "black" => Color::Black,
                    _ => {
                        return Err(DxpCliError::Usage(format!(
                            "--color: '{value}' is neither white nor black"
                        )))
                    }
                })
            }
            "--time" => minutes = Some(number::<u16>(flag, value)?.min(999)),
            "--moves" => moves = Some(number::<u16>(flag, value)?.min(999)),
            "--games" => games = number(flag, value)?,
            "--hash" => hash_mb = in_range(flag, value, MAX_HASH_MB)?,
            "--threads" => threads = in_range(flag, value, MAX_THREADS)?,
            "--egdb" => egdb_dir = PathBuf::from(value),
            "--evalfile" => evalfile = Some(PathBuf::from(value)),
            "--nnue" => {
                nnue = match value.as_str() {
                    "true" => true,
                    "false" => false,
                    _ => {
                        return Err(DxpCliError::Usage(format!(
                            "--nnue: '{value}' is neither true nor false"
                        )))
                    }
                }
            }
            "--egdb-pieces" => {
                egdb_pieces = number(flag, value)?;
                if egdb_pieces > MAX_DB_PIECES {
                    return Err(DxpCliError::Usage(format!(
                        "--egdb-pieces: {egdb_pieces} is outside 0..={MAX_DB_PIECES}"
                    )));
                }
            }
            other => return Err(DxpCliError::Usage(format!("unknown option {other}"))),
        }
    }
    let with_size = |role| DxpArgs {
        role,
        hash_mb,
        threads,
        egdb_dir: egdb_dir.clone(),
        egdb_pieces,
        evalfile: evalfile.clone(),
        nnue,
    };
    let Some(address) = connect else {
        if color.is_some() || minutes.is_some() || moves.is_some() {
            return Err(DxpCliError::Usage(
                "--color, --time and --moves need --connect".into(),
            ));
        }
        return Ok(with_size(DxpRole::Follower {
            listen: listen.unwrap_or_else(|| DEFAULT_LISTEN.to_string()),
        }));
    };
    if listen.is_some() {
        return Err(DxpCliError::Usage(
            "--listen and --connect exclude each other".into(),
        ));
    }
    let missing = |name: &str| DxpCliError::Usage(format!("--connect needs {name}"));
    Ok(with_size(DxpRole::Initiator(MatchTerms {
        address,
        ours: color.ok_or_else(|| missing("--color"))?,
        minutes: minutes.ok_or_else(|| missing("--time"))?,
        moves: moves.ok_or_else(|| missing("--moves"))?,
        games,
    })))
}

/// Runs `tvilling dxp` with the arguments after `dxp`.
pub fn run(args: &[String]) -> Result<(), DxpCliError> {
    let parsed = parse_args(args)?;
    DRAUGHTS_NETWORK
        .select(parsed.nnue, parsed.evalfile.as_deref())
        .map_err(DxpCliError::Network)?;
    if let Err(e) = set_up_tables(&parsed.egdb_dir, parsed.egdb_pieces) {
        eprintln!("dxp: endgame tables not used: {e}");
    }
    let mut searcher = Searcher::new();
    searcher.set_hash_mb(parsed.hash_mb);
    searcher.set_threads(parsed.threads);
    match parsed.role {
        DxpRole::Follower { listen } => {
            let listener =
                TcpListener::bind(&listen).map_err(|e| DxpCliError::Listen(listen.clone(), e))?;
            serve(&listener, searcher);
            Ok(())
        }
        DxpRole::Initiator(terms) => play_match(&terms, &mut searcher)
            .map(|_| ())
            .map_err(DxpCliError::Match),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn follower_by_default() {
        assert_eq!(
            parse_args(&[]).unwrap(),
            DxpArgs {
                role: DxpRole::Follower {
                    listen: DEFAULT_LISTEN.into()
                },
                hash_mb: DEFAULT_HASH_MB,
                threads: 1,
                egdb_dir: default_egdb_dir(),
                egdb_pieces: GENERATE_UP_TO,
                evalfile: None,
                nnue: true,
            }
        );
        assert_eq!(
            parse_args(&args("--listen 0.0.0.0:1234")).unwrap().role,
            DxpRole::Follower {
                listen: "0.0.0.0:1234".into()
            }
        );
    }

    #[test]
    fn initiator_needs_its_terms() {
        let role = parse_args(&args(
            "--connect 127.0.0.1:27531 --color black --time 2 --moves 60 --games 3",
        ))
        .unwrap()
        .role;
        assert_eq!(
            role,
            DxpRole::Initiator(MatchTerms {
                address: "127.0.0.1:27531".into(),
                ours: Color::Black,
                minutes: 2,
                moves: 60,
                games: 3,
            })
        );
        for bad in [
            "--connect h:1 --color white --time 1",
            "--connect h:1 --color red --time 1 --moves 2",
            "--connect h:1 --color white --time x --moves 2",
            "--connect h:1 --listen h:2 --color white --time 1 --moves 2",
            "--color white",
            "--listen",
            "--fast 1",
            "--hash 0",
            "--threads 257",
            "--threads many",
            "--egdb-pieces 6",
            "--egdb-pieces x",
            "--nnue maybe",
        ] {
            assert!(
                matches!(parse_args(&args(bad)), Err(DxpCliError::Usage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn engine_size_flags_go_with_either_role() {
        let follower = parse_args(&args(
            "--hash 128 --threads 2 --egdb /t --egdb-pieces 0 --evalfile n --nnue false",
        ))
        .unwrap();
        assert_eq!((follower.hash_mb, follower.threads), (128, 2));
        assert_eq!(
            (follower.egdb_dir, follower.egdb_pieces),
            (PathBuf::from("/t"), 0)
        );
        assert_eq!(follower.evalfile, Some(PathBuf::from("n")));
        assert!(!follower.nnue);
        let initiator = parse_args(&args(
            "--threads 4 --connect h:1 --color white --time 1 --moves 2 --hash 1",
        ))
        .unwrap();
        assert_eq!((initiator.hash_mb, initiator.threads), (1, 4));
    }
}
