//! One self-play game for training data, written once for every game: the engine plays
//! both sides at a node budget per move, and the game is written whole (its start, every
//! move with the search score of the position it was played from, and the result) in the
//! game file format of [`crate::nnue::game_file`], whose reader picks the positions worth
//! learning from.
//!
//! A game ends by the rules (no legal move, a rule draw, a threefold repetition) or by
//! adjudication: a decisive score that both sides agree on for several plies, or a long
//! stretch of near-zero scores late in the game. Adjudication only saves time; it is
//! tuned to be almost never wrong, because a wrong result is a wrong label.

use crate::engine::{Game, Limits, MoveList, Score, Searcher};
use crate::nnue::data::Outcome;
use crate::nnue::game_file::{encode_game, GameRecord, NO_SCORE};
use crate::rng::Rng;

/// What datagen needs of a game beyond the search's [`Game`].
pub trait SelfPlay: Game {
    /// The game's training record, which starts a game in a game file.
    type Record: GameRecord<Board = Self, Move = Self::Move>;
    /// A score at least this large (game units) held for [`DECISIVE_PLIES`] plies in a
    /// row, by both sides, decides the game for the side it favours.
    const DECISIVE_SCORE: i32;
    /// Scores within this of zero for [`DRAWISH_PLIES`] plies, from ply
    /// [`DRAWISH_FROM_PLY`] of the game on, adjudicate a draw.
    const DRAWISH_SCORE: i32;
    /// An opening scored beyond this by a first search is thrown away: a game decided
    /// before it starts teaches little.
    const OPENING_SCORE_LIMIT: i32;
}

/// Plies a decisive score must be held.
pub const DECISIVE_PLIES: u32 = 6;
/// Plies of near-zero scores that adjudicate a draw.
pub const DRAWISH_PLIES: u32 = 10;
/// The game ply from which a draw may be adjudicated.
pub const DRAWISH_FROM_PLY: usize = 60;
/// A game still running at this many plies is a draw.
pub const MAX_GAME_PLIES: usize = 600;
/// Tries at drawing an opening before giving up on a start position.
const OPENING_TRIES: usize = 64;

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlayConfig {
    /// Soft node limit per move: no iteration starts past it.
    pub soft_nodes: u64,
    /// Random legal plies after the start position.
    pub random_plies: usize,
}

/// What one game produced.
#[derive(Debug)]
pub struct PlayedGame {
    /// The game in the game file format.
    pub bytes: Vec<u8>,
    /// Positions written: one for each move played after the opening.
    pub positions: usize,
    /// Nodes the game's searches spent, the opening's check aside.
    pub nodes: u64,
}

/// A search score as a number for adjudication: mate scores count as very large.
fn numeric(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(_) => i32::MAX / 2,
        Score::Loss(_) => -i32::MAX / 2,
    }
}

