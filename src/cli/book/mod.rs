//! `tvilling book build|extend|stats`: grows the international draughts opening book by
//! drop-out expansion ([`expand`]) and summarises a book file ([`stats`]).

mod expand;
mod stats;

pub use expand::{GrowOptions, GrowStats, Tree};
pub use stats::summarise;

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::arg::at_least_one;
use crate::draughts::book::{read_file, write_file, BookError};
use crate::draughts::SearchPosition;
use crate::engine::Searcher;
use crate::progress::ProgressDisplay;

/// Seconds between saves of the book, each with a progress line (without a bar).
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

/// The command line of `tvilling book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BookCommand {
    /// Grows a new book from the start position.
    Build {
        /// Nodes each position is searched with.
        #[arg(long, value_name = "N", default_value_t = 2_000_000, value_parser = at_least_one::<u64>)]
        nodes: u64,
        /// Where the book is written (and saved to every few seconds while it grows).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        #[command(flatten)]
        grow: GrowArgs,
    },
    /// Grows an existing book further, with the node budget it was built with.
    Extend {
        /// The book to grow.
        book: PathBuf,
        /// Where the grown book is written [default: over BOOK].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        #[command(flatten)]
        grow: GrowArgs,
    },
    /// Summarises a book: its size, its positions by ply, its main line.
    Stats {
        /// The book file.
        book: PathBuf,
    },
}

/// How a book grows, for `build` and `extend` alike.
#[derive(clap::Args, Debug)]
struct GrowArgs {
    /// Stop once the book holds this many positions.
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>)]
    positions: usize,
    /// Positions searched side by side, one thread each.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one::<usize>)]
    threads: usize,
    /// Transposition table of each search thread, in MB.
    #[arg(long, value_name = "MB", default_value_t = 64, value_parser = at_least_one::<usize>)]
    hash: usize,
    /// Moves more than this many hundredths of a man below the best are not expanded.
    #[arg(long, value_name = "CENTS", default_value_t = 25)]
    window: u16,
    /// A move this many hundredths of a man below the best costs as much as one ply more.
    #[arg(long, value_name = "CENTS", default_value_t = 5, value_parser = at_least_one::<u16>)]
    drop_cost: u16,
    /// Plies from the start expanded whole (2: every two-move ballot is in the book).
    #[arg(long, value_name = "PLIES", default_value_t = 2)]
    full_width: u32,
    /// Stop after this many minutes of growing, the book saved as it stands.
    #[arg(long, value_name = "MINUTES", value_parser = at_least_one::<u64>)]
    minutes: Option<u64>,
}

impl GrowArgs {
    fn options(&self) -> GrowOptions {
        GrowOptions {
            positions: self.positions,
            threads: self.threads,
            hash_mb: self.hash,
            window: i32::from(self.window),
            drop_cost: i32::from(self.drop_cost),
            full_width: self.full_width,
        }
    }
}

/// Runs `tvilling book`.
pub fn run_book(args: &BookArgs) -> Result<(), BookError> {
    match &args.command {
        BookCommand::Build { nodes, out, grow } => {
            grow_and_save(Tree::new(*nodes, grow.options()), grow, out)
        }
        BookCommand::Extend { book, out, grow } => {
            let loaded = read_file(book)?;
            let tree =
                Tree::from_book(&loaded, grow.options()).map_err(|reason| BookError::Invalid {
                    book: book.display().to_string(),
                    reason,
                })?;
            grow_and_save(tree, grow, out.as_ref().unwrap_or(book))
        }
        BookCommand::Stats { book } => {
            print!("{}", summarise(&read_file(book)?));
            Ok(())
        }
    }
}

/// Grows `tree` as `grow` says, saving it to `out` with every progress line and at the end.
fn grow_and_save(mut tree: Tree, grow: &GrowArgs, out: &Path) -> Result<(), BookError> {
    let options = grow.options();
    let mut searchers: Vec<Searcher<SearchPosition>> = (0..options.threads)
        .map(|_| {
            let mut searcher = Searcher::new();
            searcher.set_hash_mb(options.hash_mb);
            searcher
        })
        .collect();
    eprintln!(
        "book: growing {} positions to {} in {}: {} nodes a position, {} thread(s), window {}, drop cost {}, {} full-width plies",
        tree.len(),
        options.positions,
        out.display(),
        tree.nodes_per_position(),
        options.threads,
        options.window,
        options.drop_cost,
        options.full_width
    );
    let started = Instant::now();
    let budget = grow
        .minutes
        .map(|m| Duration::from_secs(m.saturating_mul(60)));
    let mut last = Instant::now();
    let mut saved: Result<(), BookError> = Ok(());
    let mut latest = GrowStats::default();
    let display = ProgressDisplay::new("book", Some(options.positions as u64));
    tree.grow(&mut searchers, |tree, stats| {
        latest = stats;
        display.show(tree.len() as u64, || {
            format!("{} positions, {} searches", tree.len(), stats.searches)
        });
        if last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            display.plain(|| progress_line(tree, stats, started.elapsed()));
            saved = write_file(&tree.to_book(), out);
        }
        if saved.is_err() || budget.is_some_and(|b| started.elapsed() >= b) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    saved?;
    write_file(&tree.to_book(), out)?;
    display.line(&format!(
        "{} (done)",
        progress_line(&tree, latest, started.elapsed())
    ));
    Ok(())
}

/// `book: P positions, S searches (R/s), N nodes, start V, deepest ply D, Ts`.
fn progress_line(tree: &Tree, stats: GrowStats, elapsed: Duration) -> String {
    let (value, deepest) = tree.summary();
    let seconds = elapsed.as_secs_f64().max(1e-3);
    format!(
        "book: {} positions, {} searches ({:.2}/s), {:.2} G nodes, start {}, deepest ply {}, {:.0} s",
        tree.len(),
        stats.searches,
        stats.searches as f64 / seconds,
        stats.nodes as f64 / 1e9,
        value.map_or("?".to_string(), |v| format!("{:+.2}", f64::from(v) / 100.0)),
        deepest,
        seconds
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(clap::Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        book: BookArgs,
    }

    fn parse(line: &str) -> Result<BookCommand, clap::Error> {
        Cli::try_parse_from(std::iter::once("book").chain(line.split_whitespace()))
            .map(|cli| cli.book.command)
    }

    #[test]
    fn build_extend_and_stats_take_their_flags() {
        let Ok(BookCommand::Build { nodes, out, grow }) =
            parse("build --out b.book --positions 500 --threads 2")
        else {
            panic!("build");
        };
        assert_eq!((nodes, out), (2_000_000, PathBuf::from("b.book")));
        assert_eq!(
            grow.options(),
            GrowOptions {
                positions: 500,
                threads: 2,
                hash_mb: 64,
                window: 25,
                drop_cost: 5,
                full_width: 2,
            }
        );
        let Ok(BookCommand::Extend { book, out, .. }) = parse("extend a.book --positions 9") else {
            panic!("extend");
        };
        assert_eq!((book, out), (PathBuf::from("a.book"), None));
        assert!(matches!(
            parse("stats a.book"),
            Ok(BookCommand::Stats { .. })
        ));
        for bad in [
            "build --positions 5",
            "build --out b --positions 0",
            "build --out b --positions 5 --nodes 0",
            "extend --positions 5",
            "extend a.book --positions 5 --nodes 9",
            "stats",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
