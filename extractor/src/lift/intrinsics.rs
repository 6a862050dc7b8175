//! LLVM intrinsics clang emits at `-O0`, rewritten into model instructions.
//!
//! Intrinsic names carry type suffixes (`llvm.memcpy.p0.p0.i64`), so they
//! are matched by prefix; `name` here has the `llvm.` already removed.

use runtime_model::model::{
    Arg, BinOp, CastOp, FloatPredicate, InstKind, IntPredicate, LibcFunc, Operand, Ty,
};

use super::calls::{emit_libc, result_reg};
use super::function::FunctionLifter;
use super::ir::Value;
use crate::error::ExtractError;

/// Intrinsics with no effect on what the checker observes.
const DROPPED: &[&str] = &[
    "dbg.",
    "lifetime.",
    "experimental.noalias.scope.decl",
    "assume",
    "stackrestore",
];

/// `llvm.<x>.f64` / `llvm.<x>.f32` intrinsics that are the C math function
/// `<x>` (or its `float` form); the checker computes in the argument's width.
/// Clang emits them for the math functions that cannot set `errno`
/// (`floor`, `round`, `fabs`, ...) and for `__builtin_*` forms.
const MATH: &[(&str, LibcFunc)] = &[
    ("sqrt", LibcFunc::Sqrt),
    ("pow", LibcFunc::Pow),
    ("exp", LibcFunc::Exp),
    ("exp2", LibcFunc::Exp2),
    ("log", LibcFunc::Log),
    ("log2", LibcFunc::Log2),
    ("log10", LibcFunc::Log10),
    ("floor", LibcFunc::Floor),
    ("ceil", LibcFunc::Ceil),
    ("round", LibcFunc::Round),
    ("trunc", LibcFunc::Trunc),
    ("rint", LibcFunc::Rint),
    // Without floating-point exceptions these three are the same function.
    ("nearbyint", LibcFunc::Rint),
    ("roundeven", LibcFunc::Rint),
    ("minnum", LibcFunc::Fmin),
    ("maxnum", LibcFunc::Fmax),
    ("sin", LibcFunc::Sin),
    ("cos", LibcFunc::Cos),
    ("tan", LibcFunc::Tan),
    ("asin", LibcFunc::Asin),
    ("acos", LibcFunc::Acos),
    ("atan", LibcFunc::Atan),
    ("atan2", LibcFunc::Atan2),
    ("sinh", LibcFunc::Sinh),
    ("cosh", LibcFunc::Cosh),
    ("tanh", LibcFunc::Tanh),
    ("copysign", LibcFunc::Copysign),
    ("fabs", LibcFunc::Fabs),
];

/// The math function of `llvm.<x>.f64` / `llvm.<x>.f32` (`name` without `llvm.`).
fn math_intrinsic(name: &str) -> Option<LibcFunc> {
    let base = name
        .strip_suffix(".f64")
        .or_else(|| name.strip_suffix(".f32"))?;
    MATH.iter().find(|(n, _)| *n == base).map(|&(_, f)| f)
}

