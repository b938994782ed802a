//! The two loops with AVX-512 intrinsics: one 512-bit register per [`WIDTH`] neurons, half
//! the iterations of the AVX2 loops. 16-bit lanes in 512-bit registers need AVX512BW. On
//! this project's AMD EPYC the chess bench ran 5 % faster with them than with the AVX2
//! loops in an x86-64-v2 build, which calls either out of line, and 1 to 2 % faster in the
//! x86-64-v3 and native builds, which inline the AVX2 loops (docs/builds.md).

use super::MAX_ROWS;
use std::arch::x86_64::{
    _mm512_add_epi16, _mm512_add_epi32, _mm512_loadu_si512, _mm512_madd_epi16, _mm512_max_epi16,
    _mm512_min_epi16, _mm512_mullo_epi16, _mm512_reduce_add_epi32, _mm512_set1_epi16,
    _mm512_setzero_si512, _mm512_storeu_si512, _mm512_sub_epi16,
};

/// Neurons per register. These loops take rows whose length is a multiple of it (both
/// embedded nets' are); others go to the AVX2 loops.
pub const WIDTH: usize = 32;

/// Whether this machine runs these loops (the standard library caches the answer).
#[inline]
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx512bw")
}

/// [`super::update`]'s loop. The caller has checked that `n` is a multiple of [`WIDTH`],
/// `src` holds `n` values and every row index is below `rows.len() / n`.
#[target_feature(enable = "avx512bw")]
pub unsafe fn update(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    let n = dst.len();
    // As in the AVX2 loop: row starts found once, and the quiet move's loop of its own.
    let row = |r: &u16| rows[usize::from(*r) * n..][..n].as_ptr();
    if let ([on], [off]) = (adds, subs) {
        let (on, off) = (row(on), row(off));
        for at in (0..n).step_by(WIDTH) {
            // SAFETY: `at + WIDTH <= n`, and `src`, `dst` and both rows hold `n` values, so
            // each unaligned 64-byte access lies inside its slice.
            unsafe {
                let v = _mm512_loadu_si512(src.as_ptr().add(at).cast());
                let v = _mm512_add_epi16(v, _mm512_loadu_si512(on.add(at).cast()));
                let v = _mm512_sub_epi16(v, _mm512_loadu_si512(off.add(at).cast()));
                _mm512_storeu_si512(dst.as_mut_ptr().add(at).cast(), v);
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
    for at in (0..n).step_by(WIDTH) {
        // SAFETY (every load and the store): `at + WIDTH <= n`, and every row pointer is
        // the start of a slice of `n` values, so each unaligned 64-byte access lies inside
        // its slice.
        let mut v = unsafe { _mm512_loadu_si512(src.as_ptr().add(at).cast()) };
        for r in on {
            v = _mm512_add_epi16(v, unsafe { _mm512_loadu_si512(r.add(at).cast()) });
        }
        for r in off {
            v = _mm512_sub_epi16(v, unsafe { _mm512_loadu_si512(r.add(at).cast()) });
        }
        unsafe { _mm512_storeu_si512(dst.as_mut_ptr().add(at).cast(), v) };
    }
}

/// [`super::screlu_dot`]'s loop, as the AVX2 one: clamp, `mullo`, `madd`.
#[target_feature(enable = "avx512bw")]
pub fn screlu_dot(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    let n = acc.len();
    assert!(
        n.is_multiple_of(WIDTH) && weights.len() == n,
        "rows of different lengths"
    );
    let (zero, top) = (_mm512_setzero_si512(), _mm512_set1_epi16(qa));
    let mut sum = _mm512_setzero_si512();
    for at in (0..n).step_by(WIDTH) {
        // SAFETY: `at + WIDTH <= n` for both slices, so each 64-byte unaligned load lies
        // inside its slice.
        let (a, w) = unsafe {
            (
                _mm512_loadu_si512(acc.as_ptr().add(at).cast()),
                _mm512_loadu_si512(weights.as_ptr().add(at).cast()),
            )
        };
        let clamped = _mm512_min_epi16(_mm512_max_epi16(a, zero), top);
        let product = _mm512_mullo_epi16(clamped, w);
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(product, clamped));
    }
    _mm512_reduce_add_epi32(sum)
}
