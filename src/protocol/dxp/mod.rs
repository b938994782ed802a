//! The DamExchange protocol (international draughts over TCP, see `protocols/dxp.md`):
//! the parts that need no game state.
//!
//! [`frame`] splits the byte stream into NUL-terminated messages, [`message`] turns each
//! into a typed [`DxpMessage`] and back, [`clock`] turns the game's agreed time and move
//! count into a [`crate::engine::Clock`], and [`notation`] rewrites DXP positions and moves
//! in the Hub text that the draughts module reads. The session that owns the socket, the
//! position and the search lives elsewhere and only glues these together.

pub mod clock;
pub mod frame;
pub mod message;
pub mod notation;

pub use clock::{game_time, move_clock};
pub use frame::{write_frame, FrameError, FrameReader, MAX_FRAME_LEN};
pub use message::{
    AcceptCode, BackAccCode, DxpColor, DxpError, DxpMessage, EndReason, StartPosition,
};
pub use notation::{hub_move, hub_position};
