//! Shadow tracking inside one process (`--any-input`, or `--input` values).
//!
//! The interpreter calls these hooks only when `Process::track` is set, so a
//! normal run pays one test per instruction. Every hook runs after the
//! concrete instruction (SSA: a destination is never one of its operands),
//! except terminators (before the jump) and library calls (which produce
//! input values).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::shadow::{cells, Mono, Shadow, Step};
use super::{Plan, StrSrc, Sym};
use crate::exec::interp::{Fault, Process};
use crate::exec::libc::{self, LibcOutcome};
use crate::exec::memory::Memory;
use runtime_model::model::*;
use runtime_model::mpi_api::MpiFunc;

/// Per-process tracking state.
#[derive(Clone, Debug)]
pub struct Tracker {
    pub plan: Arc<Plan>,
    pub rank: u32,
    pub rand_calls: u32,
    pub time_calls: u32,
    pub clock_calls: u32,
    /// Shadow of each register, one vector per frame of `Process::frames`.
    pub frames: Vec<Vec<Option<Shadow>>>,
}

// The plan is shared by every state of a run: equality and hashing (state
// caching of the naive search) look at the process's own tracking state.
impl PartialEq for Tracker {
    fn eq(&self, o: &Self) -> bool {
        (
            self.rank,
            self.rand_calls,
            self.time_calls,
            self.clock_calls,
            &self.frames,
        ) == (o.rank, o.rand_calls, o.time_calls, o.clock_calls, &o.frames)
    }
}
impl Eq for Tracker {}
impl std::hash::Hash for Tracker {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            self.rank,
            self.rand_calls,
            self.time_calls,
            self.clock_calls,
            &self.frames,
        )
            .hash(h)
    }
}

/// Shadows of memory contents and the allocations holding input strings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Taint {
    /// Disjoint ranges: start address -> (length, shadow).
    pub ranges: BTreeMap<u64, (u64, Shadow)>,
    /// Allocations holding an input string (argv, getenv), by id.
    pub strings: BTreeMap<u32, StrSrc>,
    /// The run's `Plan::varying_sent`.
    pub varying_sent: RunFlag,
}

/// A flag shared by every state of a run; not part of a state's identity.
#[derive(Clone, Debug, Default)]
pub struct RunFlag(pub Option<Arc<AtomicBool>>);

impl PartialEq for RunFlag {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl Eq for RunFlag {}
impl std::hash::Hash for RunFlag {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl RunFlag {
    pub fn get(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }
}

impl Taint {
    /// `len` bytes at `addr` were written by MPI (a received message, a
    /// reduction result).
    pub fn written_by_mpi(&mut self, addr: u64, len: u64) {
        if self.varying_sent.get() {
            self.set(addr, len, Shadow::Opaque(0));
        } else {
            self.clear(addr, len);
        }
    }

    fn overlapping(&self, addr: u64, len: u64) -> Vec<(u64, u64, Shadow)> {
        let end = addr.saturating_add(len.max(1));
        let mut out = Vec::new();
        for (&s, (l, sh)) in self.ranges.range(..end).rev() {
            if s.saturating_add(*l) <= addr {
                break;
            }
            out.push((s, *l, sh.clone()));
        }
        out
    }

    /// Forgets the shadows of `len` bytes at `addr` (overwritten with
    /// concrete data); bytes of a partly overwritten range keep theirs.
    pub fn clear(&mut self, addr: u64, len: u64) {
        let end = addr.saturating_add(len);
        for (s, l, sh) in self.overlapping(addr, len) {
            self.ranges.remove(&s);
            // A piece of a monotone value is not that value any more.
            let piece = match sh {
                Shadow::Mono(_) => Shadow::Opaque(0),
                other => other,
            };
            if s < addr {
                self.ranges.insert(s, (addr - s, piece.clone()));
            }
            if s + l > end {
                self.ranges.insert(end, (s + l - end, piece));
            }
        }
    }

    pub fn set(&mut self, addr: u64, len: u64, shadow: Shadow) {
        self.clear(addr, len);
        self.ranges.insert(addr, (len, shadow));
    }

    /// The shadow of a `len`-byte load at `addr`.
    pub fn get(&self, addr: u64, len: u64) -> Option<Shadow> {
        if self.strings.contains_key(&Pointer::decode(addr).alloc) {
            return Some(Shadow::Opaque(0));
        }
        let over = self.overlapping(addr, len);
        match over.as_slice() {
            [] => None,
            [(s, l, sh)] if *s == addr && *l == len => Some(sh.clone()),
            _ if over.iter().all(|(_, _, sh)| !sh.varies_in_cell()) => {
                Some(cells(&over.iter().map(|o| &o.2).collect::<Vec<_>>()))
            }
            _ => Some(Shadow::Opaque(0)),
        }
    }

