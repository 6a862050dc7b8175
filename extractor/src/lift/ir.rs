//! A narrow, read-only view of LLVM IR for the lifter.
//!
//! inkwell's typed wrappers cover building IR well but reading it poorly:
//! they have no constant-expression opcodes, no debug locations, and some of
//! their conversions panic on operands they do not expect (metadata, labels).
//! The lifter instead reads the IR through these three `Copy` handles over
//! the raw LLVM references. This module is the only place in the crate with
//! `unsafe`: every method checks the kind of the object before calling an
//! LLVM C function that requires it, because a failed LLVM assertion is
//! undefined behavior in a release build of LLVM.
//!
//! Safety argument shared by every `unsafe` block below: a handle is only
//! created from a reference that belongs to the module borrowed for `'m`
//! (directly, or reached from such a reference through the C API), the
//! module is never mutated while a handle exists (the lifter only reads),
//! and each C function is called on an object of the kind it requires.

use std::ffi::{CStr, CString};
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

use inkwell::llvm_sys::core as llvm;
use inkwell::llvm_sys::debuginfo as di;
use inkwell::llvm_sys::prelude::{LLVMBasicBlockRef, LLVMModuleRef, LLVMTypeRef, LLVMValueRef};
use inkwell::llvm_sys::target as td;
use inkwell::targets::TargetData;

pub use inkwell::llvm_sys::{
    LLVMAtomicOrdering, LLVMIntPredicate, LLVMOpcode, LLVMRealPredicate, LLVMTypeKind,
    LLVMValueKind,
};

/// Copies an LLVM-owned (pointer, length) string; a null pointer is "".
fn owned_str(ptr: *const std::os::raw::c_char, len: usize) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: LLVM returned `len` readable bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr as *const u8, len) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// The module being lifted.
#[derive(Clone, Copy)]
pub struct Module<'m> {
    raw: LLVMModuleRef,
    _module: PhantomData<&'m ()>,
}

impl<'m> Module<'m> {
    pub fn new(module: &'m inkwell::module::Module<'_>) -> Self {
        Module {
            raw: module.as_mut_ptr(),
            _module: PhantomData,
        }
    }

    /// The function named `name`, with or without a body.
    pub fn function(&self, name: &str) -> Option<Value<'m>> {
        let name = CString::new(name).ok()?;
        // SAFETY: the module is alive for `'m`; `name` is NUL-terminated.
        Value::new_opt(unsafe { llvm::LLVMGetNamedFunction(self.raw, name.as_ptr()) })
    }

    /// Every function of the module, with or without a body.
    pub fn functions(&self) -> Vec<Value<'m>> {
        // SAFETY: the module is alive for `'m`; the list ends with null.
        let first = Value::new_opt(unsafe { llvm::LLVMGetFirstFunction(self.raw) });
        std::iter::successors(first, |f| {
            // SAFETY: a function of the module.
            Value::new_opt(unsafe { llvm::LLVMGetNextFunction(f.raw) })
        })
        .collect()
    }

    /// The global variable named `name`, if the module has one.
    pub fn global(&self, name: &str) -> Option<Value<'m>> {
        let name = CString::new(name).ok()?;
        // SAFETY: the module is alive for `'m`; `name` is NUL-terminated.
        Value::new_opt(unsafe { llvm::LLVMGetNamedGlobal(self.raw, name.as_ptr()) })
    }

    /// Size and layout queries for this module's target.
    pub fn layout(&self) -> Layout {
        // SAFETY: the module is alive; LLVM owns the returned string.
        let repr = unsafe { CStr::from_ptr(llvm::LLVMGetDataLayoutStr(self.raw)) };
        Layout {
            data: TargetData::create(&repr.to_string_lossy()),
        }
    }
}

/// Sizes and offsets from the module's data layout.
pub struct Layout {
    data: TargetData,
}

impl Layout {
    /// Bytes between consecutive array elements of `ty` (size plus tail padding).
    pub fn alloc_size(&self, ty: Type<'_>) -> u64 {
        if !ty.is_sized() {
            return 0;
        }
        // SAFETY: `ty` is a sized type of the module (see module docs).
        unsafe { td::LLVMABISizeOfType(self.data.as_mut_ptr(), ty.raw) }
    }

