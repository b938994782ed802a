//! Legal move generation: compulsory captures with the majority rule, flying kings, the
//! Turkish strike, and men's steps.
//!
//! Captures are searched depth-first per piece. During a sequence the capturing piece's
//! start square counts as empty, and jumped pieces stay on the board (they block and cannot
//! be jumped again) until the move ends. Only sequences capturing the most pieces are kept,
//! and routes with the same start, end and captured set are kept once.

use super::bitboard::{step, BOARD, DIRECTIONS};
use super::position::Position;
use crate::draughts::bits::Bits;
use crate::draughts::Color;
use crate::draughts::Move;
use crate::engine::{MoveList, MAX_MOVES};

/// Directions a man of `color` steps in without capturing.
#[inline(always)]
const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [0, 1],
        Color::Black => [2, 3],
    }
}

/// Appends every legal move of the side to move.
pub fn legal_moves(pos: &Position, out: &mut MoveList<Move>) {
    // The bulk test for capturing pieces is much cheaper than a search that finds nothing,
    // and its answer says which pieces to search from.
    if !captures(pos, out) {
        quiet_moves(pos, out);
    }
}

/// Appends the legal captures (all of the same, maximal size); returns true when any exists.
pub fn captures(pos: &Position, out: &mut MoveList<Move>) -> bool {
    let us = pos.side();
    let empty = BOARD & !pos.occupied();
    let enemy = pos.pieces(us.opponent());
    let men = man_capturers(pos.men(us), enemy, empty);
    let kings = king_capturers(pos.kings(us), enemy, empty);
    if men | kings == 0 {
        return false;
    }
    let start = out.len();
    let mut gen = CaptureSearch {
        out,
        start,
        best: 0,
        enemy,
    };
    for from in Bits(men) {
        gen.man(from, from, 0, empty | from);
    }
    for from in Bits(kings) {
        gen.king(from, from, 0, empty | from, DIRECTIONS, true);
    }
    gen.best > 0
}

/// Men of the side to move that can jump at least one piece.
#[inline(always)]
fn man_capturers(men: u64, enemy: u64, empty: u64) -> u64 {
    let mut bb = 0;
    for dir in 0..DIRECTIONS {
        bb |= step(enemy & step(empty, dir ^ 3), dir ^ 3);
    }
    men & bb
}

/// Kings that can jump at least one piece: for each direction, the enemy pieces a king sees
/// with an empty square behind them, traced back along the diagonal to the king.
#[inline(always)]
fn king_capturers(kings: u64, enemy: u64, empty: u64) -> u64 {
    if kings == 0 {
        return 0;
    }
    let mut bb = 0;
    for dir in 0..DIRECTIONS {
        let seen = slide(kings, empty, dir) | kings;
        let targets = step(seen, dir) & enemy & step(empty, dir ^ 3);
        if targets != 0 {
            bb |= step(slide(targets, empty, dir ^ 3) | targets, dir ^ 3);
        }
    }
    kings & bb
}

/// True when the side to move has a capture (a few bulk shifts and fills, no search).
pub fn has_capture(pos: &Position) -> bool {
    let us = pos.side();
    let empty = BOARD & !pos.occupied();
    let enemy = pos.pieces(us.opponent());
    man_capturers(pos.men(us), enemy, empty) != 0
        || king_capturers(pos.kings(us), enemy, empty) != 0
}

struct CaptureSearch<'a> {
    out: &'a mut MoveList<Move>,
    start: usize,
    best: u32,
    enemy: u64,
}

impl CaptureSearch<'_> {
    /// Extends a man's capture from `at`; `empty` includes the start square.
    fn man(&mut self, from: u64, at: u64, captured: u64, empty: u64) {
        let mut extended = false;
        let prey = self.enemy & !captured;
        for dir in 0..DIRECTIONS {
            let over = step(at, dir) & prey;
            if over != 0 {
                let land = step(over, dir) & empty;
                if land != 0 {
                    extended = true;
                    self.man(from, land, captured | over, empty);
                }
            }
        }
        if !extended && captured != 0 {
            self.record(from, at, captured);
        }
    }

    /// Extends a king's capture from `at`. `came` is the direction of the last jump (or
    /// [`DIRECTIONS`] at the start): turning straight back is never possible, since the piece
    /// just jumped blocks the way. With `straight` false the way ahead is skipped too: an
    /// earlier landing square on the same run already looked past this one, and stopping
    /// here instead can only capture fewer pieces.
    fn king(&mut self, from: u64, at: u64, captured: u64, empty: u64, came: usize, straight: bool) {
        let mut extended = false;
        let prey = self.enemy & !captured;
        for dir in 0..DIRECTIONS {
            if dir ^ 3 == came || (dir == came && !straight) {
                continue;
            }
            let mut s = step(at, dir);
            while s & empty != 0 {
                s = step(s, dir);
            }
            if s & prey == 0 {
                continue;
            }
            let mut land = step(s, dir) & empty;
            let mut first = true;
            while land != 0 {
                extended = true;
                self.king(from, land, captured | s, empty, dir, first);
                first = false;
                land = step(land, dir) & empty;
            }
        }
        if !extended && captured != 0 {
            self.record(from, at, captured);
        }
    }

    /// Keeps a finished sequence if it is among the largest, once per (from, to, captured).
    fn record(&mut self, from: u64, to: u64, captured: u64) {
        let count = captured.count_ones();
        if count < self.best {
            return;
        }
        if count > self.best {
            self.best = count;
            let mut index = 0;
            let keep = self.start;
            self.out.retain(|_| {
                index += 1;
                index <= keep
            });
        }
        let mv = Move::new(from.trailing_zeros(), to.trailing_zeros(), captured);
        // A single jump is fixed by its triple; longer routes may coincide (kept list is short).
        if count >= 2 && self.out.as_slice()[self.start..].contains(&mv) {
            return;
        }
        // More distinct maximal captures than list slots cannot arise in play; dropping the
        // excess instead of panicking keeps hostile input harmless.
        if self.out.len() < MAX_MOVES {
            self.out.push(mv);
        }
    }
}

