//! Draughts rules, one test per rule: exact root moves for positions that exercise it,
//! text formats in and out with their error cases, and the draw rules on constructed games.

use tvilling::draughts::fast::movegen;
use tvilling::draughts::fast::notation::{
    move_from_dxp, move_to_dxp, move_to_hub, parse_fen, parse_hub, parse_move, parse_position,
    to_fen, to_hub,
};
use tvilling::draughts::fmjd::{endgame_class, DrawClocks, EndgameClass};
use tvilling::draughts::{
    Color, GameState, Move, MoveParseError, Outcome, PlayError, Position, PositionParseError,
};
use tvilling::engine::MoveList;

fn pos(text: &str) -> Position {
    parse_position(text).unwrap()
}

fn moves(p: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    movegen::legal_moves(p, &mut list);
    list.as_slice().to_vec()
}

/// Root moves in Hub notation, sorted.
fn root(text: &str) -> Vec<String> {
    let mut v: Vec<String> = moves(&pos(text)).into_iter().map(move_to_hub).collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn men_step_forward_only() {
    let start = "W:W31-50:B1-20";
    assert_eq!(
        root(start),
        sorted(&["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"])
    );
    assert_eq!(root("B:W31-50:B1-20").len(), 9);
    assert_eq!(root("B:W31-50:B1-20")[0], "16-21");
}

#[test]
fn kings_fly_along_open_diagonals() {
    let v = root("W:WK46:B1");
    assert_eq!(
        v,
        sorted(&["46-41", "46-37", "46-32", "46-28", "46-23", "46-19", "46-14", "46-10", "46-5"])
    );
    // A piece blocks the slide.
    assert_eq!(
        root("W:WK46,28:B1"),
        sorted(&["46-41", "46-37", "46-32", "28-22", "28-23"])
    );
}

#[test]
fn capture_is_compulsory() {
    assert_eq!(root("W:W32,38:B27"), sorted(&["32x21x27"]));
}

#[test]
fn men_capture_backward() {
    assert_eq!(root("W:W23:B28"), sorted(&["23x32x28"]));
}

#[test]
fn kings_capture_at_a_distance_and_land_anywhere_beyond() {
    assert_eq!(
        root("W:WK46:B23"),
        sorted(&["46x19x23", "46x14x23", "46x10x23", "46x5x23"])
    );
}

#[test]
fn majority_rule_and_man_stays_man_through_promotion_row() {
    // T1: 13x11 via 2 (two pieces) beats 28x19 (one); the man does not promote on 2.
    let t1 = "W:W13,28,31,36,41,47:B7,8,19,23,26";
    assert_eq!(root(t1), sorted(&["13x11x7x8"]));
    let mut p = pos(t1);
    p.play(moves(&p)[0]);
    assert_eq!(p.men(Color::White) & mask(11), mask(11));
    assert_eq!(p.kings(Color::White), 0);
}

#[test]
fn majority_counts_kings_and_men_alike() {
    // T5: three 4-piece king captures, one of them circular.
    let t5 = "B:W13,15,17,20,29,31,37,38,44,45,K46:B7,8,K24,K47,K49";
    assert_eq!(
        root(t5),
        sorted(&[
            "49x49x17x29x38x44",
            "49x25x13x20x29x44",
            "49x43x17x29x38x44"
        ])
    );
}

#[test]
fn turkish_strike_keeps_captured_pieces_on_the_board() {
    let t4 = "W:W17,21,K31,36,43:B12,18,19,23,27,30,33,38,40,41,45";
    assert_eq!(root(t4), sorted(&["31x46x18x19x27x30x33x40x41"]));
}

#[test]
fn start_square_is_empty_during_a_capture_and_duplicates_are_merged() {
    // T2: the man's loop can run both ways: one move, not two.
    assert_eq!(
        root("W:W28,38,43,48:B12,14,23,24,33,34"),
        sorted(&["28x28x23x24x33x34", "28x10x14x24x33x34"])
    );
    // T3: the king windmill ends on its own start square.
    assert_eq!(
        root("W:WK2,37,42:B7,8,17,18,K46"),
        sorted(&["2x2x7x8x17x18"])
    );
    // Random178: 14 landing squares of one 14-piece capture, own square included.
    let v = root("B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24");
    assert_eq!(v.len(), 14);
    assert!(v.contains(&"24x24x9x10x11x20x21x22x23x30x31x33x41x42x43x44".to_string()));
}

#[test]
fn promotion_only_at_the_end_of_a_move() {
    let mut p = pos("W:W6:B45");
    let mv = parse_move(&p, "6-1").unwrap();
    p.play(mv);
    assert_eq!(p.kings(Color::White), mask(1));
    let mut q = pos("B:W30:B45");
    q.play(parse_move(&q, "45-50").unwrap());
    assert_eq!(q.kings(Color::Black), mask(50));
}

#[test]
fn incremental_hash_matches_recomputed_hash() {
    let mut p = Position::start();
    for _ in 0..40 {
        let list = moves(&p);
        if list.is_empty() {
            break;
        }
        p.play(list[list.len() / 2]);
        assert_eq!(p.hash(), p.compute_hash());
    }
}

#[test]
fn hash_after_is_the_key_the_move_makes() {
    // Random games, long enough for kings, king captures and crowning captures.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut checked = 0;
    for _ in 0..40 {
        let mut p = Position::start();
        for _ in 0..200 {
            let list = moves(&p);
            if list.is_empty() {
                break;
            }
            for &mv in &list {
                let mut child = p;
                child.play(mv);
                assert_eq!(p.hash_after(mv), child.hash(), "{mv:?} in {}", to_fen(&p));
                checked += usize::from(mv.captured & p.kings(p.side().opponent()) != 0);
            }
            p.play(list[(next() % list.len() as u64) as usize]);
        }
    }
    assert!(checked > 0, "no king was ever captured");
}

/// Row and column (both 0..10, square 1 at row 0, column 1) of a square.
fn row_col(square: u8) -> (i8, i8) {
    let (row, index) = ((square - 1) / 5, (square - 1) % 5);
    let col = 2 * index + u8::from(row % 2 == 0);
    (row as i8, col as i8)
}

/// Quiet king moves counted on the grid, apart from the move generator: each king slides
/// along each diagonal until the edge or any piece.
fn king_slides(kings: &[u8], occupied: &[u8]) -> usize {
    let taken: Vec<(i8, i8)> = occupied.iter().map(|&n| row_col(n)).collect();
    let mut count = 0;
    for &king in kings {
        for (dr, dc) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let (mut r, mut c) = row_col(king);
            loop {
                (r, c) = (r + dr, c + dc);
                if !(0..10).contains(&r) || !(0..10).contains(&c) || taken.contains(&(r, c)) {
                    break;
                }
                count += 1;
            }
        }
    }
    count
}

