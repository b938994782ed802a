//! The data beside the checkout (`../shared`: Syzygy tables, opening books). A test that
//! needs it is skipped, saying so on stderr, where it is missing, except in CI (`CI=true`),
//! where a missing path fails the test: a CI run has to test everything.

use std::path::{Path, PathBuf};

/// `../shared/<path>` when it exists. When it does not: `None` and a note on stderr, or a
/// panic under `CI=true`.
pub fn shared(path: &str) -> Option<PathBuf> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    if full.exists() {
        return Some(full);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{} is missing; with CI=true that is a failure, not a skip",
        full.display()
    );
    eprintln!("SKIPPED: {} is missing", full.display());
    None
}
