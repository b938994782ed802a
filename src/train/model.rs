//! The float network being trained: `(inputs → hidden) × 2 → buckets`, every parameter in
//! one flat vector so the optimiser, the gradient sums and the checkpoints treat them
//! alike. [`Layout`] says where each layer lives in it.

use crate::rng::Rng;
use std::ops::Range;

/// Weights and biases are kept within this so that, scaled by the quantisation factors
/// (QA = 255 for the first layer, QB = 64 for the output), they fit `i16` with room for
/// the sums of up to 32 active features and for `clamp(x) · w` to fit `i16` exactly.
pub const WEIGHT_CLIP: f32 = 1.98;

/// Where each layer lives in the flat parameter vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Inputs per perspective.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
    /// `inputs × hidden`, one row of `hidden` per input.
    pub feature_weights: Range<usize>,
    /// `hidden`.
    pub feature_bias: Range<usize>,
    /// `buckets × 2 × hidden`, the side to move's half first.
    pub output_weights: Range<usize>,
    /// `buckets`.
    pub output_bias: Range<usize>,
}

impl Layout {
    /// The layout of a network of this shape.
    pub fn new(inputs: usize, hidden: usize, buckets: usize) -> Self {
        let fw = 0..inputs * hidden;
        let fb = fw.end..fw.end + hidden;
        let ow = fb.end..fb.end + buckets * 2 * hidden;
        let ob = ow.end..ow.end + buckets;
        Self {
            inputs,
            hidden,
            buckets,
            feature_weights: fw,
            feature_bias: fb,
            output_weights: ow,
            output_bias: ob,
        }
    }

    /// Parameters in all.
    pub fn len(&self) -> usize {
        self.output_bias.end
    }

    /// True for a network without parameters (never built).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Fresh parameters: uniform weights scaled to each layer's effective fan-in (about 32
/// active features, 2 × hidden activations), zero biases.
pub fn initial_parameters(layout: &Layout, rng: &mut Rng) -> Vec<f32> {
    let mut params = vec![0.0f32; layout.len()];
    let mut uniform = |range: Range<usize>, limit: f32| {
        for p in &mut params[range] {
            *p = (rng.unit_f32() * 2.0 - 1.0) * limit;
        }
    };
    uniform(layout.feature_weights.clone(), 1.0 / 32f32.sqrt());
    uniform(
        layout.output_weights.clone(),
        1.0 / ((2 * layout.hidden) as f32).sqrt(),
    );
    params
}

/// The squared clipped ReLU.
#[inline]
pub fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