pub fn lift_intrinsic<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    name: &str,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    if DROPPED.iter().any(|p| name.starts_with(p)) {
        return Ok(());
    }
    if name.starts_with("eh.typeid.for") {
        return super::eh::type_id(fl, inst, args);
    }
    // The trailing `i1 isvolatile` flag of the memory intrinsics does not
    // change what they do to memory.
    let memory = [
        ("memcpy.", LibcFunc::Memcpy),
        ("memmove.", LibcFunc::Memmove),
        ("memset.", LibcFunc::Memset),
    ];
    if let Some(&(_, func)) = memory.iter().find(|(p, _)| name.starts_with(p)) {
        return emit_libc(fl, None, func, args.get(..3).unwrap_or(args));
    }
    if let Some(base) = name.strip_suffix(".f80") {
        if base == "fmuladd" {
            return super::long_double::mul_add(fl, inst, args);
        }
        if base == "is.fpclass" {
            return fp_class_long_double(fl, inst, args);
        }
        if let Some(func) = super::long_double::math_function(base) {
            return super::long_double::math_call(fl, inst, func, args);
        }
        return Err(fl.unsupported(format!("llvm.{name} (long double)")));
    }
    if let Some(func) = math_intrinsic(name) {
        let dst = result_reg(fl, inst)?;
        return emit_libc(fl, dst, func, args);
    }
    // `ctlz`/`cttz` carry an `i1 is_zero_poison` flag: with it set, a zero
    // argument gives poison, for which the width (the flag-clear result)
    // is one possible value.
    let bits = [
        ("ctpop.", LibcFunc::Popcount),
        ("ctlz.", LibcFunc::Clz),
        ("cttz.", LibcFunc::Ctz),
        ("bswap.", LibcFunc::Bswap),
    ];
    if let Some(&(_, func)) = bits.iter().find(|(p, _)| name.starts_with(p)) {
        let dst = result_reg(fl, inst)?;
        return emit_libc(fl, dst, func, args.get(..1).unwrap_or(args));
    }
    if name.starts_with("is.fpclass.") {
        return fp_class(fl, inst, args);
    }
    if name.starts_with("fmuladd.") || name.starts_with("fma.") {
        return multiply_add(fl, inst, args);
    }
    let min_max = [
        ("smax.", IntPredicate::Sgt),
        ("smin.", IntPredicate::Slt),
        ("umax.", IntPredicate::Ugt),
        ("umin.", IntPredicate::Ult),
    ];
    if let Some(&(_, pred)) = min_max.iter().find(|(p, _)| name.starts_with(p)) {
        return min_max_select(fl, inst, args, pred);
    }
    let overflow = [
        ("uadd.with.overflow.", BinOp::Add, false),
        ("sadd.with.overflow.", BinOp::Add, true),
        ("usub.with.overflow.", BinOp::Sub, false),
        ("ssub.with.overflow.", BinOp::Sub, true),
        ("umul.with.overflow.", BinOp::Mul, false),
        ("smul.with.overflow.", BinOp::Mul, true),
    ];
    if let Some(&(_, op, signed)) = overflow.iter().find(|(p, _, _)| name.starts_with(p)) {
        return super::aggregates::overflow_arith(fl, inst, args, op, signed);
    }
    // `__builtin_constant_p` (libstdc++'s char_traits asks it): nothing is
    // a compile-time constant to the unoptimized code the model runs.
    if name.starts_with("is.constant.") {
        let dst = fl.reg_of(inst)?;
        fl.emit(InstKind::Cast {
            dst,
            op: CastOp::BitCast,
            from: Ty::I1,
            to: Ty::I1,
            value: Operand::Const(0),
        });
        return Ok(());
    }
    if name.starts_with("abs.") {
        return absolute_value(fl, inst, args);
    }
    if name == "stacksave" || name.starts_with("stacksave.") {
        // Only `stackrestore` (dropped) reads the saved value.
        let dst = fl.reg_of(inst)?;
        let ty = fl.register_ty(inst.ty())?;
        fl.emit(InstKind::Cast {
            dst,
            op: CastOp::BitCast,
            from: ty,
            to: ty,
            value: Operand::Const(0),
        });
        return Ok(());
    }
    if name == "trap" {
        return emit_libc(fl, None, LibcFunc::Abort, &[]);
    }
    // The address of a `threadprivate` or `_Thread_local` variable is the
    // running thread's copy: the variable itself outside parallel regions
    // and on a team's thread 0, a copy of its own on every other thread
    // (OpenMP 5.2 §5.2).
    if name.starts_with("threadlocal.address.") {
        let dst = fl.reg_of(inst)?;
        let args = vec![operand(fl, args, 0)?];
        fl.emit(InstKind::Omp {
            dst: Some(dst),
            call: runtime_model::omp::OmpCall::ThreadLocalAddress,
            args,
        });
        return Ok(());
    }
    // `__builtin_expect(v, e)` is `v` with a branch hint.
    if name.starts_with("expect.") {
        let dst = fl.reg_of(inst)?;
        let ty = fl.register_ty(inst.ty())?;
        let value = operand(fl, args, 0)?;
        fl.emit(InstKind::Cast {
            dst,
            op: CastOp::BitCast,
            from: ty,
            to: ty,
            value,
        });
        return Ok(());
    }
    if name.starts_with("va_start") {
        return va_start(fl, args);
    }
    if name.starts_with("va_copy") {
        // A `va_list` is a plain 24-byte record here: copying it copies
        // the position in the argument area.
        let (dst, src) = (operand(fl, args, 0)?, operand(fl, args, 1)?);
        fl.emit(InstKind::Libc {
            dst: None,
            func: LibcFunc::Memcpy,
            args: vec![
                Arg {
                    ty: Ty::Ptr,
                    value: dst,
                },
                Arg {
                    ty: Ty::Ptr,
                    value: src,
                },
                Arg {
                    ty: Ty::I64,
                    value: Operand::Const(VA_LIST_SIZE),
                },
            ],
        });
        return Ok(());
    }
    // `va_end` releases nothing in this representation.
    if name.starts_with("va_end") {
        return Ok(());
    }
    Err(fl.unsupported(format!("call to llvm.{name}")))
}

