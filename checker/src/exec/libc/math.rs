//! Arithmetic: the `<math.h>` functions (C11 7.12, with `fmin`/`fmax` as in
//! F.10.9.2), in the width of their argument (`frexp`, `modf` and `remquo`,
//! which store a part through a pointer, and `nan`, which reads a string,
//! are in `parts`); `abs`, `labs` and `llabs`; `div` and `ldiv` (in
//! `division`);
//! the bit-count builtins, in the width of theirs; and the runtime
//! library's complex multiplication and division (in `complex`).

use super::{float_arg, misrouted, ret, sext, trunc, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::{LibcFunc, Ty};

/// Executes a math function `func` (routed here by [`super::call`]).
pub(super) fn call(func: LibcFunc, a: &Args<'_>) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Sqrt => math1(a, f64::sqrt),
        LibcFunc::Fabs => math1(a, f64::abs),
        LibcFunc::Exp => math1(a, f64::exp),
        LibcFunc::Log => math1(a, f64::ln),
        LibcFunc::Floor => math1(a, f64::floor),
        LibcFunc::Ceil => math1(a, f64::ceil),
        LibcFunc::Pow => math2(a, f64::powf),
        // Rust's min/max return the other operand when one is NaN, as C's
        // fmin/fmax do (C11 F.10.9.2).
        LibcFunc::Fmin => math2(a, f64::min),
        LibcFunc::Fmax => math2(a, f64::max),
        LibcFunc::Sin => math1(a, f64::sin),
        LibcFunc::Cos => math1(a, f64::cos),
        LibcFunc::Tan => math1(a, f64::tan),
        LibcFunc::Asin => math1(a, f64::asin),
        LibcFunc::Acos => math1(a, f64::acos),
        LibcFunc::Atan => math1(a, f64::atan),
        LibcFunc::Sinh => math1(a, f64::sinh),
        LibcFunc::Cosh => math1(a, f64::cosh),
        LibcFunc::Tanh => math1(a, f64::tanh),
        LibcFunc::Exp2 => math1(a, f64::exp2),
        LibcFunc::Log2 => math1(a, f64::log2),
        LibcFunc::Log10 => math1(a, f64::log10),
        LibcFunc::Cbrt => math1(a, f64::cbrt),
        // C's round goes half away from zero (C11 7.12.9.6), as Rust's does;
        // rint rounds in the current mode, round-to-nearest-even unless the
        // program changes it with fesetround (not modeled) (C11 7.12.9.4).
        LibcFunc::Round => math1(a, f64::round),
        LibcFunc::Trunc => math1(a, f64::trunc),
        LibcFunc::Rint => math1(a, f64::round_ties_even),
        // atan2(y, x) (C11 7.12.4.4).
        LibcFunc::Atan2 => math2(a, f64::atan2),
        // Rust's `%` on floats is C's fmod: exact, with the dividend's sign
        // (C11 7.12.10.1).
        LibcFunc::Fmod => math2(a, |x, y| x % y),
        LibcFunc::Hypot => math2(a, f64::hypot),
        LibcFunc::Copysign => math2(a, f64::copysign),
        // expm1 and log1p as the host's C library computes them (Rust's
        // std calls it), like the functions above; erf and erfc as fdlibm
        // computes them (the `libm` crate's port of the algorithm glibc's
        // versions derive from: within an ulp of glibc's results).
        LibcFunc::Erf => math1(a, libm::erf),
        LibcFunc::Erfc => math1(a, libm::erfc),
        LibcFunc::Expm1 => math1(a, f64::exp_m1),
        // tgamma, lgamma and remainder (C11 7.12.8.4, 7.12.8.3, 7.12.10.2)
        // as musl computes them (the `libm` crate's port): tgamma and lgamma
        // within a few ulps of glibc's (whose own error reaches several
        // ulps, so no portable value is exact), tgamma(0) is +-inf, tgamma
        // of a negative integer NaN; remainder is exact (x - n y with n the
        // nearest integer to x / y, ties to even). lgamma does not set
        // `signgam`, which the model lacks.
        LibcFunc::Tgamma => math1(a, libm::tgamma),
        LibcFunc::Lgamma => math1(a, libm::lgamma),
        LibcFunc::Remainder => math2(a, libm::remainder),
        LibcFunc::Log1p => math1(a, f64::ln_1p),
        // fdim(x, y) = x - y when x > y, else +0; NaN if either is
        // (C11 7.12.12.1, F.10.9.1).
        LibcFunc::Fdim => math2(a, |x, y| {
            if x.is_nan() || y.is_nan() {
                f64::NAN
            } else if x > y {
                x - y
            } else {
                0.0
            }
        }),
        // ldexp(x, n) = x * 2^n, rounded once (C11 7.12.6.6).
        LibcFunc::Ldexp => {
            let (x, ty) = a.get_typed(0)?;
            let n = sext(a.get(1)?, 32) as i32;
            Ok(ret(float_result(ty, libm::scalbn(float_arg(x, ty), n))))
        }
        // lround rounds half away from zero, lrint to nearest even (the
        // default rounding mode); a result outside `long`, or NaN, is
        // x86-64's conversion of it, LONG_MIN (C11 7.12.9.5, 7.12.9.7 leave
        // it unspecified).
        LibcFunc::Lround | LibcFunc::Lrint => {
            let (x, ty) = a.get_typed(0)?;
            let x = float_arg(x, ty);
            let r = if func == LibcFunc::Lround {
                x.round()
            } else {
                x.round_ties_even()
            };
            // -2^63 ..= 2^63 (exclusive), exactly representable.
            let limit = 2f64.powi(63);
            let fits = (-limit..limit).contains(&r);
            Ok(ret(if fits { r as i64 } else { i64::MIN } as u64))
        }
        LibcFunc::Popcount | LibcFunc::Clz | LibcFunc::Ctz | LibcFunc::Bswap => {
            let (v, ty) = a.get_typed(0)?;
            let bits = int_bits(ty);
            let v = trunc(v, bits);
            // Counted in the argument's width: the leading zeros of a
            // 32-bit value are those above bit 31, not bit 63; a zero
            // argument gives the width for both counts.
            let r = match func {
                LibcFunc::Popcount => v.count_ones() as u64,
                LibcFunc::Clz => (v.leading_zeros() - (64 - bits)) as u64,
                LibcFunc::Ctz => (v.trailing_zeros().min(bits)) as u64,
                _ => trunc(v.swap_bytes() >> (64 - bits), bits),
            };
            Ok(ret(r))
        }
        LibcFunc::Abs | LibcFunc::Labs | LibcFunc::Llabs => {
            let (v, ty) = a.get_typed(0)?;
            let bits = int_bits(ty);
            // abs(INT_MIN) is undefined; wrapping gives INT_MIN like hardware.
            Ok(ret(trunc(sext(v, bits).wrapping_abs() as u64, bits)))
        }
        _ => Ok(misrouted(func)),
    }
}

