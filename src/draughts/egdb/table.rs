//! One solved material class: a value for every index, two bits each, and its file.
//!
//! File layout (little-endian): magic `TVDB`, format version `u32` (1), the class as four
//! bytes (White's men, White's kings, Black's men, Black's kings), four zero bytes, the
//! number of indices `u64`, the FNV-1a hash of the values `u64`, 32 zero bytes up to byte
//! 64; then the values, four to a byte, lowest bits first.

use super::material::Material;
use crate::nnue::format::fnv1a;
use std::path::{Path, PathBuf};

const MAGIC: [u8; 4] = *b"TVDB";
const VERSION: u32 = 1;
const HEADER: usize = 64;

/// The game-theoretic value of a position for the side to move, draw rules aside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// Neither side can force a win.
    Draw = 0,
    /// The side to move wins with best play.
    Win = 1,
    /// The side to move loses against best play.
    Loss = 2,
}

impl Wdl {
    /// The value for the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// Two-bit code of an index that is not a position.
const NOT_A_POSITION: u8 = 3;

/// The values of one class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    material: Material,
    size: u64,
    packed: Vec<u8>,
}

/// Why a database file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file could not be read or written.
    #[error("{0}: {1}")]
    Io(PathBuf, #[source] std::io::Error),
    /// The file is not a table of the expected class, or is damaged.
    #[error("{0}: {1}")]
    Format(PathBuf, String),
}

impl Table {
    /// A table from one code per index (0 draw, 1 win, 2 loss, 3 not a position).
    pub fn from_codes(material: Material, codes: &[u8]) -> Self {
        let mut packed = vec![0u8; codes.len().div_ceil(4)];
        for (i, &code) in codes.iter().enumerate() {
            packed[i / 4] |= (code & 3) << (2 * (i % 4));
        }
        Self {
            material,
            size: codes.len() as u64,
            packed,
        }
    }

    /// The class.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The value at `index`; `None` when the index is not a position.
    #[inline]
    pub fn get(&self, index: u64) -> Option<Wdl> {
        let code = self.packed[(index / 4) as usize] >> (2 * (index % 4)) & 3;
        match code {
            0 => Some(Wdl::Draw),
            1 => Some(Wdl::Win),
            2 => Some(Wdl::Loss),
            _ => None,
        }
    }

    /// How many positions of the table are wins, draws and losses.
    pub fn counts(&self) -> [u64; 3] {
        // 32 codes a word: the low and high bits of each code in two masks, whose
        // combinations counted by `count_ones` are the wins (01), losses (10) and
        // indices that are no position (11). The last codes, short of a word, are read
        // one by one, so that the zero codes padding the last byte are never counted
        // as draws.
        const LOW_BITS: u64 = 0x5555_5555_5555_5555;
        let whole_words = (self.size / 32) as usize;
        let mut counts = [0u64; 3];
        for chunk in self.packed[..whole_words * 8].chunks_exact(8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            let (low, high) = (word & LOW_BITS, word >> 1 & LOW_BITS);
            let wins = u64::from((low & !high).count_ones());
            let losses = u64::from((high & !low).count_ones());
            let none = u64::from((low & high).count_ones());
            counts[0] += wins;
            counts[1] += 32 - wins - losses - none;
            counts[2] += losses;
        }
        for index in whole_words as u64 * 32..self.size {
            match self.get(index) {
                Some(Wdl::Win) => counts[0] += 1,
                Some(Wdl::Draw) => counts[1] += 1,
                Some(Wdl::Loss) => counts[2] += 1,
                None => {}
            }
        }
        counts
    }

    /// The file name of `material`'s table.
    pub fn file_name(material: Material) -> String {
        format!("tvdb-{material}.bin")
    }

    /// Writes the table into `dir` (through a temporary name, so a crash never leaves a
    /// partial file under the real one).
    pub fn save(&self, dir: &Path) -> Result<(), TableError> {
        let path = dir.join(Self::file_name(self.material));
        let mut out = Vec::with_capacity(HEADER + self.packed.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        let m = self.material;
        out.extend_from_slice(&[m.white_men, m.white_kings, m.black_men, m.black_kings]);
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&self.size.to_le_bytes());
        out.extend_from_slice(&fnv1a(&self.packed).to_le_bytes());
        out.resize(HEADER, 0);
        out.extend_from_slice(&self.packed);
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, &out)
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|e| TableError::Io(path, e))
    }

    /// Reads `material`'s table from `dir`, checking its header and checksum.
    pub fn load(dir: &Path, material: Material) -> Result<Self, TableError> {
        let path = dir.join(Self::file_name(material));
        let bytes = std::fs::read(&path).map_err(|e| TableError::Io(path.clone(), e))?;
        let bad = |why: String| TableError::Format(path.clone(), why);
        if bytes.len() < HEADER || bytes[0..4] != MAGIC {
            return Err(bad("not a tvilling endgame table".into()));
        }
        let version = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(bad(format!("table format {version}, expected {VERSION}")));
        }
        let m = &bytes[8..12];
        let found = Material {
            white_men: m[0],
            white_kings: m[1],
            black_men: m[2],
            black_kings: m[3],
        };
        if found != material {
            return Err(bad(format!("holds class {found}, not {material}")));
        }
        let size = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
        if size != material.size() {
            return Err(bad(format!(
                "{size} indices, class {material} has {}",
                material.size()
            )));
        }
        let packed = bytes[HEADER..].to_vec();
        if packed.len() as u64 != size.div_ceil(4) {
            return Err(bad("truncated".into()));
        }
        let checksum = u64::from_le_bytes(bytes[24..32].try_into().expect("8 bytes"));
        if fnv1a(&packed) != checksum {
            return Err(bad("checksum mismatch (damaged file)".into()));
        }
        Ok(Self {
            material,
            size,
            packed,
        })
    }
}

/// The two-bit code of a value, or of no position.
pub fn code_of(value: Option<Wdl>) -> u8 {
    value.map_or(NOT_A_POSITION, |v| v as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Counted one index at a time, as `get` reads them.
    fn counted_by_index(table: &Table) -> [u64; 3] {
        let mut counts = [0u64; 3];
        for index in 0..table.size {
            if let Some(value) = table.get(index) {
                counts[[1, 0, 2][value as usize]] += 1;
            }
        }
        counts
    }

    #[test]
    fn counts_agree_with_every_index_read_alone() {
        let mut rng = Rng::new(11);
        let material = Material::up_to(2)[0];
        // Sizes around whole words, so that the padding of a partial last byte (zero
        // codes, which read as draws) shows if it were counted.
        for size in (0..=70).chain([1_001, 4_096]) {
            for _ in 0..20 {
                let codes: Vec<u8> = (0..size).map(|_| rng.below(4) as u8).collect();
                let table = Table::from_codes(material, &codes);
                let expected = counted_by_index(&table);
                assert_eq!(table.counts(), expected, "codes {codes:?}");
                let positions = codes.iter().filter(|&&c| c != NOT_A_POSITION).count();
                assert_eq!(expected.iter().sum::<u64>(), positions as u64);
            }
        }
    }
}
