//! Connect Four on the 7x6 board: a small, complete game for testing the search.
//!
//! It has forced wins at small depths, a position can end with no legal move (the
//! opponent connected four: a loss) or a full board (a draw), and a threat-counting
//! evaluation, so mate scores, draws, ordering and pruning all get exercised without
//! any chess or draughts code. [`Shuttle`] is a second, tiny game whose moves can be
//! undone, so positions repeat and repetition draws can be tested through the search.

use super::{Game, MoveList, PositionEvaluator, SearchParams};

const WIDTH: u32 = 7;
const HEIGHT: u32 = 6;
/// Bits per column: six cells plus a sentinel so shifts never wrap into the next column.
const COLUMN: u32 = HEIGHT + 1;
const BOTTOM: u64 = 0b10_0000_0100_0000_1000_0001_0000_0010_0000_0100_0000_1000_0001;
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);

/// Dropping a disc into a column (0..7). The default is no column at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column(pub u8);

impl Default for Column {
    fn default() -> Self {
        Column(u8::MAX)
    }
}

/// A Connect Four position: the side to move's discs and all discs.
#[derive(Clone, Debug, Default)]
pub struct ConnectFour {
    current: u64,
    mask: u64,
    plies: u32,
}

fn top_cell(col: u32) -> u64 {
    1 << (HEIGHT - 1 + col * COLUMN)
}

fn bottom_cell(col: u32) -> u64 {
    1 << (col * COLUMN)
}

fn has_four(discs: u64) -> bool {
    [1, COLUMN, COLUMN - 1, COLUMN + 1].iter().any(|&s| {
        let pairs = discs & (discs >> s);
        pairs & (pairs >> (2 * s)) != 0
    })
}

/// Empty cells that would complete four for the owner of `discs`.
fn winning_cells(discs: u64, mask: u64) -> u64 {
    let mut r = (discs << 1) & (discs << 2) & (discs << 3);
    for s in [COLUMN, COLUMN - 1, COLUMN + 1] {
        let p = (discs << s) & (discs << (2 * s));
        r |= p & (discs << (3 * s));
        r |= p & (discs >> s);
        let p = (discs >> s) & (discs >> (2 * s));
        r |= p & (discs << s);
        r |= p & (discs >> (3 * s));
    }
    r & (BOARD ^ mask)
}

impl ConnectFour {
    /// Plays a sequence of columns from the empty board.
    pub fn from_columns(columns: &[u8]) -> Self {
        let mut pos = Self::default();
        for &c in columns {
            pos.play(Column(c));
        }
        pos
    }

    /// True when the player who just moved has four in a row.
    pub fn opponent_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }

    fn after(&self, mv: Column) -> u64 {
        self.current | ((self.mask + bottom_cell(u32::from(mv.0))) & BOARD & !self.mask)
    }
}

impl Game for ConnectFour {
    type Move = Column;
    type Evaluator = PositionEvaluator;
    const HISTORY_SIZE: usize = 2 * WIDTH as usize;

    fn sudden_death_moves(&self, _params: &SearchParams) -> u32 {
        20
    }

