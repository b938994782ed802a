//! `tvilling dxp ...`: the command line that picks the role (follower or initiator) and its
//! terms, checked before any socket is opened.

use std::net::TcpListener;

use clap::builder::{PossibleValuesParser, TypedValueParser};

use super::initiator::{play_match, InitiatorError, MatchTerms};
use super::player::Player;
use super::server::serve;
use crate::draughts::nnue::DRAUGHTS_NETWORK;
use crate::draughts::Color;
use crate::engine::Searcher;
use crate::protocol::draughts_settings::{DraughtsSettings, SettingError};
use crate::rng::clock_seed;

/// Where the follower listens unless told otherwise (DXP's usual port, loopback only).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:27531";

/// The command line of `tvilling dxp`: follow (listen, the default) or, with `--connect`,
/// initiate a match on the terms given; the engine's settings as Hub's parameters.
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
    /// The engine's settings (the Hub parameters of the same names).
    #[command(flatten)]
    pub settings: DraughtsSettings,
}

impl DxpArgs {
    /// The role the flags ask for.
    pub fn role(&self) -> DxpRole {
        // clap lets --color, --time and --moves come only with --connect, and all three
        // with it.
        match (&self.connect, self.color, self.time, self.moves) {
            (Some(address), Some(ours), Some(minutes), Some(moves)) => {
                DxpRole::Initiator(MatchTerms {
                    address: address.clone(),
                    ours,
                    minutes: minutes.min(999),
                    moves: moves.min(999),
                    games: self.games,
                })
            }
            _ => DxpRole::Follower {
                listen: self
                    .listen
                    .clone()
                    .unwrap_or_else(|| DEFAULT_LISTEN.to_string()),
            },
        }
    }
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
#[derive(Debug, thiserror::Error)]
pub enum DxpCliError {
    /// The listening socket could not be opened.
    #[error("cannot listen on {0}: {1}")]
    Listen(String, #[source] std::io::Error),
    /// The initiator's match failed.
    #[error("dxp: {0}")]
    Match(#[from] InitiatorError),
    /// The network or the book the settings name cannot be used.
    #[error(transparent)]
    Setting(#[from] SettingError),
}

/// Runs `tvilling dxp` as its flags say.
pub fn run(args: DxpArgs) -> Result<(), DxpCliError> {
    let settings = &args.settings;
    settings.select_network(&DRAUGHTS_NETWORK)?;
    let book = if settings.book {
        Some(settings.read_book()?)
    } else {
        None
    };
    if let Err(e) = settings.set_up_tables() {
        eprintln!("dxp: endgame tables not used: {e}");
    }
    let mut searcher = Searcher::new();
    searcher.set_hash_mb(settings.hash);
    searcher.set_threads(settings.threads);
    let mut player = Player::new(searcher, book, clock_seed());
    match args.role() {
        DxpRole::Follower { listen } => {
            let listener =
                TcpListener::bind(&listen).map_err(|e| DxpCliError::Listen(listen.clone(), e))?;
            serve(&listener, player);
            Ok(())
        }
        DxpRole::Initiator(terms) => Ok(play_match(&terms, &mut player).map(|_| ())?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_args(line: &str) -> Result<DxpArgs, clap::Error> {
        DxpArgs::try_parse_from(std::iter::once("dxp").chain(line.split_whitespace()))
    }

    #[test]
    fn follower_by_default() {
        let args = parse_args("").unwrap();
        assert_eq!(
            args.role(),
            DxpRole::Follower {
                listen: DEFAULT_LISTEN.into()
            }
        );
        assert_eq!(args.settings, DraughtsSettings::default());
        assert_eq!(
            parse_args("--listen 0.0.0.0:1234").unwrap().role(),
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
                .role();
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
            "--variant russian",
            "--ponder true",
        ] {
            assert!(parse_args(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_settings_go_with_either_role() {
        let follower = parse_args(
            "--hash 128 --threads 2 --egdb-dir /t --egdb-pieces 0 --evalfile n --nnue false",
        )
        .unwrap()
        .settings;
        assert_eq!((follower.hash, follower.threads), (128, 2));
        assert_eq!(
            (follower.egdb_dir.as_str(), follower.egdb_pieces),
            ("/t", 0)
        );
        assert_eq!(follower.evalfile, "n");
        assert!(!follower.nnue);
        // The older name of --egdb-dir still works.
        assert_eq!(parse_args("--egdb /u").unwrap().settings.egdb_dir, "/u");
        let booked = parse_args("--book-file b.book").unwrap().settings;
        assert_eq!((booked.book, booked.book_file.as_str()), (true, "b.book"));
        assert!(!parse_args("--book false").unwrap().settings.book);
        let initiator =
            parse_args("--threads 4 --connect h:1 --color white --time 1 --moves 2 --hash 1")
                .unwrap()
                .settings;
        assert_eq!((initiator.hash, initiator.threads), (1, 4));
    }
}
