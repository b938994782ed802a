//! `setoption name SyzygyPath` and the other Syzygy options through the built binary, as a
//! GUI sends them: good tables are used (by `tbprobe` and by the search, within the probe
//! limit and depth), missing directories and broken files are reported with `info string`
//! and left out while the engine plays on, and the tables can be replaced or removed.
//!
//! The KRvK table in `data/syzygy` (7.8 KB, copied from `shared/syzygy`, which the
//! reference generator `syzygy1/tb` made and its `tbcheck` checked) serves the tests that
//! need one table, so they run in any checkout. The others need the 3- and 4-piece set in
//! `shared/syzygy` beside the repository (see [`shared`] for when they skip).

use std::path::{Path, PathBuf};
use tvilling::chess::{move_to_uci, Position};
use tvilling::engine::MoveList;

use crate::common::scratch::scratch_path;
use crate::common::shared::shared;
use crate::common::uci_session::session;

/// The table committed with the tests: KRvK.
fn fixture_tables() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("engine-tests/data/syzygy")
}

/// The shared 3- and 4-piece set.
fn shared_tables() -> Option<PathBuf> {
    shared("syzygy")
}

fn tb_lines(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter(|l| {
            [
                "info string tb ",
                "info string SyzygyPath",
                "info string error: SyzygyPath",
            ]
            .iter()
            .any(|prefix| l.starts_with(prefix))
        })
        .map(String::as_str)
        .collect()
}

#[test]
fn broken_files_and_directories_are_reported_and_left_out() {
    let fixture = fixture_tables();
    let dir = scratch_path("syzygy");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    for name in ["KRvK.rtbw", "KRvK.rtbz"] {
        std::fs::copy(fixture.join(name), dir.join(name)).unwrap();
    }
    // A table cut short: the first 100 bytes of a good one under another class's name.
    let krvk = std::fs::read(fixture.join("KRvK.rtbw")).unwrap();
    std::fs::write(dir.join("KQvK.rtbw"), &krvk[..100]).unwrap();
    std::fs::write(dir.join("KPvK.rtbw"), vec![0u8; 64 * 4 + 16]).unwrap();
    std::fs::write(dir.join("KBvK.rtbw"), b"").unwrap();
    std::fs::write(dir.join("notes.txt"), b"not a table").unwrap();
    let missing = dir.join("missing");

    let lines = session(&format!(
        "setoption name SyzygyPath value {missing}:{dir}\n\
         position fen 8/8/8/4k3/8/8/8/KR6 w - - 0 1\n\
         tbprobe\n\
         position fen 8/8/8/4k3/8/8/8/KQ6 w - - 0 1\n\
         tbprobe\n\
         go depth 6\n\
         position fen 8/8/8/4k3/8/8/P7/K7 w - - 0 1\n\
         go depth 6\n\
         setoption name SyzygyPath value {empty}\n\
         tbprobe\n\
         setoption name SyzygyPath value <empty>\n\
         setoption name SyzygyPath value {fixture}\n\
         position fen 8/8/8/8/8/2k5/8/R3K3 b - - 0 1\n\
         tbprobe\n\
         quit\n",
        missing = missing.display(),
        dir = dir.display(),
        empty = empty.display(),
        fixture = fixture.display(),
    ));
    let _ = std::fs::remove_dir_all(&dir);

    let path = |name: &str| dir.join(name).display().to_string();
    assert_eq!(
        tb_lines(&lines),
        [
            format!(
                "info string SyzygyPath: {} is not a directory",
                missing.display()
            ),
            format!(
                "info string SyzygyPath: {} is incomplete (0 bytes); it is not used",
                path("KBvK.rtbw")
            ),
            format!(
                "info string SyzygyPath: {} is not a Syzygy table; it is not used",
                path("KPvK.rtbw")
            ),
            format!(
                "info string SyzygyPath: {} is incomplete (100 bytes); it is not used",
                path("KQvK.rtbw")
            ),
            "info string SyzygyPath: 1 WDL and 1 DTZ tables, up to 3 pieces".to_string(),
            "info string tb wdl 2 dtz 29".to_string(),
            "info string tb none: no KQvK table in use".to_string(),
            format!(
                "info string error: SyzygyPath: no Syzygy tables found in {}; \
                 playing without tables",
                empty.display()
            ),
            "info string tb none: no tables in use (SyzygyPath)".to_string(),
            "info string SyzygyPath: no tables".to_string(),
            "info string SyzygyPath: 1 WDL and 1 DTZ tables, up to 3 pieces".to_string(),
            "info string tb wdl -2 dtz -28".to_string(),
        ]
    );
    // The engine played on in the classes whose files were broken.
    let bestmoves: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2, "{lines:#?}");
    assert!(
        bestmoves.iter().all(|l| !l.contains("0000")),
        "{bestmoves:?}"
    );
}