    fn legal_moves(&self, out: &mut MoveList<Column>) {
        if self.opponent_won() {
            return;
        }
        // Centre columns first: the natural order for this game.
        for col in [3, 2, 4, 1, 5, 0, 6] {
            if self.mask & top_cell(col) == 0 {
                out.push(Column(col as u8));
            }
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<Column>) {
        let mut all = MoveList::new();
        self.legal_moves(&mut all);
        for &mv in &all {
            if self.is_noisy(mv) {
                out.push(mv);
            }
        }
    }

    fn play(&mut self, mv: Column) {
        let col = u32::from(mv.0);
        self.current ^= self.mask;
        self.mask |= self.mask + bottom_cell(col);
        self.plies += 1;
    }

    fn play_null(&mut self) {
        self.current ^= self.mask;
        self.plies += 1;
    }

    fn hash(&self) -> u64 {
        // current + mask identifies a position uniquely; mix it for the table index.
        let mut z = (self.current + self.mask).wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn in_check(&self) -> bool {
        false
    }

    fn reversible_plies(&self) -> usize {
        0
    }

    fn is_rule_draw(&self) -> bool {
        false
    }

    fn no_moves_is_loss(&self) -> bool {
        self.opponent_won()
    }

    fn evaluate(&self) -> i32 {
        if self.opponent_won() {
            return -5_000;
        }
        let theirs = self.current ^ self.mask;
        let mine = winning_cells(self.current, self.mask).count_ones() as i32;
        let their = winning_cells(theirs, self.mask).count_ones() as i32;
        let centre = 0x7f << (3 * COLUMN);
        let centre_balance =
            (self.current & centre).count_ones() as i32 - (theirs & centre).count_ones() as i32;
        40 * (mine - their) + 6 * centre_balance + 10
    }

    fn null_move_allowed(&self) -> bool {
        true
    }

    fn is_noisy(&self, mv: Column) -> bool {
        has_four(self.after(mv))
    }

    fn noisy_order(&self, mv: Column) -> i32 {
        -(i32::from(mv.0) - 3).abs()
    }

    fn see_at_least(&self, _mv: Column, threshold: i32) -> bool {
        threshold <= 0
    }

    fn move_code(mv: Column) -> u16 {
        u16::from(mv.0) + 1
    }

    fn history_index(&self, mv: Column) -> usize {
        usize::from(mv.0) + WIDTH as usize * (self.plies % 2) as usize
    }
}

#[test]
fn rules_detect_wins_and_full_columns() {
    let won = ConnectFour::from_columns(&[0, 1, 0, 1, 0, 1, 0]);
    assert!(won.opponent_won());
    let mut moves = MoveList::new();
    won.legal_moves(&mut moves);
    assert!(moves.is_empty());
    let full_column = ConnectFour::from_columns(&[3, 3, 3, 3, 3, 3]);
    let mut moves = MoveList::new();
    full_column.legal_moves(&mut moves);
    assert_eq!(moves.len(), 6);
    assert!(!moves.contains(&Column(3)));
    let threat = ConnectFour::from_columns(&[1, 6, 2, 6, 3, 5]);
    assert!(
        threat.is_noisy(Column(0)) && threat.is_noisy(Column(4)) && !threat.is_noisy(Column(6))
    );
}

/// A token on cells 0..=3, moved one cell left or right by the two players in turn.
/// Whoever moves it onto cell 3 wins; shuttling between 0 and 1 repeats forever.
#[derive(Clone, Debug)]
pub struct Shuttle {
    /// Cell of the token.
    pub cell: u8,
    /// Plies played; its parity is the side to move.
    pub plies: u32,
}

/// A move of the token: `true` right, `false` left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step(pub Option<bool>);

impl Game for Shuttle {
    type Move = Step;
    type Evaluator = PositionEvaluator;
    const HISTORY_SIZE: usize = 4;

    fn sudden_death_moves(&self, _params: &SearchParams) -> u32 {
        20
    }

    fn legal_moves(&self, out: &mut MoveList<Step>) {
        if self.cell < 3 {
            out.push(Step(Some(true)));
            if self.cell > 0 {
                out.push(Step(Some(false)));
            }
        }
    }

    fn noisy_moves(&self, out: &mut MoveList<Step>) {
        if self.cell == 2 {
            out.push(Step(Some(true)));
        }
    }

    fn play(&mut self, mv: Step) {
        self.cell = if mv.0 == Some(true) {
            self.cell + 1
        } else {
            self.cell - 1
        };
        self.plies += 1;
    }

    fn play_null(&mut self) {
        self.plies += 1;
    }

    fn hash(&self) -> u64 {
        u64::from(self.cell) << 1 | u64::from(self.plies % 2)
    }

    fn in_check(&self) -> bool {
        false
    }

    fn reversible_plies(&self) -> usize {
        self.plies as usize
    }

    fn is_rule_draw(&self) -> bool {
        false
    }

    fn no_moves_is_loss(&self) -> bool {
        true
    }

    fn evaluate(&self) -> i32 {
        // Being to move is a burden here: without repetition the search sees -30 forever.
        -30
    }

    fn null_move_allowed(&self) -> bool {
        false
    }

    fn is_noisy(&self, mv: Step) -> bool {
        self.cell == 2 && mv.0 == Some(true)
    }

    fn noisy_order(&self, _mv: Step) -> i32 {
        0
    }

    fn see_at_least(&self, _mv: Step, threshold: i32) -> bool {
        threshold <= 0
    }

    fn move_code(mv: Step) -> u16 {
        match mv.0 {
            Some(true) => 1,
            Some(false) => 2,
            None => 0,
        }
    }

    fn history_index(&self, mv: Step) -> usize {
        usize::from(mv.0 == Some(true)) + 2 * (self.plies % 2) as usize
    }
}
