//! Chess inputs of the network: 768 per perspective, one for each (colour relative to the
//! perspective, piece kind, square), the square mirrored vertically for Black so both
//! perspectives see their own pieces coming up the board. The output bucket grows with
//! the material on the board.

use crate::chess::{Color, PackedPosition, Piece, Square};
use crate::nnue::data::TrainingRecord;
use crate::nnue::features::{ActiveFeatures, FeatureSet};
use crate::nnue::FeatureSetId;

/// Inputs per perspective.
pub const INPUTS: usize = 768;
/// Output buckets, by the number of pieces on the board (the file format checks that a
/// network has exactly these).
pub const OUTPUT_BUCKETS: usize = FeatureSetId::Chess768.buckets();
/// Centipawns per unit of network output (the sigmoid's scale in training).
pub const EVAL_SCALE: i32 = 400;

/// The input `piece` on `sq` sets for `perspective`.
#[inline]
pub fn feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    let relative = usize::from(piece.color != perspective);
    let sq = match perspective {
        Color::White => sq.index(),
        Color::Black => sq.index() ^ 56,
    };
    relative * 384 + piece.kind.index() * 64 + sq
}

/// The output bucket of a position with `pieces` pieces (kings included, 2..=32).
#[inline]
pub fn output_bucket(pieces: u32) -> usize {
    ((pieces as usize).saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
}

/// Chess as the trainer sees it.
pub struct Chess768;

impl FeatureSet for Chess768 {
    type Record = PackedPosition;
    const ID: FeatureSetId = FeatureSetId::Chess768;
    const INPUTS: usize = INPUTS;
    const BUCKETS: usize = OUTPUT_BUCKETS;
    const SCALE: f32 = EVAL_SCALE as f32;

    fn active_features(record: &PackedPosition, out: &mut ActiveFeatures) {
        let us = record.side_to_move();
        out.len = 0;
        for (sq, piece) in record.pieces() {
            out.push(feature(us, piece, sq), feature(us.flip(), piece, sq));
        }
    }

    fn bucket(record: &PackedPosition) -> usize {
        output_bucket(record.piece_count())
    }

    fn mirrored(record: &PackedPosition) -> Option<PackedPosition> {
        Some(record.mirrored_files())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::PieceKind;

    #[test]
    fn perspectives_mirror_each_other() {
        let white_pawn_e2 = Piece::new(PieceKind::Pawn, Color::White);
        let black_pawn_e7 = Piece::new(PieceKind::Pawn, Color::Black);
        let e2 = Square::parse("e2").unwrap();
        let e7 = Square::parse("e7").unwrap();
        assert_eq!(
            feature(Color::White, white_pawn_e2, e2),
            feature(Color::Black, black_pawn_e7, e7)
        );
        assert_eq!(feature(Color::White, white_pawn_e2, e2), 12);
        assert_eq!(feature(Color::Black, white_pawn_e2, e2), 384 + 52);
        let king = Piece::new(PieceKind::King, Color::Black);
        assert!(feature(Color::White, king, Square::parse("h8").unwrap()) < INPUTS);
        assert_eq!((output_bucket(2), output_bucket(32)), (0, 7));
    }
}
