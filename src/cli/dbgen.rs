//! `tvilling dbgen [--pieces N] [--dir DIR] [--threads N]`: generates the draughts
//! endgame databases a directory lacks, class by class, with a line of progress each (and
//! a bar on a terminal).

use super::arg::at_least_one;
use crate::draughts::egdb::{default_egdb_dir, Database, Material, TableError, MAX_DB_PIECES};
use crate::progress::ProgressDisplay;
use std::path::PathBuf;
use std::time::Instant;

/// The command line of `tvilling dbgen`.
#[derive(clap::Args, Debug)]
pub struct DbgenArgs {
    /// Make the tables of up to N pieces.
    #[arg(long, value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(2..=i64::from(MAX_DB_PIECES)))]
    pub pieces: u32,
    /// Where the tables go [default: $TVILLING_EGDB, else the user's data directory].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>)]
    pub threads: Option<usize>,
}

/// Why `tvilling dbgen` stopped.
#[derive(Debug, thiserror::Error)]
pub enum DbgenError {
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {source}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// Why the pool refused.
        source: rayon::ThreadPoolBuildError,
    },
    /// A table could not be written or an existing one read.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// Runs `tvilling dbgen`.
pub fn run_dbgen(args: &DbgenArgs) -> Result<(), DbgenError> {
    let pieces = args.pieces;
    let dir = args.dir.clone().unwrap_or_else(default_egdb_dir);
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| DbgenError::Threads { threads, source })?;
    eprintln!(
        "dbgen: tables of up to {pieces} pieces in {} ({threads} threads)",
        dir.display()
    );
    let started = Instant::now();
    let mut bytes = 0;
    // The bar counts indices, which measure a class's work better than one step a class.
    let indices = |classes: &[Material]| classes.iter().map(Material::size).sum::<u64>();
    let progress = ProgressDisplay::new("dbgen", Some(indices(&Database::missing(&dir, pieces))));
    let mut done = 0;
    pool.install(|| {
        Database::generate(&dir, pieces, |r| {
            bytes += r.bytes;
            done += r.material.size();
            progress.line(&format!(
                "dbgen: class {} ({} pieces): {} wins, {} draws, {} losses; {:.1} s, {} KB",
                r.material,
                r.material.pieces(),
                r.counts[0],
                r.counts[1],
                r.counts[2],
                r.seconds,
                r.bytes.div_ceil(1024)
            ));
            progress.show(done, || format!("class {} made", r.material));
        })
    })?;
    progress.line(&format!(
        "dbgen: done in {:.0} s, {} KB written",
        started.elapsed().as_secs_f64(),
        bytes.div_ceil(1024)
    ));
    Ok(())
}
