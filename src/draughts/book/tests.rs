use super::*;
use crate::draughts::fast::notation::parse_move;
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::packed::PackedDraughts;
use crate::engine::{Game, MoveList};
use crate::nnue::game_file::GameRecord;

fn board(position: Position) -> SearchPosition {
    SearchPosition::new(position, DrawClocks::new(&position))
}

fn start() -> SearchPosition {
    board(Position::start())
}

fn code(board: &SearchPosition, text: &str) -> u16 {
    let mv = parse_move(&board.position, text).unwrap();
    PackedDraughts::move_code(board, mv).unwrap()
}

fn after(board: &SearchPosition, text: &str) -> SearchPosition {
    let mut next = *board;
    next.play(parse_move(&board.position, text).unwrap());
    next
}

/// The start with four scored moves: 32-28 and 33-28 close together, 31-26 far below, all
/// three with their positions in the book; 34-30 scores well but its position is not in it.
/// (The protocols' tests play from it too.)
pub(crate) fn small_book() -> Book {
    let root = start();
    let mut book = Book::new(1234);
    let scored = [("32-28", 5), ("33-28", 3), ("31-26", -20), ("34-30", 4)];
    book.insert(
        BookKey::of(&root.position),
        scored
            .iter()
            .map(|&(text, score)| BookMove {
                code: code(&root, text),
                score,
            })
            .collect(),
    );
    for (text, reply, score) in [("32-28", "19-23", -5), ("33-28", "18-22", -3)] {
        let child = after(&root, text);
        book.insert(
            BookKey::of(&child.position),
            vec![BookMove {
                code: code(&child, reply),
                score,
            }],
        );
    }
    let far = after(&root, "31-26");
    book.insert(
        BookKey::of(&far.position),
        vec![BookMove {
            code: code(&far, "17-21"),
            score: 20,
        }],
    );
    book
}

