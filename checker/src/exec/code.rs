//! The model compiled once, at load time, into a compact register bytecode
//! the interpreter's fast path runs (`Process::run_compiled`): operands,
//! constants, block targets and the phi moves of every control-flow edge
//! are resolved here instead of on every step, and the hot operations get
//! one handler per shape (register or constant operand, type width).
//!
//! The compiled form is exactly the model: operation `i` of a block is its
//! instruction `i` (its terminator comes after the last), so the position
//! the rest of the checker reads (`Frame::block`, `Frame::ip`) is known at
//! every step. An instruction the compiled form does not cover, or one
//! that would fault, is run by the general path (`Process::exec`), which
//! stays the reference: every fault, every C library or MPI call, calls and
//! returns, input tracking and OpenMP threads take it. The compiled path
//! only ever does what the general path would do, faster; it leaves an
//! operation to the general path before changing anything.

use super::arith::IntCmp;
use runtime_model::model::{
    BinOp, BlockId, CastOp, FloatPredicate, Function, InstKind, Model, Operand, Terminator, Ty,
};

/// An operand: a register, or (with [`CONST`] set) an entry of the
/// function's constant pool.
pub type Src = u32;

/// Marks a [`Src`] naming a constant.
pub const CONST: u32 = 1 << 31;

/// One operation. Registers are indices into the frame's registers; a
/// `c` field is a constant operand, a `m` field the mask of the type's
/// width (`mask` in `arith`).
#[derive(Clone, Copy, Debug)]
pub enum Op {
    /// Left to the general path.
    Slow,
    Add {
        d: u32,
        a: u32,
        b: u32,
        m: u64,
    },
    AddC {
        d: u32,
        a: u32,
        c: u64,
        m: u64,
    },
    Sub {
        d: u32,
        a: u32,
        b: u32,
        m: u64,
    },
    SubC {
        d: u32,
        a: u32,
        c: u64,
        m: u64,
    },
    Mul {
        d: u32,
        a: u32,
        b: u32,
        m: u64,
    },
    MulC {
        d: u32,
        a: u32,
        c: u64,
        m: u64,
    },
    And {
        d: u32,
        a: u32,
        b: Src,
    },
    Or {
        d: u32,
        a: u32,
        b: Src,
    },
    Xor {
        d: u32,
        a: u32,
        b: Src,
    },
    /// `(a << sh) & m` with the shift amount known.
    ShlC {
        d: u32,
        a: u32,
        sh: u32,
        m: u64,
    },
    LShrC {
        d: u32,
        a: u32,
        sh: u32,
    },
    /// Signed division and remainder by a constant that cannot trap (not
    /// 0, not -1), sign-extended from `ty`.
    SDivC {
        d: u32,
        a: u32,
        c: i64,
        ty: Ty,
    },
    SRemC {
        d: u32,
        a: u32,
        c: i64,
        ty: Ty,
    },
    /// Unsigned division and remainder by a constant other than 0.
    UDivC {
        d: u32,
        a: u32,
        c: u64,
    },
    URemC {
        d: u32,
        a: u32,
        c: u64,
    },
    /// A binary operation of any other shape (`arith::binary`); one that
    /// traps is left to the general path.
    Bin {
        d: u32,
        op: BinOp,
        ty: Ty,
        a: Src,
        b: Src,
    },
    FAdd {
        d: u32,
        a: Src,
        b: Src,
    },
    FSub {
        d: u32,
        a: Src,
        b: Src,
    },
    FMul {
        d: u32,
        a: Src,
        b: Src,
    },
    FDiv {
        d: u32,
        a: Src,
        b: Src,
    },
    FNeg {
        d: u32,
        ty: Ty,
        a: Src,
    },
    ICmp {
        d: u32,
        cmp: IntCmp,
        a: Src,
        b: Src,
    },
    FCmp {
        d: u32,
        pred: FloatPredicate,
        ty: Ty,
        a: Src,
        b: Src,
    },
    /// Sign extension: `(a << sh) >> sh` (arithmetic), masked to the
    /// destination type by `m`.
    SExt {
        d: u32,
        a: Src,
        sh: u32,
        m: u64,
    },
    /// The casts that keep the low bits of the value: `a & m`.
    Mask {
        d: u32,
        a: Src,
        m: u64,
    },
    Cast {
        d: u32,
        op: CastOp,
        from: Ty,
        to: Ty,
        a: Src,
    },
    Select {
        d: u32,
        c: Src,
        t: Src,
        f: Src,
    },
    /// `base + off + sext(index) * scale` (one index), the index
    /// sign-extended as `(idx << sh) >> sh`.
    Gep1 {
        d: u32,
        base: Src,
        off: i64,
        idx: Src,
        sh: u32,
        scale: i64,
    },
    /// `base + off` (no index).
    Gep0 {
        d: u32,
        base: Src,
        off: i64,
    },
    /// Loads of 1, 2, 4 and 8 bytes; `Load1` of an `i1` keeps bit 0.
    Load1 {
        d: u32,
        p: Src,
        i1: bool,
    },
    Load2 {
        d: u32,
        p: Src,
    },
    Load4 {
        d: u32,
        p: Src,
    },
    Load8 {
        d: u32,
        p: Src,
    },
    Store1 {
        v: Src,
        p: Src,
    },
    Store2 {
        v: Src,
        p: Src,
    },
    Store4 {
        v: Src,
        p: Src,
    },
    Store8 {
        v: Src,
        p: Src,
    },
    /// A block's last instruction, an integer comparison, with the
    /// conditional branch on its result that ends the block: both run as
    /// one operation when the step limit leaves room for two.
    ICmpBr {
        d: u32,
        cmp: IntCmp,
        a: Src,
        b: Src,
        t: u32,
        f: u32,
    },
    /// An address `base + off` into `g`, then a load of `N` bytes from it
    /// into `d` (`GepLoad4`, `GepLoad8`), or a store of `v` to it: the two
    /// instructions run as one operation when the step limit leaves room
    /// for two.
    GepLoad4 {
        g: u32,
        base: Src,
        off: i64,
        d: u32,
    },
    GepLoad8 {
        g: u32,
        base: Src,
        off: i64,
        d: u32,
    },
    GepStore4 {
        g: u32,
        base: Src,
        off: i64,
        v: Src,
    },
    GepStore8 {
        g: u32,
        base: Src,
        off: i64,
        v: Src,
    },
    /// Terminators: an edge is an index into [`FnCode::edges`].
    Br {
        e: u32,
    },
    /// A branch to `target` (first operation `pc`, terminator `term`)
    /// that assigns no phi and is no back edge.
    Jump {
        target: BlockId,
        pc: u32,
        term: u32,
    },
    CondBr {
        c: Src,
        t: u32,
        f: u32,
    },
}

