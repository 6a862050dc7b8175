//! What the rewrites of `sort` share: finding the direct calls of a C
//! library function, the comparator named at a call, replacing the call by
//! a call of code made for it, array elements, and placing generated code at
//! the user's call.

use inkwell::builder::{Builder, BuilderError};
use inkwell::context::ContextRef;
use inkwell::llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use inkwell::llvm_sys::prelude::LLVMMetadataRef;
use inkwell::module::Module;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum};
use inkwell::values::{
    AsValueRef, BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue,
    InstructionOpcode, InstructionValue, IntValue, Operand, PointerValue, ValueKind,
};

use crate::error::ExtractError;

/// The comparator a call passes: a function of the program named at the
/// call, or a pointer computed at run time, which the made function takes
/// as its last parameter and calls through (`comparator_call`).
#[derive(Clone, Copy)]
pub enum Comparator<'ctx> {
    Named(FunctionValue<'ctx>),
    Pointer,
}

impl Comparator<'_> {
    /// How the made function's name shows the comparator.
    pub fn label(&self) -> String {
        match self {
            Comparator::Named(f) => f.get_name().to_string_lossy().into_owned(),
            Comparator::Pointer => "pointer".into(),
        }
    }
}

/// `cmp(a, b)` from inside `made`: a direct call of a named comparator, or
/// a call through the pointer `made` takes last.
pub fn comparator_call<'ctx>(
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    cmp: Comparator<'ctx>,
    made: FunctionValue<'ctx>,
    (a, b): (PointerValue<'ctx>, PointerValue<'ctx>),
) -> Result<IntValue<'ctx>, BuilderError> {
    let i32t = context.i32_type();
    let site = match cmp {
        Comparator::Named(f) => builder.build_call(f, &[a.into(), b.into()], "order")?,
        Comparator::Pointer => {
            let ptr = context.ptr_type(Default::default());
            let ty = i32t.fn_type(&[ptr.into(), ptr.into()], false);
            let target = made
                .get_last_param()
                .map(|p| p.into_pointer_value())
                .unwrap_or(ptr.const_null());
            builder.build_indirect_call(ty, target, &[a.into(), b.into()], "order")?
        }
    };
    Ok(site
        .try_as_basic_value()
        .basic()
        .map(|v| v.into_int_value())
        .unwrap_or_else(|| i32t.const_zero()))
}

/// Makes the function that replaces call site number `k` of a library
/// function whose comparator is `cmp`; with `Comparator::Pointer` it takes
/// the comparator as an extra last parameter.
pub type Build<'a, 'ctx> = &'a dyn Fn(
    &Module<'ctx>,
    &ContextRef<'ctx>,
    &Builder<'ctx>,
    Comparator<'ctx>,
    usize,
) -> Result<FunctionValue<'ctx>, BuilderError>;

/// Replaces each direct call of the library function `name`, whose last
/// argument at `cmp_at` is its comparator, by a call of the function
/// `build` makes for that site, with the call's other arguments (and the
/// comparator's value when it is not a function of the program named at
/// the call, see [`comparator`]); its result, if any, takes the place of
/// the library call's. The new call and every instruction of the made
/// function carry the call's source position.
pub fn replace_calls<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    cmp_at: u32,
    build: Build<'_, 'ctx>,
) -> Result<(), ExtractError> {
    let sites: Vec<_> = library_calls(module, name, cmp_at + 1)
        .into_iter()
        .map(|call| {
            let cmp =
                comparator(module, call, cmp_at).map_or(Comparator::Pointer, Comparator::Named);
            (call, cmp)
        })
        .collect();
    let context = module.get_context();
    let builder = context.create_builder();
    for (k, (call, cmp)) in sites.into_iter().enumerate() {
        replace_call(module, &context, &builder, call, (cmp, cmp_at), k, build).map_err(|e| {
            ExtractError::Internal(format!("building the code of a {name} call: {e}"))
        })?;
    }
    Ok(())
}

/// [`replace_calls`] for one call site.
fn replace_call<'ctx>(
    module: &Module<'ctx>,
    context: &ContextRef<'ctx>,
    builder: &Builder<'ctx>,
    call: InstructionValue<'ctx>,
    (cmp, cmp_at): (Comparator<'ctx>, u32),
    k: usize,
    build: Build<'_, 'ctx>,
) -> Result<(), String> {
    let passed = match cmp {
        Comparator::Named(_) => cmp_at,
        Comparator::Pointer => cmp_at + 1,
    };
    let args: Vec<BasicMetadataValueEnum> = arguments(call, passed)?
        .into_iter()
        .map(Into::into)
        .collect();
    let loc = debug_loc(call);
    let made = build(module, context, builder, cmp, k).map_err(|e| e.to_string())?;
    builder.position_before(&call);
    let site = builder
        .build_call(made, &args, "")
        .map_err(|e| e.to_string())?;
    let replacement = match site.try_as_basic_value() {
        ValueKind::Basic(v) => v.as_instruction_value(),
        ValueKind::Instruction(i) => Some(i),
    }
    .ok_or("the new call is not an instruction")?;
    set_debug_loc(replacement, loc);
    set_function_debug_loc(made, loc);
    call.replace_all_uses_with(&replacement);
    call.erase_from_basic_block();
    Ok(())
}

