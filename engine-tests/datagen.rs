//! `tvilling datagen` through the built binary: what it writes is valid, reproducible from
//! its seed, appended rather than overwritten, and summarised by `--stats`.

use std::path::PathBuf;
use std::process::Command;
use tvilling::chess::{PackedPosition, Position};
use tvilling::nnue::data::{read_records, Outcome, TrainingRecord};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tvilling-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn datagen(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tvilling"))
        .arg("datagen")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_are_valid_reproducible_and_appended() {
    let dir = scratch("games");
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

    let records = read_records::<PackedPosition>(&a).unwrap().records;
    for r in &records {
        let pos = Position::from_fen(&r.to_fen()).unwrap();
        assert!(!pos.in_check(), "{}", r.to_fen());
        assert!(r.score().abs() < 20_000);
    }
    // Positions of one game alternate sides; their results must agree with each other.
    for pair in records.windows(2) {
        let (x, y) = (pair[0], pair[1]);
        if x.side_to_move() != y.side_to_move() && x.fullmove_number() <= y.fullmove_number() {
            let same_game_result = if x.outcome() == Outcome::Draw {
                Outcome::Draw
            } else {
                x.outcome().flip()
            };
            assert!(
                y.outcome() == same_game_result || y.fullmove_number() > x.fullmove_number() + 1,
                "{} then {}",
                x.to_fen(),
                y.to_fen()
            );
        }
    }

    // A second run appends; a partial record from a killed run is skipped on reading.
    let (ok, _, err) =
        datagen(&[&common[..], &["--seed", "43", "--out", a.to_str().unwrap()]].concat());
    assert!(ok, "{err}");
    let mut grown = std::fs::read(&a).unwrap();
    assert!(grown.len() > first.len() && grown.starts_with(&first));
    grown.extend_from_slice(&[1, 2, 3]);
    std::fs::write(&a, &grown).unwrap();
    let loaded = read_records::<PackedPosition>(&a).unwrap();
    assert_eq!(loaded.trailing_bytes, 3);
    assert_eq!(loaded.records.len() * 32, grown.len() - 3);

    let (ok, stats, _) = datagen(&["--stats", a.to_str().unwrap()]);
    assert!(ok);
    assert!(
        stats.contains(&format!("positions: {}", loaded.records.len())),
        "{stats}"
    );
    assert!(stats.contains("trailing bytes: 3"), "{stats}");
}

#[test]
fn starts_from_books_and_chess960() {
    let dir = scratch("starts");
    let book = dir.join("book.epd");
    std::fs::write(
        &book,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n",
    )
    .unwrap();
    let out = dir.join("book.bin");
    let (ok, _, err) = datagen(&[
        "--games",
        "1",
        "--nodes",
        "300",
        "--book",
        book.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let records = read_records::<PackedPosition>(&out).unwrap().records;
    assert!(records.iter().all(|r| r.fullmove_number() >= 3));

    let out = dir.join("frc.bin");
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
    assert!(!read_records::<PackedPosition>(&out)
        .unwrap()
        .records
        .is_empty());
}

#[test]
fn bad_arguments_and_files_are_errors() {
    let dir = scratch("errors");
    let (ok, _, err) = datagen(&["--games", "x"]);
    assert!(!ok && err.contains("usage"), "{err}");
    let (ok, _, err) = datagen(&["--book", "/no/such/book.pgn", "--games", "1"]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, [0xFFu8; 64]).unwrap();
    let (ok, _, err) = datagen(&["--stats", junk.to_str().unwrap()]);
    assert!(!ok && err.contains("record 0"), "{err}");
}

#[test]
fn draughts_games_from_ballots() {
    use tvilling::draughts::movegen::legal_moves;
    use tvilling::draughts::packed::PackedDraughts;
    use tvilling::engine::MoveList;
    let dir = scratch("draughts");
    let ballots = dir.join("ballots.fen");
    std::fs::write(
        &ballots,
        "W:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,20,21\n",
    )
    .unwrap();
    let out = dir.join("d.bin");
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
    let records = read_records::<PackedDraughts>(&out).unwrap().records;
    assert!(!records.is_empty());
    for r in &records {
        // Kept positions are quiet: a capture would be forced there.
        let mut moves = MoveList::new();
        legal_moves(&r.position(), &mut moves);
        assert!(moves.iter().all(|m| !m.is_capture()));
    }
    let (ok, stats, _) = datagen(&["--game", "draughts", "--stats", out.to_str().unwrap()]);
    assert!(
        ok && stats.contains(&format!("positions: {}", records.len())),
        "{stats}"
    );
}
