//! After inlining, the user functions live on only as copies inside `main`.
//! This drops every function nothing references any more and renumbers the
//! rest, rewriting every encoding of a function id: `Call::func`, function
//! addresses in constants (`Pointer::function`) and in global initializers,
//! `Model::entry` and the constructors and destructors.
//!
//! A function stays if it is reachable from the entry or from a global
//! initializer through calls or address-taking constants (a function whose
//! address is taken may still be called through that address, e.g. by the MPI
//! library as a user reduction operator).

use super::ir::{block_operands, for_each_operand_mut};
use runtime_model::model::{FuncId, Function, InstKind, Model, Operand, Pointer};

pub fn drop_unreferenced_functions(model: &mut Model) {
    let n = model.functions.len();
    let mut keep = vec![false; n];
    let mut stack = vec![model.entry];
    // Constructors and destructors are called by the C runtime.
    stack.extend(model.init_functions.iter().chain(&model.exit_functions));
    for g in &model.globals {
        for_each_function_word(&g.init, n, |f, _| stack.push(f));
    }
    while let Some(f) = stack.pop() {
        let f = f as usize;
        if f >= n || keep[f] {
            continue;
        }
        keep[f] = true;
        stack.extend(referenced_functions(&model.functions[f], n));
    }
    if keep.iter().all(|k| *k) {
        return;
    }

    let mut new_id: Vec<Option<FuncId>> = vec![None; n];
    let mut next = 0;
    for (f, id) in new_id.iter_mut().enumerate() {
        if keep[f] {
            *id = Some(next);
            next += 1;
        }
    }
    // Every reference to a kept function is rewritten; references to dropped
    // functions cannot occur in kept code (they would have kept them).
    let renumber = |f: FuncId| new_id.get(f as usize).copied().flatten().unwrap_or(f);
    let old = std::mem::take(&mut model.functions);
    for (f, mut func) in old.into_iter().enumerate() {
        if !keep[f] {
            continue;
        }
        for block in &mut func.blocks {
            for inst in &mut block.insts {
                if let InstKind::Call { func, .. } = &mut inst.kind {
                    *func = renumber(*func);
                }
            }
            for_each_operand_mut(block, &mut |op| {
                if let Operand::Const(c) = op {
                    if let Some(f) = function_constant(*c, n) {
                        *c = Pointer::function(renumber(f));
                    }
                }
            });
        }
        model.functions.push(func);
    }
    for g in &mut model.globals {
        let mut rewrites = Vec::new();
        for_each_function_word(&g.init, n, |f, at| rewrites.push((at, renumber(f))));
        for (at, f) in rewrites {
            g.init[at..at + 8].copy_from_slice(&Pointer::function(f).to_le_bytes());
        }
    }
    model.entry = renumber(model.entry);
    for f in model
        .init_functions
        .iter_mut()
        .chain(model.exit_functions.iter_mut())
    {
        *f = renumber(*f);
    }
}

/// The function id a constant encodes, if it is the address of one of the
/// `n` functions.
fn function_constant(c: u64, n: usize) -> Option<FuncId> {
    Pointer::as_function(c).filter(|f| (*f as usize) < n)
}

/// Functions a function calls or takes the address of.
fn referenced_functions(f: &Function, n: usize) -> Vec<FuncId> {
    let mut out = Vec::new();
    for block in &f.blocks {
        for inst in &block.insts {
            if let InstKind::Call { func, .. } = inst.kind {
                out.push(func);
            }
        }
        for op in block_operands(block) {
            if let Operand::Const(c) = op {
                out.extend(function_constant(c, n));
            }
        }
    }
    out
}

/// Calls `f(function, offset)` for every 8-byte-aligned little-endian word of
/// a global initializer that encodes a function address (pointers are stored
/// aligned; an unaligned match would be data, not a pointer).
fn for_each_function_word(init: &[u8], n: usize, mut f: impl FnMut(FuncId, usize)) {
    for (k, chunk) in init.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().expect("8-byte chunk"));
        if let Some(func) = function_constant(word, n) {
            f(func, k * 8);
        }
    }
}
