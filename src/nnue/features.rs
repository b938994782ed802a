//! What the trainer needs to know of a game's inputs: how a training record turns into
//! active features for each perspective, and which output bucket it uses. The engine's
//! incremental accumulators index features the same way (chess: `chess::nnue`).

use super::game_file::GameRecord;
use super::FeatureSetId;

/// Most features active in one position, per perspective.
pub const MAX_ACTIVE: usize = 64;

/// The active features of one position, both perspectives, side to move first.
#[derive(Clone, Debug)]
pub struct ActiveFeatures {
    /// Features seen from the side to move.
    pub us: [u16; MAX_ACTIVE],
    /// The same pieces seen from the other side.
    pub them: [u16; MAX_ACTIVE],
    /// How many entries of each array are in use.
    pub len: usize,
}

impl Default for ActiveFeatures {
    fn default() -> Self {
        Self {
            us: [0; MAX_ACTIVE],
            them: [0; MAX_ACTIVE],
            len: 0,
        }
    }
}

impl ActiveFeatures {
    /// Adds one piece's pair of features.
    #[inline]
    pub fn push(&mut self, us: usize, them: usize) {
        self.us[self.len] = us as u16;
        self.them[self.len] = them as u16;
        self.len += 1;
    }
}

/// A game's network inputs.
pub trait FeatureSet: Send + Sync + 'static {
    /// The training record read from data files.
    type Record: GameRecord;
    /// The identifier written into network files.
    const ID: FeatureSetId;
    /// Inputs per perspective.
    const INPUTS: usize;
    /// Output buckets.
    const BUCKETS: usize;
    /// The evaluation units one unit of network output stands for (centipawns in chess).
    const SCALE: f32;
    /// Fills `out` with the record's active features.
    fn active_features(record: &Self::Record, out: &mut ActiveFeatures);
    /// The output bucket for the record.
    fn bucket(record: &Self::Record) -> usize;
    /// The record's mirror image under a symmetry of the game that keeps its value (a
    /// second training position for free), or `None` where the game has none.
    fn mirrored(_record: &Self::Record) -> Option<Self::Record> {
        None
    }
}
