//! Inlining of user functions into the entry function (Li et al. 2011, §5,
//! "Simplification" (i): inline all user defined functions). Functions on a
//! cycle of the call graph (recursion, direct or mutual) cannot be inlined:
//! they stay functions of the model, the calls to them stay `Call`s, and the
//! checker runs them on a real call stack (`Process::frames`), as it runs the
//! functions the MPI library calls back (user reduction operators).
//!
//! Every other `Call` in the entry function is replaced by a copy of the callee's
//! blocks: the calling block is split at the call, the callee's `Ret`s become
//! branches to the continuation block, and the return value reaches the call's
//! destination register through a phi there. Inlined code is inlined again
//! until no inlinable call is left, which terminates because the functions
//! inlined form an acyclic call graph. Source positions of inlined instructions get an `inlined_at` chain
//! (innermost first) ending at the call site in `main`, so traces can show the
//! user the whole call stack.

use super::{cfg, ir, prune};
use crate::error::ExtractError;
use runtime_model::model::{
    Block, BlockId, FuncId, Function, InstKind, LocId, Location, Model, Operand, Phi, Reg,
    Terminator,
};
use std::collections::HashMap;

/// Upper bound on the entry function's size while inlining: call trees that
/// fan out (each level calling the next twice) grow exponentially, and a
/// model this large could not be explored anyway.
const MAX_INLINED_SIZE: usize = 2_000_000;

/// Inlines every user-function call into the entry function; returns the
/// number of call sites inlined. Afterwards the functions nobody references
/// any more are dropped and the others renumbered.
pub fn inline_into_entry(model: &mut Model) -> Result<u32, ExtractError> {
    inline_within(model, MAX_INLINED_SIZE)
}

fn inline_within(model: &mut Model, max_size: usize) -> Result<u32, ExtractError> {
    let recursive = recursive_functions(model);
    mismatched_calls_become_placeholders(model);
    let entry = model.entry as usize;
    let Model {
        functions,
        locations,
        files,
        ..
    } = model;
    // Work on the entry's blocks outside the function table so callees can be
    // read while main grows (main is never inlined: a call to it is recursion).
    let mut blocks = std::mem::take(&mut functions[entry].blocks);
    let mut num_regs = functions[entry].num_regs;
    let mut locs = LocInterner::new(locations);
    let mut budget = max_size.saturating_sub(blocks.iter().map(block_size).sum());
    let mut inlined = 0;
    let mut b = 0;
    let result = loop {
        if b >= blocks.len() {
            break Ok(());
        }
        let call = blocks[b].insts.iter().position(|i| {
            matches!(i.kind, InstKind::Call { func, .. }
                if !recursive.get(func as usize).copied().unwrap_or(true))
        });
        if let Some(i) = call {
            if let Some(what) = arity_mismatch(&blocks[b].insts[i].kind, functions) {
                // Not inlinable: the call becomes a placeholder, and the
                // block is scanned again for the calls after it.
                blocks[b].insts[i].kind = InstKind::Unsupported { what };
                continue;
            }
            // The block now ends at the call; what followed moved to a new
            // block at the end, which the loop reaches later.
            let mut site = CallSite {
                blocks: &mut blocks,
                num_regs: &mut num_regs,
                locs: &mut locs,
                files,
                budget: &mut budget,
            };
            if let Err(e) = site.inline(b, i, functions) {
                break Err(e);
            }
            inlined += 1;
        }
        b += 1;
    };
    let main = &mut functions[entry];
    main.blocks = blocks;
    main.num_regs = num_regs;
    result?;
    cfg::remove_unreachable_blocks(main);
    cfg::compact_registers(main);
    prune::drop_unreferenced_functions(model);
    Ok(inlined)
}

fn block_size(b: &Block) -> usize {
    b.phis.len() + b.insts.len()
}

