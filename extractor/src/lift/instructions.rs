//! Non-terminator, non-phi instructions: arithmetic, comparisons, casts,
//! address computations and memory accesses. Calls go to `calls`.

use runtime_model::model::{BinOp, CastOp, FloatPredicate, GepIndex, InstKind, IntPredicate};
use runtime_model::omp::AtomicOp;

use super::function::FunctionLifter;
use super::ir::{LLVMAtomicOrdering, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, Value};
use super::{aggregates, calls, gep, long_double};
use crate::error::ExtractError;

pub fn lift_instruction<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    use LLVMOpcode::*;
    let Some(opcode) = inst.opcode() else {
        return Err(fl.internal("an instruction without an opcode".into()));
    };
    if opcode != LLVMCall && long_double::involved(inst) {
        return lift_long_double(fl, inst, opcode);
    }
    if let Some(op) = binary_op(opcode) {
        return binary(fl, inst, op);
    }
    if let Some(op) = cast_op(opcode) {
        return cast(fl, inst, op);
    }
    match opcode {
        LLVMFNeg => {
            let dst = fl.reg_of(inst)?;
            let ty = fl.register_ty(inst.ty())?;
            let value = fl.operand_at(inst, 0)?;
            fl.emit(InstKind::FNeg { dst, ty, value });
            Ok(())
        }
        LLVMICmp => icmp(fl, inst),
        LLVMFCmp => fcmp(fl, inst),
        LLVMSelect => select(fl, inst),
        LLVMGetElementPtr => getelementptr(fl, inst),
        LLVMLoad => load(fl, inst),
        LLVMStore => store(fl, inst),
        LLVMAlloca => alloca(fl, inst),
        LLVMCall => {
            calls::lift_call_site(fl, inst)?;
            super::eh::after_call(fl, inst)
        }
        // `freeze` only matters to optimizations that exploit poison; the
        // model has no poison, so it is a copy.
        LLVMFreeze => {
            let dst = fl.reg_of(inst)?;
            let ty = fl.register_ty(inst.ty())?;
            let value = fl.operand_at(inst, 0)?;
            fl.emit(InstKind::Cast {
                dst,
                op: CastOp::BitCast,
                from: ty,
                to: ty,
                value,
            });
            Ok(())
        }
        LLVMVAArg => Err(fl.unsupported("va_arg (a function with a variable argument list)")),
        LLVMExtractValue => aggregates::extract_value(fl, inst),
        LLVMInsertValue => aggregates::insert_value(fl, inst),
        LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector => {
            Err(fl.unsupported("vector operation (SIMD)"))
        }
        // The threads of a rank run one at a time between synchronization
        // points (docs/OPENMP.md): every access is sequentially consistent,
        // a fence orders nothing more.
        LLVMFence => Ok(()),
        LLVMAtomicRMW => atomic_rmw(fl, inst),
        LLVMAtomicCmpXchg => aggregates::compare_exchange(fl, inst),
        LLVMAddrSpaceCast => Err(fl.unsupported("address space cast")),
        LLVMLandingPad if super::eh::active(fl) => super::eh::landing_pad(fl, inst),
        // Without a handler in the program, nothing unwinds (a throw ends
        // the process, `calls.rs`): an `invoke` goes on to its normal
        // successor only, and its landing pad (a destructor's cleanup, a
        // `noexcept` function's call of std::terminate) never runs.
        LLVMLandingPad => {
            fl.emit(InstKind::Terminate {
                why: "an exception reached a landing pad (not modeled)".into(),
            });
            Ok(())
        }
        LLVMCatchPad | LLVMCleanupPad => Err(fl.unsupported("exception handling (Windows)")),
        other => Err(fl.unsupported(format!("LLVM instruction {other:?}"))),
    }
}

