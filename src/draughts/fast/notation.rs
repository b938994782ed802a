//! Text in and out: Hub position strings, PDN FEN, Hub move text and the DXP move triple.
//!
//! Parsing is where user and network input meets the rules, so every malformed input becomes
//! a typed error with a message saying what is wrong; nothing here panics.

use super::bitboard::promotion_row;
use super::movegen::legal_moves;
use super::position::Position;
use super::square::{mask_of, number_of};
use crate::draughts::bits::Bits;
use crate::draughts::Color;
use crate::draughts::Move;
use crate::engine::MoveList;
use std::fmt;

/// Most pieces a side can have.
pub const MAX_PIECES_PER_SIDE: u32 = 20;

/// Why a position string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionParseError {
    /// A Hub string must be 51 characters.
    WrongLength(usize),
    /// A variant's Hub string must have one character per square after the side to move.
    WrongLengthFor {
        /// The length the variant's board needs.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// The side to move is not W or B.
    BadSide(String),
    /// A square character is not one of w, b, W, B, e.
    BadCharacter {
        /// Square number (1..=50).
        square: u8,
        /// The character found.
        found: char,
    },
    /// A square number outside 1..=50 or not a number.
    BadSquare(String),
    /// A square is given twice.
    DuplicateSquare(u8),
    /// A man stands on its own promotion row, where it would already be a king.
    ManOnPromotionRow(u8),
    /// More than 20 pieces for one side.
    TooManyPieces {
        /// The side with too many pieces.
        color: Color,
        /// How many it has.
        count: u32,
    },
    /// The PDN FEN is not of the form `W:W..:B..`.
    BadFen(String),
}

impl fmt::Display for PositionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongLength(n) => {
                write!(
                    f,
                    "a Hub position has 51 characters (side + 50 squares), got {n}"
                )
            }
            Self::WrongLengthFor { expected, found } => write!(
                f,
                "a Hub position of this variant has {expected} characters (side + {} squares), \
                 got {found}",
                expected - 1
            ),
            Self::BadSide(s) => write!(f, "side to move must be W or B, got {s:?}"),
            Self::BadCharacter { square, found } => {
                write!(f, "square {square}: {found:?} is not one of w, b, W, B, e")
            }
            Self::BadSquare(s) => write!(f, "{s:?} is not a square number 1..50"),
            Self::DuplicateSquare(n) => write!(f, "square {n} is given twice"),
            Self::ManOnPromotionRow(n) => {
                write!(f, "a man on square {n} stands on its own promotion row")
            }
            Self::TooManyPieces { color, count } => {
                write!(f, "{color:?} has {count} pieces, at most 20 are allowed")
            }
            Self::BadFen(s) => write!(f, "bad PDN FEN: {s}"),
        }
    }
}

impl std::error::Error for PositionParseError {}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not of the form `a-b` or `axbx...`.
    Syntax(String),
    /// A square number outside 1..=50.
    BadSquare(String),
    /// No legal move matches.
    Illegal(String),
    /// Several legal moves match (a short capture form without enough captured squares).
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves in full Hub notation.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax(s) => write!(f, "{s:?} is not a move (expected e.g. 32-28 or 28x19x23)"),
            Self::BadSquare(s) => write!(f, "{s:?} is not a square number 1..50"),
            Self::Illegal(s) => write!(f, "illegal move {s:?}"),
            Self::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "ambiguous move {text:?}: could be {}",
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

/// Parses a Hub string or a PDN FEN, whichever `text` is.
pub fn parse_position(text: &str) -> Result<Position, PositionParseError> {
    let t = text.trim();
    if t.contains(':') {
        parse_fen(t)
    } else {
        parse_hub(t)
    }
}

/// Parses a 51-character Hub position (`W` or `B`, then squares 1..50 as w/b/W/B/e).
pub fn parse_hub(text: &str) -> Result<Position, PositionParseError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 51 {
        return Err(PositionParseError::WrongLength(chars.len()));
    }
    let side = parse_side(&chars[0].to_string())?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    for (i, &c) in chars[1..].iter().enumerate() {
        let square = i as u8 + 1;
        let m = mask_of(square);
        match c {
            'w' => white |= m,
            'b' => black |= m,
            'W' => {
                white |= m;
                kings |= m
            }
            'B' => {
                black |= m;
                kings |= m
            }
            'e' => {}
            found => return Err(PositionParseError::BadCharacter { square, found }),
        }
    }
    validated(white, black, kings, side)
}

fn parse_side(s: &str) -> Result<Color, PositionParseError> {
    match s {
        "W" | "w" => Ok(Color::White),
        "B" | "b" => Ok(Color::Black),
        _ => Err(PositionParseError::BadSide(s.to_string())),
    }
}

