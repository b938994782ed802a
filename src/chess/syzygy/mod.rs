//! Syzygy endgame tablebases: the win/draw/loss value (WDL) and the distance to the next
//! capture or pawn move (DTZ) of every chess position with few pieces.
//!
//! The probing itself is the `pyrrhic-rs` crate (MIT, a Rust port of Pyrrhic/Fathom),
//! which walks captures with our own attack tables through `Attacks`. The library keeps
//! one set of tables per process, so this module does too: `SyzygyPath` installs it for
//! every search, and the search reads it through [`search_value`] and [`best_root_moves`].
//!
//! Policy, as Stockfish's:
//! - In the search, a position is probed only right after a capture or pawn move (the
//!   tables know nothing of the fifty-move counter otherwise), with at most
//!   `SyzygyProbeLimit` pieces, and, with as many pieces as the largest tables hold, only
//!   at `SyzygyProbeDepth` or deeper, since the big files are slow to read.
//! - At the root, moves are ranked by DTZ: a win keeps only the moves that win fastest
//!   towards the next capture, pawn move or mate (so the engine always converts), a draw
//!   keeps every drawing move, a loss the ones that hold out longest. Without the DTZ
//!   file, the root moves are ranked by WDL alone and the search finds the way.
//! - With `Syzygy50MoveRule` (the default) a cursed win or a blessed loss (one the
//!   fifty-move rule turns into a draw) counts as the draw it is.
//!
//! Files are checked before the library sees them (`files.rs`): a directory without tables,
//! a truncated file or a foreign one is reported and left out, and the engine plays on.

mod files;
mod material;

pub use files::TableProblem;
pub use material::Material;

use crate::chess::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    Bitboard, Color, Move, PieceKind, Position, Square,
};
use crate::engine::{MoveList, TableValue};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TBError, TableBases, WdlProbeResult};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU32, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};

/// Our attack tables, as the probing library asks for them.
#[derive(Clone)]
struct Attacks;

fn square(index: u64) -> Square {
    Square::new(index as u8)
}

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, sq: u64) -> u64 {
        let color = match color {
            pyrrhic_rs::Color::White => Color::White,
            pyrrhic_rs::Color::Black => Color::Black,
        };
        pawn_attacks(color, square(sq)).0
    }
    fn knight_attacks(sq: u64) -> u64 {
        knight_attacks(square(sq)).0
    }
    fn bishop_attacks(sq: u64, occupied: u64) -> u64 {
        bishop_attacks(square(sq), Bitboard(occupied)).0
    }
    fn rook_attacks(sq: u64, occupied: u64) -> u64 {
        rook_attacks(square(sq), Bitboard(occupied)).0
    }
    fn queen_attacks(sq: u64, occupied: u64) -> u64 {
        queen_attacks(square(sq), Bitboard(occupied)).0
    }
    fn king_attacks(sq: u64) -> u64 {
        king_attacks(square(sq)).0
    }
}

/// A position's win/draw/loss for the side to move, as the tables give it: the fifty-move
/// counter taken as zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost, but the fifty-move rule comes first: a draw under the rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but not within the fifty-move rule: a draw under the rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// -2 (loss) ..= 2 (win), the numbers Syzygy tools print.
    pub fn signed(self) -> i32 {
        self as i32 - 2
    }

    /// The game-theoretic value, with or without the fifty-move rule.
    pub fn value(self, fifty_move_rule: bool) -> TableValue {
        match self {
            Wdl::Win => TableValue::Win,
            Wdl::Loss => TableValue::Loss,
            Wdl::Draw => TableValue::Draw,
            Wdl::CursedWin if fifty_move_rule => TableValue::Draw,
            Wdl::CursedWin => TableValue::Win,
            Wdl::BlessedLoss if fifty_move_rule => TableValue::Draw,
            Wdl::BlessedLoss => TableValue::Loss,
        }
    }

    /// The value for the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    fn from_library(wdl: WdlProbeResult) -> Wdl {
        match wdl {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// Why `SyzygyPath` installed no tables.
#[derive(Debug, thiserror::Error)]
pub enum SyzygyError {
    /// No usable table in the listed directories.
    #[error("no Syzygy tables found in {path}{}", each_after_semicolon(.problems))]
    NoTables {
        /// The path as given.
        path: String,
        /// What was wrong, directory by directory and file by file.
        problems: Vec<TableProblem>,
    },
    /// A directory the probing library cannot be given (it splits its path at every `:`).
    #[error("{0} cannot be used: give a path on the engine's own drive, or a relative one")]
    UnusablePath(PathBuf),
    /// The probing library refused to start.
    #[error("the probing library failed to start ({0:?})")]
    Library(TBError),
}

/// The problems of [`SyzygyError::NoTables`] as its message lists them: `; ` before each.
fn each_after_semicolon(problems: &[TableProblem]) -> String {
    problems
        .iter()
        .map(|problem| format!("; {problem}"))
        .collect()
}

/// What a successful `SyzygyPath` installed.
#[derive(Debug)]
pub struct InstalledReport {
    /// Win/draw/loss tables in use.
    pub wdl_tables: usize,
    /// Distance-to-zero tables in use.
    pub dtz_tables: usize,
    /// Most pieces of any table in use.
    pub largest: u32,
    /// Directories and files left out, and why.
    pub problems: Vec<TableProblem>,
}

impl fmt::Display for InstalledReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} WDL and {} DTZ tables, up to {} pieces",
            self.wdl_tables, self.dtz_tables, self.largest
        )
    }
}

