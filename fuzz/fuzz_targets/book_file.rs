//! Opening book files: any bytes read as Hub's `book-file` and DXP's `--book-file` read
//! them, then played from.
//!
//! The first byte chooses how the rest becomes a file (bit 0): as it is, or as the fields
//! of a header (the count of positions and the nodes a position, 12 bytes) and a body that
//! this target completes with the right magic, version and checksum, so that the fuzzer
//! reaches the checks of every position and move instead of stopping at the checksum. A
//! book that reads must write back to the same bytes, and its move in each of its
//! positions must be a legal move there.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tvilling::draughts::book::{from_bytes, to_bytes, Book, BookKey};
use tvilling::draughts::fmjd::DrawClocks;
use tvilling::draughts::SearchPosition;
use tvilling::engine::{Game, MoveList};
use tvilling::rng::Rng;

/// The magic and layout version of the book format, spelled out so that a change of it
/// shows here.
const HEADER_START: [u8; 12] = *b"TVDBOOK\n\x01\x00\x00\x00";

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let bytes = if mode & 1 == 0 || rest.len() < 12 {
        rest.to_vec()
    } else {
        sealed(&rest[..12], &rest[12..])
    };
    let Ok(book) = from_bytes(&bytes, "fuzz") else {
        return;
    };
    assert_eq!(to_bytes(&book), bytes, "a book read writes back differently");
    play_every_position(&book);
});

/// A file of `fields` (count and nodes) and `body`, with a header that passes its checks.
fn sealed(fields: &[u8], body: &[u8]) -> Vec<u8> {
    let checksum = body.iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    });
    let mut bytes = HEADER_START.to_vec();
    bytes.extend_from_slice(fields);
    bytes.extend_from_slice(&checksum.to_le_bytes());
    bytes.extend_from_slice(body);
    bytes
}

/// The book's move in each of its positions, when it has one, is legal there.
fn play_every_position(book: &Book) {
    let mut rng = Rng::new(1);
    let keys: Vec<BookKey> = book.iter().map(|(key, _)| *key).collect();
    for key in keys {
        let position = key.position().expect("a key the book read");
        let board = SearchPosition::new(position, DrawClocks::new(&position));
        if let Some(choice) = book.choose(&board, &mut rng) {
            let mut legal = MoveList::new();
            board.legal_moves(&mut legal);
            assert!(legal.as_slice().contains(&choice.mv), "{key:?}");
        }
    }
}
