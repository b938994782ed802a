//! `tvilling dxp ...`: the command line that picks the role (follower or initiator) and its
//! terms, checked before any socket is opened.

use std::fmt;
use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;

use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use clap::ArgAction;

use super::initiator::{play_match, InitiatorError, MatchTerms};
use super::player::Player;
use super::server::serve;
use crate::draughts::book::{embedded, read_file, BookError};
use crate::draughts::egdb::{default_egdb_dir, set_up_tables, GENERATE_UP_TO, MAX_DB_PIECES};
use crate::draughts::nnue::DRAUGHTS_NETWORK;
use crate::draughts::Color;
use crate::engine::Searcher;
use crate::nnue::NetworkFileError;
use crate::protocol::hub::param::DEFAULT_HASH_MB;
use crate::rng::clock_seed;

/// Where the follower listens unless told otherwise (DXP's usual port, loopback only).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:27531";

/// Largest transposition table `--hash` accepts, in MB (as the Hub `hash` parameter).
const MAX_HASH_MB: i64 = 65536;

/// Most search threads `--threads` accepts (as the Hub `threads` parameter).
const MAX_THREADS: i64 = 256;

/// The command line of `tvilling dxp`: follow (listen, the default) or, with `--connect`,
/// initiate a match on the terms given.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Clone, Debug)]
pub struct DxpArgs {
    /// Listen on ADDR:PORT and follow [default: 127.0.0.1:27531].
    #[arg(long, value_name = "ADDR:PORT", conflicts_with = "connect")]
    pub listen: Option<String>,
    /// Connect to HOST:PORT and initiate a match.
    #[arg(long, value_name = "HOST:PORT", requires_all = ["color", "time", "moves"])]
    pub connect: Option<String>,
    /// Our colour in the initiator's first game; the colours alternate game by game.
    #[arg(long, alias = "colour", requires = "connect",
          value_parser = PossibleValuesParser::new(["white", "black"])
              .map(|c| if c == "white" { Color::White } else { Color::Black }))]
    pub color: Option<Color>,
    /// Minutes on each side's clock (at most 999).
    #[arg(long, value_name = "MINUTES", requires = "connect")]
    pub time: Option<u16>,
    /// Moves in the time control (at most 999).
    #[arg(long, value_name = "N", requires = "connect")]
    pub moves: Option<u16>,
    /// Games in the initiator's match.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub games: u32,
    /// Transposition table size in MB.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_HASH_MB as u64))]
    pub hash: usize,
    /// Search threads.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..=MAX_THREADS as u64))]
    pub threads: usize,
    /// Where the endgame tables are, made there when missing [default: $TVILLING_EGDB, else
    /// the user's data directory].
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<PathBuf>,
    /// Use endgame tables of up to N pieces (0: none).
    #[arg(long, value_name = "N", default_value_t = GENERATE_UP_TO,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DB_PIECES)))]
    pub egdb_pieces: u32,
    /// A draughts evaluation network to play with instead of the embedded one.
    #[arg(long, value_name = "NET")]
    pub evalfile: Option<PathBuf>,
    /// Whether a network evaluates (false: the hand-written evaluation).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = ArgAction::Set)]
    pub nnue: bool,
    /// Whether moves come from the opening book while the game is in it (false: every
    /// move is searched).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = ArgAction::Set)]
    pub book: bool,
    /// An opening book to play from instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    pub book_file: Option<PathBuf>,
}

impl DxpArgs {
    /// The role and the engine's size the flags ask for.
    pub fn setup(self) -> DxpSetup {
        // clap lets --color, --time and --moves come only with --connect, and all three
        // with it.
        let role = match (self.connect, self.color, self.time, self.moves) {
            (Some(address), Some(ours), Some(minutes), Some(moves)) => {
                DxpRole::Initiator(MatchTerms {
                    address,
                    ours,
                    minutes: minutes.min(999),
                    moves: moves.min(999),
                    games: self.games,
                })
            }
            _ => DxpRole::Follower {
                listen: self.listen.unwrap_or_else(|| DEFAULT_LISTEN.to_string()),
            },
        };
        DxpSetup {
            role,
            hash_mb: self.hash,
            threads: self.threads,
            egdb_dir: self.egdb.unwrap_or_else(default_egdb_dir),
            egdb_pieces: self.egdb_pieces,
            evalfile: self.evalfile,
            nnue: self.nnue,
            book: self.book,
            book_file: self.book_file,
        }
    }
}

