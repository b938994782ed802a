//! Draughts perft against the reference counts in `data/draughts_perft.txt` (deduplicated
//! convention). Every position is checked at every depth whose count fits the budget: the
//! small ones in the plain test run, the larger ones under `--ignored`.

use tvilling::draughts::fast::{notation, perft};
use tvilling::draughts::Position;

const DATA: &str = include_str!("data/draughts_perft.txt");

/// Leaf counts up to this size run in plain `cargo test --release`.
const FAST_LIMIT: u64 = 2_000_000;
/// Leaf counts up to this size run with `--ignored`.
const DEEP_LIMIT: u64 = 400_000_000;

struct Entry {
    name: String,
    hub: String,
    fen: String,
    counts: Vec<u64>,
}

fn entries() -> Vec<Entry> {
    DATA.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 5, "malformed data line {l:?}");
            Entry {
                name: f[0].to_string(),
                hub: f[1].to_string(),
                fen: f[2].to_string(),
                counts: f[3].split(' ').map(|n| n.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn check(low: u64, high: u64) {
    let all = entries();
    assert_eq!(all.len(), 10);
    for e in &all {
        let pos = notation::parse_hub(&e.hub).unwrap();
        assert_eq!(
            notation::parse_fen(&e.fen).unwrap(),
            pos,
            "{}: FEN and Hub differ",
            e.name
        );
        for (i, &expected) in e.counts.iter().enumerate() {
            if expected > low && expected <= high {
                let depth = i as u32 + 1;
                assert_eq!(perft(&pos, depth), expected, "{} depth {depth}", e.name);
            }
        }
    }
}

#[test]
fn perft_reference_positions_shallow() {
    check(0, FAST_LIMIT);
}

#[test]
#[ignore]
fn perft_reference_positions_deep() {
    check(FAST_LIMIT, DEEP_LIMIT);
}

#[test]
fn start_position_matches_the_data_file() {
    assert_eq!(
        notation::parse_hub(&entries()[0].hub).unwrap(),
        Position::start()
    );
}

#[test]
fn divide_sums_to_perft() {
    for e in entries() {
        let pos = notation::parse_hub(&e.hub).unwrap();
        let split = tvilling::engine::divide(&pos, 3);
        assert_eq!(
            split.iter().map(|(_, n)| n).sum::<u64>(),
            e.counts[2],
            "{}",
            e.name
        );
    }
}
