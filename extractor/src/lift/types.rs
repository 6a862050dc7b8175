//! LLVM types to the model's register types.

use runtime_model::model::Ty;

use super::debug_loc::SourcePos;
use super::ir::{LLVMTypeKind, Type};
use crate::error::ExtractError;

/// The register type of an SSA value of LLVM type `ty`; anything a register
/// cannot hold (aggregates, vectors, `long double`, wide integers) is
/// reported as unsupported at `pos`.
pub fn register_ty(ty: Type<'_>, pos: &SourcePos) -> Result<Ty, ExtractError> {
    let unsupported = |what: String| Err(ExtractError::unsupported(pos.describe(), what));
    match ty.kind() {
        LLVMTypeKind::LLVMIntegerTypeKind => match ty.int_width() {
            Some(1) => Ok(Ty::I1),
            Some(8) => Ok(Ty::I8),
            Some(16) => Ok(Ty::I16),
            Some(32) => Ok(Ty::I32),
            Some(64) => Ok(Ty::I64),
            Some(w) => unsupported(format!("{w}-bit integer")),
            None => unsupported("integer type".to_string()),
        },
        LLVMTypeKind::LLVMFloatTypeKind => Ok(Ty::F32),
        LLVMTypeKind::LLVMDoubleTypeKind => Ok(Ty::F64),
        LLVMTypeKind::LLVMPointerTypeKind if ty.address_space() == Some(0) => Ok(Ty::Ptr),
        LLVMTypeKind::LLVMPointerTypeKind => {
            unsupported("pointer in a non-default address space".into())
        }
        LLVMTypeKind::LLVMX86_FP80TypeKind
        | LLVMTypeKind::LLVMFP128TypeKind
        | LLVMTypeKind::LLVMPPC_FP128TypeKind => unsupported("long double".into()),
        LLVMTypeKind::LLVMHalfTypeKind | LLVMTypeKind::LLVMBFloatTypeKind => {
            unsupported("16-bit floating point".into())
        }
        // Besides SIMD code, clang makes vectors and first-class aggregates
        // for small structs passed or returned by value in registers (the
        // x86-64 ABI passes `struct { float x, y; }` as `<2 x float>` and
        // returns `struct { double x, y; }` as `{ double, double }`).
        LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind => unsupported(
            "vector value (SIMD code, or a struct of floats passed or returned by value)".into(),
        ),
        LLVMTypeKind::LLVMStructTypeKind | LLVMTypeKind::LLVMArrayTypeKind => unsupported(
            "struct or array value held in a register (a small struct passed or returned by value)"
                .into(),
        ),
        _ => unsupported(format!("value of type {}", ty.describe())),
    }
}

/// Whether `ty` is x87 80-bit `long double`, whose values the lifter
/// holds in two registers (`runtime_model::model::Half`); `register_ty`
/// refuses it, so that only the instructions that handle both halves take
/// it.
pub fn is_fp80(ty: Type<'_>) -> bool {
    ty.kind() == LLVMTypeKind::LLVMX86_FP80TypeKind
}

/// Like [`register_ty`], with `void` mapped to `None` (results of calls and
/// functions).
pub fn result_ty(ty: Type<'_>, pos: &SourcePos) -> Result<Option<Ty>, ExtractError> {
    if ty.kind() == LLVMTypeKind::LLVMVoidTypeKind {
        Ok(None)
    } else {
        register_ty(ty, pos).map(Some)
    }
}
