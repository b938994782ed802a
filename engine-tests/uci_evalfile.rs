//! `setoption name EvalFile` through the built binary, as a GUI sends it: a good network
//! file is used (by `eval` and by the search), bad ones are answered with an
//! `info string error` while the engine keeps its evaluation and keeps playing, and the
//! default value goes back to the hand-written evaluation.

use tvilling::chess::nnue::{Chess768, INPUTS, OUTPUT_BUCKETS};
use tvilling::nnue::format::write_network;
use tvilling::nnue::{FeatureSetId, NetworkShape, QuantisedWeights};
use tvilling::rng::Rng;
use tvilling::train::export::quantise_network;
use tvilling::train::model::{initial_parameters, Layout};

use crate::common::scratch::scratch_path;
use crate::common::uci_session::session;

fn position_of(lines: &[String], prefix: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no line starting {prefix:?} in {lines:#?}"))
}

#[test]
fn evalfile_loads_good_files_and_refuses_bad_ones() {
    let dir = scratch_path("evalfile");
    std::fs::create_dir_all(&dir).unwrap();
    let layout = Layout::new(INPUTS, 64, OUTPUT_BUCKETS);
    let params = initial_parameters(&layout, &mut Rng::new(3));
    let bytes = write_network(&quantise_network::<Chess768>(&params, &layout));
    let good = dir.join("good.nnue");
    std::fs::write(&good, &bytes).unwrap();
    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..1000]).unwrap();
    let good = good.display();
    let truncated = truncated.display();

    let lines = session(&format!(
        "uci\n\
         setoption name EvalFile value {good}\n\
         eval\n\
         setoption name EvalFile value {truncated}\n\
         setoption name EvalFile value {dir}/missing.nnue\n\
         eval\n\
         position startpos moves e2e4\n\
         go depth 5\n\
         isready\n\
         setoption name EvalFile value <empty>\n\
         eval\n\
         setoption name Use NNUE value false\n\
         eval\n\
         quit\n",
        dir = dir.display()
    ));
    let _ = std::fs::remove_dir_all(&dir);

    assert!(lines.contains(&"option name EvalFile type string default chess-gen6.nnue".to_string()));
    assert!(lines.contains(&"option name Use NNUE type check default true".to_string()));
    let loaded = position_of(&lines, "info string EvalFile: evaluating with");
    assert!(lines[loaded].ends_with("(768x64)"), "{}", lines[loaded]);
    let first_eval = position_of(&lines, "network ");
    assert!(lines[first_eval].contains("good.nnue (768x64 -> 8 buckets)"));
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error: EvalFile:"))
        .collect();
    assert_eq!(errors.len(), 2, "{lines:#?}");
    assert!(errors[0].contains("truncated") && errors[0].ends_with("the network in use stays"));
    assert!(errors[1].contains("cannot read"));
    // After both failures the good network is still the one in use.
    let second_eval = first_eval + 1 + position_of(&lines[first_eval + 1..], "network ");
    assert_eq!(
        lines[second_eval], lines[first_eval],
        "the same network gives the same evaluation"
    );
    // The search plays with it, and the session goes on.
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
    assert!(lines.contains(&"readyok".to_string()));
    // `<empty>` goes back to the embedded network, `Use NNUE` false to the hand-written
    // evaluation.
    let embedded = second_eval + 1 + position_of(&lines[second_eval + 1..], "network ");
    assert!(
        lines[embedded].starts_with("network <empty> (768x256 -> 8 buckets)"),
        "{}",
        lines[embedded]
    );
    let by_hand = position_of(&lines, "no network in use");
    assert!(by_hand > embedded);
    assert_eq!(
        lines[by_hand],
        "no network in use (Use NNUE, EvalFile): the hand-written evaluation"
    );
}

#[test]
fn a_network_without_every_output_bucket_is_refused() {
    // One bucket where chess picks one of 8 by material: it used to load, and the first
    // search read past its output layer and killed the engine (seen while writing
    // fuzz/nnue_file, which checks it).
    let hidden = 16;
    let weights = QuantisedWeights {
        shape: NetworkShape {
            features: FeatureSetId::Chess768,
            inputs: INPUTS,
            hidden,
            buckets: 1,
            qa: 255,
            qb: 64,
            scale: 400,
        },
        feature_weights: vec![1; INPUTS * hidden],
        feature_bias: vec![0; hidden],
        output_weights: vec![1; 2 * hidden],
        output_bias: vec![0],
    };
    let path = scratch_path("buckets").with_extension("nnue");
    std::fs::write(&path, write_network(&weights)).unwrap();
    let lines = session(&format!(
        "setoption name EvalFile value {}\ngo depth 3\nisready\nquit\n",
        path.display()
    ));
    let _ = std::fs::remove_file(&path);
    let error = position_of(&lines, "info string error: EvalFile:");
    assert!(
        lines[error].contains("1 output buckets"),
        "{}",
        lines[error]
    );
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:#?}"
    );
    assert!(lines.contains(&"readyok".to_string()));
}
