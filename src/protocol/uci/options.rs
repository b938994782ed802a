//! What a UCI option is, and the two things every option does alike: its line of the `uci`
//! answer and the parsing of its `setoption`. The options themselves are declared once, in
//! the table of [`uci_options!`] (`settings.rs`): name, type, bounds, default, the setting
//! it stores and the effect it has.
//!
//! A value out of range is rejected with a message naming the allowed range and the old
//! value stays, rather than silently clamped: a GUI user who typed 100000 MB of hash should
//! learn that it did not take effect.

use super::error::{echo, UciError};
use super::option_effects::Effect;
use super::settings::EngineSettings;
use std::time::Duration;

/// The type, bounds and default of one option, and where its value is stored.
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
        /// Stores an accepted value.
        set: fn(&mut EngineSettings, i64),
    },
    /// `true` or `false`.
    Check {
        /// Value before any `setoption`.
        default: bool,
        /// Stores a value.
        set: fn(&mut EngineSettings, bool),
    },
    /// An action without a value: all it does is its effect.
    Button,
    /// Free text (a path).
    Text {
        /// Value before any `setoption`.
        default: &'static str,
        /// Stores a value.
        set: fn(&mut EngineSettings, String),
    },
    /// A tunable search constant of a tuning build, announced as a spin and stored in
    /// [`EngineSettings::search_params`].
    #[cfg(feature = "tune")]
    Tunable(&'static crate::engine::Tunable),
}

/// One declared option.
#[derive(Clone, Copy, Debug)]
pub struct UciOption {
    /// The name as announced; `setoption` matches it case-insensitively.
    pub name: &'static str,
    /// Type, bounds, default and where the value goes.
    pub kind: OptionKind,
    /// What a `setoption` of it does beyond storing the value, if anything.
    pub effect: Option<Effect>,
}

/// A value `setoption` gave, checked against its option's type and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// A spin's (or a tunable's) value, within its bounds.
    Spin(i64),
    /// A check's value.
    Check(bool),
    /// A string's value, trimmed.
    Text(String),
    /// A button's press.
    Press,
}

/// A validated `setoption`: the option and the value it takes.
#[derive(Clone, Debug)]
pub struct SetOption {
    /// The option.
    pub option: UciOption,
    /// Its new value.
    pub value: OptionValue,
}

impl SetOption {
    /// Stores the value in `settings` (a button stores nothing).
    pub fn store(&self, settings: &mut EngineSettings) {
        match (self.option.kind, &self.value) {
            (OptionKind::Spin { set, .. }, &OptionValue::Spin(value)) => set(settings, value),
            (OptionKind::Check { set, .. }, &OptionValue::Check(on)) => set(settings, on),
            (OptionKind::Text { set, .. }, OptionValue::Text(text)) => set(settings, text.clone()),
            // The range is an `i32`'s, so the value fits.
            #[cfg(feature = "tune")]
            (OptionKind::Tunable(tunable), &OptionValue::Spin(value)) => {
                tunable.set(&mut settings.search_params, value as i32);
            }
            // A press, or a value of another kind, which `parse_option` never makes.
            _ => {}
        }
    }
}

/// A type a UCI integer (a spin's value, a `go` parameter) is stored as. An integer
/// saturates at its type's bounds: every spin's range fits its field, so only a `go`
/// parameter is ever cut.
pub trait UciInteger {
    /// The stored value of `value`.
    fn from_uci(value: i128) -> Self;
}

/// An integer saturates at its type's bounds.
macro_rules! uci_integer {
    ($($type:ty),*) => {$(
        impl UciInteger for $type {
            fn from_uci(value: i128) -> Self {
                <$type>::try_from(value).unwrap_or(if value < 0 { <$type>::MIN } else { <$type>::MAX })
            }
        }
    )*};
}

uci_integer!(i64, i32, u32, u64, usize);

/// A duration is spun in milliseconds.
impl UciInteger for Duration {
    fn from_uci(value: i128) -> Self {
        Duration::from_millis(u64::from_uci(value))
    }
}

/// Every option: the declared ones, then in a tuning build the tunable search constants.
fn all_options() -> impl Iterator<Item = UciOption> {
    let options = super::settings::OPTIONS.iter().copied();
    #[cfg(feature = "tune")]
    let options = options.chain(super::tuning::options());
    options
}

impl OptionKind {
    /// A spin's (or a tunable's) default and bounds.
    fn spin(&self) -> Option<(i64, i64, i64)> {
        match *self {
            Self::Spin {
                default, min, max, ..
            } => Some((default, min, max)),
            #[cfg(feature = "tune")]
            Self::Tunable(t) => Some((
                t.value(&super::tuning::CHESS_PARAMS).into(),
                t.min.into(),
                t.max.into(),
            )),
            _ => None,
        }
    }
}

