//! Entry point: the one command line. Each front end and tool declares its own flags
//! beside its code; this file only gathers them into subcommands and runs the one asked for.

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use std::ffi::OsString;
use std::process::ExitCode;
use tvilling::cli::{self, BenchArgs, BookArgs, DatagenArgs, DbgenArgs, PerftArgs};
use tvilling::protocol::draughts_settings::DraughtsSettings;
use tvilling::protocol::dxp::cli::DxpArgs;
use tvilling::train::TrainOptions;

/// The version and the commit it was built from (`unknown` outside a git checkout).
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("TVILLING_COMMIT"),
    ")"
);

// A flag given twice takes its last value (`args_override_self`, which clap propagates to
// every subcommand), as the hand-written parsers did: scripts pass defaults, then override.
/// tvilling: one search, two games. Without a command it is a UCI chess engine.
///
/// Arguments that name no command are UCI commands, one an argument, run in order before
/// the engine quits: tvilling "position startpos" "go depth 8" quit
#[derive(Parser)]
#[command(name = "tvilling", version = VERSION, args_override_self = true)]
struct Tvilling {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// The UCI chess engine on stdin/stdout (the default).
    Uci,
    /// The Hub international-draughts engine on stdin/stdout.
    Hub(DraughtsSettings),
    /// DamExchange draughts over TCP: follow (listen), or initiate a match (--connect).
    Dxp(DxpArgs),
    /// A game's bench (chess unless --game draughts): node count, its signature, and speed.
    Bench(BenchArgs),
    /// Counts the legal-move tree of a chess or draughts position.
    Perft(PerftArgs),
    /// Self-play training data; --stats summarises a data file, --from-pgn converts games.
    Datagen(DatagenArgs),
    /// Makes the draughts endgame databases a directory lacks.
    Dbgen(DbgenArgs),
    /// Trains an evaluation network on datagen data.
    Train(TrainOptions),
    /// Builds, extends or summarises the draughts opening book.
    Book(BookArgs),
    // OpenBench starts engines this way (`./engine "genfens ..." quit`), as scripts do
    // Stockfish; a UCI line whose first word names a command above is that command.
    /// UCI command lines, one an argument.
    #[command(external_subcommand)]
    UciLines(Vec<OsString>),
}

/// Ends the process with a usage error of `subcommand`, written by clap as it writes its
/// own: for the flag combinations it cannot check by itself.
fn usage_error(subcommand: &str, message: String) -> ! {
    let mut command = Tvilling::command();
    command.build();
    match command.find_subcommand_mut(subcommand) {
        Some(sub) => sub.error(ErrorKind::ArgumentConflict, message).exit(),
        None => command.error(ErrorKind::ArgumentConflict, message).exit(),
    }
}

fn main() -> ExitCode {
    // Logging goes to stderr and is silent unless RUST_LOG asks for it: stdout is protocol only.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off"))
        .target(env_logger::Target::Stderr)
        .init();
    let result = match Tvilling::parse().command {
        None | Some(Command::Uci) => return tvilling::protocol::uci::run(),
        Some(Command::UciLines(args)) => {
            // Undecodable bytes are replaced, as on stdin.
            let lines: Vec<String> = args
                .iter()
                .map(|arg| arg.to_string_lossy().into_owned())
                .collect();
            return tvilling::protocol::uci::run_script(&lines);
        }
        Some(Command::Hub(args)) => {
            tvilling::protocol::hub::session::run(args).map_err(|e| e.to_string())
        }
        Some(Command::Dxp(args)) => {
            tvilling::protocol::dxp::cli::run(args).map_err(|e| e.to_string())
        }
        Some(Command::Bench(args)) => cli::run_bench(&args).map_err(|e| e.to_string()),
        Some(Command::Perft(args)) => cli::run_perft(&args).map_err(|e| e.to_string()),
        Some(Command::Datagen(args)) => {
            let command = args
                .into_command(tvilling::rng::clock_seed())
                .unwrap_or_else(|why| usage_error("datagen", why));
            cli::run_datagen(command).map_err(|e| e.to_string())
        }
        Some(Command::Dbgen(args)) => cli::run_dbgen(&args).map_err(|e| e.to_string()),
        Some(Command::Book(args)) => cli::run_book(&args).map_err(|e| e.to_string()),
        Some(Command::Train(options)) => {
            if let Err(why) = options.check() {
                usage_error("train", why);
            }
            cli::run_train(&options).map_err(|e| e.to_string())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tvilling: {message}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_well_formed() {
        Tvilling::command().debug_assert();
    }

    #[test]
    fn no_command_and_uci_both_start_the_uci_engine() {
        let parse = |args: &[&str]| Tvilling::try_parse_from(args).map(|t| t.command);
        assert!(matches!(parse(&["tvilling"]), Ok(None)));
        assert!(matches!(
            parse(&["tvilling", "uci"]),
            Ok(Some(Command::Uci))
        ));
        assert!(parse(&["tvilling", "--chess"]).is_err());
    }

    #[test]
    fn other_arguments_are_uci_lines_and_commands_stay_commands() {
        let parse = |args: &[&str]| Tvilling::try_parse_from(args).map(|t| t.command);
        let Ok(Some(Command::UciLines(lines))) =
            parse(&["tvilling", "genfens 4 seed 7 book None", "quit"])
        else {
            panic!("not UCI lines");
        };
        assert_eq!(lines, ["genfens 4 seed 7 book None", "quit"]);
        assert!(matches!(
            parse(&["tvilling", "bench"]),
            Ok(Some(Command::Bench(_)))
        ));
    }
}
