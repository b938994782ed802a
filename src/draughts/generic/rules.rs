//! The variants and their rule sets: one table of facts per variant, read by the one
//! generator, notation and evaluation in this module.
//!
//! The facts follow the rules as pydraughts 0.6.7 implements them (the client the engine is
//! tested against), and Scan's Hub protocol for killer draughts, which pydraughts lacks.

use super::geometry::{Geometry, EIGHT, FULL, ITALIAN, TEN};

/// A draughts variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// International draughts (Hub `normal`, pydraughts `standard`).
    International,
    /// Killer draughts: a king that takes a king last stops right behind it.
    Killer,
    /// Breakthrough (Hub `bt`): the first side to crown a man wins.
    Breakthrough,
    /// Frisian draughts: orthogonal captures, the capture worth most, king-move limits.
    Frisian,
    /// Frysk!: Frisian with five men each.
    Frysk,
    /// Losing draughts (Hub `losing`, pydraughts `antidraughts`): no move left wins.
    Losing,
    /// Brazilian draughts: international rules on 8x8.
    Brazilian,
    /// Russian draughts: free choice of capture, crowning during a capture.
    Russian,
    /// English draughts (checkers): short kings, men capture forward only.
    English,
    /// Italian draughts: men cannot take kings, capture precedence by quantity and quality.
    Italian,
    /// Turkish draughts: orthogonal moves on all 64 squares.
    Turkish,
}

/// Every variant with the names it is known by: the first is the one we declare.
const NAMES: [(Variant, &[&str]); 11] = [
    (
        Variant::International,
        &["normal", "standard", "international"],
    ),
    (Variant::Killer, &["killer"]),
    (Variant::Breakthrough, &["bt", "breakthrough"]),
    (Variant::Frisian, &["frisian"]),
    (Variant::Frysk, &["frysk!", "frysk"]),
    (Variant::Losing, &["losing", "antidraughts"]),
    (Variant::Brazilian, &["brazilian"]),
    (Variant::Russian, &["russian"]),
    (Variant::English, &["english", "american"]),
    (Variant::Italian, &["italian"]),
    (Variant::Turkish, &["turkish"]),
];

/// The names a GUI may choose a variant by: Scan's Hub names first, then pydraughts' own.
pub const DECLARED_NAMES: [&str; 14] = [
    "normal",
    "killer",
    "bt",
    "frisian",
    "losing",
    "standard",
    "breakthrough",
    "frysk!",
    "antidraughts",
    "brazilian",
    "russian",
    "english",
    "italian",
    "turkish",
];

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 11] = [
        Variant::International,
        Variant::Killer,
        Variant::Breakthrough,
        Variant::Frisian,
        Variant::Frysk,
        Variant::Losing,
        Variant::Brazilian,
        Variant::Russian,
        Variant::English,
        Variant::Italian,
        Variant::Turkish,
    ];

    /// The variant a Hub or pydraughts name stands for.
    pub fn from_name(name: &str) -> Option<Variant> {
        let name = name.to_ascii_lowercase();
        NAMES
            .iter()
            .find(|(_, names)| names.contains(&name.as_str()))
            .map(|&(variant, _)| variant)
    }

    /// The Hub name (pydraughts' where Scan has none).
    pub fn name(self) -> &'static str {
        NAMES
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("normal", |(_, names)| names[0])
    }

    /// The pieces of both sides on the board at the start.
    pub fn start_pieces(self) -> u32 {
        let rules = self.rules();
        2 * rules.start_rows * rules.geometry.per_row
    }

    /// The variant's rules.
    #[inline(always)]
    pub fn rules(self) -> &'static RuleSet {
        match self {
            Variant::International => &INTERNATIONAL,
            Variant::Killer => &KILLER,
            Variant::Breakthrough => &BREAKTHROUGH,
            Variant::Frisian => &FRISIAN,
            Variant::Frysk => &FRYSK,
            Variant::Losing => &LOSING,
            Variant::Brazilian => &BRAZILIAN,
            Variant::Russian => &RUSSIAN,
            Variant::English => &ENGLISH,
            Variant::Italian => &ITALIAN_RULES,
            Variant::Turkish => &TURKISH,
        }
    }
}

/// Which lines pieces move and capture along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lines {
    /// Diagonals only.
    Diagonal,
    /// Diagonal moves; captures diagonally and orthogonally (Frisian).
    DiagonalOrthogonalCaptures,
    /// Orthogonal moves and captures only (Turkish).
    Orthogonal,
}

/// Which of several captures must be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// The most pieces.
    Quantity,
    /// Any, but a capture must be completed (Russian, English).
    Free,
    /// The most value, kings worth a little over one and a half men; with equal value a
    /// king must capture (Frisian).
    Value,
    /// The most pieces, then with a king, then the most kings, then the earliest king
    /// (Italian).
    Italian,
}

/// What happens to a man that reaches the far row during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crowning {
    /// It goes on as a man and is crowned only if the capture ends there.
    AtEnd,
    /// It is crowned at once and goes on capturing as a king (Russian).
    Continue,
    /// It is crowned and the move ends (English, Italian).
    Stop,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The side left without a move loses.
    Normal,
    /// The first side to crown a man wins (and no move left still loses).
    Breakthrough,
    /// The side left without a move wins.
    Losing,
}

/// Which draw rules apply (beyond threefold repetition where the variant has it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRules {
    /// International: 25 king moves each, 16 and 5 moves in the small endings.
    International,
    /// Frisian: two kings against one for 7 moves, one against one for 2.
    Frisian,
    /// Repetition only (losing draughts).
    Repetition,
    /// No draws (breakthrough).
    None,
    /// Russian and Brazilian: 15 king moves each, and the small endings.
    Russian,
    /// English and Italian: 40 king moves each.
    FortyMoves,
    /// Turkish: one piece against one.
    Turkish,
}

