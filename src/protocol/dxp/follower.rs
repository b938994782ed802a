//! The DXP follower (`tvilling dxp [--listen ADDR:PORT]`): a TCP server that accepts games
//! proposed by an initiator and plays them, one connection at a time, for as long as it runs.
//!
//! Connections are served one after another on the accepting thread, so no thread is left
//! behind by a peer that misbehaves; a second peer waits in the listen backlog until the
//! current one is done. The peer is untrusted: a malformed frame or an illegal move ends the
//! game in progress (CHAT with the reason, then GAMEEND) but never the server, and a silent
//! peer is dropped by the read timeout.

use std::net::{TcpListener, TcpStream};
use std::thread;
use std::time::Duration;

use super::connection::{Connection, RecvError, FRAME_GAP};
use super::frame::FrameError;
use super::game::{color_of, DxpGame};
use super::message::{AcceptCode, BackAccCode, DxpMessage, EndReason};
use crate::draughts::SearchPosition;
use crate::engine::Searcher;

/// Name sent in GAMEACC.
pub const ENGINE_NAME: &str = "tvilling";

/// How long a connection may stay silent between games.
const IDLE_TIMEOUT: Duration = Duration::from_secs(120);

/// Serves every connection that `listener` accepts, until the process is killed.
pub fn serve(listener: &TcpListener, searcher: &mut Searcher<SearchPosition>) {
    for stream in listener.incoming() {
        match stream {
            Ok(stream) => match Follower::open(stream) {
                Ok(mut follower) => {
                    if let Err(error) = follower.run(searcher) {
                        log::info!("dxp connection ended: {error}");
                    }
                }
                Err(error) => log::warn!("dxp connection not set up: {error}"),
            },
            Err(error) => log::warn!("dxp accept failed: {error}"),
        }
    }
}

/// One connection on the follower side.
struct Follower {
    conn: Connection,
    game: Option<DxpGame>,
}

impl Follower {
    fn open(stream: TcpStream) -> std::io::Result<Self> {
        Ok(Self {
            conn: Connection::new(stream, IDLE_TIMEOUT)?,
            game: None,
        })
    }

    /// Plays games until the peer stops, leaves, or goes silent.
    fn run(&mut self, searcher: &mut Searcher<SearchPosition>) -> Result<(), FrameError> {
        loop {
            let message = match self.conn.recv() {
                Ok(message) => message,
                Err(RecvError::Closed(FrameError::Eof)) => return Ok(()),
                Err(RecvError::Closed(error)) => return Err(error),
                Err(RecvError::Malformed(reason)) => {
                    self.abandon(&format!("error: {reason}"))?;
                    continue;
                }
            };
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
                    if version != 1 {
                        self.accept(AcceptCode::VersionNotSupported)?;
                        continue;
                    }
                    match DxpGame::from_request(&start, color_of(follower_color), minutes, moves) {
                        Ok(game) => {
                            self.accept(AcceptCode::Accepted)?;
                            self.conn
                                .set_read_timeout(game.peer_timeout())
                                .map_err(FrameError::Io)?;
                            if game.our_turn() {
                                thread::sleep(FRAME_GAP);
                            }
                            self.game = Some(game);
                            self.take_turn(searcher)?;
                        }
                        Err(error) => {
                            self.accept(AcceptCode::RefusedThisGame)?;
                            thread::sleep(FRAME_GAP);
                            self.conn
                                .send(&DxpMessage::Chat(format!("bad position: {error}")))?;
                        }
                    }
                }
                DxpMessage::Move {
                    from, to, captured, ..
                } => {
                    let Some(game) = self.game.as_mut() else {
                        self.conn.send(&DxpMessage::Chat(
                            "error: move received outside a game".into(),
                        ))?;
                        continue;
                    };
                    match game.play_peer_move(from, to, &captured) {
                        Ok(()) => self.take_turn(searcher)?,
                        Err(error) => self.abandon(&format!("error: {error}"))?,
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
                    self.conn
                        .set_read_timeout(IDLE_TIMEOUT)
                        .map_err(FrameError::Io)?;
                    if stop {
                        return Ok(());
                    }
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
                    if done {
                        self.take_turn(searcher)?;
                    }
                }
                DxpMessage::Chat(text) => log::info!("dxp chat: {text}"),
                DxpMessage::GameAcc { .. } | DxpMessage::BackAcc { .. } => {
                    log::info!("dxp: ignored a message only an initiator should receive");
                }
            }
        }
    }

    fn accept(&mut self, code: AcceptCode) -> Result<(), FrameError> {
        self.conn.send(&DxpMessage::GameAcc {
            name: ENGINE_NAME.into(),
            code,
        })
    }

    /// Ends the game in progress because of `reason` (CHAT, then GAMEEND); outside a game
    /// only the CHAT is sent.
    fn abandon(&mut self, reason: &str) -> Result<(), FrameError> {
        let chat = DxpMessage::Chat(reason.to_string());
        if self.game.take().is_none() {
            return self.conn.send(&chat);
        }
        self.conn.send_two(
            &chat,
            &DxpMessage::GameEnd {
                reason: EndReason::Unknown,
                stop: false,
            },
        )
    }

    /// If we are to move: ends the game when the rules have, otherwise thinks and moves.
    fn take_turn(&mut self, searcher: &mut Searcher<SearchPosition>) -> Result<(), FrameError> {
        let Some(game) = self.game.as_mut() else {
            return Ok(());
        };
        if !game.our_turn() {
            return Ok(());
        }
        if let Some(reason) = game.rule_ending() {
            self.game = None;
            return self.conn.send(&DxpMessage::GameEnd {
                reason,
                stop: false,
            });
        }
        match game.think(searcher) {
            Some(message) => self.conn.send(&message),
            None => self.abandon("error: the search found no move"),
        }
    }
}
