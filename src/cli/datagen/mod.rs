//! `tvilling datagen`: self-play training data for the evaluation network (chess or
//! draughts), and
//! `tvilling datagen --stats FILE` to summarise a data file.
//!
//! Games run in parallel on a rayon pool, one single-threaded search per game, so a run's
//! data depends only on its seed and node budget, not on timing. Every finished game is
//! appended to the output in one write, so a killed run keeps all its finished games and
//! runs with different seeds can be concatenated.

mod convert;
mod options;
mod stats;

pub use convert::{comment_score, convert_pgn, record_as_game, Converted};
pub use options::{DataGame, DatagenArgs, DatagenCommand, GenerateOptions, Target};

use crate::engine::{Searcher, SEARCH_STACK_BYTES};
use crate::nnue::data::read_records;
use crate::nnue::data::DataError;
use crate::nnue::game_file::{GameRecord, GameWriter};
use crate::nnue::NetworkFileError;
use crate::progress::ProgressDisplay;
use crate::rng::{derive_seed, Rng};
use crate::selfplay::{
    chess_starts, draughts_starts, draw_opening, play_game, SelfPlay, SelfPlayConfig,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Seconds between progress lines (without a bar).
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Why `tvilling datagen` stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// The opening file or the thread pool could not be set up, or a PGN is unreadable.
    #[error("{0}")]
    Setup(String),
    /// The `--evalfile` network could not be loaded.
    #[error(transparent)]
    Network(#[from] NetworkFileError),
    /// Reading or writing data failed.
    #[error(transparent)]
    Data(#[from] DataError),
}

/// Runs `tvilling datagen`: progress on stderr, a `--stats` summary on stdout.
pub fn run_datagen(command: DatagenCommand) -> Result<(), DatagenError> {
    match command {
        DatagenCommand::Stats { game, path } => {
            let report = match game {
                DataGame::Chess => stats::summarise::<crate::chess::PackedPosition>(&path)?,
                DataGame::Draughts => {
                    stats::summarise::<crate::draughts::packed::PackedDraughts>(&path)?
                }
            };
            print!("{report}");
            Ok(())
        }
        DatagenCommand::FromPgn { inputs, out } => {
            let mut writer = GameWriter::append(&out)?;
            for path in inputs {
                let text = std::fs::read_to_string(&path).map_err(|e| {
                    DatagenError::Setup(format!("cannot read {}: {e}", path.display()))
                })?;
                let (games, report) = convert_pgn(&text)
                    .map_err(|e| DatagenError::Setup(format!("{}: {e}", path.display())))?;
                writer.write_game(&games.concat())?;
                eprintln!(
                    "datagen: {}: {} games ({} without a result), {} positions appended to {}",
                    path.display(),
                    report.games,
                    report.unfinished,
                    report.positions,
                    out.display()
                );
            }
            Ok(())
        }
        DatagenCommand::FromRecords { game, inputs, out } => match game {
            DataGame::Chess => records_to_games::<crate::chess::PackedPosition>(&inputs, &out),
            DataGame::Draughts => {
                records_to_games::<crate::draughts::packed::PackedDraughts>(&inputs, &out)
            }
        },
        DatagenCommand::Generate(options) => match options.game {
            DataGame::Chess => {
                if let Some(path) = &options.evalfile {
                    crate::chess::nnue::CHESS_NETWORK.load_file(path)?;
                }
                let starts = chess_starts(options.book.as_deref(), options.frc)
                    .map_err(DatagenError::Setup)?;
                generate(&options, &starts)
            }
            DataGame::Draughts => {
                if let Some(path) = &options.evalfile {
                    crate::draughts::nnue::DRAUGHTS_NETWORK.load_file(path)?;
                }
                let starts =
                    draughts_starts(options.book.as_deref()).map_err(DatagenError::Setup)?;
                generate(&options, &starts)
            }
        },
    }
}

/// Appends each record of the record files `inputs` to the game file `out` as a game of
/// one position.
fn records_to_games<R: GameRecord>(inputs: &[PathBuf], out: &Path) -> Result<(), DatagenError> {
    let mut writer = GameWriter::append(out)?;
    for path in inputs {
        let loaded = read_records::<R>(path)?;
        let games: Vec<u8> = loaded.records.iter().flat_map(record_as_game).collect();
        writer.write_game(&games)?;
        eprintln!(
            "datagen: {}: {} positions appended to {}{}",
            path.display(),
            loaded.records.len(),
            out.display(),
            if loaded.trailing_bytes > 0 {
                format!(" ({} trailing bytes ignored)", loaded.trailing_bytes)
            } else {
                String::new()
            }
        );
    }
    Ok(())
}

/// Counters shared by the workers and the progress line.
#[derive(Default)]
struct Progress {
    games_claimed: AtomicU64,
    games: AtomicU64,
    positions: AtomicU64,
    nodes: AtomicU64,
    redrawn_openings: AtomicU64,
    finished: AtomicBool,
    failed: AtomicBool,
}

/// Plays games from `starts` until the target is met, appending to the output file.
pub fn generate<G: SelfPlay>(options: &GenerateOptions, starts: &[G]) -> Result<(), DatagenError> {
    let writer = Mutex::new(GameWriter::append(&options.out)?);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .stack_size(SEARCH_STACK_BYTES)
        .thread_name(|i| format!("datagen-{i}"))
        .build()
        .map_err(|e| DatagenError::Setup(format!("cannot start the game threads: {e}")))?;
    let progress = Progress::default();
    let error: Mutex<Option<DataError>> = Mutex::new(None);
    let config = SelfPlayConfig {
        soft_nodes: options.nodes,
        random_plies: options.random_plies,
    };
    eprintln!(
        "datagen: seed {}, {} thread(s), {} nodes a move, {} random plies, evaluation {}, appending to {}",
        options.seed,
        options.threads,
        options.nodes,
        options.random_plies,
        options
            .evalfile
            .as_ref()
            .map_or("built in".to_string(), |p| p.display().to_string()),
        options.out.display()
    );
    let start = Instant::now();
    let display = ProgressDisplay::new(
        "datagen",
        match options.target {
            Target::Games(n) | Target::Positions(n) => Some(n),
            Target::Unlimited => None,
        },
    );
    std::thread::scope(|scope| {
        scope.spawn(|| {
            pool.scope(|games| {
                for _ in 0..options.threads {
                    games.spawn(|_| {
                        play_games(options, starts, &config, &progress, &writer, &error)
                    });
                }
            });
            progress.finished.store(true, Ordering::Release);
        });
        let mut last = Instant::now();
        while !progress.finished.load(Ordering::Acquire) {
            std::thread::sleep(Duration::from_millis(100));
            let games = progress.games.load(Ordering::Relaxed);
            let positions = progress.positions.load(Ordering::Relaxed);
            let done = match options.target {
                Target::Games(_) => games,
                Target::Positions(_) | Target::Unlimited => positions,
            };
            display.show(done, || {
                let rate = positions as f64 / start.elapsed().as_secs_f64().max(1e-3);
                format!("{positions} positions, {games} games, {rate:.0} positions/s")
            });
            if last.elapsed() >= PROGRESS_EVERY {
                last = Instant::now();
                display.plain(|| progress_line(&progress, options.target, start.elapsed()));
            }
        }
    });
    if let Some(e) = error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e.into());
    }
    display.line(&format!(
        "{} (done)",
        progress_line(&progress, options.target, start.elapsed())
    ));
    Ok(())
}