    /// Whether memory from `addr` to the end of its allocation holds a value
    /// that varies inside the cell (what an MPI call or a library function
    /// given `addr` may read).
    pub fn varies_from(&self, addr: u64) -> bool {
        let p = Pointer::decode(addr);
        if self.strings.contains_key(&p.alloc) {
            return true;
        }
        let end = ((p.alloc as u64) + 1) << 32;
        self.overlapping(addr, end - addr)
            .iter()
            .any(|(_, _, sh)| sh.varies_in_cell())
    }

    /// Gives `len` bytes at `dst` the shadows `from` (the taint before a
    /// memcpy/memmove wrote them) had at `src`.
    pub fn copy(&mut self, from: &Taint, dst: u64, src: u64, len: u64) {
        let mut moved = Vec::new();
        let src_end = src.saturating_add(len);
        if from.strings.contains_key(&Pointer::decode(src).alloc) {
            moved.push((dst, len, Shadow::Opaque(0)));
        }
        for (s, l, sh) in from.overlapping(src, len) {
            if s >= src && s + l <= src_end {
                moved.push((dst + (s - src), l, sh));
            } else {
                let a = s.max(src);
                let b = (s + l).min(src_end);
                let piece = match sh {
                    Shadow::Mono(_) => Shadow::Opaque(0),
                    other => other,
                };
                moved.push((dst + (a - src), b - a, piece));
            }
        }
        self.clear(dst, len);
        for (a, l, sh) in moved {
            self.set(a, l, sh);
        }
    }
}

/// `c pred x` as `x pred' c`.
fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Eq | P::Ne => p,
        P::Ugt => P::Ult,
        P::Uge => P::Ule,
        P::Ult => P::Ugt,
        P::Ule => P::Uge,
        P::Sgt => P::Slt,
        P::Sge => P::Sle,
        P::Slt => P::Sgt,
        P::Sle => P::Sge,
    }
}

fn sext(v: u64, bits: u32) -> i128 {
    match bits {
        64 => v as i64 as i128,
        0 => 0,
        b => (((v << (64 - b)) as i64) >> (64 - b)) as i128,
    }
}

impl Process {
    /// Turns on input tracking for this process (before `set_main_args`).
    pub fn enable_inputs(&mut self, model: &Model, plan: Arc<Plan>) {
        let frames = self
            .frames
            .iter()
            .map(|f| vec![None; model.functions[f.func as usize].num_regs as usize])
            .collect();
        self.mem.taint = Some(Box::new(Taint {
            varying_sent: RunFlag(Some(plan.varying_sent.clone())),
            ..Taint::default()
        }));
        self.track = Some(Box::new(Tracker {
            plan,
            rank: 0,
            rand_calls: 0,
            time_calls: 0,
            clock_calls: 0,
            frames,
        }));
    }

    /// Names the process's rank (symbols of `rand` etc. are per rank).
    pub fn set_input_rank(&mut self, rank: usize) {
        if let Some(t) = self.track.as_mut() {
            t.rank = rank as u32;
        }
    }

    /// Marks the argument strings as inputs (their contents; `argc` and
    /// the shape of `argv` are as given).
    pub(crate) fn track_main_args(&mut self, strings: &[u64]) {
        if self.track.is_none() {
            return;
        }
        if let Some(taint) = self.mem.taint.as_mut() {
            for (i, s) in strings.iter().enumerate() {
                taint
                    .strings
                    .insert(Pointer::decode(*s).alloc, StrSrc::Argv(i as u32));
            }
        }
    }

    fn shadow_of(&self, op: &Operand) -> Option<Shadow> {
        let Operand::Reg(r) = op else { return None };
        let t = self.track.as_ref()?;
        t.frames.last()?.get(*r as usize)?.clone()
    }

    fn set_shadow(&mut self, dst: Reg, s: Option<Shadow>) {
        if let Some(t) = self.track.as_mut() {
            if let Some(regs) = t.frames.last_mut() {
                if let Some(slot) = regs.get_mut(dst as usize) {
                    *slot = s;
                }
            }
        }
    }

    fn reg_value(&self, op: &Operand) -> u64 {
        match op {
            Operand::Reg(r) => self
                .frames
                .last()
                .and_then(|f| f.regs.get(*r as usize))
                .copied()
                .unwrap_or(0),
            Operand::Const(c) => *c,
        }
    }

    fn plan(&self) -> Option<Arc<Plan>> {
        self.track.as_ref().map(|t| t.plan.clone())
    }

    fn uncovered(&self, loc: LocId, what: &str, s: Option<&Shadow>) {
        let origin = match s {
            Some(Shadow::Opaque(o)) if *o != 0 => Some(*o),
            _ => None,
        };
        if let Some(p) = self.plan() {
            p.uncovered(loc, what, origin);
        }
    }

