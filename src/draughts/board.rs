//! What a rules engine gives the parts the two engines share.
//!
//! The search position ([`super::SearchPosition`]), the game state and the text formats are
//! written once over [`Board`], which the fast international generator implements on its
//! [`super::Position`] and the generic rules core on its [`super::generic::VariantPosition`].
//! Every call is monomorphised, so the fast generator's search pays nothing for the sharing.

use super::generic::Variant;
use super::search::SearchPosition;
use super::{Color, Move};
use crate::engine::{Evaluator, MoveList, TableValue};
use std::fmt::Debug;

/// A board of one rules engine: the position, its moves and its evaluation.
pub trait Board: Copy + Eq + Debug + Send + Sync + 'static {
    /// The draw-rule counters that travel with a board of this engine.
    type Clocks: Clocks<Self>;

    /// How a search thread evaluates boards of this engine.
    type Evaluator: Evaluator<SearchPosition<Self>>;

    /// Squares the history tables have a row for: at least the board's playable squares.
    const SQUARES: usize;

    /// A board of `variant` from raw square sets in this engine's layout; the caller (the
    /// parser) checks they are disjoint, on the board, and that `kings` is a subset of the
    /// pieces.
    fn set_up(variant: Variant, white: u64, black: u64, kings: u64, side: Color) -> Self;

    /// The variant played on this board.
    fn variant(&self) -> Variant;

    /// The bit of the square with internal index `index` (0.., the variant's Hub order).
    fn bit(index: u32) -> u32;

    /// The internal index of the square on bit `bit`.
    fn index(bit: u32) -> u32;

    /// The row where men of `color` are crowned.
    fn promotion_row(&self, color: Color) -> u64;

    /// The side to move.
    fn side(&self) -> Color;

    /// All pieces of `color`.
    fn pieces(&self, color: Color) -> u64;

    /// Men of `color`.
    fn men(&self, color: Color) -> u64;

    /// Kings of `color`.
    fn kings(&self, color: Color) -> u64;

    /// Zobrist key: pieces, side to move and whatever else decides identity.
    fn hash(&self) -> u64;

    /// The key after `mv`, without playing it.
    fn hash_after(&self, mv: Move) -> u64;

    /// Plays a legal move of the side to move.
    fn play(&mut self, mv: Move);

    /// Passes the turn.
    fn play_null(&mut self);

    /// True when `mv` moves a man (an irreversible move even without a capture).
    fn moves_man(&self, mv: Move) -> bool;

    /// Appends every legal move of the side to move.
    fn legal_moves(&self, out: &mut MoveList<Move>);

    /// Appends the legal captures; true when there is any.
    fn captures(&self, out: &mut MoveList<Move>) -> bool;

    /// True when the side to move has a capture (and so must capture).
    fn has_capture(&self) -> bool;

    /// The internal indices of the start and end squares of `mv`, below
    /// [`Board::SQUARES`].
    fn squares(mv: Move) -> (usize, usize);

    /// True when the game has ended before any move is made (breakthrough: a side has
    /// crowned), so there is no legal move.
    fn game_over(&self) -> bool {
        false
    }

    /// True when having no legal move loses (the normal goal); false when it wins.
    fn no_moves_is_loss(&self) -> bool {
        true
    }

    /// A king's worth in hundredths of a man, for ordering captures.
    fn king_value(&self) -> i32;

    /// Static evaluation of `pos` for the side to move, in hundredths of a man (from the
    /// search position: the network reads its inputs there).
    fn evaluate(pos: &SearchPosition<Self>) -> i32;

    /// The endgame tables' value for the side to move, when tables hold this position.
    fn table_value(&self) -> Option<TableValue> {
        None
    }
}

/// The draw-rule counters of a rules engine, small and `Copy` so that copy-make alone keeps
/// them right through the search.
pub trait Clocks<B>: Copy + Eq + Debug + Send + Sync + 'static {
    /// The counters of a game set up at `board` with no history.
    fn start(board: &B) -> Self;

    /// Advances the counters for `mv`, played from `before` to give `after`.
    fn advance(&mut self, before: &B, mv: Move, after: &B);

    /// True when a draw rule (other than repetition) has drawn the game at `board`.
    fn is_draw(&self, board: &B) -> bool;

    /// True when a rule that the endgame tables do not count runs at `board`, bound to draw
    /// the game within so many moves whatever is played (FMJD: the 16- and 5-move rules):
    /// a table's win or loss, whose length the tables do not store, may not fit in them.
    fn limits_the_game(&self, board: &B) -> bool;

    /// Plies since the last irreversible move: no repetition reaches further back.
    fn reversible_plies(&self) -> usize;
}
