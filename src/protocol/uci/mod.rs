//! The UCI front end: commands parsed from text, engine options, the clock conversion for
//! the search, every line the engine prints, and the session that ties them to the chess
//! rules and the search.
//!
//! Only [`session`], [`setup`], `board_text` and `option_effects` know a chess position or a
//! search thread; the session loop matches on [`UciCommand`] and prints through [`output`],
//! so each other piece is tested on its own without a game. The contract with that loop:
//! - [`UciCommand::Empty`] is ignored silently; any [`UciError`] is printed with
//!   [`output::info_string`] and otherwise ignored;
//! - except [`UciError::BadGo`]: every `go` must get exactly one `bestmove`, so the session
//!   searches with the `recovered` parameters (a bare `go`, i.e. until `stop`, when nothing
//!   parsed) after reporting the error;
//! - FEN text and move strings are validated by the chess rules when applied.

mod board_text;
mod command;
mod error;
mod go;
mod option_effects;
mod options;
pub mod output;
mod perft_job;
mod position;
pub mod session;
mod settings;
pub mod setup;
mod strength;
#[cfg(feature = "tune")]
mod tuning;
mod wdl;

pub use command::{parse_command, UciCommand};
pub use error::UciError;
pub use go::GoCommand;
pub use go::MAX_DEPTH;
pub use option_effects::{Change, Effect, Reply};
pub use options::{option_lines, parse_option, OptionKind, OptionValue, SetOption, UciOption};
pub use position::{PositionCommand, PositionStart};
pub use session::{run, run_script, Session};
pub use settings::{EngineSettings, OPTIONS};
pub use wdl::{Wdl, START_MATERIAL};
