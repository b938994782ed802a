//! `tvilling datagen` through the built binary: the game files it writes are valid,
//! reproducible from the seed, appended to rather than overwritten, and summarised by
//! `--stats`; record files convert into them.

use std::path::Path;
use tvilling::chess::PackedPosition;
use tvilling::nnue::data::TrainingRecord;
use tvilling::nnue::game_file::{read_positions, GameCounts, GameRecord};

/// The training positions of a game file and what it holds.
fn positions<R: GameRecord>(path: &Path) -> (Vec<R>, GameCounts, usize) {
    let (loaded, counts) = read_positions::<R>(path).unwrap();
    let counts = counts.expect("a game file");
    (loaded.records, counts, loaded.trailing_bytes)
}

use crate::common::binary::run;
use crate::common::scratch::scratch_dir;

fn datagen(args: &[&str]) -> (bool, String, String) {
    run(&[&["datagen"], args].concat())
}

#[test]
fn games_are_valid_reproducible_and_appended() {
    let dir = scratch_dir("datagen-games");
    let (a, b) = (dir.join("a.bin"), dir.join("b.bin"));
    let common = [
        "--games",
        "3",
        "--nodes",
        "300",
        "--seed",
        "42",
        "--threads",
        "1",
    ];
    for file in [&a, &b] {
        let (ok, out, err) = datagen(&[&common[..], &["--out", file.to_str().unwrap()]].concat());
        assert!(ok, "{err}");
        assert!(out.is_empty(), "stdout stays clean: {out}");
        assert!(err.contains("(done)"), "{err}");
    }
    let first = std::fs::read(&a).unwrap();
    assert!(!first.is_empty());
    assert_eq!(first, std::fs::read(&b).unwrap(), "same seed, same games");

    let (records, counts, _) = positions::<PackedPosition>(&a);
    assert_eq!(counts.games, 3);
    assert!(!records.is_empty() && records.len() as u64 <= counts.positions);
    for r in &records {
        let pos = r.to_position().unwrap();
        assert!(!pos.in_check(), "{}", r.to_fen());
        assert!(r.score().abs() < 20_000);
    }

    // A second run appends; a partial game from a killed run is skipped on reading.
    let (ok, _, err) =
        datagen(&[&common[..], &["--seed", "43", "--out", a.to_str().unwrap()]].concat());
    assert!(ok, "{err}");
    let mut grown = std::fs::read(&a).unwrap();
    assert!(grown.len() > first.len() && grown.starts_with(&first));
    grown.extend_from_slice(&[1, 2, 3]);
    std::fs::write(&a, &grown).unwrap();
    let (records, counts, trailing) = positions::<PackedPosition>(&a);
    assert_eq!((counts.games, trailing), (6, 3));

    let (ok, stats, _) = datagen(&["--stats", a.to_str().unwrap()]);
    assert!(ok);
    assert!(
        stats.contains(&format!("games: 6, positions: {}", counts.positions))
            && stats.contains(&format!(
                "training positions (quiet, scored): {}",
                records.len()
            )),
        "{stats}"
    );
    assert!(stats.contains("trailing bytes: 3"), "{stats}");
}

#[test]
fn starts_from_books_and_chess960() {
    let dir = scratch_dir("datagen-starts");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
    )
    .unwrap();
    let out = dir.join("book.games");
    let (ok, _, err) = datagen(&[
        "--games",
        "2",
        "--nodes",
        "300",
        "--book",
        book.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (records, _, _) = positions::<PackedPosition>(&out);
    assert!(records.iter().all(|r| r.fullmove_number() >= 3));
    // The search is deterministic: only the random plies after the line keep two games
    // from one line apart (without them every position would come twice).
    let distinct: std::collections::HashSet<String> =
        records.iter().map(PackedPosition::to_fen).collect();
    assert!(
        distinct.len() > records.len() * 3 / 4,
        "{} distinct of {}",
        distinct.len(),
        records.len()
    );

    let out = dir.join("frc.games");
    let (ok, _, err) = datagen(&[
        "--games",
        "2",
        "--nodes",
        "300",
        "--frc",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (records, _, _) = positions::<PackedPosition>(&out);
    assert!(!records.is_empty());
    // Chess960 castling rights survive the game file, so every position replays.
    assert!(records.iter().all(|r| r.to_position().is_ok()));
}

#[test]
fn bad_arguments_and_files_are_errors() {
    let dir = scratch_dir("datagen-errors");
    let (ok, _, err) = datagen(&["--games", "x"]);
    assert!(
        !ok && err.contains("invalid value 'x' for '--games"),
        "{err}"
    );
    let (ok, _, err) = datagen(&["--game", "draughts", "--frc"]);
    assert!(!ok && err.contains("--frc is for chess"), "{err}");
    assert!(err.contains("Usage: tvilling datagen"), "{err}");
    let (ok, _, err) = datagen(&["--book", "/no/such/book.pgn", "--games", "1"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, [0xFFu8; 64]).unwrap();
    let (ok, _, err) = datagen(&["--stats", junk.to_str().unwrap()]);
    assert!(!ok && err.contains("record 0"), "{err}");
    let (ok, _, err) = datagen(&["--games", "1", "--out", junk.to_str().unwrap()]);
    assert!(!ok && err.contains("not a game file"), "{err}");
}

#[test]
fn record_files_become_games_of_one_position() {
    use tvilling::chess::Position;
    use tvilling::nnue::data::{Outcome, RecordWriter};
    let dir = scratch_dir("datagen-records");
    let (records_file, games_file) = (dir.join("r.bin"), dir.join("r.games"));
    let records: Vec<PackedPosition> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/8/4k3/8/8/3K4/8/8 b - - 12 60",
    ]
    .iter()
    .zip([Outcome::Win, Outcome::Draw])
    .map(|(fen, outcome)| PackedPosition::new(&Position::from_fen(fen).unwrap(), 33, outcome))
    .collect();
    RecordWriter::append(&records_file)
        .unwrap()
        .write_all(&records)
        .unwrap();
    let (ok, _, err) = datagen(&[
        "--from-records",
        records_file.to_str().unwrap(),
        "--out",
        games_file.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (back, counts, _) = positions::<PackedPosition>(&games_file);
    assert_eq!(back, records);
    assert_eq!((counts.games, counts.positions), (2, 2));
}

#[test]
fn draughts_games_from_ballots() {
    use tvilling::draughts::fast::movegen::legal_moves;
    use tvilling::draughts::packed::PackedDraughts;
    use tvilling::engine::MoveList;
    let dir = scratch_dir("datagen-draughts");
    let ballots = dir.join("ballots.fen");
    std::fs::write(
        &ballots,
        "W:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,20,21\n",
    )
    .unwrap();
    let out = dir.join("d.games");
    let (ok, _, err) = datagen(&[
        "--game",
        "draughts",
        "--games",
        "2",
        "--nodes",
        "300",
        "--plies",
        "2",
        "--book",
        ballots.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let (records, _, _) = positions::<PackedDraughts>(&out);
    assert!(!records.is_empty());
    for r in &records {
        // Kept positions are quiet: a capture would be forced there.
        let mut moves = MoveList::new();
        legal_moves(&r.position(), &mut moves);
        assert!(moves.iter().all(|m| !m.is_capture()));
    }
    let (ok, stats, _) = datagen(&["--game", "draughts", "--stats", out.to_str().unwrap()]);
    assert!(
        ok && stats.contains(&format!(
            "training positions (quiet, scored): {}",
            records.len()
        )),
        "{stats}"
    );
}
