//! The contract between the search and a game's rules.
//!
//! The search is written once, generic over this trait, and monomorphised per game, so the
//! indirection costs nothing at run time. Every game-specific decision the search needs
//! (is a null move sound, is a move tactical, what does a lost terminal look like) is a
//! question asked here rather than an `if chess` inside the search.

use super::{Evaluator, MoveList, SearchParams};
use std::fmt::Debug;

/// A two-player, perfect-information game the search can play.
///
/// Positions are copy-made: the search clones a position and calls [`Game::play`] on the
/// copy, so no unmake is needed and the parent stays intact for the next move.
pub trait Game: Clone + Send + Sync + 'static {
    /// One move. Small and `Copy`; `Default` is a null value used only to fill lists.
    type Move: Copy + Eq + Default + Send + Sync + Debug + 'static;

    /// Number of slots a history table needs for [`Game::history_index`].
    const HISTORY_SIZE: usize;

    /// Number of distinct [`Game::continuation_key`]s. A continuation table has a row per
    /// key of an earlier move and a column per key of the move now, so it grows with the
    /// square of this.
    const CONTINUATION_SIZE: usize = Self::HISTORY_SIZE;

    /// The search's tunable constants for this game (in its unit), its clock's move
    /// horizon among them.
    const SEARCH_PARAMS: SearchParams = SearchParams::STANDARD;

    /// How a search thread evaluates positions along its path
    /// ([`super::PositionEvaluator`] when [`Game::evaluate`] alone will do).
    type Evaluator: Evaluator<Self>;

    /// Moves of its own the time manager plans the clock to last from this position when the
    /// protocol gives no moves-to-go (sudden death, Fischer): it spends about this share of
    /// the clock a move, and in sudden death keeps back the lag of a few such horizons, so
    /// a game whose games run longer wants a larger horizon, and one whose engines spend
    /// the whole clock in a typical game a smaller one. By default the horizon of the
    /// constants in force (`params`, [`SearchParams::move_horizon`]) throughout the game.
    fn sudden_death_moves(&self, params: &SearchParams) -> u32 {
        params.move_horizon.unsigned_abs()
    }

    /// Appends every legal move of the side to move to `out`.
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// Appends the legal noisy moves (chess: captures and promotions; draughts: captures,
    /// which are then the only legal moves) that quiescence search explores.
    fn noisy_moves(&self, out: &mut MoveList<Self::Move>);

    /// Plays a legal move on this position.
    fn play(&mut self, mv: Self::Move);

    /// Passes the turn (null-move pruning). Only called when [`Game::null_move_allowed`].
    fn play_null(&mut self);

    /// Zobrist key of the position (pieces, side to move and whatever else decides
    /// identity for the repetition rule).
    fn hash(&self) -> u64;

    /// The key after `mv`, for loading its table bucket into the cache while the move is
    /// still being made: the child's first step is the table probe, which otherwise waits
    /// on memory. A game may leave out what rarely changes (it only costs a wasted
    /// prefetch); the default plays the move on a copy, which games override with
    /// something cheaper.
    fn hash_after(&self, mv: Self::Move) -> u64 {
        let mut child = self.clone();
        child.play(mv);
        child.hash()
    }

    /// True when the side to move must answer a forcing move: in check in chess, a capture
    /// to make in draughts (captures are compulsory). Like check, it makes the static
    /// evaluation meaningless here (no stand pat, no pruning by it, every legal move in
    /// quiescence) and extends the move that forced it.
    fn in_check(&self) -> bool;

    /// Plies since the last irreversible move: no repetition can reach further back.
    fn reversible_plies(&self) -> usize;

    /// True when a rule of the game draws this position regardless of history
    /// (chess: fifty moves, dead position; draughts: 25-, 16- and 5-move rules). Where the
    /// game lets having no legal move decide first (chess: mate on the hundredth ply;
    /// draughts: the capture of the last piece on the last move a count allows), such a
    /// position is no rule draw: the search scores it by [`Game::no_moves_is_loss`].
    fn is_rule_draw(&self) -> bool;

    /// True when the side to move is seen, without generating its moves, to have none
    /// (draughts: no piece left). Quiescence, which generates only noisy moves, then
    /// scores the end of the game as [`Game::no_moves_is_loss`] says rather than by the
    /// static evaluation. By default nothing is seen at a glance.
    fn no_moves_at_a_glance(&self) -> bool {
        false
    }

    /// True when having no legal move here loses (chess: checkmate; draughts: always).
    /// When false, no legal move is a draw (stalemate) unless [`Game::no_moves_is_win`].
    fn no_moves_is_loss(&self) -> bool;

    /// True when having no legal move here wins (losing draughts; a breakthrough game
    /// already won). Asked only when [`Game::no_moves_is_loss`] is false.
    fn no_moves_is_win(&self) -> bool {
        false
    }

    /// Static evaluation for the side to move, in the game's unit (centipawns in chess,
    /// hundredths of a man in draughts), from this position alone. The search evaluates
    /// through [`Game::Evaluator`], which must agree with this.
    fn evaluate(&self) -> i32;

    /// True when a null move is sound here (e.g. chess: not in check and the side to move
    /// has pieces besides pawns, so zugzwang is unlikely).
    fn null_move_allowed(&self) -> bool;

    /// True for moves quiescence would search (captures, promotions).
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// Ordering key among noisy moves, higher first (MVV-LVA or similar).
    fn noisy_order(&self, mv: Self::Move) -> i32;

    /// The most material `mv` can win before any reply (chess: the piece it takes and
    /// what a promotion adds), in the evaluation's units, so quiescence's delta pruning
    /// can ask whether even that lifts a stand-pat score to alpha. Unbounded unless a game
    /// says otherwise.
    fn material_gain_bound(&self, _mv: Self::Move) -> i32 {
        i32::MAX / 4
    }

    /// Static exchange evaluation: true when `mv` is expected to gain at least `threshold`.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool;

    /// A 16-bit code for the transposition table. Codes need not be unique: the search
    /// only trusts a stored code after matching it against the legal moves.
    fn move_code(mv: Self::Move) -> u16;

    /// The legal move with code `code`, where the game can tell it without generating and
    /// matching every move, and no other legal move has that code; `None` where no legal
    /// move has it, or the game cannot tell (the default). The search then tries a table
    /// move before it generates the rest.
    fn legal_move_from_code(&self, _code: u16) -> Option<Self::Move> {
        None
    }

    /// Index of `mv` into history, killer and counter-move tables, below
    /// [`Game::HISTORY_SIZE`].
    fn history_index(&self, mv: Self::Move) -> usize;

    /// What `mv` is, as one half of a pair of moves in the continuation histories (how a
    /// quiet move fared as a reply to an earlier move), below [`Game::CONTINUATION_SIZE`].
    /// The default is the history index; a game whose history index is too fine for a
    /// square table says less here (which kind of piece went where).
    fn continuation_key(&self, mv: Self::Move) -> usize {
        self.history_index(mv)
    }

    /// A key of the features the static evaluation tends to misjudge alike, with the side
    /// to move (chess: the pawns; draughts: the men), for the correction history, which
    /// learns how far the evaluation of positions with that key was off. The default is
    /// the whole position's hash.
    fn correction_key(&self) -> u64 {
        self.hash()
    }

    /// The endgame tables' value of this position for the side to move, when tables are
    /// loaded and hold it. The search asks only after an irreversible move (see
    /// [`Game::reversible_plies`]) and at the root.
    fn table_value(&self) -> Option<TableValue> {
        None
    }

    /// The least remaining depth (quiescence counts as 0) at which the search asks the
    /// tables about this position: a probe that reads a slow file is not worth it near
    /// the leaves. The default asks at any depth.
    fn table_probe_depth(&self) -> i32 {
        0
    }

    /// Narrows the root moves to those the endgame tables rank best, when they hold the
    /// root, so the search finds the way and never a slip. The default keeps the moves
    /// that keep the root's [`Game::table_value`], when any does; a game whose tables also
    /// know the distance to progress ranks by it, so that a won ending is converted.
    fn retain_table_root_moves(&self, moves: &mut MoveList<Self::Move>) {
        retain_value_keeping(self, moves, Self::table_value);
    }
}