/// The tables in use and the classes they may be asked about.
struct Installed {
    tables: TableBases<Attacks>,
    wdl: HashSet<Material>,
    dtz: HashSet<Material>,
    largest: u32,
}

static INSTALLED: RwLock<Option<Installed>> = RwLock::new(None);
/// Most pieces the search probes: the smaller of `SyzygyProbeLimit` and the largest
/// tables installed (0: none), read before the lock so bigger positions cost a compare.
static CARDINALITY: AtomicU32 = AtomicU32::new(0);
/// `SyzygyProbeLimit`.
static PROBE_LIMIT: AtomicU32 = AtomicU32::new(material::MAX_PIECES);
/// `SyzygyProbeDepth`.
static PROBE_DEPTH: AtomicI32 = AtomicI32::new(1);
/// `Syzygy50MoveRule`.
static FIFTY_MOVE_RULE: AtomicBool = AtomicBool::new(true);

fn update_cardinality(installed: &Option<Installed>) {
    let largest = installed.as_ref().map_or(0, |i| i.largest);
    CARDINALITY.store(
        largest.min(PROBE_LIMIT.load(Ordering::Relaxed)),
        Ordering::Relaxed,
    );
}

/// `SyzygyProbeLimit`: the search probes positions of at most this many pieces.
pub fn set_probe_limit(pieces: u32) {
    PROBE_LIMIT.store(pieces, Ordering::Relaxed);
    update_cardinality(&INSTALLED.read().unwrap_or_else(PoisonError::into_inner));
}

/// `SyzygyProbeDepth`: positions as big as the largest tables are probed only this deep.
pub fn set_probe_depth(depth: i32) {
    PROBE_DEPTH.store(depth, Ordering::Relaxed);
}

/// `Syzygy50MoveRule`: whether cursed wins and blessed losses count as draws.
pub fn set_fifty_move_rule(on: bool) {
    FIFTY_MOVE_RULE.store(on, Ordering::Relaxed);
}

/// True when `SyzygyPath` means no tables (empty, or the GUI's `<empty>`).
fn is_empty_path(text: &str) -> bool {
    let text = text.trim();
    text.is_empty() || text == "<empty>"
}

/// The directory as the probing library must be given it. The library splits its path
/// at every `:`, so a Windows drive letter is dropped when it is the working directory's
/// own (`C:\tb` becomes `\tb`, the same folder); any other `:` cannot be passed.
fn library_dir(dir: &Path, working_dir: &Path) -> Result<String, SyzygyError> {
    let unusable = || SyzygyError::UnusablePath(dir.to_path_buf());
    let text = dir.to_str().ok_or_else(unusable)?;
    let Some((drive, rest)) = text.split_once(':') else {
        return Ok(text.to_string());
    };
    let same_drive = working_dir
        .to_str()
        .and_then(|w| w.split_once(':'))
        .is_some_and(|(own, _)| {
            own.len() == 1 && drive.len() == 1 && own.eq_ignore_ascii_case(drive)
        });
    if same_drive && !rest.contains(':') {
        Ok(rest.to_string())
    } else {
        Err(unusable())
    }
}

