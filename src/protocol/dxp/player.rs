//! What plays our side of DXP games, in either role: the searcher, the opening book it
//! answers from while the game is in it, and our turn (ended by the rules, or played).

use std::sync::Arc;
use std::time::Instant;

use super::connection::{Connection, Watched};
use super::frame::FrameError;
use super::game::{abandoned, DxpGame, Ending};
use super::message::DxpMessage;
use crate::draughts::book::{Book, BookChoice};
use crate::draughts::SearchPosition;
use crate::engine::{Score, SearchEvent, Searcher};
use crate::rng::Rng;

/// The engine of either role.
pub struct Player {
    /// The search, for every move the book does not know.
    pub searcher: Searcher<SearchPosition>,
    /// The opening book, `None` when it is turned off (`--book false`).
    book: Option<Arc<Book>>,
    /// Draws among the book's near-best moves.
    rng: Rng,
}

impl Player {
    /// A player searching with `searcher` after `book`'s moves, its draws among them
    /// decided by `seed`.
    pub fn new(searcher: Searcher<SearchPosition>, book: Option<Arc<Book>>, seed: u64) -> Self {
        Self {
            searcher,
            book,
            rng: Rng::new(seed),
        }
    }

    /// The book's move in `root`, if there is a book and it knows the position.
    pub fn book_move(&mut self, root: &SearchPosition) -> Option<BookChoice> {
        self.book.as_ref()?.choose(root, &mut self.rng)
    }

    /// If we are to move in `game`: sends our move (the book's, else a search's), or
    /// returns why the game ends instead (the rules, the agreed move count, or no move).
    pub fn take_turn(
        &mut self,
        conn: &mut Connection,
        game: &mut DxpGame,
    ) -> Result<Option<Ending>, FrameError> {
        if !game.our_turn() {
            return Ok(None);
        }
        if let Some(reason) = game.ending() {
            return Ok(Some((reason, None)));
        }
        let message = match game.play_from_book(self) {
            Some(message) => Some(message),
            None => self.think_watching(conn, game)?,
        };
        match message {
            Some(message) => conn.send(&message).map(|()| None),
            None => Ok(Some(abandoned("the search found no move"))),
        }
    }

    /// Searches and plays our move in `game` while `conn` watches the peer. If the peer
    /// hangs up meanwhile, the search is stopped and the reason returned: the connection
    /// ends, and the engine is free for the next one at once rather than after the move.
    fn think_watching(
        &mut self,
        conn: &mut Connection,
        game: &mut DxpGame,
    ) -> Result<Option<DxpMessage>, FrameError> {
        let started = Instant::now();
        let (root, history, limits) = game.search_request();
        let (events, reports) = crossbeam_channel::unbounded();
        self.searcher.start(root, history, limits, events);
        // The last report before Done carries the score of the move Done names.
        let mut score = Score::Value(0);
        loop {
            match conn.wait_watching(&reports) {
                Watched::Ready(Some(SearchEvent::Info(info))) => score = info.score,
                Watched::Ready(Some(SearchEvent::Done(result))) => {
                    self.searcher.wait();
                    return Ok(game.play_searched(result.best, score, started.elapsed()));
                }
                // The search could not start (no thread): no move.
                Watched::Ready(None) => {
                    self.searcher.wait();
                    return Ok(None);
                }
                Watched::PeerGone(error) => {
                    self.searcher.stop();
                    self.searcher.wait();
                    return Err(error);
                }
            }
        }
    }
}
