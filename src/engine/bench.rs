//! The bench: a fixed-depth search of a fixed list of positions, ending in OpenBench's two
//! lines `Nodes searched: N` and `Nodes/second: N`. The games bring their positions (chess:
//! [`crate::chess::BENCH_FENS`]); `tvilling bench` and the UCI command `bench` run it.
//!
//! The node count is the engine's signature: one thread, a fresh 16 MB table and cleared
//! history tables for each position make it depend only on the code, never on what ran
//! before, so two builds that search alike print the same number.

use super::report::nodes_per_second;
use super::{Game, Limits, Searcher};
use std::io::{self, Write};
use std::time::Duration;

/// Transposition-table size for every bench search.
const BENCH_HASH_MB: usize = 16;

/// What one bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    /// Nodes over all positions.
    pub nodes: u64,
    /// Search time over all positions.
    pub elapsed: Duration,
}

/// Searches every root to `depth`, writing one line per position (its best move written
/// by `show_move`, given the root) and then the totals.
pub fn bench<G: Game>(
    roots: &[G],
    depth: u32,
    out: &mut impl Write,
    show_move: impl Fn(&G, G::Move) -> String,
) -> io::Result<BenchReport> {
    let mut searcher = Searcher::<G>::new();
    searcher.set_threads(1);
    searcher.set_hash_mb(BENCH_HASH_MB);
    let mut total = BenchReport {
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for (i, root) in roots.iter().enumerate() {
        searcher.clear();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let outcome = searcher.search_sync(root.clone(), Vec::new(), limits);
        total.nodes += outcome.nodes;
        total.elapsed += outcome.elapsed;
        let best = outcome
            .best
            .map_or_else(|| "0000".to_string(), |mv| show_move(root, mv));
        writeln!(
            out,
            "position {:>2}/{}: bestmove {best} nodes {}",
            i + 1,
            roots.len(),
            outcome.nodes
        )?;
    }
    writeln!(out)?;
    writeln!(out, "Nodes searched: {}", total.nodes)?;
    writeln!(
        out,
        "Nodes/second: {}",
        nodes_per_second(total.nodes, total.elapsed)
    )?;
    out.flush()?;
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::test_game::ConnectFour;

    #[test]
    fn node_count_is_deterministic_and_ends_the_report() {
        let roots = [
            ConnectFour::default(),
            ConnectFour::from_columns(&[3, 3, 2]),
        ];
        let show = |_: &ConnectFour, mv: <ConnectFour as Game>::Move| mv.0.to_string();
        let (mut first, mut second) = (Vec::new(), Vec::new());
        let a = bench(&roots, 6, &mut first, show).unwrap();
        let b = bench(&roots, 6, &mut second, show).unwrap();
        assert!(a.nodes > 0);
        assert_eq!(a.nodes, b.nodes);
        let text = String::from_utf8(first).unwrap();
        assert!(text.starts_with("position  1/2: bestmove "), "{text}");
        let last: Vec<&str> = text.lines().rev().take(2).collect();
        assert_eq!(last[1], format!("Nodes searched: {}", a.nodes));
        assert!(last[0].starts_with("Nodes/second: "));
    }
}
