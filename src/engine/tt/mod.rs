//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is one `AtomicU64` holding key, move code, score, depth, bound, a PV mark and
//! age: a 64-bit load or store cannot tear, so a reader sees either a whole old entry or a
//! whole new one, never a mix. Entries are grouped in buckets of [`BUCKET`] so replacement can
//! keep deep or recent entries. A 16-bit key check leaves rare false hits; they are
//! harmless because the search only uses a stored move after finding it among the legal
//! moves, and a wrong score on one node does not decide a game.

mod memory;

use super::params::{MATE_BOUND, MAX_EVAL, MAX_PLY};
use memory::BucketMemory;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// Entries per bucket: four 8-byte entries, two buckets per cache line.
const BUCKET: usize = 4;

/// One bucket, aligned to its size so that it never straddles two cache lines: a probe
/// then costs one memory access, not two. (A plain `Vec<AtomicU64>` is only 8-byte
/// aligned, and the allocator's large blocks start 16 bytes into a page, which split
/// every other bucket.)
#[repr(align(32))]
#[derive(Default)]
struct Bucket([AtomicU64; BUCKET]);

/// Ages wrap at 32 (5 bits in an entry).
const AGE_MASK: u8 = 31;

/// How a stored score relates to the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TtBound {
    /// The true score is at most the stored one (no move raised alpha).
    Upper = 1,
    /// The true score is at least the stored one (beta cut-off).
    Lower = 2,
    /// The stored score is exact.
    Exact = 3,
}

impl TtBound {
    /// The bound a search's `score` gives within its window: a cut-off at `beta`, an exact
    /// score where a move raised alpha, otherwise an upper bound.
    #[inline]
    pub fn of_result(score: i32, beta: i32, raised_alpha: bool) -> Self {
        if score >= beta {
            Self::Lower
        } else if raised_alpha {
            Self::Exact
        } else {
            Self::Upper
        }
    }
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// Move code of the best move (0: none).
    pub move_code: u16,
    /// Score, already adjusted to the probing ply.
    pub score: i32,
    /// Depth the score was searched to (0: quiescence).
    pub depth: i32,
    /// Bound type.
    pub bound: TtBound,
    /// Whether the node was on a principal variation when stored, or had been before.
    pub was_pv: bool,
}

impl TtEntry {
    /// Whether the stored score settles a node searched with window `(alpha, beta)`.
    #[inline]
    pub fn cuts(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            TtBound::Exact => true,
            TtBound::Lower => self.score >= beta,
            TtBound::Upper => self.score <= alpha,
        }
    }

    /// `eval` or, where the bound makes it the better guess, the stored score: an exact
    /// one, or a bound on the side `eval` errs. Mate scores are left out: they are proofs
    /// about lines, not guesses about the position.
    #[inline]
    pub fn sharpen(&self, eval: i32) -> i32 {
        let sharper = match self.bound {
            TtBound::Exact => true,
            TtBound::Lower => self.score > eval,
            TtBound::Upper => self.score < eval,
        };
        if sharper && self.score.abs() < MATE_BOUND {
            self.score
        } else {
            eval
        }
    }
}

/// A lock-free hash table of search results.
pub struct TranspositionTable {
    buckets: BucketMemory,
    age: AtomicU8,
}

/// Converts a score relative to the root into one relative to this node, so a mate (or
/// an endgame-table win) found along one path is stored as "mate in n from here" and reads
/// right on any path.
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score > MAX_EVAL {
        score + ply as i32
    } else if score < -MAX_EVAL {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`score_to_tt`]: a node-relative score back to one relative to the root.
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score > MAX_EVAL {
        score - ply as i32
    } else if score < -MAX_EVAL {
        score + ply as i32
    } else {
        score
    }
}

/// Bit layout: key 16 | move 16 | score 16 | depth 8 | bound 2 | pv 1 | age 5.
fn pack(key: u16, move_code: u16, score: i16, depth: u8, bound: u8, pv: bool, age: u8) -> u64 {
    u64::from(key)
        | u64::from(move_code) << 16
        | u64::from(score as u16) << 32
        | u64::from(depth) << 48
        | u64::from(bound & 3) << 56
        | u64::from(pv) << 58
        | u64::from(age & AGE_MASK) << 59
}

fn key_of(e: u64) -> u16 {
    e as u16
}
fn move_of(e: u64) -> u16 {
    (e >> 16) as u16
}
fn score_of(e: u64) -> i16 {
    (e >> 32) as u16 as i16
}
fn depth_of(e: u64) -> u8 {
    (e >> 48) as u8
}
fn bound_of(e: u64) -> u8 {
    ((e >> 56) & 3) as u8
}
fn pv_of(e: u64) -> bool {
    (e >> 58) & 1 != 0
}
fn age_of(e: u64) -> u8 {
    (e >> 59) as u8 & AGE_MASK
}

