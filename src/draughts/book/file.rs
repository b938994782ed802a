//! The book file: writing it, and reading it back with every field checked (the layout is
//! in the [module header](super)).

use std::collections::HashMap;
use std::path::Path;

use super::key::{BookKey, KEY_BYTES};
use super::{Book, BookMove};
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::packed::move_of_code;
use crate::draughts::SearchPosition;

/// The first eight bytes of every book file.
pub const MAGIC: [u8; 8] = *b"TVDBOOK\n";
/// The layout version this code reads and writes.
pub const VERSION: u16 = 1;
/// Bytes before the first position.
pub const HEADER_BYTES: usize = 32;
/// Bytes of one move: its code and its score.
const MOVE_BYTES: usize = 4;

/// Why a book cannot be used.
///
/// `Clone`, so the embedded book's one reading can be handed to every caller; which is also
/// why the operating system's complaint is kept as text, not as an [`std::io::Error`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file could not be read or written.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// What the operating system said.
        reason: String,
    },
    /// The bytes are not a book this code can use.
    #[error("{book} is not a usable opening book: {reason}")]
    Invalid {
        /// The file, or `the embedded book`.
        book: String,
        /// What is wrong, and where.
        reason: String,
    },
}

/// FNV-1a over `bytes`: enough to tell a damaged file from a sound one.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// The file's bytes for `book`: positions in key order, each with its moves in code order
/// (as [`Book::insert`] keeps them), so the same book always makes the same file.
pub fn to_bytes(book: &Book) -> Vec<u8> {
    let mut keys: Vec<&BookKey> = book.positions.keys().collect();
    keys.sort_unstable();
    let mut body = Vec::new();
    for key in keys {
        let moves = &book.positions[key];
        body.extend_from_slice(&key.0);
        body.push(moves.len() as u8);
        for m in moves {
            body.extend_from_slice(&m.code.to_le_bytes());
            body.extend_from_slice(&m.score.to_le_bytes());
        }
    }
    let mut bytes = Vec::with_capacity(HEADER_BYTES + body.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&[0, 0]);
    bytes.extend_from_slice(&(book.positions.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&book.nodes_per_position.to_le_bytes());
    bytes.extend_from_slice(&checksum(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
    bytes
}

/// The book in `bytes`, every position and move checked; `source` names it in errors.
pub fn from_bytes(bytes: &[u8], source: &str) -> Result<Book, BookError> {
    let invalid = |reason: String| BookError::Invalid {
        book: source.to_string(),
        reason,
    };
    if bytes.len() < HEADER_BYTES || bytes[..8] != MAGIC {
        return Err(invalid("it does not start with a book header".into()));
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != VERSION {
        return Err(invalid(format!(
            "layout version {version}; this tvilling reads version {VERSION}"
        )));
    }
    if bytes[10..12] != [0, 0] {
        return Err(invalid("reserved header bytes are not 0".into()));
    }
    let count = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes")) as usize;
    let nodes_per_position = word(16);
    let body = &bytes[HEADER_BYTES..];
    if checksum(body) != word(24) {
        return Err(invalid(
            "its checksum does not match: the file is damaged or cut short".into(),
        ));
    }
    // The count is not trusted for the allocation: each position takes at least one
    // move's bytes more than its key.
    let mut positions =
        HashMap::with_capacity(count.min(body.len() / (KEY_BYTES + 1 + MOVE_BYTES)));
    let mut at = 0;
    let mut previous: Option<BookKey> = None;
    for index in 0..count {
        let (key, moves, used) =
            read_position(&body[at..]).map_err(|e| invalid(format!("position {index}: {e}")))?;
        if previous.is_some_and(|p| p >= key) {
            return Err(invalid(format!(
                "position {index} is out of order or repeated"
            )));
        }
        previous = Some(key);
        positions.insert(key, moves);
        at += used;
    }
    if at != body.len() {
        return Err(invalid(format!(
            "{} bytes follow its {count} positions",
            body.len() - at
        )));
    }
    Ok(Book {
        positions,
        nodes_per_position,
    })
}

/// One position at the start of `bytes`: its key, its moves (each checked to be a legal
/// move of the position, in ascending code order) and how many bytes it took.
fn read_position(bytes: &[u8]) -> Result<(BookKey, Vec<BookMove>, usize), String> {
    if bytes.len() < KEY_BYTES + 1 {
        return Err("the file ends inside it".into());
    }
    let key = BookKey(bytes[..KEY_BYTES].try_into().expect("key bytes"));
    let position = key.position()?;
    let count = usize::from(bytes[KEY_BYTES]);
    let used = KEY_BYTES + 1 + count * MOVE_BYTES;
    if count == 0 {
        return Err("it has no moves".into());
    }
    if bytes.len() < used {
        return Err("the file ends inside its moves".into());
    }
    let board = SearchPosition::new(position, DrawClocks::new(&position));
    let mut moves: Vec<BookMove> = Vec::with_capacity(count);
    for raw in bytes[KEY_BYTES + 1..used].chunks_exact(MOVE_BYTES) {
        let code = u16::from_le_bytes([raw[0], raw[1]]);
        let score = i16::from_le_bytes([raw[2], raw[3]]);
        move_of_code(&board, code)?;
        if moves.last().is_some_and(|m| m.code >= code) {
            return Err(format!("move code {code:#06x} is out of order or repeated"));
        }
        moves.push(BookMove { code, score });
    }
    Ok((key, moves, used))
}

/// Reads the book at `path`.
pub fn read_file(path: &Path) -> Result<Book, BookError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| BookError::Io {
        path: name.clone(),
        reason: format!("cannot read it: {e}"),
    })?;
    from_bytes(&bytes, &name)
}

/// Writes `book` to `path` whole or not at all: into a file beside it, then renamed over
/// it, so a run stopped while writing leaves the previous book.
pub fn write_file(book: &Book, path: &Path) -> Result<(), BookError> {
    let io = |e: std::io::Error| BookError::Io {
        path: path.display().to_string(),
        reason: format!("cannot write it: {e}"),
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    std::fs::write(&partial, to_bytes(book)).map_err(io)?;
    std::fs::rename(&partial, path).map_err(io)
}
