//! The draughts engine's settings, each declared once in the table of
//! [`draughts_settings!`]: its name, kind, default, the field of [`DraughtsSettings`] that
//! holds it and what a change of it redoes in a running Hub session.
//!
//! One name serves as the Hub parameter and as the command-line flag, and Hub GUIs send the
//! parameter names, so those fix the spelling. The table gives the `param` lines and the
//! `set-param` parsing of `tvilling hub`, and the flags of `tvilling hub` and `tvilling dxp`
//! (both flatten [`DraughtsSettings`]), so none of them can lack a setting or spell it
//! otherwise. The hash size is called `hash` and counts megabytes (Scan's `tt-size` is a
//! power of two, which a user cannot read at a glance).

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;

use super::hub::error::HubError;
use super::hub::output::hub_value;
use crate::draughts::book::{book_named, Book, BookError, EMBEDDED_BOOK_NAME};
use crate::draughts::egdb::{
    default_egdb_dir, set_up_tables, TableError, GENERATE_UP_TO, MAX_DB_PIECES,
};
use crate::draughts::generic::{Variant, DECLARED_NAMES};
use crate::draughts::nnue::EMBEDDED_NAME;
use crate::nnue::slot::NetworkSlot;
use crate::nnue::NetworkFileError;

/// Transposition-table size unless a setting changes it, in megabytes.
pub const DEFAULT_HASH_MB: usize = 64;

/// What values a setting takes, for its `param` line and its parsing.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// `true` or `false`.
    Bool,
    /// An integer in `min..=max`.
    Int {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// Any text.
    Text,
    /// A variant by one of its declared names.
    Variant,
}

/// What a change of a setting must redo in a running Hub session beyond storing the value
/// (the command lines only start with them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing: the value is read where it is used.
    Store,
    /// The searcher is sized again.
    Resize,
    /// The endgame tables are set up again.
    Tables,
    /// The evaluation is chosen again ([`DraughtsSettings::select_network`]).
    Network,
    /// The opening book is read again ([`DraughtsSettings::read_book`]).
    Book,
    /// A game of the variant starts, with a searcher of its own.
    Variant,
}

/// One setting of the table.
struct Setting {
    name: &'static str,
    kind: Kind,
    effect: Effect,
    /// The value now, as the `param` line shows it.
    text: fn(&DraughtsSettings) -> String,
    /// Stores the value a `set-param` gives; `None` when the text is not one of the kind.
    set: fn(&mut DraughtsSettings, &str) -> Option<()>,
}

/// A setting's type, read from and shown as Hub text (that it fits the kind, an integer's
/// range, is checked before).
trait SettingValue: Sized {
    fn parse(text: &str) -> Option<Self>;
    fn text(&self) -> String;
}

impl<T: FromStr + ToString> SettingValue for T {
    fn parse(text: &str) -> Option<Self> {
        text.parse().ok()
    }
    fn text(&self) -> String {
        self.to_string()
    }
}

impl SettingValue for Variant {
    fn parse(text: &str) -> Option<Self> {
        Variant::from_name(text)
    }
    fn text(&self) -> String {
        self.name().to_string()
    }
}

