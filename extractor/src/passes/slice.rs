//! Cone-of-influence slicing of the entry function (Li et al. 2011, §5,
//! "Simplification" (ii)-(iii): remove operations foreign to model checking
//! such as printf, and slice "with respect to communications and user
//! assertions" by computing the cone of influence with a chaotic iteration).
//!
//! Criteria, always kept: every terminator and its operand (so the control
//! skeleton is unchanged and no control dependence is needed), every MPI call
//! (as reading and writing everything once the program has handed the
//! library a function it may call back, `effects::mpi_calls_back`),
//! every call of a program function, direct or through a pointer (with
//! everything it may touch), every placeholder of an
//! unsupported construct, the libc calls that end the
//! process (`__assert_fail`, `abort`, `exit`), the output-only libc calls when
//! asked to keep them, and every access to a buffer a nonblocking operation may
//! still own (touching it is an error the checker must see, Palmer et al. 2007, §3.1).
//!
//! The cone then grows to a fixpoint (worklist) along
//! - registers: a kept instruction or phi keeps the definitions of its operands;
//! - memory contents: a kept instruction that reads sites keeps every
//!   instruction that may write one of them (points-to by allocation site, see
//!   `points_to`);
//! - allocation state: a kept instruction that touches sites keeps their
//!   allocations and `free`s.
//!
//! Instructions that may stop the process are criteria too (`Faults`): a
//! division that may trap, a load or store not proven inside its object. A
//! crash whose result influences nothing is still a crash of the rank.
//!
//! Everything else is removed.

use super::cfg;
use super::effects::{effects, mpi_calls_back, takes_function_address, Effects};
use super::ir::term_operand;
use super::points_to::{is_payload_param, PointsTo, Sites};
use runtime_model::model::{Function, InstKind, Model, Operand};

/// Cone-of-influence slice of the entry function; returns (instructions kept,
/// instructions removed), counting instructions and phis.
pub fn slice(model: &mut Model, keep_output_calls: bool) -> (u32, u32) {
    let entry = model.entry as usize;
    let live = {
        let f = &model.functions[entry];
        let pt = PointsTo::analyze(model, f);
        let globals = model.globals.iter().map(|g| g.size).collect();
        // Destructors and atexit handlers run after main and may read any
        // memory main wrote: then every write is kept.
        let after_main = !model.exit_functions.is_empty()
            || f.blocks.iter().flat_map(|b| &b.insts).any(|i| {
                matches!(
                    i.kind,
                    InstKind::Libc {
                        func: runtime_model::model::LibcFunc::Atexit
                            | runtime_model::model::LibcFunc::CxaAtexit,
                        ..
                    }
                )
            });
        let calls_back = mpi_calls_back(model);
        let mut cone = Cone::new(f, &pt, keep_output_calls, globals, calls_back);
        cone.foreign_may_call_back = takes_function_address(model);
        if after_main {
            cone.demand_contents(&super::points_to::Sites::anything());
        }
        cone.solve()
    };
    assumed_to_return(model, &live);
    let f = &mut model.functions[entry];
    let before = size(f);
    let mut node = 0;
    for block in &mut f.blocks {
        block.phis.retain(|_| {
            node += 1;
            live[node - 1]
        });
        block.insts.retain(|_| {
            node += 1;
            live[node - 1]
        });
    }
    cfg::remove_unreachable_blocks(f);
    cfg::compact_registers(f);
    let kept = size(f);
    (kept, before - kept)
}

/// Records the calls without source the slice removes (issue 31 §2):
/// nothing they could return or write reaches an MPI call, an assertion, a
/// crash or the exit status, so the check goes on without them, assuming
/// each returns; every report lists them. Each source position once.
fn assumed_to_return(model: &mut Model, live: &[bool]) {
    let f = &model.functions[model.entry as usize];
    let mut node = 0;
    let mut removed = Vec::new();
    for block in &f.blocks {
        node += block.phis.len();
        for inst in &block.insts {
            if let InstKind::Foreign { callee, .. } = &inst.kind {
                if !live[node] {
                    removed.push(runtime_model::model::AssumedReturn {
                        callee: callee.clone(),
                        loc: inst.loc,
                    });
                }
            }
            node += 1;
        }
    }
    for r in removed {
        if !model.assumed_to_return.contains(&r) {
            model.assumed_to_return.push(r);
        }
    }
}

fn size(f: &Function) -> u32 {
    f.blocks
        .iter()
        .map(|b| (b.phis.len() + b.insts.len()) as u32)
        .sum()
}

/// The worklist state. Nodes are numbered block by block, phis before
/// instructions (the order `slice` walks them to remove the dead ones).
struct Cone<'a> {
    /// The program takes a function's address: a library without source
    /// may call back into it, so no call of one is dropped.
    foreign_may_call_back: bool,
    /// Operands each node reads.
    operands: Vec<Vec<Operand>>,
    effects: Vec<Effects>,
    /// Defining node of each register (parameters have none).
    def: Vec<Option<usize>>,
    /// Writers of each site's contents, and writers that may write anywhere.
    writers: Vec<Vec<usize>>,
    writers_anywhere: Vec<usize>,
    /// Nodes that allocate or free each site (or may free anything).
    lifetimes: Vec<Vec<usize>>,
    lifetimes_anywhere: Vec<usize>,
    /// Sites whose writers / lifetime nodes are already in the cone.
    read_done: Vec<bool>,
    life_done: Vec<bool>,
    anywhere_read_done: bool,
    anywhere_life_done: bool,
    /// Sites a nonblocking operation may own while pending: every access to
    /// them is a criterion.
    pending: Sites,
    live: Vec<bool>,
    work: Vec<usize>,
    f: &'a Function,
    keep_output_calls: bool,
    faults: Faults<'a>,
}

