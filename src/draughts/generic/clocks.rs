//! The variants' draw rules, as counters that travel with the position through the search.
//!
//! The rules are those pydraughts adjudicates by (its `is_draw`), so the engine neither
//! walks into a draw the referee will call nor counts on one it will not; threefold
//! repetition is the search's own business.

use super::position::VariantPosition;
use super::rules::DrawRules;
use crate::draughts::board::Clocks;
use crate::draughts::{Color, Move};

/// The long diagonal a1-h8 of the 8x8 board, as internal squares: pydraughts' 3-against-1
/// Russian rule asks who holds it.
const LONG_DIAGONAL: u64 =
    (1 << 3) | (1 << 7) | (1 << 10) | (1 << 14) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 28);

/// Plies since the last capture and since the last man move or capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct VariantClocks {
    /// Plies of king moves without capture, in a row.
    pub king_only_plies: u32,
    /// Plies since the last capture.
    pub since_capture: u32,
}

impl VariantClocks {
    /// Advances the counters for `mv` played from `before`.
    #[inline]
    pub fn advance(&mut self, before: &VariantPosition, mv: Move) {
        if mv.captured != 0 {
            *self = VariantClocks::default();
            return;
        }
        self.since_capture += 1;
        if before.moves_man(mv) {
            self.king_only_plies = 0;
        } else {
            self.king_only_plies += 1;
        }
    }

    /// True when a draw rule of the variant (other than repetition) has drawn `pos`.
    pub fn is_draw(&self, pos: &VariantPosition) -> bool {
        let count = |c: Color| pos.pieces(c).count_ones();
        let kings = |c: Color| pos.kings(c).count_ones();
        let lone_king = |c: Color| count(c) == 1 && kings(c) == 1;
        let all_kings = |c: Color, n: u32| count(c) == n && kings(c) == n;
        let kings_moves = self.king_only_plies;
        let either = |f: &dyn Fn(Color, Color) -> bool| {
            f(Color::White, Color::Black) || f(Color::Black, Color::White)
        };
        match pos.rules().draws {
            DrawRules::International => {
                kings_moves >= 50
                    || either(&|weak, strong| {
                        lone_king(weak)
                            && kings(strong) >= 1
                            && ((count(strong) == 3 && kings_moves >= 32)
                                || (count(strong) <= 2 && kings_moves >= 10))
                    })
            }
            DrawRules::Frisian => {
                (either(&|weak, strong| lone_king(weak) && all_kings(strong, 2))
                    && kings_moves >= 14)
                    || (lone_king(Color::White) && lone_king(Color::Black) && kings_moves >= 4)
            }
            DrawRules::Repetition | DrawRules::None => false,
            DrawRules::Russian => self.russian_draw(pos),
            DrawRules::FortyMoves => kings_moves >= 80,
            DrawRules::Turkish => {
                count(Color::White) == 1 && count(Color::Black) == 1 && self.since_capture >= 4
            }
        }
    }

    fn russian_draw(&self, pos: &VariantPosition) -> bool {
        let count = |c: Color| pos.pieces(c).count_ones();
        let kings = |c: Color| pos.kings(c).count_ones();
        let lone_king = |c: Color| count(c) == 1 && kings(c) == 1;
        let on_diagonal = |c: Color| pos.pieces(c) & LONG_DIAGONAL != 0;
        if self.king_only_plies >= 30 {
            return true;
        }
        let (w, b) = (Color::White, Color::Black);
        let same = kings(w) == kings(b) && kings(w) >= 1 && count(w) == count(b);
        if same && matches!(count(w), 4 | 5) && self.since_capture >= 60 {
            return true;
        }
        if same && matches!(count(w), 6 | 7) && self.since_capture >= 120 {
            return true;
        }
        [(w, b), (b, w)].iter().any(|&(strong, weak)| {
            lone_king(weak)
                && kings(strong) >= 1
                && self.since_capture >= 10
                && (count(strong) == 2
                    || (count(strong) == 3 && !on_diagonal(strong) && on_diagonal(weak)))
        })
    }
}

impl Clocks<VariantPosition> for VariantClocks {
    /// The counters start at zero whatever the material: no variant rule counts from the
    /// moment its material appears.
    fn start(_: &VariantPosition) -> Self {
        VariantClocks::default()
    }

    fn advance(&mut self, before: &VariantPosition, mv: Move, _: &VariantPosition) {
        VariantClocks::advance(self, before, mv);
    }

    fn is_draw(&self, board: &VariantPosition) -> bool {
        VariantClocks::is_draw(self, board)
    }

    fn reversible_plies(&self) -> usize {
        self.king_only_plies as usize
    }
}