/// One worker: claims game numbers until the target is met, each game seeded by its number.
fn play_games<G: SelfPlay>(
    options: &GenerateOptions,
    starts: &[G],
    config: &SelfPlayConfig,
    progress: &Progress,
    writer: &Mutex<GameWriter>,
    error: &Mutex<Option<DataError>>,
) {
    let mut searcher = Searcher::<G>::new();
    searcher.set_hash_mb(options.hash_mb);
    loop {
        if progress.failed.load(Ordering::Relaxed) {
            return;
        }
        let index = progress.games_claimed.fetch_add(1, Ordering::Relaxed);
        match options.target {
            Target::Games(n) if index >= n => return,
            Target::Positions(n) if progress.positions.load(Ordering::Relaxed) >= n => return,
            _ => {}
        }
        let mut rng = Rng::new(derive_seed(options.seed, index));
        let drawn = draw_opening(&mut searcher, starts, config, &mut rng);
        progress
            .redrawn_openings
            .fetch_add(u64::from(drawn.redrawn), Ordering::Relaxed);
        progress.nodes.fetch_add(drawn.nodes, Ordering::Relaxed);
        let Some((opening, hashes)) = drawn.opening else {
            continue;
        };
        let game = play_game(&mut searcher, opening, hashes, config);
        let written = writer
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .write_game(&game.bytes);
        if let Err(e) = written {
            *error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
            progress.failed.store(true, Ordering::Relaxed);
            return;
        }
        progress
            .positions
            .fetch_add(game.positions as u64, Ordering::Relaxed);
        progress.nodes.fetch_add(game.nodes, Ordering::Relaxed);
        progress.games.fetch_add(1, Ordering::Relaxed);
    }
}

fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

fn progress_line(progress: &Progress, target: Target, elapsed: Duration) -> String {
    let games = progress.games.load(Ordering::Relaxed);
    let positions = progress.positions.load(Ordering::Relaxed);
    let rate = positions as f64 / elapsed.as_secs_f64().max(1e-3);
    let fraction = match target {
        Target::Games(n) => Some(games as f64 / n.max(1) as f64),
        Target::Positions(n) => Some(positions as f64 / n.max(1) as f64),
        Target::Unlimited => None,
    };
    let eta = match fraction {
        Some(f) if f > 0.0 => {
            let left = elapsed.as_secs_f64() * (1.0 - f.min(1.0)) / f;
            format!(", ETA {}", clock(Duration::from_secs_f64(left)))
        }
        _ => String::new(),
    };
    let redrawn = progress.redrawn_openings.load(Ordering::Relaxed);
    let nodes = progress.nodes.load(Ordering::Relaxed) / positions.max(1);
    format!(
        "datagen: {positions} positions, {games} games ({redrawn} openings redrawn), {nodes} nodes a position, {rate:.0} positions/s, elapsed {}{eta}",
        clock(elapsed)
    )
}
