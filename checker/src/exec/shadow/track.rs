//! The per-process tracking state: register shadows (`Tracker`), memory
//! shadows and input strings (`Taint`), and the helpers the hooks of
//! `transfer` and `sources` share.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::value::{cells, Cut, Mono, Shadow, Step};
use crate::exec::interp::Process;
use crate::input::term::{Constraint, Term, FEW_VALUES};
use crate::input::{Plan, StrSrc, Sym};
use runtime_model::model::*;

/// Per-process tracking state.
#[derive(Clone, Debug)]
pub struct Tracker {
    pub plan: Arc<Plan>,
    pub rank: u32,
    pub rand_calls: u32,
    pub time_calls: u32,
    pub clock_calls: u32,
    /// Draws of the 48-bit generators (`Sym::Rand48`).
    pub rand48_calls: u32,
    /// Calls of `mpi_verify_any_int` (`Sym::Any`).
    pub any_calls: u32,
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
            self.rand48_calls,
            self.any_calls,
            &self.frames,
        ) == (
            o.rank,
            o.rand_calls,
            o.time_calls,
            o.clock_calls,
            o.rand48_calls,
            o.any_calls,
            &o.frames,
        )
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
            self.rand48_calls,
            self.any_calls,
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
            // A piece of a varying value is not that value any more.
            let piece = if sh.varies_in_cell() {
                Shadow::Opaque(0)
            } else {
                sh
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

    /// The shadows of `len` bytes at `addr`, as (offset from `addr`,
    /// length, shadow): a varying value cut by the range's ends, and an
    /// input string's bytes, are opaque.
    pub fn shadows_in(&self, addr: u64, len: u64) -> Vec<(u64, u64, Shadow)> {
        if len == 0 {
            return Vec::new();
        }
        if self.strings.contains_key(&Pointer::decode(addr).alloc) {
            return vec![(0, len, Shadow::Opaque(0))];
        }
        let end = addr.saturating_add(len);
        let mut out: Vec<(u64, u64, Shadow)> = self
            .overlapping(addr, len)
            .into_iter()
            .map(|(s, l, sh)| {
                let (a, b) = (s.max(addr), (s + l).min(end));
                let whole = a == s && b == s + l;
                let sh = if whole || !sh.varies_in_cell() {
                    sh
                } else {
                    Shadow::Opaque(0)
                };
                (a - addr, b - a, sh)
            })
            .collect();
        out.reverse();
        out
    }

    /// The cuts of the cell-constant values from `addr` to the end of its
    /// allocation (what an MPI call given `addr` may send).
    pub fn cuts_from(&self, addr: u64) -> Vec<Cut> {
        let p = Pointer::decode(addr);
        let end = ((p.alloc as u64) + 1) << 32;
        let mut out = Vec::new();
        for (_, _, sh) in self.overlapping(addr, end - addr) {
            if let Shadow::Cells(c) = sh {
                out.extend(c.iter().cloned());
            }
        }
        out
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
                let piece = if sh.varies_in_cell() {
                    Shadow::Opaque(0)
                } else {
                    sh
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

/// The `bits`-bit register value `v` as a signed integer.
pub(super) fn sext(v: u64, bits: u32) -> i128 {
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
            rand48_calls: 0,
            any_calls: 0,
            frames,
        }));
    }

    /// Names the process's rank (symbols of `rand` etc. are per rank).
    pub fn set_input_rank(&mut self, rank: usize) {
        if let Some(t) = self.track.as_mut() {
            t.rank = rank as u32;
        }
    }

    pub(super) fn shadow_of(&self, op: &Operand) -> Option<Shadow> {
        let Operand::Reg(r) = op else { return None };
        let t = self.track.as_ref()?;
        t.frames.last()?.get(*r as usize)?.clone()
    }

    pub(super) fn set_shadow(&mut self, dst: Reg, s: Option<Shadow>) {
        if let Some(t) = self.track.as_mut() {
            if let Some(regs) = t.frames.last_mut() {
                if let Some(slot) = regs.get_mut(dst as usize) {
                    *slot = s;
                }
            }
        }
    }

    pub(super) fn reg_value(&self, op: &Operand) -> u64 {
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

    pub(super) fn plan(&self) -> Option<Arc<Plan>> {
        self.track.as_ref().map(|t| t.plan.clone())
    }

    pub(super) fn uncovered(&self, loc: LocId, what: &str, s: Option<&Shadow>) {
        let origin = match s {
            Some(Shadow::Opaque(o)) if *o != 0 => Some(*o),
            _ => None,
        };
        if let Some(p) = self.plan() {
            p.uncovered(loc, what, origin);
        }
    }

    pub(super) fn cut(&self, cuts: &[Cut]) {
        if let Some(p) = self.plan() {
            p.add_cuts(cuts);
        }
    }

    /// A 1-bit value that decides control flow (a branch, whether a
    /// division faults): its cuts split the cell, an exact term is a path
    /// constraint; a value known only as opaque cannot be covered.
    pub(super) fn decides(&self, op: &Operand, s: &Option<Shadow>, loc: LocId, what: &str) {
        match s {
            None => {}
            Some(Shadow::Cells(c)) => self.cut(c),
            Some(Shadow::Opaque(_)) => self.uncovered(loc, what, s.as_ref()),
            Some(_) => {
                let holds = self.reg_value(op) & 1 != 0;
                self.constrain(self.term_of(op, s, 1), holds, loc, what);
            }
        }
    }

    /// The exact term of an operand of `bits` bits: a constant for a
    /// concrete value, and for a cell-constant one (whose cuts then bound
    /// the run's cell), a monotone function widened, a term as it is;
    /// `None` for an opaque value or a term past the size bound.
    pub(super) fn term_of(&self, op: &Operand, s: &Option<Shadow>, bits: u32) -> Option<Arc<Term>> {
        match s {
            None => Some(Term::constant(self.reg_value(op) as u128, bits)),
            Some(Shadow::Cells(c)) => {
                self.cut(c);
                Some(Term::constant(self.reg_value(op) as u128, bits))
            }
            Some(Shadow::Mono(m)) => m.term(bits),
            Some(Shadow::Term(t)) => (t.bits == bits).then(|| t.clone()),
            Some(Shadow::Opaque(_)) => None,
        }
    }

    /// A term as a shadow: an exact term, or opaque from `loc` on.
    pub(super) fn term_shadow(t: Option<Arc<Term>>, loc: LocId) -> Shadow {
        match t {
            Some(t) => match t.as_const() {
                // Input-dependent parts that cancel out (`x - x`) leave a
                // value no input changes.
                Some(_) => Shadow::Cells(Arc::new(Vec::new())),
                None => Shadow::Term(t),
            },
            None => Shadow::Opaque(loc),
        }
    }

    /// Records that the 1-bit `cond` had outcome `holds` on this path: the
    /// run covers only inputs where it has the same one.
    pub(super) fn constrain(&self, cond: Option<Arc<Term>>, holds: bool, loc: LocId, what: &str) {
        let Some(plan) = self.plan() else { return };
        let Some(cond) = cond else {
            return plan.uncovered(loc, what, None);
        };
        if cond.as_const().is_some() {
            return;
        }
        // The term must agree with what the interpreter computed, or the
        // constraint would describe another path: never guess then.
        let agrees = cond.eval(&|sym| plan.value_read(sym)) == Some(holds as u128);
        if !agrees {
            return plan.uncovered(
                loc,
                "a branch whose symbolic condition disagrees with the run (a checker bug; please report it)",
                None,
            );
        }
        if !plan.constrain(Constraint { cond, holds }) {
            plan.uncovered(
                loc,
                &format!(
                    "more than {} input-dependent branch outcomes in one run",
                    crate::input::MAX_CONSTRAINTS
                ),
                None,
            );
        }
    }

    /// A value used as an address, size or MPI argument: fine when constant
    /// on the cell; an exact term with few values is pinned to the value it
    /// has (a path constraint; the other values are runs of their own).
    pub(super) fn must_be_cell_constant(&self, s: &Option<Shadow>, loc: LocId, what: &str) {
        self.settle(s, loc, what);
    }

    /// [`Self::must_be_cell_constant`], returning what the value is from
    /// then on: a value pinned to its concrete one is constant on the cell
    /// (its shadow becomes cell-constant).
    pub(super) fn settle(&self, s: &Option<Shadow>, loc: LocId, what: &str) -> Option<Shadow> {
        let sh = s.as_ref()?;
        match sh {
            // The concrete value is used: it is the value of the cell
            // bounded by its cuts only.
            Shadow::Cells(c) => {
                self.cut(c);
                return s.clone();
            }
            // A monotone value of a symbol with few values left in the cell
            // (a range given with `--input NAME=LO..HI`) is pinned to the
            // symbol's value: the other values are cells of their own.
            Shadow::Mono(m) => {
                let (lo, hi) = self.interval(&m.sym);
                let read = self.plan().and_then(|p| p.value_read(&m.sym));
                if let (true, Some(v)) = ((hi as i128 - lo as i128) < FEW_VALUES as i128, read) {
                    let cuts = vec![(m.sym.clone(), v), (m.sym.clone(), v.saturating_add(1))];
                    self.cut(&cuts);
                    return Some(Shadow::Cells(Arc::new(cuts)));
                }
            }
            // An exact term with few values is pinned by a path constraint.
            Shadow::Term(t) if t.few_values() => {
                let v = self.plan().and_then(|p| t.eval(&|sym| p.value_read(sym)));
                if let Some(v) = v {
                    let eq = Term::cmp(IntPredicate::Eq, t.clone(), Term::constant(v, t.bits));
                    self.constrain(eq, true, loc, what);
                    return Some(Shadow::Cells(Arc::new(Vec::new())));
                }
            }
            _ => {}
        }
        if sh.varies_in_cell() {
            self.uncovered(loc, what, Some(sh));
        }
        s.clone()
    }

    pub(super) fn interval(&self, sym: &Sym) -> (i64, i64) {
        self.plan().map_or(sym.domain(), |p| p.path_interval(sym))
    }

    /// `m` followed by `steps`, if it stays exact on the cell.
    pub(super) fn try_extend(&self, m: &Mono, steps: &[Step]) -> Option<Shadow> {
        m.then(steps, self.interval(&m.sym))
            .map(|m| Shadow::Mono(Arc::new(m)))
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::memory::{AllocKind, Memory};

    fn mono() -> Shadow {
        Shadow::Mono(Arc::new(Mono::of(Sym::Rand { rank: 0, k: 1 }, 32)))
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