/// Which instructions may stop the process (C11 §6.5.5: division by zero,
/// §6.5.3.2/§6.5.6: a dereference outside its object; x86-64 traps on the
/// first and on `INT_MIN / -1`, and a bad pointer faults). Such an
/// instruction is an effect the user must see even when its result
/// influences nothing, so it is a slicing criterion unless it is proven
/// safe: a division by a constant other than 0 and -1, an access at a
/// constant offset inside a stack or global object of known size.
struct Faults<'a> {
    f: &'a Function,
    /// Defining instruction of each register, as (block, index).
    def: Vec<Option<(usize, usize)>>,
    /// Size of each global (allocation `index + 1`).
    globals: Vec<u64>,
}

impl<'a> Faults<'a> {
    fn new(f: &'a Function, globals: Vec<u64>) -> Faults<'a> {
        let mut def = vec![None; f.num_regs as usize];
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if let Some(slot) = inst
                    .kind
                    .dst_and_operands()
                    .0
                    .and_then(|d| def.get_mut(d as usize))
                {
                    *slot = Some((b, i));
                }
            }
        }
        Faults { f, def, globals }
    }

    fn may_fault(&self, kind: &InstKind) -> bool {
        use runtime_model::model::BinOp;
        match kind {
            InstKind::Binary { op, rhs, .. } => match op {
                BinOp::UDiv | BinOp::URem => !matches!(rhs, Operand::Const(c) if *c != 0),
                // A constant divisor other than 0 and -1 cannot trap (every
                // width: -1 is all ones in the divisor's own width).
                BinOp::SDiv | BinOp::SRem => {
                    !matches!(rhs, Operand::Const(c) if *c != 0 && !is_all_ones(*c))
                }
                _ => false,
            },
            InstKind::Load { ty, ptr, .. }
            | InstKind::Store { ty, ptr, .. }
            | InstKind::Atomic { ty, ptr, .. } => !self.inside_object(*ptr, ty.size()),
            // A library call given a pointer may dereference it (memcpy,
            // strcpy, free); output-only calls are what slicing removes.
            InstKind::Libc { func, args, .. } => {
                !func.is_output_only() && args.iter().any(|a| a.ty == runtime_model::model::Ty::Ptr)
            }
            // A `long double` that does not fit the integer type stops the
            // execution (undefined, C11 6.3.1.4p1).
            InstKind::X87 {
                op: runtime_model::model::X87Op::ToInt { .. },
                ..
            } => true,
            _ => false,
        }
    }

    /// Whether an access of `len` bytes at `ptr` surely stays inside the
    /// object `ptr` points into.
    fn inside_object(&self, ptr: Operand, len: u64) -> bool {
        match self.object_offset(ptr, 8) {
            Some((size, off)) => off >= 0 && (off as u64).saturating_add(len) <= size,
            None => false,
        }
    }

    /// (object size, constant offset) of a pointer built from an alloca or
    /// a global by constant address arithmetic.
    fn object_offset(&self, ptr: Operand, depth: u32) -> Option<(u64, i64)> {
        match ptr {
            Operand::Const(bits) => {
                let p = runtime_model::model::Pointer::decode(bits);
                let g = (p.alloc as usize).checked_sub(1)?;
                Some((*self.globals.get(g)?, p.offset as i64))
            }
            Operand::Reg(r) => {
                let (b, i) = (*self.def.get(r as usize)?)?;
                match &self.f.blocks[b].insts[i].kind {
                    InstKind::Alloca {
                        elem_size,
                        count: Operand::Const(n),
                        ..
                    } => Some((elem_size.checked_mul(*n)?, 0)),
                    // The model's malloc returns a block of the size asked
                    // for (or stops the process when it cannot).
                    InstKind::Libc {
                        func: runtime_model::model::LibcFunc::Malloc,
                        args,
                        ..
                    } => match args.as_slice() {
                        [runtime_model::model::Arg {
                            value: Operand::Const(n),
                            ..
                        }] => Some((*n, 0)),
                        _ => None,
                    },
                    InstKind::Libc {
                        func: runtime_model::model::LibcFunc::Calloc,
                        args,
                        ..
                    } => match args.as_slice() {
                        [runtime_model::model::Arg {
                            value: Operand::Const(n),
                            ..
                        }, runtime_model::model::Arg {
                            value: Operand::Const(k),
                            ..
                        }] => Some((n.checked_mul(*k)?, 0)),
                        _ => None,
                    },
                    InstKind::Gep {
                        base,
                        offset,
                        indices,
                        ..
                    } if depth > 0 => {
                        let (size, at) = self.object_offset(*base, depth - 1)?;
                        let mut off = at.checked_add(*offset)?;
                        for ix in indices {
                            let Operand::Const(v) = ix.index else {
                                return None;
                            };
                            let v = sext_to(v, ix.index_ty);
                            off = off.checked_add(v.checked_mul(ix.scale)?)?;
                        }
                        Some((size, off))
                    }
                    _ => None,
                }
            }
        }
    }
}

/// Whether a constant is -1 in some integer width (all ones in its low
/// 8, 16, 32 or 64 bits, as constants are stored zero-extended).
fn is_all_ones(c: u64) -> bool {
    [0xFFu64, 0xFFFF, 0xFFFF_FFFF, u64::MAX].contains(&c)
}

/// A constant index of type `ty`, sign-extended.
fn sext_to(v: u64, ty: runtime_model::model::Ty) -> i64 {
    match ty.bits() {
        64 => v as i64,
        0 => 0,
        b => ((v << (64 - b)) as i64) >> (64 - b),
    }
}

