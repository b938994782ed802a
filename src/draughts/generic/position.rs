//! The board of a variant: pieces, kings, side to move, the variant itself and, for Frisian,
//! each side's run of quiet moves with one king. Copy-made like the international position,
//! with a Zobrist key kept as moves are played.

use super::geometry::Geometry;
use super::rules::{Crowning, RuleSet, Variant};
use crate::draughts::bits::Bits;
use crate::draughts::zobrist::{BLACK_TO_MOVE, PIECE_KEYS, WHITE_MAN};
use crate::draughts::{Color, Move};

/// Marks a move's end square when a man was crowned during the capture and went on as a
/// king (Russian): the triple alone cannot say so, and the piece stays a king.
pub const CROWNED: u8 = 0x80;

/// The end square of a variant move, without the [`CROWNED`] mark.
#[inline(always)]
pub const fn target(mv: Move) -> u32 {
    (mv.to & !CROWNED) as u32
}

/// Most quiet moves in a row one Frisian king may make while its side has men.
pub const KING_MOVE_LIMIT: u8 = 3;

/// A position of some variant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct VariantPosition {
    pieces: [u64; 2],
    kings: u64,
    side: Color,
    variant: Variant,
    /// Per side: quiet moves in a row by the king now on `streak_square` (Frisian).
    streak: [u8; 2],
    streak_square: [u8; 2],
    hash: u64,
}

impl VariantPosition {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Self {
        let rules = variant.rules();
        let g = rules.geometry;
        let rows =
            |first: u32| (first..first + rules.start_rows).fold(0, |bb, row| bb | g.row_mask(row));
        let black = rows(rules.start_skip);
        let white = rows(g.rows - rules.start_skip - rules.start_rows);
        Self::from_parts(variant, white, black, 0, Color::White)
    }

    /// A position from raw square sets; the caller (the parsers) checks they are disjoint,
    /// on the board, and that `kings` is a subset of the pieces.
    pub fn from_parts(variant: Variant, white: u64, black: u64, kings: u64, side: Color) -> Self {
        let mut pos = VariantPosition {
            pieces: [white, black],
            kings,
            side,
            variant,
            streak: [0; 2],
            streak_square: [0; 2],
            hash: 0,
        };
        pos.hash = pos.piece_hash();
        pos
    }

