//! What plays our side of DXP games: the searcher, and the opening book it answers from
//! while the game is in it.

use std::sync::Arc;

use crate::draughts::book::{Book, BookChoice};
use crate::draughts::SearchPosition;
use crate::engine::Searcher;
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
}
