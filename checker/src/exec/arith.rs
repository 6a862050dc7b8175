//! The value semantics of the model's arithmetic, comparisons and casts on
//! register values (integers zero-extended to 64 bits, floats as their bit
//! patterns): one definition shared by the interpreter's general path
//! (`interp`) and its compiled form (`code`), so the two cannot disagree.

use super::interp::Fault;
use super::memory::MemFault;
use runtime_model::model::{BinOp, CastOp, FloatPredicate, IntPredicate, Ty, X87Math, X87Op};

#[inline(always)]
pub fn mask(v: u64, ty: Ty) -> u64 {
    match ty.bits() {
        64 => v,
        b => v & ((1u64 << b) - 1),
    }
}

#[inline(always)]
pub fn sext(v: u64, ty: Ty) -> i64 {
    match ty.bits() {
        64 => v as i64,
        b => ((v << (64 - b)) as i64) >> (64 - b),
    }
}

#[inline(always)]
pub fn to_f64(v: u64, ty: Ty) -> f64 {
    if ty == Ty::F32 {
        f32::from_bits(v as u32) as f64
    } else {
        f64::from_bits(v)
    }
}

#[inline(always)]
pub fn from_f64(x: f64, ty: Ty) -> u64 {
    if ty == Ty::F32 {
        (x as f32).to_bits() as u64
    } else {
        x.to_bits()
    }
}

#[inline(always)]
pub fn from_f64f(
    a: u64,
    b: u64,
    ty: Ty,
    f32op: fn(f32, f32) -> f32,
    f64op: fn(f64, f64) -> f64,
) -> u64 {
    if ty == Ty::F32 {
        f32op(f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u64
    } else {
        f64op(f64::from_bits(a), f64::from_bits(b)).to_bits()
    }
}

/// `a op b` at type `ty`; integer division by zero and the overflowing
/// signed division trap.
#[inline(always)]
pub fn binary(op: BinOp, ty: Ty, a: u64, b: u64) -> Result<u64, Fault> {
    Ok(match op {
        BinOp::Add => mask(a.wrapping_add(b), ty),
        BinOp::Sub => mask(a.wrapping_sub(b), ty),
        BinOp::Mul => mask(a.wrapping_mul(b), ty),
        BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem if mask(b, ty) == 0 => {
            return Err(Fault::Memory(MemFault::DivisionByZero))
        }
        // The quotient of the most negative value by -1 does not
        // fit (C11 §6.5.5p6: undefined; x86-64's idiv traps with
        // SIGFPE, for the remainder too).
        BinOp::SDiv | BinOp::SRem
            if ty.bits() > 1
                && sext(b, ty) == -1
                && sext(a, ty) == sext(1u64 << (ty.bits() - 1), ty) =>
        {
            return Err(Fault::Memory(MemFault::DivisionOverflow))
        }
        BinOp::UDiv => a / b,
        BinOp::URem => a % b,
        BinOp::SDiv => mask(sext(a, ty).wrapping_div(sext(b, ty)) as u64, ty),
        BinOp::SRem => mask(sext(a, ty).wrapping_rem(sext(b, ty)) as u64, ty),
        BinOp::Shl => mask(a.wrapping_shl(b as u32 % ty.bits().max(1)), ty),
        BinOp::LShr => a.wrapping_shr(b as u32 % ty.bits().max(1)),
        BinOp::AShr => mask((sext(a, ty) >> (b as u32 % ty.bits().max(1))) as u64, ty),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::FAdd => from_f64f(a, b, ty, |x, y| x + y, |x, y| x + y),
        BinOp::FSub => from_f64f(a, b, ty, |x, y| x - y, |x, y| x - y),
        BinOp::FMul => from_f64f(a, b, ty, |x, y| x * y, |x, y| x * y),
        BinOp::FDiv => from_f64f(a, b, ty, |x, y| x / y, |x, y| x / y),
        BinOp::FRem => from_f64f(a, b, ty, |x, y| x % y, |x, y| x % y),
    })
}

#[inline(always)]
pub fn fneg(ty: Ty, v: u64) -> u64 {
    from_f64(-to_f64(v, ty), ty)
}

#[inline(always)]
pub fn icmp(pred: IntPredicate, ty: Ty, a: u64, b: u64) -> u64 {
    let (a, b) = (mask(a, ty), mask(b, ty));
    pred.holds((a, b), (sext(a, ty), sext(b, ty))) as u64
}

#[inline(always)]
pub fn fcmp(pred: FloatPredicate, ty: Ty, a: u64, b: u64) -> u64 {
    let (a, b) = (to_f64(a, ty), to_f64(b, ty));
    let uno = a.is_nan() || b.is_nan();
    use FloatPredicate as P;
    let r = match pred {
        P::False => false,
        P::True => true,
        P::Ord => !uno,
        P::Uno => uno,
        P::Oeq => !uno && a == b,
        P::Ogt => !uno && a > b,
        P::Oge => !uno && a >= b,
        P::Olt => !uno && a < b,
        P::Ole => !uno && a <= b,
        P::One => !uno && a != b,
        P::Ueq => uno || a == b,
        P::Ugt => uno || a > b,
        P::Uge => uno || a >= b,
        P::Ult => uno || a < b,
        P::Ule => uno || a <= b,
        P::Une => uno || a != b,
    };
    r as u64
}

/// Whether a floating-point to integer conversion (`op` FpToSi or FpToUi)
/// of `x` fits the integer type `to`: the value truncated toward zero is
/// representable (C11 6.3.1.4: otherwise the behavior is undefined; LLVM's
/// `fptosi`/`fptoui` give poison, x86 the "integer indefinite" value).
/// Always true for the other casts.
#[inline(always)]
pub fn cast_defined(op: CastOp, from: Ty, to: Ty, x: u64) -> bool {
    let signed = match op {
        CastOp::FpToSi => true,
        CastOp::FpToUi => false,
        _ => return true,
    };
    let t = to_f64(x, from).trunc();
    let bits = to.bits() as i32;
    if signed {
        t >= -(2f64.powi(bits - 1)) && t < 2f64.powi(bits - 1)
    } else {
        t >= 0.0 && t < 2f64.powi(bits)
    }
}

/// The message for a conversion [`cast_defined`] rejects.
pub fn cast_undefined(from: Ty, to: Ty, x: u64, op: CastOp) -> String {
    format!(
        "conversion of the floating-point value {:e} to a {}-bit {} integer, which cannot represent it: undefined behavior (C11 6.3.1.4); a real run gets a value the compiler and machine choose",
        to_f64(x, from),
        to.bits(),
        if op == CastOp::FpToSi { "signed" } else { "unsigned" }
    )
}

#[inline(always)]
pub fn cast(op: CastOp, from: Ty, to: Ty, x: u64) -> u64 {
    match op {
        CastOp::Trunc => mask(x, to),
        CastOp::ZExt | CastOp::IntToPtr => mask(x, from),
        CastOp::SExt => mask(sext(x, from) as u64, to),
        CastOp::FpTrunc | CastOp::FpExt => from_f64(to_f64(x, from), to),
        CastOp::FpToSi => mask(to_f64(x, from) as i64 as u64, to),
        CastOp::FpToUi => mask(to_f64(x, from) as u64, to),
        CastOp::SiToFp => from_f64(sext(x, from) as f64, to),
        CastOp::UiToFp => from_f64(mask(x, from) as f64, to),
        CastOp::PtrToInt => mask(x, to),
        CastOp::BitCast => x,
    }
}

/// An integer comparison prepared for the compiled path (`code`): both
/// operands are shifted so that the type's bits are the top bits (which
/// drops the bits above the type, as `mask` does) and, for a signed
/// predicate, the sign bit is flipped, which makes the unsigned order of
/// the results the signed order of the values. Every predicate is then one
/// of `==`, `!=`, `<`, `<=`, with the operands swapped for `>` and `>=`.
/// The same answers as [`icmp`] (tested below).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntCmp {
    shift: u8,
    /// The relation (`REL_*`), with `SIGNED` and `SWAP`.
    code: u8,
}