#[test]
fn many_kings_fit_the_move_list() {
    // 20 white kings; the black man on 26 stands on the edge, so nothing can be taken and
    // every move is a slide.
    let p = pos("W:WK1-10,K41-50:B26");
    let kings: Vec<u8> = (1..=10).chain(41..=50).collect();
    let mut occupied = kings.clone();
    occupied.push(26);
    assert_eq!(king_slides(&kings, &occupied), 76);
    assert_eq!(moves(&p).len(), 76);
    // A lone king on 28 sees 4 squares up-left, 5 up-right, 4 down-left and 4 down-right.
    assert_eq!(king_slides(&[28], &[28, 1]), 17);
    assert_eq!(root("W:WK28:B1").len(), 17);
}

fn mask(n: u8) -> u64 {
    tvilling::draughts::fast::square::mask_of(n)
}

#[test]
fn hub_and_fen_round_trip() {
    let data = include_str!("data/draughts_perft.txt");
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let p = parse_hub(f[1]).unwrap();
        assert_eq!(to_hub(&p), f[1]);
        assert_eq!(parse_fen(&to_fen(&p)).unwrap(), p);
        assert_eq!(parse_fen(f[2]).unwrap(), p);
    }
    assert_eq!(to_fen(&pos("W:WK46:B1")), "W:WK46:B1");
}

#[test]
fn fen_accepts_ranges_kings_blanks_dot_and_empty_lists() {
    assert_eq!(pos("W:W31-50:B1-20"), Position::start());
    assert_eq!(pos(" W : W31-50 : B1-20 ."), Position::start());
    let p = pos("B:W:BK3,K4");
    assert_eq!(p.pieces(Color::White), 0);
    assert_eq!(p.kings(Color::Black), mask(3) | mask(4));
    assert_eq!(p.side(), Color::Black);
    assert_eq!(pos("W:WK10-12"), pos("W:WK10,K11,K12:B"));
}

