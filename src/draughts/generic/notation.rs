//! How each variant names its squares, as pydraughts writes them: Hub position strings in
//! the internal square order (what pydraughts sends in `pos`), FEN and move numbers in the
//! variant's own numbering (rows from the bottom for Russian, Brazilian and Turkish, the
//! board turned for English, whose first player is called Black), and a1-style squares
//! where pydraughts writes them. The text formats themselves, for both rules engines, are
//! [`crate::draughts::text`]; here are their front doors for the variants' board.
//!
//! Everything that reads text returns a typed error; nothing here panics on input.

use super::position::VariantPosition;
use super::rules::{Numbering, RuleSet, Variant};
use crate::draughts::text::{self, PositionParseError};
use crate::draughts::Move;

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
pub fn algebraic(rules: &RuleSet, number: u32) -> String {
    let g = rules.geometry;
    let (row, k) = ((number - 1) / g.per_row, (number - 1) % g.per_row);
    let column = if g.squares == 64 { k } else { 2 * k + row % 2 };
    format!("{}{}", (b'a' + column as u8) as char, row + 1)
}

/// Reads a square as pydraughts writes it: a number, or a1-style; gives the internal index.
pub fn parse_square(rules: &RuleSet, text: &str) -> Option<u32> {
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

/// Parses a Hub position string or a FEN of `variant`, whichever `text` is.
pub fn parse_position(variant: Variant, text: &str) -> Result<VariantPosition, PositionParseError> {
    text::parse_position(variant, text)
}

/// The move in Hub notation as pydraughts writes it: variant square numbers, `a-b` or
/// `axbxc...` with the captured squares ascending.
pub fn move_to_hub(variant: Variant, mv: Move) -> String {
    text::move_to_hub::<VariantPosition>(variant, mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::text::{parse_move, to_fen, to_hub};

    fn parse_fen(variant: Variant, fen: &str) -> Result<VariantPosition, PositionParseError> {
        text::parse_fen(variant, fen)
    }

    fn parse_hub(variant: Variant, hub: &str) -> Result<VariantPosition, PositionParseError> {
        text::parse_hub(variant, hub)
    }

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
