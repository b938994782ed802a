//! The DXP follower as a peer sees it, byte by byte over a real socket: frames merged into
//! one write and one frame split over two writes, take-backs, a rule-decided game end, the
//! server outliving each connection, and its policy for silent, extra and vanishing peers.
//! Every move the follower sends is checked against the legal moves of the position the
//! peer knows.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use tvilling::draughts::fast::movegen;
use tvilling::draughts::fast::notation::{move_to_dxp, to_hub};
use tvilling::draughts::{Move, Position};
use tvilling::engine::MoveList;
use tvilling::protocol::dxp::follower::HANDSHAKE_TIMEOUT;

/// How soon a second client must have its answer while a game runs: the refusal needs no
/// search, only a thread, so this holds on a loaded 2-core machine.
const PROMPT: Duration = Duration::from_secs(2);

/// The follower binary on a free port, logging its traffic to a file a failing test
/// prints; killed when dropped.
struct Follower {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl Follower {
    fn start() -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let log = std::env::temp_dir().join(format!(
            "tvilling-dxp-follower-{}-{port}.log",
            std::process::id()
        ));
        let child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
            .args([
                "dxp",
                "--egdb-pieces",
                "0",
                "--listen",
                &format!("127.0.0.1:{port}"),
            ])
            .env("RUST_LOG", "debug")
            .env("RUST_BACKTRACE", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Self { child, port, log }
    }

    fn connect(&self) -> Peer {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match TcpStream::connect(("127.0.0.1", self.port)) {
                Ok(stream) => {
                    stream
                        .set_read_timeout(Some(Duration::from_secs(30)))
                        .unwrap();
                    return Peer {
                        stream,
                        pending: Vec::new(),
                        log: self.log.clone(),
                    };
                }
                Err(_) if Instant::now() < deadline => thread::sleep(Duration::from_millis(50)),
                Err(e) => panic!("follower not listening: {e}"),
            }
        }
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// A connection whose GAMEREQ (follower black, start position) was accepted.
    fn start_game(&self) -> Peer {
        let mut peer = self.connect();
        peer.send(&gamereq('Z', "A"));
        let acc = peer.recv();
        if &acc[33..] != "0" {
            peer.fail(&format!("game refused: {acc}"));
        }
        peer
    }
}

impl Drop for Follower {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

/// A raw DXP peer.
struct Peer {
    stream: TcpStream,
    pending: Vec<u8>,
    /// The follower's log, shown when the peer's expectations fail.
    log: PathBuf,
}

impl Peer {
    fn send_raw(&mut self, bytes: &[u8]) {
        self.stream.write_all(bytes).unwrap();
    }

    fn send(&mut self, frame: &str) {
        self.send_raw(format!("{frame}\0").as_bytes());
    }

    fn recv(&mut self) -> String {
        loop {
            if let Some(nul) = self.pending.iter().position(|&b| b == 0) {
                let frame: Vec<u8> = self.pending.drain(..=nul).take(nul).collect();
                return String::from_utf8(frame).unwrap();
            }
            let mut chunk = [0u8; 256];
            let n = match self.stream.read(&mut chunk) {
                Ok(0) => self.fail("follower closed the connection"),
                Ok(n) => n,
                Err(e) => self.fail(&format!("no frame from follower: {e}")),
            };
            self.pending.extend_from_slice(&chunk[..n]);
        }
    }

