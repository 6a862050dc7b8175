//! `qsort` as program code.
//!
//! `qsort` calls back into the program through its comparison-function
//! pointer, and model calls are direct. So, before lifting, each call
//! `qsort(base, n, size, cmp)` whose `cmp` is a function of the program is
//! replaced by a call to a function made here for that call site: an
//! insertion sort that calls `cmp` directly. C11 7.22.5.2 fixes neither the
//! algorithm nor the order of equal elements; insertion sort keeps equal
//! elements in their order, as glibc's merge sort does, and hands `cmp`
//! pointers into the array or to a copy of an element, as glibc does. Any
//! other `qsort` call (a comparator read from a variable, one with another
//! signature) stays, and the lifter reports it as unsupported at its line.
//!
//! Every instruction of the sort carries the `qsort` call's source position,
//! so a fault inside it (an array shorter than `n * size`, a comparator
//! error) is reported at the user's call.

use inkwell::basic_block::BasicBlock;
use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use inkwell::llvm_sys::prelude::LLVMMetadataRef;
use inkwell::module::{Linkage, Module};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    AsValueRef, BasicValueEnum, FunctionValue, InstructionOpcode, InstructionValue, IntValue,
    Operand, PointerValue,
};
use inkwell::IntPredicate;

use crate::error::ExtractError;

/// Replaces every `qsort` call with a known comparator (see the module docs).
pub fn expand_qsort(module: &Module<'_>) -> Result<(), ExtractError> {
    let Some(qsort) = module.get_function("qsort") else {
        return Ok(());
    };
    // A program defining its own `qsort` keeps it.
    if qsort.count_basic_blocks() > 0 {
        return Ok(());
    }
    let qsort_ptr = qsort.as_global_value().as_pointer_value();
    let mut sites = Vec::new();
    for f in module.get_functions() {
        for bb in f.get_basic_blocks() {
            for inst in bb.get_instructions() {
                if inst.get_opcode() != InstructionOpcode::Call {
                    continue;
                }
                let n = inst.get_num_operands();
                if n == 5 && pointer_operand(inst, n - 1) == Some(qsort_ptr) {
                    if let Some(cmp) = comparator(module, inst) {
                        sites.push((inst, cmp));
                    }
                }
            }
        }
    }
    let context = module.get_context();
    let builder = context.create_builder();
    for (k, (call, cmp)) in sites.into_iter().enumerate() {
        expand_call(module, &context, &builder, call, cmp, k).map_err(|e| {
            ExtractError::Internal(format!("building the sort for a qsort call: {e}"))
        })?;
    }
    Ok(())
}

fn pointer_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> Option<PointerValue<'ctx>> {
    match inst.get_operand(i)? {
        Operand::Value(BasicValueEnum::PointerValue(p)) => Some(p),
        _ => None,
    }
}

/// The comparator of a `qsort` call, if it is a function of the program
/// with C's `int (*)(const void *, const void *)` shape.
fn comparator<'ctx>(
    module: &Module<'ctx>,
    call: InstructionValue<'ctx>,
) -> Option<FunctionValue<'ctx>> {
    let p = pointer_operand(call, 3)?;
    let name = p.get_name().to_str().ok()?.to_string();
    let f = module.get_function(&name)?;
    if f.as_global_value().as_pointer_value() != p || f.count_basic_blocks() == 0 {
        return None;
    }
    let ty = f.get_type();
    let returns_int =
        matches!(ty.get_return_type(), Some(BasicTypeEnum::IntType(t)) if t.get_bit_width() == 32);
    let params = ty.get_param_types();
    let takes_pointers = params.len() == 2
        && params
            .iter()
            .all(|t| matches!(t, inkwell::types::BasicMetadataTypeEnum::PointerType(_)));
    (returns_int && takes_pointers && !ty.is_var_arg()).then_some(f)
}

