//! Complex multiplication and division as the x86-64 runtime library
//! (GCC 12's libgcc, which clang links on Linux) computes them when a
//! program multiplies or divides `_Complex` values: `__mulsc3`/`__muldc3`/
//! `__mulxc3` and `__divsc3`/`__divdc3`/`__divxc3`.
//!
//! C11 Annex G (G.5.1) fixes only the special values (an infinite operand
//! gives an infinite result, a nonzero over a zero an infinity); the finite
//! results are the library's formulas, each operation rounded in the
//! operand's type:
//! - multiplication: `(ac - bd) + i(ad + bc)`, and when both parts are NaN
//!   the recovery of infinities of Annex G's example (G.5.1p7);
//! - `float` division: the textbook formula computed in `double` (the
//!   extra precision makes scaling unnecessary), rounded to `float` once;
//! - `double` and `long double` division: Smith's algorithm (divide by the
//!   larger of `|c|`, `|d|`), with the operands first halved near overflow
//!   or scaled by `1/ε` near underflow, the alternate order when the ratio
//!   is subnormal, and Annex G's recovery of infinities and zeros.
//!
//! Every step is one rounded IEEE (or x87 extended) operation, so the
//! results are the bits a native run computes.

use crate::model::BinOp;
use crate::x87::{self, Float, F80};

