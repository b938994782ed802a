//! Entry point: chooses the front end from the first argument and nothing else.

use std::process::ExitCode;

fn main() -> ExitCode {
    // Logging goes to stderr and is silent unless RUST_LOG asks for it: stdout is protocol only.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("off"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("dxp") => tvilling::protocol::dxp::cli::run(&args[1..]).map_err(|e| e.to_string()),
        Some("hub") => tvilling::protocol::hub::session::run(&args[1..]).map_err(|e| e.to_string()),
        Some("perft") => tvilling::cli::run_perft(&args[1..]).map_err(|e| e.to_string()),
        Some("datagen") => tvilling::cli::run_datagen(&args[1..]).map_err(|e| e.to_string()),
        Some("dbgen") => tvilling::cli::run_dbgen(&args[1..]).map_err(|e| e.to_string()),
        Some("bench") => tvilling::cli::run_bench(&args[1..]).map_err(|e| e.to_string()),
        Some(other) => Err(format!("unknown command {other:?}")),
        None => return tvilling::protocol::uci::run(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tvilling: {message}");
            ExitCode::FAILURE
        }
    }
}
