//! Chess self-play: where its games start and what each kept position becomes.

use super::game::SelfPlay;
use crate::chess::{chess960_start, read_openings, PackedPosition, Position, CHESS960_POSITIONS};
use std::path::Path;

impl SelfPlay for Position {
    type Record = PackedPosition;
    const DECISIVE_SCORE: i32 = 800;
    const DRAWISH_SCORE: i32 = 20;
    const OPENING_SCORE_LIMIT: i32 = 500;
}

/// The start positions games are drawn from: an opening file's positions, the 960
/// Chess960 arrays, or the classical start.
pub fn chess_starts(book: Option<&Path>, frc: bool) -> Result<Vec<Position>, String> {
    if let Some(path) = book {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        return read_openings(&text).map_err(|e| format!("{}: {e}", path.display()));
    }
    Ok(if frc {
        (0..CHESS960_POSITIONS).map(chess960_start).collect()
    } else {
        vec![Position::startpos()]
    })
}