#[test]
fn malformed_positions_give_typed_errors() {
    use PositionParseError::*;
    let short = WrongLength {
        expected: 51,
        found: 4,
    };
    assert_eq!(parse_hub("Wbbb"), Err(short.clone()));
    let bad_char = format!("W{}x", "e".repeat(49));
    assert_eq!(
        parse_hub(&bad_char),
        Err(BadCharacter {
            square: 50,
            found: 'x'
        })
    );
    let bad_side = format!("X{}", "e".repeat(50));
    assert!(matches!(parse_hub(&bad_side), Err(BadSide(_))));
    assert_eq!(parse_fen("W:W1:B20"), Err(ManOnPromotionRow(1)));
    assert_eq!(parse_fen("W:W30:B47"), Err(ManOnPromotionRow(47)));
    assert!(parse_fen("W:WK1:BK47").is_ok());
    assert_eq!(
        parse_fen("W:W21-41:B1"),
        Err(TooManyPieces {
            color: Color::White,
            count: 21,
            most: 20
        })
    );
    assert!(matches!(parse_fen("W:W51:B1"), Err(BadSquare(_))));
    assert!(matches!(parse_fen("W:W0:B1"), Err(BadSquare(_))));
    assert!(matches!(parse_fen("W:Wx:B1"), Err(BadSquare(_))));
    assert_eq!(parse_fen("W:W30:B30"), Err(DuplicateSquare(30)));
    assert!(matches!(parse_fen("W:Q30"), Err(BadFen(_))));
    assert!(matches!(parse_fen("W:W40-30"), Err(BadFen(_))));
    for e in [short, ManOnPromotionRow(1), BadSquare("51".into())] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn move_text_full_short_and_any_order() {
    let t1 = pos("W:W13,28,31,36,41,47:B7,8,19,23,26");
    let full = parse_move(&t1, "13x11x7x8").unwrap();
    assert_eq!(parse_move(&t1, "13x11").unwrap(), full);
    assert_eq!(parse_move(&t1, "13x11x8x7").unwrap(), full);
    assert_eq!(parse_move(&t1, "13x11x8").unwrap(), full);
    assert_eq!(move_to_hub(full), "13x11x7x8");
    let start = Position::start();
    assert_eq!(move_to_hub(parse_move(&start, "32-28").unwrap()), "32-28");
}

#[test]
fn bad_moves_give_typed_errors() {
    let start = Position::start();
    assert!(matches!(
        parse_move(&start, "32-27x"),
        Err(MoveParseError::Syntax(_))
    ));
    assert!(matches!(
        parse_move(&start, "hello"),
        Err(MoveParseError::Syntax(_))
    ));
    assert!(matches!(
        parse_move(&start, "32-51"),
        Err(MoveParseError::BadSquare(_))
    ));
    assert!(matches!(
        parse_move(&start, "32-22"),
        Err(MoveParseError::Illegal(_))
    ));
    let t1 = pos("W:W13,28,31,36,41,47:B7,8,19,23,26");
    assert!(matches!(
        parse_move(&t1, "28x19"),
        Err(MoveParseError::Illegal(_))
    ));
    assert!(matches!(
        parse_move(&t1, "13x11x7x9"),
        Err(MoveParseError::Illegal(_))
    ));
    // Two 2-piece routes from 28 to 8 would differ, but the man must go on round the loop.
    assert_eq!(root("W:W28:B12,13,22,23"), sorted(&["28x28x12x13x22x23"]));
}

#[test]
fn a_short_capture_with_two_routes_is_ambiguous() {
    // The king on 25 takes 34 landing on 39 or on 43; from 39 it takes 33 (to 11), from 43
    // it takes 27 (to 16), and from either it takes 7 onto 2: two three-piece captures with
    // the same from and to, which the short form cannot tell apart. (Two more captures take
    // 34, 33 and 27 and end on 31 or 36.)
    let p = pos("W:WK25:B6,7,27,33,34");
    assert_eq!(
        root("W:WK25:B6,7,27,33,34"),
        sorted(&[
            "25x2x7x27x34",
            "25x2x7x33x34",
            "25x31x27x33x34",
            "25x36x27x33x34"
        ])
    );
    let Err(MoveParseError::Ambiguous {
        text,
        mut candidates,
    }) = parse_move(&p, "25x2")
    else {
        panic!("25x2 names two moves");
    };
    candidates.sort();
    assert_eq!(text, "25x2");
    assert_eq!(candidates, ["25x2x7x27x34", "25x2x7x33x34"]);
    let message = parse_move(&p, "25x2x34").unwrap_err().to_string();
    assert!(message.contains("25x2x7x27x34") && message.contains("25x2x7x33x34"));
    // One captured square that only one route takes is enough to choose.
    assert_eq!(
        move_to_hub(parse_move(&p, "25x2x33").unwrap()),
        "25x2x7x33x34"
    );
    assert_eq!(
        move_to_hub(parse_move(&p, "25x2x27").unwrap()),
        "25x2x7x27x34"
    );
}

#[test]
fn dxp_triples_round_trip() {
    for text in [
        "W:W31-50:B1-20",
        "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        "B:W13,15,17,20,29,31,37,38,44,45,K46:B7,8,K24,K47,K49",
    ] {
        let p = pos(text);
        for mv in moves(&p) {
            let (from, to, mut captured) = move_to_dxp(mv);
            captured.reverse();
            assert_eq!(move_from_dxp(&p, from, to, &captured), Ok(mv));
        }
    }
    let start = Position::start();
    assert!(move_from_dxp(&start, 32, 28, &[23]).is_err());
    assert!(move_from_dxp(&start, 32, 60, &[]).is_err());
    assert!(move_from_dxp(&start, 32, 28, &[]).is_ok());
}

#[test]
fn no_legal_move_loses() {
    let blocked = GameState::new(pos("W:W6:B1"));
    assert_eq!(blocked.outcome(), Outcome::Loss);
    let empty = GameState::new(pos("W:W:B1"));
    assert_eq!(empty.outcome(), Outcome::Loss);
    assert_eq!(
        GameState::new(Position::start()).outcome(),
        Outcome::Ongoing
    );
}

#[test]
fn playing_checks_legality() {
    let mut g = GameState::new(Position::start());
    assert!(matches!(g.play_text("32-22"), Err(PlayError::Parse(_))));
    let bogus = Move::default();
    assert_eq!(g.play(bogus), Err(PlayError::Illegal("1-1".into())));
    assert!(g.play_text("32-28").is_ok());
    assert_eq!(g.position().side(), Color::Black);
}

#[test]
fn threefold_repetition_draws() {
    // Kings shuffle with men on the board, so no endgame clock runs.
    let mut g = GameState::new(pos("W:WK50,36,37:BK1,14,15"));
    let cycle = ["50-44", "1-7", "44-50", "7-1"];
    for (i, mv) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(!g.is_draw_by_rule(), "drawn too early at ply {i}");
        g.play_text(mv).unwrap();
    }
    assert!(g.is_threefold_repetition());
    assert_eq!(g.outcome(), Outcome::Draw);
    // A man move clears the history.
    g.play_text("37-31").unwrap();
    assert_eq!(g.history().len(), 1);
    assert!(!g.is_draw_by_rule());
}

