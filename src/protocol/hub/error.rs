//! Everything that can be wrong with a line a Hub GUI sends us.
//!
//! One enum for the tokenizer, the command parser and the parameter table, because the
//! session answers all of them the same way: `error message="<Display>"`.

/// A Hub line that could not be understood; `Display` is the text for `error message=`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HubError {
    /// The line holds no command (Scan: "missing command").
    #[error("missing command")]
    MissingCommand,
    /// The command word is not a Hub command (Scan: "bad command").
    #[error("bad command")]
    BadCommand(String),
    /// A double-quoted value of the argument `name` has no closing quote.
    #[error("unterminated quoted value for {name}")]
    UnterminatedQuote {
        /// The argument whose value is open.
        name: String,
    },
    /// `name=` is followed by nothing.
    #[error("missing value after {name}")]
    MissingValue {
        /// The argument with no value.
        name: String,
    },
    /// A `=` with no name before it.
    #[error("missing name before value")]
    MissingName,
    /// A character that may not appear where it was found (a `"` in a name, a `=` or `"`
    /// inside a bare value, text glued to a closing quote).
    #[error("unexpected character '{ch}' {context}")]
    UnexpectedChar {
        /// The character.
        ch: char,
        /// Where it was found, for the message.
        context: String,
    },
    /// A command lacks a field it needs.
    #[error("{command}: missing field {field}")]
    MissingField {
        /// The command word.
        command: &'static str,
        /// The field it needs.
        field: &'static str,
    },
    /// A field's value has the wrong syntax or is out of range.
    #[error("bad value '{value}' for {field}: expected {expected}")]
    BadValue {
        /// The field's name.
        field: String,
        /// The value as given.
        value: String,
        /// What the field accepts, for the message.
        expected: String,
    },
    /// `go` without `think`, `ponder` or `analyze`: the first other word, if any.
    #[error("go: {}: expected think, ponder or analyze", match .0 {
        Some(mode) => format!("unknown mode '{mode}'"),
        None => "missing mode".to_string(),
    })]
    BadGoMode(Option<String>),
}

impl HubError {
    /// `value` is no value of `field`, which accepts what `expected` says.
    pub fn bad_value(field: &str, value: &str, expected: impl Into<String>) -> Self {
        Self::BadValue {
            field: field.to_string(),
            value: value.to_string(),
            expected: expected.into(),
        }
    }
}
