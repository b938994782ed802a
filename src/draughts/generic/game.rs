//! The variants as the shared parts play them: what differs from international draughts is
//! only the goal (breakthrough ends at the first crowning; in losing draughts no move left
//! wins), the king's value, and a hand-written evaluation.

use super::captures::{captures, has_capture};
use super::clocks::VariantClocks;
use super::eval::evaluate;
use super::movegen::legal_moves;
use super::position::{target, VariantPosition};
use super::rules::{Goal, Variant};
use crate::draughts::board::Board;
use crate::draughts::{Color, Move, SearchPosition};
use crate::engine::{MoveList, PositionEvaluator};

impl Board for VariantPosition {
    type Clocks = VariantClocks;
    type Evaluator = PositionEvaluator;

    const SQUARES: usize = 64;

    fn set_up(variant: Variant, white: u64, black: u64, kings: u64, side: Color) -> Self {
        VariantPosition::from_parts(variant, white, black, kings, side)
    }

    fn variant(&self) -> Variant {
        VariantPosition::variant(self)
    }

    /// The generic core's bits are the internal indices.
    fn bit(index: u32) -> u32 {
        index
    }

    fn index(bit: u32) -> u32 {
        bit
    }

    fn promotion_row(&self, color: Color) -> u64 {
        VariantPosition::promotion_row(self, color)
    }

    fn side(&self) -> Color {
        VariantPosition::side(self)
    }

    fn pieces(&self, color: Color) -> u64 {
        VariantPosition::pieces(self, color)
    }

    fn men(&self, color: Color) -> u64 {
        VariantPosition::men(self, color)
    }

    fn kings(&self, color: Color) -> u64 {
        VariantPosition::kings(self, color)
    }

    fn hash(&self) -> u64 {
        VariantPosition::hash(self)
    }

    fn hash_after(&self, mv: Move) -> u64 {
        VariantPosition::hash_after(self, mv)
    }

    fn play(&mut self, mv: Move) {
        VariantPosition::play(self, mv);
    }

    fn play_null(&mut self) {
        VariantPosition::play_null(self);
    }

    fn moves_man(&self, mv: Move) -> bool {
        VariantPosition::moves_man(self, mv)
    }

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        legal_moves(self, out);
    }

    fn captures(&self, out: &mut MoveList<Move>) -> bool {
        captures(self, out)
    }

    fn has_capture(&self) -> bool {
        has_capture(self)
    }

    /// Internal square indices, below 64 on every board.
    fn squares(mv: Move) -> (usize, usize) {
        (usize::from(mv.from), target(mv) as usize)
    }

    /// Breakthrough: a side has crowned, so the game is over.
    #[inline]
    fn game_over(&self) -> bool {
        self.rules().goal == Goal::Breakthrough
            && self.kings(self.side()) | self.kings(self.side().opponent()) != 0
    }

    fn no_moves_is_loss(&self) -> bool {
        match self.rules().goal {
            Goal::Normal => true,
            Goal::Losing => false,
            // The side that crowned first has won, whoever is to move.
            Goal::Breakthrough => self.kings(self.side()) == 0,
        }
    }

    fn king_value(&self) -> i32 {
        self.rules().king_value
    }

    fn evaluate(pos: &SearchPosition<Self>) -> i32 {
        evaluate(&pos.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::generic::{parse_position, Variant};
    use crate::draughts::SearchPosition;
    use crate::engine::Game;

    fn root(variant: Variant, fen: &str) -> SearchPosition<VariantPosition> {
        SearchPosition::new(
            parse_position(variant, fen).unwrap(),
            VariantClocks::default(),
        )
    }

    #[test]
    fn the_goal_decides_what_no_move_means() {
        let blocked = "B:W10:B";
        assert!(root(Variant::International, blocked).no_moves_is_loss());
        let losing = root(Variant::Losing, blocked);
        assert!(!losing.no_moves_is_loss() && losing.no_moves_is_win());
    }

    #[test]
    fn breakthrough_ends_at_the_first_king() {
        let p = root(Variant::Breakthrough, "B:WK3,40:B20");
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        assert!(list.is_empty());
        assert!(p.no_moves_is_loss());
        assert!(!p.in_check());
    }
}
