//! AdamW (Adam with decoupled weight decay) over the flat parameter vector, with every
//! weight clipped after each step so the quantised network can hold it.

use super::model::WEIGHT_CLIP;
use rayon::prelude::*;

/// Elements per parallel task.
const CHUNK: usize = 1 << 14;

/// AdamW state: first and second moment estimates per parameter.
#[derive(Clone, Debug)]
pub struct AdamW {
    /// First moments.
    pub m: Vec<f32>,
    /// Second moments.
    pub v: Vec<f32>,
    /// Steps taken (for bias correction).
    pub steps: u64,
    beta1: f32,
    beta2: f32,
    epsilon: f32,
    decay: f32,
}

impl AdamW {
    /// Fresh state for `n` parameters, with weight decay `decay`.
    pub fn new(n: usize, decay: f32) -> Self {
        Self {
            m: vec![0.0; n],
            v: vec![0.0; n],
            steps: 0,
            beta1: 0.9,
            beta2: 0.999,
            epsilon: 1e-8,
            decay,
        }
    }

    /// One step: `grad` is the mean gradient of the batch. Parameters from `clip_from`
    /// on (the output bias) are neither decayed nor clipped.
    pub fn step(&mut self, params: &mut [f32], grad: &[f32], lr: f32, clip_until: usize) {
        self.steps += 1;
        let (b1, b2, eps, decay) = (self.beta1, self.beta2, self.epsilon, self.decay);
        let correction1 = 1.0 - b1.powi(self.steps.min(i32::MAX as u64) as i32);
        let correction2 = 1.0 - b2.powi(self.steps.min(i32::MAX as u64) as i32);
        let step_size = lr / correction1;
        params
            .par_chunks_mut(CHUNK)
            .zip(grad.par_chunks(CHUNK))
            .zip(self.m.par_chunks_mut(CHUNK))
            .zip(self.v.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(chunk, (((p, g), m), v))| {
                let base = chunk * CHUNK;
                for i in 0..p.len() {
                    m[i] = b1 * m[i] + (1.0 - b1) * g[i];
                    v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
                    let update = step_size * m[i] / ((v[i] / correction2).sqrt() + eps);
                    if base + i < clip_until {
                        p[i] =
                            (p[i] * (1.0 - lr * decay) - update).clamp(-WEIGHT_CLIP, WEIGHT_CLIP);
                    } else {
                        p[i] -= update;
                    }
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descends_a_quadratic_and_clips() {
        // f(p) = (p0 - 1)² + (p1 - 5)²; p1 is clipped, p2 (unclipped) goes to 5 freely.
        let mut params = vec![0.0f32, 0.0, 0.0];
        let mut adam = AdamW::new(3, 0.0);
        for _ in 0..3000 {
            let grad = [
                2.0 * (params[0] - 1.0),
                2.0 * (params[1] - 5.0),
                2.0 * (params[2] - 5.0),
            ];
            adam.step(&mut params, &grad, 0.01, 2);
        }
        assert!((params[0] - 1.0).abs() < 0.01, "{params:?}");
        assert_eq!(params[1], WEIGHT_CLIP);
        assert!((params[2] - 5.0).abs() < 0.05, "{params:?}");
    }
}