/// The direct calls with `args` arguments of `name`, when the module only
/// declares it (a program defining its own `qsort` or `bsearch` keeps it).
pub fn library_calls<'ctx>(
    module: &Module<'ctx>,
    name: &str,
    args: u32,
) -> Vec<InstructionValue<'ctx>> {
    let Some(callee) = module.get_function(name) else {
        return Vec::new();
    };
    if callee.count_basic_blocks() > 0 {
        return Vec::new();
    }
    let callee = callee.as_global_value().as_pointer_value();
    let mut calls = Vec::new();
    for f in module.get_functions() {
        for bb in f.get_basic_blocks() {
            for inst in bb.get_instructions() {
                // A call's last operand is its callee.
                if inst.get_opcode() == InstructionOpcode::Call
                    && inst.get_num_operands() == args + 1
                    && pointer_operand(inst, args) == Some(callee)
                {
                    calls.push(inst);
                }
            }
        }
    }
    calls
}

pub fn pointer_operand<'ctx>(inst: InstructionValue<'ctx>, i: u32) -> Option<PointerValue<'ctx>> {
    match inst.get_operand(i)? {
        Operand::Value(BasicValueEnum::PointerValue(p)) => Some(p),
        _ => None,
    }
}

/// The first `count` arguments of `call`.
pub fn arguments<'ctx>(
    call: InstructionValue<'ctx>,
    count: u32,
) -> Result<Vec<BasicValueEnum<'ctx>>, String> {
    (0..count)
        .map(|a| match call.get_operand(a) {
            Some(Operand::Value(v)) => Ok(v),
            _ => Err(format!("operand {a} of the call is not a value")),
        })
        .collect()
}

/// Argument `index` of `call` when it is a comparator: a function of the
/// program with C's `int (*)(const void *, const void *)` shape.
pub fn comparator<'ctx>(
    module: &Module<'ctx>,
    call: InstructionValue<'ctx>,
    index: u32,
) -> Option<FunctionValue<'ctx>> {
    let p = pointer_operand(call, index)?;
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
            .all(|t| matches!(t, BasicMetadataTypeEnum::PointerType(_)));
    (returns_int && takes_pointers && !ty.is_var_arg()).then_some(f)
}

/// The address of element `index` of the array at `base` whose elements
/// take `size` bytes.
pub fn element<'ctx>(
    b: &Builder<'ctx>,
    base: PointerValue<'ctx>,
    size: IntValue<'ctx>,
    index: IntValue<'ctx>,
) -> Result<PointerValue<'ctx>, BuilderError> {
    let offset = b.build_int_mul(index, size, "offset")?;
    let i8t = base.get_type().get_context().i8_type();
    // SAFETY (of the IR, not of Rust): an `i8` GEP is plain address
    // arithmetic; the checker bounds-checks every access through it.
    unsafe { b.build_gep(i8t, base, &[offset], "element") }
}

/// The `DILocation` of `inst` (null for none).
pub fn debug_loc(inst: InstructionValue<'_>) -> LLVMMetadataRef {
    // SAFETY: `inst` is a live instruction; LLVM returns null when it has
    // no location.
    unsafe { LLVMInstructionGetDebugLoc(inst.as_value_ref()) }
}

/// Attaches `loc` (a call's `DILocation`, null for none) to `inst`. The
/// location's scope is the caller's subprogram, which LLVM's verifier would
/// reject in another function; nothing verifies the module after this
/// point, and the lifter reads only the file, line and column.
pub fn set_debug_loc(inst: InstructionValue<'_>, loc: LLVMMetadataRef) {
    if loc.is_null() {
        return;
    }
    // SAFETY: a live instruction and a location of the same context.
    unsafe { LLVMInstructionSetDebugLoc(inst.as_value_ref(), loc) }
}

/// Places every instruction of `f` at `loc`.
pub fn set_function_debug_loc(f: FunctionValue<'_>, loc: LLVMMetadataRef) {
    for bb in f.get_basic_blocks() {
        for inst in bb.get_instructions() {
            set_debug_loc(inst, loc);
        }
    }
}
