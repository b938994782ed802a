//! The network draughts evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The file in `nets/` built into the binary, named once for the name `evalfile` reports and
/// for the bytes, so a new net is one edit.
macro_rules! embedded_file {
    () => {
        "draughts-gen5.nnue"
    };
}

/// The default of the Hub parameter `evalfile`: the name of the network built into the
/// binary.
pub const EMBEDDED_NAME: &str = embedded_file!();

/// The draughts network in use: one loaded by `evalfile`, else the embedded one (unless
/// the hand-written evaluation was asked for).
pub static DRAUGHTS_NETWORK: NetworkSlot = NetworkSlot::new(
    FeatureSetId::Draughts200,
    Some(include_bytes!(concat!("../../../nets/", embedded_file!()))),
);