/// `llvm.is.fpclass` mask bits of the classes whose two signs are tested
/// together (0-1 NaN, 2/9 -inf/+inf, 3/8 -/+normal, 4/7 -/+subnormal,
/// 5/6 -/+zero).
const NAN: u64 = 0x003;
const INF: u64 = 0x204;
const NORMAL: u64 = 0x108;
const SUBNORMAL: u64 = 0x090;
const ZERO: u64 = 0x060;

/// The constant class mask of an `is.fpclass` call, if it tests whole
/// classes (both signs), the only masks clang's `isnan`, `isinf`,
/// `isfinite`, `isnormal` and `fpclassify` make.
fn class_mask(fl: &FunctionLifter<'_, '_>, args: &[Value<'_>]) -> Result<u64, ExtractError> {
    let mask = args
        .get(1)
        .and_then(|m| m.const_int_zext())
        .ok_or_else(|| fl.unsupported("llvm.is.fpclass with a variable class mask"))?;
    let covered = [NAN, INF, NORMAL, SUBNORMAL, ZERO]
        .iter()
        .filter(|c| mask & **c == **c)
        .fold(0, |a, c| a | c);
    if covered != mask & 0x3ff {
        return Err(fl.unsupported(format!(
            "llvm.is.fpclass testing one sign of a class (mask {mask:#x})"
        )));
    }
    Ok(mask)
}

/// `dst` = the disjunction of the `i1` values `terms` (false if none).
fn any_of(fl: &mut FunctionLifter<'_, '_>, dst: runtime_model::model::Reg, terms: Vec<Operand>) {
    let mut acc = Operand::Const(0);
    for t in terms {
        let r = fl.fresh_reg();
        fl.emit(InstKind::Binary {
            dst: r,
            op: BinOp::Or,
            ty: Ty::I1,
            lhs: acc,
            rhs: t,
        });
        acc = Operand::Reg(r);
    }
    fl.emit(InstKind::Cast {
        dst,
        op: CastOp::BitCast,
        from: Ty::I1,
        to: Ty::I1,
        value: acc,
    });
}

/// `is.fpclass(x, mask)`: whether `x` is in one of the classes of `mask`
/// (bits: 0-1 NaN, 2/9 -inf/+inf, 3/8 -/+normal, 4/7 -/+subnormal, 5/6
/// -/+zero). Clang emits it for `isnan`, `isinf`, `isfinite`, `isnormal`;
/// those test both signs of a class, the only masks modeled here: each class
/// is a comparison of `x` or `fabs(x)`, and the result their disjunction.
fn fp_class<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let x_val = args
        .first()
        .copied()
        .ok_or_else(|| fl.internal("is.fpclass without an operand".into()))?;
    let ty = fl.register_ty(x_val.ty())?;
    let x = fl.operand(x_val)?;
    let mask = class_mask(fl, args)?;
    let float = |v: f64| match ty {
        Ty::F32 => Operand::Const((v as f32).to_bits() as u64),
        _ => Operand::Const(v.to_bits()),
    };
    let min_normal = match ty {
        Ty::F32 => f32::MIN_POSITIVE as f64,
        _ => f64::MIN_POSITIVE,
    };
    let magnitude = fl.fresh_reg();
    fl.emit(InstKind::Libc {
        dst: Some(magnitude),
        func: LibcFunc::Fabs,
        args: vec![Arg { ty, value: x }],
    });
    let ax = Operand::Reg(magnitude);
    let cmp = |fl: &mut FunctionLifter<'_, 'm>, pred, lhs, rhs| {
        let r = fl.fresh_reg();
        fl.emit(InstKind::FCmp {
            dst: r,
            pred,
            ty,
            lhs,
            rhs,
        });
        Operand::Reg(r)
    };
    let mut terms = Vec::new();
    if mask & NORMAL == NORMAL && mask & SUBNORMAL == SUBNORMAL && mask & ZERO == ZERO {
        // `isfinite`: ordered and below infinity.
        terms.push(cmp(fl, FloatPredicate::Olt, ax, float(f64::INFINITY)));
    } else {
        if mask & ZERO == ZERO {
            terms.push(cmp(fl, FloatPredicate::Oeq, ax, float(0.0)));
        }
        // Normal: min_normal <= |x| < inf; subnormal: 0 < |x| < min_normal.
        for (class, lo_pred, lo, hi) in [
            (NORMAL, FloatPredicate::Oge, min_normal, f64::INFINITY),
            (SUBNORMAL, FloatPredicate::Ogt, 0.0, min_normal),
        ] {
            if mask & class != class {
                continue;
            }
            let a = cmp(fl, lo_pred, ax, float(lo));
            let b = cmp(fl, FloatPredicate::Olt, ax, float(hi));
            let both = fl.fresh_reg();
            fl.emit(InstKind::Binary {
                dst: both,
                op: BinOp::And,
                ty: Ty::I1,
                lhs: a,
                rhs: b,
            });
            terms.push(Operand::Reg(both));
        }
    }
    if mask & NAN == NAN {
        terms.push(cmp(fl, FloatPredicate::Uno, x, x));
    }
    if mask & INF == INF {
        terms.push(cmp(fl, FloatPredicate::Oeq, ax, float(f64::INFINITY)));
    }
    any_of(fl, dst, terms);
    Ok(())
}

