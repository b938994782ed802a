//! Everything that can be wrong with a line a Hub GUI sends us.
//!
//! One enum for the tokenizer, the command parser and the parameter table, because the
//! session answers all of them the same way: `error message="<Display>"`.

use std::fmt;

/// A Hub line that could not be understood; `Display` is the text for `error message=`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubError {
    /// The line holds no command (Scan: "missing command").
    MissingCommand,
    /// The command word is not a Hub command (Scan: "bad command").
    BadCommand(String),
    /// A double-quoted value has no closing quote.
    UnterminatedQuote {
        /// The argument whose value is open.
        name: String,
    },
    /// `name=` is followed by nothing.
    MissingValue {
        /// The argument with no value.
        name: String,
    },
    /// A `=` with no name before it.
    MissingName,
    /// A character that may not appear where it was found (a `"` in a name, a `=` or `"`
    /// inside a bare value, text glued to a closing quote).
    UnexpectedChar {
        /// The character.
        ch: char,
        /// Where it was found, for the message.
        context: String,
    },
    /// A command lacks a field it needs.
    MissingField {
        /// The command word.
        command: &'static str,
        /// The field it needs.
        field: &'static str,
    },
    /// A field's value has the wrong syntax or is out of range.
    BadValue {
        /// The field's name.
        field: String,
        /// The value as given.
        value: String,
        /// What the field accepts, for the message.
        expected: String,
    },
    /// `go` without `think`, `ponder` or `analyze`.
    BadGoMode(Option<String>),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingCommand => write!(f, "missing command"),
            Self::BadCommand(_) => write!(f, "bad command"),
            Self::UnterminatedQuote { name } => {
                write!(f, "unterminated quoted value for {name}")
            }
            Self::MissingValue { name } => write!(f, "missing value after {name}"),
            Self::MissingName => write!(f, "missing name before value"),
            Self::UnexpectedChar { ch, context } => {
                write!(f, "unexpected character '{ch}' {context}")
            }
            Self::MissingField { command, field } => {
                write!(f, "{command}: missing field {field}")
            }
            Self::BadValue {
                field,
                value,
                expected,
            } => write!(f, "bad value '{value}' for {field}: expected {expected}"),
            Self::BadGoMode(Some(mode)) => {
                write!(
                    f,
                    "go: unknown mode '{mode}': expected think, ponder or analyze"
                )
            }
            Self::BadGoMode(None) => {
                write!(f, "go: missing mode: expected think, ponder or analyze")
            }
        }
    }
}

impl std::error::Error for HubError {}
