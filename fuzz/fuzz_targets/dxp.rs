//! DXP frames and message sequences, as the follower receives them.
//!
//! The input is the byte stream from the peer. It is split into frames twice, once read
//! whole and once delivered in small pieces (as TCP may), and both must give the same
//! frames. Each frame that parses must serialise to a frame that parses back to the same
//! message. The messages then drive a game as the follower plays it (GAMEREQ starts one,
//! MOVE plays the peer's move and then ours, BACKREQ takes back, GAMEEND ends it), checked
//! against a model kept here with the draughts rules alone. Our move is the legal move the
//! peer's MOVE time field picks, standing in for the search.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::{self, Cursor, Read};
use tvilling::draughts::fast::movegen::legal_moves;
use tvilling::draughts::fast::notation::{move_from_dxp, parse_hub, parse_move};
use tvilling::draughts::{Color, GameState, Move, Outcome, Position};
use tvilling::engine::MoveList;
use tvilling::protocol::dxp::game::{DxpGame, PeerMoveError};
use tvilling::protocol::dxp::{
    hub_move, hub_position, write_frame, DxpMessage, EndReason, FrameError, FrameReader,
};

/// Frames of one execution.
const MAX_FRAMES: usize = 64;

fuzz_target!(|data: &[u8]| {
    let _ = DxpMessage::parse(&String::from_utf8_lossy(data));
    let whole = frames(Cursor::new(data));
    let trickled = frames(Trickle {
        data,
        at: 0,
        step: 0,
    });
    assert_eq!(whole, trickled, "frames depend on how the bytes arrive");
    let mut follower = Follower { game: None };
    for frame in whole.iter().filter_map(|f| f.as_ref().ok()) {
        if let Ok(message) = DxpMessage::parse(frame) {
            check_round_trip(&message);
            follower.receive(message);
        }
    }
});

/// The frames of a stream up to its end, errors as their `Debug` text.
fn frames(stream: impl Read) -> Vec<Result<String, String>> {
    let mut reader = FrameReader::new(stream);
    let mut out = Vec::new();
    while out.len() < MAX_FRAMES {
        match reader.read_frame() {
            Ok(frame) => out.push(Ok(frame)),
            Err(FrameError::Eof) => break,
            Err(e @ FrameError::EofInFrame { .. }) => {
                out.push(Err(format!("{e:?}")));
                break;
            }
            // How much of an over-long frame was seen depends on the reads, not the bytes.
            Err(FrameError::TooLong { .. }) => out.push(Err("TooLong".to_string())),
            Err(e) => out.push(Err(format!("{e:?}"))),
        }
    }
    out
}

/// A stream that hands out 1, 2, 3, ... 7 bytes per read, over and over.
struct Trickle<'a> {
    data: &'a [u8],
    at: usize,
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.step = self.step % 7 + 1;
        let n = self.step.min(buf.len()).min(self.data.len() - self.at);
        buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A parsed message serialises to a frame that can be sent and reads back the same.
fn check_round_trip(message: &DxpMessage) {
    let frame = message.serialize();
    let mut sent = Vec::new();
    write_frame(&mut sent, &frame).unwrap_or_else(|e| panic!("{message:?} as {frame:?}: {e}"));
    let again = DxpMessage::parse(&frame).unwrap_or_else(|e| panic!("{frame:?}: {e}"));
    let mut expected = message.clone();
    // Captured squares are sent in ascending order, as the spec's examples do.
    if let DxpMessage::Move { captured, .. } = &mut expected {
        captured.sort_unstable();
    }
    assert_eq!(again, expected, "{frame:?}");
    assert_eq!(again.serialize(), frame);
}

/// The follower's game and the model it is checked against.
struct Follower {
    game: Option<(DxpGame, Model)>,
}

/// The game as the rules alone see it.
struct Model {
    start: Position,
    ours: Color,
    moves: Vec<Move>,
    state: GameState,
}

