//! LLVM intrinsics clang emits at `-O0`, rewritten into model instructions.
//!
//! Intrinsic names carry type suffixes (`llvm.memcpy.p0.p0.i64`), so they
//! are matched by prefix; `name` here has the `llvm.` already removed.

use runtime_model::model::{BinOp, CastOp, InstKind, IntPredicate, LibcFunc, Operand};

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

/// `llvm.<x>.f64` intrinsics that are the C math function `<x>`.
const MATH_F64: &[(&str, LibcFunc)] = &[
    ("sqrt.f64", LibcFunc::Sqrt),
    ("pow.f64", LibcFunc::Pow),
    ("exp.f64", LibcFunc::Exp),
    ("log.f64", LibcFunc::Log),
    ("floor.f64", LibcFunc::Floor),
    ("ceil.f64", LibcFunc::Ceil),
    ("minnum.f64", LibcFunc::Fmin),
    ("maxnum.f64", LibcFunc::Fmax),
];

pub fn lift_intrinsic<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    name: &str,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    if DROPPED.iter().any(|p| name.starts_with(p)) {
        return Ok(());
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
    if let Some(&(_, func)) = MATH_F64.iter().find(|(n, _)| *n == name) {
        let dst = result_reg(fl, inst)?;
        return emit_libc(fl, dst, func, args);
    }
    if name.starts_with("fabs.") {
        let dst = result_reg(fl, inst)?;
        return emit_libc(fl, dst, LibcFunc::Fabs, args);
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
    // `__builtin_expect(v, e)` is `v` with a branch hint; the address of a
    // `_Thread_local` variable is the variable (each process of the model
    // runs one thread).
    if name.starts_with("expect.") || name.starts_with("threadlocal.address.") {
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
    if name.starts_with("va_start") || name.starts_with("va_copy") {
        return Err(fl.unsupported("variable argument lists (va_start)"));
    }
    Err(fl.unsupported(format!("call to llvm.{name}")))
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
