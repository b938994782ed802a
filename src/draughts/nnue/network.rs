//! The network draughts evaluates with (see [`crate::nnue::NetworkSlot`]).

use crate::nnue::slot::embedded_network;
use crate::nnue::FeatureSetId;

embedded_network!(
    /// The draughts network in use: one loaded by the Hub parameter `evalfile`, else the
    /// embedded one (unless the hand-written evaluation was asked for).
    DRAUGHTS_NETWORK,
    FeatureSetId::Draughts200,
    "draughts-gen5.nnue"
);
