//! `texel-tune`: fits the chess evaluation weights to game results (Texel's method).
//!
//! Reads `FEN;result` lines (result 1.0, 0.5 or 0.0 from White's view, positions already
//! quiet), records each position's trace (how often every weight is used, its phase and
//! endgame scales) through the engine's own evaluation code, fits the sigmoid scale K to
//! the current weights, then runs full-batch Adam on the mean squared error between the
//! result and `sigmoid(K * eval / 400)`, and prints a new `weights.rs`.
//!
//! Because the trace comes from the same code path as the engine's score, the tuned
//! function is exactly the one the engine plays with.
//!
//! ```text
//! texel-tune DATA [--epochs N] [--lr RATE] [--l2 STRENGTH] [--k K] [--out PATH]
//! ```

use std::fmt;
use std::fs;
use std::process::ExitCode;
use tvilling::chess::eval::{self, render_weights, s, NUM_FEATURES, S, SCALE_NORMAL, WEIGHTS};
use tvilling::chess::Position;

const MAX_PHASE: f64 = eval::MAX_PHASE as f64;

/// What can go wrong before tuning starts.
#[derive(Debug)]
enum TuneError {
    /// Bad command line.
    Usage(String),
    /// The data file could not be read or written.
    Io(String, std::io::Error),
    /// The data file held no usable position.
    NoData(String),
}

impl fmt::Display for TuneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TuneError::Usage(msg) => write!(
                f,
                "{msg}\nusage: texel-tune DATA [--epochs N] [--lr RATE] [--l2 STRENGTH] [--k K] [--out PATH]"
            ),
            TuneError::Io(path, err) => write!(f, "{path}: {err}"),
            TuneError::NoData(path) => write!(f, "{path}: no `FEN;result` line could be read"),
        }
    }
}

/// Command-line settings.
struct Options {
    data: String,
    epochs: usize,
    learning_rate: f64,
    l2: f64,
    fixed_k: Option<f64>,
    out: Option<String>,
}

fn parse_options(args: &[String]) -> Result<Options, TuneError> {
    let mut options = Options {
        data: String::new(),
        epochs: 2000,
        learning_rate: 1.0,
        l2: 1e-9,
        fixed_k: None,
        out: None,
    };
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        let mut value = |name: &str| {
            iter.next()
                .cloned()
                .ok_or_else(|| TuneError::Usage(format!("{name} needs a value")))
        };
        let number = |name: &str, text: String| {
            text.parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v > 0.0)
                .ok_or_else(|| {
                    TuneError::Usage(format!("{name}: {text:?} is not a positive number"))
                })
        };
        match arg.as_str() {
            "--epochs" => options.epochs = number("--epochs", value("--epochs")?)? as usize,
            "--lr" => options.learning_rate = number("--lr", value("--lr")?)?,
            "--l2" => options.l2 = number("--l2", value("--l2")?)?,
            "--k" => options.fixed_k = Some(number("--k", value("--k")?)?),
            "--out" => options.out = Some(value("--out")?),
            other if other.starts_with("--") => {
                return Err(TuneError::Usage(format!("unknown option {other}")))
            }
            path if options.data.is_empty() => options.data = path.to_string(),
            extra => return Err(TuneError::Usage(format!("unexpected argument {extra:?}"))),
        }
    }
    if options.data.is_empty() {
        return Err(TuneError::Usage("no data file given".to_string()));
    }
    Ok(options)
}

/// One position as the tuner sees it: a sparse trace and the game's result.
struct Sample {
    /// Range of this sample's entries in [`DataSet::entries`].
    start: u32,
    end: u32,
    phase: f64,
    /// Endgame scale as a fraction, when the endgame half favours White / Black.
    scale: [f64; 2],
    result: f64,
}

/// All samples, their non-zero coefficients stored back to back.
struct DataSet {
    entries: Vec<(u16, f64)>,
    samples: Vec<Sample>,
}

fn parse_result(text: &str) -> Option<f64> {
    match text.trim() {
        "1.0" | "1" | "1-0" => Some(1.0),
        "0.5" | "1/2-1/2" => Some(0.5),
        "0.0" | "0" | "0-1" => Some(0.0),
        _ => None,
    }
}