/// Plays `plies` king moves of a shuffle on bare positions, tracking only the clocks.
fn shuffle(p: &mut Position, clocks: &mut DrawClocks, cycle: &[&str], plies: usize) {
    for i in 0..plies {
        let mv = parse_move(p, cycle[i % cycle.len()]).unwrap();
        let before = *p;
        p.play(mv);
        clocks.advance(&before, mv, p);
    }
}

#[test]
fn twenty_five_move_rule_counts_king_only_plies() {
    let mut p = pos("W:WK50,36,37:BK1,14,15");
    let mut clocks = DrawClocks::new(&p);
    let cycle = ["50-44", "1-7", "44-50", "7-1"];
    shuffle(&mut p, &mut clocks, &cycle, 49);
    assert!(!clocks.is_draw());
    shuffle(&mut p, &mut clocks, &["1-7"], 1);
    assert!(clocks.is_draw());
    // A man move resets the count.
    let mut q = pos("W:WK50,36,37:BK1,14,15");
    let mut c = DrawClocks::new(&q);
    shuffle(&mut q, &mut c, &cycle, 48);
    shuffle(&mut q, &mut c, &["37-31", "1-7"], 2);
    assert_eq!(c.king_only_plies, 1);
    assert!(!c.is_draw());
}

#[test]
fn sixteen_move_rule_survives_man_moves() {
    let mut p = pos("W:WK50,36,37:BK1");
    assert_eq!(endgame_class(&p), EndgameClass::SixteenMove);
    let mut clocks = DrawClocks::new(&p);
    shuffle(
        &mut p,
        &mut clocks,
        &["37-31", "1-7", "50-44", "7-1", "44-50", "1-7"],
        6,
    );
    shuffle(&mut p, &mut clocks, &["50-44", "7-1", "44-50", "1-7"], 25);
    assert!(!clocks.is_draw(), "{clocks:?}");
    shuffle(&mut p, &mut clocks, &["7-1"], 1);
    assert_eq!(clocks.sixteen, Some(32));
    assert!(clocks.is_draw());
}

#[test]
fn five_move_rule_and_its_start_after_a_capture() {
    let mut p = pos("W:WK50:BK1");
    assert_eq!(endgame_class(&p), EndgameClass::FiveMove);
    let mut clocks = DrawClocks::new(&p);
    shuffle(&mut p, &mut clocks, &["50-44", "1-7", "44-50", "7-1"], 9);
    assert!(!clocks.is_draw());
    shuffle(&mut p, &mut clocks, &["1-7"], 1);
    assert!(clocks.is_draw());
    // 16-move material; a capture reduces it to 5-move material: both clocks run.
    let mut q = pos("B:WK50,36,23:BK1");
    let mut c = DrawClocks::new(&q);
    assert_eq!(c.sixteen, Some(0));
    shuffle(&mut q, &mut c, &["1x29x23"], 1);
    assert_eq!(endgame_class(&q), EndgameClass::FiveMove);
    assert_eq!((c.sixteen, c.five), (Some(1), Some(0)));
    assert_eq!(endgame_class(&pos("W:W49,36:BK1")), EndgameClass::None);
}