/// A control-flow edge with the phi assignments of its target.
#[derive(Clone, Copy, Debug)]
pub struct Edge {
    pub target: BlockId,
    /// The index of the target's first operation.
    pub pc: u32,
    /// The index of the target's terminator (its last operation).
    pub term: u32,
    /// `moves[start..start + len]`.
    pub start: u32,
    pub len: u32,
    /// The moves read a register an earlier move writes: they go through
    /// a buffer (phis are assigned in parallel).
    pub parallel: bool,
    /// The target does not come later in block order: a back edge for the
    /// endless-loop check (`endless`).
    pub back: bool,
}

/// Phis read at most this many values through the buffer; an edge with
/// more parallel moves is left to the general path.
pub const MAX_PARALLEL: usize = 32;

#[derive(Clone, Debug, Default)]
pub struct FnCode {
    pub ops: Vec<Op>,
    /// The index of each block's first operation.
    pub block_start: Vec<u32>,
    /// The index of each block's terminator, its last operation.
    pub block_term: Vec<u32>,
    pub consts: Vec<u64>,
    pub edges: Vec<Edge>,
    /// Phi moves: (destination register, value).
    pub moves: Vec<(u32, Src)>,
    pub num_regs: u32,
}

impl FnCode {
    /// The value of operand `s`.
    #[inline(always)]
    pub fn get(&self, regs: &[u64], s: Src) -> u64 {
        if s & CONST != 0 {
            self.consts[(s & !CONST) as usize]
        } else {
            regs[s as usize]
        }
    }
}