/// How square numbers in moves and FEN relate to the internal order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// The same: 1 is the first playable square of the top row.
    Internal,
    /// Rows counted from the bottom (1 = a1): Russian, Brazilian, Turkish.
    FromBottom,
    /// Turned half round (English, where the side moving first sits on squares 1-12).
    Reversed,
}

/// The facts that make a variant.
#[derive(Debug)]
pub struct RuleSet {
    /// The board.
    pub geometry: &'static Geometry,
    /// Rows skipped at each edge before the men start (Turkish leaves the back row empty).
    pub start_skip: u32,
    /// Rows of men per side at the start.
    pub start_rows: u32,
    /// Lines of movement.
    pub lines: Lines,
    /// Kings move and capture at any distance.
    pub flying_kings: bool,
    /// Men capture backward too.
    pub men_capture_backward: bool,
    /// Men may capture kings.
    pub men_capture_kings: bool,
    /// Which capture must be chosen.
    pub precedence: Precedence,
    /// Crowning during a capture.
    pub crowning: Crowning,
    /// A king whose last capture is a king must stop right behind it (killer).
    pub halt_behind_king: bool,
    /// Only the last piece taken blocks a king's way during a capture (the others are gone
    /// at once, Turkish); otherwise every piece taken does.
    pub only_last_blocks: bool,
    /// How the game is won.
    pub goal: Goal,
    /// A king may make at most three quiet moves in a row while its side has men (Frisian).
    pub king_move_limit: bool,
    /// Draw rules.
    pub draws: DrawRules,
    /// Square numbers in moves and FEN.
    pub numbering: Numbering,
    /// FEN squares are written as a1, c1, ... (pydraughts: Russian, Brazilian, Turkish).
    pub algebraic: bool,
    /// The side moving first is called Black in FEN (English).
    pub first_is_black: bool,
    /// A king's worth in hundredths of a man, for the evaluation.
    pub king_value: i32,
}

/// International rules; the variants below change what differs.
const INTERNATIONAL: RuleSet = RuleSet {
    geometry: &TEN,
    start_skip: 0,
    start_rows: 4,
    lines: Lines::Diagonal,
    flying_kings: true,
    men_capture_backward: true,
    men_capture_kings: true,
    precedence: Precedence::Quantity,
    crowning: Crowning::AtEnd,
    halt_behind_king: false,
    only_last_blocks: false,
    goal: Goal::Normal,
    king_move_limit: false,
    draws: DrawRules::International,
    numbering: Numbering::Internal,
    algebraic: false,
    first_is_black: false,
    king_value: 300,
};

const KILLER: RuleSet = RuleSet {
    halt_behind_king: true,
    ..INTERNATIONAL
};

const BREAKTHROUGH: RuleSet = RuleSet {
    goal: Goal::Breakthrough,
    draws: DrawRules::None,
    ..INTERNATIONAL
};

const FRISIAN: RuleSet = RuleSet {
    lines: Lines::DiagonalOrthogonalCaptures,
    precedence: Precedence::Value,
    king_move_limit: true,
    draws: DrawRules::Frisian,
    king_value: 250,
    ..INTERNATIONAL
};

const FRYSK: RuleSet = RuleSet {
    start_rows: 1,
    ..FRISIAN
};

const LOSING: RuleSet = RuleSet {
    goal: Goal::Losing,
    draws: DrawRules::Repetition,
    ..INTERNATIONAL
};

const BRAZILIAN: RuleSet = RuleSet {
    geometry: &EIGHT,
    start_rows: 3,
    draws: DrawRules::Russian,
    numbering: Numbering::FromBottom,
    algebraic: true,
    ..INTERNATIONAL
};

const RUSSIAN: RuleSet = RuleSet {
    precedence: Precedence::Free,
    crowning: Crowning::Continue,
    ..BRAZILIAN
};

const ENGLISH: RuleSet = RuleSet {
    geometry: &EIGHT,
    start_rows: 3,
    flying_kings: false,
    men_capture_backward: false,
    precedence: Precedence::Free,
    crowning: Crowning::Stop,
    draws: DrawRules::FortyMoves,
    numbering: Numbering::Reversed,
    first_is_black: true,
    king_value: 150,
    ..INTERNATIONAL
};

const ITALIAN_RULES: RuleSet = RuleSet {
    geometry: &ITALIAN,
    men_capture_kings: false,
    precedence: Precedence::Italian,
    numbering: Numbering::Internal,
    first_is_black: false,
    ..ENGLISH
};

const TURKISH: RuleSet = RuleSet {
    geometry: &FULL,
    start_skip: 1,
    start_rows: 2,
    lines: Lines::Orthogonal,
    men_capture_backward: false,
    only_last_blocks: true,
    draws: DrawRules::Turkish,
    numbering: Numbering::FromBottom,
    algebraic: true,
    king_value: 250,
    ..INTERNATIONAL
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_declared_name_is_a_variant_and_every_variant_is_declared() {
        for name in DECLARED_NAMES {
            assert!(Variant::from_name(name).is_some(), "{name}");
        }
        for v in Variant::ALL {
            assert!(DECLARED_NAMES.contains(&v.name()), "{v:?}");
            assert_eq!(Variant::from_name(v.name()), Some(v));
        }
        assert_eq!(Variant::from_name("antidraughts"), Some(Variant::Losing));
        assert_eq!(Variant::from_name("checkers"), None);
    }
}