/// Width of an integer argument; a float or pointer passed where an integer
/// is expected is taken whole.
fn int_bits(ty: Ty) -> u32 {
    match ty {
        Ty::I1 | Ty::I8 | Ty::I16 | Ty::I32 => ty.bits(),
        Ty::I64 | Ty::F32 | Ty::F64 | Ty::Ptr => 64,
    }
}

/// Encodes a result in the width of the argument type (`f32` if the
/// extractor mapped a `float` intrinsic form, `f64` otherwise).
fn float_result(ty: Ty, x: f64) -> u64 {
    if ty == Ty::F32 {
        (x as f32).to_bits() as u64
    } else {
        x.to_bits()
    }
}

fn math1(a: &Args, f: fn(f64) -> f64) -> Result<LibcOutcome, MemFault> {
    let (v, ty) = a.get_typed(0)?;
    Ok(ret(float_result(ty, f(float_arg(v, ty)))))
}

fn math2(a: &Args, f: fn(f64, f64) -> f64) -> Result<LibcOutcome, MemFault> {
    let (x, tx) = a.get_typed(0)?;
    let (y, ty) = a.get_typed(1)?;
    Ok(ret(float_result(tx, f(float_arg(x, tx), float_arg(y, ty)))))
}

/// `frexp(x, &e)` and `modf(x, &ip)` (C11 7.12.6.4, 7.12.6.12), in the
/// width of `x`: the part stored through the pointer is an `int` for frexp,
/// a value of `x`'s type for modf. `remquo(x, y, &q)` (C11 7.12.10.3)
/// stores the sign and the low three bits of the quotient, as glibc does;
/// `nan(tag)` (C11 7.12.11.2) reads its string and returns the quiet NaN
/// (the payload a tag may give is not modeled).
pub(super) fn parts(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    if func == LibcFunc::Nan {
        mem.read_c_string(a.get(0)?)?;
        return Ok(ret(f64::NAN.to_bits()));
    }
    if func == LibcFunc::Remquo {
        let (x, ty) = a.get_typed(0)?;
        let (y, ty_y) = a.get_typed(1)?;
        let (r, q) = libm::remquo(float_arg(x, ty), float_arg(y, ty_y));
        // C leaves how many low bits to implementations (at least 3);
        // glibc keeps 3, where musl keeps more.
        let q = if q < 0 {
            -(q.wrapping_neg() & 7)
        } else {
            q & 7
        };
        mem.write_bytes(a.get(2)?, &q.to_le_bytes())?;
        return Ok(ret(float_result(ty, r)));
    }
    let (x, ty) = a.get_typed(0)?;
    let at = a.get(1)?;
    let x = float_arg(x, ty);
    if func == LibcFunc::Frexp {
        // 0, infinities and NaN are returned as they are, with exponent 0.
        let (m, e) = if x == 0.0 || !x.is_finite() {
            (x, 0)
        } else {
            libm::frexp(x)
        };
        mem.write_bytes(at, &e.to_le_bytes())?;
        return Ok(ret(float_result(ty, m)));
    }
    // The integral part keeps x's sign; the fraction of an infinity is a
    // zero of its sign.
    let whole = x.trunc();
    let frac = if x.is_infinite() {
        0.0f64.copysign(x)
    } else {
        (x - whole).copysign(x)
    };
    let bytes = float_result(ty, whole).to_le_bytes();
    mem.write_bytes(at, &bytes[..if ty == Ty::F32 { 4 } else { 8 }])?;
    Ok(ret(float_result(ty, frac)))
}