const REL_EQ: u8 = 0;
const REL_NE: u8 = 1;
const REL_LT: u8 = 2;
const REL_LE: u8 = 3;
const SIGNED: u8 = 4;
const SWAP: u8 = 8;

impl IntCmp {
    pub fn new(pred: IntPredicate, ty: Ty) -> IntCmp {
        use IntPredicate as P;
        let code = match pred {
            P::Eq => REL_EQ,
            P::Ne => REL_NE,
            P::Ult => REL_LT,
            P::Ule => REL_LE,
            P::Ugt => REL_LT | SWAP,
            P::Uge => REL_LE | SWAP,
            P::Slt => REL_LT | SIGNED,
            P::Sle => REL_LE | SIGNED,
            P::Sgt => REL_LT | SIGNED | SWAP,
            P::Sge => REL_LE | SIGNED | SWAP,
        };
        IntCmp {
            shift: (64 - ty.bits().clamp(1, 64)) as u8,
            code,
        }
    }

    /// `icmp pred ty a, b` (1 or 0).
    #[inline(always)]
    pub fn eval(self, a: u64, b: u64) -> u64 {
        // `SIGNED` is bit 2: moved to bit 63 it is the sign bit.
        let flip = ((self.code & SIGNED) as u64) << 61;
        let (x, y) = ((a << self.shift) ^ flip, (b << self.shift) ^ flip);
        let (x, y) = if self.code & SWAP != 0 {
            (y, x)
        } else {
            (x, y)
        };
        (match self.code & 3 {
            REL_EQ => x == y,
            REL_NE => x != y,
            REL_LT => x < y,
            _ => x <= y,
        }) as u64
    }
}

