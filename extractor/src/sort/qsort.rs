//! `qsort(base, n, size, cmp)` as an insertion sort calling `cmp`.
//!
//! C11 7.22.5.2 fixes neither the algorithm nor the order of equal
//! elements; insertion sort keeps equal elements in their order, as glibc's
//! merge sort does, and hands `cmp` pointers into the array or to a copy of
//! an element, as glibc does.

use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::module::{Linkage, Module};
use inkwell::values::FunctionValue;
use inkwell::IntPredicate;

use super::site::{comparator_call, element, replace_calls, Comparator};
use crate::error::ExtractError;

/// Replaces every `qsort` call by an insertion sort calling its comparator.
pub fn expand_qsort(module: &Module<'_>) -> Result<(), ExtractError> {
    replace_calls(module, "qsort", 3, &build_sort)
}

/// `void qsort.<cmp>.<k>(char *base, size_t n, size_t size)`, with a last
/// parameter `int (*cmp)(const void *, const void *)` when the comparator
/// is a pointer.
fn build_sort<'ctx>(
    module: &Module<'ctx>,
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    cmp: Comparator<'ctx>,
    k: usize,
) -> Result<FunctionValue<'ctx>, BuilderError> {
    let ptr = context.ptr_type(Default::default());
    let i64t = context.i64_type();
    let i8t = context.i8_type();
    let mut params = vec![ptr.into(), i64t.into(), i64t.into()];
    if let Comparator::Pointer = cmp {
        params.push(ptr.into());
    }
    let fn_ty = context.void_type().fn_type(&params, false);
    let name = format!("qsort.{}.{k}", cmp.label());
    let sort = module.add_function(&name, fn_ty, Some(Linkage::Internal));
    let zero = i64t.const_zero();
    let one = i64t.const_int(1, false);
    // The function was just made with these three parameters.
    let (base, n, size) = (
        sort.get_first_param()
            .map(|p| p.into_pointer_value())
            .unwrap_or(ptr.const_null()),
        sort.get_nth_param(1)
            .map(|p| p.into_int_value())
            .unwrap_or(zero),
        sort.get_nth_param(2)
            .map(|p| p.into_int_value())
            .unwrap_or(zero),
    );
    let block = |name: &str| context.append_basic_block(sort, name);
    let (entry, outer, load, inner, compare, shift, place, exit) = (
        block("entry"),
        block("outer"),
        block("load"),
        block("inner"),
        block("compare"),
        block("shift"),
        block("place"),
        block("exit"),
    );

    // entry: the element being inserted is copied out of the array.
    builder.position_at_end(entry);
    let held = builder.build_array_alloca(i8t, size, "held")?;
    builder.build_unconditional_branch(outer)?;

    // outer: for i in 1..n
    builder.position_at_end(outer);
    let i = builder.build_phi(i64t, "i")?;
    let done = builder.build_int_compare(
        IntPredicate::UGE,
        i.as_basic_value().into_int_value(),
        n,
        "done",
    )?;
    builder.build_conditional_branch(done, exit, load)?;
    let iv = i.as_basic_value().into_int_value();

    // load: held = base[i]
    builder.position_at_end(load);
    let src = element(builder, base, size, iv)?;
    builder.build_memcpy(held, 1, src, 1, size)?;
    builder.build_unconditional_branch(inner)?;

    // inner: j from i down while base[j-1] > held
    builder.position_at_end(inner);
    let j = builder.build_phi(i64t, "j")?;
    let jv = j.as_basic_value().into_int_value();
    let at_start = builder.build_int_compare(IntPredicate::EQ, jv, zero, "at_start")?;
    builder.build_conditional_branch(at_start, place, compare)?;

    builder.position_at_end(compare);
    let before = builder.build_int_sub(jv, one, "before")?;
    let prev = element(builder, base, size, before)?;
    let order = comparator_call(context, builder, cmp, sort, (prev, held))?;
    let greater = builder.build_int_compare(
        IntPredicate::SGT,
        order,
        context.i32_type().const_zero(),
        "greater",
    )?;
    builder.build_conditional_branch(greater, shift, place)?;

    // shift: base[j] = base[j-1]
    builder.position_at_end(shift);
    let dst = element(builder, base, size, jv)?;
    builder.build_memcpy(dst, 1, prev, 1, size)?;
    builder.build_unconditional_branch(inner)?;

    // place: base[j] = held
    builder.position_at_end(place);
    let slot = element(builder, base, size, jv)?;
    builder.build_memcpy(slot, 1, held, 1, size)?;
    let next = builder.build_int_add(iv, one, "next")?;
    builder.build_unconditional_branch(outer)?;

    builder.position_at_end(exit);
    builder.build_return(None)?;

    i.add_incoming(&[(&one, entry), (&next, place)]);
    j.add_incoming(&[(&iv, load), (&before, shift)]);

    Ok(sort)
}
