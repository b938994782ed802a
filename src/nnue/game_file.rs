//! Training games on disk: each self-play game as its start position and then, move by
//! move, the move played and the search score of the position it was played from. About
//! four bytes a position, where a file of records spends a whole record on each.
//!
//! Layout: the eight bytes [`MAGIC`], then games back to back. A game is its start
//! position as one record of the game ([`TrainingRecord::SIZE`] bytes; its result field
//! holds the game's result from that position's side to move, its score field is not
//! used), then entries of four bytes: a move code (`u16`) and the score (`i16`, from the
//! side to move's view, [`NO_SCORE`] where there is none), both little-endian. An entry
//! with the move code [`END`] closes the game; its score is the final position's.
//!
//! Every position is written; which of them train the network is decided when the file is
//! read ([`GameRecord::play`] says which are quiet), so the filter can change without
//! making the data again. Each game is appended in one write, so a killed run leaves at
//! most one partial game at the end, which the reader skips and reports.

use super::data::{DataError, Loaded, Outcome, TrainingRecord};
use rayon::prelude::*;
use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The first bytes of a game file.
pub const MAGIC: [u8; 8] = *b"TVGAMES1";
/// The move code that closes a game.
pub const END: u16 = 0;
/// The score of a position that has none (a proven win or loss, or no search).
pub const NO_SCORE: i16 = i16::MIN;
/// Bytes of one entry.
const ENTRY: usize = 4;

/// A training record that can start a game, and the game it starts replayed move by move.
pub trait GameRecord: TrainingRecord {
    /// The position a game is replayed on.
    type Board: Clone;
    /// A move on it.
    type Move;
    /// The code `mv` is written as, never [`END`]; `None` for a move the code cannot tell
    /// from every other legal move (the game is then written up to it).
    fn move_code(board: &Self::Board, mv: Self::Move) -> Option<u16>;
    /// The position this record holds.
    fn board(&self) -> Result<Self::Board, String>;
    /// The record of `board`, with its score and result from its side to move's view.
    fn from_board(board: &Self::Board, score: i16, outcome: Outcome) -> Self;
    /// Plays the move written as `code` (never [`END`]), refusing a code that names no
    /// legal move. Returns whether the position before the move is quiet enough to learn
    /// from: its score is a static judgement, not the start of a tactic.
    fn play(board: &mut Self::Board, code: u16) -> Result<bool, String>;
}

/// Whether the bytes of a file are a game file (rather than records back to back).
pub fn is_game_file(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

/// The bytes of one game: its start with the result from the start's side to move, each
/// move's code with the score of the position it was played from, and the score of the
/// final position.
pub fn encode_game<R: GameRecord>(start: &R, moves: &[(u16, i16)], final_score: i16) -> Vec<u8> {
    let mut bytes = vec![0u8; R::SIZE + (moves.len() + 1) * ENTRY];
    start.write_bytes(&mut bytes[..R::SIZE]);
    let entries = moves.iter().copied().chain([(END, final_score)]);
    for (out, (code, score)) in bytes[R::SIZE..].chunks_exact_mut(ENTRY).zip(entries) {
        out[..2].copy_from_slice(&code.to_le_bytes());
        out[2..].copy_from_slice(&score.to_le_bytes());
    }
    bytes
}

/// What a game file holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Whole games.
    pub games: u64,
    /// Positions written: one for each move, and a game's final position where it has a
    /// score.
    pub positions: u64,
}

/// The games of a file's bytes (after the magic): the byte ranges of the whole games, and
/// the bytes of a partial one at the end.
fn split_games(bytes: &[u8], record_size: usize) -> (Vec<std::ops::Range<usize>>, usize) {
    let mut games = Vec::new();
    let mut at = 0;
    'games: while at + record_size <= bytes.len() {
        let mut entry = at + record_size;
        while entry + ENTRY <= bytes.len() {
            let code = u16::from_le_bytes([bytes[entry], bytes[entry + 1]]);
            entry += ENTRY;
            if code == END {
                games.push(at..entry);
                at = entry;
                continue 'games;
            }
        }
        break;
    }
    (games, bytes.len() - at)
}

/// The positions of one game that pass the filter: quiet and scored.
fn replay<R: GameRecord>(bytes: &[u8]) -> Result<(Vec<R>, u64), String> {
    let start = R::read_bytes(&bytes[..R::SIZE])?;
    let mut board = start.board()?;
    let mut outcome = start.outcome();
    let mut kept = Vec::new();
    let mut written = 0;
    for entry in bytes[R::SIZE..].chunks_exact(ENTRY) {
        let code = u16::from_le_bytes([entry[0], entry[1]]);
        let score = i16::from_le_bytes([entry[2], entry[3]]);
        let record = (score != NO_SCORE).then(|| R::from_board(&board, score, outcome));
        written += u64::from(code != END || score != NO_SCORE);
        if code == END {
            kept.extend(record);
            break;
        }
        if R::play(&mut board, code)? {
            kept.extend(record);
        }
        outcome = outcome.flip();
    }
    Ok((kept, written))
}

