//! The network chess evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The file in `nets/` built into the binary, named once for the name `EvalFile` reports and
/// for the bytes, so a new net is one edit.
macro_rules! embedded_file {
    () => {
        "chess-gen5.nnue"
    };
}

/// The default of `EvalFile`: the name of the network built into the binary.
pub const EMBEDDED_NAME: &str = embedded_file!();

/// The chess network in use: one loaded by `EvalFile`, else the embedded one (unless the
/// hand-written evaluation was asked for).
pub static CHESS_NETWORK: NetworkSlot = NetworkSlot::new(
    FeatureSetId::Chess768,
    Some(include_bytes!(concat!("../../../nets/", embedded_file!()))),
);
