//! `tvilling train` end to end on a small self-play file: it learns (the held-out loss
//! falls), writes a network the engine's reader accepts, a loss curve, and a checkpoint a
//! later run resumes from; a network of king-bucket inputs goes from the trainer into the
//! engine's search.

use tvilling::nnue::format::read_network;
use tvilling::nnue::FeatureSetId;

use crate::common::binary::run;
use crate::common::scratch::scratch_dir;
use crate::common::uci_session::session;

/// Runs `tvilling args...`, which must succeed, and returns its stderr.
fn succeeds(args: &[&str]) -> String {
    let (ok, _, stderr) = run(args);
    assert!(ok, "tvilling {args:?}: {stderr}");
    stderr
}

/// Column `column` of every epoch's row of `loss.csv` (1: training, 2: validation loss).
fn losses(csv: &str, column: usize) -> Vec<f64> {
    csv.lines()
        .skip(1)
        .map(|line| line.split(',').nth(column).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn trains_exports_and_resumes() {
    let dir = scratch_dir("train-run");
    let data = dir.join("data.bin");
    let out = dir.join("net");
    succeeds(&[
        "datagen",
        "--games",
        "200",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--seed",
        "5",
        "--out",
        data.to_str().unwrap(),
    ]);
    let common = [
        "train",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--hidden",
        "32",
        "--batch",
        "128",
        // A rate low enough that four epochs stay short of memorising 16 k positions:
        // at 0.001 the held-out loss rises from the second epoch, by how much depending
        // on which net played the games.
        "--lr",
        "0.0001",
        "--final-lr",
        "0.00005",
        "--validation",
        "0.2",
        "--wdl",
        "0",
        "--threads",
        "2",
    ];
    let log = succeeds(&[&common[..], &["--epochs", "4"]].concat());
    // Into a pipe, the lines a log keeps: one an epoch, then the result.
    for epoch in 1..=4 {
        let line = format!("\nepoch {epoch}/4: train loss ");
        assert_eq!(log.matches(&line).count(), 1, "{log}");
    }
    assert!(!log.contains(['\r', '\x1b']), "{log:?}");
    let last = log.lines().last().unwrap();
    assert!(last.starts_with("train: done, validation loss "), "{log}");

    let csv = std::fs::read_to_string(out.join("loss.csv")).unwrap();
    let (training, validation) = (losses(&csv, 1), losses(&csv, 2));
    assert_eq!(validation.len(), 4, "{csv}");
    assert!(training[3] < 0.985 * training[0], "no learning: {csv}");
    assert!(
        validation[3] < validation[0],
        "nothing that carries over: {csv}"
    );

    let net = std::fs::read(out.join("final.nnue")).unwrap();
    let weights = read_network(&net, FeatureSetId::Chess768).unwrap();
    assert_eq!((weights.shape.hidden, weights.shape.buckets), (32, 8));
    assert_eq!(std::fs::read(out.join("epoch-004.nnue")).unwrap(), net);
    assert!(std::fs::read(out.join("loss.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));

    // The resumed run adds the fifth epoch to the four it finds: a run that started over
    // would rewrite the first four rows (their speeds at least) and their networks.
    std::fs::remove_file(out.join("epoch-001.nnue")).unwrap();
    let checkpoint = out.join("checkpoint.bin");
    succeeds(
        &[
            &common[..],
            &["--epochs", "5", "--resume", checkpoint.to_str().unwrap()],
        ]
        .concat(),
    );
    let resumed = std::fs::read_to_string(out.join("loss.csv")).unwrap();
    assert_eq!(losses(&resumed, 2).len(), 5, "{resumed}");
    assert!(
        resumed.starts_with(&csv),
        "the first four epochs redone:\n{resumed}"
    );
    assert!(out.join("epoch-005.nnue").exists());
    assert!(!out.join("epoch-001.nnue").exists(), "epoch 1 redone");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--features king-buckets-7` writes a network of that feature set, and the engine loads
/// it through `EvalFile` and searches with it: a search from a position where both kings
/// may castle or walk renews their sides from the refresh cache again and again.
#[test]
fn trains_a_king_bucket_network_the_engine_searches_with() {
    let dir = scratch_dir("train-king-buckets");
    let data = dir.join("data.bin");
    let out = dir.join("net");
    succeeds(&[
        "datagen",
        "--games",
        "30",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--seed",
        "7",
        "--out",
        data.to_str().unwrap(),
    ]);
    let log = succeeds(&[
        "train",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--features",
        "king-buckets-7",
        "--hidden",
        "32",
        "--batch",
        "128",
        "--epochs",
        "1",
        "--validation",
        "0.2",
        "--threads",
        "2",
    ]);
    assert!(log.contains("train: done, validation loss "), "{log}");
    let net = out.join("final.nnue");
    let weights = read_network(&std::fs::read(&net).unwrap(), FeatureSetId::Chess768).unwrap();
    assert_eq!(weights.shape.features, FeatureSetId::Chess768KingBuckets7);
    assert_eq!((weights.shape.inputs, weights.shape.hidden), (7 * 768, 32));

    let lines = session(&format!(
        "uci\n\
         setoption name EvalFile value {}\n\
         position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\n\
         go depth 6\n\
         eval\n\
         quit\n",
        net.display()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string EvalFile: evaluating with")
                && l.ends_with("(5376x32)")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("network ")),
        "{lines:#?}"
    );
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let dir = scratch_dir("train-bad");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, [0xFFu8; 64]).unwrap();
    let (ok, _, stderr) = run(&[
        "train",
        "--data",
        junk.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(stderr.contains("record 0"));
    let (ok, _, stderr) = run(&["train", "--hidden"]);
    assert!(!ok);
    assert!(
        stderr.contains("a value is required for '--hidden"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
