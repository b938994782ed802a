//! A midgame/endgame pair of centipawn values packed into one `i32`.
//!
//! The evaluation sums hundreds of (midgame, endgame) terms; packing both halves into one
//! integer halves the additions and multiplications on the hot path. The endgame half sits
//! in the upper 16 bits and the midgame half in the lower 16, so adding or scaling packed
//! values by an integer adds or scales both halves, as long as each stays within `i16`.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A packed (midgame, endgame) pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(i32);

/// The packed pair `(mg, eg)`; both must fit in an `i16`.
pub const fn s(mg: i32, eg: i32) -> S {
    S((eg << 16) + mg)
}

impl S {
    /// The midgame half.
    #[inline]
    pub const fn mg(self) -> i32 {
        self.0 as i16 as i32
    }

    /// The endgame half (the `0x8000` undoes the borrow a negative midgame half took).
    #[inline]
    pub const fn eg(self) -> i32 {
        ((self.0 + 0x8000) >> 16) as i16 as i32
    }
}

impl Add for S {
    type Output = S;
    #[inline]
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0)
    }
}

impl Sub for S {
    type Output = S;
    #[inline]
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0)
    }
}

impl AddAssign for S {
    #[inline]
    fn add_assign(&mut self, rhs: S) {
        self.0 += rhs.0;
    }
}

impl SubAssign for S {
    #[inline]
    fn sub_assign(&mut self, rhs: S) {
        self.0 -= rhs.0;
    }
}

impl Neg for S {
    type Output = S;
    #[inline]
    fn neg(self) -> S {
        S(-self.0)
    }
}

impl Mul<i32> for S {
    type Output = S;
    #[inline]
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_survive_packing_and_arithmetic() {
        for (mg, eg) in [(0, 0), (5, -7), (-5, 7), (-300, -400), (1200, -1), (-1, 1)] {
            let v = s(mg, eg);
            assert_eq!((v.mg(), v.eg()), (mg, eg));
            assert_eq!(((v * 3).mg(), (v * 3).eg()), (3 * mg, 3 * eg));
            assert_eq!(((-v).mg(), (-v).eg()), (-mg, -eg));
            let w = v + s(-20, 30) - s(1, 1);
            assert_eq!((w.mg(), w.eg()), (mg - 21, eg + 29));
        }
    }
}
