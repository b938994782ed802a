//! Text in and out for the fast generator's board: the shared Hub, FEN and move text
//! ([`crate::draughts::text`]) for international draughts, and the DXP move triple.
//!
//! Parsing is where user and network input meets the rules, so every malformed input becomes
//! a typed error with a message saying what is wrong; nothing here panics.

use super::movegen::legal_moves;
use super::position::Position;
use super::square::mask_of;
use crate::draughts::generic::Variant;
use crate::draughts::text::{self, MoveParseError, PositionParseError};
use crate::draughts::Move;
use crate::engine::MoveList;

/// Parses a Hub string or a PDN FEN, whichever `text` is.
pub fn parse_position(text: &str) -> Result<Position, PositionParseError> {
    text::parse_position(Variant::International, text)
}

/// Parses a 51-character Hub position (`W` or `B`, then squares 1..50 as w/b/W/B/e).
pub fn parse_hub(text: &str) -> Result<Position, PositionParseError> {
    text::parse_hub(Variant::International, text)
}

/// Parses a PDN FEN such as `W:W31-50:B1-20` (ranges, `K` prefix for kings, blanks and a
/// trailing `.` allowed, piece lists may be empty or missing).
pub fn parse_fen(text: &str) -> Result<Position, PositionParseError> {
    text::parse_fen(Variant::International, text)
}

/// The position as a 51-character Hub string.
pub fn to_hub(pos: &Position) -> String {
    text::to_hub(pos)
}

/// The position as a PDN FEN, squares listed one by one (`W:W31,32,..:B1,..`).
pub fn to_fen(pos: &Position) -> String {
    text::to_fen(pos)
}

/// The move in Hub notation: `32-28`, or `from x to x captured...` ascending.
pub fn move_to_hub(mv: Move) -> String {
    text::move_to_hub::<Position>(Variant::International, mv)
}

/// Finds the legal move meant by `text`: Hub `a-b` or `axbxc...` with captured squares in
/// any order; a short capture (`28x19`, or only some captured squares) is accepted when
/// exactly one legal move fits.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    text::parse_move(pos, text)
}

/// The DXP encoding of a move: from, to, and captured squares (ascending).
pub fn move_to_dxp(mv: Move) -> (u8, u8, Vec<u8>) {
    (mv.from_square(), mv.to_square(), mv.captured_squares())
}

/// The legal move with exactly this DXP triple (captured squares in any order).
pub fn move_from_dxp(
    pos: &Position,
    from: u8,
    to: u8,
    captured: &[u8],
) -> Result<Move, MoveParseError> {
    let text = format!(
        "{from}{}{to}{}",
        if captured.is_empty() { "-" } else { "x" },
        captured.iter().map(|n| format!("x{n}")).collect::<String>()
    );
    for &n in [from, to].iter().chain(captured) {
        if !(1..=50).contains(&n) {
            return Err(MoveParseError::BadSquare(n.to_string()));
        }
    }
    let set = captured.iter().fold(0u64, |bb, &n| bb | mask_of(n));
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.iter()
        .copied()
        .find(|m| m.from_square() == from && m.to_square() == to && m.captured == set)
        .filter(|_| set.count_ones() as usize == captured.len())
        .ok_or(MoveParseError::Illegal(text))
}
