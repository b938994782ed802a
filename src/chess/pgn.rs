//! A PGN reader: the games of a file with their tags, their moves (checked against the
//! rules) and the comment after each move. Opening books and engine match records
//! (whose comments carry the engines' scores) both come through here.

use super::fen::FenError;
use super::moves::Move;
use super::notation::MoveParseError;
use super::position::Position;
use super::san::parse_san;

/// One game of a PGN file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (the start position or the `FEN` tag).
    pub start: Position,
    /// Each move of the main line with the comment that follows it, if any.
    pub moves: Vec<(Move, Option<String>)>,
    /// The result token of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after every move of the main line.
    pub fn final_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &(mv, _) in &self.moves {
            pos.play(mv);
        }
        pos
    }
}

/// Why a PGN text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    /// A move is not legal where it stands.
    #[error("game {game}: {error}")]
    Move {
        /// 1-based number of the game in the file.
        game: usize,
        /// The reader's complaint.
        #[source]
        error: MoveParseError,
    },
    /// A `FEN` tag is not a position.
    #[error("game {game}: FEN tag: {error}")]
    FenTag {
        /// 1-based number of the game in the file.
        game: usize,
        /// The reader's complaint.
        #[source]
        error: FenError,
    },
}

/// The pieces of movetext, in order.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    Tag(String, String),
    Word(String),
    Comment(String),
}

fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    let mut depth = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                let comment: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if depth == 0 {
                    tokens.push(Token::Comment(comment.trim().to_string()));
                }
            }
            ';' => {
                chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            '[' if depth == 0 => {
                let inner: String = chars.by_ref().take_while(|&c| c != ']').collect();
                let inner = inner.trim();
                if let Some((name, value)) = inner.split_once(char::is_whitespace) {
                    let value = value.trim().trim_matches('"').to_string();
                    tokens.push(Token::Tag(name.to_string(), value));
                }
            }
            c if c.is_whitespace() => {}
            c => {
                let mut word = String::from(c);
                while let Some(&next) = chars.peek() {
                    if next.is_whitespace() || "{}();[".contains(next) {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                if depth == 0 {
                    tokens.push(Token::Word(word));
                }
            }
        }
    }
    tokens
}

/// A game being read: its tags until the first move, then its moves.
struct Builder {
    tags: Vec<(String, String)>,
    pos: Option<Position>,
    start: Option<Position>,
    moves: Vec<(Move, Option<String>)>,
    result: Option<String>,
}

impl Builder {
    fn new() -> Self {
        Self {
            tags: Vec::new(),
            pos: None,
            start: None,
            moves: Vec::new(),
            result: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result.is_none()
    }

    fn finish(self) -> PgnGame {
        PgnGame {
            tags: self.tags,
            start: self.start.unwrap_or_else(Position::startpos),
            moves: self.moves,
            result: self.result,
        }
    }
}

/// Reads every game of `text`.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut games = Vec::new();
    let mut game = Builder::new();
    for token in tokenize(text) {
        let number = games.len() + 1;
        match token {
            Token::Tag(name, value) => {
                // A tag after moves or a result starts the next game.
                if !game.moves.is_empty() || game.result.is_some() {
                    games.push(std::mem::replace(&mut game, Builder::new()).finish());
                }
                if name == "FEN" {
                    let start = Position::from_fen(&value).map_err(|error| PgnError::FenTag {
                        game: number,
                        error,
                    })?;
                    game.start = Some(start);
                }
                game.tags.push((name, value));
            }
            Token::Comment(text) => {
                if let Some(last) = game.moves.last_mut() {
                    last.1 = Some(text);
                }
            }
            Token::Word(word) => {
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(word);
                    games.push(std::mem::replace(&mut game, Builder::new()).finish());
                    continue;
                }
                let san = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                if san.is_empty() || san.starts_with('$') {
                    continue;
                }
                let start = game.start.clone().unwrap_or_else(Position::startpos);
                let pos = game.pos.get_or_insert(start);
                let mv = parse_san(pos, san).map_err(|error| PgnError::Move {
                    game: number,
                    error,
                })?;
                pos.play(mv);
                game.moves.push((mv, None));
            }
        }
    }
    if !game.is_empty() {
        games.push(game.finish());
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::move_to_uci;

    #[test]
    fn reads_tags_moves_comments_and_results() {
        let text = "[Event \"m\"]\n[White \"a\"]\n\n1. e4 {+0.31/16 0.5s} e5 {-0.20/15} \
                    2. Nf3 (2. f4 exf4) $1 Nc6 ; a remark\n3. Bb5 1-0\n\n\
                    [FEN \"8/8/4k3/8/8/3K4/4P3/8 w - - 0 1\"]\n1. e4 Kd6 1/2-1/2\n";
        let games = read_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("White"), Some("a"));
        let moves: Vec<String> = g
            .moves
            .iter()
            .map(|(m, _)| move_to_uci(*m, false))
            .collect();
        assert_eq!(moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
        assert_eq!(g.moves[0].1.as_deref(), Some("+0.31/16 0.5s"));
        assert_eq!(g.moves[1].1.as_deref(), Some("-0.20/15"));
        assert_eq!(g.moves[2].1, None);
        assert_eq!(g.result.as_deref(), Some("1-0"));
        assert_eq!(games[1].start.to_fen(), "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1");
        assert_eq!(
            games[1].final_position().to_fen(),
            "8/8/3k4/8/4P3/3K4/8/8 w - - 1 2"
        );
    }

    #[test]
    fn illegal_moves_and_fens_are_errors() {
        assert!(matches!(
            read_pgn("1. e4 e4 *"),
            Err(PgnError::Move { game: 1, .. })
        ));
        assert!(matches!(
            read_pgn("[FEN \"nonsense\"]\n1. e4 *"),
            Err(PgnError::FenTag { game: 1, .. })
        ));
    }
}