/// Declares the settings, in the order the `param` lines are sent, each as
/// `"name" = kind => field: Type = default, then effect;`:
/// - kinds: `int("VALUE NAME", min..=max)`, `bool`, `text("VALUE NAME")`, `variant` (the
///   value name is the flag's in `--help`); an entry that ends in `, hub only` is a Hub
///   parameter and no flag;
/// - `alias "old"` after the kind keeps an older flag's name working, unlisted;
/// - the doc is the flag's `--help` text, `then effect` names the [`Effect`] (none: `Store`).
///
/// The entries are read one at a time into three lists (the struct's fields, their
/// defaults, the table's entries), since a Hub-only field takes other attributes than a flag's.
macro_rules! draughts_settings {
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]
        $(#[doc = $doc:literal])*
        $name:literal = $kind:ident $(($($arg:tt)*))? $(, alias $alias:literal)?
            => $field:ident: $type:ty = $default:expr $(, then $effect:ident)?;
        $($rest:tt)*
    ) => {
        draughts_settings!(@read
            [$($fields)*
                $(#[doc = $doc])*
                #[arg(long = $name, default_value_t = $default, action = clap::ArgAction::Set,
                      value_name = draughts_settings!(@value_name $kind $(($($arg)*))?),
                      value_parser = draughts_settings!(@parser $kind $(($($arg)*))?)
                      $(, alias = $alias)?)]
                pub $field: $type,
            ]
            [$($defaults)* $field: $default,]
            [$($table)* draughts_settings!(@entry $name, $kind $(($($arg)*))?, $field $(, $effect)?),]
            $($rest)*
        );
    };
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]
        $(#[doc = $doc:literal])*
        $name:literal = $kind:ident $(($($arg:tt)*))?, hub only
            => $field:ident: $type:ty = $default:expr $(, then $effect:ident)?;
        $($rest:tt)*
    ) => {
        draughts_settings!(@read
            [$($fields)* $(#[doc = $doc])* #[arg(skip = $default)] pub $field: $type,]
            [$($defaults)* $field: $default,]
            [$($table)* draughts_settings!(@entry $name, $kind $(($($arg)*))?, $field $(, $effect)?),]
            $($rest)*
        );
    };
    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*]) => {
        /// The draughts engine's settings, as the command line starts them and `set-param`
        /// changes them.
        ///
        /// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
        #[derive(clap::Parser, Clone, Debug, PartialEq, Eq)]
        pub struct DraughtsSettings {
            $($fields)*
        }

        impl Default for DraughtsSettings {
            fn default() -> Self {
                Self { $($defaults)* }
            }
        }

        /// Every setting, in the order the `param` lines are sent.
        const SETTINGS: &[Setting] = &[$($table)*];
    };

    (@value_name int($value_name:literal, $($range:tt)*)) => { $value_name };
    (@value_name bool) => { "BOOL" };
    (@value_name text($value_name:literal)) => { $value_name };
    (@parser int($value_name:literal, $min:tt..=$max:tt)) => {
        clap::builder::RangedU64ValueParser::<usize>::new().range($min as u64..=$max as u64)
    };
    (@parser bool) => { clap::value_parser!(bool) };
    (@parser text($value_name:literal)) => { clap::value_parser!(String) };

    (@entry $name:literal, $kind:ident $(($($arg:tt)*))?, $field:ident $(, $effect:ident)?) => {
        Setting {
            name: $name,
            kind: draughts_settings!(@kind $kind $(($($arg)*))?),
            effect: draughts_settings!(@effect $($effect)?),
            text: |settings| settings.$field.text(),
            set: |settings, text| {
                settings.$field = SettingValue::parse(text)?;
                Some(())
            },
        }
    };
    (@kind int($value_name:literal, $min:tt..=$max:tt)) => { Kind::Int { min: $min as u64, max: $max as u64 } };
    (@kind bool) => { Kind::Bool };
    (@kind text($value_name:literal)) => { Kind::Text };
    (@kind variant) => { Kind::Variant };
    (@effect) => { Effect::Store };
    (@effect $effect:ident) => { Effect::$effect };

    (@read [$($fields:tt)*] [$($defaults:tt)*] [$($table:tt)*] $($rest:tt)*) => {
        compile_error!(concat!("draughts_settings!: cannot read the entry ", stringify!($($rest)*)));
    };
    ($($entries:tt)*) => { draughts_settings!(@read [] [] [] $($entries)*); };
}

draughts_settings! {
    /// The game: `normal` (international draughts) or a variant.
    "variant" = variant, hub only => variant: Variant = Variant::International, then Variant;
    /// Search threads.
    "threads" = int("N", 1..=256) => threads: usize = 1, then Resize;
    /// Transposition-table size in MB.
    "hash" = int("MB", 1..=65536) => hash: usize = DEFAULT_HASH_MB, then Resize;
    /// The GUI will let us ponder, so a timed move may take more time.
    "ponder" = bool, hub only => ponder: bool = false;
    /// Where the endgame tables are, made there when missing ($TVILLING_EGDB, else the
    /// user's data directory).
    "egdb-dir" = text("DIR"), alias "egdb"
        => egdb_dir: String = default_egdb_dir().display().to_string(), then Tables;
    /// Use endgame tables of up to N pieces (0: none).
    "egdb-pieces" = int("N", 0..=MAX_DB_PIECES) => egdb_pieces: usize = GENERATE_UP_TO as usize, then Tables;
    /// Whether the network `--evalfile` names evaluates (false: the hand-written evaluation).
    "nnue" = bool => nnue: bool = true, then Network;
    /// The draughts evaluation network: the embedded one (by its name, or empty) or a file.
    "evalfile" = text("NET") => evalfile: String = EMBEDDED_NAME.to_string(), then Network;
    /// Whether moves come from the opening book while the game is in it (false: every move
    /// is searched).
    "book" = bool => book: bool = true;
    /// The opening book: the embedded one (by its name, or empty) or a file.
    "book-file" = text("FILE") => book_file: String = EMBEDDED_BOOK_NAME.to_string(), then Book;
}

