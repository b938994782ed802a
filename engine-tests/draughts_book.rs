//! The opening book through the built binary: `tvilling book build`, `extend` and `stats`,
//! then Hub playing from the book built, and a damaged book refused with the reason.

use std::path::Path;

use crate::common::binary::{text, tvilling};
use crate::common::scratch::scratch_dir;

/// `stats`' first line: `positions P, moves M, N nodes a position, B bytes`.
fn positions(book: &Path) -> usize {
    let out = tvilling(&["book", "stats", book.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stats = text(&out.stdout);
    let first = stats.lines().next().unwrap();
    assert!(first.contains(", 3000 nodes a position, "), "{stats}");
    first
        .strip_prefix("positions ")
        .and_then(|rest| rest.split(',').next())
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn a_book_is_built_extended_and_played_from() {
    let dir = scratch_dir("book-build");
    let book = dir.join("small.book");
    let book_arg = book.to_str().unwrap();
    let out = tvilling(
        &[
            "book",
            "build",
            "--nodes",
            "3000",
            "--positions",
            "100",
            "--out",
            book_arg,
        ],
        "",
    );
    let log = text(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(log.lines().last().unwrap().ends_with("(done)"), "{log}");
    assert!(log.contains(" searches ("), "{log}");
    // The start, its 9 replies and their 81 ballots, then the drop-out expansions.
    let built = positions(&book);
    assert!(built >= 100, "{built}");

    let out = tvilling(&["book", "extend", book_arg, "--positions", "110"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(positions(&book) >= 110);

    let out = tvilling(
        &["hub", "--book-file", book_arg],
        "hub\ninit\npos start\nlevel time=60\ngo think\nquit\n",
    );
    let hub = text(&out.stdout);
    assert!(
        hub.lines()
            .any(|l| l.starts_with("info depth=0 score=") && l.ends_with(" book=true")),
        "{hub}"
    );
    let out = tvilling(
        &["hub", "--book", "false"],
        "hub\ninit\npos start\nlevel depth=1\ngo think\nquit\n",
    );
    let hub = text(&out.stdout);
    assert!(!hub.contains("book=true"), "{hub}");
    assert!(hub.contains("\ndone move="), "{hub}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_damaged_book_is_refused_with_the_reason() {
    let dir = scratch_dir("book-damaged");
    let book = dir.join("cut.book");
    let whole = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/books/draughts.book")).unwrap();
    std::fs::write(&book, &whole[..whole.len() - 1]).unwrap();
    let book_arg = book.to_str().unwrap();
    let reason = format!(
        "{book_arg} is not a usable opening book: its checksum does not match: the file is \
         damaged or cut short"
    );
    for args in [
        &["book", "stats", book_arg][..],
        &["book", "extend", book_arg, "--positions", "5"],
        &["hub", "--book-file", book_arg],
        &["dxp", "--book-file", book_arg],
    ] {
        let out = tvilling(args, "");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(&reason), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    let out = tvilling(
        &["hub"],
        &format!("hub\nset-param name=book-file value={book_arg}\nquit\n"),
    );
    assert!(
        text(&out.stdout).contains(&format!("error message=\"book-file: {reason}")),
        "{}",
        text(&out.stdout)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
