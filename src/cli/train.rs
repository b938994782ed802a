//! `tvilling train --data FILE --out DIR [...]`: trains an evaluation network on
//! `tvilling datagen` data and writes `DIR/final.nnue` (see [`crate::train`], whose
//! options module holds the flags).

use crate::chess::nnue::{Chess768, ChessFeatures, KingBuckets4, KingBuckets7, Mirrored};
use crate::draughts::nnue::Draughts200;
use crate::train::options::ChessInputs;
use crate::train::{train, TrainError, TrainGame, TrainOptions};

/// Runs `tvilling train`: progress and the final validation loss on stderr.
pub fn run_train(options: &TrainOptions) -> Result<(), TrainError> {
    let reports = match options.game {
        TrainGame::Chess => match options.features {
            ChessInputs::Plain => train::<Chess768>(options)?,
            ChessInputs::Mirrored => train::<ChessFeatures<Mirrored>>(options)?,
            ChessInputs::KingBuckets4 => train::<ChessFeatures<KingBuckets4>>(options)?,
            ChessInputs::KingBuckets7 => train::<ChessFeatures<KingBuckets7>>(options)?,
        },
        TrainGame::Draughts => train::<Draughts200>(options)?,
    };
    if let Some(last) = reports.last() {
        eprintln!(
            "train: done, validation loss {:.6}; network in {}",
            last.validation_loss,
            options.out.join("final.nnue").display()
        );
    }
    Ok(())
}
