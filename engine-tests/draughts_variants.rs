//! The variants' rules core against references: pydraughts' own move generator
//! (`data/draughts_variants_perft.txt`, written by `data/variant_perft_reference.py`), the
//! fast international generator on its perft suite, and hand-checked positions for the
//! rules pydraughts lacks (killer) or gets wrong (Turkish kings slide through pieces there).

use tvilling::draughts::fast::notation;
use tvilling::draughts::generic::{
    legal_moves, move_to_hub, parse_position, Variant, VariantPosition,
};
use tvilling::draughts::text::to_fen;
use tvilling::draughts::Move;
use tvilling::engine::{MoveList, Perft};

const PYDRAUGHTS: &str = include_str!("data/draughts_variants_perft.txt");
const INTERNATIONAL: &str = include_str!("data/draughts_perft.txt");

/// Random positions per variant the reference file must hold.
const RANDOM_POSITIONS: usize = 20;

fn data_lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(" | ").collect())
}

fn counts(field: &str) -> Vec<u64> {
    field.split(' ').map(|n| n.parse().unwrap()).collect()
}

#[test]
fn perft_matches_pydraughts_for_every_variant_it_plays() {
    let mut positions = std::collections::HashMap::new();
    for f in data_lines(PYDRAUGHTS) {
        assert_eq!(f.len(), 5, "{f:?}");
        let variant = Variant::from_name(f[0]).unwrap();
        let (name, hub, fen) = (f[1], f[2], f[3]);
        let pos = parse_position(variant, hub).unwrap();
        assert_eq!(
            parse_position(variant, fen),
            Ok(pos),
            "{} {name}: FEN",
            f[0]
        );
        assert_eq!(parse_position(variant, &to_fen(&pos)), Ok(pos));
        for (i, &expected) in counts(f[4]).iter().enumerate() {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth), expected, "{} {name} depth {depth}", f[0]);
        }
        if name.starts_with("random") {
            *positions.entry(variant).or_insert(0) += 1;
        }
    }
    for variant in Variant::ALL {
        if ![Variant::Killer, Variant::Turkish].contains(&variant) {
            assert!(
                positions.get(&variant) >= Some(&RANDOM_POSITIONS),
                "{variant:?}"
            );
        }
    }
}

#[test]
fn the_rules_core_agrees_with_the_fast_international_generator() {
    for f in data_lines(INTERNATIONAL) {
        let fast = notation::parse_hub(f[1]).unwrap();
        let pos = parse_position(Variant::International, f[1]).unwrap();
        for (i, &expected) in counts(f[3]).iter().enumerate().take(5) {
            let depth = i as u32 + 1;
            assert_eq!(pos.perft(depth), expected, "{} depth {depth}", f[0]);
            if depth <= 3 {
                assert_eq!(fast.perft(depth), expected);
            }
        }
    }
}

fn moves(variant: Variant, fen: &str) -> Vec<String> {
    let pos = parse_position(variant, fen).unwrap();
    let mut list: MoveList<Move> = MoveList::new();
    legal_moves(&pos, &mut list);
    let mut texts: Vec<String> = list.iter().map(|&m| move_to_hub(variant, m)).collect();
    texts.sort();
    texts
}

#[test]
fn killer_kings_stop_right_behind_a_king_taken_last() {
    // A king taking a king lands on the next square only; a man it may pass.
    assert_eq!(moves(Variant::Killer, "W:WK46:BK37"), vec!["46x32x37"]);
    assert_eq!(moves(Variant::International, "W:WK46:BK37").len(), 7);
    assert_eq!(moves(Variant::Killer, "W:WK46:B37").len(), 7);
    // Only the last piece counts: a king taken first is passed as usual.
    assert_eq!(
        moves(Variant::Killer, "W:WK46:BK37,33"),
        vec!["46x39x33x37", "46x44x33x37", "46x50x33x37"]
    );
    assert_eq!(
        moves(Variant::Killer, "W:WK46:B37,K33"),
        vec!["46x39x33x37"]
    );
    // Men are not affected: they always land right behind.
    assert_eq!(moves(Variant::Killer, "W:W32:BK27"), vec!["32x21x27"]);
}

#[test]
fn a_russian_man_crowned_mid_capture_goes_on_as_a_king() {
    // b6 takes c7 and is crowned on d8, then takes f6 at a distance as a king.
    let fen = "W:Wb6:Bc7,f6";
    assert_eq!(
        moves(Variant::Russian, fen),
        vec!["21x16x23x26", "21x20x23x26"]
    );
    let mut pos = parse_position(Variant::Russian, fen).unwrap();
    let mut list: MoveList<Move> = MoveList::new();
    legal_moves(&pos, &mut list);
    let to_g5 = *list
        .iter()
        .find(|m| move_to_hub(Variant::Russian, **m) == "21x20x23x26")
        .unwrap();
    pos.play(to_g5);
    assert_eq!(to_fen(&pos), "B:WKg5:B");
    // In Brazilian the man stays a man through the capture, which ends on d8.
    assert_eq!(moves(Variant::Brazilian, fen), vec!["21x30x26"]);
}

#[test]
fn turkish_men_move_forward_and_sideways_and_never_capture_backward() {
    let start = VariantPosition::start(Variant::Turkish);
    assert_eq!(start.perft(1), 8);
    assert_eq!(start.perft(2), 64);
    // d4: forward d5 and sideways c4, e4; never back to d3 (squares a1 = 1 ... h8 = 64).
    assert_eq!(
        moves(Variant::Turkish, "W:Wd4:Bh8"),
        vec!["28-27", "28-29", "28-36"]
    );
    // Three captures of one piece each; the black man behind (d3) is out of reach.
    assert_eq!(
        moves(Variant::Turkish, "W:Wd4:Bd5,e4,c4,d3"),
        vec!["28x26x27", "28x30x29", "28x44x36"]
    );
    // A man reaching the far row is crowned.
    let mut pos = parse_position(Variant::Turkish, "W:Wb7:Bh8").unwrap();
    let mut list: MoveList<Move> = MoveList::new();
    legal_moves(&pos, &mut list);
    let forward = *list
        .iter()
        .find(|m| move_to_hub(Variant::Turkish, **m) == "50-58")
        .unwrap();
    pos.play(forward);
    assert_eq!(to_fen(&pos), "B:WKb8:Bh8");
}

#[test]
fn turkish_kings_fly_orthogonally_and_take_the_most() {
    // a1 takes a3 and must land where it can go on (a5), then takes c5: five end squares.
    assert_eq!(
        moves(Variant::Turkish, "W:WKa1:Ba3,c5"),
        vec![
            "1x36x17x35",
            "1x37x17x35",
            "1x38x17x35",
            "1x39x17x35",
            "1x40x17x35"
        ]
    );
    // Kings slide over empty squares only, never through a piece: d4 has 11 quiet moves.
    let quiet = moves(Variant::Turkish, "W:WKd4,d6:Bh8");
    assert_eq!(quiet.iter().filter(|m| m.starts_with("28-")).count(), 11);
    // No turning straight back over the piece just taken: five single captures, not d5
    // then back down through its empty square to take d3 as well.
    assert_eq!(moves(Variant::Turkish, "W:WKd4:Bd5,d3").len(), 5);
    // A piece taken earlier is gone at once, so the king crosses a3's square on its way
    // back up and takes a7: five pieces in one move.
    assert_eq!(
        moves(Variant::Turkish, "W:WKa1:Ba3,c5,e3,Kc1,a7"),
        vec!["1x57x3x17x21x35x49"]
    );
}
