//! What the search reports back to a front end, game-independent and unformatted:
//! each protocol renders these in its own syntax.

use std::time::Duration;

/// A search score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// A heuristic value in the game's unit (centipawns, hundredths of a man).
    Value(i32),
    /// A forced win in this many plies.
    Win(u32),
    /// A forced loss in this many plies.
    Loss(u32),
}

/// Whether a reported score is exact or a bound from a failed aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// The true score is at least this (fail high).
    Lower,
    /// The true score is at most this (fail low).
    Upper,
}

/// Progress of a search: one line per finished (or bound-failing) iteration and PV.
#[derive(Clone, Debug)]
pub struct SearchInfo<M> {
    /// Nominal iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Average leaf depth (reported by Hub as `mean-depth`).
    pub mean_depth: f64,
    /// Which principal variation this is, 1-based.
    pub multipv: usize,
    /// Score of this line.
    pub score: Score,
    /// Exact or a bound.
    pub bound: Bound,
    /// Nodes searched by all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// Transposition-table fill in permille.
    pub hashfull: u32,
    /// Endgame-table probes that gave a value, all threads.
    pub table_hits: u64,
    /// The principal variation, starting with the root move.
    pub pv: Vec<M>,
}

/// The final answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the root has no legal move.
    pub best: Option<M>,
    /// The expected reply, when known.
    pub ponder: Option<M>,
}

/// A message from the search to its front end.
#[derive(Clone, Debug)]
pub enum SearchEvent<M> {
    /// Progress.
    Info(SearchInfo<M>),
    /// The search is over; exactly one per started search.
    Done(SearchResult<M>),
}

/// Nodes per second, 0 before any time has passed.
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros();
    if micros == 0 {
        return 0;
    }
    u64::try_from(u128::from(nodes) * 1_000_000 / micros).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nps_without_division_by_zero() {
        assert_eq!(nodes_per_second(12345, Duration::ZERO), 0);
        assert_eq!(nodes_per_second(1000, Duration::from_millis(1)), 1_000_000);
        assert_eq!(
            nodes_per_second(u64::MAX, Duration::from_micros(1)),
            u64::MAX
        );
    }
}
