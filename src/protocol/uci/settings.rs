//! The current value of every engine option, starting from the defaults of the option table
//! and changed only through validated [`OptionChange`]s.
//!
//! Keeping the values apart from the table means the session holds one plain struct, and
//! the defaults cannot drift from what the `uci` answer announces: both come from
//! [`OPTIONS`](super::options::OPTIONS).

use super::options::{default_changes, OptionChange};
use std::time::Duration;

/// Option values in force for a UCI session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSettings {
    /// Transposition-table size in MiB.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations reported.
    pub multipv: usize,
    /// The GUI may send `go ponder`.
    pub ponder: bool,
    /// Chess960 notation.
    pub chess960: bool,
    /// Time lost in transmission per move.
    pub move_overhead: Duration,
    /// Append `wdl` to `info` lines.
    pub show_wdl: bool,
    /// Simple/Bronstein delay per move.
    pub move_delay: Duration,
    /// The evaluation network asked for: a path, or the embedded network's name.
    pub eval_file: String,
    /// Whether the network evaluates (else the hand-written evaluation).
    pub use_nnue: bool,
    /// Syzygy table directories asked for (`<empty>`: none).
    pub syzygy_path: String,
    /// Least depth for probing positions as big as the largest tables.
    pub syzygy_probe_depth: i32,
    /// Cursed wins and blessed losses count as draws.
    pub syzygy_50_move_rule: bool,
    /// Most pieces the search probes.
    pub syzygy_probe_limit: u32,
    /// Play at `elo` rather than full strength.
    pub limit_strength: bool,
    /// The strength asked for with `limit_strength`.
    pub elo: u32,
}

impl Default for EngineSettings {
    fn default() -> Self {
        let mut settings = EngineSettings {
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            ponder: false,
            chess960: false,
            move_overhead: Duration::ZERO,
            show_wdl: false,
            move_delay: Duration::ZERO,
            eval_file: String::new(),
            use_nnue: false,
            syzygy_path: String::new(),
            syzygy_probe_depth: 0,
            syzygy_50_move_rule: false,
            syzygy_probe_limit: 0,
            limit_strength: false,
            elo: 0,
        };
        for change in default_changes() {
            settings.apply(change);
        }
        settings
    }
}

impl EngineSettings {
    /// Records a change. Returns true when the session must act beyond storing the value
    /// (resize or clear the hash table, restart the thread pool, load a network or tables:
    /// every `EvalFile` and `SyzygyPath` is read again, since the files may have changed;
    /// hand the probing policy to the tables).
    pub fn apply(&mut self, change: OptionChange) -> bool {
        match change {
            OptionChange::Hash(mb) => {
                let changed = self.hash_mb != mb;
                self.hash_mb = mb;
                changed
            }
            OptionChange::Threads(threads) => {
                let changed = self.threads != threads;
                self.threads = threads;
                changed
            }
            OptionChange::ClearHash => true,
            OptionChange::MultiPV(n) => {
                self.multipv = n;
                false
            }
            OptionChange::Ponder(on) => {
                self.ponder = on;
                false
            }
            OptionChange::Chess960(on) => {
                self.chess960 = on;
                false
            }
            OptionChange::MoveOverhead(overhead) => {
                self.move_overhead = overhead;
                false
            }
            OptionChange::ShowWdl(on) => {
                self.show_wdl = on;
                false
            }
            OptionChange::MoveDelay(delay) => {
                self.move_delay = delay;
                false
            }
            OptionChange::UseNnue(on) => {
                self.use_nnue = on;
                true
            }
            OptionChange::EvalFile(file) => {
                self.eval_file = file;
                true
            }
            OptionChange::SyzygyPath(path) => {
                self.syzygy_path = path;
                true
            }
            OptionChange::SyzygyProbeDepth(depth) => {
                self.syzygy_probe_depth = depth;
                true
            }
            OptionChange::Syzygy50MoveRule(on) => {
                self.syzygy_50_move_rule = on;
                true
            }
            OptionChange::SyzygyProbeLimit(pieces) => {
                self.syzygy_probe_limit = pieces;
                true
            }
            OptionChange::LimitStrength(on) => {
                self.limit_strength = on;
                false
            }
            OptionChange::Elo(elo) => {
                self.elo = elo;
                false
            }
            // The searcher holds the tunables.
            #[cfg(feature = "tune")]
            OptionChange::Tunable { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::uci::options::parse_option;
    use crate::protocol::uci::strength::DEFAULT_ELO;

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
                eval_file: crate::chess::nnue::EMBEDDED_NAME.to_string(),
                use_nnue: true,
                syzygy_path: "<empty>".to_string(),
                syzygy_probe_depth: 1,
                syzygy_50_move_rule: true,
                syzygy_probe_limit: 7,
                limit_strength: false,
                elo: DEFAULT_ELO as u32,
            }
        );
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
            assert!(!s.apply(change), "{name} needs no action");
        }
        assert_eq!(s.multipv, 3);
        assert!(s.ponder && s.chess960 && s.show_wdl);
        assert_eq!(s.move_overhead, Duration::from_millis(50));
        assert_eq!(s.move_delay, Duration::from_secs(2));
        assert!(s.limit_strength);
        assert_eq!(s.elo, 1500);
    }

    #[test]
    fn resizing_asks_for_action_only_when_the_value_changes() {
        let mut s = EngineSettings::default();
        assert!(!s.apply(OptionChange::Hash(16)));
        assert!(s.apply(OptionChange::Hash(64)));
        assert_eq!(s.hash_mb, 64);
        assert!(!s.apply(OptionChange::Threads(1)));
        assert!(s.apply(OptionChange::Threads(4)));
        assert_eq!(s.threads, 4);
        assert!(s.apply(OptionChange::ClearHash));
        assert!(s.apply(OptionChange::ClearHash), "every press clears");
    }
}
