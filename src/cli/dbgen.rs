//! `tvilling dbgen [--pieces N] [--dir DIR] [--threads N]`: generates the draughts
//! endgame databases a directory lacks, class by class, with a line of progress each.

use crate::draughts::egdb::{default_egdb_dir, Database, MAX_DB_PIECES};
use std::fmt;
use std::path::PathBuf;
use std::time::Instant;

const USAGE: &str = "usage: tvilling dbgen [--pieces N] [--dir DIR] [--threads N]";

/// Why `tvilling dbgen` stopped.
#[derive(Debug)]
pub enum DbgenError {
    /// Bad arguments.
    Usage(String),
    /// A table could not be written or an existing one read.
    Table(String),
}

impl fmt::Display for DbgenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Usage(why) => write!(f, "{why}\n{USAGE}"),
            Self::Table(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for DbgenError {}

/// Runs `tvilling dbgen ARGS`.
pub fn run_dbgen(args: &[String]) -> Result<(), DbgenError> {
    let mut pieces = 4;
    let mut dir = default_egdb_dir();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let value = iter
            .next()
            .ok_or_else(|| DbgenError::Usage(format!("{flag} needs a value")))?;
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| DbgenError::Usage(format!("{flag} {value:?} is not a number")))
        };
        match flag.as_str() {
            "--pieces" => pieces = number()?,
            "--dir" => dir = PathBuf::from(value),
            "--threads" => threads = number()? as usize,
            other => return Err(DbgenError::Usage(format!("unknown argument {other:?}"))),
        }
    }
    if !(2..=MAX_DB_PIECES).contains(&pieces) || threads == 0 {
        return Err(DbgenError::Usage(format!(
            "--pieces must be 2..={MAX_DB_PIECES} and --threads at least 1"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| DbgenError::Usage(format!("cannot start {threads} threads: {e}")))?;
    eprintln!(
        "dbgen: tables of up to {pieces} pieces in {} ({threads} threads)",
        dir.display()
    );
    let started = Instant::now();
    let mut bytes = 0;
    pool.install(|| {
        Database::generate(&dir, pieces, |r| {
            bytes += r.bytes;
            eprintln!(
                "dbgen: class {} ({} pieces): {} wins, {} draws, {} losses; {:.1} s, {} KB",
                r.material,
                r.material.pieces(),
                r.counts[0],
                r.counts[1],
                r.counts[2],
                r.seconds,
                r.bytes.div_ceil(1024)
            );
        })
    })
    .map_err(|e| DbgenError::Table(e.to_string()))?;
    eprintln!(
        "dbgen: done in {:.0} s, {} KB written",
        started.elapsed().as_secs_f64(),
        bytes.div_ceil(1024)
    );
    Ok(())
}
