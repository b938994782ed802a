//! The command line of the trainer (`cargo run --release --bin train -- ...`).

use std::path::PathBuf;

/// The usage text, printed with every usage error.
pub const USAGE: &str =
    "usage: train --data FILE [--data FILE ...] --out DIR [--game chess|draughts]
             [--hidden N] [--epochs N] [--batch N] [--lr X] [--final-lr X] [--wdl X]
             [--decay X] [--mirror true|false] [--validation X | --validation-data FILE] [--threads N] [--seed S]
             [--resume CHECKPOINT] [--stop-after EPOCH]";

/// The game whose records and inputs are trained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainGame {
    /// Chess (768 inputs).
    Chess,
    /// International draughts (200 inputs).
    Draughts,
}

/// Everything a training run is told.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// The game.
    pub game: TrainGame,
    /// Data files (records of the chosen game), read whole.
    pub data: Vec<PathBuf>,
    /// Where the checkpoint, the networks and the loss curve go.
    pub out: PathBuf,
    /// Hidden neurons per perspective (a multiple of 16).
    pub hidden: usize,
    /// Epochs in all (a resumed run counts those already done).
    pub epochs: u32,
    /// Positions per optimiser step.
    pub batch: usize,
    /// Learning rate at the start.
    pub lr: f32,
    /// Learning rate at the end (cosine decay in between).
    pub final_lr: f32,
    /// Weight of the game result in the target (the rest is the search score).
    pub wdl: f32,
    /// AdamW weight decay.
    pub decay: f32,
    /// Whether the training positions are doubled by their mirror images where the game
    /// has that symmetry (chess: files a-h swapped).
    pub mirror: bool,
    /// Share of the data held out for validation (the end of the last file).
    pub validation: f64,
    /// A file of positions to validate on instead (other games, other seed).
    pub validation_data: Option<PathBuf>,
    /// Worker threads.
    pub threads: usize,
    /// Seed of the initial weights, the split and the shuffles.
    pub seed: u64,
    /// A checkpoint to continue from.
    pub resume: Option<PathBuf>,
    /// The epoch after which this run ends, leaving its checkpoint to resume from: a long
    /// training in slices, between other uses of the machine.
    pub stop_after: Option<u32>,
}

fn value<T: std::str::FromStr>(flag: &str, v: Option<&String>) -> Result<T, String> {
    let v = v.ok_or_else(|| format!("{flag} needs a value"))?;
    v.parse()
        .map_err(|_| format!("{flag} {v:?} is not a valid value"))
}

/// Parses the trainer's arguments.
pub fn parse_train_args(args: &[String]) -> Result<TrainOptions, String> {
    let mut o = TrainOptions {
        game: TrainGame::Chess,
        data: Vec::new(),
        out: PathBuf::new(),
        hidden: 256,
        epochs: 20,
        batch: 16_384,
        lr: 0.001,
        final_lr: 0.00001,
        wdl: 0.0,
        decay: 0.01,
        mirror: true,
        validation: 0.01,
        validation_data: None,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        seed: 1,
        resume: None,
        stop_after: None,
    };
    let mut iter = args.iter();
    while let Some(flag) = iter.next() {
        let next = iter.next();
        match flag.as_str() {
            "--game" => {
                o.game = match next.map(String::as_str) {
                    Some("chess") => TrainGame::Chess,
                    Some("draughts") => TrainGame::Draughts,
                    other => return Err(format!("--game {other:?}: chess or draughts")),
                }
            }
            "--data" => o.data.push(PathBuf::from(value::<String>(flag, next)?)),
            "--out" => o.out = PathBuf::from(value::<String>(flag, next)?),
            "--hidden" => o.hidden = value(flag, next)?,
            "--epochs" => o.epochs = value(flag, next)?,
            "--batch" => o.batch = value(flag, next)?,
            "--lr" => o.lr = value(flag, next)?,
            "--final-lr" => o.final_lr = value(flag, next)?,
            "--wdl" => o.wdl = value(flag, next)?,
            "--decay" => o.decay = value(flag, next)?,
            "--mirror" => o.mirror = value(flag, next)?,
            "--validation" => o.validation = value(flag, next)?,
            "--validation-data" => {
                o.validation_data = Some(PathBuf::from(value::<String>(flag, next)?));
            }
            "--threads" => o.threads = value(flag, next)?,
            "--seed" => o.seed = value(flag, next)?,
            "--resume" => o.resume = Some(PathBuf::from(value::<String>(flag, next)?)),
            "--stop-after" => o.stop_after = Some(value(flag, next)?),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if o.data.is_empty() || o.out.as_os_str().is_empty() {
        return Err("--data and --out are required".into());
    }
    if o.hidden == 0 || !o.hidden.is_multiple_of(16) || o.hidden > 2048 {
        return Err(format!(
            "--hidden {}: a multiple of 16 up to 2048",
            o.hidden
        ));
    }
    if o.epochs == 0 || o.batch == 0 || o.threads == 0 {
        return Err("--epochs, --batch and --threads must be at least 1".into());
    }
    if !(0.0..=1.0).contains(&o.wdl) || !(0.0..0.5).contains(&o.validation) {
        return Err("--wdl must lie in 0..1 and --validation in 0..0.5".into());
    }
    if !(o.lr > 0.0 && o.final_lr > 0.0 && o.final_lr <= o.lr) {
        return Err("learning rates must be positive, --final-lr at most --lr".into());
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn parses_and_refuses() {
        let o = parse_train_args(&args(
            "--data a.bin --data b.bin --out n --hidden 128 --wdl 0.5",
        ))
        .unwrap();
        assert_eq!(o.data.len(), 2);
        assert_eq!((o.hidden, o.wdl, o.game), (128, 0.5, TrainGame::Chess));
        let o = parse_train_args(&args("--data a --out n --game draughts")).unwrap();
        assert_eq!(o.game, TrainGame::Draughts);
        let o = parse_train_args(&args("--data a --out n --validation-data v.bin")).unwrap();
        assert_eq!(o.validation_data, Some(PathBuf::from("v.bin")));
        let o = parse_train_args(&args("--data a --out n --stop-after 3")).unwrap();
        assert_eq!(o.stop_after, Some(3));
        for bad in [
            "--out n",
            "--data a",
            "--data a --out n --hidden 100",
            "--data a --out n --wdl 2",
            "--data a --out n --lr 0.001 --final-lr 0.01",
            "--data a --out n --bogus 1",
            "--data a --out n --game go",
        ] {
            assert!(parse_train_args(&args(bad)).is_err(), "{bad}");
        }
    }
}