    fn cut(&self, cuts: &[super::shadow::Cut]) {
        if let Some(p) = self.plan() {
            p.add_cuts(cuts);
        }
    }

    /// A value that decides control flow (a branch, a select, whether a
    /// division faults): its cuts split the cell; a value varying inside
    /// the cell cannot be covered.
    fn decides(&self, s: &Option<Shadow>, loc: LocId, what: &str) {
        match s {
            None => {}
            Some(Shadow::Cells(c)) => self.cut(c),
            Some(sh) => self.uncovered(loc, what, Some(sh)),
        }
    }

    /// A value used as an address, size or MPI argument: fine when constant
    /// on the cell.
    fn must_be_cell_constant(&self, s: &Option<Shadow>, loc: LocId, what: &str) {
        if let Some(sh) = s {
            if sh.varies_in_cell() {
                self.uncovered(loc, what, Some(sh));
            }
        }
    }

    fn interval(&self, sym: &Sym) -> (i64, i64) {
        self.plan().map_or(sym.domain(), |p| p.path_interval(sym))
    }

    fn extend(&self, m: &Mono, steps: &[Step], loc: LocId) -> Shadow {
        match m.then(steps, self.interval(&m.sym)) {
            Some(m) => Shadow::Mono(Arc::new(m)),
            None => Shadow::Opaque(loc),
        }
    }

    /// An access of `len` bytes at `addr`: inside an input string, whether
    /// it is in bounds depends on the string's length, which no interval of
    /// a symbol describes (byte 0, the terminator at least, always exists).
    fn input_string_access(&self, addr: u64, len: u64, loc: LocId) {
        let p = Pointer::decode(addr);
        let inside = self
            .mem
            .taint
            .as_ref()
            .is_some_and(|t| t.strings.contains_key(&p.alloc));
        if inside && p.offset as u64 + len > 1 {
            self.uncovered(
                loc,
                "a read or write inside an input string (its length is input)",
                None,
            );
        }
    }

