//! x87 80-bit extended precision (C `long double` on x86-64, System V ABI
//! §3.1.2): 64-bit significand with an explicit integer bit, 15-bit
//! exponent, sign; 10 significant bytes stored in 16. Arithmetic is LLVM's
//! APFloat (`rustc_apfloat`), which rounds to nearest even at 64-bit
//! precision as the x87 unit does under Linux's default precision control.
//!
//! NaNs: an invalid operation on non-NaN operands (0/0, inf-inf) gives the
//! x87 "real indefinite" (negative quiet NaN, Intel SDM vol. 1 §4.8.3.7),
//! and a NaN operand propagates quieted, the one with the larger
//! significand when both are NaN (SDM vol. 1 table 4-7), as the hardware
//! does; glibc prints the sign of a NaN ("-nan").

use std::cmp::Ordering;

use rustc_apfloat::ieee::{Double, Single, X87DoubleExtended};
use rustc_apfloat::{FloatConvert, Status};

use crate::model::{BinOp, FloatPredicate, Half, Ty, X87Math};

pub type F80 = X87DoubleExtended;
/// The operations on `F80` values (`is_nan`, ...).
pub use rustc_apfloat::{Float, Round};

const RNE: Round = Round::NearestTiesToEven;

/// The value whose halves are `lo` (significand) and `hi` (sign and
/// exponent, low 16 bits).
pub fn from_parts(lo: u64, hi: u64) -> F80 {
    F80::from_bits((((hi & 0xFFFF) as u128) << 64) | lo as u128)
}

/// The two halves of `x`.
pub fn to_parts(x: F80) -> (u64, u64) {
    let b = x.to_bits();
    (b as u64, ((b >> 64) as u64) & 0xFFFF)
}

/// One half of `x`.
pub fn half(x: F80, h: Half) -> u64 {
    let (lo, hi) = to_parts(x);
    match h {
        Half::Lo => lo,
        Half::Hi => hi,
    }
}

/// The value stored at the 10 bytes `b` (little-endian).
pub fn from_bytes(b: &[u8]) -> F80 {
    let mut lo = [0u8; 8];
    lo.copy_from_slice(&b[..8]);
    from_parts(
        u64::from_le_bytes(lo),
        u16::from_le_bytes([b[8], b[9]]) as u64,
    )
}

/// The 10 bytes that store `x`.
pub fn to_bytes(x: F80) -> [u8; 10] {
    let (lo, hi) = to_parts(x);
    let mut out = [0u8; 10];
    out[..8].copy_from_slice(&lo.to_le_bytes());
    out[8..].copy_from_slice(&(hi as u16).to_le_bytes());
    out
}

/// The x87 default NaN ("real indefinite"): negative, quiet.
pub fn indefinite() -> F80 {
    from_parts(0xC000_0000_0000_0000, 0xFFFF)
}

fn quiet(x: F80) -> F80 {
    let (lo, hi) = to_parts(x);
    // The quiet bit is bit 62; a NaN read from a pseudo-NaN pattern also
    // gets its integer bit.
    from_parts(lo | 0xC000_0000_0000_0000, hi | 0x7FFF)
}

/// The NaN an operation on `args` gives when one of them is a NaN.
fn propagate(args: &[F80]) -> Option<F80> {
    let nans: Vec<F80> = args.iter().copied().filter(|a| a.is_nan()).collect();
    let pick = nans.into_iter().reduce(|a, b| {
        let (sa, sb) = (to_parts(quiet(a)).0, to_parts(quiet(b)).0);
        match sa.cmp(&sb) {
            Ordering::Less => b,
            Ordering::Greater => a,
            // Equal significands: the positive one (SDM vol. 1 table 4-7).
            Ordering::Equal if a.is_negative() => b,
            Ordering::Equal => a,
        }
    })?;
    Some(quiet(pick))
}

/// The result of an arithmetic operation whose exact answer is `r`.
fn result(args: &[F80], r: rustc_apfloat::StatusAnd<F80>) -> F80 {
    if let Some(nan) = propagate(args) {
        return nan;
    }
    if r.status.contains(Status::INVALID_OP) || r.value.is_nan() {
        return indefinite();
    }
    r.value
}

