//! International draughts as the shared parts play it: the fast generator's board, evaluated
//! by the network (or by hand) and probed in the endgame tables.

use super::board::Board;
use super::egdb::{probe_installed, Wdl};
use super::eval::{KING_VALUE, MAN_VALUE};
use super::fast::bitboard::promotion_row;
use super::fast::movegen::{captures, has_capture, legal_moves};
use super::fast::square::{bit_of, number_of};
use super::fmjd::DrawClocks;
use super::generic::Variant;
use super::nnue::{evaluate, DraughtsEvaluator};
use super::{Color, Move, Position, SearchPosition};
use crate::engine::{MoveList, TableValue};

// The search position credits a captured man with 100: the unit this evaluation scores in.
const _: () = assert!(MAN_VALUE == 100);

impl Board for Position {
    type Clocks = DrawClocks;
    type Evaluator = DraughtsEvaluator;

    const SQUARES: usize = 50;

    /// International draughts is the one variant the fast generator plays.
    fn set_up(variant: Variant, white: u64, black: u64, kings: u64, side: Color) -> Self {
        debug_assert_eq!(variant, Variant::International);
        Position::from_parts(white, black, kings, side)
    }

    fn variant(&self) -> Variant {
        Variant::International
    }

    /// Square `index + 1` in the padded layout.
    #[inline(always)]
    fn bit(index: u32) -> u32 {
        bit_of(index as u8 + 1)
    }

    #[inline(always)]
    fn index(bit: u32) -> u32 {
        u32::from(number_of(bit)) - 1
    }

    fn promotion_row(&self, color: Color) -> u64 {
        promotion_row(color)
    }

    #[inline(always)]
    fn side(&self) -> Color {
        Position::side(self)
    }

    #[inline(always)]
    fn pieces(&self, color: Color) -> u64 {
        Position::pieces(self, color)
    }

    #[inline(always)]
    fn men(&self, color: Color) -> u64 {
        Position::men(self, color)
    }

    #[inline(always)]
    fn kings(&self, color: Color) -> u64 {
        Position::kings(self, color)
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    #[inline(always)]
    fn hash_after(&self, mv: Move) -> u64 {
        Position::hash_after(self, mv)
    }

    #[inline(always)]
    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    #[inline(always)]
    fn play_null(&mut self) {
        Position::play_null(self);
    }

    #[inline(always)]
    fn moves_man(&self, mv: Move) -> bool {
        Position::moves_man(self, mv)
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        legal_moves(self, out);
    }

    #[inline(always)]
    fn captures(&self, out: &mut MoveList<Move>) -> bool {
        captures(self, out)
    }

    #[inline(always)]
    fn has_capture(&self) -> bool {
        has_capture(self)
    }

    #[inline(always)]
    fn squares(mv: Move) -> (usize, usize) {
        (
            Self::index(u32::from(mv.from)) as usize,
            Self::index(u32::from(mv.to)) as usize,
        )
    }

    fn king_value(&self) -> i32 {
        KING_VALUE
    }

    fn evaluate(pos: &SearchPosition<Self>) -> i32 {
        evaluate(pos)
    }

    fn table_value(&self) -> Option<TableValue> {
        probe_installed(self).map(|value| match value {
            Wdl::Win => TableValue::Win,
            Wdl::Draw => TableValue::Draw,
            Wdl::Loss => TableValue::Loss,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::{parse_move, parse_position};
    use crate::draughts::SearchPosition;
    use crate::engine::Game;

    #[test]
    fn copy_make_carries_the_clocks() {
        let position = parse_position("W:WK50:BK1").unwrap();
        let mut p = SearchPosition::new(position, DrawClocks::new(&position));
        for text in [
            "50-44", "1-7", "44-50", "7-1", "50-44", "1-7", "44-50", "7-1", "50-44",
        ] {
            assert!(!p.is_rule_draw());
            let mv = parse_move(&p.position, text).unwrap();
            p.play(mv);
        }
        assert!(!p.is_rule_draw());
        p.play(parse_move(&p.position, "1-7").unwrap());
        assert!(p.is_rule_draw());
        assert_eq!(p.reversible_plies(), 10);
    }

    #[test]
    fn captures_are_the_noisy_moves() {
        let position = parse_position("W:W32,38,K46:B27,K19").unwrap();
        let p = SearchPosition::new(position, DrawClocks::new(&position));
        let mut all = MoveList::new();
        let mut noisy = MoveList::new();
        p.legal_moves(&mut all);
        p.noisy_moves(&mut noisy);
        assert_eq!(all.as_slice(), noisy.as_slice());
        assert!(all.iter().all(|&m| p.is_noisy(m)));
        let mut quiet = MoveList::new();
        SearchPosition::default().noisy_moves(&mut quiet);
        assert!(quiet.is_empty());
        for &m in all.iter() {
            assert!(p.history_index(m) < <SearchPosition as Game>::HISTORY_SIZE);
            assert!(p.see_at_least(m, 100));
        }
    }

    #[test]
    fn a_compulsory_capture_is_check() {
        let position = parse_position("W:W32,38,K46:B27,K19").unwrap();
        assert!(SearchPosition::new(position, DrawClocks::new(&position)).in_check());
        assert!(!SearchPosition::default().in_check());
    }
}