    /// After a non-terminator instruction other than a library call.
    #[inline(never)]
    pub(crate) fn track_after(&mut self, model: &Model, inst: &Inst) {
        let loc = inst.loc;
        match &inst.kind {
            InstKind::Binary {
                dst,
                op,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                if a.is_none() && b.is_none() {
                    return self.set_shadow(*dst, None);
                }
                let bits = ty.bits();
                let cb = sext(self.reg_value(rhs), bits);
                let ca = sext(self.reg_value(lhs), bits);
                use BinOp as B;
                if matches!(op, B::UDiv | B::SDiv | B::URem | B::SRem) {
                    // Whether the division faults depends on the divisor
                    // being zero: that is a decision.
                    if let Some(Shadow::Mono(m)) = &b {
                        self.cut(&m.cuts(IntPredicate::Eq, 0, self.interval(&m.sym)));
                    } else {
                        self.decides(&b, loc, "an input-dependent divisor");
                    }
                }
                let r = match (&a, &b) {
                    (Some(Shadow::Opaque(_)), _) | (_, Some(Shadow::Opaque(_))) => {
                        Shadow::Opaque(loc)
                    }
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    ),
                    (Some(Shadow::Mono(m)), None) => {
                        let fits = Step::Fits(bits);
                        match op {
                            B::Add => self.extend(m, &[Step::Add(cb), fits], loc),
                            B::Sub => self.extend(m, &[Step::Add(-cb), fits], loc),
                            B::Mul => self.extend(m, &[Step::Mul(cb), fits], loc),
                            B::SDiv if cb != 0 => self.extend(m, &[Step::Div(cb), fits], loc),
                            B::UDiv if cb > 0 => {
                                self.extend(m, &[Step::NonNeg, Step::Div(cb), fits], loc)
                            }
                            B::Shl if (0..bits as i128).contains(&cb) => {
                                self.extend(m, &[Step::Mul(1i128 << cb), fits], loc)
                            }
                            B::AShr if (0..bits as i128).contains(&cb) => {
                                self.extend(m, &[Step::Shr(cb as u32), fits], loc)
                            }
                            B::LShr if (0..bits as i128).contains(&cb) => {
                                self.extend(m, &[Step::NonNeg, Step::Shr(cb as u32), fits], loc)
                            }
                            _ => Shadow::Opaque(loc),
                        }
                    }
                    (None, Some(Shadow::Mono(m))) => {
                        let fits = Step::Fits(bits);
                        match op {
                            B::Add => self.extend(m, &[Step::Add(ca), fits], loc),
                            B::Sub => self.extend(m, &[Step::Mul(-1), Step::Add(ca), fits], loc),
                            B::Mul => self.extend(m, &[Step::Mul(ca), fits], loc),
                            _ => Shadow::Opaque(loc),
                        }
                    }
                    _ => Shadow::Opaque(loc),
                };
                self.set_shadow(*dst, Some(r));
            }
            InstKind::FNeg { dst, value, .. } => {
                let s = self.shadow_of(value).map(|s| match s {
                    Shadow::Cells(_) => s,
                    _ => Shadow::Opaque(loc),
                });
                self.set_shadow(*dst, s);
            }
            InstKind::ICmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                let bits = ty.bits();
                let unsigned = matches!(
                    pred,
                    IntPredicate::Ugt | IntPredicate::Uge | IntPredicate::Ult | IntPredicate::Ule
                );
                let r = match (&a, &b) {
                    (None, None) => None,
                    (Some(Shadow::Opaque(_)), _) | (_, Some(Shadow::Opaque(_))) => {
                        Some(Shadow::Opaque(loc))
                    }
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => Some(cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    )),
                    (Some(Shadow::Mono(m)), None) | (None, Some(Shadow::Mono(m))) => {
                        let mono_left = a.is_some();
                        let c = if mono_left {
                            sext(self.reg_value(rhs), bits)
                        } else {
                            sext(self.reg_value(lhs), bits)
                        };
                        let iv = self.interval(&m.sym);
                        // An unsigned comparison is the signed one when both
                        // sides are non-negative.
                        let m = if unsigned {
                            if c < 0 {
                                None
                            } else {
                                m.then(&[Step::NonNeg], iv)
                            }
                        } else {
                            Some((**m).clone())
                        };
                        Some(match m {
                            None => Shadow::Opaque(loc),
                            Some(m) => {
                                // The cut points do not depend on which side
                                // the constant is: both bounds of `f >= c`
                                // and `f > c` are found where needed.
                                let p = if mono_left { *pred } else { swapped(*pred) };
                                Shadow::Cells(Arc::new(m.cuts(p, c, iv)))
                            }
                        })
                    }
                    _ => Some(Shadow::Opaque(loc)),
                };
                self.set_shadow(*dst, r);
            }
            InstKind::FCmp { dst, lhs, rhs, .. } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                let r = match (&a, &b) {
                    (None, None) => None,
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => Some(cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    )),
                    _ => Some(Shadow::Opaque(loc)),
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Cast {
                dst,
                op,
                from,
                to,
                value,
            } => {
                let s = self.shadow_of(value).map(|s| match (&s, op) {
                    (Shadow::Mono(m), CastOp::SExt | CastOp::BitCast) => Shadow::Mono(m.clone()),
                    (Shadow::Mono(m), CastOp::ZExt) if from.bits() > 1 => {
                        self.extend(m, &[Step::NonNeg], loc)
                    }
                    (Shadow::Mono(m), CastOp::Trunc) if to.bits() > 1 => {
                        self.extend(m, &[Step::Fits(to.bits())], loc)
                    }
                    (Shadow::Cells(_), _) => s,
                    _ => Shadow::Opaque(loc),
                });
                self.set_shadow(*dst, s);
            }
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => {
                let c = self.shadow_of(cond);
                let (t, f) = (self.shadow_of(if_true), self.shadow_of(if_false));
                let pick = if self.reg_value(cond) & 1 != 0 { t } else { f };
                let r = match &c {
                    None => pick,
                    // The same arm is chosen in the whole cell.
                    Some(Shadow::Cells(cuts)) => {
                        self.cut(cuts);
                        pick
                    }
                    Some(_) => {
                        let same = self.reg_value(if_true) == self.reg_value(if_false)
                            && self.shadow_of(if_true) == self.shadow_of(if_false);
                        if same {
                            pick
                        } else {
                            Some(Shadow::Opaque(loc))
                        }
                    }
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Gep {
                dst, base, indices, ..
            } => {
                let mut parts = vec![self.shadow_of(base)];
                parts.extend(indices.iter().map(|g| self.shadow_of(&g.index)));
                for p in &parts {
                    self.must_be_cell_constant(p, loc, "an input-dependent address (array index)");
                }
                let r = if parts.iter().all(Option::is_none) {
                    None
                } else if parts.iter().flatten().all(|s| !s.varies_in_cell()) {
                    Some(cells(&parts.iter().flatten().collect::<Vec<_>>()))
                } else {
                    Some(Shadow::Opaque(loc))
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Load { dst, ty, ptr } => {
                let sp = self.shadow_of(ptr);
                self.must_be_cell_constant(&sp, loc, "an input-dependent address");
                let addr = self.reg_value(ptr);
                self.input_string_access(addr, ty.size(), loc);
                let s = self.mem.taint.as_ref().and_then(|t| t.get(addr, ty.size()));
                let s = match (s, sp) {
                    (s, None) => s,
                    (None, Some(p)) => Some(p),
                    (Some(s), Some(p)) => Some(if s.varies_in_cell() {
                        s
                    } else {
                        cells(&[&s, &p])
                    }),
                };
                self.set_shadow(*dst, s);
            }
            InstKind::Store { ty, value, ptr } => {
                let sp = self.shadow_of(ptr);
                self.must_be_cell_constant(&sp, loc, "an input-dependent address");
                self.input_string_access(self.reg_value(ptr), ty.size(), loc);
                let addr = self.reg_value(ptr);
                let s = self.shadow_of(value);
                if let Some(t) = self.mem.taint.as_mut() {
                    match s {
                        Some(s) => t.set(addr, ty.size(), s),
                        None => t.clear(addr, ty.size()),
                    }
                }
            }
            InstKind::Alloca { dst, count, .. } => {
                let s = self.shadow_of(count);
                self.must_be_cell_constant(&s, loc, "an input-dependent stack array size");
                self.set_shadow(*dst, None);
            }
            InstKind::Call { func, args, .. } => {
                // The callee's frame was pushed; its parameters take the
                // caller's argument shadows.
                let Some(t) = self.track.as_ref() else { return };
                let caller = t.frames.last();
                let n = model.functions[*func as usize].num_regs as usize;
                let mut regs: Vec<Option<Shadow>> = vec![None; n];
                if let Some(caller) = caller {
                    for (i, a) in args.iter().enumerate().take(n) {
                        if let Operand::Reg(r) = a {
                            regs[i] = caller.get(*r as usize).cloned().flatten();
                        }
                    }
                }
                if let Some(t) = self.track.as_mut() {
                    t.frames.push(regs);
                }
            }
            // An unsupported construct halts before any value flows on.
            InstKind::Libc { .. } | InstKind::Mpi { .. } | InstKind::Unsupported { .. } => {}
        }
    }

    /// Before a terminator: branches decide; `ret` hands its shadow back.
    #[inline(never)]
    pub(crate) fn track_term(&mut self, block: &Block) {
        let loc = block.term_loc;
        match &block.term {
            Terminator::CondBr { cond, .. } => {
                let s = self.shadow_of(cond);
                self.decides(&s, loc, "a branch on input that is no interval of one input (`%`, bit operations, two inputs combined, or data received from another process)");
            }
            Terminator::Switch {
                value, ty, cases, ..
            } => match self.shadow_of(value) {
                Some(Shadow::Mono(m)) => {
                    let iv = self.interval(&m.sym);
                    for (c, _) in cases {
                        self.cut(&m.cuts(IntPredicate::Eq, sext(*c, ty.bits()), iv));
                    }
                }
                s => self.decides(
                    &s,
                    loc,
                    "a switch on input that is not an interval condition",
                ),
            },
            Terminator::Ret { value } => {
                let s = value.as_ref().and_then(|v| self.shadow_of(v));
                let depth = self.frames.len();
                let ret_dst = self.frames.last().and_then(|f| f.ret_dst);
                if depth == 1 {
                    self.must_be_cell_constant(&s, loc, "an input-dependent exit status");
                    return;
                }
                if let Some(t) = self.track.as_mut() {
                    t.frames.pop();
                }
                if let Some(d) = ret_dst {
                    self.set_shadow(d, s);
                }
            }
            Terminator::Br { .. } | Terminator::Unreachable => {}
        }
    }

    /// After entering `target` from `from`: phis take their incoming shadows.
    #[inline(never)]
    pub(crate) fn track_enter(&mut self, func: &Function, from: BlockId, target: BlockId) {
        let phis = &func.blocks[target as usize].phis;
        if phis.is_empty() {
            return;
        }
        let vals: Vec<(Reg, Option<Shadow>)> = phis
            .iter()
            .map(|p| {
                let s = p
                    .incoming
                    .iter()
                    .find(|(b, _)| *b == from)
                    .and_then(|(_, o)| self.shadow_of(o));
                (p.dst, s)
            })
            .collect();
        for (d, s) in vals {
            self.set_shadow(d, s);
        }
    }

    /// At an MPI call: every argument, and the data behind every pointer,
    /// must be the same in the whole cell (the partition does not follow
    /// input-dependent counts, ranks or data into other processes).
    #[inline(never)]
    pub(crate) fn track_mpi(
        &mut self,
        func: MpiFunc,
        args: &[Operand],
        dst: Option<Reg>,
        loc: LocId,
    ) {
        // MPI_Init(&argc, &argv) only passes the program's own arguments on.
        let exempt = matches!(func, MpiFunc::Init | MpiFunc::InitThread);
        for (i, a) in args.iter().enumerate() {
            let name = func.params().get(i).copied().unwrap_or("?");
            let s = self.shadow_of(a);
            if let Some(sh) = &s {
                if sh.varies_in_cell() {
                    self.uncovered(
                        loc,
                        &format!("an input-dependent argument `{name}` of {}", func.name()),
                        Some(sh),
                    );
                }
            }
            let v = self.reg_value(a);
            if !exempt
                && self.mem.block_of(v).is_some()
                && self.mem.taint.as_ref().is_some_and(|t| t.varies_from(v))
            {
                // Possibly sent: what other processes receive from now on
                // is input-dependent.
                if let Some(p) = self.plan() {
                    p.varying_sent.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(d) = dst {
            self.set_shadow(d, None);
        }
    }

    /// `call_function` runs a user function on a fresh frame stack.
    #[inline(never)]
    pub(crate) fn track_swap_frames(
        &mut self,
        model: &Model,
        func: FuncId,
    ) -> Option<Vec<Vec<Option<Shadow>>>> {
        let t = self.track.as_mut()?;
        let n = model.functions.get(func as usize)?.num_regs as usize;
        Some(std::mem::replace(&mut t.frames, vec![vec![None; n]]))
    }

    #[inline(never)]
    pub(crate) fn track_restore_frames(&mut self, saved: Option<Vec<Vec<Option<Shadow>>>>) {
        if let (Some(t), Some(s)) = (self.track.as_mut(), saved) {
            t.frames = s;
        }
    }

    /// Runs a library function: what it writes is the program's own data,
    /// never data MPI delivered (`Taint::written_by_mpi`).
    fn call_local(&mut self, func: LibcFunc, vals: &[(u64, Ty)]) -> Result<LibcOutcome, Fault> {
        let flag = self
            .mem
            .taint
            .as_mut()
            .map(|t| std::mem::take(&mut t.varying_sent));
        let out = libc::call(func, vals, &mut self.mem).map_err(Fault::Memory);
        if let (Some(t), Some(f)) = (self.mem.taint.as_mut(), flag) {
            t.varying_sent = f;
        }
        out
    }

    /// A library call while tracking: input sources return the cell's
    /// value and a symbol; other functions propagate shadows.
    #[inline(never)]
    pub(crate) fn libc_tracked(
        &mut self,
        func: LibcFunc,
        vals: &[(u64, Ty)],
        args: &[Arg],
        dst: Option<Reg>,
        loc: LocId,
    ) -> Result<LibcOutcome, Fault> {
        let shadows: Vec<Option<Shadow>> = args.iter().map(|a| self.shadow_of(&a.value)).collect();
        // Functions that stop at the terminator behave alike for every
        // length of an input string; the others may run past its end.
        use LibcFunc as F;
        let stops_at_nul = matches!(
            func,
            F::Strlen
                | F::Strcmp
                | F::Strncmp
                | F::Strchr
                | F::Strrchr
                | F::Strstr
                | F::Atoi
                | F::Atol
                | F::Atof
                | F::Strtol
                | F::Strtod
                | F::Strtoul
                | F::Printf
                | F::Fprintf
                | F::Puts
                | F::Getenv
        );
        if !stops_at_nul {
            for ((v, _), a) in vals.iter().zip(args) {
                let alloc = Pointer::decode(*v).alloc;
                let input = self
                    .mem
                    .taint
                    .as_ref()
                    .is_some_and(|t| t.strings.contains_key(&alloc));
                if a.ty == Ty::Ptr && input {
                    self.uncovered(
                        loc,
                        &format!(
                            "an input string passed to {} (its length is input)",
                            func.c_name()
                        ),
                        None,
                    );
                }
            }
        }
        for (s, a) in shadows.iter().zip(args) {
            if a.ty == Ty::Ptr {
                self.must_be_cell_constant(s, loc, "an input-dependent address");
            }
        }
        let Some(t) = self.track.as_ref() else {
            return self.call_local(func, vals);
        };
        let plan = t.plan.clone();
        let rank = t.rank;
        let arg = |i: usize| vals.get(i).map_or(0, |v| v.0);
        let mono = |sym: Sym, bits: u32| Some(Shadow::Mono(Arc::new(Mono::of(sym, bits))));
        let string_src = |mem: &Memory, addr: u64| {
            let p = Pointer::decode(addr);
            let src = mem.taint.as_ref()?.strings.get(&p.alloc)?.clone();
            (p.offset == 0).then_some(src)
        };
        let (outcome, shadow) = match func {
            F::Atoi | F::Atol | F::Strtol
                if string_src(&self.mem, vals.first().map_or(0, |v| v.0)).is_some() =>
            {
                let src = string_src(&self.mem, arg(0)).ok_or(Fault::Unreachable)?;
                let out = self.call_local(func, vals)?;
                let long = func != F::Atoi;
                let bits = if long { 64 } else { 32 };
                let natural = match out {
                    LibcOutcome::Return(Some(r)) => sext(r, bits) as i64,
                    _ => 0,
                };
                let sym = Sym::Conv { src, long };
                let v = plan.value(&sym, natural);
                if func == F::Strtol && vals.get(1).is_some_and(|e| e.0 != 0) {
                    // Where the number ends depends on its text.
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.set(arg(1), 8, Shadow::Opaque(loc));
                    }
                }
                let r = if long {
                    v as u64
                } else {
                    v as i32 as u32 as u64
                };
                (LibcOutcome::Return(Some(r)), mono(sym, bits))
            }
            F::Rand | F::Time | F::Clock => {
                let out = self.call_local(func, vals)?;
                let natural = match out {
                    LibcOutcome::Return(Some(r)) => r as i64,
                    _ => 0,
                };
                let Some(t) = self.track.as_mut() else {
                    return Ok(out);
                };
                let (sym, bits) = match func {
                    F::Rand => {
                        t.rand_calls += 1;
                        (
                            Sym::Rand {
                                rank,
                                k: t.rand_calls,
                            },
                            32,
                        )
                    }
                    F::Time => {
                        t.time_calls += 1;
                        (
                            Sym::Time {
                                rank,
                                k: t.time_calls,
                            },
                            64,
                        )
                    }
                    _ => {
                        t.clock_calls += 1;
                        (
                            Sym::Clock {
                                rank,
                                k: t.clock_calls,
                            },
                            64,
                        )
                    }
                };
                let v = plan.value(&sym, natural);
                let s = mono(sym, bits);
                if func == F::Time {
                    if let Some(&(p, _)) = vals.first().filter(|p| p.0 != 0) {
                        self.mem.store(p, 8, v as u64).map_err(Fault::Memory)?;
                        if let (Some(t), Some(s)) = (self.mem.taint.as_mut(), s.clone()) {
                            t.set(p, 8, s);
                        }
                    }
                }
                (LibcOutcome::Return(Some(v as u64)), s)
            }
            F::Getenv => {
                let name = self
                    .mem
                    .read_c_string(vals.first().map_or(0, |v| v.0))
                    .map_err(Fault::Memory)?;
                let name = String::from_utf8_lossy(&name).into_owned();
                let sym = Sym::EnvSet(name.clone());
                let natural = std::env::var_os(&name).is_some() as i64;
                let set = plan.value(&sym, natural) != 0;
                let r = if set {
                    libc::getenv_string(&mut self.mem, name.as_bytes(), true)
                        .map_err(Fault::Memory)?
                } else {
                    0
                };
                if r != 0 {
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.strings
                            .insert(Pointer::decode(r).alloc, StrSrc::Env(name));
                    }
                }
                let s = Shadow::Cells(Arc::new(vec![(sym, 1)]));
                (LibcOutcome::Return(Some(r)), Some(s))
            }
            F::Malloc | F::Calloc | F::Realloc => {
                for s in &shadows {
                    self.must_be_cell_constant(s, loc, "an input-dependent allocation size");
                }
                let out = self.call_local(func, vals)?;
                let old_varies = func == F::Realloc
                    && self
                        .mem
                        .taint
                        .as_ref()
                        .is_some_and(|t| t.varies_from(arg(0)));
                if let (true, LibcOutcome::Return(Some(p))) = (old_varies, &out) {
                    // The moved contents keep being input-dependent.
                    let len = self.mem.block_of(*p).map_or(0, |b| b.0);
                    if let Some(t) = self.mem.taint.as_mut() {
                        t.set(*p, len.max(1), Shadow::Opaque(loc));
                    }
                }
                (out, None)
            }
            F::Exit => {
                self.must_be_cell_constant(
                    shadows.first().unwrap_or(&None),
                    loc,
                    "an input-dependent exit status",
                );
                (self.call_local(func, vals)?, None)
            }
            F::Memcpy | F::Memmove => {
                self.must_be_cell_constant(
                    shadows.get(2).unwrap_or(&None),
                    loc,
                    "an input-dependent copy size",
                );
                let before = self.mem.taint.clone();
                let out = self.call_local(func, vals)?;
                let (d, s, n) = (arg(0), arg(1), arg(2));
                if let (Some(t), Some(from)) = (self.mem.taint.as_mut(), before) {
                    t.copy(&from, d, s, n);
                }
                (out, None)
            }
            _ => {
                let reads_input = vals.iter().zip(args).any(|(v, a)| {
                    a.ty == Ty::Ptr
                        && self.mem.block_of(v.0).is_some()
                        && self.mem.taint.as_ref().is_some_and(|t| t.varies_from(v.0))
                });
                let out = self.call_local(func, vals)?;
                let varies = reads_input || shadows.iter().flatten().any(Shadow::varies_in_cell);
                let s = if varies {
                    Some(Shadow::Opaque(loc))
                } else if shadows.iter().any(Option::is_some) {
                    Some(cells(&shadows.iter().flatten().collect::<Vec<_>>()))
                } else {
                    None
                };
                // What these write through their pointer arguments is as
                // input-dependent as what they read.
                let written = match func {
                    F::Strcpy
                    | F::Strncpy
                    | F::Strcat
                    | F::Strncat
                    | F::Sprintf
                    | F::Snprintf
                    | F::Memset => Some(0),
                    F::Strtol | F::Strtod | F::Strtoul => Some(1),
                    _ => None,
                };
                if let (Some(i), Some(sh)) = (written, &s) {
                    if let Some(&(p, _)) = vals.get(i).filter(|p| p.0 != 0) {
                        let len = self
                            .mem
                            .block_of(p)
                            .map_or(0, |b| b.0.saturating_sub(b.1 as u64));
                        if let Some(t) = self.mem.taint.as_mut() {
                            t.set(p, len.max(1), sh.clone());
                        }
                    }
                }
                (out, s)
            }
        };
        if let Some(d) = dst {
            self.set_shadow(d, shadow);
        }
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::memory::AllocKind;

    fn mono() -> Shadow {
        Shadow::Mono(Arc::new(Mono::of(Sym::Rand { rank: 0, k: 1 }, 32)))
    }

    #[test]
    fn input_sources_are_concrete_by_default() {
        let mut m = Memory::with_globals(&[]);
        let call = |m: &mut Memory, f: LibcFunc, args: &[(u64, Ty)]| match libc::call(f, args, m) {
            Ok(LibcOutcome::Return(r)) => r,
            other => panic!("{other:?}"),
        };
        // glibc's first numbers for the default seed 1, then for seed 42.
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(1804289383));
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(846930886));
        call(&mut m, LibcFunc::Srand, &[(42, Ty::I32)]);
        assert_eq!(call(&mut m, LibcFunc::Rand, &[]), Some(71876166));
        let t = m.allocate(8, AllocKind::Stack).unwrap();
        m.store(t, 8, 99).unwrap();
        assert_eq!(call(&mut m, LibcFunc::Time, &[(t, Ty::Ptr)]), Some(0));
        assert_eq!(m.load(t, 8).unwrap(), 0);
        let name = m.allocate(32, AllocKind::Stack).unwrap();
        m.write_bytes(name, b"MPIV_SURELY_UNSET_VARIABLE\0")
            .unwrap();
        assert_eq!(call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]), Some(0));
        m.write_bytes(name, b"PATH\0").unwrap();
        if let Some(path) = std::env::var_os("PATH") {
            let p = call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]).unwrap();
            assert_eq!(m.read_c_string(p).unwrap(), path.into_encoded_bytes());
            // The same string every time.
            assert_eq!(call(&mut m, LibcFunc::Getenv, &[(name, Ty::Ptr)]), Some(p));
        }
    }

    #[test]
    fn memory_shadows_follow_stores_copies_and_overwrites() {
        let mut m = Memory::with_globals(&[]);
        m.taint = Some(Box::default());
        let p = m.allocate(16, AllocKind::Heap).unwrap();
        let t = m.taint.as_mut().unwrap();
        t.set(p + 4, 4, mono());
        assert_eq!(t.get(p + 4, 4), Some(mono()));
        // A byte of a monotone value is not that value.
        assert_eq!(t.get(p + 4, 1), Some(Shadow::Opaque(0)));
        assert_eq!(t.get(p + 8, 4), None);
        assert!(t.varies_from(p));
        assert!(!t.varies_from(p + 8));
        let before = (**t).clone();
        t.copy(&before, p + 8, p + 4, 4);
        assert_eq!(t.get(p + 8, 4), Some(mono()));
        // A concrete store forgets the shadow, a partial one leaves pieces.
        t.clear(p + 4, 4);
        t.clear(p + 8, 1);
        assert_eq!(t.get(p + 4, 4), None);
        assert_eq!(t.get(p + 9, 1), Some(Shadow::Opaque(0)));
        // Cell-constant values stay so in pieces.
        let mut t = Taint::default();
        let c = Shadow::Cells(Arc::new(vec![(Sym::Rand { rank: 0, k: 1 }, 2)]));
        t.set(p, 8, c.clone());
        t.clear(p, 4);
        assert_eq!(t.get(p + 4, 4), Some(c));
    }
}
