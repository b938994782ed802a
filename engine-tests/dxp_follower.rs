//! The DXP follower as a peer sees it, byte by byte over a real socket: frames merged into
//! one write and one frame split over two writes, take-backs, a rule-decided game end, the
//! server outliving each connection, and its policy for silent, extra and vanishing peers.
//! Every move the follower sends is checked against the legal moves of the position the
//! peer knows.

use std::fs::File;
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use tvilling::draughts::Position;
use tvilling::protocol::dxp::follower::{CLAIM_WAIT, HANDSHAKE_TIMEOUT};

use crate::common::dxp_peer::{our_move, play_frame, Peer};
use crate::common::scratch::scratch_path;

/// How soon a client must have its answer while another holds or has just left the engine
/// (a refusal may take [`CLAIM_WAIT`] longer). An answer needs no search, only a thread;
/// what these tests catch is an answer only after a search, which takes a second at the
/// least here and over a minute in the long-think games, so the bound leaves a loaded
/// two-core machine seconds to spare.
const PROMPT: Duration = Duration::from_secs(4);

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
        let log = scratch_path(&format!("dxp-follower-{port}")).with_extension("log");
        let child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
            .args([
                "dxp",
                "--egdb-pieces",
                "0",
                // Every move searched: these tests leave while the follower thinks, and
                // the book would answer the first moves at once.
                "--book",
                "false",
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
                Ok(stream) => return Peer::new(stream, self.log.clone()),
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

fn gamereq(follower: char, tail: &str) -> String {
    format!("R01{:<32}{follower}001050{tail}", "enginetest")
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
fn the_follower_ends_the_game_at_the_agreed_move_count() {
    let mut follower = Follower::start();
    let mut peer = follower.connect();
    // The follower plays White, a second a move (no clock), two moves each.
    peer.send(&format!("R01{:<32}W000002A", "enginetest"));
    assert_eq!(&peer.recv()[33..], "0");
    let mut position = Position::start();
    for _ in 0..2 {
        play_frame(&mut position, &peer.recv_no_chat());
        peer.send(&our_move(&mut position));
    }
    // Four plies: the follower is to move, and ends the even game without a result.
    let end = peer.recv_no_chat();
    if end != "E00" {
        peer.fail(&format!("{end} instead of GAMEEND at the move limit"));
    }
    peer.send("E01");
    assert!(follower.alive());
}

#[test]
fn a_gamereq_of_version_00_is_accepted_as_01() {
    let mut follower = Follower::start();
    let mut peer = follower.connect();
    peer.send(&format!("R00{:<32}Z001050A", "enginetest"));
    assert_eq!(peer.recv(), format!("A{:<32}0", "tvilling"));
    peer.send("E01");
    assert_eq!(peer.recv_no_chat(), "E01");
    // A later version is still refused.
    let mut later = follower.connect();
    later.send(&format!("R02{:<32}Z001050A", "enginetest"));
    assert_eq!(later.recv(), format!("A{:<32}1", "tvilling"));
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
    assert!(
        refused_after < CLAIM_WAIT + PROMPT,
        "refused after {refused_after:?}"
    );
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
    // The follower notices at once and stops thinking: the next client is served.
    let mut next = follower.connect();
    next.send(&gamereq('W', "A"));
    let answer = next.recv();
    if !answer.ends_with('0') {
        next.fail(&format!(
            "refused {:?} after the first left: {answer}",
            left.elapsed()
        ));
    }
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

/// A GAMEREQ in which the follower plays White from the start and has 90 minutes for 50
/// moves: it starts thinking at once, for well over a minute.
fn long_think_gamereq() -> String {
    format!("R01{:<32}W090050A", "enginetest")
}

#[test]
fn a_peer_that_hangs_up_while_the_follower_thinks_frees_the_engine_at_once() {
    let follower = Follower::start();
    // What the leaving peer sends last, after its game was accepted: nothing, a malformed
    // four-character GAMEEND, a proper GAMEEND, a move out of turn, half a frame.
    let last_words: [&[u8]; 5] = [b"", b"E000\0", b"E00\0", b"M0000322800\0", b"M00003"];
    for last in last_words {
        {
            let mut leaving = follower.connect();
            leaving.send(&long_think_gamereq());
            assert_eq!(&leaving.recv()[33..], "0");
            // The follower is searching its first move by now.
            thread::sleep(Duration::from_millis(300));
            leaving.send_raw(last);
        }
        let left = Instant::now();
        // The next client is served, not refused: the follower stopped thinking for the
        // peer that left and gave the engine back.
        let mut next = follower.connect();
        next.send(&gamereq('Z', "A"));
        let answer = next.recv();
        let waited = left.elapsed();
        if &answer[33..] != "0" {
            next.fail(&format!(
                "after {:?}: refused ({answer}) {waited:?} after the peer left",
                String::from_utf8_lossy(last)
            ));
        }
        assert!(waited < PROMPT, "{last:?}: accepted after {waited:?}");
        println!(
            "accepted {waited:?} after a peer that sent {:?} left",
            String::from_utf8_lossy(last)
        );
        let mut position = Position::start();
        next.send(&our_move(&mut position));
        play_frame(&mut position, &next.recv());
        // Leaves while the follower waits for its move, which frees the engine too.
    }
}