/// Plays `plies` random legal moves from `start`; `None` when the game ends on the way.
fn random_walk<G: Game>(start: &G, plies: usize, rng: &mut Rng) -> Option<(G, Vec<u64>)> {
    let mut pos = start.clone();
    let mut hashes = Vec::with_capacity(plies);
    let mut moves = MoveList::new();
    for _ in 0..plies {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves.as_slice()[rng.below(moves.len() as u64) as usize];
        hashes.push(pos.hash());
        pos.play(mv);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    (!moves.is_empty() && !pos.is_rule_draw()).then_some((pos, hashes))
}

/// True when the last hash of `hashes` stands there twice before, within the reversible
/// plies: the third occurrence, a draw by the rules of both games.
fn threefold(hashes: &[u64], reversible: usize) -> bool {
    let Some((&current, earlier)) = hashes.split_last() else {
        return false;
    };
    let reach = reversible.min(earlier.len());
    earlier[earlier.len() - reach..]
        .iter()
        .rev()
        .skip(1)
        .step_by(2)
        .filter(|&&h| h == current)
        .count()
        >= 2
}

/// An opening drawn for a game, and what drawing it cost.
#[derive(Debug)]
pub struct DrawnOpening<G> {
    /// The opening and the positions before it; `None` when every try was decided.
    pub opening: Option<(G, Vec<u64>)>,
    /// Tries thrown away: a walk that ended the game, or a start a search found decided.
    pub redrawn: u32,
    /// Nodes the checking searches spent.
    pub nodes: u64,
}

/// Draws an opening: a start position from `starts`, then random plies, kept only when a
/// search finds it playable and not already decided.
pub fn draw_opening<G: SelfPlay>(
    searcher: &mut Searcher<G>,
    starts: &[G],
    config: &SelfPlayConfig,
    rng: &mut Rng,
) -> DrawnOpening<G> {
    let mut drawn = DrawnOpening {
        opening: None,
        redrawn: 0,
        nodes: 0,
    };
    for _ in 0..OPENING_TRIES {
        let start = &starts[rng.below(starts.len() as u64) as usize];
        if let Some((pos, hashes)) = random_walk(start, config.random_plies, rng) {
            let outcome = searcher.search_here(pos.clone(), hashes.clone(), limits(config));
            drawn.nodes += outcome.nodes;
            if numeric(outcome.score).abs() <= G::OPENING_SCORE_LIMIT {
                drawn.opening = Some((pos, hashes));
                return drawn;
            }
        }
        drawn.redrawn += 1;
    }
    drawn
}

fn limits<M>(config: &SelfPlayConfig) -> Limits<M> {
    Limits {
        soft_nodes: Some(config.soft_nodes),
        // The hard limit only stops a runaway iteration; the soft one decides.
        nodes: Some(config.soft_nodes.saturating_mul(8)),
        ..Limits::default()
    }
}

/// Plays one game from `start` (with `hashes`, the positions before it) and returns it.
/// The searcher's tables are cleared first, so a game depends only on its opening and the
/// engine.
pub fn play_game<G: SelfPlay>(
    searcher: &mut Searcher<G>,
    start: G,
    mut hashes: Vec<u64>,
    config: &SelfPlayConfig,
) -> PlayedGame {
    searcher.clear();
    let mut pos = start.clone();
    // Each move's code with the score of the position it was played from; a move the
    // format cannot write ends the record (never the game, whose result is still needed).
    let mut moves: Vec<(u16, i16)> = Vec::new();
    let mut writing = true;
    let mut first_to_move = true;
    let (mut decisive_run, mut decisive_sign, mut drawish_run) = (0u32, 0i32, 0u32);
    let mut legal = MoveList::new();
    let mut plies = 0usize;
    let mut nodes = 0u64;
    // The result from the first mover's view.
    let result = loop {
        hashes.push(pos.hash());
        legal.clear();
        pos.legal_moves(&mut legal);
        let stm_view = |outcome: Outcome| {
            if first_to_move {
                outcome
            } else {
                outcome.flip()
            }
        };
        if legal.is_empty() {
            break stm_view(if pos.no_moves_is_loss() {
                Outcome::Loss
            } else {
                Outcome::Draw
            });
        }
        if pos.is_rule_draw()
            || threefold(&hashes, pos.reversible_plies())
            || plies >= MAX_GAME_PLIES
        {
            break Outcome::Draw;
        }
        let history = hashes[..hashes.len() - 1].to_vec();
        let outcome = searcher.search_here(pos.clone(), history, limits(config));
        nodes += outcome.nodes;
        let Some(best) = outcome.best else {
            break Outcome::Draw;
        };
        let score = numeric(outcome.score);

        // Adjudication: `first_view` is the score from the first mover's side, so both
        // sides' searches count towards the same run.
        let first_view = if first_to_move { score } else { -score };
        if score.abs() >= G::DECISIVE_SCORE {
            if first_view.signum() == decisive_sign {
                decisive_run += 1;
            } else {
                decisive_sign = first_view.signum();
                decisive_run = 1;
            }
        } else {
            decisive_run = 0;
        }
        if decisive_run >= DECISIVE_PLIES {
            break if decisive_sign > 0 {
                Outcome::Win
            } else {
                Outcome::Loss
            };
        }
        let game_ply = hashes.len() - 1;
        if game_ply >= DRAWISH_FROM_PLY && score.abs() <= G::DRAWISH_SCORE {
            drawish_run += 1;
        } else {
            drawish_run = 0;
        }
        if drawish_run >= DRAWISH_PLIES {
            break Outcome::Draw;
        }

        let stored = match outcome.score {
            // NO_SCORE is i16::MIN, so a value is clamped short of it.
            Score::Value(v) => v.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            Score::Win(_) | Score::Loss(_) => NO_SCORE,
        };
        match G::Record::move_code(&pos, best).filter(|_| writing) {
            Some(code) => moves.push((code, stored)),
            None => writing = false,
        }
        pos.play(best);
        first_to_move = !first_to_move;
        plies += 1;
    };
    let first = G::Record::from_board(&start, 0, result);
    PlayedGame {
        bytes: encode_game(&first, &moves, NO_SCORE),
        positions: moves.len(),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threefold_needs_two_earlier_occurrences_on_the_same_side() {
        // Positions: A B C B A B ... the current A at index 4 has one earlier A.
        assert!(!threefold(&[1, 2, 3, 2, 1], 10));
        assert!(threefold(&[1, 2, 3, 2, 1, 2, 1], 10));
        // The same hash an odd number of plies back is the other side to move.
        assert!(!threefold(&[1, 1, 1], 10));
        // Beyond the reversible plies nothing repeats.
        assert!(!threefold(&[1, 2, 1, 2, 1], 2));
    }

    fn drawn_from(fen: &str) -> DrawnOpening<crate::chess::Position> {
        let start = crate::chess::Position::from_fen(fen).unwrap();
        let config = SelfPlayConfig {
            soft_nodes: 2_000,
            random_plies: 2,
        };
        draw_opening(&mut Searcher::new(), &[start], &config, &mut Rng::new(3))
    }

    #[test]
    fn decided_starts_are_redrawn_and_counted() {
        // Two queens up whatever two random plies do: every try is thrown away.
        let decided = drawn_from("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1");
        assert!(decided.opening.is_none());
        assert_eq!(decided.redrawn as usize, OPENING_TRIES);
        assert!(decided.nodes > 0);

        let level = drawn_from(crate::chess::START_FEN);
        assert!(level.opening.is_some());
        assert_eq!(level.redrawn, 0);
        assert!(level.nodes > 0);
    }
}
