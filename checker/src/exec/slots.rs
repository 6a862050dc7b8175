//! Liveness of stack slots: which local variables' memory the future never
//! reads before overwriting it whole. The stateful search leaves them out of
//! a state's key (`system::memo_key`), so that a worker that remembers the
//! result it sent last (`long r = work(task); MPI_Send(&r, ...)`) is in the
//! same state whatever that result was (Palmer et al. 2007, §4 hashes the state that
//! matters; SPIN's dead variable reduction does the same).
//!
//! Only slots whose address is used in ways the analysis sees are tracked:
//! an `alloca` of the entry block (run once per call) whose pointer is
//! only loaded from, stored to (not stored itself), or passed to MPI calls
//! that read or write it during the call (`MpiFunc::attrs().buffers` not
//! `Bound`: a persistent request or an attached buffer reads it later, at
//! a call that does not name it). Any other use — a GEP, a cast, a phi, a
//! call, a C library function — may let the pointer escape, and the slot is
//! always live. A load is a read; a store of the slot's whole size
//! overwrites it; an MPI call counts as a read (it may also write, which
//! does not matter for liveness).

use runtime_model::model::{Function, InstKind, Model, Operand, Reg};
use runtime_model::mpi_api::Buffers;

/// One tracked slot of a function.
#[derive(Clone, Debug)]
struct Slot {
    /// The register the `alloca` writes the slot's address to.
    reg: Reg,
    size: u64,
    /// Index of the `alloca` in the entry block.
    at: usize,
}

/// The tracked slots of each function and their liveness at block ends.
#[derive(Clone, Debug, Default)]
pub struct SlotLiveness {
    slots: Vec<Vec<Slot>>,
    /// Per function, per block: which slots are live at its end.
    live_out: Vec<Vec<Vec<bool>>>,
}

fn uses(o: &Operand, reg: Reg) -> bool {
    matches!(o, Operand::Reg(r) if *r == reg)
}

/// What instruction `kind` does to slot `s`: (reads it, overwrites it whole).
fn effect(kind: &InstKind, s: &Slot) -> (bool, bool) {
    match kind {
        InstKind::Load { ptr, .. } if uses(ptr, s.reg) => (true, false),
        InstKind::Store { ptr, ty, .. } if uses(ptr, s.reg) => (false, ty.size() == s.size),
        InstKind::Mpi { args, .. } if args.iter().any(|a| uses(a, s.reg)) => (true, false),
        _ => (false, false),
    }
}

/// The slots of `f` the analysis can follow.
fn tracked(f: &Function) -> Vec<Slot> {
    let Some(entry) = f.blocks.first() else {
        return Vec::new();
    };
    let mut out: Vec<Slot> = entry
        .insts
        .iter()
        .enumerate()
        .filter_map(|(at, i)| match &i.kind {
            InstKind::Alloca {
                dst,
                elem_size,
                count: Operand::Const(n),
            } => Some(Slot {
                reg: *dst,
                size: elem_size.saturating_mul(*n),
                at,
            }),
            _ => None,
        })
        .collect();
    out.retain(|s| !escapes(f, s.reg));
    out
}

/// Whether the pointer in `reg` is used other than as the address of a
/// load or store or as an argument of an MPI call that uses it only during
/// the call.
fn escapes(f: &Function, reg: Reg) -> bool {
    for b in &f.blocks {
        if b.phis
            .iter()
            .any(|p| p.incoming.iter().any(|(_, o)| uses(o, reg)))
        {
            return true;
        }
        let term = match &b.term {
            runtime_model::model::Terminator::CondBr { cond, .. } => uses(cond, reg),
            runtime_model::model::Terminator::Switch { value, .. } => uses(value, reg),
            runtime_model::model::Terminator::Ret { value: Some(v) } => uses(v, reg),
            _ => false,
        };
        if term {
            return true;
        }
        for i in &b.insts {
            let ok = match &i.kind {
                InstKind::Load { .. } => true,
                InstKind::Store { value, .. } => !uses(value, reg),
                InstKind::Mpi { func, .. } => func.attrs().buffers != Buffers::Bound,
                _ => false,
            };
            if !ok && i.kind.dst_and_operands().1.iter().any(|o| uses(o, reg)) {
                return true;
            }
        }
    }
    false
}

/// Slots live before instruction `ip` of `block`, given those live at its end.
fn live_before(f: &Function, slots: &[Slot], block: usize, ip: usize, out: &[bool]) -> Vec<bool> {
    let b = &f.blocks[block];
    let mut live = out.to_vec();
    for inst in b.insts[ip.min(b.insts.len())..].iter().rev() {
        for (k, s) in slots.iter().enumerate() {
            let (read, overwritten) = effect(&inst.kind, s);
            if overwritten {
                live[k] = false;
            }
            if read {
                live[k] = true;
            }
        }
    }
    live
}

impl SlotLiveness {
    pub fn new(model: &Model) -> SlotLiveness {
        let slots: Vec<Vec<Slot>> = model.functions.iter().map(tracked).collect();
        let live_out = model
            .functions
            .iter()
            .zip(&slots)
            .map(|(f, s)| Self::function(f, s))
            .collect();
        SlotLiveness { slots, live_out }
    }

    fn function(f: &Function, slots: &[Slot]) -> Vec<Vec<bool>> {
        let nb = f.blocks.len();
        let mut live_out = vec![vec![false; slots.len()]; nb];
        if slots.is_empty() {
            return live_out;
        }
        loop {
            let mut changed = false;
            for b in (0..nb).rev() {
                let mut out = vec![false; slots.len()];
                for s in f.blocks[b].term.successors() {
                    let s = s as usize;
                    if s >= nb {
                        continue;
                    }
                    let live_in = live_before(f, slots, s, 0, &live_out[s]);
                    for (o, l) in out.iter_mut().zip(live_in) {
                        *o |= l;
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

    /// The slots of a frame of `func` stopped at instruction `ip` of `block`
    /// (an MPI call or a call) whose contents nothing reads once that
    /// instruction is done, as (register holding the address, size).
    pub fn dead_after(&self, model: &Model, func: u32, block: u32, ip: u32) -> Vec<(Reg, u64)> {
        let (func, block, ip) = (func as usize, block as usize, ip as usize);
        let (Some(slots), Some(f)) = (self.slots.get(func), model.functions.get(func)) else {
            return Vec::new();
        };
        if slots.is_empty() || block >= f.blocks.len() {
            return Vec::new();
        }
        let live = live_before(f, slots, block, ip + 1, &self.live_out[func][block]);
        slots
            .iter()
            .zip(live)
            // A slot of the entry block is made only when its alloca ran.
            .filter(|(s, l)| !l && (block != 0 || s.at < ip))
            .map(|(s, _)| (s.reg, s.size))
            .collect()
    }
}
