//! The DXP initiator (`tvilling dxp --connect ...`) against a follower scripted here, on a
//! loopback socket: the GAMEREQ it sends (the colours alternating game by game), the
//! legality of every MOVE, the end of each game at the agreed move count with the result
//! its score calls for, the stop flag on the last game's GAMEEND only, and a clean exit
//! once the follower has answered.

use std::fs::File;
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use tvilling::draughts::{Color, Position};

use crate::common::dxp_peer::{legal_moves, move_frame, our_move, play_frame, Peer};
use crate::common::scratch::scratch_path;

/// `tvilling dxp --connect` at a listener of ours, White, one second a move (`--time 0`),
/// without the opening book (its random pick among near-best moves would vary the games),
/// `moves` moves a game; its output and log go to files a failing test prints.
struct Initiator {
    child: Child,
    listener: TcpListener,
    out: PathBuf,
    log: PathBuf,
}

impl Initiator {
    fn start(moves: u16, games: u32) -> Self {
        Self::start_timed(0, moves, games)
    }

    /// As [`Initiator::start`], with `minutes` of thinking time a game.
    fn start_timed(minutes: u16, moves: u16, games: u32) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let file = |what: &str| scratch_path(&format!("dxp-initiator-{port}")).with_extension(what);
        let (out, log) = (file("out"), file("log"));
        let child = Command::new(env!("CARGO_BIN_EXE_tvilling"))
            .args(["dxp", "--connect", &format!("127.0.0.1:{port}")])
            .args(["--color", "white", "--time", &minutes.to_string()])
            .args(["--moves", &moves.to_string(), "--games", &games.to_string()])
            .args(["--egdb-pieces", "0", "--book", "false"])
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(File::create(&out).unwrap())
            .stderr(File::create(&log).unwrap())
            .spawn()
            .unwrap();
        Self {
            child,
            listener,
            out,
            log,
        }
    }

    /// The initiator's connection.
    fn accept(&self) -> Peer {
        self.listener.set_nonblocking(true).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match self.listener.accept() {
                Ok((stream, _)) => {
                    stream.set_nonblocking(false).unwrap();
                    return Peer::new(stream, self.log.clone());
                }
                Err(_) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
                Err(e) => panic!("the initiator did not connect: {e}"),
            }
        }
    }

    /// Waits up to `limit` for the initiator to exit; its status.
    fn exit_within(&mut self, limit: Duration) -> ExitStatus {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            assert!(
                Instant::now() < deadline,
                "the initiator did not exit within {limit:?}; log:\n{log}"
            );
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the initiator to exit, checks that it succeeded, and returns what it
    /// printed.
    fn finish(mut self) -> String {
        let status = self.exit_within(Duration::from_secs(30));
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        assert!(status.success(), "{status}; log:\n{log}");
        std::fs::read_to_string(&self.out).unwrap()
    }
}

impl Drop for Initiator {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.out);
        let _ = std::fs::remove_file(&self.log);
    }
}

/// The GAMEREQ an initiator sends for `moves` moves at no clock, from the start position,
/// the follower (we) playing `follower` (`W` or `Z`); answered with acceptance.
fn accept_game(peer: &mut Peer, moves: u16, follower: char) {
    let request = peer.recv();
    assert_eq!(
        request,
        format!("R01{:<32}{follower}000{moves:03}A", "tvilling"),
        "GAMEREQ: version 01, our name, the follower {follower}, no clock, {moves} moves, \
         the start position"
    );
    peer.send(&format!("A{:<32}0", "scripted"));
}

/// Men count one, kings three: White's material less Black's.
fn material_lead(position: &Position) -> i32 {
    let worth = |color: Color| {
        let kings = position.kings(color).count_ones();
        (position.pieces(color).count_ones() - kings + 3 * kings) as i32
    };
    worth(Color::White) - worth(Color::Black)
}

/// The material lead Black can hand White within `plies` more plies whatever White does:
/// Black plays for the largest lead, White (whose captures are forced all the same) for
/// the smallest.
fn sure_lead(position: &Position, plies: u32) -> i32 {
    let moves = legal_moves(position);
    if plies == 0 || moves.is_empty() {
        return material_lead(position);
    }
    let leads = moves.into_iter().map(|mv| {
        let mut after = *position;
        after.play(mv);
        sure_lead(&after, plies - 1)
    });
    match position.side() {
        Color::Black => leads.max(),
        Color::White => leads.min(),
    }
    .unwrap()
}

