//! What a `setoption` does beyond storing its value: resize or clear the hash table,
//! restart the thread pool, load a network or Syzygy tables, hand the probing policy to the
//! tables. The declaration of an option in `settings.rs` names its effect here.
//!
//! An effect sees the settings before and after the change, so it can act only when the
//! value changed (a resize clears the table) or every time (every `EvalFile` and
//! `SyzygyPath` is read again, since the files may have changed).

use super::options::SetOption;
use super::settings::EngineSettings;
use crate::chess::nnue::{CHESS_NETWORK, EMBEDDED_NAME};
use crate::chess::{syzygy, Position};
use crate::engine::Searcher;

/// What an effect acts on.
pub struct Change<'a> {
    /// The session's searcher.
    pub searcher: &'a mut Searcher<Position>,
    /// The settings with the new value; an effect that fails may put the old one back.
    pub settings: &'a mut EngineSettings,
    /// The settings before the change.
    pub previous: &'a EngineSettings,
}

/// A line an effect has for the GUI, printed as an `info string`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// What came of the change.
    Info(String),
    /// Why the change did not take effect, in whole or in part.
    Error(String),
}

/// An option's effect: acts on a change and says what came of it.
pub type Effect = fn(Change<'_>) -> Vec<Reply>;

impl SetOption {
    /// Stores the value in `settings`, then runs the option's effect on `searcher`.
    pub fn apply(
        &self,
        settings: &mut EngineSettings,
        searcher: &mut Searcher<Position>,
    ) -> Vec<Reply> {
        let previous = settings.clone();
        self.store(settings);
        self.option.effect.map_or_else(Vec::new, |effect| {
            effect(Change {
                searcher,
                settings,
                previous: &previous,
            })
        })
    }
}

/// `Hash`: a new table, only when the size changed (a new table is an empty one).
pub fn resize_hash(change: Change<'_>) -> Vec<Reply> {
    if change.settings.hash_mb != change.previous.hash_mb {
        change.searcher.set_hash_mb(change.settings.hash_mb);
    }
    Vec::new()
}

/// `Threads`: a new pool, only when the count changed.
pub fn restart_threads(change: Change<'_>) -> Vec<Reply> {
    if change.settings.threads != change.previous.threads {
        change.searcher.set_threads(change.settings.threads);
    }
    Vec::new()
}

/// `Clear Hash`: every press clears.
pub fn clear_hash(change: Change<'_>) -> Vec<Reply> {
    change.searcher.clear();
    Vec::new()
}

/// `Use NNUE` and `EvalFile`: evaluates from now on as the two say, or keeps the network in
/// use (and both values) when the file cannot be used.
pub fn select_network(change: Change<'_>) -> Vec<Reply> {
    let settings = change.settings;
    let file = &settings.eval_file;
    let embedded = file.is_empty() || file == "<empty>" || file == EMBEDDED_NAME;
    let path = (!embedded).then(|| std::path::Path::new(file));
    match CHESS_NETWORK.select(settings.use_nnue, path) {
        Ok(()) => vec![Reply::Info(match CHESS_NETWORK.current() {
            Some(net) => format!(
                "EvalFile: evaluating with {file} ({}x{})",
                net.shape().inputs,
                net.shape().hidden
            ),
            None => "EvalFile: evaluating by hand (no network)".to_string(),
        })],
        Err(e) => {
            settings.eval_file.clone_from(&change.previous.eval_file);
            settings.use_nnue = change.previous.use_nnue;
            vec![Reply::Error(format!(
                "EvalFile: {e}; the network in use stays"
            ))]
        }
    }
}

/// `SyzygyPath`: installs the tables and says what came of it: how many tables, every
/// directory or file left out, or why none are in use (the engine plays on).
pub fn load_syzygy_tables(change: Change<'_>) -> Vec<Reply> {
    match syzygy::set_path(&change.settings.syzygy_path) {
        Ok(Some(report)) => report
            .problems
            .iter()
            .map(|problem| Reply::Info(format!("SyzygyPath: {problem}")))
            .chain([Reply::Info(format!("SyzygyPath: {report}"))])
            .collect(),
        Ok(None) => vec![Reply::Info("SyzygyPath: no tables".to_string())],
        Err(e) => vec![Reply::Error(format!(
            "SyzygyPath: {e}; playing without tables"
        ))],
    }
}

/// `SyzygyProbeDepth`, `Syzygy50MoveRule` and `SyzygyProbeLimit`: the probing policy,
/// handed to the tables whole whichever of the three changed.
pub fn set_syzygy_policy(change: Change<'_>) -> Vec<Reply> {
    let settings = change.settings;
    syzygy::set_probe_depth(settings.syzygy_probe_depth);
    syzygy::set_fifty_move_rule(settings.syzygy_50_move_rule);
    syzygy::set_probe_limit(settings.syzygy_probe_limit);
    Vec::new()
}

/// A tuning build's tunables: the searches from now on use them.
#[cfg(feature = "tune")]
pub fn use_search_params(change: Change<'_>) -> Vec<Reply> {
    change.searcher.set_params(change.settings.search_params);
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::protocol::uci::options::parse_option;

    /// Nodes of a fixed-depth search of the start position: fewer when the searcher's
    /// tables remember an earlier one.
    fn nodes(searcher: &mut Searcher<Position>) -> u64 {
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        searcher
            .search_sync(Position::startpos(), Vec::new(), limits)
            .nodes
    }

    fn set(settings: &mut EngineSettings, searcher: &mut Searcher<Position>, name: &str) {
        let (name, value) = name
            .split_once('=')
            .map_or((name, None), |(n, v)| (n, Some(v)));
        let replies = parse_option(name, value).unwrap().apply(settings, searcher);
        assert_eq!(replies, [], "{name}");
    }

    #[test]
    fn the_table_is_kept_by_its_own_size_and_emptied_by_clear_hash() {
        let (mut settings, mut searcher) = (EngineSettings::default(), Searcher::new());
        // The same two searches by a searcher whose options were never set.
        let mut untouched = Searcher::new();
        let cold = nodes(&mut untouched);
        let warm = nodes(&mut untouched);
        assert_eq!(nodes(&mut searcher), cold);
        set(&mut settings, &mut searcher, "Hash=16");
        set(&mut settings, &mut searcher, "Threads=1");
        assert_eq!(nodes(&mut searcher), warm, "the same size keeps the table");
        set(&mut settings, &mut searcher, "Clear Hash");
        assert_eq!(nodes(&mut searcher), cold, "a press empties it");
    }

    #[test]
    fn an_unusable_network_file_keeps_both_values() {
        let (mut settings, mut searcher) = (EngineSettings::default(), Searcher::new());
        let change = parse_option("EvalFile", Some("/no/such/file.nnue")).unwrap();
        let replies = change.apply(&mut settings, &mut searcher);
        assert!(
            matches!(&replies[..], [Reply::Error(e)] if e.ends_with("the network in use stays")),
            "{replies:?}"
        );
        assert_eq!(settings, EngineSettings::default());
    }
}
