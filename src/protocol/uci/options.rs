//! The engine's UCI options, declared once in [`OPTIONS`]: the `uci` answer and the
//! `setoption` parser both read that table, so they cannot disagree.
//!
//! A value out of range is rejected with a message naming the allowed range and the old
//! value stays, rather than silently clamped: a GUI user who typed 100000 MB of hash should
//! learn that it did not take effect.

use super::error::{echo, UciError};
use super::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO};
use crate::chess::nnue::EMBEDDED_NAME;
use std::time::Duration;

/// A validated `setoption`, typed for the session to apply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// Transposition-table size in MiB.
    Hash(usize),
    /// Number of search threads.
    Threads(usize),
    /// Number of principal variations to report.
    MultiPV(usize),
    /// Whether the GUI may ask us to ponder (informational).
    Ponder(bool),
    /// Chess960 castling notation and FENs.
    Chess960(bool),
    /// Time lost between our `bestmove` and the GUI stopping our clock.
    MoveOverhead(Duration),
    /// Empty the transposition table now.
    ClearHash,
    /// Append `wdl W D L` to `info` lines.
    ShowWdl(bool),
    /// Simple/Bronstein delay of the time control (UCI cannot send it).
    MoveDelay(Duration),
    /// Whether to evaluate with a network (`EvalFile`) or by hand.
    UseNnue(bool),
    /// The evaluation network: a file to load, or the embedded network's name.
    EvalFile(String),
    /// Directories of Syzygy endgame tables (`<empty>`: none).
    SyzygyPath(String),
    /// Least depth at which the search probes positions as big as the largest tables.
    SyzygyProbeDepth(i32),
    /// Whether cursed wins and blessed losses count as draws.
    Syzygy50MoveRule(bool),
    /// Most pieces of a position the search probes.
    SyzygyProbeLimit(u32),
    /// Play at the strength `UCI_Elo` names instead of full strength.
    LimitStrength(bool),
    /// The Elo to play at when strength is limited.
    Elo(u32),
    /// A tunable search constant of a tuning build ([`crate::engine::TUNABLES`]).
    #[cfg(feature = "tune")]
    Tunable {
        /// Its name.
        name: &'static str,
        /// The value asked for, within its range.
        value: i32,
    },
}

/// The type, bounds and default of one option.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// An integer in `min..=max`.
    Spin {
        /// Value before any `setoption`.
        default: i64,
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
        /// The change for an accepted value.
        change: fn(i64) -> OptionChange,
    },
    /// `true` or `false`.
    Check {
        /// Value before any `setoption`.
        default: bool,
        /// The change for a value.
        change: fn(bool) -> OptionChange,
    },
    /// An action without a value.
    Button {
        /// The change a press makes.
        change: fn() -> OptionChange,
    },
    /// Free text (a path).
    Text {
        /// Value before any `setoption`.
        default: &'static str,
        /// The change for a value.
        change: fn(String) -> OptionChange,
    },
    /// A tunable search constant of a tuning build: announced as a spin, set through
    /// [`OptionChange::Tunable`].
    #[cfg(feature = "tune")]
    Tunable {
        /// Chess's value.
        default: i64,
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
}

/// One declared option.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The name as announced; `setoption` matches it case-insensitively.
    pub name: &'static str,
    /// Type, bounds and default.
    pub kind: OptionKind,
}

// The table's spin bounds are non-negative, so these conversions never wrap.
fn count(value: i64) -> usize {
    value.unsigned_abs() as usize
}

fn millis(value: i64) -> Duration {
    Duration::from_millis(value.unsigned_abs())
}