impl<'a> Cone<'a> {
    fn new(
        f: &'a Function,
        pt: &PointsTo,
        keep_output_calls: bool,
        globals: Vec<u64>,
        mpi_calls_back: bool,
    ) -> Cone<'a> {
        let nsites = pt.num_sites() as usize;
        let mut cone = Cone {
            foreign_may_call_back: false,
            operands: Vec::new(),
            effects: Vec::new(),
            def: vec![None; f.num_regs as usize],
            writers: vec![Vec::new(); nsites],
            writers_anywhere: Vec::new(),
            lifetimes: vec![Vec::new(); nsites],
            lifetimes_anywhere: Vec::new(),
            read_done: vec![false; nsites],
            life_done: vec![false; nsites],
            anywhere_read_done: false,
            anywhere_life_done: false,
            pending: Sites::none(),
            live: Vec::new(),
            work: Vec::new(),
            f,
            keep_output_calls,
            faults: Faults::new(f, globals),
        };
        for (b, block) in f.blocks.iter().enumerate() {
            for phi in &block.phis {
                cone.add_node(
                    Some(phi.dst),
                    phi.incoming.iter().map(|(_, v)| *v).collect(),
                );
                cone.effects.push(Effects::default());
            }
            for (i, inst) in block.insts.iter().enumerate() {
                if let InstKind::Mpi { func, args, .. } = &inst.kind {
                    // Window memory is read and written by other processes'
                    // RMA calls and every local access to it may race with
                    // them (MPI 3.1 §11.7): a program with windows keeps
                    // every memory access.
                    if func.family() == runtime_model::mpi_api::Family::Rma {
                        cone.pending = Sites::anything();
                    }
                    if func.leaves_buffer_pending() {
                        for (name, a) in func.params().iter().zip(args) {
                            if is_payload_param(name) {
                                cone.pending.union_with(&pt.of(*a));
                            }
                        }
                    }
                }
                let (dst, ops) = inst.kind.dst_and_operands();
                let n = cone.add_node(dst, ops);
                let e = effects(pt, b, i, &inst.kind, mpi_calls_back);
                index(&mut cone.writers, &mut cone.writers_anywhere, &e.writes, n);
                index(
                    &mut cone.lifetimes,
                    &mut cone.lifetimes_anywhere,
                    &e.lifetime,
                    n,
                );
                cone.effects.push(e);
            }
        }
        cone.live = vec![false; cone.operands.len()];
        cone
    }

    fn add_node(&mut self, dst: Option<u32>, ops: Vec<Operand>) -> usize {
        let n = self.operands.len();
        if let Some(slot) = dst.and_then(|d| self.def.get_mut(d as usize)) {
            *slot = Some(n);
        }
        self.operands.push(ops);
        n
    }

    /// Seeds the criteria, then grows the cone to its fixpoint; returns the
    /// liveness of every node.
    fn solve(mut self) -> Vec<bool> {
        let f = self.f;
        let mut n = 0;
        for block in &f.blocks {
            n += block.phis.len();
            for inst in &block.insts {
                if self.is_criterion(&inst.kind) {
                    self.mark(n);
                }
                n += 1;
            }
        }
        let pending = std::mem::take(&mut self.pending);
        if !pending.is_empty() {
            for n in 0..self.effects.len() {
                if self.effects[n].accessed().intersects(&pending) {
                    self.mark(n);
                }
            }
        }
        for block in &f.blocks {
            if let Some(op) = term_operand(&block.term) {
                self.use_operand(op);
            }
        }
        while let Some(n) = self.work.pop() {
            for op in std::mem::take(&mut self.operands[n]) {
                self.use_operand(op);
            }
            let e = std::mem::take(&mut self.effects[n]);
            self.demand_contents(&e.reads);
            self.demand_lifetime(&e.accessed());
        }
        self.live
    }

    fn is_criterion(&self, kind: &InstKind) -> bool {
        if self.faults.may_fault(kind) {
            return true;
        }
        match kind {
            // An unsupported construct is kept like an assertion: if an
            // execution can reach it, the check must stop there as
            // inconclusive. Every terminator and branch condition is kept, so
            // its path stays intact.
            InstKind::Mpi { .. }
            | InstKind::Call { .. }
            | InstKind::CallIndirect { .. }
            | InstKind::Unsupported { .. }
            | InstKind::Terminate { .. } => true,
            // A call without source assumed to have no effect is an
            // assumption the report lists where it runs. Any other stays
            // only if what it returns or may write reaches the cone (then
            // the check stops where it runs); one whose arguments the model
            // could not represent always stays. See `assumed_to_return`.
            InstKind::Foreign {
                no_effect,
                args_unknown,
                ..
            } => *no_effect || *args_unknown || self.foreign_may_call_back,
            // Parallel regions, thread counts and synchronization; the
            // queries (thread number, team size, clock) only by their uses.
            InstKind::Omp { call, .. } => !call.is_query(),
            InstKind::Libc { func, .. } => {
                func.is_terminating()
                    || func.has_hidden_state()
                    || (self.keep_output_calls && func.is_output_only())
            }
            _ => false,
        }
    }

    fn mark(&mut self, n: usize) {
        if !self.live[n] {
            self.live[n] = true;
            self.work.push(n);
        }
    }

    fn use_operand(&mut self, op: Operand) {
        if let Operand::Reg(r) = op {
            if let Some(d) = self.def.get(r as usize).copied().flatten() {
                self.mark(d);
            }
        }
    }

    /// Keeps every instruction that may write a site in `s`.
    fn demand_contents(&mut self, s: &Sites) {
        if s.is_empty() {
            return;
        }
        if !self.anywhere_read_done {
            self.anywhere_read_done = true;
            for n in std::mem::take(&mut self.writers_anywhere) {
                self.mark(n);
            }
        }
        for site in sites_of(s, self.read_done.len()) {
            if !std::mem::replace(&mut self.read_done[site], true) {
                for n in std::mem::take(&mut self.writers[site]) {
                    self.mark(n);
                }
            }
        }
    }

    /// Keeps every allocation and `free` of a site in `s`.
    fn demand_lifetime(&mut self, s: &Sites) {
        if s.is_empty() {
            return;
        }
        if !self.anywhere_life_done {
            self.anywhere_life_done = true;
            for n in std::mem::take(&mut self.lifetimes_anywhere) {
                self.mark(n);
            }
        }
        for site in sites_of(s, self.life_done.len()) {
            if !std::mem::replace(&mut self.life_done[site], true) {
                for n in std::mem::take(&mut self.lifetimes[site]) {
                    self.mark(n);
                }
            }
        }
    }
}

