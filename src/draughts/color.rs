//! The two sides.

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    /// Moves first; its men move up the board, toward row 0 (squares 1-5 in international
    /// numbering).
    White = 0,
    /// Its men move down the board (toward squares 46-50 in international numbering).
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