/// Every option tvilling declares, in the order the `uci` answer lists them.
pub const OPTIONS: [OptionSpec; 17] = [
    OptionSpec {
        name: "Hash",
        kind: OptionKind::Spin {
            default: 16,
            min: 1,
            max: 65536,
            change: |v| OptionChange::Hash(count(v)),
        },
    },
    OptionSpec {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
            change: |v| OptionChange::Threads(count(v)),
        },
    },
    OptionSpec {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 256,
            change: |v| OptionChange::MultiPV(count(v)),
        },
    },
    OptionSpec {
        name: "Ponder",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::Ponder,
        },
    },
    OptionSpec {
        name: "UCI_Chess960",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::Chess960,
        },
    },
    OptionSpec {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: 10,
            min: 0,
            max: 5000,
            change: |v| OptionChange::MoveOverhead(millis(v)),
        },
    },
    OptionSpec {
        name: "Clear Hash",
        kind: OptionKind::Button {
            change: || OptionChange::ClearHash,
        },
    },
    OptionSpec {
        name: "UCI_ShowWDL",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::ShowWdl,
        },
    },
    OptionSpec {
        name: "Move Delay",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: 60000,
            change: |v| OptionChange::MoveDelay(millis(v)),
        },
    },
    OptionSpec {
        name: "Use NNUE",
        kind: OptionKind::Check {
            default: true,
            change: OptionChange::UseNnue,
        },
    },
    OptionSpec {
        name: "EvalFile",
        kind: OptionKind::Text {
            default: EMBEDDED_NAME,
            change: OptionChange::EvalFile,
        },
    },
    OptionSpec {
        name: "SyzygyPath",
        kind: OptionKind::Text {
            default: "<empty>",
            change: OptionChange::SyzygyPath,
        },
    },
    OptionSpec {
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: 100,
            change: |v| OptionChange::SyzygyProbeDepth(count(v) as i32),
        },
    },
    OptionSpec {
        name: "Syzygy50MoveRule",
        kind: OptionKind::Check {
            default: true,
            change: OptionChange::Syzygy50MoveRule,
        },
    },
    OptionSpec {
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin {
            default: 7,
            min: 0,
            max: 7,
            change: |v| OptionChange::SyzygyProbeLimit(count(v) as u32),
        },
    },
    OptionSpec {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check {
            default: false,
            change: OptionChange::LimitStrength,
        },
    },
    OptionSpec {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: DEFAULT_ELO,
            min: MIN_ELO,
            max: MAX_ELO,
            change: |v| OptionChange::Elo(count(v) as u32),
        },
    },
];

/// Every option: [`OPTIONS`], then in a tuning build the tunable search constants.
fn specs() -> impl Iterator<Item = OptionSpec> {
    let specs = OPTIONS.into_iter();
    #[cfg(feature = "tune")]
    let specs = specs.chain(super::tuning::option_specs());
    specs
}

/// The `option name ... type ...` lines of the `uci` answer.
pub fn option_lines() -> Vec<String> {
    specs()
        .map(|spec| match spec.kind {
            OptionKind::Spin {
                default, min, max, ..
            } => spin_line(spec.name, default, min, max),
            #[cfg(feature = "tune")]
            OptionKind::Tunable { default, min, max } => spin_line(spec.name, default, min, max),
            OptionKind::Check { default, .. } => {
                format!("option name {} type check default {default}", spec.name)
            }
            OptionKind::Button { .. } => format!("option name {} type button", spec.name),
            OptionKind::Text { default, .. } => {
                format!("option name {} type string default {default}", spec.name)
            }
        })
        .collect()
}

fn spin_line(name: &str, default: i64, min: i64, max: i64) -> String {
    format!("option name {name} type spin default {default} min {min} max {max}")
}

/// The value every option has before any `setoption`, as the change that would set it
/// (buttons have none, and a tuning build's tunables start as the searcher's own).
pub fn default_changes() -> Vec<OptionChange> {
    specs()
        .filter_map(|spec| match spec.kind {
            OptionKind::Spin {
                default, change, ..
            } => Some(change(default)),
            OptionKind::Check { default, change } => Some(change(default)),
            OptionKind::Text { default, change } => Some(change(default.to_string())),
            OptionKind::Button { .. } => None,
            #[cfg(feature = "tune")]
            OptionKind::Tunable { .. } => None,
        })
        .collect()
}

/// Validates `setoption name <name> [value <value>]`.
pub fn parse_option(name: &str, value: Option<&str>) -> Result<OptionChange, UciError> {
    let name = name.trim();
    let spec = specs()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| UciError::UnknownOption(name.to_string()))?;
    let bad = |reason: String| UciError::BadOptionValue {
        option: spec.name,
        reason,
    };
    let value = value.map(str::trim);
    match (spec.kind, value) {
        (OptionKind::Button { change }, None) => Ok(change()),
        (OptionKind::Button { .. }, Some(_)) => Err(bad("a button takes no value".to_string())),
        (_, None) => Err(bad("missing value".to_string())),
        (OptionKind::Text { change, .. }, Some(text)) => Ok(change(text.to_string())),
        (
            OptionKind::Spin {
                min, max, change, ..
            },
            Some(text),
        ) => parse_spin(text, min, max).map(change).map_err(bad),
        // The range is an `i32`'s, so the value fits.
        #[cfg(feature = "tune")]
        (OptionKind::Tunable { min, max, .. }, Some(text)) => parse_spin(text, min, max)
            .map(|value| OptionChange::Tunable {
                name: spec.name,
                value: value as i32,
            })
            .map_err(bad),
        (OptionKind::Check { change, .. }, Some(text)) => {
            if text.eq_ignore_ascii_case("true") {
                Ok(change(true))
            } else if text.eq_ignore_ascii_case("false") {
                Ok(change(false))
            } else {
                Err(bad(format!("'{}' is not true or false", echo(text))))
            }
        }
    }
}