impl TranspositionTable {
    /// A table of `mb` megabytes (clamped to 1..=65536).
    pub fn new(mb: usize) -> Self {
        let bytes = mb.clamp(1, 65_536) << 20;
        let mut table = Self {
            buckets: BucketMemory::zeroed(bytes / std::mem::size_of::<Bucket>()),
            age: AtomicU8::new(0),
        };
        // The allocator hands out zeroed pages that the kernel maps on first touch; touching
        // them all now keeps those page faults (tens of ms for 64 MB) out of the first search.
        let threads = std::thread::available_parallelism().map_or(1, usize::from);
        table.clear(threads);
        table
    }

    /// Empties the table, splitting the work over `threads` threads, and resets the age.
    /// It takes the table whole (no search may hold it): plain stores, which the compiler
    /// turns into `memset`, instead of one atomic store an entry. Under the fuzzers'
    /// AddressSanitizer each atomic store was a traced shadow check, and clearing on each
    /// execution's `ucinewgame` took a fifth of `uci_session`'s time.
    pub fn clear(&mut self, threads: usize) {
        let chunk = self.buckets.len().div_ceil(threads.max(1)).max(1);
        let zero = |part: &mut [Bucket]| part.fill_with(Bucket::default);
        // The calling thread clears the first part itself: with one thread (the default,
        // and every `ucinewgame` of a one-thread engine) no thread is started at all.
        let mut parts = self.buckets.chunks_mut(chunk);
        let first = parts.next();
        std::thread::scope(|s| {
            for part in parts {
                s.spawn(move || zero(part));
            }
            if let Some(part) = first {
                zero(part);
            }
        });
        *self.age.get_mut() = 0;
    }

    /// The table's size in megabytes, as [`TranspositionTable::new`] was given it (clamped).
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let age = (self.age.load(Ordering::Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Ordering::Relaxed);
    }

