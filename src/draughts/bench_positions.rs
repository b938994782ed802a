//! The fixed positions of the draughts bench ([`crate::engine::bench`] on international
//! draughts): the start position and middlegames from games against Moby Dam, plies 10 to
//! 50, either side to move. Its node count is the draughts engine's signature, as
//! [`crate::chess::BENCH_FENS`]' is the chess engine's.
//!
//! The list is part of the benchmark's definition: changing it changes the figure, so a
//! change of it carries a new `Draughts bench:` line. `scripts/bench/bench_compare.py` reads
//! the table from this file, to time the same searches through the Hub of any build.

use super::board::Clocks;
use super::fast::notation::parse_hub;
use super::SearchPosition;

/// Depth searched when none is given: about half as long as the chess bench at its own.
pub const DEFAULT_DRAUGHTS_BENCH_DEPTH: u32 = 14;

/// The bench positions in Hub's `pos` notation, in the order they are searched.
pub const DRAUGHTS_BENCH_POSITIONS: [&str; 12] = [
    "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww",
    "Bbbbbbbebeeebbebeebbeeebeebeeweeewewwewwwwewwwewwwe",
    "Bebbbeebbeeeebebbeeebbeebebeewweewewwwweweewewewwee",
    "Bebbbbbebbbbbbbbbbbbbeebeweeeeewwwewwwwwwwwwwwwwwwe",
    "Bebbebbeebebbbbbbbebeebebeeewbewwwewwewwwewewwwwwwe",
    "BeebebbebbeeeeebeeeebeewewebeeeeeewwweweeeeeewwwewB",
    "Bbbbbbbbebbbeebbbbbbbeeeeeeeweeeeewwwwwwwewwwwwwwww",
    "Bbbbbebbeeebeebbbbbbbeeeebeeewewwwwwwewweeeeewwwwww",
    "Beeeeebbbbebbbbbbebeeeeewbbweeeewwwewwewweweeweewwe",
    "Bbbbbbbebbbbbewbbbbbeebbeeeeeeewwwwwewwwewwwwwwwwww",
    "Bebbbbbebeebbebbebbbeebebewbweweeweweewwwwwwwwewwwe",
    "Beebebbbeeebebbbebbbeebbewwbewwweeewweweeewwewewwwe",
];

/// [`DRAUGHTS_BENCH_POSITIONS`] read into search roots, with fresh draw clocks.
pub fn draughts_bench_positions() -> Result<Vec<SearchPosition>, String> {
    DRAUGHTS_BENCH_POSITIONS
        .iter()
        .map(|text| {
            let position = parse_hub(text).map_err(|e| format!("{text}: {e}"))?;
            Ok(SearchPosition::new(position, Clocks::start(&position)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::fast::notation::to_hub;

    #[test]
    fn every_bench_position_is_read_back_unchanged() {
        let roots = draughts_bench_positions().unwrap();
        assert_eq!(roots.len(), DRAUGHTS_BENCH_POSITIONS.len());
        for (root, text) in roots.iter().zip(DRAUGHTS_BENCH_POSITIONS) {
            assert_eq!(to_hub(&root.position), text);
        }
    }
}