/// A spin's value: a whole number in `min..=max`, or why not.
fn parse_spin(text: &str, min: i64, max: i64) -> Result<i64, String> {
    match text.parse::<i64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        Ok(v) => Err(format!("{v} is outside {min}..={max}")),
        Err(_) => Err(format!(
            "'{}' is not a whole number in {min}..={max}",
            echo(text)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(name: &str, value: Option<&str>) -> String {
        parse_option(name, value).unwrap_err().to_string()
    }

    #[test]
    fn declared_lines() {
        assert_eq!(
            option_lines()[..OPTIONS.len()],
            [
                "option name Hash type spin default 16 min 1 max 65536",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name Ponder type check default false",
                "option name UCI_Chess960 type check default false",
                "option name Move Overhead type spin default 10 min 0 max 5000",
                "option name Clear Hash type button",
                "option name UCI_ShowWDL type check default false",
                "option name Move Delay type spin default 0 min 0 max 60000",
                "option name Use NNUE type check default true",
                "option name EvalFile type string default chess-gen6.nnue",
                "option name SyzygyPath type string default <empty>",
                "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
                "option name Syzygy50MoveRule type check default true",
                "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
                "option name UCI_LimitStrength type check default false",
                "option name UCI_Elo type spin default 1600 min 1350 max 2000",
            ]
        );
    }

    #[test]
    fn defaults_are_within_bounds_and_parse_back() {
        for spec in OPTIONS {
            if let OptionKind::Spin {
                default, min, max, ..
            } = spec.kind
            {
                assert!((min..=max).contains(&default), "{}", spec.name);
                assert!(
                    min >= 0,
                    "{}: count() and millis() need min >= 0",
                    spec.name
                );
                let text = default.to_string();
                assert!(parse_option(spec.name, Some(&text)).is_ok());
            }
        }
        assert_eq!(
            default_changes(),
            [
                OptionChange::Hash(16),
                OptionChange::Threads(1),
                OptionChange::MultiPV(1),
                OptionChange::Ponder(false),
                OptionChange::Chess960(false),
                OptionChange::MoveOverhead(Duration::from_millis(10)),
                OptionChange::ShowWdl(false),
                OptionChange::MoveDelay(Duration::ZERO),
                OptionChange::UseNnue(true),
                OptionChange::EvalFile(EMBEDDED_NAME.to_string()),
                OptionChange::SyzygyPath("<empty>".to_string()),
                OptionChange::SyzygyProbeDepth(1),
                OptionChange::Syzygy50MoveRule(true),
                OptionChange::SyzygyProbeLimit(7),
                OptionChange::LimitStrength(false),
                OptionChange::Elo(1600),
            ]
        );
    }

    #[test]
    fn every_option_by_value() {
        assert_eq!(parse_option("Hash", Some("64")), Ok(OptionChange::Hash(64)));
        assert_eq!(
            parse_option("EvalFile", Some(" /nets/my net.nnue ")),
            Ok(OptionChange::EvalFile("/nets/my net.nnue".to_string()))
        );
        assert_eq!(
            parse_option("Threads", Some("8")),
            Ok(OptionChange::Threads(8))
        );
        assert_eq!(
            parse_option("MultiPV", Some("3")),
            Ok(OptionChange::MultiPV(3))
        );
        assert_eq!(
            parse_option("Ponder", Some("true")),
            Ok(OptionChange::Ponder(true))
        );
        assert_eq!(
            parse_option("UCI_Chess960", Some("false")),
            Ok(OptionChange::Chess960(false))
        );
        assert_eq!(
            parse_option("Move Overhead", Some("0")),
            Ok(OptionChange::MoveOverhead(Duration::ZERO))
        );
        assert_eq!(
            parse_option("Clear Hash", None),
            Ok(OptionChange::ClearHash)
        );
        assert_eq!(
            parse_option("use nnue", Some("false")),
            Ok(OptionChange::UseNnue(false))
        );
        assert_eq!(
            parse_option("UCI_ShowWDL", Some("true")),
            Ok(OptionChange::ShowWdl(true))
        );
        assert_eq!(
            parse_option("Move Delay", Some("60000")),
            Ok(OptionChange::MoveDelay(Duration::from_secs(60)))
        );
        assert_eq!(
            parse_option("SyzygyPath", Some("/tb/wdl:/tb/dtz")),
            Ok(OptionChange::SyzygyPath("/tb/wdl:/tb/dtz".to_string()))
        );
        assert_eq!(
            parse_option("SyzygyProbeDepth", Some("100")),
            Ok(OptionChange::SyzygyProbeDepth(100))
        );
        assert_eq!(
            parse_option("Syzygy50MoveRule", Some("false")),
            Ok(OptionChange::Syzygy50MoveRule(false))
        );
        assert_eq!(
            parse_option("SyzygyProbeLimit", Some("0")),
            Ok(OptionChange::SyzygyProbeLimit(0))
        );
        assert_eq!(
            parse_option("UCI_LimitStrength", Some("true")),
            Ok(OptionChange::LimitStrength(true))
        );
        assert_eq!(
            parse_option("UCI_Elo", Some("2000")),
            Ok(OptionChange::Elo(2000))
        );
    }

    #[test]
    fn names_and_bools_are_case_insensitive() {
        assert_eq!(parse_option("hash", Some("32")), Ok(OptionChange::Hash(32)));
        assert_eq!(
            parse_option("MOVE OVERHEAD", Some("5")),
            parse_option("Move Overhead", Some("5"))
        );
        assert_eq!(
            parse_option("uci_chess960", Some("TRUE")),
            Ok(OptionChange::Chess960(true))
        );
        assert_eq!(
            parse_option(" Ponder ", Some(" False ")),
            Ok(OptionChange::Ponder(false))
        );
    }

    #[test]
    fn unknown_options() {
        assert_eq!(
            message("NoSuchOption", Some("1")),
            "unknown option: NoSuchOption"
        );
        assert_eq!(
            message("NoSuchButton", None),
            "unknown option: NoSuchButton"
        );
        assert_eq!(message("", None), "unknown option: ");
    }

    #[test]
    fn out_of_range_names_the_range() {
        assert_eq!(
            message("Hash", Some("99999999999999")),
            "option Hash: 99999999999999 is outside 1..=65536; value unchanged"
        );
        assert_eq!(
            message("Hash", Some("-1")),
            "option Hash: -1 is outside 1..=65536; value unchanged"
        );
        assert!(message("MultiPV", Some("0")).contains("outside 1..=256"));
        assert!(message("Move Overhead", Some("5001")).contains("outside 0..=5000"));
        assert!(message("Move Delay", Some("-1")).contains("outside 0..=60000"));
        assert!(message("SyzygyProbeDepth", Some("0")).contains("outside 1..=100"));
        assert!(message("SyzygyProbeLimit", Some("8")).contains("outside 0..=7"));
        assert!(message("UCI_Elo", Some("1349")).contains("outside 1350..=2000"));
        assert!(message("UCI_Elo", Some("2001")).contains("outside 1350..=2000"));
        // Past i64 it is not a number at all; still a clean error.
        assert!(message("Hash", Some(&"9".repeat(30))).contains("not a whole number"));
    }

    #[test]
    fn non_numeric_and_bad_bools() {
        assert_eq!(
            message("Hash", Some("abc")),
            "option Hash: 'abc' is not a whole number in 1..=65536; value unchanged"
        );
        assert!(message("Threads", Some("many")).contains("not a whole number"));
        assert!(message("Threads", Some("2.5")).contains("not a whole number"));
        assert_eq!(
            message("UCI_Chess960", Some("maybe")),
            "option UCI_Chess960: 'maybe' is not true or false; value unchanged"
        );
        assert!(message("Ponder", Some("1")).contains("not true or false"));
    }

    #[test]
    fn missing_or_unwanted_values() {
        assert_eq!(
            message("Hash", None),
            "option Hash: missing value; value unchanged"
        );
        assert!(message("UCI_ShowWDL", None).contains("missing value"));
        assert!(message("Clear Hash", Some("1")).contains("a button takes no value"));
    }
}