#[test]
fn the_search_probes_the_committed_table() {
    // KRvKN, the knight loose: Rxd5 leaves the won KRvK, which the search reads from the
    // table; everything else keeps the drawn KRvKN.
    let fen = "8/8/8/3n4/8/5k2/8/K2R4 w - - 0 1";
    let input = |tables: &Path| {
        format!(
            "setoption name SyzygyPath value {}\nposition fen {fen}\ngo depth 3\nquit\n",
            tables.display()
        )
    };
    let lines = session(&input(&fixture_tables()));
    let info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("no info line in {lines:#?}"));
    assert!(info.contains(" tbhits "), "{info}");
    assert!(lines.contains(&"bestmove d1d5".to_string()), "{lines:#?}");
}

/// The last `info depth` line of a `go depth N` from `fen` under `options`.
fn last_info(tables: &Path, options: &str, fen: &str, depth: u32) -> String {
    let lines = session(&format!(
        "setoption name SyzygyPath value {}\n{options}position fen {fen}\ngo depth {depth}\nquit\n",
        tables.display()
    ));
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .cloned()
        .unwrap_or_else(|| panic!("no info line in {lines:#?}"))
}

#[test]
fn the_search_probes_within_the_limit_and_depth() {
    let Some(tables) = shared_tables() else {
        return;
    };
    // Rxd5 is the only capture within two plies of the hand-written evaluation's tree; it
    // leaves four pieces, which the search probes at depth 1 or more (the largest tables
    // are probed only at SyzygyProbeDepth). The network's tree also reaches a three-piece
    // position, which is probed at any depth, so the evaluation is pinned.
    let fen = "4k2r/8/8/3n4/8/8/8/K2R4 w - - 0 1";
    let by_hand = "setoption name Use NNUE value false\n";
    let probed = last_info(&tables, by_hand, fen, 2);
    assert!(probed.contains(" tbhits "), "{probed}");
    for options in [
        "setoption name SyzygyProbeDepth value 100\n",
        "setoption name SyzygyProbeLimit value 3\n",
        "setoption name SyzygyProbeLimit value 0\n",
    ] {
        let line = last_info(&tables, &format!("{by_hand}{options}"), fen, 2);
        assert!(!line.contains("tbhits"), "{options}: {line}");
    }
}

#[test]
fn a_won_root_plays_a_move_that_keeps_the_fastest_win() {
    let Some(tables) = shared_tables() else {
        return;
    };
    // KQvKR, White to move: the tables' DTZ after each move says which win fastest.
    let fen = "KQ6/8/1r6/2k5/8/8/8/8 w - - 0 1";
    let root = Position::from_fen(fen).unwrap();
    let mut legal = MoveList::new();
    root.legal_moves(&mut legal);
    let moves: Vec<String> = legal.iter().map(|&mv| move_to_uci(mv, false)).collect();
    let mut input = format!("setoption name SyzygyPath value {}\n", tables.display());
    for mv in &moves {
        input.push_str(&format!("position fen {fen} moves {mv}\ntbprobe\n"));
    }
    input.push_str(&format!("position fen {fen}\ngo depth 8\nquit\n"));
    let lines = session(&input);
    let answers: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string tb "))
        .collect();
    assert_eq!(answers.len(), moves.len());
    // A reply's DTZ is the loser's: the winner's fastest moves leave the least negative.
    let dtz_after: Vec<Option<i32>> = answers
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.as_slice() {
                [_, _, _, "wdl", "-2", "dtz", dtz] => dtz.parse().ok(),
                _ => None,
            }
        })
        .collect();
    let fastest = dtz_after
        .iter()
        .flatten()
        .max()
        .copied()
        .expect("a winning move");
    let bestmove = lines
        .iter()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|l| l.split_whitespace().next())
        .expect("a bestmove");
    let index = moves.iter().position(|m| m == bestmove);
    assert!(
        index.is_some_and(|i| dtz_after[i] == Some(fastest)),
        "bestmove {bestmove}; DTZ after each of {moves:?}: {dtz_after:?}"
    );
}
