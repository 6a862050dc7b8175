//! Constants in the register representation of the model (`runtime_model::model`): integers
//! zero-extended, floats as IEEE bits, addresses as encoded pointers, and
//! constant expressions (GEPs on globals, casts, integer arithmetic) folded.

use runtime_model::model::Pointer;

use super::debug_loc::SourcePos;
use super::globals;
use super::ir::{LLVMOpcode, LLVMTypeKind, LLVMValueKind, Value};
use super::{gep, ModuleCx};
use crate::error::ExtractError;

/// Keeps the low `width` bits (a register holds an N-bit integer zero-extended).
pub fn truncate(bits: u64, width: u32) -> u64 {
    if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    }
}

/// Sign-extends the low `width` bits to 64.
fn sign_extend(bits: u64, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}

/// Bit width of a scalar type as the register representation sees it
/// (pointers are 64-bit encoded addresses).
fn width_of(v: Value<'_>) -> u32 {
    let ty = v.ty();
    match ty.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind => ty.int_width().unwrap_or(64),
        LLVMTypeKind::LLVMFloatTypeKind => 32,
        _ => 64,
    }
}

/// The register value of constant `v`, used at `pos`. Referring to a global
/// or a function registers it in the model.
pub fn fold<'m>(cx: &mut ModuleCx<'m>, v: Value<'m>, pos: &SourcePos) -> Result<u64, ExtractError> {
    let unsupported = |what: String| Err(ExtractError::unsupported(pos.describe(), what));
    match v.kind() {
        LLVMValueKind::LLVMConstantIntValueKind => match v.const_int_zext() {
            Some(bits) => Ok(bits),
            None => unsupported(format!("{}-bit integer", width_of(v))),
        },
        LLVMValueKind::LLVMConstantFPValueKind => match (v.ty().kind(), v.const_fp()) {
            // The f64 holds the f32 exactly, so the round trip keeps its bits.
            (LLVMTypeKind::LLVMFloatTypeKind, Some(d)) => Ok((d as f32).to_bits() as u64),
            (LLVMTypeKind::LLVMDoubleTypeKind, Some(d)) => Ok(d.to_bits()),
            _ => unsupported("long double constant".into()),
        },
        // The model has no undefined values: reading one yields 0.
        LLVMValueKind::LLVMConstantPointerNullValueKind
        | LLVMValueKind::LLVMUndefValueValueKind
        | LLVMValueKind::LLVMPoisonValueKind => Ok(0),
        LLVMValueKind::LLVMGlobalVariableValueKind => {
            if v.is_declaration()
                && !globals::is_stdio_stream(v)
                && !super::cxx::is_runtime_symbol(&v.name())
            {
                return unsupported(format!(
                    "external variable {} (not defined in the given sources)",
                    v.name()
                ));
            }
            Ok(Pointer::global(cx.symbols.global_index(v)))
        }
        LLVMValueKind::LLVMFunctionValueKind => {
            if v.is_declaration()
                && !super::cxx::is_runtime_symbol(&v.name())
                && !super::cxx::is_library_callback(&v.name())
            {
                return unsupported(format!("address of external function {}", v.name()));
            }
            Ok(Pointer::function(cx.symbols.function_id(v)))
        }
        LLVMValueKind::LLVMGlobalAliasValueKind => match v.aliasee() {
            Some(target) => fold(cx, target, pos),
            None => unsupported(format!("alias {} without a target", v.name())),
        },
        LLVMValueKind::LLVMConstantExprValueKind => fold_expression(cx, v, pos),
        LLVMValueKind::LLVMBlockAddressValueKind => unsupported("address of a label".into()),
        LLVMValueKind::LLVMGlobalIFuncValueKind => {
            unsupported(format!("indirect function (ifunc) {}", v.name()))
        }
        LLVMValueKind::LLVMConstantArrayValueKind
        | LLVMValueKind::LLVMConstantStructValueKind
        | LLVMValueKind::LLVMConstantAggregateZeroValueKind
        | LLVMValueKind::LLVMConstantDataArrayValueKind => {
            unsupported("struct or array value held in a register".into())
        }
        LLVMValueKind::LLVMConstantVectorValueKind
        | LLVMValueKind::LLVMConstantDataVectorValueKind => {
            unsupported("vector value (SIMD)".into())
        }
        other => Err(ExtractError::Internal(format!(
            "{}: unexpected constant kind {other:?}",
            pos.describe()
        ))),
    }
}

