//! Text in and out for either rules engine: Hub position strings, FEN and Hub move text, as
//! pydraughts and Hub GUIs write them for each variant.
//!
//! Squares are named as the variant names them ([`super::generic::notation`]: the numbering,
//! a1-style where the variant uses it), and laid out as the board's rules engine lays them
//! out ([`Board::bit`]). Parsing is where user and network input meets the rules, so every
//! malformed input becomes a typed error with a message saying what is wrong; nothing here
//! panics.

use super::bits::Bits;
use super::board::Board;
use super::generic::notation::{algebraic, parse_square, square_index, square_number};
use super::generic::rules::RuleSet;
use super::generic::Variant;
use super::{Color, Move};
use crate::engine::MoveList;

/// Why a position string was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionParseError {
    /// A Hub string must have one character per square after the side to move.
    #[error(
        "a Hub position of this variant has {expected} characters (side + {squares} squares), \
         got {found}",
        squares = .expected - 1
    )]
    WrongLength {
        /// The length the variant's board needs.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// The side to move is not W or B.
    #[error("side to move must be W or B, got {0:?}")]
    BadSide(String),
    /// A square character is not one of w, b, W, B, e.
    #[error("square {square}: {found:?} is not one of w, b, W, B, e")]
    BadCharacter {
        /// Square (1.. in the order of the Hub string).
        square: u8,
        /// The character found.
        found: char,
    },
    /// Not a square of the board.
    #[error("{0:?} is not a square of the board")]
    BadSquare(String),
    /// A square is given twice.
    #[error("square {0} is given twice")]
    DuplicateSquare(u8),
    /// A man stands on its own promotion row, where it would already be a king.
    #[error("a man on square {0} stands on its own promotion row")]
    ManOnPromotionRow(u8),
    /// More pieces for one side than it starts with.
    #[error("{color:?} has {count} pieces, at most {most} are allowed")]
    TooManyPieces {
        /// The side with too many pieces.
        color: Color,
        /// How many it has.
        count: u32,
        /// How many it may have.
        most: u32,
    },
    /// The FEN is not of the form `W:W..:B..`.
    #[error("bad FEN: {0}")]
    BadFen(String),
}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Not of the form `a-b` or `axbx...`.
    #[error("{0:?} is not a move (expected e.g. 32-28 or 28x19x23)")]
    Syntax(String),
    /// Not a square of the board.
    #[error("{0:?} is not a square of the board")]
    BadSquare(String),
    /// No legal move matches.
    #[error("illegal move {0:?}")]
    Illegal(String),
    /// Several legal moves match (a short capture form without enough captured squares).
    #[error("ambiguous move {text:?}: could be {}", .candidates.join(", "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves in full Hub notation.
        candidates: Vec<String>,
    },
}

/// Parses a Hub position string or a FEN of `variant`, whichever `text` is.
pub fn parse_position<B: Board>(variant: Variant, text: &str) -> Result<B, PositionParseError> {
    let t = text.trim();
    if t.contains(':') {
        parse_fen(variant, t)
    } else {
        parse_hub(variant, t)
    }
}

/// Parses a Hub position string: `W` or `B`, then one of `w b W B e` per square in the
/// variant's internal order (squares 1..50 on the international board).
pub fn parse_hub<B: Board>(variant: Variant, text: &str) -> Result<B, PositionParseError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let expected = variant.rules().geometry.squares as usize + 1;
    if chars.len() != expected {
        return Err(PositionParseError::WrongLength {
            expected,
            found: chars.len(),
        });
    }
    let side = parse_side(&chars[0].to_string())?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    for (i, &c) in chars[1..].iter().enumerate() {
        let m = 1u64 << B::bit(i as u32);
        match c {
            'w' => white |= m,
            'b' => black |= m,
            'W' => (white, kings) = (white | m, kings | m),
            'B' => (black, kings) = (black | m, kings | m),
            'e' => {}
            found => {
                return Err(PositionParseError::BadCharacter {
                    square: i as u8 + 1,
                    found,
                })
            }
        }
    }
    validated(variant, white, black, kings, side)
}

fn parse_side(s: &str) -> Result<Color, PositionParseError> {
    match s {
        "W" | "w" => Ok(Color::White),
        "B" | "b" => Ok(Color::Black),
        _ => Err(PositionParseError::BadSide(s.to_string())),
    }
}

/// Parses a FEN of `variant` such as `W:W31-50:B1-20`: ranges, a `K` before a king, blanks
/// and a trailing `.` allowed, piece lists may be empty or missing, squares numbered as the
/// variant numbers them or a1-style.
pub fn parse_fen<B: Board>(variant: Variant, text: &str) -> Result<B, PositionParseError> {
    let rules = variant.rules();
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cleaned = cleaned.trim_end_matches('.');
    let mut parts = cleaned.split(':');
    let mut side = parse_side(parts.next().unwrap_or(""))?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    for part in parts {
        let mut chars = part.chars();
        let color = match chars.next() {
            Some('W') | Some('w') => Color::White,
            Some('B') | Some('b') => Color::Black,
            Some(c) => return Err(PositionParseError::BadFen(format!("unknown colour {c:?}"))),
            None => continue,
        };
        for token in chars.as_str().split(',').filter(|t| !t.is_empty()) {
            let (king, body) = match token.strip_prefix(['K', 'k']) {
                Some(rest) => (true, rest),
                None => (false, token),
            };
            for index in fen_squares(rules, token, body)? {
                let m = 1u64 << B::bit(index);
                if (white | black) & m != 0 {
                    let number = square_number(rules, index);
                    return Err(PositionParseError::DuplicateSquare(number as u8));
                }
                match color {
                    Color::White => white |= m,
                    Color::Black => black |= m,
                }
                if king {
                    kings |= m;
                }
            }
        }
    }
    if rules.first_is_black {
        (white, black) = (black, white);
        side = side.opponent();
    }
    validated(variant, white, black, kings, side)
}

