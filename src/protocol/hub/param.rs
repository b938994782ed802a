//! The engine parameters we declare to a Hub GUI, in one table.
//!
//! The same table produces the `param` lines of the handshake and checks `set-param`, so a
//! parameter cannot be declared without being accepted or the other way round. The hash size
//! is called `hash` and counts megabytes (Scan's `tt-size` is a power of two, which a user
//! cannot read at a glance).

use super::error::HubError;
use super::output::hub_value;
use crate::draughts::egdb::{default_egdb_dir, GENERATE_UP_TO, MAX_DB_PIECES};
use crate::draughts::generic::{Variant, DECLARED_NAMES};

/// Transposition-table size declared to the GUI, in megabytes; the session allocates it at
/// `init` unless `set-param` changed it.
pub const DEFAULT_HASH_MB: usize = 64;

/// What kind of value a parameter takes, with its default.
#[derive(Clone, Copy, Debug)]
enum ParamKind {
    Text {
        default: fn() -> String,
        change: fn(String) -> ParamChange,
    },
    Bool {
        default: bool,
        change: fn(bool) -> ParamChange,
    },
    Int {
        default: i64,
        min: i64,
        max: i64,
        change: fn(usize) -> ParamChange,
    },
    Enum {
        default: &'static str,
        values: &'static [&'static str],
    },
}

/// One declared parameter.
#[derive(Clone, Copy, Debug)]
struct ParamSpec {
    name: &'static str,
    kind: ParamKind,
}

/// Every parameter we declare, in the order the `param` lines are sent.
const PARAMS: [ParamSpec; 10] = [
    ParamSpec {
        name: "variant",
        kind: ParamKind::Enum {
            default: "normal",
            values: &DECLARED_NAMES,
        },
    },
    ParamSpec {
        name: "threads",
        kind: ParamKind::Int {
            default: 1,
            min: 1,
            max: 256,
            change: ParamChange::Threads,
        },
    },
    ParamSpec {
        name: "hash",
        kind: ParamKind::Int {
            default: DEFAULT_HASH_MB as i64,
            min: 1,
            max: 65536,
            change: ParamChange::HashMb,
        },
    },
    ParamSpec {
        name: "ponder",
        kind: ParamKind::Bool {
            default: false,
            change: ParamChange::Ponder,
        },
    },
    ParamSpec {
        name: "egdb-dir",
        kind: ParamKind::Text {
            default: || default_egdb_dir().display().to_string(),
            change: ParamChange::EgdbDir,
        },
    },
    ParamSpec {
        name: "egdb-pieces",
        kind: ParamKind::Int {
            default: GENERATE_UP_TO as i64,
            min: 0,
            max: MAX_DB_PIECES as i64,
            change: ParamChange::EgdbPieces,
        },
    },
    ParamSpec {
        name: "nnue",
        kind: ParamKind::Bool {
            default: true,
            change: ParamChange::Nnue,
        },
    },
    ParamSpec {
        name: "evalfile",
        kind: ParamKind::Text {
            default: || crate::draughts::nnue::EMBEDDED_NAME.to_string(),
            change: ParamChange::EvalFile,
        },
    },
    ParamSpec {
        name: "book",
        kind: ParamKind::Bool {
            default: true,
            change: ParamChange::Book,
        },
    },
    ParamSpec {
        name: "book-file",
        kind: ParamKind::Text {
            default: || crate::draughts::book::EMBEDDED_BOOK_NAME.to_string(),
            change: ParamChange::BookFile,
        },
    },
];

/// A parameter change asked for by `set-param`, checked and typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamChange {
    /// `variant`: which game to play.
    Variant(Variant),
    /// `threads`: number of search threads.
    Threads(usize),
    /// `hash`: transposition-table size in megabytes.
    HashMb(usize),
    /// `ponder`: whether the GUI will let us ponder (changes time budgeting).
    Ponder(bool),
    /// `egdb-dir`: where the endgame tables are (and are made when missing).
    EgdbDir(String),
    /// `egdb-pieces`: tables of up to this many pieces are used (0: none).
    EgdbPieces(usize),
    /// `nnue`: evaluate with the network (`evalfile`), or by hand.
    Nnue(bool),
    /// `evalfile`: the evaluation network to load (empty: the embedded one).
    EvalFile(String),
    /// `book`: answer from the opening book when the position is in it (international
    /// draughts only).
    Book(bool),
    /// `book-file`: the opening book to load (empty: the embedded one).
    BookFile(String),
}

