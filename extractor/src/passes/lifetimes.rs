//! The end of local variables' lifetimes. A local of a function lives until
//! the function returns (C11 6.2.4p2); afterwards a pointer to it is
//! indeterminate, and using one (a function returning the address of its
//! local array, a callback keeping a pointer to a caller's local that has
//! returned) is a memory error. Clang marks nothing at `-O0`, so before
//! inlining, every return of every function but `main` gets a
//! `LifetimeEnd` for each block the function's entry block allocates; the
//! inliner copies them to where the inlined call returns, and the checker
//! runs them at the returns of the functions it calls on a stack.
//!
//! Only the entry block's allocations are released: clang puts every
//! fixed-size local there, and the entry block dominates every return.
//! Variable-length arrays (allocated in other blocks) live until the
//! process ends, as before. `main`'s locals live until the process ends:
//! `atexit` handlers run after `main` returns.

use runtime_model::model::{Inst, InstKind, Model, Operand, Terminator};

/// Adds the `LifetimeEnd`s; returns how many.
pub fn end_locals_at_returns(model: &mut Model) -> u32 {
    let entry = model.entry as usize;
    let mut added = 0;
    for (f, func) in model.functions.iter_mut().enumerate() {
        if f == entry || func.blocks.is_empty() {
            continue;
        }
        let locals: Vec<u32> = func.blocks[0]
            .insts
            .iter()
            .filter_map(|i| match i.kind {
                InstKind::Alloca { dst, .. } => Some(dst),
                _ => None,
            })
            .collect();
        if locals.is_empty() {
            continue;
        }
        for block in &mut func.blocks {
            if !matches!(block.term, Terminator::Ret { .. }) {
                continue;
            }
            let loc = block.term_loc;
            for &r in &locals {
                block.insts.push(Inst {
                    kind: InstKind::LifetimeEnd {
                        ptr: Operand::Reg(r),
                    },
                    loc,
                });
                added += 1;
            }
        }
    }
    added
}
