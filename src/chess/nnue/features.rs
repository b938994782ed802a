//! Chess inputs of the network: 768 per perspective, one for each (colour relative to the
//! perspective, piece kind, square), the square mirrored vertically for Black so both
//! perspectives see their own pieces coming up the board; in the king-relative feature
//! sets also mirrored left to right so the perspective's king stands on the e-h files, and
//! repeated once per king bucket (4 by the king's rank, or 7 by its square). The output bucket grows with the material on the board.

use crate::chess::{Color, PackedPosition, Piece, PieceKind, Square};
use crate::nnue::features::{ActiveFeatures, FeatureSet};
use crate::nnue::FeatureSetId;
use std::marker::PhantomData;

/// Inputs per perspective of the plain feature set.
pub const INPUTS: usize = 768;
/// Output buckets, by the number of pieces on the board (the file format checks that a
/// network has exactly these).
pub const OUTPUT_BUCKETS: usize = FeatureSetId::Chess768.buckets();
/// Centipawns per unit of network output (the sigmoid's scale in training).
pub const EVAL_SCALE: i32 = 400;

/// How one perspective sees the board under a feature set: which block of inputs its king
/// bucket uses, and how squares are turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// First input of the king bucket's block.
    base: u16,
    /// XOR applied to square indices: 56 turns the board for Black, 7 mirrors the files.
    flip: u8,
    /// The refresh slot of the view: its king bucket, and whether the board is mirrored.
    slot: u8,
}

impl View {
    /// The view of `perspective`, whose king stands on `king`, under `features`.
    #[inline]
    pub fn new(features: FeatureSetId, perspective: Color, king: Square) -> Self {
        let turn = match perspective {
            Color::White => 0,
            Color::Black => 56,
        };
        let king = king.index() ^ usize::from(turn);
        let mirror = if king % 8 < 4 { 7 } else { 0 };
        let bucket = match features {
            FeatureSetId::Chess768Mirrored => 0,
            FeatureSetId::Chess768KingBuckets4 => KING_BUCKETS_4[king / 8],
            FeatureSetId::Chess768KingBuckets7 => KING_BUCKETS_7[king],
            _ => {
                return Self {
                    base: 0,
                    flip: turn,
                    slot: 0,
                }
            }
        };
        Self {
            base: 768 * u16::from(bucket),
            flip: turn ^ mirror,
            slot: 2 * bucket + u8::from(mirror != 0),
        }
    }

    /// The refresh slot of the view (below [`ViewTable::slots`]).
    #[inline]
    pub fn slot(self) -> u8 {
        self.slot
    }

    /// The input `piece` on `sq` sets for `perspective` seen this way.
    #[inline]
    pub fn feature(self, perspective: Color, piece: Piece, sq: Square) -> usize {
        let relative = usize::from(piece.color != perspective);
        usize::from(self.base)
            + relative * 384
            + piece.kind.index() * 64
            + (sq.index() ^ usize::from(self.flip))
    }
}

/// How each perspective sees the board under one feature set, for every square of its
/// king, worked out once: a search looks its views up here move by move.
#[derive(Clone, Debug)]
pub struct ViewTable([[View; 64]; 2]);

impl ViewTable {
    /// The views of `features`.
    pub fn new(features: FeatureSetId) -> Self {
        Self(Color::BOTH.map(|perspective| {
            std::array::from_fn(|king| View::new(features, perspective, Square::new(king as u8)))
        }))
    }

    /// The view of `perspective`, whose king stands on `king`.
    #[inline]
    pub fn view(&self, perspective: Color, king: Square) -> View {
        self.0[perspective.index()][king.index()]
    }

    /// How many refresh slots the views name.
    pub fn slots(&self) -> usize {
        1 + self
            .0
            .iter()
            .flatten()
            .map(|v| usize::from(v.slot))
            .max()
            .unwrap_or(0)
    }
}

/// The king bucket of `Chess768KingBuckets4` by the king's rank from its own side.
const KING_BUCKETS_4: [u8; 8] = [0, 1, 2, 2, 3, 3, 3, 3];

/// The king bucket of `Chess768KingBuckets7` by the king's square from its own side (a1
/// first; the two halves alike, as the inputs are mirrored). It is the layout of Reckless
/// 0.8.0 (`codedeliveryservice/Reckless`, `src/nnue.rs`: `(768x7 -> 1024)x2`, then two
/// small layers), the Rust engine one rung above ours: fine where the king spends the
/// middlegame, a bucket for each file of the first rank and for the outer and the inner
/// files of the second, and one bucket for the rest of the board, where it goes mostly in
/// endgames. (Reckless 0.9 split the second rank file by file and the third rank off, 10
/// buckets, on far more data than ours.)
#[rustfmt::skip]
const KING_BUCKETS_7: [u8; 64] = [
    0, 1, 2, 3, 3, 2, 1, 0,
    4, 4, 5, 5, 5, 5, 4, 4,
    6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6,
    6, 6, 6, 6, 6, 6, 6, 6,
];

