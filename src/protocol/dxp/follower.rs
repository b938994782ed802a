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

use super::connection::{Connection, RecvError, Watched, FRAME_GAP};
use super::frame::FrameError;
use super::game::DxpGame;
use super::message::{AcceptCode, BackAccCode, DxpMessage, EndReason};
use super::player::Player;
use crate::draughts::SearchPosition;
use crate::engine::{Score, SearchEvent, Searcher};

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
                Err(RecvError::Malformed(reason)) => self.abandon(&format!("error: {reason}"))?,
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
                    self.accept(AcceptCode::VersionNotSupported)?;
                    return Ok(Step::Same);
                }
                let game = match DxpGame::from_request(&start, follower_color, minutes, moves) {
                    Ok(game) => game,
                    Err(error) => {
                        self.accept(AcceptCode::RefusedThisGame)?;
                        thread::sleep(FRAME_GAP);
                        self.conn.send(&DxpMessage::Chat {
                            text: format!("bad position: {error}"),
                        })?;
                        return Ok(Step::Same);
                    }
                };
                if !self.claim_engine() {
                    self.accept(AcceptCode::RefusedAll)?;
                    return Ok(Step::Leave);
                }
                self.accept(AcceptCode::Accepted)?;
                if game.our_turn() {
                    thread::sleep(FRAME_GAP);
                }
                self.game = Some(game);
                self.take_turn()?;
                Ok(Step::Progress)
            }
            DxpMessage::Move {
                from, to, captured, ..
            } => {
                let Some(game) = self.game.as_mut() else {
                    self.conn.send(&DxpMessage::Chat {
                        text: "error: move received outside a game".into(),
                    })?;
                    return Ok(Step::Same);
                };
                match game.play_peer_move(from, to, &captured) {
                    Ok(()) => self.take_turn()?,
                    Err(error) => return self.abandon(&format!("error: {error}")),
                }
                Ok(Step::Progress)
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
                let done = self
                    .game
                    .as_mut()
                    .is_some_and(|game| game.take_back(move_number, to_move));
                let code = if done {
                    BackAccCode::Accepted
                } else {
                    BackAccCode::Refused
                };
                self.conn.send(&DxpMessage::BackAcc { code })?;
                if !done {
                    return Ok(Step::Same);
                }
                self.take_turn()?;
                Ok(Step::Progress)
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

    fn accept(&mut self, code: AcceptCode) -> Result<(), FrameError> {
        self.conn.send(&DxpMessage::GameAcc {
            name: ENGINE_NAME.into(),
            code,
        })
    }

    /// Ends the game in progress because of `reason` (CHAT, then GAMEEND); outside a game
    /// only the CHAT is sent, and the peer's deadline runs on.
    fn abandon(&mut self, reason: &str) -> Result<Step, FrameError> {
        let chat = DxpMessage::Chat {
            text: reason.to_string(),
        };
        if self.game.take().is_none() {
            self.conn.send(&chat)?;
            return Ok(Step::Same);
        }
        self.conn.send_two(
            &chat,
            &DxpMessage::GameEnd {
                reason: EndReason::Unknown,
                stop: false,
            },
        )?;
        Ok(Step::Progress)
    }

    /// If we are to move: ends the game when the rules or the agreed move count have,
    /// otherwise thinks and moves.
    fn take_turn(&mut self) -> Result<(), FrameError> {
        let (Some(game), Some(player)) = (self.game.as_mut(), self.player.as_mut()) else {
            return Ok(());
        };
        if !game.our_turn() {
            return Ok(());
        }
        if let Some(reason) = game.ending() {
            self.game = None;
            return self.conn.send(&DxpMessage::GameEnd {
                reason,
                stop: false,
            });
        }
        if let Some(message) = game.play_from_book(player) {
            return self.conn.send(&message);
        }
        match think_watching(&mut self.conn, game, &mut player.searcher)? {
            Some(message) => self.conn.send(&message),
            None => self.abandon("error: the search found no move").map(|_| ()),
        }
    }
}

/// Searches and plays our move in `game` while `conn` watches the peer. If the peer hangs
/// up meanwhile, the search is stopped and the reason returned: the connection ends, and
/// the engine is free for the next one at once rather than after the move.
fn think_watching(
    conn: &mut Connection,
    game: &mut DxpGame,
    searcher: &mut Searcher<SearchPosition>,
) -> Result<Option<DxpMessage>, FrameError> {
    let started = Instant::now();
    let (root, history, limits) = game.search_request();
    let (events, reports) = crossbeam_channel::unbounded();
    searcher.start(root, history, limits, events);
    // The last report before Done carries the score of the move Done names.
    let mut score = Score::Value(0);
    loop {
        match conn.wait_watching(&reports) {
            Watched::Ready(Some(SearchEvent::Info(info))) => score = info.score,
            Watched::Ready(Some(SearchEvent::Done(result))) => {
                searcher.wait();
                return Ok(game.play_searched(result.best, score, started.elapsed()));
            }
            // The search could not start (no thread): no move.
            Watched::Ready(None) => {
                searcher.wait();
                return Ok(None);
            }
            Watched::PeerGone(error) => {
                searcher.stop();
                searcher.wait();
                return Err(error);
            }
        }
    }
}
