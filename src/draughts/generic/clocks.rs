//! The variants' draw rules, as counters that travel with the position through the search.
//!
//! International and killer draughts draw by the FMJD rules, counted as the fast
//! generator counts them ([`crate::draughts::fmjd`]); the other variants by the rules
//! pydraughts adjudicates by (its `is_draw`), so the engine neither walks into a draw the
//! referee will call nor counts on one it will not. Threefold repetition is the search's
//! own business.

use super::position::VariantPosition;
use super::rules::DrawRules;
use crate::draughts::board::Clocks;
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::{Color, Move};

/// The long diagonal a1-h8 of the 8x8 board, as internal squares: pydraughts' 3-against-1
/// Russian rule asks who holds it.
const LONG_DIAGONAL: u64 =
    (1 << 3) | (1 << 7) | (1 << 10) | (1 << 14) | (1 << 17) | (1 << 21) | (1 << 24) | (1 << 28);

/// The FMJD clocks, whose count of king moves every variant's rules read, and the plies
/// since the last capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct VariantClocks {
    /// The FMJD clocks: plies of king moves without capture in a row, and the 16- and
    /// 5-move clocks (read by international and killer draughts only).
    pub fmjd: DrawClocks,
    /// Plies since the last capture.
    pub since_capture: u32,
}

impl VariantClocks {
    /// Plies of king moves without capture, in a row.
    #[inline]
    pub fn king_only_plies(&self) -> u32 {
        self.fmjd.king_only_plies
    }

