//! The two loops the network spends its time in: updating an accumulator by feature rows,
//! and the output layer's dot product. Each is written as plain Rust over blocks of
//! [`LANES`] neurons (the path for every CPU), and on x86-64 again with AVX2 intrinsics,
//! chosen at run time when the CPU has them: the compiler vectorised the plain dot product
//! across the wrong axis, and it cost 39 % of a search's time. Integer arithmetic wraps
//! in both, and wrapping sums do not depend on their order, so both paths give identical
//! results (the tests compare them).

/// Neurons per block: one 256-bit register of `i16`. Hidden sizes are multiples of it.
pub const LANES: usize = 16;

/// Most rows one update adds, or subtracts (a draughts capture takes up to 20 pieces).
pub const MAX_ROWS: usize = 32;

/// `dst = src + Σ rows[adds] − Σ rows[subs]`, neuron by neuron, where `rows` holds rows
/// as long as `dst` one after another and `adds`, `subs` name rows by index (at most
/// [`MAX_ROWS`] each).
#[inline]
pub fn update(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    let n = dst.len();
    let count = rows.len() / n.max(1);
    assert!(
        n.is_multiple_of(LANES)
            && src.len() == n
            && adds.len() <= MAX_ROWS
            && subs.len() <= MAX_ROWS
            && adds.iter().chain(subs).all(|&r| usize::from(r) < count),
        "accumulator update out of bounds"
    );
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has just been found to support AVX2, all this function needs;
        // the bounds it relies on were checked above.
        return unsafe { update_avx2(dst, src, rows, adds, subs) };
    }
    update_body(dst, src, rows, adds, subs);
}

/// `Σ clamp(acc, 0, qa)² · weights` with `clamp · weight` taken in `i16` (it fits for
/// `qa` ≤ 255 and weights within ±128), summed in `i32`.
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has just been found to support AVX2, all this function needs.
        return unsafe { screlu_dot_avx2(acc, weights, qa) };
    }
    screlu_dot_body(acc, weights, qa)
}

/// Whether the AVX2 path runs on this machine (the standard library caches the answer).
#[cfg(target_arch = "x86_64")]
#[inline]
pub fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2")
}

/// Whether the AVX2 path runs on this machine: never off x86-64.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
pub fn has_avx2() -> bool {
    false
}

/// [`update_body`] with AVX2 intrinsics: one register per block of 16 neurons. The
/// caller has checked that `n` is a multiple of [`LANES`], `src` holds `n` values and every
/// row index is below `rows.len() / n`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_avx2(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    use std::arch::x86_64::{
        _mm256_add_epi16, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_sub_epi16,
    };
    let n = dst.len();
    // Each row's start is found once, not once per block: the multiply and the loop over
    // indices were most of this function's time. A quiet move (one input on, one off in
    // each perspective) is the common case and gets a loop of its own.
    let row = |r: &u16| rows[usize::from(*r) * n..][..n].as_ptr();
    if let ([on], [off]) = (adds, subs) {
        let (on, off) = (row(on), row(off));
        for at in (0..n).step_by(LANES) {
            // SAFETY: `at + LANES <= n`, and `src`, `dst` and both rows hold `n` values, so
            // each unaligned 32-byte access lies inside its slice.
            unsafe {
                let v = _mm256_loadu_si256(src.as_ptr().add(at).cast());
                let v = _mm256_add_epi16(v, _mm256_loadu_si256(on.add(at).cast()));
                let v = _mm256_sub_epi16(v, _mm256_loadu_si256(off.add(at).cast()));
                _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast(), v);
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
    for at in (0..n).step_by(LANES) {
        // SAFETY (every load and the store): `at + LANES <= n`, and every row pointer is
        // the start of a slice of `n` values, so each unaligned 32-byte access lies inside
        // its slice.
        let mut v = unsafe { _mm256_loadu_si256(src.as_ptr().add(at).cast()) };
        for r in on {
            v = _mm256_add_epi16(v, unsafe { _mm256_loadu_si256(r.add(at).cast()) });
        }
        for r in off {
            v = _mm256_sub_epi16(v, unsafe { _mm256_loadu_si256(r.add(at).cast()) });
        }
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(at).cast(), v) };
    }
}

