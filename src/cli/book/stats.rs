//! `tvilling book stats FILE`: what a book holds, by ply from the start, and its main line.

use std::collections::HashSet;
use std::fmt::Write;

use crate::draughts::book::{Book, BookKey};
use crate::draughts::fast::notation::move_to_hub;
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::packed::move_of_code;
use crate::draughts::{Move, Position, SearchPosition};

/// The moves of `position` the book has, each with its score and whether its own position
/// is in the book, best first.
fn scored_moves(book: &Book, position: &Position) -> Vec<(Move, i16, bool)> {
    let board = SearchPosition::new(*position, DrawClocks::new(position));
    let mut moves: Vec<(Move, i16, bool)> = book
        .moves(position)
        .unwrap_or(&[])
        .iter()
        .filter_map(|m| {
            let mv = move_of_code(&board, m.code).ok()?;
            let mut after = *position;
            after.play(mv);
            Some((mv, m.score, book.contains(&after)))
        })
        .collect();
    moves.sort_by_key(|&(_, score, _)| std::cmp::Reverse(score));
    moves
}

/// The summary: size, positions by ply from the start (and how many of them the book plays
/// a move in), and the main line (the best book move of each position, as long as there is
/// one).
pub fn summarise(book: &Book) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "positions {}, moves {}, {} nodes a position, {} bytes",
        book.len(),
        book.move_count(),
        book.nodes_per_position(),
        crate::draughts::book::to_bytes(book).len()
    );
    let mut seen = HashSet::new();
    let mut frontier = vec![Position::start()];
    let mut ply = 0;
    let mut reached = 0;
    while !frontier.is_empty() {
        let mut next = Vec::new();
        let mut played = 0;
        let mut count = 0;
        for position in frontier {
            if !book.contains(&position) || !seen.insert(BookKey::of(&position)) {
                continue;
            }
            count += 1;
            let board = SearchPosition::new(position, DrawClocks::new(&position));
            if !book.candidates(&board).is_empty() {
                played += 1;
            }
            let moves = scored_moves(book, &position);
            for (mv, _, inside) in moves {
                if inside {
                    let mut after = position;
                    after.play(mv);
                    next.push(after);
                }
            }
        }
        if count > 0 {
            let _ = writeln!(
                out,
                "ply {ply:>3}: {count:>6} positions, the book plays in {played}"
            );
        }
        reached += count;
        frontier = next;
        ply += 1;
    }
    if reached < book.len() {
        let _ = writeln!(
            out,
            "{} positions are not reached from the start",
            book.len() - reached
        );
    }
    let mut line = Vec::new();
    let mut position = Position::start();
    while let Some(&(mv, score, _)) = scored_moves(book, &position).iter().find(|m| m.2) {
        line.push(format!(
            "{} ({:+.2})",
            move_to_hub(mv),
            f64::from(score) / 100.0
        ));
        position.play(mv);
    }
    let _ = writeln!(out, "main line: {}", line.join(" "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::book::BookMove;
    use crate::draughts::fast::notation::parse_move;
    use crate::draughts::packed::PackedDraughts;
    use crate::nnue::game_file::GameRecord;

    #[test]
    fn a_summary_counts_plies_and_follows_the_main_line() {
        let start = Position::start();
        let board = |p: Position| SearchPosition::new(p, DrawClocks::new(&p));
        let code = |p: Position, text: &str| {
            PackedDraughts::move_code(&board(p), parse_move(&p, text).unwrap()).unwrap()
        };
        let mut after = start;
        after.play(parse_move(&start, "32-28").unwrap());
        let mut book = Book::new(77);
        book.insert(
            BookKey::of(&start),
            vec![
                BookMove {
                    code: code(start, "32-28"),
                    score: 4,
                },
                BookMove {
                    code: code(start, "31-26"),
                    score: 9,
                },
            ],
        );
        book.insert(
            BookKey::of(&after),
            vec![BookMove {
                code: code(after, "19-23"),
                score: -4,
            }],
        );
        let text = summarise(&book);
        assert!(
            text.starts_with("positions 2, moves 3, 77 nodes a position"),
            "{text}"
        );
        // 31-26 scores best, but leads out of the book: the book plays 32-28 (5 below,
        // inside the margin), whose position has no move in the book.
        assert!(
            text.contains("ply   0:      1 positions, the book plays in 1"),
            "{text}"
        );
        assert!(
            text.contains("ply   1:      1 positions, the book plays in 0"),
            "{text}"
        );
        assert!(text.ends_with("main line: 32-28 (+0.04)\n"), "{text}");
    }
}
