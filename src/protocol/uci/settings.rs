//! Every UCI option, declared once in the table of [`uci_options!`]: its name, type, bounds
//! and default, the field of [`EngineSettings`] that holds its value, and the effect a
//! `setoption` of it has beyond storing the value ([`super::option_effects`]).
//!
//! One declaration gives the settings struct, its defaults and the [`OPTIONS`] table the
//! `uci` answer and the `setoption` parser read, so they cannot disagree.

use super::option_effects;
use super::options::{OptionKind, UciInteger, UciOption};
use super::strength::{DEFAULT_ELO, MAX_ELO, MIN_ELO};
use crate::chess::nnue::EMBEDDED_NAME;
use std::time::Duration;

/// Declares the options, in the order the `uci` answer lists them, each as
/// `"Name" = kind(default, min..=max) => field: Type, then effect;`:
/// - kinds: `spin(default, min..=max)`, `check(default)`, `string(default)`, `button`;
/// - `=> field: Type` names the field of [`EngineSettings`] that holds the value (a button
///   has none), its doc the option's; a spin is stored through [`UciInteger`], a duration in
///   milliseconds;
/// - `then effect` names the function of [`super::option_effects`] that acts on a change.
///
/// The entries are read one at a time into three lists (the struct's fields, their
/// defaults, the table's entries), since a button adds to the table only.
macro_rules! uci_options {
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]
        $(#[doc = $doc:literal])*
        $name:literal = button, then $effect:ident;
        $($rest:tt)*
    ) => {
        uci_options!(@read [$($fields)*] [$($defaults)*] [$($table)*
            UciOption {
                name: $name,
                kind: OptionKind::Button,
                effect: Some(option_effects::$effect),
            },
        ] $($rest)*);
    };
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]
        $(#[doc = $doc:literal])*
        $name:literal = $kind:ident($($arg:tt)*) => $field:ident: $type:ty $(, then $effect:ident)?;
        $($rest:tt)*
    ) => {
        uci_options!(@read
            [$($fields)* $(#[doc = $doc])* pub $field: $type,]
            [$($defaults)* $field: uci_options!(@default $kind($($arg)*)),]
            [$($table)*
                UciOption {
                    name: $name,
                    kind: uci_options!(@kind $kind($($arg)*), $field),
                    effect: uci_options!(@effect $($effect)?),
                },
            ]
            $($rest)*
        );
    };
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]) => {
        /// The option values in force for a UCI session.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct EngineSettings {
            $($fields)*
            /// A tuning build's tunable search constants: the options of
            /// [`super::tuning::options`], chess's values until one is set.
            #[cfg(feature = "tune")]
            pub search_params: crate::engine::SearchParams,
        }

        impl Default for EngineSettings {
            fn default() -> Self {
                Self {
                    $($defaults)*
                    #[cfg(feature = "tune")]
                    search_params: super::tuning::CHESS_PARAMS,
                }
            }
        }

        /// Every declared option, in the order the `uci` answer lists them.
        pub const OPTIONS: &[UciOption] = &[$($table)*];
    };

    (@default spin($default:expr, $min:tt..=$max:tt)) => {
        UciInteger::from_uci(i128::from($default))
    };
    (@default check($default:expr)) => { $default };
    (@default string($default:expr)) => { String::from($default) };

    (@kind spin($default:expr, $min:tt..=$max:tt), $field:ident) => {
        OptionKind::Spin {
            default: $default,
            min: $min,
            max: $max,
            set: |settings, value| {
                settings.$field = UciInteger::from_uci(i128::from(value))
            },
        }
    };
    (@kind check($default:expr), $field:ident) => {
        OptionKind::Check {
            default: $default,
            set: |settings, on| settings.$field = on,
        }
    };
    (@kind string($default:expr), $field:ident) => {
        OptionKind::Text {
            default: $default,
            set: |settings, text| settings.$field = text,
        }
    };

    (@effect) => { None };
    (@effect $effect:ident) => { Some(option_effects::$effect) };

    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*] $($rest:tt)*) => {
        compile_error!(concat!("uci_options!: cannot read the entry ", stringify!($($rest)*)));
    };
    ($($entries:tt)*) => { uci_options!(@read [] [] [] $($entries)*); };
}

