//! What a Hub session plays on: the game of the variant chosen, on the rules engine that
//! plays it, with the searcher that thinks about it.
//!
//! International draughts is played on the fast generator, every other variant on the
//! generic rules core ([`crate::draughts`] says why there are two). [`backend_for`] is the one
//! place that chooses; the session holds the result as a [`Backend`] trait object and never
//! asks which game it is. Commands are rare, so the dynamic call costs nothing, and the
//! search under it is monomorphised for its board.

use crossbeam_channel::Sender;
use std::time::Instant;

use crate::draughts::book::{Book, BookChoice};
use crate::draughts::generic::{Variant, VariantPosition};
use crate::draughts::text::{move_to_hub, parse_position};
use crate::draughts::{Board, GameState, Move, Position, SearchPosition};
use crate::engine::{ClockLag, Game, Limits, SearchEvent, Searcher};
use crate::rng::Rng;

/// A game in progress and its searcher, whatever the rules engine.
pub trait Backend: Send {
    /// Replaces the game by `moves` (Hub text) played from `position` (a Hub string or a
    /// FEN; `None`: the variant's start). On an error, which says what is wrong, the game
    /// stays as it was.
    fn set_position(&mut self, position: Option<&str>, moves: &[String]) -> Result<(), String>;

    /// `mv` in the variant's Hub notation.
    fn move_text(&self, mv: Move) -> String;

    /// Starts the move `limits` ask for in the game's position: the move `book` plays,
    /// drawn with its `Rng` and returned, if there is a book, the variant has one and the
    /// position is in it; else a search, which sends what it finds to `events`.
    /// `clock_lag` plans the move either way: it samples the clock, raises the overhead in
    /// `limits` to the lag it has seen, and remembers the move.
    fn go(
        &mut self,
        limits: Limits<Move>,
        events: Sender<SearchEvent<Move>>,
        book: Option<(&Book, &mut Rng)>,
        clock_lag: &mut ClockLag,
    ) -> Option<BookChoice>;

    /// Asks a running search to stop.
    fn stop(&self);

    /// The pondered move was played: the ponder search goes on as a normal one.
    fn ponder_hit(&self);

    /// Waits for a search to end.
    fn wait(&mut self);

    /// Forgets what earlier searches learnt (a new game).
    fn clear(&mut self);

    /// Sizes the searcher: `threads` threads and a hash table of `hash_mb` MB.
    fn resize(&mut self, threads: usize, hash_mb: usize);
}

/// A fresh game of `variant` at its start, on the rules engine that plays it, with a
/// searcher of 1 thread and 16 MB.
pub fn backend_for(variant: Variant) -> Box<dyn Backend> {
    match variant {
        Variant::International => {
            Box::new(BoardBackend::new(Position::start(), |root, book, rng| {
                book.choose(root, rng)
            }))
        }
        _ => Box::new(BoardBackend::new(
            VariantPosition::start(variant),
            |_, _, _| None,
        )),
    }
}

/// How a backend asks the opening book for a move: the book is of international draughts
/// on the fast generator, so every other variant's backend never finds one.
type BookProbe<B> = fn(&SearchPosition<B>, &Book, &mut Rng) -> Option<BookChoice>;

/// The backend of one rules engine.
struct BoardBackend<B: Board> {
    /// The variant's start position, for `pos start`.
    start: B,
    game: GameState<B>,
    searcher: Searcher<SearchPosition<B>>,
    book_probe: BookProbe<B>,
}

impl<B: Board> BoardBackend<B> {
    fn new(start: B, book_probe: BookProbe<B>) -> Self {
        Self {
            start,
            game: GameState::new(start),
            searcher: Searcher::new(),
            book_probe,
        }
    }
}

impl<B: Board> Backend for BoardBackend<B> {
    fn set_position(&mut self, position: Option<&str>, moves: &[String]) -> Result<(), String> {
        let variant = self.start.variant();
        let start = match position {
            Some(text) => parse_position(variant, text)
                .map_err(|e| format!("bad position for variant {}: {e}", variant.name()))?,
            None => self.start,
        };
        let mut game = GameState::new(start);
        for (index, text) in moves.iter().enumerate() {
            game.play_text(text)
                .map_err(|e| format!("move {} ({text}): {e}", index + 1))?;
        }
        self.game = game;
        Ok(())
    }

    fn move_text(&self, mv: Move) -> String {
        move_to_hub::<B>(self.start.variant(), mv)
    }

    fn go(
        &mut self,
        mut limits: Limits<Move>,
        events: Sender<SearchEvent<Move>>,
        book: Option<(&Book, &mut Rng)>,
        clock_lag: &mut ClockLag,
    ) -> Option<BookChoice> {
        let root = self.game.search_root();
        let side = root.position.side() as usize;
        let params = &SearchPosition::<B>::SEARCH_PARAMS;
        clock_lag.plan(side, &root, &mut limits, params, Instant::now());
        if let Some(choice) = book.and_then(|(book, rng)| (self.book_probe)(&root, book, rng)) {
            return Some(choice);
        }
        let history = self.game.history_before_root();
        self.searcher.start(root, history, limits, events);
        None
    }

    fn stop(&self) {
        self.searcher.stop();
    }

    fn ponder_hit(&self) {
        self.searcher.ponder_hit();
    }

    fn wait(&mut self) {
        self.searcher.wait();
    }

    fn clear(&mut self) {
        self.searcher.clear();
    }

    fn resize(&mut self, threads: usize, hash_mb: usize) {
        self.searcher.set_threads(threads);
        self.searcher.set_hash_mb(hash_mb);
    }
}
