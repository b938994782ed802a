//! Helpers the test files share.

pub mod uci_session;
