//! Helpers the test files share.

pub mod dxp_peer;
pub mod shared;
pub mod uci_session;