    /// Bytes a load or store of `ty` touches.
    pub fn store_size(&self, ty: Type<'_>) -> u64 {
        if !ty.is_sized() {
            return 0;
        }
        // SAFETY: as above.
        unsafe { td::LLVMStoreSizeOfType(self.data.as_mut_ptr(), ty.raw) }
    }

    /// Byte offset of field `index` of a struct type (`None` if not a field).
    pub fn field_offset(&self, ty: Type<'_>, index: u32) -> Option<u64> {
        if ty.kind() != LLVMTypeKind::LLVMStructTypeKind || index >= ty.struct_len() {
            return None;
        }
        // SAFETY: `ty` is a struct type with a field `index`.
        Some(unsafe { td::LLVMOffsetOfElement(self.data.as_mut_ptr(), ty.raw, index) })
    }
}

/// An LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Type<'m> {
    raw: LLVMTypeRef,
    _module: PhantomData<&'m ()>,
}

impl<'m> Type<'m> {
    fn new(raw: LLVMTypeRef) -> Self {
        Type {
            raw,
            _module: PhantomData,
        }
    }

    pub fn kind(self) -> LLVMTypeKind {
        // SAFETY: any type has a kind.
        unsafe { llvm::LLVMGetTypeKind(self.raw) }
    }

    fn is_sized(self) -> bool {
        // SAFETY: any type can be asked.
        unsafe { llvm::LLVMTypeIsSized(self.raw) != 0 }
    }

    /// Bit width of an integer type.
    pub fn int_width(self) -> Option<u32> {
        (self.kind() == LLVMTypeKind::LLVMIntegerTypeKind)
            // SAFETY: checked to be an integer type.
            .then(|| unsafe { llvm::LLVMGetIntTypeWidth(self.raw) })
    }

    /// Number of fields of a struct type (0 for other types).
    pub fn struct_len(self) -> u32 {
        if self.kind() != LLVMTypeKind::LLVMStructTypeKind {
            return 0;
        }
        // SAFETY: checked to be a struct type.
        unsafe { llvm::LLVMCountStructElementTypes(self.raw) }
    }

    /// Type of field `index` of a struct type.
    pub fn field(self, index: u32) -> Option<Type<'m>> {
        (index < self.struct_len())
            // SAFETY: a struct type with a field `index`.
            .then(|| Type::new(unsafe { llvm::LLVMStructGetTypeAtIndex(self.raw, index) }))
    }

    /// Element type of an array or vector type.
    pub fn element(self) -> Option<Type<'m>> {
        matches!(
            self.kind(),
            LLVMTypeKind::LLVMArrayTypeKind | LLVMTypeKind::LLVMVectorTypeKind
        )
        // SAFETY: arrays and vectors have an element type.
        .then(|| Type::new(unsafe { llvm::LLVMGetElementType(self.raw) }))
    }

    /// Number of elements of an array type.
    pub fn array_len(self) -> Option<u64> {
        (self.kind() == LLVMTypeKind::LLVMArrayTypeKind)
            // SAFETY: checked to be an array type.
            .then(|| unsafe { llvm::LLVMGetArrayLength2(self.raw) })
    }

    /// Address space of a pointer type.
    pub fn address_space(self) -> Option<u32> {
        (self.kind() == LLVMTypeKind::LLVMPointerTypeKind)
            // SAFETY: checked to be a pointer type.
            .then(|| unsafe { llvm::LLVMGetPointerAddressSpace(self.raw) })
    }

    /// Return type of a function type.
    pub fn return_type(self) -> Option<Type<'m>> {
        (self.kind() == LLVMTypeKind::LLVMFunctionTypeKind)
            // SAFETY: checked to be a function type.
            .then(|| Type::new(unsafe { llvm::LLVMGetReturnType(self.raw) }))
    }

    /// LLVM's textual form, for internal error messages.
    pub fn describe(self) -> String {
        // SAFETY: any type prints; the message is freed after copying.
        unsafe {
            let msg = llvm::LLVMPrintTypeToString(self.raw);
            let text = CStr::from_ptr(msg).to_string_lossy().into_owned();
            llvm::LLVMDisposeMessage(msg);
            text
        }
    }
}

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BasicBlock<'m> {
    raw: LLVMBasicBlockRef,
    _module: PhantomData<&'m ()>,
}

