//! Mutable views of model instructions shared by the passes.
//!
//! `InstKind::dst_and_operands` (runtime-model) gives read-only copies; the
//! passes also need to rewrite registers, block ids and constants in place.

use runtime_model::model::{Block, BlockId, InstKind, Operand, Reg, Terminator};

/// Every operand an instruction reads, in the order of
/// `InstKind::dst_and_operands`.
pub fn operands_mut(kind: &mut InstKind) -> Vec<&mut Operand> {
    match kind {
        InstKind::Binary { lhs, rhs, .. }
        | InstKind::ICmp { lhs, rhs, .. }
        | InstKind::FCmp { lhs, rhs, .. } => vec![lhs, rhs],
        InstKind::FNeg { value, .. } | InstKind::Cast { value, .. } => vec![value],
        InstKind::X87 { args, .. } => args.iter_mut().collect(),
        InstKind::Select {
            cond,
            if_true,
            if_false,
            ..
        } => vec![cond, if_true, if_false],
        InstKind::Gep { base, indices, .. } => {
            let mut v = vec![base];
            v.extend(indices.iter_mut().map(|i| &mut i.index));
            v
        }
        InstKind::Load { ptr, .. } => vec![ptr],
        InstKind::Store { value, ptr, .. } => vec![value, ptr],
        InstKind::Alloca { count, .. } => vec![count],
        InstKind::Libc { args, .. } => args.iter_mut().map(|a| &mut a.value).collect(),
        InstKind::Mpi { args, .. } | InstKind::Call { args, .. } => args.iter_mut().collect(),
        InstKind::CallIndirect { callee, args, .. } => {
            let mut v = vec![callee];
            v.extend(args.iter_mut());
            v
        }
        InstKind::Foreign { args, .. } => args.iter_mut().collect(),
        InstKind::Unsupported { .. } | InstKind::Terminate { .. } => Vec::new(),
        InstKind::Omp { args, .. } => args.iter_mut().collect(),
        InstKind::Atomic { ptr, value, .. } => vec![ptr, value],
        InstKind::LifetimeEnd { ptr } => vec![ptr],
    }
}

/// The register an instruction defines, mutably.
pub fn dst_mut(kind: &mut InstKind) -> Option<&mut Reg> {
    match kind {
        InstKind::Binary { dst, .. }
        | InstKind::FNeg { dst, .. }
        | InstKind::ICmp { dst, .. }
        | InstKind::FCmp { dst, .. }
        | InstKind::Cast { dst, .. }
        | InstKind::Select { dst, .. }
        | InstKind::Gep { dst, .. }
        | InstKind::Load { dst, .. }
        | InstKind::X87 { dst, .. }
        | InstKind::Alloca { dst, .. } => Some(dst),
        InstKind::Libc { dst, .. }
        | InstKind::Mpi { dst, .. }
        | InstKind::Call { dst, .. }
        | InstKind::CallIndirect { dst, .. }
        | InstKind::Omp { dst, .. }
        | InstKind::Atomic { dst, .. }
        | InstKind::Foreign { dst, .. } => dst.as_mut(),
        InstKind::Store { .. }
        | InstKind::Unsupported { .. }
        | InstKind::Terminate { .. }
        | InstKind::LifetimeEnd { .. } => None,
    }
}

/// The operand a terminator reads, if any.
pub fn term_operand(term: &Terminator) -> Option<Operand> {
    match term {
        Terminator::CondBr { cond, .. } => Some(*cond),
        Terminator::Switch { value, .. } => Some(*value),
        Terminator::Ret { value } => *value,
        Terminator::Br { .. } | Terminator::Unreachable => None,
    }
}

pub fn term_operand_mut(term: &mut Terminator) -> Option<&mut Operand> {
    match term {
        Terminator::CondBr { cond, .. } => Some(cond),
        Terminator::Switch { value, .. } => Some(value),
        Terminator::Ret { value } => value.as_mut(),
        Terminator::Br { .. } | Terminator::Unreachable => None,
    }
}

/// Every successor block id of a terminator, mutably.
pub fn successors_mut(term: &mut Terminator) -> Vec<&mut BlockId> {
    match term {
        Terminator::Br { target } => vec![target],
        Terminator::CondBr {
            if_true, if_false, ..
        } => vec![if_true, if_false],
        Terminator::Switch { default, cases, .. } => {
            let mut v = vec![default];
            v.extend(cases.iter_mut().map(|(_, b)| b));
            v
        }
        Terminator::Ret { .. } | Terminator::Unreachable => vec![],
    }
}

/// Applies `f` to every operand of a block: phi inputs, instruction operands
/// and the terminator's operand.
pub fn for_each_operand_mut(block: &mut Block, f: &mut impl FnMut(&mut Operand)) {
    for phi in &mut block.phis {
        for (_, v) in &mut phi.incoming {
            f(v);
        }
    }
    for inst in &mut block.insts {
        for op in operands_mut(&mut inst.kind) {
            f(op);
        }
    }
    if let Some(op) = term_operand_mut(&mut block.term) {
        f(op);
    }
}

/// Every operand a block reads (phi inputs, instructions, terminator).
pub fn block_operands(block: &Block) -> Vec<Operand> {
    let mut out: Vec<Operand> = block
        .phis
        .iter()
        .flat_map(|p| p.incoming.iter().map(|(_, v)| *v))
        .collect();
    for inst in &block.insts {
        out.extend(inst.kind.dst_and_operands().1);
    }
    out.extend(term_operand(&block.term));
    out
}
