//! Splits one Hub line into its command word and its `name=value` pairs and bare flags.
//!
//! The grammar is Scan's: a name is a run of printable characters other than blank, `=` and
//! `"`; a value is either such a run or a double-quoted string without escapes (`""` is the
//! empty value). Kept apart from the command parser so that the same tokens serve every
//! command and unknown names can be skipped without understanding them.

use super::error::HubError;

/// One argument after the command word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// `name=value` (the value unquoted).
    Pair {
        /// The text before `=`.
        name: String,
        /// The text after `=`, quotes removed.
        value: String,
    },
    /// A bare name such as `think` in `go think`.
    Flag(String),
}

/// A tokenized line: the command word and its arguments in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tokens {
    /// The first word of the line.
    pub command: String,
    /// Everything after the command word.
    pub args: Vec<Arg>,
}

impl Tokens {
    /// The value of the first pair called `name`, if any.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.args.iter().find_map(|arg| match arg {
            Arg::Pair { name: n, value } if n == name => Some(value.as_str()),
            _ => None,
        })
    }

    /// Whether the bare flag `name` is present.
    pub fn has_flag(&self, name: &str) -> bool {
        self.args
            .iter()
            .any(|arg| matches!(arg, Arg::Flag(f) if f == name))
    }

    /// The first bare flag, if any.
    pub fn first_flag(&self) -> Option<&str> {
        self.args.iter().find_map(|arg| match arg {
            Arg::Flag(f) => Some(f.as_str()),
            Arg::Pair { .. } => None,
        })
    }
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_word_char(c: char) -> bool {
    !is_blank(c) && !c.is_control() && c != '=' && c != '"'
}

/// Splits `line` (with or without its `\n` / `\r\n`) into tokens.
pub fn tokenize(line: &str) -> Result<Tokens, HubError> {
    let mut rest = line
        .trim_end_matches(['\n', '\r'])
        .trim_start_matches(is_blank);
    if rest.is_empty() {
        return Err(HubError::MissingCommand);
    }
    let command = take_word(&mut rest);
    if command.is_empty() {
        return Err(unexpected(rest, "at the start of the line"));
    }
    ends_here(rest, "after the command word")?;
    let mut args = Vec::new();
    loop {
        rest = rest.trim_start_matches(is_blank);
        if rest.is_empty() {
            return Ok(Tokens { command, args });
        }
        if rest.starts_with('=') {
            return Err(HubError::MissingName);
        }
        let name = take_word(&mut rest);
        if name.is_empty() {
            return Err(unexpected(rest, "where a name was expected"));
        }
        let Some(after) = rest.strip_prefix('=') else {
            ends_here(rest, &format!("after {name}"))?;
            args.push(Arg::Flag(name));
            continue;
        };
        rest = after;
        let value = match rest.chars().next() {
            None | Some(' ' | '\t') => return Err(HubError::MissingValue { name }),
            Some('"') => {
                let Some((value, after)) = rest[1..].split_once('"') else {
                    return Err(HubError::UnterminatedQuote { name });
                };
                rest = after;
                value.to_string()
            }
            Some(_) => take_word(&mut rest),
        };
        ends_here(rest, &format!("in the value of {name}"))?;
        args.push(Arg::Pair { name, value });
    }
}

/// The run of word characters `rest` starts with, which it then no longer holds.
fn take_word(rest: &mut &str) -> String {
    let end = rest.find(|c| !is_word_char(c)).unwrap_or(rest.len());
    let (word, after) = rest.split_at(end);
    *rest = after;
    word.to_string()
}

/// A token ends at a blank or at the end of the line: anything else after it is an error.
fn ends_here(rest: &str, context: &str) -> Result<(), HubError> {
    match rest.chars().next() {
        Some(c) if !is_blank(c) => Err(unexpected(rest, context)),
        _ => Ok(()),
    }
}

/// The character `rest` starts with, unexpected in `context`.
fn unexpected(rest: &str, context: &str) -> HubError {
    HubError::UnexpectedChar {
        ch: rest.chars().next().unwrap_or(' '),
        context: context.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(name: &str, value: &str) -> Arg {
        Arg::Pair {
            name: name.into(),
            value: value.into(),
        }
    }

    #[test]
    fn splits_command_pairs_and_flags() {
        let t = tokenize("level moves=40 time=57.8312519 infinite\r\n").unwrap();
        assert_eq!(t.command, "level");
        assert_eq!(
            t.args,
            vec![
                pair("moves", "40"),
                pair("time", "57.8312519"),
                Arg::Flag("infinite".into())
            ]
        );
        assert_eq!(t.value("time"), Some("57.8312519"));
        assert!(t.has_flag("infinite"));
        assert_eq!(t.first_flag(), Some("infinite"));
    }

    #[test]
    fn quoted_values_keep_blanks_and_may_be_empty() {
        let t = tokenize("pos pos=Wbbe moves=\"31-27 17-21\"  note=\"\"\tx=\"a=b\"").unwrap();
        assert_eq!(
            t.args,
            vec![
                pair("pos", "Wbbe"),
                pair("moves", "31-27 17-21"),
                pair("note", ""),
                pair("x", "a=b"),
            ]
        );
    }

    #[test]
    fn blank_and_empty_lines_miss_the_command() {
        assert_eq!(tokenize(""), Err(HubError::MissingCommand));
        assert_eq!(tokenize("   \r\n"), Err(HubError::MissingCommand));
    }

    #[test]
    fn leading_blanks_are_skipped() {
        assert_eq!(tokenize("  ping").unwrap().command, "ping");
    }

    #[test]
    fn malformed_lines_are_typed_errors() {
        assert_eq!(
            tokenize("pos moves=\"31-27"),
            Err(HubError::UnterminatedQuote {
                name: "moves".into()
            })
        );
        assert_eq!(
            tokenize("level time="),
            Err(HubError::MissingValue {
                name: "time".into()
            })
        );
        assert_eq!(
            tokenize("level time= 3"),
            Err(HubError::MissingValue {
                name: "time".into()
            })
        );
        assert_eq!(tokenize("level =3"), Err(HubError::MissingName));
        assert!(matches!(
            tokenize("level a=b=c"),
            Err(HubError::UnexpectedChar { ch: '=', .. })
        ));
        assert!(matches!(
            tokenize("level a=\"b\"c"),
            Err(HubError::UnexpectedChar { ch: 'c', .. })
        ));
        assert!(matches!(
            tokenize("level \"x\""),
            Err(HubError::UnexpectedChar { ch: '"', .. })
        ));
        assert!(matches!(
            tokenize("\"hub\""),
            Err(HubError::UnexpectedChar { ch: '"', .. })
        ));
        assert!(matches!(
            tokenize("go think\u{1}"),
            Err(HubError::UnexpectedChar { ch: '\u{1}', .. })
        ));
        assert!(matches!(
            tokenize("go\"think"),
            Err(HubError::UnexpectedChar { ch: '"', .. })
        ));
    }
}
