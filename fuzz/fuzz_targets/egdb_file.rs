//! Draughts endgame database files: a table file of any bytes loaded as the Hub `init`
//! and DXP start-up load the tables directory, then probed and searched with.
//!
//! The tables of up to 3 pieces are made once per process in a scratch directory and
//! loaded. Each execution writes one class's file, alone, into a second directory and
//! loads that directory: the same load as a full one, without reading (and checksumming)
//! the sound tables again, which took most of an execution's time. The first byte picks
//! the class, the second how the rest becomes its file (bit 0): as it is, or as values
//! after a header this target writes with the class's magic, size and checksum, so that
//! the fuzzer gets past the checksum. A table that loads joins the sound ones in place of
//! its class's and must answer a probe of every position the remaining bytes pick as the
//! table's own index says, whichever side is to move; a short search with those tables
//! installed (the damaged one among them) must return a legal move.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use tvilling::draughts::egdb::loaded::install;
use tvilling::draughts::egdb::material::turned;
use tvilling::draughts::egdb::{Database, Material, Table};
use tvilling::draughts::fast::movegen::legal_moves;
use tvilling::draughts::fmjd::DrawClocks;
use tvilling::draughts::SearchPosition;
use tvilling::engine::{Limits, MoveList, Searcher};
use tvilling::nnue::format::fnv1a;

/// Tables of this many pieces at most: their files stay small enough to fuzz.
const PIECES: u32 = 3;

fuzz_target!(|data: &[u8]| {
    let [class, mode, rest @ ..] = data else {
        return;
    };
    let scratch = scratch_tables();
    let material = scratch.classes[usize::from(*class) % scratch.classes.len()];
    let path = scratch.lone.join(Table::file_name(material));
    let bytes = if mode & 1 == 0 {
        rest.to_vec()
    } else {
        completed_file(material, rest)
    };
    std::fs::write(&path, &bytes).expect("the scratch file can be written");
    let loaded = Database::load(&scratch.lone, PIECES);
    std::fs::remove_file(&path).expect("the scratch file can be removed");
    let Ok(lone) = loaded else {
        return;
    };
    let table = lone.table(material).expect("the table written is loaded");
    let mut db = scratch.sound.clone();
    db.insert(table.clone());
    let _ = table.counts();
    let size = material.size();
    let mut searched = false;
    for pair in rest.chunks_exact(4).take(16) {
        let index = u64::from(u32::from_le_bytes(pair.try_into().unwrap())) % size;
        // What a damaged file holds at an index that is no position is never read.
        let Some(pos) = material.position(index) else {
            continue;
        };
        assert_eq!(material.index(&pos), index);
        let value = db.probe(&pos);
        assert_eq!(value, table.get(index), "index {index}");
        let black_to_move = turned(&pos);
        assert_eq!(db.probe(&black_to_move), value, "index {index} turned");
        if !searched {
            searched = true;
            search(&db, SearchPosition::new(pos, DrawClocks::new(&pos)));
        }
    }
});

/// Where scratch files go: under the fuzz crate's `target`, so that they never outlive
/// `cargo clean` (libFuzzer exits without running destructors).
fn scratch_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/scratch")
}

/// The scratch tables of this process.
struct Scratch {
    /// Every class of up to `PIECES` pieces.
    classes: Vec<Material>,
    /// Their sound tables.
    sound: Database,
    /// The directory each execution writes its one file into.
    lone: PathBuf,
}

/// This process's sound tables, made once, and its directory for the fuzzed file.
fn scratch_tables() -> &'static Scratch {
    static TABLES: OnceLock<Scratch> = OnceLock::new();
    TABLES.get_or_init(|| {
        let dir = scratch_root().join(format!("egdb-{}", std::process::id()));
        let sound =
            Database::generate(&dir.join("sound"), PIECES, |_| {}).expect("the tables can be made");
        let lone = dir.join("lone");
        std::fs::create_dir_all(&lone).expect("the scratch directory can be made");
        Scratch {
            classes: Material::up_to(PIECES),
            sound,
            lone,
        }
    })
}

/// A table file for `material` whose values repeat `values`, with the header it needs.
fn completed_file(material: Material, values: &[u8]) -> Vec<u8> {
    let source = if values.is_empty() { &[0][..] } else { values };
    let size = material.size();
    let packed: Vec<u8> = source
        .iter()
        .copied()
        .cycle()
        .take(size.div_ceil(4) as usize)
        .collect();
    let mut file = b"TVDB".to_vec();
    file.extend_from_slice(&1u32.to_le_bytes());
    file.extend_from_slice(&[
        material.white_men,
        material.white_kings,
        material.black_men,
        material.black_kings,
    ]);
    file.extend_from_slice(&[0; 4]);
    file.extend_from_slice(&size.to_le_bytes());
    file.extend_from_slice(&fnv1a(&packed).to_le_bytes());
    file.resize(64, 0);
    file.extend_from_slice(&packed);
    file
}

/// Searches `root` a few plies deep with `db` installed: the move must be legal.
fn search(db: &Database, root: SearchPosition) {
    static SEARCHER: OnceLock<Mutex<Searcher<SearchPosition>>> = OnceLock::new();
    let searcher = SEARCHER.get_or_init(|| Mutex::new(Searcher::new()));
    let mut searcher = searcher.lock().unwrap_or_else(|e| e.into_inner());
    install(Some(Arc::new(db.clone())));
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let outcome = searcher.search_sync(root, Vec::new(), limits);
    install(None);
    let mut moves = MoveList::new();
    legal_moves(&root.position, &mut moves);
    match outcome.best {
        Some(mv) => assert!(moves.contains(&mv), "{mv:?} is not legal"),
        None => assert!(moves.is_empty(), "no move where there are some"),
    }
}
