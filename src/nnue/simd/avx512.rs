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

/// Neurons per register. These loops run for networks whose rows are a whole number of
/// registers (both embedded nets' are); others run the AVX2 loops.
pub const WIDTH: usize = 32;

/// Whether this machine runs these loops.
pub fn available() -> bool {
    std::is_x86_feature_detected!("avx512bw")
}

/// [`super::Kernels::update`]'s loop, as the AVX2 one: over the whole registers of `dst`,
/// each read from the same register of `src` and of every row (rows as long as `dst`).
#[target_feature(enable = "avx512bw")]
pub fn update(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    let n = dst.len();
    let blocks = dst.chunks_exact_mut(WIDTH).zip(src.chunks_exact(WIDTH));
    // As in the AVX2 loop: row starts found once, and the quiet move's loop of its own.
    let row = |r: &u16| rows[usize::from(*r) * n..][..n].as_ptr();
    if let ([on], [off]) = (adds, subs) {
        let (on, off) = (row(on), row(off));
        for (at, (d, s)) in (0..n).step_by(WIDTH).zip(blocks) {
            // SAFETY: `d` and `s` are whole registers, and `at` is the start of register
            // `d` of `dst`, so `at + WIDTH <= n`, the length of each row.
            unsafe {
                let v = _mm512_loadu_si512(s.as_ptr().cast());
                let v = _mm512_add_epi16(v, _mm512_loadu_si512(on.add(at).cast()));
                let v = _mm512_sub_epi16(v, _mm512_loadu_si512(off.add(at).cast()));
                _mm512_storeu_si512(d.as_mut_ptr().cast(), v);
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
    for (at, (d, s)) in (0..n).step_by(WIDTH).zip(blocks) {
        // SAFETY (every load and the store): as in the quiet loop, with every row pointer
        // the start of a row of `n` values.
        let mut v = unsafe { _mm512_loadu_si512(s.as_ptr().cast()) };
        for r in on {
            v = _mm512_add_epi16(v, unsafe { _mm512_loadu_si512(r.add(at).cast()) });
        }
        for r in off {
            v = _mm512_sub_epi16(v, unsafe { _mm512_loadu_si512(r.add(at).cast()) });
        }
        unsafe { _mm512_storeu_si512(d.as_mut_ptr().cast(), v) };
    }
}

/// [`super::Kernels::screlu_dot`]'s loop over the whole registers of `acc` and `weights`,
/// as the AVX2 one: clamp, `mullo`, `madd`.
#[target_feature(enable = "avx512bw")]
pub fn screlu_dot(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    let (zero, top) = (_mm512_setzero_si512(), _mm512_set1_epi16(qa));
    let mut sum = _mm512_setzero_si512();
    for (a, w) in acc.chunks_exact(WIDTH).zip(weights.chunks_exact(WIDTH)) {
        // SAFETY: `a` and `w` are whole registers, so each 64-byte unaligned load lies
        // inside its slice.
        let (a, w) = unsafe {
            (
                _mm512_loadu_si512(a.as_ptr().cast()),
                _mm512_loadu_si512(w.as_ptr().cast()),
            )
        };
        let clamped = _mm512_min_epi16(_mm512_max_epi16(a, zero), top);
        let product = _mm512_mullo_epi16(clamped, w);
        sum = _mm512_add_epi32(sum, _mm512_madd_epi16(product, clamped));
    }
    _mm512_reduce_add_epi32(sum)
}