/// `fadd fsub fmul fdiv frem`; `None` for an integer operation.
pub fn binary(op: BinOp, a: F80, b: F80) -> Option<F80> {
    let r = match op {
        BinOp::FAdd => a.add_r(b, RNE),
        BinOp::FSub => a.sub_r(b, RNE),
        BinOp::FMul => a.mul_r(b, RNE),
        BinOp::FDiv => a.div_r(b, RNE),
        // LLVM's `frem` is C's fmod (exact, the sign of the dividend).
        BinOp::FRem => a.c_fmod(b),
        _ => return None,
    };
    Some(result(&[a, b], r))
}

/// `fneg`: flips the sign bit, NaNs included.
pub fn neg(a: F80) -> F80 {
    let (lo, hi) = to_parts(a);
    from_parts(lo, hi ^ 0x8000)
}

/// `fcmp pred a b`.
pub fn cmp(pred: FloatPredicate, a: F80, b: F80) -> bool {
    use FloatPredicate as P;
    let o = a.partial_cmp(&b);
    let uno = o.is_none();
    let is = |want: &[Ordering]| o.is_some_and(|o| want.contains(&o));
    match pred {
        P::False => false,
        P::True => true,
        P::Ord => !uno,
        P::Uno => uno,
        P::Oeq => is(&[Ordering::Equal]),
        P::Ogt => is(&[Ordering::Greater]),
        P::Oge => is(&[Ordering::Greater, Ordering::Equal]),
        P::Olt => is(&[Ordering::Less]),
        P::Ole => is(&[Ordering::Less, Ordering::Equal]),
        P::One => is(&[Ordering::Less, Ordering::Greater]),
        P::Ueq => uno || is(&[Ordering::Equal]),
        P::Ugt => uno || is(&[Ordering::Greater]),
        P::Uge => uno || is(&[Ordering::Greater, Ordering::Equal]),
        P::Ult => uno || is(&[Ordering::Less]),
        P::Ule => uno || is(&[Ordering::Less, Ordering::Equal]),
        P::Une => uno || !is(&[Ordering::Equal]),
    }
}

/// `fpext` of a `float` or `double` (register bits): exact.
pub fn from_float(from: Ty, bits: u64) -> Option<F80> {
    let mut loses = false;
    let r: F80 = match from {
        Ty::F32 => {
            Single::from_bits(bits as u32 as u128)
                .convert_r(RNE, &mut loses)
                .value
        }
        Ty::F64 => {
            Double::from_bits(bits as u128)
                .convert_r(RNE, &mut loses)
                .value
        }
        _ => return None,
    };
    Some(if r.is_nan() { quiet(r) } else { r })
}

/// `fptrunc` to `float` or `double`: the register bits, rounded to nearest
/// even.
pub fn to_float(to: Ty, x: F80) -> Option<u64> {
    let mut loses = false;
    Some(match to {
        Ty::F32 => {
            let r: Single = x.convert_r(RNE, &mut loses).value;
            r.to_bits() as u64
        }
        Ty::F64 => {
            let r: Double = x.convert_r(RNE, &mut loses).value;
            r.to_bits() as u64
        }
        _ => return None,
    })
}

/// `sitofp`/`uitofp` of the low `bits` bits of `v`: exact for every integer
/// of at most 64 bits (the significand has 64).
pub fn from_int(v: u64, bits: u32, signed: bool) -> F80 {
    let v = if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    };
    if signed && bits < 64 && bits > 0 && (v >> (bits - 1)) & 1 == 1 {
        let s = (v | !((1u64 << bits) - 1)) as i64;
        F80::from_i128_r(s as i128, RNE).value
    } else if signed && bits >= 64 {
        F80::from_i128_r(v as i64 as i128, RNE).value
    } else {
        F80::from_u128_r(v as u128, RNE).value
    }
}

