//! Captures of every variant: one depth-first search per capturing piece, steered by the
//! rule set, then the variant's precedence rule over the finished sequences.
//!
//! Pieces taken leave the board at once, as in pydraughts, but a king may not cross or land
//! on a square it has emptied during the move (only the last one in Turkish, where the rule
//! is that a piece may not turn straight back). A man cannot reach such a square diagonally
//! anyway. Every finished sequence is kept with what the precedence rules weigh (how many,
//! of what value, which first), so the rules are a filter over plain data.

use super::geometry::{Geometry, DIAGONAL, NONE, ORTHOGONAL};
use super::position::{VariantPosition, CROWNED};
use super::rules::{Crowning, Lines, Precedence, RuleSet};
use crate::draughts::bits::Bits;
use crate::draughts::{Color, Move};
use crate::engine::{MoveList, MAX_MOVES};

/// Value of a man and of a king for the Frisian precedence rule: a king is worth a little
/// over one and a half men, so two kings outweigh three men.
const FRISIAN_MAN: u32 = 1000;
const FRISIAN_KING: u32 = 1501;

/// A finished capture sequence and what the precedence rules weigh.
#[derive(Clone, Copy, Debug)]
struct Sequence {
    mv: Move,
    count: u32,
    value: u32,
    kings: u32,
    by_king: bool,
    /// Index in the sequence of the first king taken (`u32::MAX`: none).
    first_king: u32,
    /// Squares taken, in order, six bits each.
    order: u128,
}

/// Directions in which men of `color` capture.
pub(super) fn man_capture_directions(rules: &RuleSet, color: Color) -> &'static [usize] {
    match (rules.lines, rules.men_capture_backward, color) {
        (Lines::Orthogonal, _, Color::White) => &[4, 5, 6],
        (Lines::Orthogonal, _, Color::Black) => &[7, 5, 6],
        (Lines::DiagonalOrthogonalCaptures, _, _) => &[0, 1, 2, 3, 4, 5, 6, 7],
        (Lines::Diagonal, true, _) => &DIAGONAL,
        (Lines::Diagonal, false, Color::White) => &[0, 1],
        (Lines::Diagonal, false, Color::Black) => &[2, 3],
    }
}

/// Directions in which kings capture.
pub(super) fn king_capture_directions(rules: &RuleSet) -> &'static [usize] {
    match rules.lines {
        Lines::Diagonal => &DIAGONAL,
        Lines::DiagonalOrthogonalCaptures => &[0, 1, 2, 3, 4, 5, 6, 7],
        Lines::Orthogonal => &ORTHOGONAL,
    }
}

/// True when the side to move has a capture (a single jump is enough to know).
pub fn has_capture(pos: &VariantPosition) -> bool {
    let rules = pos.rules();
    let g = pos.geometry();
    let us = pos.side();
    let occupied = pos.occupied();
    let enemy = pos.pieces(us.opponent());
    let prey_of_men = if rules.men_capture_kings {
        enemy
    } else {
        enemy & !pos.kings(us.opponent())
    };
    let man_dirs = man_capture_directions(rules, us);
    for from in Bits(pos.men(us)) {
        let at = from.trailing_zeros() as usize;
        for &dir in man_dirs {
            let over = g.next[at][dir];
            if over != NONE && prey_of_men & (1u64 << over) != 0 {
                let land = g.next[over as usize][dir];
                if land != NONE && occupied & (1u64 << land) == 0 {
                    return true;
                }
            }
        }
    }
    for from in Bits(pos.kings(us)) {
        let at = from.trailing_zeros() as usize;
        for &dir in king_capture_directions(rules) {
            let mut s = g.next[at][dir];
            while rules.flying_kings && s != NONE && occupied & (1u64 << s) == 0 {
                s = g.next[s as usize][dir];
            }
            if s != NONE && enemy & (1u64 << s) != 0 {
                let land = g.next[s as usize][dir];
                if land != NONE && occupied & (1u64 << land) == 0 {
                    return true;
                }
            }
        }
    }
    false
}

/// Appends the legal captures of the side to move; returns true when there is any.
pub fn captures(pos: &VariantPosition, out: &mut MoveList<Move>) -> bool {
    if !has_capture(pos) {
        return false;
    }
    let rules = pos.rules();
    let us = pos.side();
    let mut search = CaptureSearch {
        g: pos.geometry(),
        rules,
        enemy: pos.pieces(us.opponent()),
        enemy_kings: pos.kings(us.opponent()),
        own: 0,
        promotion: pos.promotion_row(us),
        man_dirs: man_capture_directions(rules, us),
        king_dirs: king_capture_directions(rules),
        from: 0,
        by_king: false,
        found: Vec::new(),
    };
    for from in Bits(pos.pieces(us)) {
        search.own = pos.pieces(us) & !from;
        search.from = from.trailing_zeros();
        search.by_king = pos.kings(us) & from != 0;
        let start = Path {
            at: search.from,
            king: search.by_king,
            crowned: false,
            captured: 0,
            last: NONE,
            halt: NONE,
            kings: 0,
            first_king: u32::MAX,
            order: 0,
        };
        search.extend(start);
    }
    let before = out.len();
    for seq in select(rules, &search.found) {
        if out.len() < MAX_MOVES && !out.as_slice()[before..].contains(&seq.mv) {
            out.push(seq.mv);
        }
    }
    out.len() > before
}

