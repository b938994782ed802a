//! The network file: a 64-byte header, then the quantised weights, all little-endian.
//!
//! | bytes  | field |
//! | ------ | ----- |
//! | 0..4   | magic `TVNN` |
//! | 4..8   | format version, `u32` (this reader: [`FORMAT_VERSION`]) |
//! | 8..12  | feature set, `u32` (which game's inputs, see [`FeatureSetId`]) |
//! | 12..16 | inputs per perspective, `u32` |
//! | 16..20 | hidden neurons per perspective, `u32` |
//! | 20..24 | output buckets, `u32` |
//! | 24..28 | activation, `u32` (1: squared clipped ReLU) |
//! | 28..32 | QA, the scale of the first layer, `u32` |
//! | 32..36 | QB, the scale of the output layer, `u32` |
//! | 36..40 | evaluation scale: network output 1.0 is this many evaluation units, `u32` |
//! | 40..48 | payload length in bytes, `u64` |
//! | 48..56 | FNV-1a 64-bit hash of the payload, `u64` |
//! | 56..64 | zero |
//!
//! Payload: the feature weights (`inputs × hidden` `i16`, one row of `hidden` per
//! input), the feature biases (`hidden` `i16`), the output weights (`buckets × 2 ×
//! hidden` `i16`; per bucket the side to move's half first), the output biases (`buckets`
//! `i32`). Feature weights and biases are scaled by QA, output weights by QB, output
//! biases by QA × QB.

/// The four bytes every network file starts with.
pub const MAGIC: [u8; 4] = *b"TVNN";
/// The format version this code reads and writes.
pub const FORMAT_VERSION: u32 = 1;
/// Header bytes before the weights.
pub const HEADER_SIZE: usize = 64;
/// Activation code of the squared clipped ReLU, the only one so far.
pub const ACTIVATION_SCRELU: u32 = 1;

/// Which game's inputs a network reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureSetId {
    /// Chess: 768 inputs, colour relative to the perspective × 6 kinds × 64 squares.
    Chess768 = 1,
    /// International draughts: 200 inputs, side relative to the perspective × man or
    /// king × 50 squares.
    Draughts200 = 2,
    /// Chess: the 768 inputs with the board mirrored left to right whenever the
    /// perspective's king stands on the a-d files, so the king is always on e-h.
    Chess768Mirrored = 3,
    /// Chess: the mirrored 768 inputs once for each of 4 king buckets by the rank of the
    /// perspective's king (first, second, third or fourth, fifth to eighth): 3,072 inputs.
    Chess768KingBuckets4 = 4,
    /// Chess: the mirrored 768 inputs once for each of 7 king buckets by the square of the
    /// perspective's king, finest where it stands at home (each file of the first rank,
    /// the outer and the inner files of the second, then the rest of the board): 5,376
    /// inputs (the layout is in `chess::nnue::features`).
    Chess768KingBuckets7 = 5,
}

/// The game a feature set belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureGame {
    /// Chess.
    Chess,
    /// International draughts.
    Draughts,
}

impl FeatureSetId {
    /// Every feature set, as the file names them.
    pub const ALL: [FeatureSetId; 5] = [
        Self::Chess768,
        Self::Draughts200,
        Self::Chess768Mirrored,
        Self::Chess768KingBuckets4,
        Self::Chess768KingBuckets7,
    ];

    /// Inputs per perspective of this feature set.
    pub const fn inputs(self) -> usize {
        match self {
            Self::Chess768 | Self::Chess768Mirrored => 768,
            Self::Chess768KingBuckets4 => 4 * 768,
            Self::Chess768KingBuckets7 => 7 * 768,
            Self::Draughts200 => 200,
        }
    }

    /// Output buckets of this feature set: the game picks one by the pieces on the board,
    /// so a network must have exactly these.
    pub const fn buckets(self) -> usize {
        8
    }

