//! Symmetry reduction (the scalarset idea of Ip & Dill, "Better
//! verification through symmetry", 1996; SPIN's and Murφ's symmetry
//! reduction): in a task farm the workers run the same code and differ
//! only in their rank, so states that differ only in which worker holds
//! which task have the same future up to a renaming of the workers. The
//! stateful search keys such a state by one renaming of it
//! (`memo_key::key`), so that one representative of each orbit is
//! explored.
//!
//! Soundness rests on two things:
//! - the program is symmetric: this module's analysis of the model
//!   (`analyze`) accepts a program only when every rank value it handles
//!   comes from `MPI_Comm_rank(MPI_COMM_WORLD, &r)` or a status's
//!   `MPI_SOURCE`, and is only copied (loads and stores into slots that
//!   hold nothing but rank values, phi, select), compared for equality
//!   (icmp eq/ne) with another rank value or a constant, or passed as the
//!   peer of a blocking point-to-point call on `MPI_COMM_WORLD`. The
//!   constants it is compared with or passed as peers (and rank 0, which
//!   alone reads standard input) are fixed by every renaming. Any other
//!   use (arithmetic, ordering comparisons, indexing, printing, a payload,
//!   a call), any other MPI call, any call of a function, OpenMP, files:
//!   no symmetry for the program. Under such a permutation π of ranks,
//!   the program's executions from π(S) are exactly the π-images of its
//!   executions from S (MPI's matching rules name ranks only through
//!   envelopes, which are renamed alike, MPI 3.1 §3.5);
//! - the key of a state is the existing key of its renamed state π(S)
//!   (`memo_key`), for one π chosen from S: every rank the state names is
//!   mapped (process slots, requests' owners and peers, envelopes and
//!   statuses, queues, the past's (rank, distance) coordinates, POE's
//!   deferred options, collective arrivals, the memory cells and
//!   registers the analysis found to hold ranks); a state holding anything
//!   naming ranks that is not renamed falls back to the plain key
//!   (`Symmetric::applies`). Two states with one key are then renamings of
//!   each other under a symmetry of the program.
//!
//! Merged subtrees are never explored: every error reported is found on an
//! execution the search ran, so its schedule is a concrete one that
//! `--replay` reproduces without any mapping back.

use runtime_model::handles::{
    MPI_ANY_SOURCE, MPI_COMM_WORLD, MPI_PROC_NULL, MPI_STATUS_IGNORE, MPI_STATUS_SIZE_BYTES,
    MPI_STATUS_SOURCE_OFFSET,
};
use runtime_model::model::{InstKind, IntPredicate, LibcFunc, Model, Operand, Terminator, Ty};
use runtime_model::mpi_api::MpiFunc;
use std::collections::{BTreeSet, HashMap};

/// What the analysis found about a symmetric program.
#[derive(Clone, Debug, PartialEq)]
pub struct Symmetry {
    /// Ranks every renaming fixes (constants compared with ranks or passed
    /// as peers, and 0).
    pub fixed: BTreeSet<u64>,
    /// Registers of the entry function that hold rank values.
    pub rank_regs: Vec<bool>,
    /// Memory cells (4 bytes) holding rank values: (alloca register of the
    /// entry function, offset in the allocation).
    pub cells: Vec<(u32, u64)>,
}

impl Symmetry {
    pub fn is_rank_reg(&self, r: u32) -> bool {
        self.rank_regs.get(r as usize).copied().unwrap_or(false)
    }
}

fn world(o: &Operand) -> bool {
    matches!(o, Operand::Const(c) if *c as u32 as i32 == MPI_COMM_WORLD)
}

/// The role a register plays for the analysis.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Role {
    /// An `int` slot `MPI_Comm_rank` writes: holds only rank values.
    RankSlot,
    /// An `MPI_Status` a receive writes.
    StatusSlot,
    /// A field of a status slot (its offset).
    StatusField(u64),
    /// A rank value.
    Rank,
}

struct Analysis {
    roles: HashMap<u32, Role>,
    fixed: BTreeSet<u64>,
}

impl Analysis {
    fn role(&self, o: &Operand) -> Option<Role> {
        match o {
            Operand::Reg(r) => self.roles.get(r).copied(),
            Operand::Const(_) => None,
        }
    }

