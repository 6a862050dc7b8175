//! Test kit (feature `testkit`): a builder for hand-written models and a
//! small reference interpreter, so that the extractor's passes can be checked by running a model before and
//! after a pass and comparing what it does (MPI calls with their arguments
//! and the memory they see, assertion failures, the exit value).

use crate::model::{
    Arg, BinOp, Block, BlockId, CastOp, ExtractStats, FuncId, Function, GepIndex, Global, Inst,
    InstKind, IntPredicate, LibcFunc, LocId, Location, Model, Operand, Phi, Pointer, Reg,
    Terminator, Ty, MODEL_FORMAT, MODEL_VERSION,
};
use crate::mpi_api::MpiFunc;
use std::collections::HashMap;

pub fn r(x: Reg) -> Operand {
    Operand::Reg(x)
}

pub fn c(x: u64) -> Operand {
    Operand::Const(x)
}

pub struct ModelBuilder {
    pub model: Model,
}

impl Default for ModelBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl ModelBuilder {
    /// A model with source file `a.c` and location 0 = `a.c:1:1`.
    pub fn new() -> ModelBuilder {
        ModelBuilder {
            model: Model {
                format: MODEL_FORMAT.to_string(),
                version: MODEL_VERSION,
                files: vec!["a.c".to_string()],
                locations: vec![Location {
                    file: 0,
                    line: 1,
                    column: 1,
                    inlined_at: None,
                    function: None,
                }],
                globals: Vec::new(),
                functions: Vec::new(),
                entry: 0,
                init_functions: Vec::new(),
                exit_functions: Vec::new(),
                portability: Vec::new(),
                assumed_to_return: Vec::new(),
                stats: ExtractStats::default(),
            },
        }
    }

    pub fn loc(&mut self, line: u32, column: u32, function: &str) -> LocId {
        self.model.locations.push(Location {
            file: 0,
            line,
            column,
            inlined_at: None,
            function: Some(function.to_string()),
        });
        (self.model.locations.len() - 1) as LocId
    }

    /// Adds a global; returns its address.
    pub fn global(&mut self, name: &str, init: Vec<u8>) -> Operand {
        self.model.globals.push(Global {
            name: name.to_string(),
            size: init.len() as u64,
            init,
            constant: false,
        });
        c(Pointer::global(self.model.globals.len() as u32 - 1))
    }

    pub fn add(&mut self, f: Function) -> FuncId {
        self.model.functions.push(f);
        (self.model.functions.len() - 1) as FuncId
    }

    /// Reserves a function id to fill later with `set` (for call cycles).
    pub fn reserve(&mut self, name: &str) -> FuncId {
        self.add(FnBuilder::new(name, &[], None).finish())
    }

    pub fn set(&mut self, id: FuncId, f: Function) {
        self.model.functions[id as usize] = f;
    }

    pub fn finish(mut self, entry: FuncId) -> Model {
        self.model.entry = entry;
        self.model.validate().expect("test model is valid");
        self.model
    }
}

pub struct FnBuilder {
    f: Function,
    loc: LocId,
}

impl FnBuilder {
    pub fn new(name: &str, params: &[Ty], ret: Option<Ty>) -> FnBuilder {
        FnBuilder {
            f: Function {
                name: name.to_string(),
                params: params.to_vec(),
                ret,
                num_regs: params.len() as Reg,
                blocks: vec![empty_block()],
                loc: 0,
            },
            loc: 0,
        }
    }

    /// Location of the instructions and terminators added from now on.
    pub fn at(&mut self, loc: LocId) -> &mut Self {
        self.loc = loc;
        self
    }

    pub fn block(&mut self) -> BlockId {
        self.f.blocks.push(empty_block());
        (self.f.blocks.len() - 1) as BlockId
    }

    fn fresh(&mut self) -> Reg {
        self.f.num_regs += 1;
        self.f.num_regs - 1
    }

    pub fn inst(&mut self, b: BlockId, kind: InstKind) {
        self.f.blocks[b as usize].insts.push(Inst {
            kind,
            loc: self.loc,
        });
    }

