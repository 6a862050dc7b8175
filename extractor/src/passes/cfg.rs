//! Clean-ups both passes finish with: drop blocks control can no longer
//! reach and renumber registers densely, so the model the checker loads has
//! no dead blocks and no register gaps.

use super::ir::{dst_mut, for_each_operand_mut, successors_mut};
use runtime_model::model::{BlockId, Function, Operand, Reg};

/// Removes the blocks unreachable from block 0 and renumbers the others in
/// their original order (block 0 stays the entry). Phi inputs from removed
/// predecessors are dropped. Registers defined only in removed blocks can
/// only have been used in removed blocks or on those phi edges (SSA
/// dominance), so nothing dangles.
pub fn remove_unreachable_blocks(f: &mut Function) {
    let n = f.blocks.len();
    let mut reachable = vec![false; n];
    let mut stack = vec![0usize];
    reachable[0] = true;
    while let Some(b) = stack.pop() {
        for s in f.blocks[b].term.successors() {
            let s = s as usize;
            if s < n && !reachable[s] {
                reachable[s] = true;
                stack.push(s);
            }
        }
    }
    if reachable.iter().all(|r| *r) {
        return;
    }
    let mut new_id: Vec<Option<BlockId>> = vec![None; n];
    let mut next = 0;
    for (b, id) in new_id.iter_mut().enumerate() {
        if reachable[b] {
            *id = Some(next);
            next += 1;
        }
    }
    let old = std::mem::take(&mut f.blocks);
    for (b, mut block) in old.into_iter().enumerate() {
        if !reachable[b] {
            continue;
        }
        for s in successors_mut(&mut block.term) {
            // Successors of a reachable block are reachable.
            *s = new_id[*s as usize].expect("successor of a reachable block");
        }
        for phi in &mut block.phis {
            phi.incoming
                .retain(|(p, _)| new_id.get(*p as usize).copied().flatten().is_some());
            for (p, _) in &mut phi.incoming {
                *p = new_id[*p as usize].expect("kept predecessor");
            }
        }
        f.blocks.push(block);
    }
}

/// Renumbers registers to `0..k`: parameters keep `0..params.len()`, then
/// every defined register in definition order (phis before instructions,
/// block by block). A register read but never defined (not produced by the
/// lifter, but tolerated) gets a number too, so the result still validates.
pub fn compact_registers(f: &mut Function) {
    let nparams = f.params.len() as Reg;
    let mut map: Vec<Option<Reg>> = vec![None; f.num_regs.max(nparams) as usize];
    for (p, slot) in map.iter_mut().enumerate().take(nparams as usize) {
        *slot = Some(p as Reg);
    }
    let mut next = nparams;
    let mut number = |r: Reg, map: &mut Vec<Option<Reg>>| -> Reg {
        let i = r as usize;
        if i >= map.len() {
            map.resize(i + 1, None);
        }
        *map[i].get_or_insert_with(|| {
            next += 1;
            next - 1
        })
    };
    for block in &mut f.blocks {
        for phi in &mut block.phis {
            phi.dst = number(phi.dst, &mut map);
        }
        for inst in &mut block.insts {
            if let Some(d) = dst_mut(&mut inst.kind) {
                *d = number(*d, &mut map);
            }
        }
    }
    for block in &mut f.blocks {
        for_each_operand_mut(block, &mut |op| {
            if let Operand::Reg(r) = op {
                *r = number(*r, &mut map);
            }
        });
    }
    f.num_regs = next;
}