/// The compiled model: one [`FnCode`] per function.
#[derive(Debug, Default)]
pub struct Code {
    pub funcs: Vec<FnCode>,
}

impl Code {
    pub fn compile(model: &Model) -> Code {
        Code {
            funcs: model.functions.iter().map(compile_function).collect(),
        }
    }
}

fn type_mask(ty: Ty) -> u64 {
    super::arith::mask(u64::MAX, ty)
}

struct Builder<'a> {
    f: &'a Function,
    out: FnCode,
    /// Where each constant is in the pool.
    pool: std::collections::HashMap<u64, u32>,
}

impl Builder<'_> {
    /// A register operand, if it names a register of the function.
    fn reg(&self, o: &Operand) -> Option<u32> {
        match o {
            Operand::Reg(r) if *r < self.f.num_regs => Some(*r),
            _ => None,
        }
    }

    fn src(&mut self, o: &Operand) -> Option<Src> {
        match o {
            Operand::Reg(r) => (*r < self.f.num_regs).then_some(*r),
            Operand::Const(c) => {
                let next = self.out.consts.len() as u32;
                let i = *self.pool.entry(*c).or_insert(next);
                if i == next {
                    self.out.consts.push(*c);
                }
                (i < CONST).then_some(i | CONST)
            }
        }
    }

    fn dst(&self, r: u32) -> Option<u32> {
        (r < self.f.num_regs).then_some(r)
    }

    /// The edge from block `from` to `target`; `None` where a phi of the
    /// target has no value for it (the general path reports that).
    fn edge(&mut self, from: BlockId, target: BlockId) -> Option<u32> {
        let block = self.f.blocks.get(target as usize)?;
        let start = self.out.moves.len() as u32;
        let mut written: Vec<u32> = Vec::new();
        let mut parallel = false;
        for phi in &block.phis {
            let (_, value) = phi.incoming.iter().find(|(b, _)| *b == from)?;
            let d = self.dst(phi.dst)?;
            let s = self.src(value)?;
            if s & CONST == 0 && written.contains(&s) {
                parallel = true;
            }
            written.push(d);
            self.out.moves.push((d, s));
        }
        let len = self.out.moves.len() as u32 - start;
        if parallel && len as usize > MAX_PARALLEL {
            return None;
        }
        self.out.edges.push(Edge {
            target,
            pc: self.out.block_start[target as usize],
            term: self.out.block_term[target as usize],
            start,
            len,
            parallel,
            back: target <= from,
        });
        Some(self.out.edges.len() as u32 - 1)
    }

    fn inst(&mut self, kind: &InstKind) -> Option<Op> {
        Some(match kind {
            InstKind::Binary {
                dst,
                op,
                ty,
                lhs,
                rhs,
            } => {
                let d = self.dst(*dst)?;
                let m = type_mask(*ty);
                let int = !ty.is_float();
                match (op, self.reg(lhs), rhs) {
                    (BinOp::Add, Some(a), Operand::Reg(_)) if int => Op::Add {
                        d,
                        a,
                        b: self.reg(rhs)?,
                        m,
                    },
                    (BinOp::Add, Some(a), Operand::Const(c)) if int => Op::AddC { d, a, c: *c, m },
                    (BinOp::Sub, Some(a), Operand::Reg(_)) if int => Op::Sub {
                        d,
                        a,
                        b: self.reg(rhs)?,
                        m,
                    },
                    (BinOp::Sub, Some(a), Operand::Const(c)) if int => Op::SubC { d, a, c: *c, m },
                    (BinOp::Mul, Some(a), Operand::Reg(_)) if int => Op::Mul {
                        d,
                        a,
                        b: self.reg(rhs)?,
                        m,
                    },
                    (BinOp::Mul, Some(a), Operand::Const(c)) if int => Op::MulC { d, a, c: *c, m },
                    // Division by a constant that is neither 0 nor -1
                    // cannot trap (`arith::binary`).
                    (BinOp::SDiv | BinOp::SRem, Some(a), Operand::Const(c))
                        if int
                            && ty.bits() > 1
                            && !matches!(super::arith::sext(*c, *ty), 0 | -1) =>
                    {
                        let c = super::arith::sext(*c, *ty);
                        if *op == BinOp::SDiv {
                            Op::SDivC { d, a, c, ty: *ty }
                        } else {
                            Op::SRemC { d, a, c, ty: *ty }
                        }
                    }
                    (BinOp::UDiv | BinOp::URem, Some(a), Operand::Const(c))
                        if int && super::arith::mask(*c, *ty) != 0 =>
                    {
                        let c = *c;
                        if *op == BinOp::UDiv {
                            Op::UDivC { d, a, c }
                        } else {
                            Op::URemC { d, a, c }
                        }
                    }
                    (BinOp::And, Some(a), _) => Op::And {
                        d,
                        a,
                        b: self.src(rhs)?,
                    },
                    (BinOp::Or, Some(a), _) => Op::Or {
                        d,
                        a,
                        b: self.src(rhs)?,
                    },
                    (BinOp::Xor, Some(a), _) => Op::Xor {
                        d,
                        a,
                        b: self.src(rhs)?,
                    },
                    (BinOp::Shl, Some(a), Operand::Const(c)) if int => Op::ShlC {
                        d,
                        a,
                        sh: *c as u32 % ty.bits().max(1),
                        m,
                    },
                    (BinOp::LShr, Some(a), Operand::Const(c)) if int => Op::LShrC {
                        d,
                        a,
                        sh: *c as u32 % ty.bits().max(1),
                    },
                    (BinOp::FAdd, _, _) if *ty == Ty::F64 => Op::FAdd {
                        d,
                        a: self.src(lhs)?,
                        b: self.src(rhs)?,
                    },
                    (BinOp::FSub, _, _) if *ty == Ty::F64 => Op::FSub {
                        d,
                        a: self.src(lhs)?,
                        b: self.src(rhs)?,
                    },
                    (BinOp::FMul, _, _) if *ty == Ty::F64 => Op::FMul {
                        d,
                        a: self.src(lhs)?,
                        b: self.src(rhs)?,
                    },
                    (BinOp::FDiv, _, _) if *ty == Ty::F64 => Op::FDiv {
                        d,
                        a: self.src(lhs)?,
                        b: self.src(rhs)?,
                    },
                    _ => Op::Bin {
                        d,
                        op: *op,
                        ty: *ty,
                        a: self.src(lhs)?,
                        b: self.src(rhs)?,
                    },
                }
            }
            InstKind::FNeg { dst, ty, value } => Op::FNeg {
                d: self.dst(*dst)?,
                ty: *ty,
                a: self.src(value)?,
            },
            InstKind::ICmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => Op::ICmp {
                d: self.dst(*dst)?,
                cmp: IntCmp::new(*pred, *ty),
                a: self.src(lhs)?,
                b: self.src(rhs)?,
            },
            InstKind::FCmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => Op::FCmp {
                d: self.dst(*dst)?,
                pred: *pred,
                ty: *ty,
                a: self.src(lhs)?,
                b: self.src(rhs)?,
            },
            // `arith::cast` of integers.
            InstKind::Cast {
                dst,
                op: CastOp::SExt,
                from,
                to,
                value,
            } if !from.is_float() && !to.is_float() => Op::SExt {
                d: self.dst(*dst)?,
                a: self.src(value)?,
                sh: 64 - from.bits(),
                m: type_mask(*to),
            },
            InstKind::Cast {
                dst,
                op: op @ (CastOp::Trunc | CastOp::ZExt | CastOp::PtrToInt | CastOp::IntToPtr),
                from,
                to,
                value,
            } if !from.is_float() && !to.is_float() => Op::Mask {
                d: self.dst(*dst)?,
                a: self.src(value)?,
                m: type_mask(if matches!(op, CastOp::Trunc | CastOp::PtrToInt) {
                    *to
                } else {
                    *from
                }),
            },
            InstKind::Cast {
                dst,
                op,
                from,
                to,
                value,
            } => Op::Cast {
                d: self.dst(*dst)?,
                op: *op,
                from: *from,
                to: *to,
                a: self.src(value)?,
            },
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => Op::Select {
                d: self.dst(*dst)?,
                c: self.src(cond)?,
                t: self.src(if_true)?,
                f: self.src(if_false)?,
            },
            InstKind::Gep {
                dst,
                base,
                offset,
                indices,
            } => match indices.as_slice() {
                [] => Op::Gep0 {
                    d: self.dst(*dst)?,
                    base: self.src(base)?,
                    off: *offset,
                },
                [gi] => Op::Gep1 {
                    d: self.dst(*dst)?,
                    base: self.src(base)?,
                    off: *offset,
                    idx: self.src(&gi.index)?,
                    sh: 64 - gi.index_ty.bits(),
                    scale: gi.scale,
                },
                _ => return None,
            },
            // A volatile load's watched accesses are marked as polling at
            // the exit they cause (`fast`, `Memory::mark_hits_polling`).
            InstKind::Load { dst, ty, ptr, .. } => {
                let (d, p) = (self.dst(*dst)?, self.src(ptr)?);
                match ty.size() {
                    1 => Op::Load1 {
                        d,
                        p,
                        i1: *ty == Ty::I1,
                    },
                    2 => Op::Load2 { d, p },
                    4 => Op::Load4 { d, p },
                    _ => Op::Load8 { d, p },
                }
            }
            InstKind::Store { ty, value, ptr } => {
                let (v, p) = (self.src(value)?, self.src(ptr)?);
                match ty.size() {
                    1 => Op::Store1 { v, p },
                    2 => Op::Store2 { v, p },
                    4 => Op::Store4 { v, p },
                    _ => Op::Store8 { v, p },
                }
            }
            _ => return None,
        })
    }
}