    pub fn bin(&mut self, b: BlockId, op: BinOp, lhs: Operand, rhs: Operand) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Binary {
                dst,
                op,
                ty: Ty::I32,
                lhs,
                rhs,
            },
        );
        r(dst)
    }

    pub fn icmp(&mut self, b: BlockId, pred: IntPredicate, lhs: Operand, rhs: Operand) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::ICmp {
                dst,
                pred,
                ty: Ty::I32,
                lhs,
                rhs,
            },
        );
        r(dst)
    }

    pub fn cast(&mut self, b: BlockId, op: CastOp, from: Ty, to: Ty, value: Operand) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Cast {
                dst,
                op,
                from,
                to,
                value,
            },
        );
        r(dst)
    }

    pub fn alloca(&mut self, b: BlockId, bytes: u64) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Alloca {
                dst,
                elem_size: bytes,
                count: c(1),
            },
        );
        r(dst)
    }

    pub fn load(&mut self, b: BlockId, ty: Ty, ptr: Operand) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Load {
                dst,
                ty,
                ptr,
                volatile: false,
            },
        );
        r(dst)
    }

    pub fn store(&mut self, b: BlockId, ty: Ty, value: Operand, ptr: Operand) {
        self.inst(b, InstKind::Store { ty, value, ptr });
    }

    /// `base + index * scale`.
    pub fn gep(&mut self, b: BlockId, base: Operand, index: Operand, scale: i64) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Gep {
                dst,
                base,
                offset: 0,
                indices: vec![GepIndex {
                    index,
                    index_ty: Ty::I32,
                    scale,
                }],
            },
        );
        r(dst)
    }

    /// `base + index` with a 64-bit index (an address difference).
    pub fn inst_gep64(&mut self, b: BlockId, base: Operand, index: Operand) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::Gep {
                dst,
                base,
                offset: 0,
                indices: vec![GepIndex {
                    index,
                    index_ty: Ty::I64,
                    scale: 1,
                }],
            },
        );
        r(dst)
    }

    pub fn call(&mut self, b: BlockId, func: FuncId, args: &[Operand], ret: bool) -> Operand {
        let dst = ret.then(|| self.fresh());
        self.inst(
            b,
            InstKind::Call {
                dst,
                func,
                args: args.to_vec(),
            },
        );
        dst.map(r).unwrap_or(c(0))
    }

    /// A call to `callee`, a function without source (an int result when
    /// `ret`).
    pub fn foreign(&mut self, b: BlockId, callee: &str, args: &[Operand], ret: bool) -> Operand {
        let dst = ret.then(|| self.fresh());
        self.inst(
            b,
            InstKind::Foreign {
                dst,
                ty: ret.then_some(Ty::I32),
                callee: callee.into(),
                no_effect: false,
                args: args.to_vec(),
                args_unknown: false,
            },
        );
        dst.map(r).unwrap_or(c(0))
    }

    pub fn call_indirect(&mut self, b: BlockId, callee: Operand, args: &[Operand]) -> Operand {
        let dst = self.fresh();
        self.inst(
            b,
            InstKind::CallIndirect {
                dst: Some(dst),
                callee,
                args: args.to_vec(),
            },
        );
        r(dst)
    }

    pub fn mpi(&mut self, b: BlockId, func: MpiFunc, args: &[Operand]) {
        let dst = Some(self.fresh());
        self.inst(
            b,
            InstKind::Mpi {
                dst,
                func,
                args: args.to_vec(),
            },
        );
    }

    pub fn libc(&mut self, b: BlockId, func: LibcFunc, args: &[(Operand, Ty)]) -> Operand {
        let dst = self.fresh();
        let args = args
            .iter()
            .map(|(value, ty)| Arg {
                value: *value,
                ty: *ty,
            })
            .collect();
        self.inst(
            b,
            InstKind::Libc {
                dst: Some(dst),
                func,
                args,
            },
        );
        r(dst)
    }

    pub fn phi(&mut self, b: BlockId, incoming: &[(BlockId, Operand)]) -> Operand {
        let dst = self.fresh();
        self.f.blocks[b as usize].phis.push(Phi {
            dst,
            ty: Ty::I32,
            incoming: incoming.to_vec(),
        });
        r(dst)
    }

    /// Adds an input to the phi defining `phi` in block `b` (back edges).
    pub fn phi_input(&mut self, b: BlockId, phi: Operand, pred: BlockId, value: Operand) {
        let p = self.f.blocks[b as usize]
            .phis
            .iter_mut()
            .find(|p| r(p.dst) == phi)
            .expect("phi of that block");
        p.incoming.push((pred, value));
    }

    pub fn term(&mut self, b: BlockId, t: Terminator) {
        let block = &mut self.f.blocks[b as usize];
        block.term = t;
        block.term_loc = self.loc;
    }

    pub fn br(&mut self, b: BlockId, target: BlockId) {
        self.term(b, Terminator::Br { target });
    }

    pub fn condbr(&mut self, b: BlockId, cond: Operand, if_true: BlockId, if_false: BlockId) {
        self.term(
            b,
            Terminator::CondBr {
                cond,
                if_true,
                if_false,
            },
        );
    }

    pub fn ret(&mut self, b: BlockId, value: Option<Operand>) {
        self.term(b, Terminator::Ret { value });
    }

    pub fn finish(self) -> Function {
        self.f
    }
}

