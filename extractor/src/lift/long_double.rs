//! x87 80-bit `long double` (`x86_fp80`): 10 significant bytes, stored in
//! 16 (x86-64 System V ABI §3.1.2). A register holds 64 bits, so each
//! `long double` SSA value has two: its low half (the significand, bytes
//! 0..8), the register LLVM's value is numbered with, and its high half
//! (sign and exponent, bytes 8..10), `FunctionLifter::hi_of`. Every
//! instruction making one is emitted once per half (`Half`), each computing
//! the whole value exactly (`InstKind::X87`) and keeping its half, so every
//! model instruction still defines one register and the passes (inlining,
//! slicing, liveness) need nothing new. Loads and stores are two accesses
//! (8 + 2 bytes: the padding is neither read nor written), a phi or select
//! one per half; a `long double` parameter passes its high half in a
//! parameter after the hidden ones, a `long double` result goes through the
//! result area an aggregate result uses (`aggregates`).

use runtime_model::model::{
    BinOp, CastOp, FloatPredicate, Half, InstKind, IntPredicate, Operand, Ty, X87Math, X87Op,
};

use super::function::FunctionLifter;
use super::ir::{LLVMOpcode, Value};
use super::types::is_fp80;
use crate::error::ExtractError;

/// Whether instruction `inst` reads or makes a `long double`.
pub fn involved(inst: Value<'_>) -> bool {
    is_fp80(inst.ty())
        || (0..inst.num_operands()).any(|i| inst.operand(i).is_some_and(|v| is_fp80(v.ty())))
}

/// The halves of every operand in `values` (a `long double` is two
/// operands, anything else one).
fn flatten<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    values: &[Value<'m>],
) -> Result<Vec<Operand>, ExtractError> {
    let mut out = Vec::new();
    for &v in values {
        if is_fp80(v.ty()) {
            let (lo, hi) = fl.fp80_operand(v)?;
            out.push(lo);
            out.push(hi);
        } else {
            out.push(fl.operand(v)?);
        }
    }
    Ok(out)
}

/// Emits the `long double` result of `inst`: one `X87` instruction per half.
fn emit_pair<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    op: impl Fn(Half) -> X87Op,
    args: Vec<Operand>,
) -> Result<(), ExtractError> {
    let lo = fl.reg_of(inst)?;
    let hi = fl.hi_of(inst)?;
    fl.emit(InstKind::X87 {
        dst: lo,
        op: op(Half::Lo),
        args: args.clone(),
    });
    fl.emit(InstKind::X87 {
        dst: hi,
        op: op(Half::Hi),
        args,
    });
    Ok(())
}

/// `fadd fsub fmul fdiv frem` on `long double`s.
pub fn binary<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    op: BinOp,
) -> Result<(), ExtractError> {
    if !matches!(
        op,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
    ) {
        return Err(fl.internal(format!("integer operation {op:?} on long double")));
    }
    let a = fl.raw_operand(inst, 0)?;
    let b = fl.raw_operand(inst, 1)?;
    let args = flatten(fl, &[a, b])?;
    emit_pair(fl, inst, |half| X87Op::Binary { op, half }, args)
}

/// `fneg`.
pub fn fneg<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let a = fl.raw_operand(inst, 0)?;
    let args = flatten(fl, &[a])?;
    emit_pair(fl, inst, |half| X87Op::Neg { half }, args)
}

/// `fcmp` of two `long double`s.
pub fn fcmp<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    pred: FloatPredicate,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let a = fl.raw_operand(inst, 0)?;
    let b = fl.raw_operand(inst, 1)?;
    let args = flatten(fl, &[a, b])?;
    fl.emit(InstKind::X87 {
        dst,
        op: X87Op::Cmp { pred },
        args,
    });
    Ok(())
}

