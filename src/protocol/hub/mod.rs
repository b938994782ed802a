//! The Hub protocol (international draughts over stdin/stdout, see `docs/protocols/hub.md`).
//!
//! Lines are split into tokens ([`tokenize`]), tokens into typed commands ([`command`]),
//! engine parameters are declared in one table ([`param`]), search limits come from
//! `level` ([`level`]) and every line we print is built in [`output`]. The session loop
//! ([`session`]) owns the game and its search, one [`backend`] value, and only glues these
//! together; its command-line flags are in [`args`].

pub mod args;
pub mod backend;
pub mod command;
pub mod error;
pub mod level;
pub mod output;
pub mod param;
pub mod session;
pub mod tokenize;

pub use command::{parse_command, GoMode, HubCommand};
pub use error::HubError;
pub use level::LevelCommand;
pub use param::{param_lines, parse_param, ParamChange};
