//! Where the tests write their files: under `target/` (Cargo's `CARGO_TARGET_TMPDIR`), so
//! that `cargo test` writes nothing outside its build folder. Names carry the process id,
//! so that two runs at once keep apart.

use std::path::{Path, PathBuf};

/// The path of this run's file or folder `name`.
pub fn scratch_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("tvilling-{name}-{}", std::process::id()))
}

/// This run's folder `name`, emptied and created anew.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
