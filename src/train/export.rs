//! From float parameters to the quantised network file the engine reads.

use super::model::Layout;
use crate::nnue::features::FeatureSet;
use crate::nnue::{NetworkShape, QuantisedWeights};

/// First-layer scale: a clipped activation of 1.0 becomes 255.
pub const QA: i32 = 255;
/// Output-layer scale.
pub const QB: i32 = 64;

fn quantise(values: &[f32], scale: i32) -> Vec<i16> {
    values
        .iter()
        .map(|&v| {
            (v * scale as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        })
        .collect()
}

/// The quantised form of `params`.
pub fn quantise_network<F: FeatureSet>(params: &[f32], layout: &Layout) -> QuantisedWeights {
    QuantisedWeights {
        shape: NetworkShape {
            features: F::ID,
            inputs: layout.inputs,
            hidden: layout.hidden,
            buckets: layout.buckets,
            qa: QA,
            qb: QB,
            scale: F::SCALE as i32,
        },
        feature_weights: quantise(&params[layout.feature_weights.clone()], QA),
        feature_bias: quantise(&params[layout.feature_bias.clone()], QA),
        output_weights: quantise(&params[layout.output_weights.clone()], QB),
        output_bias: params[layout.output_bias.clone()]
            .iter()
            .map(|&b| (b * (QA * QB) as f32).round() as i32)
            .collect(),
    }
}
