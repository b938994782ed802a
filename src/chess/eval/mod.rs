//! The hand-written chess evaluation: a tapered (midgame/endgame by game phase) sum of
//! linear terms, with weights fitted to game results by Texel's method (see [`WEIGHTS`]).
//! The network is the default evaluation; this one plays with `Use NNUE` off.
//!
//! The seam: the search sees only [`evaluate`], so a network can replace this whole
//! module behind the same function. Every term is written once, generic over an
//! [`Accumulator`]: the engine's accumulator sums weights, the trace records how often
//! each weight was used ([`trace`]). The UCI `eval` table is built from the trace, and the
//! unit tests check that the two agree to the centipawn.
//!
//! Conventions: terms are added per colour and counted White minus Black; the final score
//! is turned to the side to move's view. Weights live in one flat vector ([`WEIGHTS`])
//! whose layout is in [`features`].

mod explain;
pub mod features;
mod king;
mod pawns;
mod pieces;
mod scale;
mod score;
mod threats;
mod weights;

#[cfg(test)]
mod tests;

pub use explain::{eval_report, explain};
pub use features::NUM_FEATURES;
pub use scale::SCALE_NORMAL;
pub use score::{s, S};
pub use weights::WEIGHTS;

use super::piece::{Color, PieceKind};
use super::position::Position;

/// Phase of a position with every piece on the board; 0 is a pawn (or bare king) ending.
pub const MAX_PHASE: i32 = 24;

/// Receives each evaluation term: `count` uses of weight `feature` in favour of `color`.
trait Accumulator {
    /// Adds one term.
    fn add(&mut self, color: Color, feature: usize, count: i32);
}

/// The weights at one address: indexing a `const` array with a run-time index may copy
/// the whole array first.
static WEIGHT_TABLE: [S; NUM_FEATURES] = WEIGHTS;

/// The engine's accumulator: the weighted sum of each colour's terms, kept apart so adding
/// a term needs no branch on the colour.
struct WeightedSum([S; 2]);

impl Accumulator for WeightedSum {
    #[inline]
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.0[color.index()] += WEIGHT_TABLE[feature] * count;
    }
}

/// The evaluation of one position as coefficients of the weights, term by term.
#[derive(Clone, Debug)]
pub struct Trace {
    /// Uses of each weight, White minus Black.
    pub coefficients: [i16; NUM_FEATURES],
    /// Game phase, `0..=MAX_PHASE`.
    pub phase: i32,
    /// Endgame scale (out of [`SCALE_NORMAL`]) when the endgame half favours White
    /// (index 0, also used at zero) or Black (index 1).
    pub scale: [i32; 2],
}

impl Accumulator for Trace {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        let signed = match color {
            Color::White => count,
            Color::Black => -count,
        };
        self.coefficients[feature] += signed as i16;
    }
}

impl Trace {
    /// The evaluation from White's view under `weights`; equals [`evaluate`] (turned to
    /// White's view) when `weights` is [`WEIGHTS`].
    pub fn white_score(&self, weights: &[S; NUM_FEATURES]) -> i32 {
        let mut total = S::default();
        for (coefficient, weight) in self.coefficients.iter().zip(weights) {
            total += *weight * i32::from(*coefficient);
        }
        let scale = self.scale[usize::from(total.eg() < 0)];
        taper(total.mg(), total.eg(), self.phase, scale)
    }
}

/// Static evaluation in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let mut sum = WeightedSum([S::default(); 2]);
    add_terms(pos, &mut sum);
    let total = sum.0[0] - sum.0[1];
    let strong = if total.eg() < 0 {
        Color::Black
    } else {
        Color::White
    };
    let scale = scale::endgame_scale(pos, strong);
    let white_view = taper(total.mg(), total.eg(), phase(pos), scale);
    match pos.side_to_move() {
        Color::White => white_view,
        Color::Black => -white_view,
    }
}

/// The coefficients, phase and scales of `pos`.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace {
        coefficients: [0; NUM_FEATURES],
        phase: phase(pos),
        scale: [
            scale::endgame_scale(pos, Color::White),
            scale::endgame_scale(pos, Color::Black),
        ],
    };
    add_terms(pos, &mut trace);
    trace
}

/// Blends the midgame and (scaled) endgame halves by phase. Integer arithmetic, shared by
/// the engine and the trace so both round the same way.
#[inline]
pub fn taper(mg: i32, eg: i32, phase: i32, scale: i32) -> i32 {
    (mg * phase + eg * scale / SCALE_NORMAL * (MAX_PHASE - phase)) / MAX_PHASE
}

/// Game phase from the pieces left: minor 1, rook 2, queen 4, capped at [`MAX_PHASE`]
/// (promotions can exceed the starting total).
pub fn phase(pos: &Position) -> i32 {
    let count = |kind| pos.kind_bb(kind).count() as i32;
    let minors = count(PieceKind::Knight) + count(PieceKind::Bishop);
    (minors + 2 * count(PieceKind::Rook) + 4 * count(PieceKind::Queen)).min(MAX_PHASE)
}

/// Every term of the evaluation, in the order they depend on each other: the piece pass
/// builds the attack maps the pawn, king and threat terms read.
fn add_terms<A: Accumulator>(pos: &Position, acc: &mut A) {
    let attacks = pieces::add_piece_terms(pos, acc);
    pawns::add_pawn_terms(pos, &attacks, acc);
    king::add_king_terms(pos, &attacks, acc);
    threats::add_threat_terms(pos, &attacks, acc);
    acc.add(pos.side_to_move(), features::TEMPO, 1);
}