impl Model {
    fn our_turn(&self) -> bool {
        self.state.position().side() == self.ours
    }

    fn play(&mut self, mv: Move) {
        self.state.play(mv).expect("the model plays legal moves");
        self.moves.push(mv);
    }
}

impl Follower {
    fn receive(&mut self, message: DxpMessage) {
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
                // The follower takes version 00 as 01, as Scan does.
                if version > 1 {
                    return;
                }
                let ours = follower_color;
                let model = parse_hub(&hub_position(&start));
                let game = DxpGame::from_request(&start, ours, minutes, moves);
                assert_eq!(game.is_ok(), model.is_ok());
                let (Ok(game), Ok(start)) = (game, model) else {
                    return;
                };
                let _ = game.peer_timeout();
                let model = Model {
                    start,
                    ours,
                    moves: Vec::new(),
                    state: GameState::new(start),
                };
                self.game = Some((game, model));
                self.take_turn(0);
            }
            DxpMessage::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                let Some((game, model)) = self.game.as_mut() else {
                    return;
                };
                let played = game.play_peer_move(from, to, &captured);
                if model.our_turn() {
                    assert_eq!(played, Err(PeerMoveError::OutOfTurn));
                } else {
                    let pos = *model.state.position();
                    let expected = move_from_dxp(&pos, from, to, &captured);
                    assert_eq!(played.is_ok(), expected.is_ok(), "{played:?}");
                    if let Ok(mv) = expected {
                        assert_eq!(parse_move(&pos, &hub_move(from, to, &captured)), Ok(mv));
                        model.play(mv);
                    }
                }
                if played.is_err() {
                    // The follower abandons a game after an illegal move.
                    self.game = None;
                    return;
                }
                self.check();
                self.take_turn(seconds);
            }
            DxpMessage::BackReq {
                move_number,
                to_move,
            } => {
                let Some((game, model)) = self.game.as_mut() else {
                    return;
                };
                let done = game.take_back(move_number, to_move);
                let black_first = model.start.side() == Color::Black;
                let ply = (usize::from(move_number) * 2 + usize::from(to_move == Color::Black))
                    .checked_sub(2 + usize::from(black_first))
                    .filter(|&ply| ply <= model.moves.len());
                assert_eq!(done, ply.is_some());
                if let Some(ply) = ply {
                    let moves = model.moves[..ply].to_vec();
                    model.moves.clear();
                    model.state = GameState::new(model.start);
                    for mv in moves {
                        model.play(mv);
                    }
                    self.check();
                    self.take_turn(u16::from(move_number));
                }
            }
            DxpMessage::GameEnd { .. } => self.game = None,
            DxpMessage::Chat { .. } | DxpMessage::GameAcc { .. } | DxpMessage::BackAcc { .. } => {}
        }
    }

    /// The game and the model agree.
    fn check(&self) {
        let Some((game, model)) = &self.game else {
            return;
        };
        assert_eq!(game.plies(), model.moves.len());
        assert_eq!(game.our_turn(), model.our_turn());
        let _ = (game.move_limit_reached(), game.adjudication());
    }

    /// On our turn: ends the game as the rules do, or plays the move `choice` picks.
    fn take_turn(&mut self, choice: u16) {
        let Some((game, model)) = self.game.as_mut() else {
            return;
        };
        if !game.our_turn() {
            return;
        }
        let expected = match model.state.outcome() {
            Outcome::Ongoing => None,
            Outcome::Loss => Some(EndReason::Lose),
            Outcome::Draw => Some(EndReason::Draw),
        };
        assert_eq!(game.rule_ending(), expected);
        if expected.is_some() {
            self.game = None;
            return;
        }
        let mut moves = MoveList::new();
        legal_moves(model.state.position(), &mut moves);
        let mv = moves.as_slice()[usize::from(choice) % moves.len()];
        game.play(mv).expect("our move is legal");
        model.play(mv);
        self.check();
    }
}