    fn piece_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for b in Bits(self.pieces[color as usize]) {
                h ^= key(color, b & self.kings != 0, b.trailing_zeros());
            }
        }
        h
    }

    /// The variant.
    #[inline(always)]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The variant's rules.
    #[inline(always)]
    pub fn rules(&self) -> &'static RuleSet {
        self.variant.rules()
    }

    /// The board.
    #[inline(always)]
    pub fn geometry(&self) -> &'static Geometry {
        self.variant.rules().geometry
    }

    /// Side to move.
    #[inline(always)]
    pub fn side(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> u64 {
        self.pieces[color as usize]
    }

    /// Men of `color`.
    #[inline(always)]
    pub fn men(&self, color: Color) -> u64 {
        self.pieces[color as usize] & !self.kings
    }

    /// Kings of `color`.
    #[inline(always)]
    pub fn kings(&self, color: Color) -> u64 {
        self.pieces[color as usize] & self.kings
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The row where men of `color` are crowned.
    #[inline(always)]
    pub fn promotion_row(&self, color: Color) -> u64 {
        let g = self.geometry();
        match color {
            Color::White => g.row_mask(0),
            Color::Black => g.row_mask(g.rows - 1),
        }
    }

    /// The king of the side to move that may not make another quiet move (Frisian: three
    /// in a row while its side has men), as a one-square set, or 0.
    #[inline]
    pub fn tired_king(&self) -> u64 {
        let us = self.side as usize;
        if !self.rules().king_move_limit
            || self.streak[us] < KING_MOVE_LIMIT
            || self.men(self.side) == 0
        {
            return 0;
        }
        (1u64 << self.streak_square[us]) & self.kings(self.side)
    }

    /// Zobrist key: pieces, side to move and the Frisian king-move runs.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
            ^ run_key(0, self.streak[0], self.streak_square[0])
            ^ run_key(1, self.streak[1], self.streak_square[1])
    }

    /// True when `mv` moves a man.
    #[inline(always)]
    pub fn moves_man(&self, mv: Move) -> bool {
        self.kings & (1u64 << mv.from) == 0
    }

    /// Plays a legal move of the side to move.
    pub fn play(&mut self, mv: Move) {
        let us = self.side as usize;
        let them = us ^ 1;
        let from = 1u64 << mv.from;
        let to = 1u64 << target(mv);
        let becomes_king = self.becomes_king(mv);
        if self.rules().king_move_limit {
            (self.streak[us], self.streak_square[us]) = self.run_after(mv);
        }
        self.hash = self.pieces_key_after(mv, becomes_king);
        self.pieces[us] = (self.pieces[us] ^ from) | to;
        self.kings &= !from;
        if becomes_king {
            self.kings |= to;
        }
        self.pieces[them] &= !mv.captured;
        self.kings &= !mv.captured;
        self.side = self.side.opponent();
        // A side whose last man is taken has no run to keep: its kings are free for good.
        if self.men(self.side) == 0 {
            self.streak[them] = 0;
        }
    }

    /// The Frisian run of the side to move after `mv`: its length (quiet moves in a row by
    /// one king) and that king's square. A side without men has none: no limit binds its
    /// kings, so their last moves are no part of the position (the key of a kings-only
    /// ending repeats as pydraughts' and Scan's do).
    fn run_after(&self, mv: Move) -> (u8, u8) {
        let us = self.side as usize;
        let quiet_king_move = self.kings & (1u64 << mv.from) != 0 && mv.captured == 0;
        let length = if quiet_king_move && self.men(self.side) != 0 {
            let same_king = self.streak[us] != 0 && self.streak_square[us] == mv.from;
            if same_king {
                (self.streak[us] + 1).min(KING_MOVE_LIMIT)
            } else {
                1
            }
        } else {
            0
        };
        (length, target(mv) as u8)
    }

    /// Whether the piece `mv` moves is a king when the move ends.
    #[inline(always)]
    fn becomes_king(&self, mv: Move) -> bool {
        let crowned_on_the_way =
            mv.to & CROWNED != 0 && self.rules().crowning == Crowning::Continue;
        self.kings & (1u64 << mv.from) != 0
            || crowned_on_the_way
            || (1u64 << target(mv)) & self.promotion_row(self.side) != 0
    }

    /// The Zobrist key after `mv` (what [`Self::hash`] will give), without playing it.
    pub fn hash_after(&self, mv: Move) -> u64 {
        let us = self.side as usize;
        let them = us ^ 1;
        let (length, square) = if self.rules().king_move_limit {
            self.run_after(mv)
        } else {
            (self.streak[us], self.streak_square[us])
        };
        let their_run = if self.pieces[them] & !self.kings & !mv.captured == 0 {
            0
        } else {
            self.streak[them]
        };
        self.pieces_key_after(mv, self.becomes_king(mv))
            ^ run_key(us, length, square)
            ^ run_key(them, their_run, self.streak_square[them])
    }

    /// The key of the pieces and the side to move after `mv`, whose piece ends as a king
    /// when `becomes_king` (from [`Self::becomes_king`], which `play` needs as well).
    #[inline(always)]
    fn pieces_key_after(&self, mv: Move, becomes_king: bool) -> u64 {
        let us = self.side as usize;
        let them = us ^ 1;
        let was_king = self.kings & (1u64 << mv.from) != 0;
        let mut h = self.hash
            ^ BLACK_TO_MOVE
            ^ PIECE_KEYS[WHITE_MAN + 2 * us + was_king as usize][mv.from as usize]
            ^ PIECE_KEYS[WHITE_MAN + 2 * us + becomes_king as usize][target(mv) as usize];
        // The captured pieces are the opponent's, so the move does not change whether
        // they are kings.
        for b in Bits(mv.captured) {
            let king = (self.kings & b != 0) as usize;
            h ^= PIECE_KEYS[WHITE_MAN + 2 * them + king][b.trailing_zeros() as usize];
        }
        h
    }

    /// Passes the turn (null-move search).
    pub fn play_null(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE;
    }
}

