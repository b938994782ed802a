//! Evaluation tests: colour symmetry over many positions, and orderings any sound draughts
//! evaluation must respect.

use super::evaluate;
use super::geometry::mirror;
use crate::draughts::fast::movegen::legal_moves;
use crate::draughts::fast::notation::parse_fen;
use crate::draughts::Position;
use crate::engine::MoveList;

fn fen(text: &str) -> Position {
    parse_fen(text).expect("test FEN parses")
}

/// The same position seen from the other side: rotated 180 degrees, colours swapped.
fn mirrored(pos: &Position) -> Position {
    use crate::draughts::Color::{Black, White};
    let kings = pos.kings(White) | pos.kings(Black);
    Position::from_parts(
        mirror(pos.pieces(Black)),
        mirror(pos.pieces(White)),
        mirror(kings),
        pos.side().opponent(),
    )
}

/// Positions met in pseudo-random games from the start (a fixed xorshift seed per game).
fn playout_positions() -> Vec<Position> {
    let mut seen = Vec::new();
    for game in 0..40u64 {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ (game + 1).wrapping_mul(0x2545_F491_4F6C_DD1D);
        let mut pos = Position::start();
        for _ in 0..160 {
            let mut moves = MoveList::new();
            legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            pos.play(moves.as_slice()[(rng % moves.len() as u64) as usize]);
            seen.push(pos);
        }
    }
    seen
}

#[test]
fn start_position_is_level() {
    assert_eq!(evaluate(&Position::start()), 0);
}

#[test]
fn mirrored_positions_evaluate_the_same_for_the_side_to_move() {
    let positions = playout_positions();
    assert!(positions.len() > 3000);
    let mut kings_seen = 0;
    for pos in &positions {
        kings_seen += (pos.kings(crate::draughts::Color::White) != 0) as usize;
        assert_eq!(evaluate(pos), evaluate(&mirrored(pos)), "position {pos:?}");
    }
    assert!(kings_seen > 0, "the playouts should reach king endings");
    for text in [
        "W:W16,47,48:B5,9,K44",
        "B:WK10,K20,K30:BK45",
        "W:W24,29,30,33,34,40:B12,13,17,18,19,23",
        "B:W27,28,32,36,37,41,46:B3,8,17,21,22,26",
    ] {
        let pos = fen(text);
        assert_eq!(evaluate(&pos), evaluate(&mirrored(&pos)), "{text}");
    }
}

#[test]
fn an_extra_man_is_good_for_its_owner() {
    let level = fen("W:W31-50:B1-20");
    let up = fen("W:W31-50:B1-19");
    let down = fen("B:W31-50:B1-19");
    assert!(evaluate(&up) >= evaluate(&level) + 70, "{}", evaluate(&up));
    assert!(evaluate(&down) <= -70, "{}", evaluate(&down));
}

#[test]
fn a_king_is_worth_more_than_a_man() {
    let man = fen("W:W25,38,42,47:B3,8,12,14");
    let king = fen("W:WK25,38,42,47:B3,8,12,14");
    assert!(
        evaluate(&king) >= evaluate(&man) + 100,
        "{} vs {}",
        evaluate(&king),
        evaluate(&man)
    );
    assert!(evaluate(&fen("W:WK28:B3,8")) > 0);
}

#[test]
fn a_runaway_man_beats_a_blocked_one() {
    // The man on 16 has a free road; on the left a black man on 6 stands in it.
    let runaway = fen("W:W16,48:B5,9");
    let blocked = fen("W:W16,48:B6,9");
    assert!(
        evaluate(&runaway) >= evaluate(&blocked) + 60,
        "{} vs {}",
        evaluate(&runaway),
        evaluate(&blocked)
    );
}

#[test]
fn small_material_against_a_lone_king_is_drawish() {
    let three_kings = evaluate(&fen("W:WK10,K20,K30:BK45"));
    let two_kings = evaluate(&fen("W:WK10,K20:BK45"));
    let four_kings = evaluate(&fen("W:WK10,K20,K30,K35:BK45"));
    assert!(
        three_kings > 0 && three_kings < four_kings / 2,
        "{three_kings} vs {four_kings}"
    );
    assert!((0..100).contains(&two_kings), "{two_kings}");
}

#[test]
fn a_king_against_men_only_is_a_big_plus() {
    // Equal piece count, but White's king faces men that cannot defend each other.
    assert!(evaluate(&fen("W:WK28,47,48:B3,8,12")) >= 150);
}