/// The `param` lines of the handshake, one per declared parameter, without newlines.
pub fn param_lines() -> Vec<String> {
    PARAMS
        .iter()
        .map(|spec| {
            let name = spec.name;
            match spec.kind {
                ParamKind::Text { default, .. } => {
                    format!(
                        "param name={name} value={} type=string",
                        hub_value(&default())
                    )
                }
                ParamKind::Bool { default, .. } => {
                    format!("param name={name} value={default} type=bool")
                }
                ParamKind::Int {
                    default, min, max, ..
                } => {
                    format!("param name={name} value={default} type=int min={min} max={max}")
                }
                ParamKind::Enum { default, values } => format!(
                    "param name={name} value={default} type=enum values={}",
                    hub_value(&values.join(" "))
                ),
            }
        })
        .collect()
}

/// Checks `set-param name=<name> value=<value>` against the table: `None` for a name we do
/// not declare, which is ignored (§2: unknown names are skipped, as Scan does, so a GUI
/// may set another engine's parameters), an error for a bad value.
pub fn parse_param(name: &str, value: &str) -> Result<Option<ParamChange>, HubError> {
    let Some(spec) = PARAMS.iter().find(|spec| spec.name == name) else {
        return Ok(None);
    };
    let bad = |expected: String| HubError::BadValue {
        field: name.to_string(),
        value: value.to_string(),
        expected,
    };
    let change = match spec.kind {
        ParamKind::Text { change, .. } => Ok(change(value.to_string())),
        ParamKind::Bool { change, .. } => match value {
            "true" => Ok(change(true)),
            "false" => Ok(change(false)),
            _ => Err(bad("true or false".into())),
        },
        ParamKind::Int {
            min, max, change, ..
        } => value
            .parse::<i64>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .and_then(|n| usize::try_from(n).ok())
            .map(change)
            .ok_or_else(|| bad(format!("an integer from {min} to {max}"))),
        ParamKind::Enum { values, .. } => Variant::from_name(value)
            .filter(|_| values.contains(&value))
            .map(ParamChange::Variant)
            .ok_or_else(|| bad(format!("one of {}", values.join(", ")))),
    };
    change.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn param_lines_declare_every_parameter() {
        assert_eq!(
            param_lines(),
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
    fn param_lines_are_pure_name_value_pairs() {
        for line in param_lines() {
            // A quoted value (the variant list) is one token however many blanks it holds.
            let tokens = line.split('"').step_by(2).collect::<Vec<_>>().join("\"\"");
            for token in tokens.split(' ').skip(1) {
                assert_eq!(token.split('=').count(), 2, "{line}");
            }
        }
    }

    #[test]
    fn accepted_values() {
        assert_eq!(
            parse_param("variant", "normal"),
            Ok(Some(ParamChange::Variant(Variant::International)))
        );
        assert_eq!(
            parse_param("variant", "antidraughts"),
            Ok(Some(ParamChange::Variant(Variant::Losing)))
        );
        assert_eq!(
            parse_param("variant", "bt"),
            Ok(Some(ParamChange::Variant(Variant::Breakthrough)))
        );
        assert_eq!(
            parse_param("threads", "1"),
            Ok(Some(ParamChange::Threads(1)))
        );
        assert_eq!(
            parse_param("threads", "256"),
            Ok(Some(ParamChange::Threads(256)))
        );
        assert_eq!(
            parse_param("hash", "65536"),
            Ok(Some(ParamChange::HashMb(65536)))
        );
        assert_eq!(
            parse_param("ponder", "true"),
            Ok(Some(ParamChange::Ponder(true)))
        );
        assert_eq!(
            parse_param("ponder", "false"),
            Ok(Some(ParamChange::Ponder(false)))
        );
        assert_eq!(
            parse_param("egdb-dir", "/data/egdb"),
            Ok(Some(ParamChange::EgdbDir("/data/egdb".into())))
        );
        assert_eq!(
            parse_param("egdb-pieces", "0"),
            Ok(Some(ParamChange::EgdbPieces(0)))
        );
        assert_eq!(
            parse_param("evalfile", "/nets/d.nnue"),
            Ok(Some(ParamChange::EvalFile("/nets/d.nnue".into())))
        );
        assert_eq!(
            parse_param("book", "false"),
            Ok(Some(ParamChange::Book(false)))
        );
        assert_eq!(
            parse_param("book-file", "/books/d.book"),
            Ok(Some(ParamChange::BookFile("/books/d.book".into())))
        );
    }

    #[test]
    fn unknown_names_and_rejected_values() {
        assert_eq!(parse_param("book-ply", "4"), Ok(None));
        for (name, value) in [
            ("variant", "checkers"),
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
                matches!(parse_param(name, value), Err(HubError::BadValue { .. })),
                "{name}={value}"
            );
        }
        assert_eq!(
            parse_param("threads", "0").unwrap_err().to_string(),
            "bad value '0' for threads: expected an integer from 1 to 256"
        );
    }
}