#[inline(always)]
fn key(color: Color, king: bool, bit: u32) -> u64 {
    PIECE_KEYS[WHITE_MAN + 2 * color as usize + king as usize][bit as usize]
}

/// What a Frisian run of `side` (0 white, 1 black) of `length` quiet king moves, the king
/// now on `square`, adds to the key (nothing for no run).
fn run_key(side: usize, length: u8, square: u8) -> u64 {
    if length == 0 {
        0
    } else {
        key(Color::White, side == 1, u32::from(square)).rotate_left(8 * u32::from(length) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::generic::movegen::legal_moves;
    use crate::draughts::generic::parse_position;
    use crate::draughts::GameState;
    use crate::engine::MoveList;

    #[test]
    fn start_positions_have_the_right_men() {
        for (variant, men) in [
            (Variant::International, 20),
            (Variant::Frysk, 5),
            (Variant::Russian, 12),
            (Variant::Italian, 12),
            (Variant::Turkish, 16),
        ] {
            let pos = VariantPosition::start(variant);
            assert_eq!(pos.pieces(Color::White).count_ones(), men, "{variant:?}");
            assert_eq!(pos.pieces(Color::Black).count_ones(), men, "{variant:?}");
            assert_eq!(pos.occupied() & !pos.geometry().all, 0);
        }
        // Turkish men stand on rows 2-3 and 6-7, the back rows empty.
        let turkish = VariantPosition::start(Variant::Turkish);
        assert_eq!(turkish.pieces(Color::Black), 0xffff << 8);
        assert_eq!(turkish.pieces(Color::White), 0xffff << 40);
    }

    #[test]
    fn start_pieces_counts_the_start_position() {
        for variant in Variant::ALL {
            assert_eq!(
                VariantPosition::start(variant).occupied().count_ones(),
                variant.start_pieces(),
                "{variant:?}"
            );
        }
    }

    /// The game of `variant` from `fen` after `moves`: whether its position has occurred
    /// three times, after each ply.
    fn threefold_after_each(variant: Variant, fen: &str, moves: &[&str]) -> Vec<bool> {
        let mut game = GameState::new(parse_position(variant, fen).unwrap());
        moves
            .iter()
            .map(|mv| {
                game.play_text(mv).unwrap();
                game.is_threefold_repetition()
            })
            .collect()
    }

    #[test]
    fn a_frisian_side_without_men_repeats_whatever_its_kings_last_moved() {
        // Kings only: the king-move limit binds no one, so the position after the 8th ply
        // is the start's for the third time, as pydraughts and Scan see it.
        let shuffle = ["36-31", "15-20", "31-36", "20-15"].repeat(2);
        let kings_only = threefold_after_each(Variant::Frisian, "W:WK46,K36:BK5,K15", &shuffle);
        assert_eq!(kings_only.iter().position(|&seen| seen), Some(7));
        // With men on the board a king's run decides its next moves: after each king has
        // moved once and back the pieces stand as at the start but the runs do not, so
        // ply 16 is no third occurrence (of the pieces alone it would be).
        let cycle = [
            "36-31", "15-20", "26-21", "5-10", "31-36", "20-15", "21-26", "10-5",
        ]
        .repeat(2);
        let with_men = threefold_after_each(Variant::Frisian, "W:WK36,K26,48:BK5,K15,3", &cycle);
        assert!(with_men.iter().all(|&seen| !seen), "{with_men:?}");
    }

    #[test]
    fn hash_after_is_the_key_the_move_makes() {
        // Random games of every variant, long enough for kings and their captures.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for variant in Variant::ALL {
            let mut kings_taken = 0;
            for _ in 0..20 {
                let mut pos = VariantPosition::start(variant);
                for _ in 0..200 {
                    let mut list = MoveList::new();
                    legal_moves(&pos, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    for &mv in list.iter() {
                        let mut child = pos;
                        child.play(mv);
                        assert_eq!(pos.hash_after(mv), child.hash(), "{variant:?} {mv:?}");
                        kings_taken += usize::from(mv.captured & pos.kings != 0);
                    }
                    pos.play(list.as_slice()[(next() % list.len() as u64) as usize]);
                }
            }
            assert!(kings_taken > 0, "{variant:?}: no king was ever captured");
        }
    }
}