/// `file:line` of a location, as user-facing errors name call sites.
fn file_line(model_files: &[String], locations: &[Location], loc: LocId) -> String {
    match locations.get(loc as usize) {
        Some(l) => format!(
            "{}:{}",
            model_files
                .get(l.file as usize)
                .map(String::as_str)
                .unwrap_or("?"),
            l.line
        ),
        None => String::new(),
    }
}

/// Why a call cannot be inlined because its argument count differs from the
/// callee's parameter count (a variadic user function), if it does.
fn arity_mismatch(kind: &InstKind, functions: &[Function]) -> Option<String> {
    let InstKind::Call { func, args, .. } = kind else {
        return None;
    };
    let callee = functions.get(*func as usize)?;
    (args.len() != callee.params.len()).then(|| {
        format!(
            "unsupported: call to {} with {} arguments for {} parameters (variadic user functions are not supported)",
            callee.name,
            args.len(),
            callee.params.len()
        )
    })
}

/// Every call whose argument count differs from its callee's parameter
/// count, in any function, becomes a placeholder: neither inlining nor the
/// checker's call stack can bind its arguments (see `arity_mismatch`).
fn mismatched_calls_become_placeholders(model: &mut Model) {
    let mut found = Vec::new();
    for (f, func) in model.functions.iter().enumerate() {
        for (b, block) in func.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if let Some(what) = arity_mismatch(&inst.kind, &model.functions) {
                    found.push((f, b, i, what));
                }
            }
        }
    }
    for (f, b, i, what) in found {
        model.functions[f].blocks[b].insts[i].kind = InstKind::Unsupported { what };
    }
}

/// The functions on a cycle of the call graph: those a call chain leads back
/// to (each strongly connected component with more than one function, and
/// the functions calling themselves). Inlining them would not terminate, so
/// they stay functions of the model; a call to one stays a `Call`.
fn recursive_functions(model: &Model) -> Vec<bool> {
    let n = model.functions.len();
    let mut graph = petgraph::graph::DiGraph::<(), ()>::with_capacity(n, 0);
    for _ in 0..n {
        graph.add_node(());
    }
    let mut recursive = vec![false; n];
    for (f, func) in model.functions.iter().enumerate() {
        for (g, _, _) in call_sites(func) {
            if (g as usize) < n {
                graph.add_edge((f as u32).into(), g.into(), ());
                if g as usize == f {
                    recursive[f] = true;
                }
            }
        }
    }
    for scc in petgraph::algo::tarjan_scc(&graph) {
        if scc.len() > 1 {
            for f in scc {
                recursive[f.index()] = true;
            }
        }
    }
    // A function that calls setjmp keeps its own frame: a longjmp may
    // return to it only while it runs (C11 §7.13.2.1p2), which the checker
    // tells by its frame.
    for (f, func) in model.functions.iter().enumerate() {
        let calls_setjmp = func.blocks.iter().flat_map(|b| &b.insts).any(|i| {
            matches!(
                i.kind,
                InstKind::Libc {
                    func: runtime_model::model::LibcFunc::Setjmp,
                    ..
                }
            )
        });
        if calls_setjmp {
            recursive[f] = true;
        }
    }
    recursive
}

/// A call instruction: (callee, block index, instruction index).
type CallSiteRef = (FuncId, usize, usize);

/// The calls of a function, in block order.
fn call_sites(f: &Function) -> Vec<CallSiteRef> {
    let mut out = Vec::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            if let InstKind::Call { func, .. } = inst.kind {
                out.push((func, b, i));
            }
        }
    }
    out
}

/// The location table with deduplication: identical entries share one id.
struct LocInterner<'m> {
    table: &'m mut Vec<Location>,
    index: HashMap<Location, LocId>,
}

impl<'m> LocInterner<'m> {
    fn new(table: &'m mut Vec<Location>) -> Self {
        let mut index = HashMap::new();
        for (i, l) in table.iter().enumerate() {
            index.entry(l.clone()).or_insert(i as LocId);
        }
        LocInterner { table, index }
    }

