//! The network draughts evaluates with (see [`NetworkSlot`]).

use crate::nnue::slot::NetworkSlot;
use crate::nnue::FeatureSetId;

/// The default of the Hub parameter `evalfile`: no file, so the embedded network (none
/// yet: the hand-written evaluation).
pub const EMBEDDED_NAME: &str = "";

/// The draughts network in use: one loaded by `evalfile`, else the hand-written evaluation.
pub static DRAUGHTS_NETWORK: NetworkSlot = NetworkSlot::new(FeatureSetId::Draughts200, None);
