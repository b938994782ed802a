//! Endgame databases: the win/draw/loss value of every international-draughts position
//! of a few pieces (men and kings, FMJD rules with the majority capture), made by our own
//! retrograde analysis ([`solve`]) and stored two bits a position ([`table`]).
//!
//! Values are game-theoretic: the 25-, 16- and 5-move draw rules are not counted, so a
//! won value says the win exists, not that it fits inside a rule's move limit.

pub mod index;
pub mod loaded;
pub mod material;
pub mod solve;
pub mod table;

pub use loaded::{installed_pieces, probe_installed, set_up_tables, GENERATE_UP_TO};
pub use material::Material;
pub use table::{Table, TableError, Wdl};

use crate::draughts::{Color, Position};
use material::turned;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Most pieces a database may have here (the tables of 6 would need many gigabytes).
pub const MAX_DB_PIECES: u32 = 5;

/// Where the databases live unless a directory is given: `$TVILLING_EGDB`, else
/// `$XDG_DATA_HOME/tvilling/egdb`, else `~/.local/share/tvilling/egdb`, else `./egdb`.
pub fn default_egdb_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("TVILLING_EGDB") {
        return PathBuf::from(dir);
    }
    if let Some(data) = var("XDG_DATA_HOME") {
        return PathBuf::from(data).join("tvilling/egdb");
    }
    if let Some(home) = var("HOME") {
        return PathBuf::from(home).join(".local/share/tvilling/egdb");
    }
    PathBuf::from("egdb")
}

/// Whether `dir` holds a file for `material`'s table (read or not).
fn has_file(dir: &Path, material: Material) -> bool {
    dir.join(Table::file_name(material)).exists()
}

/// Solved tables by class.
#[derive(Clone, Debug, Default)]
pub struct Database {
    tables: HashMap<Material, Table>,
}

/// What solving one class measured.
#[derive(Clone, Copy, Debug)]
pub struct ClassReport {
    /// The class.
    pub material: Material,
    /// Wins, draws and losses for the side to move.
    pub counts: [u64; 3],
    /// Seconds spent solving (with its twin), 0 when loaded from disk.
    pub seconds: f64,
    /// Bytes of its file.
    pub bytes: u64,
}

impl Database {
    /// No tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// Largest number of pieces with every class present.
    pub fn complete_up_to(&self) -> u32 {
        (1..=8)
            .take_while(|&n| {
                Material::up_to(n)
                    .iter()
                    .all(|m| self.tables.contains_key(m))
            })
            .last()
            .unwrap_or(0)
    }

    /// The table of `material`, when present.
    pub fn table(&self, material: Material) -> Option<&Table> {
        self.tables.get(&material)
    }

    /// Adds `table`, returning the table of its class it replaces, if any.
    pub fn insert(&mut self, table: Table) -> Option<Table> {
        self.tables.insert(table.material(), table)
    }

    /// The value of `pos` for its side to move, when its class is present.
    pub fn probe(&self, pos: &Position) -> Option<Wdl> {
        let us = pos.side();
        if pos.pieces(us) == 0 {
            return Some(Wdl::Loss);
        }
        if pos.pieces(us.opponent()) == 0 {
            return Some(Wdl::Win);
        }
        let canonical = match us {
            Color::White => *pos,
            Color::Black => turned(pos),
        };
        let material = Material::of(&canonical);
        self.tables.get(&material)?.get(material.index(&canonical))
    }

    /// Reads every table of at most `pieces` pieces present in `dir`; a damaged file is an
    /// error, a missing one is not.
    pub fn load(dir: &Path, pieces: u32) -> Result<Self, TableError> {
        let mut db = Self::new();
        for material in Material::up_to(pieces) {
            if has_file(dir, material) {
                db.insert(Table::load(dir, material)?);
            }
        }
        Ok(db)
    }

    /// The classes of at most `pieces` pieces whose table `dir` lacks: the ones
    /// [`Database::generate`] makes.
    pub fn missing(dir: &Path, pieces: u32) -> Vec<Material> {
        Material::up_to(pieces)
            .into_iter()
            .filter(|&material| !has_file(dir, material))
            .collect()
    }

    /// Makes every table of at most `pieces` pieces that `dir` lacks (loading those it
    /// has), calling `report` after each class.
    pub fn generate(
        dir: &Path,
        pieces: u32,
        report: impl FnMut(&ClassReport),
    ) -> Result<Self, TableError> {
        Self::generate_classes(dir, &Material::up_to(pieces), report)
    }

    /// Makes the tables of `targets` and of every class their games can reach (after
    /// captures and promotions), as [`Database::generate`] does.
    pub fn generate_classes(
        dir: &Path,
        targets: &[Material],
        mut report: impl FnMut(&ClassReport),
    ) -> Result<Self, TableError> {
        std::fs::create_dir_all(dir).map_err(|e| TableError::Io(dir.to_path_buf(), e))?;
        let pieces = targets.iter().map(Material::pieces).max().unwrap_or(0);
        let mut db = Self::load(dir, pieces)?;
        let needed = Material::up_to(pieces).into_iter().filter(|m| {
            targets
                .iter()
                .any(|t| m.reachable_from(t) || m.reachable_from(&t.flipped()))
        });
        for material in needed {
            if db.tables.contains_key(&material) {
                continue;
            }
            let started = Instant::now();
            let tables = solve::solve(material, &db);
            let seconds = started.elapsed().as_secs_f64();
            for table in tables {
                table.save(dir)?;
                let bytes = std::fs::metadata(dir.join(Table::file_name(table.material())))
                    .map_or(0, |m| m.len());
                report(&ClassReport {
                    material: table.material(),
                    counts: table.counts(),
                    seconds,
                    bytes,
                });
                db.insert(table);
            }
        }
        Ok(db)
    }
}