/// Black's move that surely gives White the most material over the next four plies, until
/// White is eight men up; then the one that gives least, so that Black keeps a move to the
/// move limit whatever the initiator plays.
fn giveaway(position: &mut Position) -> String {
    let lead = |&mv: &_| {
        let mut after = *position;
        after.play(mv);
        sure_lead(&after, 3)
    };
    let moves = legal_moves(position).into_iter();
    let mv = if material_lead(position) < 8 {
        moves.max_by_key(lead)
    } else {
        moves.min_by_key(lead)
    }
    .unwrap();
    move_frame(position, mv)
}

/// Plays one game as Black, replying with `reply`, until the initiator ends it; its
/// GAMEEND and the final position. Every MOVE must be legal and none may come past the
/// agreed count.
fn play_game(
    peer: &mut Peer,
    moves: u16,
    reply: fn(&mut Position) -> String,
) -> (String, Position) {
    let mut position = Position::start();
    let mut plies = 0;
    loop {
        let frame = peer.recv_no_chat();
        if frame.starts_with('E') {
            assert_eq!(plies, 2 * usize::from(moves), "{frame} after {plies} plies");
            return (frame, position);
        }
        assert!(
            plies < 2 * usize::from(moves),
            "{frame} after the agreed {moves} moves"
        );
        play_frame(&mut position, &frame);
        peer.send(&reply(&mut position));
        plies += 2;
    }
}

#[test]
fn an_even_game_ends_at_the_move_limit_without_a_result_and_only_the_last_stops() {
    let initiator = Initiator::start(2, 3);
    let mut peer = initiator.accept();
    // The colours alternate: the initiator plays White in the first and third games.
    for game in 1..=3 {
        let stop = u8::from(game == 3);
        if game == 2 {
            accept_game(&mut peer, 2, 'W');
            // We open, and at the move limit, on our turn, end the game as a follower
            // does; the initiator answers with the stop code.
            let mut position = Position::start();
            for _ in 0..2 {
                peer.send(&our_move(&mut position));
                play_frame(&mut position, &peer.recv_no_chat());
            }
            peer.send("E00");
            assert_eq!(peer.recv_no_chat(), "E00");
            continue;
        }
        accept_game(&mut peer, 2, 'Z');
        let (end, position) = play_game(&mut peer, 2, our_move);
        // Two moves each from the start: nobody is three men ahead.
        assert_eq!(material_lead(&position), 0);
        assert_eq!(end, format!("E0{stop}"), "GAMEEND: no result, stop {stop}");
        peer.send(&format!("E0{stop}"));
    }
    peer.closed_within(Duration::from_secs(10));
    let out = initiator.finish();
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "game 1: 4 plies, we ended it with reason Unknown",
            "game 2: 4 plies, the follower ended it with reason Unknown",
            "game 3: 4 plies, we ended it with reason Unknown",
        ],
        "{out}"
    );
}

#[test]
fn a_game_won_on_the_board_is_adjudicated_a_win_at_the_move_limit() {
    let moves = 20;
    let initiator = Initiator::start(moves, 1);
    let mut peer = initiator.accept();
    accept_game(&mut peer, moves, 'Z');
    // Black gives its men away: at the move limit White is far ahead (six men or more in
    // trials), beyond the three men at which a score counts as won.
    let (end, position) = play_game(&mut peer, moves, giveaway);
    let lead = material_lead(&position);
    println!("White leads by {lead} after {moves} moves");
    assert!(lead >= 4, "White leads by {lead} only");
    if end != "E31" {
        peer.fail(&format!(
            "{end} instead of E31 (the initiator wins, stop) {lead} men up"
        ));
    }
    peer.send("E01");
    peer.closed_within(Duration::from_secs(10));
    let out = initiator.finish();
    assert_eq!(
        out.trim(),
        format!("game 1: {} plies, we ended it with reason Win", 2 * moves)
    );
}

#[test]
fn a_follower_that_hangs_up_while_the_initiator_thinks_ends_the_match_at_once() {
    // An hour a game and no move limit: the first move alone would take minutes.
    let mut initiator = Initiator::start_timed(60, 0, 1);
    let mut peer = initiator.accept();
    let request = peer.recv();
    assert_eq!(request, format!("R01{:<32}Z060000A", "tvilling"));
    peer.send(&format!("A{:<32}0", "scripted"));
    thread::sleep(Duration::from_millis(500));
    drop(peer);
    // The search is stopped when the connection closes, not after the move.
    let status = initiator.exit_within(Duration::from_secs(10));
    assert!(!status.success(), "{status}: a match cut short is an error");
}
