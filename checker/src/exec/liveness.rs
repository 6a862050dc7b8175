//! Register liveness, so that two states differing only in dead registers
//! (temporaries of a loop iteration already finished) are recognized as the
//! same state — needed to see that a polling loop came back to where it was
//! (README, "How exploration is reduced").

use runtime_model::model::{Function, Model, Operand, Reg, Terminator};

/// Registers live at the end of each block, per function (bit sets: bit
/// `r % 64` of word `r / 64` for register `r`).
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live_out: Vec<Vec<Vec<u64>>>,
    /// `live_at` per function, block and instruction index (up to the
    /// block's length), computed on first use: the stateful search asks at
    /// every key for the same few call sites (a pure function of the model,
    /// so a cached answer is never stale).
    points: Points<Box<[Reg]>>,
    /// Liveness of the stack slots the analysis can follow.
    pub slots: super::slots::SlotLiveness,
}

fn uses_of_terminator(t: &Terminator) -> Vec<Operand> {
    match t {
        Terminator::CondBr { cond, .. } => vec![*cond],
        Terminator::Switch { value, .. } => vec![*value],
        Terminator::Ret { value: Some(v) } => vec![*v],
        _ => vec![],
    }
}

/// A value per function, block and instruction index, computed on first
/// use.
pub(super) type Points<T> = Vec<Vec<Box<[std::sync::OnceLock<T>]>>>;

/// One empty cell per function, block and instruction index (and one
/// past the last instruction: the terminator).
pub(super) fn points<T>(model: &Model) -> Points<T> {
    model
        .functions
        .iter()
        .map(|f| {
            f.blocks
                .iter()
                .map(|b| {
                    (0..=b.insts.len())
                        .map(|_| std::sync::OnceLock::new())
                        .collect()
                })
                .collect()
        })
        .collect()
}

fn mark(set: &mut [bool], o: &Operand) {
    if let Operand::Reg(r) = o {
        if let Some(x) = set.get_mut(*r as usize) {
            *x = true;
        }
    }
}

/// Registers live just before instruction `ip` of `block`, given the block's live-out set.
fn live_before(f: &Function, block: usize, ip: usize, live_out: &[bool]) -> Vec<bool> {
    let b = &f.blocks[block];
    let mut live = live_out.to_vec();
    for o in uses_of_terminator(&b.term) {
        mark(&mut live, &o);
    }
    for inst in b.insts[ip.min(b.insts.len())..].iter().rev() {
        let (dst, ops) = inst.kind.dst_and_operands();
        if let Some(d) = dst {
            if let Some(x) = live.get_mut(d as usize) {
                *x = false;
            }
        }
        for o in &ops {
            mark(&mut live, o);
        }
    }
    live
}

impl Liveness {
    pub fn new(model: &Model) -> Liveness {
        let live_out = model.functions.iter().map(Self::function).collect();
        Liveness {
            live_out,
            points: points(model),
            slots: super::slots::SlotLiveness::new(model),
        }
    }

    /// The least fixpoint of `live_out(b) = ∪ over successors s of
    /// (entry(s) ∪ the operands s's phis take from b)`, where `entry(s)`
    /// is what is live before s's first instruction (`gen(s) ∪ (live_out(s)
    /// − kill(s))`) less s's phi destinations. Computed on bit sets with
    /// each block's gen and kill sets made once: a function that inlining
    /// made large (thousands of blocks and registers) is analysed in time
    /// proportional to blocks × registers / 64 per pass.
    fn function(f: &Function) -> Vec<Vec<u64>> {
        let n = f.num_regs as usize;
        let nb = f.blocks.len();
        let words = n.div_ceil(64);
        let set = |bits: &mut [u64], r: usize| {
            if r < n {
                bits[r / 64] |= 1 << (r % 64);
            }
        };
        let mut gen = vec![vec![0u64; words]; nb];
        let mut kill = vec![vec![0u64; words]; nb];
        let mut phi_dst = vec![vec![0u64; words]; nb];
        for (b, block) in f.blocks.iter().enumerate() {
            // What the block uses before it defines it: `live_before` on an
            // empty live-out set.
            for o in uses_of_terminator(&block.term) {
                if let Operand::Reg(r) = o {
                    set(&mut gen[b], r as usize);
                }
            }
            for inst in block.insts.iter().rev() {
                let (dst, ops) = inst.kind.dst_and_operands();
                if let Some(d) = dst.map(|d| d as usize).filter(|d| *d < n) {
                    gen[b][d / 64] &= !(1 << (d % 64));
                    set(&mut kill[b], d);
                }
                for o in ops {
                    if let Operand::Reg(r) = o {
                        set(&mut gen[b], r as usize);
                    }
                }
            }
            for p in &block.phis {
                set(&mut phi_dst[b], p.dst as usize);
            }
        }
        // The operands the phis of successor s take from block b.
        let phi_uses = |b: usize, s: usize| -> Vec<usize> {
            f.blocks[s]
                .phis
                .iter()
                .flat_map(|p| p.incoming.iter())
                .filter(|(pred, _)| *pred as usize == b)
                .filter_map(|(_, o)| match o {
                    Operand::Reg(r) => Some(*r as usize),
                    Operand::Const(_) => None,
                })
                .collect()
        };
        let mut live_out = vec![vec![0u64; words]; nb];
        let mut entry: Vec<Vec<u64>> = (0..nb)
            .map(|s| {
                gen[s]
                    .iter()
                    .zip(&phi_dst[s])
                    .map(|(g, p)| g & !p)
                    .collect()
            })
            .collect();
        // A worklist: when what is live on entry to a block changes, its
        // predecessors are looked at again (the order of the blocks says
        // nothing about the order of the code: inlining and the exception
        // checks after calls append blocks at the end).
        let mut preds = vec![Vec::new(); nb];
        for (b, block) in f.blocks.iter().enumerate() {
            for s in block.term.successors() {
                if let Some(p) = preds.get_mut(s as usize) {
                    p.push(b);
                }
            }
        }
        let mut queued = vec![true; nb];
        let mut work: Vec<usize> = (0..nb).collect();
        let mut out = vec![0u64; words];
        while let Some(b) = work.pop() {
            queued[b] = false;
            out.iter_mut().for_each(|w| *w = 0);
            for s in f.blocks[b].term.successors() {
                let s = s as usize;
                for (o, e) in out.iter_mut().zip(&entry[s]) {
                    *o |= e;
                }
                for r in phi_uses(b, s) {
                    set(&mut out, r);
                }
            }
            if out == live_out[b] {
                continue;
            }
            live_out[b].copy_from_slice(&out);
            let mut entry_changed = false;
            for i in 0..words {
                let e = (gen[b][i] | (out[i] & !kill[b][i])) & !phi_dst[b][i];
                entry_changed |= e != entry[b][i];
                entry[b][i] = e;
            }
            if entry_changed {
                for &p in &preds[b] {
                    if !queued[p] {
                        queued[p] = true;
                        work.push(p);
                    }
                }
            }
        }
        live_out
    }

