//! The `eval` command's table: the evaluation split by term, so a user can see why the
//! engine likes a position. Built from the [`trace`], so it adds up to exactly
//! what the search sees, after the network's own verdict when one is in use.

use super::features::SECTIONS;
use super::score::S;
use super::{taper, trace, MAX_PHASE, SCALE_NORMAL, WEIGHT_TABLE};
use crate::chess::nnue::{evaluate_from_scratch, CHESS_NETWORK};
use crate::chess::piece::Color;
use crate::chess::position::Position;

/// The `eval` command's whole answer: the network in use (`network_name` is how the user
/// chose it) and its score, then [`explain`]'s table of the hand-written evaluation.
pub fn eval_report(pos: &Position, network_name: &str) -> Vec<String> {
    let mut lines = match CHESS_NETWORK.current() {
        Some(net) => vec![
            format!(
                "network {network_name} ({}): {} for the side to move",
                net.shape(),
                evaluate_from_scratch(&net, pos)
            ),
            "hand-written evaluation, for comparison:".to_string(),
        ],
        None => vec!["no network in use (Use NNUE, EvalFile): the hand-written evaluation".into()],
    };
    lines.extend(explain(pos));
    lines
}

/// One line per term that is not zero (midgame and endgame halves, White's view), then
/// the totals, phase and endgame scale, and the final score.
pub fn explain(pos: &Position) -> Vec<String> {
    let trace = trace(pos);
    let mut lines = vec![format!(
        "{:<44} {:>6} {:>6}",
        "term (centipawns, White's view)", "mg", "eg"
    )];
    let mut total = S::default();
    for section in &SECTIONS {
        let range = section.offset..section.offset + section.len;
        let mut sum = S::default();
        for (weight, count) in WEIGHT_TABLE[range.clone()]
            .iter()
            .zip(&trace.coefficients[range])
        {
            sum += *weight * i32::from(*count);
        }
        if sum != S::default() {
            lines.push(format!(
                "{:<44} {:>6} {:>6}",
                section.name,
                sum.mg(),
                sum.eg()
            ));
        }
        total += sum;
    }
    lines.push(format!(
        "{:<44} {:>6} {:>6}",
        "total",
        total.mg(),
        total.eg()
    ));
    let scale = trace.scale[usize::from(total.eg() < 0)];
    let white = taper(total.mg(), total.eg(), trace.phase, scale);
    let to_move = match pos.side_to_move() {
        Color::White => white,
        Color::Black => -white,
    };
    lines.push(format!(
        "phase {}/{MAX_PHASE}, endgame scale {scale}/{SCALE_NORMAL}",
        trace.phase
    ));
    lines.push(format!(
        "Evaluation: {to_move} cp (side to move), {white} cp (White)"
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::eval::evaluate;

    #[test]
    fn the_table_adds_up_to_the_evaluation() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 3 9",
            "8/5k2/8/3PK3/8/8/8/8 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            let lines = explain(&pos);
            let expected = format!("Evaluation: {} cp (side to move)", evaluate(&pos));
            assert!(
                lines.last().unwrap().starts_with(&expected),
                "{fen}: {lines:?}"
            );
            assert!(lines.iter().any(|l| l.starts_with("total")));
        }
    }
}
