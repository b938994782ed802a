//! The game-independent half of the evaluation network: the file format ([`format`]), the
//! checked network ready for inference ([`network`]), a search thread's accumulators along
//! its path ([`accumulator`]) with its cache of renewed ones ([`refresh_cache`]) and the
//! evaluator that drives them ([`evaluator`]), the vector loops ([`simd`]) and the network
//! in use, embedded or loaded from a file ([`slot`]). Each game brings its own inputs and says which a move changes
//! ([`evaluator::NetworkInputs`]; chess: `chess::nnue`).
//!
//! The training data ([`data`], [`game_file`]) and the inputs as the trainer sees
//! them ([`features`]) live here too, below the rules that write them and the trainer that
//! reads them.

pub mod accumulator;
pub mod data;
pub mod evaluator;
pub mod features;
pub mod format;
pub mod game_file;
pub mod network;
pub mod refresh_cache;
pub mod simd;
pub mod slot;

pub use format::{FeatureSetId, NetworkError, NetworkShape, QuantisedWeights};
pub use network::Network;
pub use slot::{NetworkFileError, NetworkSlot};
