//! The two loops with AVX2 intrinsics: one 256-bit register per block of [`LANES`] neurons.

use super::{LANES, MAX_ROWS};
use std::arch::x86_64::{
    _mm256_add_epi16, _mm256_add_epi32, _mm256_castsi256_si128, _mm256_extracti128_si256,
    _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16, _mm256_min_epi16, _mm256_mullo_epi16,
    _mm256_set1_epi16, _mm256_setzero_si256, _mm256_storeu_si256, _mm256_sub_epi16, _mm_add_epi32,
    _mm_cvtsi128_si32, _mm_shuffle_epi32,
};

/// Whether this machine runs these loops.
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// [`super::Kernels::update`]'s loop over the whole blocks of `dst`: each is read from the
/// same block of `src` and of every row (rows as long as `dst`), so every access lies inside
/// its slice whatever the lengths.
#[target_feature(enable = "avx2")]
pub fn update(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    let n = dst.len();
    let blocks = dst.chunks_exact_mut(LANES).zip(src.chunks_exact(LANES));
    // Each row's start is found once, not once per block: the multiply and the loop over
    // indices were most of this function's time. A quiet move (one input on, one off in
    // each perspective) is the common case and gets a loop of its own.
    let row = |r: &u16| rows[usize::from(*r) * n..][..n].as_ptr();
    if let ([on], [off]) = (adds, subs) {
        let (on, off) = (row(on), row(off));
        for (at, (d, s)) in (0..n).step_by(LANES).zip(blocks) {
            // SAFETY: `d` and `s` are whole blocks, and `at` is the start of block `d` of
            // `dst`, so `at + LANES <= n`, the length of each row.
            unsafe {
                let v = _mm256_loadu_si256(s.as_ptr().cast());
                let v = _mm256_add_epi16(v, _mm256_loadu_si256(on.add(at).cast()));
                let v = _mm256_sub_epi16(v, _mm256_loadu_si256(off.add(at).cast()));
                _mm256_storeu_si256(d.as_mut_ptr().cast(), v);
            }
        }
        return;
    }
    let mut on = [std::ptr::null(); MAX_ROWS];
    let mut off = [std::ptr::null(); MAX_ROWS];
    for (slot, r) in on.iter_mut().zip(adds) {
        *slot = row(r);
    }
    for (slot, r) in off.iter_mut().zip(subs) {
        *slot = row(r);
    }
    let (on, off) = (&on[..adds.len()], &off[..subs.len()]);
    for (at, (d, s)) in (0..n).step_by(LANES).zip(blocks) {
        // SAFETY (every load and the store): as in the quiet loop, with every row pointer
        // the start of a row of `n` values.
        let mut v = unsafe { _mm256_loadu_si256(s.as_ptr().cast()) };
        for r in on {
            v = _mm256_add_epi16(v, unsafe { _mm256_loadu_si256(r.add(at).cast()) });
        }
        for r in off {
            v = _mm256_sub_epi16(v, unsafe { _mm256_loadu_si256(r.add(at).cast()) });
        }
        unsafe { _mm256_storeu_si256(d.as_mut_ptr().cast(), v) };
    }
}

/// [`super::Kernels::screlu_dot`]'s loop over the whole blocks of `acc` and `weights`:
/// clamp, `clamp · weight` in `i16` (`mullo`), then `· clamp` summed pairwise into `i32`
/// lanes (`madd`).
#[target_feature(enable = "avx2")]
pub fn screlu_dot(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(qa));
    let mut sum = _mm256_setzero_si256();
    for (a, w) in acc.chunks_exact(LANES).zip(weights.chunks_exact(LANES)) {
        // SAFETY: `a` and `w` are whole blocks, so each 32-byte unaligned load lies inside
        // its slice.
        let (a, w) = unsafe {
            (
                _mm256_loadu_si256(a.as_ptr().cast()),
                _mm256_loadu_si256(w.as_ptr().cast()),
            )
        };
        let clamped = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
        let product = _mm256_mullo_epi16(clamped, w);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(product, clamped));
    }
    let half = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let eighth = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
    _mm_cvtsi128_si32(eighth)
}
