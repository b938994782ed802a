//! The network a game evaluates with: the one built into the binary (if the game has one),
//! or one loaded from a file (UCI `EvalFile`) for every search that starts afterwards. A
//! file that cannot be used changes nothing. Without either, or when told to (UCI
//! `Use NNUE`), the game evaluates by hand.

use super::{FeatureSetId, Network, NetworkError};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock, RwLock};

/// Declares a game's network: `EMBEDDED_NAME`, the name of the file in `nets/` built into
/// the binary (the default its network option reports), and the [`NetworkSlot`] static that
/// holds it. The file is named once, so a new net is one edit.
macro_rules! embedded_network {
    ($(#[$doc:meta])* $slot:ident, $features:expr, $file:literal) => {
        /// The network option's default: the name of the network built into the binary.
        pub const EMBEDDED_NAME: &str = $file;

        $(#[$doc])*
        pub static $slot: $crate::nnue::slot::NetworkSlot = $crate::nnue::slot::NetworkSlot::new(
            $features,
            Some(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/nets/", $file))),
        );
    };
}
pub(crate) use embedded_network;

/// Which evaluation a slot hands out.
enum Choice {
    /// The network built into the binary (or none, if the game has none).
    Embedded,
    /// A network read from a file.
    Loaded(Arc<Network>),
    /// No network: the hand-written evaluation.
    HandWritten,
}

/// One game's network in use: a loaded one, else the embedded one, else none.
pub struct NetworkSlot {
    features: FeatureSetId,
    embedded_bytes: Option<&'static [u8]>,
    embedded: OnceLock<Option<Arc<Network>>>,
    choice: RwLock<Choice>,
}

impl NetworkSlot {
    /// A slot for networks of `features`, with `embedded_bytes` (a network file built into
    /// the binary, if any) as the default. The bytes are parsed into aligned vectors on
    /// first use, so their own alignment does not matter.
    pub const fn new(features: FeatureSetId, embedded_bytes: Option<&'static [u8]>) -> Self {
        Self {
            features,
            embedded_bytes,
            embedded: OnceLock::new(),
            choice: RwLock::new(Choice::Embedded),
        }
    }

    /// The feature set the slot was made for (its networks may have any of the game's).
    pub fn features(&self) -> FeatureSetId {
        self.features
    }

    /// The network searches use now (`None`: evaluate by hand).
    pub fn current(&self) -> Option<Arc<Network>> {
        match &*self.choice.read().unwrap_or_else(|e| e.into_inner()) {
            Choice::Embedded => self.embedded(),
            Choice::Loaded(net) => Some(Arc::clone(net)),
            Choice::HandWritten => None,
        }
    }

    /// Whether the hand-written evaluation was asked for.
    pub fn is_hand_written(&self) -> bool {
        matches!(
            *self.choice.read().unwrap_or_else(|e| e.into_inner()),
            Choice::HandWritten
        )
    }

    /// The network built into the binary, if the game has one.
    pub fn embedded(&self) -> Option<Arc<Network>> {
        self.embedded
            .get_or_init(|| {
                // The file is part of the source tree and each game's tests read it the
                // same way, so a failure here is a broken build, not bad input.
                self.embedded_bytes.map(|bytes| {
                    Arc::new(
                        Network::from_bytes(bytes, self.features)
                            .expect("the embedded network is valid"),
                    )
                })
            })
            .clone()
    }

    /// Goes back to the embedded network (or to none).
    pub fn use_embedded(&self) {
        self.choose(Choice::Embedded);
    }

    /// Evaluates by hand from now on, whatever network there is.
    pub fn use_hand_written(&self) {
        self.choose(Choice::HandWritten);
    }

    fn choose(&self, choice: Choice) {
        *self.choice.write().unwrap_or_else(|e| e.into_inner()) = choice;
    }

    /// Makes the evaluation the one a front end's two settings name: by hand when
    /// `use_network` is false, else the network in `file`, or the embedded one without a
    /// file. On any error the evaluation in use stays.
    pub fn select(&self, use_network: bool, file: Option<&Path>) -> Result<(), NetworkFileError> {
        match (use_network, file) {
            (false, _) => self.use_hand_written(),
            (true, None) => self.use_embedded(),
            (true, Some(path)) => self.load_file(path)?,
        }
        Ok(())
    }

    /// Reads the network in `path` and uses it from now on; on any error the network in
    /// use stays.
    pub fn load_file(&self, path: &Path) -> Result<(), NetworkFileError> {
        let bytes = std::fs::read(path).map_err(|e| NetworkFileError::Io(path.to_path_buf(), e))?;
        let net = Network::from_bytes(&bytes, self.features)
            .map_err(|e| NetworkFileError::Invalid(path.to_path_buf(), e))?;
        self.choose(Choice::Loaded(Arc::new(net)));
        Ok(())
    }
}

/// Why a network file was not loaded.
#[derive(Debug, thiserror::Error)]
pub enum NetworkFileError {
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Io(PathBuf, #[source] std::io::Error),
    /// The file is not a network of the game's inputs that this engine reads.
    #[error("{0}: {1}")]
    Invalid(PathBuf, #[source] NetworkError),
}
