//! Hub commands from the GUI as one typed enum: the session loop is a single `match` on it.
//!
//! Parsing checks syntax only; the position string and the moves are validated later by the
//! draughts module, which knows the rules. Unknown names inside known commands are ignored
//! for forward compatibility, as `docs/protocols/hub.md` §2 asks.

use super::error::HubError;
use super::level::LevelCommand;
use super::tokenize::{tokenize, Tokens};

/// The Hub start position (`docs/protocols/hub.md` §5), for `pos start`.
pub const START_POSITION: &str = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

/// How a `go` searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// `go think`: a normal timed search that ends with `done`.
    Think,
    /// `go ponder`: search on the opponent's time until `ponder-hit` or `stop`.
    Ponder,
    /// `go analyze`: search until `stop` (or a fixed limit), even a forced move.
    Analyze,
}

/// One line from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubCommand {
    /// `hub`: start of the handshake.
    Hub,
    /// `set-param name=N value=V`.
    SetParam {
        /// The parameter's name.
        name: String,
        /// Its new value, as text.
        value: String,
    },
    /// `init`: allocate tables, then answer `ready`.
    Init,
    /// `new-game`: the next search is unrelated to the previous ones.
    NewGame,
    /// `pos pos=P [moves="m1 m2 ..."]` or `pos start [...]`: the root position.
    Pos {
        /// The position string (for international draughts 51 characters: side to move,
        /// then squares 1..50), or `None` for `start`: the start of the variant in play,
        /// which the session knows and the parser does not.
        position: Option<String>,
        /// Moves to play from `position`, in Hub notation, not yet checked.
        moves: Vec<String>,
    },
    /// `level ...`: search limits for the next `go`.
    Level(LevelCommand),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `ponder-hit`: the predicted move was played; the clock now runs.
    PonderHit,
    /// `stop`: end the search and answer `done`.
    Stop,
    /// `ping`: answer `pong`.
    Ping,
    /// `quit`: exit.
    Quit,
}

impl HubCommand {
    /// Whether this command is handled while a search runs (`docs/protocols/hub.md` §3:
    /// `ping`, `ponder-hit`, `stop`); any other command aborts the running search first and
    /// is processed after its `done`, as Scan does.
    pub fn is_search_control(&self) -> bool {
        matches!(self, Self::Ping | Self::PonderHit | Self::Stop)
    }
}

/// Parses one line from the GUI (the trailing `\n` or `\r\n` may be present).
pub fn parse_command(line: &str) -> Result<HubCommand, HubError> {
    let tokens = tokenize(line)?;
    Ok(match tokens.command.as_str() {
        "hub" => HubCommand::Hub,
        "set-param" => HubCommand::SetParam {
            name: required(&tokens, "set-param", "name")?.to_string(),
            value: required(&tokens, "set-param", "value")?.to_string(),
        },
        "init" => HubCommand::Init,
        "new-game" => HubCommand::NewGame,
        "pos" => parse_pos(&tokens)?,
        "level" => HubCommand::Level(LevelCommand::from_tokens(&tokens)?),
        "go" => HubCommand::Go(parse_go_mode(&tokens)?),
        "ponder-hit" => HubCommand::PonderHit,
        "stop" => HubCommand::Stop,
        "ping" => HubCommand::Ping,
        "quit" => HubCommand::Quit,
        other => return Err(HubError::BadCommand(other.to_string())),
    })
}

fn required<'a>(
    tokens: &'a Tokens,
    command: &'static str,
    field: &'static str,
) -> Result<&'a str, HubError> {
    tokens
        .value(field)
        .ok_or(HubError::MissingField { command, field })
}