    fn tracked(&self, o: &Operand) -> bool {
        self.role(o).is_some()
    }

    /// A rank value or a constant: the constant, if a rank, is fixed by
    /// every renaming. `None` for anything else.
    fn rank_or_const(&mut self, o: &Operand, special_ok: bool) -> Option<()> {
        match o {
            Operand::Reg(_) => (self.role(o) == Some(Role::Rank)).then_some(()),
            Operand::Const(c) => {
                let v = *c as u32 as i32;
                if v >= 0 {
                    self.fixed.insert(v as u64);
                    Some(())
                } else if special_ok && (v == MPI_ANY_SOURCE || v == MPI_PROC_NULL) {
                    Some(())
                } else {
                    None
                }
            }
        }
    }
}

/// Whether a C library function is free of anything that tells processes
/// apart (input, files, the clock, process ids, handlers to call).
fn harmless_libc(f: &LibcFunc) -> bool {
    use LibcFunc as L;
    matches!(
        f,
        L::Malloc
            | L::Calloc
            | L::Realloc
            | L::Free
            | L::Memcpy
            | L::Memmove
            | L::Memset
            | L::Strlen
            | L::Strcmp
            | L::Strncmp
            | L::Strcpy
            | L::Strncpy
            | L::Printf
            | L::Fprintf
            | L::Puts
            | L::Putchar
            | L::Sprintf
            | L::Snprintf
            | L::Fflush
            | L::AssertFail
            | L::Abort
            | L::Exit
            | L::ExitNow
    )
}

