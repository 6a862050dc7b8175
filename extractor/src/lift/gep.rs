//! Address arithmetic of `getelementptr`, shared by GEP instructions and GEP
//! constant expressions: the indices become one constant byte offset plus
//! `index * scale` terms for the indices that are not constants.

use super::debug_loc::SourcePos;
use super::ir::{LLVMTypeKind, Layout, Type, Value};
use crate::error::ExtractError;

/// `base + offset + Σ index * scale`, before the indices are lowered.
pub struct Address<'m> {
    pub offset: i64,
    pub terms: Vec<(Value<'m>, i64)>,
}

/// Splits the indices of a GEP over `source` (its source element type).
///
/// The first index steps over whole `source` objects; each later one selects
/// a struct field (always a constant, folded to the field's offset from the
/// data layout, so padding is honored) or an array element.
pub fn decompose<'m>(
    layout: &Layout,
    source: Type<'m>,
    indices: &[Value<'m>],
    pos: &SourcePos,
) -> Result<Address<'m>, ExtractError> {
    let unsupported = |what: &str| ExtractError::unsupported(pos.describe(), what);
    let mut addr = Address {
        offset: 0,
        terms: Vec::new(),
    };
    let mut ty = source;
    for (i, &index) in indices.iter().enumerate() {
        let scale = if i == 0 {
            layout.alloc_size(source)
        } else {
            match ty.kind() {
                LLVMTypeKind::LLVMStructTypeKind => {
                    let field = index
                        .const_int_zext()
                        .and_then(|f| u32::try_from(f).ok())
                        .ok_or_else(|| unsupported("non-constant struct field index"))?;
                    let offset = layout
                        .field_offset(ty, field)
                        .ok_or_else(|| unsupported("struct field index out of range"))?;
                    addr.offset = addr.offset.wrapping_add(offset as i64);
                    ty = ty
                        .field(field)
                        .ok_or_else(|| unsupported("struct field index out of range"))?;
                    continue;
                }
                LLVMTypeKind::LLVMArrayTypeKind => {
                    let elem = ty
                        .element()
                        .ok_or_else(|| unsupported("array without an element type"))?;
                    ty = elem;
                    layout.alloc_size(elem)
                }
                LLVMTypeKind::LLVMVectorTypeKind | LLVMTypeKind::LLVMScalableVectorTypeKind => {
                    return Err(unsupported("address of a vector element"))
                }
                _ => return Err(unsupported("getelementptr into a non-aggregate type")),
            }
        };
        let scale = scale as i64;
        match index.const_int_sext() {
            Some(c) => addr.offset = addr.offset.wrapping_add(c.wrapping_mul(scale)),
            None if scale != 0 => addr.terms.push((index, scale)),
            None => {}
        }
    }
    Ok(addr)
}
