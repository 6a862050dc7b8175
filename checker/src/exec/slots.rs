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
    /// The one predefined operation every accumulate-family call of the
    /// program combines with, when it is commutative and no call's fetched
    /// values are ever read (`commuting_atomics`).
    pub commuting_atomics: Option<i32>,
    /// `dead_after` per function, block and instruction index, computed on
    /// first use (a pure function of the model: never stale).
    points: super::liveness::Points<Box<[(Reg, u64)]>>,
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
        let commuting_atomics = commuting_atomics(model, &slots);
        SlotLiveness {
            slots,
            live_out,
            commuting_atomics,
            points: super::liveness::points(model),
        }
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
    pub fn dead_after(
        &self,
        model: &Model,
        func: u32,
        block: u32,
        ip: u32,
    ) -> std::borrow::Cow<'_, [(Reg, u64)]> {
        let at = self
            .points
            .get(func as usize)
            .and_then(|f| f.get(block as usize))
            .and_then(|b| b.get(ip as usize));
        match at {
            Some(cell) => std::borrow::Cow::Borrowed(
                cell.get_or_init(|| self.compute_dead_after(model, func, block, ip).into()),
            ),
            // Past a block's end, or an analysis made without the model.
            None => std::borrow::Cow::Owned(self.compute_dead_after(model, func, block, ip)),
        }
    }

    pub(super) fn compute_dead_after(
        &self,
        model: &Model,
        func: u32,
        block: u32,
        ip: u32,
    ) -> Vec<(Reg, u64)> {
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

/// Whether predefined operation `op` gives the same result in any order on
/// elements of basic datatype `basic`: the bitwise and logical operations,
/// and sum, product, minimum and maximum on integers (wrapping arithmetic
/// commutes and associates; on floating point neither rounding nor
/// `min(-0.0, 0.0)` does). `MPI_REPLACE` and `MPI_NO_OP` do not commute
/// with the others (MPI 3.1 §11.3.4).
pub fn commutes_exactly(op: i32, basic: i32) -> bool {
    use runtime_model::handles::{self as h, OpTypeGroup as G};
    let integer = matches!(
        h::datatype_op_group(basic),
        Some(G::CInteger | G::FortranInteger | G::MultiLanguage | G::Byte | G::Logical)
    );
    match op {
        h::MPI_BAND | h::MPI_BOR | h::MPI_BXOR | h::MPI_LAND | h::MPI_LOR | h::MPI_LXOR => {
            h::op_accepts_datatype(op, basic)
        }
        h::MPI_SUM | h::MPI_PROD | h::MPI_MIN | h::MPI_MAX => {
            integer && h::op_accepts_datatype(op, basic)
        }
        _ => false,
    }
}

/// The program-wide fact that lets the search take concurrent atomic
/// updates of one location in one order: every accumulate-family call site
/// of the program (`MPI_Accumulate`, `MPI_Get_accumulate`,
/// `MPI_Fetch_and_op` and their request forms; any `MPI_Compare_and_swap`
/// rules it out) names the same predefined operation as a constant, one
/// that can commute (`commutes_exactly` decides per datatype at run time),
/// and every result buffer is a local variable the program never reads
/// (its address goes to such calls as `result_addr` only). Then no
/// execution can observe the value of a location between two atomic
/// updates: not through a fetched value (none is read), not through a
/// Get or a load (they conflict with a pending update, a race in every
/// order, MPI 3.1 §11.7), and the updates leave the same memory in any
/// order. `None` when any site does not fit.
fn commuting_atomics(model: &Model, slots: &[Vec<Slot>]) -> Option<i32> {
    use runtime_model::mpi_api::MpiFunc as F;
    let mut common: Option<i32> = None;
    for (f, tracked) in model.functions.iter().zip(slots) {
        for b in &f.blocks {
            for i in &b.insts {
                let InstKind::Mpi { func, args, .. } = &i.kind else {
                    continue;
                };
                let (op_param, result) = match func {
                    F::Accumulate | F::Raccumulate => ("op", None),
                    F::GetAccumulate | F::RgetAccumulate | F::FetchAndOp => {
                        ("op", func.param_index("result_addr"))
                    }
                    F::CompareAndSwap => return None,
                    _ => continue,
                };
                let Some(Operand::Const(op)) = func.param_index(op_param).and_then(|k| args.get(k))
                else {
                    return None;
                };
                let op = *op as i32;
                use runtime_model::handles as h;
                let can_commute = matches!(
                    op,
                    h::MPI_BAND
                        | h::MPI_BOR
                        | h::MPI_BXOR
                        | h::MPI_LAND
                        | h::MPI_LOR
                        | h::MPI_LXOR
                        | h::MPI_SUM
                        | h::MPI_PROD
                        | h::MPI_MIN
                        | h::MPI_MAX
                );
                if !can_commute || common.is_some_and(|c| c != op) {
                    return None;
                }
                common = Some(op);
                if let Some(k) = result {
                    let Some(Operand::Reg(r)) = args.get(k) else {
                        return None;
                    };
                    if !tracked.iter().any(|s| s.reg == *r) || read_anywhere(f, *r) {
                        return None;
                    }
                }
            }
        }
    }
    common
}

/// Whether slot `reg` (a tracked slot of `f`) is ever read: loaded, or
/// passed to an MPI call other than as an accumulate's `result_addr`,
/// the buffer the call only writes (MPI 3.1 §11.3.4).
fn read_anywhere(f: &Function, reg: Reg) -> bool {
    use runtime_model::mpi_api::MpiFunc as F;
    f.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .any(|i| match &i.kind {
            InstKind::Load { ptr, .. } => uses(ptr, reg),
            InstKind::Mpi { func, args, .. } => {
                let result = match func {
                    F::GetAccumulate | F::RgetAccumulate | F::FetchAndOp => {
                        func.param_index("result_addr")
                    }
                    _ => None,
                };
                args.iter()
                    .enumerate()
                    .any(|(k, a)| uses(a, reg) && Some(k) != result)
            }
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::commutes_exactly;
    use runtime_model::handles as h;

    #[test]
    fn only_exact_operations_commute() {
        assert!(commutes_exactly(h::MPI_SUM, h::MPI_INT));
        assert!(commutes_exactly(h::MPI_MAX, h::MPI_LONG));
        assert!(commutes_exactly(h::MPI_BXOR, h::MPI_UNSIGNED));
        // Floating-point sums round differently in another order, and
        // min(-0.0, 0.0) depends on it.
        assert!(!commutes_exactly(h::MPI_SUM, h::MPI_DOUBLE));
        assert!(!commutes_exactly(h::MPI_MIN, h::MPI_FLOAT));
        assert!(!commutes_exactly(h::MPI_REPLACE, h::MPI_INT));
        assert!(!commutes_exactly(h::MPI_NO_OP, h::MPI_INT));
    }
}
