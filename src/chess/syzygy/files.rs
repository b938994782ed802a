//! What a `SyzygyPath` holds: its directories, the table files in them checked for the
//! marks of a broken download, and the material classes that are safe to probe.
//!
//! The probing library maps a file on first use and trusts what it reads, so a truncated
//! or foreign file must be caught here, before the library is ever asked about its class
//! (or about a class whose captures lead to it).

use super::material::Material;
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Win/draw/loss tables end in `.rtbw`, distance-to-zero tables in `.rtbz`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// Win/draw/loss.
    Wdl,
    /// Distance to zeroing move.
    Dtz,
}

impl TableKind {
    /// The first four bytes of every file of this kind, little-endian.
    fn magic(self) -> u32 {
        match self {
            TableKind::Wdl => 0x5d23_e871,
            TableKind::Dtz => 0xa50c_66d7,
        }
    }
}

/// Something wrong with a `SyzygyPath` that leaves part of it unused.
#[derive(Debug, thiserror::Error)]
pub enum TableProblem {
    /// A listed directory that is missing or is not a directory.
    #[error("{0} is not a directory")]
    NotADirectory(PathBuf),
    /// A directory or file that could not be read.
    #[error("cannot read {0}: {1}")]
    Unreadable(PathBuf, #[source] io::Error),
    /// A file whose length no complete table has (an interrupted download).
    #[error("{0} is incomplete ({1} bytes); it is not used")]
    Truncated(PathBuf, u64),
    /// A file that does not start as a Syzygy table does.
    #[error("{0} is not a Syzygy table; it is not used")]
    NotATable(PathBuf),
    /// A class whose table is fine but whose captures or promotions lead to a class whose
    /// table is missing or broken, so it is not probed either.
    #[error("{class} is not probed: it needs the {needs} table, which is missing or broken")]
    Incomplete {
        /// The class left out.
        class: Material,
        /// A class it needs.
        needs: Material,
    },
}

/// The classes a `SyzygyPath` can answer for.
#[derive(Debug, Default)]
pub struct TableSet {
    /// Classes whose win/draw/loss value can be probed, in both colour orientations.
    pub wdl: HashSet<Material>,
    /// Classes whose distance to zeroing can be probed too, in both orientations.
    pub dtz: HashSet<Material>,
    /// Most pieces of any class in `wdl` (0: none).
    pub largest: u32,
    /// Win/draw/loss tables in use (one per class, whichever colour its file names first).
    pub wdl_tables: usize,
    /// Distance-to-zero tables in use.
    pub dtz_tables: usize,
    /// What was left out and why.
    pub problems: Vec<TableProblem>,
}

/// Reads the tables in `dirs`. When two directories hold the same file the first one is
/// used, as the probing library opens the first it finds.
pub fn scan(dirs: &[PathBuf]) -> TableSet {
    let mut problems = Vec::new();
    let mut found: HashMap<(Material, bool), bool> = HashMap::new();
    for dir in dirs {
        let entries = match std::fs::read_dir(dir) {
            Ok(entries) => entries,
            Err(_) if !dir.is_dir() => {
                problems.push(TableProblem::NotADirectory(dir.clone()));
                continue;
            }
            Err(e) => {
                problems.push(TableProblem::Unreadable(dir.clone(), e));
                continue;
            }
        };
        let mut names: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        names.sort();
        for path in names {
            let Some((material, kind)) = table_name(&path) else {
                continue;
            };
            let key = (material, kind == TableKind::Dtz);
            if found.contains_key(&key) {
                continue;
            }
            let sound = match check_file(&path, kind) {
                Ok(()) => true,
                Err(problem) => {
                    problems.push(problem);
                    false
                }
            };
            found.insert(key, sound);
        }
    }
    let sound_wdl: HashSet<Material> = found
        .iter()
        .filter(|&(&(_, dtz), &sound)| sound && !dtz)
        .map(|(&(m, _), _)| m)
        .collect();
    let mut closed = Closure {
        present: sound_wdl.iter().flat_map(|m| [*m, m.flipped()]).collect(),
        known: HashMap::new(),
    };
    let mut wdl = HashSet::new();
    let mut wdl_tables = 0;
    let mut classes: Vec<Material> = sound_wdl.into_iter().collect();
    classes.sort_by_key(|m| (m.pieces(), m.to_string()));
    for class in classes {
        match closed.missing_below(class) {
            None => {
                wdl_tables += 1;
                wdl.insert(class);
                wdl.insert(class.flipped());
            }
            Some(needs) => problems.push(TableProblem::Incomplete { class, needs }),
        }
    }
    let dtz_classes: Vec<Material> = found
        .iter()
        .filter(|&(&(m, dtz), &sound)| sound && dtz && wdl.contains(&m))
        .map(|(&(m, _), _)| m)
        .collect();
    let dtz_tables = dtz_classes.len();
    let dtz = dtz_classes
        .into_iter()
        .flat_map(|m| [m, m.flipped()])
        .collect();
    let largest = wdl.iter().map(Material::pieces).max().unwrap_or(0);
    TableSet {
        wdl,
        dtz,
        largest,
        wdl_tables,
        dtz_tables,
        problems,
    }
}

/// Which classes have every class below them present, remembered as they are settled.
struct Closure {
    present: HashSet<Material>,
    known: HashMap<Material, Option<Material>>,
}

impl Closure {
    /// A class below `class` (or `class` itself) without a sound table, if any.
    fn missing_below(&mut self, class: Material) -> Option<Material> {
        if class.is_bare_kings() {
            return None;
        }
        if let Some(&answer) = self.known.get(&class) {
            return answer;
        }
        let answer = if self.present.contains(&class) {
            class
                .successors()
                .into_iter()
                .find_map(|next| self.missing_below(next))
        } else {
            Some(class)
        };
        self.known.insert(class, answer);
        answer
    }
}

/// The class and kind a file name announces (`KRvK.rtbw`), if it names a table.
fn table_name(path: &Path) -> Option<(Material, TableKind)> {
    let kind = match path.extension()?.to_str()? {
        "rtbw" => TableKind::Wdl,
        "rtbz" => TableKind::Dtz,
        _ => return None,
    };
    let material = Material::parse(path.file_stem()?.to_str()?)?;
    // The library opens the name it builds itself: a file named otherwise is never read.
    (material.to_string() == path.file_stem()?.to_str()?).then_some((material, kind))
}

/// Checks the signs that a file is a whole table of its kind: its magic number, and a
/// length of whole 64-byte blocks plus the 16-byte checksum every table ends with.
fn check_file(path: &Path, kind: TableKind) -> Result<(), TableProblem> {
    let unreadable = |e| TableProblem::Unreadable(path.to_path_buf(), e);
    let mut file = File::open(path).map_err(unreadable)?;
    let len = file.metadata().map_err(unreadable)?.len();
    if len % 64 != 16 {
        return Err(TableProblem::Truncated(path.to_path_buf(), len));
    }
    let mut magic = [0u8; 4];
    file.read_exact(&mut magic).map_err(unreadable)?;
    if u32::from_le_bytes(magic) != kind.magic() {
        return Err(TableProblem::NotATable(path.to_path_buf()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str) -> Material {
        Material::parse(name).unwrap()
    }

    #[test]
    fn table_names() {
        assert_eq!(
            table_name(Path::new("/tb/KRvK.rtbw")),
            Some((class("KRvK"), TableKind::Wdl))
        );
        assert_eq!(
            table_name(Path::new("KBNvK.rtbz")),
            Some((class("KBNvK"), TableKind::Dtz))
        );
        for other in ["KRvK.rtbm", "README.md", "KNBvK.rtbw", "krvk.rtbw", "KRvK"] {
            assert_eq!(table_name(Path::new(other)), None, "{other}");
        }
    }

    #[test]
    fn a_class_needs_the_classes_below_it() {
        let mut closure = Closure {
            present: ["KRvK", "KvKR", "KPvK", "KvKP", "KRvKP", "KPvKR"]
                .map(class)
                .into_iter()
                .collect(),
            known: HashMap::new(),
        };
        assert_eq!(closure.missing_below(class("KRvK")), None);
        // A pawn of KRvKP promotes: KRvKQ and the others are missing.
        assert!(closure.missing_below(class("KRvKP")).is_some());
        assert_eq!(closure.missing_below(class("KvK")), None);
        assert_eq!(closure.missing_below(class("KQvK")), Some(class("KQvK")));
    }
}
