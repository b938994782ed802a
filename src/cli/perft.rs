//! `tvilling perft [--game chess|draughts|<variant>] [--divide] <depth> [position]`.
//!
//! A draughts variant is named as the Hub `variant` parameter names it (`russian`, `bt`,
//! ...); its position is a Hub string or a FEN as pydraughts writes them.
//!
//! The last line is always `Nodes searched: N` (Stockfish's format), so scripts and the
//! perft checker can read any game's output the same way.

use crate::chess::FenError;
use crate::draughts::generic::{Variant, DECLARED_NAMES};
use crate::draughts::PositionParseError;
use crate::engine::{divide, Perft};

/// Why `tvilling perft` could not run: the position could not be read.
#[derive(Debug, thiserror::Error)]
pub enum PerftCliError {
    /// The chess FEN was rejected.
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    /// The draughts position (Hub string or FEN) was rejected.
    #[error(transparent)]
    Draughts(#[from] PositionParseError),
}

/// The game whose tree is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    /// Chess (standard or Chess960).
    Chess,
    /// International draughts, on its fast move generator.
    Draughts,
    /// Another draughts variant.
    Variant(Variant),
}

/// Reads `--game`: chess, draughts or a draughts variant's Hub name.
fn parse_game(name: &str) -> Result<GameKind, String> {
    match name {
        "chess" => Ok(GameKind::Chess),
        "draughts" => Ok(GameKind::Draughts),
        _ => Variant::from_name(name)
            .map(GameKind::Variant)
            .ok_or_else(|| {
                format!(
                    "unknown game: expected chess, draughts or one of {}",
                    DECLARED_NAMES.join(", ")
                )
            }),
    }
}

/// The command line of `tvilling perft`.
///
/// It derives `Parser` (not only `Args`) so that its tests can parse it alone.
#[derive(clap::Parser, Debug)]
pub struct PerftArgs {
    /// chess, draughts, or a draughts variant as the Hub `variant` parameter names it
    /// (russian, bt, ...).
    #[arg(long, value_name = "GAME", default_value = "chess", value_parser = parse_game)]
    pub game: GameKind,
    /// Print each root move's count before the total.
    #[arg(long)]
    pub divide: bool,
    /// Plies to count.
    pub depth: u32,
    /// The position: a FEN (chess), a Hub string or FEN (draughts) [default: the start].
    #[arg(value_name = "POSITION")]
    pub position: Vec<String>,
}

impl PerftArgs {
    /// The position's words joined again, `None` for the start position.
    fn position(&self) -> Option<String> {
        (!self.position.is_empty()).then(|| self.position.join(" "))
    }
}

/// Runs `tvilling perft`, printing to stdout.
pub fn run_perft(args: &PerftArgs) -> Result<(), PerftCliError> {
    match args.game {
        GameKind::Chess => run_chess(args),
        GameKind::Draughts => run_draughts(args),
        GameKind::Variant(variant) => run_variant(args, variant),
    }
}

/// Chess perft. There is no Chess960 switch: a position whose FEN gives castling rights as
/// file letters, or whose castling king or rook is off its classical square, prints
/// castling as king takes rook (`e1h1`); any other position prints `e1g1`.
fn run_chess(args: &PerftArgs) -> Result<(), PerftCliError> {
    use crate::chess::{move_to_uci, Position, START_FEN};
    let position = args.position();
    let fen = position.as_deref().unwrap_or(START_FEN);
    let pos = Position::from_fen(fen)?;
    print_count(&pos, args, |mv| move_to_uci(mv, pos.is_chess960()));
    Ok(())
}

fn run_draughts(args: &PerftArgs) -> Result<(), PerftCliError> {
    use crate::draughts::fast::notation;
    use crate::draughts::Position;
    let pos = match &args.position() {
        Some(text) => notation::parse_position(text)?,
        None => Position::start(),
    };
    print_count(&pos, args, notation::move_to_hub);
    Ok(())
}

fn run_variant(args: &PerftArgs, variant: Variant) -> Result<(), PerftCliError> {
    use crate::draughts::generic::{move_to_hub, parse_position, VariantPosition};
    let pos = match &args.position() {
        Some(text) => parse_position(variant, text)?,
        None => VariantPosition::start(variant),
    };
    print_count(&pos, args, |mv| move_to_hub(variant, mv));
    Ok(())
}

/// Prints the leaf count below `pos`, split by root move (each written by `text`) with
/// `--divide`, then the total.
fn print_count<P: Perft>(pos: &P, args: &PerftArgs, text: impl Fn(P::Move) -> String) {
    let nodes = if args.divide {
        let split = divide(pos, args.depth);
        for &(mv, count) in &split {
            println!("{}: {count}", text(mv));
        }
        println!();
        split.iter().map(|(_, count)| count).sum()
    } else {
        pos.perft(args.depth)
    };
    println!("Nodes searched: {nodes}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn parse_args(args: &[&str]) -> Result<PerftArgs, clap::Error> {
        PerftArgs::try_parse_from(std::iter::once(&"perft").chain(args))
    }

    #[test]
    fn parses_game_divide_depth_and_position() {
        let a = parse_args(&["--game", "draughts", "--divide", "3", "W:W31:B1"]).unwrap();
        assert_eq!(a.game, GameKind::Draughts);
        assert!(a.divide);
        assert_eq!(a.depth, 3);
        assert_eq!(a.position().as_deref(), Some("W:W31:B1"));
        let b = parse_args(&["2", "8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1"]).unwrap();
        assert_eq!(b.game, GameKind::Chess);
        assert_eq!(b.position().as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
    }

    #[test]
    fn rejects_bad_arguments() {
        assert!(parse_args(&[]).is_err());
        assert!(parse_args(&["x"]).is_err());
        assert!(parse_args(&["--game", "go", "3"]).is_err());
        let russian = parse_args(&["--game", "russian", "3"]).unwrap();
        assert_eq!(russian.game, GameKind::Variant(Variant::Russian));
    }
}
