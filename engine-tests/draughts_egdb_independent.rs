//! The draughts endgame databases against a solver written only for this test: its own
//! board, its own move generator (from the rules in `shared/rules/draughts.md`), its own
//! position keys and a plain retrograde pass, sharing nothing with the engine but the
//! position text it hands the database to probe. Every position of up to three pieces is
//! solved and compared; positions of the four-piece classes the database holds are drawn
//! at random and compared wherever a short search over the solved three-piece positions
//! proves their value. An error in the engine's indexing, move generator or solver shows
//! as a disagreement here.

use std::collections::HashMap;
use std::sync::OnceLock;

use tvilling::draughts::egdb::Wdl;
use tvilling::draughts::fast::notation::parse_position;

use crate::draughts_egdb::db;

const EMPTY: u8 = 0;
const WHITE_MAN: u8 = 1;
const WHITE_KING: u8 = 2;
const BLACK_MAN: u8 = 3;
const BLACK_KING: u8 = 4;

/// Square `index` (0-based, square 1 top left as White sees the board) as row and column.
fn row_col(index: usize) -> (i32, i32) {
    let row = (index / 5) as i32;
    let col = 2 * (index % 5) as i32 + i32::from(row % 2 == 0);
    (row, col)
}

/// The square at `row`, `col`, if it is a playing square.
fn square_at(row: i32, col: i32) -> Option<usize> {
    let on_board = (0..10).contains(&row) && (0..10).contains(&col) && (row + col) % 2 == 1;
    on_board.then(|| (row * 5 + col / 2) as usize)
}

/// Row and column steps of the four diagonals; White's men move up (row - 1).
const DIRECTIONS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The next square from `index` along direction `d`.
fn step(index: usize, d: usize) -> Option<usize> {
    let (row, col) = row_col(index);
    square_at(row + DIRECTIONS[d].0, col + DIRECTIONS[d].1)
}

fn is_white(piece: u8) -> bool {
    matches!(piece, WHITE_MAN | WHITE_KING)
}

fn is_king(piece: u8) -> bool {
    matches!(piece, WHITE_KING | BLACK_KING)
}

/// A position with White to move (Black to move is stored turned round).
type Board = [u8; 50];

/// One move: the piece's squares and the pieces it takes.
struct Step {
    from: usize,
    to: usize,
    taken: u64,
}

/// Every capture the piece on `from` can make, to its end: landing squares and the
/// pieces taken. Taken pieces stay on the board until the capture ends (they cannot be
/// jumped twice and block the way); the square the piece left is empty.
fn captures_from(board: &Board, from: usize, out: &mut Vec<Step>) {
    let piece = board[from];
    let white = is_white(piece);
    let empty = |s: usize| s == from || board[s] == EMPTY;
    let enemy = |s: usize, taken: u64| {
        s != from && board[s] != EMPTY && is_white(board[s]) != white && taken & 1 << s == 0
    };
    fn extend(
        at: usize,
        taken: u64,
        king: bool,
        from: usize,
        empty: &dyn Fn(usize) -> bool,
        enemy: &dyn Fn(usize, u64) -> bool,
        out: &mut Vec<Step>,
    ) {
        let mut went_on = false;
        for d in 0..4 {
            let mut cursor = step(at, d);
            if king {
                while let Some(s) = cursor.filter(|&s| empty(s)) {
                    cursor = step(s, d);
                }
            }
            let Some(victim) = cursor.filter(|&s| enemy(s, taken)) else {
                continue;
            };
            let mut landing = step(victim, d);
            while let Some(land) = landing.filter(|&s| empty(s)) {
                went_on = true;
                extend(land, taken | 1 << victim, king, from, empty, enemy, out);
                if !king {
                    break;
                }
                landing = step(land, d);
            }
        }
        if !went_on && taken != 0 {
            out.push(Step {
                from,
                to: at,
                taken,
            });
        }
    }
    extend(from, 0, is_king(piece), from, &empty, &enemy, out);
}