/// The input `piece` on `sq` sets for `perspective` in the plain feature set.
#[inline]
pub fn feature(perspective: Color, piece: Piece, sq: Square) -> usize {
    // The plain feature set ignores where the king stands.
    let any_king = Square::new(0);
    View::new(FeatureSetId::Chess768, perspective, any_king).feature(perspective, piece, sq)
}

/// The output bucket of a position with `pieces` pieces (kings included, 2..=32).
#[inline]
pub fn output_bucket(pieces: u32) -> usize {
    ((pieces as usize).saturating_sub(2) / 4).min(OUTPUT_BUCKETS - 1)
}

/// A chess feature set as the trainer sees it, named by its marker type.
pub struct ChessFeatures<Id>(PhantomData<Id>);

/// Marks a chess feature set.
pub trait ChessFeatureId: Send + Sync + 'static {
    /// The feature set.
    const ID: FeatureSetId;
}

/// Marker of [`FeatureSetId::Chess768`].
pub struct Plain;
/// Marker of [`FeatureSetId::Chess768Mirrored`].
pub struct Mirrored;
/// Marker of [`FeatureSetId::Chess768KingBuckets4`].
pub struct KingBuckets4;
/// Marker of [`FeatureSetId::Chess768KingBuckets7`].
pub struct KingBuckets7;

impl ChessFeatureId for Plain {
    const ID: FeatureSetId = FeatureSetId::Chess768;
}
impl ChessFeatureId for Mirrored {
    const ID: FeatureSetId = FeatureSetId::Chess768Mirrored;
}
impl ChessFeatureId for KingBuckets4 {
    const ID: FeatureSetId = FeatureSetId::Chess768KingBuckets4;
}
impl ChessFeatureId for KingBuckets7 {
    const ID: FeatureSetId = FeatureSetId::Chess768KingBuckets7;
}

/// The plain chess inputs, as the trainer sees them.
pub type Chess768 = ChessFeatures<Plain>;

impl<Id: ChessFeatureId> FeatureSet for ChessFeatures<Id> {
    type Record = PackedPosition;
    const ID: FeatureSetId = Id::ID;
    const INPUTS: usize = Id::ID.inputs();
    const BUCKETS: usize = OUTPUT_BUCKETS;
    const SCALE: f32 = EVAL_SCALE as f32;

    fn active_features(record: &PackedPosition, out: &mut ActiveFeatures) {
        let us = record.side_to_move();
        let mut kings = [Square::new(0); 2];
        for (sq, piece) in record.pieces() {
            if piece.kind == PieceKind::King {
                kings[piece.color.index()] = sq;
            }
        }
        let ours = View::new(Id::ID, us, kings[us.index()]);
        let theirs = View::new(Id::ID, us.flip(), kings[us.flip().index()]);
        out.len = 0;
        for (sq, piece) in record.pieces() {
            out.push(
                ours.feature(us, piece, sq),
                theirs.feature(us.flip(), piece, sq),
            );
        }
    }

    fn bucket(record: &PackedPosition) -> usize {
        use crate::nnue::data::TrainingRecord;
        output_bucket(record.piece_count())
    }

    /// Only the plain set: the king-relative sets see a position and its mirror image
    /// alike, so a mirrored copy would be the same training position twice.
    fn mirrored(record: &PackedPosition) -> Option<PackedPosition> {
        (Id::ID == FeatureSetId::Chess768).then(|| record.mirrored_files())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{PieceKind, Position};
    use crate::nnue::data::Outcome;

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

    /// The trainer's mirrored copies: for the plain inputs another position, for the
    /// king-relative sets the same features again, so none is made.
    #[test]
    fn only_the_plain_inputs_are_mirrored_for_training() {
        let pos =
            Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1")
                .unwrap();
        let record = PackedPosition::new(&pos, 30, Outcome::Draw);
        fn active<Id: ChessFeatureId>(record: &PackedPosition) -> Vec<(u16, u16)> {
            let mut out = ActiveFeatures::default();
            ChessFeatures::<Id>::active_features(record, &mut out);
            let mut pairs: Vec<_> = out.us.into_iter().zip(out.them).take(out.len).collect();
            pairs.sort_unstable();
            pairs
        }
        let image = Chess768::mirrored(&record).expect("the plain inputs learn mirror images");
        assert_ne!(active::<Plain>(&record), active::<Plain>(&image));
        assert!(ChessFeatures::<Mirrored>::mirrored(&record).is_none());
        assert!(ChessFeatures::<KingBuckets4>::mirrored(&record).is_none());
        assert!(ChessFeatures::<KingBuckets7>::mirrored(&record).is_none());
        assert_eq!(
            active::<KingBuckets7>(&record),
            active::<KingBuckets7>(&image)
        );
    }
}
