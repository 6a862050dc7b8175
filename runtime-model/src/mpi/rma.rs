//! One-sided communication state (MPI 3.1 chapter 11): windows, each
//! member's exposed region, the access epochs each member has open, the lock
//! table of each target and the RMA operations issued and not yet complete.
//! The checker decodes the calls, orders them (happens-before) and reports
//! errors; this module only keeps what the library knows.

use super::p2p::EventRef;
use super::CommId;
use crate::model::LocId;
use crate::mpi_api::MpiFunc;

/// Index of a window in [`Rma::windows`].
pub type WinId = usize;

/// Handle of the first window; later ones count up. The same handle names a
/// window in every member (handles are local objects, MPI 3.1 §2.5.1, and
/// may coincide).
pub const WIN_HANDLE_BASE: i32 = 0xa010_0000u32 as i32;

/// How a window's memory came to be (`MPI_WIN_CREATE_FLAVOR`, §11.2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavor {
    /// `MPI_Win_create`: the program's own memory.
    Create,
    /// `MPI_Win_allocate`: memory MPI allocated, freed with the window.
    Allocate,
    /// `MPI_Win_create_dynamic`: regions attached and detached by each
    /// member; target displacements are addresses (§11.2.4).
    Dynamic,
    /// `MPI_Win_allocate_shared`: one block of memory every member loads
    /// from and stores to directly, the members' segments one after the
    /// other (§11.2.3).
    Shared,
}

/// One member's exposed memory: `size` bytes at `base`; a target
/// displacement counts in units of `disp_unit` bytes (§11.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    pub base: u64,
    pub size: u64,
    pub disp_unit: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LockKind {
    Shared,
    Exclusive,
}

impl LockKind {
    pub fn name(self) -> &'static str {
        match self {
            LockKind::Shared => "MPI_LOCK_SHARED",
            LockKind::Exclusive => "MPI_LOCK_EXCLUSIVE",
        }
    }
}

/// The epochs one member has open on a window (§11.5; Hoefler et al. 2015, §2.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Epochs {
    /// The last fence, unless it asserted `MPI_MODE_NOSUCCEED`: the fence
    /// that starts an access epoch if RMA calls and another fence follow
    /// it (MPI 3.1 §11.5.1), as (location, index of its instance among the
    /// window's collectives). An operation of the epoch reaches a target
    /// only once the target entered that same fence.
    pub fence: Option<(LocId, usize)>,
    /// The first RMA call issued since that fence outside a lock or
    /// `MPI_Win_start` epoch to its target: the call that makes the fence's
    /// access epoch real. Until one is issued, the fence started no epoch
    /// and a lock or start may follow it.
    pub fence_ops: Option<LocId>,
    /// Lock epochs to single targets: (target, kind, location of the lock).
    pub locks: Vec<(usize, LockKind, LocId)>,
    /// A `MPI_Win_lock_all` epoch (location of the call).
    pub lock_all: Option<LocId>,
    /// A `MPI_Win_start` access epoch: the targets with the index of the
    /// post each matched (empty while the start waits), and its location.
    pub start: Option<(Vec<(usize, usize)>, LocId)>,
    /// A `MPI_Win_post` exposure epoch: the index of the post, its location.
    pub post: Option<(usize, LocId)>,
}

impl Epochs {
    /// Whether a passive-target epoch to `target` is open.
    pub fn locked(&self, target: usize) -> bool {
        self.lock_all.is_some() || self.locks.iter().any(|l| l.0 == target)
    }

    pub fn passive(&self) -> bool {
        self.lock_all.is_some() || !self.locks.is_empty()
    }

    /// The fence access epoch, once RMA calls made it real: (location of
    /// the fence, location of its first RMA call).
    pub fn fence_epoch(&self) -> Option<(LocId, LocId)> {
        Some((self.fence?.0, self.fence_ops?))
    }

    /// Whether an RMA call to `target` now belongs to a lock or
    /// `MPI_Win_start` epoch (and so not to a fence epoch).
    pub fn covers(&self, target: usize) -> bool {
        self.locked(target)
            || self
                .start
                .as_ref()
                .is_some_and(|(ts, _)| ts.iter().any(|(x, _)| *x == target))
    }
}

/// An exposure epoch a target opened with `MPI_Win_post` (§11.5.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Post {
    /// The origins it admits (members).
    pub group: Vec<usize>,
    /// Its assertions (`MPI_MODE_NOPUT` binds the origins, §11.5.5).
    pub assert: i32,
    pub event: EventRef,
    /// Origins whose `MPI_Win_start` matched it.
    pub started: Vec<usize>,
    /// Origins whose `MPI_Win_complete` closed their access, with that call.
    pub completed: Vec<(usize, EventRef)>,
}

/// What an RMA operation does at its target (§11.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    Put,
    Get,
    /// An accumulate-family call: `MPI_Accumulate`, `MPI_Get_accumulate`,
    /// `MPI_Fetch_and_op`, `MPI_Compare_and_swap`, with its op (the CAS is
    /// `MPI_REPLACE`-like) and basic datatype; `updates` is false for
    /// `MPI_NO_OP` (an atomic read).
    Atomic {
        op: i32,
        basic: i32,
        updates: bool,
    },
}