    /// True when a draw rule of the variant (other than repetition) has drawn `pos`.
    pub fn is_draw(&self, pos: &VariantPosition) -> bool {
        let count = |c: Color| pos.pieces(c).count_ones();
        let kings = |c: Color| pos.kings(c).count_ones();
        let lone_king = |c: Color| count(c) == 1 && kings(c) == 1;
        let all_kings = |c: Color, n: u32| count(c) == n && kings(c) == n;
        let kings_moves = self.king_only_plies();
        let either = |f: &dyn Fn(Color, Color) -> bool| {
            f(Color::White, Color::Black) || f(Color::Black, Color::White)
        };
        match pos.rules().draws {
            DrawRules::International => self.fmjd.is_draw(),
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
        if self.king_only_plies() >= 30 {
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
    /// The FMJD endgame clocks start if the material calls for them; the other counts start
    /// at zero, since no rule of pydraughts counts from the moment its material appears.
    fn start(board: &VariantPosition) -> Self {
        VariantClocks {
            fmjd: DrawClocks::new(board),
            since_capture: 0,
        }
    }

    fn advance(&mut self, before: &VariantPosition, mv: Move, after: &VariantPosition) {
        self.fmjd.advance(before, mv, after);
        self.since_capture = if mv.captured != 0 {
            0
        } else {
            self.since_capture + 1
        };
    }

    fn is_draw(&self, board: &VariantPosition) -> bool {
        VariantClocks::is_draw(self, board)
    }

    /// The FMJD clocks of international and killer draughts; the other variants have no
    /// endgame tables to be wary of.
    fn limits_the_game(&self, board: &VariantPosition) -> bool {
        board.rules().draws == DrawRules::International
            && Clocks::<VariantPosition>::limits_the_game(&self.fmjd, board)
    }

    fn reversible_plies(&self) -> usize {
        self.king_only_plies() as usize
    }
}

#[cfg(test)]
mod tests {
    //! Each rule one ply before its threshold and at it, from pydraughts 0.6.7's
    //! `Game.is_draw`, which the referee of our variant games applies.

    use super::*;
    use crate::draughts::generic::{legal_moves, parse_position, Variant};
    use crate::draughts::text::parse_move;
    use crate::engine::MoveList;

    /// A position of `variant` with pieces on internal squares, White to move.
    fn pos(variant: Variant, white: &[u32], black: &[u32], kings: &[u32]) -> VariantPosition {
        let bits = |squares: &[u32]| squares.iter().fold(0u64, |b, &s| b | 1 << s);
        VariantPosition::from_parts(variant, bits(white), bits(black), bits(kings), Color::White)
    }

    /// The clocks of `pos` set up `plies` plies ago, nothing captured since, and the last
    /// man move `king_only` plies ago.
    fn after(pos: &VariantPosition, plies: u32, king_only: u32) -> VariantClocks {
        let mut clocks = VariantClocks::start(pos);
        let fmjd = &mut clocks.fmjd;
        fmjd.king_only_plies = king_only;
        fmjd.sixteen = fmjd.sixteen.map(|_| plies);
        fmjd.five = fmjd.five.map(|_| plies);
        clocks.since_capture = plies;
        clocks
    }

    /// Only kings have moved, and nothing was captured, for `plies` plies.
    fn kings_only(pos: &VariantPosition, plies: u32) -> VariantClocks {
        after(pos, plies, plies)
    }

    /// Nothing was captured for `plies` plies, and a man has just moved.
    fn no_capture(pos: &VariantPosition, plies: u32) -> VariantClocks {
        after(pos, plies, 0)
    }

    /// How the clocks of a position stand some plies after it was set up.
    type ClocksAfter = fn(&VariantPosition, u32) -> VariantClocks;

    /// `pos` is drawn by `clocks(pos, at)` and not by `clocks(pos, at - 1)`.
    fn drawn_from(pos: &VariantPosition, clocks: ClocksAfter, at: u32) {
        assert!(
            !clocks(pos, at - 1).is_draw(pos),
            "{:?} drawn at {:?}",
            pos.variant(),
            clocks(pos, at - 1)
        );
        assert!(
            clocks(pos, at).is_draw(pos),
            "{:?} not drawn at {:?}",
            pos.variant(),
            clocks(pos, at)
        );
    }

    /// `pos` is drawn by no count of `clocks`.
    fn never_drawn(pos: &VariantPosition, clocks: ClocksAfter) {
        assert!(!clocks(pos, 1000).is_draw(pos), "{:?}", pos.variant());
    }

    #[test]
    fn international_and_killer_count_25_16_and_5_moves() {
        for v in [Variant::International, Variant::Killer] {
            // Two kings and a man against two men: only the 25 king moves each.
            let general = pos(v, &[0, 1, 30], &[40, 41], &[0, 1]);
            drawn_from(&general, kings_only, 50);
            never_drawn(&general, no_capture);
            // Three pieces, one a king, against a lone king: 16 moves each, either way round,
            // man moves or not.
            drawn_from(&pos(v, &[0, 30, 31], &[45], &[0, 45]), kings_only, 32);
            drawn_from(&pos(v, &[0, 30, 31], &[45], &[0, 45]), no_capture, 32);
            drawn_from(&pos(v, &[45], &[0, 10, 11], &[45, 0]), kings_only, 32);
            // Three men have no king: the 16-move rule does not apply, the 25-move one does.
            drawn_from(&pos(v, &[30, 31, 32], &[4], &[4]), kings_only, 50);
            // Two kings, a king and a man, or a king, against a lone king: 5 moves each.
            drawn_from(&pos(v, &[0, 1], &[45], &[0, 1, 45]), kings_only, 10);
            drawn_from(&pos(v, &[0, 30], &[45], &[0, 45]), kings_only, 10);
            drawn_from(&pos(v, &[0, 30], &[45], &[0, 45]), no_capture, 10);
            drawn_from(&pos(v, &[45], &[0, 10], &[45, 10]), kings_only, 10);
            drawn_from(&pos(v, &[0], &[45], &[0, 45]), kings_only, 10);
            // A man alone has no king: 25 moves.
            drawn_from(&pos(v, &[30], &[4], &[4]), kings_only, 50);
        }
    }

    /// Plays the moves `texts` (Hub notation) on `pos`, advancing `clocks`.
    fn play(pos: &mut VariantPosition, clocks: &mut VariantClocks, texts: &[&str]) {
        for text in texts {
            let mv = parse_move(pos, text).unwrap();
            let before = *pos;
            pos.play(mv);
            Clocks::advance(clocks, &before, mv, pos);
        }
    }

    #[test]
    fn killer_counts_the_16_and_5_moves_from_the_material_as_normal_does() {
        // A king and two men against a king: 16 moves each from now, man moves or not.
        let mut p = parse_position(Variant::Killer, "W:WK50,36,37:BK1").unwrap();
        let mut clocks = VariantClocks::start(&p);
        play(
            &mut p,
            &mut clocks,
            &["37-31", "1-7", "50-44", "7-1", "44-50", "1-7"],
        );
        let shuffle = ["50-44", "7-1", "44-50", "1-7"];
        for _ in 0..6 {
            play(&mut p, &mut clocks, &shuffle);
        }
        play(&mut p, &mut clocks, &["31-27"]);
        assert!(!clocks.is_draw(&p), "{clocks:?}");
        play(&mut p, &mut clocks, &["7-1"]);
        assert!(clocks.is_draw(&p), "{clocks:?}");
        // A king and a man against a king: 5 moves each, man moves or not.
        let mut q = parse_position(Variant::Killer, "W:WK50,36:BK1").unwrap();
        let mut clocks = VariantClocks::start(&q);
        play(
            &mut q,
            &mut clocks,
            &[
                "36-31", "1-7", "50-44", "7-1", "31-27", "1-7", "44-50", "7-1", "27-22",
            ],
        );
        assert!(!clocks.is_draw(&q), "{clocks:?}");
        play(&mut q, &mut clocks, &["1-7"]);
        assert!(clocks.is_draw(&q), "{clocks:?}");
    }

    #[test]
    fn frisian_counts_7_moves_for_two_kings_and_2_for_one() {
        for v in [Variant::Frisian, Variant::Frysk] {
            drawn_from(&pos(v, &[0, 1], &[45], &[0, 1, 45]), kings_only, 14);
            drawn_from(&pos(v, &[45], &[0, 1], &[0, 1, 45]), kings_only, 14);
            drawn_from(&pos(v, &[0], &[45], &[0, 45]), kings_only, 4);
            // A king and a man, or three kings, against one: no count ends it.
            never_drawn(&pos(v, &[0, 30], &[45], &[0, 45]), kings_only);
            never_drawn(&pos(v, &[0, 1, 2], &[45], &[0, 1, 2, 45]), kings_only);
        }
    }

    #[test]
    fn russian_and_brazilian_count_king_moves_and_moves_since_a_capture() {
        // Internal 8x8 squares off the long diagonal a1-h8.
        const OFF: [u32; 7] = [0, 1, 2, 4, 5, 6, 8];
        for v in [Variant::Russian, Variant::Brazilian] {
            // 15 king moves each, whatever the material.
            drawn_from(&pos(v, &[0, 1, 20], &[30, 31], &[0, 1]), kings_only, 30);
            // Equal pieces and kings, at least one king each: 30 moves (4 or 5 pieces a side)
            // or 60 moves (6 or 7) since the last capture, men moving or not.
            let equal = |n: usize| {
                let white: Vec<u32> = (0..n as u32).collect();
                let black: Vec<u32> = (31 - n as u32 + 1..=31).collect();
                pos(v, &white, &black, &[0, 31])
            };
            for (n, plies) in [(4, 60), (5, 60), (6, 120), (7, 120)] {
                drawn_from(&equal(n), no_capture, plies);
            }
            never_drawn(&equal(3), no_capture);
            never_drawn(&equal(8), no_capture);
            never_drawn(&pos(v, &[0, 1, 2, 3], &[28, 29, 30, 31], &[]), no_capture);
            never_drawn(
                &pos(v, &[0, 1, 2, 3], &[28, 29, 30, 31], &[0, 1, 31]),
                no_capture,
            );
            // Two pieces with a king against a lone king: 5 moves since the last capture.
            drawn_from(&pos(v, &[0, 20], &[31], &[0, 31]), no_capture, 10);
            drawn_from(&pos(v, &[31], &[0, 20], &[0, 31]), no_capture, 10);
            never_drawn(&pos(v, &[12, 20], &[31], &[31]), no_capture);
            // Three with a king against a lone king on the long diagonal, the three off it:
            // 5 moves; with the lone king off it, or one of the three on it, no count.
            let three = &OFF[..3];
            drawn_from(&pos(v, three, &[14], &[0, 14]), no_capture, 10);
            drawn_from(&pos(v, &[14], three, &[0, 14]), no_capture, 10);
            never_drawn(&pos(v, three, &[OFF[6]], &[0, OFF[6]]), no_capture);
            never_drawn(&pos(v, &[0, 1, 10], &[14], &[0, 14]), no_capture);
        }
    }

    #[test]
    fn english_and_italian_count_40_king_moves() {
        for v in [Variant::English, Variant::Italian] {
            let kings = pos(v, &[0, 1], &[31], &[0, 1, 31]);
            drawn_from(&kings, kings_only, 80);
            never_drawn(&kings, no_capture);
        }
    }

    #[test]
    fn turkish_draws_one_piece_against_one_after_2_moves() {
        drawn_from(&pos(Variant::Turkish, &[0], &[63], &[]), no_capture, 4);
        drawn_from(&pos(Variant::Turkish, &[0], &[63], &[0, 63]), no_capture, 4);
        never_drawn(
            &pos(Variant::Turkish, &[0, 1], &[63], &[0, 1, 63]),
            kings_only,
        );
    }

    #[test]
    fn losing_and_breakthrough_have_no_count() {
        for v in [Variant::Losing, Variant::Breakthrough] {
            never_drawn(&pos(v, &[0], &[45], &[0, 45]), kings_only);
        }
    }

    /// The first legal move of `fen` (international rules) that `pick` accepts.
    fn first_move(
        fen: &str,
        pick: impl Fn(&VariantPosition, Move) -> bool,
    ) -> (VariantPosition, Move) {
        let position = parse_position(Variant::International, fen).unwrap();
        let mut moves = MoveList::new();
        legal_moves(&position, &mut moves);
        let mv = moves
            .iter()
            .copied()
            .find(|&mv| pick(&position, mv))
            .unwrap_or_else(|| panic!("no such move in {fen}"));
        (position, mv)
    }

    #[test]
    fn a_capture_resets_both_counts_and_a_man_move_the_king_count() {
        let before = VariantClocks {
            fmjd: DrawClocks {
                king_only_plies: 9,
                ..DrawClocks::default()
            },
            since_capture: 30,
        };
        let counts = |c: VariantClocks| (c.king_only_plies(), c.since_capture);
        let advanced = |position: &VariantPosition, mv: Move| {
            let mut after = *position;
            after.play(mv);
            let mut clocks = before;
            Clocks::advance(&mut clocks, position, mv, &after);
            counts(clocks)
        };
        // White's man on 32 must take Black's on 27.
        let (position, capture) = first_move("W:W32,K46:B27,K5", |_, mv| mv.captured != 0);
        assert_eq!(advanced(&position, capture), (0, 0));
        let quiet = "W:W32,K46:B5,K10";
        let (position, man) = first_move(quiet, |p, mv| p.moves_man(mv));
        assert_eq!(advanced(&position, man), (0, 31));
        let (position, king) = first_move(quiet, |p, mv| !p.moves_man(mv));
        assert_eq!(advanced(&position, king), (10, 31));
    }
}
