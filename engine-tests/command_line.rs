//! The one command line through the built binary: help for every subcommand, the version
//! with the commit, the UCI engine with and without `uci`, and usage errors that end with
//! a message and a non-zero status, never a panic.

use std::process::Command;

use crate::common::binary::{text, tvilling};

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
        (&["frob"][..], "unrecognized subcommand 'frob'"),
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