fn load(path: &str) -> Result<DataSet, TuneError> {
    let text = fs::read_to_string(path).map_err(|e| TuneError::Io(path.to_string(), e))?;
    let (data, skipped) = parse_data(&text);
    if skipped > 0 {
        eprintln!("skipped {skipped} unreadable lines");
    }
    if data.samples.is_empty() {
        return Err(TuneError::NoData(path.to_string()));
    }
    Ok(data)
}

/// The samples of every readable `FEN;result` line, and how many lines were not.
fn parse_data(text: &str) -> (DataSet, usize) {
    let mut data = DataSet {
        entries: Vec::new(),
        samples: Vec::new(),
    };
    let mut skipped = 0usize;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parsed = line.split_once(';').and_then(|(fen, result)| {
            Some((Position::from_fen(fen.trim()).ok()?, parse_result(result)?))
        });
        let Some((pos, result)) = parsed else {
            skipped += 1;
            continue;
        };
        let trace = eval::trace(&pos);
        let start = data.entries.len() as u32;
        for (index, &c) in trace.coefficients.iter().enumerate() {
            if c != 0 {
                data.entries.push((index as u16, f64::from(c)));
            }
        }
        let to_fraction = |scale: i32| f64::from(scale) / f64::from(SCALE_NORMAL);
        data.samples.push(Sample {
            start,
            end: data.entries.len() as u32,
            phase: f64::from(trace.phase),
            scale: [to_fraction(trace.scale[0]), to_fraction(trace.scale[1])],
            result,
        });
    }
    (data, skipped)
}

/// The evaluation from White's view under real-valued weights, and the endgame scale
/// used: the same tapering as the engine, without its integer rounding.
fn evaluate(sample: &Sample, entries: &[(u16, f64)], mg: &[f64], eg: &[f64]) -> (f64, f64) {
    let (mut mg_sum, mut eg_sum) = (0.0, 0.0);
    for &(index, c) in &entries[sample.start as usize..sample.end as usize] {
        mg_sum += c * mg[index as usize];
        eg_sum += c * eg[index as usize];
    }
    let scale = sample.scale[usize::from(eg_sum < 0.0)];
    let score = (mg_sum * sample.phase + eg_sum * scale * (MAX_PHASE - sample.phase)) / MAX_PHASE;
    (score, scale)
}

/// Expected score for White of an evaluation.
fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn mean_squared_error(data: &DataSet, k: f64, mg: &[f64], eg: &[f64]) -> f64 {
    let total: f64 = data
        .samples
        .iter()
        .map(|sample| {
            let (score, _) = evaluate(sample, &data.entries, mg, eg);
            (sample.result - sigmoid(k, score)).powi(2)
        })
        .sum();
    total / data.samples.len() as f64
}

