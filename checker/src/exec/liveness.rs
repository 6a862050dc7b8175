//! Register liveness, so that two states differing only in dead registers
//! (temporaries of a loop iteration already finished) are recognized as the
//! same state — needed to see that a polling loop came back to where it was
//! (README, "How exploration is reduced").

use runtime_model::model::{Function, Model, Operand, Reg, Terminator};

/// Registers live at the end of each block, per function.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    live_out: Vec<Vec<Vec<bool>>>,
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
            slots: super::slots::SlotLiveness::new(model),
        }
    }

    fn function(f: &Function) -> Vec<Vec<bool>> {
        let n = f.num_regs as usize;
        let nb = f.blocks.len();
        let mut live_out = vec![vec![false; n]; nb];
        loop {
            let mut changed = false;
            for b in (0..nb).rev() {
                let mut out = vec![false; n];
                for s in f.blocks[b].term.successors() {
                    let s = s as usize;
                    let live_in = live_before(f, s, 0, &live_out[s]);
                    // Phis of the successor: their destinations are defined on
                    // entry, their incoming values from `b` are used at b's end.
                    let mut li = live_in;
                    for p in &f.blocks[s].phis {
                        if let Some(x) = li.get_mut(p.dst as usize) {
                            *x = false;
                        }
                    }
                    for (i, x) in li.iter().enumerate() {
                        out[i] |= *x;
                    }
                    for p in &f.blocks[s].phis {
                        for (pred, o) in &p.incoming {
                            if *pred as usize == b {
                                mark(&mut out, o);
                            }
                        }
                    }
                }
                if out != live_out[b] {
                    live_out[b] = out;
                    changed = true;
                }
            }
            if !changed {
                return live_out;
            }
        }
    }

    /// Registers of `func` live before instruction `ip` of `block`.
    pub fn live_at(&self, model: &Model, func: u32, block: u32, ip: u32) -> Vec<Reg> {
        let f = &model.functions[func as usize];
        let out = &self.live_out[func as usize][block as usize];
        live_before(f, block as usize, ip as usize, out)
            .iter()
            .enumerate()
            .filter(|(_, l)| **l)
            .map(|(i, _)| i as Reg)
            .collect()
    }
}
