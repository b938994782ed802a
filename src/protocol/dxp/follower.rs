//! One connection of the DXP follower: the games an initiator proposes on it, played
//! until the peer stops, leaves, or runs out of time.
//!
//! The peer is untrusted. A malformed frame or an illegal move ends the game in progress
//! (CHAT with the reason, then GAMEEND) but never the server. Each wait has a deadline that
//! a peer cannot stretch by sending a byte or a CHAT now and then: a new connection must
//! send its GAMEREQ within [`HANDSHAKE_TIMEOUT`], the next GAMEREQ must follow a game within
//! [`IDLE_TIMEOUT`], and during a game the peer's move within its whole game time and a
//! grace period ([`DxpGame::peer_timeout`]).
//!
//! Policy when several connect: the first connection whose GAMEREQ we would accept takes
//! the engine and keeps it for its games until it ends. A GAMEREQ on any other connection
//! meanwhile is answered within [`CLAIM_WAIT`] with GAMEACC code `3` (no game at all), and
//! that connection is closed; a connection that never sends a GAMEREQ never holds anything.
//! A connection ends the moment its peer hangs up, also while we think about our move (the
//! search is stopped): a peer that leaves frees the engine at once, whatever it sent last.

use std::net::TcpStream;
use std::sync::{Mutex, MutexGuard, TryLockError};
use std::thread;
use std::time::{Duration, Instant};

use super::connection::{Connection, RecvError, FRAME_GAP};
use super::frame::FrameError;
use super::game::{abandoned, back_acc, DxpGame, Ending};
use super::message::{AcceptCode, DxpMessage, EndReason};
use super::player::Player;

/// Name sent in GAMEACC.
pub const ENGINE_NAME: &str = "tvilling";

/// How long a new connection has to send a complete GAMEREQ. An initiator sends it as soon
/// as it has connected (pydraughts, Scan and our own do); waiting longer only lets silent
/// connections tie up a thread and one of the server's few connection places.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a connection may stay silent between games while it holds the engine: long
/// enough for a match script to start its next game, short enough that a forgotten
/// connection frees the engine for someone else.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

/// How long a GAMEREQ waits for an engine that another connection holds before it is
/// refused: long enough for a connection whose peer has just hung up to give the engine
/// back (a GUI that aborts its game and at once asks for a new one is served, not refused
/// by its own last connection), short enough to be an answer at once.
pub const CLAIM_WAIT: Duration = Duration::from_secs(1);

/// How often a waiting GAMEREQ tries the engine again.
const CLAIM_POLL: Duration = Duration::from_millis(10);

/// How long a closing connection waits for the peer to read our last message and hang up.
const CLOSE_LINGER: Duration = Duration::from_secs(1);

/// The engine all connections share; whoever holds the lock plays.
pub type Engine = Mutex<Player>;

/// Serves one accepted connection to its end, then closes it.
pub fn serve_connection(stream: TcpStream, engine: &Engine) {
    let peer = stream
        .peer_addr()
        .map_or_else(|_| "unknown peer".to_string(), |a| a.to_string());
    let conn = match Connection::new(stream, HANDSHAKE_TIMEOUT) {
        Ok(conn) => conn,
        Err(error) => {
            log::warn!("dxp connection from {peer} not set up: {error}");
            return;
        }
    };
    let mut follower = Follower {
        conn,
        engine,
        player: None,
        game: None,
    };
    follower
        .conn
        .set_deadline(Instant::now() + HANDSHAKE_TIMEOUT);
    match follower.run() {
        Ok(()) => log::info!("dxp connection from {peer} ended"),
        Err(error) => log::info!("dxp connection from {peer} ended: {error}"),
    }
    // The engine is free for the next connection before this one lingers.
    let Follower { conn, player, .. } = follower;
    drop(player);
    conn.close(CLOSE_LINGER);
}

/// What a message did to the conversation.
enum Step {
    /// Nothing the peer's deadline depends on changed (a CHAT, a refused request).
    Same,
    /// A game started, moved on or ended: the peer's next deadline starts now.
    Progress,
    /// The connection is done.
    Leave,
}

/// One connection on the follower side.
struct Follower<'e> {
    conn: Connection,
    engine: &'e Engine,
    /// The engine, from this connection's first accepted GAMEREQ on.
    player: Option<MutexGuard<'e, Player>>,
    game: Option<DxpGame>,
}

