//! `position startpos|fen <FEN> [moves m1 m2 ...]` split into its parts, still as text.
//!
//! Only the shape of the command is checked here: the FEN and the moves are validated by
//! the chess rules when the session applies them, so that an illegal move can be reported
//! at the exact place it occurs. In particular `0000` stays in the list (vampirc 0.11.1
//! silently ends the list there) and Shredder-FEN castling (`HAha`) passes through
//! untouched (vampirc rejects it).

use super::error::{echo, UciError};

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionStart {
    /// The standard initial position.
    StartPos,
    /// A FEN with 4, 5 or 6 fields, joined by single spaces.
    Fen(String),
}

/// A parsed `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    /// The starting position.
    pub start: PositionStart,
    /// The moves to play from it, as sent (long algebraic, `0000`, or garbage to report).
    pub moves: Vec<String>,
}

/// Parses the words after `position`.
pub(crate) fn parse_position(args: &[&str]) -> Result<PositionCommand, UciError> {
    let (start, rest) = match args.split_first() {
        Some((&"startpos", rest)) => (PositionStart::StartPos, rest),
        Some((&"fen", rest)) => {
            let fen_len = rest
                .iter()
                .position(|&t| t == "moves")
                .unwrap_or(rest.len());
            let fields = &rest[..fen_len];
            if !(4..=6).contains(&fields.len()) {
                return Err(bad(format!(
                    "a FEN has 4 to 6 fields, got {}",
                    fields.len()
                )));
            }
            (PositionStart::Fen(fields.join(" ")), &rest[fen_len..])
        }
        Some((other, _)) => {
            return Err(bad(format!(
                "expected 'startpos' or 'fen', got '{}'",
                echo(other)
            )))
        }
        None => return Err(bad("expected 'startpos' or 'fen'".to_string())),
    };
    let moves = match rest.split_first() {
        None => Vec::new(),
        Some((&"moves", moves)) => moves.iter().map(|m| m.to_string()).collect(),
        Some((other, _)) => {
            return Err(bad(format!(
                "expected 'moves' after the position, got '{}'",
                echo(other)
            )))
        }
    };
    Ok(PositionCommand { start, moves })
}

fn bad(reason: String) -> UciError {
    UciError::bad_arguments("position", reason)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    fn parse(line: &str) -> Result<PositionCommand, UciError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        parse_position(&tokens)
    }

    fn fen(text: &str, moves: &[&str]) -> PositionCommand {
        PositionCommand {
            start: PositionStart::Fen(text.to_string()),
            moves: moves.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn startpos_with_and_without_moves() {
        let start = |moves: &[&str]| PositionCommand {
            start: PositionStart::StartPos,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        };
        assert_eq!(parse("startpos"), Ok(start(&[])));
        assert_eq!(parse("startpos moves"), Ok(start(&[])));
        assert_eq!(
            parse("startpos   moves e2e4\te7e5 e1g1"),
            Ok(start(&["e2e4", "e7e5", "e1g1"]))
        );
    }

    #[test]
    fn fen_with_six_five_or_four_fields() {
        assert_eq!(parse(&format!("fen {KIWIPETE}")), Ok(fen(KIWIPETE, &[])));
        let five = "8/8/8/8/8/8/8/K6k w - - 0";
        assert_eq!(
            parse(&format!("fen {five} moves a1a2")),
            Ok(fen(five, &["a1a2"]))
        );
        let four = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        assert_eq!(parse(&format!("fen {four}")), Ok(fen(four, &[])));
    }

    #[test]
    fn fen_spacing_is_normalised() {
        let sent = "fen  8/8/8/8/8/8/8/K6k\tw  -  -  0 1  moves  a1b1";
        assert_eq!(
            parse(sent),
            Ok(fen("8/8/8/8/8/8/8/K6k w - - 0 1", &["a1b1"]))
        );
    }

    #[test]
    fn null_move_stays_in_the_list() {
        // vampirc 0.11.1 ends the list at 0000 and drops d7d5.
        let parsed = parse("startpos moves e2e4 0000 d2d4").unwrap();
        assert_eq!(parsed.moves, ["e2e4", "0000", "d2d4"]);
        let vampirc = vampirc_uci::parse_one("position startpos moves e2e4 0000 d2d4");
        match vampirc {
            vampirc_uci::UciMessage::Position { moves, .. } => assert_eq!(moves.len(), 1),
            other => panic!("vampirc gave {other:?}"),
        }
    }

    #[test]
    fn shredder_fen_castling_is_kept() {
        let frc = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
        assert_eq!(
            parse(&format!("fen {frc} moves g1h1")),
            Ok(fen(frc, &["g1h1"]))
        );
        let vampirc = vampirc_uci::parse_one(&format!("position fen {frc}"));
        assert!(
            matches!(vampirc, vampirc_uci::UciMessage::Unknown(..)),
            "vampirc now accepts HAha castling: {vampirc:?}"
        );
    }

    #[test]
    fn bad_moves_are_kept_for_the_session_to_report() {
        assert_eq!(
            parse("startpos moves e2e9 zz").unwrap().moves,
            ["e2e9", "zz"]
        );
    }

    #[test]
    fn malformed_shapes_are_errors() {
        let message = |line: &str| parse(line).unwrap_err().to_string();
        assert_eq!(message(""), "position: expected 'startpos' or 'fen'");
        assert_eq!(message("fen"), "position: a FEN has 4 to 6 fields, got 0");
        assert_eq!(
            message("moves e2e4"),
            "position: expected 'startpos' or 'fen', got 'moves'"
        );
        assert_eq!(
            message("startpos e2e4"),
            "position: expected 'moves' after the position, got 'e2e4'"
        );
        assert!(message("fen a b c").contains("got 3"));
        assert!(message("fen a b c d e f g").contains("got 7"));
        assert!(message("fen moves e2e4").contains("got 0"));
    }

    #[test]
    fn text_that_is_not_a_fen_passes_the_shape_check() {
        // Five words: the chess rules reject it, with a better message than we could.
        assert_eq!(
            parse("fen this is not a fen"),
            Ok(fen("this is not a fen", &[]))
        );
    }
}
