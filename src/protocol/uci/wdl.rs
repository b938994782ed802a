//! Win/draw/loss estimates for `UCI_ShowWDL`, from a score and the material on the board.
//!
//! Our own simple logistic model: the win chance is a logistic curve in centipawns whose
//! midpoint (the advantage that wins half the time) grows with the material left, because
//! with more pieces on the board an edge takes longer to convert and more can go wrong; the
//! loss chance is the mirror image, and the draw chance is the rest. The figures are
//! rounded to permille so that the three always sum to exactly 1000.

use crate::engine::Score;

/// Material of the initial chess position counted as pawn 1, minor 3, rook 5, queen 9.
pub const START_MATERIAL: u32 = 78;

/// Centipawn advantage that wins half the time with no material beyond the kings.
const MIDPOINT_BARE: f64 = 60.0;

/// How much that midpoint grows per pawn-unit of material on the board.
const MIDPOINT_PER_MATERIAL: f64 = 0.7;

/// Centipawns per unit of the logistic's argument: how gently chances change with score.
const SCALE: f64 = 60.0;

/// Chances in permille, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Win chance, permille.
    pub win: u32,
    /// Draw chance, permille.
    pub draw: u32,
    /// Loss chance, permille.
    pub loss: u32,
}

impl Wdl {
    /// Estimates from `score` with `material` pawn-units left on the board (both sides,
    /// as counted in [`START_MATERIAL`]; larger values are treated as the start).
    pub fn from_score(score: Score, material: u32) -> Wdl {
        match score {
            Score::Win(_) => Wdl {
                win: 1000,
                draw: 0,
                loss: 0,
            },
            Score::Loss(_) => Wdl {
                win: 0,
                draw: 0,
                loss: 1000,
            },
            Score::Value(cp) => {
                let material = f64::from(material.min(START_MATERIAL));
                let midpoint = MIDPOINT_BARE + MIDPOINT_PER_MATERIAL * material;
                let cp = f64::from(cp);
                let win = permille(logistic((cp - midpoint) / SCALE));
                let loss = permille(logistic((-cp - midpoint) / SCALE));
                // win + loss < 1000 before rounding, so at most 1000 after it.
                Wdl {
                    win,
                    draw: 1000u32.saturating_sub(win + loss),
                    loss,
                }
            }
        }
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn permille(p: f64) -> u32 {
    (p * 1000.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(w: Wdl) -> u32 {
        w.win + w.draw + w.loss
    }

    #[test]
    fn always_sums_to_1000() {
        for material in [0, 10, 40, START_MATERIAL, 500] {
            for cp in (-3000..=3000).step_by(7).chain([i32::MIN, i32::MAX]) {
                let w = Wdl::from_score(Score::Value(cp), material);
                assert_eq!(sum(w), 1000, "cp {cp} material {material}: {w:?}");
            }
        }
    }

    #[test]
    fn equal_is_symmetric_and_mostly_drawn() {
        let w = Wdl::from_score(Score::Value(0), START_MATERIAL);
        assert_eq!(w.win, w.loss);
        assert!(w.draw > 500, "{w:?}");
    }

    #[test]
    fn mirror_scores_mirror_chances() {
        for cp in [35, 150, 420] {
            let up = Wdl::from_score(Score::Value(cp), 30);
            let down = Wdl::from_score(Score::Value(-cp), 30);
            assert_eq!((up.win, up.draw, up.loss), (down.loss, down.draw, down.win));
        }
    }

    #[test]
    fn more_advantage_wins_more() {
        let a = Wdl::from_score(Score::Value(100), 40);
        let b = Wdl::from_score(Score::Value(300), 40);
        assert!(b.win > a.win && b.loss <= a.loss);
        assert!(Wdl::from_score(Score::Value(2000), 40).win > 990);
    }

    #[test]
    fn the_same_edge_converts_better_with_less_material() {
        let endgame = Wdl::from_score(Score::Value(150), 10);
        let opening = Wdl::from_score(Score::Value(150), START_MATERIAL);
        assert!(endgame.win > opening.win, "{endgame:?} vs {opening:?}");
    }

    #[test]
    fn mates_are_certain() {
        let win = Wdl::from_score(Score::Win(5), 20);
        assert_eq!((win.win, win.draw, win.loss), (1000, 0, 0));
        let loss = Wdl::from_score(Score::Loss(4), 20);
        assert_eq!((loss.win, loss.draw, loss.loss), (0, 0, 1000));
    }
}
