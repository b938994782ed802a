//! The tables the draughts search probes: one set per process, installed by the front end
//! (Hub `init`, DXP start-up) and swapped in whole when a background generation finishes.
//!
//! Tables of up to 4 pieces are small enough to make on first use: when the directory
//! lacks some, the ones present are used at once and the rest are generated on a thread of
//! their own, then installed. A lock file in the directory keeps two engines from
//! generating the same tables at once.

use super::{Database, TableError, Wdl};
use crate::draughts::Position;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// Tables of at most this many pieces are generated when missing.
pub const GENERATE_UP_TO: u32 = 4;
/// A lock file older than this is left over from a crash and ignored.
const STALE_LOCK: Duration = Duration::from_secs(600);

static TABLES: RwLock<Option<Arc<Database>>> = RwLock::new(None);
/// Pieces of the largest position the installed tables can answer (0: none), read
/// before taking the lock so that positions with more pieces cost one comparison.
static PIECES: AtomicU32 = AtomicU32::new(0);

/// Installs `tables` for every search from now on (`None`: no tables).
pub fn install(tables: Option<Arc<Database>>) {
    let pieces = tables.as_ref().map_or(0, |db| db.complete_up_to());
    *TABLES.write().unwrap_or_else(|e| e.into_inner()) = tables;
    PIECES.store(pieces, Ordering::Release);
}

/// The installed tables' value of `pos` for its side to move.
#[inline]
pub fn probe_installed(pos: &Position) -> Option<Wdl> {
    if pos.occupied().count_ones() > PIECES.load(Ordering::Acquire) {
        return None;
    }
    TABLES
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()?
        .probe(pos)
}

/// Largest piece count the installed tables answer for (0: none installed).
pub fn installed_pieces() -> u32 {
    PIECES.load(Ordering::Acquire)
}

/// Installs the tables of up to `pieces` pieces found in `dir` and, when some of up to
/// [`GENERATE_UP_TO`] pieces are missing, starts making them in the background. Returns
/// the piece count installed now.
pub fn set_up_tables(dir: &Path, pieces: u32) -> Result<u32, TableError> {
    if pieces == 0 {
        install(None);
        return Ok(0);
    }
    let db = Database::load(dir, pieces)?;
    let now = db.complete_up_to();
    install(Some(Arc::new(db)));
    if now < pieces.min(GENERATE_UP_TO) {
        let dir = dir.to_path_buf();
        let spawned = std::thread::Builder::new()
            .name("egdb-generate".into())
            .spawn(move || generate_in_background(&dir, pieces));
        if let Err(e) = spawned {
            log::error!("cannot start the endgame-table thread: {e}");
        }
    }
    Ok(now)
}

fn lock_path(dir: &Path) -> PathBuf {
    dir.join("generating.lock")
}

/// Takes the directory's generation lock; false when another engine holds it.
fn take_lock(dir: &Path) -> bool {
    let path = lock_path(dir);
    let stale = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t.elapsed().unwrap_or_default() > STALE_LOCK);
    if stale {
        let _ = std::fs::remove_file(&path);
    }
    std::fs::create_dir_all(dir).is_ok()
        && std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .is_ok()
}

fn generate_in_background(dir: &Path, pieces: u32) {
    if !take_lock(dir) {
        log::info!(
            "another engine is generating the tables in {}",
            dir.display()
        );
        return;
    }
    // One thread: the engine searching beside it needs the others.
    let result = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .map_err(|e| e.to_string())
        .and_then(|pool| {
            pool.install(|| Database::generate(dir, pieces.min(GENERATE_UP_TO), |_| {}))
                .and_then(|_| Database::load(dir, pieces))
                .map_err(|e| e.to_string())
        });
    let _ = std::fs::remove_file(lock_path(dir));
    match result {
        Ok(db) => install(Some(Arc::new(db))),
        Err(e) => log::error!("endgame tables: {e}"),
    }
}
