//! The integration tests: one test binary (`cargo test --release --test engine-tests`),
//! one module per file of this folder, so a new file needs only its `mod` line here.
//! A test is named by its file and function: `cargo test --release --test engine-tests
//! dxp_follower::` runs one file's tests.

mod common;

mod chess_fen;
mod chess_perft;
mod command_line;
mod datagen;
mod draughts_book;
mod draughts_egdb;
mod draughts_egdb_independent;
mod draughts_perft;
mod draughts_perft_cli;
mod draughts_rules;
mod draughts_variants;
mod dxp_follower;
mod dxp_initiator;
mod layers;
mod progress;
mod train;
mod uci_draws;
mod uci_evalfile;
mod uci_limit_strength;
mod uci_syzygy;
