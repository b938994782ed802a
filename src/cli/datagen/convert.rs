//! Training games from elsewhere: PGN files whose move comments carry the engine's score
//! (as fastchess and cutechess write them for OpenBench's datagen workloads, e.g.
//! `{+0.31/16 0.512s}`, the mover's view in pawns), and record files of the 32-byte
//! format datagen wrote before game files. Both become games of a game file; its reader
//! filters them as it does our own (a book move or a mate score has no score).

use crate::chess::{PackedPosition, PgnError, PgnGame, Position};
use crate::nnue::data::Outcome;
use crate::nnue::game_file::{encode_game, GameRecord, NO_SCORE};

/// What a conversion kept and skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Games read.
    pub games: usize,
    /// Games skipped for want of a result.
    pub unfinished: usize,
    /// Positions written (each move of a finished game).
    pub positions: usize,
}

/// The mover's score in centipawns from a comment such as `+0.31/16 0.512s`; `None` for
/// book moves, mate scores and comments without a score.
pub fn comment_score(comment: &str) -> Option<i16> {
    let first = comment.split_whitespace().next()?;
    let value = first.split('/').next()?;
    if value.contains('M') || value.contains('#') {
        return None;
    }
    let pawns: f64 = value.parse().ok()?;
    let cp = (pawns * 100.0).round();
    (cp.abs() < 20_000.0).then_some(cp as i16)
}

/// White's result from a game's result token or tag.
fn white_result(game: &PgnGame) -> Option<Outcome> {
    match game.result.as_deref().or(game.tag("Result"))? {
        "1-0" => Some(Outcome::Win),
        "0-1" => Some(Outcome::Loss),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

/// Every finished game of `text` in the game file format.
pub fn convert_pgn(text: &str) -> Result<(Vec<Vec<u8>>, Converted), PgnError> {
    let games = crate::chess::read_pgn(text)?;
    let mut encoded = Vec::new();
    let mut report = Converted {
        games: games.len(),
        ..Converted::default()
    };
    for game in &games {
        let Some(white) = white_result(game) else {
            report.unfinished += 1;
            continue;
        };
        let start: Position = game.start.clone();
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(game.moves.len());
        for (mv, comment) in &game.moves {
            let score = comment.as_deref().and_then(comment_score);
            let code = PackedPosition::move_code(&pos, *mv).expect("a chess move has a code");
            moves.push((code, score.unwrap_or(NO_SCORE)));
            pos.play(*mv);
        }
        let outcome = if start.side_to_move() == crate::chess::Color::White {
            white
        } else {
            white.flip()
        };
        let first = PackedPosition::new(&start, 0, outcome);
        encoded.push(encode_game(&first, &moves, NO_SCORE));
        report.positions += moves.len();
    }
    Ok((encoded, report))
}

/// A record as a game of no moves whose final position is the record's.
pub fn record_as_game<R: GameRecord>(record: &R) -> Vec<u8> {
    encode_game(record, &[], record.score())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::data::TrainingRecord;
    use crate::nnue::game_file::{decode_games, MAGIC};

    #[test]
    fn scores_are_read_from_comments() {
        assert_eq!(comment_score("+0.31/16 0.512s"), Some(31));
        assert_eq!(comment_score("-1.05/20"), Some(-105));
        assert_eq!(comment_score("0.00/1 0.001s"), Some(0));
        assert_eq!(comment_score("+M5/20 0.1s"), None);
        assert_eq!(comment_score("book"), None);
        assert_eq!(comment_score(""), None);
    }

    #[test]
    fn keeps_quiet_scored_positions_with_their_result() {
        let pgn = "[Result \"0-1\"]\n1. e4 {book} e5 {book} 2. Nf3 {+0.40/10 0.1s} \
                   Nc6 {-0.35/10 0.1s} 3. Bb5 {+0.30/10} a6 {-0.30/10} 4. Bxc6 {+0.20/9} \
                   dxc6 {-0.10/9} 0-1\n\n1. d4 {+0.1/5} *\n";
        let (games, report) = convert_pgn(pgn).unwrap();
        assert_eq!(
            report,
            Converted {
                games: 2,
                unfinished: 1,
                positions: 8
            }
        );
        let mut file = MAGIC.to_vec();
        file.extend(games.concat());
        let (loaded, counts) =
            decode_games::<PackedPosition>(std::path::Path::new("pgn"), &file).unwrap();
        assert_eq!((counts.games, counts.positions), (1, 8));
        let records = loaded.records;
        // Nf3 and Bb5 by White, who lost; Nc6 and a6 by Black. The captures are left out.
        assert_eq!(records.len(), 4);
        assert_eq!(records[0].score(), 40);
        assert_eq!(records[0].outcome(), Outcome::Loss);
        assert_eq!(records[1].score(), -35);
        assert_eq!(records[1].outcome(), Outcome::Win);
        assert_eq!(records[3].score(), -30);
        assert_eq!(
            records[3].to_fen(),
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
        );
    }

    #[test]
    fn a_record_is_a_game_of_one_position() {
        let pos = Position::startpos();
        let record = PackedPosition::new(&pos, 17, Outcome::Win);
        let mut file = MAGIC.to_vec();
        file.extend(record_as_game(&record));
        let (loaded, _) =
            decode_games::<PackedPosition>(std::path::Path::new("records"), &file).unwrap();
        assert_eq!(loaded.records, vec![record]);
    }
}
