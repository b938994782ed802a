//! Every number of the hand-written evaluation, in hundredths of a man, in one place.
//!
//! Keeping them together lets a tuning session (by hand now, by a tuner later) change the
//! evaluation without reading the feature code. A [`Tapered`] weight has a middle-game and an
//! endgame value, blended by the number of pieces left (see [`super::phase`]).

/// A weight that moves linearly from `mg` (full board) to `eg` (empty board).
#[derive(Clone, Copy, Debug)]
pub struct Tapered {
    /// Value with all 40 pieces on the board.
    pub mg: i32,
    /// Value as the board empties.
    pub eg: i32,
}

/// A man: the unit of the evaluation.
pub const MAN: i32 = 100;

/// A king: worth more as the board empties and its long moves meet fewer obstacles.
pub const KING: Tapered = Tapered { mg: 280, eg: 350 };

/// Per man, per row advanced from its own back row: late in the game advanced men are nearer
/// the crown and gain the opposition. Early on it is neutral: self-play found penalising
/// advanced men (holding back reserve moves) weaker than ignoring them.
pub const TEMPO: Tapered = Tapered { mg: 0, eg: 5 };

/// Per man on the six central squares 22-24 / 27-29, in the middle game. Kept small: in
/// self-play a larger centre bonus (10), or one for the ring of squares around the centre,
/// made the engine weaker by pulling men forward into exchanges.
pub const CENTRE: Tapered = Tapered { mg: 3, eg: 0 };

/// Per man on the guarding back-row squares, while the opponent still has men that could
/// break through; it matters most once the board has thinned out.
pub const GUARD: Tapered = Tapered { mg: 3, eg: 12 };

/// Per man on an advanced central outpost backed by own pieces on both squares behind it.
pub const OUTPOST: i32 = 8;

/// Per man of difference between the two wings: a lopsided formation leaves one wing short.
pub const BALANCE: Tapered = Tapered { mg: -4, eg: -1 };

/// Per own man held immobile by enemy men, beyond the number of enemy men doing the holding.
pub const LOCK: i32 = -10;

/// Per man step to an empty square where the man cannot be taken at once.
pub const MOBILITY: Tapered = Tapered { mg: 5, eg: 5 };

/// Bonus for a man whose road to the crown no enemy man can reach, by rows still to go
/// (index 0 unused: such a man would already be a king). Only counted while the opponent
/// has no king to hunt it down.
pub const RUNAWAY: [i32; 10] = [0, 180, 150, 120, 95, 70, 50, 30, 15, 0];

/// Bonus for owning a king while the opponent has none: kings pick off men that cannot
/// defend each other.
pub const KING_DOMINANCE: i32 = 30;

/// Divisor of the score when the side ahead has at most two pieces and the other side a king
/// (won positions are rare and the 5-move rule draws the rest).
pub const DRAWISH_TINY: i32 = 8;

/// Divisor of the score when the side ahead has three pieces and the other side a king
/// (usually drawn, and the 16-move rule cuts off the long wins).
pub const DRAWISH_SMALL: i32 = 4;

/// Divisor of the score when both sides have kings and at most six pieces remain.
pub const DRAWISH_KINGS: i32 = 2;
