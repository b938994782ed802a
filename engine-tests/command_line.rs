//! The one command line through the built binary: help for every subcommand, the version
//! with the commit, the UCI engine with and without `uci`, UCI commands as arguments in the
//! forms OpenBench starts engines with, and usage errors that end with a message and a
//! non-zero status, never a panic.

use std::process::Command;
use tvilling::chess::Position;

use crate::common::binary::{text, tvilling};
use crate::common::scratch::scratch_path;

const SUBCOMMANDS: [&str; 9] = [
    "uci", "hub", "dxp", "bench", "perft", "datagen", "dbgen", "train", "book",
];

#[test]
fn help_lists_every_subcommand_and_each_has_its_own() {
    let out = tvilling(&["--help"], "");
    assert!(out.status.success());
    let help = text(&out.stdout);
    for name in SUBCOMMANDS {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(name)),
            "{name} missing from:\n{help}"
        );
        let out = tvilling(&[name, "--help"], "");
        let sub = text(&out.stdout);
        assert!(out.status.success(), "{name} --help failed");
        assert!(sub.contains(&format!("Usage: tvilling {name}")), "{sub}");
    }
}

#[test]
fn version_names_the_commit_it_was_built_from() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(dir)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| text(&o.stdout).trim().to_string())
    };
    let ours = git(&["rev-parse", "--show-toplevel"])
        .is_some_and(|top| std::fs::canonicalize(top).ok() == std::fs::canonicalize(dir).ok());
    let commit = ours
        .then(|| git(&["rev-parse", "--short", "HEAD"]))
        .flatten()
        .unwrap_or_else(|| "unknown".into());
    let out = tvilling(&["--version"], "");
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout).trim(),
        format!("tvilling {} (commit {commit})", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn uci_runs_with_and_without_its_name() {
    let name = format!("id name tvilling {}", env!("CARGO_PKG_VERSION"));
    for args in [&[][..], &["uci"][..]] {
        let out = tvilling(args, "uci\nquit\n");
        assert!(out.status.success());
        let stdout = text(&out.stdout);
        assert_eq!(stdout.lines().next(), Some(name.as_str()), "{stdout}");
        assert!(stdout.lines().any(|l| l == "uciok"), "{stdout}");
    }
}

#[test]
fn usage_errors_say_what_is_wrong_and_fail() {
    for (args, message) in [
        (&["--frob"][..], "unexpected argument '--frob'"),
        (
            &["bench", "0"][..],
            "invalid value '0' for '[DEPTH]': expected at least 1",
        ),
        (&["perft"][..], "<DEPTH>"),
        (&["hub", "--egdb-pieces", "9"][..], "9 is not in 0..=5"),
        (&["dxp", "--color", "white"][..], "--connect <HOST:PORT>"),
        (&["dbgen", "--threads", "0"][..], "expected at least 1"),
        (
            &["book", "build", "--out", "b", "--positions", "0"][..],
            "expected at least 1",
        ),
        (&["book", "extend", "--positions", "5"][..], "<BOOK>"),
        (
            &["datagen", "--game", "draughts", "--frc"][..],
            "--frc is for chess",
        ),
        (
            &["train", "--data", "a", "--out", "n", "--final-lr", "1"][..],
            "above --lr",
        ),
    ] {
        let out = tvilling(args, "");
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_flag_given_twice_takes_its_last_value() {
    let out = tvilling(&["perft", "--game", "draughts", "--game", "chess", "1"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().last(), Some("Nodes searched: 20"));
}

/// The openings of `tvilling args...`: every line of its stdout, which must each be
/// `info string genfens <FEN>`, as OpenBench's worker reads them.
fn genfens(args: &[&str]) -> Vec<Position> {
    let out = tvilling(args, "");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    stdout
        .lines()
        .map(|line| {
            let fen = line.strip_prefix("info string genfens ");
            Position::from_fen(fen.unwrap_or_else(|| panic!("{line}"))).unwrap()
        })
        .collect()
}

/// OpenBench's datagen workloads start each engine as `./engine "genfens N seed S book
/// <None|Books/FILE> EXTRA" "quit"` (its worker's `genfens.py`), an empty EXTRA leaving a
/// blank at the end of the line.
#[test]
fn openbench_genfens_form_prints_the_openings_and_exits() {
    let openings = genfens(&["genfens 4 seed 7 book None ", "quit"]);
    assert_eq!(openings.len(), 4);
    let fens: Vec<String> = openings.iter().map(Position::to_fen).collect();
    let again: Vec<String> = genfens(&["genfens 4 seed 7 book None", "quit"])
        .iter()
        .map(Position::to_fen)
        .collect();
    assert_eq!(again, fens, "same seed, same openings");
    // From a book: its line, then two random plies; an extra meant for others is ignored.
    let book = scratch_path("genfens-book.epd");
    let after_e4_e5 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    std::fs::write(&book, format!("{after_e4_e5}\n")).unwrap();
    let line = format!("genfens 3 seed 7 book {} minplies=3", book.display());
    let booked = genfens(&[&line, "quit"]);
    assert_eq!(booked.len(), 3);
    for pos in &booked {
        assert_eq!(pos.fullmove_number(), 3, "{}", pos.to_fen());
    }
    std::fs::remove_file(book).unwrap();
}

#[test]
fn a_search_given_as_arguments_prints_its_bestmove_before_the_engine_quits() {
    for args in [
        &["position startpos", "go depth 8", "quit"][..],
        &["position startpos", "go depth 8"][..],
    ] {
        let out = tvilling(args, "");
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{args:?}");
        // The search ran to its depth: `quit` and the end of the arguments waited for it.
        assert!(
            stdout.lines().any(|l| l.starts_with("info depth 8 ")),
            "{stdout}"
        );
        assert!(stdout.lines().last().unwrap().starts_with("bestmove "));
    }
    // A search that waits for `stop` ends with the arguments, as at the end of stdin.
    let out = tvilling(&["go infinite"], "");
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).matches("bestmove ").count(), 1);
}

#[test]
fn a_bad_argument_is_answered_as_the_same_line_on_stdin() {
    let lines = [
        "frob",
        "setoption name Nope value 1",
        "position startpos moves e2e5",
        "d",
    ];
    let argv = tvilling(&lines, "");
    let stdin = tvilling(&[], &(lines.join("\n") + "\n"));
    assert!(argv.status.success());
    let stdout = text(&argv.stdout);
    assert_eq!(stdout, text(&stdin.stdout));
    assert!(
        stdout.starts_with("info string error: unknown command: frob\n"),
        "{stdout}"
    );
}

/// OpenBench benches a private engine as `./engine "setoption name EvalFile value NET"
/// bench quit`, a public one as `./engine bench`: the same count either way.
#[test]
fn openbench_private_bench_form_counts_what_bench_counts() {
    let nodes = |args: &[&str]| {
        let out = tvilling(args, "");
        assert!(out.status.success(), "{args:?}");
        let stdout = text(&out.stdout);
        let line = stdout.lines().find(|l| l.starts_with("Nodes searched: "));
        line.unwrap_or_else(|| panic!("{stdout}")).to_string()
    };
    assert_eq!(
        nodes(&["setoption name EvalFile value <empty>", "bench 5", "quit"]),
        nodes(&["bench", "5"])
    );
}