/// `llvm.is.fpclass.f80(x, mask)` (`isnan`, `isinf`, `isfinite`,
/// `isnormal`, `fpclassify` of a `long double`), from the bits of the x87
/// value: exponent field `e` (low 15 bits of the high half) and 64-bit
/// significand `m` with its explicit integer bit. Zero: e = 0, m = 0;
/// subnormal: e = 0, m != 0; normal: 0 < e < 0x7FFF with the integer bit
/// set; infinity: e = 0x7FFF, m = 2^63; everything else (NaNs, and the
/// unnormal and pseudo encodings x87 arithmetic rejects as invalid) a NaN.
fn fp_class_long_double<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let x = args
        .first()
        .copied()
        .ok_or_else(|| fl.internal("is.fpclass without an operand".into()))?;
    let (lo, hi) = fl.fp80_operand(x)?;
    let mask = class_mask(fl, args)?;
    let bin = |fl: &mut FunctionLifter<'_, 'm>, op, ty, lhs, rhs| {
        let r = fl.fresh_reg();
        fl.emit(InstKind::Binary {
            dst: r,
            op,
            ty,
            lhs,
            rhs,
        });
        Operand::Reg(r)
    };
    let icmp = |fl: &mut FunctionLifter<'_, 'm>, pred, ty, lhs, rhs| {
        let r = fl.fresh_reg();
        fl.emit(InstKind::ICmp {
            dst: r,
            pred,
            ty,
            lhs,
            rhs,
        });
        Operand::Reg(r)
    };
    let e = bin(fl, BinOp::And, Ty::I16, hi, Operand::Const(0x7FFF));
    let e_zero = icmp(fl, IntPredicate::Eq, Ty::I16, e, Operand::Const(0));
    let e_max = icmp(fl, IntPredicate::Eq, Ty::I16, e, Operand::Const(0x7FFF));
    let m_zero = icmp(fl, IntPredicate::Eq, Ty::I64, lo, Operand::Const(0));
    let m_inf = icmp(fl, IntPredicate::Eq, Ty::I64, lo, Operand::Const(1 << 63));
    // The integer bit: m as a signed number is negative.
    let m_int = icmp(fl, IntPredicate::Slt, Ty::I64, lo, Operand::Const(0));
    let not =
        |fl: &mut FunctionLifter<'_, 'm>, v| bin(fl, BinOp::Xor, Ty::I1, v, Operand::Const(1));
    let zero = bin(fl, BinOp::And, Ty::I1, e_zero, m_zero);
    let m_nonzero = not(fl, m_zero);
    let subnormal = bin(fl, BinOp::And, Ty::I1, e_zero, m_nonzero);
    let inf = bin(fl, BinOp::And, Ty::I1, e_max, m_inf);
    let e_mid = {
        let either = bin(fl, BinOp::Or, Ty::I1, e_zero, e_max);
        not(fl, either)
    };
    let normal = bin(fl, BinOp::And, Ty::I1, e_mid, m_int);
    let mut terms = Vec::new();
    let mut any = Operand::Const(0);
    for (class, term) in [
        (ZERO, zero),
        (SUBNORMAL, subnormal),
        (NORMAL, normal),
        (INF, inf),
    ] {
        any = bin(fl, BinOp::Or, Ty::I1, any, term);
        if mask & class == class {
            terms.push(term);
        }
    }
    if mask & NAN == NAN {
        terms.push(not(fl, any));
    }
    any_of(fl, dst, terms);
    Ok(())
}

