//! Material classes of the endgame databases: how many men and kings each side has. Every
//! position of a class is stored with White to move; a position with Black to move is
//! looked up turned round (colours swapped, board rotated), in the class with the sides'
//! counts swapped.

use crate::draughts::bits::Bits;
use crate::draughts::fast::square::{mask_of, number_of};
use crate::draughts::{Color, Position};
use std::fmt;

/// The pieces of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White's men.
    pub white_men: u8,
    /// White's kings.
    pub white_kings: u8,
    /// Black's men.
    pub black_men: u8,
    /// Black's kings.
    pub black_kings: u8,
}

impl Material {
    /// The material of `pos`.
    pub fn of(pos: &Position) -> Self {
        let count = |bb: u64| bb.count_ones() as u8;
        Self {
            white_men: count(pos.men(Color::White)),
            white_kings: count(pos.kings(Color::White)),
            black_men: count(pos.men(Color::Black)),
            black_kings: count(pos.kings(Color::Black)),
        }
    }

    /// Pieces on the board.
    pub fn pieces(&self) -> u32 {
        u32::from(self.white_men + self.white_kings + self.black_men + self.black_kings)
    }

    /// Men on the board (a promotion lowers it, so classes with fewer are solved first).
    pub fn men(&self) -> u32 {
        u32::from(self.white_men + self.black_men)
    }

    /// The class seen from the other side.
    pub fn flipped(&self) -> Self {
        Self {
            white_men: self.black_men,
            white_kings: self.black_kings,
            black_men: self.white_men,
            black_kings: self.white_kings,
        }
    }

    /// True when a game from `start` can reach this class: neither side gains men, and
    /// neither side gains pieces (men are crowned, pieces are captured, nothing returns).
    pub fn reachable_from(&self, start: &Material) -> bool {
        self.white_men <= start.white_men
            && self.white_men + self.white_kings <= start.white_men + start.white_kings
            && self.black_men <= start.black_men
            && self.black_men + self.black_kings <= start.black_men + start.black_kings
    }

    /// True when both sides have a piece (otherwise the game is over).
    pub fn is_playable(&self) -> bool {
        self.white_men + self.white_kings > 0 && self.black_men + self.black_kings > 0
    }

    /// Every playable class of at most `pieces` pieces, in the order they can be solved:
    /// fewer pieces first, then fewer men (captures and promotions lead only to classes
    /// earlier in the list, or to the class itself with the sides swapped).
    pub fn up_to(pieces: u32) -> Vec<Material> {
        let mut all = Vec::new();
        let n = pieces.min(8) as u8;
        for wm in 0..=n {
            for wk in 0..=n - wm {
                for bm in 0..=n - wm - wk {
                    for bk in 0..=n - wm - wk - bm {
                        let m = Material {
                            white_men: wm,
                            white_kings: wk,
                            black_men: bm,
                            black_kings: bk,
                        };
                        if m.is_playable() {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| (m.pieces(), m.men(), *m));
        all
    }
}

impl fmt::Display for Material {
    /// `wm wk bm bk` as four digits, e.g. `2110` for two white men and a king against a
    /// black man.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}{}",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }
}

/// `pos` turned round: colours swapped, square n becomes 51 - n, the other side to move.
pub fn turned(pos: &Position) -> Position {
    let rotate = |bb: u64| {
        Bits(bb).fold(0u64, |out, b| {
            out | mask_of(51 - number_of(b.trailing_zeros()))
        })
    };
    Position::from_parts(
        rotate(pos.pieces(Color::Black)),
        rotate(pos.pieces(Color::White)),
        rotate(pos.kings(Color::White) | pos.kings(Color::Black)),
        pos.side().opponent(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::{parse_position, to_fen};

    #[test]
    fn classes_come_in_solving_order() {
        let all = Material::up_to(3);
        // 2 pieces: 4 classes (man or king each); 3 pieces: 2 x (3 + 3) = 12.
        assert_eq!(all.len(), 4 + 12);
        for pair in all.windows(2) {
            assert!((pair[0].pieces(), pair[0].men()) <= (pair[1].pieces(), pair[1].men()));
        }
        let m = Material::of(&parse_position("W:W10,K20:BK40").unwrap());
        assert_eq!(m.to_string(), "1101");
        assert_eq!(m.flipped().to_string(), "0111");
    }

    #[test]
    fn turning_twice_is_the_identity() {
        let pos = parse_position("B:W10,K20,33:BK40,45").unwrap();
        let once = turned(&pos);
        assert_eq!(to_fen(&once), "W:W6,K11:B18,K31,41");
        assert_eq!(to_fen(&turned(&once)), to_fen(&pos));
    }
}