/// Builds the sort for one call site and calls it instead of `qsort`.
fn expand_call<'ctx>(
    module: &Module<'ctx>,
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
    cmp: FunctionValue<'ctx>,
    k: usize,
) -> Result<(), String> {
    // The call's operands: base, count, size, comparator, callee.
    let mut args = Vec::new();
    for a in 0..3 {
        match call.get_operand(a) {
            Some(Operand::Value(v)) => args.push(v),
            _ => return Err(format!("operand {a} of the call is not a value")),
        }
    }
    let loc = debug_loc(call);
    let sort = build_sort(module, context, builder, cmp, k).map_err(|e| e.to_string())?;
    builder.position_before(&call);
    let replacement = builder
        .build_call(sort, &[args[0].into(), args[1].into(), args[2].into()], "")
        .map_err(|e| e.to_string())?
        .try_as_basic_value()
        .instruction()
        .ok_or("the call to the sort is not an instruction")?;
    set_debug_loc(replacement, loc);
    for bb in sort.get_basic_blocks() {
        set_block_debug_loc(bb, loc);
    }
    call.erase_from_basic_block();
    Ok(())
}

/// `void qsort.<cmp>.<k>(char *base, size_t n, size_t size)`.
fn build_sort<'ctx>(
    module: &Module<'ctx>,
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    cmp: FunctionValue<'ctx>,
    k: usize,
) -> Result<FunctionValue<'ctx>, BuilderError> {
    let ptr = context.ptr_type(Default::default());
    let i64t = context.i64_type();
    let i8t = context.i8_type();
    let fn_ty = context
        .void_type()
        .fn_type(&[ptr.into(), i64t.into(), i64t.into()], false);
    let name = format!("qsort.{}.{k}", cmp.get_name().to_string_lossy());
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
    let element =
        |b: &Builder<'ctx>, index: IntValue<'ctx>| -> Result<PointerValue<'ctx>, BuilderError> {
            let offset = b.build_int_mul(index, size, "offset")?;
            // SAFETY (of the IR, not of Rust): an `i8` GEP is plain address
            // arithmetic; the checker bounds-checks every access through it.
            unsafe { b.build_gep(i8t, base, &[offset], "element") }
        };

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
    let src = element(builder, iv)?;
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
    let prev = element(builder, before)?;
    let order = builder
        .build_call(cmp, &[prev.into(), held.into()], "order")?
        .try_as_basic_value()
        .basic()
        .map(|v| v.into_int_value())
        .unwrap_or_else(|| context.i32_type().const_zero());
    let greater = builder.build_int_compare(
        IntPredicate::SGT,
        order,
        context.i32_type().const_zero(),
        "greater",
    )?;
    builder.build_conditional_branch(greater, shift, place)?;

    // shift: base[j] = base[j-1]
    builder.position_at_end(shift);
    let dst = element(builder, jv)?;
    builder.build_memcpy(dst, 1, prev, 1, size)?;
    builder.build_unconditional_branch(inner)?;

    // place: base[j] = held
    builder.position_at_end(place);
    let slot = element(builder, jv)?;
    builder.build_memcpy(slot, 1, held, 1, size)?;
    let next = builder.build_int_add(iv, one, "next")?;
    builder.build_unconditional_branch(outer)?;

    builder.position_at_end(exit);
    builder.build_return(None)?;

    i.add_incoming(&[(&one, entry), (&next, place)]);
    j.add_incoming(&[(&iv, load), (&before, shift)]);

    Ok(sort)
}

fn debug_loc(inst: InstructionValue<'_>) -> LLVMMetadataRef {
    // SAFETY: `inst` is a live instruction; LLVM returns null when it has
    // no location.
    unsafe { LLVMInstructionGetDebugLoc(inst.as_value_ref()) }
}

/// Attaches `loc` (the `qsort` call's `DILocation`, null for none) to
/// `inst`. The location's scope is the caller's subprogram, which LLVM's
/// verifier would reject in another function; nothing verifies the module
/// after this point, and the lifter reads only the file, line and column.
fn set_debug_loc(inst: InstructionValue<'_>, loc: LLVMMetadataRef) {
    if loc.is_null() {
        return;
    }
    // SAFETY: a live instruction and a location of the same context.
    unsafe { LLVMInstructionSetDebugLoc(inst.as_value_ref(), loc) }
}

fn set_block_debug_loc(bb: BasicBlock<'_>, loc: LLVMMetadataRef) {
    for inst in bb.get_instructions() {
        set_debug_loc(inst, loc);
    }
}
