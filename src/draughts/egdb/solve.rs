//! Retrograde analysis of one material class (with its colour-swapped twin, since a move
//! within the class leads to the twin with the other side to move).
//!
//! 1. Every position is looked at once, in parallel: no move is a loss; a move that leaves
//!    the class (a capture or a promotion) is looked up in the tables already solved; a
//!    move that stays is counted.
//! 2. From every won or lost position, the moves that could have led to it are taken back
//!    (men step back, kings slide back, never out of a position with a capture, which
//!    would have been compulsory): a predecessor of a lost position is won; a predecessor
//!    all of whose moves lead to won positions is lost.
//! 3. What is left is drawn.

use super::material::{turned, Material};
use super::table::{code_of, Table, Wdl};
use super::Database;
use crate::draughts::bits::Bits;
use crate::draughts::fast::bitboard::{step, BOARD, DIRECTIONS};
use crate::draughts::fast::movegen::{has_capture, legal_moves};
use crate::draughts::{Color, Position};
use crate::engine::MoveList;
use rayon::prelude::*;
use std::collections::VecDeque;

/// Working state of one index.
const PENDING: u8 = 0;
const PENDING_DRAWN: u8 = 1;
const WIN: u8 = 2;
const LOSS: u8 = 3;
const DRAW: u8 = 4;
const NO_POSITION: u8 = 5;

/// Indices per parallel task in the first pass.
const CHUNK: usize = 4096;

/// One class being solved.
struct Work {
    material: Material,
    state: Vec<u8>,
    /// Moves that stay in the class and are not yet known to lose for the mover.
    open: Vec<u8>,
}

/// The first look at `pos`: its state and its number of moves within the class.
fn first_look(pos: &Position, material: Material, db: &Database) -> (u8, u8) {
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return (LOSS, 0);
    }
    let mut open = 0u8;
    let mut drawn = false;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play(mv);
        if child.pieces(Color::Black) == 0 {
            return (WIN, 0);
        }
        if Material::of(&child) == material {
            open += 1;
            continue;
        }
        match db.probe(&child) {
            Some(Wdl::Loss) => return (WIN, 0),
            Some(Wdl::Draw) => drawn = true,
            Some(Wdl::Win) => {}
            // Every class a capture or promotion leads to is solved first; a gap would be
            // a bug in the solving order, and counting the move as drawn keeps the table
            // sound (never a false win or loss).
            None => drawn = true,
        }
    }
    match (open, drawn) {
        (0, true) => (DRAW, 0),
        (0, false) => (LOSS, 0),
        (n, true) => (PENDING_DRAWN, n),
        (n, false) => (PENDING, n),
    }
}

/// The positions (White to move) from which a quiet, non-crowning White move leads to
/// `after` (Black to move).
fn predecessors(after: &Position, out: &mut Vec<Position>) {
    out.clear();
    let white = after.pieces(Color::White);
    let black = after.pieces(Color::Black);
    let kings = after.kings(Color::White) | after.kings(Color::Black);
    let empty = BOARD & !(white | black);
    for to in Bits(after.kings(Color::White)) {
        for dir in 0..DIRECTIONS {
            let mut from = step(to, dir) & empty;
            while from != 0 {
                out.push(Position::from_parts(
                    white ^ to ^ from,
                    black,
                    kings ^ to ^ from,
                    Color::White,
                ));
                from = step(from, dir) & empty;
            }
        }
    }
    // White men move up the board (directions 0 and 1), so they came from below.
    for to in Bits(after.men(Color::White)) {
        for dir in [2, 3] {
            let from = step(to, dir) & empty;
            if from != 0 {
                out.push(Position::from_parts(
                    white ^ to ^ from,
                    black,
                    kings,
                    Color::White,
                ));
            }
        }
    }
    out.retain(|p| !has_capture(p));
}

/// Solves `material` and its twin; returns their tables (one when they are the same).
pub fn solve(material: Material, db: &Database) -> Vec<Table> {
    let twin = material.flipped();
    let classes = if twin == material {
        vec![material]
    } else {
        vec![material, twin]
    };
    let mut work: Vec<Work> = classes
        .iter()
        .map(|&m| {
            let size = m.size() as usize;
            let mut state = vec![NO_POSITION; size];
            let mut open = vec![0u8; size];
            state
                .par_chunks_mut(CHUNK)
                .zip(open.par_chunks_mut(CHUNK))
                .enumerate()
                .for_each(|(chunk, (states, opens))| {
                    for (i, (s, o)) in states.iter_mut().zip(opens.iter_mut()).enumerate() {
                        if let Some(pos) = m.position((chunk * CHUNK + i) as u64) {
                            (*s, *o) = first_look(&pos, m, db);
                        }
                    }
                });
            Work {
                material: m,
                state,
                open,
            }
        })
        .collect();

    // Table of a class and of the class its positions move to.
    let table_of = |m: Material| usize::from(m != classes[0]);
    let mut queue: VecDeque<(usize, u64)> = VecDeque::new();
    for (t, w) in work.iter().enumerate() {
        for (i, &s) in w.state.iter().enumerate() {
            if s == WIN || s == LOSS {
                queue.push_back((t, i as u64));
            }
        }
    }
    let mut before = Vec::new();
    while let Some((t, index)) = queue.pop_front() {
        let decided = work[t].state[index as usize];
        let Some(canonical) = work[t].material.position(index) else {
            continue;
        };
        // The decided position as reached: Black to move after White's move.
        let after = turned(&canonical);
        predecessors(&after, &mut before);
        for p in &before {
            let m = Material::of(p);
            let pt = table_of(m);
            let pi = work[pt].material.index(p) as usize;
            let w = &mut work[pt];
            let state = w.state[pi];
            if state != PENDING && state != PENDING_DRAWN {
                continue;
            }
            if decided == LOSS {
                w.state[pi] = WIN;
                queue.push_back((pt, pi as u64));
            } else {
                w.open[pi] -= 1;
                if w.open[pi] == 0 {
                    if state == PENDING_DRAWN {
                        w.state[pi] = DRAW;
                    } else {
                        w.state[pi] = LOSS;
                        queue.push_back((pt, pi as u64));
                    }
                }
            }
        }
    }

    work.into_iter()
        .map(|w| {
            let codes: Vec<u8> = w
                .state
                .par_iter()
                .map(|&s| {
                    code_of(match s {
                        WIN => Some(Wdl::Win),
                        LOSS => Some(Wdl::Loss),
                        NO_POSITION => None,
                        _ => Some(Wdl::Draw),
                    })
                })
                .collect();
            Table::from_codes(w.material, &codes)
        })
        .collect()
}