/// Parses a PDN FEN such as `W:W31-50:B1-20` (ranges, `K` prefix for kings, blanks and a
/// trailing `.` allowed, piece lists may be empty or missing).
pub fn parse_fen(text: &str) -> Result<Position, PositionParseError> {
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cleaned = cleaned.trim_end_matches('.');
    let mut parts = cleaned.split(':');
    let side = parse_side(parts.next().unwrap_or(""))?;
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
            let (lo, hi) = match body.split_once('-') {
                Some((a, b)) => (parse_square(a)?, parse_square(b)?),
                None => (parse_square(body)?, parse_square(body)?),
            };
            if lo > hi {
                return Err(PositionParseError::BadFen(format!("empty range {token:?}")));
            }
            for n in lo..=hi {
                let m = mask_of(n);
                if (white | black) & m != 0 {
                    return Err(PositionParseError::DuplicateSquare(n));
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
    validated(white, black, kings, side)
}

fn parse_square(s: &str) -> Result<u8, PositionParseError> {
    match s.parse::<u8>() {
        Ok(n) if (1..=50).contains(&n) => Ok(n),
        _ => Err(PositionParseError::BadSquare(s.to_string())),
    }
}

fn validated(
    white: u64,
    black: u64,
    kings: u64,
    side: Color,
) -> Result<Position, PositionParseError> {
    for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
        let count = pieces.count_ones();
        if count > MAX_PIECES_PER_SIDE {
            return Err(PositionParseError::TooManyPieces { color, count });
        }
        let stuck = pieces & !kings & promotion_row(color);
        if stuck != 0 {
            return Err(PositionParseError::ManOnPromotionRow(number_of(
                stuck.trailing_zeros(),
            )));
        }
    }
    Ok(Position::from_parts(white, black, kings, side))
}

/// The position as a 51-character Hub string.
pub fn to_hub(pos: &Position) -> String {
    let mut s = String::with_capacity(51);
    s.push(if pos.side() == Color::White { 'W' } else { 'B' });
    for n in 1..=50u8 {
        let m = mask_of(n);
        let king = (pos.kings(Color::White) | pos.kings(Color::Black)) & m != 0;
        s.push(
            match (
                pos.pieces(Color::White) & m != 0,
                pos.pieces(Color::Black) & m != 0,
            ) {
                (true, _) if king => 'W',
                (true, _) => 'w',
                (_, true) if king => 'B',
                (_, true) => 'b',
                _ => 'e',
            },
        );
    }
    s
}

/// The position as a PDN FEN, squares listed one by one (`W:W31,32,..:B1,..`).
pub fn to_fen(pos: &Position) -> String {
    let list = |color: Color| -> String {
        Bits(pos.pieces(color))
            .map(|b| {
                let k = if b & pos.kings(color) != 0 { "K" } else { "" };
                format!("{k}{}", number_of(b.trailing_zeros()))
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = if pos.side() == Color::White { 'W' } else { 'B' };
    format!("{side}:W{}:B{}", list(Color::White), list(Color::Black))
}

/// The move in Hub notation: `32-28`, or `from x to x captured...` ascending.
pub fn move_to_hub(mv: Move) -> String {
    if !mv.is_capture() {
        return format!("{}-{}", mv.from_square(), mv.to_square());
    }
    let mut s = format!("{}x{}", mv.from_square(), mv.to_square());
    for n in mv.captured_squares() {
        s.push_str(&format!("x{n}"));
    }
    s
}

/// Finds the legal move meant by `text`: Hub `a-b` or `axbxc...` with captured squares in
/// any order; a short capture (`28x19`, or only some captured squares) is accepted when
/// exactly one legal move fits.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let t = text.trim();
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    let mut squares = Vec::with_capacity(parts.len());
    for p in &parts {
        match p.parse::<u8>() {
            Ok(n) if (1..=50).contains(&n) => squares.push(n),
            Ok(_) => return Err(MoveParseError::BadSquare(p.to_string())),
            Err(_) => return Err(MoveParseError::Syntax(t.to_string())),
        }
    }
    let captured = squares[2..].iter().fold(0u64, |bb, &n| bb | mask_of(n));
    if captured.count_ones() as usize != squares.len() - 2 {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    find_move(pos, squares[0], squares[1], captured, t)
}

fn find_move(
    pos: &Position,
    from: u8,
    to: u8,
    captured: u64,
    text: &str,
) -> Result<Move, MoveParseError> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let matching: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| {
            m.from_square() == from && m.to_square() == to && m.captured & captured == captured
        })
        .collect();
    match matching.as_slice() {
        [] => Err(MoveParseError::Illegal(text.to_string())),
        [only] => Ok(*only),
        many => Err(MoveParseError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|&m| move_to_hub(m)).collect(),
        }),
    }
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