/// Folds a constant expression. LLVM 19 only keeps casts, GEPs and a few
/// integer operations as constant expressions; those are all computed here.
fn fold_expression<'m>(
    cx: &mut ModuleCx<'m>,
    e: Value<'m>,
    pos: &SourcePos,
) -> Result<u64, ExtractError> {
    let operand = |i: u32| {
        e.operand(i).ok_or_else(|| {
            ExtractError::Internal(format!(
                "{}: constant expression without operand {i}",
                pos.describe()
            ))
        })
    };
    let opcode = e.opcode();
    let width = width_of(e);
    let value = match opcode {
        Some(LLVMOpcode::LLVMGetElementPtr) => {
            let base = fold(cx, operand(0)?, pos)?;
            let source = e.gep_source_type().ok_or_else(|| {
                ExtractError::Internal(format!("{}: GEP without a source type", pos.describe()))
            })?;
            let indices: Vec<_> = (1..e.num_operands()).filter_map(|i| e.operand(i)).collect();
            let addr = gep::decompose(&cx.layout, source, &indices, pos)?;
            let mut offset = addr.offset;
            for (index, scale) in addr.terms {
                let bits = fold(cx, index, pos)?;
                offset =
                    offset.wrapping_add(sign_extend(bits, width_of(index)).wrapping_mul(scale));
            }
            base.wrapping_add(offset as u64)
        }
        Some(
            LLVMOpcode::LLVMPtrToInt
            | LLVMOpcode::LLVMIntToPtr
            | LLVMOpcode::LLVMTrunc
            | LLVMOpcode::LLVMZExt
            | LLVMOpcode::LLVMBitCast
            | LLVMOpcode::LLVMAddrSpaceCast,
        ) => fold(cx, operand(0)?, pos)?,
        Some(LLVMOpcode::LLVMSExt) => {
            let src = operand(0)?;
            sign_extend(fold(cx, src, pos)?, width_of(src)) as u64
        }
        Some(
            op @ (LLVMOpcode::LLVMAdd
            | LLVMOpcode::LLVMSub
            | LLVMOpcode::LLVMMul
            | LLVMOpcode::LLVMXor
            | LLVMOpcode::LLVMAnd
            | LLVMOpcode::LLVMOr
            | LLVMOpcode::LLVMShl),
        ) => {
            let a = fold(cx, operand(0)?, pos)?;
            let b = fold(cx, operand(1)?, pos)?;
            match op {
                LLVMOpcode::LLVMAdd => a.wrapping_add(b),
                LLVMOpcode::LLVMSub => a.wrapping_sub(b),
                LLVMOpcode::LLVMMul => a.wrapping_mul(b),
                LLVMOpcode::LLVMXor => a ^ b,
                LLVMOpcode::LLVMAnd => a & b,
                LLVMOpcode::LLVMOr => a | b,
                _ => a.checked_shl(b as u32).unwrap_or(0),
            }
        }
        other => {
            return Err(ExtractError::unsupported(
                pos.describe(),
                format!("constant expression {other:?}"),
            ))
        }
    };
    Ok(truncate(value, width))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_and_sign_extension() {
        assert_eq!(truncate(u64::MAX, 32), 0xFFFF_FFFF);
        assert_eq!(truncate(3, 1), 1);
        assert_eq!(truncate(u64::MAX, 64), u64::MAX);
        assert_eq!(sign_extend(0xFFFF_FFFE, 32), -2);
        assert_eq!(sign_extend(0x7F, 8), 127);
        assert_eq!(sign_extend(0x80, 8), -128);
    }
}