/// The symmetry of a program, or `None` when the analysis cannot show the
/// ranks other than the fixed ones interchangeable (see the module
/// comment). Conservative: anything it does not know makes it `None`.
pub fn analyze(model: &Model) -> Option<Symmetry> {
    if !model.init_functions.is_empty() || !model.exit_functions.is_empty() {
        return None;
    }
    let entry = model.entry as usize;
    // Nothing but the entry function runs: no calls of functions, no
    // callbacks, no OpenMP, no unknown code.
    for f in &model.functions {
        for b in &f.blocks {
            for i in &b.insts {
                match &i.kind {
                    InstKind::Call { .. }
                    | InstKind::CallIndirect { .. }
                    | InstKind::Foreign { .. }
                    | InstKind::Omp { .. }
                    | InstKind::Atomic { .. } => return None,
                    InstKind::Libc { func, .. } if !harmless_libc(func) => return None,
                    InstKind::Mpi { func, .. } => {
                        use MpiFunc as F;
                        if !matches!(
                            func,
                            F::Init
                                | F::Finalize
                                | F::CommRank
                                | F::CommSize
                                | F::Send
                                | F::Ssend
                                | F::Recv
                                | F::Barrier
                                | F::Abort
                        ) {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    let f = model.functions.get(entry)?;
    let entry_block = f.blocks.first()?;
    // Allocas of the entry block before its first MPI call: every process
    // has made them by the time it is in MPI, and their registers keep
    // their addresses for the whole run (SSA; the entry block runs once).
    let mut early_allocas: HashMap<u32, u64> = HashMap::new();
    for i in &entry_block.insts {
        match &i.kind {
            InstKind::Mpi { .. } => break,
            InstKind::Alloca {
                dst,
                elem_size,
                count: Operand::Const(1),
            } => {
                early_allocas.insert(*dst, *elem_size);
            }
            _ => {}
        }
    }
    let mut a = Analysis {
        roles: HashMap::new(),
        fixed: BTreeSet::from([0]),
    };
    // The slots.
    for b in &f.blocks {
        for i in &b.insts {
            let InstKind::Mpi { func, args, .. } = &i.kind else {
                continue;
            };
            match func {
                MpiFunc::CommRank => {
                    let Some(Operand::Reg(r)) = args.get(1) else {
                        return None;
                    };
                    if early_allocas.get(r) != Some(&4) || !world(args.first()?) {
                        return None;
                    }
                    if a.roles.insert(*r, Role::RankSlot) == Some(Role::StatusSlot) {
                        return None;
                    }
                }
                MpiFunc::Recv => match args.get(6)? {
                    Operand::Const(c) if *c as i64 == MPI_STATUS_IGNORE => {}
                    Operand::Reg(r) if early_allocas.get(r) == Some(&MPI_STATUS_SIZE_BYTES) => {
                        if a.roles.insert(*r, Role::StatusSlot) == Some(Role::RankSlot) {
                            return None;
                        }
                    }
                    _ => return None,
                },
                _ => {}
            }
        }
    }
    // Fields of the statuses, then rank values, to a fixpoint.
    loop {
        let before = a.roles.len();
        for b in &f.blocks {
            for p in &b.phis {
                if p.incoming
                    .iter()
                    .any(|(_, o)| a.role(o) == Some(Role::Rank))
                {
                    a.roles.entry(p.dst).or_insert(Role::Rank);
                }
            }
            for i in &b.insts {
                match &i.kind {
                    InstKind::Gep {
                        dst,
                        base,
                        offset,
                        indices,
                    } if a.role(base) == Some(Role::StatusSlot) => {
                        if !indices.is_empty() || *offset < 0 || *offset % 4 != 0 || *offset >= 20 {
                            return None;
                        }
                        a.roles
                            .entry(*dst)
                            .or_insert(Role::StatusField(*offset as u64));
                    }
                    InstKind::Load { dst, ptr, .. } => {
                        let rank = match a.role(ptr) {
                            Some(Role::RankSlot) => true,
                            Some(Role::StatusField(o)) => o == MPI_STATUS_SOURCE_OFFSET,
                            _ => false,
                        };
                        if rank {
                            a.roles.entry(*dst).or_insert(Role::Rank);
                        }
                    }
                    InstKind::Select {
                        dst,
                        if_true,
                        if_false,
                        ..
                    } if a.role(if_true) == Some(Role::Rank)
                        || a.role(if_false) == Some(Role::Rank) =>
                    {
                        a.roles.entry(*dst).or_insert(Role::Rank);
                    }
                    _ => {}
                }
            }
        }
        if a.roles.len() == before {
            break;
        }
    }
    // Every use of every tracked register must be one the renaming
    // preserves.
    for b in &f.blocks {
        for p in &b.phis {
            if a.roles.get(&p.dst) == Some(&Role::Rank) {
                for (_, o) in &p.incoming {
                    a.rank_or_const(o, false)?;
                }
            } else if p.incoming.iter().any(|(_, o)| a.tracked(o)) {
                return None;
            }
        }
        for i in &b.insts {
            check_inst(&mut a, &i.kind)?;
        }
        match &b.term {
            Terminator::Switch { value, cases, .. } if a.role(value) == Some(Role::Rank) => {
                for (c, _) in cases {
                    a.rank_or_const(&Operand::Const(*c), false)?;
                }
            }
            Terminator::CondBr { cond: o, .. }
            | Terminator::Switch { value: o, .. }
            | Terminator::Ret { value: Some(o) }
                if a.tracked(o) =>
            {
                return None
            }
            _ => {}
        }
    }
    let mut rank_regs = vec![false; f.num_regs as usize];
    let mut cells = Vec::new();
    for (&r, role) in &a.roles {
        match role {
            Role::Rank => *rank_regs.get_mut(r as usize)? = true,
            Role::RankSlot => cells.push((r, 0)),
            Role::StatusSlot => cells.push((r, MPI_STATUS_SOURCE_OFFSET)),
            Role::StatusField(_) => {}
        }
    }
    cells.sort_unstable();
    Some(Symmetry {
        fixed: a.fixed,
        rank_regs,
        cells,
    })
}

/// Whether one instruction uses tracked registers only in ways every
/// renaming preserves (`None` otherwise).
fn check_inst(a: &mut Analysis, kind: &InstKind) -> Option<()> {
    let ok_if = |b: bool| b.then_some(());
    match kind {
        InstKind::Load { ptr, ty, .. } => match a.role(ptr) {
            None => Some(()),
            Some(Role::Rank) => None,
            Some(_) => ok_if(*ty == Ty::I32),
        },
        InstKind::Store { ty, value, ptr } => match a.role(ptr) {
            None => ok_if(!a.tracked(value)),
            Some(Role::RankSlot) => {
                if *ty != Ty::I32 {
                    return None;
                }
                a.rank_or_const(value, false)
            }
            Some(_) => None,
        },
        InstKind::Gep { base, indices, .. } => {
            let (_, ops) = kind.dst_and_operands();
            if a.role(base) == Some(Role::StatusSlot) {
                // Checked when the fields were found: constant offsets.
                return ok_if(indices.is_empty());
            }
            ok_if(!ops.iter().any(|o| a.tracked(o)))
        }
        InstKind::ICmp { pred, lhs, rhs, .. } => {
            let l = a.role(lhs) == Some(Role::Rank);
            let r = a.role(rhs) == Some(Role::Rank);
            if !l && !r {
                return ok_if(!a.tracked(lhs) && !a.tracked(rhs));
            }
            if !matches!(pred, IntPredicate::Eq | IntPredicate::Ne) {
                return None;
            }
            a.rank_or_const(lhs, false)?;
            a.rank_or_const(rhs, false)
        }
        InstKind::Select {
            dst,
            cond,
            if_true,
            if_false,
        } => {
            if a.tracked(cond) {
                return None;
            }
            if a.roles.get(dst) == Some(&Role::Rank) {
                a.rank_or_const(if_true, false)?;
                a.rank_or_const(if_false, false)
            } else {
                ok_if(!a.tracked(if_true) && !a.tracked(if_false))
            }
        }
        InstKind::LifetimeEnd { .. } => Some(()),
        InstKind::Mpi { func, args, .. } => {
            use MpiFunc as F;
            // (argument, what it may be)
            for (k, o) in args.iter().enumerate() {
                let role = a.role(o);
                let allowed = match (func, k) {
                    (F::CommRank, 0) | (F::CommSize, 0) | (F::Barrier, 0) => {
                        if !world(o) {
                            return None;
                        }
                        true
                    }
                    (F::CommRank, 1) => role == Some(Role::RankSlot),
                    (F::Send | F::Ssend | F::Recv, 5) => {
                        if !world(o) {
                            return None;
                        }
                        true
                    }
                    (F::Send | F::Ssend | F::Recv, 3) => {
                        a.rank_or_const(o, true)?;
                        true
                    }
                    (F::Recv, 6) => matches!(role, None | Some(Role::StatusSlot)),
                    _ => role.is_none(),
                };
                if !allowed {
                    return None;
                }
            }
            Some(())
        }
        _ => {
            let (_, ops) = kind.dst_and_operands();
            ok_if(!ops.iter().any(|o| a.tracked(o)))
        }
    }
}

/// A renaming of ranks: `order[j]` is the rank whose process takes slot
/// `j` of the renamed state, `new_of` the inverse.
#[derive(Clone, Debug)]
pub struct Renaming {
    pub order: Vec<usize>,
    pub new_of: Vec<usize>,
}

impl Renaming {
    pub fn identity(np: usize) -> Renaming {
        Renaming {
            order: (0..np).collect(),
            new_of: (0..np).collect(),
        }
    }

    /// The renamed rank (values that are no rank stay as they are).
    pub fn rank(&self, r: usize) -> usize {
        self.new_of.get(r).copied().unwrap_or(r)
    }

    /// A rank value as a register or memory holds it (an `int`,
    /// zero-extended): the specials (`MPI_ANY_SOURCE`, `MPI_PROC_NULL`)
    /// and anything not a rank stay.
    pub fn value(&self, v: u64) -> u64 {
        if v < self.new_of.len() as u64 {
            self.new_of[v as usize] as u64
        } else {
            v
        }
    }

    pub fn is_identity(&self) -> bool {
        self.order.iter().enumerate().all(|(j, &r)| j == r)
    }

    /// The renaming that sorts the ranks not fixed by their signatures
    /// (ties by rank) into the slots of the ranks not fixed, in order.
    pub fn sorting(np: usize, fixed: &BTreeSet<u64>, signature: impl Fn(usize) -> u128) -> Self {
        let free: Vec<usize> = (0..np).filter(|r| !fixed.contains(&(*r as u64))).collect();
        let mut sorted: Vec<(u128, usize)> = free.iter().map(|&r| (signature(r), r)).collect();
        sorted.sort_unstable();
        let mut order: Vec<usize> = (0..np).collect();
        for (slot, (_, r)) in free.iter().zip(&sorted) {
            order[*slot] = *r;
        }
        let mut new_of = vec![0; np];
        for (j, &r) in order.iter().enumerate() {
            new_of[r] = j;
        }
        Renaming { order, new_of }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use runtime_model::model::BinOp;
    use runtime_model::testkit::{c, FnBuilder, ModelBuilder};

    const WORLD: u64 = MPI_COMM_WORLD as u32 as u64;
    const INT: u64 = runtime_model::handles::MPI_INT as u32 as u64;

    /// `rank` from MPI_Comm_rank, then `use_rank` makes the peer of a send
    /// to rank 0 out of it (or returns `None` to send to `rank` itself).
    fn model(use_rank: impl Fn(&mut FnBuilder, u32, Operand) -> Option<Operand>) -> Model {
        let mut mb = ModelBuilder::new();
        let mut f = FnBuilder::new("main", &[], Some(Ty::I32));
        let slot = f.alloca(0, 4);
        let buf = f.alloca(0, 4);
        f.mpi(0, MpiFunc::Init, &[c(0), c(0)]);
        f.mpi(0, MpiFunc::CommRank, &[c(WORLD), slot]);
        let rank = f.load(0, Ty::I32, slot);
        let peer = use_rank(&mut f, 0, rank).unwrap_or(rank);
        f.mpi(0, MpiFunc::Send, &[buf, c(1), c(INT), peer, c(0), c(WORLD)]);
        f.mpi(0, MpiFunc::Finalize, &[]);
        f.ret(0, Some(c(0)));
        let id = mb.add(f.finish());
        mb.finish(id)
    }

    #[test]
    fn ranks_only_addressed_and_compared_are_symmetric() {
        let m = model(|f, b, rank| {
            f.icmp(b, IntPredicate::Eq, rank, c(3));
            None
        });
        let s = analyze(&m).expect("symmetric");
        assert_eq!(s.fixed, BTreeSet::from([0, 3]));
        assert_eq!(s.cells.len(), 1);
    }

    #[test]
    fn arithmetic_or_ordering_on_a_rank_is_not_symmetric() {
        let m = model(|f, b, rank| Some(f.bin(b, BinOp::Add, rank, c(1))));
        assert_eq!(analyze(&m), None);
        let m = model(|f, b, rank| {
            f.icmp(b, IntPredicate::Slt, rank, c(3));
            None
        });
        assert_eq!(analyze(&m), None);
    }

    #[test]
    fn a_rank_stored_elsewhere_printed_or_as_a_tag_is_not_symmetric() {
        // Stored into the send buffer: the payload would name a rank.
        let m = model(|f, b, rank| {
            let other = f.alloca(b, 4);
            f.store(b, Ty::I32, rank, other);
            None
        });
        assert_eq!(analyze(&m), None);
        // Printed.
        let m = model(|f, b, rank| {
            f.libc(b, LibcFunc::Printf, &[(c(0), Ty::Ptr), (rank, Ty::I32)]);
            None
        });
        assert_eq!(analyze(&m), None);
        // As a tag.
        let m = model(|f, b, rank| {
            f.mpi(
                b,
                MpiFunc::Send,
                &[c(0), c(1), c(INT), c(0), rank, c(WORLD)],
            );
            None
        });
        assert_eq!(analyze(&m), None);
    }

    #[test]
    fn sorting_moves_only_free_ranks() {
        let fixed = BTreeSet::from([0u64, 3]);
        let sig = [9u128, 5, 1, 0, 7];
        let r = Renaming::sorting(5, &fixed, |k| sig[k]);
        assert_eq!(r.order[0], 0);
        assert_eq!(r.order[3], 3);
        // Free slots 1, 2, 4 get ranks by signature: 2 (1), 1 (5), 4 (7).
        assert_eq!(r.order, vec![0, 2, 1, 3, 4]);
        for (j, &o) in r.order.iter().enumerate() {
            assert_eq!(r.new_of[o], j);
        }
        assert_eq!(r.value(1), 2);
        assert_eq!(
            r.value(MPI_ANY_SOURCE as u32 as u64),
            MPI_ANY_SOURCE as u32 as u64
        );
    }
}
