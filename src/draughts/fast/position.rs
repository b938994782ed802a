//! The bare board: pieces of each side, which of them are kings, side to move and an
//! incrementally kept Zobrist key. Copy-made (40 bytes), with no game history: the draw
//! clocks live in [`super::clocks`], the game in [`crate::draughts::game_state`].

use super::bitboard::promotion_row;
use super::square::mask_of;
use crate::draughts::bits::Bits;
use crate::draughts::zobrist::{BLACK_TO_MOVE, PIECE_KEYS, WHITE_MAN};
use crate::draughts::{Color, Move};

/// A draughts position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    pieces: [u64; 2],
    kings: u64,
    side: Color,
    hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Self::start()
    }
}

impl Position {
    /// The start position: black men on 1-20, white men on 31-50, White to move.
    pub fn start() -> Self {
        let black = (1..=20).fold(0, |bb, n| bb | mask_of(n));
        let white = (31..=50).fold(0, |bb, n| bb | mask_of(n));
        Self::from_parts(white, black, 0, Color::White)
    }

    /// Builds a position from raw bitboards. Callers (the parsers) guarantee the sets are
    /// disjoint, on playable squares, and `kings` is a subset of the pieces.
    pub fn from_parts(white: u64, black: u64, kings: u64, side: Color) -> Self {
        let mut pos = Position {
            pieces: [white, black],
            kings,
            side,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Zobrist key computed from scratch (the incremental key must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        for color in [Color::White, Color::Black] {
            for b in Bits(self.pieces[color as usize]) {
                h ^= piece_key(color, b & self.kings != 0, b.trailing_zeros());
            }
        }
        h
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

    /// Zobrist key (pieces and side to move).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Plays a legal move (as produced by the move generator) for the side to move.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        let us = self.side as usize;
        let them = us ^ 1;
        let from = 1u64 << mv.from;
        let to = 1u64 << mv.to;
        self.hash = self.hash_after(mv);
        let becomes_king = self.kings & from != 0 || to & promotion_row(self.side) != 0;
        self.pieces[us] = (self.pieces[us] ^ from) | to;
        self.kings &= !from;
        if becomes_king {
            self.kings |= to;
        }
        self.pieces[them] &= !mv.captured;
        self.kings &= !mv.captured;
        self.side = self.side.opponent();
    }

    /// The Zobrist key after `mv`, without playing it.
    #[inline(always)]
    pub fn hash_after(&self, mv: Move) -> u64 {
        let us = self.side as usize;
        let them = us ^ 1;
        let was_king = self.kings & (1u64 << mv.from) != 0;
        let becomes_king = was_king || (1u64 << mv.to) & promotion_row(self.side) != 0;
        let mut h = self.hash
            ^ BLACK_TO_MOVE
            ^ PIECE_KEYS[WHITE_MAN + 2 * us + was_king as usize][mv.from as usize]
            ^ PIECE_KEYS[WHITE_MAN + 2 * us + becomes_king as usize][mv.to as usize];
        // The captured pieces are the opponent's, so the move does not change whether
        // they are kings.
        for b in Bits(mv.captured) {
            let king = (self.kings & b != 0) as usize;
            h ^= PIECE_KEYS[WHITE_MAN + 2 * them + king][b.trailing_zeros() as usize];
        }
        h
    }

    /// Passes the turn without moving (for null-move search).
    #[inline]
    pub fn play_null(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= BLACK_TO_MOVE;
    }

    /// True when `mv` moves a man (an irreversible move even without a capture).
    #[inline(always)]
    pub fn moves_man(&self, mv: Move) -> bool {
        self.kings & (1u64 << mv.from) == 0
    }
}

#[inline(always)]
fn piece_key(color: Color, king: bool, bit: u32) -> u64 {
    PIECE_KEYS[WHITE_MAN + 2 * color as usize + king as usize][bit as usize]
}
