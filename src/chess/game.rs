//! Chess plugged into the game-independent search through [`Game`].

use super::moves::{Move, MoveKind};
use super::nnue::{evaluate, ChessEvaluator};
use super::piece::PieceKind;
use super::position::Position;
use super::syzygy;
use crate::engine::{structure_key, Game, MoveList, TableValue};

/// What taking each piece (pawn to king) moves the network's evaluation by: the median,
/// over 1,100 pieces of 300 openings played on at random, of the side to move's gain when
/// an enemy piece is lifted off the board (chess-gen6, by `scripts/stats/piece_values.py`,
/// to be run again for each new net). Delta pruning compares them with evaluations, and
/// the exchange values of [`PieceKind::value`] are a third to a half smaller: at those,
/// taking a queen looked worth 900 where the network counts about 1,575, and 5 % of the
/// captures skipped would have raised the score.
const EVALUATED_PIECE_VALUES: [i32; 6] = [145, 510, 575, 750, 1575, 0];

impl Game for Position {
    type Move = Move;
    type Evaluator = ChessEvaluator;

    /// Piece (12 coloured kinds) times destination square.
    const HISTORY_SIZE: usize = 12 * 64;

    fn legal_moves(&self, out: &mut MoveList<Move>) {
        Position::legal_moves(self, out);
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        Position::noisy_moves(self, out);
    }

    fn play(&mut self, mv: Move) {
        Position::play(self, mv);
    }

    fn play_null(&mut self) {
        Position::play_null(self);
    }

    fn hash(&self) -> u64 {
        Position::hash(self)
    }

    fn hash_after(&self, mv: Move) -> u64 {
        Position::hash_after(self, mv)
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn reversible_plies(&self) -> usize {
        self.halfmove_clock() as usize
    }

    fn is_rule_draw(&self) -> bool {
        if self.is_insufficient_material() {
            return true;
        }
        // A mate delivered on the hundredth ply still counts as mate.
        self.halfmove_clock() >= 100 && !(self.in_check() && self.count_legal_moves() == 0)
    }

    fn no_moves_is_loss(&self) -> bool {
        Position::in_check(self)
    }

    fn evaluate(&self) -> i32 {
        evaluate(self)
    }

    fn null_move_allowed(&self) -> bool {
        !Position::in_check(self) && self.has_non_pawn_material(self.side_to_move())
    }

    fn is_noisy(&self, mv: Move) -> bool {
        self.is_capture(mv) || self.is_promotion(mv)
    }

    fn noisy_order(&self, mv: Move) -> i32 {
        let victim = self.captured_piece(mv).map_or(0, PieceKind::value);
        let promotion = mv.promotion_piece().map_or(0, PieceKind::value);
        let attacker = self
            .piece_on(mv.from())
            .map_or(0, |p| p.kind.index() as i32);
        (victim + promotion) * 8 - attacker
    }

    fn material_gain_bound(&self, mv: Move) -> i32 {
        let worth = |kind: PieceKind| EVALUATED_PIECE_VALUES[kind.index()];
        let victim = self.captured_piece(mv).map_or(0, worth);
        let promotion = mv
            .promotion_piece()
            .map_or(0, |p| worth(p) - worth(PieceKind::Pawn));
        victim + promotion
    }

    fn see_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.see_ge(mv, threshold)
    }

    fn move_code(mv: Move) -> u16 {
        mv.raw()
    }

    fn legal_move_from_code(&self, code: u16) -> Option<Move> {
        let mv = Move::from_raw(code);
        self.is_legal(mv).then_some(mv)
    }

    /// The pawns: their structure is what a static evaluation judges worst and a search
    /// corrects most consistently.
    fn correction_key(&self) -> u64 {
        let side = self.side_to_move();
        structure_key(
            self.pieces(PieceKind::Pawn, side).0,
            self.pieces(PieceKind::Pawn, side.flip()).0,
            side.index(),
        )
    }

    fn history_index(&self, mv: Move) -> usize {
        let piece = match mv.kind() {
            MoveKind::Castling => 5 + 6 * self.side_to_move().index(),
            _ => self.piece_on(mv.from()).map_or(0, |p| p.index()),
        };
        piece * 64 + mv.to().index()
    }

    fn table_value(&self) -> Option<TableValue> {
        syzygy::search_value(self)
    }

    fn table_probe_depth(&self) -> i32 {
        syzygy::probe_depth(self)
    }

    /// Ranks by distance to zeroing, which plain value-keeping cannot: in KRvK every
    /// move but a blunder keeps the win, and only the distance says which make progress.
    fn retain_table_root_moves(&self, moves: &mut MoveList<Move>) {
        if let Some(best) = syzygy::best_root_moves(self) {
            if moves.iter().any(|mv| best.contains(mv)) {
                moves.retain(|mv| best.contains(mv));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_draws() {
        let kk = Position::from_fen("8/8/4k3/8/8/3K4/8/8 w - - 0 1").unwrap();
        assert!(Game::is_rule_draw(&kk));
        let kbkb_same = Position::from_fen("8/8/4k3/3b4/8/3K4/4B3/8 w - - 0 1").unwrap();
        assert!(Game::is_rule_draw(&kbkb_same));
        let kbkb_opposite = Position::from_fen("8/8/4k3/2b5/8/3K4/4B3/8 w - - 0 1").unwrap();
        assert!(!Game::is_rule_draw(&kbkb_opposite));
        let fifty = Position::from_fen("8/8/4k3/8/8/3K4/R7/8 w - - 100 80").unwrap();
        assert!(Game::is_rule_draw(&fifty));
        // Checkmated on the hundredth ply: the mate stands.
        let mated = Position::from_fen("k7/1R6/2K5/8/8/8/8/R7 b - - 100 80").unwrap();
        assert!(Game::in_check(&mated) && !Game::is_rule_draw(&mated));
    }

    #[test]
    fn null_move_and_noisy() {
        let pos = Position::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
        assert!(!Game::null_move_allowed(&pos));
        let mut noisy = MoveList::new();
        Game::noisy_moves(&pos, &mut noisy);
        assert_eq!(noisy.len(), 1);
        assert!(Game::is_noisy(&pos, noisy.as_slice()[0]));
        assert!(Game::history_index(&pos, noisy.as_slice()[0]) < Position::HISTORY_SIZE);
    }

    #[test]
    fn material_gain_bound_counts_the_take_and_the_promotion() {
        let gain = |fen: &str, text: &str| {
            let pos = Position::from_fen(fen).unwrap();
            let mv = crate::chess::parse_uci_move(&pos, text, false).unwrap();
            Game::material_gain_bound(&pos, mv)
        };
        let [pawn, knight, _, rook, queen, _] = EVALUATED_PIECE_VALUES;
        // A defended rook taken by a queen: the bound ignores the recapture.
        assert_eq!(gain("4k3/8/2p5/3r4/8/8/3Q4/4K3 w - - 0 1", "d2d5"), rook);
        assert_eq!(gain("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), pawn);
        assert_eq!(
            gain("2n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8q"),
            knight + queen - pawn
        );
        assert_eq!(
            gain("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n"),
            knight - pawn
        );
        assert_eq!(gain("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
    }
}
