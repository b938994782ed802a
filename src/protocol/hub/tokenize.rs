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
    let line = line.trim_end_matches(['\n', '\r']);
    let mut scanner = Scanner { rest: line };
    scanner.skip_blanks();
    if scanner.rest.is_empty() {
        return Err(HubError::MissingCommand);
    }
    let command = scanner.word();
    if command.is_empty() {
        return Err(unexpected(scanner.peek(), "at the start of the line"));
    }
    if let Some(c) = scanner.peek().filter(|&c| !is_blank(c)) {
        return Err(unexpected(Some(c), "after the command word"));
    }
    let mut args = Vec::new();
    loop {
        scanner.skip_blanks();
        let Some(first) = scanner.peek() else { break };
        if first == '=' {
            return Err(HubError::MissingName);
        }
        let name = scanner.word();
        if name.is_empty() {
            return Err(unexpected(Some(first), "where a name was expected"));
        }
        if scanner.peek() != Some('=') {
            if let Some(c) = scanner.peek().filter(|&c| !is_blank(c)) {
                return Err(unexpected(Some(c), &format!("after {name}")));
            }
            args.push(Arg::Flag(name));
            continue;
        }
        scanner.advance(1);
        let value = scanner.value(&name)?;
        args.push(Arg::Pair { name, value });
    }
    Ok(Tokens { command, args })
}

fn unexpected(ch: Option<char>, context: &str) -> HubError {
    HubError::UnexpectedChar {
        ch: ch.unwrap_or(' '),
        context: context.to_string(),
    }
}

/// A cursor over the rest of the line.
struct Scanner<'a> {
    rest: &'a str,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.rest.chars().next()
    }

    fn advance(&mut self, bytes: usize) {
        self.rest = &self.rest[bytes..];
    }

    fn skip_blanks(&mut self) {
        self.rest = self.rest.trim_start_matches(is_blank);
    }

    fn word(&mut self) -> String {
        let end = self
            .rest
            .find(|c| !is_word_char(c))
            .unwrap_or(self.rest.len());
        let word = self.rest[..end].to_string();
        self.advance(end);
        word
    }

    /// The value after `name=`: quoted or bare, followed by a blank or the end of the line.
    fn value(&mut self, name: &str) -> Result<String, HubError> {
        let value = match self.peek() {
            None => return Err(HubError::MissingValue { name: name.into() }),
            Some(c) if is_blank(c) => return Err(HubError::MissingValue { name: name.into() }),
            Some('"') => {
                self.advance(1);
                let Some(end) = self.rest.find('"') else {
                    return Err(HubError::UnterminatedQuote { name: name.into() });
                };
                let value = self.rest[..end].to_string();
                self.advance(end + 1);
                value
            }
            Some(_) => self.word(),
        };
        match self.peek() {
            Some(c) if !is_blank(c) => Err(unexpected(Some(c), &format!("in the value of {name}"))),
            _ => Ok(value),
        }
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
