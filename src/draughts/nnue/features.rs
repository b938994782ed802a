//! Draughts inputs of the network: 200 per perspective, one for each (side relative to the
//! perspective, man or king, square), the board turned half round for Black so both
//! perspectives see their own men moving up the board. The output bucket follows the
//! number of pieces left.

use crate::draughts::packed::PackedDraughts;
use crate::draughts::Color;
use crate::nnue::data::TrainingRecord;
use crate::nnue::features::{ActiveFeatures, FeatureSet};
use crate::nnue::FeatureSetId;

/// Inputs per perspective.
pub const INPUTS: usize = 200;
/// Output buckets, by the number of pieces on the board (the file format checks that a
/// network has exactly these).
pub const OUTPUT_BUCKETS: usize = FeatureSetId::Draughts200.buckets();
/// Hundredths of a man per unit of network output (the sigmoid's scale in training):
/// in self-play a lead of 1-2 men scored about 0.76, of 2-4 men about 0.88.
pub const EVAL_SCALE: i32 = 200;

/// The input a `color` piece (a king when `king`) on square `number` (1..=50) sets for
/// `perspective`.
#[inline]
pub fn feature(perspective: Color, color: Color, king: bool, number: u8) -> usize {
    let relative = usize::from(color != perspective);
    let square = match perspective {
        Color::White => usize::from(number) - 1,
        Color::Black => 50 - usize::from(number),
    };
    (relative * 2 + usize::from(king)) * 50 + square
}

/// The output bucket of a position with `pieces` pieces (1..=40).
#[inline]
pub fn output_bucket(pieces: u32) -> usize {
    ((pieces as usize).saturating_sub(1) / 5).min(OUTPUT_BUCKETS - 1)
}

/// International draughts as the trainer sees it.
pub struct Draughts200;

impl FeatureSet for Draughts200 {
    type Record = PackedDraughts;
    const ID: FeatureSetId = FeatureSetId::Draughts200;
    const INPUTS: usize = INPUTS;
    const BUCKETS: usize = OUTPUT_BUCKETS;
    const SCALE: f32 = EVAL_SCALE as f32;

    fn active_features(record: &PackedDraughts, out: &mut ActiveFeatures) {
        let us = record.side_to_move();
        out.len = 0;
        for color in [Color::White, Color::Black] {
            let (men, kings) = record.men_and_kings(color);
            for (set, king) in [(men, false), (kings, true)] {
                let mut bits = set;
                while bits != 0 {
                    let number = bits.trailing_zeros() as u8 + 1;
                    bits &= bits - 1;
                    out.push(
                        feature(us, color, king, number),
                        feature(us.opponent(), color, king, number),
                    );
                }
            }
        }
    }

    fn bucket(record: &PackedDraughts) -> usize {
        output_bucket(record.piece_count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perspectives_turn_the_board() {
        // White's man on 46 seen by White is Black's man on 5 seen by Black.
        assert_eq!(
            feature(Color::White, Color::White, false, 46),
            feature(Color::Black, Color::Black, false, 5)
        );
        assert_eq!(feature(Color::White, Color::Black, true, 50), 149 + 50);
        assert_eq!(feature(Color::Black, Color::White, false, 1), 100 + 49);
        assert_eq!((output_bucket(1), output_bucket(40)), (0, 7));
    }
}