/// Installs the tables found in `path` (directories separated by `:`, or `;` on Windows)
/// for every search from now on; an empty path removes them. On an error no tables are
/// in use.
pub fn set_path(path: &str) -> Result<Option<InstalledReport>, SyzygyError> {
    let mut installed = INSTALLED.write().unwrap_or_else(PoisonError::into_inner);
    // The library holds one set of tables per process: the old one goes first.
    *installed = None;
    update_cardinality(&installed);
    if is_empty_path(path) {
        return Ok(None);
    }
    let dirs: Vec<PathBuf> = std::env::split_paths(path.trim())
        .filter(|dir| !dir.as_os_str().is_empty())
        .collect();
    let set = files::scan(&dirs);
    if set.wdl.is_empty() {
        return Err(SyzygyError::NoTables {
            path: path.trim().to_string(),
            problems: set.problems,
        });
    }
    let working_dir = std::env::current_dir().unwrap_or_default();
    let library_path = dirs
        .iter()
        .map(|dir| library_dir(dir, &working_dir))
        .collect::<Result<Vec<_>, _>>()?
        .join(":");
    let tables = TableBases::<Attacks>::new(library_path).map_err(SyzygyError::Library)?;
    let report = InstalledReport {
        wdl_tables: set.wdl_tables,
        dtz_tables: set.dtz_tables,
        largest: set.largest,
        problems: set.problems,
    };
    *installed = Some(Installed {
        tables,
        wdl: set.wdl,
        dtz: set.dtz,
        largest: set.largest,
    });
    update_cardinality(&installed);
    Ok(Some(report))
}

/// A position in the library's terms.
struct LibraryBoard {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    ep: u32,
    white_to_move: bool,
}

impl LibraryBoard {
    fn of(pos: &Position) -> Self {
        LibraryBoard {
            white: pos.color_bb(Color::White).0,
            black: pos.color_bb(Color::Black).0,
            kings: pos.kind_bb(PieceKind::King).0,
            queens: pos.kind_bb(PieceKind::Queen).0,
            rooks: pos.kind_bb(PieceKind::Rook).0,
            bishops: pos.kind_bb(PieceKind::Bishop).0,
            knights: pos.kind_bb(PieceKind::Knight).0,
            pawns: pos.kind_bb(PieceKind::Pawn).0,
            ep: pos.en_passant().map_or(0, |sq| sq.index() as u32),
            white_to_move: pos.side_to_move() == Color::White,
        }
    }

    fn wdl(&self, tables: &TableBases<Attacks>) -> Option<Wdl> {
        tables
            .probe_wdl(
                self.white,
                self.black,
                self.kings,
                self.queens,
                self.rooks,
                self.bishops,
                self.knights,
                self.pawns,
                self.ep,
                self.white_to_move,
            )
            .ok()
            .map(Wdl::from_library)
    }
}

/// Why a position was not looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotInTables {
    /// No `SyzygyPath` in use.
    #[error("no tables in use (SyzygyPath)")]
    NoTables,
    /// Tables hold no position with castling rights.
    #[error("castling rights: not in the tables")]
    CastlingRights,
    /// More pieces than the largest table in use.
    #[error("{pieces} pieces, the tables hold at most {largest}")]
    TooManyPieces {
        /// Pieces on the board.
        pieces: u32,
        /// Most pieces of a table in use.
        largest: u32,
    },
    /// The class's table is missing or was left out.
    #[error("no {0} table in use")]
    NoTable(Material),
    /// The library could not answer.
    #[error("the {0} table could not be read")]
    ProbeFailed(Material),
}

/// Runs `probe` on the installed tables when they hold `pos`'s class.
fn with_tables<T>(
    pos: &Position,
    probe: impl FnOnce(&Installed, Material, LibraryBoard) -> Result<T, NotInTables>,
) -> Result<T, NotInTables> {
    let installed = INSTALLED.read().unwrap_or_else(PoisonError::into_inner);
    let installed = installed.as_ref().ok_or(NotInTables::NoTables)?;
    if !pos.castling_rights().is_empty() {
        return Err(NotInTables::CastlingRights);
    }
    let pieces = pos.occupied().count();
    if pieces > installed.largest {
        return Err(NotInTables::TooManyPieces {
            pieces,
            largest: installed.largest,
        });
    }
    let class = Material::of(pos);
    if !installed.wdl.contains(&class) {
        return Err(NotInTables::NoTable(class));
    }
    probe(installed, class, LibraryBoard::of(pos))
}

