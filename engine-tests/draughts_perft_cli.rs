//! The built binary's `perft --game draughts`: output format, divide, and error reporting.

use crate::common::binary::run as tvilling;

#[test]
fn counts_from_the_start_position_by_default() {
    let (ok, out, _) = tvilling(&["perft", "--game", "draughts", "4"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 4265"));
}

#[test]
fn divide_lists_root_moves_then_the_total() {
    let (ok, out, _) = tvilling(&[
        "perft",
        "--game",
        "draughts",
        "--divide",
        "2",
        "W:W28,38,43,48:B12,14,23,24,33,34",
    ]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        vec![
            "28x28x23x24x33x34: 4",
            "28x10x14x24x33x34: 4",
            "",
            "Nodes searched: 8"
        ]
    );
}

#[test]
fn accepts_hub_strings_and_spaced_fen() {
    let hub = "WeWeeeebbeeeeeeeebbeeeeeeeeeeeeeeeeeeweeeeweeeBeeee";
    let (ok, out, _) = tvilling(&["perft", "--game", "draughts", "3", hub]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 69"));
    let (ok, out, _) = tvilling(&[
        "perft",
        "--game",
        "draughts",
        "3",
        "W:WK2,37,42",
        ":B7,8,17,18,K46",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("Nodes searched: 69"));
}

#[test]
fn bad_positions_fail_with_the_parse_message() {
    let (ok, _, err) = tvilling(&["perft", "--game", "draughts", "3", "Wbbb"]);
    assert!(!ok);
    assert!(err.contains("51 characters"), "{err}");
    let (ok, _, err) = tvilling(&["perft", "--game", "draughts", "3", "W:W1:B20"]);
    assert!(!ok);
    assert!(err.contains("promotion row"), "{err}");
}
