//! The trainer checked against what it claims: the gradient against finite differences of
//! the loss, checkpoints against the state they saved, a resumed run against one that was
//! never stopped, and the quantised network against the float network it came from.

use super::checkpoint::Checkpoint;
use super::export::quantise_network;
use super::gradient::{accumulate_gradient, evaluate, summed_loss, Scratch, Target};
use super::model::{initial_parameters, Layout};
use super::optimizer::AdamW;
use super::options::ChessInputs;
use super::{train, TrainGame, TrainOptions};
use crate::chess::nnue::Chess768;
use crate::chess::{PackedPosition, Position};
use crate::draughts::nnue::Draughts200;
use crate::draughts::packed::PackedDraughts;
use crate::draughts::SearchPosition;
use crate::engine::{Game, MoveList};
use crate::nnue::data::{Outcome, RecordWriter};
use crate::nnue::evaluator::{evaluate_from_scratch, NetworkInputs};
use crate::nnue::features::FeatureSet;
use crate::nnue::Network;
use crate::rng::Rng;
use crate::test_scratch::scratch_dir;

/// A game whose positions the trainer learns, with its feature set.
trait Recorded: Game {
    type Features: FeatureSet;
    fn record(&self, score: i16, outcome: Outcome) -> <Self::Features as FeatureSet>::Record;
}

impl Recorded for Position {
    type Features = Chess768;
    fn record(&self, score: i16, outcome: Outcome) -> PackedPosition {
        PackedPosition::new(self, score, outcome)
    }
}

impl Recorded for SearchPosition {
    type Features = Draughts200;
    fn record(&self, score: i16, outcome: Outcome) -> PackedDraughts {
        PackedDraughts::new(&self.position, score, outcome)
    }
}