/// Everything `tvilling dxp` was asked for: the role and the engine's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DxpSetup {
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
    /// Whether moves come from the opening book while the game is in it.
    pub book: bool,
    /// An opening book to play from instead of the embedded one.
    pub book_file: Option<PathBuf>,
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
    /// The listening socket could not be opened.
    Listen(String, std::io::Error),
    /// The initiator's match failed.
    Match(InitiatorError),
    /// The `--evalfile` network cannot be used.
    Network(NetworkFileError),
    /// The `--book-file` book cannot be used.
    Book(BookError),
}

impl fmt::Display for DxpCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Listen(address, error) => write!(f, "cannot listen on {address}: {error}"),
            Self::Match(error) => write!(f, "dxp: {error}"),
            Self::Network(error) => write!(f, "--evalfile: {error}"),
            Self::Book(error) => write!(f, "--book-file: {error}"),
        }
    }
}

impl std::error::Error for DxpCliError {}

/// Runs `tvilling dxp` as its flags say.
pub fn run(args: DxpArgs) -> Result<(), DxpCliError> {
    let parsed = args.setup();
    DRAUGHTS_NETWORK
        .select(parsed.nnue, parsed.evalfile.as_deref())
        .map_err(DxpCliError::Network)?;
    let book = match (parsed.book, &parsed.book_file) {
        (false, _) => None,
        (true, Some(path)) => Some(read_file(path).map(Arc::new).map_err(DxpCliError::Book)?),
        (true, None) => Some(embedded().map_err(DxpCliError::Book)?),
    };
    if let Err(e) = set_up_tables(&parsed.egdb_dir, parsed.egdb_pieces) {
        eprintln!("dxp: endgame tables not used: {e}");
    }
    let mut searcher = Searcher::new();
    searcher.set_hash_mb(parsed.hash_mb);
    searcher.set_threads(parsed.threads);
    let mut player = Player::new(searcher, book, clock_seed());
    match parsed.role {
        DxpRole::Follower { listen } => {
            let listener =
                TcpListener::bind(&listen).map_err(|e| DxpCliError::Listen(listen.clone(), e))?;
            serve(&listener, player);
            Ok(())
        }
        DxpRole::Initiator(terms) => play_match(&terms, &mut player)
            .map(|_| ())
            .map_err(DxpCliError::Match),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_args(line: &str) -> Result<DxpSetup, clap::Error> {
        DxpArgs::try_parse_from(std::iter::once("dxp").chain(line.split_whitespace()))
            .map(DxpArgs::setup)
    }

    #[test]
    fn follower_by_default() {
        assert_eq!(
            parse_args("").unwrap(),
            DxpSetup {
                role: DxpRole::Follower {
                    listen: DEFAULT_LISTEN.into()
                },
                hash_mb: DEFAULT_HASH_MB,
                threads: 1,
                egdb_dir: default_egdb_dir(),
                egdb_pieces: GENERATE_UP_TO,
                evalfile: None,
                nnue: true,
                book: true,
                book_file: None,
            }
        );
        assert_eq!(
            parse_args("--listen 0.0.0.0:1234").unwrap().role,
            DxpRole::Follower {
                listen: "0.0.0.0:1234".into()
            }
        );
    }

    #[test]
    fn initiator_needs_its_terms() {
        let role =
            parse_args("--connect 127.0.0.1:27531 --color black --time 2 --moves 60 --games 3")
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
            "--book",
            "--book maybe",
            "--book-file",
        ] {
            assert!(parse_args(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_size_flags_go_with_either_role() {
        let follower = parse_args(
            "--hash 128 --threads 2 --egdb /t --egdb-pieces 0 --evalfile n --nnue false",
        )
        .unwrap();
        assert_eq!((follower.hash_mb, follower.threads), (128, 2));
        assert_eq!(
            (follower.egdb_dir, follower.egdb_pieces),
            (PathBuf::from("/t"), 0)
        );
        assert_eq!(follower.evalfile, Some(PathBuf::from("n")));
        assert!(!follower.nnue);
        let booked = parse_args("--book-file b.book").unwrap();
        assert_eq!(
            (booked.book, booked.book_file),
            (true, Some(PathBuf::from("b.book")))
        );
        assert!(!parse_args("--book false").unwrap().book);
        let initiator =
            parse_args("--threads 4 --connect h:1 --color white --time 1 --moves 2 --hash 1")
                .unwrap();
        assert_eq!((initiator.hash_mb, initiator.threads), (1, 4));
    }
}