fn empty_block() -> Block {
    Block {
        phis: Vec::new(),
        insts: Vec::new(),
        term: Terminator::Unreachable,
        term_loc: 0,
    }
}

/// Counts the instructions and phis of a function.
pub fn size(f: &Function) -> usize {
    f.blocks.iter().map(|b| b.phis.len() + b.insts.len()).sum()
}

/// Runs the entry function of `model` with the given arguments. Returns the
/// observable events: each MPI call with its argument values and the bytes of
/// every allocation an argument points into, each printf, assertion failures
/// and the return value. One process; `MPI_Comm_rank` says 1, `MPI_Comm_size`
/// 2, receives fill their buffer with 7s.
pub fn run(model: &Model, args: &[u64]) -> Vec<String> {
    let mut m = Machine {
        model,
        memory: HashMap::new(),
        next_alloc: 1000,
        events: Vec::new(),
        steps: 0,
        names: HashMap::new(),
    };
    for (i, g) in model.globals.iter().enumerate() {
        m.memory.insert(i as u32 + 1, g.init.clone());
    }
    match m.call(model.entry, args) {
        Ok(v) => m.events.push(format!("return {v:?}")),
        Err(e) => m.events.push(e),
    }
    m.events
}

/// The events of `run` except output.
pub fn observable(events: &[String]) -> Vec<String> {
    events
        .iter()
        .filter(|e| !e.starts_with("printf"))
        .cloned()
        .collect()
}

struct Machine<'m> {
    model: &'m Model,
    memory: HashMap<u32, Vec<u8>>,
    next_alloc: u32,
    events: Vec<String>,
    steps: u32,
    names: HashMap<u32, usize>,
}

fn mask(v: u64, ty: Ty) -> u64 {
    match ty.bits() {
        64 => v,
        n => v & ((1u64 << n) - 1),
    }
}

fn sext(v: u64, ty: Ty) -> i64 {
    let n = ty.bits();
    ((v << (64 - n)) as i64) >> (64 - n)
}

