//! Training positions, and record files: fixed-size records back to back, so runs append
//! to them, files concatenate with `cat`, and a run killed mid-write costs at most its
//! last, partial record (which the reader skips and reports). Self-play writes the more
//! compact game files of [`super::game_file`]; records are what both are read into.
//!
//! Each game brings its record type (chess: `chess::PackedPosition`, 32 bytes); what every
//! record shares is a search score and a game result, both from the side to move's view.

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// Result of a game from one side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// That side lost.
    Loss = 0,
    /// Drawn.
    Draw = 1,
    /// That side won.
    Win = 2,
}

impl Outcome {
    /// The same result seen by the other side.
    pub fn flip(self) -> Outcome {
        match self {
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Win => Outcome::Loss,
        }
    }

    /// 0, 0.5 or 1: the points that side made.
    pub fn points(self) -> f32 {
        f32::from(self as u8) / 2.0
    }

    /// The result stored as a byte (0, 1, 2).
    pub fn from_byte(byte: u8) -> Option<Outcome> {
        match byte {
            0 => Some(Outcome::Loss),
            1 => Some(Outcome::Draw),
            2 => Some(Outcome::Win),
            _ => None,
        }
    }
}

/// One training position of some game, stored in exactly `SIZE` bytes.
pub trait TrainingRecord: Copy + Send + Sync + Sized {
    /// Bytes per record on disk.
    const SIZE: usize;
    /// Writes the record into `out` (`SIZE` bytes).
    fn write_bytes(&self, out: &mut [u8]);
    /// Reads a record from `SIZE` bytes, refusing bytes that cannot be one.
    fn read_bytes(bytes: &[u8]) -> Result<Self, String>;
    /// Search score from the side to move's view, in the game's evaluation unit.
    fn score(&self) -> i16;
    /// Game result from the side to move's view.
    fn outcome(&self) -> Outcome;
    /// Pieces on the board (a measure of the game's phase).
    fn piece_count(&self) -> u32;
}

/// Why a data file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// Opening, reading or writing the file failed.
    #[error("{0}: {1}")]
    Io(PathBuf, #[source] io::Error),
    /// A record holds bytes no record of this kind can hold.
    #[error(
        "{path}: record {index} is not a training position ({reason}); is this a data file of this game?"
    )]
    BadRecord {
        /// The file.
        path: PathBuf,
        /// Index of the record in the file.
        index: u64,
        /// What is wrong with it.
        reason: String,
    },
}

/// Every record of a file, and how many bytes of a partial record ended it.
#[derive(Debug)]
pub struct Loaded<R> {
    /// The whole records, in file order.
    pub records: Vec<R>,
    /// Bytes after the last whole record (a run killed mid-write); they are ignored.
    pub trailing_bytes: usize,
}

/// Reads every record of `path`.
pub fn read_records<R: TrainingRecord>(path: &Path) -> Result<Loaded<R>, DataError> {
    let io_error = |e| DataError::Io(path.to_path_buf(), e);
    let file = File::open(path).map_err(io_error)?;
    let len = file.metadata().map_err(io_error)?.len() as usize;
    let mut bytes = Vec::with_capacity(len);
    BufReader::new(file)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    decode_records(path, &bytes)
}

/// The records of a record file's bytes (`path` names it in errors).
pub fn decode_records<R: TrainingRecord>(
    path: &Path,
    bytes: &[u8],
) -> Result<Loaded<R>, DataError> {
    let mut records = Vec::with_capacity(bytes.len() / R::SIZE);
    for (index, chunk) in bytes.chunks_exact(R::SIZE).enumerate() {
        let record = R::read_bytes(chunk).map_err(|reason| DataError::BadRecord {
            path: path.to_path_buf(),
            index: index as u64,
            reason,
        })?;
        records.push(record);
    }
    Ok(Loaded {
        records,
        trailing_bytes: bytes.len() % R::SIZE,
    })
}

/// Appends records to a data file, creating it (and its folder) if need be.
pub struct RecordWriter {
    path: PathBuf,
    out: BufWriter<File>,
    buffer: Vec<u8>,
}

impl RecordWriter {
    /// Opens `path` for appending.
    pub fn append(path: &Path) -> Result<Self, DataError> {
        let io_error = |e| DataError::Io(path.to_path_buf(), e);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io_error)?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io_error)?;
        Ok(Self {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            buffer: Vec::new(),
        })
    }

    /// Writes `records` in one piece and flushes, so a file holds whole games.
    pub fn write_all<R: TrainingRecord>(&mut self, records: &[R]) -> Result<(), DataError> {
        self.buffer.clear();
        self.buffer.resize(records.len() * R::SIZE, 0);
        for (record, out) in records.iter().zip(self.buffer.chunks_exact_mut(R::SIZE)) {
            record.write_bytes(out);
        }
        self.out
            .write_all(&self.buffer)
            .and_then(|()| self.out.flush())
            .map_err(|e| DataError::Io(self.path.clone(), e))
    }
}
