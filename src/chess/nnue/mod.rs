//! The chess side of the evaluation network: which inputs a position sets
//! ([`features`]).

pub mod features;

pub use features::{feature, output_bucket, Chess768, EVAL_SCALE, INPUTS, OUTPUT_BUCKETS};
