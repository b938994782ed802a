//! The fast path against the plain one: accumulators updated move by move along random
//! walks and along lines of special moves agree with accumulators and evaluations from
//! scratch; colour-flipped positions evaluate alike;
//! network files load, and damaged ones are refused. (That the quantised network follows
//! the float one is the trainer's test.)

use super::features::ViewTable;
use super::*;
use crate::chess::flipped_fen::colour_flipped_fen;
use crate::chess::{chess960_start, parse_uci_move, Color, MoveKind, Position};
use crate::engine::{Evaluator, MoveList};
use crate::nnue::evaluator::accumulators_from_scratch;
use crate::nnue::format::{write_network, FeatureGame};
use crate::nnue::{FeatureSetId, Network, NetworkError, NetworkFileError, NetworkSlot};
use crate::rng::Rng;
use crate::test_scratch::scratch_dir;
use crate::train::export::quantise_network;
use crate::train::model::{initial_parameters, Layout};
use std::sync::Arc;

/// Starts with every special move close by: castling both ways, en passant, promotions
/// with and without capture, and Chess960 castling from odd squares.
const STARTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "1r2k1r1/pp1p1pPp/8/2pP4/8/8/PpPP1P1P/1R2K1R1 w GBgb c6 0 1",
];

/// A network of feature set `features` with random weights of the trainer's initial scale,
/// quantised.
fn random_network_of(features: FeatureSetId, seed: u64, hidden: usize) -> Arc<Network> {
    let layout = Layout::new(features.inputs(), hidden, OUTPUT_BUCKETS);
    let params = initial_parameters(&layout, &mut Rng::new(seed));
    // The weights are the same whatever the feature set: only its name in the file differs.
    let mut weights = quantise_network::<Chess768>(&params, &layout);
    weights.shape.features = features;
    Arc::new(Network::new(weights).unwrap())
}

/// A network of the plain feature set, see [`random_network_of`].
fn random_network(seed: u64, hidden: usize) -> Arc<Network> {
    random_network_of(FeatureSetId::Chess768, seed, hidden)
}

/// Every chess feature set.
fn chess_feature_sets() -> impl Iterator<Item = FeatureSetId> {
    FeatureSetId::ALL
        .into_iter()
        .filter(|f| f.game() == FeatureGame::Chess)
}

/// The chess feature sets that see the board from each king.
fn king_relative_sets() -> impl Iterator<Item = FeatureSetId> {
    chess_feature_sets().filter(|&f| f != FeatureSetId::Chess768)
}

fn positions() -> Vec<Position> {
    let mut starts: Vec<Position> = STARTS
        .iter()
        .map(|fen| Position::from_fen(fen).unwrap())
        .collect();
    starts.extend([0, 518, 959].map(chess960_start));
    starts
}

/// What a walk played.
#[derive(Debug, Default)]
struct Walked {
    /// Moves of each kind.
    kinds: [usize; 4],
    /// Captures.
    captures: usize,
    /// Null moves.
    nulls: usize,
    /// Moves after which a side saw the board anew (another king bucket, or the other
    /// half of the board).
    new_views: usize,
}

/// Checks the accumulators and the evaluation of `evaluator`'s current position, `pos`,
/// against those from scratch.
fn check_against_scratch(evaluator: &mut ChessEvaluator, net: &Network, pos: &Position) {
    let fen = pos.to_fen();
    let scratch = accumulators_from_scratch(net, pos);
    assert!(evaluator.accumulators() == Some(&scratch[..]), "{fen}");
    assert_eq!(
        evaluator.evaluate(pos),
        evaluate_from_scratch(net, pos),
        "{fen}"
    );
}