    fn intern(&mut self, l: Location) -> LocId {
        if let Some(id) = self.index.get(&l) {
            return *id;
        }
        let id = self.table.len() as LocId;
        self.table.push(l.clone());
        self.index.insert(l, id);
        id
    }

    /// The location of callee position `loc` once inlined at `site`: the same
    /// position whose outermost `inlined_at` link now continues at `site`.
    /// `memo` caches the answers for one call site.
    fn rebase(&mut self, loc: LocId, site: LocId, memo: &mut HashMap<LocId, LocId>) -> LocId {
        if let Some(r) = memo.get(&loc) {
            return *r;
        }
        let Some(l) = self.table.get(loc as usize).cloned() else {
            return site;
        };
        let parent = match l.inlined_at {
            None => site,
            Some(p) => self.rebase(p, site, memo),
        };
        let r = self.intern(Location {
            inlined_at: Some(parent),
            ..l
        });
        memo.insert(loc, r);
        r
    }
}

/// The state one inlining step needs.
struct CallSite<'a, 'm> {
    blocks: &'a mut Vec<Block>,
    num_regs: &'a mut Reg,
    locs: &'a mut LocInterner<'m>,
    files: &'a [String],
    /// Instructions and phis the entry function may still grow by.
    budget: &'a mut usize,
}