    /// The game whose positions the feature set reads.
    pub fn game(self) -> FeatureGame {
        match self {
            Self::Draughts200 => FeatureGame::Draughts,
            _ => FeatureGame::Chess,
        }
    }

    fn from_u32(code: u32) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|&features| features as u32 == code)
    }
}

/// The header's description of a network's shape and scales.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetworkShape {
    /// The feature set.
    pub features: FeatureSetId,
    /// Inputs per perspective.
    pub inputs: usize,
    /// Hidden neurons per perspective.
    pub hidden: usize,
    /// Output buckets.
    pub buckets: usize,
    /// First-layer scale.
    pub qa: i32,
    /// Output-layer scale.
    pub qb: i32,
    /// Evaluation units per 1.0 of network output.
    pub scale: i32,
}

/// As the `eval` command names a network: `768x256 -> 8 buckets`.
impl std::fmt::Display for NetworkShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{} -> {} buckets",
            self.inputs, self.hidden, self.buckets
        )
    }
}

impl NetworkShape {
    /// Bytes of the weights this shape needs.
    pub fn payload_len(&self) -> usize {
        2 * (self.inputs * self.hidden + self.hidden + self.buckets * 2 * self.hidden)
            + 4 * self.buckets
    }
}

/// Quantised weights as stored, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuantisedWeights {
    /// Shape and scales.
    pub shape: NetworkShape,
    /// `inputs × hidden`, one row per input.
    pub feature_weights: Vec<i16>,
    /// `hidden`.
    pub feature_bias: Vec<i16>,
    /// `buckets × 2 × hidden`.
    pub output_weights: Vec<i16>,
    /// `buckets`.
    pub output_bias: Vec<i32>,
}

/// Why bytes are not a network this engine can use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    /// Fewer bytes than a header.
    #[error("{0} bytes is too short for a network file")]
    TooShort(usize),
    /// The file does not start with `TVNN`.
    #[error("not a tvilling network file (no TVNN magic)")]
    BadMagic,
    /// A format version this code does not read.
    #[error("network format version {0}, this engine reads version {FORMAT_VERSION}")]
    Version(u32),
    /// A feature set this code does not know.
    #[error("unknown feature set {0}")]
    FeatureSet(u32),
    /// The feature set belongs to another game.
    #[error(
        "network is for {found:?} inputs, this game needs {game:?} inputs",
        game = .expected.game()
    )]
    WrongFeatureSet {
        /// What the caller needs.
        expected: FeatureSetId,
        /// What the file holds.
        found: FeatureSetId,
    },
    /// An activation this code does not know.
    #[error("unknown activation {0}")]
    Activation(u32),
    /// Sizes or scales out of range.
    #[error("bad network shape: {0}")]
    Shape(String),
    /// The payload is shorter or longer than its header says.
    #[error("truncated or padded network: {found} bytes of weights, header says {expected}")]
    Length {
        /// Bytes the header promises.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The payload does not hash to the header's checksum (a damaged file).
    #[error("network checksum mismatch (damaged file)")]
    Checksum,
}

/// FNV-1a, 64 bits: enough to catch damage, cheap to compute at start-up.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
}

