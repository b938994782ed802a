//! GUI-to-engine lines parsed into one enum, so the session loop is a single `match`.
//!
//! The short commands (`uci`, `isready`, `debug`, `register`, `setoption`, ...) go through
//! `vampirc-uci`; `position` and `go` are parsed here because vampirc 0.11.1 gets them wrong
//! (it drops `go` flags, panics on `go depth 300`, cuts `movestogo 1000` to 100, rejects
//! Shredder-FEN castling and ends a move list at `0000`). The first word is matched here, exactly and in
//! lower case, before vampirc sees a line: vampirc matches prefixes (`isreadyy` would be
//! `isready`) and must never be handed a shape that reaches one of its panics.

use super::error::{echo, UciError};
use super::go::{parse_go, GoCommand, GoParse};
use super::position::{parse_position, PositionCommand};
use crate::selfplay::GenfensRequest;
use vampirc_uci::UciMessage;

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// A blank or whitespace-only line: nothing to do and nothing to report (GUIs send them).
    Empty,
    /// `uci`: identify, list options, answer `uciok`.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`: answer `readyok`, even during a search.
    IsReady,
    /// `setoption name <name> [value <value>]`; the name is matched case-insensitively later.
    /// The name's words are joined by single blanks; the value keeps its inner spacing.
    SetOption {
        /// The option name as sent.
        name: String,
        /// The value as sent; `None` for a button.
        value: Option<String>,
    },
    /// `register ...`: tvilling needs no registration.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position ...`.
    Position(PositionCommand),
    /// `go ...` (except `go perft`).
    Go(GoCommand),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `go perft N` (Stockfish's extension): count leaf nodes to this depth.
    Perft(u32),
    /// `bench [depth]`: the fixed benchmark, at its default depth when none is given.
    Bench {
        /// Search depth for every bench position.
        depth: Option<u32>,
    },
    /// `d`: print the current position.
    Display,
    /// `eval`: print the static evaluation of the current position.
    Eval,
    /// `tbprobe`: print the Syzygy tables' WDL and DTZ of the current position.
    TbProbe,
    /// OpenBench's `genfens N seed S book <None|FILE> [extra]`: opening FENs for
    /// self-play, as `info string genfens <FEN>` lines.
    GenFens(GenfensRequest),
    /// `spsa`: print the tunable search constants as OpenBench's SPSA input (a tuning
    /// build's; others say they have none).
    Spsa,
}

impl UciCommand {
    /// Whether the running search must end (its `bestmove` printed) before this command
    /// runs: those that change the game, the options or the searcher, and the fixed
    /// workloads (`go` stops it itself).
    pub fn stops_the_search(&self) -> bool {
        matches!(
            self,
            Self::SetOption { .. }
                | Self::UciNewGame
                | Self::Position(_)
                | Self::Perft(_)
                | Self::Bench { .. }
                | Self::GenFens(_)
        )
    }
}

/// First words handed to vampirc, with the line's whitespace normalised to single blanks.
const SIMPLE_COMMANDS: &str = "uci isready ucinewgame stop ponderhit quit debug register";

/// Parses one line from the GUI; blank lines give [`UciCommand::Empty`].
pub fn parse_command(line: &str) -> Result<UciCommand, UciError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&word, args)) = tokens.split_first() else {
        return Ok(UciCommand::Empty);
    };
    if let Some(simple) = SIMPLE_COMMANDS.split(' ').find(|&simple| simple == word) {
        return parse_with_vampirc(simple, &tokens.join(" "));
    }
    match word {
        // The raw line, so that a value keeps its inner spacing (paths, names).
        "setoption" => parse_with_vampirc("setoption", line.trim()),
        "position" => parse_position(args).map(UciCommand::Position),
        "go" => match parse_go(args)? {
            GoParse::Search(go) => Ok(UciCommand::Go(go)),
            GoParse::Perft(depth) => Ok(UciCommand::Perft(depth)),
        },
        "bench" => parse_bench(args),
        "d" => Ok(UciCommand::Display),
        "eval" => Ok(UciCommand::Eval),
        "tbprobe" => Ok(UciCommand::TbProbe),
        "genfens" => parse_genfens(args),
        "spsa" if args.is_empty() => Ok(UciCommand::Spsa),
        "spsa" => Err(UciError::bad_arguments("spsa", "expected the bare command")),
        _ => Err(UciError::UnknownCommand(line.trim().to_string())),
    }
}

