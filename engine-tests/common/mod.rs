//! Helpers the test files share.

pub mod binary;
pub mod dxp_peer;
pub mod scratch;
pub mod shared;
pub mod uci_session;
