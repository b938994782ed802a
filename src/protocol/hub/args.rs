//! The command line of `tvilling hub`: flags that start the session as the matching
//! `set-param` would (`evalfile`, `nnue`, `egdb-dir`, `egdb-pieces`, `book`, `book-file`),
//! for GUIs and referees that cannot send parameters.

use crate::draughts::egdb::{GENERATE_UP_TO, MAX_DB_PIECES};

/// What the command line of `tvilling hub` asks for, before any `set-param`.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Debug, PartialEq, Eq)]
pub struct HubArgs {
    /// Start with this draughts network instead of the embedded one.
    #[arg(long = "evalfile", value_name = "NET", conflicts_with = "no_nnue")]
    pub eval_file: Option<String>,
    /// Start with the hand-written evaluation.
    #[arg(long)]
    pub no_nnue: bool,
    /// The endgame tables' directory [default: $TVILLING_EGDB, else the user's data
    /// directory].
    #[arg(long = "egdb", value_name = "DIR")]
    pub egdb_dir: Option<String>,
    /// Use endgame tables of up to N pieces (0: none).
    #[arg(long, value_name = "N", default_value_t = GENERATE_UP_TO,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_DB_PIECES)))]
    pub egdb_pieces: u32,
    /// Start with this opening book instead of the embedded one.
    #[arg(long, value_name = "FILE", conflicts_with = "no_book")]
    pub book_file: Option<String>,
    /// Start without the opening book: every move is searched.
    #[arg(long)]
    pub no_book: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::Parser;

    fn parse(line: &str) -> Result<HubArgs, clap::Error> {
        HubArgs::try_parse_from(std::iter::once("hub").chain(line.split_whitespace()))
    }

    #[test]
    fn command_line_flags_start_the_session_like_params() {
        let defaults = HubArgs {
            eval_file: None,
            no_nnue: false,
            egdb_dir: None,
            egdb_pieces: GENERATE_UP_TO,
            book_file: None,
            no_book: false,
        };
        assert_eq!(parse("").unwrap(), defaults);
        assert_eq!(
            parse("--egdb /data/egdb --egdb-pieces 5 --evalfile n.nnue --book-file b.book")
                .unwrap(),
            HubArgs {
                eval_file: Some("n.nnue".into()),
                no_nnue: false,
                egdb_dir: Some("/data/egdb".into()),
                egdb_pieces: 5,
                book_file: Some("b.book".into()),
                no_book: false,
            }
        );
        assert_eq!(
            parse("--no-nnue --egdb-pieces 0 --no-book").unwrap(),
            HubArgs {
                no_nnue: true,
                egdb_pieces: 0,
                no_book: true,
                ..defaults
            }
        );
    }

    #[test]
    fn bad_command_lines_say_what_is_wrong() {
        for (line, kind, message) in [
            (
                "--egdb-pieces 6",
                ErrorKind::ValueValidation,
                "6 is not in 0..=5",
            ),
            (
                "--egdb-pieces",
                ErrorKind::InvalidValue,
                "a value is required",
            ),
            (
                "--evalfile n --no-nnue",
                ErrorKind::ArgumentConflict,
                "cannot be used with '--no-nnue'",
            ),
            (
                "--book-file b.book --no-book",
                ErrorKind::ArgumentConflict,
                "cannot be used with '--no-book'",
            ),
            (
                "--hash 64",
                ErrorKind::UnknownArgument,
                "unexpected argument '--hash'",
            ),
        ] {
            let error = parse(line).unwrap_err();
            assert_eq!(error.kind(), kind, "{line}: {error}");
            let text = error.to_string();
            assert!(text.contains(message), "{line}: {text}");
            assert!(text.contains("try '--help'"), "{line}: {text}");
        }
    }
}