/// White's legal moves: the captures that take the most pieces when there is a capture
/// (the same squares and pieces counted once), otherwise the quiet moves.
fn white_moves(board: &Board) -> Vec<Step> {
    let mut captures = Vec::new();
    for from in (0..50).filter(|&s| is_white(board[s])) {
        captures_from(board, from, &mut captures);
    }
    if let Some(most) = captures.iter().map(|c| c.taken.count_ones()).max() {
        captures.retain(|c| c.taken.count_ones() == most);
        let mut seen = Vec::new();
        captures.retain(|c| {
            let id = (c.from, c.to, c.taken);
            let new = !seen.contains(&id);
            seen.push(id);
            new
        });
        return captures;
    }
    let mut quiet = Vec::new();
    for from in (0..50).filter(|&s| is_white(board[s])) {
        let king = is_king(board[from]);
        let directions = if king { 0..4 } else { 0..2 };
        for d in directions {
            let mut cursor = step(from, d);
            while let Some(to) = cursor.filter(|&s| board[s] == EMPTY) {
                quiet.push(Step { from, to, taken: 0 });
                if !king {
                    break;
                }
                cursor = step(to, d);
            }
        }
    }
    quiet
}

/// The position after White's `mv`, turned round so that the side to move is White again.
fn play_and_turn(board: &Board, mv: &Step) -> Board {
    let mut after = *board;
    let mut piece = after[mv.from];
    after[mv.from] = EMPTY;
    for s in (0..50).filter(|&s| mv.taken & 1 << s != 0) {
        after[s] = EMPTY;
    }
    if piece == WHITE_MAN && mv.to < 5 {
        piece = WHITE_KING;
    }
    after[mv.to] = piece;
    turned(&after)
}

/// The board turned half round with the colours swapped.
fn turned(board: &Board) -> Board {
    let mut out = [EMPTY; 50];
    for (s, &piece) in board.iter().enumerate() {
        out[49 - s] = match piece {
            WHITE_MAN => BLACK_MAN,
            WHITE_KING => BLACK_KING,
            BLACK_MAN => WHITE_MAN,
            BLACK_KING => WHITE_KING,
            _ => EMPTY,
        };
    }
    out
}

/// A board's identity: its pieces as (square, kind) bytes in square order.
fn key(board: &Board) -> u64 {
    board
        .iter()
        .enumerate()
        .filter(|&(_, &p)| p != EMPTY)
        .fold(0u64, |k, (s, &p)| {
            k << 8 | (s as u64 * 4 + u64::from(p - 1) + 1)
        })
}

fn count(board: &Board, white: bool) -> usize {
    board
        .iter()
        .filter(|&&p| p != EMPTY && is_white(p) == white)
        .count()
}

/// A solved set of positions: White to move, both sides on the board.
struct Solution {
    index: HashMap<u64, u32>,
    values: Vec<Wdl>,
    boards: Vec<Board>,
}

impl Solution {
    /// The value of `board` (White to move) for White: `None` when it is not here.
    fn value(&self, board: &Board) -> Option<Wdl> {
        if count(board, true) == 0 {
            return Some(Wdl::Loss);
        }
        self.index
            .get(&key(board))
            .map(|&i| self.values[i as usize])
    }
}

/// Every board that adds up to `left` pieces to `board` on squares from `first` on and has
/// a piece of each side, men off their crowning rows.
fn placements(board: &mut Board, first: usize, left: usize, out: &mut Vec<Board>) {
    if count(board, true) > 0 && count(board, false) > 0 {
        out.push(*board);
    }
    if left == 0 {
        return;
    }
    for s in first..50 {
        for kind in [WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING] {
            let crowned = (kind == WHITE_MAN && s < 5) || (kind == BLACK_MAN && s >= 45);
            if !crowned {
                board[s] = kind;
                placements(board, s + 1, left - 1, out);
                board[s] = EMPTY;
            }
        }
    }
}