#[test]
fn a_book_round_trips_through_its_bytes() {
    let book = small_book();
    let bytes = to_bytes(&book);
    let back = from_bytes(&bytes, "test").unwrap();
    assert_eq!(back, book);
    assert_eq!(back.nodes_per_position(), 1234);
    assert_eq!((back.len(), back.move_count()), (4, 7));
    assert_eq!(to_bytes(&back), bytes);
    let dir = crate::test_scratch::scratch_dir("book-round-trip");
    let path = dir.join("small.book");
    write_file(&book, &path).unwrap();
    assert_eq!(read_file(&path).unwrap(), book);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bytes` with the checksum made right again, so the checks behind it are reached.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let sum = file_checksum(&bytes[file::HEADER_BYTES..]);
    bytes[24..32].copy_from_slice(&sum.to_le_bytes());
    bytes
}

fn file_checksum(body: &[u8]) -> u64 {
    // The same FNV-1a the file uses, written again so the test does not trust it.
    body.iter().fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

fn refusal(bytes: &[u8]) -> String {
    let error = from_bytes(bytes, "bad.book").unwrap_err();
    assert!(matches!(error, BookError::Invalid { .. }));
    let text = error.to_string();
    assert!(
        text.starts_with("bad.book is not a usable opening book: "),
        "{text}"
    );
    text
}

#[test]
fn a_damaged_book_is_refused_with_the_reason() {
    let good = to_bytes(&small_book());
    let first_move = file::HEADER_BYTES + KEY_BYTES_FOR_TEST + 1;

    let mut flipped = good.clone();
    flipped[first_move + 2] ^= 1;
    assert!(refusal(&flipped).contains("checksum"));
    assert!(refusal(&good[..good.len() - 3]).contains("checksum"));
    assert!(refusal(b"not a book at all, just text").contains("header"));

    let mut version = good.clone();
    version[8] = 9;
    assert!(refusal(&version).contains("version 9"));

    let mut illegal = good.clone();
    illegal[first_move..first_move + 2].copy_from_slice(&1u16.to_le_bytes());
    assert!(refusal(&resealed(illegal)).contains("is no legal move"));

    let mut no_moves = good.clone();
    no_moves[first_move - 1] = 0;
    assert!(refusal(&resealed(no_moves)).contains("no moves"));

    let mut overlapping = good.clone();
    overlapping[file::HEADER_BYTES] |= 1;
    overlapping[file::HEADER_BYTES + 8] |= 1;
    assert!(refusal(&resealed(overlapping)).contains("position 0: overlapping"));

    let mut more = good.clone();
    more[12] += 1;
    assert!(refusal(&more).contains("position 4: the file ends"));
    // A count no file could hold is refused as any other, not allocated for.
    let mut huge = good.clone();
    huge[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(refusal(&huge).contains("position 4: the file ends"));
    let mut fewer = good.clone();
    fewer[12] -= 1;
    assert!(refusal(&fewer).contains("bytes follow its 3 positions"));

    let error = read_file(Path::new("/nonexistent/x.book")).unwrap_err();
    assert!(matches!(error, BookError::Io { .. }));
    assert!(error
        .to_string()
        .starts_with("/nonexistent/x.book: cannot read it"));
}

/// Key bytes, spelled out here so that a change of layout fails these tests.
const KEY_BYTES_FOR_TEST: usize = 25;

#[test]
fn positions_out_of_order_are_refused() {
    let good = to_bytes(&small_book());
    // Every position of the small book has one move, but the start has four: swap the two
    // one-move positions that follow each other.
    let record = KEY_BYTES_FOR_TEST + 1 + 4;
    let body = &good[file::HEADER_BYTES..];
    let mut at = 0;
    let mut starts = Vec::new();
    while at < body.len() {
        starts.push(at);
        at += KEY_BYTES_FOR_TEST + 1 + 4 * usize::from(body[at + KEY_BYTES_FOR_TEST]);
    }
    let pair = starts
        .windows(2)
        .find(|w| w[1] - w[0] == record && body[w[1] + KEY_BYTES_FOR_TEST] == 1)
        .expect("two one-move positions in a row");
    let mut swapped = good.clone();
    let (a, b) = (file::HEADER_BYTES + pair[0], file::HEADER_BYTES + pair[1]);
    let first = good[a..a + record].to_vec();
    swapped.copy_within(b..b + record, a);
    swapped[b..b + record].copy_from_slice(&first);
    assert!(refusal(&resealed(swapped)).contains("out of order"));
}

#[test]
fn a_position_keeps_its_best_moves_up_to_what_the_file_can_count() {
    let mut book = Book::new(1);
    let moves = (0..300)
        .map(|i| BookMove {
            code: i,
            score: i as i16,
        })
        .collect();
    book.insert(BookKey::of(&Position::start()), moves);
    let kept = book.moves(&Position::start()).unwrap();
    assert_eq!(kept.len(), MAX_MOVES);
    assert_eq!((kept[0].code, kept[MAX_MOVES - 1].code), (45, 299));
}

#[test]
fn the_book_plays_close_moves_whose_positions_it_has() {
    let book = small_book();
    let root = start();
    let mut rng = Rng::new(11);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..600 {
        let choice = book.choose(&root, &mut rng).unwrap();
        let mut legal = MoveList::new();
        root.legal_moves(&mut legal);
        assert!(legal.as_slice().contains(&choice.mv));
        *seen.entry(choice.mv).or_insert(0) += 1;
    }
    let count = |text: &str| {
        seen.get(&parse_move(&root.position, text).unwrap())
            .copied()
    };
    // 32-28 (5) and 33-28 (3) are within the margin and weighted 6 to 4; 31-26 is too far
    // below; 34-30 leads out of the book.
    let (best, close) = (count("32-28").unwrap(), count("33-28").unwrap());
    assert_eq!(best + close, 600);
    assert!(best > close && close > 150, "{best} {close}");
    assert_eq!(count("31-26"), None);
    assert_eq!(count("34-30"), None);
}

#[test]
fn a_position_outside_the_book_or_without_a_move_in_it_gets_none() {
    let book = small_book();
    let mut rng = Rng::new(1);
    assert_eq!(book.choose(&after(&start(), "34-30"), &mut rng), None);
    // The position after 32-28 is in the book, but its move leads out of it.
    assert_eq!(book.choose(&after(&start(), "32-28"), &mut rng), None);
}

#[test]
fn the_embedded_book_is_sound_and_holds_every_ballot() {
    let book = embedded().unwrap();
    assert_eq!(to_bytes(&book), EMBEDDED_BYTES);
    assert_eq!(*book_named("").unwrap(), *book);
    assert_eq!(*book_named(EMBEDDED_BOOK_NAME).unwrap(), *book);
    assert!(book_named("/nonexistent/other.book").is_err());
    // Built with the first two plies expanded whole: every 2-move ballot, where matches
    // start, is a book position, and the start itself is played from the book.
    let root = start();
    assert!(book.choose(&root, &mut Rng::new(3)).is_some());
    let mut first = MoveList::new();
    root.legal_moves(&mut first);
    for &mv in first.iter() {
        let one = {
            let mut next = root;
            next.play(mv);
            next
        };
        let mut second = MoveList::new();
        one.legal_moves(&mut second);
        for &reply in second.iter() {
            let mut two = one;
            two.play(reply);
            assert!(book.contains(&two.position), "{:?} {:?}", mv, reply);
        }
    }
}
