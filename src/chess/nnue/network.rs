//! The network chess evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The default of `EvalFile`: no file, so the embedded network (none yet: the
/// hand-written evaluation).
pub const EMBEDDED_NAME: &str = "<empty>";

/// The chess network in use: one loaded by `EvalFile`, else the hand-written evaluation.
pub static CHESS_NETWORK: NetworkSlot = NetworkSlot::new(FeatureSetId::Chess768, None);
