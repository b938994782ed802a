//! Opening files read into positions: EPD or FEN lines, or PGN games whose moves lead from
//! the start position (or a `[FEN]` tag) to the opening. Self-play and `genfens` start
//! from these.

use super::fen::FenError;
use super::pgn::{read_pgn, PgnError};
use super::position::Position;

/// Why an opening file could not be read.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// An EPD/FEN line is not a position.
    #[error("line {line}: {error}")]
    Fen {
        /// 1-based line number.
        line: usize,
        /// The reader's complaint.
        #[source]
        error: FenError,
    },
    /// A PGN game could not be read.
    #[error(transparent)]
    Pgn(#[from] PgnError),
    /// The file holds no opening.
    #[error("no opening in the file")]
    Empty,
}

/// Reads every opening of an EPD/FEN or PGN text (PGN when a line starts with `[` or a
/// move number).
pub fn read_openings(text: &str) -> Result<Vec<Position>, OpeningsError> {
    let is_pgn = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('[') || l.starts_with("1."));
    let openings = if is_pgn {
        read_pgn(text)?
            .iter()
            .map(|game| game.final_position())
            .collect()
    } else {
        read_epd(text)?
    };
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// One position per non-empty line: the four FEN fields of an EPD line (its operations
/// ignored), or a whole FEN with its clocks.
fn read_epd(text: &str) -> Result<Vec<Position>, OpeningsError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let clocks_given =
            fields.len() >= 6 && fields[4..6].iter().all(|f| f.parse::<u32>().is_ok());
        let fen = if clocks_given {
            fields[..6].join(" ")
        } else {
            fields[..fields.len().min(4)].join(" ")
        };
        let pos =
            Position::from_fen(&fen).map_err(|error| OpeningsError::Fen { line: n + 1, error })?;
        out.push(pos);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_pgn_games_to_their_last_position() {
        let pgn =
            "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 {a comment\nover lines} Nc6 *\n\n\
                   [Event \"?\"]\n\n1. d4 d5 2. c4 1/2-1/2\n";
        let openings = read_openings(pgn).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(
            openings[0].to_fen(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
        );
        assert_eq!(
            openings[1].to_fen(),
            "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
        );
    }

    #[test]
    fn reads_epd_and_fen_lines() {
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";\n\n\
                   8/8/4k3/8/8/3K4/8/8 w - - 12 40\n";
        let openings = read_openings(epd).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[1].halfmove_clock(), 12);
    }

    #[test]
    fn bad_files_are_refused() {
        assert!(matches!(read_openings(""), Err(OpeningsError::Empty)));
        assert!(matches!(
            read_openings("not a fen at all\n"),
            Err(OpeningsError::Fen { line: 1, .. })
        ));
        assert!(matches!(
            read_openings("1. e4 e4 *\n"),
            Err(OpeningsError::Pgn(PgnError::Move { game: 1, .. }))
        ));
    }

    #[test]
    fn an_error_keeps_the_readers_complaint_as_its_source() {
        use crate::chess::MoveParseError;
        use std::error::Error;
        let fen = read_openings("not a fen at all\n").unwrap_err();
        assert!(fen.source().is_some_and(|e| e.is::<FenError>()));
        // A PGN error is passed on whole, so its source is the move's.
        let pgn = read_openings("1. e4 e4 *\n").unwrap_err();
        assert!(pgn.source().is_some_and(|e| e.is::<MoveParseError>()));
    }

    /// Needs `../shared` beside the checkout: skipped where it is missing, except in CI
    /// (`CI=true`), where that fails.
    #[test]
    fn reads_the_shared_book() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/books/8moves_v3.pgn");
        let Ok(text) = std::fs::read_to_string(path) else {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "{path} is missing; with CI=true that is a failure, not a skip"
            );
            eprintln!("SKIPPED: {path} is missing");
            return;
        };
        let openings = read_openings(&text).unwrap();
        assert_eq!(openings.len(), 4958);
        assert!(openings.iter().all(|p| p.fullmove_number() == 9));
    }
}