/// Size of the x86-64 System V `va_list` record (`__va_list_tag`):
/// `{ u32 gp_offset, u32 fp_offset, ptr overflow_arg_area, ptr reg_save_area }`.
const VA_LIST_SIZE: u64 = 24;

/// `va_start(ap)`: the checker fills `ap` so that clang's inline `va_arg`
/// code finds the registers used up (gp_offset 48, fp_offset 304) and reads
/// every variable argument from the overflow area, which is the area the
/// caller filled (`calls::variadic_args`). That layout is the x86-64
/// System V ABI's, the target clang compiles for on such a host; on others
/// `va_list` differs and stays unsupported.
fn va_start<'m>(fl: &mut FunctionLifter<'_, 'm>, args: &[Value<'m>]) -> Result<(), ExtractError> {
    if !cfg!(target_arch = "x86_64") {
        return Err(
            fl.unsupported("variable argument lists (va_start) on a target other than x86-64")
        );
    }
    let Some(area) = fl.va_area() else {
        return Err(fl.unsupported("va_start outside a variadic function"));
    };
    let ap = operand(fl, args, 0)?;
    fl.emit(InstKind::Libc {
        dst: None,
        func: LibcFunc::VaStart,
        args: vec![
            Arg {
                ty: Ty::Ptr,
                value: ap,
            },
            Arg {
                ty: Ty::Ptr,
                value: Operand::Reg(area),
            },
        ],
    });
    Ok(())
}

fn operand<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    args: &[Value<'m>],
    i: usize,
) -> Result<Operand, ExtractError> {
    let v = args
        .get(i)
        .copied()
        .ok_or_else(|| fl.internal(format!("intrinsic lacks argument {i}")))?;
    fl.operand(v)
}

/// `fmuladd(a, b, c)` / `fma(a, b, c)` = `a * b + c`. Clang emits
/// `fmuladd` for `a * b + c` in C source even at `-O0` (FP contraction);
/// computing it unfused is what the unoptimized program may do.
fn multiply_add<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let ty = fl.register_ty(inst.ty())?;
    let (a, b, c) = (
        operand(fl, args, 0)?,
        operand(fl, args, 1)?,
        operand(fl, args, 2)?,
    );
    let product = fl.fresh_reg();
    fl.emit(InstKind::Binary {
        dst: product,
        op: BinOp::FMul,
        ty,
        lhs: a,
        rhs: b,
    });
    fl.emit(InstKind::Binary {
        dst,
        op: BinOp::FAdd,
        ty,
        lhs: Operand::Reg(product),
        rhs: c,
    });
    Ok(())
}

/// `smax(a, b)` = `a > b ? a : b` (and likewise for the other three).
fn min_max_select<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
    pred: IntPredicate,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let ty = fl.register_ty(inst.ty())?;
    let (a, b) = (operand(fl, args, 0)?, operand(fl, args, 1)?);
    let cond = fl.fresh_reg();
    fl.emit(InstKind::ICmp {
        dst: cond,
        pred,
        ty,
        lhs: a,
        rhs: b,
    });
    fl.emit(InstKind::Select {
        dst,
        cond: Operand::Reg(cond),
        if_true: a,
        if_false: b,
    });
    Ok(())
}

/// `abs(x)` = `x < 0 ? 0 - x : x` (wrapping for the minimum value, as
/// LLVM's `abs` does when its "INT_MIN is poison" flag is false).
fn absolute_value<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let ty = fl.register_ty(inst.ty())?;
    let x = operand(fl, args, 0)?;
    let negative = fl.fresh_reg();
    let negated = fl.fresh_reg();
    fl.emit(InstKind::ICmp {
        dst: negative,
        pred: IntPredicate::Slt,
        ty,
        lhs: x,
        rhs: Operand::Const(0),
    });
    fl.emit(InstKind::Binary {
        dst: negated,
        op: BinOp::Sub,
        ty,
        lhs: Operand::Const(0),
        rhs: x,
    });
    fl.emit(InstKind::Select {
        dst,
        cond: Operand::Reg(negative),
        if_true: Operand::Reg(negated),
        if_false: x,
    });
    Ok(())
}