/// The `option name ... type ...` lines of the `uci` answer.
pub fn option_lines() -> Vec<String> {
    all_options()
        .map(|option| {
            let name = option.name;
            let kind = match (option.kind, option.kind.spin()) {
                (_, Some((default, min, max))) => {
                    format!("spin default {default} min {min} max {max}")
                }
                (OptionKind::Check { default, .. }, _) => format!("check default {default}"),
                (OptionKind::Text { default, .. }, _) => format!("string default {default}"),
                _ => "button".to_string(),
            };
            format!("option name {name} type {kind}")
        })
        .collect()
}

/// Validates `setoption name <name> [value <value>]`.
pub fn parse_option(name: &str, value: Option<&str>) -> Result<SetOption, UciError> {
    let name = name.trim();
    let option = all_options()
        .find(|option| option.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| UciError::UnknownOption(name.to_string()))?;
    let bad = |reason: String| UciError::BadOptionValue {
        option: option.name,
        reason,
    };
    let value = match (option.kind, option.kind.spin(), value.map(str::trim)) {
        (OptionKind::Button, _, None) => OptionValue::Press,
        (OptionKind::Button, _, Some(_)) => return Err(bad("a button takes no value".to_string())),
        (_, _, None) => return Err(bad("missing value".to_string())),
        (OptionKind::Text { .. }, _, Some(text)) => OptionValue::Text(text.to_string()),
        (_, Some((_, min, max)), Some(text)) => {
            OptionValue::Spin(parse_spin(text, min, max).map_err(bad)?)
        }
        // A check's.
        (_, None, Some(text)) if text.eq_ignore_ascii_case("true") => OptionValue::Check(true),
        (_, None, Some(text)) if text.eq_ignore_ascii_case("false") => OptionValue::Check(false),
        (_, None, Some(text)) => return Err(bad(format!("'{}' is not true or false", echo(text)))),
    };
    Ok(SetOption { option, value })
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
    use crate::protocol::uci::OPTIONS;

    fn message(name: &str, value: Option<&str>) -> String {
        parse_option(name, value).unwrap_err().to_string()
    }

    fn parsed(name: &str, value: Option<&str>) -> (&'static str, OptionValue) {
        let set = parse_option(name, value).unwrap();
        (set.option.name, set.value)
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
                "option name UCI_Elo type spin default 1600 min 1350 max 2500",
            ]
        );
    }

    #[test]
    fn defaults_are_within_bounds_and_parse_back() {
        for option in OPTIONS {
            if let OptionKind::Spin {
                default, min, max, ..
            } = option.kind
            {
                assert!((min..=max).contains(&default), "{}", option.name);
                assert!(min >= 0, "{}: spins are counts and durations", option.name);
                let text = default.to_string();
                assert_eq!(
                    parsed(option.name, Some(&text)),
                    (option.name, OptionValue::Spin(default))
                );
            }
        }
    }

    #[test]
    fn values_by_kind() {
        assert_eq!(parsed("Hash", Some("64")), ("Hash", OptionValue::Spin(64)));
        assert_eq!(
            parsed("EvalFile", Some(" /nets/my net.nnue ")),
            (
                "EvalFile",
                OptionValue::Text("/nets/my net.nnue".to_string())
            )
        );
        assert_eq!(
            parsed("Ponder", Some("true")),
            ("Ponder", OptionValue::Check(true))
        );
        assert_eq!(
            parsed("Clear Hash", None),
            ("Clear Hash", OptionValue::Press)
        );
    }

    #[test]
    fn spins_are_stored_as_their_field_s_type() {
        assert_eq!(usize::from_uci(65536), 65536);
        assert_eq!(u32::from_uci(7), 7);
        assert_eq!(i32::from_uci(100), 100);
        assert_eq!(i64::from_uci(-5), -5);
        assert_eq!(Duration::from_uci(60000), Duration::from_secs(60));
        // Beyond a type's range (never accepted by the table) a value saturates.
        assert_eq!(u32::from_uci(-1), 0);
        assert_eq!(i32::from_uci(i64::MAX.into()), i32::MAX);
    }

    #[test]
    fn names_and_bools_are_case_insensitive() {
        assert_eq!(parsed("hash", Some("32")), ("Hash", OptionValue::Spin(32)));
        assert_eq!(
            parsed("MOVE OVERHEAD", Some("5")),
            parsed("Move Overhead", Some("5"))
        );
        assert_eq!(
            parsed("uci_chess960", Some("TRUE")),
            ("UCI_Chess960", OptionValue::Check(true))
        );
        assert_eq!(
            parsed(" Ponder ", Some(" False ")),
            ("Ponder", OptionValue::Check(false))
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
        assert!(message("UCI_Elo", Some("1349")).contains("outside 1350..=2500"));
        assert!(message("UCI_Elo", Some("2501")).contains("outside 1350..=2500"));
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
