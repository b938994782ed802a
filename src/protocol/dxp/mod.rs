//! The DamExchange protocol (international draughts over TCP, see `protocols/dxp.md`):
//! the parts that need no game state.
