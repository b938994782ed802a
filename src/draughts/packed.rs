//! A draughts position packed into 32 bytes with a search score and a game result: the
//! record of draughts self-play data (`tvilling datagen --game draughts`).
//!
//! Layout (all integers little-endian); square sets have bit `n - 1` for square `n`
//! (1..=50, standard numbering):
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..8   | White's pieces |
//! | 8..16  | Black's pieces |
//! | 16..24 | kings (of either side) |
//! | 24..26 | search score, `i16`, hundredths of a man from the side to move's view |
//! | 26     | game result from the side to move's view: 0 loss, 1 draw, 2 win |
//! | 27     | side to move: 0 White, 1 Black |
//! | 28..32 | 0 (reserved) |

use super::fast::square::{bit_of, number_of};
use super::fmjd::DrawClocks;
use super::{Color, Move, Position, SearchPosition};
use crate::engine::{Game, MoveList};
use crate::nnue::data::{Outcome, TrainingRecord};
use crate::nnue::game_file::GameRecord;

/// Bytes in one record.
pub const DRAUGHTS_PACKED_SIZE: usize = 32;
/// The squares of the board as a square set.
const ALL_SQUARES: u64 = (1 << 50) - 1;

/// One draughts position of the training data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PackedDraughts {
    white: u64,
    black: u64,
    kings: u64,
    score: i16,
    result: Outcome,
    side: Color,
}

/// The square set (bit n-1 for square n) of a padded-layout bitboard.
fn squares_of(bits: u64) -> u64 {
    super::bits::Bits(bits).fold(0, |set, b| set | 1 << (number_of(b.trailing_zeros()) - 1))
}

/// The padded-layout bitboard of a square set.
fn bits_of(squares: u64) -> u64 {
    super::bits::Bits(squares).fold(0, |bits, s| {
        bits | 1u64 << bit_of(s.trailing_zeros() as u8 + 1)
    })
}

impl PackedDraughts {
    /// Packs `pos` with its score and result, both from the side to move's view.
    pub fn new(pos: &Position, score: i16, result: Outcome) -> Self {
        Self {
            white: squares_of(pos.pieces(Color::White)),
            black: squares_of(pos.pieces(Color::Black)),
            kings: squares_of(pos.kings(Color::White) | pos.kings(Color::Black)),
            score,
            result,
            side: pos.side(),
        }
    }

    /// The position (without draw clocks, which are not kept).
    pub fn position(&self) -> Position {
        Position::from_parts(
            bits_of(self.white),
            bits_of(self.black),
            bits_of(self.kings),
            self.side,
        )
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square sets (bit n-1 for square n) of `color`'s men and kings.
    pub fn men_and_kings(&self, color: Color) -> (u64, u64) {
        let pieces = match color {
            Color::White => self.white,
            Color::Black => self.black,
        };
        (pieces & !self.kings, pieces & self.kings)
    }
}

impl TrainingRecord for PackedDraughts {
    const SIZE: usize = DRAUGHTS_PACKED_SIZE;

    fn write_bytes(&self, out: &mut [u8]) {
        out[0..8].copy_from_slice(&self.white.to_le_bytes());
        out[8..16].copy_from_slice(&self.black.to_le_bytes());
        out[16..24].copy_from_slice(&self.kings.to_le_bytes());
        out[24..26].copy_from_slice(&self.score.to_le_bytes());
        out[26] = self.result as u8;
        out[27] = self.side as u8;
        out[28..32].fill(0);
    }

    fn read_bytes(bytes: &[u8]) -> Result<Self, String> {
        if bytes.len() != DRAUGHTS_PACKED_SIZE {
            return Err(format!("{} bytes, not {DRAUGHTS_PACKED_SIZE}", bytes.len()));
        }
        let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
        let (white, black, kings) = (word(0), word(8), word(16));
        if (white | black | kings) & !ALL_SQUARES != 0 {
            return Err("a piece off the 50 squares".into());
        }
        if white & black != 0 || kings & !(white | black) != 0 {
            return Err("overlapping pieces".into());
        }
        if white.count_ones() > 20 || black.count_ones() > 20 {
            return Err("more than 20 pieces of one side".into());
        }
        let result = Outcome::from_byte(bytes[26]).ok_or(format!("result byte {}", bytes[26]))?;
        let side = match bytes[27] {
            0 => Color::White,
            1 => Color::Black,
            other => return Err(format!("side-to-move byte {other}")),
        };
        if bytes[28..32] != [0; 4] {
            return Err("reserved bytes are not 0".into());
        }
        Ok(Self {
            white,
            black,
            kings,
            score: i16::from_le_bytes([bytes[24], bytes[25]]),
            result,
            side,
        })
    }

    fn score(&self) -> i16 {
        self.score
    }

    fn outcome(&self) -> Outcome {
        self.result
    }

    fn piece_count(&self) -> u32 {
        (self.white | self.black).count_ones()
    }
}

/// Distinct moves between the same two squares a move code can tell apart.
const SAME_SQUARES: usize = 16;

impl GameRecord for PackedDraughts {
    type Board = SearchPosition;
    type Move = Move;