impl Follower<'_> {
    /// Plays games until the peer stops, leaves, goes silent past its deadline, or is
    /// refused because another connection has the engine.
    fn run(&mut self) -> Result<(), FrameError> {
        loop {
            let step = match self.conn.recv() {
                Ok(message) => self.handle(message)?,
                Err(RecvError::Closed(FrameError::Eof)) => return Ok(()),
                Err(RecvError::Closed(error)) => return Err(error),
                Err(RecvError::Malformed(reason)) => self.end_game(abandoned(reason))?,
            };
            match step {
                Step::Same => {}
                Step::Progress => self.restart_deadline(),
                Step::Leave => return Ok(()),
            }
        }
    }

    /// Gives the peer its time for the next message from now: its game time during a
    /// game, the idle timeout between games.
    fn restart_deadline(&mut self) {
        let wait = self
            .game
            .as_ref()
            .map_or(IDLE_TIMEOUT, DxpGame::peer_timeout);
        self.conn.set_deadline(Instant::now() + wait);
    }

    fn handle(&mut self, message: DxpMessage) -> Result<Step, FrameError> {
        match message {
            DxpMessage::GameReq {
                version,
                follower_color,
                minutes,
                moves,
                start,
                ..
            } => {
                self.game = None;
                // Version 00 is taken as 01, as Scan takes it.
                if version > 1 {
                    self.conn.send(&game_acc(AcceptCode::VersionNotSupported))?;
                    return Ok(Step::Same);
                }
                let game = match DxpGame::from_request(&start, follower_color, minutes, moves) {
                    Ok(game) => game,
                    Err(error) => {
                        let text = format!("bad position: {error}");
                        let refusal = game_acc(AcceptCode::RefusedThisGame);
                        self.conn
                            .send_after(Some(&refusal), &DxpMessage::Chat { text })?;
                        return Ok(Step::Same);
                    }
                };
                if !self.claim_engine() {
                    self.conn.send(&game_acc(AcceptCode::RefusedAll))?;
                    return Ok(Step::Leave);
                }
                self.conn.send(&game_acc(AcceptCode::Accepted))?;
                if game.our_turn() {
                    thread::sleep(FRAME_GAP);
                }
                self.game = Some(game);
                self.take_turn()
            }
            DxpMessage::Move {
                from, to, captured, ..
            } => {
                let Some(game) = self.game.as_mut() else {
                    let text = "error: move received outside a game".into();
                    self.conn.send(&DxpMessage::Chat { text })?;
                    return Ok(Step::Same);
                };
                match game.play_peer_move(from, to, &captured) {
                    Ok(()) => self.take_turn(),
                    Err(error) => self.end_game(abandoned(error)),
                }
            }
            DxpMessage::GameEnd { stop, .. } => {
                // Outside a game this is the answer to our own GAMEEND: nothing to reply.
                if self.game.take().is_some() {
                    self.conn.send(&DxpMessage::GameEnd {
                        reason: EndReason::Unknown,
                        stop,
                    })?;
                }
                Ok(if stop { Step::Leave } else { Step::Progress })
            }
            DxpMessage::BackReq {
                move_number,
                to_move,
            } => {
                let game = self.game.as_mut();
                let done = game.is_some_and(|game| game.take_back(move_number, to_move));
                self.conn.send(&back_acc(done))?;
                if done {
                    self.take_turn()
                } else {
                    Ok(Step::Same)
                }
            }
            DxpMessage::Chat { text } => {
                log::info!("dxp chat: {text}");
                Ok(Step::Same)
            }
            DxpMessage::GameAcc { .. } | DxpMessage::BackAcc { .. } => {
                log::info!("dxp: ignored a message only an initiator should receive");
                Ok(Step::Same)
            }
        }
    }

    /// Takes the engine for this connection unless another connection keeps it for
    /// [`CLAIM_WAIT`].
    fn claim_engine(&mut self) -> bool {
        if self.player.is_some() {
            return true;
        }
        let give_up = Instant::now() + CLAIM_WAIT;
        loop {
            match self.engine.try_lock() {
                Ok(player) => self.player = Some(player),
                // A connection thread that panicked while playing leaves the player
                // usable: every search has finished by the time the lock is released.
                Err(TryLockError::Poisoned(poisoned)) => {
                    log::warn!("dxp: a connection ended abnormally; the engine is reused");
                    self.player = Some(poisoned.into_inner());
                }
                Err(TryLockError::WouldBlock) if Instant::now() < give_up => {
                    thread::sleep(CLAIM_POLL);
                    continue;
                }
                Err(TryLockError::WouldBlock) => return false,
            }
            return true;
        }
    }

    /// Ends the game in progress (CHAT, if any, then GAMEEND); outside a game only the
    /// CHAT is sent, and the peer's deadline runs on.
    fn end_game(&mut self, (reason, chat): Ending) -> Result<Step, FrameError> {
        let chat = chat.map(|text| DxpMessage::Chat { text });
        if self.game.take().is_none() {
            chat.map_or(Ok(()), |chat| self.conn.send(&chat))?;
            return Ok(Step::Same);
        }
        let stop = false;
        self.conn
            .send_after(chat.as_ref(), &DxpMessage::GameEnd { reason, stop })?;
        Ok(Step::Progress)
    }

    /// Plays our turn, if it is ours, or ends the game as [`Player::take_turn`] says.
    fn take_turn(&mut self) -> Result<Step, FrameError> {
        let (Some(game), Some(player)) = (self.game.as_mut(), self.player.as_mut()) else {
            return Ok(Step::Progress);
        };
        match player.take_turn(&mut self.conn, game)? {
            Some(ending) => self.end_game(ending),
            None => Ok(Step::Progress),
        }
    }
}

/// GAMEACC with our name and `code`.
fn game_acc(code: AcceptCode) -> DxpMessage {
    DxpMessage::GameAcc {
        name: ENGINE_NAME.into(),
        code,
    }
}