/// The tables' WDL of `pos` (the fifty-move counter taken as zero) and, when its DTZ table
/// is in use, its DTZ in plies, signed as the WDL (0 when the game is over), as Syzygy
/// tools print them. The probe limit does not apply: this is what the tables say.
pub fn probe(pos: &Position) -> Result<(Wdl, Option<i32>), NotInTables> {
    with_tables(pos, |installed, class, board| {
        let wdl = board
            .wdl(&installed.tables)
            .ok_or(NotInTables::ProbeFailed(class))?;
        if !installed.dtz.contains(&class) {
            return Ok((wdl, None));
        }
        let root = root_probe(installed, &board, 0).ok_or(NotInTables::ProbeFailed(class))?;
        let dtz = match root.root {
            DtzProbeValue::DtzResult(r) => signed_dtz(Wdl::from_library(r.wdl), r.dtz),
            _ => 0,
        };
        Ok((wdl, Some(dtz)))
    })
}

/// [`probe`]'s answer as the `tbprobe` command prints it: `tb wdl 2 dtz 13`, `dtz none`
/// without the DTZ table, or `tb none:` and why the tables cannot answer.
pub fn probe_text(pos: &Position) -> String {
    match probe(pos) {
        Ok((wdl, Some(dtz))) => format!("tb wdl {} dtz {dtz}", wdl.signed()),
        Ok((wdl, None)) => format!("tb wdl {} dtz none", wdl.signed()),
        Err(why) => format!("tb none: {why}"),
    }
}

fn signed_dtz(wdl: Wdl, dtz: u16) -> i32 {
    i32::from(dtz) * wdl.signed().signum()
}

/// Root probes one at a time: the library documents its root probe as unsafe to run on
/// several threads at once, and each search thread ranks its own root moves.
static ROOT_PROBE: Mutex<()> = Mutex::new(());

fn root_probe(
    installed: &Installed,
    board: &LibraryBoard,
    halfmove_clock: u32,
) -> Option<pyrrhic_rs::DtzProbeResult> {
    let _one_at_a_time = ROOT_PROBE.lock().unwrap_or_else(PoisonError::into_inner);
    installed
        .tables
        .probe_root(
            board.white,
            board.black,
            board.kings,
            board.queens,
            board.rooks,
            board.bishops,
            board.knights,
            board.pawns,
            // The library keeps the counter in a byte; past 100 every win is cursed anyway.
            halfmove_clock.min(255),
            board.ep,
            board.white_to_move,
        )
        .ok()
}

/// The value the search gives `pos`, reached by a capture or pawn move, when the tables
/// hold it within `SyzygyProbeLimit`.
#[inline]
pub fn search_value(pos: &Position) -> Option<TableValue> {
    if pos.occupied().count() > CARDINALITY.load(Ordering::Relaxed) {
        return None;
    }
    let wdl = with_tables(pos, |installed, class, board| {
        board
            .wdl(&installed.tables)
            .ok_or(NotInTables::ProbeFailed(class))
    })
    .ok()?;
    Some(wdl.value(FIFTY_MOVE_RULE.load(Ordering::Relaxed)))
}

/// The least remaining depth at which the search probes `pos`: `SyzygyProbeDepth` for
/// positions as big as the largest tables probed, any depth for smaller ones.
#[inline]
pub fn probe_depth(pos: &Position) -> i32 {
    if pos.occupied().count() < CARDINALITY.load(Ordering::Relaxed) {
        0
    } else {
        PROBE_DEPTH.load(Ordering::Relaxed)
    }
}

/// A root move as the tables see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMoveValue {
    /// The move.
    pub mv: Move,
    /// Its value for the side playing it, the game's fifty-move counter counted.
    pub wdl: Wdl,
    /// Plies to the next capture, pawn move or mate after it, signed as `wdl`, when the
    /// DTZ table is in use.
    pub dtz: Option<i32>,
}

/// Every legal move of `pos` with its table value: by DTZ when the class has its DTZ
/// table, else by the WDL of the position each move reaches.
pub fn root_move_values(pos: &Position) -> Option<Vec<RootMoveValue>> {
    if pos.occupied().count() > CARDINALITY.load(Ordering::Relaxed) {
        return None;
    }
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    with_tables(pos, |installed, _, board| {
        let by_dtz = installed
            .dtz
            .contains(&Material::of(pos))
            .then(|| root_probe(installed, &board, pos.halfmove_clock()))
            .flatten()
            .and_then(|result| dtz_values(&result, legal.as_slice()));
        Ok(by_dtz.or_else(|| wdl_values(installed, pos, legal.as_slice())))
    })
    .ok()
    .flatten()
}

