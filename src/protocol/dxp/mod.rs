//! The DamExchange protocol (international draughts over TCP, see `docs/protocols/dxp.md`).
//!
//! [`frame`] splits the byte stream into NUL-terminated messages, [`message`] turns each
//! into a typed [`DxpMessage`] and back, and [`notation`] rewrites DXP positions and moves
//! in the Hub text that the draughts module reads. On top of them, [`connection`] carries
//! typed messages over one socket, [`game`] is one game as both roles see it, [`player`]
//! the engine that plays our side (book, then search), and [`follower`] and [`initiator`]
//! are the two roles that [`cli`] starts; [`server`] accepts the follower's connections,
//! each on a thread of its own.

pub mod cli;
pub mod connection;
pub mod follower;
pub mod frame;
pub mod game;
pub mod initiator;
pub mod message;
pub mod notation;
pub mod player;
pub mod server;

pub use frame::{write_frame, FrameError, FrameReader, MAX_FRAME_LEN};
pub use message::{AcceptCode, BackAccCode, DxpError, DxpMessage, EndReason, StartPosition};
pub use notation::{hub_move, hub_position};