/// Where a capture sequence stands.
#[derive(Clone, Copy)]
struct Path {
    at: u32,
    king: bool,
    crowned: bool,
    captured: u64,
    /// The last square emptied (Turkish: the only one that blocks).
    last: u8,
    /// Killer: the only square the sequence may end on, or [`NONE`].
    halt: u8,
    kings: u32,
    first_king: u32,
    order: u128,
}

struct CaptureSearch {
    g: &'static Geometry,
    rules: &'static RuleSet,
    enemy: u64,
    enemy_kings: u64,
    /// Our pieces other than the one capturing.
    own: u64,
    promotion: u64,
    man_dirs: &'static [usize],
    king_dirs: &'static [usize],
    from: u32,
    by_king: bool,
    found: Vec<Sequence>,
}

impl CaptureSearch {
    /// Tries every next jump from `path`; records it when there is none.
    fn extend(&mut self, path: Path) {
        let occupied = self.own | (self.enemy & !path.captured);
        let blocked = if self.rules.only_last_blocks {
            if path.last == NONE {
                0
            } else {
                1u64 << path.last
            }
        } else {
            path.captured
        };
        let prey = self.enemy & !path.captured;
        let mut extended = false;
        if path.king && self.rules.flying_kings {
            for &dir in self.king_dirs {
                let mut s = self.g.next[path.at as usize][dir];
                while s != NONE && (occupied | blocked) & (1u64 << s) == 0 {
                    s = self.g.next[s as usize][dir];
                }
                if s == NONE || prey & (1u64 << s) == 0 {
                    continue;
                }
                let behind = self.g.next[s as usize][dir];
                let mut land = behind;
                while land != NONE && (occupied | blocked) & (1u64 << land) == 0 {
                    extended = true;
                    let halt = if self.rules.halt_behind_king && self.enemy_kings & (1u64 << s) != 0
                    {
                        behind
                    } else {
                        NONE
                    };
                    self.jump(path, s, land, halt);
                    land = self.g.next[land as usize][dir];
                }
            }
        } else {
            let dirs = if path.king {
                &DIAGONAL[..]
            } else {
                self.man_dirs
            };
            let prey = if path.king || self.rules.men_capture_kings {
                prey
            } else {
                prey & !self.enemy_kings
            };
            for &dir in dirs {
                let over = self.g.next[path.at as usize][dir];
                if over == NONE || prey & (1u64 << over) == 0 {
                    continue;
                }
                let land = self.g.next[over as usize][dir];
                if land != NONE && occupied & (1u64 << land) == 0 {
                    extended = true;
                    self.jump(path, over, land, NONE);
                }
            }
        }
        if !extended && path.captured != 0 {
            self.record(path);
        }
    }

    /// Jumps over `over` onto `land` and goes on from there.
    fn jump(&mut self, path: Path, over: u8, land: u8, halt: u8) {
        let bit = 1u64 << over;
        let index = path.captured.count_ones();
        let is_king = self.enemy_kings & bit != 0;
        let mut next = Path {
            at: land as u32,
            captured: path.captured | bit,
            last: over,
            halt,
            kings: path.kings + is_king as u32,
            first_king: if is_king && path.first_king == u32::MAX {
                index
            } else {
                path.first_king
            },
            order: path.order | (u128::from(over) << (6 * index)),
            ..path
        };
        if !path.king && self.promotion & (1u64 << land) != 0 {
            match self.rules.crowning {
                Crowning::AtEnd => {}
                Crowning::Continue => {
                    next.king = true;
                    next.crowned = true;
                }
                Crowning::Stop => return self.record(next),
            }
        }
        self.extend(next);
    }

    fn record(&mut self, path: Path) {
        if path.halt != NONE && path.halt as u32 != path.at {
            return;
        }
        let count = path.captured.count_ones();
        let to = path.at as u8 | if path.crowned { CROWNED } else { 0 };
        self.found.push(Sequence {
            mv: Move {
                captured: path.captured,
                from: self.from as u8,
                to,
            },
            count,
            value: (count - path.kings) * FRISIAN_MAN + path.kings * FRISIAN_KING,
            kings: path.kings,
            by_king: self.by_king,
            first_king: path.first_king,
            order: path.order,
        });
    }
}

/// The sequences the variant's precedence rule allows.
fn select<'a>(rules: &RuleSet, found: &'a [Sequence]) -> Vec<&'a Sequence> {
    let mut keep: Vec<&Sequence> = found.iter().collect();
    let retain_max = |keep: &mut Vec<&Sequence>, key: &dyn Fn(&Sequence) -> u32| {
        let best = keep.iter().map(|s| key(s)).max().unwrap_or(0);
        keep.retain(|s| key(s) == best);
    };
    match rules.precedence {
        Precedence::Quantity => retain_max(&mut keep, &|s| s.count),
        Precedence::Free => {
            // A sequence that another one by the same piece begins with is not finished:
            // the king had a landing square from which it could go on (Russian).
            let all = keep.clone();
            keep.retain(|a| {
                let mask = (1u128 << (6 * a.count)) - 1;
                !all.iter().any(|b| {
                    b.mv.from == a.mv.from && b.count > a.count && b.order & mask == a.order
                })
            });
        }
        Precedence::Value => {
            retain_max(&mut keep, &|s| s.value);
            retain_max(&mut keep, &|s| s.by_king as u32);
        }
        Precedence::Italian => {
            retain_max(&mut keep, &|s| s.count);
            retain_max(&mut keep, &|s| s.by_king as u32);
            retain_max(&mut keep, &|s| s.kings);
            retain_max(&mut keep, &|s| u32::MAX - s.first_king);
        }
    }
    keep
}
