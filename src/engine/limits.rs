//! What a front end asks of one search: clock, fixed limits and modes.

use super::{Clock, Handicap};
use std::time::Duration;

/// Limits and modes of one search. Every limit that is set applies; the first reached stops.
#[derive(Clone, Debug)]
pub struct Limits<M> {
    /// Stop after completing this iteration depth.
    pub depth: Option<u32>,
    /// Stop after this many nodes (all threads together).
    pub nodes: Option<u64>,
    /// Start no new iteration once this many nodes are searched (self-play data: every
    /// move ends on a finished iteration, so its score is a whole search's answer).
    pub soft_nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is proven (chess `go mate`).
    pub mate: Option<u32>,
    /// Spend exactly this long (minus overhead).
    pub move_time: Option<Duration>,
    /// Manage time from the clock.
    pub clock: Option<Clock>,
    /// Search until told to stop; never report before that.
    pub infinite: bool,
    /// Pondering: search until `ponder_hit` (then apply the clock) or `stop`.
    pub ponder: bool,
    /// Analysis: a lone legal move is searched for as long as the other limits allow,
    /// rather than played after the first iteration as a timed move is.
    pub analysis: bool,
    /// Number of principal variations to report (at least 1).
    pub multipv: usize,
    /// Restrict the root to these moves (empty: all legal moves).
    pub searchmoves: Vec<M>,
    /// Time the GUI loses between our answer and its clock stopping.
    pub move_overhead: Duration,
    /// The GUI lets us ponder: part of the opponent's thinking time becomes ours, so a clock
    /// move may be given a larger share.
    pub ponder_enabled: bool,
    /// Play weaker: choose among the best root lines by this rule (`None`: the best).
    pub handicap: Option<Handicap>,
}

impl<M> Default for Limits<M> {
    fn default() -> Self {
        Self {
            depth: None,
            nodes: None,
            soft_nodes: None,
            mate: None,
            move_time: None,
            clock: None,
            infinite: false,
            ponder: false,
            analysis: false,
            multipv: 1,
            searchmoves: Vec::new(),
            move_overhead: Duration::from_millis(10),
            ponder_enabled: false,
            handicap: None,
        }
    }
}
