//! `EvalFile` networks: a file of any bytes loaded as UCI `setoption name EvalFile` and
//! Hub `set-param name=evalfile` load it, then used.
//!
//! The first byte chooses the game (bit 0: chess or draughts), for chess the feature set
//! of a completed header (bits 2-3: plain, mirrored, 4 or 7 king buckets), and how the rest
//! becomes a file (bit 1): as it is, or as the fields of a header that this target completes with
//! the right magic, version, payload length and checksum, so that the fuzzer reaches the
//! shape checks and the inference code instead of stopping at the checksum. A network
//! that loads must evaluate every position of a short game, and the search's incremental
//! evaluation must equal the evaluation from scratch at every step.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use tvilling::chess::nnue::ChessEvaluator;
use tvilling::chess::Position as ChessPosition;
use tvilling::draughts::fast::movegen::legal_moves;
use tvilling::draughts::nnue::DraughtsEvaluator;
use tvilling::draughts::fast::notation::parse_fen;
use tvilling::draughts::fmjd::DrawClocks;
use tvilling::draughts::{Position as DraughtsPosition, SearchPosition};
use tvilling::engine::{Evaluator, Game, MoveList};
use tvilling::nnue::format::{fnv1a, FeatureGame, FORMAT_VERSION, HEADER_SIZE, MAGIC};
use tvilling::nnue::{FeatureSetId, Network, NetworkShape, NetworkSlot};

/// Chess positions of 2 to 32 pieces, so that every output bucket is asked for.
const CHESS_STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
];

/// Draughts positions of 40, 9 and 2 pieces.
const DRAUGHTS_STARTS: [&str; 3] = [
    "W:W31-50:B1-20",
    "W:W28,32,33,K45:B12,13,K18,19,23",
    "B:WK46:B5",
];

/// Plies played from each start.
const PLIES: usize = 6;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let features = if mode & 1 == 1 {
        FeatureSetId::Draughts200
    } else {
        match mode >> 2 & 3 {
            1 => FeatureSetId::Chess768Mirrored,
            2 => FeatureSetId::Chess768KingBuckets4,
            3 => FeatureSetId::Chess768KingBuckets7,
            _ => FeatureSetId::Chess768,
        }
    };
    let bytes = if mode & 2 == 0 {
        rest.to_vec()
    } else {
        completed_file(features, rest)
    };
    let path = scratch_file();
    std::fs::write(path, &bytes).expect("the scratch file can be written");
    let slot = NetworkSlot::new(features, None);
    let loaded = slot.load_file(path);
    // A file truncated and written again is flushed to disk when it is closed (ext4's
    // `auto_da_alloc`), which took a fifth of an execution; a new file is not.
    std::fs::remove_file(path).expect("the scratch file can be removed");
    if loaded.is_err() {
        assert!(slot.current().is_none(), "a refused file is not used");
        return;
    }
    let net = slot.current().expect("a loaded network is in use");
    let choices = rest.iter().rev().copied();
    match features.game() {
        FeatureGame::Chess => check_chess(&net, choices),
        FeatureGame::Draughts => check_draughts(&net, choices),
    }
});

/// This process's file to write networks into, under the fuzz crate's `target` so that it
/// never outlives `cargo clean` (libFuzzer exits without running destructors).
fn scratch_file() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/scratch");
        std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
        dir.join(format!("{}.nnue", std::process::id()))
    })
}

/// A network file whose header is made from the first bytes of `fields` (sizes kept
/// small, unless the first byte asks for any 16-bit values) and whose payload repeats the rest,
/// with the length and checksum it needs.
fn completed_file(features: FeatureSetId, fields: &[u8]) -> Vec<u8> {
    let byte = |i: usize| fields.get(i).copied().unwrap_or(0);
    let word = |i: usize| u32::from_le_bytes([byte(i), byte(i + 1), byte(i + 2), byte(i + 3)]);
    // Sizes in 16 bits reach every check of the reader without overflowing `payload_len`.
    let size = |i: usize| usize::from(u16::from_le_bytes([byte(i), byte(i + 1)]));
    let raw = byte(0) & 1 != 0;
    let shape = NetworkShape {
        features,
        inputs: if raw { size(1) } else { features.inputs() },
        hidden: if raw {
            size(5)
        } else {
            16 * (1 + usize::from(byte(5) % 4))
        },
        // Mostly the game's own count, which is the only one that loads.
        buckets: if raw {
            size(9)
        } else if byte(9) & 0x80 == 0 {
            features.buckets()
        } else {
            1 + usize::from(byte(9) % 16)
        },
        qa: word(13) as i32,
        qb: word(17) as i32,
        scale: word(21) as i32,
    };
    let header_fields = [
        FORMAT_VERSION,
        features as u32,
        shape.inputs as u32,
        shape.hidden as u32,
        shape.buckets as u32,
        1,
        shape.qa as u32,
        shape.qb as u32,
        shape.scale as u32,
    ];
    let mut file = MAGIC.to_vec();
    for field in header_fields {
        file.extend_from_slice(&field.to_le_bytes());
    }
    // Shapes the reader refuses still get a file, without a payload worth the memory (or
    // the time: building and hashing a payload is most of an execution).
    let len = if shape.payload_len() <= 1 << 18 {
        shape.payload_len()
    } else {
        0
    };
    let source = fields.get(25..).filter(|s| !s.is_empty()).unwrap_or(&[0]);
    // `repeat` copies whole slices, where a byte-by-byte iterator would run a coverage
    // callback per byte.
    let mut payload = source.repeat(len.div_ceil(source.len()));
    payload.truncate(len);
    file.extend_from_slice(&(len as u64).to_le_bytes());
    file.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    file.resize(HEADER_SIZE, 0);
    file.extend_from_slice(&payload);
    file
}

/// Plays a few moves from each chess start, comparing the incremental evaluation with
/// the one from scratch.
fn check_chess(net: &Arc<Network>, mut choices: impl Iterator<Item = u8>) {
    for fen in CHESS_STARTS {
        let mut pos = ChessPosition::from_fen(fen).expect("a valid FEN");
        let mut evaluator = ChessEvaluator::with_network(Some(net.clone()));
        evaluator.start(&pos);
        for _ in 0..PLIES {
            let scratch = tvilling::chess::nnue::evaluate_from_scratch(net, &pos);
            assert_eq!(evaluator.evaluate(&pos), scratch, "{}", pos.to_fen());
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let choice = usize::from(choices.next().unwrap_or(0));
            let mut child = pos.clone();
            child.play(moves.as_slice()[choice % moves.len()]);
            evaluator.push(&pos, &child);
            pos = child;
        }
    }
}

/// As [`check_chess`], for draughts.
fn check_draughts(net: &Arc<Network>, mut choices: impl Iterator<Item = u8>) {
    for fen in DRAUGHTS_STARTS {
        let start: DraughtsPosition = parse_fen(fen).expect("a valid FEN");
        let mut pos = SearchPosition::new(start, DrawClocks::new(&start));
        let mut evaluator = DraughtsEvaluator::with_network(Some(net.clone()));
        evaluator.start(&pos);
        for _ in 0..PLIES {
            let scratch = tvilling::draughts::nnue::evaluate_from_scratch(net, &pos);
            assert_eq!(evaluator.evaluate(&pos), scratch);
            let mut moves = MoveList::new();
            legal_moves(&pos.position, &mut moves);
            if moves.is_empty() {
                break;
            }
            let choice = usize::from(choices.next().unwrap_or(0));
            let mut child = pos;
            child.play(moves.as_slice()[choice % moves.len()]);
            evaluator.push(&pos, &child);
            pos = child;
        }
    }
}
