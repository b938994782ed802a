//! Text for the variants, as pydraughts writes it: Hub position strings in the internal
//! square order (what pydraughts sends in `pos`), FEN and move numbers in the variant's own
//! numbering (rows from the bottom for Russian, Brazilian and Turkish, the board turned for
//! English, whose first player is called Black), and a1-style squares where pydraughts
//! writes them.
//!
//! Everything that reads text returns a typed error; nothing here panics on input.

use super::movegen::legal_moves;
use super::position::{target, VariantPosition};
use super::rules::{Numbering, RuleSet, Variant};
use crate::draughts::bits::Bits;
use crate::draughts::{Color, Move, MoveParseError, PositionParseError};
use crate::engine::MoveList;

/// The variant's number (1..) of internal square `index`.
pub fn square_number(rules: &RuleSet, index: u32) -> u32 {
    let g = rules.geometry;
    match rules.numbering {
        Numbering::Internal => index + 1,
        Numbering::FromBottom => {
            (g.rows - 1 - index / g.per_row) * g.per_row + index % g.per_row + 1
        }
        Numbering::Reversed => g.squares - index,
    }
}

/// The internal square of the variant's square number `number`, if it is on the board.
pub fn square_index(rules: &RuleSet, number: u32) -> Option<u32> {
    let g = rules.geometry;
    if number == 0 || number > g.squares {
        return None;
    }
    // Each numbering is its own inverse.
    Some(square_number(rules, number - 1) - 1)
}