impl<'m> BasicBlock<'m> {
    fn new(raw: LLVMBasicBlockRef) -> Option<Self> {
        (!raw.is_null()).then_some(BasicBlock {
            raw,
            _module: PhantomData,
        })
    }

    /// Instructions in order (phis first, terminator last).
    pub fn instructions(self) -> impl Iterator<Item = Value<'m>> {
        // SAFETY: a block of the module.
        let first = Value::new_opt(unsafe { llvm::LLVMGetFirstInstruction(self.raw) });
        std::iter::successors(first, |i| i.next_instruction())
    }
}

/// Any LLVM value: instruction, argument, constant, global, function.
#[derive(Clone, Copy)]
pub struct Value<'m> {
    raw: LLVMValueRef,
    _module: PhantomData<&'m ()>,
}

impl PartialEq for Value<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}
impl Eq for Value<'_> {}
impl Hash for Value<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.raw.hash(state)
    }
}

/// Where an instruction came from, as recorded in its `!dbg` attachment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugLoc {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl<'m> Value<'m> {
    fn new(raw: LLVMValueRef) -> Self {
        Value {
            raw,
            _module: PhantomData,
        }
    }

    fn new_opt(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then(|| Value::new(raw))
    }

    pub fn kind(self) -> LLVMValueKind {
        // SAFETY: any value has a kind.
        unsafe { llvm::LLVMGetValueKind(self.raw) }
    }

    pub fn is_instruction(self) -> bool {
        self.kind() == LLVMValueKind::LLVMInstructionValueKind
    }

    fn is_function(self) -> bool {
        self.kind() == LLVMValueKind::LLVMFunctionValueKind
    }

    fn is_global_object(self) -> bool {
        matches!(
            self.kind(),
            LLVMValueKind::LLVMFunctionValueKind | LLVMValueKind::LLVMGlobalVariableValueKind
        )
    }

    pub fn name(self) -> String {
        let mut len = 0;
        // SAFETY: any value has a (possibly empty) name.
        let ptr = unsafe { llvm::LLVMGetValueName2(self.raw, &mut len) };
        owned_str(ptr, len)
    }

    pub fn ty(self) -> Type<'m> {
        // SAFETY: any value has a type.
        Type::new(unsafe { llvm::LLVMTypeOf(self.raw) })
    }

    // ----- instructions and constant expressions -----

    /// Opcode of an instruction or a constant expression.
    pub fn opcode(self) -> Option<LLVMOpcode> {
        match self.kind() {
            // SAFETY: checked kinds.
            LLVMValueKind::LLVMInstructionValueKind => {
                Some(unsafe { llvm::LLVMGetInstructionOpcode(self.raw) })
            }
            LLVMValueKind::LLVMConstantExprValueKind => {
                Some(unsafe { llvm::LLVMGetConstOpcode(self.raw) })
            }
            _ => None,
        }
    }

    fn is_user(self) -> bool {
        matches!(
            self.kind(),
            LLVMValueKind::LLVMInstructionValueKind
                | LLVMValueKind::LLVMConstantExprValueKind
                | LLVMValueKind::LLVMConstantArrayValueKind
                | LLVMValueKind::LLVMConstantStructValueKind
                | LLVMValueKind::LLVMConstantVectorValueKind
                | LLVMValueKind::LLVMGlobalVariableValueKind
                | LLVMValueKind::LLVMGlobalAliasValueKind
                | LLVMValueKind::LLVMFunctionValueKind
        )
    }

    pub fn num_operands(self) -> u32 {
        if !self.is_user() {
            return 0;
        }
        // SAFETY: users have an operand list.
        let n = unsafe { llvm::LLVMGetNumOperands(self.raw) };
        u32::try_from(n).unwrap_or(0)
    }

    /// Operand `index` of an instruction or constant (blocks appear as values
    /// of kind `LLVMBasicBlockValueKind`).
    pub fn operand(self, index: u32) -> Option<Value<'m>> {
        if index >= self.num_operands() {
            return None;
        }
        // SAFETY: a user with at least `index + 1` operands.
        Value::new_opt(unsafe { llvm::LLVMGetOperand(self.raw, index) })
    }

    /// A basic-block operand seen as a block.
    pub fn as_block(self) -> Option<BasicBlock<'m>> {
        if self.kind() != LLVMValueKind::LLVMBasicBlockValueKind {
            return None;
        }
        // SAFETY: checked to be a block.
        BasicBlock::new(unsafe { llvm::LLVMValueAsBasicBlock(self.raw) })
    }

    fn has_opcode(self, ops: &[LLVMOpcode]) -> bool {
        self.is_instruction() && self.opcode().is_some_and(|o| ops.contains(&o))
    }

    /// Whether this instruction ends its block.
    pub fn is_terminator(self) -> bool {
        // SAFETY: checked to be an instruction.
        self.is_instruction() && unsafe { !llvm::LLVMIsATerminatorInst(self.raw).is_null() }
    }

    pub fn next_instruction(self) -> Option<Value<'m>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: an instruction.
        Value::new_opt(unsafe { llvm::LLVMGetNextInstruction(self.raw) })
    }

    pub fn previous_instruction(self) -> Option<Value<'m>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: an instruction.
        Value::new_opt(unsafe { llvm::LLVMGetPreviousInstruction(self.raw) })
    }

    pub fn icmp_predicate(self) -> Option<LLVMIntPredicate> {
        self.has_opcode(&[LLVMOpcode::LLVMICmp])
            // SAFETY: an icmp instruction.
            .then(|| unsafe { llvm::LLVMGetICmpPredicate(self.raw) })
    }

    pub fn fcmp_predicate(self) -> Option<LLVMRealPredicate> {
        self.has_opcode(&[LLVMOpcode::LLVMFCmp])
            // SAFETY: an fcmp instruction.
            .then(|| unsafe { llvm::LLVMGetFCmpPredicate(self.raw) })
    }

    /// Memory ordering of a load or store (`NotAtomic` for plain accesses).
    pub fn ordering(self) -> Option<LLVMAtomicOrdering> {
        self.has_opcode(&[LLVMOpcode::LLVMLoad, LLVMOpcode::LLVMStore])
            // SAFETY: a load or store.
            .then(|| unsafe { llvm::LLVMGetOrdering(self.raw) })
    }

    /// Whether a load or store is `volatile` (a C volatile access).
    pub fn is_volatile(self) -> bool {
        self.has_opcode(&[LLVMOpcode::LLVMLoad, LLVMOpcode::LLVMStore])
            // SAFETY: a load or store.
            && unsafe { llvm::LLVMGetVolatile(self.raw) } != 0
    }

    /// The operation of an `atomicrmw`.
    pub fn atomic_rmw_op(self) -> Option<inkwell::llvm_sys::LLVMAtomicRMWBinOp> {
        self.has_opcode(&[LLVMOpcode::LLVMAtomicRMW])
            // SAFETY: an atomicrmw instruction.
            .then(|| unsafe { llvm::LLVMGetAtomicRMWBinOp(self.raw) })
    }

    /// Whether anything uses the value.
    pub fn has_uses(self) -> bool {
        // SAFETY: any value.
        !unsafe { llvm::LLVMGetFirstUse(self.raw) }.is_null()
    }

    pub fn allocated_type(self) -> Option<Type<'m>> {
        self.has_opcode(&[LLVMOpcode::LLVMAlloca])
            // SAFETY: an alloca.
            .then(|| Type::new(unsafe { llvm::LLVMGetAllocatedType(self.raw) }))
    }

    /// Source element type of a GEP instruction or GEP constant expression.
    pub fn gep_source_type(self) -> Option<Type<'m>> {
        (self.opcode() == Some(LLVMOpcode::LLVMGetElementPtr))
            // SAFETY: a GEP (LLVM accepts both the instruction and the constant).
            .then(|| Type::new(unsafe { llvm::LLVMGetGEPSourceElementType(self.raw) }))
    }

    /// The called operand of a call (a function, or any pointer value).
    pub fn called_value(self) -> Option<Value<'m>> {
        if !self.has_opcode(&[LLVMOpcode::LLVMCall, LLVMOpcode::LLVMInvoke]) {
            return None;
        }
        // SAFETY: a call site.
        Value::new_opt(unsafe { llvm::LLVMGetCalledValue(self.raw) })
    }

    /// Whether the function type a call site calls through takes a
    /// variable argument list (for calls through pointers, whose callee is
    /// not known).
    pub fn call_is_var_arg(self) -> bool {
        if !self.has_opcode(&[LLVMOpcode::LLVMCall, LLVMOpcode::LLVMInvoke]) {
            return false;
        }
        // SAFETY: a call site; its function type is a function type.
        unsafe { llvm::LLVMIsFunctionVarArg(llvm::LLVMGetCalledFunctionType(self.raw)) != 0 }
    }

    /// Arguments of a call (operands before the callee).
    pub fn call_args(self) -> Vec<Value<'m>> {
        if !self.has_opcode(&[LLVMOpcode::LLVMCall, LLVMOpcode::LLVMInvoke]) {
            return Vec::new();
        }
        // SAFETY: a call site.
        let n = unsafe { llvm::LLVMGetNumArgOperands(self.raw) };
        (0..n).filter_map(|i| self.operand(i)).collect()
    }

    /// The clauses of a `landingpad`: a typeinfo or null (`catch`), or an
    /// array of typeinfos (`filter`).
    pub fn clauses(self) -> Vec<Value<'m>> {
        if !self.has_opcode(&[LLVMOpcode::LLVMLandingPad]) {
            return Vec::new();
        }
        // SAFETY: a landing pad; indices below its clause count.
        unsafe {
            (0..llvm::LLVMGetNumClauses(self.raw))
                .filter_map(|i| Value::new_opt(llvm::LLVMGetClause(self.raw, i)))
                .collect()
        }
    }

    /// `(value, predecessor)` pairs of a phi.
    pub fn incoming(self) -> Vec<(Value<'m>, BasicBlock<'m>)> {
        if !self.has_opcode(&[LLVMOpcode::LLVMPHI]) {
            return Vec::new();
        }
        // SAFETY: a phi; indices below its incoming count.
        unsafe {
            (0..llvm::LLVMCountIncoming(self.raw))
                .filter_map(|i| {
                    let v = Value::new_opt(llvm::LLVMGetIncomingValue(self.raw, i))?;
                    let b = BasicBlock::new(llvm::LLVMGetIncomingBlock(self.raw, i))?;
                    Some((v, b))
                })
                .collect()
        }
    }

    /// Successor `index` of a terminator (for `br i1`, 0 is the true edge).
    pub fn successor(self, index: u32) -> Option<BasicBlock<'m>> {
        if !self.is_instruction() {
            return None;
        }
        // SAFETY: an instruction; checked to be a terminator with enough successors.
        unsafe {
            if llvm::LLVMIsATerminatorInst(self.raw).is_null()
                || index >= llvm::LLVMGetNumSuccessors(self.raw)
            {
                return None;
            }
            BasicBlock::new(llvm::LLVMGetSuccessor(self.raw, index))
        }
    }

    /// Condition of a conditional branch (`None` for an unconditional one).
    pub fn branch_condition(self) -> Option<Value<'m>> {
        if !self.has_opcode(&[LLVMOpcode::LLVMBr]) {
            return None;
        }
        // SAFETY: a branch; only conditional ones have a condition.
        unsafe {
            if llvm::LLVMIsConditional(self.raw) == 0 {
                return None;
            }
            Value::new_opt(llvm::LLVMGetCondition(self.raw))
        }
    }

    /// Default destination of a switch.
    pub fn switch_default(self) -> Option<BasicBlock<'m>> {
        if !self.has_opcode(&[LLVMOpcode::LLVMSwitch]) {
            return None;
        }
        // SAFETY: a switch.
        BasicBlock::new(unsafe { llvm::LLVMGetSwitchDefaultDest(self.raw) })
    }

    /// The `!dbg` location of an instruction, or the declaration line of a
    /// global variable, if it has one.
    pub fn debug_loc(self) -> Option<DebugLoc> {
        if !matches!(
            self.kind(),
            LLVMValueKind::LLVMInstructionValueKind | LLVMValueKind::LLVMGlobalVariableValueKind
        ) {
            return None;
        }
        let mut len = 0;
        // SAFETY: an instruction or global variable, the kinds LLVM accepts
        // here (it answers 0/empty when there is no location).
        let (line, column, file) = unsafe {
            let line = llvm::LLVMGetDebugLocLine(self.raw);
            let column = llvm::LLVMGetDebugLocColumn(self.raw);
            let ptr = llvm::LLVMGetDebugLocFilename(self.raw, &mut len);
            let name = owned_str(ptr, len as usize);
            let mut dlen = 0;
            let dptr = llvm::LLVMGetDebugLocDirectory(self.raw, &mut dlen);
            (
                line,
                column,
                display_path(&owned_str(dptr, dlen as usize), &name),
            )
        };
        (line != 0).then_some(DebugLoc { file, line, column })
    }

    // ----- constants -----

    /// Zero-extended value of an integer constant of at most 64 bits.
    pub fn const_int_zext(self) -> Option<u64> {
        if self.kind() != LLVMValueKind::LLVMConstantIntValueKind || self.ty().int_width()? > 64 {
            return None;
        }
        // SAFETY: an integer constant that fits in 64 bits.
        Some(unsafe { llvm::LLVMConstIntGetZExtValue(self.raw) })
    }

    /// Whether this is a zero constant of any type (an `i80` 0 included).
    pub fn is_zero_constant(self) -> bool {
        self.kind() == LLVMValueKind::LLVMConstantIntValueKind
            // SAFETY: an integer constant.
            && unsafe { llvm::LLVMIsNull(self.raw) } != 0
    }

    /// Sign-extended value of an integer constant of at most 64 bits.
    pub fn const_int_sext(self) -> Option<i64> {
        if self.kind() != LLVMValueKind::LLVMConstantIntValueKind || self.ty().int_width()? > 64 {
            return None;
        }
        // SAFETY: as above.
        Some(unsafe { llvm::LLVMConstIntGetSExtValue(self.raw) })
    }

    /// The bits of an `x86_fp80` constant: (significand, sign and
    /// exponent). The C API has no accessor for them, so they are read from
    /// LLVM's textual form, which always writes such a constant exactly as
    /// `0xK` and 20 hex digits (sign and exponent, then significand).
    pub fn const_fp80(self) -> Option<(u64, u64)> {
        if self.kind() != LLVMValueKind::LLVMConstantFPValueKind
            || self.ty().kind() != LLVMTypeKind::LLVMX86_FP80TypeKind
        {
            return None;
        }
        // SAFETY: any value prints; the message is freed after copying.
        let text = unsafe {
            let msg = llvm::LLVMPrintValueToString(self.raw);
            let text = CStr::from_ptr(msg).to_string_lossy().into_owned();
            llvm::LLVMDisposeMessage(msg);
            text
        };
        parse_fp80(&text)
    }

    /// Value of a `float` or `double` constant, widened to `f64` (exact).
    pub fn const_fp(self) -> Option<f64> {
        let ty = self.ty().kind();
        if self.kind() != LLVMValueKind::LLVMConstantFPValueKind
            || !matches!(
                ty,
                LLVMTypeKind::LLVMFloatTypeKind | LLVMTypeKind::LLVMDoubleTypeKind
            )
        {
            return None;
        }
        let mut loses_info = 0;
        // SAFETY: a float or double constant.
        Some(unsafe { llvm::LLVMConstRealGetDouble(self.raw, &mut loses_info) })
    }

    /// Raw bytes of an `i8` array constant (a C string literal).
    pub fn const_bytes(self) -> Option<Vec<u8>> {
        if self.kind() != LLVMValueKind::LLVMConstantDataArrayValueKind {
            return None;
        }
        // SAFETY: a ConstantDataArray; LLVM only answers for i8 elements.
        unsafe {
            if llvm::LLVMIsConstantString(self.raw) == 0 {
                return None;
            }
            let mut len = 0;
            let ptr = llvm::LLVMGetAsString(self.raw, &mut len);
            if ptr.is_null() {
                return None;
            }
            Some(std::slice::from_raw_parts(ptr as *const u8, len).to_vec())
        }
    }

    /// Element `index` of a constant array, struct, vector or data array.
    pub fn const_element(self, index: u32) -> Option<Value<'m>> {
        if !matches!(
            self.kind(),
            LLVMValueKind::LLVMConstantArrayValueKind
                | LLVMValueKind::LLVMConstantStructValueKind
                | LLVMValueKind::LLVMConstantVectorValueKind
                | LLVMValueKind::LLVMConstantDataArrayValueKind
                | LLVMValueKind::LLVMConstantDataVectorValueKind
                | LLVMValueKind::LLVMConstantAggregateZeroValueKind
        ) {
            return None;
        }
        // SAFETY: an aggregate constant; LLVM returns null when out of range.
        Value::new_opt(unsafe { llvm::LLVMGetAggregateElement(self.raw, index) })
    }

    // ----- globals and functions -----

    /// A function or global variable without a body / initializer here.
    pub fn is_declaration(self) -> bool {
        // SAFETY: checked to be a global object.
        self.is_global_object() && unsafe { llvm::LLVMIsDeclaration(self.raw) != 0 }
    }

    pub fn initializer(self) -> Option<Value<'m>> {
        if self.kind() != LLVMValueKind::LLVMGlobalVariableValueKind {
            return None;
        }
        // SAFETY: a global variable (null when it has no initializer).
        Value::new_opt(unsafe { llvm::LLVMGetInitializer(self.raw) })
    }

    pub fn is_global_constant(self) -> bool {
        self.kind() == LLVMValueKind::LLVMGlobalVariableValueKind
            // SAFETY: a global variable.
            && unsafe { llvm::LLVMIsGlobalConstant(self.raw) != 0 }
    }

    /// The type of the object a global variable or function defines.
    pub fn value_type(self) -> Option<Type<'m>> {
        self.is_global_object()
            // SAFETY: a global object.
            .then(|| Type::new(unsafe { llvm::LLVMGlobalGetValueType(self.raw) }))
    }

    /// The aliased constant of a global alias.
    pub fn aliasee(self) -> Option<Value<'m>> {
        if self.kind() != LLVMValueKind::LLVMGlobalAliasValueKind {
            return None;
        }
        // SAFETY: a global alias.
        Value::new_opt(unsafe { llvm::LLVMAliasGetAliasee(self.raw) })
    }

    pub fn params(self) -> Vec<Value<'m>> {
        if !self.is_function() {
            return Vec::new();
        }
        // SAFETY: a function; indices below its parameter count.
        unsafe {
            (0..llvm::LLVMCountParams(self.raw))
                .map(|i| Value::new(llvm::LLVMGetParam(self.raw, i)))
                .collect()
        }
    }

    /// Basic blocks of a function, entry first.
    pub fn blocks(self) -> Vec<BasicBlock<'m>> {
        if !self.is_function() {
            return Vec::new();
        }
        // SAFETY: a function.
        let first = BasicBlock::new(unsafe { llvm::LLVMGetFirstBasicBlock(self.raw) });
        std::iter::successors(first, |b| {
            // SAFETY: a block of the function.
            BasicBlock::new(unsafe { llvm::LLVMGetNextBasicBlock(b.raw) })
        })
        .collect()
    }

    /// The pointee type of parameter `index` if it is passed `byval`.
    pub fn byval_type(self, index: u32) -> Option<Type<'m>> {
        if !self.is_function() {
            return None;
        }
        let name = "byval";
        // SAFETY: a function; attribute index `index + 1` names parameter
        // `index` (0 is the return value); a byval attribute carries a type.
        unsafe {
            let kind = llvm::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
            let attr = llvm::LLVMGetEnumAttributeAtIndex(self.raw, index + 1, kind);
            if attr.is_null() {
                return None;
            }
            let ty = llvm::LLVMGetTypeAttributeValue(attr);
            (!ty.is_null()).then(|| Type::new(ty))
        }
    }

    /// Whether a function, or a call or invoke, carries the function
    /// attribute `name` (`nounwind`: no exception leaves it).
    pub fn has_function_attribute(self, name: &str) -> bool {
        const FUNCTION_INDEX: u32 = u32::MAX; // LLVMAttributeFunctionIndex
                                              // SAFETY: a function or a call site; LLVM answers null when it has
                                              // no such attribute.
        unsafe {
            let kind = llvm::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
            if self.is_function() {
                !llvm::LLVMGetEnumAttributeAtIndex(self.raw, FUNCTION_INDEX, kind).is_null()
            } else if self.has_opcode(&[LLVMOpcode::LLVMCall, LLVMOpcode::LLVMInvoke]) {
                !llvm::LLVMGetCallSiteEnumAttribute(self.raw, FUNCTION_INDEX, kind).is_null()
            } else {
                false
            }
        }
    }

    /// Whether argument `index` of a call is passed `byval` (a struct copy
    /// the callee owns, behind a pointer).
    pub fn call_arg_is_byval(self, index: u32) -> bool {
        if self.opcode() != Some(LLVMOpcode::LLVMCall) {
            return false;
        }
        let name = "byval";
        // SAFETY: a call instruction; attribute index `index + 1` names
        // argument `index` (LLVM answers null when it has no such attribute).
        unsafe {
            let kind = llvm::LLVMGetEnumAttributeKindForName(name.as_ptr().cast(), name.len());
            !llvm::LLVMGetCallSiteEnumAttribute(self.raw, index + 1, kind).is_null()
        }
    }

    /// The constant indices of an `extractvalue` / `insertvalue`.
    pub fn aggregate_indices(self) -> Vec<u32> {
        if !self.has_opcode(&[LLVMOpcode::LLVMExtractValue, LLVMOpcode::LLVMInsertValue]) {
            return Vec::new();
        }
        // SAFETY: an extractvalue or insertvalue, whose index list LLVM
        // owns and sizes with LLVMGetNumIndices.
        unsafe {
            let n = llvm::LLVMGetNumIndices(self.raw) as usize;
            let p = llvm::LLVMGetIndices(self.raw);
            if p.is_null() || n == 0 {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }

    /// Whether a function takes a variable argument list (`...`).
    pub fn is_var_arg(self) -> bool {
        if !self.is_function() {
            return false;
        }
        self.value_type().is_some_and(|t| {
            t.kind() == LLVMTypeKind::LLVMFunctionTypeKind
                // SAFETY: a function type.
                && unsafe { llvm::LLVMIsFunctionVarArg(t.raw) } != 0
        })
    }

    /// File and line of a function's `DISubprogram`.
    pub fn subprogram_loc(self) -> Option<DebugLoc> {
        if !self.is_function() {
            return None;
        }
        // SAFETY: a function; a subprogram is a scope with a file.
        unsafe {
            let sp = di::LLVMGetSubprogram(self.raw);
            if sp.is_null() {
                return None;
            }
            let line = di::LLVMDISubprogramGetLine(sp);
            let file_md = di::LLVMDIScopeGetFile(sp);
            let file = if file_md.is_null() {
                String::new()
            } else {
                let mut len = 0;
                let ptr = di::LLVMDIFileGetFilename(file_md, &mut len);
                let name = owned_str(ptr, len as usize);
                let mut dlen = 0;
                let dptr = di::LLVMDIFileGetDirectory(file_md, &mut dlen);
                display_path(&owned_str(dptr, dlen as usize), &name)
            };
            Some(DebugLoc {
                file,
                line,
                column: 0,
            })
        }
    }
}

/// The source path users see: clang records a file name relative to the
/// compilation directory (or absolute); show it relative to the current
/// directory when it lies below it, as the user would have typed it.
fn display_path(directory: &str, name: &str) -> String {
    let full =
        if name.is_empty() || std::path::Path::new(name).is_absolute() || directory.is_empty() {
            std::path::PathBuf::from(name)
        } else {
            std::path::Path::new(directory).join(name)
        };
    match std::env::current_dir() {
        Ok(cwd) => match full.strip_prefix(&cwd) {
            Ok(rel) => rel.display().to_string(),
            Err(_) => full.display().to_string(),
        },
        Err(_) => full.display().to_string(),
    }
}

/// The halves of an `x86_fp80` constant printed as `x86_fp80 0xK<20 hex
/// digits>`.
pub fn parse_fp80(text: &str) -> Option<(u64, u64)> {
    let hex = text.rsplit("0xK").next().filter(|_| text.contains("0xK"))?;
    let hex = hex.trim();
    if hex.len() != 20 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let hi = u64::from_str_radix(&hex[..4], 16).ok()?;
    let lo = u64::from_str_radix(&hex[4..], 16).ok()?;
    Some((lo, hi))
}