/// An instruction on `long double`s (see `long_double`); anything else
/// with one (an atomic access, a vector of them) is unsupported.
fn lift_long_double<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    opcode: LLVMOpcode,
) -> Result<(), ExtractError> {
    use LLVMOpcode::*;
    if let Some(op) = binary_op(opcode) {
        return long_double::binary(fl, inst, op);
    }
    if let Some(op) = cast_op(opcode) {
        return long_double::cast(fl, inst, op);
    }
    match opcode {
        LLVMFNeg => long_double::fneg(fl, inst),
        LLVMFCmp => {
            let pred = inst
                .fcmp_predicate()
                .map(float_predicate)
                .ok_or_else(|| fl.internal("fcmp without a predicate".into()))?;
            long_double::fcmp(fl, inst, pred)
        }
        LLVMFreeze => long_double::cast(fl, inst, CastOp::BitCast),
        LLVMSelect if super::types::is_fp80(inst.ty()) => long_double::select(fl, inst),
        LLVMLoad if !is_atomic(inst) => long_double::load(fl, inst),
        LLVMStore if !is_atomic(inst) => long_double::store(fl, inst),
        LLVMExtractValue if super::types::is_fp80(inst.ty()) => aggregates::extract_value(fl, inst),
        _ => Err(fl.unsupported(format!("long double in LLVM instruction {opcode:?}"))),
    }
}

fn binary_op(opcode: LLVMOpcode) -> Option<BinOp> {
    use LLVMOpcode::*;
    Some(match opcode {
        LLVMAdd => BinOp::Add,
        LLVMSub => BinOp::Sub,
        LLVMMul => BinOp::Mul,
        LLVMUDiv => BinOp::UDiv,
        LLVMSDiv => BinOp::SDiv,
        LLVMURem => BinOp::URem,
        LLVMSRem => BinOp::SRem,
        LLVMShl => BinOp::Shl,
        LLVMLShr => BinOp::LShr,
        LLVMAShr => BinOp::AShr,
        LLVMAnd => BinOp::And,
        LLVMOr => BinOp::Or,
        LLVMXor => BinOp::Xor,
        LLVMFAdd => BinOp::FAdd,
        LLVMFSub => BinOp::FSub,
        LLVMFMul => BinOp::FMul,
        LLVMFDiv => BinOp::FDiv,
        LLVMFRem => BinOp::FRem,
        _ => return None,
    })
}

fn cast_op(opcode: LLVMOpcode) -> Option<CastOp> {
    use LLVMOpcode::*;
    Some(match opcode {
        LLVMTrunc => CastOp::Trunc,
        LLVMZExt => CastOp::ZExt,
        LLVMSExt => CastOp::SExt,
        LLVMFPTrunc => CastOp::FpTrunc,
        LLVMFPExt => CastOp::FpExt,
        LLVMFPToUI => CastOp::FpToUi,
        LLVMFPToSI => CastOp::FpToSi,
        LLVMUIToFP => CastOp::UiToFp,
        LLVMSIToFP => CastOp::SiToFp,
        LLVMPtrToInt => CastOp::PtrToInt,
        LLVMIntToPtr => CastOp::IntToPtr,
        LLVMBitCast => CastOp::BitCast,
        _ => return None,
    })
}

pub fn int_predicate(p: LLVMIntPredicate) -> IntPredicate {
    use LLVMIntPredicate::*;
    match p {
        LLVMIntEQ => IntPredicate::Eq,
        LLVMIntNE => IntPredicate::Ne,
        LLVMIntUGT => IntPredicate::Ugt,
        LLVMIntUGE => IntPredicate::Uge,
        LLVMIntULT => IntPredicate::Ult,
        LLVMIntULE => IntPredicate::Ule,
        LLVMIntSGT => IntPredicate::Sgt,
        LLVMIntSGE => IntPredicate::Sge,
        LLVMIntSLT => IntPredicate::Slt,
        LLVMIntSLE => IntPredicate::Sle,
    }
}

fn float_predicate(p: LLVMRealPredicate) -> FloatPredicate {
    use LLVMRealPredicate::*;
    match p {
        LLVMRealPredicateFalse => FloatPredicate::False,
        LLVMRealOEQ => FloatPredicate::Oeq,
        LLVMRealOGT => FloatPredicate::Ogt,
        LLVMRealOGE => FloatPredicate::Oge,
        LLVMRealOLT => FloatPredicate::Olt,
        LLVMRealOLE => FloatPredicate::Ole,
        LLVMRealONE => FloatPredicate::One,
        LLVMRealORD => FloatPredicate::Ord,
        LLVMRealUNO => FloatPredicate::Uno,
        LLVMRealUEQ => FloatPredicate::Ueq,
        LLVMRealUGT => FloatPredicate::Ugt,
        LLVMRealUGE => FloatPredicate::Uge,
        LLVMRealULT => FloatPredicate::Ult,
        LLVMRealULE => FloatPredicate::Ule,
        LLVMRealUNE => FloatPredicate::Une,
        LLVMRealPredicateTrue => FloatPredicate::True,
    }
}

