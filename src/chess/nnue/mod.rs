//! The chess side of the evaluation network: which inputs a position sets ([`features`]),
//! the evaluator a search thread updates move by move ([`evaluator`]), and the
//! network in use, embedded or loaded from a file ([`network`]).

pub mod evaluator;
pub mod features;
pub mod network;

#[cfg(test)]
mod tests;

pub use crate::nnue::evaluator::{evaluate, evaluate_from_scratch};
pub use evaluator::ChessEvaluator;
pub use features::{
    feature, output_bucket, Chess768, ChessFeatureId, ChessFeatures, KingBuckets4, KingBuckets7,
    Mirrored, Plain, View, EVAL_SCALE, INPUTS, OUTPUT_BUCKETS,
};
pub use network::{CHESS_NETWORK, EMBEDDED_NAME};
