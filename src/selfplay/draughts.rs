//! Draughts self-play: where its games start and what each kept position becomes.

use super::game::SelfPlay;
use crate::draughts::fast::notation::parse_position;
use crate::draughts::fmjd::DrawClocks;
use crate::draughts::packed::PackedDraughts;
use crate::draughts::{Position, SearchPosition};
use std::path::Path;

impl SelfPlay for SearchPosition {
    type Record = PackedDraughts;
    // Units are hundredths of a man.
    const DECISIVE_SCORE: i32 = 400;
    const DRAWISH_SCORE: i32 = 10;
    const OPENING_SCORE_LIMIT: i32 = 150;
}

/// The start positions games are drawn from: a file of positions (FEN or Hub strings, one
/// a line, such as the 2-move ballots) or the initial position.
pub fn draughts_starts(book: Option<&Path>) -> Result<Vec<SearchPosition>, String> {
    let positions = match book {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let mut positions = Vec::new();
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let pos = parse_position(line)
                    .map_err(|e| format!("{} line {}: {e}", path.display(), n + 1))?;
                positions.push(pos);
            }
            if positions.is_empty() {
                return Err(format!("{}: no position in the file", path.display()));
            }
            positions
        }
        None => vec![Position::start()],
    };
    Ok(positions
        .into_iter()
        .map(|pos| SearchPosition::new(pos, DrawClocks::new(&pos)))
        .collect())
}