/// The operations the formulas need, in one floating-point type.
pub trait Real: Copy {
    fn op(self, op: BinOp, other: Self) -> Self;
    fn abs(self) -> Self;
    fn copysign(self, sign: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_inf(self) -> bool;
    /// `self < other` (false when either is a NaN).
    fn lt(self, other: Self) -> bool;
    fn is_zero(self) -> bool;
    fn small(v: i8) -> Self;
    fn infinity() -> Self;
    /// The type's largest finite value, smallest normal value, and epsilon.
    fn max_finite() -> Self;
    fn min_normal() -> Self;
    fn epsilon() -> Self;

    fn add(self, o: Self) -> Self {
        self.op(BinOp::FAdd, o)
    }
    fn sub(self, o: Self) -> Self {
        self.op(BinOp::FSub, o)
    }
    fn mul(self, o: Self) -> Self {
        self.op(BinOp::FMul, o)
    }
    fn div(self, o: Self) -> Self {
        self.op(BinOp::FDiv, o)
    }
    fn is_finite(self) -> bool {
        !self.is_nan() && !self.is_inf()
    }
    fn ge(self, o: Self) -> bool {
        !self.is_nan() && !o.is_nan() && !self.lt(o)
    }
    /// `copysign(isinf(x) ? 1 : 0, x)`: Annex G's "boxing" of an infinity.
    fn boxed(self) -> Self {
        Self::small(self.is_inf() as i8).copysign(self)
    }
    /// A NaN replaced by a zero of its sign.
    fn nan_to_zero(self) -> Self {
        if self.is_nan() {
            Self::small(0).copysign(self)
        } else {
            self
        }
    }
}

macro_rules! native_real {
    ($t:ty) => {
        impl Real for $t {
            fn op(self, op: BinOp, o: Self) -> Self {
                match op {
                    BinOp::FAdd => self + o,
                    BinOp::FSub => self - o,
                    BinOp::FMul => self * o,
                    _ => self / o,
                }
            }
            fn abs(self) -> Self {
                <$t>::abs(self)
            }
            fn copysign(self, sign: Self) -> Self {
                <$t>::copysign(self, sign)
            }
            fn is_nan(self) -> bool {
                <$t>::is_nan(self)
            }
            fn is_inf(self) -> bool {
                <$t>::is_infinite(self)
            }
            fn lt(self, o: Self) -> bool {
                self < o
            }
            fn is_zero(self) -> bool {
                self == 0.0
            }
            fn small(v: i8) -> Self {
                v as $t
            }
            fn infinity() -> Self {
                <$t>::INFINITY
            }
            fn max_finite() -> Self {
                <$t>::MAX
            }
            fn min_normal() -> Self {
                <$t>::MIN_POSITIVE
            }
            fn epsilon() -> Self {
                <$t>::EPSILON
            }
        }
    };
}

native_real!(f32);
native_real!(f64);

impl Real for F80 {
    fn op(self, op: BinOp, o: Self) -> Self {
        // x87 arithmetic with its NaN propagation (`x87::binary`); the ops
        // given here are always floating-point ones.
        x87::binary(op, self, o).unwrap_or_else(x87::indefinite)
    }
    fn abs(self) -> Self {
        let (lo, hi) = x87::to_parts(self);
        x87::from_parts(lo, hi & 0x7FFF)
    }
    fn copysign(self, sign: Self) -> Self {
        let (lo, hi) = x87::to_parts(self);
        let (_, s) = x87::to_parts(sign);
        x87::from_parts(lo, (hi & 0x7FFF) | (s & 0x8000))
    }
    fn is_nan(self) -> bool {
        Float::is_nan(self)
    }
    fn is_inf(self) -> bool {
        Float::is_infinite(self)
    }
    fn lt(self, o: Self) -> bool {
        self.partial_cmp(&o) == Some(std::cmp::Ordering::Less)
    }
    fn is_zero(self) -> bool {
        Float::is_zero(self)
    }
    fn small(v: i8) -> Self {
        x87::from_int(v as i64 as u64, 64, true)
    }
    fn infinity() -> Self {
        F80::INFINITY
    }
    fn max_finite() -> Self {
        F80::largest()
    }
    fn min_normal() -> Self {
        F80::smallest_normalized()
    }
    fn epsilon() -> Self {
        // LDBL_EPSILON = 2^-63 (64-bit significand).
        x87::from_parts(0x8000_0000_0000_0000, 0x3FFF - 63)
    }
}

/// `(a + ib)(c + id)`: `(real, imaginary)`.
pub fn multiply<T: Real>(mut a: T, mut b: T, mut c: T, mut d: T) -> (T, T) {
    let (ac, bd, ad, bc) = (a.mul(c), b.mul(d), a.mul(d), b.mul(c));
    let (mut x, mut y) = (ac.sub(bd), ad.add(bc));
    if x.is_nan() && y.is_nan() {
        // Recover infinities that came out as NaN + iNaN (C11 G.5.1p7).
        let mut recalc = false;
        if a.is_inf() || b.is_inf() {
            a = a.boxed();
            b = b.boxed();
            c = c.nan_to_zero();
            d = d.nan_to_zero();
            recalc = true;
        }
        if c.is_inf() || d.is_inf() {
            c = c.boxed();
            d = d.boxed();
            a = a.nan_to_zero();
            b = b.nan_to_zero();
            recalc = true;
        }
        if !recalc && (ac.is_inf() || bd.is_inf() || ad.is_inf() || bc.is_inf()) {
            // Infinities from overflow: NaN operands become zeros.
            a = a.nan_to_zero();
            b = b.nan_to_zero();
            c = c.nan_to_zero();
            d = d.nan_to_zero();
            recalc = true;
        }
        if recalc {
            let inf = T::infinity();
            x = inf.mul(a.mul(c).sub(b.mul(d)));
            y = inf.mul(a.mul(d).add(b.mul(c)));
        }
    }
    (x, y)
}

/// `(a + ib) / (c + id)` in `double` or `long double`: Smith's algorithm
/// with the library's scaling (see the module comment).
pub fn divide<T: Real>(mut a: T, mut b: T, mut c: T, mut d: T) -> (T, T) {
    let two = T::small(2);
    let rbig = T::max_finite().div(two);
    let rmin = T::min_normal();
    let rmin2 = T::epsilon();
    let rminscal = T::small(1).div(rmin2);
    let rmax2 = rbig.mul(rmin2);
    let (x, y);
    // `(p, q)` is the larger and smaller of `|c|`, `|d|` by position: the
    // division is by the larger one.
    let d_larger = c.abs().lt(d.abs());
    let larger = if d_larger { d } else { c };
    let scale = |by_half: bool, a: &mut T, b: &mut T, c: &mut T, d: &mut T| {
        for v in [a, b, c, d] {
            *v = if by_half { v.div(two) } else { v.mul(rminscal) };
        }
    };
    // Near overflow: halve everything.
    if larger.abs().ge(rbig) {
        scale(true, &mut a, &mut b, &mut c, &mut d);
    }
    let larger = if d_larger { d } else { c };
    if larger.abs().lt(rmin2) {
        // Both parts of the divisor tiny: scale up (no overflow possible).
        scale(false, &mut a, &mut b, &mut c, &mut d);
    } else if (a.abs().lt(rmin) && b.abs().lt(rmax2) && larger.abs().lt(rmax2))
        || (b.abs().lt(rmin) && a.abs().lt(rmax2) && larger.abs().lt(rmax2))
    {
        scale(false, &mut a, &mut b, &mut c, &mut d);
    }
    if d_larger {
        let ratio = c.div(d);
        let denom = c.mul(ratio).add(d);
        if rmin.lt(ratio.abs()) {
            x = a.mul(ratio).add(b).div(denom);
            y = b.mul(ratio).sub(a).div(denom);
        } else {
            // A subnormal ratio: divide by d first.
            x = c.mul(a.div(d)).add(b).div(denom);
            y = c.mul(b.div(d)).sub(a).div(denom);
        }
    } else {
        let ratio = d.div(c);
        let denom = d.mul(ratio).add(c);
        if rmin.lt(ratio.abs()) {
            x = b.mul(ratio).add(a).div(denom);
            y = b.sub(a.mul(ratio)).div(denom);
        } else {
            x = a.add(d.mul(b.div(c))).div(denom);
            y = b.sub(d.mul(a.div(c))).div(denom);
        }
    }
    recover_division(a, b, c, d, x, y)
}

/// Annex G's recovery of infinities and zeros a division computed as
/// NaN + iNaN: nonzero / zero, infinite / finite, finite / infinite.
fn recover_division<T: Real>(mut a: T, mut b: T, mut c: T, mut d: T, x: T, y: T) -> (T, T) {
    if !(x.is_nan() && y.is_nan()) {
        return (x, y);
    }
    let inf = T::infinity();
    if c.is_zero() && d.is_zero() && (!a.is_nan() || !b.is_nan()) {
        let signed = inf.copysign(c);
        (signed.mul(a), signed.mul(b))
    } else if (a.is_inf() || b.is_inf()) && c.is_finite() && d.is_finite() {
        a = a.boxed();
        b = b.boxed();
        (
            inf.mul(a.mul(c).add(b.mul(d))),
            inf.mul(b.mul(c).sub(a.mul(d))),
        )
    } else if (c.is_inf() || d.is_inf()) && a.is_finite() && b.is_finite() {
        c = c.boxed();
        d = d.boxed();
        let zero = T::small(0);
        (
            zero.mul(a.mul(c).add(b.mul(d))),
            zero.mul(b.mul(c).sub(a.mul(d))),
        )
    } else {
        (x, y)
    }
}

/// `(a + ib) / (c + id)` in `float`: the textbook formula in `double`,
/// each part rounded to `float` once, then the recovery in `float`.
pub fn divide_float(a: f32, b: f32, c: f32, d: f32) -> (f32, f32) {
    let (aa, bb, cc, dd) = (a as f64, b as f64, c as f64, d as f64);
    let denom = cc * cc + dd * dd;
    let x = ((aa * cc + bb * dd) / denom) as f32;
    let y = ((bb * cc - aa * dd) / denom) as f32;
    recover_division(a, b, c, d, x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(x: f64) -> F80 {
        x87::from_float(crate::model::Ty::F64, x.to_bits()).unwrap()
    }

    fn back(x: F80) -> f64 {
        f64::from_bits(x87::to_float(crate::model::Ty::F64, x).unwrap())
    }

    #[test]
    fn finite_products_and_quotients_are_the_formulas() {
        assert_eq!(multiply(1.5f64, 2.0, 0.5, -1.0), (2.75, -0.5));
        // (1 + i) / (2 - i) = (1 + 3i) / 5. Smith's algorithm: ratio =
        // d / c = -0.5, denom = d ratio + c = 2.5.
        let (x, y) = divide(1.0f64, 1.0, 2.0, -1.0);
        assert_eq!((x, y), (0.5 / 2.5, 1.5 / 2.5));
        let (x, y) = divide(ld(1.0), ld(1.0), ld(2.0), ld(-1.0));
        assert_eq!((back(x), back(y)), (0.2, 0.6));
        let (x, y) = divide_float(1.0, 1.0, 2.0, -1.0);
        assert_eq!((x, y), (0.2, 0.6));
    }

    #[test]
    fn annex_g_special_values() {
        // Nonzero / zero is an infinity (G.5.1p8 example: 1 / 0 → inf).
        let (x, y) = divide(1.0f64, 0.0, 0.0, 0.0);
        assert!(x.is_infinite() && x > 0.0 && y.is_nan());
        // Infinite / finite is infinite; finite / infinite is zero.
        let (x, _) = divide(f64::INFINITY, f64::NAN, 1.0, 1.0);
        assert!(x.is_infinite());
        let (x, y) = divide(1.0f64, 1.0, f64::INFINITY, f64::NAN);
        assert!(x == 0.0 && y == 0.0);
        // inf * (NaN + i) recovers an infinity.
        // inf (NaN + i): a = 1, b = 0, c = 0, d = 1 after boxing, so the
        // imaginary part is inf × 1.
        let (_, y) = multiply(f64::INFINITY, 0.0, f64::NAN, 1.0);
        assert!(y.is_infinite());
        let (_, y) = multiply(ld(f64::INFINITY), ld(0.0), ld(f64::NAN), ld(1.0));
        assert!(Real::is_inf(y));
        let (x, y) = divide_float(1.0, 2.0, 0.0, -0.0);
        assert!(x.is_infinite() && y.is_infinite());
    }

    #[test]
    fn tiny_and_huge_divisors_are_scaled_not_flushed() {
        // The textbook formula would underflow c*c + d*d to zero here.
        let (x, y) = divide(1e-300f64, 1e-300, 1e-300, 1e-300);
        assert_eq!((x, y), (1.0, 0.0));
        // ... and overflow it here.
        let (x, y) = divide(1e300f64, 1e300, 1e300, 1e300);
        assert_eq!((x, y), (1.0, 0.0));
        let big = f64::MAX / 1.5;
        let (x, y) = divide(big, 0.0, big, 0.0);
        assert_eq!((x, y), (1.0, 0.0));
    }
}