/// `__mul?c3` / `__div?c3` (`?` = `s`, `d`, `x`: `float`, `double`, `long
/// double` `_Complex`): clang divides complex values through them, and
/// multiplies through them when both parts of the inline product are NaN
/// (C11 G.5.1). The result goes to the block passed last, real part first;
/// a `long double` operand is two arguments (its halves) and each part of
/// the result takes 16 bytes (10 written). The bits are those of x86-64's
/// libgcc (`runtime_model::complex`); a NaN result's sign and payload,
/// which C leaves unspecified, may differ from a native run's.
pub(super) fn complex(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    use runtime_model::complex::{divide, divide_float, multiply};
    use runtime_model::x87;
    match func {
        LibcFunc::Mulsc3 | LibcFunc::Divsc3 => {
            let v = |i: usize| -> Result<f32, MemFault> { Ok(f32::from_bits(a.get(i)? as u32)) };
            let (p, q, r, s) = (v(0)?, v(1)?, v(2)?, v(3)?);
            let (x, y) = if func == LibcFunc::Mulsc3 {
                multiply(p, q, r, s)
            } else {
                divide_float(p, q, r, s)
            };
            let at = a.get(4)?;
            mem.write_bytes(at, &x.to_le_bytes())?;
            mem.write_bytes(at + 4, &y.to_le_bytes())?;
        }
        LibcFunc::Muldc3 | LibcFunc::Divdc3 => {
            let v = |i: usize| -> Result<f64, MemFault> { Ok(f64::from_bits(a.get(i)?)) };
            let (p, q, r, s) = (v(0)?, v(1)?, v(2)?, v(3)?);
            let (x, y) = if func == LibcFunc::Muldc3 {
                multiply(p, q, r, s)
            } else {
                divide(p, q, r, s)
            };
            let at = a.get(4)?;
            mem.write_bytes(at, &x.to_le_bytes())?;
            mem.write_bytes(at + 8, &y.to_le_bytes())?;
        }
        LibcFunc::Mulxc3 | LibcFunc::Divxc3 => {
            let v = |i: usize| -> Result<x87::F80, MemFault> {
                Ok(x87::from_parts(a.get(2 * i)?, a.get(2 * i + 1)?))
            };
            let (p, q, r, s) = (v(0)?, v(1)?, v(2)?, v(3)?);
            let (x, y) = if func == LibcFunc::Mulxc3 {
                multiply(p, q, r, s)
            } else {
                divide(p, q, r, s)
            };
            let at = a.get(8)?;
            mem.write_bytes(at, &x87::to_bytes(x))?;
            mem.write_bytes(at + 16, &x87::to_bytes(y))?;
        }
        _ => return Ok(misrouted(func)),
    }
    Ok(LibcOutcome::Return(None))
}