/// [`screlu_dot_body`] with AVX2 intrinsics: clamp, `clamp · weight` in `i16`
/// (`mullo`), then `· clamp` summed pairwise into `i32` lanes (`madd`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn screlu_dot_avx2(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    use std::arch::x86_64::{
        _mm256_add_epi32, _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_loadu_si256,
        _mm256_madd_epi16, _mm256_max_epi16, _mm256_min_epi16, _mm256_mullo_epi16,
        _mm256_set1_epi16, _mm256_setzero_si256, _mm_add_epi32, _mm_cvtsi128_si32,
        _mm_shuffle_epi32,
    };
    let n = acc.len();
    assert!(
        n.is_multiple_of(LANES) && weights.len() == n,
        "rows of different lengths"
    );
    let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(qa));
    let mut sum = _mm256_setzero_si256();
    for at in (0..n).step_by(LANES) {
        // SAFETY: `at + LANES <= n` for both slices, so each 32-byte unaligned load lies
        // inside its slice.
        let (a, w) = unsafe {
            (
                _mm256_loadu_si256(acc.as_ptr().add(at).cast()),
                _mm256_loadu_si256(weights.as_ptr().add(at).cast()),
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

/// One block at a time, held in a local array the compiler keeps in a register while
/// every row is applied to it: the accumulator is read and written once.
#[inline(always)]
fn update_body(dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
    let n = dst.len();
    let row = |r: u16, at: usize| &rows[usize::from(r) * n + at..][..LANES];
    for (at, (d, s)) in (0..n)
        .step_by(LANES)
        .zip(dst.chunks_exact_mut(LANES).zip(src.chunks_exact(LANES)))
    {
        let mut v = [0i16; LANES];
        v.copy_from_slice(s);
        for &r in adds {
            for (x, &w) in v.iter_mut().zip(row(r, at)) {
                *x = x.wrapping_add(w);
            }
        }
        for &r in subs {
            for (x, &w) in v.iter_mut().zip(row(r, at)) {
                *x = x.wrapping_sub(w);
            }
        }
        d.copy_from_slice(&v);
    }
}

#[inline(always)]
fn screlu_dot_body(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    let mut sums = [0i32; LANES];
    for (a, w) in acc.chunks_exact(LANES).zip(weights.chunks_exact(LANES)) {
        for k in 0..LANES {
            let c = a[k].clamp(0, qa);
            let cw = c.wrapping_mul(w[k]);
            sums[k] = sums[k].wrapping_add(i32::from(cw) * i32::from(c));
        }
    }
    sums.iter().fold(0i32, |total, &s| total.wrapping_add(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn random_row(rng: &mut Rng, n: usize, limit: i16) -> Vec<i16> {
        (0..n)
            .map(|_| (rng.below(2 * limit as u64 + 1) as i64 - i64::from(limit)) as i16)
            .collect()
    }

    #[test]
    fn update_adds_and_subtracts_rows() {
        let src = vec![10i16; 32];
        // Row 0: 0..32, row 1: all 3, row 2: 0, -1, ..., -31.
        let rows: Vec<i16> = (0..32)
            .chain(std::iter::repeat_n(3, 32))
            .chain((0..32).map(|i| -i))
            .collect();
        let mut dst = vec![0i16; 32];
        update(&mut dst, &src, &rows, &[0, 1], &[2]);
        for (i, &x) in dst.iter().enumerate() {
            assert_eq!(i32::from(x), 10 + i as i32 + 3 + i as i32);
        }
    }

    #[test]
    fn screlu_dot_clamps_and_squares() {
        let mut acc = vec![0i16; 16];
        acc[0] = -50; // clamped to 0
        acc[1] = 10; // 100 · w
        acc[2] = 300; // clamped to 255
        let mut w = vec![0i16; 16];
        w[0] = 99;
        w[1] = 3;
        w[2] = -2;
        assert_eq!(screlu_dot(&acc, &w, 255), 100 * 3 - 255 * 255 * 2);
    }

    #[test]
    fn vector_and_plain_paths_agree() {
        let mut rng = Rng::new(7);
        for n in [16, 64, 256, 512] {
            let src = random_row(&mut rng, n, 2000);
            let rows = random_row(&mut rng, 40 * n, 500);
            let taken: Vec<u16> = (8..8 + MAX_ROWS as u16).collect();
            // A quiet move, a capture, a long draughts capture, nothing at all.
            let shapes: [(&[u16], &[u16]); 4] = [
                (&[4], &[7]),
                (&[0, 5, 2], &[3, 1]),
                (&[1], &taken),
                (&[], &[]),
            ];
            for (adds, subs) in shapes {
                let (mut plain, mut fast) = (vec![0; n], vec![0; n]);
                update_body(&mut plain, &src, &rows, adds, subs);
                update(&mut fast, &src, &rows, adds, subs);
                assert_eq!(plain, fast, "{} on, {} off", adds.len(), subs.len());
            }
            let weights = random_row(&mut rng, n, 127);
            assert_eq!(
                screlu_dot_body(&src, &weights, 255),
                screlu_dot(&src, &weights, 255)
            );
        }
    }
}
