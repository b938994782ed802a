//! The game-independent search core: the game trait, search limits and reports, and the
//! search itself ([`Searcher`]: Lazy-SMP threads over a shared lock-free transposition
//! table, iterative deepening with PVS and quiescence, and a time manager); beside it
//! perft ([`Perft`], [`divide`]), the move-generator check every game shares.
//!
//! Nothing in here may name chess or draughts; a game plugs in through [`Game`].

mod bench;
mod clock;
mod control;
mod evaluator;
mod game;
mod history;
mod limits;
mod movelist;
mod ordering;
mod params;
mod perft;
mod report;
mod search;
#[cfg(test)]
mod search_tests;
mod searcher;
mod strength;
#[cfg(test)]
mod test_game;
mod time;
mod tt;
mod tunables;

pub use bench::{bench, BenchReport};
pub use clock::{Clock, ClockLag};
pub use evaluator::{Evaluator, PositionEvaluator};
pub use game::{retain_value_keeping, structure_key, Game, TableValue};
pub use limits::Limits;
pub use movelist::{MoveList, MAX_MOVES};
pub use params::{MATE, MAX_PLY, TABLE_WIN};
pub use perft::{divide, Perft};
pub use report::{nodes_per_second, Bound, Score, SearchEvent, SearchInfo, SearchResult};
pub use searcher::{SearchOutcome, Searcher, SEARCH_STACK_BYTES};
pub use strength::Handicap;
#[cfg(test)]
pub(crate) use time::budget_ms;
pub use time::TimeManager;
pub use tunables::{tunable, SearchParams, Tunable, TUNABLES};
