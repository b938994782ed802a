//! The game-independent search core: the game trait, search limits and reports.
//!
//! Nothing in here may name chess or draughts; a game plugs in through [`Game`].

mod game;
mod limits;
mod movelist;
mod report;

pub use game::Game;
pub use limits::{Clock, Limits};
pub use movelist::{MoveList, MAX_MOVES};
pub use report::{Bound, Score, SearchEvent, SearchInfo, SearchResult};
