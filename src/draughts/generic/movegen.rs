//! Legal moves of every variant: the captures when there are any (compulsory in all of
//! them), else the quiet moves: men step forward (Turkish men also sideways), kings slide or,
//! where they are short, step; a Frisian king that has made three quiet moves in a row
//! rests.

use super::captures::captures;
use super::geometry::{DIAGONAL, NONE, ORTHOGONAL};
use super::position::VariantPosition;
use super::rules::Lines;
use crate::draughts::bits::Bits;
use crate::draughts::{Color, Move};
use crate::engine::{MoveList, Perft};

/// Appends every legal move of the side to move.
pub fn legal_moves(pos: &VariantPosition, out: &mut MoveList<Move>) {
    if !captures(pos, out) {
        quiet_moves(pos, out);
    }
}

/// Counted by the default perft: every move played, no draw rules, no game end but having
/// no move.
impl Perft for VariantPosition {
    type Move = Move;

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        legal_moves(self, out);
    }

    fn play(&mut self, mv: Move) {
        VariantPosition::play(self, mv);
    }
}

/// Directions in which men of `color` step.
fn man_step_directions(lines: Lines, color: Color) -> &'static [usize] {
    match (lines, color) {
        (Lines::Orthogonal, Color::White) => &[4, 5, 6],
        (Lines::Orthogonal, Color::Black) => &[7, 5, 6],
        (_, Color::White) => &[0, 1],
        (_, Color::Black) => &[2, 3],
    }
}

/// Appends the non-capturing moves (legal only when there is no capture).
pub fn quiet_moves(pos: &VariantPosition, out: &mut MoveList<Move>) {
    let rules = pos.rules();
    let g = pos.geometry();
    let us = pos.side();
    let empty = g.all & !pos.occupied();
    let man_dirs = man_step_directions(rules.lines, us);
    for from in Bits(pos.men(us)) {
        let at = from.trailing_zeros();
        for &dir in man_dirs {
            let to = g.next[at as usize][dir];
            if to != NONE && empty & (1u64 << to) != 0 {
                out.push(Move::new(at, to as u32, 0));
            }
        }
    }
    let king_dirs = match rules.lines {
        Lines::Orthogonal => &ORTHOGONAL,
        _ => &DIAGONAL,
    };
    for from in Bits(pos.kings(us) & !pos.tired_king()) {
        let at = from.trailing_zeros();
        for &dir in king_dirs {
            let mut to = g.next[at as usize][dir];
            while to != NONE && empty & (1u64 << to) != 0 {
                out.push(Move::new(at, to as u32, 0));
                if !rules.flying_kings {
                    break;
                }
                to = g.next[to as usize][dir];
            }
        }
    }
}
