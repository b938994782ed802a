//! `cargo run --release --bin train -- --data FILE --out DIR [...]`: trains an evaluation
//! network on `tvilling datagen` data and writes `DIR/final.nnue` (see `tvilling::train`).

use std::process::ExitCode;
use tvilling::chess::nnue::Chess768;
use tvilling::draughts::nnue::Draughts200;
use tvilling::train::{parse_train_args, train, TrainGame, USAGE};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_train_args(&args) {
        Ok(o) => o,
        Err(why) => {
            eprintln!("train: {why}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    let trained = match options.game {
        TrainGame::Chess => train::<Chess768>(&options),
        TrainGame::Draughts => train::<Draughts200>(&options),
    };
    match trained {
        Ok(reports) => {
            if let Some(last) = reports.last() {
                eprintln!(
                    "train: done, validation loss {:.6}; network in {}",
                    last.validation_loss,
                    options.out.join("final.nnue").display()
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("train: {e}");
            ExitCode::FAILURE
        }
    }
}