/// Conversions to and from `long double`, and `freeze`.
pub fn cast<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    op: CastOp,
) -> Result<(), ExtractError> {
    let source = fl.raw_operand(inst, 0)?;
    let (from80, to80) = (is_fp80(source.ty()), is_fp80(inst.ty()));
    match (op, from80, to80) {
        (CastOp::FpExt, false, true) => {
            let from = fl.register_ty(source.ty())?;
            if !from.is_float() {
                return Err(fl.unsupported(format!("conversion of {from:?} to long double")));
            }
            let args = vec![fl.operand(source)?];
            emit_pair(fl, inst, |half| X87Op::FromFloat { from, half }, args)
        }
        (CastOp::SiToFp | CastOp::UiToFp, false, true) => {
            let from = fl.register_ty(source.ty())?;
            let signed = op == CastOp::SiToFp;
            let args = vec![fl.operand(source)?];
            emit_pair(fl, inst, |half| X87Op::FromInt { from, signed, half }, args)
        }
        (CastOp::FpTrunc, true, false) => {
            let to = fl.register_ty(inst.ty())?;
            if !to.is_float() {
                return Err(fl.unsupported(format!("conversion of long double to {to:?}")));
            }
            let dst = fl.reg_of(inst)?;
            let args = flatten(fl, &[source])?;
            fl.emit(InstKind::X87 {
                dst,
                op: X87Op::ToFloat { to },
                args,
            });
            Ok(())
        }
        (CastOp::FpToSi | CastOp::FpToUi, true, false) => {
            let to = fl.register_ty(inst.ty())?;
            let signed = op == CastOp::FpToSi;
            let dst = fl.reg_of(inst)?;
            let args = flatten(fl, &[source])?;
            fl.emit(InstKind::X87 {
                dst,
                op: X87Op::ToInt { to, signed },
                args,
            });
            Ok(())
        }
        // `freeze` (a copy in the model, which has no poison).
        (CastOp::BitCast, true, true) => {
            let (lo, hi) = fl.fp80_operand(source)?;
            copy_pair(fl, inst, lo, hi)
        }
        // The bits of a long double as an `i80`: clang makes them only to
        // test the sign (`isinf`'s sign, `signbit`); that test reads the
        // source itself (`sign_test`), so nothing is computed here, and
        // any other use of an `i80` is unsupported where it is lifted.
        (CastOp::BitCast, true, false) if inst.ty().int_width() == Some(80) => Ok(()),
        _ => Err(fl.unsupported(format!("long double conversion {op:?}"))),
    }
}

/// `icmp slt/sge (bitcast x86_fp80 %x to i80), 0`: the sign bit of `%x`,
/// which is the top bit of its high half.
pub fn sign_test<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    dst: u32,
    pred: IntPredicate,
    bits: Value<'m>,
) -> Result<(), ExtractError> {
    let source = (bits.opcode() == Some(LLVMOpcode::LLVMBitCast))
        .then(|| bits.operand(0))
        .flatten()
        .filter(|v| is_fp80(v.ty()));
    let zero = fl.raw_operand(inst, 1)?.is_zero_constant();
    let (Some(source), true, IntPredicate::Slt | IntPredicate::Sge) = (source, zero, pred) else {
        return Err(
            fl.unsupported("80-bit integer (the bits of a long double) other than a sign test")
        );
    };
    let (_, hi) = fl.fp80_operand(source)?;
    fl.emit(InstKind::ICmp {
        dst,
        pred,
        ty: Ty::I16,
        lhs: hi,
        rhs: Operand::Const(0),
    });
    Ok(())
}

/// The two registers of `inst` receive `lo` and `hi`.
fn copy_pair<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    lo: Operand,
    hi: Operand,
) -> Result<(), ExtractError> {
    for (dst, value, ty) in [
        (fl.reg_of(inst)?, lo, Ty::I64),
        (fl.hi_of(inst)?, hi, Ty::I16),
    ] {
        fl.emit(InstKind::Cast {
            dst,
            op: CastOp::BitCast,
            from: ty,
            to: ty,
            value,
        });
    }
    Ok(())
}

/// `select` of two `long double`s: one per half.
pub fn select<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let cond = fl.operand_at(inst, 0)?;
    let a = fl.raw_operand(inst, 1)?;
    let b = fl.raw_operand(inst, 2)?;
    let (alo, ahi) = fl.fp80_operand(a)?;
    let (blo, bhi) = fl.fp80_operand(b)?;
    for (dst, if_true, if_false) in [(fl.reg_of(inst)?, alo, blo), (fl.hi_of(inst)?, ahi, bhi)] {
        fl.emit(InstKind::Select {
            dst,
            cond,
            if_true,
            if_false,
        });
    }
    Ok(())
}

/// `ptr + 8`: where the high half is stored.
fn high_address(fl: &mut FunctionLifter<'_, '_>, ptr: Operand) -> Operand {
    let r = fl.fresh_reg();
    fl.emit(InstKind::Gep {
        dst: r,
        base: ptr,
        offset: 8,
        indices: Vec::new(),
    });
    Operand::Reg(r)
}

/// Reads the 10 bytes of a `long double` at `ptr` into registers `lo`, `hi`.
pub fn load_at(fl: &mut FunctionLifter<'_, '_>, lo: u32, hi: u32, ptr: Operand, volatile: bool) {
    fl.emit(InstKind::Load {
        dst: lo,
        ty: Ty::I64,
        ptr,
        volatile,
    });
    let p = high_address(fl, ptr);
    fl.emit(InstKind::Load {
        dst: hi,
        ty: Ty::I16,
        ptr: p,
        volatile,
    });
}

