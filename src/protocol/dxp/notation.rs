//! Translation of DXP's position and move encodings into the Hub text forms.
//!
//! The draughts module reads positions and moves in Hub notation (`docs/protocols/hub.md`
//! §5, §6). DXP says the same things differently (`z`/`Z` for black, `W`/`Z` for the side to
//! move, a move as numbers), so rather than teach the rules a second syntax, a DXP session
//! turns what it receives into Hub text here and hands that to the one parser.

use super::message::StartPosition;
use crate::draughts::Color;
use crate::protocol::hub::command::START_POSITION;

/// The 51-character Hub position (side to move `W`/`B`, then squares 1..50 in `e`, `w`, `b`,
/// `W`, `B`) of a GAMEREQ start position. The squares were checked when the GAMEREQ was
/// parsed; any other character is passed through for the position parser to reject.
pub fn hub_position(start: &StartPosition) -> String {
    match start {
        StartPosition::Initial => START_POSITION.to_string(),
        StartPosition::Position { to_move, squares } => {
            let side = match to_move {
                Color::White => 'W',
                Color::Black => 'B',
            };
            std::iter::once(side)
                .chain(squares.chars().map(|c| match c {
                    'z' => 'b',
                    'Z' => 'B',
                    other => other,
                }))
                .collect()
        }
    }
}

/// A DXP move in Hub notation: `from-to` for a quiet move, otherwise `fromxto` followed by
/// `x<square>` for every captured piece in ascending order (the full form every Hub reader
/// accepts).
pub fn hub_move(from: u8, to: u8, captured: &[u8]) -> String {
    if captured.is_empty() {
        return format!("{from}-{to}");
    }
    let mut sorted = captured.to_vec();
    sorted.sort_unstable();
    let mut text = format!("{from}x{to}");
    for square in sorted {
        text.push_str(&format!("x{square}"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::dxp::DxpMessage;

    #[test]
    fn initial_position_is_the_hub_start() {
        assert_eq!(
            hub_position(&StartPosition::Initial),
            "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww"
        );
    }

    #[test]
    fn set_up_positions_translate_colours() {
        let DxpMessage::GameReq { start, .. } = DxpMessage::parse(
            "R01DXP Client                      Z002060BWzzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
        )
        .unwrap() else {
            panic!("not a GAMEREQ");
        };
        assert_eq!(hub_position(&start), START_POSITION);
        let kings = StartPosition::Position {
            to_move: Color::Black,
            squares: format!("Z{}zW", "e".repeat(46) + "w"),
        };
        let hub = hub_position(&kings);
        assert_eq!(hub.len(), 51);
        assert_eq!(hub, format!("BB{}wbW", "e".repeat(46)));
    }

    #[test]
    fn moves_in_full_hub_notation() {
        assert_eq!(hub_move(32, 28, &[]), "32-28");
        assert_eq!(hub_move(46, 5, &[]), "46-5");
        assert_eq!(hub_move(17, 39, &[33, 22]), "17x39x22x33");
        assert_eq!(hub_move(28, 28, &[34, 23, 33, 24]), "28x28x23x24x33x34");
    }
}