/// Keeps the moves of `moves` after which `value` (a table's value for the side to move)
/// is still `root`'s, when `value` knows the root and some move keeps it.
pub fn retain_value_keeping<G: Game>(
    root: &G,
    moves: &mut MoveList<G::Move>,
    value: impl Fn(&G) -> Option<TableValue>,
) {
    if let Some(at_root) = value(root) {
        let keeps_value = |mv: &G::Move| {
            let mut child = root.clone();
            child.play(*mv);
            value(&child).map(TableValue::flip) == Some(at_root)
        };
        if moves.as_slice().iter().any(keeps_value) {
            moves.retain(keeps_value);
        }
    }
}

/// A well-spread 64-bit key of a set of squares (a bitboard): correction keys made this
/// way from a few bitboards need no incremental upkeep.
#[inline]
fn mix_squares(squares: u64) -> u64 {
    let x = squares.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 29)
}

/// A correction key from the squares of the two sides' pawns (or men) and the side to
/// move (0 or 1).
#[inline]
pub fn structure_key(ours: u64, theirs: u64, side: usize) -> u64 {
    mix_squares(ours) ^ mix_squares(theirs ^ 0x5851_f42d_4c95_7f2d).rotate_left(23) ^ side as u64
}

/// A game-theoretic value from endgame tables, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableValue {
    /// The side to move wins.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The side to move loses.
    Loss,
}

impl TableValue {
    /// The value for the other side.
    pub fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Draw => Self::Draw,
            Self::Loss => Self::Win,
        }
    }
}