fn binary<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    op: BinOp,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let ty = fl.register_ty(inst.ty())?;
    let lhs = fl.operand_at(inst, 0)?;
    let rhs = fl.operand_at(inst, 1)?;
    fl.emit(InstKind::Binary {
        dst,
        op,
        ty,
        lhs,
        rhs,
    });
    Ok(())
}

fn cast<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    op: CastOp,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let source = fl.raw_operand(inst, 0)?;
    let from = fl.register_ty(source.ty())?;
    let to = fl.register_ty(inst.ty())?;
    let value = fl.operand(source)?;
    fl.emit(InstKind::Cast {
        dst,
        op,
        from,
        to,
        value,
    });
    Ok(())
}

fn icmp<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let pred = inst
        .icmp_predicate()
        .map(int_predicate)
        .ok_or_else(|| fl.internal("icmp without a predicate".into()))?;
    let lhs_value = fl.raw_operand(inst, 0)?;
    if lhs_value.ty().int_width() == Some(80) {
        return long_double::sign_test(fl, inst, dst, pred, lhs_value);
    }
    let ty = fl.register_ty(lhs_value.ty())?;
    let lhs = fl.operand(lhs_value)?;
    let rhs = fl.operand_at(inst, 1)?;
    fl.emit(InstKind::ICmp {
        dst,
        pred,
        ty,
        lhs,
        rhs,
    });
    Ok(())
}

fn fcmp<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let pred = inst
        .fcmp_predicate()
        .map(float_predicate)
        .ok_or_else(|| fl.internal("fcmp without a predicate".into()))?;
    let lhs_value = fl.raw_operand(inst, 0)?;
    let ty = fl.register_ty(lhs_value.ty())?;
    let lhs = fl.operand(lhs_value)?;
    let rhs = fl.operand_at(inst, 1)?;
    fl.emit(InstKind::FCmp {
        dst,
        pred,
        ty,
        lhs,
        rhs,
    });
    Ok(())
}

fn select<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    // Checks the result is a scalar (a vector select is unsupported).
    fl.register_ty(inst.ty())?;
    let cond = fl.operand_at(inst, 0)?;
    let if_true = fl.operand_at(inst, 1)?;
    let if_false = fl.operand_at(inst, 2)?;
    fl.emit(InstKind::Select {
        dst,
        cond,
        if_true,
        if_false,
    });
    Ok(())
}

fn getelementptr<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    // A vector of addresses is not a pointer register.
    fl.register_ty(inst.ty())?;
    let source = inst
        .gep_source_type()
        .ok_or_else(|| fl.internal("GEP without a source element type".into()))?;
    let base = fl.operand_at(inst, 0)?;
    let index_values: Vec<_> = (1..inst.num_operands())
        .map(|i| fl.raw_operand(inst, i))
        .collect::<Result<_, _>>()?;
    let addr = gep::decompose(fl.layout(), source, &index_values, fl.pos())?;
    let mut indices = Vec::with_capacity(addr.terms.len());
    for (index, scale) in addr.terms {
        indices.push(GepIndex {
            index_ty: fl.register_ty(index.ty())?,
            index: fl.operand(index)?,
            scale,
        });
    }
    fl.emit(InstKind::Gep {
        dst,
        base,
        offset: addr.offset,
        indices,
    });
    Ok(())
}

fn is_atomic(inst: Value<'_>) -> bool {
    !matches!(
        inst.ordering(),
        Some(LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic) | None
    )
}