fn dtz_values(result: &pyrrhic_rs::DtzProbeResult, legal: &[Move]) -> Option<Vec<RootMoveValue>> {
    let values: Vec<RootMoveValue> = result.moves[..result.num_moves]
        .iter()
        .filter_map(|value| match value {
            DtzProbeValue::DtzResult(r) => {
                let promotion = match r.promotion {
                    pyrrhic_rs::Piece::Queen => Some(PieceKind::Queen),
                    pyrrhic_rs::Piece::Rook => Some(PieceKind::Rook),
                    pyrrhic_rs::Piece::Bishop => Some(PieceKind::Bishop),
                    pyrrhic_rs::Piece::Knight => Some(PieceKind::Knight),
                    _ => None,
                };
                let mv = *legal.iter().find(|m| {
                    m.from().index() == usize::from(r.from_square)
                        && m.to().index() == usize::from(r.to_square)
                        && m.promotion_piece() == promotion
                })?;
                let wdl = Wdl::from_library(r.wdl);
                Some(RootMoveValue {
                    mv,
                    wdl,
                    dtz: Some(signed_dtz(wdl, r.dtz)),
                })
            }
            _ => None,
        })
        .collect();
    // Every legal move must have its value, or the ranking could drop the only good one.
    (values.len() == legal.len()).then_some(values)
}

fn wdl_values(installed: &Installed, pos: &Position, legal: &[Move]) -> Option<Vec<RootMoveValue>> {
    legal
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play(mv);
            let class = Material::of(&child);
            if !class.is_bare_kings() && !installed.wdl.contains(&class) {
                return None;
            }
            let wdl = LibraryBoard::of(&child).wdl(&installed.tables)?.flip();
            Some(RootMoveValue { mv, wdl, dtz: None })
        })
        .collect()
}

/// The root moves of `pos` worth searching by the tables, when they hold it: those of
/// the best value and, for a win, the fastest progress (smallest DTZ), for a loss the
/// longest resistance. `None` when the tables do not hold `pos`.
pub fn best_root_moves(pos: &Position) -> Option<Vec<Move>> {
    let values = root_move_values(pos)?;
    let fifty_move_rule = FIFTY_MOVE_RULE.load(Ordering::Relaxed);
    let rank = |v: &RootMoveValue| -> (i32, i32) {
        let class = match (fifty_move_rule, v.wdl.value(false)) {
            (true, _) => v.wdl.signed(),
            (false, TableValue::Win) => 2,
            (false, TableValue::Draw) => 0,
            (false, TableValue::Loss) => -2,
        };
        let dtz = v.dtz.unwrap_or(0).abs();
        // Among wins the smaller DTZ is better, among losses the larger.
        let progress = match class.signum() {
            1 => -dtz,
            -1 => dtz,
            _ => 0,
        };
        (class, progress)
    };
    let best = values.iter().map(rank).max()?;
    Some(
        values
            .iter()
            .filter(|v| rank(v) == best)
            .map(|v| v.mv)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fifty_move_rule_turns_cursed_and_blessed_results_into_draws() {
        let all = [
            Wdl::Loss,
            Wdl::BlessedLoss,
            Wdl::Draw,
            Wdl::CursedWin,
            Wdl::Win,
        ];
        assert_eq!(all.map(Wdl::signed), [-2, -1, 0, 1, 2]);
        assert_eq!(all.map(Wdl::flip), {
            let mut reversed = all;
            reversed.reverse();
            reversed
        });
        let with_rule = all.map(|w| w.value(true));
        let without = all.map(|w| w.value(false));
        use TableValue::{Draw, Loss, Win};
        assert_eq!(with_rule, [Loss, Draw, Draw, Draw, Win]);
        assert_eq!(without, [Loss, Loss, Draw, Win, Win]);
    }

    #[test]
    fn directories_as_the_library_takes_them() {
        let dir = |text: &str, cwd: &str| library_dir(Path::new(text), Path::new(cwd)).ok();
        assert_eq!(dir("/work/tb", "/work"), Some("/work/tb".to_string()));
        assert_eq!(dir("tb", r"C:\engines"), Some("tb".to_string()));
        // The library splits at every ':': a drive letter goes when it is ours.
        assert_eq!(dir(r"C:\tb", r"C:\engines"), Some(r"\tb".to_string()));
        assert_eq!(dir(r"c:\tb", r"C:\engines"), Some(r"\tb".to_string()));
        assert_eq!(dir(r"D:\tb", r"C:\engines"), None);
        assert_eq!(dir(r"C:\tb", "/work"), None);
        assert_eq!(dir(r"C:\a:b", r"C:\"), None);
    }

    #[test]
    fn empty_paths() {
        for text in ["", "  ", "<empty>", " <empty> "] {
            assert!(is_empty_path(text), "{text:?}");
        }
        assert!(!is_empty_path("/tb"));
    }
}