/// `div(n, d)` and `ldiv` (C11 7.22.6.2): the quotient truncated toward
/// zero and the remainder, `n == q * d + r`. `div_t` comes back in one
/// register (quotient in the low half, as x86-64 returns a struct of two
/// `int`s); `ldiv_t` (also `lldiv_t`, `imaxdiv_t`) is stored in the result
/// block the extractor passes last. A zero divisor, or the most negative
/// value over -1, is undefined: the error a division would give.
pub(super) fn division(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    let bits = if func == LibcFunc::Div { 32 } else { 64 };
    let (n, d) = (sext(a.get(0)?, bits), sext(a.get(1)?, bits));
    if d == 0 {
        return Err(MemFault::DivisionByZero);
    }
    let min = if bits == 32 {
        i32::MIN as i64
    } else {
        i64::MIN
    };
    if n == min && d == -1 {
        return Err(MemFault::DivisionOverflow);
    }
    let (q, r) = (n / d, n % d);
    if func == LibcFunc::Div {
        return Ok(ret((q as u32 as u64) | ((r as u32 as u64) << 32)));
    }
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&q.to_le_bytes());
    bytes[8..].copy_from_slice(&r.to_le_bytes());
    mem.write_bytes(a.get(2)?, &bytes)?;
    Ok(LibcOutcome::Return(None))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn gamma_remainder_and_division_as_glibc() {
        // Values printed by a C program linked against glibc 2.36.
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        // glibc's own tgamma and lgamma are off by up to several ulps
        // (its libm-test-ulps); musl's are as close to the true values.
        let close = |x: f64, want: f64| {
            let ulps = (x.to_bits() as i64 - want.to_bits() as i64).unsigned_abs();
            assert!(ulps <= 3, "{x:e} is {ulps} ulps from {want:e}");
        };
        assert_eq!(f(&mut m, LibcFunc::Tgamma, &[f64a(5.0)]), 24.0);
        close(f(&mut m, LibcFunc::Tgamma, &[f64a(0.5)]), 1.772453850905516);
        close(
            f(&mut m, LibcFunc::Tgamma, &[f64a(-1.5)]),
            2.363271801207355,
        );
        close(f(&mut m, LibcFunc::Tgamma, &[f64a(3.7)]), 4.170651783796604);
        close(
            f(&mut m, LibcFunc::Tgamma, &[f64a(0.001)]),
            999.4237724845956,
        );
        close(
            f(&mut m, LibcFunc::Tgamma, &[f64a(20.5)]),
            5.406242982335075e17,
        );
        close(
            f(&mut m, LibcFunc::Tgamma, &[f64a(171.5)]),
            9.4833675668248e307,
        );
        assert_eq!(f(&mut m, LibcFunc::Tgamma, &[f64a(0.0)]), f64::INFINITY);
        assert_eq!(
            f(&mut m, LibcFunc::Tgamma, &[f64a(-0.0)]),
            f64::NEG_INFINITY
        );
        assert!(f(&mut m, LibcFunc::Tgamma, &[f64a(-1.0)]).is_nan());
        assert_eq!(f(&mut m, LibcFunc::Tgamma, &[f64a(172.0)]), f64::INFINITY);
        close(
            f(&mut m, LibcFunc::Lgamma, &[f64a(5.0)]),
            3.1780538303479458,
        );
        close(
            f(&mut m, LibcFunc::Lgamma, &[f64a(0.5)]),
            0.5723649429247001,
        );
        close(
            f(&mut m, LibcFunc::Lgamma, &[f64a(100.0)]),
            359.13420536957545,
        );
        close(
            f(&mut m, LibcFunc::Lgamma, &[f64a(-0.5)]),
            1.2655121234846454,
        );
        // Near a zero of lgamma (at -2.457...) ulps are no measure: both
        // are within 1e-16 of the true value.
        let near_zero = f(&mut m, LibcFunc::Lgamma, &[f64a(-2.5)]);
        assert!((near_zero - -0.056243716497674054).abs() < 1e-16);
        assert_eq!(f(&mut m, LibcFunc::Lgamma, &[f64a(1.0)]), 0.0);
        assert_eq!(
            f(&mut m, LibcFunc::Remainder, &[f64a(10.0), f64a(3.0)]),
            1.0
        );
        assert_eq!(
            f(&mut m, LibcFunc::Remainder, &[f64a(11.0), f64a(2.0)]),
            -1.0
        );
        assert!(f(&mut m, LibcFunc::Remainder, &[f64a(5.0), f64a(0.0)]).is_nan());
        let q = m.allocate(4, AllocKind::Stack).unwrap();
        for (x, y, r, quo) in [
            (29.0, 3.0, -1.0, 2),
            (-29.0, 3.0, 1.0, -2),
            (10.5, 1.0, 0.5, 2),
        ] {
            assert_eq!(f(&mut m, LibcFunc::Remquo, &[f64a(x), f64a(y), p(q)]), r);
            assert_eq!(m.load(q, 4).unwrap() as u32 as i32, quo);
        }
        let tag = string(&mut m, "");
        assert!(f(&mut m, LibcFunc::Nan, &[p(tag)]).is_nan());
        // div_t in one register: quotient low, remainder high.
        assert_eq!(
            c(&mut m, LibcFunc::Div, &[i32a(-7), i32a(2)]).unwrap(),
            ((-1i32 as u32 as u64) << 32) | (-3i32 as u32 as u64)
        );
        let area = m.allocate(16, AllocKind::Stack).unwrap();
        call(LibcFunc::Ldiv, &[i64a(-7), i64a(2), p(area)], &mut m).unwrap();
        assert_eq!(m.load(area, 8).unwrap() as i64, -3);
        assert_eq!(m.load(area + 8, 8).unwrap() as i64, -1);
        assert_eq!(
            call(LibcFunc::Div, &[i32a(1), i32a(0)], &mut m),
            Err(MemFault::DivisionByZero)
        );
        assert_eq!(
            call(LibcFunc::Ldiv, &[i64a(i64::MIN), i64a(-1), p(area)], &mut m),
            Err(MemFault::DivisionOverflow)
        );
    }

    #[test]
    fn math() {
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        assert_eq!(f(&mut m, LibcFunc::Sqrt, &[f64a(9.0)]), 3.0);
        assert!(f(&mut m, LibcFunc::Sqrt, &[f64a(-1.0)]).is_nan());
        assert_eq!(f(&mut m, LibcFunc::Fabs, &[f64a(-2.5)]), 2.5);
        assert_eq!(f(&mut m, LibcFunc::Pow, &[f64a(2.0), f64a(10.0)]), 1024.0);
        assert_eq!(f(&mut m, LibcFunc::Exp, &[f64a(0.0)]), 1.0);
        assert_eq!(f(&mut m, LibcFunc::Log, &[f64a(1.0)]), 0.0);
        assert_eq!(f(&mut m, LibcFunc::Floor, &[f64a(-1.5)]), -2.0);
        assert_eq!(f(&mut m, LibcFunc::Ceil, &[f64a(-1.5)]), -1.0);
        assert_eq!(f(&mut m, LibcFunc::Fmin, &[f64a(f64::NAN), f64a(1.0)]), 1.0);
        assert_eq!(f(&mut m, LibcFunc::Fmax, &[f64a(2.0), f64a(1.0)]), 2.0);
        let r = c(
            &mut m,
            LibcFunc::Sqrt,
            &[(4.0f32.to_bits() as u64, Ty::F32)],
        )
        .unwrap();
        assert_eq!(r, 2.0f32.to_bits() as u64);
        assert_eq!(c(&mut m, LibcFunc::Abs, &[i32a(-7)]).unwrap(), 7);
        assert_eq!(
            c(&mut m, LibcFunc::Abs, &[i32a(i32::MIN)]).unwrap(),
            i32::MIN as u32 as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Labs, &[i64a(-7)]).unwrap(), 7);
        assert!(matches!(
            call(LibcFunc::Pow, &[f64a(1.0)], &mut m),
            Err(MemFault::Other(_))
        ));
    }

    #[test]
    fn more_math_follows_c() {
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        // fmod takes the dividend's sign and is exact (C11 7.12.10.1).
        assert_eq!(f(&mut m, LibcFunc::Fmod, &[f64a(-2.5), f64a(0.75)]), -0.25);
        assert_eq!(f(&mut m, LibcFunc::Fmod, &[f64a(2.5), f64a(-0.75)]), 0.25);
        assert!(f(&mut m, LibcFunc::Fmod, &[f64a(1.0), f64a(0.0)]).is_nan());
        // round: half away from zero; rint: half to even; trunc: toward zero.
        assert_eq!(f(&mut m, LibcFunc::Round, &[f64a(2.5)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Round, &[f64a(-2.5)]), -3.0);
        assert_eq!(f(&mut m, LibcFunc::Rint, &[f64a(2.5)]), 2.0);
        assert_eq!(f(&mut m, LibcFunc::Rint, &[f64a(-3.5)]), -4.0);
        assert_eq!(f(&mut m, LibcFunc::Trunc, &[f64a(-1.7)]), -1.0);
        // atan2(y, x) takes y first.
        assert_eq!(
            f(&mut m, LibcFunc::Atan2, &[f64a(1.0), f64a(0.0)]),
            std::f64::consts::FRAC_PI_2
        );
        assert_eq!(f(&mut m, LibcFunc::Hypot, &[f64a(3.0), f64a(4.0)]), 5.0);
        assert_eq!(f(&mut m, LibcFunc::Log10, &[f64a(1000.0)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Log2, &[f64a(8.0)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Exp2, &[f64a(-1.0)]), 0.5);
        assert_eq!(f(&mut m, LibcFunc::Cbrt, &[f64a(-27.0)]), -3.0);
        assert_eq!(
            f(&mut m, LibcFunc::Copysign, &[f64a(2.0), f64a(-0.0)]),
            -2.0
        );
        assert_eq!(f(&mut m, LibcFunc::Sin, &[f64a(0.0)]), 0.0);
        assert_eq!(f(&mut m, LibcFunc::Cos, &[f64a(0.0)]), 1.0);
        assert!(f(&mut m, LibcFunc::Acos, &[f64a(2.0)]).is_nan());
        // The float forms compute in float.
        let r = c(
            &mut m,
            LibcFunc::Round,
            &[(2.5f32.to_bits() as u64, Ty::F32)],
        )
        .unwrap();
        assert_eq!(r, 3.0f32.to_bits() as u64);
        assert_eq!(
            c(&mut m, LibcFunc::Llabs, &[i64a(i64::MIN + 1)]).unwrap(),
            i64::MAX as u64
        );
    }

    #[test]
    fn bit_counts_use_the_argument_width() {
        let mut m = mem();
        let mut f = |func, a| c(&mut m, func, &[a]).unwrap();
        assert_eq!(f(LibcFunc::Popcount, i32a(-1)), 32);
        assert_eq!(f(LibcFunc::Popcount, i64a(-1)), 64);
        assert_eq!(f(LibcFunc::Clz, i32a(0x100)), 23);
        assert_eq!(f(LibcFunc::Clz, i64a(1)), 63);
        assert_eq!(f(LibcFunc::Clz, i32a(0)), 32);
        assert_eq!(f(LibcFunc::Ctz, i32a(0)), 32);
        assert_eq!(f(LibcFunc::Ctz, i64a(1 << 40)), 40);
        assert_eq!(f(LibcFunc::Bswap, i32a(0x1122_3344)), 0x4433_2211);
        assert_eq!(f(LibcFunc::Bswap, (0x1122, Ty::I16)), 0x2211);
    }

    #[test]
    fn complex_products_and_quotients_land_in_the_result_block() {
        let mut m = mem();
        let area = m.allocate(16, AllocKind::Stack).unwrap();
        let parts = |m: &Memory| {
            let b = m.read_bytes(area, 16).unwrap();
            let f = |i: usize| f64::from_le_bytes(b[i..i + 8].try_into().unwrap());
            (f(0), f(8))
        };
        // (1 + 2i)(3 + 4i) = -5 + 10i; (1 + 2i) / (3 + 4i) = (11 + 2i) / 25.
        let args = [f64a(1.0), f64a(2.0), f64a(3.0), f64a(4.0), p(area)];
        call(LibcFunc::Muldc3, &args, &mut m).unwrap();
        assert_eq!(parts(&m), (-5.0, 10.0));
        call(LibcFunc::Divdc3, &args, &mut m).unwrap();
        let (x, y) = parts(&m);
        assert!((x - 0.44).abs() < 1e-15 && (y - 0.08).abs() < 1e-15);
    }

    #[test]
    fn erf_erfc_expm1_log1p_give_glibcs_values_or_within_an_ulp() {
        // (x, erf, erfc, expm1, log1p) as bits, printed by a C program
        // linked against glibc 2.36.
        const GLIBC: &[(u64, u64, u64, u64, u64)] = &[
            (
                0xc018000000000000,
                0xbff0000000000000,
                0x4000000000000000,
                0xbfefebb1ae0eec2b,
                0xfff8000000000000,
            ),
            (
                0xc004000000000000,
                0xbfeffcaa8f4c9bea,
                0x3ffffe5547a64df5,
                0xbfed5f8f47ed617c,
                0xfff8000000000000,
            ),
            (
                0xbff0000000000000,
                0xbfeaf767a741088b,
                0x3ffd7bb3d3a08446,
                0xbfe43a54e4e98864,
                0xfff0000000000000,
            ),
            (
                0xbfeb000000000000,
                0xbfe88d1cd474a2e0,
                0x3ffc468e6a3a5170,
                0xbfe23caa2a088390,
                0xbffdb365858403a3,
            ),
            (
                0xbfe0000000000000,
                0xbfe0a7ef5c18edd2,
                0x3ff853f7ae0c76e9,
                0xbfd92e9a0720d3ec,
                0xbfe62e42fefa39ef,
            ),
            (
                0xbddb7cdfd9d7bdbb,
                0xbddf044332d68161,
                0x3ff000000007c111,
                0xbddb7cdfd9d1d693,
                0xbddb7cdfd9dda4e3,
            ),
            (
                000000000000000000,
                000000000000000000,
                0x3ff0000000000000,
                000000000000000000,
                000000000000000000,
            ),
            (
                0x01a56e1fc2f8f359,
                0x01a82e6d98711d3a,
                0x3ff0000000000000,
                0x01a56e1fc2f8f359,
                0x01a56e1fc2f8f359,
            ),
            (
                0x3fb999999999999a,
                0x3fbcca5ea24fb334,
                0x3fec66b42bb6099a,
                0x3fbaec7b35a00d3a,
                0x3fb8663f793c46c7,
            ),
            (
                0x3fd3333333333333,
                0x3fd50838881dea0f,
                0x3fe57be3bbf10af8,
                0x3fd6641632306a56,
                0x3fd0ca937be1b9dc,
            ),
            (
                0x3fe0000000000000,
                0x3fe0a7ef5c18edd2,
                0x3fdeb02147ce245c,
                0x3fe4c2531c3c0d38,
                0x3fd9f323ecbf984c,
            ),
            (
                0x3fe8000000000000,
                0x3fe6c1c9759d0e5f,
                0x3fd27c6d14c5e341,
                0x3ff1df3b68cfb9f0,
                0x3fe1e85f5e7040d0,
            ),
            (
                0x3feb000000000000,
                0x3fe88d1cd474a2e0,
                0x3fcdcb8cae2d747e,
                0x3ff5337c3e7cfe38,
                0x3fe393e0d3562a1a,
            ),
            (
                0x3ff0000000000000,
                0x3feaf767a741088b,
                0x3fc4226162fbddd5,
                0x3ffb7e151628aed2,
                0x3fe62e42fefa39ef,
            ),
            (
                0x3ff4000000000000,
                0x3fed8865d98abe00,
                0x3fb3bcd133aa0ffc,
                0x4003ec38edb0faf0,
                0x3fe9f323ecbf984c,
            ),
            (
                0x4000000000000000,
                0x3fefd9ae142795e3,
                0x3f7328f5ec350e66,
                0x40198e64b8d4ddae,
                0x3ff193ea7aad030a,
            ),
            (
                0x4006db22d0e56042,
                0x3fefff9019809317,
                0x3f0bf99fdb3a2132,
                0x403068c2b2a94d35,
                0x3ff59925eb97be6d,
            ),
            (
                0x400c000000000000,
                0x3feffffe710d565e,
                0x3ea8ef2a9a18d857,
                0x40400ec721396bdb,
                0x3ff810b375dce91e,
            ),
            (
                0x401799999999999a,
                0x3fefffffffffffff,
                0x3c94b99601a343be,
                0x4076c09977e783d1,
                0x3ffee782fee5c0c0,
            ),
            (
                0x4018666666666666,
                0x3ff0000000000000,
                0x3c5d1ef7651e1e23,
                0x407bcdb96d1f3e59,
                0x3fff5c8c5928b0f9,
            ),
            (
                0x4024000000000000,
                0x3ff0000000000000,
                0x36a7d8a7f2a8a2d0,
                0x40d5825dcf950560,
                0x40032ee3b77f374c,
            ),
            (
                0x403b000000000000,
                0x3ff0000000000000,
                0x0000000000019e0f,
                0x425ef822f7f6331d,
                0x400aa85ad6964a23,
            ),
            (
                0x403e000000000000,
                0x3ff0000000000000,
                000000000000000000,
                0x42a370470aec26ed,
                0x400b78ce48912b5a,
            ),
        ];
        let mut m = mem();
        for &(x, erf, erfc, expm1, log1p) in GLIBC {
            for (func, want) in [
                (LibcFunc::Erf, erf),
                (LibcFunc::Erfc, erfc),
                (LibcFunc::Expm1, expm1),
                (LibcFunc::Log1p, log1p),
            ] {
                let got = c(&mut m, func, &[(x, Ty::F64)]).unwrap();
                let (g, w) = (f64::from_bits(got), f64::from_bits(want));
                // erf and erfc may differ from glibc's in the last bit.
                let ulps = if matches!(func, LibcFunc::Erf | LibcFunc::Erfc) {
                    1
                } else {
                    0
                };
                assert!(
                    got.abs_diff(want) <= ulps || (g.is_nan() && w.is_nan()),
                    "{}({}) = {g:e}, glibc {w:e}",
                    func.c_name(),
                    f64::from_bits(x)
                );
            }
        }
    }

    #[test]
    fn parts_rounding_and_scaling() {
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        let at = m.allocate(8, AllocKind::Stack).unwrap();
        assert_eq!(f(&mut m, LibcFunc::Frexp, &[f64a(48.0), p(at)]), 0.75);
        assert_eq!(m.load(at, 4).unwrap(), 6);
        assert_eq!(f(&mut m, LibcFunc::Frexp, &[f64a(-0.0), p(at)]), -0.0);
        assert_eq!(m.load(at, 4).unwrap(), 0);
        assert_eq!(f(&mut m, LibcFunc::Modf, &[f64a(-3.75), p(at)]), -0.75);
        assert_eq!(f64::from_bits(m.load(at, 8).unwrap()), -3.0);
        let frac = f(&mut m, LibcFunc::Modf, &[f64a(-2.0), p(at)]);
        assert!(frac == 0.0 && frac.is_sign_negative());
        // modff stores a float.
        m.store(at, 8, u64::MAX).unwrap();
        let r = c(
            &mut m,
            LibcFunc::Modf,
            &[(2.5f32.to_bits() as u64, Ty::F32), p(at)],
        )
        .unwrap();
        assert_eq!(r, 0.5f32.to_bits() as u64);
        assert_eq!(
            m.load(at, 8).unwrap(),
            0xFFFF_FFFF_0000_0000 | 2.0f32.to_bits() as u64
        );
        let short = m.allocate(2, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::Frexp, &[f64a(1.0), p(short)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert_eq!(f(&mut m, LibcFunc::Ldexp, &[f64a(0.75), i32a(4)]), 12.0);
        assert_eq!(
            f(&mut m, LibcFunc::Ldexp, &[f64a(1.0), i32a(-1074)]),
            5e-324
        );
        assert_eq!(
            f(&mut m, LibcFunc::Ldexp, &[f64a(1.0), i32a(1024)]),
            f64::INFINITY
        );
        assert_eq!(f(&mut m, LibcFunc::Fdim, &[f64a(5.0), f64a(3.0)]), 2.0);
        assert_eq!(f(&mut m, LibcFunc::Fdim, &[f64a(3.0), f64a(5.0)]), 0.0);
        let mut l = |func, x: f64| c(&mut m, func, &[f64a(x)]).unwrap() as i64;
        assert_eq!(l(LibcFunc::Lround, 2.5), 3);
        assert_eq!(l(LibcFunc::Lround, -2.5), -3);
        assert_eq!(l(LibcFunc::Lrint, 2.5), 2);
        assert_eq!(l(LibcFunc::Lrint, -3.5), -4);
        assert_eq!(l(LibcFunc::Lround, 1e19), i64::MIN);
        assert_eq!(l(LibcFunc::Lrint, f64::NAN), i64::MIN);
    }
}