impl Machine<'_> {
    fn alloc(&mut self, size: u64) -> u64 {
        let id = self.next_alloc;
        self.next_alloc += 1;
        self.memory.insert(id, vec![0; size as usize]);
        Pointer {
            alloc: id,
            offset: 0,
        }
        .encode()
    }

    fn bytes(&mut self, ptr: u64, len: u64) -> Result<&mut [u8], String> {
        let p = Pointer::decode(ptr);
        let mem = self
            .memory
            .get_mut(&p.alloc)
            .ok_or_else(|| format!("memory-error: no allocation {}", p.alloc))?;
        let (start, end) = (p.offset as usize, p.offset as usize + len as usize);
        mem.get_mut(start..end)
            .ok_or_else(|| format!("memory-error: {start}..{end} out of bounds"))
    }

    fn call(&mut self, fid: FuncId, args: &[u64]) -> Result<Option<u64>, String> {
        let f = &self.model.functions[fid as usize];
        let mut regs = vec![0u64; f.num_regs as usize];
        regs[..args.len()].copy_from_slice(args);
        let (mut prev, mut b) = (0usize, 0usize);
        loop {
            let block = &f.blocks[b];
            let val = |regs: &[u64], o: Operand| match o {
                Operand::Reg(x) => regs[x as usize],
                Operand::Const(k) => k,
            };
            let phi_values: Vec<(Reg, u64)> = block
                .phis
                .iter()
                .map(|p| {
                    let v = p
                        .incoming
                        .iter()
                        .find(|(pb, _)| *pb as usize == prev)
                        .map(|(_, o)| val(&regs, *o))
                        .expect("phi has an input for the predecessor");
                    (p.dst, v)
                })
                .collect();
            for (d, v) in phi_values {
                regs[d as usize] = v;
            }
            for inst in &block.insts {
                self.steps += 1;
                if self.steps > 100_000 {
                    return Err("step limit".into());
                }
                self.exec(&inst.kind, &mut regs)?;
            }
            let next = match &block.term {
                Terminator::Br { target } => *target,
                Terminator::CondBr {
                    cond,
                    if_true,
                    if_false,
                } => {
                    if val(&regs, *cond) & 1 == 1 {
                        *if_true
                    } else {
                        *if_false
                    }
                }
                Terminator::Switch {
                    value,
                    default,
                    cases,
                    ..
                } => {
                    let v = val(&regs, *value);
                    cases
                        .iter()
                        .find(|(k, _)| *k == v)
                        .map(|(_, t)| *t)
                        .unwrap_or(*default)
                }
                Terminator::Ret { value } => return Ok(value.map(|v| val(&regs, v))),
                Terminator::Unreachable => return Err("unreachable".into()),
            };
            prev = b;
            b = next as usize;
        }
    }

    fn exec(&mut self, kind: &InstKind, regs: &mut [u64]) -> Result<(), String> {
        let val = |o: &Operand| match o {
            Operand::Reg(x) => regs[*x as usize],
            Operand::Const(k) => *k,
        };
        let result: Option<(Reg, u64)> = match kind {
            InstKind::Binary {
                dst,
                op,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (val(lhs), val(rhs));
                let v = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::SDiv | BinOp::SRem if mask(b, *ty) == 0 => {
                        return Err("division by zero".into())
                    }
                    BinOp::SDiv => (sext(a, *ty) / sext(b, *ty)) as u64,
                    BinOp::SRem => (sext(a, *ty) % sext(b, *ty)) as u64,
                    BinOp::And => a & b,
                    BinOp::Or => a | b,
                    BinOp::Xor => a ^ b,
                    BinOp::Shl => a << (b & 63),
                    other => return Err(format!("test interpreter: {other:?}")),
                };
                Some((*dst, mask(v, *ty)))
            }
            InstKind::ICmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (mask(val(lhs), *ty), mask(val(rhs), *ty));
                let v = pred.holds((a, b), (sext(a, *ty), sext(b, *ty)));
                Some((*dst, v as u64))
            }
            InstKind::Cast { dst, to, value, .. } => Some((*dst, mask(val(value), *to))),
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => Some((
                *dst,
                if val(cond) & 1 == 1 {
                    val(if_true)
                } else {
                    val(if_false)
                },
            )),
            InstKind::Gep {
                dst,
                base,
                offset,
                indices,
            } => {
                let mut a = val(base).wrapping_add(*offset as u64);
                for ix in indices {
                    let i = sext(val(&ix.index), ix.index_ty);
                    a = a.wrapping_add(i.wrapping_mul(ix.scale) as u64);
                }
                Some((*dst, a))
            }
            InstKind::Load { dst, ty, ptr, .. } => {
                let p = val(ptr);
                let mut buf = [0u8; 8];
                buf[..ty.size() as usize].copy_from_slice(self.bytes(p, ty.size())?);
                Some((*dst, u64::from_le_bytes(buf)))
            }
            InstKind::Store { ty, value, ptr } => {
                let (v, p) = (val(value), val(ptr));
                self.bytes(p, ty.size())?
                    .copy_from_slice(&v.to_le_bytes()[..ty.size() as usize]);
                None
            }
            InstKind::Alloca {
                dst,
                elem_size,
                count,
            } => {
                let n = val(count);
                Some((*dst, self.alloc(elem_size * n)))
            }
            InstKind::Libc { dst, func, args } => {
                let a: Vec<u64> = args.iter().map(|x| val(&x.value)).collect();
                let v = self.libc(*func, &a)?;
                dst.map(|d| (d, v))
            }
            InstKind::Mpi { dst, func, args } => {
                let a: Vec<u64> = args.iter().map(val).collect();
                self.mpi(*func, &a)?;
                dst.map(|d| (d, 0))
            }
            InstKind::Call { dst, func, args } => {
                let a: Vec<u64> = args.iter().map(val).collect();
                let v = self.call(*func, &a)?;
                dst.map(|d| (d, v.unwrap_or(0)))
            }
            InstKind::CallIndirect { dst, callee, args } => {
                let func = Pointer::as_function(val(callee))
                    .filter(|f| (*f as usize) < self.model.functions.len())
                    .ok_or("memory-error: call through a pointer that is not a function")?;
                let a: Vec<u64> = args.iter().map(val).collect();
                let v = self.call(func, &a)?;
                dst.map(|d| (d, v.unwrap_or(0)))
            }
            InstKind::FNeg { .. } | InstKind::FCmp { .. } | InstKind::X87 { .. } => {
                return Err("test interpreter: floats".into())
            }
            InstKind::Unsupported { what } | InstKind::Terminate { why: what } => {
                return Err(what.clone())
            }
            InstKind::Foreign { callee, .. } => return Err(format!("call to {callee}")),
            InstKind::LifetimeEnd { .. } => None,
            InstKind::Omp { .. } | InstKind::Atomic { .. } => {
                return Err("test interpreter: OpenMP".into())
            }
        };
        if let Some((d, v)) = result {
            regs[d as usize] = v;
        }
        Ok(())
    }

    fn libc(&mut self, func: LibcFunc, a: &[u64]) -> Result<u64, String> {
        Ok(match func {
            LibcFunc::Malloc => self.alloc(a[0]),
            LibcFunc::Calloc => self.alloc(a[0] * a[1]),
            LibcFunc::Free => {
                let p = Pointer::decode(a[0]);
                self.memory
                    .remove(&p.alloc)
                    .ok_or("memory-error: double free")?;
                0
            }
            LibcFunc::Memcpy => {
                let src = self.bytes(a[1], a[2])?.to_vec();
                self.bytes(a[0], a[2])?.copy_from_slice(&src);
                a[0]
            }
            LibcFunc::Memset => {
                self.bytes(a[0], a[2])?.fill(a[1] as u8);
                a[0]
            }
            LibcFunc::Printf => {
                self.events.push(format!("printf{a:?}"));
                0
            }
            LibcFunc::AssertFail => return Err("assertion failed".into()),
            other => return Err(format!("test interpreter: {}", other.c_name())),
        })
    }

    /// A stable name for an address: slicing removes allocations, which
    /// shifts the ids of the later ones, so dynamic allocations are named by
    /// the order in which MPI calls first see them.
    fn name(&mut self, v: u64) -> String {
        let p = Pointer::decode(v);
        if p.alloc < 1000 || p.alloc >= Pointer::FUNCTION_BASE {
            return v.to_string();
        }
        let next = self.names.len();
        let k = *self.names.entry(p.alloc).or_insert(next);
        format!("alloc{k}+{}", p.offset)
    }

    fn mpi(&mut self, func: MpiFunc, a: &[u64]) -> Result<(), String> {
        let mut shown = Vec::new();
        let mut seen = Vec::new();
        for p in a {
            let name = self.name(*p);
            let id = Pointer::decode(*p).alloc;
            if let Some(mem) = self.memory.get(&id) {
                seen.push(format!("{name}:{mem:?}"));
            }
            shown.push(name);
        }
        self.events.push(format!(
            "{}({}) sees {}",
            func.name(),
            shown.join(", "),
            seen.join(" ")
        ));
        match func {
            MpiFunc::CommRank => self.bytes(a[1], 4)?.copy_from_slice(&1u32.to_le_bytes()),
            MpiFunc::CommSize => self.bytes(a[1], 4)?.copy_from_slice(&2u32.to_le_bytes()),
            MpiFunc::Recv | MpiFunc::Irecv => self.bytes(a[0], a[1] * 4)?.fill(7),
            _ => {}
        }
        Ok(())
    }
}
