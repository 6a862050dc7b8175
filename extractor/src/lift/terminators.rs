//! Block terminators: branches, switches, returns.

use runtime_model::model::{Operand, Terminator};

use super::aggregates;
use super::function::FunctionLifter;
use super::ir::{LLVMOpcode, Value};
use crate::error::ExtractError;

pub fn lift_terminator<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<Terminator, ExtractError> {
    use LLVMOpcode::*;
    let successor = |fl: &FunctionLifter<'_, 'm>, i: u32| {
        inst.successor(i)
            .ok_or_else(|| fl.internal(format!("terminator lacks successor {i}")))
            .and_then(|b| fl.block_id(b))
    };
    match inst.opcode() {
        Some(LLVMRet) => {
            let value = match inst.operand(0) {
                // So does a `long double` (see `long_double`).
                Some(v) if super::types::is_fp80(v.ty()) => {
                    let area = fl.ret_area().ok_or_else(|| {
                        fl.internal("long double return without a result area".into())
                    })?;
                    let (lo, hi) = fl.fp80_operand(v)?;
                    super::long_double::store_at(fl, lo, hi, Operand::Reg(area));
                    None
                }
                // An aggregate result goes where the caller said.
                Some(v) if aggregates::is_aggregate(v.ty()) => {
                    let area = fl.ret_area().ok_or_else(|| {
                        fl.internal("aggregate return without a result area".into())
                    })?;
                    let src = aggregates::operand(fl, v)?;
                    aggregates::copy(fl, Operand::Reg(area), src, v.ty());
                    None
                }
                Some(v) => Some(fl.operand(v)?),
                None => None,
            };
            Ok(Terminator::Ret { value })
        }
        Some(LLVMBr) => match inst.branch_condition() {
            None => Ok(Terminator::Br {
                target: successor(fl, 0)?,
            }),
            // Successor 0 is the edge taken when the condition is true.
            Some(cond) => Ok(Terminator::CondBr {
                cond: fl.operand(cond)?,
                if_true: successor(fl, 0)?,
                if_false: successor(fl, 1)?,
            }),
        },
        Some(LLVMSwitch) => switch(fl, inst),
        Some(LLVMUnreachable) => Ok(Terminator::Unreachable),
        Some(LLVMIndirectBr) => Err(fl.unsupported("computed goto (indirectbr)")),
        Some(LLVMCallBr) => Err(fl.unsupported("asm goto")),
        // A call that may throw: the call, then its normal successor.
        // Nothing unwinds to the landing pad: a throw stops the check
        // (`calls.rs`).
        Some(LLVMInvoke) if super::eh::active(fl) => {
            let normal = inst.successor(0);
            let pad = inst.successor(1);
            match (normal, pad) {
                (Some(normal), Some(pad)) => super::eh::invoke(fl, inst, normal, pad),
                _ => Err(fl.internal("invoke lacks a successor".into())),
            }
        }
        Some(LLVMInvoke) => {
            super::calls::lift_call(fl, inst)?;
            Ok(Terminator::Br {
                target: successor(fl, 0)?,
            })
        }
        Some(LLVMResume) => super::eh::resume(fl, inst),
        Some(LLVMCatchSwitch | LLVMCatchRet | LLVMCleanupRet) => {
            Err(fl.unsupported("exception handling"))
        }
        other => Err(fl.unsupported(format!("terminator {other:?}"))),
    }
}

/// `switch ty %v, label %default [ty c0, label %b0 ...]`: operands are the
/// value, the default block, then (case value, block) pairs.
fn switch<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<Terminator, ExtractError> {
    let scrutinee = fl.raw_operand(inst, 0)?;
    let ty = fl.register_ty(scrutinee.ty())?;
    let value = fl.operand(scrutinee)?;
    let default = inst
        .switch_default()
        .ok_or_else(|| fl.internal("switch without a default".into()))
        .and_then(|b| fl.block_id(b))?;
    let mut cases = Vec::new();
    let mut i = 2;
    while i + 1 < inst.num_operands() {
        let case = fl
            .raw_operand(inst, i)?
            .const_int_zext()
            .ok_or_else(|| fl.internal("switch case is not an integer constant".into()))?;
        let target = fl
            .raw_operand(inst, i + 1)?
            .as_block()
            .ok_or_else(|| fl.internal("switch case target is not a block".into()))
            .and_then(|b| fl.block_id(b))?;
        cases.push((case, target));
        i += 2;
    }
    Ok(Terminator::Switch {
        value,
        ty,
        default,
        cases,
    })
}
