//! The FMJD draw clocks, as counters small and `Copy` enough to travel with the position
//! through the search, over any board: international draughts keeps them on the fast
//! generator, and the generic rules core for international and killer draughts (killer
//! plays the international rules but for its capture).
//!
//! The clocks follow py-draughts' reading of the rules: the 25-move count is reset by any man
//! move or capture, while the 16- and 5-move endgame clocks start when their material first
//! appears and are never reset; both may run at once (whichever expires first draws).

use super::board::{Board, Clocks};
use super::{Color, Move};

/// Plies of king-only moves without capture that draw (25 moves each).
pub const KING_ONLY_DRAW_PLIES: u32 = 50;
/// Plies allowed once three pieces (one a king) face a lone king (16 moves each).
pub const SIXTEEN_MOVE_PLIES: u32 = 32;
/// Plies allowed once at most two pieces (one a king) face a lone king (5 moves each).
pub const FIVE_MOVE_PLIES: u32 = 10;

/// Which endgame clock, if any, the material on the board starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndgameClass {
    /// Neither endgame rule applies.
    None,
    /// Three pieces, at least one a king, against a lone king.
    SixteenMove,
    /// One or two pieces, at least one a king, against a lone king.
    FiveMove,
}

/// The endgame class of a position's material.
pub fn endgame_class<B: Board>(pos: &B) -> EndgameClass {
    let lone_king = |c: Color| pos.pieces(c).count_ones() == 1 && pos.kings(c) != 0;
    for strong in [Color::White, Color::Black] {
        if !lone_king(strong.opponent()) || pos.kings(strong) == 0 {
            continue;
        }
        match pos.pieces(strong).count_ones() {
            3 => return EndgameClass::SixteenMove,
            1 | 2 => return EndgameClass::FiveMove,
            _ => {}
        }
    }
    EndgameClass::None
}

/// The rule counters that travel with a position (small and `Copy`, for search too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DrawClocks {
    /// Plies since the last man move or capture.
    pub king_only_plies: u32,
    /// Plies since the 16-move material appeared, if it has.
    pub sixteen: Option<u32>,
    /// Plies since the 5-move material appeared, if it has.
    pub five: Option<u32>,
}

impl DrawClocks {
    /// Clocks for a position set up from scratch: endgame clocks start now if they apply.
    pub fn new<B: Board>(pos: &B) -> Self {
        let mut clocks = DrawClocks::default();
        clocks.start_endgame_clocks(pos);
        clocks
    }

    /// Advances the clocks for `mv` played from `before`, giving `after`.
    #[inline]
    pub fn advance<B: Board>(&mut self, before: &B, mv: Move, after: &B) {
        if mv.is_capture() || before.moves_man(mv) {
            self.king_only_plies = 0;
        } else {
            self.king_only_plies += 1;
        }
        if let Some(n) = self.sixteen.as_mut() {
            *n += 1;
        }
        if let Some(n) = self.five.as_mut() {
            *n += 1;
        }
        // Material changes by captures and by promotions; checking every ply is cheap.
        self.start_endgame_clocks(after);
    }

    fn start_endgame_clocks<B: Board>(&mut self, pos: &B) {
        match endgame_class(pos) {
            EndgameClass::SixteenMove if self.sixteen.is_none() => self.sixteen = Some(0),
            EndgameClass::FiveMove if self.five.is_none() => self.five = Some(0),
            _ => {}
        }
    }

    /// True when the 25-, 16- or 5-move rule has drawn the game.
    #[inline]
    pub fn is_draw(&self) -> bool {
        self.king_only_plies >= KING_ONLY_DRAW_PLIES
            || self.sixteen.is_some_and(|n| n >= SIXTEEN_MOVE_PLIES)
            || self.five.is_some_and(|n| n >= FIVE_MOVE_PLIES)
    }
}

impl<B: Board> Clocks<B> for DrawClocks {
    fn start(board: &B) -> Self {
        DrawClocks::new(board)
    }

    #[inline(always)]
    fn advance(&mut self, before: &B, mv: Move, after: &B) {
        DrawClocks::advance(self, before, mv, after);
    }

    #[inline(always)]
    fn is_draw(&self, _: &B) -> bool {
        DrawClocks::is_draw(self)
    }

    /// A 16- or 5-move clock, once started, runs to the end of the game. The 25-move count
    /// is left out: it restarts at every man move and capture, after which alone the
    /// search asks the tables, so they are always asked with all its 25 moves to come.
    fn limits_the_game(&self, _: &B) -> bool {
        self.sixteen.is_some() || self.five.is_some()
    }

    #[inline(always)]
    fn reversible_plies(&self) -> usize {
        self.king_only_plies as usize
    }
}
