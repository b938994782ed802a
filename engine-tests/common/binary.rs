//! The built binary run once with arguments and a whole stdin, for the tests of its
//! subcommands.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tvilling args...`, writes `stdin` to it, closes it, and waits for the output.
pub fn tvilling(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `tvilling args...` with nothing on stdin: whether it succeeded, its stdout and
/// its stderr.
pub fn run(args: &[&str]) -> (bool, String, String) {
    let out = tvilling(args, "");
    (out.status.success(), text(&out.stdout), text(&out.stderr))
}

/// Output bytes as text, invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
