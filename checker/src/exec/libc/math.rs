//! Arithmetic: the `<math.h>` functions (C11 7.12, with `fmin`/`fmax` as in
//! F.10.9.2), in the width of their argument; `abs`, `labs` and `llabs`;
//! the bit-count builtins, in the width of theirs; and clang's complex
//! multiplication and division fallbacks (C11 G.5.1), which are not modeled.

use super::{float_arg, misrouted, ret, sext, trunc, Args, LibcOutcome};
use crate::exec::memory::MemFault;
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
        // Clang multiplies `double _Complex` values inline and calls
        // __muldc3 only when both parts of the naive product are NaN, to
        // recover infinities (C11 G.5.1); division always calls __divdc3.
        // Neither recovery is modeled: reaching one is inconclusive.
        LibcFunc::Muldc3 | LibcFunc::Divdc3 => Ok(LibcOutcome::Unsupported(format!(
            "{} (complex {} with C11 Annex G semantics) is not modeled",
            func.c_name(),
            if func == LibcFunc::Muldc3 {
                "multiplication of operands giving NaN"
            } else {
                "division"
            }
        ))),
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

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

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
    fn complex_library_fallbacks_are_inconclusive() {
        let mut m = mem();
        let area = m.allocate(16, AllocKind::Stack).unwrap();
        let args = [f64a(1.0), f64a(2.0), f64a(3.0), f64a(4.0), p(area)];
        for f in [LibcFunc::Muldc3, LibcFunc::Divdc3] {
            assert!(matches!(
                call(f, &args, &mut m),
                Ok(LibcOutcome::Unsupported(_))
            ));
        }
    }
}