/// An RMA operation issued and not complete at its target yet.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RmaOp {
    pub win: WinId,
    pub origin: usize,
    pub target: usize,
    pub func: MpiFunc,
    pub loc: LocId,
    pub kind: OpKind,
    /// The target bytes, as addresses in the target's memory.
    pub ranges: Vec<(u64, u64)>,
    /// What the origin contributes (packed), for an atomic operation.
    pub data: Option<std::sync::Arc<[u8]>>,
    /// The compare value of a compare-and-swap.
    pub compare: Option<std::sync::Arc<[u8]>>,
    /// Where the old target values go at the origin (an atomic read): byte
    /// ranges in the result buffer, in type-map order.
    pub result: Option<Vec<(u64, u64)>>,
    /// Applied to target memory (Put and Get are applied when issued; an
    /// atomic operation when the search decides its turn).
    pub applied: bool,
    /// Complete at the origin (buffers are the program's again).
    pub local_done: bool,
}

/// One window.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    pub handle: i32,
    /// The communicator it was created over.
    pub comm: CommId,
    /// A hidden communicator over the same group on which the window's own
    /// collectives (`MPI_Win_fence`, `MPI_Win_free`) rendezvous, in their
    /// own order (§11.2.5, §11.5.1).
    pub sync: CommId,
    pub flavor: Flavor,
    /// Per member (rank in `comm`): its region, once it created the window.
    pub regions: Vec<Option<Region>>,
    /// Per member: the call that made its handle (location), `None` once freed.
    pub live: Vec<Option<LocId>>,
    pub epochs: Vec<Epochs>,
    /// A shared window's memory: the allocation ids, the same in every
    /// member's memory (each process holds a copy the checker keeps equal);
    /// one block of every segment, or one per segment with the
    /// `alloc_shared_noncontig` hint (MPI 3.1 §11.2.3).
    pub shared: Vec<u32>,
    /// Per member: the info hints in use (from the creation call or the
    /// last `MPI_Win_set_info`, §11.2.7).
    pub hints: Vec<Vec<(String, String)>>,
    /// Per target member: the members holding a lock on it.
    pub holders: Vec<Vec<(usize, LockKind)>>,
    /// Per member of a dynamic window: the regions it attached.
    pub attached: Vec<Vec<Region>>,
    /// Per target member: its posts, in order.
    pub posts: Vec<Vec<Post>>,
    /// `matched[o][t]`: how far origin `o`'s starts have matched target
    /// `t`'s posts (the next start matches the first post from there that
    /// names `o`).
    pub matched: Vec<Vec<usize>>,
}

impl Window {
    /// Whether `origin` may be granted a `kind` lock on `target` now.
    pub fn grantable(&self, target: usize, kind: LockKind) -> bool {
        let held = &self.holders[target];
        match kind {
            LockKind::Exclusive => held.is_empty(),
            LockKind::Shared => held.iter().all(|h| h.1 == LockKind::Shared),
        }
    }
}

/// The one-sided state of the world.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rma {
    pub windows: Vec<Window>,
    /// Window made by the creation collective (communicator, instance).
    pub made_by: Vec<((CommId, usize), WinId)>,
    /// Operations not complete at their target, in issue order.
    pub ops: Vec<(u64, RmaOp)>,
    /// Id of the next operation.
    pub next_op: u64,
}

impl Rma {
    /// The window a member names by `handle`.
    pub fn window_of(&self, handle: i32) -> Option<WinId> {
        let id = handle.wrapping_sub(WIN_HANDLE_BASE);
        (id >= 0 && (id as usize) < self.windows.len()).then_some(id as usize)
    }

    /// Index in `ops` of operation `id`.
    pub fn op_index(&self, id: u64) -> Option<usize> {
        // Operations are pushed as they are issued, with increasing ids
        // (`next_op`), and only removed: the list stays sorted.
        self.ops.binary_search_by_key(&id, |(i, _)| *i).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(holders: Vec<(usize, LockKind)>) -> Window {
        Window {
            handle: WIN_HANDLE_BASE,
            comm: 0,
            sync: 1,
            flavor: Flavor::Create,
            regions: vec![None; 2],
            live: vec![None; 2],
            epochs: vec![Epochs::default(); 2],
            shared: Vec::new(),
            hints: vec![Vec::new(); 2],
            holders: vec![holders, vec![]],
            attached: vec![Vec::new(); 2],
            posts: vec![Vec::new(); 2],
            matched: vec![vec![0; 2]; 2],
        }
    }

    #[test]
    fn shared_locks_coexist_and_exclusive_ones_exclude() {
        use LockKind::*;
        assert!(window(vec![]).grantable(0, Exclusive));
        assert!(window(vec![(1, Shared)]).grantable(0, Shared));
        assert!(!window(vec![(1, Shared)]).grantable(0, Exclusive));
        assert!(!window(vec![(1, Exclusive)]).grantable(0, Shared));
    }

    #[test]
    fn handles_name_windows() {
        let mut rma = Rma::default();
        assert_eq!(rma.window_of(WIN_HANDLE_BASE), None);
        rma.windows.push(window(vec![]));
        assert_eq!(rma.window_of(WIN_HANDLE_BASE), Some(0));
        assert_eq!(rma.window_of(WIN_HANDLE_BASE + 1), None);
        assert_eq!(rma.window_of(0), None);
    }
}
