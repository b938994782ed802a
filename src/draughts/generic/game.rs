//! The variants as seen by the search: a position with its draw counters, and the answers
//! to the search's questions, which differ from international draughts only where the goal
//! does (breakthrough ends at the first crowning; in losing draughts no move left wins).

use super::captures::{captures, has_capture};
use super::clocks::VariantClocks;
use super::eval::evaluate;
use super::movegen::legal_moves;
use super::position::{target, VariantPosition};
use super::rules::{Goal, Variant};
use crate::draughts::{Move, SearchPosition};
use crate::engine::{structure_key, Game, MoveList, PositionEvaluator, SearchParams};

/// A variant position plus the draw counters that travel with it through the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantSearchPosition {
    /// The board.
    pub position: VariantPosition,
    /// Draw-rule counters.
    pub clocks: VariantClocks,
}

impl VariantSearchPosition {
    /// A search root.
    pub fn new(position: VariantPosition, clocks: VariantClocks) -> Self {
        VariantSearchPosition { position, clocks }
    }

    /// Breakthrough: a side has crowned, so the game is over.
    #[inline]
    fn crowned(&self) -> bool {
        let pos = &self.position;
        pos.rules().goal == Goal::Breakthrough
            && pos.kings(pos.side()) | pos.kings(pos.side().opponent()) != 0
    }

    /// Value of the pieces `mv` takes, in hundredths of a man.
    fn captured_material(&self, mv: Move) -> i32 {
        let pos = &self.position;
        let kings = (mv.captured & pos.kings(pos.side().opponent())).count_ones() as i32;
        let men = mv.captured.count_ones() as i32 - kings;
        men * 100 + kings * pos.rules().king_value
    }
}

impl Default for VariantSearchPosition {
    fn default() -> Self {
        Self::new(
            VariantPosition::start(Variant::International),
            VariantClocks::default(),
        )
    }
}

impl Game for VariantSearchPosition {
    type Move = Move;
    type Evaluator = PositionEvaluator;

    const HISTORY_SIZE: usize = 64 * 64;

    /// Side, man or king, and arrival square, as in international draughts.
    const CONTINUATION_SIZE: usize = 2 * 2 * 64;

    /// As international draughts: the 10x10 variants run as long, and 8x8 games, shorter,
    /// leave part of the clock unused, the safe way to be wrong.
    const SUDDEN_DEATH_MOVES: u32 = <SearchPosition as Game>::SUDDEN_DEATH_MOVES;

    const SEARCH_PARAMS: SearchParams = SearchParams::DRAUGHTS;

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        if !self.crowned() {
            legal_moves(&self.position, out);
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        if !self.crowned() {
            captures(&self.position, out);
        }
    }

    fn play(&mut self, mv: Move) {
        let before = self.position;
        self.position.play(mv);
        self.clocks.advance(&before, mv);
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

    /// As in international draughts, a capture to make is the forcing move.
    fn in_check(&self) -> bool {
        !self.crowned() && has_capture(&self.position)
    }

    fn reversible_plies(&self) -> usize {
        self.clocks.king_only_plies as usize
    }

    fn is_rule_draw(&self) -> bool {
        self.clocks.is_draw(&self.position)
    }

    fn no_moves_is_loss(&self) -> bool {
        match self.position.rules().goal {
            Goal::Normal => true,
            Goal::Losing => false,
            // The side that crowned first has won, whoever is to move.
            Goal::Breakthrough => self.position.kings(self.position.side()) == 0,
        }
    }

    fn no_moves_is_win(&self) -> bool {
        !self.no_moves_is_loss()
    }

    fn evaluate(&self) -> i32 {
        evaluate(&self.position)
    }

    fn null_move_allowed(&self) -> bool {
        false
    }

    fn is_noisy(&self, mv: Move) -> bool {
        mv.captured != 0
    }

    fn noisy_order(&self, mv: Move) -> i32 {
        self.captured_material(mv)
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.captured_material(mv) >= threshold
    }

    fn move_code(mv: Move) -> u16 {
        (mv.from as u16) * 64 + target(mv) as u16
    }

    /// The men, as in international draughts.
    fn correction_key(&self) -> u64 {
        let side = self.position.side();
        structure_key(
            self.position.men(side),
            self.position.men(side.opponent()),
            side as usize,
        )
    }

    fn history_index(&self, mv: Move) -> usize {
        mv.from as usize * 64 + target(mv) as usize
    }

    fn continuation_key(&self, mv: Move) -> usize {
        let piece = 2 * self.position.side() as usize + usize::from(!self.position.moves_man(mv));
        piece * 64 + target(mv) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::generic::parse_position;

    fn root(variant: Variant, fen: &str) -> VariantSearchPosition {
        VariantSearchPosition::new(
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
