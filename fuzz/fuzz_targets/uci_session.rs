//! A whole UCI session, in process, fed arbitrary lines: `position`, `setoption`, `go`
//! with every parameter while a search runs, `stop`, `ponderhit`, `isready`, `d`, `eval`...
//!
//! Every line is parsed. A few are changed or left out before the session sees them, to
//! keep an execution short and off the file system: `bench` and `genfens` (fixed
//! workloads, their parsing is still fuzzed), `EvalFile` and `SyzygyPath` (files: the
//! `nnue_file` target covers networks), `Hash` above 8 MB, more than 2 `Threads`, and
//! `go perft` deeper than 3. Searches end at the next command or at the end of the input,
//! so they stay short.
//!
//! A new session fills a 16 MB hash table, which took 250 ms an execution here; so one
//! session serves every execution, with a 1 MB table, and after each one it is put back
//! as a new one would be: `ucinewgame`, and every option the execution set back at its
//! default. (Setting all of them each time, through the parser, took a quarter of the
//! target's time.)
//!
//! Beyond not panicking, the session must answer every `go` with exactly one `bestmove`,
//! every `isready` with one `readyok`, every `uci` with one `uciok`, and every `go perft`
//! with a total, a stop notice or an error, and print UTF-8.

#![no_main]

use crossbeam_channel::unbounded;
use libfuzzer_sys::fuzz_target;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, OnceLock};
use tvilling::protocol::stdin_lines::InputLine;
use tvilling::protocol::uci::{parse_command, OptionKind, Session, UciCommand, UciError, OPTIONS};

/// Lines of one execution; each may start or stop a search.
const MAX_LINES: usize = 24;

/// What the session prints, shared with the target between executions.
#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    static SESSION: OnceLock<Mutex<(Session<Output>, Output)>> = OnceLock::new();
    let session = SESSION.get_or_init(|| {
        let output = Output::default();
        let mut session = Session::new(output.clone());
        serve(
            &mut session,
            vec!["setoption name Hash value 1".to_string()],
        );
        Mutex::new((session, output))
    });
    let mut guard = session.lock().unwrap_or_else(|e| e.into_inner());
    let (session, output) = &mut *guard;
    output.0.lock().unwrap().clear();

    let text = String::from_utf8_lossy(data);
    let mut expected = Expected::default();
    let lines: Vec<String> = text.lines().take(MAX_LINES).filter_map(tame).collect();
    for line in &lines {
        expected.count(line);
    }
    let touched: Vec<String> = lines
        .iter()
        .filter_map(|line| match parse_command(line) {
            Ok(UciCommand::SetOption { name, .. }) => Some(name),
            _ => None,
        })
        .collect();
    serve(session, lines);
    let out = std::mem::take(&mut *output.0.lock().unwrap());
    serve(session, reset_lines(&touched));

    let out = String::from_utf8(out).expect("the session printed UTF-8");
    let lines: Vec<&str> = out.lines().collect();
    let count = |pred: &dyn Fn(&str) -> bool| lines.iter().filter(|l| pred(l)).count();
    assert_eq!(
        count(&|l| l.starts_with("bestmove ")),
        expected.bestmoves,
        "{lines:#?}"
    );
    assert_eq!(count(&|l| l == "readyok"), expected.readyoks, "{lines:#?}");
    assert_eq!(count(&|l| l == "uciok"), expected.uciok, "{lines:#?}");
    let perft_ends = count(&|l| {
        l.starts_with("Nodes searched: ")
            || l.starts_with("info string perft stopped after")
            || l.starts_with("info string error: go perft could not start")
            || l.starts_with("info string error: the perft count ended")
    });
    assert_eq!(perft_ends, expected.perfts, "{lines:#?}");
});

/// Serves `lines` and the end of the input.
fn serve(session: &mut Session<Output>, lines: Vec<String>) {
    let (sender, receiver) = unbounded();
    for line in lines {
        sender.send(InputLine::Line(line)).unwrap();
    }
    sender.send(InputLine::End).unwrap();
    session.serve(&receiver).expect("the output cannot fail");
}

/// The lines that make a used session a new one, with a 1 MB hash table, after the
/// options named in `touched` (in any case) were set.
fn reset_lines(touched: &[String]) -> Vec<String> {
    let was_touched = |name: &str| touched.iter().any(|t| t.eq_ignore_ascii_case(name));
    let mut lines = vec!["ucinewgame".to_string()];
    if was_touched("Hash") {
        lines.push("setoption name Hash value 1".to_string());
    }
    for spec in OPTIONS.iter().filter(|spec| was_touched(spec.name)) {
        let value = match spec.kind {
            _ if matches!(spec.name, "Hash" | "EvalFile" | "SyzygyPath") => continue,
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Check { default, .. } => default.to_string(),
            OptionKind::Text { default, .. } => default.to_string(),
            OptionKind::Button { .. } => continue,
        };
        lines.push(format!("setoption name {} value {value}", spec.name));
    }
    lines
}

/// Answers the session owes for the lines sent so far.
#[derive(Default)]
struct Expected {
    bestmoves: usize,
    readyoks: usize,
    uciok: usize,
    perfts: usize,
    /// Whether the session has quit: lines after `quit` are never read.
    quit: bool,
}

impl Expected {
    fn count(&mut self, line: &str) {
        if self.quit {
            return;
        }
        match parse_command(line) {
            Ok(UciCommand::Go(_)) | Err(UciError::BadGo { .. }) => self.bestmoves += 1,
            Ok(UciCommand::IsReady) => self.readyoks += 1,
            Ok(UciCommand::Uci) => self.uciok += 1,
            Ok(UciCommand::Perft(_)) => self.perfts += 1,
            Ok(UciCommand::Quit) => self.quit = true,
            _ => {}
        }
    }
}

/// The line the session is given for `line`, if any (see the module header).
fn tame(line: &str) -> Option<String> {
    let parsed = parse_command(line);
    let lower = line.to_ascii_lowercase();
    match parsed {
        Ok(UciCommand::Bench { .. } | UciCommand::GenFens(_)) => None,
        Ok(UciCommand::SetOption { name, .. }) => {
            let name = name.to_ascii_lowercase();
            match name.as_str() {
                "evalfile" | "syzygypath" => None,
                "hash" => Some(cap_numbers(line, 8)),
                "threads" => Some(cap_numbers(line, 2)),
                _ => Some(line.to_string()),
            }
        }
        Ok(UciCommand::Perft(_)) => Some(cap_numbers(line, 3)),
        // A line vampirc would read as another command than ours never reaches it, but
        // a file path is no business of this target whatever the parse.
        _ if lower.contains("evalfile") || lower.contains("syzygypath") => None,
        _ => Some(line.to_string()),
    }
}

/// `line` with every whole-number word above `cap` replaced by `cap`.
fn cap_numbers(line: &str, cap: u64) -> String {
    line.split_whitespace()
        .map(|word| match word.parse::<u64>() {
            Ok(n) if n > cap => cap.to_string(),
            _ => word.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