impl CallSite<'_, '_> {
    /// Replaces the call `blocks[b].insts[i]` with a copy of its callee.
    fn inline(&mut self, b: usize, i: usize, functions: &[Function]) -> Result<(), ExtractError> {
        let mut tail = self.blocks[b].insts.split_off(i);
        let call = tail.remove(0);
        let InstKind::Call { dst, func, args } = call.kind else {
            unreachable!("inline() is called on a Call instruction");
        };
        let callee = &functions[func as usize];
        let nparams = callee.params.len();
        if args.len() != nparams {
            // `arity_mismatch` turned such calls into placeholders.
            return Err(ExtractError::Internal(format!(
                "inlining a call to {} with {} arguments for {nparams} parameters",
                callee.name,
                args.len()
            )));
        }
        let size: usize = callee.blocks.iter().map(block_size).sum::<usize>() + 1;
        if size > *self.budget {
            return Err(ExtractError::unsupported(
                file_line(self.files, self.locs.table, call.loc),
                "inlining user functions makes main too large (call trees that fan out grow exponentially)",
            ));
        }
        *self.budget -= size;
        if !callee.blocks[0].phis.is_empty() {
            return Err(ExtractError::Internal(format!(
                "entry block of {} has phis",
                callee.name
            )));
        }

        // Callee block k becomes block `first + k`; the continuation follows.
        let first = self.blocks.len() as BlockId;
        let cont = first + callee.blocks.len() as BlockId;
        let rename = Renaming {
            args: &args,
            reg_base: *self.num_regs,
        };
        *self.num_regs += callee.num_regs.saturating_sub(nparams as Reg);
        let mut memo = HashMap::new();
        let mut returns: Vec<(BlockId, Option<Operand>)> = Vec::new();
        for (k, cb) in callee.blocks.iter().enumerate() {
            let mut nb = cb.clone();
            for phi in &mut nb.phis {
                phi.dst = rename.dst(phi.dst, &callee.name)?;
                for (p, v) in &mut phi.incoming {
                    *p += first;
                    *v = rename.operand(*v);
                }
            }
            for inst in &mut nb.insts {
                if let Some(d) = ir::dst_mut(&mut inst.kind) {
                    *d = rename.dst(*d, &callee.name)?;
                }
                for op in ir::operands_mut(&mut inst.kind) {
                    *op = rename.operand(*op);
                }
                inst.loc = self.locs.rebase(inst.loc, call.loc, &mut memo);
            }
            if let Terminator::Ret { value } = nb.term {
                returns.push((first + k as BlockId, value.map(|v| rename.operand(v))));
                nb.term = Terminator::Br { target: cont };
            } else {
                for s in ir::successors_mut(&mut nb.term) {
                    *s += first;
                }
                if let Some(op) = ir::term_operand_mut(&mut nb.term) {
                    *op = rename.operand(*op);
                }
            }
            nb.term_loc = self.locs.rebase(nb.term_loc, call.loc, &mut memo);
            self.blocks.push(nb);
        }

        // The continuation: the rest of the calling block, entered from every
        // callee return, with the return value merged by a phi.
        let mut phis = Vec::new();
        if let (Some(d), false) = (dst, returns.is_empty()) {
            let ty = callee.ret.ok_or_else(|| {
                ExtractError::Internal(format!(
                    "{} returns no value but its result is used",
                    callee.name
                ))
            })?;
            let incoming = returns
                .iter()
                .map(|(rb, v)| {
                    v.map(|v| (*rb, v)).ok_or_else(|| {
                        ExtractError::Internal(format!("{} returns without a value", callee.name))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            phis.push(Phi {
                dst: d,
                ty,
                incoming,
            });
        }
        let caller = &mut self.blocks[b];
        let term = std::mem::replace(&mut caller.term, Terminator::Br { target: first });
        let term_loc = std::mem::replace(&mut caller.term_loc, call.loc);
        // Successors of the old terminator are now entered from the
        // continuation: their phis must name it as the predecessor.
        for s in term.successors() {
            for phi in &mut self.blocks[s as usize].phis {
                for (p, _) in &mut phi.incoming {
                    if *p as usize == b {
                        *p = cont;
                    }
                }
            }
        }
        self.blocks.push(Block {
            phis,
            insts: tail,
            term,
            term_loc,
        });
        Ok(())
    }
}

/// Maps callee registers and blocks into the caller: parameters become the
/// call's argument operands (substituted directly, no copies), other
/// registers are shifted above the caller's. (Blocks are shifted by the
/// caller of `inline`.)
struct Renaming<'a> {
    args: &'a [Operand],
    reg_base: Reg,
}

impl Renaming<'_> {
    fn operand(&self, o: Operand) -> Operand {
        match o {
            Operand::Reg(r) if (r as usize) < self.args.len() => self.args[r as usize],
            Operand::Reg(r) => Operand::Reg(self.reg_base + r - self.args.len() as Reg),
            c => c,
        }
    }

    fn dst(&self, r: Reg, callee: &str) -> Result<Reg, ExtractError> {
        if (r as usize) < self.args.len() {
            return Err(ExtractError::Internal(format!(
                "{callee} assigns its parameter register {r}"
            )));
        }
        Ok(self.reg_base + r - self.args.len() as Reg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime_model::model::{BinOp, IntPredicate, LibcFunc, Pointer, Ty};
    use runtime_model::testkit::{c, r, run, FnBuilder, ModelBuilder};

    /// g(x) = x * 3 (one return); f(a) = g(a) > 10 ? g(a) - 10 : g(a) + 100
    /// (two returns); main sums f(0..3) in a loop whose header phis have the
    /// calling block as predecessor, then adds f(4).
    fn chain(mb: &mut ModelBuilder) -> (FuncId, [LocId; 4]) {
        let lg = mb.loc(3, 12, "g");
        let lf = mb.loc(6, 13, "f");
        let lm1 = mb.loc(12, 16, "main");
        let lm2 = mb.loc(15, 13, "main");

        let mut g = FnBuilder::new("g", &[Ty::I32], Some(Ty::I32));
        g.at(lg);
        let v = g.bin(0, BinOp::Mul, r(0), c(3));
        g.ret(0, Some(v));
        let g = mb.add(g.finish());

        let mut f = FnBuilder::new("f", &[Ty::I32], Some(Ty::I32));
        let (hi, lo) = (f.block(), f.block());
        f.at(lf);
        let t = f.call(0, g, &[r(0)], true);
        let big = f.icmp(0, IntPredicate::Sgt, t, c(10));
        f.condbr(0, big, hi, lo);
        let a = f.bin(hi, BinOp::Sub, t, c(10));
        f.ret(hi, Some(a));
        let b = f.bin(lo, BinOp::Add, t, c(100));
        f.ret(lo, Some(b));
        let f = mb.add(f.finish());

        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        let (head, body, exit) = (m.block(), m.block(), m.block());
        m.br(0, head);
        // Phi inputs from `body` are filled in once body's registers exist.
        let i = m.phi(head, &[(0, c(0))]);
        let acc = m.phi(head, &[(0, c(0))]);
        let more = m.icmp(head, IntPredicate::Slt, i, c(3));
        m.condbr(head, more, body, exit);
        m.at(lm1);
        let v = m.call(body, f, &[i], true);
        let acc2 = m.bin(body, BinOp::Add, acc, v);
        let i2 = m.bin(body, BinOp::Add, i, c(1));
        m.br(body, head);
        m.at(lm2);
        let z = m.call(exit, f, &[c(4)], true);
        let total = m.bin(exit, BinOp::Add, acc, z);
        m.ret(exit, Some(total));
        let mut main = m.finish();
        main.blocks[head as usize].phis[0].incoming.push((body, i2));
        main.blocks[head as usize].phis[1]
            .incoming
            .push((body, acc2));
        (mb.add(main), [lg, lf, lm1, lm2])
    }

    fn calls_left(m: &Model) -> usize {
        m.functions
            .iter()
            .flat_map(|f| &f.blocks)
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(i.kind, InstKind::Call { .. }))
            .count()
    }

    #[test]
    fn inlines_a_two_level_chain_with_returns_and_phis() {
        let mut mb = ModelBuilder::new();
        let (main, _) = chain(&mut mb);
        let mut model = mb.finish(main);
        assert_eq!(run(&model, &[]), ["return Some(311)"]);

        // main's two calls of f, and g inside each copy of f.
        assert_eq!(inline_into_entry(&mut model), Ok(4));
        model.validate().unwrap();
        assert_eq!(calls_left(&model), 0);
        assert_eq!(model.functions.len(), 1, "f and g are no longer referenced");
        assert_eq!(model.entry, 0);
        assert_eq!(model.functions[0].name, "main");
        assert_eq!(run(&model, &[]), ["return Some(311)"]);
    }

    #[test]
    fn inlined_positions_chain_to_the_call_site_in_main() {
        let mut mb = ModelBuilder::new();
        let (main, [lg, lf, lm1, _]) = chain(&mut mb);
        let mut model = mb.finish(main);
        inline_into_entry(&mut model).unwrap();

        let locs = &model.locations;
        let chain_of = |mut l: LocId| {
            let mut out = Vec::new();
            loop {
                let loc = &locs[l as usize];
                out.push((loc.line, loc.function.clone().unwrap_or_default()));
                match loc.inlined_at {
                    Some(p) => l = p,
                    None => return out,
                }
            }
        };
        let muls: Vec<LocId> = model.functions[0]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| matches!(i.kind, InstKind::Binary { op: BinOp::Mul, .. }))
            .map(|i| i.loc)
            .collect();
        assert_eq!(muls.len(), 2, "g's multiplication, once per inlined f");
        let line = |l: LocId| locs[l as usize].line;
        assert_eq!(
            chain_of(muls[0]),
            [
                (line(lg), "g".to_string()),
                (line(lf), "f".to_string()),
                (line(lm1), "main".to_string())
            ]
        );
        assert_eq!(chain_of(muls[1])[2].0, 15, "second copy: called at line 15");
        // Deduplicated: no location entry appears twice.
        for (i, a) in locs.iter().enumerate() {
            assert!(!locs[..i].contains(a), "duplicate location {a:?}");
        }
        // Both instructions of f's copy at line 12 share one entry.
        let f_locs: std::collections::HashSet<LocId> = model.functions[0]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter(|i| {
                let l = &locs[i.loc as usize];
                l.line == line(lf) && l.inlined_at == Some(lm1)
            })
            .map(|i| i.loc)
            .collect();
        assert_eq!(f_locs.len(), 1);
    }

    #[test]
    fn already_inlined_callee_positions_are_chained() {
        // The lifter may already have positions inlined by clang
        // (always_inline): h's instruction at 20 inlined at 21 inside f.
        let mut mb = ModelBuilder::new();
        let l21 = mb.loc(21, 1, "f");
        let l20 = mb.loc(20, 1, "h");
        mb.model.locations[l20 as usize].inlined_at = Some(l21);
        let lcall = mb.loc(30, 5, "main");
        let mut f = FnBuilder::new("f", &[], Some(Ty::I32));
        f.at(l20);
        let v = f.bin(0, BinOp::Add, c(1), c(2));
        f.ret(0, Some(v));
        let f = mb.add(f.finish());
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        m.at(lcall);
        let v = m.call(0, f, &[], true);
        m.ret(0, Some(v));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        inline_into_entry(&mut model).unwrap();
        let add = &model.functions[0]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .next()
            .unwrap();
        let l = &model.locations[add.loc as usize];
        assert_eq!(l.line, 20);
        let p = &model.locations[l.inlined_at.unwrap() as usize];
        assert_eq!((p.line, p.inlined_at), (21, Some(lcall)));
    }

    #[test]
    fn mutual_recursion_stays_calls_the_checker_runs_on_a_stack() {
        // even(n) = n == 0 ? 1 : odd(n - 1); odd(n) = n == 0 ? 0 : even(n - 1)
        let mut mb = ModelBuilder::new();
        let (even, odd) = (mb.reserve("even"), mb.reserve("odd"));
        for (me, other, base) in [(even, odd, 1), (odd, even, 0)] {
            let mut fb = FnBuilder::new(
                if me == even { "even" } else { "odd" },
                &[Ty::I32],
                Some(Ty::I32),
            );
            let (zero, rec) = (fb.block(), fb.block());
            let is0 = fb.icmp(0, IntPredicate::Eq, r(0), c(0));
            fb.condbr(0, is0, zero, rec);
            fb.ret(zero, Some(c(base)));
            let m1 = fb.bin(rec, BinOp::Sub, r(0), c(1));
            let v = fb.call(rec, other, &[m1], true);
            fb.ret(rec, Some(v));
            mb.set(me, fb.finish());
        }
        let mut m = FnBuilder::new("main", &[Ty::I32], Some(Ty::I32));
        let v = m.call(0, even, &[r(0)], true);
        m.ret(0, Some(v));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        // Neither is inlined; main keeps its call and both stay.
        assert_eq!(inline_into_entry(&mut model).unwrap(), 0);
        assert_eq!(model.functions.len(), 3);
        assert!(placeholders(&model).is_empty());
        model.validate().unwrap();
        assert_eq!(run(&model, &[7]), ["return Some(0)"]);
        assert_eq!(run(&model, &[10]), ["return Some(1)"]);
    }

    #[test]
    fn helpers_of_main_are_inlined_around_a_recursive_call() {
        // main calls helper, which calls the self-recursive down(n).
        let mut mb = ModelBuilder::new();
        let down = mb.reserve("down");
        let mut fb = FnBuilder::new("down", &[Ty::I32], Some(Ty::I32));
        let (done, rec) = (fb.block(), fb.block());
        let is0 = fb.icmp(0, IntPredicate::Eq, r(0), c(0));
        fb.condbr(0, is0, done, rec);
        fb.ret(done, Some(c(100)));
        let m1 = fb.bin(rec, BinOp::Sub, r(0), c(1));
        let v = fb.call(rec, down, &[m1], true);
        let v1 = fb.bin(rec, BinOp::Add, v, c(1));
        fb.ret(rec, Some(v1));
        mb.set(down, fb.finish());
        let mut hb = FnBuilder::new("helper", &[], Some(Ty::I32));
        let v = hb.call(0, down, &[c(5)], true);
        hb.ret(0, Some(v));
        let helper = mb.add(hb.finish());
        let mut m = FnBuilder::new("main", &[], Some(Ty::I32));
        let v = m.call(0, helper, &[], true);
        m.ret(0, Some(v));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(inline_into_entry(&mut model).unwrap(), 1);
        // helper was inlined and dropped; down stays, called from main.
        let names: Vec<&str> = model.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["down", "main"]);
        model.validate().unwrap();
        assert_eq!(run(&model, &[]), ["return Some(105)"]);
    }

    /// The placeholders of the entry function with the innermost position of
    /// each (the callee location before inlining).
    fn placeholders(model: &Model) -> Vec<(String, LocId)> {
        let innermost = |loc: LocId| {
            let l = &model.locations[loc as usize];
            model
                .locations
                .iter()
                .position(|k| k.line == l.line && k.column == l.column && k.inlined_at.is_none())
                .map_or(loc, |k| k as LocId)
        };
        model.functions[model.entry as usize]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match &i.kind {
                InstKind::Unsupported { what } => Some((what.clone(), innermost(i.loc))),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn recursion_not_reachable_from_main_is_not_an_error() {
        let mut mb = ModelBuilder::new();
        let f = mb.reserve("lonely");
        let mut fb = FnBuilder::new("lonely", &[], None);
        fb.call(0, f, &[], false);
        fb.ret(0, None);
        mb.set(f, fb.finish());
        let mut m = FnBuilder::new("main", &[], None);
        m.ret(0, None);
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(inline_into_entry(&mut model), Ok(0));
        assert_eq!(model.functions.len(), 1);
    }

    #[test]
    fn unreferenced_functions_are_dropped_and_ids_renumbered() {
        let mut mb = ModelBuilder::new();
        let slot = mb.global("slot", vec![0; 8]);
        let mut unused = FnBuilder::new("unused", &[], None);
        unused.ret(0, None);
        mb.add(unused.finish()); // 0: dropped
        let mut helper = FnBuilder::new("helper", &[], None);
        helper.ret(0, None);
        let helper = mb.add(helper.finish()); // 1 -> 0, called by cb
        let main_id = mb.reserve("main"); // 2 -> 1
        let mut f = FnBuilder::new("f", &[], None);
        f.ret(0, None);
        let f = mb.add(f.finish()); // 3: inlined, dropped
        let mut cb = FnBuilder::new("cb", &[], None);
        cb.call(0, helper, &[], false);
        cb.ret(0, None);
        let cb = mb.add(cb.finish()); // 4 -> 2, address taken in main
        let mut tabled = FnBuilder::new("tabled", &[], None);
        tabled.ret(0, None);
        let tabled = mb.add(tabled.finish()); // 5 -> 3, address in a global
        let mut table = vec![0u8; 16];
        table[8..].copy_from_slice(&Pointer::function(tabled).to_le_bytes());
        mb.global("table", table);
        let mut m = FnBuilder::new("main", &[], None);
        m.call(0, f, &[], false);
        m.store(0, Ty::Ptr, c(Pointer::function(cb)), slot);
        m.ret(0, None);
        mb.set(main_id, m.finish());
        let mut model = mb.finish(main_id);

        assert_eq!(inline_into_entry(&mut model), Ok(1));
        model.validate().unwrap();
        let names: Vec<&str> = model.functions.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["helper", "main", "cb", "tabled"]);
        assert_eq!(model.entry, 1);
        let stored: Vec<Operand> = model.functions[1]
            .blocks
            .iter()
            .flat_map(|b| &b.insts)
            .filter_map(|i| match i.kind {
                InstKind::Store { value, .. } => Some(value),
                _ => None,
            })
            .collect();
        assert_eq!(stored, [c(Pointer::function(2))]);
        let InstKind::Call { func, .. } = model.functions[2].blocks[0].insts[0].kind else {
            panic!("call expected")
        };
        assert_eq!(func, 0);
        assert_eq!(
            model.globals[1].init[8..],
            Pointer::function(3).to_le_bytes()
        );
    }

    #[test]
    fn constant_arguments_and_void_callees_and_callees_that_never_return() {
        let mut mb = ModelBuilder::new();
        // add1(x) = x + 1
        let mut add1 = FnBuilder::new("add1", &[Ty::I32], Some(Ty::I32));
        let v = add1.bin(0, BinOp::Add, r(0), c(1));
        add1.ret(0, Some(v));
        let add1 = mb.add(add1.finish());
        // nop() returns nothing
        let mut nop = FnBuilder::new("nop", &[], None);
        nop.ret(0, None);
        let nop = mb.add(nop.finish());
        // die() calls exit: its continuation is unreachable and disappears
        let mut die = FnBuilder::new("die", &[], Some(Ty::I32));
        die.libc(0, LibcFunc::Exit, &[(c(3), Ty::I32)]);
        die.term(0, Terminator::Unreachable);
        let die = mb.add(die.finish());
        let mut m = FnBuilder::new("main", &[Ty::I32], Some(Ty::I32));
        let (yes, no) = (m.block(), m.block());
        let x = m.call(0, add1, &[c(41)], true);
        m.call(0, nop, &[], false);
        let is = m.icmp(0, IntPredicate::Eq, r(0), c(0));
        m.condbr(0, is, yes, no);
        let d = m.call(yes, die, &[], true);
        m.ret(yes, Some(d));
        m.ret(no, Some(x));
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(inline_into_entry(&mut model), Ok(3));
        model.validate().unwrap();
        assert_eq!(calls_left(&model), 0);
        assert_eq!(run(&model, &[1]), ["return Some(42)"]);
        // No block is left without a path from the entry.
        let f = &model.functions[0];
        let targets: Vec<BlockId> = f.blocks.iter().flat_map(|b| b.term.successors()).collect();
        assert!((1..f.blocks.len() as BlockId).all(|b| targets.contains(&b)));
    }

    #[test]
    fn exponential_inlining_is_refused() {
        // f0 has one instruction; f(k+1) calls f(k) twice: main would get
        // 2^12 copies of f0, over a budget of 1000.
        let mut mb = ModelBuilder::new();
        let mut f0 = FnBuilder::new("f0", &[], None);
        f0.bin(0, BinOp::Add, c(1), c(1));
        f0.ret(0, None);
        let mut prev = mb.add(f0.finish());
        for k in 1..=12 {
            let mut f = FnBuilder::new(&format!("f{k}"), &[], None);
            f.call(0, prev, &[], false);
            f.call(0, prev, &[], false);
            f.ret(0, None);
            prev = mb.add(f.finish());
        }
        let mut m = FnBuilder::new("main", &[], None);
        m.call(0, prev, &[], false);
        m.ret(0, None);
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        let e = inline_within(&mut model, 1000).unwrap_err().to_string();
        assert!(e.contains("makes main too large"), "{e}");
    }

    #[test]
    fn variadic_user_calls_are_unsupported() {
        let mut mb = ModelBuilder::new();
        let mut v = FnBuilder::new("logf", &[Ty::Ptr], None);
        v.ret(0, None);
        let v = mb.add(v.finish());
        let l9 = mb.loc(9, 2, "main");
        let mut m = FnBuilder::new("main", &[], None);
        m.at(l9);
        m.call(0, v, &[c(0), c(1)], false);
        m.ret(0, None);
        let main = mb.add(m.finish());
        let mut model = mb.finish(main);
        assert_eq!(inline_into_entry(&mut model).unwrap(), 0);
        let found = placeholders(&model);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, l9);
        assert!(
            found[0]
                .0
                .starts_with("unsupported: call to logf with 2 arguments"),
            "{found:?}"
        );
    }
}
