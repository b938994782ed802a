//! The other end of a DXP connection, written for the tests: frames sent and read byte by
//! byte, every MOVE checked against the legal moves of the position the peer knows.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tvilling::draughts::fast::movegen;
use tvilling::draughts::fast::notation::{move_to_dxp, to_hub};
use tvilling::draughts::{Move, Position};
use tvilling::engine::MoveList;

/// A raw DXP peer of the engine.
pub struct Peer {
    stream: TcpStream,
    pending: Vec<u8>,
    /// The engine's log, shown when the peer's expectations fail.
    log: PathBuf,
}

impl Peer {
    /// A peer on `stream` that waits up to 30 s for each read; `log` is the engine's.
    pub fn new(stream: TcpStream, log: PathBuf) -> Self {
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        Self {
            stream,
            pending: Vec::new(),
            log,
        }
    }

    /// Sends `bytes` as they are.
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    /// Sends one frame.
    pub fn send(&mut self, frame: &str) {
        self.send_raw(format!("{frame}\0").as_bytes());
    }

    /// The next frame from the engine.
    pub fn recv(&mut self) -> String {
        loop {
            if let Some(nul) = self.pending.iter().position(|&b| b == 0) {
                let frame: Vec<u8> = self.pending.drain(..=nul).take(nul).collect();
                return String::from_utf8(frame).unwrap();
            }
            let mut chunk = [0u8; 256];
            let n = match self.stream.read(&mut chunk) {
                Ok(0) => self.fail("the engine closed the connection"),
                Ok(n) => n,
                Err(e) => self.fail(&format!("no frame from the engine: {e}")),
            };
            self.pending.extend_from_slice(&chunk[..n]);
        }
    }

    /// The next frame that is not a CHAT.
    pub fn recv_no_chat(&mut self) -> String {
        loop {
            let frame = self.recv();
            if !frame.starts_with('C') {
                return frame;
            }
        }
    }

    /// Waits for the engine to close the connection; how long that took. Panics when it
    /// sends a frame instead or stays silent past `limit`.
    pub fn closed_within(&mut self, limit: Duration) -> Duration {
        let started = Instant::now();
        self.stream.set_read_timeout(Some(limit)).unwrap();
        let mut byte = [0u8; 1];
        match self.stream.read(&mut byte) {
            Ok(0) => started.elapsed(),
            Err(e) if e.kind() == ErrorKind::ConnectionReset => started.elapsed(),
            Ok(_) => self.fail("a frame instead of the end of the connection"),
            Err(e) => self.fail(&format!("connection still open after {limit:?}: {e}")),
        }
    }

    /// Panics with `what` and everything the engine has logged.
    pub fn fail(&self, what: &str) -> ! {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        panic!("{what}; engine log:\n{log}");
    }
}

/// The legal moves of `position`.
pub fn legal_moves(position: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    movegen::legal_moves(position, &mut list);
    list.as_slice().to_vec()
}

/// Plays the legal move of `position` that a MOVE frame names (from, to and captured
/// squares in any order, as DXP sends them); panics when the frame names none.
pub fn play_frame(position: &mut Position, frame: &str) {
    let number = |at: usize| -> u8 { frame[at..at + 2].parse().unwrap() };
    assert!(
        frame.starts_with('M') && frame.len() >= 11,
        "not a MOVE: {frame}"
    );
    let count = usize::from(number(9));
    assert_eq!(frame.len(), 11 + 2 * count, "{frame}");
    let mut captured: Vec<u8> = (0..count).map(|i| number(11 + 2 * i)).collect();
    captured.sort_unstable();
    let named = (number(5), number(7), captured);
    let mv = legal_moves(position)
        .into_iter()
        .find(|&mv| {
            let (from, to, mut captured) = move_to_dxp(mv);
            captured.sort_unstable();
            (from, to, captured) == named
        })
        .unwrap_or_else(|| panic!("{frame} is not a legal move in {}", to_hub(position)));
    position.play(mv);
}

/// The MOVE frame of `mv`, played in `position`.
pub fn move_frame(position: &mut Position, mv: Move) -> String {
    let (from, to, captured) = move_to_dxp(mv);
    position.play(mv);
    let squares: String = captured.iter().map(|n| format!("{n:02}")).collect();
    format!("M0000{from:02}{to:02}{:02}{squares}", captured.len())
}

/// The MOVE frame of our first legal move in `position`, played there.
pub fn our_move(position: &mut Position) -> String {
    let mv = legal_moves(position)[0];
    move_frame(position, mv)
}
