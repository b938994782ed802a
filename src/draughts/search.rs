//! Draughts as the search sees it, for either rules engine: a board that carries its draw
//! clocks, so copy-make alone keeps the draw rules right, and the answers to the search's
//! game-specific questions (captures are the noisy moves; a compulsory capture plays the
//! part of check; no null move).

use super::board::{Board, Clocks};
use super::{Color, Move, Position};
use crate::engine::{
    retain_value_keeping, structure_key, Game, MoveList, SearchParams, TableValue,
};

/// A board plus the rule counters that travel with it through the search; international
/// draughts on the fast generator unless another board is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchPosition<B: Board = Position> {
    /// The board.
    pub position: B,
    /// Draw-rule counters.
    pub clocks: B::Clocks,
}

/// The sudden-death horizon once the board is bare (on a full board it is
/// [`SearchParams::move_horizon`]): with four to seven pieces left, games against Scan 2.0
/// had 1-35 moves of ours left (13 in the median), the tables answering the smallest.
const ENDING_HORIZON: u32 = 12;

impl<B: Board> SearchPosition<B> {
    /// A search root: `position` with the given clocks (from the game state).
    pub fn new(position: B, clocks: B::Clocks) -> Self {
        SearchPosition { position, clocks }
    }

    /// True when the side to move has a legal move.
    fn has_legal_move(&self) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        !moves.is_empty()
    }

    /// Value of the pieces `mv` captures, in hundredths of a man.
    #[inline]
    fn captured_material(&self, mv: Move) -> i32 {
        let them = self.position.side().opponent();
        let kings = (mv.captured & self.position.kings(them)).count_ones() as i32;
        let men = mv.capture_count() as i32 - kings;
        men * 100 + kings * self.position.king_value()
    }
}

impl Default for SearchPosition<Position> {
    fn default() -> Self {
        let position = Position::start();
        SearchPosition::new(position, Clocks::start(&position))
    }
}

impl<B: Board> Game for SearchPosition<B> {
    type Move = Move;
    type Evaluator = B::Evaluator;

    const HISTORY_SIZE: usize = B::SQUARES * B::SQUARES;

    /// Side, man or king, and arrival square: from and to squares (2,500 keys on 10x10)
    /// would make continuation tables of 6.25 M entries, mostly empty.
    const CONTINUATION_SIZE: usize = 2 * 2 * B::SQUARES;

    const SEARCH_PARAMS: SearchParams = SearchParams::DRAUGHTS;