/// The a1-style name of the variant's square number `number`.
fn algebraic(rules: &RuleSet, number: u32) -> String {
    let g = rules.geometry;
    let (row, k) = ((number - 1) / g.per_row, (number - 1) % g.per_row);
    let column = if g.squares == 64 { k } else { 2 * k + row % 2 };
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

/// Reads a square as pydraughts writes it: a number, or a1-style; gives the internal index.
fn parse_square(rules: &RuleSet, text: &str) -> Option<u32> {
    let g = rules.geometry;
    let mut chars = text.chars();
    let first = chars.next()?;
    let number = if first.is_ascii_alphabetic() {
        let column = first.to_ascii_lowercase() as u32 - 'a' as u32;
        let rank: u32 = chars.as_str().parse().ok()?;
        if rank == 0 || rank > g.rows || column >= g.per_row * if g.squares == 64 { 1 } else { 2 } {
            return None;
        }
        let k = if g.squares == 64 { column } else { column / 2 };
        (rank - 1) * g.per_row + k + 1
    } else {
        text.parse().ok()?
    };
    square_index(rules, number)
}

/// Most pieces a side may have: what it starts with.
fn max_pieces(rules: &RuleSet) -> u32 {
    rules.start_rows * rules.geometry.per_row
}

/// Parses a Hub position string or a FEN of `variant`, whichever `text` is.
pub fn parse_position(variant: Variant, text: &str) -> Result<VariantPosition, PositionParseError> {
    let t = text.trim();
    if t.contains(':') {
        parse_fen(variant, t)
    } else {
        parse_hub(variant, t)
    }
}

/// Parses a Hub position string: `W` or `B`, then one of `w b W B e` per square in the
/// internal order.
pub fn parse_hub(variant: Variant, text: &str) -> Result<VariantPosition, PositionParseError> {
    let rules = variant.rules();
    let chars: Vec<char> = text.trim().chars().collect();
    let expected = rules.geometry.squares as usize + 1;
    if chars.len() != expected {
        return Err(PositionParseError::WrongLengthFor {
            expected,
            found: chars.len(),
        });
    }
    let side = parse_side(&chars[0].to_string())?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    for (i, &c) in chars[1..].iter().enumerate() {
        let m = 1u64 << i;
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

/// Parses a FEN as pydraughts writes it for `variant` (`W:W31,32:B1,K2`; ranges `1-20`;
/// a1-style squares where the variant uses them).
pub fn parse_fen(variant: Variant, text: &str) -> Result<VariantPosition, PositionParseError> {
    let rules = variant.rules();
    let cleaned: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let cleaned = cleaned.trim_end_matches('.');
    let mut parts = cleaned.split(':');
    let mut side = parse_side(parts.next().unwrap_or(""))?;
    let (mut white, mut black, mut kings) = (0u64, 0u64, 0u64);
    let bad = |s: &str| PositionParseError::BadSquare(s.to_string());
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
            let squares: Vec<u32> = match body.split_once('-') {
                Some((a, b)) => {
                    let (lo, hi): (u32, u32) = match (a.parse(), b.parse()) {
                        (Ok(lo), Ok(hi)) if lo <= hi => (lo, hi),
                        _ => {
                            return Err(PositionParseError::BadFen(format!("bad range {token:?}")))
                        }
                    };
                    (lo..=hi)
                        .map(|n| square_index(rules, n).ok_or_else(|| bad(token)))
                        .collect::<Result<_, _>>()?
                }
                None => vec![parse_square(rules, body).ok_or_else(|| bad(body))?],
            };
            for index in squares {
                let m = 1u64 << index;
                if (white | black) & m != 0 {
                    return Err(PositionParseError::DuplicateSquare(index as u8 + 1));
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

fn validated(
    variant: Variant,
    white: u64,
    black: u64,
    kings: u64,
    side: Color,
) -> Result<VariantPosition, PositionParseError> {
    let rules = variant.rules();
    for (color, pieces) in [(Color::White, white), (Color::Black, black)] {
        let count = pieces.count_ones();
        if count > max_pieces(rules) {
            return Err(PositionParseError::TooManyPieces { color, count });
        }
        let probe = VariantPosition::from_parts(variant, 0, 0, 0, Color::White);
        let stuck = pieces & !kings & probe.promotion_row(color);
        if stuck != 0 {
            let number = square_number(rules, stuck.trailing_zeros());
            return Err(PositionParseError::ManOnPromotionRow(number as u8));
        }
    }
    Ok(VariantPosition::from_parts(
        variant, white, black, kings, side,
    ))
}

/// The position as a Hub string (internal order).
pub fn to_hub(pos: &VariantPosition) -> String {
    let mut s = String::new();
    s.push(if pos.side() == Color::White { 'W' } else { 'B' });
    for i in 0..pos.geometry().squares {
        let m = 1u64 << i;
        let king = pos.kings(Color::White) | pos.kings(Color::Black);
        s.push(
            match (
                pos.pieces(Color::White) & m != 0,
                pos.pieces(Color::Black) & m != 0,
            ) {
                (true, _) if king & m != 0 => 'W',
                (true, _) => 'w',
                (_, true) if king & m != 0 => 'B',
                (_, true) => 'b',
                _ => 'e',
            },
        );
    }
    s
}

/// The position as a FEN in the variant's numbering, squares ascending.
pub fn to_fen(pos: &VariantPosition) -> String {
    let rules = pos.rules();
    let list = |color: Color| -> String {
        let mut squares: Vec<(u32, bool)> = Bits(pos.pieces(color))
            .map(|b| {
                let index = b.trailing_zeros();
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

/// The move in Hub notation as pydraughts writes it: variant square numbers, `a-b` or
/// `axbxc...` with the captured squares ascending.
pub fn move_to_hub(variant: Variant, mv: Move) -> String {
    let rules = variant.rules();
    let from = square_number(rules, mv.from as u32);
    let to = square_number(rules, target(mv));
    if mv.captured == 0 {
        return format!("{from}-{to}");
    }
    let mut captured: Vec<u32> = Bits(mv.captured)
        .map(|b| square_number(rules, b.trailing_zeros()))
        .collect();
    captured.sort_unstable();
    let mut s = format!("{from}x{to}");
    for n in captured {
        s.push_str(&format!("x{n}"));
    }
    s
}

/// Finds the legal move `text` means: Hub or PDN notation, squares as numbers or a1-style;
/// a capture written without (all) its captured squares is accepted when only one fits.
pub fn parse_move(pos: &VariantPosition, text: &str) -> Result<Move, MoveParseError> {
    let rules = pos.rules();
    let t = text.trim();
    let parts: Vec<&str> = t.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    let mut squares = Vec::with_capacity(parts.len());
    for p in &parts {
        squares
            .push(parse_square(rules, p).ok_or_else(|| MoveParseError::BadSquare(p.to_string()))?);
    }
    let captured = squares[2..].iter().fold(0u64, |bb, &i| bb | 1u64 << i);
    if captured.count_ones() as usize != squares.len() - 2 {
        return Err(MoveParseError::Syntax(t.to_string()));
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let matching: Vec<Move> = list
        .iter()
        .copied()
        .filter(|m| {
            m.from as u32 == squares[0]
                && target(*m) == squares[1]
                && m.captured & captured == captured
        })
        .collect();
    match matching.as_slice() {
        [] => Err(MoveParseError::Illegal(t.to_string())),
        [only] => Ok(*only),
        many => Err(MoveParseError::Ambiguous {
            text: t.to_string(),
            candidates: many
                .iter()
                .map(|&m| move_to_hub(pos.variant(), m))
                .collect(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numberings_match_pydraughts() {
        let russian = Variant::Russian.rules();
        // Internal 21 is a3, which Russian numbering calls 9.
        assert_eq!(square_number(russian, 20), 9);
        assert_eq!(algebraic(russian, 9), "a3");
        assert_eq!(parse_square(russian, "a3"), Some(20));
        let english = Variant::English.rules();
        assert_eq!(square_number(english, 20), 12);
        let turkish = Variant::Turkish.rules();
        assert_eq!(square_number(turkish, 40), 17);
        assert_eq!(algebraic(turkish, 17), "a3");
    }

    #[test]
    fn start_positions_read_back_from_pydraughts_text() {
        for (variant, fen, hub) in [
            (
                Variant::Russian,
                "W:Wa1,c3,e3,g3,c1,e1,g1,b2,d2,f2,h2,a3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
                "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
            ),
            (
                Variant::English,
                "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,10,11,12,2,3,4,5,6,7,8,9",
                "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww",
            ),
            (
                Variant::Frysk,
                "W:W46,47,48,49,50:B1,2,3,4,5",
                "Wbbbbbeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeewwwww",
            ),
            (
                Variant::Turkish,
                "W:Wb2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a2:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
                "Weeeeeeeebbbbbbbbbbbbbbbbeeeeeeeeeeeeeeeewwwwwwwwwwwwwwwweeeeeeee",
            ),
        ] {
            let start = VariantPosition::start(variant);
            assert_eq!(parse_fen(variant, fen), Ok(start), "{variant:?}");
            assert_eq!(parse_hub(variant, hub), Ok(start), "{variant:?}");
            assert_eq!(to_hub(&start), hub);
            assert_eq!(parse_fen(variant, &to_fen(&start)), Ok(start));
        }
    }

    #[test]
    fn illegal_positions_are_refused() {
        // A Russian string is 33 characters; a white man on its crowning row is refused.
        assert!(parse_hub(Variant::Russian, "Wbbbb").is_err());
        assert!(matches!(
            parse_fen(Variant::Russian, "W:Wb8:Ba1"),
            Err(PositionParseError::ManOnPromotionRow(_))
        ));
        assert!(parse_fen(Variant::Turkish, "W:Wz9:B").is_err());
    }

    #[test]
    fn moves_are_written_in_the_variant_numbering() {
        let pos = VariantPosition::start(Variant::Russian);
        let mv = parse_move(&pos, "c3-d4").unwrap();
        assert_eq!(move_to_hub(Variant::Russian, mv), "10-14");
        assert_eq!(parse_move(&pos, "10-14"), Ok(mv));
        let english = VariantPosition::start(Variant::English);
        assert!(parse_move(&english, "11-15").is_ok());
        assert!(parse_move(&english, "22-18").is_err());
    }
}