fn compile_function(f: &Function) -> FnCode {
    let mut b = Builder {
        f,
        out: FnCode {
            num_regs: f.num_regs,
            ..FnCode::default()
        },
        pool: Default::default(),
    };
    let mut at = 0u32;
    for block in &f.blocks {
        b.out.block_start.push(at);
        at += block.insts.len() as u32 + 1;
        b.out.block_term.push(at - 1);
    }
    for (id, block) in f.blocks.iter().enumerate() {
        let from = id as BlockId;
        let first = b.out.ops.len();
        for inst in &block.insts {
            let op = b.inst(&inst.kind).unwrap_or(Op::Slow);
            // An address computation and the access through it.
            let fused = match (b.out.ops.last().copied(), op) {
                (Some(Op::Gep0 { d: g, base, off }), _) if b.out.ops.len() > first => match op {
                    Op::Load4 { d, p } if p == g => Some(Op::GepLoad4 { g, base, off, d }),
                    Op::Load8 { d, p } if p == g => Some(Op::GepLoad8 { g, base, off, d }),
                    Op::Store4 { v, p } if p == g => Some(Op::GepStore4 { g, base, off, v }),
                    Op::Store8 { v, p } if p == g => Some(Op::GepStore8 { g, base, off, v }),
                    _ => None,
                },
                _ => None,
            };
            if let (Some(fused), Some(last)) = (fused, b.out.ops.last_mut()) {
                *last = fused;
            }
            b.out.ops.push(op);
        }
        let term = match &block.term {
            Terminator::Br { target } => b.edge(from, *target).map(|e| {
                let edge = b.out.edges[e as usize];
                if edge.len == 0 && !edge.back {
                    Op::Jump {
                        target: edge.target,
                        pc: edge.pc,
                        term: edge.term,
                    }
                } else {
                    Op::Br { e }
                }
            }),
            Terminator::CondBr {
                cond,
                if_true,
                if_false,
            } => (|| {
                Some(Op::CondBr {
                    c: b.src(cond)?,
                    t: b.edge(from, *if_true)?,
                    f: b.edge(from, *if_false)?,
                })
            })(),
            _ => None,
        };
        // Compare and branch.
        if let (Some(Op::CondBr { c, t, f }), Some(Op::ICmp { d, cmp, a, b: rhs })) =
            (term, b.out.ops.last().copied())
        {
            if let Some(last) = b.out.ops.last_mut().filter(|_| c == d) {
                *last = Op::ICmpBr {
                    d,
                    cmp,
                    a,
                    b: rhs,
                    t,
                    f,
                };
            }
        }
        b.out.ops.push(term.unwrap_or(Op::Slow));
    }
    b.out
}