/// `fptosi`/`fptoui` to a `bits`-bit integer (truncating toward zero, C11
/// 6.3.1.4p1); `None` when the value does not fit (undefined behavior).
pub fn to_int(x: F80, bits: u32, signed: bool) -> Option<u64> {
    let mut exact = false;
    if signed {
        let r = x.to_i128_r(bits as usize, Round::TowardZero, &mut exact);
        (!r.status.contains(Status::INVALID_OP)).then_some(r.value as i64 as u64 & mask(bits))
    } else {
        let r = x.to_u128_r(bits as usize, Round::TowardZero, &mut exact);
        (!r.status.contains(Status::INVALID_OP)).then_some(r.value as u64 & mask(bits))
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// A C library function of `long double`s (C11 7.12): `args` are its
/// operands; `None` if their number is wrong.
pub fn math(func: X87Math, args: &[F80]) -> Option<F80> {
    let round = |x: F80, r: Round| {
        if x.is_nan() {
            quiet(x)
        } else {
            x.round_to_integral(r).value
        }
    };
    Some(match (func, args) {
        (X87Math::Fabs, [a]) => {
            let (lo, hi) = to_parts(*a);
            from_parts(lo, hi & 0x7FFF)
        }
        (X87Math::Copysign, [a, b]) => {
            let (lo, hi) = to_parts(*a);
            let (_, sign) = to_parts(*b);
            from_parts(lo, (hi & 0x7FFF) | (sign & 0x8000))
        }
        // C11 F.10.9.2-3: a NaN argument is ignored when the other is a
        // number; glibc returns -0 < +0 neither way specially, so the
        // first of two equal zeros, as apfloat's minNum/maxNum.
        (X87Math::Fmin, [a, b]) => {
            if a.is_nan() && b.is_nan() {
                quiet(*a)
            } else {
                a.min(*b)
            }
        }
        (X87Math::Fmax, [a, b]) => {
            if a.is_nan() && b.is_nan() {
                quiet(*a)
            } else {
                a.max(*b)
            }
        }
        (X87Math::Floor, [a]) => round(*a, Round::TowardNegative),
        (X87Math::Ceil, [a]) => round(*a, Round::TowardPositive),
        (X87Math::Trunc, [a]) => round(*a, Round::TowardZero),
        (X87Math::Round, [a]) => round(*a, Round::NearestTiesToAway),
        // The current rounding mode: to nearest even (the program cannot
        // change it: fesetround is not modeled).
        (X87Math::Rint, [a]) => round(*a, RNE),
        (X87Math::Fmod, [a, b]) => result(&[*a, *b], a.c_fmod(*b)),
        (X87Math::Log, [a]) => log(*a)?,
        (X87Math::Sqrt, [a]) => sqrt(*a),
        _ => return None,
    })
}

/// `logl(x)` where glibc's value is known exactly: x86-64 glibc computes
/// it with the x87 `fyl2x` instruction as `ln2 × log2(x)`, `ln2` being
/// `fldln2`'s constant (ln 2 rounded to 64 bits), and for `x = 2^k`
/// (`log2(x) = k` exactly) the result is `k × ln2` rounded once; `logl(1)`
/// is +0. Other arguments are `None`: no correctly rounded logarithm is
/// modeled. libstdc++'s `std::generate_canonical` needs exactly these
/// (`log(2^32) / log(2.0L)`).
pub fn log(x: F80) -> Option<F80> {
    let (lo, hi) = to_parts(x);
    if hi & 0x8000 != 0 || hi & 0x7FFF == 0x7FFF || lo == 0 || x.is_nan() {
        return None;
    }
    // A power of two: a single significand bit (denormals included).
    if !lo.is_power_of_two() {
        return None;
    }
    let (_, m, e) = decompose(x);
    let k = e as i64 + m.trailing_zeros() as i64;
    if k == 0 {
        return Some(F80::ZERO);
    }
    let ln2 = from_parts(0xB172_17F7_D1CF_79AC, 0x3FFE);
    let kf = F80::from_i128_r(k as i128, RNE).value;
    Some(kf.mul_r(ln2, RNE).value)
}

/// `sqrtl(x)` as x87's `fsqrt` computes it (glibc's `sqrtl` on x86-64):
/// the square root rounded once to 64 bits, to nearest. A NaN gives itself
/// quieted, a zero itself, +inf itself, a negative number the default NaN
/// (an invalid operation).
pub fn sqrt(x: F80) -> F80 {
    if x.is_nan() {
        return quiet(x);
    }
    if x.is_zero() || (x.is_infinite() && !x.is_negative()) {
        return x;
    }
    if x.is_negative() {
        return indefinite();
    }
    let (_, m, e) = decompose(x);
    // Normalize (denormals have leading zeros): x = m 2^e, m in [2^63, 2^64).
    let lz = m.leading_zeros();
    let (m, e) = (m << lz, e - lz as i32);
    // An even exponent after shifting m into [2^126, 2^128), so that its
    // integer square root has exactly 64 bits.
    let shift = if (e - 63) % 2 == 0 { 63 } else { 64 };
    let radicand = (m as u128) << shift;
    let mut root = radicand.isqrt();
    // The exact root lies in [root, root + 1); it is above root + 1/2 iff
    // radicand - root^2 > root (never equal: an integer is not a square of
    // a half-integer), so this rounds to nearest and no tie can occur.
    let remainder = radicand - root * root;
    let mut exponent = (e - shift) / 2;
    if remainder > root {
        root += 1;
    }
    if root == 1 << 64 {
        root >>= 1;
        exponent += 1;
    }
    // root 2^exponent with root's top bit the integer bit.
    let biased = exponent + 63 + 16383;
    from_parts(root as u64, biased as u64)
}

/// `true` for a finite value; its sign, significand and binary exponent
/// (`x = ±m × 2^e`) for exact decimal conversion.
pub fn decompose(x: F80) -> (bool, u64, i32) {
    let (lo, hi) = to_parts(x);
    let neg = hi & 0x8000 != 0;
    let biased = (hi & 0x7FFF) as i32;
    // Denormals (and pseudo-denormals) have the exponent of biased 1.
    let e = if biased == 0 { 1 } else { biased } - 16383 - 63;
    (neg, lo, e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ld(x: f64) -> F80 {
        from_float(Ty::F64, x.to_bits()).unwrap()
    }

    #[test]
    fn square_roots_are_rounded_once() {
        let t = |x: f64| to_parts(sqrt(ld(x)));
        assert_eq!(t(4.0), to_parts(ld(2.0)));
        assert_eq!(t(0.25), to_parts(ld(0.5)));
        // sqrt(2) and sqrt(0.1) as x87 fsqrt gives them (printed natively).
        assert_eq!(t(2.0), (0xb504_f333_f9de_6484, 0x3fff));
        assert_eq!(t(3.0), (0xddb3_d742_c265_539e, 0x3fff));
        assert!(sqrt(ld(-1.0)).is_nan() && sqrt(ld(f64::INFINITY)).is_infinite());
        assert_eq!(to_parts(sqrt(ld(-0.0))), to_parts(ld(-0.0)));
        // The smallest denormal, 2^-16445: its root is 2^-8222.5.
        let r = sqrt(from_parts(1, 0));
        assert_eq!(to_parts(r).1, (16383 - 8223) as u64);
    }

    #[test]
    fn parts_round_trip_and_constants() {
        // 1.0L is 0x3FFF 8000000000000000 (LLVM prints 0xK3FFF8000000000000000).
        assert_eq!(to_parts(ld(1.0)), (0x8000_0000_0000_0000, 0x3FFF));
        assert_eq!(to_parts(ld(-2.0)), (0x8000_0000_0000_0000, 0xC000));
        let x = from_parts(0x8000_0000_0000_0001, 0x3FFF);
        assert_eq!(to_parts(x), (0x8000_0000_0000_0001, 0x3FFF));
        assert_eq!(from_bytes(&to_bytes(x)).to_bits(), x.to_bits());
    }

    #[test]
    fn extended_precision_is_kept() {
        // 1e19 + 1 - 1e19 is 1 in long double (64-bit significand), 0 in
        // double.
        let big = ld(1e19);
        let one = ld(1.0);
        let s = binary(BinOp::FAdd, big, one).unwrap();
        let d = binary(BinOp::FSub, s, big).unwrap();
        assert_eq!(to_float(Ty::F64, d), Some(1.0f64.to_bits()));
        // 2^64 + 1 rounds to 2^64 (ties to even at 64 bits).
        let two64 = ld(18446744073709551616.0);
        let r = binary(BinOp::FAdd, two64, one).unwrap();
        assert!(cmp(FloatPredicate::Oeq, r, two64));
        // 2^63 + 1 is exact.
        let two63 = from_int(1 << 63, 64, false);
        let r = binary(BinOp::FAdd, two63, one).unwrap();
        assert_eq!(to_int(r, 64, false), Some((1 << 63) + 1));
        // 1/3 rounded to 64 bits, then to double: the double nearest 1/3.
        let third = binary(BinOp::FDiv, one, ld(3.0)).unwrap();
        assert_eq!(to_parts(third), (0xAAAA_AAAA_AAAA_AAAB, 0x3FFD));
        assert_eq!(to_float(Ty::F64, third), Some((1.0f64 / 3.0).to_bits()));
    }

    #[test]
    fn conversions_and_comparisons() {
        assert_eq!(to_int(ld(-2.75), 32, true), Some((-2i32) as u32 as u64));
        assert_eq!(to_int(ld(4e9), 32, true), None);
        assert_eq!(to_int(ld(-1.0), 32, false), None);
        assert_eq!(to_int(ld(f64::NAN), 64, true), None);
        assert_eq!(to_parts(from_int(u64::MAX, 64, false)).0, u64::MAX);
        assert_eq!(
            to_int(from_int(-5i64 as u64, 64, true), 64, true),
            Some(-5i64 as u64)
        );
        assert_eq!(
            to_int(from_int(0xFFFF, 16, true), 32, true),
            Some(u32::MAX as u64)
        );
        let nan = ld(f64::NAN);
        assert!(cmp(FloatPredicate::Uno, nan, nan));
        assert!(!cmp(FloatPredicate::Oeq, nan, nan));
        assert!(cmp(FloatPredicate::Une, nan, nan));
        assert!(cmp(FloatPredicate::Oeq, ld(0.0), neg(ld(0.0))));
        assert!(cmp(FloatPredicate::Olt, ld(-1.0), ld(0.5)));
        // 0/0 is the x87 indefinite NaN (negative).
        let z = ld(0.0);
        let q = binary(BinOp::FDiv, z, z).unwrap();
        assert_eq!(to_parts(q), (0xC000_0000_0000_0000, 0xFFFF));
        assert_eq!(
            to_float(Ty::F64, q)
                .map(f64::from_bits)
                .map(|d| d.is_sign_negative()),
            Some(true)
        );
        // fptrunc of 1 + 2^-60 rounds to 1.0 in double.
        let x = from_parts(0x8000_0000_0000_0010, 0x3FFF);
        assert_eq!(to_float(Ty::F64, x), Some(1.0f64.to_bits()));
        assert_eq!(to_float(Ty::F32, ld(0.1)), Some(0.1f32.to_bits() as u64));
    }

    #[test]
    fn math_functions() {
        let m = |f, a: &[f64]| {
            let v: Vec<F80> = a.iter().map(|&x| ld(x)).collect();
            f64::from_bits(to_float(Ty::F64, math(f, &v).unwrap()).unwrap())
        };
        assert_eq!(m(X87Math::Fabs, &[-3.5]), 3.5);
        assert_eq!(m(X87Math::Floor, &[-3.5]), -4.0);
        assert_eq!(m(X87Math::Ceil, &[-3.5]), -3.0);
        assert_eq!(m(X87Math::Round, &[2.5]), 3.0);
        assert_eq!(m(X87Math::Rint, &[2.5]), 2.0);
        assert_eq!(m(X87Math::Trunc, &[-2.7]), -2.0);
        assert_eq!(m(X87Math::Fmod, &[7.5, 2.0]), 1.5);
        assert_eq!(m(X87Math::Copysign, &[2.0, -0.0]), -2.0);
        assert_eq!(m(X87Math::Fmin, &[f64::NAN, 1.0]), 1.0);
        assert_eq!(m(X87Math::Fmax, &[2.0, 1.0]), 2.0);
        assert_eq!(decompose(ld(1.0)), (false, 1 << 63, -63));
        // glibc's logl on x86-64, bits printed by a native run.
        let bits = |x: f64| {
            let (lo, hi) = to_parts(log(ld(x)).unwrap());
            format!("{hi:04x}{lo:016x}")
        };
        assert_eq!(bits(2.0), "3ffeb17217f7d1cf79ac");
        assert_eq!(bits(4294967296.0), "4003b17217f7d1cf79ac");
        assert_eq!(bits(8.0), "4000851591f9dd5b9b41");
        assert_eq!(bits(0.5), "bffeb17217f7d1cf79ac");
        assert_eq!(bits(2f64.powi(60)), "4004a65af67854b28211");
        assert_eq!(bits(2f64.powi(-100)), "c0058aa122b99bea170e");
        assert!(log(ld(3.0)).is_none());
        assert!(log(ld(-2.0)).is_none());
        assert_eq!(to_parts(log(ld(1.0)).unwrap()), (0, 0));
    }
}
