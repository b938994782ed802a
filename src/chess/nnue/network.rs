//! The network chess evaluates with (see [`crate::nnue::NetworkSlot`]).

use crate::nnue::slot::embedded_network;
use crate::nnue::FeatureSetId;

embedded_network!(
    /// The chess network in use: one loaded by `EvalFile`, else the embedded one (unless
    /// the hand-written evaluation was asked for).
    CHESS_NETWORK,
    FeatureSetId::Chess768,
    "chess-gen6.nnue"
);
