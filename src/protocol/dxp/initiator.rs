//! The DXP initiator (`tvilling dxp --connect HOST:PORT ...`): connects to a follower,
//! proposes each game, plays it, and ends the last one with stop code 1.
//!
//! The initiator also referees what only it may decide: when the agreed move count is reached
//! it adjudicates from its last score as Scan does (at least +3.00 a win, at most -3.00 a
//! loss, otherwise no reason) and sends GAMEEND.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use super::connection::{Connection, RecvError};
use super::follower::ENGINE_NAME;
use super::frame::FrameError;
use super::game::{abandoned, back_acc, DxpGame, Ending};
use super::message::{AcceptCode, DxpMessage, EndReason, StartPosition};
use super::player::Player;
use crate::draughts::{Color, Position};

/// How long we try to reach the follower.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the follower may take to answer GAMEREQ or GAMEEND.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// What the initiator plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchTerms {
    /// The follower's address, `HOST:PORT`.
    pub address: String,
    /// The colour we play in the first game; the colours alternate game by game, as
    /// Scan's do.
    pub ours: Color,
    /// Thinking time per player per game, minutes.
    pub minutes: u16,
    /// Moves per game before adjudication (0 = play to the end).
    pub moves: u16,
    /// Games to play.
    pub games: u32,
}

/// Why a match could not be played to the end.
#[derive(Debug, thiserror::Error)]
pub enum InitiatorError {
    /// The address does not resolve or nothing accepts the connection.
    #[error("cannot connect: {0}")]
    Connect(String),
    /// The follower refused a game.
    #[error("the follower refused the game ({0:?})")]
    Refused(AcceptCode),
    /// The connection failed.
    #[error("{0}")]
    Frame(#[from] FrameError),
    /// The follower went silent or away.
    #[error("{0}")]
    Recv(#[from] RecvError),
}

/// How one game ended, for the summary line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Plies played.
    pub plies: usize,
    /// Who sent the first GAMEEND.
    pub ended_by_us: bool,
    /// Its reason, from the sender's side.
    pub reason: EndReason,
}

fn connect(address: &str) -> Result<TcpStream, InitiatorError> {
    let addresses = address
        .to_socket_addrs()
        .map_err(|e| InitiatorError::Connect(format!("{address}: {e}")))?;
    let mut last = format!("{address}: no address");
    for candidate in addresses {
        match TcpStream::connect_timeout(&candidate, CONNECT_TIMEOUT) {
            Ok(stream) => return Ok(stream),
            Err(e) => last = format!("{candidate}: {e}"),
        }
    }
    Err(InitiatorError::Connect(last))
}

/// Plays the whole match; prints one summary line per game to stdout.
pub fn play_match(terms: &MatchTerms, player: &mut Player) -> Result<(), InitiatorError> {
    let stream = connect(&terms.address)?;
    let mut conn = Connection::new(stream, ANSWER_TIMEOUT).map_err(FrameError::Io)?;
    for index in 0..terms.games {
        let last = index + 1 == terms.games;
        let ours = if index % 2 == 0 {
            terms.ours
        } else {
            terms.ours.opponent()
        };
        player.searcher.clear();
        let summary = play_game(&mut conn, terms, ours, last, player)?;
        let who = if summary.ended_by_us {
            "we"
        } else {
            "the follower"
        };
        let (plies, reason) = (summary.plies, summary.reason);
        println!(
            "game {}: {plies} plies, {who} ended it with reason {reason:?}",
            index + 1
        );
    }
    Ok(())
}

/// Plays one game of the match, we playing `ours`; `last` ends it with stop code 1.
fn play_game(
    conn: &mut Connection,
    terms: &MatchTerms,
    ours: Color,
    last: bool,
    player: &mut Player,
) -> Result<GameSummary, InitiatorError> {
    conn.set_read_timeout(ANSWER_TIMEOUT);
    conn.send(&DxpMessage::GameReq {
        version: 1,
        initiator_name: ENGINE_NAME.into(),
        follower_color: ours.opponent(),
        minutes: terms.minutes,
        moves: terms.moves,
        start: StartPosition::Initial,
    })?;
    loop {
        match conn.recv()? {
            DxpMessage::GameAcc {
                code: AcceptCode::Accepted,
                ..
            } => break,
            DxpMessage::GameAcc { code, .. } => return Err(InitiatorError::Refused(code)),
            DxpMessage::Chat { text } => log::info!("dxp chat: {text}"),
            other => log::info!("dxp: ignored {other:?} while waiting for GAMEACC"),
        }
    }
    let mut game = DxpGame::new(Position::start(), ours, terms.minutes, terms.moves);
    conn.set_read_timeout(game.peer_timeout());
    loop {
        if let Some(ending) = player.take_turn(conn, &mut game)? {
            return end_game(conn, &game, ending, last);
        }
        match conn.recv() {
            Ok(DxpMessage::Move {
                from, to, captured, ..
            }) => {
                if let Err(error) = game.play_peer_move(from, to, &captured) {
                    return end_game(conn, &game, abandoned(error), last);
                }
            }
            Ok(DxpMessage::GameEnd { reason, .. }) => {
                conn.send(&DxpMessage::GameEnd {
                    reason: EndReason::Unknown,
                    stop: last,
                })?;
                return Ok(GameSummary {
                    plies: game.plies(),
                    ended_by_us: false,
                    reason,
                });
            }
            Ok(DxpMessage::BackReq {
                move_number,
                to_move,
            }) => conn.send(&back_acc(game.take_back(move_number, to_move)))?,
            Ok(DxpMessage::Chat { text }) => log::info!("dxp chat: {text}"),
            Ok(other) => log::info!("dxp: ignored {other:?} during a game"),
            Err(RecvError::Malformed(reason)) => {
                return end_game(conn, &game, abandoned(reason), last);
            }
            Err(error) => return Err(error.into()),
        }
    }
}

/// Sends our GAMEEND (after a CHAT explaining it, if any) and waits for the answer.
fn end_game(
    conn: &mut Connection,
    game: &DxpGame,
    (reason, chat): Ending,
    last: bool,
) -> Result<GameSummary, InitiatorError> {
    let chat = chat.map(|text| DxpMessage::Chat { text });
    let end = DxpMessage::GameEnd { reason, stop: last };
    conn.send_after(chat.as_ref(), &end)?;
    conn.set_read_timeout(ANSWER_TIMEOUT);
    loop {
        match conn.recv() {
            Ok(DxpMessage::GameEnd { .. }) => break,
            Ok(_) | Err(RecvError::Malformed(_)) => {}
            // A follower told to stop may close at once instead of answering.
            Err(RecvError::Closed(_)) if last => break,
            Err(error) => return Err(error.into()),
        }
    }
    Ok(GameSummary {
        plies: game.plies(),
        ended_by_us: true,
        reason,
    })
}