/// The internal squares of one FEN entry `body` (of `token`, which may have a king's `K`): a
/// square, or a range of square numbers.
fn fen_squares(rules: &RuleSet, token: &str, body: &str) -> Result<Vec<u32>, PositionParseError> {
    let bad = |s: &str| PositionParseError::BadSquare(s.to_string());
    let Some((a, b)) = body.split_once('-') else {
        return Ok(vec![parse_square(rules, body).ok_or_else(|| bad(body))?]);
    };
    let (lo, hi): (u32, u32) = match (a.parse(), b.parse()) {
        (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
        _ => return Err(PositionParseError::BadFen(format!("bad range {token:?}"))),
    };
    (lo..=hi)
        .map(|n| square_index(rules, n).ok_or_else(|| bad(&n.to_string())))
        .collect()
}

fn validated<B: Board>(
    variant: Variant,
    white: u64,
    black: u64,
    kings: u64,
    side: Color,
) -> Result<B, PositionParseError> {
    let rules = variant.rules();
    let most = rules.start_rows * rules.geometry.per_row;
    let empty = B::set_up(variant, 0, 0, 0, Color::White);
    for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
        let count = pieces.count_ones();
        if count > most {
            return Err(PositionParseError::TooManyPieces { color, count, most });
        }
        let stuck = pieces & !kings & empty.promotion_row(color);
        if stuck != 0 {
            let number = square_number(rules, B::index(stuck.trailing_zeros()));
            return Err(PositionParseError::ManOnPromotionRow(number as u8));
        }
    }
    Ok(B::set_up(variant, white, black, kings, side))
}

/// The position as a Hub string (the variant's internal order).
pub fn to_hub<B: Board>(pos: &B) -> String {
    let squares = pos.variant().rules().geometry.squares;
    let mut s = String::with_capacity(squares as usize + 1);
    s.push(if pos.side() == Color::White { 'W' } else { 'B' });
    let kings = pos.kings(Color::White) | pos.kings(Color::Black);
    for i in 0..squares {
        let m = 1u64 << B::bit(i);
        s.push(
            match (
                pos.pieces(Color::White) & m != 0,
                pos.pieces(Color::Black) & m != 0,
            ) {
                (true, _) if kings & m != 0 => 'W',
                (true, _) => 'w',
                (_, true) if kings & m != 0 => 'B',
                (_, true) => 'b',
                _ => 'e',
            },
        );
    }
    s
}

/// The position as a FEN in the variant's numbering, squares one by one, ascending
/// (`W:W31,32,..:B1,..`).
pub fn to_fen<B: Board>(pos: &B) -> String {
    let rules = pos.variant().rules();
    let list = |color: Color| -> String {
        let mut squares: Vec<(u32, bool)> = Bits(pos.pieces(color))
            .map(|b| {
                let index = B::index(b.trailing_zeros());
                (square_number(rules, index), pos.kings(color) & b != 0)
            })
            .collect();
        squares.sort_unstable();
        squares
            .iter()
            .map(|&(n, king)| {
                let k = if king { "K" } else { "" };
                if rules.algebraic {
                    format!("{k}{}", algebraic(rules, n))
                } else {
                    format!("{k}{n}")
                }
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let (mut side, mut white, mut black) = (pos.side(), Color::White, Color::Black);
    if rules.first_is_black {
        (side, white, black) = (side.opponent(), black, white);
    }
    let side = if side == Color::White { 'W' } else { 'B' };
    format!("{side}:W{}:B{}", list(white), list(black))
}

/// The move in Hub notation, in the variant's numbering: `32-28`, or `from x to x captured...`
/// with the captured squares ascending.
pub fn move_to_hub<B: Board>(variant: Variant, mv: Move) -> String {
    let rules = variant.rules();
    let (from, to) = B::squares(mv);
    let from = square_number(rules, from as u32);
    let to = square_number(rules, to as u32);
    if mv.captured == 0 {
        return format!("{from}-{to}");
    }
    let mut captured: Vec<u32> = Bits(mv.captured)
        .map(|b| square_number(rules, B::index(b.trailing_zeros())))
        .collect();
    captured.sort_unstable();
    let mut s = format!("{from}x{to}");
    for n in captured {
        s.push_str(&format!("x{n}"));
    }
    s
}

/// Finds the legal move `text` means: Hub `a-b` or `axbxc...` with the captured squares in
/// any order, squares as numbers or a1-style; a short capture (`28x19`, or only some of the
/// captured squares) is accepted when exactly one legal move fits.
pub fn parse_move<B: Board>(pos: &B, text: &str) -> Result<Move, MoveParseError> {
    let rules = pos.variant().rules();
    let t = text.trim();
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    let mut squares = Vec::with_capacity(parts.len());
    for p in &parts {
        let index =
            parse_square(rules, p).ok_or_else(|| MoveParseError::BadSquare(p.to_string()))?;
        squares.push(index as usize);
    }
    let captured = squares[2..]
        .iter()
        .fold(0u64, |bb, &i| bb | 1u64 << B::bit(i as u32));
    if captured.count_ones() as usize != squares.len() - 2 {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let matching: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| B::squares(m) == (squares[0], squares[1]) && m.captured & captured == captured)
        .collect();
    match matching.as_slice() {
        [] => Err(MoveParseError::Illegal(t.to_string())),
        [only] => Ok(*only),
        many => Err(MoveParseError::Ambiguous {
            text: t.to_string(),
            candidates: many
                .iter()
                .map(|&m| move_to_hub::<B>(pos.variant(), m))
                .collect(),
        }),
    }
}