    /// Waits for the follower to close the connection; how long that took. Panics when
    /// it sends a frame instead or stays silent past `limit`.
    fn closed_within(&mut self, limit: Duration) -> Duration {
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

    /// Panics with `what` and everything the follower has logged.
    fn fail(&self, what: &str) -> ! {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        panic!("{what}; follower log:\n{log}");
    }

    /// The next frame that is not a CHAT.
    fn recv_no_chat(&mut self) -> String {
        loop {
            let frame = self.recv();
            if !frame.starts_with('C') {
                return frame;
            }
        }
    }
}

fn gamereq(follower: char, tail: &str) -> String {
    format!("R01{:<32}{follower}001050{tail}", "enginetest")
}

fn legal_moves(position: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    movegen::legal_moves(position, &mut list);
    list.as_slice().to_vec()
}

/// Plays the legal move of `position` that a MOVE frame names (from, to and captured
/// squares in any order, as DXP sends them); panics when the frame names none.
fn play_frame(position: &mut Position, frame: &str) {
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

/// The MOVE frame of our first legal move in `position`, played there.
fn our_move(position: &mut Position) -> String {
    let mv = legal_moves(position)[0];
    let (from, to, captured) = move_to_dxp(mv);
    position.play(mv);
    let squares: String = captured.iter().map(|n| format!("{n:02}")).collect();
    format!("M0000{from:02}{to:02}{:02}{squares}", captured.len())
}

#[test]
fn merged_and_split_frames_and_a_take_back() {
    let mut follower = Follower::start();
    let mut peer = follower.connect();
    // GAMEREQ and the first move in one write, the way a fast initiator may send them.
    let merged = format!("{}\0M0000322800\0", gamereq('Z', "A"));
    peer.send_raw(merged.as_bytes());
    let acc = peer.recv();
    assert_eq!(acc.len(), 34);
    assert_eq!(&acc[33..], "0");
    let mut position = Position::start();
    play_frame(&mut position, "M0000322800");
    play_frame(&mut position, &peer.recv());
    // Back to move 1 with white to move: the follower accepts and waits for our move.
    peer.send("B001W");
    assert_eq!(peer.recv(), "K0");
    // A move split over two writes.
    peer.send_raw(b"M00003");
    thread::sleep(Duration::from_millis(50));
    peer.send_raw(b"32800\0");
    let mut position = Position::start();
    play_frame(&mut position, "M0000322800");
    play_frame(&mut position, &peer.recv());
    // A take-back to a point the game has not reached is refused.
    peer.send("B009W");
    assert_eq!(peer.recv(), "K2");
    peer.send("E00");
    assert_eq!(peer.recv(), "E00");
    // Same connection, next game.
    peer.send(&gamereq('Z', "A"));
    assert_eq!(&peer.recv()[33..], "0");
    peer.send("E01");
    assert_eq!(peer.recv(), "E01");
    assert!(follower.alive());
}

#[test]
fn the_follower_ends_a_game_it_has_lost() {
    let mut follower = Follower::start();
    let mut peer = follower.connect();
    // The follower plays black with a single man on 23; white's 28x19 takes it.
    let mut squares = ['e'; 50];
    squares[22] = 'z'; // black man on 23
    squares[27] = 'w'; // white man on 28
    squares[45] = 'w'; // white man on 46
    let position: String = squares.iter().collect();
    peer.send(&gamereq('Z', &format!("BW{position}")));
    assert_eq!(&peer.recv()[33..], "0");
    peer.send("M000028190123");
    // Black has no piece left, so no move: the follower gives up (reason 1).
    let end = peer.recv_no_chat();
    assert_eq!(end, "E10");
    peer.send("E00");
    assert!(follower.alive());
}

#[test]
fn a_peer_that_leaves_mid_frame_does_not_block_the_next_one() {
    let mut follower = Follower::start();
    {
        let mut peer = follower.connect();
        peer.send_raw(b"M000032");
    }
    let mut peer = follower.connect();
    peer.send(&gamereq('W', "A"));
    assert_eq!(&peer.recv()[33..], "0");
    play_frame(&mut Position::start(), &peer.recv());
    peer.send("E01");
    assert_eq!(peer.recv_no_chat(), "E01");
    assert!(follower.alive());
}

#[test]
fn a_silent_client_is_dropped_after_the_handshake_timeout_and_blocks_no_one() {
    let mut follower = Follower::start();
    let mut silent = follower.connect();
    let connected = Instant::now();
    // Another client plays a whole game while the silent one is connected.
    let mut peer = follower.connect();
    let asked = Instant::now();
    peer.send(&gamereq('W', "A"));
    assert_eq!(&peer.recv()[33..], "0");
    assert!(
        asked.elapsed() < PROMPT,
        "accepted after {:?}",
        asked.elapsed()
    );
    let mut position = Position::start();
    play_frame(&mut position, &peer.recv());
    peer.send(&our_move(&mut position));
    play_frame(&mut position, &peer.recv());
    peer.send("E01");
    assert_eq!(peer.recv_no_chat(), "E01");
    // The silent one is closed once its handshake time is up, not before.
    let left = HANDSHAKE_TIMEOUT.saturating_sub(connected.elapsed());
    let waited = silent.closed_within(left + Duration::from_secs(5));
    let lived = connected.elapsed();
    assert!(
        lived >= HANDSHAKE_TIMEOUT - Duration::from_millis(100),
        "closed after {lived:?}"
    );
    assert!(
        waited <= left + Duration::from_secs(3),
        "closed after {lived:?}"
    );
    println!("silent client closed after {lived:?}");
    assert!(follower.alive());
}

#[test]
fn a_second_client_during_a_game_is_refused_at_once() {
    let mut follower = Follower::start();
    let mut first = follower.start_game();
    let mut position = Position::start();
    first.send(&our_move(&mut position));
    play_frame(&mut position, &first.recv());
    // The game is on, the first client to move. A second one asks for a game.
    let mut second = follower.connect();
    let asked = Instant::now();
    second.send(&gamereq('Z', "A"));
    let answer = second.recv();
    let refused_after = asked.elapsed();
    assert_eq!(answer, format!("A{:<32}3", "tvilling"));
    second.closed_within(PROMPT);
    assert!(refused_after < PROMPT, "refused after {refused_after:?}");
    println!("second client refused after {refused_after:?}");
    // A third one that says nothing does not disturb the game either.
    let _silent = follower.connect();
    // The first game goes on as if nothing happened.
    for _ in 0..2 {
        first.send(&our_move(&mut position));
        play_frame(&mut position, &first.recv());
    }
    first.send("E01");
    assert_eq!(first.recv_no_chat(), "E01");
    assert!(follower.alive());
}

#[test]
fn a_client_that_leaves_mid_game_does_not_block_the_next_one() {
    let mut follower = Follower::start();
    {
        let mut first = follower.start_game();
        let mut position = Position::start();
        first.send(&our_move(&mut position));
        play_frame(&mut position, &first.recv());
        // Leaves right after moving, while the follower is thinking.
        first.send(&our_move(&mut position));
    }
    let left = Instant::now();
    // The engine is free once the follower notices, after the move it was thinking on (about
    // a second at one minute for 50 moves); until then a GAMEREQ is refused, not queued.
    let mut next = loop {
        let mut peer = follower.connect();
        peer.send(&gamereq('W', "A"));
        let answer = peer.recv();
        if answer.ends_with('0') {
            break peer;
        }
        assert!(answer.ends_with('3'), "{answer}");
        assert!(
            left.elapsed() < Duration::from_secs(10),
            "still refused after {:?}",
            left.elapsed()
        );
        thread::sleep(Duration::from_millis(100));
    };
    println!(
        "next client accepted {:?} after the first left",
        left.elapsed()
    );
    let mut position = Position::start();
    play_frame(&mut position, &next.recv());
    next.send(&our_move(&mut position));
    play_frame(&mut position, &next.recv());
    next.send("E01");
    assert_eq!(next.recv_no_chat(), "E01");
    assert!(follower.alive());
}