/// Every position of up to `pieces` pieces with White to move and a piece on each side
/// (men off their crowning rows), solved: a position without a move is lost, one with a
/// move to a lost position won, one whose moves all reach won positions lost, the rest
/// drawn.
fn solve(pieces: usize) -> Solution {
    let mut boards = Vec::new();
    placements(&mut [EMPTY; 50], 0, pieces, &mut boards);
    let index: HashMap<u64, u32> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| (key(b), i as u32))
        .collect();
    // Moves as successor lists; `WON` marks a move that takes Black's last piece.
    const WON: u32 = u32::MAX;
    let mut starts = vec![0u32];
    let mut successors = Vec::new();
    for board in &boards {
        for mv in white_moves(board) {
            let after = play_and_turn(board, &mv);
            successors.push(if count(&after, true) == 0 {
                WON
            } else {
                index[&key(&after)]
            });
        }
        starts.push(successors.len() as u32);
    }
    let n = boards.len();
    let mut predecessors_start = vec![0u32; n + 1];
    for &s in successors.iter().filter(|&&s| s != WON) {
        predecessors_start[s as usize + 1] += 1;
    }
    for i in 0..n {
        predecessors_start[i + 1] += predecessors_start[i];
    }
    let mut fill = predecessors_start.clone();
    let mut predecessors = vec![0u32; successors.len()];
    for p in 0..n {
        for &s in &successors[starts[p] as usize..starts[p + 1] as usize] {
            if s != WON {
                predecessors[fill[s as usize] as usize] = p as u32;
                fill[s as usize] += 1;
            }
        }
    }
    let mut values: Vec<Option<Wdl>> = vec![None; n];
    let mut unanswered: Vec<u32> = (0..n).map(|p| starts[p + 1] - starts[p]).collect();
    let mut queue = Vec::new();
    for p in 0..n {
        let moves = &successors[starts[p] as usize..starts[p + 1] as usize];
        let value = if moves.is_empty() {
            Some(Wdl::Loss)
        } else if moves.contains(&WON) {
            Some(Wdl::Win)
        } else {
            None
        };
        if value.is_some() {
            values[p] = value;
            queue.push(p);
        }
    }
    while let Some(c) = queue.pop() {
        let range = predecessors_start[c] as usize..predecessors_start[c + 1] as usize;
        for &p in &predecessors[range] {
            let p = p as usize;
            if values[p].is_some() {
                continue;
            }
            if values[c] == Some(Wdl::Loss) {
                values[p] = Some(Wdl::Win);
                queue.push(p);
            } else {
                unanswered[p] -= 1;
                if unanswered[p] == 0 {
                    values[p] = Some(Wdl::Loss);
                    queue.push(p);
                }
            }
        }
    }
    Solution {
        index,
        values: values.into_iter().map(|v| v.unwrap_or(Wdl::Draw)).collect(),
        boards,
    }
}

/// Every position of up to three pieces, solved once for all the tests here.
fn three_pieces() -> &'static Solution {
    static SOLUTION: OnceLock<Solution> = OnceLock::new();
    SOLUTION.get_or_init(|| solve(3))
}

