//! `tvilling dxp ...`: the command line that picks the role (follower or initiator) and its
//! terms, checked before any socket is opened.

use std::fmt;
use std::net::TcpListener;

use super::follower::serve;
use super::initiator::{play_match, InitiatorError, MatchTerms};
use crate::draughts::Color;
use crate::engine::Searcher;

/// Where the follower listens unless told otherwise (DXP's usual port, loopback only).
pub const DEFAULT_LISTEN: &str = "127.0.0.1:27531";

/// Usage text shown with every command-line error.
pub const USAGE: &str = "usage: tvilling dxp [--listen ADDR:PORT]\n       \
     tvilling dxp --connect HOST:PORT --color white|black --time MINUTES --moves N [--games N]";

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
}

impl fmt::Display for DxpCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(reason) => write!(f, "{reason}\n{USAGE}"),
            Self::Listen(address, error) => write!(f, "cannot listen on {address}: {error}"),
            Self::Match(error) => write!(f, "dxp: {error}"),
        }
    }
}

impl std::error::Error for DxpCliError {}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, DxpCliError> {
    value
        .parse()
        .map_err(|_| DxpCliError::Usage(format!("{flag}: '{value}' is not a valid number")))
}

/// Reads the arguments after `dxp`.
pub fn parse_args(args: &[String]) -> Result<DxpRole, DxpCliError> {
    let mut listen = None;
    let mut connect = None;
    let mut color = None;
    let mut minutes = None;
    let mut moves = None;
    let mut games = 1u32;
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
            other => return Err(DxpCliError::Usage(format!("unknown option {other}"))),
        }
    }
    let Some(address) = connect else {
        if color.is_some() || minutes.is_some() || moves.is_some() {
            return Err(DxpCliError::Usage(
                "--color, --time and --moves need --connect".into(),
            ));
        }
        return Ok(DxpRole::Follower {
            listen: listen.unwrap_or_else(|| DEFAULT_LISTEN.to_string()),
        });
    };
    if listen.is_some() {
        return Err(DxpCliError::Usage(
            "--listen and --connect exclude each other".into(),
        ));
    }
    let missing = |name: &str| DxpCliError::Usage(format!("--connect needs {name}"));
    Ok(DxpRole::Initiator(MatchTerms {
        address,
        ours: color.ok_or_else(|| missing("--color"))?,
        minutes: minutes.ok_or_else(|| missing("--time"))?,
        moves: moves.ok_or_else(|| missing("--moves"))?,
        games,
    }))
}

/// Runs `tvilling dxp` with the arguments after `dxp`.
pub fn run(args: &[String]) -> Result<(), DxpCliError> {
    let role = parse_args(args)?;
    let mut searcher = Searcher::new();
    match role {
        DxpRole::Follower { listen } => {
            let listener =
                TcpListener::bind(&listen).map_err(|e| DxpCliError::Listen(listen.clone(), e))?;
            serve(&listener, &mut searcher);
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
            DxpRole::Follower {
                listen: DEFAULT_LISTEN.into()
            }
        );
        assert_eq!(
            parse_args(&args("--listen 0.0.0.0:1234")).unwrap(),
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
        .unwrap();
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
        ] {
            assert!(
                matches!(parse_args(&args(bad)), Err(DxpCliError::Usage(_))),
                "{bad}"
            );
        }
    }
}
