//! A whole UCI session with the built engine, for the integration tests that need one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Runs the engine on `input` and returns its output lines.
pub fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap())
        .lines()
        .map(Result::unwrap)
        .collect();
    assert!(child.wait().unwrap().success());
    lines
}
