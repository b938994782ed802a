//! The two loops the network spends its time in: updating an accumulator by feature rows,
//! and the output layer's dot product. Each is written as plain Rust over blocks of
//! [`LANES`] neurons (the path for every CPU), and on x86-64 again with AVX2 ([`avx2`]) and
//! AVX-512 ([`avx512`]) intrinsics, so that one binary built for an older CPU still runs
//! them: the compiler vectorised the plain dot product across the wrong axis, and it cost
//! 39 % of a search's time. Which of them a network runs ([`Kernels`]) is chosen once, when
//! it is loaded: the widest the CPU has that fits the network's rows. Integer arithmetic
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

/// The loops one network runs, chosen when it is loaded, so that the hot path neither asks
/// the CPU again nor checks the rows' length: it only follows the choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels(Path);

/// The paths, private so that a [`Kernels`] naming a vector path exists only where the
/// CPU was found to run it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernels {
    /// The plain Rust loops, which every CPU runs.
    pub const PLAIN: Kernels = Kernels(Path::Plain);

    /// Every path this CPU runs for rows of `n` neurons (a multiple of [`LANES`]), plainest
    /// first: the AVX-512 loops take whole 512-bit registers only.
    pub fn available(n: usize) -> Vec<Kernels> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut paths = vec![Self::PLAIN];
        #[cfg(target_arch = "x86_64")]
        {
            if avx2::available() {
                paths.push(Kernels(Path::Avx2));
            }
            if n.is_multiple_of(avx512::WIDTH) && avx512::available() {
                paths.push(Kernels(Path::Avx512));
            }
        }
        paths
    }

    /// The fastest path this CPU runs for rows of `n` neurons.
    pub fn best(n: usize) -> Kernels {
        *Self::available(n)
            .last()
            .expect("the plain path is always there")
    }

    /// `dst = src + Σ rows[adds] − Σ rows[subs]`, neuron by neuron, where `rows` holds rows
    /// as long as `dst` one after another and `adds`, `subs` name rows by index (at most
    /// [`MAX_ROWS`] each). Every path reads and writes only whole blocks of `dst` and the
    /// same blocks of `src` and of each row, so no length needs checking here for safety;
    /// the debug build checks that they fit.
    #[inline]
    pub fn update(self, dst: &mut [i16], src: &[i16], rows: &[i16], adds: &[u16], subs: &[u16]) {
        debug_assert!(
            dst.len().is_multiple_of(self.width())
                && src.len() == dst.len()
                && adds.len() <= MAX_ROWS
                && subs.len() <= MAX_ROWS
                && adds
                    .iter()
                    .chain(subs)
                    .all(|&r| (usize::from(r) + 1) * dst.len() <= rows.len()),
            "accumulator update out of bounds"
        );
        match self.0 {
            Path::Plain => update_body(dst, src, rows, adds, subs),
            // SAFETY (both): a `Kernels` names a vector path only if `available` found the
            // CPU to support it, and its target feature is all the function needs.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { avx2::update(dst, src, rows, adds, subs) },
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { avx512::update(dst, src, rows, adds, subs) },
        }
    }

    /// `Σ clamp(acc, 0, qa)² · weights` with `clamp · weight` taken in `i16` (it fits for
    /// `qa` ≤ 255 and weights within ±128), summed in `i32`.
    #[inline]
    pub fn screlu_dot(self, acc: &[i16], weights: &[i16], qa: i16) -> i32 {
        debug_assert!(
            acc.len().is_multiple_of(self.width()) && weights.len() == acc.len(),
            "rows of different lengths"
        );
        match self.0 {
            Path::Plain => screlu_dot_body(acc, weights, qa),
            // SAFETY (both): as in `update`.
            #[cfg(target_arch = "x86_64")]
            Path::Avx2 => unsafe { avx2::screlu_dot(acc, weights, qa) },
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => unsafe { avx512::screlu_dot(acc, weights, qa) },
        }
    }

    /// Neurons per block of the path: rows must be a whole number of blocks.
    fn width(self) -> usize {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            Path::Avx512 => avx512::WIDTH,
            _ => LANES,
        }
    }
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
        for kernels in Kernels::available(32) {
            let mut dst = vec![0i16; 32];
            kernels.update(&mut dst, &src, &rows, &[0, 1], &[2]);
            for (i, &x) in dst.iter().enumerate() {
                assert_eq!(i32::from(x), 10 + i as i32 + 3 + i as i32);
            }
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
        for kernels in Kernels::available(16) {
            assert_eq!(kernels.screlu_dot(&acc, &w, 255), 100 * 3 - 255 * 255 * 2);
        }
    }

    #[test]
    fn vector_and_plain_paths_agree() {
        let mut rng = Rng::new(7);
        // 16 and 48 are not whole AVX-512 registers: no network of theirs runs that loop.
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
                for kernels in Kernels::available(n) {
                    let mut fast = vec![0; n];
                    kernels.update(&mut fast, &src, &rows, adds, subs);
                    assert_eq!(
                        plain,
                        fast,
                        "{kernels:?}, {n} wide: {} on, {} off",
                        adds.len(),
                        subs.len()
                    );
                }
            }
            let weights = random_row(&mut rng, n, 127);
            let plain = screlu_dot_body(&src, &weights, 255);
            for kernels in Kernels::available(n) {
                let fast = kernels.screlu_dot(&src, &weights, 255);
                assert_eq!(plain, fast, "{kernels:?}, {n} wide");
            }
        }
    }
}