/// Parses a line whose first word is one of vampirc's simple commands.
fn parse_with_vampirc(word: &'static str, line: &str) -> Result<UciCommand, UciError> {
    match vampirc_uci::parse_one(line) {
        UciMessage::Uci => Ok(UciCommand::Uci),
        UciMessage::Debug(on) => Ok(UciCommand::Debug(on)),
        UciMessage::IsReady => Ok(UciCommand::IsReady),
        UciMessage::Register { .. } => Ok(UciCommand::Register),
        UciMessage::UciNewGame => Ok(UciCommand::UciNewGame),
        UciMessage::Stop => Ok(UciCommand::Stop),
        UciMessage::PonderHit => Ok(UciCommand::PonderHit),
        UciMessage::Quit => Ok(UciCommand::Quit),
        // Names are compared later, so their spacing is normalised like the rest of a line.
        UciMessage::SetOption { name, value } => Ok(UciCommand::SetOption {
            name: name.split_whitespace().collect::<Vec<_>>().join(" "),
            value,
        }),
        _ => Err(UciError::bad_arguments(
            word,
            format!("expected {}, got '{}'", usage(word), echo(line)),
        )),
    }
}

/// The accepted shape of a simple command, for error messages.
fn usage(word: &str) -> &'static str {
    match word {
        "debug" => "'debug on' or 'debug off'",
        "register" => "'register later' or 'register name <name> code <code>'",
        "setoption" => "'setoption name <name> [value <value>]'",
        _ => "the bare command",
    }
}

/// `bench [depth]`.
fn parse_bench(args: &[&str]) -> Result<UciCommand, UciError> {
    let bad = |reason| Err(UciError::bad_arguments("bench", reason));
    match args {
        [] => Ok(UciCommand::Bench { depth: None }),
        [depth] => match depth.parse::<u32>() {
            Ok(depth) if depth > 0 => Ok(UciCommand::Bench { depth: Some(depth) }),
            _ => bad(format!("depth '{}' is not a positive number", echo(depth))),
        },
        _ => bad("expected 'bench [depth]'".to_string()),
    }
}

