//! The international draughts opening book: positions with their moves and scores, grown by
//! the engine's own searches (`tvilling book build`, drop-out expansion), played over Hub
//! and DXP while the game is in it.
//!
//! The file is built into the binary ([`embedded`]); Hub's `book-file` and DXP's
//! `--book-file` read another. Every field is checked when a book is read, every move
//! against the legal moves of its position, and a book that fails a check is a
//! [`BookError`], never played from.
//!
//! # File layout
//!
//! All integers little-endian. A 32-byte header:
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | magic `TVDBOOK\n` |
//! | 8..10  | layout version, `u16` (1) |
//! | 10..12 | 0 (reserved) |
//! | 12..16 | number of positions, `u32` |
//! | 16..24 | nodes each position was searched with when built, `u64` |
//! | 24..32 | FNV-1a 64 of every byte after the header |
//!
//! then the positions, in ascending order of their 25 key bytes, each:
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | White's pieces: bit `n - 1` for square `n` (1..=50) |
//! | 8..16  | Black's pieces |
//! | 16..24 | kings (of either side) |
//! | 24     | side to move: 0 White, 1 Black |
//! | 25     | number of moves `k`, 1..=255 |
//! | 26..   | `k` moves in ascending code order, 4 bytes each: the move code (`u16`, [`move_code`](crate::nnue::game_file::GameRecord::move_code) of [`PackedDraughts`](crate::draughts::packed::PackedDraughts), which does not depend on the order moves are generated in), then its score (`i16`, hundredths of a man from the side to move's view) |
//!
//! A position's moves are those the book expanded, scored by the minimax of the book below
//! them, and at most one more: the best move outside the book, scored by its search.

mod file;
mod key;

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

pub use file::{from_bytes, read_file, to_bytes, write_file, BookError};
pub use key::BookKey;

use super::packed::move_of_code;
use super::{Move, Position, SearchPosition};
use crate::rng::Rng;

/// The default of the Hub parameter `book-file`: the name of the book built into the binary.
pub const EMBEDDED_BOOK_NAME: &str = "draughts.book";

/// The book built into the binary.
const EMBEDDED_BYTES: &[u8] = include_bytes!("../../../books/draughts.book");

/// How far below the best score (hundredths of a man) a move may be and still be played.
/// Below the depth the book is searched to, a few hundredths are noise, and playing every
/// move inside them keeps the engine from repeating one line.
pub const PLAY_MARGIN: i16 = 5;

/// Most moves a book position holds (the file counts them in a byte).
pub const MAX_MOVES: usize = u8::MAX as usize;

/// One move of a book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move's code ([`move_of_code`] finds it among the legal moves).
    pub code: u16,
    /// Its score in hundredths of a man, from the side to move's view.
    pub score: i16,
}

/// A move the book chose to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookChoice {
    /// The move: one of the position's legal moves.
    pub mv: Move,
    /// Its score in hundredths of a man, from the side to move's view.
    pub score: i16,
}

/// An opening book: positions and their scored moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Book {
    positions: HashMap<BookKey, Vec<BookMove>>,
    nodes_per_position: u64,
}

impl Book {
    /// An empty book whose positions are to be searched with `nodes_per_position` nodes.
    pub fn new(nodes_per_position: u64) -> Self {
        Self {
            positions: HashMap::new(),
            nodes_per_position,
        }
    }

    /// The nodes each position was searched with.
    pub fn nodes_per_position(&self) -> u64 {
        self.nodes_per_position
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True when the book has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Number of moves over all positions.
    pub fn move_count(&self) -> usize {
        self.positions.values().map(Vec::len).sum()
    }

    /// Every position with its moves, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (&BookKey, &[BookMove])> {
        self.positions.iter().map(|(k, m)| (k, m.as_slice()))
    }

    /// Files `moves` under `key`, in code order as the file keeps them (a position with no
    /// move is left out: the file has none). The file counts a position's moves in a byte,
    /// so beyond [`MAX_MOVES`] only the best are kept.
    pub fn insert(&mut self, key: BookKey, mut moves: Vec<BookMove>) {
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
        moves.truncate(MAX_MOVES);
        moves.sort_unstable_by_key(|m| m.code);
        if moves.is_empty() {
            self.positions.remove(&key);
        } else {
            self.positions.insert(key, moves);
        }
    }

    /// The moves of `position`, if it is in the book.
    pub fn moves(&self, position: &Position) -> Option<&[BookMove]> {
        self.positions
            .get(&BookKey::of(position))
            .map(Vec::as_slice)
    }

    /// True when `position` is in the book.
    pub fn contains(&self, position: &Position) -> bool {
        self.positions.contains_key(&BookKey::of(position))
    }

    /// The moves the book would play in `board`, each with its weight: the legal moves
    /// within [`PLAY_MARGIN`] of the position's best score whose own positions are in the
    /// book too (so their scores come from the book's minimax, never from a lone search),
    /// weighted by how close they are to the best. Empty when the book has no move here.
    pub fn candidates(&self, board: &SearchPosition) -> Vec<(BookChoice, u64)> {
        let Some(moves) = self.moves(&board.position) else {
            return Vec::new();
        };
        let Some(best) = moves.iter().map(|m| m.score).max() else {
            return Vec::new();
        };
        let floor = i32::from(best) - i32::from(PLAY_MARGIN);
        moves
            .iter()
            .filter(|m| i32::from(m.score) >= floor)
            .filter_map(|m| {
                let mv = move_of_code(board, m.code).ok()?;
                let mut after = board.position;
                after.play(mv);
                let weight = (i32::from(m.score) - floor + 1) as u64;
                self.contains(&after)
                    .then_some((BookChoice { mv, score: m.score }, weight))
            })
            .collect()
    }

    /// The move to play in `board`, if the book has one: one of its
    /// [`candidates`](Self::candidates), drawn at random by weight.
    pub fn choose(&self, board: &SearchPosition, rng: &mut Rng) -> Option<BookChoice> {
        let candidates = self.candidates(board);
        let total: u64 = candidates.iter().map(|(_, w)| w).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.below(total);
        for (choice, weight) in candidates {
            if pick < weight {
                return Some(choice);
            }
            pick -= weight;
        }
        None
    }
}

/// The book built into the binary, read on first use.
pub fn embedded() -> Result<Arc<Book>, BookError> {
    static EMBEDDED: OnceLock<Result<Arc<Book>, BookError>> = OnceLock::new();
    EMBEDDED
        .get_or_init(|| from_bytes(EMBEDDED_BYTES, "the embedded book").map(Arc::new))
        .clone()
}

/// The book that a `book-file` value names: the embedded one when it is empty or the
/// embedded book's name, else the file at that path.
pub fn book_named(file: &str) -> Result<Arc<Book>, BookError> {
    if file.is_empty() || file == EMBEDDED_BOOK_NAME {
        embedded()
    } else {
        read_file(Path::new(file)).map(Arc::new)
    }
}

#[cfg(test)]
pub(crate) mod tests;