/// `atomicrmw op ptr, value`: the old value goes to the instruction's
/// register when something uses it (`#pragma omp atomic capture`); an
/// update nobody reads commutes with others of its kind.
fn atomic_rmw<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    use inkwell::llvm_sys::LLVMAtomicRMWBinOp::*;
    let op = match inst.atomic_rmw_op() {
        Some(LLVMAtomicRMWBinOpXchg) => AtomicOp::Xchg,
        Some(LLVMAtomicRMWBinOpAdd) => AtomicOp::Add,
        Some(LLVMAtomicRMWBinOpSub) => AtomicOp::Sub,
        Some(LLVMAtomicRMWBinOpAnd) => AtomicOp::And,
        Some(LLVMAtomicRMWBinOpNand) => AtomicOp::Nand,
        Some(LLVMAtomicRMWBinOpOr) => AtomicOp::Or,
        Some(LLVMAtomicRMWBinOpXor) => AtomicOp::Xor,
        Some(LLVMAtomicRMWBinOpMax) => AtomicOp::Max,
        Some(LLVMAtomicRMWBinOpMin) => AtomicOp::Min,
        Some(LLVMAtomicRMWBinOpUMax) => AtomicOp::UMax,
        Some(LLVMAtomicRMWBinOpUMin) => AtomicOp::UMin,
        Some(LLVMAtomicRMWBinOpFAdd) => AtomicOp::FAdd,
        Some(LLVMAtomicRMWBinOpFSub) => AtomicOp::FSub,
        Some(LLVMAtomicRMWBinOpFMax) => AtomicOp::FMax,
        Some(LLVMAtomicRMWBinOpFMin) => AtomicOp::FMin,
        other => return Err(fl.unsupported(format!("atomic operation {other:?}"))),
    };
    let ty = fl.register_ty(inst.ty())?;
    let ptr = fl.operand_at(inst, 0)?;
    let value = fl.operand_at(inst, 1)?;
    let dst = if inst.has_uses() {
        Some(fl.reg_of(inst)?)
    } else {
        None
    };
    fl.emit(InstKind::Atomic {
        dst,
        op,
        ty,
        ptr,
        value,
    });
    Ok(())
}

fn load<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    if is_atomic(inst) {
        let dst = fl.reg_of(inst)?;
        let ty = fl.register_ty(inst.ty())?;
        let ptr = fl.operand_at(inst, 0)?;
        fl.emit(InstKind::Atomic {
            dst: Some(dst),
            op: AtomicOp::Read,
            ty,
            ptr,
            value: runtime_model::model::Operand::Const(0),
        });
        return Ok(());
    }
    if aggregates::is_aggregate(inst.ty()) {
        return aggregates::load(fl, inst);
    }
    let dst = fl.reg_of(inst)?;
    let ty = fl.register_ty(inst.ty())?;
    let ptr = fl.operand_at(inst, 0)?;
    let volatile = inst.is_volatile();
    fl.emit(InstKind::Load {
        dst,
        ty,
        ptr,
        volatile,
    });
    Ok(())
}

fn store<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let stored = fl.raw_operand(inst, 0)?;
    if is_atomic(inst) {
        let ty = fl.register_ty(stored.ty())?;
        let value = fl.operand(stored)?;
        let ptr = fl.operand_at(inst, 1)?;
        fl.emit(InstKind::Atomic {
            dst: None,
            op: AtomicOp::Xchg,
            ty,
            ptr,
            value,
        });
        return Ok(());
    }
    if aggregates::is_aggregate(stored.ty()) {
        return aggregates::store(fl, inst);
    }
    let ty = fl.register_ty(stored.ty())?;
    let value = fl.operand(stored)?;
    let ptr = fl.operand_at(inst, 1)?;
    fl.emit(InstKind::Store { ty, value, ptr });
    Ok(())
}

fn alloca<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let allocated = inst
        .allocated_type()
        .ok_or_else(|| fl.internal("alloca without a type".into()))?;
    let elem_size = fl.layout().alloc_size(allocated);
    // Operand 0 is the element count: 1 for a plain local, the length
    // expression for a variable-length array.
    let count = fl.operand_at(inst, 0)?;
    fl.emit(InstKind::Alloca {
        dst,
        elem_size,
        count,
    });
    Ok(())
}
