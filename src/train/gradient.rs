//! Forward and backward passes over a slice of a batch, one thread's share: the loss of
//! each position and the gradient of every parameter, summed into a buffer the thread
//! owns. The feature layer is sparse: only the rows of active features are read and
//! written.

use super::model::{screlu, sigmoid, Layout};
use crate::nnue::features::{ActiveFeatures, FeatureSet};

/// What the loss compares the network with.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// Weight of the game result against the search score (0: score only, 1: result only).
    pub wdl: f32,
}

/// Scratch space for one thread: two accumulators and their gradients.
pub struct Scratch {
    us: Vec<f32>,
    them: Vec<f32>,
    grad_us: Vec<f32>,
    grad_them: Vec<f32>,
    active: ActiveFeatures,
}

impl Scratch {
    /// Scratch for a network with `hidden` neurons per perspective.
    pub fn new(hidden: usize) -> Self {
        Self {
            us: vec![0.0; hidden],
            them: vec![0.0; hidden],
            grad_us: vec![0.0; hidden],
            grad_them: vec![0.0; hidden],
            active: ActiveFeatures::default(),
        }
    }
}

/// The network's output (before the sigmoid) for one record; fills the accumulators.
fn forward<F: FeatureSet>(
    params: &[f32],
    layout: &Layout,
    record: &F::Record,
    s: &mut Scratch,
) -> (f32, usize) {
    let h = layout.hidden;
    F::active_features(record, &mut s.active);
    let bias = &params[layout.feature_bias.clone()];
    s.us.copy_from_slice(bias);
    s.them.copy_from_slice(bias);
    let weights = &params[layout.feature_weights.clone()];
    for i in 0..s.active.len {
        let row_us = &weights[usize::from(s.active.us[i]) * h..][..h];
        let row_them = &weights[usize::from(s.active.them[i]) * h..][..h];
        for ((a, b), (&wu, &wt)) in
            s.us.iter_mut()
                .zip(s.them.iter_mut())
                .zip(row_us.iter().zip(row_them))
        {
            *a += wu;
            *b += wt;
        }
    }
    let bucket = F::bucket(record);
    let out_w = &params[layout.output_weights.start + bucket * 2 * h..][..2 * h];
    let mut out = params[layout.output_bias.start + bucket];
    for i in 0..h {
        out += screlu(s.us[i]) * out_w[i] + screlu(s.them[i]) * out_w[h + i];
    }
    (out, bucket)
}

/// The training target of a record, in probability space.
#[inline]
fn target<F: FeatureSet>(record: &F::Record, t: Target) -> f32 {
    use crate::nnue::data::TrainingRecord;
    let score = sigmoid(f32::from(record.score()) / F::SCALE);
    t.wdl * record.outcome().points() + (1.0 - t.wdl) * score
}

/// Adds the gradient of the summed loss over `records` to `grad`; returns the summed loss.
pub fn accumulate_gradient<F: FeatureSet>(
    params: &[f32],
    layout: &Layout,
    records: &[F::Record],
    t: Target,
    grad: &mut [f32],
    s: &mut Scratch,
) -> f64 {
    let h = layout.hidden;
    let mut loss = 0.0f64;
    for record in records {
        let (out, bucket) = forward::<F>(params, layout, record, s);
        let p = sigmoid(out);
        let diff = p - target::<F>(record, t);
        loss += f64::from(diff * diff);
        let g = 2.0 * diff * p * (1.0 - p);

        let ow_start = layout.output_weights.start + bucket * 2 * h;
        grad[layout.output_bias.start + bucket] += g;
        let out_w = &params[ow_start..ow_start + 2 * h];
        {
            let grad_out = &mut grad[ow_start..ow_start + 2 * h];
            for i in 0..h {
                let (u, v) = (s.us[i], s.them[i]);
                grad_out[i] += g * screlu(u);
                grad_out[h + i] += g * screlu(v);
                // d screlu / dx = 2x inside (0, 1), else 0.
                s.grad_us[i] = if u > 0.0 && u < 1.0 {
                    g * out_w[i] * 2.0 * u
                } else {
                    0.0
                };
                s.grad_them[i] = if v > 0.0 && v < 1.0 {
                    g * out_w[h + i] * 2.0 * v
                } else {
                    0.0
                };
            }
        }
        for ((gb, &a), &b) in grad[layout.feature_bias.clone()]
            .iter_mut()
            .zip(&s.grad_us)
            .zip(&s.grad_them)
        {
            *gb += a + b;
        }
        let fw = layout.feature_weights.start;
        for i in 0..s.active.len {
            let row = fw + usize::from(s.active.us[i]) * h;
            for (gw, &a) in grad[row..row + h].iter_mut().zip(&s.grad_us) {
                *gw += a;
            }
            let row = fw + usize::from(s.active.them[i]) * h;
            for (gw, &b) in grad[row..row + h].iter_mut().zip(&s.grad_them) {
                *gw += b;
            }
        }
    }
    loss
}

/// The summed loss over `records`, without gradients (validation).
pub fn summed_loss<F: FeatureSet>(
    params: &[f32],
    layout: &Layout,
    records: &[F::Record],
    t: Target,
    s: &mut Scratch,
) -> f64 {
    records
        .iter()
        .map(|record| {
            let (out, _) = forward::<F>(params, layout, record, s);
            let diff = sigmoid(out) - target::<F>(record, t);
            f64::from(diff * diff)
        })
        .sum()
}

/// The network's evaluation of a record in the game's units (for checking the export).
pub fn evaluate<F: FeatureSet>(params: &[f32], layout: &Layout, record: &F::Record) -> f32 {
    let mut s = Scratch::new(layout.hidden);
    forward::<F>(params, layout, record, &mut s).0 * F::SCALE
}
