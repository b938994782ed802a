//! The command line of the trainer (`tvilling train ...`): everything a training run is
//! told, read by clap straight into [`TrainOptions`].

use clap::builder::{PossibleValuesParser, RangedU64ValueParser, TypedValueParser};
use std::path::PathBuf;

/// The game whose records and inputs are trained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainGame {
    /// Chess (768 inputs).
    Chess,
    /// International draughts (200 inputs).
    Draughts,
}

/// Which chess inputs the network reads (see `FeatureSetId`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessInputs {
    /// 768: colour, kind and square of each piece.
    Plain,
    /// The 768 with the board mirrored so each side's king stands on the e-h files.
    Mirrored,
    /// The mirrored 768 once per king bucket (4, by the king's rank): 3,072.
    #[value(name = "king-buckets-4")]
    KingBuckets4,
    /// The mirrored 768 once per king bucket (7, by the king's square, Reckless 0.8's
    /// layout): 5,376.
    #[value(name = "king-buckets-7")]
    KingBuckets7,
}

/// Everything a training run is told.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Clone, Debug, PartialEq)]
pub struct TrainOptions {
    /// The game.
    #[arg(long, default_value = "chess",
          value_parser = PossibleValuesParser::new(["chess", "draughts"])
              .map(|g| if g == "chess" { TrainGame::Chess } else { TrainGame::Draughts }))]
    pub game: TrainGame,
    /// The chess inputs (draughts has one set).
    #[arg(long, value_enum, default_value = "plain")]
    pub features: ChessInputs,
    /// Data files (records of the chosen game), read whole; repeatable.
    #[arg(long, value_name = "FILE", required = true)]
    pub data: Vec<PathBuf>,
    /// Where the checkpoint, the networks and the loss curve go.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Hidden neurons per perspective (a multiple of 16, at most 2048).
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = hidden_size)]
    pub hidden: usize,
    /// Epochs in all (a resumed run counts those already done).
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub epochs: u32,
    /// Positions per optimiser step.
    #[arg(long, value_name = "N", default_value_t = 16_384,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    pub batch: usize,
    /// Learning rate at the start.
    #[arg(long, value_name = "X", default_value_t = 0.001, value_parser = positive)]
    pub lr: f32,
    /// Learning rate at the end (cosine decay in between; at most --lr).
    #[arg(long, value_name = "X", default_value_t = 0.00001, value_parser = positive)]
    pub final_lr: f32,
    /// Weight of the game result in the target, 0..=1 (the rest is the search score).
    #[arg(long, value_name = "X", default_value_t = 0.0, value_parser = unit_share)]
    pub wdl: f32,
    /// AdamW weight decay.
    #[arg(long, value_name = "X", default_value_t = 0.01)]
    pub decay: f32,
    /// Whether the training positions are doubled by their mirror images where the game
    /// has that symmetry (chess: files a-h swapped).
    #[arg(long, value_name = "BOOL", default_value_t = true, action = clap::ArgAction::Set)]
    pub mirror: bool,
    /// Share of the data held out for validation (the end of the last file), below 0.5.
    #[arg(long, value_name = "X", default_value_t = 0.01, value_parser = held_out_share)]
    pub validation: f64,
    /// A file of positions to validate on instead (other games, other seed).
    #[arg(long, value_name = "FILE")]
    pub validation_data: Option<PathBuf>,
    /// Worker threads [default: one per core].
    #[arg(long, value_name = "N", default_value_t = available_threads(),
          hide_default_value = true,
          value_parser = RangedU64ValueParser::<usize>::new().range(1..))]
    pub threads: usize,
    /// Seed of the initial weights, the split and the shuffles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// A checkpoint to continue from.
    #[arg(long, value_name = "CHECKPOINT")]
    pub resume: Option<PathBuf>,
    /// The epoch after which this run ends, leaving its checkpoint to resume from: a long
    /// training in slices, between other uses of the machine.
    #[arg(long, value_name = "EPOCH")]
    pub stop_after: Option<u32>,
}

impl TrainOptions {
    /// What clap cannot check flag by flag: the learning rate may only fall, and only chess
    /// has a choice of inputs.
    pub fn check(&self) -> Result<(), String> {
        if self.game == TrainGame::Draughts && self.features != ChessInputs::Plain {
            return Err("--features chooses chess inputs; draughts has one set".into());
        }
        if self.final_lr > self.lr {
            return Err(format!(
                "--final-lr {} is above --lr {}: the rate may only fall",
                self.final_lr, self.lr
            ));
        }
        Ok(())
    }
}

fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn hidden_size(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 && n.is_multiple_of(16) && n <= 2048 => Ok(n),
        _ => Err("expected a multiple of 16 up to 2048".into()),
    }
}

fn positive(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err("expected a positive number".into()),
    }
}

fn unit_share(text: &str) -> Result<f32, String> {
    match text.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err("expected a number in 0..=1".into()),
    }
}

fn held_out_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..0.5).contains(&x) => Ok(x),
        _ => Err("expected a number in 0..0.5".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_train_args(line: &str) -> Result<TrainOptions, String> {
        let options =
            TrainOptions::try_parse_from(std::iter::once("train").chain(line.split_whitespace()))
                .map_err(|e| e.to_string())?;
        options.check()?;
        Ok(options)
    }

    #[test]
    fn parses_and_refuses() {
        let o =
            parse_train_args("--data a.bin --data b.bin --out n --hidden 128 --wdl 0.5").unwrap();
        assert_eq!(o.data.len(), 2);
        assert_eq!((o.hidden, o.wdl, o.game), (128, 0.5, TrainGame::Chess));
        let o = parse_train_args("--data a --out n --game draughts").unwrap();
        assert_eq!(o.game, TrainGame::Draughts);
        let o = parse_train_args("--data a --out n --features king-buckets-4").unwrap();
        assert_eq!(o.features, ChessInputs::KingBuckets4);
        let o = parse_train_args("--data a --out n --features king-buckets-7").unwrap();
        assert_eq!(o.features, ChessInputs::KingBuckets7);
        assert!(parse_train_args("--data a --out n --game draughts --features mirrored").is_err());
        let o = parse_train_args("--data a --out n --validation-data v.bin").unwrap();
        assert_eq!(o.validation_data, Some(PathBuf::from("v.bin")));
        let o = parse_train_args("--data a --out n --stop-after 3").unwrap();
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
            assert!(parse_train_args(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn defaults_are_the_documented_ones() {
        let o = parse_train_args("--data a --out n").unwrap();
        assert_eq!((o.hidden, o.epochs, o.batch), (256, 20, 16_384));
        assert_eq!(
            (o.lr, o.final_lr, o.wdl, o.decay),
            (0.001, 0.00001, 0.0, 0.01)
        );
        assert_eq!((o.mirror, o.validation, o.seed), (true, 0.01, 1));
        assert!(o.threads >= 1 && o.resume.is_none() && o.stop_after.is_none());
    }
}
