//! The 960 start positions of Chess960, numbered as Scharnagl numbered them (518 is the
//! classical array).

use super::position::Position;

/// Number of Chess960 start positions.
pub const CHESS960_POSITIONS: u16 = 960;

/// Where the two knights stand among the five squares left after bishops and queen.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The back rank of start position `index` (taken modulo 960), a-file first, as
/// upper-case letters.
pub fn chess960_back_rank(index: u16) -> [u8; 8] {
    let n = usize::from(index % CHESS960_POSITIONS);
    let mut rank = [0u8; 8];
    rank[(n % 4) * 2 + 1] = b'B';
    rank[(n / 4 % 4) * 2] = b'B';
    let mut empty: Vec<usize> = (0..8).filter(|&f| rank[f] == 0).collect();
    let queen = empty.remove(n / 16 % 6);
    rank[queen] = b'Q';
    let (a, b) = KNIGHTS[n / 96];
    rank[empty[a]] = b'N';
    rank[empty[b]] = b'N';
    let rest: Vec<usize> = (0..8).filter(|&f| rank[f] == 0).collect();
    rank[rest[0]] = b'R';
    rank[rest[1]] = b'K';
    rank[rest[2]] = b'R';
    rank
}

/// Start position `index` (modulo 960), with both sides' castling rights, in Chess960 mode.
pub fn chess960_start(index: u16) -> Position {
    let rank = chess960_back_rank(index);
    let white = String::from_utf8_lossy(&rank).into_owned();
    let black = white.to_ascii_lowercase();
    let rooks: Vec<char> = (0..8)
        .filter(|&f| rank[f] == b'R')
        .map(|f| char::from(b'a' + f as u8))
        .collect();
    let castling: String = rooks
        .iter()
        .rev()
        .map(|c| c.to_ascii_uppercase())
        .chain(rooks.iter().rev().copied())
        .collect();
    let fen = format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1");
    Position::from_fen(&fen).expect("every Chess960 array makes a valid FEN")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn numbering_matches_scharnagl() {
        assert_eq!(&chess960_back_rank(518), b"RNBQKBNR");
        assert_eq!(&chess960_back_rank(0), b"BBQNNRKR");
        assert_eq!(&chess960_back_rank(959), b"RKRNNQBB");
    }

    #[test]
    fn all_960_are_distinct_and_legal() {
        let mut seen = HashSet::new();
        for i in 0..CHESS960_POSITIONS {
            let pos = chess960_start(i);
            assert!(pos.is_chess960() || i == 518);
            assert!(seen.insert(pos.to_fen()));
            // 16 pawn moves, one or two per knight, and O-O where king and rook stand
            // side by side on their destination files.
            assert!((18..=21).contains(&pos.count_legal_moves()), "{i}");
        }
    }
}