/// Positions along random games from `start`, each with its record, which carries a
/// made-up score and result.
fn positions<G: Recorded>(
    start: G,
    count: usize,
    seed: u64,
) -> Vec<(G, <G::Features as FeatureSet>::Record)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    while out.len() < count {
        let mut pos = start.clone();
        for _ in 0..120 {
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let score = rng.below(801) as i16 - 400;
            let outcome = [Outcome::Loss, Outcome::Draw, Outcome::Win][rng.below(3) as usize];
            out.push((pos.clone(), pos.record(score, outcome)));
            pos.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
    out.truncate(count);
    out
}

/// The analytic gradient of the summed loss against central differences, for a sample of
/// the parameters every layer has, at `wdl` 0 (scores only) and 0.5.
fn check_gradient<G: Recorded>(start: G) {
    let hidden = 16;
    let layout = Layout::new(
        G::Features::INPUTS,
        hidden,
        <G::Features as FeatureSet>::BUCKETS,
    );
    let mut rng = Rng::new(11);
    let params = initial_parameters(&layout, &mut rng);
    let records: Vec<_> = positions(start, 24, 5)
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    for wdl in [0.0, 0.5] {
        let target = Target { wdl };
        let mut grad = vec![0.0f32; layout.len()];
        let mut scratch = Scratch::new(hidden);
        accumulate_gradient::<G::Features>(
            &params,
            &layout,
            &records,
            target,
            &mut grad,
            &mut scratch,
        );
        let mut checked = 0;
        let mut samples: Vec<usize> = layout.feature_bias.clone().step_by(3).collect();
        samples.extend(layout.output_weights.clone().step_by(7));
        samples.extend(layout.output_bias.clone());
        // Feature rows that some record uses (most rows are zero for a small sample).
        samples.extend(
            (layout.feature_weights.clone())
                .step_by(5)
                .filter(|&i| grad[i] != 0.0),
        );
        for i in samples {
            let eps = 1e-3f32;
            let mut loss = |delta: f32| {
                let mut p = params.clone();
                p[i] += delta;
                summed_loss::<G::Features>(&p, &layout, &records, target, &mut scratch)
            };
            let numeric = (loss(eps) - loss(-eps)) / (2.0 * f64::from(eps));
            let analytic = f64::from(grad[i]);
            let tolerance = 2e-3 + 0.02 * numeric.abs().max(analytic.abs());
            assert!(
                (numeric - analytic).abs() <= tolerance,
                "parameter {i} at wdl {wdl}: numeric {numeric:.6}, analytic {analytic:.6}"
            );
            checked += usize::from(analytic.abs() > 1e-4);
        }
        assert!(checked > 20, "only {checked} parameters had a gradient");
    }
}

#[test]
fn the_gradient_matches_finite_differences_for_chess() {
    check_gradient(Position::startpos());
}

#[test]
fn the_gradient_matches_finite_differences_for_draughts() {
    check_gradient(SearchPosition::default());
}

/// The target weighs the game's result against the search's score by `wdl`: a network of
/// zeros answers 0.5 for every position, so a record's loss is (0.5 - target)^2. The
/// finite differences cannot see this: the gradient and the loss share the target.
fn check_target<G: Recorded>(start: G) {
    let layout = Layout::new(
        G::Features::INPUTS,
        16,
        <G::Features as FeatureSet>::BUCKETS,
    );
    let params = vec![0.0f32; layout.len()];
    let mut scratch = Scratch::new(16);
    // A score of one scale unit reads as sigmoid(1).
    let unit = <G::Features as FeatureSet>::SCALE as i16;
    let sigmoid_one = 1.0 / (1.0 + (-1.0f64).exp());
    let cases = [
        (0, Outcome::Win, 0.0, 0.5),
        (0, Outcome::Win, 0.5, 0.75),
        (0, Outcome::Win, 1.0, 1.0),
        (0, Outcome::Loss, 0.5, 0.25),
        (unit, Outcome::Draw, 0.0, sigmoid_one),
        (unit, Outcome::Loss, 0.5, sigmoid_one / 2.0),
        (-unit, Outcome::Draw, 1.0, 0.5),
    ];
    for (score, outcome, wdl, target) in cases {
        let record = [start.record(score, outcome)];
        let loss =
            summed_loss::<G::Features>(&params, &layout, &record, Target { wdl }, &mut scratch);
        let expected = (0.5 - target) * (0.5 - target);
        assert!(
            (loss - expected).abs() < 1e-6,
            "score {score}, {outcome:?}, wdl {wdl}: loss {loss}, not {expected}"
        );
    }
}

#[test]
fn the_target_weighs_result_and_score_by_wdl_for_chess() {
    check_target(Position::startpos());
}

#[test]
fn the_target_weighs_result_and_score_by_wdl_for_draughts() {
    check_target(SearchPosition::default());
}

#[test]
fn a_checkpoint_reads_back_what_it_saved() {
    let layout = Layout::new(768, 32, 8);
    let mut rng = Rng::new(3);
    let mut params = initial_parameters(&layout, &mut rng);
    let mut adam = AdamW::new(layout.len(), 0.01);
    for _ in 0..3 {
        let grad: Vec<f32> = (0..layout.len()).map(|_| rng.unit_f32() - 0.5).collect();
        adam.step(&mut params, &grad, 0.001, layout.output_bias.start);
    }
    let path = scratch_dir("train-checkpoint").join("c.bin");
    let saved = Checkpoint {
        layout: layout.clone(),
        epochs_done: 7,
        params,
        optimizer: adam,
    };
    saved.save(&path).unwrap();
    let back = Checkpoint::load(&path, 0.01).unwrap();
    assert_eq!(back.layout, saved.layout);
    assert_eq!(back.epochs_done, 7);
    assert_eq!(back.params, saved.params);
    assert_eq!(back.optimizer.m, saved.optimizer.m);
    assert_eq!(back.optimizer.v, saved.optimizer.v);
    assert_eq!(back.optimizer.steps, 3);
    std::fs::write(&path, b"TVCK").unwrap();
    assert!(Checkpoint::load(&path, 0.01).is_err());
    let _ = std::fs::remove_dir_all(path.parent().unwrap());
}

/// A run stopped after two epochs and resumed for two more ends where a run of four
/// epochs does: the same losses and the same network, byte for byte.
#[test]
fn a_resumed_run_continues_the_uninterrupted_one() {
    let dir = scratch_dir("train-resume");
    let data = dir.join("data.bin");
    let records: Vec<PackedPosition> = positions(Position::startpos(), 3000, 8)
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    RecordWriter::append(&data)
        .unwrap()
        .write_all(&records)
        .unwrap();
    let options = |out: &str, stop_after: Option<u32>, resume: bool| TrainOptions {
        game: TrainGame::Chess,
        features: ChessInputs::Plain,
        data: vec![data.clone()],
        out: dir.join(out),
        hidden: 16,
        epochs: 4,
        batch: 256,
        lr: 0.002,
        final_lr: 0.0005,
        wdl: 0.3,
        decay: 0.01,
        mirror: true,
        validation: 0.1,
        validation_data: None,
        threads: 2,
        seed: 9,
        resume: resume.then(|| dir.join("stopped").join("checkpoint.bin")),
        stop_after,
    };
    let whole = train::<Chess768>(&options("whole", None, false)).unwrap();
    train::<Chess768>(&options("stopped", Some(2), false)).unwrap();
    let resumed = train::<Chess768>(&options("stopped", None, true)).unwrap();
    assert_eq!(resumed.len(), 2);
    for (a, b) in whole[2..].iter().zip(&resumed) {
        assert_eq!((a.epoch, a.train_loss), (b.epoch, b.train_loss));
        assert_eq!(a.validation_loss, b.validation_loss);
    }
    let net = |run: &str| std::fs::read(dir.join(run).join("final.nnue")).unwrap();
    assert_eq!(net("whole"), net("stopped"));
    // The loss curve of the resumed run has every epoch once.
    let csv = std::fs::read_to_string(dir.join("stopped").join("loss.csv")).unwrap();
    assert_eq!(csv.lines().count(), 5, "{csv}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Quantisation rounds each weight to 1/255 (first layer) or 1/64 (output): over a whole
/// network that moves an evaluation by a few units (measured for chess: mean 4, worst 16
/// centipawns on this random network), never by much.
fn quantised_follows_float<G: Recorded + NetworkInputs>(
    start: G,
    mean_allowed: f32,
    worst_allowed: f32,
) {
    let layout = Layout::new(
        G::Features::INPUTS,
        64,
        <G::Features as FeatureSet>::BUCKETS,
    );
    let mut rng = Rng::new(21);
    let mut params = initial_parameters(&layout, &mut rng);
    // Fresh biases are zero; these are not, so their scales are checked too.
    for i in layout
        .feature_bias
        .clone()
        .chain(layout.output_bias.clone())
    {
        params[i] = rng.unit_f32() * 0.4 - 0.2;
    }
    let net = Network::new(quantise_network::<G::Features>(&params, &layout)).unwrap();
    let mut worst = 0.0f32;
    let mut total = 0.0f32;
    let mut big = 0.0f32;
    let compared = positions(start, 400, 4);
    for (pos, record) in &compared {
        let float = evaluate::<G::Features>(&params, &layout, record);
        let quantised = evaluate_from_scratch(&net, pos) as f32;
        worst = worst.max((float - quantised).abs());
        total += (float - quantised).abs();
        big = big.max(float.abs());
    }
    let mean = total / compared.len() as f32;
    assert!(
        big > 50.0,
        "the float evaluations span more than rounding: {big}"
    );
    assert!(
        mean <= mean_allowed && worst <= worst_allowed,
        "differences: mean {mean}, worst {worst}"
    );
}

#[test]
fn the_quantised_chess_network_follows_the_float_one() {
    quantised_follows_float(Position::startpos(), 6.0, 25.0);
}

#[test]
fn the_quantised_draughts_network_follows_the_float_one() {
    quantised_follows_float(SearchPosition::default(), 6.0, 25.0);
}
