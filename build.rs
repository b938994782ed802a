//! Build script: finds magic numbers for rook and bishop attacks and writes the magic
//! table and the full sliding-attack table into `OUT_DIR/magic_tables.rs`; and names the
//! commit being built (`TVILLING_COMMIT`, for `tvilling --version`).
//!
//! Doing this at build time keeps the move generator free of lazily-initialised globals:
//! the tables are plain `static` data the compiler lays out in the binary. The magics are
//! found by a deterministic search (xorshift PRNG with a fixed seed), so every build
//! produces the same tables, in well under a second.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `sq` attacks along `dirs`, stopping at the first blocker in `occ`.
fn slide(sq: usize, occ: u64, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occ & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    out
}

/// Relevant occupancy: the attack rays without their last square (a blocker on the board's
/// edge never changes the attack set).
fn relevant_mask(sq: usize, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            out |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    out
}

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Candidates with few set bits make good magics far more often.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds a magic for one square and returns it with that square's attack table.
fn find_magic(sq: usize, dirs: &[(i32, i32)], rng: &mut XorShift) -> (u64, u64, u32, Vec<u64>) {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut occs = Vec::new();
    let mut subset = 0u64;
    loop {
        occs.push((subset, slide(sq, subset, dirs)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut table = vec![0u64; size];
    let mut used = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for &(occ, att) in &occs {
            let idx = (occ.wrapping_mul(magic) >> shift) as usize;
            if used[idx] != attempt {
                used[idx] = attempt;
                table[idx] = att;
            } else if table[idx] != att {
                ok = false;
                break;
            }
        }
        if ok {
            return (mask, magic, shift, table);
        }
    }
}

/// Runs git in `dir`; its trimmed output, or `None` when git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Sets `TVILLING_COMMIT` to the short hash of the commit checked out, or `unknown` where
/// there is no repository of our own (a source archive, possibly unpacked inside another
/// repository), and has cargo rerun this script when that commit changes.
fn name_the_commit() {
    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let ours = git(&dir, &["rev-parse", "--show-toplevel"])
        .and_then(|top| fs::canonicalize(top).ok())
        .is_some_and(|top| fs::canonicalize(&dir).is_ok_and(|dir| dir == top));
    let commit = ours
        .then(|| git(&dir, &["rev-parse", "--short", "HEAD"]))
        .flatten();
    println!(
        "cargo:rustc-env=TVILLING_COMMIT={}",
        commit.as_deref().unwrap_or("unknown")
    );
    if commit.is_none() {
        // A git that failed once (a lock held by another process) must not leave
        // "unknown" for good: where a repository is there, any change to it reruns this.
        let dot_git = dir.join(".git");
        if dot_git.exists() {
            println!("cargo:rerun-if-changed={}", dot_git.display());
        }
        return;
    }
    // HEAD changes on a checkout; on a commit, the branch it names changes, as a loose ref
    // or in packed-refs, and HEAD's reflog grows either way. Only files that exist are
    // named: cargo reruns a script every build for a missing one.
    let mut watched = vec!["HEAD".to_string(), "logs/HEAD".into(), "packed-refs".into()];
    watched.extend(git(&dir, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&dir, &["rev-parse", "--git-path", &name]) {
            let path = dir.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    name_the_commit();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut attacks: Vec<u64> = Vec::new();
    let mut src = String::new();
    for (name, dirs) in [("ROOK_MAGICS", &ROOK_DIRS), ("BISHOP_MAGICS", &BISHOP_DIRS)] {
        writeln!(src, "/// Magic entries per square, generated by build.rs.").unwrap();
        writeln!(src, "pub static {name}: [Magic; 64] = [").unwrap();
        for sq in 0..64 {
            let (mask, magic, shift, table) = find_magic(sq, dirs, &mut rng);
            writeln!(
                src,
                "    Magic {{ mask: {mask:#018x}, magic: {magic:#018x}, shift: {shift}, offset: {} }},",
                attacks.len()
            )
            .unwrap();
            attacks.extend(table);
        }
        writeln!(src, "];").unwrap();
    }
    writeln!(
        src,
        "/// Rook and bishop attack sets for every square and relevant occupancy."
    )
    .unwrap();
    writeln!(
        src,
        "pub static SLIDER_ATTACKS: [u64; {}] = [",
        attacks.len()
    )
    .unwrap();
    for chunk in attacks.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|a| format!("{a:#x}")).collect();
        writeln!(src, "    {},", line.join(", ")).unwrap();
    }
    writeln!(src, "];").unwrap();
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("magic_tables.rs");
    fs::write(out, src).expect("OUT_DIR is writable");
}
