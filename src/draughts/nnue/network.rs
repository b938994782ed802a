//! The network draughts evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The default of the Hub parameter `evalfile`: the name of the network built into the
/// binary.
pub const EMBEDDED_NAME: &str = "draughts-gen4.nnue";

/// The draughts network in use: one loaded by `evalfile`, else the embedded one (unless
/// the hand-written evaluation was asked for).
pub static DRAUGHTS_NETWORK: NetworkSlot = NetworkSlot::new(
    FeatureSetId::Draughts200,
    Some(include_bytes!("../../../nets/draughts-gen4.nnue")),
);
