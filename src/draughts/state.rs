//! The game around a position: repetition history and the FMJD draw clocks, plus the result.
//!
//! Kept apart from [`Position`] so the position stays a small `Copy` value for search, while
//! the game (protocol side) owns a growing history. The clocks follow py-draughts' reading
//! of the rules: the 25-move count is reset by any man move or capture, while the 16- and
//! 5-move endgame clocks start when their material first appears and are never reset; both
//! may run at once (whichever expires first draws).

use super::movegen::legal_moves;
use super::moves::Move;
use super::notation::{move_to_hub, parse_move, MoveParseError};
use super::position::{Color, Position};
use crate::engine::MoveList;
use std::fmt;

/// Plies of king-only moves without capture that draw (25 moves each).
pub const KING_ONLY_DRAW_PLIES: u32 = 50;
/// Plies allowed once three pieces (one a king) face a lone king (16 moves each).
pub const SIXTEEN_MOVE_PLIES: u32 = 32;
/// Plies allowed once at most two pieces (one a king) face a lone king (5 moves each).
pub const FIVE_MOVE_PLIES: u32 = 10;

/// How the game stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// The side to move has no legal move and has lost.
    Loss,
    /// Drawn by repetition or by the 25-, 16- or 5-move rule.
    Draw,
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal here.
    Illegal(Move),
    /// The move text could not be matched to a legal move.
    Parse(MoveParseError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Illegal(mv) => write!(f, "illegal move {}", move_to_hub(*mv)),
            Self::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

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
pub fn endgame_class(pos: &Position) -> EndgameClass {
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
    pub fn new(pos: &Position) -> Self {
        let mut clocks = DrawClocks::default();
        clocks.start_endgame_clocks(pos);
        clocks
    }

    /// Advances the clocks for `mv` played from `before`, giving `after`.
    #[inline]
    pub fn advance(&mut self, before: &Position, mv: Move, after: &Position) {
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

    fn start_endgame_clocks(&mut self, pos: &Position) {
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

/// A game in progress: the position, its draw clocks and the keys of every position since
/// the last irreversible move (man move or capture), the current one included.
#[derive(Clone, Debug)]
pub struct GameState {
    position: Position,
    clocks: DrawClocks,
    history: Vec<u64>,
}

impl GameState {
    /// A game starting from `position`, with no history.
    pub fn new(position: Position) -> Self {
        GameState {
            position,
            clocks: DrawClocks::new(&position),
            history: vec![position.hash()],
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The current draw clocks.
    pub fn clocks(&self) -> DrawClocks {
        self.clocks
    }

    /// Keys of the positions since the last irreversible move, oldest first, current last.
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    /// Plays `mv` if it is legal here.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        let mut list = MoveList::new();
        legal_moves(&self.position, &mut list);
        if !list.contains(&mv) {
            return Err(PlayError::Illegal(mv));
        }
        let before = self.position;
        self.position.play(mv);
        self.clocks.advance(&before, mv, &self.position);
        if mv.is_capture() || before.moves_man(mv) {
            self.history.clear();
        }
        self.history.push(self.position.hash());
        Ok(())
    }

    /// Plays the move written as `text` (Hub notation, short capture forms accepted).
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = parse_move(&self.position, text).map_err(PlayError::Parse)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// True when the current position has occurred three times (same side to move).
    pub fn is_threefold_repetition(&self) -> bool {
        let key = self.position.hash();
        self.history.iter().filter(|&&h| h == key).count() >= 3
    }

    /// True when a draw rule (repetition, 25-, 16- or 5-move) has drawn the game.
    pub fn is_draw_by_rule(&self) -> bool {
        self.clocks.is_draw() || self.is_threefold_repetition()
    }

    /// The result for the side to move. Having no move is checked first, so a win on the
    /// last move a clock allows still counts.
    pub fn outcome(&self) -> Outcome {
        let mut list = MoveList::new();
        legal_moves(&self.position, &mut list);
        if list.is_empty() {
            Outcome::Loss
        } else if self.is_draw_by_rule() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }
}