uci_options! {
    /// Transposition-table size in MiB.
    "Hash" = spin(16, 1..=65536) => hash_mb: usize, then resize_hash;
    /// Search threads.
    "Threads" = spin(1, 1..=256) => threads: usize, then restart_threads;
    /// Principal variations reported.
    "MultiPV" = spin(1, 1..=256) => multipv: usize;
    /// The GUI may send `go ponder` (informational).
    "Ponder" = check(false) => ponder: bool;
    /// Chess960 castling notation and FENs.
    "UCI_Chess960" = check(false) => chess960: bool;
    /// Time lost between our `bestmove` and the GUI stopping our clock.
    "Move Overhead" = spin(10, 0..=5000) => move_overhead: Duration;
    /// Empties the transposition table.
    "Clear Hash" = button, then clear_hash;
    /// Append `wdl W D L` to `info` lines.
    "UCI_ShowWDL" = check(false) => show_wdl: bool;
    /// Simple/Bronstein delay of the time control (UCI cannot send it).
    "Move Delay" = spin(0, 0..=60000) => move_delay: Duration;
    /// Whether the network evaluates (else the hand-written evaluation).
    "Use NNUE" = check(true) => use_nnue: bool, then select_network;
    /// The evaluation network asked for: a path, or the embedded network's name.
    "EvalFile" = string(EMBEDDED_NAME) => eval_file: String, then select_network;
    /// Syzygy table directories asked for (`<empty>`: none).
    "SyzygyPath" = string("<empty>") => syzygy_path: String, then load_syzygy_tables;
    /// Least depth at which the search probes positions as big as the largest tables.
    "SyzygyProbeDepth" = spin(1, 1..=100) => syzygy_probe_depth: i32, then set_syzygy_policy;
    /// Whether cursed wins and blessed losses count as draws.
    "Syzygy50MoveRule" = check(true) => syzygy_50_move_rule: bool, then set_syzygy_policy;
    /// Most pieces of a position the search probes.
    "SyzygyProbeLimit" = spin(7, 0..=7) => syzygy_probe_limit: u32, then set_syzygy_policy;
    /// Play at the strength `UCI_Elo` names instead of full strength.
    "UCI_LimitStrength" = check(false) => limit_strength: bool;
    /// The Elo to play at when strength is limited.
    "UCI_Elo" = spin(DEFAULT_ELO, MIN_ELO..=MAX_ELO) => elo: i64;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::options::parse_option;

    /// The default settings after `setoption name <name> value <value>`.
    fn after(name: &str, value: &str) -> EngineSettings {
        let mut settings = EngineSettings::default();
        parse_option(name, Some(value))
            .unwrap()
            .store(&mut settings);
        settings
    }

    #[test]
    fn defaults_come_from_the_table() {
        assert_eq!(
            EngineSettings::default(),
            EngineSettings {
                hash_mb: 16,
                threads: 1,
                multipv: 1,
                ponder: false,
                chess960: false,
                move_overhead: Duration::from_millis(10),
                show_wdl: false,
                move_delay: Duration::ZERO,
                eval_file: EMBEDDED_NAME.to_string(),
                use_nnue: true,
                syzygy_path: "<empty>".to_string(),
                syzygy_probe_depth: 1,
                syzygy_50_move_rule: true,
                syzygy_probe_limit: 7,
                limit_strength: false,
                elo: DEFAULT_ELO,
                #[cfg(feature = "tune")]
                search_params: crate::engine::SearchParams::STANDARD,
            }
        );
    }

    #[test]
    fn every_option_is_stored_in_its_field() {
        assert_eq!(after("Hash", "64").hash_mb, 64);
        assert_eq!(after("Threads", "8").threads, 8);
        assert_eq!(after("MultiPV", "3").multipv, 3);
        assert!(after("Ponder", "true").ponder);
        assert!(!after("UCI_Chess960", "false").chess960);
        assert_eq!(after("Move Overhead", "0").move_overhead, Duration::ZERO);
        assert!(after("UCI_ShowWDL", "true").show_wdl);
        assert_eq!(
            after("Move Delay", "60000").move_delay,
            Duration::from_secs(60)
        );
        assert!(!after("use nnue", "false").use_nnue);
        assert_eq!(
            after("EvalFile", " /nets/my net.nnue ").eval_file,
            "/nets/my net.nnue"
        );
        assert_eq!(
            after("SyzygyPath", "/tb/wdl:/tb/dtz").syzygy_path,
            "/tb/wdl:/tb/dtz"
        );
        assert_eq!(after("SyzygyProbeDepth", "100").syzygy_probe_depth, 100);
        assert!(!after("Syzygy50MoveRule", "false").syzygy_50_move_rule);
        assert_eq!(after("SyzygyProbeLimit", "0").syzygy_probe_limit, 0);
        assert!(after("UCI_LimitStrength", "true").limit_strength);
        assert_eq!(after("UCI_Elo", "2000").elo, 2000);
    }

    #[test]
    fn changes_are_recorded() {
        let mut s = EngineSettings::default();
        for (name, value) in [
            ("multipv", "3"),
            ("Ponder", "true"),
            ("UCI_Chess960", "true"),
            ("Move Overhead", "50"),
            ("UCI_ShowWDL", "true"),
            ("Move Delay", "2000"),
            ("UCI_LimitStrength", "true"),
            ("UCI_Elo", "1500"),
        ] {
            let change = parse_option(name, Some(value)).unwrap();
            assert!(change.option.effect.is_none(), "{name} needs no action");
            change.store(&mut s);
        }
        assert_eq!(s.multipv, 3);
        assert!(s.ponder && s.chess960 && s.show_wdl);
        assert_eq!(s.move_overhead, Duration::from_millis(50));
        assert_eq!(s.move_delay, Duration::from_secs(2));
        assert!(s.limit_strength);
        assert_eq!(s.elo, 1500);
    }

    #[test]
    fn a_button_stores_nothing() {
        let mut s = EngineSettings::default();
        parse_option("Clear Hash", None).unwrap().store(&mut s);
        assert_eq!(s, EngineSettings::default());
    }
}