/// The K that makes the current weights predict the results best (golden-section search;
/// the error is unimodal in K).
fn fit_k(data: &DataSet, mg: &[f64], eg: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.05, 4.0);
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if mean_squared_error(data, a, mg, eg) < mean_squared_error(data, b, mg, eg) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Full-batch Adam on the mean squared error plus `options.l2` times the squared distance
/// of every weight from its starting value. Adam takes steps of about the same size for
/// every weight however rarely it is used; the pull towards the start keeps weights that
/// few positions inform (a queen in a corner) from drifting on noise.
fn tune(data: &DataSet, k: f64, mg: &mut [f64], eg: &mut [f64], options: &Options) {
    let (epochs, rate) = (options.epochs, options.learning_rate);
    let prior: Vec<f64> = mg.iter().chain(eg.iter()).copied().collect();
    let (beta1, beta2, epsilon) = (0.9f64, 0.999f64, 1e-8);
    let n = NUM_FEATURES;
    let (mut m, mut v) = (vec![0.0; 2 * n], vec![0.0; 2 * n]);
    let mut gradient = vec![0.0; 2 * n];
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for epoch in 1..=epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for sample in &data.samples {
            let (score, scale) = evaluate(sample, &data.entries, mg, eg);
            let p = sigmoid(k, score);
            let error = (p - sample.result) * p * (1.0 - p) * slope;
            let mg_share = error * sample.phase / MAX_PHASE;
            let eg_share = error * scale * (MAX_PHASE - sample.phase) / MAX_PHASE;
            for &(index, c) in &data.entries[sample.start as usize..sample.end as usize] {
                gradient[index as usize] += c * mg_share;
                gradient[n + index as usize] += c * eg_share;
            }
        }
        let (bias1, bias2) = (
            1.0 - beta1.powi(epoch as i32),
            1.0 - beta2.powi(epoch as i32),
        );
        for i in 0..2 * n {
            let current = if i < n { mg[i] } else { eg[i - n] };
            let g = 2.0 * gradient[i] / data.samples.len() as f64
                + 2.0 * options.l2 * (current - prior[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let step = rate * (m[i] / bias1) / ((v[i] / bias2).sqrt() + epsilon);
            if i < n {
                mg[i] -= step;
            } else {
                eg[i - n] -= step;
            }
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!(
                "epoch {epoch:5}  mse {:.6}",
                mean_squared_error(data, k, mg, eg)
            );
        }
    }
}

fn run(args: &[String]) -> Result<(), TuneError> {
    let options = parse_options(args)?;
    let data = load(&options.data)?;
    eprintln!(
        "{} positions, {} coefficients",
        data.samples.len(),
        data.entries.len()
    );
    let mut mg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.mg())).collect();
    let mut eg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.eg())).collect();
    let k = options.fixed_k.unwrap_or_else(|| fit_k(&data, &mg, &eg));
    let start_error = mean_squared_error(&data, k, &mg, &eg);
    eprintln!("K = {k:.4}, mse of the current weights {start_error:.6}");
    tune(&data, k, &mut mg, &mut eg, &options);
    let end_error = mean_squared_error(&data, k, &mg, &eg);
    let clamp = |x: f64| {
        x.round()
            .clamp(f64::from(i16::MIN / 2), f64::from(i16::MAX / 2)) as i32
    };
    let tuned: Vec<S> = mg
        .iter()
        .zip(&eg)
        .map(|(&m, &e)| s(clamp(m), clamp(e)))
        .collect();
    let tuned: [S; NUM_FEATURES] = tuned.try_into().expect("one weight per feature");
    let provenance = format!(
        "Tuned by texel-tune on {} positions ({} epochs, Adam rate {}, L2 {:e}): K = {k:.4},\n\
         mean squared error {start_error:.6} -> {end_error:.6}.",
        data.samples.len(),
        options.epochs,
        options.learning_rate,
        options.l2
    );
    let source = render_weights(&tuned, &provenance);
    match &options.out {
        Some(path) => fs::write(path, source).map_err(|e| TuneError::Io(path.clone(), e)),
        None => {
            print!("{source}");
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("texel-tune: {err}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DATA: &str = "\
rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;1.0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1;0.0
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5
4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1;1-0
not a fen;1.0
4k3/8/8/8/8/8/8/4K3 w - - 0 1;maybe
";

    #[test]
    fn reads_results_and_skips_bad_lines() {
        let (data, skipped) = parse_data(DATA);
        assert_eq!((data.samples.len(), skipped), (4, 2));
        let results: Vec<f64> = data.samples.iter().map(|s| s.result).collect();
        assert_eq!(results, [1.0, 0.0, 0.5, 1.0]);
    }

    #[test]
    fn float_evaluation_matches_the_engine() {
        let (data, _) = parse_data(DATA);
        let mg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.mg())).collect();
        let eg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.eg())).collect();
        for (sample, line) in data.samples.iter().zip(DATA.lines()) {
            let pos = Position::from_fen(line.split_once(';').unwrap().0).unwrap();
            let engine = f64::from(eval::trace(&pos).white_score(&WEIGHTS));
            let (tuner, _) = evaluate(sample, &data.entries, &mg, &eg);
            assert!((engine - tuner).abs() <= 1.0, "{line}: {engine} vs {tuner}");
        }
    }

    #[test]
    fn tuning_lowers_the_error() {
        let (data, _) = parse_data(DATA);
        let mut mg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.mg())).collect();
        let mut eg: Vec<f64> = WEIGHTS.iter().map(|w| f64::from(w.eg())).collect();
        let before = mean_squared_error(&data, 1.0, &mg, &eg);
        let options = parse_options(&["x".to_string(), "--epochs".to_string(), "50".to_string()]);
        tune(&data, 1.0, &mut mg, &mut eg, &options.unwrap());
        assert!(mean_squared_error(&data, 1.0, &mg, &eg) < before);
    }
}
