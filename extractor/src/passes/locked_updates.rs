//! Updates made under a lock become atomic updates. Inside a critical
//! section (or between `omp_set_lock` and `omp_unset_lock`, or their
//! nestable forms), the threads of
//! a process never interleave, so `x = x + e` there — a load of `x`, an
//! operation with a value computed before the load, a store back to `x`,
//! nothing else reading the loaded value — does exactly what an atomic
//! update of `x` by `e` does. Written as one, the checker's race check
//! knows that two threads' updates of `x` commute (docs/OPENMP.md), which it
//! cannot see in a load and a store: `#pragma omp critical { sum += v; }`
//! verifies instead of stopping at "another order may compute other
//! values". Only straight-line updates inside one block are rewritten;
//! anything else under the lock keeps its loads and stores.

use super::ir::term_operand;
use runtime_model::model::{BinOp, Function, InstKind, Operand, Reg};
use runtime_model::omp::{AtomicOp, OmpCall};

/// Rewrites every such update in every function; returns how many.
pub fn updates_under_locks_become_atomic(functions: &mut [Function]) -> u32 {
    let mut rewritten = 0;
    for f in functions.iter_mut() {
        let uses = use_counts(f);
        for b in 0..f.blocks.len() {
            rewritten += rewrite_block(&mut f.blocks[b].insts, &uses);
        }
    }
    rewritten
}

/// How many times each register is read, anywhere in the function.
fn use_counts(f: &Function) -> Vec<u32> {
    let mut uses = vec![0u32; f.num_regs as usize];
    let mut count = |o: Operand| {
        if let Operand::Reg(r) = o {
            if let Some(u) = uses.get_mut(r as usize) {
                *u += 1;
            }
        }
    };
    for block in &f.blocks {
        for phi in &block.phis {
            for &(_, o) in &phi.incoming {
                count(o);
            }
        }
        for inst in &block.insts {
            for o in inst.kind.dst_and_operands().1 {
                count(o);
            }
        }
        if let Some(o) = term_operand(&block.term) {
            count(o);
        }
    }
    uses
}

fn is_lock(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Omp {
            call: OmpCall::Critical | OmpCall::SetLock | OmpCall::SetNestLock,
            ..
        }
    )
}

fn is_unlock(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Omp {
            call: OmpCall::EndCritical | OmpCall::UnsetLock | OmpCall::UnsetNestLock,
            ..
        }
    )
}

/// Instructions that may stand between the load and the store: they read
/// registers and memory, and write neither memory nor the lock state.
fn is_pure(kind: &InstKind) -> bool {
    matches!(
        kind,
        InstKind::Binary { .. }
            | InstKind::FNeg { .. }
            | InstKind::X87 { .. }
            | InstKind::ICmp { .. }
            | InstKind::FCmp { .. }
            | InstKind::Cast { .. }
            | InstKind::Select { .. }
            | InstKind::Gep { .. }
            | InstKind::Load { .. }
    )
}

fn rewrite_block(insts: &mut Vec<runtime_model::model::Inst>, uses: &[u32]) -> u32 {
    let mut rewritten = 0;
    let mut drop = vec![false; insts.len()];
    let mut i = 0;
    while i < insts.len() {
        if !is_lock(&insts[i].kind) {
            i += 1;
            continue;
        }
        let start = i + 1;
        let Some(end) = (start..insts.len()).find(|&k| is_unlock(&insts[k].kind)) else {
            break;
        };
        for load in start..end {
            if let Some((bin, store, op, value)) = update_at(insts, load, end, uses) {
                let InstKind::Store { ty, ptr, .. } = insts[store].kind else {
                    continue;
                };
                insts[store].kind = InstKind::Atomic {
                    dst: None,
                    op,
                    ty,
                    ptr,
                    value,
                };
                drop[load] = true;
                drop[bin] = true;
                rewritten += 1;
            }
        }
        i = end + 1;
    }
    if rewritten > 0 {
        let mut k = 0;
        insts.retain(|_| {
            k += 1;
            !drop[k - 1]
        });
    }
    rewritten
}

/// `load v = *p; w = v op e; store w -> p` from `load` on, before `end`:
/// the binary's and the store's positions, the atomic operation and `e`.
fn update_at(
    insts: &[runtime_model::model::Inst],
    load: usize,
    end: usize,
    uses: &[u32],
) -> Option<(usize, usize, AtomicOp, Operand)> {
    let InstKind::Load {
        dst: v, ty, ptr, ..
    } = insts[load].kind
    else {
        return None;
    };
    let used_once = |r: Reg| uses.get(r as usize) == Some(&1);
    if !used_once(v) {
        return None;
    }
    let bin = (load + 1..end).find(|&k| {
        insts[k]
            .kind
            .dst_and_operands()
            .1
            .contains(&Operand::Reg(v))
    })?;
    let InstKind::Binary {
        dst: w,
        op,
        ty: bty,
        lhs,
        rhs,
    } = insts[bin].kind
    else {
        return None;
    };
    let commutative = matches!(
        op,
        BinOp::Add | BinOp::FAdd | BinOp::And | BinOp::Or | BinOp::Xor
    );
    let value = match (lhs, rhs) {
        (Operand::Reg(l), other) if l == v => other,
        (other, Operand::Reg(r)) if r == v && commutative => other,
        _ => return None,
    };
    if value == Operand::Reg(v) || bty != ty || !used_once(w) {
        return None;
    }
    // The operand was computed before the load (in this block, or where
    // it dominates it), never from the loaded value.
    if let Operand::Reg(e) = value {
        let defined_after = insts[load..end]
            .iter()
            .any(|i| i.kind.dst_and_operands().0 == Some(e));
        if defined_after {
            return None;
        }
    }
    let atomic = match op {
        BinOp::Add => AtomicOp::Add,
        BinOp::Sub => AtomicOp::Sub,
        BinOp::FAdd => AtomicOp::FAdd,
        BinOp::FSub => AtomicOp::FSub,
        BinOp::And => AtomicOp::And,
        BinOp::Or => AtomicOp::Or,
        BinOp::Xor => AtomicOp::Xor,
        _ => return None,
    };
    let store = (bin + 1..end).find(
        |&k| matches!(insts[k].kind, InstKind::Store { value: Operand::Reg(s), .. } if s == w),
    )?;
    let InstKind::Store {
        ty: sty, ptr: sptr, ..
    } = insts[store].kind
    else {
        return None;
    };
    if sty != ty || sptr != ptr {
        return None;
    }
    // Nothing between the load and the store writes memory.
    if !(load + 1..store)
        .filter(|&k| k != bin)
        .all(|k| is_pure(&insts[k].kind))
    {
        return None;
    }
    Some((bin, store, atomic, value))
}
