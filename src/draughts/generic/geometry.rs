//! The boards the variants are played on, as neighbour tables.
//!
//! Squares are indexed 0.. in the order pydraughts numbers them internally (and Hub position
//! strings list them): row by row from the top as the first player sees the board, left to
//! right, playable squares only. Every board fits in 64 bits, so a set of squares is a `u64`
//! whatever the board. A table gives, per square and direction, the next playable square
//! along that line, so one generator serves 10x10, 8x8 and the orthogonal Turkish board;
//! "next" on a board of dark squares is two rows or two columns away orthogonally, which is
//! the square a Frisian orthogonal capture jumps to.

/// No square: off the board.
pub const NONE: u8 = 64;

/// Directions: 0 up-left, 1 up-right, 2 down-left, 3 down-right (diagonal), then 4 up,
/// 5 left, 6 right, 7 down (orthogonal). "Up" is toward row 0, where the first player's men
/// are crowned.
pub const DIRECTIONS: usize = 8;

/// The diagonal directions.
pub const DIAGONAL: [usize; 4] = [0, 1, 2, 3];
/// The orthogonal directions.
pub const ORTHOGONAL: [usize; 4] = [4, 5, 6, 7];

/// The direction pointing back along `dir`.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    if dir < 4 {
        dir ^ 3
    } else {
        11 - dir
    }
}

/// One board: its size and its neighbour table.
#[derive(Debug)]
pub struct Geometry {
    /// Playable squares.
    pub squares: u32,
    /// Playable squares per row.
    pub per_row: u32,
    /// Rows.
    pub rows: u32,
    /// Every playable square.
    pub all: u64,
    /// Per square and direction, the next playable square along the line, or [`NONE`].
    pub next: [[u8; DIRECTIONS]; 64],
}

impl Geometry {
    /// Row (0 = top) of square `sq`.
    #[inline(always)]
    pub const fn row(&self, sq: u32) -> u32 {
        sq / self.per_row
    }

    /// The squares of row `row`.
    pub const fn row_mask(&self, row: u32) -> u64 {
        ((1u64 << self.per_row) - 1) << (row * self.per_row)
    }
}

/// The dark squares of a 10x10 board, a1 dark (international numbering 1..50).
pub static TEN: Geometry = build(10, 10, Some(1));
/// The dark squares of an 8x8 board with a1 dark (Russian, Brazilian, English).
pub static EIGHT: Geometry = build(8, 8, Some(1));
/// The dark squares of an 8x8 board with a1 light, the Italian board.
pub static ITALIAN: Geometry = build(8, 8, Some(0));
/// All 64 squares of an 8x8 board (Turkish).
pub static FULL: Geometry = build(8, 8, None);

/// Builds a board of `columns` x `rows`; `dark_offset` is the first playable column of the
/// even rows (counted from the top) on a board of dark squares, `None` when every square
/// is played.
const fn build(columns: u32, rows: u32, dark_offset: Option<u32>) -> Geometry {
    let per_row = match dark_offset {
        Some(_) => columns / 2,
        None => columns,
    };
    let squares = per_row * rows;
    let mut g = Geometry {
        squares,
        per_row,
        rows,
        all: if squares == 64 {
            u64::MAX
        } else {
            (1u64 << squares) - 1
        },
        next: [[NONE; DIRECTIONS]; 64],
    };
    let ortho = if dark_offset.is_some() { 2 } else { 1 };
    let steps: [(i32, i32); DIRECTIONS] = [
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
        (-ortho, 0),
        (0, -ortho),
        (0, ortho),
        (ortho, 0),
    ];
    let mut sq = 0;
    while sq < squares {
        let row = sq / per_row;
        let col = column_of(sq, per_row, dark_offset);
        let mut dir = 0;
        while dir < DIRECTIONS {
            let r = row as i32 + steps[dir].0;
            let c = col as i32 + steps[dir].1;
            g.next[sq as usize][dir] = square_at(r, c, columns, rows, per_row, dark_offset);
            dir += 1;
        }
        sq += 1;
    }
    g
}

/// First playable column of `row` when the even rows start at column `even`.
const fn first_dark(row: u32, even: u32) -> u32 {
    if row.is_multiple_of(2) {
        even
    } else {
        1 - even
    }
}

const fn column_of(sq: u32, per_row: u32, dark_offset: Option<u32>) -> u32 {
    let row = sq / per_row;
    let k = sq % per_row;
    match dark_offset {
        Some(even) => 2 * k + first_dark(row, even),
        None => k,
    }
}

const fn square_at(
    r: i32,
    c: i32,
    columns: u32,
    rows: u32,
    per_row: u32,
    dark_offset: Option<u32>,
) -> u8 {
    if r < 0 || c < 0 || r >= rows as i32 || c >= columns as i32 {
        return NONE;
    }
    let (r, c) = (r as u32, c as u32);
    match dark_offset {
        Some(even) => {
            let first = first_dark(r, even);
            if c % 2 != first % 2 {
                return NONE;
            }
            (r * per_row + (c - first) / 2) as u8
        }
        None => (r * per_row + c) as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_by_ten_matches_the_standard_numbering() {
        // Square 28 (index 27): up-left 22, up-right 23, down-left 32, down-right 33;
        // orthogonally 18 above, 38 below, 27 and 29 beside it.
        let next: Vec<u8> = TEN.next[27].iter().map(|&s| s + 1).collect();
        assert_eq!(next, vec![22, 23, 32, 33, 18, 27, 29, 38]);
        assert_eq!(TEN.next[5][2], NONE); // square 6 is on the left edge
        assert_eq!(TEN.all.count_ones(), 50);
    }

    #[test]
    fn eight_by_eight_boards_differ_in_the_corner() {
        // Standard 8x8: square 29 (index 28) is a1, on the left edge; Italian: 29 is b1,
        // whose up-left neighbour is a2, square 25.
        assert_eq!(EIGHT.next[28][0], NONE);
        assert_eq!(ITALIAN.next[28][0], 24);
        assert_eq!(FULL.next[0][4], NONE);
        assert_eq!(FULL.next[8][4], 0);
        assert_eq!(FULL.all, u64::MAX);
    }

    #[test]
    fn opposite_directions_pair_up() {
        for g in [&TEN, &EIGHT, &ITALIAN, &FULL] {
            for sq in 0..g.squares as usize {
                for dir in 0..DIRECTIONS {
                    let n = g.next[sq][dir];
                    if n != NONE {
                        assert_eq!(g.next[n as usize][opposite(dir)] as usize, sq);
                    }
                }
            }
        }
    }
}
