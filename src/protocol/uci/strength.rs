//! `UCI_LimitStrength` and `UCI_Elo`: from the Elo a GUI asks for to a weakened search.
//!
//! Two things weaken it, as in a human of that strength: it looks less far ahead (a node
//! budget per move) and it sometimes plays a plausible second choice (the search's
//! [`Handicap`]: a seeded draw among its best root lines within a score window). Never by
//! sleeping: the budget ends the search early, so a weak setting also plays fast, and the
//! clock and `stop` still end it sooner. The points of [`ANCHORS`] were measured against
//! Stockfish at known `UCI_Elo` (`notes/uci-elo-calibration.md`); between them the budget is
//! interpolated geometrically and the window linearly, as Elo grows with the logarithm
//! of the nodes searched.

use crate::engine::{Handicap, Limits};

/// Weakest `UCI_Elo` offered: the lowest point calibrated.
pub const MIN_ELO: i64 = 1350;
/// Strongest `UCI_Elo` offered: the highest point calibrated, the engine's full strength
/// at 10s+0.1s on Stockfish 15.1's scale.
pub const MAX_ELO: i64 = 2500;
/// `UCI_Elo` before any `setoption`: a club player.
pub const DEFAULT_ELO: i64 = 1600;

/// Root lines a weakened search chooses among: Stockfish's choice, enough for a human's
/// handful of candidate moves.
const CANDIDATE_LINES: usize = 4;

/// One calibrated strength: the Elo, the nodes searched per move, the score window.
struct Anchor {
    elo: i64,
    nodes: f64,
    window: f64,
}

/// An [`Anchor`], written on one line of the table.
const fn anchor(elo: i64, nodes: f64, window: f64) -> Anchor {
    Anchor { elo, nodes, window }
}

/// Calibrated strengths, weakest first, from [`MIN_ELO`] to [`MAX_ELO`]. The strongest
/// searches as many nodes as a move gets at 10s+0.1s, so the clock binds there first.
const ANCHORS: [Anchor; 4] = [
    anchor(MIN_ELO, 700.0, 175.0),
    anchor(2000, 12_000.0, 0.0),
    anchor(2300, 200_000.0, 0.0),
    anchor(MAX_ELO, 1_000_000.0, 0.0),
];

/// How the search is weakened to play at one Elo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Most nodes searched per move.
    pub nodes: u64,
    /// The choice among the best root lines.
    pub handicap: Handicap,
}

impl Strength {
    /// The weakening for `elo` (clamped to the offered range), drawing its choices from
    /// `seed`.
    pub fn for_elo(elo: i64, seed: u64) -> Self {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let upper = ANCHORS
            .iter()
            .position(|a| a.elo >= elo)
            .unwrap_or(ANCHORS.len() - 1)
            .max(1);
        let (low, high) = (&ANCHORS[upper - 1], &ANCHORS[upper]);
        let t = (elo - low.elo) as f64 / (high.elo - low.elo) as f64;
        let nodes = (low.nodes.ln() + t * (high.nodes.ln() - low.nodes.ln())).exp();
        let window = low.window + t * (high.window - low.window);
        let window = window.round() as i32;
        Self {
            nodes: nodes.round() as u64,
            handicap: Handicap {
                // Without a window only the best line can be chosen: searching others
                // would only cost depth.
                lines: if window > 0 { CANDIDATE_LINES } else { 1 },
                window,
                seed,
            },
        }
    }

    /// Weakens a search: its node limit becomes at most the budget, and it chooses its
    /// move by the handicap. Every other limit (clock, `movetime`, `stop`) still applies.
    pub fn restrict<M>(&self, limits: &mut Limits<M>) {
        limits.nodes = Some(limits.nodes.map_or(self.nodes, |n| n.min(self.nodes)));
        limits.handicap = Some(self.handicap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_cover_the_range_in_order() {
        assert_eq!(ANCHORS[0].elo, MIN_ELO);
        assert_eq!(ANCHORS[ANCHORS.len() - 1].elo, MAX_ELO);
        assert!((MIN_ELO..=MAX_ELO).contains(&DEFAULT_ELO));
        for pair in ANCHORS.windows(2) {
            assert!(pair[0].elo < pair[1].elo);
            assert!(pair[0].nodes < pair[1].nodes);
            assert!(pair[0].window >= pair[1].window);
        }
    }

    #[test]
    fn anchors_are_met_and_strength_grows_with_elo() {
        for anchor in &ANCHORS {
            let s = Strength::for_elo(anchor.elo, 0);
            assert_eq!(s.nodes, anchor.nodes as u64);
            assert_eq!(s.handicap.window, anchor.window as i32);
        }
        let mut previous = Strength::for_elo(0, 0);
        assert_eq!(previous, Strength::for_elo(MIN_ELO, 0), "clamped below");
        for elo in (MIN_ELO..=MAX_ELO).step_by(10) {
            let s = Strength::for_elo(elo, 0);
            assert!(s.nodes >= previous.nodes, "{elo}");
            assert!(s.handicap.window <= previous.handicap.window, "{elo}");
            previous = s;
        }
        assert_eq!(Strength::for_elo(9999, 0), Strength::for_elo(MAX_ELO, 0));
    }

    #[test]
    fn restrict_keeps_the_smaller_node_limit_and_the_seed() {
        let s = Strength::for_elo(MIN_ELO, 42);
        let mut limits = Limits::<u16>::default();
        s.restrict(&mut limits);
        assert_eq!(limits.nodes, Some(s.nodes));
        assert_eq!(limits.handicap.map(|h| h.seed), Some(42));
        let mut limits = Limits::<u16> {
            nodes: Some(10),
            ..Limits::default()
        };
        s.restrict(&mut limits);
        assert_eq!(limits.nodes, Some(10));
    }
}