/// `genfens N seed S book <None|FILE> [extra]`. Of the extra words, `plies N` sets the
/// random plies and `frc` asks for Chess960 starts; other extras (meant for other engines)
/// are ignored.
fn parse_genfens(args: &[&str]) -> Result<UciCommand, UciError> {
    fn number<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, UciError> {
        let reason = format!("{name} '{}' is not a number", echo(text));
        text.parse()
            .map_err(|_| UciError::bad_arguments("genfens", reason))
    }
    let Some((count, rest)) = args.split_first() else {
        let usage = "expected 'genfens N seed S book <None|FILE>'";
        return Err(UciError::bad_arguments("genfens", usage));
    };
    let mut request = GenfensRequest {
        count: number("count", count)?,
        ..GenfensRequest::default()
    };
    let mut words = rest.iter();
    while let Some(&word) = words.next() {
        if !matches!(word, "seed" | "book" | "plies") {
            request.frc |= matches!(word, "frc" | "dfrc");
            continue;
        }
        let Some(&value) = words.next() else {
            return Err(UciError::bad_arguments(
                "genfens",
                format!("{word} needs a value"),
            ));
        };
        match word {
            "seed" => request.seed = number(word, value)?,
            "book" => request.book = (!value.eq_ignore_ascii_case("none")).then(|| value.into()),
            _ => request.plies = Some(number(word, value)?),
        }
    }
    Ok(UciCommand::GenFens(request))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::go::KEYWORDS;
    use crate::protocol::uci::options::{parse_option, OptionKind};
    use crate::protocol::uci::position::PositionStart;
    use crate::protocol::uci::MAX_DEPTH;
    use crate::protocol::uci::OPTIONS;
    use std::path::PathBuf;
    use std::time::Duration;

    fn ok(line: &str) -> UciCommand {
        parse_command(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    fn err(line: &str) -> String {
        match parse_command(line) {
            Ok(command) => panic!("{line:?} parsed as {command:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(ok("uci"), UciCommand::Uci);
        assert_eq!(ok("isready"), UciCommand::IsReady);
        assert_eq!(ok("ucinewgame"), UciCommand::UciNewGame);
        assert_eq!(ok("stop"), UciCommand::Stop);
        assert_eq!(ok("ponderhit"), UciCommand::PonderHit);
        assert_eq!(ok("quit"), UciCommand::Quit);
        assert_eq!(ok("d"), UciCommand::Display);
        assert_eq!(ok("eval"), UciCommand::Eval);
        assert_eq!(ok("tbprobe"), UciCommand::TbProbe);
    }

    #[test]
    fn whitespace_is_tolerated() {
        assert_eq!(ok("  \tisready \r\n"), UciCommand::IsReady);
        assert_eq!(ok("quit\r"), UciCommand::Quit);
        assert_eq!(ok("debug \t  on"), UciCommand::Debug(true));
        assert_eq!(
            ok("go\tdepth   5\r"),
            UciCommand::Go(GoCommand {
                depth: Some(5),
                ..GoCommand::default()
            })
        );
    }

    #[test]
    fn blank_lines_are_empty_not_errors() {
        assert_eq!(ok(""), UciCommand::Empty);
        assert_eq!(ok("   \t  "), UciCommand::Empty);
        assert_eq!(ok("\r\n"), UciCommand::Empty);
    }

    #[test]
    fn vampirc_prefix_matching_is_not_inherited() {
        // vampirc alone parses "isreadyy" as isready; we match whole words.
        assert_eq!(vampirc_uci::parse_one("isreadyy"), UciMessage::IsReady);
        assert_eq!(err("isreadyy"), "unknown command: isreadyy");
        assert_eq!(err("ucinewgamex"), "unknown command: ucinewgamex");
    }

    #[test]
    fn unknown_and_garbage_lines_are_errors() {
        assert_eq!(err("foobar 1 2 3"), "unknown command: foobar 1 2 3");
        assert_eq!(err("hello world"), "unknown command: hello world");
        assert!(err("\u{1}\u{2}\u{fffd}\u{fffd} junk").starts_with("unknown command: "));
        assert!(err(&"x".repeat(100_000)).len() < 200);
        // Commands are case-sensitive, as in the specification.
        assert!(err("UCI").starts_with("unknown command"));
    }

    #[test]
    fn debug_on_off_and_bad_switch() {
        assert_eq!(ok("debug on"), UciCommand::Debug(true));
        assert_eq!(ok("debug off"), UciCommand::Debug(false));
        assert!(err("debug").contains("'debug on' or 'debug off'"));
        assert!(err("debug maybe").starts_with("debug: "));
    }

    #[test]
    fn register_shapes() {
        assert_eq!(ok("register later"), UciCommand::Register);
        assert_eq!(ok("register name Jo Doe code 42"), UciCommand::Register);
        assert!(err("register").starts_with("register: "));
        assert!(err("register name nobody").starts_with("register: "));
    }

    #[test]
    fn setoption_name_and_value_with_spaces() {
        assert_eq!(
            ok("setoption name Move Overhead value 30"),
            UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
        assert_eq!(
            ok("setoption name SyzygyPath value /tb/a  b/c"),
            UciCommand::SetOption {
                name: "SyzygyPath".into(),
                value: Some("/tb/a  b/c".into())
            }
        );
        assert_eq!(
            ok("setoption\tname hash\tvalue 64\r"),
            UciCommand::SetOption {
                name: "hash".into(),
                value: Some("64".into())
            }
        );
    }

    #[test]
    fn setoption_name_spacing_is_normalised() {
        assert_eq!(
            ok("setoption name  Move \t Overhead   value 30"),
            UciCommand::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            }
        );
    }

    #[test]
    fn setoption_button_has_no_value() {
        assert_eq!(
            ok("setoption name Clear Hash"),
            UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn setoption_with_an_empty_value_reads_as_no_value() {
        // vampirc's reading; the option then rejects it as a missing value.
        assert_eq!(
            ok("setoption name Hash value"),
            UciCommand::SetOption {
                name: "Hash".into(),
                value: None
            }
        );
    }

    #[test]
    fn trailing_words_after_simple_commands_are_ignored() {
        assert_eq!(ok("uci foo"), UciCommand::Uci);
        assert_eq!(ok("quit now"), UciCommand::Quit);
        assert_eq!(ok("stop please"), UciCommand::Stop);
    }

    #[test]
    fn malformed_setoption_is_an_error() {
        assert!(err("setoption").starts_with("setoption: expected"));
        assert!(err("setoption name").starts_with("setoption: expected"));
        assert!(err("setoption value 3 name Hash").starts_with("setoption: expected"));
    }

    #[test]
    fn go_perft_is_its_own_command() {
        assert_eq!(ok("go perft 5"), UciCommand::Perft(5));
    }

    #[test]
    fn position_reaches_our_parser() {
        assert_eq!(
            ok("position startpos moves e2e4"),
            UciCommand::Position(PositionCommand {
                start: PositionStart::StartPos,
                moves: vec!["e2e4".into()],
            })
        );
        assert!(err("position").starts_with("position: "));
    }

    #[test]
    fn every_malformed_probe_line_is_handled() {
        // The malformed inputs of shared/tools/uci_probe.py and what each becomes.
        let hundred_k = "x".repeat(100_000);
        let cases: [(&str, &str); 30] = [
            ("hello world", "unknown command"),
            ("", "empty"),
            ("   \t  ", "empty"),
            ("\u{1}\u{2}\u{fffd}\u{fffd} junk", "unknown command"),
            (&hundred_k, "unknown command"),
            ("isreadyy", "unknown command"),
            ("foobar 1 2 3", "unknown command"),
            ("debug on", "ok"),
            ("register later", "ok"),
            ("position", "position:"),
            ("position fen", "position:"),
            ("position moves e2e4", "position:"),
            ("position startpos moves", "ok"),
            ("position fen this is not a fen", "ok"),
            (
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
                "ok",
            ),
            (
                "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
                "ok",
            ),
            ("position startpos moves e2e9 zz", "ok"),
            ("go nowhere", "go:"),
            ("go depth", "go:"),
            ("go depth 99999999999999999999", "ok"),
            ("go depth 0", "ok"),
            ("go depth -3", "ok"),
            ("go nodes 99999999999999999999 movetime 300", "ok"),
            (
                "go wtime 99999999999999999999 btime 99999999999999999999 movestogo 99999999999",
                "ok",
            ),
            ("go wtime -500 btime -500", "ok"),
            ("go movetime 0", "ok"),
            ("setoption name NoSuchOption value 1", "ok"),
            ("setoption", "setoption:"),
            ("setoption name", "setoption:"),
            ("setoption value 3 name Hash", "setoption:"),
        ];
        for (line, expected) in cases {
            let outcome = match parse_command(line) {
                Ok(UciCommand::Empty) => "empty".to_string(),
                Ok(_) => "ok".to_string(),
                Err(e) => e.to_string(),
            };
            assert!(outcome.starts_with(expected), "{line:.40?}: {outcome}");
        }
    }

    /// Deterministic xorshift numbers for the fuzz tests.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// Checks the limits a parsed `go` becomes against the ranges `go.rs` documents.
    fn assert_limits_in_range(line: &str, go: &GoCommand, multipv: usize) {
        const YEAR: Duration = Duration::from_secs(365 * 24 * 3600);
        let limits = go.to_limits::<u16>(
            true,
            Vec::new(),
            multipv,
            Duration::from_millis(10),
            Duration::ZERO,
        );
        if let Some(depth) = limits.depth {
            assert!((1..=MAX_DEPTH).contains(&depth), "{line:?}: depth {depth}");
        }
        assert_eq!(limits.multipv, multipv.max(1), "{line:?}");
        assert_ne!(limits.mate, Some(0), "{line:?}");
        assert!(limits.move_time.is_none_or(|t| t <= YEAR), "{line:?}");
        if let Some(clock) = limits.clock {
            assert!(
                clock.remaining <= YEAR && clock.increment <= YEAR,
                "{line:?}"
            );
            assert_ne!(clock.moves_to_go, Some(0), "{line:?}");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(go.ponder, words.contains(&"ponder"), "{line:?}");
        if words.contains(&"infinite") {
            assert!(limits.infinite, "{line:?}");
        }
    }

    #[test]
    fn random_lines_parse_within_the_documented_ranges() {
        // Deterministic pseudo-random lines over the protocol's own words, numbers and junk,
        // pushed through every parsing step the session will run.
        const OTHER_WORDS: [&str; 28] = [
            "uci",
            "debug",
            "on",
            "off",
            "isready",
            "setoption",
            "name",
            "value",
            "register",
            "later",
            "code",
            "ucinewgame",
            "position",
            "startpos",
            "fen",
            "moves",
            "go",
            "perft",
            "stop",
            "ponderhit",
            "quit",
            "bench",
            "-1",
            "300",
            "99999999999999999999999",
            "e2e4",
            "0000",
            "\u{fffd}",
        ];
        let vocabulary: Vec<&str> = OTHER_WORDS.iter().chain(&KEYWORDS).copied().collect();
        let mut next = xorshift(0x2545_f491_4f6c_dd1d);
        let mut searches = 0;
        for _ in 0..20_000 {
            let length = next() % 9;
            let words: Vec<&str> = (0..length)
                .map(|_| vocabulary[(next() % vocabulary.len() as u64) as usize])
                .collect();
            let line = words.join(if next().is_multiple_of(2) {
                " "
            } else {
                " \t "
            });
            let multipv = (next() % 300) as usize;
            match parse_command(&line) {
                Ok(UciCommand::Go(go)) => {
                    assert_limits_in_range(&line, &go, multipv);
                    searches += 1;
                }
                Err(UciError::BadGo { recovered, .. }) => {
                    assert_limits_in_range(&line, &recovered, multipv);
                    searches += 1;
                }
                Ok(UciCommand::Bench { depth }) => assert_ne!(depth, Some(0), "{line:?}"),
                _ => {}
            }
        }
        // The checks above must have run on a fair share of the lines (about 1 in 40 starts
        // with go).
        assert!(searches > 300, "{searches}");
    }

    #[test]
    fn random_option_values_are_accepted_exactly_within_their_range() {
        const VALUES: [&str; 12] = [
            "-1", "0", "1", "16", "256", "257", "5000", "5001", "60000", "65536", "65537", "x",
        ];
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut accepted, mut rejected) = (0, 0);
        for _ in 0..2_000 {
            let spec = OPTIONS[(next() % OPTIONS.len() as u64) as usize];
            let OptionKind::Spin { min, max, .. } = spec.kind else {
                continue;
            };
            let text = VALUES[(next() % VALUES.len() as u64) as usize];
            let line = format!("setoption name {} value {text}", spec.name);
            let Ok(UciCommand::SetOption { name, value }) = parse_command(&line) else {
                panic!("{line:?} is a well-formed setoption");
            };
            let in_range = text.parse::<i64>().is_ok_and(|v| (min..=max).contains(&v));
            match parse_option(&name, value.as_deref()) {
                Ok(change) => {
                    assert!(in_range, "{line:?} accepted as {change:?}");
                    accepted += 1;
                }
                Err(error) => {
                    assert!(!in_range, "{line:?} refused: {error}");
                    rejected += 1;
                }
            }
        }
        assert!(accepted > 100 && rejected > 100, "{accepted} {rejected}");
    }

    #[test]
    fn bench_with_and_without_depth() {
        assert_eq!(ok("bench"), UciCommand::Bench { depth: None });
        assert_eq!(ok("bench 13"), UciCommand::Bench { depth: Some(13) });
        assert!(err("bench x").contains("not a positive number"));
        assert!(err("bench 0").contains("not a positive number"));
        assert!(err("bench 1 2").starts_with("bench: "));
    }

    #[test]
    fn genfens_in_openbench_form() {
        assert_eq!(
            parse_command("genfens 10 seed 123 book None"),
            Ok(UciCommand::GenFens(GenfensRequest {
                count: 10,
                seed: 123,
                book: None,
                frc: false,
                plies: None,
            }))
        );
        assert_eq!(
            parse_command("genfens 2 seed 7 book books/x.epd plies 4 frc something-else"),
            Ok(UciCommand::GenFens(GenfensRequest {
                count: 2,
                seed: 7,
                book: Some(PathBuf::from("books/x.epd")),
                frc: true,
                plies: Some(4),
            }))
        );
        assert!(err("genfens").starts_with("genfens: "));
        assert!(err("genfens ten seed 1 book None").contains("not a number"));
        assert!(err("genfens 1 seed x book None").contains("not a number"));
        assert!(err("genfens 1 seed").contains("needs a value"));
    }
}
