//! The draughts endgame databases: known endings, agreement with an exhaustive search on
//! small cases, and every position's value agreeing with the best of its moves.

use std::sync::OnceLock;
use tvilling::draughts::egdb::{Database, Material, Wdl};
use tvilling::draughts::fast::movegen::legal_moves;
use tvilling::draughts::fast::notation::parse_position;
use tvilling::draughts::Position;
use tvilling::engine::MoveList;

use crate::common::scratch::scratch_path;

fn material(text: &str) -> Material {
    let d: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    Material {
        white_men: d[0],
        white_kings: d[1],
        black_men: d[2],
        black_kings: d[3],
    }
}

/// Every class of up to 3 pieces, and the 4-piece classes the tests ask about.
pub(crate) fn db() -> &'static Database {
    static DB: OnceLock<Database> = OnceLock::new();
    DB.get_or_init(|| {
        let dir = scratch_path("egdb");
        let mut targets = Material::up_to(3);
        targets.extend(["0301", "0202", "0211", "1201"].map(material));
        Database::generate_classes(&dir, &targets, |_| {}).unwrap();
        // Reading the files back gives the same values.
        let reloaded = Database::load(&dir, 4).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(reloaded.complete_up_to(), 3);
        reloaded
    })
}

fn value(fen: &str) -> Wdl {
    db().probe(&parse_position(fen).unwrap()).unwrap()
}

const MAIN_DIAGONAL: [u8; 10] = [5, 10, 14, 19, 23, 28, 32, 37, 41, 46];

/// Shares of wins and draws (White to move) in class `class`, split by whether Black's
/// king stands on the main diagonal.
fn lone_king_shares(class: &str) -> [(f64, f64); 2] {
    let m = material(class);
    let mut counts = [[0u64; 3]; 2];
    for index in 0..m.size() {
        let Some(pos) = m.position(index) else {
            continue;
        };
        let king = pos.kings(tvilling::draughts::Color::Black);
        let on_diagonal = MAIN_DIAGONAL
            .iter()
            .any(|&sq| king == tvilling::draughts::fast::square::mask_of(sq));
        // Quiet positions only: no capture for either side, so the value is the ending's,
        // not a shot's.
        let mut other = pos;
        other.play_null();
        if tvilling::draughts::fast::movegen::has_capture(&pos)
            || tvilling::draughts::fast::movegen::has_capture(&other)
        {
            continue;
        }
        let v = db().probe(&pos).unwrap();
        counts[usize::from(on_diagonal)][v as usize] += 1;
    }
    counts.map(|c| {
        let n = c.iter().sum::<u64>() as f64;
        (
            c[Wdl::Win as usize] as f64 / n,
            c[Wdl::Draw as usize] as f64 / n,
        )
    })
}

#[test]
fn three_kings_against_one() {
    // On 10x10 three kings against one is usually a draw (FMJD's endgame course says so;
    // the rule that they win off the long diagonal is 8x8 theory). Measured over quiet
    // positions, the lone king on the long diagonal holds more often than off it.
    assert_eq!(value("W:WK1,K2,K3:BK28"), Wdl::Draw);
    let [(off_wins, off_draws), (on_wins, on_draws)] = lone_king_shares("0301");
    eprintln!("3 v 1 off the diagonal {off_wins:.3} won {off_draws:.3} drawn; on it {on_wins:.3} {on_draws:.3}");
    assert!(on_draws > 0.9, "on the diagonal: {on_draws:.3} drawn");
    assert!(off_draws > 0.8, "off the diagonal: {off_draws:.3} drawn");
    assert!(
        off_wins > 2.0 * on_wins,
        "{off_wins:.3} against {on_wins:.3}"
    );
}

#[test]
fn two_kings_against_one_is_a_draw() {
    assert_eq!(value("W:WK1,K2:BK28"), Wdl::Draw);
    let [(off_wins, off_draws), (on_wins, on_draws)] = lone_king_shares("0201");
    eprintln!("2 v 1 off the diagonal {off_wins:.3} won {off_draws:.3} drawn; on it {on_wins:.3} {on_draws:.3}");
    assert!(
        off_draws > 0.95 && on_draws > 0.95,
        "{off_draws:.3} {on_draws:.3}"
    );
}