    /// `1 + 50 × (from − 1) + (to − 1)`, squares numbered 1..=50, in the low twelve bits,
    /// and in the high four which of the legal moves between those squares it is, in the
    /// order of their captured sets (a king can take different pieces on the way), so the
    /// code does not depend on the order the generator finds moves in.
    fn move_code(board: &SearchPosition, mv: Move) -> Option<u16> {
        let mut moves = MoveList::new();
        board.legal_moves(&mut moves);
        let rank = moves
            .iter()
            .filter(|m| (m.from, m.to) == (mv.from, mv.to) && m.captured < mv.captured)
            .count();
        (rank < SAME_SQUARES).then_some(squares_code(mv) | (rank as u16) << 12)
    }

    fn board(&self) -> Result<SearchPosition, String> {
        let position = self.position();
        Ok(SearchPosition::new(position, DrawClocks::new(&position)))
    }

    fn from_board(board: &SearchPosition, score: i16, outcome: Outcome) -> Self {
        Self::new(&board.position, score, outcome)
    }

    fn play(board: &mut SearchPosition, code: u16) -> Result<bool, String> {
        let mv = move_of_code(board, code)?;
        let quiet = !board.in_check();
        board.play(mv);
        Ok(quiet)
    }
}

/// The legal move of `board` that `code` ([`GameRecord::move_code`]) names, or why there is
/// none: finding it among the legal moves is what checks a code read from a file.
pub fn move_of_code(board: &SearchPosition, code: u16) -> Result<Move, String> {
    let mut moves = MoveList::new();
    board.legal_moves(&mut moves);
    let mut same: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&mv| squares_code(mv) == code & 0xFFF)
        .collect();
    same.sort_unstable_by_key(|mv| mv.captured);
    same.get(usize::from(code >> 12))
        .copied()
        .ok_or_else(|| format!("move code {code:#06x} is no legal move"))
}

/// The low twelve bits of a move code: its two squares.
fn squares_code(mv: Move) -> u16 {
    1 + 50 * u16::from(mv.from_square() - 1) + u16::from(mv.to_square() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::{parse_position, to_fen};

    #[test]
    fn round_trips() {
        for fen in [
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
            "B:WK5,28,50:BK46,1,23",
        ] {
            let pos = parse_position(fen).unwrap();
            let packed = PackedDraughts::new(&pos, -77, Outcome::Win);
            let mut bytes = [0u8; 32];
            packed.write_bytes(&mut bytes);
            let back = PackedDraughts::read_bytes(&bytes).unwrap();
            assert_eq!(back, packed);
            assert_eq!(to_fen(&back.position()), to_fen(&pos));
            assert_eq!(back.piece_count(), pos.occupied().count_ones());
        }
    }

    /// Checks that every legal move of `board` has a code of its own that plays it back;
    /// returns how many of them share their squares with another legal move.
    fn check_codes(board: &SearchPosition) -> usize {
        let mut moves = MoveList::new();
        board.legal_moves(&mut moves);
        let codes: Vec<u16> = moves
            .iter()
            .map(|&mv| PackedDraughts::move_code(board, mv).unwrap())
            .collect();
        for (&mv, &code) in moves.iter().zip(&codes) {
            assert_eq!(codes.iter().filter(|&&c| c == code).count(), 1);
            let (mut by_move, mut by_code) = (*board, *board);
            by_move.play(mv);
            PackedDraughts::play(&mut by_code, code).unwrap();
            assert_eq!(by_code.position, by_move.position);
        }
        codes.iter().filter(|&&c| c >> 12 > 0).count()
    }

    #[test]
    fn move_codes_name_one_legal_move_each() {
        let mut rng = crate::rng::Rng::new(3);
        let mut moves = MoveList::new();
        for _ in 0..40 {
            let start = PackedDraughts::new(&Position::start(), 0, Outcome::Draw);
            let mut board = start.board().unwrap();
            for _ in 0..200 {
                moves.clear();
                board.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                check_codes(&board);
                let mv = moves.as_slice()[rng.below(moves.len() as u64) as usize];
                board.play(mv);
            }
        }
        // Games rarely give a king two ways to the same square over different pieces, so
        // random kings among random men do.
        let mut shared_squares = 0;
        for _ in 0..20_000 {
            let king = 1u64 << rng.below(50);
            let mut black = 0u64;
            while black.count_ones() < 7 {
                black |= 1 << rng.below(50);
            }
            black &= !king;
            let position =
                Position::from_parts(bits_of(king), bits_of(black), bits_of(king), Color::White);
            shared_squares +=
                check_codes(&SearchPosition::new(position, DrawClocks::new(&position)));
        }
        assert!(shared_squares > 0);
    }

    #[test]
    fn foreign_bytes_are_refused() {
        assert!(PackedDraughts::read_bytes(&[0xFF; 32]).is_err());
        let mut bytes = [0u8; 32];
        bytes[26] = 3;
        assert!(PackedDraughts::read_bytes(&bytes).is_err());
        assert!(PackedDraughts::read_bytes(&[0; 31]).is_err());
    }
}
