//! Learning an evaluation from self-play, in pure Rust on the CPU, from the data and
//! inputs of [`crate::nnue::data`] and [`crate::nnue::features`]: the float network and
//! its sparse gradient ([`model`],
//! [`gradient`]), AdamW ([`optimizer`]), checkpoints, the quantised export, the loss
//! curve, and the loop that ties them together ([`trainer`]). Its command line is
//! `tvilling train` ([`options`]; run by `cli/train.rs`).

pub mod checkpoint;
pub mod export;
pub mod gradient;
pub mod model;
pub mod optimizer;
pub mod options;
pub mod plot;
pub mod trainer;

#[cfg(test)]
mod tests;

pub use options::{TrainGame, TrainOptions};
pub use trainer::{train, EpochReport, TrainError};
