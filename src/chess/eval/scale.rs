//! The endgame scale: endings a material count overrates (opposite-coloured bishops, a
//! stronger side with no pawns and too little extra material to mate) have the endgame
//! half of the score shrunk towards a draw.

use crate::chess::bitboard::Bitboard;
use crate::chess::piece::{Color, PieceKind};
use crate::chess::position::Position;

/// The scale of an ordinary position: the endgame half counts in full.
pub const SCALE_NORMAL: i32 = 128;

/// Squares of one colour, to tell opposite-coloured bishops apart.
const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

/// Material other than pawns and king, at conventional values.
fn non_pawn_material(pos: &Position, color: Color) -> i32 {
    [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .map(|kind| pos.pieces(kind, color).count() as i32 * kind.value())
    .sum()
}

/// The endgame scale (out of [`SCALE_NORMAL`]) when `strong` is the side the endgame
/// half favours.
pub(super) fn endgame_scale(pos: &Position, strong: Color) -> i32 {
    let weak = strong.flip();
    let strong_material = non_pawn_material(pos, strong);
    if pos.pieces(PieceKind::Pawn, strong).is_empty()
        && strong_material - non_pawn_material(pos, weak) <= PieceKind::Bishop.value()
    {
        // No pawn to promote and at most a minor piece more: a lone minor cannot mate at
        // all, and rook against minor or similar is mostly drawn.
        return if strong_material <= PieceKind::Bishop.value() {
            0
        } else {
            32
        };
    }
    let white_bishops = pos.pieces(PieceKind::Bishop, Color::White);
    let black_bishops = pos.pieces(PieceKind::Bishop, Color::Black);
    let opposite_bishops = white_bishops.count() == 1
        && black_bishops.count() == 1
        && (white_bishops & DARK_SQUARES).any() != (black_bishops & DARK_SQUARES).any();
    if opposite_bishops {
        let others = pos.kind_bb(PieceKind::Knight)
            | pos.kind_bb(PieceKind::Rook)
            | pos.kind_bb(PieceKind::Queen);
        // Alone, opposite bishops draw even a pawn or two down; with other pieces they
        // still help the defender.
        return if others.is_empty() { 64 } else { 104 };
    }
    SCALE_NORMAL
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scale(fen: &str, strong: Color) -> i32 {
        endgame_scale(&Position::from_fen(fen).unwrap(), strong)
    }

    #[test]
    fn drawish_endings_are_scaled() {
        // Lone bishop against pawns: the bishop cannot win.
        assert_eq!(scale("8/8/4k3/8/8/2B5/3K2p1/8 w - - 0 1", Color::White), 0);
        // Rook against bishop.
        assert_eq!(scale("8/8/4k3/8/8/2b5/3K4/R7 w - - 0 1", Color::White), 32);
        // Opposite bishops with pawns, and with rooks too.
        assert_eq!(
            scale("8/5p2/4k3/5b2/8/2B5/3K1PP1/8 w - - 0 1", Color::White),
            64
        );
        assert_eq!(
            scale("r7/5p2/4k3/5b2/8/2B5/3K1PP1/R7 w - - 0 1", Color::White),
            104
        );
        // Same-coloured bishops and an ordinary middlegame count in full.
        assert_eq!(
            scale("8/5p2/4k3/8/3b4/2B5/3K1PP1/8 w - - 0 1", Color::White),
            SCALE_NORMAL
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(scale(start, Color::White), SCALE_NORMAL);
    }
}