/// The best value over the moves of `pos` by the database's own values of the children.
fn best_of_moves(pos: &Position) -> Option<Wdl> {
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return Some(Wdl::Loss);
    }
    let mut best = Wdl::Loss;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play(mv);
        match db().probe(&child)?.flip() {
            Wdl::Win => return Some(Wdl::Win),
            Wdl::Draw => best = Wdl::Draw,
            Wdl::Loss => {}
        }
    }
    Some(best)
}

#[test]
fn every_value_agrees_with_its_moves() {
    let mut checked = 0;
    for m in Material::up_to(3) {
        for index in 0..m.size() {
            let Some(pos) = m.position(index) else {
                continue;
            };
            let own = db().probe(&pos).unwrap();
            let moves = best_of_moves(&pos).unwrap();
            // A draw can be "best of moves" only as a draw; a win must have a winning move;
            // a loss must have every move winning for the opponent.
            assert_eq!(own, moves, "{m} index {index}");
            checked += 1;
        }
    }
    assert!(checked > 500_000, "{checked}");
}

/// Exhaustive negamax to `depth` plies: `Some` when it proves a result within the horizon.
fn solve_exhaustively(pos: &Position, depth: u32) -> Option<Wdl> {
    let mut moves = MoveList::new();
    legal_moves(pos, &mut moves);
    if moves.is_empty() {
        return Some(Wdl::Loss);
    }
    if depth == 0 {
        return None;
    }
    let mut all_lose = true;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play(mv);
        match solve_exhaustively(&child, depth - 1) {
            Some(Wdl::Loss) => return Some(Wdl::Win),
            Some(Wdl::Win) => {}
            _ => all_lose = false,
        }
    }
    all_lose.then_some(Wdl::Loss)
}

#[test]
fn proofs_of_a_plain_search_agree() {
    // Every win or loss an exhaustive 7-ply search proves in the man-against-man and
    // man-against-king classes is in the database, and the database proves more.
    let mut proven = 0;
    for m in ["1010", "1001", "0110"].map(material) {
        for index in (0..m.size()).step_by(7) {
            let Some(pos) = m.position(index) else {
                continue;
            };
            if let Some(result) = solve_exhaustively(&pos, 7) {
                assert_eq!(db().probe(&pos), Some(result), "{m} index {index}");
                proven += 1;
            }
        }
    }
    assert!(proven > 100, "{proven}");
}

/// The least fixed point of the game rules over a class and its twin, by repeated passes
/// over every position (slow and plain): the check on the retrograde solver.
fn naive_values(class: Material) -> Vec<Vec<Option<Wdl>>> {
    let classes = if class.flipped() == class {
        vec![class]
    } else {
        vec![class, class.flipped()]
    };
    let mut values: Vec<Vec<Option<Wdl>>> = classes
        .iter()
        .map(|m| vec![None; m.size() as usize])
        .collect();
    loop {
        let mut changed = false;
        for (t, m) in classes.iter().enumerate() {
            for index in 0..m.size() {
                if values[t][index as usize].is_some() {
                    continue;
                }
                let Some(pos) = m.position(index) else {
                    continue;
                };
                let mut moves = MoveList::new();
                legal_moves(&pos, &mut moves);
                let mut all_win = true;
                let mut win = false;
                for &mv in moves.iter() {
                    let mut child = pos;
                    child.play(mv);
                    let turned = tvilling::draughts::egdb::material::turned(&child);
                    let cm = Material::of(&turned);
                    let v = if child.pieces(tvilling::draughts::Color::Black) == 0 {
                        Some(Wdl::Loss)
                    } else if let Some(ct) = classes.iter().position(|&c| c == cm) {
                        values[ct][cm.index(&turned) as usize]
                    } else {
                        db().probe(&child)
                    };
                    match v {
                        Some(Wdl::Loss) => win = true,
                        Some(Wdl::Win) => {}
                        _ => all_win = false,
                    }
                }
                let value = if win {
                    Some(Wdl::Win)
                } else if all_win {
                    Some(Wdl::Loss)
                } else {
                    None
                };
                if value.is_some() {
                    values[t][index as usize] = value;
                    changed = true;
                }
            }
        }
        if !changed {
            return values;
        }
    }
}

