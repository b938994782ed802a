//! The one error type of the UCI front end: every malformed line or option becomes a value
//! whose `Display` is a message fit for an `info string`, never a panic.
//!
//! A bad `go` carries the parameters that did parse, because every `go` must be answered by
//! exactly one `bestmove`: the session can still search with what it understood instead of
//! leaving a GUI waiting for a move that never comes.

use super::go::GoCommand;

/// The longest piece of user input an error message repeats; a 100 KB garbage line must not
/// come back as a 100 KB `info string`.
const MAX_ECHO_CHARS: usize = 60;

/// Why a UCI line or option could not be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// The first word names no command we know.
    #[error("unknown command: {}", echo(.0))]
    UnknownCommand(String),
    /// A known command whose arguments are missing or malformed.
    #[error("{command}: {reason}")]
    BadArguments {
        /// The command word, e.g. `position`.
        command: &'static str,
        /// What is wrong, for the user.
        reason: String,
    },
    /// A `go` with a missing, non-numeric or unknown parameter.
    #[error("go: {reason}")]
    BadGo {
        /// What is wrong, for the user.
        reason: String,
        /// Every parameter that did parse; the session may search with it.
        recovered: Box<GoCommand>,
    },
    /// `setoption` named an option we do not declare.
    #[error("unknown option: {}", echo(.0))]
    UnknownOption(String),
    /// `setoption` gave a known option a value it cannot take; the old value stays.
    #[error("option {option}: {reason}; value unchanged")]
    BadOptionValue {
        /// The option's declared name.
        option: &'static str,
        /// What is wrong, for the user.
        reason: String,
    },
}

impl UciError {
    /// `command`'s arguments are missing or malformed, as `reason` says.
    pub(crate) fn bad_arguments(command: &'static str, reason: impl Into<String>) -> Self {
        Self::BadArguments {
            command,
            reason: reason.into(),
        }
    }
}

/// Shortens user input for an error message, cutting on a character boundary.
pub(crate) fn echo(text: &str) -> String {
    if text.chars().count() <= MAX_ECHO_CHARS {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX_ECHO_CHARS).collect();
        format!("{head}... ({} bytes)", text.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_shortened_in_messages() {
        let line = "x".repeat(100_000);
        let message = UciError::UnknownCommand(line).to_string();
        assert!(message.len() < 200, "{}", message.len());
        assert!(message.starts_with("unknown command: xxx"));
        assert!(message.ends_with("(100000 bytes)"));
    }

    #[test]
    fn short_input_is_echoed_whole() {
        let message = UciError::UnknownCommand("foobar 1 2 3".into()).to_string();
        assert_eq!(message, "unknown command: foobar 1 2 3");
    }

    #[test]
    fn cutting_respects_multibyte_characters() {
        let line = "é".repeat(100);
        assert!(echo(&line).starts_with(&"é".repeat(60)));
    }
}