/// Why a network or a book that the settings name cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingError {
    /// The `evalfile` network.
    #[error("evalfile: {0}")]
    Network(#[from] NetworkFileError),
    /// The `book-file` book.
    #[error("book-file: {0}")]
    Book(#[from] BookError),
}

impl DraughtsSettings {
    /// The `param` lines of the Hub handshake, one a setting with its value now.
    pub fn param_lines(&self) -> Vec<String> {
        SETTINGS
            .iter()
            .map(|setting| {
                let kind = match setting.kind {
                    Kind::Bool => "bool".to_string(),
                    Kind::Int { min, max } => format!("int min={min} max={max}"),
                    Kind::Text => "string".to_string(),
                    Kind::Variant => {
                        format!("enum values={}", hub_value(&DECLARED_NAMES.join(" ")))
                    }
                };
                let value = hub_value(&(setting.text)(self));
                format!("param name={} value={value} type={kind}", setting.name)
            })
            .collect()
    }

    /// These settings with `set-param name=<name> value=<value>` applied, and what the
    /// change redoes: `None` for a name we do not declare, which is ignored (§2: unknown
    /// names are skipped, as Scan does, so a GUI may set another engine's parameters), an
    /// error for a bad value.
    pub fn with(&self, name: &str, value: &str) -> Result<Option<(Self, Effect)>, HubError> {
        let Some(setting) = SETTINGS.iter().find(|setting| setting.name == name) else {
            return Ok(None);
        };
        let fits = match setting.kind {
            Kind::Int { min, max } => value.parse().is_ok_and(|n: u64| (min..=max).contains(&n)),
            Kind::Variant => DECLARED_NAMES.contains(&value),
            Kind::Bool | Kind::Text => true,
        };
        let mut changed = self.clone();
        let set = fits.then(|| (setting.set)(&mut changed, value)).flatten();
        let expected = || match setting.kind {
            Kind::Bool => "true or false".to_string(),
            Kind::Int { min, max } => format!("an integer from {min} to {max}"),
            Kind::Text => "text".to_string(),
            Kind::Variant => format!("one of {}", DECLARED_NAMES.join(", ")),
        };
        set.ok_or_else(|| HubError::bad_value(name, value, expected()))?;
        Ok(Some((changed, setting.effect)))
    }

    /// Makes `slot` evaluate as `nnue` and `evalfile` say: by hand, with the embedded
    /// network (its own name, or nothing), or with the file at that path. A file that cannot
    /// be used is an error, and the evaluation in use stays.
    pub fn select_network(&self, slot: &NetworkSlot) -> Result<(), SettingError> {
        let file = &self.evalfile;
        let embedded = file.is_empty() || file == EMBEDDED_NAME;
        Ok(slot.select(self.nnue, (!embedded).then(|| Path::new(file)))?)
    }

    /// The opening book `book-file` names.
    pub fn read_book(&self) -> Result<Arc<Book>, SettingError> {
        Ok(book_named(&self.book_file)?)
    }

    /// Installs the endgame tables `egdb-dir` and `egdb-pieces` ask for; missing small ones
    /// are made in the background. A damaged table is an error and no tables are used.
    pub fn set_up_tables(&self) -> Result<u32, TableError> {
        // The table says at most 5, so the cast cannot truncate.
        set_up_tables(Path::new(&self.egdb_dir), self.egdb_pieces as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::error::ErrorKind;
    use clap::Parser;

    fn set(name: &str, value: &str) -> Result<Option<DraughtsSettings>, HubError> {
        let settings = DraughtsSettings::default().with(name, value)?;
        Ok(settings.map(|(settings, _)| settings))
    }

    fn parse(line: &str) -> Result<DraughtsSettings, clap::Error> {
        DraughtsSettings::try_parse_from(std::iter::once("hub").chain(line.split_whitespace()))
    }

    #[test]
    fn param_lines_declare_every_parameter() {
        assert_eq!(
            DraughtsSettings::default().param_lines(),
            vec![
                "param name=variant value=normal type=enum values=\"normal killer bt frisian losing \
                 standard breakthrough frysk! antidraughts brazilian russian english italian \
                 turkish\"",
                "param name=threads value=1 type=int min=1 max=256",
                "param name=hash value=64 type=int min=1 max=65536",
                "param name=ponder value=false type=bool",
                &format!(
                    "param name=egdb-dir value={} type=string",
                    hub_value(&default_egdb_dir().display().to_string())
                ),
                "param name=egdb-pieces value=4 type=int min=0 max=5",
                "param name=nnue value=true type=bool",
                "param name=evalfile value=draughts-gen5.nnue type=string",
                "param name=book value=true type=bool",
                "param name=book-file value=draughts.book type=string",
            ]
        );
    }

    #[test]
    fn param_lines_show_the_values_in_force() {
        let (settings, _) = DraughtsSettings::default()
            .with("variant", "russian")
            .unwrap()
            .unwrap();
        let lines = settings
            .with("book", "false")
            .unwrap()
            .unwrap()
            .0
            .param_lines();
        assert!(
            lines[0].starts_with("param name=variant value=russian "),
            "{lines:?}"
        );
        assert_eq!(lines[8], "param name=book value=false type=bool");
    }

    #[test]
    fn param_lines_are_pure_name_value_pairs() {
        for line in DraughtsSettings::default().param_lines() {
            // A quoted value (the variant list) is one token however many blanks it holds.
            let tokens = line.split('"').step_by(2).collect::<Vec<_>>().join("\"\"");
            for token in tokens.split(' ').skip(1) {
                assert_eq!(token.split('=').count(), 2, "{line}");
            }
        }
    }

    #[test]
    fn accepted_values_and_their_effects() {
        let defaults = DraughtsSettings::default();
        let changed = |change: fn(&mut DraughtsSettings)| {
            let mut settings = DraughtsSettings::default();
            change(&mut settings);
            settings
        };
        for (name, value, settings, effect) in [
            ("variant", "normal", changed(|_| {}), Effect::Variant),
            (
                "variant",
                "antidraughts",
                changed(|s| s.variant = Variant::Losing),
                Effect::Variant,
            ),
            (
                "variant",
                "bt",
                changed(|s| s.variant = Variant::Breakthrough),
                Effect::Variant,
            ),
            ("threads", "1", changed(|_| {}), Effect::Resize),
            (
                "threads",
                "256",
                changed(|s| s.threads = 256),
                Effect::Resize,
            ),
            ("hash", "65536", changed(|s| s.hash = 65536), Effect::Resize),
            (
                "ponder",
                "true",
                changed(|s| s.ponder = true),
                Effect::Store,
            ),
            ("ponder", "false", changed(|_| {}), Effect::Store),
            (
                "egdb-dir",
                "/data/egdb",
                changed(|s| s.egdb_dir = "/data/egdb".into()),
                Effect::Tables,
            ),
            (
                "egdb-pieces",
                "0",
                changed(|s| s.egdb_pieces = 0),
                Effect::Tables,
            ),
            (
                "nnue",
                "false",
                changed(|s| s.nnue = false),
                Effect::Network,
            ),
            (
                "evalfile",
                "/nets/d.nnue",
                changed(|s| s.evalfile = "/nets/d.nnue".into()),
                Effect::Network,
            ),
            ("book", "false", changed(|s| s.book = false), Effect::Store),
            (
                "book-file",
                "/books/d.book",
                changed(|s| s.book_file = "/books/d.book".into()),
                Effect::Book,
            ),
        ] {
            assert_eq!(
                defaults.with(name, value),
                Ok(Some((settings, effect))),
                "{name}={value}"
            );
        }
    }

    #[test]
    fn unknown_names_and_rejected_values() {
        assert_eq!(set("book-ply", "4"), Ok(None));
        for (name, value) in [
            ("variant", "checkers"),
            ("variant", "Normal"),
            ("threads", "0"),
            ("threads", "257"),
            ("threads", "two"),
            ("hash", "0"),
            ("hash", "65537"),
            ("hash", "-5"),
            ("ponder", "yes"),
            ("egdb-pieces", "6"),
            ("book", "1"),
        ] {
            assert!(
                matches!(set(name, value), Err(HubError::BadValue { .. })),
                "{name}={value}"
            );
        }
        assert_eq!(
            set("threads", "0").unwrap_err().to_string(),
            "bad value '0' for threads: expected an integer from 1 to 256"
        );
    }

    #[test]
    fn command_line_flags_are_the_parameters() {
        let defaults = DraughtsSettings::default();
        assert_eq!(parse("").unwrap(), defaults);
        assert_eq!(
            parse(
                "--egdb-dir /data/egdb --egdb-pieces 5 --evalfile n.nnue --book-file b.book \
                 --threads 2 --hash 128"
            )
            .unwrap(),
            DraughtsSettings {
                evalfile: "n.nnue".into(),
                egdb_dir: "/data/egdb".into(),
                egdb_pieces: 5,
                book_file: "b.book".into(),
                threads: 2,
                hash: 128,
                ..defaults.clone()
            }
        );
        assert_eq!(
            parse("--nnue false --egdb-pieces 0 --book false").unwrap(),
            DraughtsSettings {
                nnue: false,
                egdb_pieces: 0,
                book: false,
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
            ("--nnue", ErrorKind::InvalidValue, "a value is required"),
            (
                "--book maybe",
                ErrorKind::InvalidValue,
                "invalid value 'maybe' for '--book <BOOL>'",
            ),
            (
                "--variant russian",
                ErrorKind::UnknownArgument,
                "unexpected argument '--variant'",
            ),
            (
                "--no-book",
                ErrorKind::UnknownArgument,
                "unexpected argument '--no-book'",
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
