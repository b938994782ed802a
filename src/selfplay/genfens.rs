//! OpenBench's `genfens`: opening positions for self-play on many machines, made the way
//! our own datagen makes them (a start position or book line, random plies, a short search
//! that throws away openings already decided), reproducible from the seed.

use super::chess::chess_starts;
use super::game::{draw_opening, SelfPlayConfig};
use crate::chess::Position;
use crate::engine::Searcher;
use crate::rng::{derive_seed, Rng};
use std::path::PathBuf;

/// Random plies after the classical start or a Chess960 array.
pub const GENFENS_PLIES: usize = 8;
/// Random plies after a book line (it already brings variety).
pub const GENFENS_BOOK_PLIES: usize = 2;
/// Soft node limit of the search that checks an opening.
const CHECK_NODES: u64 = 2_000;

/// What `genfens N seed S book <None|FILE> [extra]` asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenfensRequest {
    /// Number of positions.
    pub count: u32,
    /// Seed of every random choice.
    pub seed: u64,
    /// An EPD/FEN or PGN book, or none.
    pub book: Option<PathBuf>,
    /// Start from the Chess960 arrays instead of the classical one.
    pub frc: bool,
    /// Random plies after the start; `None` for the default.
    pub plies: Option<usize>,
}

/// The FENs of the request, in order.
pub fn genfens(
    searcher: &mut Searcher<Position>,
    request: &GenfensRequest,
) -> Result<Vec<String>, String> {
    let starts = chess_starts(
        request.book.as_deref(),
        request.frc && request.book.is_none(),
    )?;
    let default_plies = if request.book.is_some() {
        GENFENS_BOOK_PLIES
    } else {
        GENFENS_PLIES
    };
    let config = SelfPlayConfig {
        soft_nodes: CHECK_NODES,
        random_plies: request.plies.unwrap_or(default_plies),
    };
    searcher.clear();
    let mut fens = Vec::with_capacity(request.count as usize);
    for index in 0..u64::from(request.count) {
        let mut rng = Rng::new(derive_seed(request.seed, index));
        let (pos, _) = draw_opening(searcher, &starts, &config, &mut rng)
            .opening
            .ok_or_else(|| format!("no playable opening found for position {index}"))?;
        fens.push(pos.to_fen());
    }
    Ok(fens)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_distinct_and_legal() {
        let mut searcher = Searcher::new();
        let request = GenfensRequest {
            count: 6,
            seed: 99,
            book: None,
            frc: false,
            plies: None,
        };
        let first = genfens(&mut searcher, &request).unwrap();
        let again = genfens(&mut searcher, &request).unwrap();
        assert_eq!(first, again);
        assert_eq!(first.len(), 6);
        for fen in &first {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(pos.fullmove_number(), 5, "{fen}");
        }
        let frc = genfens(
            &mut searcher,
            &GenfensRequest {
                frc: true,
                ..request
            },
        )
        .unwrap();
        assert_ne!(frc, first);
    }
}
