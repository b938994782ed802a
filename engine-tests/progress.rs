//! How the long commands show progress, through the built binary: plain lines when stderr
//! is a pipe (a log keeps them as they are), a bar redrawn in place when it is a terminal.
//! `dbgen` of 3 pieces, a few seconds, stands for `train`, `datagen` and `book`, which
//! choose through the same `ProgressDisplay`; their own tests read their plain lines.

use tvilling::draughts::egdb::Material;

use crate::common::binary::{text, tvilling};
use crate::common::scratch::scratch_dir;

#[test]
fn a_pipe_gets_the_plain_lines() {
    let dir = scratch_dir("progress-pipe");
    let out = tvilling(
        &["dbgen", "--pieces", "3", "--dir", dir.to_str().unwrap()],
        "",
    );
    let log = text(&out.stderr);
    assert!(out.status.success(), "{log}");
    assert!(!log.contains(['\r', '\x1b']), "{log:?}");
    let lines: Vec<&str> = log.lines().collect();
    let classes = Material::up_to(3).len();
    assert_eq!(lines.len(), classes + 2, "{log}");
    assert!(lines[0].starts_with("dbgen: tables of up to 3 pieces in "));
    for line in &lines[1..=classes] {
        assert!(
            line.starts_with("dbgen: class ") && line.ends_with(" KB"),
            "{line}"
        );
    }
    assert!(lines[classes + 1].starts_with("dbgen: done in "), "{log}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Runs `tvilling args...` with stderr on a pseudo-terminal; returns what it showed there.
#[cfg(target_os = "linux")]
fn on_a_terminal(args: &[&str]) -> String {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    use std::process::{Command, Stdio};

    let (mut leader, mut follower) = (0, 0);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 100,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two new descriptors into the integers given, which then
    // belong to the two OwnedFds alone.
    let (leader, follower) = unsafe {
        let opened = libc::openpty(
            &mut leader,
            &mut follower,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        );
        assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
        (OwnedFd::from_raw_fd(leader), OwnedFd::from_raw_fd(follower))
    };
    // The Command, and with it our copy of the follower, is dropped once the child has
    // started: the last writer gone, reading the leader ends.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
        .args(args)
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(follower))
        .spawn()
        .unwrap();
    let mut shown = Vec::new();
    // Linux answers EIO, not end of file, once the terminal has no writer left.
    let _ = std::fs::File::from(leader).read_to_end(&mut shown);
    assert!(child.wait().unwrap().success(), "{}", text(&shown));
    text(&shown)
}

#[cfg(target_os = "linux")]
#[test]
fn a_terminal_gets_a_bar() {
    let dir = scratch_dir("progress-terminal");
    let shown = on_a_terminal(&["dbgen", "--pieces", "3", "--dir", dir.to_str().unwrap()]);
    assert!(shown.contains("dbgen ["), "no bar: {shown:?}");
    assert!(shown.contains('\x1b'), "not redrawn in place: {shown:?}");
    // The lines of a pipe are printed above the bar.
    let classes = Material::up_to(3).len();
    assert_eq!(shown.matches("dbgen: class ").count(), classes, "{shown:?}");
    assert!(shown.contains("dbgen: done in "), "{shown:?}");
    std::fs::remove_dir_all(dir).unwrap();
}
