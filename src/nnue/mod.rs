//! The game-independent half of the evaluation network: the file format ([`format`]).
//! Each game brings its own feature indexing (chess: `chess::nnue`).

pub mod format;

pub use format::{FeatureSetId, NetworkError, NetworkShape, QuantisedWeights};
