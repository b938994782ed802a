//! Playing weaker on request: the rule that sometimes plays a root move other than the best.
//!
//! A weakened search looks at its best few root moves side by side (as MultiPV does) and
//! draws one of them, the nearer a move's score to the best, the likelier. A move scoring a
//! whole `window` below the best is never drawn, so how bad a slip can be is bounded and
//! grows as the window widens. This is how a human of modest strength errs: a plausible
//! second choice, rarely a piece left hanging for nothing. The draw is a pure function of
//! the seed and the root, so a weakened search can be replayed exactly; the front end
//! decides the window (and the node budget that makes the search itself shallower).

use super::params::MATE_BOUND;
use crate::rng::{derive_seed, Rng};

/// How a weakened search chooses its move among its best root lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Root lines searched side by side to choose among (at least 1).
    pub lines: usize,
    /// A line this far or further below the best (in the game's unit) is never chosen.
    pub window: i32,
    /// Seed of the draw: the same seed and root give the same choice.
    pub seed: u64,
}

impl Handicap {
    /// The index of the line to play among `scores` (exact scores of the searched lines;
    /// the first is the best), for the root whose hash is `root_hash`. Each line is drawn
    /// with a weight of how far inside the window it lies, so the best line is always the
    /// likeliest. A mate found or suffered is played as searched: a slip there is not a
    /// plausible second choice but a different game.
    pub fn choose(&self, scores: &[i32], root_hash: u64) -> usize {
        let Some(&best) = scores.first() else {
            return 0;
        };
        if best.abs() >= MATE_BOUND {
            return 0;
        }
        let weights: Vec<u64> = scores
            .iter()
            .map(|&score| u64::try_from(self.window - (best - score)).unwrap_or(0))
            .collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return 0;
        }
        let mut draw = Rng::new(derive_seed(self.seed, root_hash)).below(total);
        for (index, &weight) in weights.iter().enumerate() {
            if draw < weight {
                return index;
            }
            draw -= weight;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MATE;

    fn handicap(window: i32, seed: u64) -> Handicap {
        Handicap {
            lines: 4,
            window,
            seed,
        }
    }

    /// How often each line is chosen over many roots.
    fn counts(h: Handicap, scores: &[i32]) -> Vec<u32> {
        let mut counts = vec![0; scores.len()];
        for root in 0..4000 {
            counts[h.choose(scores, root)] += 1;
        }
        counts
    }

    #[test]
    fn same_seed_and_root_same_choice() {
        let scores = [30, 20, 10, 0];
        for root in 0..100 {
            assert_eq!(
                handicap(100, 5).choose(&scores, root),
                handicap(100, 5).choose(&scores, root)
            );
        }
        let differ = (0..100).any(|root| {
            handicap(100, 5).choose(&scores, root) != handicap(100, 6).choose(&scores, root)
        });
        assert!(differ, "the seed changes the draws");
    }

    #[test]
    fn weights_follow_the_distance_inside_the_window() {
        // Weights 100, 60, 20 and 0: about 56 %, 33 %, 11 %, never the last.
        let c = counts(handicap(100, 1), &[50, 10, -30, -50]);
        assert_eq!(c[3], 0, "{c:?}");
        assert!((2000..2500).contains(&c[0]), "{c:?}");
        assert!((1100..1600).contains(&c[1]), "{c:?}");
        assert!((300..600).contains(&c[2]), "{c:?}");
    }

    #[test]
    fn no_window_or_one_line_or_mate_plays_the_best() {
        assert_eq!(counts(handicap(0, 1), &[10, 10, 10]), [4000, 0, 0]);
        assert_eq!(counts(handicap(300, 1), &[10]), [4000]);
        assert_eq!(handicap(300, 1).choose(&[], 1), 0);
        assert_eq!(counts(handicap(300, 1), &[MATE - 5, MATE - 7]), [4000, 0]);
        assert_eq!(counts(handicap(300, 1), &[-MATE + 6, -MATE + 8]), [4000, 0]);
        // A line that walks into a mate is far outside any window.
        assert_eq!(counts(handicap(300, 1), &[0, -MATE + 4])[1], 0);
    }
}
