//! `bsearch(key, base, n, size, cmp)` as a binary search calling `cmp`.
//!
//! C11 7.22.5.1 leaves unspecified which of several elements matching the
//! key is returned. The search made here is glibc's: the half-open range
//! `[lo, hi)` starts as `[0, n)`; while it is not empty, element
//! `mid = (lo + hi) / 2` is compared, `cmp(key, &base[mid])` in the order
//! C11 fixes, and a negative result keeps `[lo, mid)`, a positive one
//! `[mid + 1, hi)`, and zero returns `&base[mid]`. So the match returned is
//! the first one probed, the same element glibc's `bsearch` returns, and
//! an empty range (`n == 0` included, which never calls `cmp` nor reads
//! `base`) returns a null pointer.

use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::module::{Linkage, Module};
use inkwell::values::FunctionValue;
use inkwell::IntPredicate;

use super::site::{comparator_call, element, replace_calls, Comparator};
use crate::error::ExtractError;

/// Replaces every `bsearch` call by a binary search calling its comparator.
pub fn expand_bsearch(module: &Module<'_>) -> Result<(), ExtractError> {
    replace_calls(module, "bsearch", 4, &build_search)
}

/// `void *bsearch.<cmp>.<k>(const void *key, const char *base, size_t n,
/// size_t size)`, with a last parameter `int (*cmp)(const void *, const
/// void *)` when the comparator is a pointer.
fn build_search<'ctx>(
    module: &Module<'ctx>,
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    cmp: Comparator<'ctx>,
    k: usize,
) -> Result<FunctionValue<'ctx>, BuilderError> {
    let ptr = context.ptr_type(Default::default());
    let i64t = context.i64_type();
    let i32t = context.i32_type();
    let mut params = vec![ptr.into(), ptr.into(), i64t.into(), i64t.into()];
    if let Comparator::Pointer = cmp {
        params.push(ptr.into());
    }
    let fn_ty = ptr.fn_type(&params, false);
    let name = format!("bsearch.{}.{k}", cmp.label());
    let search = module.add_function(&name, fn_ty, Some(Linkage::Internal));
    let zero = i64t.const_zero();
    let one = i64t.const_int(1, false);
    // The function was just made with these four parameters.
    let param = |i: u32| search.get_nth_param(i);
    let (key, base, n, size) = (
        param(0)
            .map(|p| p.into_pointer_value())
            .unwrap_or(ptr.const_null()),
        param(1)
            .map(|p| p.into_pointer_value())
            .unwrap_or(ptr.const_null()),
        param(2).map(|p| p.into_int_value()).unwrap_or(zero),
        param(3).map(|p| p.into_int_value()).unwrap_or(zero),
    );
    let block = |name: &str| context.append_basic_block(search, name);
    let (entry, range, probe, decide, below, above, hit, miss) = (
        block("entry"),
        block("range"),
        block("probe"),
        block("decide"),
        block("below"),
        block("above"),
        block("hit"),
        block("miss"),
    );

    builder.position_at_end(entry);
    builder.build_unconditional_branch(range)?;

    // range: [lo, hi), empty when lo >= hi
    builder.position_at_end(range);
    let lo = builder.build_phi(i64t, "lo")?;
    let hi = builder.build_phi(i64t, "hi")?;
    let (lov, hiv) = (
        lo.as_basic_value().into_int_value(),
        hi.as_basic_value().into_int_value(),
    );
    let empty = builder.build_int_compare(IntPredicate::UGE, lov, hiv, "empty")?;
    builder.build_conditional_branch(empty, miss, probe)?;

    // probe: order = cmp(key, &base[mid]), mid = lo + (hi - lo) / 2
    builder.position_at_end(probe);
    let width = builder.build_int_sub(hiv, lov, "width")?;
    let half = builder.build_int_unsigned_div(width, i64t.const_int(2, false), "half")?;
    let mid = builder.build_int_add(lov, half, "mid")?;
    let candidate = element(builder, base, size, mid)?;
    let order = comparator_call(context, builder, cmp, search, (key, candidate))?;
    let equal = builder.build_int_compare(IntPredicate::EQ, order, i32t.const_zero(), "equal")?;
    builder.build_conditional_branch(equal, hit, decide)?;

    builder.position_at_end(decide);
    let less = builder.build_int_compare(IntPredicate::SLT, order, i32t.const_zero(), "less")?;
    builder.build_conditional_branch(less, below, above)?;

    // below: hi = mid
    builder.position_at_end(below);
    builder.build_unconditional_branch(range)?;

    // above: lo = mid + 1
    builder.position_at_end(above);
    let after = builder.build_int_add(mid, one, "after")?;
    builder.build_unconditional_branch(range)?;

    builder.position_at_end(hit);
    builder.build_return(Some(&candidate))?;

    builder.position_at_end(miss);
    builder.build_return(Some(&ptr.const_null()))?;

    lo.add_incoming(&[(&zero, entry), (&lov, below), (&after, above)]);
    hi.add_incoming(&[(&n, entry), (&mid, below), (&hiv, above)]);

    Ok(search)
}