/// Walks at random up and down the game tree from each start, evaluating at random
/// moments, and checks every incremental accumulator and evaluation against those from
/// scratch. With
/// `kings`, half the moves are king moves wherever there is one, so that the kings cross
/// their buckets back and forth while the other pieces change around them.
fn walk_and_compare(net: &Arc<Network>, steps: usize, seed: u64, kings: bool) -> Walked {
    let mut rng = Rng::new(seed);
    let mut walked = Walked::default();
    let views = ViewTable::new(net.shape().features);
    let sees = |pos: &Position| Color::BOTH.map(|c| views.view(c, pos.king_square(c)));
    for start in positions() {
        let mut evaluator = ChessEvaluator::with_network(Some(Arc::clone(net)));
        evaluator.start(&start);
        let mut path = vec![start];
        let mut moves = MoveList::new();
        for _ in 0..steps {
            let pos = path.last().unwrap().clone();
            moves.clear();
            pos.legal_moves(&mut moves);
            let down = path.len() < 60 && !moves.is_empty() && rng.below(10) < 7;
            if down {
                let mut child = pos.clone();
                if !pos.in_check() && rng.below(20) == 0 {
                    child.play_null();
                    walked.nulls += 1;
                } else {
                    let king = pos.king_square(pos.side_to_move());
                    let king_moves: Vec<_> = (moves.as_slice().iter().copied())
                        .filter(|mv| mv.from() == king)
                        .collect();
                    let choice = if kings && !king_moves.is_empty() && rng.below(2) == 0 {
                        &king_moves
                    } else {
                        moves.as_slice()
                    };
                    let mv = choice[rng.below(choice.len() as u64) as usize];
                    walked.kinds[mv.kind() as usize] += 1;
                    walked.captures += usize::from(pos.is_capture(mv));
                    child.play(mv);
                }
                let (before, after) = (sees(&pos), sees(&child));
                walked.new_views += (0..2).filter(|&c| before[c] != after[c]).count();
                evaluator.push(&pos, &child);
                path.push(child);
            } else if path.len() > 1 {
                path.pop();
                evaluator.pop();
            } else {
                continue;
            }
            if rng.below(2) == 0 {
                check_against_scratch(&mut evaluator, net, path.last().unwrap());
            }
        }
    }
    walked
}

/// Whether a walk played every kind of move, many captures and some null moves.
fn played_everything(walked: &Walked) -> bool {
    walked.kinds.iter().all(|&n| n > 0) && walked.captures > 100 && walked.nulls > 0
}

#[test]
fn incremental_updates_match_a_refresh() {
    let net = random_network(11, 64);
    let walked = walk_and_compare(&net, 3000, 5, false);
    assert!(played_everything(&walked), "{walked:?}");
    let wider = random_network(12, 256);
    walk_and_compare(&wider, 1000, 6, false);
}

/// Under the king-relative feature sets a king move may renew a side's inputs whole, from
/// the thread's refresh cache: along walks with many king moves, those updates must agree
/// with accumulators from scratch too, for every feature set (the plain one never renews).
#[test]
fn incremental_updates_match_a_refresh_along_king_walks() {
    for (seed, features) in (13..).zip(chess_feature_sets()) {
        let net = random_network_of(features, seed, 64);
        let walked = walk_and_compare(&net, 3000, seed, true);
        let renewed = if features == FeatureSetId::Chess768 {
            walked.new_views == 0
        } else {
            walked.new_views > 300
        };
        assert!(renewed, "{features:?}: {walked:?}");
    }
}

/// Lines from a start (`chess960`: castling written as king takes rook) that take the
/// kings across their buckets and halves of the board and back, castle both ways, capture
/// en passant, promote with and without a capture, and pass (`0000`, a null move).
const LINES: [(&str, bool, &str); 5] = [
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
        "e1g1 e8c8 g1h1 c8b8 h1g1 b8a8 0000 a8b8 g1h1 b8c8 h1g1 c8b8",
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        false,
        "e1c1 e8g8 c1b1 g8h8 b1a1 h8g8 a1b1 g8h8 b1c1 0000 c1b1",
    ),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        false,
        "g1h1 b2b1q d1b1 e8c8 d2d4 a3a2 h1g1 a2b1 a7a8n c8b8 g1f2 b8a8 f2e2",
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        false,
        "d7c8q d8c8 e1g1 f2d1 f1d1 f8g8 g1h1 g8f8 h1g1 f8e8 g1f1 e8f8 f1e1",
    ),
    (
        "1r2k1r1/pp1p1pPp/8/2pP4/8/8/PpPP1P1P/1R2K1R1 w GBgb c6 0 1",
        true,
        "d5c6 e8b8 e1g1 c8b8 g1h1 d7c6 h1g1 b8c8 g1h1 c8b8",
    ),
];