/// An operation on x87 80-bit `long double`s (`InstKind::X87`): each
/// `long double` operand is two arguments, its low then its high half
/// (`runtime_model::model::Half`); the result is the half the operation
/// names, or the `i1`, `float`/`double` bits or integer it makes.
pub fn x87(op: X87Op, args: &[u64]) -> Result<u64, Fault> {
    use runtime_model::x87 as f;
    let malformed = || Fault::Unsupported(format!("malformed long double operation {op:?}"));
    let ld = |i: usize| -> Result<f::F80, Fault> {
        match (args.get(2 * i), args.get(2 * i + 1)) {
            (Some(&lo), Some(&hi)) => Ok(f::from_parts(lo, hi)),
            _ => Err(malformed()),
        }
    };
    let arity = |n: usize| {
        if args.len() == n {
            Ok(())
        } else {
            Err(malformed())
        }
    };
    Ok(match op {
        X87Op::Binary { op, half } => {
            arity(4)?;
            f::half(f::binary(op, ld(0)?, ld(1)?).ok_or_else(malformed)?, half)
        }
        X87Op::Neg { half } => {
            arity(2)?;
            f::half(f::neg(ld(0)?), half)
        }
        X87Op::Cmp { pred } => {
            arity(4)?;
            f::cmp(pred, ld(0)?, ld(1)?) as u64
        }
        X87Op::FromFloat { from, half } => {
            arity(1)?;
            f::half(f::from_float(from, args[0]).ok_or_else(malformed)?, half)
        }
        X87Op::ToFloat { to } => {
            arity(2)?;
            f::to_float(to, ld(0)?).ok_or_else(malformed)?
        }
        X87Op::FromInt { from, signed, half } => {
            arity(1)?;
            f::half(f::from_int(args[0], from.bits(), signed), half)
        }
        X87Op::ToInt { to, signed } => {
            arity(2)?;
            f::to_int(ld(0)?, to.bits(), signed).ok_or_else(|| {
                // C11 6.3.1.4p1: undefined; x86 would give the "integer
                // indefinite", a compiler may assume it never happens.
                Fault::Unsupported(
                    "conversion of a long double whose value does not fit the integer type \
                     (undefined behavior, C11 6.3.1.4p1)"
                        .into(),
                )
            })?
        }
        X87Op::Math { func, half } => {
            if !args.len().is_multiple_of(2) {
                return Err(malformed());
            }
            let vals = (0..args.len() / 2).map(ld).collect::<Result<Vec<_>, _>>()?;
            if func == X87Math::Log && vals.len() == 1 && f::log(vals[0]).is_none() {
                return Err(Fault::Unsupported(
                    "logl of a long double other than a power of two (only those are \
                     modeled exactly)"
                        .into(),
                ));
            }
            f::half(f::math(func, &vals).ok_or_else(malformed)?, half)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_integer_conversions_are_defined_exactly_in_range() {
        let d = |v: f64| v.to_bits();
        let si = |v: f64, to: Ty| cast_defined(CastOp::FpToSi, Ty::F64, to, d(v));
        let ui = |v: f64, to: Ty| cast_defined(CastOp::FpToUi, Ty::F64, to, d(v));
        // The value truncated toward zero must fit (C11 6.3.1.4).
        assert!(si(2147483647.9, Ty::I32) && !si(2147483648.0, Ty::I32));
        assert!(si(-2147483648.9, Ty::I32) && !si(-2147483649.0, Ty::I32));
        assert!(si(127.5, Ty::I8) && !si(128.0, Ty::I8));
        assert!(si(-9.2e18, Ty::I64) && !si(9.3e18, Ty::I64));
        assert!(ui(-0.9, Ty::I32) && !ui(-1.0, Ty::I32));
        assert!(ui(4294967295.5, Ty::I32) && !ui(4294967296.0, Ty::I32));
        assert!(!si(f64::NAN, Ty::I32) && !ui(f64::INFINITY, Ty::I64));
        let f = (3e9f32).to_bits() as u64;
        assert!(!cast_defined(CastOp::FpToSi, Ty::F32, Ty::I32, f));
        assert!(cast_defined(CastOp::FpToSi, Ty::F32, Ty::I64, f));
        // Other casts are always defined.
        assert!(cast_defined(CastOp::SiToFp, Ty::I64, Ty::F64, u64::MAX));
    }

    #[test]
    fn prepared_comparison_agrees_with_icmp() {
        use IntPredicate as P;
        let preds = [
            P::Eq,
            P::Ne,
            P::Ugt,
            P::Uge,
            P::Ult,
            P::Ule,
            P::Sgt,
            P::Sge,
            P::Slt,
            P::Sle,
        ];
        let values = [
            0u64,
            1,
            2,
            0x7f,
            0x80,
            0xff,
            0x7fff,
            0x8000,
            0xffff,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            0x1_0000_0000,
            0x1_8000_0001,
            i64::MAX as u64,
            i64::MIN as u64,
            u64::MAX,
            u64::MAX - 1,
            0x1234_5678_9abc_def0,
        ];
        for ty in [Ty::I1, Ty::I8, Ty::I16, Ty::I32, Ty::I64, Ty::Ptr] {
            for pred in preds {
                let c = IntCmp::new(pred, ty);
                for &a in &values {
                    for &b in &values {
                        assert_eq!(
                            c.eval(a, b),
                            icmp(pred, ty, a, b),
                            "{pred:?} {ty:?} {a:#x} {b:#x}"
                        );
                    }
                }
            }
        }
    }
}