fn parse_pos(tokens: &Tokens) -> Result<HubCommand, HubError> {
    let position = match tokens.value("pos") {
        None if tokens.has_flag("start") => None,
        _ => Some(required(tokens, "pos", "pos")?.to_string()),
    };
    let moves = tokens
        .value("moves")
        .map(|list| list.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    Ok(HubCommand::Pos { position, moves })
}

fn parse_go_mode(tokens: &Tokens) -> Result<GoMode, HubError> {
    for (flag, mode) in [
        ("think", GoMode::Think),
        ("ponder", GoMode::Ponder),
        ("analyze", GoMode::Analyze),
    ] {
        if tokens.has_flag(flag) {
            return Ok(mode);
        }
    }
    Err(HubError::BadGoMode(tokens.first_flag().map(str::to_string)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn simple_commands() {
        for (line, command) in [
            ("hub", HubCommand::Hub),
            ("init\r\n", HubCommand::Init),
            ("new-game", HubCommand::NewGame),
            ("ponder-hit", HubCommand::PonderHit),
            ("stop\n", HubCommand::Stop),
            ("ping", HubCommand::Ping),
            ("quit", HubCommand::Quit),
            ("go think", HubCommand::Go(GoMode::Think)),
            ("go ponder", HubCommand::Go(GoMode::Ponder)),
            ("go analyze", HubCommand::Go(GoMode::Analyze)),
            ("ping future=1", HubCommand::Ping),
        ] {
            assert_eq!(parse_command(line), Ok(command), "{line}");
        }
    }

    #[test]
    fn only_ping_ponder_hit_and_stop_leave_a_search_running() {
        for (line, control) in [
            ("ping", true),
            ("ponder-hit", true),
            ("stop", true),
            ("pos start", false),
            ("go think", false),
            ("quit", false),
            ("new-game", false),
        ] {
            assert_eq!(
                parse_command(line).unwrap().is_search_control(),
                control,
                "{line}"
            );
        }
    }

    #[test]
    fn scan_error_messages() {
        let empty = parse_command("").unwrap_err();
        assert_eq!(empty.to_string(), "missing command");
        let unknown = parse_command("foo bar").unwrap_err();
        assert_eq!(unknown, HubError::BadCommand("foo".into()));
        assert_eq!(unknown.to_string(), "bad command");
    }

    #[test]
    fn set_param_needs_name_and_value() {
        assert_eq!(
            parse_command("set-param name=threads value=4"),
            Ok(HubCommand::SetParam {
                name: "threads".into(),
                value: "4".into()
            })
        );
        assert_eq!(
            parse_command("set-param name=threads"),
            Err(HubError::MissingField {
                command: "set-param",
                field: "value"
            })
        );
        assert!(parse_command("set-param value=1").is_err());
    }

    #[test]
    fn pos_with_moves_and_the_start_flag() {
        assert_eq!(
            parse_command(&format!(
                "pos pos={START_POSITION} moves=\"31-27 17-21  33-29\""
            )),
            Ok(HubCommand::Pos {
                position: Some(START_POSITION.into()),
                moves: vec!["31-27".into(), "17-21".into(), "33-29".into()],
            })
        );
        assert_eq!(
            parse_command("pos start moves=32-28"),
            Ok(HubCommand::Pos {
                position: None,
                moves: vec!["32-28".into()],
            })
        );
        assert_eq!(
            parse_command("pos pos=Wee moves=\"\""),
            Ok(HubCommand::Pos {
                position: Some("Wee".into()),
                moves: vec![],
            })
        );
        assert_eq!(
            parse_command("pos moves=32-28"),
            Err(HubError::MissingField {
                command: "pos",
                field: "pos"
            })
        );
    }

    #[test]
    fn level_and_go_errors() {
        let HubCommand::Level(level) = parse_command("level time=291.587 inc=0").unwrap() else {
            panic!("not a level");
        };
        assert_eq!(level.time, Some(Duration::from_secs_f64(291.587)));
        assert!(parse_command("level depth=deep").is_err());
        assert_eq!(parse_command("go"), Err(HubError::BadGoMode(None)));
        assert_eq!(
            parse_command("go fast"),
            Err(HubError::BadGoMode(Some("fast".into())))
        );
        assert!(parse_command("go think").is_ok());
        assert!(parse_command("pos pos=\"W").is_err());
    }
}