/// Along [`LINES`], down, back up and down again (the renewed sides now start from
/// cache entries left by later positions of the line), every accumulator of every
/// king-relative feature set equals the one from scratch.
#[test]
fn accumulators_follow_lines_of_special_moves_under_king_buckets() {
    for (seed, features) in (30..).zip(king_relative_sets()) {
        let net = random_network_of(features, seed, 32);
        let views = ViewTable::new(features);
        let sees = |pos: &Position| Color::BOTH.map(|c| views.view(c, pos.king_square(c)));
        let mut kinds = [0; 4];
        let mut new_views = 0;
        for (fen, chess960, line) in LINES {
            let root = Position::from_fen(fen).unwrap();
            let mut evaluator = ChessEvaluator::with_network(Some(Arc::clone(&net)));
            evaluator.start(&root);
            let mut path = vec![root];
            for _ in 0..2 {
                for text in line.split_whitespace() {
                    let pos = path.last().unwrap();
                    let mut child = pos.clone();
                    if text == "0000" {
                        child.play_null();
                    } else {
                        let mv = parse_uci_move(pos, text, chess960)
                            .unwrap_or_else(|e| panic!("{fen}: {text}: {e:?}"));
                        kinds[mv.kind() as usize] += 1;
                        child.play(mv);
                    }
                    let (before, after) = (sees(pos), sees(&child));
                    new_views += (0..2).filter(|&c| before[c] != after[c]).count();
                    evaluator.push(pos, &child);
                    path.push(child);
                    check_against_scratch(&mut evaluator, &net, path.last().unwrap());
                }
                while path.len() > 1 {
                    path.pop();
                    evaluator.pop();
                    check_against_scratch(&mut evaluator, &net, path.last().unwrap());
                }
            }
        }
        let promotions = kinds[MoveKind::Promotion as usize];
        let passants = kinds[MoveKind::EnPassant as usize];
        let castles = kinds[MoveKind::Castling as usize];
        assert!(
            promotions > 0 && passants > 0 && castles > 0 && new_views >= 8,
            "{features:?}: moves of each kind {kinds:?}, {new_views} new views"
        );
    }
}

/// The same position with the files mirrored (a <-> h), without castling rights.
fn mirrored_files(pos: &Position) -> Position {
    let fen = pos.to_fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect())
        .collect();
    let ep = match fields[3] {
        "-" => "-".to_string(),
        sq => format!("{}{}", (b'h' - (sq.as_bytes()[0] - b'a')) as char, &sq[1..]),
    };
    Position::from_fen(&format!(
        "{} {} - {ep} {} {}",
        board.join("/"),
        fields[1],
        fields[4],
        fields[5]
    ))
    .unwrap()
}

