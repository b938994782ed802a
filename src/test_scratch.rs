//! Where the unit tests write their files: `tmp/` in Cargo's build folder (`target/tmp`,
//! the folder Cargo names to integration tests as `CARGO_TARGET_TMPDIR` but not to unit
//! tests), so that `cargo test` writes nothing outside `target/`. Names carry the process
//! id, so that two runs at once keep apart.

use std::path::PathBuf;

/// The path of this run's file or folder `name`.
pub fn scratch_path(name: &str) -> PathBuf {
    // A unit-test binary is `<target>/<profile>/deps/<crate>-<hash>` (one folder deeper,
    // `<target>/<triple>/...`, when built for a named target: still inside `<target>`).
    let exe = std::env::current_exe().expect("the test binary's path");
    let build = exe
        .ancestors()
        .nth(3)
        .expect("a test binary in <target>/<profile>/deps");
    build
        .join("tmp")
        .join(format!("tvilling-{name}-{}", std::process::id()))
}

/// A fresh, empty folder for this run's `name`.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
