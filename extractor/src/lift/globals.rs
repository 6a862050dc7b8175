//! Global variables and their initial bytes.

use runtime_model::model::Global;

use super::debug_loc::SourcePos;
use super::ir::{LLVMTypeKind, LLVMValueKind, Type, Value};
use super::{values, ModuleCx};
use crate::error::ExtractError;

/// The C library's stream variables. Programs only hand them to the C
/// library, which the checker models without looking inside, so each
/// becomes a pointer-sized global holding its marker value
/// (`Pointer::standard_stream`).
const STDIO_STREAMS: [&str; 3] = ["stdout", "stderr", "stdin"];

pub fn is_stdio_stream(v: Value<'_>) -> bool {
    STDIO_STREAMS.contains(&v.name().as_str())
}

/// The model's view of global `g`: its size and initial bytes (little-endian,
/// struct padding from the data layout, pointers encoded).
pub fn lift_global<'m>(cx: &mut ModuleCx<'m>, g: Value<'m>) -> Result<Global, ExtractError> {
    let pos = global_pos(g);
    let name = g.name();
    let ty = g
        .value_type()
        .ok_or_else(|| ExtractError::Internal(format!("{name} is not a global variable")))?;
    let size = cx.layout.alloc_size(ty);
    // A pointer's offset has 32 bits (see `Pointer`), so no allocation can
    // be larger; refusing here also avoids allocating the initial bytes.
    if size > u64::from(u32::MAX) {
        return Err(ExtractError::unsupported(
            pos.describe(),
            format!("global {name} of {size} bytes (at most 4 GiB are supported)"),
        ));
    }
    let mut init = vec![0u8; size as usize];
    // External declarations only get this far for the stdio streams, which
    // hold their marker, and the C++ runtime's variables (see
    // `values::fold`), which stay zero.
    if let Some(value) = g.initializer() {
        write_constant(cx, value, 0, &mut init, &pos)?;
    } else if let Some(marker) = runtime_model::model::Pointer::standard_stream(&name) {
        let bytes = marker.to_le_bytes();
        let n = init.len().min(8);
        init[..n].copy_from_slice(&bytes[..n]);
    }
    Ok(Global {
        name,
        size,
        init,
        constant: g.is_global_constant(),
    })
}

fn global_pos(g: Value<'_>) -> SourcePos {
    g.debug_loc().map(SourcePos::from).unwrap_or(SourcePos {
        file: String::new(),
        line: 0,
        column: 0,
    })
}

/// Writes constant `c` at byte `offset` of `out` (which starts zeroed, so
/// zero, undef and null constants write nothing).
fn write_constant<'m>(
    cx: &mut ModuleCx<'m>,
    c: Value<'m>,
    offset: u64,
    out: &mut [u8],
    pos: &SourcePos,
) -> Result<(), ExtractError> {
    let ty = c.ty();
    match c.kind() {
        LLVMValueKind::LLVMConstantAggregateZeroValueKind
        | LLVMValueKind::LLVMConstantPointerNullValueKind
        | LLVMValueKind::LLVMUndefValueValueKind
        | LLVMValueKind::LLVMPoisonValueKind => Ok(()),
        LLVMValueKind::LLVMConstantArrayValueKind
        | LLVMValueKind::LLVMConstantDataArrayValueKind => {
            // Strings (and other byte arrays) in one copy.
            if let Some(bytes) = c.const_bytes() {
                return put(out, offset, &bytes, pos);
            }
            let (elem, len) = array_shape(ty, pos)?;
            let stride = cx.layout.alloc_size(elem);
            for i in 0..len {
                let e = element(c, i, pos)?;
                write_constant(cx, e, offset + u64::from(i) * stride, out, pos)?;
            }
            Ok(())
        }
        LLVMValueKind::LLVMConstantStructValueKind => {
            for i in 0..ty.struct_len() {
                let field = cx.layout.field_offset(ty, i).unwrap_or(0);
                let e = element(c, i, pos)?;
                write_constant(cx, e, offset + field, out, pos)?;
            }
            Ok(())
        }
        LLVMValueKind::LLVMConstantVectorValueKind
        | LLVMValueKind::LLVMConstantDataVectorValueKind => Err(ExtractError::unsupported(
            pos.describe(),
            "vector-typed global initializer",
        )),
        // A `long double`: its 10 bytes (the padding stays zero).
        _ if super::types::is_fp80(ty) => {
            let (lo, hi) = c.const_fp80().ok_or_else(|| {
                ExtractError::unsupported(pos.describe(), "long double constant expression")
            })?;
            put(out, offset, &lo.to_le_bytes(), pos)?;
            put(out, offset + 8, &(hi as u16).to_le_bytes(), pos)
        }
        // Scalars: integers, floats, addresses and constant expressions.
        _ => {
            let bits = values::fold(cx, c, pos)?;
            let size = cx.layout.store_size(ty) as usize;
            if size > 8 {
                return Err(ExtractError::unsupported(
                    pos.describe(),
                    format!("global initializer of type {}", ty.describe()),
                ));
            }
            put(out, offset, &bits.to_le_bytes()[..size], pos)
        }
    }
}

fn array_shape<'m>(ty: Type<'m>, pos: &SourcePos) -> Result<(Type<'m>, u32), ExtractError> {
    let elem = ty.element();
    let len = ty.array_len().and_then(|n| u32::try_from(n).ok());
    match (ty.kind(), elem, len) {
        (LLVMTypeKind::LLVMArrayTypeKind, Some(elem), Some(len)) => Ok((elem, len)),
        _ => Err(ExtractError::Internal(format!(
            "{}: array constant of type {}",
            pos.describe(),
            ty.describe()
        ))),
    }
}

fn element<'m>(c: Value<'m>, i: u32, pos: &SourcePos) -> Result<Value<'m>, ExtractError> {
    c.const_element(i).ok_or_else(|| {
        ExtractError::Internal(format!(
            "{}: aggregate constant has no element {i}",
            pos.describe()
        ))
    })
}

fn put(out: &mut [u8], offset: u64, bytes: &[u8], pos: &SourcePos) -> Result<(), ExtractError> {
    let start = offset as usize;
    let end = start + bytes.len();
    match out.get_mut(start..end) {
        Some(dst) => {
            dst.copy_from_slice(bytes);
            Ok(())
        }
        None => Err(ExtractError::Internal(format!(
            "{}: initializer writes bytes {start}..{end} of a {}-byte global",
            pos.describe(),
            out.len()
        ))),
    }
}