/// The king-relative feature sets see a position and its mirror image alike: each side
/// sees its own king on the e-h files.
#[test]
fn king_relative_inputs_see_mirrored_positions_alike() {
    let relative: Vec<_> = (15..)
        .zip(king_relative_sets())
        .map(|(seed, features)| random_network_of(features, seed, 32))
        .collect();
    let plain = random_network(14, 32);
    let mut rng = Rng::new(10);
    let mut moves = MoveList::new();
    let mut plain_differs = 0;
    for start in positions() {
        let mut pos = start;
        for _ in 0..40 {
            let image = mirrored_files(&pos);
            for n in &relative {
                assert_eq!(
                    evaluate_from_scratch(n, &pos),
                    evaluate_from_scratch(n, &image),
                    "{}",
                    pos.to_fen()
                );
            }
            plain_differs += usize::from(
                evaluate_from_scratch(&plain, &pos) != evaluate_from_scratch(&plain, &image),
            );
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
    assert!(plain_differs > 100, "{plain_differs}");
}

/// The same position with colours swapped and the board turned upside down.
fn mirrored(pos: &Position) -> Position {
    Position::from_fen(&colour_flipped_fen(&pos.to_fen())).unwrap()
}

#[test]
fn colour_flipped_positions_evaluate_alike() {
    let mut nets: Vec<_> = (3..)
        .zip(chess_feature_sets())
        .map(|(seed, features)| random_network_of(features, seed, 32))
        .collect();
    nets.push(random_network(2, 256));
    let mut rng = Rng::new(9);
    let mut moves = MoveList::new();
    for start in positions() {
        let mut pos = start;
        for _ in 0..40 {
            for n in &nets {
                assert_eq!(
                    evaluate_from_scratch(n, &pos),
                    evaluate_from_scratch(n, &mirrored(&pos)),
                    "{}",
                    pos.to_fen()
                );
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
}

#[test]
fn network_files_load_and_damaged_ones_are_refused() {
    let dir = scratch_dir("nnue-files");
    let layout = Layout::new(INPUTS, 32, OUTPUT_BUCKETS);
    let params = initial_parameters(&layout, &mut Rng::new(1));
    let bytes = write_network(&quantise_network::<Chess768>(&params, &layout));
    // A slot of its own: the engine's CHESS_NETWORK is shared with every other test.
    let slot = NetworkSlot::new(FeatureSetId::Chess768, None);
    assert!(slot.current().is_none());

    let good = dir.join("good.nnue");
    std::fs::write(&good, &bytes).unwrap();
    slot.load_file(&good).unwrap();
    let loaded = slot.current().expect("a network is in use");
    assert_eq!(loaded.shape().hidden, 32);

    let truncated = dir.join("truncated.nnue");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    assert!(matches!(
        slot.load_file(&truncated),
        Err(NetworkFileError::Invalid(_, NetworkError::Length { .. }))
    ));
    let mut damaged = bytes.clone();
    damaged[4] = 99;
    let version = dir.join("version.nnue");
    std::fs::write(&version, &damaged).unwrap();
    assert!(matches!(
        slot.load_file(&version),
        Err(NetworkFileError::Invalid(_, NetworkError::Version(99)))
    ));
    let missing = slot.load_file(&dir.join("missing.nnue")).unwrap_err();
    assert!(matches!(missing, NetworkFileError::Io(..)));
    let cause = std::error::Error::source(&missing);
    assert!(cause.is_some_and(|e| e.is::<std::io::Error>()));
    // A draughts network is not a chess network.
    let draughts = Layout::new(200, 32, 8);
    let draughts_params = initial_parameters(&draughts, &mut Rng::new(2));
    let draughts_bytes = write_network(&quantise_network::<crate::draughts::nnue::Draughts200>(
        &draughts_params,
        &draughts,
    ));
    let other = dir.join("draughts.nnue");
    std::fs::write(&other, draughts_bytes).unwrap();
    assert!(matches!(
        slot.load_file(&other),
        Err(NetworkFileError::Invalid(
            _,
            NetworkError::WrongFeatureSet { .. }
        ))
    ));
    // None of the failures replaced the network in use.
    assert!(Arc::ptr_eq(&slot.current().unwrap(), &loaded));
    slot.use_hand_written();
    assert!(slot.current().is_none() && slot.is_hand_written());
    slot.load_file(&good).unwrap();
    assert!(slot.current().is_some() && !slot.is_hand_written());
    let _ = std::fs::remove_dir_all(&dir);
    slot.use_embedded();
    assert!(slot.current().is_none());
}