/// Reads and checks a network file for the game of the feature set `expected` (any of
/// that game's feature sets).
pub fn read_network(
    bytes: &[u8],
    expected: FeatureSetId,
) -> Result<QuantisedWeights, NetworkError> {
    if bytes.len() < HEADER_SIZE {
        return Err(NetworkError::TooShort(bytes.len()));
    }
    if bytes[0..4] != MAGIC {
        return Err(NetworkError::BadMagic);
    }
    let version = u32_at(bytes, 4);
    if version != FORMAT_VERSION {
        return Err(NetworkError::Version(version));
    }
    let code = u32_at(bytes, 8);
    let features = FeatureSetId::from_u32(code).ok_or(NetworkError::FeatureSet(code))?;
    if features.game() != expected.game() {
        return Err(NetworkError::WrongFeatureSet {
            expected,
            found: features,
        });
    }
    let activation = u32_at(bytes, 24);
    if activation != ACTIVATION_SCRELU {
        return Err(NetworkError::Activation(activation));
    }
    let shape = NetworkShape {
        features,
        inputs: u32_at(bytes, 12) as usize,
        hidden: u32_at(bytes, 16) as usize,
        buckets: u32_at(bytes, 20) as usize,
        qa: u32_at(bytes, 28) as i32,
        qb: u32_at(bytes, 32) as i32,
        scale: u32_at(bytes, 36) as i32,
    };
    check_shape(&shape)?;
    let payload = &bytes[HEADER_SIZE..];
    let expected_len = shape.payload_len();
    if u64_at(bytes, 40) != expected_len as u64 || payload.len() != expected_len {
        return Err(NetworkError::Length {
            expected: expected_len,
            found: payload.len(),
        });
    }
    if fnv1a(payload) != u64_at(bytes, 48) {
        return Err(NetworkError::Checksum);
    }
    let mut at = 0;
    let mut i16s = |n: usize| {
        let v: Vec<i16> = payload[at..at + 2 * n]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        at += 2 * n;
        v
    };
    let feature_weights = i16s(shape.inputs * shape.hidden);
    let feature_bias = i16s(shape.hidden);
    let output_weights = i16s(shape.buckets * 2 * shape.hidden);
    let output_bias = payload[at..]
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    Ok(QuantisedWeights {
        shape,
        feature_weights,
        feature_bias,
        output_weights,
        output_bias,
    })
}

/// Sizes the inference code supports: SIMD works on 16 neurons at a time, and the
/// integer sums stay inside `i32` for these limits.
fn check_shape(shape: &NetworkShape) -> Result<(), NetworkError> {
    let bad = |reason: String| Err(NetworkError::Shape(reason));
    if shape.inputs != shape.features.inputs() {
        return bad(format!(
            "{} inputs, {:?} has {}",
            shape.inputs,
            shape.features,
            shape.features.inputs()
        ));
    }
    if shape.hidden == 0 || shape.hidden > 2048 || !shape.hidden.is_multiple_of(16) {
        return bad(format!(
            "{} hidden neurons (a multiple of 16 up to 2048)",
            shape.hidden
        ));
    }
    // The game asks for any of its buckets: fewer would be read past the end of the layer.
    if shape.buckets != shape.features.buckets() {
        return bad(format!(
            "{} output buckets, {:?} has {}",
            shape.buckets,
            shape.features,
            shape.features.buckets()
        ));
    }
    if !(1..=255).contains(&shape.qa) || !(1..=255).contains(&shape.qb) || shape.scale <= 0 {
        return bad(format!(
            "scales QA {} QB {} scale {}",
            shape.qa, shape.qb, shape.scale
        ));
    }
    Ok(())
}