/// The explicit sites of `s`, or all `nsites` when it may be anything.
fn sites_of(s: &Sites, nsites: usize) -> Vec<usize> {
    if s.is_any() {
        (0..nsites).collect()
    } else {
        s.iter().map(|x| x as usize).collect()
    }
}

/// Files node `n` under each site of `s` (or under "anywhere").
fn index(by_site: &mut [Vec<usize>], anywhere: &mut Vec<usize>, s: &Sites, n: usize) {
    if s.is_any() {
        anywhere.push(n);
    } else {
        for site in s.iter() {
            by_site[site as usize].push(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime_model::model::{
        BinOp, CastOp, FuncId, IntPredicate, LibcFunc, Pointer, Terminator, Ty,
    };
    use runtime_model::mpi_api::MpiFunc;
    use runtime_model::testkit::{c, observable, r, run, size, FnBuilder, ModelBuilder};

    const WORLD: u64 = 0x4400_0000;
    const INT: u64 = 0x4c00_0405;
    const STATUS_IGNORE: u64 = 1;

    fn send(m: &mut FnBuilder, b: u32, buf: Operand, count: Operand) {
        m.mpi(
            b,
            MpiFunc::Send,
            &[buf, count, c(INT), c(0), c(0), c(WORLD)],
        );
    }

    fn recv(m: &mut FnBuilder, b: u32, buf: Operand, count: Operand) {
        m.mpi(
            b,
            MpiFunc::Recv,
            &[buf, count, c(INT), c(0), c(0), c(WORLD), c(STATUS_IGNORE)],
        );
    }

    /// Builds a one-function model with `body`, slices a copy and checks
    /// validity, that observable behavior (MPI calls and the memory they
    /// see, assertions, return value) is unchanged, and that registers are
    /// compact. Returns (before, after, counts).
    fn check(
        globals: &[(&str, Vec<u8>)],
        keep_output: bool,
        body: impl FnOnce(&mut FnBuilder, &[Operand]),
    ) -> (Model, Model, (u32, u32)) {
        let mut mb = ModelBuilder::new();
        let gs: Vec<Operand> = globals
            .iter()
            .map(|(n, init)| mb.global(n, init.clone()))
            .collect();
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        body(&mut m, &gs);
        let main = mb.add(m.finish());
        let before = mb.finish(main);
        let mut after = before.clone();
        let counts = slice(&mut after, keep_output);
        after.validate().unwrap();
        assert_eq!(counts.0 as usize, size(&after.functions[0]));
        assert_eq!((counts.0 + counts.1) as usize, size(&before.functions[0]));
        let (ev_before, ev_after) = (run(&before, &[]), run(&after, &[]));
        if keep_output {
            assert_eq!(ev_before, ev_after);
        } else {
            assert_eq!(observable(&ev_before), observable(&ev_after));
        }
        assert_compact(&after.functions[0]);
        (before, after, counts)
    }

    fn assert_compact(f: &Function) {
        let mut defs: Vec<u32> = (0..f.params.len() as u32).collect();
        for b in &f.blocks {
            defs.extend(b.phis.iter().map(|p| p.dst));
            defs.extend(b.insts.iter().filter_map(|i| i.kind.dst_and_operands().0));
        }
        defs.sort();
        assert_eq!(defs, (0..f.num_regs).collect::<Vec<_>>());
    }

    fn has(m: &Model, pred: impl Fn(&InstKind) -> bool) -> usize {
        m.functions[m.entry as usize]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| pred(&i.kind))
            .count()
    }

    fn stores_of(m: &Model, value: u64) -> usize {
        has(
            m,
            |k| matches!(k, InstKind::Store { value: v, .. } if *v == c(value)),
        )
    }

    fn is_printf(k: &InstKind) -> bool {
        matches!(
            k,
            InstKind::Libc {
                func: LibcFunc::Printf,
                ..
            }
        )
    }

    fn is_mul(k: &InstKind) -> bool {
        matches!(k, InstKind::Binary { op: BinOp::Mul, .. })
    }

    /// rank = comm_rank(); sq = rank * rank; printf(sq); send(count = rank + 1)
    fn printed_square(m: &mut FnBuilder, g: &[Operand]) {
        let p = m.alloca(0, 4);
        m.mpi(0, MpiFunc::CommRank, &[c(WORLD), p]);
        let rank = m.load(0, Ty::I32, p);
        let sq = m.bin(0, BinOp::Mul, rank, rank);
        m.libc(0, LibcFunc::Printf, &[(g[0], Ty::Ptr), (sq, Ty::I32)]);
        let n = m.bin(0, BinOp::Add, rank, c(1));
        send(m, 0, c(0), n);
        m.ret(0, Some(c(0)));
    }

    #[test]
    fn drops_printf_and_what_only_it_uses_but_keeps_mpi_arguments() {
        let fmt = ("fmt", b"%d\n\0\0\0\0\0".to_vec());
        let (_, after, counts) = check(&[fmt], false, printed_square);
        assert_eq!(counts, (5, 2));
        assert_eq!(has(&after, is_printf), 0);
        assert_eq!(has(&after, is_mul), 0, "the square is only printed");
        assert_eq!(
            has(&after, |k| matches!(
                k,
                InstKind::Binary { op: BinOp::Add, .. }
            )),
            1,
            "rank + 1 is the MPI count"
        );
        assert_eq!(has(&after, |k| matches!(k, InstKind::Load { .. })), 1);
    }

    #[test]
    fn keeps_an_unsupported_placeholder_and_the_condition_leading_to_it() {
        // rank = comm_rank(); *t = rank * 2; if (*t == 2) unsupported; else
        // return. Nothing else needs the multiplication or the memory: the
        // placeholder alone keeps them, as an assertion would.
        let (_, after, counts) = check(&[], false, |m, _| {
            let (bad, good) = (m.block(), m.block());
            let p = m.alloca(0, 4);
            m.mpi(0, MpiFunc::CommRank, &[c(WORLD), p]);
            let rank = m.load(0, Ty::I32, p);
            let twice = m.bin(0, BinOp::Mul, rank, c(2));
            let t = m.alloca(0, 4);
            m.store(0, Ty::I32, twice, t);
            let v = m.load(0, Ty::I32, t);
            let hit = m.icmp(0, IntPredicate::Eq, v, c(2));
            m.condbr(0, hit, bad, good);
            m.inst(
                bad,
                InstKind::Unsupported {
                    what: "unsupported call to strerror".into(),
                },
            );
            m.term(bad, Terminator::Unreachable);
            m.ret(good, Some(c(0)));
        });
        assert_eq!(
            has(&after, |k| matches!(k, InstKind::Unsupported { .. })),
            1
        );
        assert_eq!(has(&after, is_mul), 1);
        assert_eq!(counts, (9, 0));
        // (`check` ran both: each stops at the placeholder, rank being 1.)
        assert_eq!(
            run(&after, &[]).last().map(String::as_str),
            Some("unsupported call to strerror")
        );
    }

    /// Slices a model whose `main` calls functions without source (the
    /// reference interpreter cannot run those): the model after, and the
    /// callees it assumed to return.
    fn slice_foreign(body: impl FnOnce(&mut FnBuilder)) -> (Model, Vec<String>) {
        let mut mb = ModelBuilder::new();
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        body(&mut m);
        let main = mb.add(m.finish());
        let mut after = mb.finish(main);
        slice(&mut after, false);
        after.validate().unwrap();
        assert_compact(&after.functions[0]);
        let assumed = after
            .assumed_to_return
            .iter()
            .map(|a| a.callee.clone())
            .collect();
        (after, assumed)
    }

    fn is_foreign(k: &InstKind) -> bool {
        matches!(k, InstKind::Foreign { .. })
    }

    #[test]
    fn drops_a_foreign_call_nothing_depends_on_and_records_it() {
        // rank = comm_rank(); log_progress(rank); log_message(msg), where
        // msg is a local only log_message sees; send(count = rank + 1).
        let (after, assumed) = slice_foreign(|m| {
            let p = m.alloca(0, 4);
            m.mpi(0, MpiFunc::CommRank, &[c(WORLD), p]);
            let rank = m.load(0, Ty::I32, p);
            m.foreign(0, "log_progress", &[rank], true);
            let msg = m.alloca(0, 64);
            m.store(0, Ty::I32, rank, msg);
            m.foreign(0, "log_message", &[msg], false);
            let n = m.bin(0, BinOp::Add, rank, c(1));
            send(m, 0, c(0), n);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(has(&after, is_foreign), 0);
        assert_eq!(assumed, ["log_progress", "log_message"]);
    }

    #[test]
    fn keeps_a_foreign_call_whose_result_or_writes_reach_mpi() {
        // tag = next_tag(); fill(buf); send(buf, count = 4, tag): the result
        // is an MPI argument, and fill may write the payload.
        let (after, assumed) = slice_foreign(|m| {
            let tag = m.foreign(0, "next_tag", &[], true);
            let buf = m.alloca(0, 16);
            m.foreign(0, "fill", &[buf], false);
            m.mpi(0, MpiFunc::Send, &[buf, c(4), c(INT), c(0), tag, c(WORLD)]);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(has(&after, is_foreign), 2);
        assert!(assumed.is_empty());
    }

    #[test]
    fn keeps_every_foreign_call_once_the_program_takes_a_function_address() {
        // log_progress(); table = &helper: a library may call helper back.
        let mut mb = ModelBuilder::new();
        let mut h = FnBuilder::new("helper", &[], None);
        h.ret(0, None);
        let helper = mb.add(h.finish());
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        let slot = m.alloca(0, 8);
        m.store(0, Ty::Ptr, c(Pointer::function(helper)), slot);
        m.foreign(0, "log_progress", &[], false);
        m.ret(0, Some(c(0)));
        let main = mb.add(m.finish());
        let mut after = mb.finish(main);
        slice(&mut after, false);
        assert_eq!(has(&after, is_foreign), 1);
        assert!(after.assumed_to_return.is_empty());
    }

    #[test]
    fn keeps_a_foreign_call_that_may_write_a_global_the_program_reads() {
        // log_progress(); send(count = *g): another translation unit may
        // write the global g.
        let mut mb = ModelBuilder::new();
        let g = mb.global("g", vec![1, 0, 0, 0]);
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        m.foreign(0, "log_progress", &[], false);
        let n = m.load(0, Ty::I32, g);
        send(&mut m, 0, c(0), n);
        m.ret(0, Some(c(0)));
        let main = mb.add(m.finish());
        let mut after = mb.finish(main);
        slice(&mut after, false);
        assert_eq!(has(&after, is_foreign), 1);
        assert!(after.assumed_to_return.is_empty());
    }

    #[test]
    fn keeps_output_calls_and_their_arguments_when_asked() {
        let fmt = ("fmt", b"%d\n\0\0\0\0\0".to_vec());
        let (_, after, counts) = check(&[fmt], true, printed_square);
        assert_eq!(counts, (7, 0));
        assert_eq!(has(&after, is_printf), 1);
        assert_eq!(has(&after, is_mul), 1);
    }

    #[test]
    fn keeps_stores_to_a_buffer_sent_later() {
        let (_, after, counts) = check(&[], false, |m, _| {
            let buf = m.alloca(0, 16);
            let e1 = m.gep(0, buf, c(1), 4);
            m.store(0, Ty::I32, c(42), e1);
            let junk = m.alloca(0, 4);
            m.store(0, Ty::I32, c(5), junk);
            send(m, 0, buf, c(4));
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 42), 1);
        assert_eq!(stores_of(&after, 5), 0);
        assert_eq!(counts, (4, 2), "alloca, gep, store, send kept");
    }

    #[test]
    fn follows_pointers_stored_in_memory() {
        // a = alloca; box = alloca; *box = a; *a = 42; *other = 9;
        // q = *box; v = *q; send(count = v)
        let (_, after, _) = check(&[], false, |m, _| {
            let a = m.alloca(0, 4);
            let bx = m.alloca(0, 8);
            m.store(0, Ty::Ptr, a, bx);
            m.store(0, Ty::I32, c(42), a);
            let other = m.alloca(0, 4);
            m.store(0, Ty::I32, c(9), other);
            let q = m.load(0, Ty::Ptr, bx);
            let v = m.load(0, Ty::I32, q);
            send(m, 0, c(0), v);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 42), 1, "read through the stored pointer");
        assert_eq!(
            has(&after, |k| matches!(k, InstKind::Store { ty: Ty::Ptr, .. })),
            1
        );
        assert_eq!(stores_of(&after, 9), 0);
        assert_eq!(has(&after, |k| matches!(k, InstKind::Alloca { .. })), 2);
    }

    #[test]
    fn strtok_null_reads_the_string_an_earlier_call_was_given() {
        // buf = alloca; strtok(buf, ","); *buf = 9; t = strtok(NULL, ",");
        // send(count = t == 0): the store decides what the second call
        // finds, though that call is not given buf.
        let delim = ("delim", b",\0".to_vec());
        let (_, after, _) = check(&[delim], false, |m, g| {
            let buf = m.alloca(0, 8);
            m.libc(0, LibcFunc::Strtok, &[(buf, Ty::Ptr), (g[0], Ty::Ptr)]);
            m.store(0, Ty::I8, c(9), buf);
            let t = m.libc(0, LibcFunc::Strtok, &[(c(0), Ty::Ptr), (g[0], Ty::Ptr)]);
            let none = m.icmp(0, IntPredicate::Eq, t, c(0));
            send(m, 0, c(0), none);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 9), 1);
    }

    #[test]
    fn strtok_r_reads_the_string_its_save_pointer_holds() {
        // save = alloca; strtok_r(buf, ",", save); *buf = 9;
        // t = strtok_r(NULL, ",", save); send(count = t == 0)
        let delim = ("delim", b",\0".to_vec());
        let (_, after, _) = check(&[delim], false, |m, g| {
            let buf = m.alloca(0, 8);
            let save = m.alloca(0, 8);
            let args = |s| [(s, Ty::Ptr), (g[0], Ty::Ptr), (save, Ty::Ptr)];
            m.libc(0, LibcFunc::StrtokR, &args(buf));
            m.store(0, Ty::I8, c(9), buf);
            let t = m.libc(0, LibcFunc::StrtokR, &args(c(0)));
            let none = m.icmp(0, IntPredicate::Eq, t, c(0));
            send(m, 0, c(0), none);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 9), 1);
    }

    #[test]
    fn keeps_everything_an_assertion_depends_on() {
        let strs = ("msg", b"x == 3\0\0".to_vec());
        let (_, after, counts) = check(&[strs], false, |m, g| {
            let (fail, ok) = (m.block(), m.block());
            let x = m.alloca(0, 4);
            m.store(0, Ty::I32, c(3), x);
            let y = m.load(0, Ty::I32, x);
            let t = m.bin(0, BinOp::Add, y, c(0));
            let good = m.icmp(0, IntPredicate::Eq, t, c(3));
            m.condbr(0, good, ok, fail);
            m.libc(
                fail,
                LibcFunc::AssertFail,
                &[
                    (g[0], Ty::Ptr),
                    (g[0], Ty::Ptr),
                    (c(7), Ty::I32),
                    (g[0], Ty::Ptr),
                ],
            );
            m.term(fail, Terminator::Unreachable);
            m.libc(ok, LibcFunc::Printf, &[(g[0], Ty::Ptr)]);
            m.mpi(ok, MpiFunc::Finalize, &[]);
            m.ret(ok, Some(c(0)));
        });
        assert_eq!(counts, (7, 1), "only the printf goes");
        assert_eq!(stores_of(&after, 3), 1);
    }

    #[test]
    fn a_pointer_from_an_unknown_callee_may_alias_anything() {
        // Without inlining, p = ext() has unknown provenance: the store
        // through it may write the sent buffer.
        let mut mb = ModelBuilder::new();
        let mut ext = FnBuilder::new("ext", &[], Some(Ty::Ptr));
        ext.ret(0, Some(c(0)));
        let ext: FuncId = mb.add(ext.finish());
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        let buf = m.alloca(0, 4);
        m.store(0, Ty::I32, c(8), buf);
        let p = m.call(0, ext, &[], true);
        m.store(0, Ty::I32, c(1), p);
        let junk = m.alloca(0, 4);
        m.store(0, Ty::I32, c(2), junk);
        send(&mut m, 0, buf, c(1));
        m.ret(0, Some(c(0)));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        let (kept, removed) = slice(&mut model, false);
        model.validate().unwrap();
        assert_eq!((kept, removed), (7, 0));
        assert_eq!(stores_of(&model, 1), 1);
    }

    #[test]
    fn received_stack_addresses_may_alias_anything() {
        // Process A sends the address of its local x; B receives it and
        // stores through it; y is sent later. Allocation ids differ between
        // processes, so the store may hit y: it must stay.
        let (_, after, _) = check(&[], false, |m, _| {
            let x = m.alloca(0, 4);
            let bx = m.alloca(0, 8);
            m.store(0, Ty::Ptr, x, bx);
            send(m, 0, bx, c(2));
            let slot = m.alloca(0, 8);
            recv(m, 0, slot, c(2));
            let p = m.load(0, Ty::Ptr, slot);
            let is_null = m.icmp(0, IntPredicate::Eq, p, c(0x0707_0707_0707_0707));
            let (st, done) = (m.block(), m.block());
            // The interpreter receives 7s: never store through them.
            m.condbr(0, is_null, done, st);
            m.store(st, Ty::I32, c(1), p);
            m.br(st, done);
            let y = m.alloca(done, 4);
            m.store(done, Ty::I32, c(6), y);
            send(m, done, y, c(1));
            m.ret(done, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 1), 1);
    }

    #[test]
    fn received_global_addresses_stay_precise() {
        // Only a global's address (the same in every process) is sent, and an
        // integer array whose bytes look like the address of global 0: the
        // store through the received pointer can only hit that global,
        // which nothing kept reads.
        let g0 = ("g0", vec![0; 8]);
        let ints = (
            "ints",
            [0u32, 1].iter().flat_map(|v| v.to_le_bytes()).collect(),
        );
        let (_, after, _) = check(&[g0, ints], false, |m, g| {
            let bx = m.alloca(0, 8);
            m.store(0, Ty::Ptr, g[0], bx);
            send(m, 0, bx, c(2));
            send(m, 0, g[1], c(2));
            let slot = m.alloca(0, 8);
            recv(m, 0, slot, c(2));
            let p = m.load(0, Ty::Ptr, slot);
            let is_junk = m.icmp(0, IntPredicate::Eq, p, c(0x0707_0707_0707_0707));
            let (st, done) = (m.block(), m.block());
            m.condbr(0, is_junk, done, st);
            m.store(st, Ty::I32, c(1), p);
            m.br(st, done);
            let y = m.alloca(done, 4);
            m.store(done, Ty::I32, c(6), y);
            send(m, done, y, c(1));
            m.ret(done, Some(c(0)));
        });
        // The store through the received pointer stays because it may fault
        // (an unknown pointer), not because anything reads what it writes.
        assert_eq!(stores_of(&after, 1), 1);
        assert_eq!(stores_of(&after, 6), 1);
    }

    #[test]
    fn integer_constants_cast_to_pointers_alias_nothing() {
        // MPI_STATUS_IGNORE (1) is written by MPI_Recv, and a store goes
        // through (int*)16: neither makes unrelated memory relevant.
        let (_, after, _) = check(&[], false, |m, _| {
            let z = m.alloca(0, 4);
            m.store(0, Ty::I32, c(3), z);
            let buf = m.alloca(0, 4);
            recv(m, 0, buf, c(1));
            let v = m.load(0, Ty::I32, buf);
            let (st, done) = (m.block(), m.block());
            let never = m.icmp(0, IntPredicate::Eq, v, c(0));
            m.condbr(0, never, st, done);
            let p = m.cast(st, CastOp::IntToPtr, Ty::I64, Ty::Ptr, c(16));
            m.store(st, Ty::I32, c(4), p);
            m.br(st, done);
            send(m, done, c(0), v);
            m.ret(done, Some(c(0)));
        });
        // The store through (int*)16 faults if reached: it stays, and keeps
        // nothing else alive.
        assert_eq!(stores_of(&after, 3), 0);
        assert_eq!(stores_of(&after, 4), 1);
    }

    #[test]
    fn accesses_to_buffers_of_pending_operations_are_kept() {
        // Touching a receive buffer before the wait is an error the checker
        // reports (Palmer et al. 2007, §3.1): the store and the load stay although
        // nothing reads them.
        let (_, after, _) = check(&[], false, |m, _| {
            let buf = m.alloca(0, 4);
            let req = m.alloca(0, 4);
            m.mpi(
                0,
                MpiFunc::Irecv,
                &[buf, c(1), c(INT), c(0), c(0), c(WORLD), req],
            );
            m.store(0, Ty::I32, c(5), buf);
            m.load(0, Ty::I32, buf);
            let other = m.alloca(0, 4);
            m.store(0, Ty::I32, c(6), other);
            m.mpi(0, MpiFunc::Wait, &[req, c(STATUS_IGNORE)]);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 5), 1);
        assert_eq!(has(&after, |k| matches!(k, InstKind::Load { .. })), 1);
        assert_eq!(stores_of(&after, 6), 0);
    }

    #[test]
    fn heap_buffers_keep_their_allocation_and_free() {
        let (_, after, counts) = check(&[], false, |m, _| {
            let h = m.libc(0, LibcFunc::Malloc, &[(c(16), Ty::I64)]);
            m.store(0, Ty::I32, c(3), h);
            send(m, 0, h, c(4));
            m.libc(0, LibcFunc::Free, &[(h, Ty::Ptr)]);
            let t = m.libc(0, LibcFunc::Malloc, &[(c(8), Ty::I64)]);
            m.store(0, Ty::I32, c(4), t);
            m.libc(0, LibcFunc::Free, &[(t, Ty::Ptr)]);
            m.ret(0, Some(c(0)));
        });
        // Both frees stay (a free may fault: a double or invalid free), with
        // the allocations they free; the in-bounds store into the unsent
        // block goes.
        assert_eq!(counts, (6, 1));
        assert_eq!(
            has(&after, |k| matches!(
                k,
                InstKind::Libc {
                    func: LibcFunc::Free,
                    ..
                }
            )),
            2
        );
        assert_eq!(stores_of(&after, 3), 1);
        assert_eq!(stores_of(&after, 4), 0);
    }

    #[test]
    fn memcpy_carries_contents_and_pointers() {
        // src holds &a; memcpy(dst, src); p = *dst; *p = 42 feeds the count.
        let (_, after, _) = check(&[], false, |m, _| {
            let a = m.alloca(0, 4);
            let src = m.alloca(0, 8);
            let dst = m.alloca(0, 8);
            m.store(0, Ty::Ptr, a, src);
            m.libc(
                0,
                LibcFunc::Memcpy,
                &[(dst, Ty::Ptr), (src, Ty::Ptr), (c(8), Ty::I64)],
            );
            m.store(0, Ty::I32, c(42), a);
            let p = m.load(0, Ty::Ptr, dst);
            let v = m.load(0, Ty::I32, p);
            send(m, 0, c(0), v);
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 42), 1);
        assert_eq!(
            has(&after, |k| matches!(
                k,
                InstKind::Libc {
                    func: LibcFunc::Memcpy,
                    ..
                }
            )),
            1
        );
    }

    #[test]
    fn addresses_flow_through_integer_arithmetic() {
        // r = a + ((intptr)b - (intptr)a) is b: the store through r writes
        // the sent buffer b.
        let (_, after, _) = check(&[], false, |m, _| {
            let a = m.alloca(0, 4);
            let b = m.alloca(0, 4);
            let ib = m.cast(0, CastOp::PtrToInt, Ty::Ptr, Ty::I64, b);
            let ia = m.cast(0, CastOp::PtrToInt, Ty::Ptr, Ty::I64, a);
            let d = m.bin(0, BinOp::Sub, ib, ia);
            let p = m.inst_gep64(0, a, d);
            m.store(0, Ty::I32, c(9), p);
            send(m, 0, b, c(1));
            m.ret(0, Some(c(0)));
        });
        assert_eq!(stores_of(&after, 9), 1);
    }

    #[test]
    fn divisions_that_may_trap_stay_and_safe_ones_go() {
        // A division by zero stops the process even when its result
        // influences nothing: it stays. Dividing by a constant other than
        // 0 and -1 cannot trap: unused, it goes.
        let mut mb = ModelBuilder::new();
        let mut m = FnBuilder::new("main", &[Ty::I32], Some(Ty::I32));
        m.bin(0, BinOp::SDiv, c(10), r(0));
        m.bin(0, BinOp::SDiv, r(0), c(7));
        m.bin(0, BinOp::SRem, r(0), c(0xFFFF_FFFF));
        m.mpi(0, MpiFunc::Finalize, &[]);
        m.ret(0, Some(c(0)));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(run(&model, &[0]), ["division by zero"]);
        assert_eq!(slice(&mut model, false), (3, 1));
        assert_eq!(run(&model, &[0]), ["division by zero"]);
        assert_eq!(run(&model, &[5]).last().unwrap(), "return Some(0)");
    }

    #[test]
    fn loops_and_phis_survive_when_they_feed_mpi() {
        // for (i = 0, s = 0, j = 0; i < 4; i++) {
        //     buf[i] = i * 2; *scratch = i * 2; s += i; j ^= i;
        // }
        // send(buf, count = s)
        let (_, after, counts) = check(&[], false, |m, _| {
            let (head, body, exit) = (m.block(), m.block(), m.block());
            let buf = m.alloca(0, 16);
            let scratch = m.alloca(0, 4);
            m.br(0, head);
            let i = m.phi(head, &[(0, c(0))]);
            let s = m.phi(head, &[(0, c(0))]);
            let junk = m.phi(head, &[(0, c(0))]);
            let more = m.icmp(head, IntPredicate::Slt, i, c(4));
            m.condbr(head, more, body, exit);
            let v = m.bin(body, BinOp::Mul, i, c(2));
            let at = m.gep(body, buf, i, 4);
            m.store(body, Ty::I32, v, at);
            m.store(body, Ty::I32, v, scratch);
            let s2 = m.bin(body, BinOp::Add, s, i);
            let i2 = m.bin(body, BinOp::Add, i, c(1));
            let junk2 = m.bin(body, BinOp::Xor, junk, i);
            m.br(body, head);
            m.phi_input(head, i, body, i2);
            m.phi_input(head, s, body, s2);
            m.phi_input(head, junk, body, junk2);
            send(m, exit, buf, s);
            m.ret(exit, Some(c(0)));
        });
        // Removed: scratch's alloca and store, the junk phi and its xor.
        assert_eq!(counts, (10, 4));
        assert_eq!(after.functions[0].blocks[1].phis.len(), 2);
        assert_eq!(
            has(&after, |k| matches!(
                k,
                InstKind::Binary { op: BinOp::Xor, .. }
            )),
            0
        );
    }

    #[test]
    fn sites_union_and_intersection() {
        use crate::passes::points_to::Sites;
        let mut a = Sites::one(3);
        assert!(a.union_with(&Sites::one(1)));
        assert!(!a.union_with(&Sites::one(3)));
        assert_eq!(a.iter().collect::<Vec<_>>(), [1, 3]);
        assert!(a.intersects(&Sites::one(1)));
        assert!(!a.intersects(&Sites::one(2)));
        assert!(!a.intersects(&Sites::none()));
        assert!(a.intersects(&Sites::anything()));
        assert!(!Sites::anything().intersects(&Sites::none()));
        assert!(a.union_with(&Sites::anything()));
        assert!(a.is_any() && !a.union_with(&Sites::one(9)));
    }

    #[test]
    fn global_initializers_point_to_globals() {
        // g1 = { &g0 }: a load of *g1 points to g0, so the store to g0 stays.
        let mut mb = ModelBuilder::new();
        let g0 = mb.global("g0", vec![0; 4]);
        let Operand::Const(g0_addr) = g0 else {
            unreachable!()
        };
        let g1 = mb.global("g1", g0_addr.to_le_bytes().to_vec());
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        m.store(0, Ty::I32, c(11), g0);
        let p = m.load(0, Ty::Ptr, g1);
        let v = m.load(0, Ty::I32, p);
        send(&mut m, 0, c(0), v);
        m.ret(0, Some(c(0)));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(slice(&mut model, false), (4, 0));
        assert_eq!(Pointer::decode(g0_addr).alloc, 1);
    }
}
