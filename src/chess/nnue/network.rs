//! The network chess evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The default of `EvalFile`: the name of the network built into the binary.
pub const EMBEDDED_NAME: &str = "chess-gen4.nnue";

/// The chess network in use: one loaded by `EvalFile`, else the embedded one (unless the
/// hand-written evaluation was asked for).
pub static CHESS_NETWORK: NetworkSlot = NetworkSlot::new(
    FeatureSetId::Chess768,
    Some(include_bytes!("../../../nets/chess-gen4.nnue")),
);