#[test]
fn retrograde_matches_plain_iteration() {
    for class in ["0201", "1101", "0111", "0202", "0301"].map(material) {
        let naive = naive_values(class);
        for (t, m) in [class, class.flipped()]
            .iter()
            .enumerate()
            .take(naive.len())
        {
            for index in 0..m.size() {
                let Some(pos) = m.position(index) else {
                    continue;
                };
                let expected = naive[t][index as usize].unwrap_or(Wdl::Draw);
                assert_eq!(db().probe(&pos), Some(expected), "{m} index {index}");
            }
        }
    }
}

#[test]
fn the_search_keeps_what_the_tables_promise() {
    use tvilling::draughts::egdb::set_up_tables;
    use tvilling::draughts::fmjd::DrawClocks;
    use tvilling::draughts::SearchPosition;
    use tvilling::engine::{Limits, Searcher};
    let dir = scratch_path("egdb-search");
    Database::generate(&dir, 3, |_| {}).unwrap();
    assert_eq!(set_up_tables(&dir, 3).unwrap(), 3);
    let mut searcher = Searcher::<SearchPosition>::new();
    let mut checked = 0;
    for m in ["1010", "0110", "1001", "1101", "2010"].map(material) {
        for index in (0..m.size()).step_by(97) {
            let Some(pos) = m.position(index) else {
                continue;
            };
            let value = db().probe(&pos).unwrap();
            let root = SearchPosition::new(pos, DrawClocks::new(&pos));
            let limits = Limits {
                depth: Some(2),
                ..Limits::default()
            };
            let outcome = searcher.search_sync(root, Vec::new(), limits);
            let Some(best) = outcome.best else {
                assert_eq!(value, Wdl::Loss);
                continue;
            };
            let mut child = pos;
            child.play(best);
            assert_eq!(
                db().probe(&child).unwrap().flip(),
                value,
                "{m} index {index}"
            );
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked > 1000, "{checked}");
}

#[test]
fn a_table_win_the_five_move_rule_leaves_no_time_for_is_a_draw() {
    use tvilling::draughts::egdb::set_up_tables;
    use tvilling::draughts::fmjd::DrawClocks;
    use tvilling::draughts::SearchPosition;
    use tvilling::engine::{Limits, Score, Searcher};
    // A king and a man against a king, White to move without a capture, a man move
    // leading to a position the tables call won for White, and every White move leaving
    // Black a reply: with 8 plies of the 5-move clock gone, that reply is the 10th and
    // draws, whatever the tables say.
    let m = material("1101");
    let wins_by_a_man_move = |pos: &Position| {
        let moves = legal_moves_of(pos);
        !moves.iter().any(|mv| mv.is_capture())
            && moves.iter().all(|&mv| {
                let mut child = *pos;
                child.play(mv);
                !legal_moves_of(&child).is_empty()
            })
            && moves.iter().any(|&mv| {
                let mut child = *pos;
                child.play(mv);
                pos.moves_man(mv) && db().probe(&child) == Some(Wdl::Loss)
            })
    };
    let pos = (0..m.size())
        .filter_map(|index| m.position(index))
        .find(wins_by_a_man_move)
        .expect("a won king-and-man ending");
    let dir = scratch_path("egdb-five-move");
    Database::generate(&dir, 3, |_| {}).unwrap();
    assert_eq!(set_up_tables(&dir, 3).unwrap(), 3);
    let clocks = DrawClocks {
        king_only_plies: 8,
        sixteen: None,
        five: Some(8),
    };
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let outcome = Searcher::<SearchPosition>::new().search_sync(
        SearchPosition::new(pos, clocks),
        Vec::new(),
        limits,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        outcome.score,
        Score::Value(0),
        "{}",
        tvilling::draughts::fast::notation::to_fen(&pos)
    );
}

fn legal_moves_of(pos: &Position) -> Vec<tvilling::draughts::Move> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    list.as_slice().to_vec()
}