/// The position as the engine reads it (FEN, squares numbered from 1), White to move.
fn fen(board: &Board) -> String {
    let side = |white: bool| {
        (0..50)
            .filter(|&s| board[s] != EMPTY && is_white(board[s]) == white)
            .map(|s| format!("{}{}", if is_king(board[s]) { "K" } else { "" }, s + 1))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!("W:W{}:B{}", side(true), side(false))
}

/// The same position with Black to move, as the engine reads it.
fn fen_black_to_move(board: &Board) -> String {
    let turned = turned(board);
    fen(&turned).replacen("W:W", "B:W", 1)
}

/// The database's value for the side to move of `fen`.
fn probe(fen: &str) -> Option<Wdl> {
    db().probe(&parse_position(fen).unwrap())
}

#[test]
fn every_position_of_up_to_three_pieces_agrees() {
    let solution = three_pieces();
    let mut counts = [0usize; 3];
    let mut wrong = Vec::new();
    for (board, &value) in solution.boards.iter().zip(&solution.values) {
        counts[value as usize] += 1;
        for text in [fen(board), fen_black_to_move(board)] {
            let probed = probe(&text);
            if probed != Some(value) && wrong.len() < 20 {
                wrong.push(format!("{text}: database {probed:?}, solver {value:?}"));
            }
        }
    }
    println!(
        "{} positions: {} drawn, {} won, {} lost",
        solution.boards.len(),
        counts[0],
        counts[1],
        counts[2]
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    // Every kind of result occurs, in numbers.
    assert!(counts.iter().all(|&c| c > 10_000), "{counts:?}");
}

/// The value of `board` (White to move, four pieces) that a search of `depth` plies
/// proves over the solved positions of fewer pieces: `None` where it proves none.
fn prove(board: &Board, depth: u32, fewer: &Solution) -> Option<Wdl> {
    let moves = white_moves(board);
    if moves.is_empty() {
        return Some(Wdl::Loss);
    }
    let mut all_known = true;
    let mut drawn = false;
    for mv in &moves {
        let after = play_and_turn(board, mv);
        let value = if count(&after, true) + count(&after, false) > 3 {
            (depth > 1)
                .then(|| prove(&after, depth - 1, fewer))
                .flatten()
        } else {
            fewer.value(&after)
        };
        match value {
            Some(Wdl::Loss) => return Some(Wdl::Win),
            Some(Wdl::Draw) => drawn = true,
            Some(Wdl::Win) => {}
            None => all_known = false,
        }
    }
    match (all_known, drawn) {
        (true, true) => Some(Wdl::Draw),
        (true, false) => Some(Wdl::Loss),
        (false, _) => None,
    }
}

/// A random position of the class `class` (White's men and kings, Black's men and
/// kings), White to move.
fn random_board(class: [usize; 4], next: &mut impl FnMut() -> u64) -> Board {
    let kinds = [WHITE_MAN, WHITE_KING, BLACK_MAN, BLACK_KING];
    let mut board = [EMPTY; 50];
    for (kind, &n) in kinds.iter().zip(&class) {
        let mut placed = 0;
        while placed < n {
            let s = (next() % 50) as usize;
            let crowned = (*kind == WHITE_MAN && s < 5) || (*kind == BLACK_MAN && s >= 45);
            if board[s] == EMPTY && !crowned {
                board[s] = *kind;
                placed += 1;
            }
        }
    }
    board
}

#[test]
fn random_four_piece_positions_agree_where_a_short_search_proves_them() {
    let fewer = three_pieces();
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut proven = [0usize; 3];
    let mut wrong = Vec::new();
    // The four-piece classes the database of draughts_egdb.rs holds, each with White to
    // move on either side of it.
    let classes = [
        [0, 3, 0, 1],
        [0, 1, 0, 3],
        [0, 2, 0, 2],
        [0, 2, 1, 1],
        [1, 1, 0, 2],
        [1, 2, 0, 1],
        [0, 1, 1, 2],
    ];
    for class in classes {
        for _ in 0..200 {
            let board = random_board(class, &mut next);
            let Some(value) = prove(&board, 3, fewer) else {
                continue;
            };
            proven[value as usize] += 1;
            for text in [fen(&board), fen_black_to_move(&board)] {
                let probed = probe(&text);
                if probed != Some(value) {
                    wrong.push(format!("{text}: database {probed:?}, search {value:?}"));
                }
            }
        }
    }
    println!(
        "proven: {} drawn, {} won, {} lost",
        proven[0], proven[1], proven[2]
    );
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The draw of the random positions is fixed: 354 drawn, 279 won and 14 lost are proven.
    assert!(
        proven[0] >= 300 && proven[1] >= 250 && proven[2] >= 10,
        "{proven:?}"
    );
}
