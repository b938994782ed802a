//! The two loops the network spends its time in: updating an accumulator by feature rows,
//! and the output layer's dot product. Each is written as plain Rust over blocks of
//! [`LANES`] neurons (the path for every CPU), and on x86-64 again with AVX2 ([`avx2`]) and
//! AVX-512 ([`avx512`]) intrinsics, the widest the CPU has chosen at run time, so that one
//! binary built for an older CPU still runs them: the compiler vectorised the plain dot
//! product across the wrong axis, and it cost 39 % of a search's time. Integer arithmetic
//! wraps in all three, and wrapping sums do not depend on their order, so every path gives
//! identical results (the tests compare them).

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;

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
    {
        if n.is_multiple_of(avx512::WIDTH) && avx512::available() {
            // SAFETY: the CPU has just been found to support AVX512BW, all this function
            // needs; the bounds it relies on were checked above, the row length just now.
            return unsafe { avx512::update(dst, src, rows, adds, subs) };
        }
        if avx2::available() {
            // SAFETY: the CPU has just been found to support AVX2, all this function needs;
            // the bounds it relies on were checked above.
            return unsafe { avx2::update(dst, src, rows, adds, subs) };
        }
    }
    update_body(dst, src, rows, adds, subs);
}

/// `Σ clamp(acc, 0, qa)² · weights` with `clamp · weight` taken in `i16` (it fits for
/// `qa` ≤ 255 and weights within ±128), summed in `i32`.
#[inline]
pub fn screlu_dot(acc: &[i16], weights: &[i16], qa: i16) -> i32 {
    #[cfg(target_arch = "x86_64")]
    {
        if acc.len().is_multiple_of(avx512::WIDTH) && avx512::available() {
            // SAFETY: the CPU has just been found to support AVX512BW, all this function
            // needs.
            return unsafe { avx512::screlu_dot(acc, weights, qa) };
        }
        if avx2::available() {
            // SAFETY: the CPU has just been found to support AVX2, all this function needs.
            return unsafe { avx2::screlu_dot(acc, weights, qa) };
        }
    }
    screlu_dot_body(acc, weights, qa)
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

    /// The update by every path this CPU runs, each with its name: the one `update`
    /// chooses, and on x86-64 each vector loop the CPU has, so that a machine with AVX-512
    /// checks its AVX2 loop as well.
    fn updates(
        src: &[i16],
        rows: &[i16],
        adds: &[u16],
        subs: &[u16],
    ) -> Vec<(&'static str, Vec<i16>)> {
        let n = src.len();
        let mut out = vec![("chosen", vec![0; n])];
        update(&mut out[0].1, src, rows, adds, subs);
        #[cfg(target_arch = "x86_64")]
        {
            if avx2::available() {
                let mut dst = vec![0; n];
                // SAFETY: the CPU has AVX2, and the test's rows fit `update`'s bounds.
                unsafe { avx2::update(&mut dst, src, rows, adds, subs) };
                out.push(("avx2", dst));
            }
            if n.is_multiple_of(avx512::WIDTH) && avx512::available() {
                let mut dst = vec![0; n];
                // SAFETY: the CPU has AVX512BW, and the test's rows fit `update`'s bounds.
                unsafe { avx512::update(&mut dst, src, rows, adds, subs) };
                out.push(("avx512", dst));
            }
        }
        out
    }

    /// The dot product by every path this CPU runs, as [`updates`].
    fn dots(acc: &[i16], weights: &[i16]) -> Vec<(&'static str, i32)> {
        let mut out = vec![("chosen", screlu_dot(acc, weights, 255))];
        #[cfg(target_arch = "x86_64")]
        {
            if avx2::available() {
                // SAFETY: the CPU has AVX2.
                out.push(("avx2", unsafe { avx2::screlu_dot(acc, weights, 255) }));
            }
            if acc.len().is_multiple_of(avx512::WIDTH) && avx512::available() {
                // SAFETY: the CPU has AVX512BW.
                out.push(("avx512", unsafe { avx512::screlu_dot(acc, weights, 255) }));
            }
        }
        out
    }

    #[test]
    fn vector_and_plain_paths_agree() {
        let mut rng = Rng::new(7);
        // 16 and 48 are not whole AVX-512 registers: `update` takes the AVX2 loop there.
        for n in [16, 48, 64, 128, 256, 512] {
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
                let mut plain = vec![0; n];
                update_body(&mut plain, &src, &rows, adds, subs);
                for (path, fast) in updates(&src, &rows, adds, subs) {
                    assert_eq!(
                        plain,
                        fast,
                        "{path}, {n} wide: {} on, {} off",
                        adds.len(),
                        subs.len()
                    );
                }
            }
            let weights = random_row(&mut rng, n, 127);
            let plain = screlu_dot_body(&src, &weights, 255);
            for (path, fast) in dots(&src, &weights) {
                assert_eq!(plain, fast, "{path}, {n} wide");
            }
        }
    }
}
