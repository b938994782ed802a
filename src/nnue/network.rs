//! A network ready for inference: the quantised weights of a checked file, with the
//! operations an evaluation needs: the accumulator's starting values, adding and
//! subtracting feature rows, and the output layer, each through the vector loops chosen
//! for the network when it was loaded ([`super::simd::Kernels`]).

use super::format::{read_network, FeatureSetId, NetworkError, NetworkShape, QuantisedWeights};
use super::simd::{self, Kernels};

/// A checked, quantised network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    weights: QuantisedWeights,
    kernels: Kernels,
}

impl Network {
    /// Reads a network file meant for the feature set `expected`.
    pub fn from_bytes(bytes: &[u8], expected: FeatureSetId) -> Result<Self, NetworkError> {
        Self::new(read_network(bytes, expected)?)
    }

    /// Wraps weights, checking that every layer has the length its shape says.
    pub fn new(weights: QuantisedWeights) -> Result<Self, NetworkError> {
        let s = &weights.shape;
        let lengths = [
            (weights.feature_weights.len(), s.inputs * s.hidden),
            (weights.feature_bias.len(), s.hidden),
            (weights.output_weights.len(), s.buckets * 2 * s.hidden),
            (weights.output_bias.len(), s.buckets),
        ];
        if lengths.iter().any(|(have, want)| have != want) || !s.hidden.is_multiple_of(simd::LANES)
        {
            return Err(NetworkError::Shape(format!(
                "layer lengths {lengths:?} do not fit the shape"
            )));
        }
        Ok(Self {
            kernels: Kernels::best(s.hidden),
            weights,
        })
    }

    /// Sizes and scales.
    pub fn shape(&self) -> &NetworkShape {
        &self.weights.shape
    }

    /// Hidden neurons per perspective: the length of an accumulator.
    #[inline]
    pub fn hidden(&self) -> usize {
        self.weights.shape.hidden
    }

    /// The accumulator of a perspective with no active feature.
    #[inline]
    pub fn bias(&self) -> &[i16] {
        &self.weights.feature_bias
    }

    /// `dst = src + Σ rows[adds] − Σ rows[subs]`: an accumulator (`hidden` values) moved
    /// by the inputs `adds` turned on and `subs` turned off (at most
    /// [`simd::MAX_ROWS`] each).
    #[inline]
    pub fn update(&self, dst: &mut [i16], src: &[i16], adds: &[u16], subs: &[u16]) {
        self.kernels
            .update(dst, src, &self.weights.feature_weights, adds, subs);
    }

    /// What input `feature` adds to an accumulator.
    #[inline]
    pub fn feature_row(&self, feature: usize) -> &[i16] {
        let h = self.hidden();
        &self.weights.feature_weights[feature * h..(feature + 1) * h]
    }

    /// The evaluation, in the game's units, of the accumulators `us` (the side to move's)
    /// and `them`, through output bucket `bucket`.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16], bucket: usize) -> i32 {
        let s = &self.weights.shape;
        let h = s.hidden;
        let weights = &self.weights.output_weights[bucket * 2 * h..(bucket + 1) * 2 * h];
        let qa = s.qa as i16;
        // Each activation is clamp(x, 0, QA)², in units of QA²: dividing once by QA leaves
        // the sum in units of QA·QB, the bias's unit.
        let dot = |acc: &[i16], weights: &[i16]| self.kernels.screlu_dot(acc, weights, qa);
        let sum = dot(us, &weights[..h]).wrapping_add(dot(them, &weights[h..]));
        let raw = i64::from(sum / s.qa) + i64::from(self.weights.output_bias[bucket]);
        (raw * i64::from(s.scale) / i64::from(s.qa * s.qb)) as i32
    }
}