    /// By the material left, as Scan 2.0 plans (30 moves to 10 by its pip count): from the
    /// table's horizon on a full board down to `ENDING_HORIZON` on a bare one. A game is
    /// long and its middle decides it, so the opening gets a small share a move and the
    /// ending, with few moves left to plan for, a larger one. At a fixed 18 tvilling spent a
    /// third of a minute's clock on its first 10 moves against Scan 2.0 and 0.2-0.3 s a
    /// move after ply 80, in games of 117-189 plies.
    fn sudden_death_moves(&self, params: &SearchParams) -> u32 {
        let opening = params.move_horizon.unsigned_abs().max(ENDING_HORIZON);
        let start = self.position.variant().start_pieces();
        let left = (self.position.pieces(Color::White) | self.position.pieces(Color::Black))
            .count_ones()
            .min(start);
        ENDING_HORIZON + (opening - ENDING_HORIZON) * left / start.max(1)
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        if !self.position.game_over() {
            self.position.legal_moves(out);
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        if !self.position.game_over() {
            self.position.captures(out);
        }
    }

    fn play(&mut self, mv: Move) {
        let before = self.position;
        self.position.play(mv);
        self.clocks.advance(&before, mv, &self.position);
    }

    fn play_null(&mut self) {
        self.position.play_null();
    }

    fn hash(&self) -> u64 {
        self.position.hash()
    }

    fn hash_after(&self, mv: Move) -> u64 {
        self.position.hash_after(mv)
    }

    /// A capture to make is draughts' check: the reply is forced, the static evaluation
    /// meaningless until it is made, and a move that forces it (a sacrifice, an exchange)
    /// is extended. Measured: +18 -5 =37 in 60 self-play games at 0.1 s a move against
    /// the same engine without it.
    fn in_check(&self) -> bool {
        !self.position.game_over() && self.position.has_capture()
    }

    fn reversible_plies(&self) -> usize {
        self.clocks.reversible_plies()
    }

    /// Having no move decides the game before any count does: the capture that takes the
    /// last piece on the last move a rule allows wins (FMJD, and [`crate::draughts::GameState`]).
    /// The moves are generated only once a count has run out.
    fn is_rule_draw(&self) -> bool {
        self.clocks.is_draw(&self.position) && self.has_legal_move()
    }

    fn no_moves_is_loss(&self) -> bool {
        self.position.no_moves_is_loss()
    }

    fn no_moves_is_win(&self) -> bool {
        !self.position.no_moves_is_loss()
    }

    /// A side without pieces, or a breakthrough game already won, has no move.
    fn no_moves_at_a_glance(&self) -> bool {
        self.position.pieces(self.position.side()) == 0 || self.position.game_over()
    }

    fn evaluate(&self) -> i32 {
        B::evaluate(self)
    }

    /// Null moves are off until the search handles draughts' frequent zugzwang-like
    /// positions (blocked men, tempo fights) with verification.
    fn null_move_allowed(&self) -> bool {
        false
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn noisy_order(&self, mv: Move) -> i32 {
        self.captured_material(mv)
    }

    fn material_gain_bound(&self, mv: Move) -> i32 {
        self.captured_material(mv)
    }

    /// Draughts has no exchange evaluator: a capture is credited with what it takes, the
    /// forced recaptures are left to quiescence.
    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.captured_material(mv) >= threshold
    }

    fn move_code(mv: Move) -> u16 {
        let (from, to) = B::squares(mv);
        (from as u16 + 1) * 64 + to as u16 + 1
    }

    /// The men: their structure (outposts, tempo, locks) decides most of a draughts game.
    fn correction_key(&self) -> u64 {
        let side = self.position.side();
        structure_key(
            self.position.men(side),
            self.position.men(side.opponent()),
            side as usize,
        )
    }

    fn history_index(&self, mv: Move) -> usize {
        let (from, to) = B::squares(mv);
        from * B::SQUARES + to
    }

    fn continuation_key(&self, mv: Move) -> usize {
        let piece = 2 * self.position.side() as usize + usize::from(!self.position.moves_man(mv));
        piece * B::SQUARES + B::squares(mv).1
    }

    /// The tables count no move limit and store no distance (`egdb`), so under a running
    /// 16- or 5-move clock a win or loss may not fit in the moves left: it is no value
    /// here, and the search, which counts the moves, finds what it is. A draw holds
    /// whatever the clocks, and so does a game already over.
    fn table_value(&self) -> Option<TableValue> {
        let value = self.position.table_value()?;
        let holds = value == TableValue::Draw
            || !self.clocks.limits_the_game(&self.position)
            || !self.has_legal_move();
        holds.then_some(value)
    }

    /// By the tables' own values, clocks or not: a clock only ever turns a result into a
    /// draw, so a move that keeps the tables' value never does worse than one that gives
    /// it up.
    fn retain_table_root_moves(&self, moves: &mut MoveList<Move>) {
        retain_value_keeping(self, moves, |pos| pos.position.table_value());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::parse_fen;
    use crate::draughts::generic::{Variant, VariantPosition};

    const OPENING_HORIZON: u32 = SearchParams::DRAUGHTS.move_horizon as u32;

    fn horizon<B: Board>(position: B) -> u32 {
        SearchPosition::new(position, B::Clocks::start(&position))
            .sudden_death_moves(&SearchParams::DRAUGHTS)
    }

    #[test]
    fn the_horizon_shrinks_with_the_material() {
        assert_eq!(horizon(Position::start()), OPENING_HORIZON);
        let half = parse_fen("W:W31-40:B11-20").unwrap();
        assert_eq!(horizon(half), (OPENING_HORIZON + ENDING_HORIZON) / 2);
        let ending = parse_fen("W:WK46:B5").unwrap();
        assert_eq!(horizon(ending), ENDING_HORIZON);
        // A variant's full board is its own start, whatever its size.
        let russian = VariantPosition::start(Variant::Russian);
        assert_eq!(horizon(russian), OPENING_HORIZON);
    }
}