    /// Fill in permille, sampled over the first 1000 entries of the current age.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        let sample = (self.buckets.len() * BUCKET).min(1000);
        let used = self
            .buckets
            .iter()
            .flat_map(|b| &b.0)
            .take(sample)
            .map(|e| e.load(Ordering::Relaxed))
            .filter(|&e| bound_of(e) != 0 && age_of(e) == age)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    fn bucket(&self, hash: u64) -> &[AtomicU64] {
        // Multiply-shift maps the hash onto any bucket count without a modulo, using the
        // high bits; the low 16 bits are the stored key, so the two are independent.
        let index = ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index].0
    }

    /// Starts loading the bucket of `hash` into the cache, so that a probe made a little
    /// later (the search asks before it makes the move whose child probes) does not wait
    /// on memory: without it the probe was a third of the draughts search's time.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.bucket(hash).as_ptr().cast::<i8>();
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch is only a hint: it
            // reads nothing into the program and cannot fault (the address is in the table
            // anyway).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks up `hash`; the score comes back adjusted to `ply`.
    pub fn probe(&self, hash: u64, ply: usize) -> Option<TtEntry> {
        let key = hash as u16;
        for slot in self.bucket(hash) {
            let e = slot.load(Ordering::Relaxed);
            if bound_of(e) != 0 && key_of(e) == key {
                let bound = match bound_of(e) {
                    1 => TtBound::Upper,
                    2 => TtBound::Lower,
                    _ => TtBound::Exact,
                };
                return Some(TtEntry {
                    move_code: move_of(e),
                    score: score_from_tt(i32::from(score_of(e)), ply),
                    depth: i32::from(depth_of(e)),
                    bound,
                    was_pv: pv_of(e),
                });
            }
        }
        None
    }

    /// Stores a result. `score` is relative to the root; it is adjusted by `ply` here.
    /// `pv` marks a node that is or was on a principal variation.
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        hash: u64,
        ply: usize,
        move_code: u16,
        score: i32,
        depth: i32,
        bound: TtBound,
        pv: bool,
    ) {
        let key = hash as u16;
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        // Victim: the same position if present, else the entry worth least, where every
        // search of age counts as much as 8 plies of depth.
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let e = slot.load(Ordering::Relaxed);
            if bound_of(e) == 0 || key_of(e) == key {
                victim = i;
                break;
            }
            let age_gap = i32::from(age.wrapping_sub(age_of(e)) & AGE_MASK);
            let worth = i32::from(depth_of(e)) - 8 * age_gap;
            if worth < worst {
                worst = worth;
                victim = i;
            }
        }
        let old = bucket[victim].load(Ordering::Relaxed);
        let same = bound_of(old) != 0 && key_of(old) == key;
        // A shallower non-exact result of the same search must not overwrite a deeper one.
        if same
            && bound != TtBound::Exact
            && age_of(old) == age
            && depth + 3 < i32::from(depth_of(old))
        {
            return;
        }
        let code = if move_code == 0 && same {
            move_of(old)
        } else {
            move_code
        };
        let stored = score_to_tt(score, ply).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
        let depth = depth.clamp(0, MAX_PLY as i32) as u8;
        let entry = pack(key, code, stored as i16, depth, bound as u8, pv, age);
        bucket[victim].store(entry, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::params::MATE;

    #[test]
    fn mate_scores_round_trip_through_the_table() {
        let tt = TranspositionTable::new(1);
        // Win in 7 plies from the root, found at ply 3: from that node it is a win in 4.
        let root_score = MATE - 7;
        assert_eq!(score_to_tt(root_score, 3), MATE - 4);
        tt.store(
            0xdead_beef_1234_5678,
            3,
            42,
            root_score,
            5,
            TtBound::Exact,
            true,
        );
        // Reached again at ply 5 (a transposition): win in 4 from there is MATE - 9.
        let e = tt.probe(0xdead_beef_1234_5678, 5).expect("stored entry");
        assert_eq!(e.score, MATE - 9);
        assert_eq!(
            (e.move_code, e.depth, e.bound, e.was_pv),
            (42, 5, TtBound::Exact, true)
        );
        let loss = -MATE + 10;
        tt.store(7, 4, 0, loss, 2, TtBound::Upper, false);
        assert!(!tt.probe(7, 4).unwrap().was_pv);
        assert_eq!(tt.probe(7, 4).unwrap().score, loss);
        assert_eq!(tt.probe(7, 2).unwrap().score, loss - 2);
        assert_eq!(score_from_tt(score_to_tt(123, 9), 9), 123);
    }

    #[test]
    fn clear_empties_and_hashfull_counts() {
        let hash = |h: u64| h.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        assert_eq!(tt.megabytes(), 1);
        // One thread clears alone; three split the table, the caller taking a part.
        for threads in [1, 3] {
            for h in 0..200_000u64 {
                tt.store(hash(h), 0, 1, 0, 1, TtBound::Lower, false);
            }
            assert!(tt.hashfull() > 500);
            tt.clear(threads);
            assert_eq!(tt.hashfull(), 0);
            // hashfull samples the start of the table; every part must be empty.
            assert!((0..200_000u64).all(|h| tt.probe(hash(h), 0).is_none()));
        }
    }

    #[test]
    fn sharpen_takes_the_stored_score_only_where_it_is_the_better_guess() {
        let entry = |score, bound| TtEntry {
            move_code: 0,
            score,
            depth: 3,
            bound,
            was_pv: false,
        };
        assert_eq!(entry(40, TtBound::Exact).sharpen(10), 40);
        assert_eq!(entry(40, TtBound::Exact).sharpen(90), 40);
        // A lower bound above the evaluation raises it; one below says nothing new.
        assert_eq!(entry(40, TtBound::Lower).sharpen(10), 40);
        assert_eq!(entry(40, TtBound::Lower).sharpen(90), 90);
        // An upper bound below the evaluation lowers it; one above says nothing new.
        assert_eq!(entry(40, TtBound::Upper).sharpen(90), 40);
        assert_eq!(entry(40, TtBound::Upper).sharpen(10), 10);
        // A mate is a proof about a line, never taken as the position's value.
        assert_eq!(entry(MATE - 5, TtBound::Exact).sharpen(10), 10);
        assert_eq!(entry(-MATE + 5, TtBound::Upper).sharpen(10), 10);
    }

    #[test]
    fn every_field_reads_back_as_packed() {
        let bounds = [
            (1, TtBound::Upper),
            (2, TtBound::Lower),
            (3, TtBound::Exact),
        ];
        for (bits, bound) in bounds {
            for pv in [false, true] {
                for age in [0, 1, 17, AGE_MASK] {
                    let e = pack(0xbeef, 0x1234, -77, 200, bits, pv, age);
                    assert_eq!(
                        (key_of(e), move_of(e), score_of(e), depth_of(e)),
                        (0xbeef, 0x1234, -77, 200)
                    );
                    assert_eq!((bound_of(e), pv_of(e), age_of(e)), (bits, pv, age));
                }
            }
            let tt = TranspositionTable::new(1);
            tt.store(5, 0, 9, 10, 3, bound, true);
            assert!(tt.probe(5, 0).is_some_and(|e| e.was_pv && e.bound == bound));
            tt.store(5, 0, 9, 10, 3, bound, false);
            assert!(tt
                .probe(5, 0)
                .is_some_and(|e| !e.was_pv && e.bound == bound));
        }
    }

    #[test]
    fn keeps_move_when_overwritten_without_one() {
        let tt = TranspositionTable::new(1);
        tt.store(99, 0, 17, 50, 4, TtBound::Lower, false);
        tt.store(99, 0, 0, 60, 6, TtBound::Upper, false);
        let e = tt.probe(99, 0).unwrap();
        assert_eq!((e.move_code, e.score, e.depth), (17, 60, 6));
    }
}