    /// Registers of `func` live before instruction `ip` of `block` (of
    /// the model the analysis was made of).
    pub fn live_at(
        &self,
        model: &Model,
        func: u32,
        block: u32,
        ip: u32,
    ) -> std::borrow::Cow<'_, [Reg]> {
        // Past the last instruction is the terminator's position.
        let at = self
            .points
            .get(func as usize)
            .and_then(|f| f.get(block as usize))
            .and_then(|b| b.get((ip as usize).min(b.len().saturating_sub(1))));
        match at {
            Some(cell) => std::borrow::Cow::Borrowed(
                cell.get_or_init(|| self.compute_live_at(model, func, block, ip).into()),
            ),
            // An analysis made without the model (`Default`): not cached.
            None => std::borrow::Cow::Owned(self.compute_live_at(model, func, block, ip)),
        }
    }

    fn compute_live_at(&self, model: &Model, func: u32, block: u32, ip: u32) -> Vec<Reg> {
        let f = &model.functions[func as usize];
        let bits = &self.live_out[func as usize][block as usize];
        let out: Vec<bool> = (0..f.num_regs as usize)
            .map(|r| bits[r / 64] >> (r % 64) & 1 == 1)
            .collect();
        live_before(f, block as usize, ip as usize, &out)
            .iter()
            .enumerate()
            .filter(|(_, l)| **l)
            .map(|(i, _)| i as Reg)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime_model::model::{BinOp, IntPredicate, Ty};
    use runtime_model::testkit::{c, FnBuilder, ModelBuilder};

    /// The answers cached per position (`points`) are the ones computed
    /// afresh, asked once or many times, including past a block's end.
    #[test]
    fn cached_answers_are_the_computed_ones() {
        let mut mb = ModelBuilder::new();
        let mut f = FnBuilder::new("main", &[], Some(Ty::I32));
        let slot = f.alloca(0, 4);
        let other = f.alloca(0, 4);
        let x = f.load(0, Ty::I32, slot);
        let y = f.bin(0, BinOp::Add, x, c(1));
        f.store(0, Ty::I32, y, other);
        let body = f.block();
        let exit = f.block();
        f.br(0, body);
        let v = f.load(body, Ty::I32, other);
        let done = f.icmp(body, IntPredicate::Eq, v, c(3));
        f.store(body, Ty::I32, c(0), slot);
        f.condbr(body, done, exit, body);
        let z = f.load(exit, Ty::I32, slot);
        f.ret(exit, Some(z));
        let id = mb.add(f.finish());
        let model = mb.finish(id);
        let l = Liveness::new(&model);
        for (b, block) in model.functions[0].blocks.iter().enumerate() {
            for ip in 0..=block.insts.len() as u32 + 1 {
                let (b, fresh) = (b as u32, l.compute_live_at(&model, 0, b as u32, ip));
                assert_eq!(*l.live_at(&model, 0, b, ip), fresh[..]);
                assert_eq!(*l.live_at(&model, 0, b, ip), fresh[..]);
                let dead = l.slots.compute_dead_after(&model, 0, b, ip);
                assert_eq!(*l.slots.dead_after(&model, 0, b, ip), dead[..]);
                assert_eq!(*l.slots.dead_after(&model, 0, b, ip), dead[..]);
            }
        }
        // Something is live somewhere, and some slot is dead somewhere:
        // the comparisons above compared something.
        assert!(!l.live_at(&model, 0, 1, 0).is_empty());
    }
}
