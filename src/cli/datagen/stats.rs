//! `tvilling datagen --stats FILE`: what a data file holds, to judge it before training:
//! games and positions, the positions the trainer learns from, their results, how scores
//! spread and how often each score band went on to win.

use crate::nnue::data::{DataError, Outcome};
use crate::nnue::game_file::{read_positions, GameRecord};
use std::fmt::Write;
use std::path::Path;

/// Edges of the score bands, in the game's unit, side to move's view.
const BANDS: [i32; 12] = [
    -1000, -600, -400, -200, -100, -25, 25, 100, 200, 400, 600, 1000,
];

/// The summary of `path` as text.
pub fn summarise<R: GameRecord>(path: &Path) -> Result<String, DataError> {
    let (loaded, counts) = read_positions::<R>(path)?;
    let records = &loaded.records;
    let mut out = String::new();
    let n = records.len();
    let _ = writeln!(out, "file: {}", path.display());
    match counts {
        Some(counts) => {
            let _ = writeln!(
                out,
                "games: {}, positions: {}, {:.1} a game",
                counts.games,
                counts.positions,
                counts.positions as f64 / counts.games.max(1) as f64
            );
            let _ = writeln!(out, "training positions (quiet, scored): {n}");
        }
        None => {
            let _ = writeln!(out, "positions: {n}");
        }
    }
    if loaded.trailing_bytes > 0 {
        let _ = writeln!(
            out,
            "trailing bytes: {} (a partial {}, ignored)",
            loaded.trailing_bytes,
            if counts.is_some() { "game" } else { "record" }
        );
    }
    if n == 0 {
        return Ok(out);
    }
    let mut results = [0u64; 3];
    let mut bands = vec![(0u64, 0f64); BANDS.len() + 1];
    let mut pieces = [0u64; 65];
    let mut abs_sum = 0f64;
    for r in records {
        results[r.outcome() as usize] += 1;
        let score = i32::from(r.score());
        abs_sum += f64::from(score.abs());
        let band = BANDS.iter().take_while(|&&edge| score >= edge).count();
        bands[band].0 += 1;
        bands[band].1 += f64::from(r.outcome().points());
        pieces[r.piece_count().min(64) as usize] += 1;
    }
    let pct = |x: u64| 100.0 * x as f64 / n as f64;
    let _ = writeln!(
        out,
        "results (side to move): win {:.1}%, draw {:.1}%, loss {:.1}%",
        pct(results[Outcome::Win as usize]),
        pct(results[Outcome::Draw as usize]),
        pct(results[Outcome::Loss as usize])
    );
    let _ = writeln!(out, "mean |score|: {:.0}", abs_sum / n as f64);
    let _ = writeln!(out, "score band         positions   share  points");
    for (i, &(count, points)) in bands.iter().enumerate() {
        let label = match i {
            0 => format!("< {}", BANDS[0]),
            i if i == BANDS.len() => format!(">= {}", BANDS[i - 1]),
            i => format!("{} .. {}", BANDS[i - 1], BANDS[i]),
        };
        let mean = if count > 0 {
            points / count as f64
        } else {
            0.0
        };
        let _ = writeln!(
            out,
            "{label:<16} {count:>11} {:>6.1}%  {mean:.3}",
            pct(count)
        );
    }
    let _ = writeln!(out, "pieces  positions");
    for (count, &k) in pieces.iter().enumerate().filter(|(_, &k)| k > 0) {
        let _ = writeln!(out, "{count:>6} {k:>10}");
    }
    Ok(out)
}