/// Writes `weights` as a network file.
pub fn write_network(weights: &QuantisedWeights) -> Vec<u8> {
    let shape = &weights.shape;
    let mut payload = Vec::with_capacity(shape.payload_len());
    for w in weights
        .feature_weights
        .iter()
        .chain(&weights.feature_bias)
        .chain(&weights.output_weights)
    {
        payload.extend_from_slice(&w.to_le_bytes());
    }
    for b in &weights.output_bias {
        payload.extend_from_slice(&b.to_le_bytes());
    }
    let mut out = Vec::with_capacity(HEADER_SIZE + payload.len());
    out.extend_from_slice(&MAGIC);
    for field in [
        FORMAT_VERSION,
        shape.features as u32,
        shape.inputs as u32,
        shape.hidden as u32,
        shape.buckets as u32,
        ACTIVATION_SCRELU,
        shape.qa as u32,
        shape.qb as u32,
        shape.scale as u32,
    ] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.resize(HEADER_SIZE, 0);
    out.extend_from_slice(&payload);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> QuantisedWeights {
        let shape = NetworkShape {
            features: FeatureSetId::Chess768,
            inputs: 768,
            hidden: 16,
            buckets: 8,
            qa: 255,
            qb: 64,
            scale: 400,
        };
        QuantisedWeights {
            shape,
            feature_weights: (0..768 * 16).map(|i| (i % 97) as i16 - 48).collect(),
            feature_bias: (0..16).map(|i| i as i16).collect(),
            output_weights: (0..8 * 2 * 16).map(|i| (i % 61) as i16 - 30).collect(),
            output_bias: vec![-5, 70_000, 0, 1, 2, 3, 4, -70_000],
        }
    }

    #[test]
    fn round_trips() {
        let weights = tiny();
        let bytes = write_network(&weights);
        assert_eq!(bytes.len(), HEADER_SIZE + weights.shape.payload_len());
        assert_eq!(read_network(&bytes, FeatureSetId::Chess768), Ok(weights));
    }

    #[test]
    fn damage_is_refused() {
        let bytes = write_network(&tiny());
        let read = |b: &[u8]| read_network(b, FeatureSetId::Chess768);
        assert_eq!(read(&bytes[..10]), Err(NetworkError::TooShort(10)));
        assert!(matches!(
            read(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length { .. })
        ));
        let mut flipped = bytes.clone();
        flipped[HEADER_SIZE + 100] ^= 1;
        assert_eq!(read(&flipped), Err(NetworkError::Checksum));
        let mut magic = bytes.clone();
        magic[0] = b'X';
        assert_eq!(read(&magic), Err(NetworkError::BadMagic));
        let mut version = bytes.clone();
        version[4] = 9;
        assert_eq!(read(&version), Err(NetworkError::Version(9)));
        let mut hidden = bytes;
        hidden[16] = 17;
        assert!(matches!(read(&hidden), Err(NetworkError::Shape(_))));
        assert!(read(b"garbage that is long enough to look like a header, but is text").is_err());
    }

    #[test]
    fn every_feature_set_is_read_back() {
        for features in FeatureSetId::ALL {
            let mut weights = tiny();
            weights.shape.features = features;
            weights.shape.inputs = features.inputs();
            weights.feature_weights = vec![3; features.inputs() * 16];
            let read = read_network(&write_network(&weights), features);
            assert_eq!(read, Ok(weights), "{features:?}");
        }
        let mut unknown = write_network(&tiny());
        unknown[8] = 6;
        assert_eq!(
            read_network(&unknown, FeatureSetId::Chess768),
            Err(NetworkError::FeatureSet(6))
        );
    }

    #[test]
    fn any_feature_set_of_the_game_is_read() {
        let mut weights = tiny();
        weights.shape.features = FeatureSetId::Chess768Mirrored;
        let bytes = write_network(&weights);
        assert_eq!(read_network(&bytes, FeatureSetId::Chess768), Ok(weights));
        assert!(matches!(
            read_network(&bytes, FeatureSetId::Draughts200),
            Err(NetworkError::WrongFeatureSet { .. })
        ));
    }

    #[test]
    fn bucket_counts_other_than_the_games_are_refused() {
        // A one-bucket chess network used to load, and the first evaluation of a position
        // with six pieces or more read past its output layer (seen while writing
        // fuzz/nnue_file, which checks it).
        for buckets in [1, 7, 9, 16] {
            let mut weights = tiny();
            weights.shape.buckets = buckets;
            weights.output_weights = vec![1; buckets * 2 * 16];
            weights.output_bias = vec![0; buckets];
            let read = read_network(&write_network(&weights), FeatureSetId::Chess768);
            assert!(
                matches!(&read, Err(NetworkError::Shape(why)) if why.contains("output buckets")),
                "{buckets}: {read:?}"
            );
        }
    }
}
