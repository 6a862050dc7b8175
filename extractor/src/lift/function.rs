//! One LLVM function to one model function: register numbering, blocks, and
//! the per-instruction state the instruction lifters work against.

use std::collections::HashMap;

use runtime_model::model::{
    Arg, Block, BlockId, Function, Inst, InstKind, LibcFunc, LocId, Operand, Phi, Reg, Terminator,
    Ty,
};

use super::debug_loc::{function_pos, instruction_pos, SourcePos};
use super::ir::{BasicBlock, LLVMOpcode, LLVMTypeKind, LLVMValueKind, Layout, Type, Value};
use super::{aggregates, instructions, terminators, types, values, ModuleCx};
use crate::error::ExtractError;

/// Lifts function `func` (which has a body).
pub fn lift_function<'m>(cx: &mut ModuleCx<'m>, func: Value<'m>) -> Result<Function, ExtractError> {
    let name = func.name();
    let pos = function_pos(func);
    let ret_ty = func
        .value_type()
        .and_then(|t| t.return_type())
        .ok_or_else(|| ExtractError::Internal(format!("{name} has no function type")))?;
    // An aggregate result is stored where a hidden last parameter says
    // (see `aggregates`).
    // So is a `long double` result (two registers: see `long_double`).
    let returns_aggregate = aggregates::is_aggregate(ret_ty) || types::is_fp80(ret_ty);
    let ret = if returns_aggregate {
        None
    } else {
        types::result_ty(ret_ty, &pos)?
    };
    let params = func.params();
    let mut param_tys = params
        .iter()
        .map(|p| {
            if aggregates::is_aggregate(p.ty()) {
                Ok(Ty::Ptr)
            } else if types::is_fp80(p.ty()) {
                Ok(Ty::I64)
            } else {
                types::register_ty(p.ty(), &pos)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    // A variadic function gets one more parameter: the address of the area
    // where its caller stored the variable arguments (see `calls.rs`).
    let variadic = func.is_var_arg();
    if variadic {
        param_tys.push(Ty::Ptr);
    }
    if returns_aggregate {
        param_tys.push(Ty::Ptr);
    }
    // A `long double` parameter is its low half in its place and its high
    // half here, after the hidden ones, in parameter order.
    param_tys.extend(
        params
            .iter()
            .filter(|p| types::is_fp80(p.ty()))
            .map(|_| Ty::I16),
    );

    let blocks = func.blocks();
    let hidden = HiddenParams {
        va_area: variadic,
        ret_area: returns_aggregate,
    };
    let mut lifter = FunctionLifter::new(cx, func, name, &params, hidden, &blocks, pos);
    // Emitted before any block is lifted, so it opens the entry block.
    lifter.copy_byval_params(&params)?;
    let mut model_blocks = blocks
        .iter()
        .enumerate()
        .map(|(i, &block)| lifter.lift_block(block, i as BlockId))
        .collect::<Result<Vec<_>, _>>()?;
    model_blocks.append(&mut lifter.extra);
    // An edge that left an LLVM block now leaves the last of the blocks it
    // was split into (exception checks after calls, `eh.rs`).
    if !lifter.last_piece.is_empty() {
        for phi in model_blocks.iter_mut().flat_map(|b| b.phis.iter_mut()) {
            for (pred, _) in phi.incoming.iter_mut() {
                if let Some(&last) = lifter.last_piece.get(pred) {
                    *pred = last;
                }
            }
        }
    }
    lifter.pos = function_pos(func);
    Ok(Function {
        loc: lifter.loc(),
        name: lifter.name,
        params: param_tys,
        ret,
        num_regs: lifter.num_regs,
        blocks: model_blocks,
    })
}

/// Parameters the model function has beyond the LLVM ones, in this order.
struct HiddenParams {
    /// Where a variadic function's variable arguments are.
    va_area: bool,
    /// Where a function returning an aggregate stores its result.
    ret_area: bool,
}

/// State while lifting one function; the instruction lifters emit through it.
pub struct FunctionLifter<'a, 'm> {
    cx: &'a mut ModuleCx<'m>,
    func: Value<'m>,
    name: String,
    /// Register of each parameter and value-producing instruction.
    regs: HashMap<Value<'m>, Reg>,
    /// The register of the high half of each `long double` value (its low
    /// half is in `regs`).
    hi_regs: HashMap<Value<'m>, Reg>,
    num_regs: u32,
    block_ids: HashMap<BasicBlock<'m>, BlockId>,
    /// Instructions of the block being lifted.
    insts: Vec<Inst>,
    /// Source position of the instruction being lifted.
    pos: SourcePos,
    /// The hidden parameter of a variadic function: where its variable
    /// arguments are.
    va_area: Option<Reg>,
    /// The hidden parameter of a function returning an aggregate.
    ret_area: Option<Reg>,
    /// Whether the function returns a value in a register.
    returns_value: bool,
    /// Blocks beyond the LLVM ones (ids from `blocks.len()` on): the parts
    /// of a split block after the first, and blocks branched to on the
    /// side (`eh.rs`).
    extra: Vec<Block>,
    first_extra: BlockId,
    /// The LLVM block being lifted, and the id of the part of it being
    /// filled (the block's own id until it is split).
    block: BlockId,
    piece: BlockId,
    /// The phis of the block being lifted, and its first part once split.
    phis: Vec<Phi>,
    head: Option<Block>,
    /// For each split LLVM block, the id of its last part.
    last_piece: HashMap<BlockId, BlockId>,
    /// The block that returns at once (an exception leaves the function).
    unwind_return: Option<BlockId>,
}

impl<'a, 'm> FunctionLifter<'a, 'm> {
    fn new(
        cx: &'a mut ModuleCx<'m>,
        func: Value<'m>,
        name: String,
        params: &[Value<'m>],
        hidden: HiddenParams,
        blocks: &[BasicBlock<'m>],
        pos: SourcePos,
    ) -> Self {
        // Parameters take registers 0..n, then every instruction that
        // produces a value gets the next one, in block order; registers for
        // temporaries of multi-instruction expansions come after those.
        let mut regs = HashMap::new();
        for (i, &p) in params.iter().enumerate() {
            regs.insert(p, i as Reg);
        }
        let mut num_regs = params.len() as Reg;
        let mut next_hidden = |present: bool| {
            present.then(|| {
                num_regs += 1;
                num_regs - 1
            })
        };
        let va_area = next_hidden(hidden.va_area);
        let ret_area = next_hidden(hidden.ret_area);
        let mut hi_regs = HashMap::new();
        for &p in params.iter().filter(|p| types::is_fp80(p.ty())) {
            hi_regs.insert(p, num_regs);
            num_regs += 1;
        }
        for inst in blocks.iter().flat_map(|b| b.instructions()) {
            if inst.ty().kind() != LLVMTypeKind::LLVMVoidTypeKind {
                regs.insert(inst, num_regs);
                num_regs += 1;
            }
        }
        for inst in blocks.iter().flat_map(|b| b.instructions()) {
            if types::is_fp80(inst.ty()) {
                hi_regs.insert(inst, num_regs);
                num_regs += 1;
            }
        }
        let block_ids = blocks
            .iter()
            .enumerate()
            .map(|(i, &b)| (b, i as BlockId))
            .collect();
        let returns_value = !hidden.ret_area
            && func
                .value_type()
                .and_then(|t| t.return_type())
                .is_some_and(|t| t.kind() != LLVMTypeKind::LLVMVoidTypeKind);
        FunctionLifter {
            cx,
            func,
            name,
            regs,
            hi_regs,
            num_regs,
            block_ids,
            insts: Vec::new(),
            pos,
            va_area,
            ret_area,
            returns_value,
            extra: Vec::new(),
            first_extra: blocks.len() as BlockId,
            block: 0,
            piece: 0,
            phis: Vec::new(),
            head: None,
            last_piece: HashMap::new(),
            unwind_return: None,
        }
    }

    fn lift_block(&mut self, block: BasicBlock<'m>, id: BlockId) -> Result<Block, ExtractError> {
        self.block = id;
        self.piece = id;
        self.phis.clear();
        self.head = None;
        // Set once a construct was replaced by its `Unsupported` placeholder:
        // the rest of the block never runs (the placeholder halts), so it is
        // not lifted and the block ends in `unreachable`. Its registers stay
        // undefined, which is harmless: every use is dominated by the
        // placeholder (SSA), hence never runs either.
        let mut halted = false;
        for inst in block.instructions() {
            self.pos = instruction_pos(inst, self.func);
            if inst.is_terminator() {
                let term = if halted {
                    Terminator::Unreachable
                } else {
                    let mark = self.insts.len();
                    match terminators::lift_terminator(self, inst) {
                        Ok(term) => term,
                        Err(e) => {
                            self.defer(e, mark)?;
                            Terminator::Unreachable
                        }
                    }
                };
                let last = Block {
                    phis: std::mem::take(&mut self.phis),
                    insts: std::mem::take(&mut self.insts),
                    term,
                    term_loc: self.loc(),
                };
                if self.piece == id {
                    return Ok(last);
                }
                self.last_piece.insert(id, self.piece);
                self.extra[(self.piece - self.first_extra) as usize] = last;
                return self
                    .head
                    .take()
                    .ok_or_else(|| self.internal("a split block lost its first part".into()));
            }
            if halted {
                continue;
            }
            let mark = self.insts.len();
            let lifted = if inst.opcode() == Some(LLVMOpcode::LLVMPHI) {
                self.phi(inst)
            } else {
                instructions::lift_instruction(self, inst)
            };
            if let Err(e) = lifted {
                self.defer(e, mark)?;
                halted = true;
            }
        }
        Err(ExtractError::Internal(format!(
            "a block of {} has no terminator",
            self.name
        )))
    }

    /// Replaces what the instruction that failed with `e` emitted (from
    /// `mark` on) with an `Unsupported` placeholder, when `e` is about an
    /// unsupported construct: the program is refused only if an execution
    /// reaches it (unknown calls are common on error paths that never run,
    /// e.g. `strerror` after a failed `fopen`). Other errors are returned.
    fn defer(&mut self, e: ExtractError, mark: usize) -> Result<(), ExtractError> {
        let what = e.deferred_reason().ok_or(e)?;
        self.insts.truncate(mark);
        self.emit(InstKind::Unsupported { what });
        Ok(())
    }

    fn phi(&mut self, inst: Value<'m>) -> Result<(), ExtractError> {
        let dst = self.reg_of(inst)?;
        // A `long double` phi is one phi per half.
        if types::is_fp80(inst.ty()) {
            let hi = self.hi_of(inst)?;
            let mut lo_in = Vec::new();
            let mut hi_in = Vec::new();
            for (v, b) in inst.incoming() {
                let block = self.block_id(b)?;
                let (l, h) = self.fp80_operand(v)?;
                lo_in.push((block, l));
                hi_in.push((block, h));
            }
            self.phis.push(Phi {
                dst,
                ty: Ty::I64,
                incoming: lo_in,
            });
            self.phis.push(Phi {
                dst: hi,
                ty: Ty::I16,
                incoming: hi_in,
            });
            return Ok(());
        }
        // An aggregate phi chooses between block addresses.
        let ty = if aggregates::is_aggregate(inst.ty()) {
            Ty::Ptr
        } else {
            self.register_ty(inst.ty())?
        };
        let incoming = inst
            .incoming()
            .into_iter()
            .map(|(v, b)| Ok((self.block_id(b)?, self.operand(v)?)))
            .collect::<Result<Vec<_>, ExtractError>>()?;
        self.phis.push(Phi { dst, ty, incoming });
        Ok(())
    }

    /// C passes structs by value as a copy the callee owns; LLVM's `byval`
    /// leaves that copy implicit. Make it explicit at entry so writes to the
    /// parameter do not reach the caller's object.
    fn copy_byval_params(&mut self, params: &[Value<'m>]) -> Result<(), ExtractError> {
        for (i, &param) in params.iter().enumerate() {
            let Some(ty) = self.func.byval_type(i as u32) else {
                continue;
            };
            let size = self.layout().alloc_size(ty);
            let incoming = self.reg_of(param)?;
            let copy = self.fresh_reg();
            self.emit(InstKind::Alloca {
                dst: copy,
                elem_size: size,
                count: Operand::Const(1),
            });
            self.emit(InstKind::Libc {
                dst: None,
                func: LibcFunc::Memcpy,
                args: vec![
                    Arg {
                        value: Operand::Reg(copy),
                        ty: Ty::Ptr,
                    },
                    Arg {
                        value: Operand::Reg(incoming),
                        ty: Ty::Ptr,
                    },
                    Arg {
                        value: Operand::Const(size),
                        ty: Ty::I64,
                    },
                ],
            });
            self.regs.insert(param, copy);
        }
        Ok(())
    }

    // ----- the interface of the instruction lifters -----

    pub fn layout(&self) -> &Layout {
        &self.cx.layout
    }

    pub fn pos(&self) -> &SourcePos {
        &self.pos
    }

    pub fn cx(&mut self) -> &mut ModuleCx<'m> {
        self.cx
    }

    /// Appends a model instruction at the current source position.
    pub fn emit(&mut self, kind: InstKind) {
        let loc = self.loc();
        self.insts.push(Inst { kind, loc });
    }

    /// The location of the instruction being lifted.
    pub fn here(&mut self) -> LocId {
        self.loc()
    }

    /// A new block of `insts` ending in `term`, reached only by branches
    /// to its id.
    pub fn side_block(&mut self, insts: Vec<Inst>, term: Terminator) -> BlockId {
        let term_loc = insts.last().map(|i| i.loc).unwrap_or_else(|| self.loc());
        self.extra.push(Block {
            phis: Vec::new(),
            insts,
            term,
            term_loc,
        });
        self.first_extra + self.extra.len() as BlockId - 1
    }

    /// Ends the part of the block lifted so far with a branch to `target`
    /// when `cond` is `when`, and goes on in a new part otherwise.
    pub fn branch_off(&mut self, cond: Operand, target: BlockId, when: bool) {
        let next = self.side_block(Vec::new(), Terminator::Unreachable);
        let term = if when {
            Terminator::CondBr {
                cond,
                if_true: target,
                if_false: next,
            }
        } else {
            Terminator::CondBr {
                cond,
                if_true: next,
                if_false: target,
            }
        };
        let part = Block {
            phis: std::mem::take(&mut self.phis),
            insts: std::mem::take(&mut self.insts),
            term,
            term_loc: self.loc(),
        };
        if self.piece == self.block {
            self.head = Some(part);
        } else {
            self.extra[(self.piece - self.first_extra) as usize] = part;
        }
        self.piece = next;
    }

    /// A return whose value nobody reads: the exception in flight leaves
    /// the function.
    pub fn return_anything(&self) -> Terminator {
        Terminator::Ret {
            value: self.returns_value.then_some(Operand::Const(0)),
        }
    }

    /// The block that only returns (see `return_anything`).
    pub fn unwind_return(&mut self) -> BlockId {
        if let Some(id) = self.unwind_return {
            return id;
        }
        let term = self.return_anything();
        let id = self.side_block(Vec::new(), term);
        self.unwind_return = Some(id);
        id
    }

    fn loc(&mut self) -> LocId {
        self.cx.locations.intern(&self.pos, &self.name)
    }

    /// The register holding the value of `inst`.
    pub fn reg_of(&self, inst: Value<'m>) -> Result<Reg, ExtractError> {
        self.regs
            .get(&inst)
            .copied()
            .ok_or_else(|| self.internal(format!("value {} has no register", inst.name())))
    }

    /// The register holding a variadic function's argument area.
    pub fn va_area(&self) -> Option<Reg> {
        self.va_area
    }

    /// The register holding where an aggregate result goes.
    pub fn ret_area(&self) -> Option<Reg> {
        self.ret_area
    }

    /// A register for an intermediate result that LLVM does not name.
    pub fn fresh_reg(&mut self) -> Reg {
        self.num_regs += 1;
        self.num_regs - 1
    }

    /// The register holding the high half of `long double` value `v`.
    pub fn hi_of(&self, v: Value<'m>) -> Result<Reg, ExtractError> {
        self.hi_regs
            .get(&v)
            .copied()
            .ok_or_else(|| self.internal(format!("long double {} has no register", v.name())))
    }

    /// The two halves (low, high) of `long double` value `v`: its registers,
    /// or the bits of a constant.
    pub fn fp80_operand(&mut self, v: Value<'m>) -> Result<(Operand, Operand), ExtractError> {
        match v.kind() {
            LLVMValueKind::LLVMInstructionValueKind | LLVMValueKind::LLVMArgumentValueKind => {
                Ok((Operand::Reg(self.reg_of(v)?), Operand::Reg(self.hi_of(v)?)))
            }
            // The model has no undefined values: reading one yields 0.
            LLVMValueKind::LLVMUndefValueValueKind | LLVMValueKind::LLVMPoisonValueKind => {
                Ok((Operand::Const(0), Operand::Const(0)))
            }
            _ => match v.const_fp80() {
                Some((lo, hi)) => Ok((Operand::Const(lo), Operand::Const(hi))),
                None => Err(self.unsupported("long double constant expression")),
            },
        }
    }

    /// The operand for LLVM value `v`: its register, or a folded constant.
    pub fn operand(&mut self, v: Value<'m>) -> Result<Operand, ExtractError> {
        // Two registers, which only the instructions that know it read
        // (`fp80_operand`).
        if types::is_fp80(v.ty()) {
            return Err(self.unsupported("long double value"));
        }
        match v.kind() {
            LLVMValueKind::LLVMInstructionValueKind | LLVMValueKind::LLVMArgumentValueKind => {
                self.reg_of(v).map(Operand::Reg)
            }
            LLVMValueKind::LLVMBasicBlockValueKind
            | LLVMValueKind::LLVMMetadataAsValueValueKind => {
                Err(self.internal("a label or metadata used as a value".into()))
            }
            _ => values::fold(self.cx, v, &self.pos).map(Operand::Const),
        }
    }

    /// Operand `index` of `inst`, lowered.
    pub fn operand_at(&mut self, inst: Value<'m>, index: u32) -> Result<Operand, ExtractError> {
        let v = self.raw_operand(inst, index)?;
        self.operand(v)
    }

    /// Operand `index` of `inst` as an LLVM value.
    pub fn raw_operand(&self, inst: Value<'m>, index: u32) -> Result<Value<'m>, ExtractError> {
        inst.operand(index)
            .ok_or_else(|| self.internal(format!("instruction lacks operand {index}")))
    }

    pub fn register_ty(&self, ty: Type<'m>) -> Result<Ty, ExtractError> {
        types::register_ty(ty, &self.pos)
    }

    pub fn block_id(&self, block: BasicBlock<'m>) -> Result<BlockId, ExtractError> {
        self.block_ids
            .get(&block)
            .copied()
            .ok_or_else(|| self.internal("branch to a block of another function".into()))
    }

    /// "This program uses something the model does not support", here.
    pub fn unsupported(&self, what: impl Into<String>) -> ExtractError {
        ExtractError::unsupported(self.pos.describe(), what)
    }

    /// "The IR is not what the lifter expects": a bug, not the user's fault.
    pub fn internal(&self, what: String) -> ExtractError {
        ExtractError::Internal(format!(
            "{} (in {}): {what}",
            self.pos.describe(),
            self.name
        ))
    }
}