/// Appends every non-capture move (only legal when no capture exists). The list cannot
/// overflow: each empty square is reached from at most four directions, so a position has
/// fewer than 200 quiet moves.
pub fn quiet_moves(pos: &Position, out: &mut MoveList<Move>) {
    let us = pos.side();
    let empty = BOARD & !pos.occupied();
    let men = pos.men(us);
    for dir in forward(us) {
        for to in Bits(step(men, dir) & empty) {
            let from = step(to, dir ^ 3);
            out.push(Move::new(from.trailing_zeros(), to.trailing_zeros(), 0));
        }
    }
    for from in Bits(pos.kings(us)) {
        for dir in 0..DIRECTIONS {
            let mut to = step(from, dir) & empty;
            while to != 0 {
                out.push(Move::new(from.trailing_zeros(), to.trailing_zeros(), 0));
                to = step(to, dir) & empty;
            }
        }
    }
}

/// Every empty square reachable from `from` (any number of pieces) along `dir` over empty
/// squares, the start squares themselves excluded. A Kogge-Stone fill: four branch-free
/// doubling steps cover the longest diagonal, where a square-by-square walk would loop and
/// branch up to nine times.
#[inline(always)]
fn slide(from: u64, empty: u64, dir: usize) -> u64 {
    let filled = match dir {
        0 => fill_down(from, empty, 6),
        1 => fill_down(from, empty, 5),
        2 => fill_up(from, empty, 5),
        _ => fill_up(from, empty, 6),
    };
    filled & !from
}

/// Occluded fill toward higher bits by steps of `s`.
#[inline(always)]
fn fill_up(mut gen: u64, mut pro: u64, s: u32) -> u64 {
    gen |= pro & (gen << s);
    pro &= pro << s;
    gen |= pro & (gen << (2 * s));
    pro &= pro << (2 * s);
    gen |= pro & (gen << (4 * s));
    pro &= pro << (4 * s);
    gen | (pro & (gen << (8 * s)))
}

/// Occluded fill toward lower bits by steps of `s`.
#[inline(always)]
fn fill_down(mut gen: u64, mut pro: u64, s: u32) -> u64 {
    gen |= pro & (gen >> s);
    pro &= pro >> s;
    gen |= pro & (gen >> (2 * s));
    pro &= pro >> (2 * s);
    gen |= pro & (gen >> (4 * s));
    pro &= pro >> (4 * s);
    gen | (pro & (gen >> (8 * s)))
}

/// Number of quiet moves, without listing them (perft's last ply).
#[inline]
pub fn count_quiet_moves(pos: &Position) -> u64 {
    let us = pos.side();
    let empty = BOARD & !pos.occupied();
    let men = pos.men(us);
    let [a, b] = forward(us);
    let mut n = (step(men, a) & empty).count_ones() + (step(men, b) & empty).count_ones();
    let kings = pos.kings(us);
    if kings != 0 {
        for dir in 0..DIRECTIONS {
            // Rays of different kings in one direction never overlap: a king ends the ray
            // of any king behind it.
            n += slide(kings, empty, dir).count_ones();
        }
    }
    n as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::{move_to_hub, parse_position};

    #[test]
    fn appends_after_existing_moves_and_keeps_only_the_largest_captures() {
        // Shorter captures found first are dropped, but entries already in the list survive.
        let pos = parse_position("B:W13,15,17,20,29,31,37,38,44,45,K46:B7,8,K24,K47,K49").unwrap();
        let marker = Move::new(0, 5, 0);
        let mut list = MoveList::new();
        list.push(marker);
        legal_moves(&pos, &mut list);
        assert_eq!(list.as_slice()[0], marker);
        let rest: Vec<String> = list.as_slice()[1..]
            .iter()
            .map(|&m| move_to_hub(m))
            .collect();
        assert_eq!(rest.len(), 3);
        assert!(
            list.as_slice()[1..].iter().all(|m| m.capture_count() == 4),
            "{rest:?}"
        );
    }

    #[test]
    fn bulk_quiet_count_matches_the_list() {
        for text in [
            "W:W31-50:B1-20",
            "W:WK31-50:BK1-20",
            "B:WK46,K5,30:BK24,K28,10,11",
        ] {
            let pos = parse_position(text).unwrap();
            let mut list = MoveList::new();
            quiet_moves(&pos, &mut list);
            assert_eq!(count_quiet_moves(&pos), list.len() as u64, "{text}");
        }
    }
}
