//! The Hub protocol (international draughts over stdin/stdout, see `docs/protocols/hub.md`).
//!
//! Lines are split into tokens ([`tokenize`]), tokens into typed commands ([`command`]),
//! search limits come from `level` ([`level`]) and every line we print is built in
//! [`output`]. The parameters, and the command line that starts them, are the draughts
//! settings' one table ([`crate::protocol::draughts_settings`]). The session loop
//! ([`session`]) owns the game and its search, one [`backend`] value, and only glues these
//! together.

pub mod backend;
pub mod command;
pub mod error;
pub mod level;
pub mod output;
pub mod session;
pub mod tokenize;

pub use command::{parse_command, GoMode, HubCommand};
pub use error::HubError;
pub use level::LevelCommand;