/// The training positions of a game file's bytes, decoded on the threads of the current
/// rayon pool, with how many games and positions the file holds.
pub fn decode_games<R: GameRecord>(
    path: &Path,
    bytes: &[u8],
) -> Result<(Loaded<R>, GameCounts), DataError> {
    let body = &bytes[MAGIC.len()..];
    let (ranges, trailing_bytes) = split_games(body, R::SIZE);
    let games: Vec<(Vec<R>, u64)> = ranges
        .par_iter()
        .enumerate()
        .map(|(index, range)| {
            replay::<R>(&body[range.clone()]).map_err(|reason| DataError::BadRecord {
                path: path.to_path_buf(),
                index: index as u64,
                reason: format!("game {}: {reason}", index + 1),
            })
        })
        .collect::<Result<_, _>>()?;
    let counts = GameCounts {
        games: games.len() as u64,
        positions: games.iter().map(|(_, written)| written).sum(),
    };
    let records = games.into_iter().flat_map(|(kept, _)| kept).collect();
    Ok((
        Loaded {
            records,
            trailing_bytes,
        },
        counts,
    ))
}

/// Every training position of `path`: a game file's quiet scored positions, or each
/// record of a record file. The counts are there for a game file.
pub fn read_positions<R: GameRecord>(
    path: &Path,
) -> Result<(Loaded<R>, Option<GameCounts>), DataError> {
    let io_error = |e| DataError::Io(path.to_path_buf(), e);
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|mut f| f.read_to_end(&mut bytes))
        .map_err(io_error)?;
    if is_game_file(&bytes) {
        let (loaded, counts) = decode_games(path, &bytes)?;
        Ok((loaded, Some(counts)))
    } else {
        Ok((super::data::decode_records(path, &bytes)?, None))
    }
}

/// Appends whole games to a game file, creating it (and its folder) with the magic first.
pub struct GameWriter {
    path: PathBuf,
    file: File,
}

impl GameWriter {
    /// Opens `path` for appending games; a file that holds something else is refused.
    pub fn append(path: &Path) -> Result<Self, DataError> {
        let io_error = |e| DataError::Io(path.to_path_buf(), e);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_error)?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(path)
            .map_err(io_error)?;
        let mut head = Vec::with_capacity(MAGIC.len());
        (&mut file)
            .take(MAGIC.len() as u64)
            .read_to_end(&mut head)
            .map_err(io_error)?;
        if head.is_empty() {
            file.write_all(&MAGIC).map_err(io_error)?;
        } else if head != MAGIC {
            return Err(DataError::BadRecord {
                path: path.to_path_buf(),
                index: 0,
                reason: "the file is not a game file; write games to a new file".into(),
            });
        }
        Ok(Self {
            path: path.to_path_buf(),
            file,
        })
    }

    /// Appends one game's bytes (from [`encode_game`]) in one write.
    pub fn write_game(&mut self, game: &[u8]) -> Result<(), DataError> {
        self.file
            .write_all(game)
            .map_err(|e| DataError::Io(self.path.clone(), e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{chess960_start, Move, PackedPosition, Position, Square};
    use crate::engine::{Game, MoveList};
    use crate::rng::Rng;

    /// A random game from `start` (castling, en passant and promotions come up in a few
    /// hundred plies) with made-up scores: each position, the move played and its score.
    fn random_game(start: &Position, rng: &mut Rng) -> Vec<(Position, Move, i16)> {
        let mut pos = start.clone();
        let mut played = Vec::new();
        let mut legal = MoveList::new();
        for _ in 0..300 {
            legal.clear();
            pos.legal_moves(&mut legal);
            if legal.is_empty() || pos.is_rule_draw() {
                break;
            }
            let mv = legal.as_slice()[rng.below(legal.len() as u64) as usize];
            let score = match rng.below(10) {
                0 => NO_SCORE,
                _ => rng.below(2001) as i16 - 1000,
            };
            played.push((pos.clone(), mv, score));
            pos.play(mv);
        }
        played
    }

    #[test]
    fn games_replay_to_their_quiet_scored_positions() {
        let mut rng = Rng::new(7);
        let mut file = MAGIC.to_vec();
        let mut expected = Vec::new();
        let mut written = 0;
        let starts = [
            Position::startpos(),
            chess960_start(518),
            chess960_start(77),
        ];
        for (start, result) in starts
            .iter()
            .zip([Outcome::Win, Outcome::Draw, Outcome::Loss])
        {
            let played = random_game(start, &mut rng);
            let mut outcome = result;
            let mut moves = Vec::new();
            for (pos, mv, score) in &played {
                if *score != NO_SCORE && !pos.in_check() && !pos.is_noisy(*mv) {
                    expected.push(PackedPosition::new(pos, *score, outcome));
                }
                moves.push((PackedPosition::move_code(pos, *mv).unwrap(), *score));
                outcome = outcome.flip();
            }
            written += moves.len() as u64;
            let first = PackedPosition::new(start, 0, result);
            file.extend(encode_game(&first, &moves, NO_SCORE));
        }
        let full = file.len();
        file.extend_from_within(MAGIC.len()..MAGIC.len() + 40);
        let (loaded, counts) = decode_games::<PackedPosition>(Path::new("t"), &file).unwrap();
        assert_eq!(
            counts,
            GameCounts {
                games: 3,
                positions: written
            }
        );
        assert_eq!(loaded.trailing_bytes, file.len() - full);
        assert_eq!(loaded.records.len(), expected.len());
        assert!(loaded.records == expected);
    }

    #[test]
    fn a_code_that_names_no_legal_move_is_an_error() {
        let start = PackedPosition::new(&Position::startpos(), 0, Outcome::Draw);
        let mut file = MAGIC.to_vec();
        // e2e5 is no move at the start.
        let e2e5 = Move::normal(Square::new(12), Square::new(36)).raw();
        file.extend(encode_game(&start, &[(e2e5, 10)], NO_SCORE));
        let err = decode_games::<PackedPosition>(Path::new("t"), &file).unwrap_err();
        assert!(err.to_string().contains("game 1"), "{err}");
    }
}