/// Writes the 10 bytes of a `long double` at `ptr` (the 6 bytes of
/// padding are left as they are, as x86-64's `fstp` does).
pub fn store_at(fl: &mut FunctionLifter<'_, '_>, lo: Operand, hi: Operand, ptr: Operand) {
    fl.emit(InstKind::Store {
        ty: Ty::I64,
        value: lo,
        ptr,
    });
    let p = high_address(fl, ptr);
    fl.emit(InstKind::Store {
        ty: Ty::I16,
        value: hi,
        ptr: p,
    });
}

pub fn load<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let ptr = fl.operand_at(inst, 0)?;
    let (lo, hi) = (fl.reg_of(inst)?, fl.hi_of(inst)?);
    load_at(fl, lo, hi, ptr, inst.is_volatile());
    Ok(())
}

pub fn store<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let v = fl.raw_operand(inst, 0)?;
    let (lo, hi) = fl.fp80_operand(v)?;
    let ptr = fl.operand_at(inst, 1)?;
    store_at(fl, lo, hi, ptr);
    Ok(())
}

/// The `long double` C library functions (C11 7.12) and LLVM intrinsics
/// (`llvm.fabs.f80`, ...) the model computes exactly, by name without the
/// `l` suffix or the `llvm.` prefix and `.f80` suffix.
pub fn math_function(base: &str) -> Option<X87Math> {
    Some(match base {
        "fabs" => X87Math::Fabs,
        "copysign" => X87Math::Copysign,
        "fmin" | "minnum" => X87Math::Fmin,
        "fmax" | "maxnum" => X87Math::Fmax,
        "floor" => X87Math::Floor,
        "ceil" => X87Math::Ceil,
        "trunc" => X87Math::Trunc,
        "round" => X87Math::Round,
        // Without floating-point exceptions these are one function (the
        // rounding mode is always to nearest even).
        "rint" | "nearbyint" | "roundeven" => X87Math::Rint,
        "fmod" => X87Math::Fmod,
        "log" => X87Math::Log,
        "sqrt" => X87Math::Sqrt,
        _ => return None,
    })
}

/// A call of a `long double` math function (`fabsl`, `llvm.floor.f80`).
pub fn math_call<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    func: X87Math,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    if !is_fp80(inst.ty()) || !args.iter().all(|a| is_fp80(a.ty())) {
        return Err(fl.unsupported(format!("{func:?} with arguments other than long double")));
    }
    // `roundeven` rounds ties to even whatever the rounding mode; so does
    // `Rint` in the model, whose rounding mode is always to nearest even.
    let args = flatten(fl, args)?;
    emit_pair(fl, inst, |half| X87Op::Math { func, half }, args)
}

/// `llvm.fmuladd.f80(a, b, c)`: `a * b + c`, which the x86 back end
/// computes as a multiplication then an addition, each rounded (the x87
/// unit has no fused multiply-add): two operations here too.
pub fn mul_add<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let [a, b, c] = args else {
        return Err(fl.internal("fmuladd without three arguments".into()));
    };
    let ab = flatten(fl, &[*a, *b])?;
    let (plo, phi) = (fl.fresh_reg(), fl.fresh_reg());
    for (dst, half) in [(plo, Half::Lo), (phi, Half::Hi)] {
        fl.emit(InstKind::X87 {
            dst,
            op: X87Op::Binary {
                op: BinOp::FMul,
                half,
            },
            args: ab.clone(),
        });
    }
    let mut args = vec![Operand::Reg(plo), Operand::Reg(phi)];
    args.extend(flatten(fl, &[*c])?);
    emit_pair(
        fl,
        inst,
        |half| X87Op::Binary {
            op: BinOp::FAdd,
            half,
        },
        args,
    )
}

#[cfg(test)]
mod tests {
    use super::super::ir::parse_fp80;

    #[test]
    fn constants_are_read_exactly() {
        assert_eq!(
            parse_fp80("x86_fp80 0xK3FFF8000000000000000"),
            Some((0x8000_0000_0000_0000, 0x3FFF))
        );
        assert_eq!(
            parse_fp80("x86_fp80 0xKC03E8AC7230489E80000"),
            Some((0x8AC7_2304_89E8_0000, 0xC03E))
        );
        assert_eq!(parse_fp80("double 1.0"), None);
        assert_eq!(parse_fp80("x86_fp80 0xK3FFF"), None);
    }
}
