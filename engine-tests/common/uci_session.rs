//! A whole UCI session with the built engine, for the integration tests that need one.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// How long one `go` may take to answer: far more than the fixed depths the tests ask for
/// take on a loaded machine.
const GO_LIMIT: Duration = Duration::from_secs(120);

/// Runs the engine on `input` and returns its output lines. Each line goes to the engine
/// in turn, and after a `go` that ends by itself the next line waits for its `bestmove`:
/// sent at once, a following `quit` or `position` would stop the search at whatever depth
/// it had reached.
pub fn session(input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (sender, output) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in stdout.lines() {
            if sender.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    let mut lines = Vec::new();
    for line in input.lines() {
        writeln!(stdin, "{line}").unwrap();
        if !ends_by_itself(line) {
            continue;
        }
        loop {
            let answer = output
                .recv_timeout(GO_LIMIT)
                .unwrap_or_else(|e| panic!("no bestmove for {line:?}: {e}; {lines:#?}"));
            let done = answer.starts_with("bestmove");
            lines.push(answer);
            if done {
                break;
            }
        }
    }
    drop(stdin);
    lines.extend(output.iter());
    reader.join().unwrap();
    assert!(child.wait().unwrap().success());
    lines
}

/// A `go` that answers with `bestmove` without being told to stop.
fn ends_by_itself(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.first() == Some(&"go")
        && !words
            .iter()
            .any(|w| ["infinite", "ponder", "perft"].contains(w))
}
