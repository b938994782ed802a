//! `tvilling perft [--game chess|draughts|<variant>] [--divide] <depth> [position]`.
//!
//! A draughts variant is named as the Hub `variant` parameter names it (`russian`, `bt`,
//! ...); its position is a Hub string or a FEN as pydraughts writes them.
//!
//! The last line is always `Nodes searched: N` (Stockfish's format), so scripts and the
//! perft checker can read any game's output the same way.

use std::fmt;

use crate::draughts::variant::{Variant, DECLARED_NAMES};

/// What went wrong on the perft command line.
#[derive(Debug)]
pub struct PerftCliError(pub String);

impl fmt::Display for PerftCliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PerftCliError {}

/// The game whose tree is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameKind {
    Chess,
    Draughts,
    Variant(Variant),
}

/// Parsed command line.
#[derive(Debug)]
struct PerftArgs {
    game: GameKind,
    divide: bool,
    depth: u32,
    position: Option<String>,
}

const USAGE: &str =
    "usage: tvilling perft [--game chess|draughts|<draughts variant>] [--divide] <depth> [position]";

fn parse_args(args: &[String]) -> Result<PerftArgs, PerftCliError> {
    let mut game = GameKind::Chess;
    let mut divide = false;
    let mut rest = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--divide" => divide = true,
            "--game" => {
                game = match iter.next().map(String::as_str) {
                    Some("chess") => GameKind::Chess,
                    Some("draughts") => GameKind::Draughts,
                    other => match other.and_then(Variant::from_name) {
                        Some(variant) => GameKind::Variant(variant),
                        None => {
                            return Err(PerftCliError(format!(
                                "unknown game {:?}: expected chess, draughts or one of {}",
                                other.unwrap_or(""),
                                DECLARED_NAMES.join(", ")
                            )))
                        }
                    },
                }
            }
            _ => rest.push(arg.clone()),
        }
    }
    let depth_text = rest
        .first()
        .ok_or_else(|| PerftCliError(format!("missing depth\n{USAGE}")))?;
    let depth = depth_text
        .parse::<u32>()
        .map_err(|_| PerftCliError(format!("depth {depth_text:?} is not a number\n{USAGE}")))?;
    let position = if rest.len() > 1 {
        Some(rest[1..].join(" "))
    } else {
        None
    };
    Ok(PerftArgs {
        game,
        divide,
        depth,
        position,
    })
}

/// Runs the perft tool with the arguments after `perft`, printing to stdout.
pub fn run_perft(args: &[String]) -> Result<(), PerftCliError> {
    let args = parse_args(args)?;
    match args.game {
        GameKind::Chess => run_chess(&args),
        GameKind::Draughts => run_draughts(&args),
        GameKind::Variant(variant) => run_variant(&args, variant),
    }
}

/// Chess perft. There is no Chess960 switch: a position whose FEN gives castling rights as
/// file letters, or whose castling king or rook is off its classical square, prints
/// castling as king takes rook (`e1h1`); any other position prints `e1g1`.
fn run_chess(args: &PerftArgs) -> Result<(), PerftCliError> {
    use crate::chess::{divide, move_to_uci, perft, Position, START_FEN};
    let fen = args.position.as_deref().unwrap_or(START_FEN);
    let pos = Position::from_fen(fen).map_err(|e| PerftCliError(format!("bad FEN: {e}")))?;
    let nodes = if args.divide {
        let mut total = 0;
        for (mv, count) in divide(&pos, args.depth) {
            println!("{}: {count}", move_to_uci(mv, pos.is_chess960()));
            total += count;
        }
        println!();
        total
    } else {
        perft(&pos, args.depth)
    };
    println!("Nodes searched: {nodes}");
    Ok(())
}

fn run_draughts(args: &PerftArgs) -> Result<(), PerftCliError> {
    use crate::draughts::{notation, Position};
    let pos = match &args.position {
        Some(text) => notation::parse_position(text).map_err(|e| PerftCliError(e.to_string()))?,
        None => Position::start(),
    };
    let nodes = if args.divide {
        let split = crate::draughts::divide(&pos, args.depth);
        for (mv, count) in &split {
            println!("{}: {count}", notation::move_to_hub(*mv));
        }
        println!();
        split.iter().map(|(_, count)| count).sum()
    } else {
        crate::draughts::perft(&pos, args.depth)
    };
    println!("Nodes searched: {nodes}");
    Ok(())
}

fn run_variant(args: &PerftArgs, variant: Variant) -> Result<(), PerftCliError> {
    use crate::draughts::variant::{divide, move_to_hub, parse_position, perft, VariantPosition};
    let pos = match &args.position {
        Some(text) => parse_position(variant, text).map_err(|e| PerftCliError(e.to_string()))?,
        None => VariantPosition::start(variant),
    };
    let nodes = if args.divide {
        let split = divide(&pos, args.depth);
        for (mv, count) in &split {
            println!("{}: {count}", move_to_hub(variant, *mv));
        }
        println!();
        split.iter().map(|(_, count)| count).sum()
    } else {
        perft(&pos, args.depth)
    };
    println!("Nodes searched: {nodes}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn parses_game_divide_depth_and_position() {
        let a = parse_args(&strings(&[
            "--game", "draughts", "--divide", "3", "W:W31:B1",
        ]))
        .unwrap();
        assert_eq!(a.game, GameKind::Draughts);
        assert!(a.divide);
        assert_eq!(a.depth, 3);
        assert_eq!(a.position.as_deref(), Some("W:W31:B1"));
        let b = parse_args(&strings(&[
            "2",
            "8/8/8/8/8/8/8/K6k",
            "w",
            "-",
            "-",
            "0",
            "1",
        ]))
        .unwrap();
        assert_eq!(b.game, GameKind::Chess);
        assert_eq!(b.position.as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
    }

    #[test]
    fn rejects_bad_arguments() {
        assert!(parse_args(&strings(&[])).is_err());
        assert!(parse_args(&strings(&["x"])).is_err());
        assert!(parse_args(&strings(&["--game", "go", "3"])).is_err());
        let russian = parse_args(&strings(&["--game", "russian", "3"])).unwrap();
        assert_eq!(russian.game, GameKind::Variant(Variant::Russian));
    }
}
