//! MPI semantics: communicators, point-to-point requests and matching,
//! collective rendezvous. The checker decodes calls and drives these; the
//! exploration policy (which choice to take) is not here.

pub mod attrs;
pub mod collective;
pub mod comm;
pub mod errhandlers;
pub mod file;
pub mod numbered;
pub mod objects;
pub mod p2p;
pub mod rma;

use crate::handles as h;
use crate::model::LocId;
use crate::mpi_api::MpiFunc;
use collective::Instance;
use comm::Cart;
use p2p::{EventRef, P2p};

/// Index of a communicator in [`World::comms`].
pub type CommId = usize;

/// Handle of the first communicator a process creates; later ones count up
/// (MPICH's direct communicator handles).
pub const COMM_HANDLE_BASE: i32 = 0x8400_0000u32 as i32;
/// Handle of the first group a process creates (MPICH's direct group handles).
pub const GROUP_HANDLE_BASE: i32 = 0x8800_0000u32 as i32;

/// Virtual topology attached to a communicator (MPI 3.1 §7.2).
#[derive(Clone, Debug, PartialEq, Hash)]
pub enum Topology {
    None,
    Cart(Cart),
    /// MPI_Graph_create (§7.5.3): neighbors of each rank.
    Graph(Vec<Vec<i32>>),
    /// MPI_Dist_graph_create(_adjacent) (§7.5.4): per rank, its sources and
    /// destinations as (rank, weight), in order, and whether weights were
    /// given.
    DistGraph {
        sources: Vec<Vec<(i32, i32)>>,
        destinations: Vec<Vec<(i32, i32)>>,
        weighted: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Comm {
    /// Handle value for messages (the first member's handle).
    pub handle: i32,
    /// World ranks of the members, by rank in the communicator. For an
    /// intercommunicator, one of its two groups.
    pub members: Vec<usize>,
    /// The other group of an intercommunicator (MPI 3.1 §6.6).
    pub remote: Option<Vec<usize>>,
    pub topology: Topology,
    /// For an intercommunicator: a hidden communicator over both groups on
    /// which its collectives (MPI_Intercomm_merge) rendezvous.
    pub bridge: Option<CommId>,
    /// Collective calls in the order members make them (MPI 3.1 §5.12).
    pub instances: collective::Instances,
    /// How many collectives each member has started.
    pub next_instance: Vec<usize>,
    /// The call that made it and the communicator it was made from (`None`
    /// for the predefined ones and hidden helpers): reports name a
    /// communicator by where it comes from (`comm#2 (split of WORLD)`).
    pub origin: Option<(crate::mpi_api::MpiFunc, CommId)>,
}

impl Comm {
    pub fn new(handle: i32, members: Vec<usize>) -> Comm {
        let n = members.len();
        Comm {
            handle,
            members,
            remote: None,
            topology: Topology::None,
            bridge: None,
            instances: collective::Instances::default(),
            next_instance: vec![0; n],
            origin: None,
        }
    }

    /// Members of an intracommunicator; one group of an intercommunicator.
    pub fn size(&self) -> usize {
        self.members.len()
    }

    pub fn is_inter(&self) -> bool {
        self.remote.is_some()
    }

    /// The group `world_rank` belongs to (both groups of an intercommunicator
    /// are disjoint, MPI 3.1 §6.6.2).
    pub fn local_group(&self, world_rank: usize) -> &[usize] {
        match &self.remote {
            Some(r) if r.contains(&world_rank) => r,
            _ => &self.members,
        }
    }

    /// The other group of an intercommunicator, seen from `world_rank`.
    pub fn remote_group(&self, world_rank: usize) -> Option<&[usize]> {
        let r = self.remote.as_deref()?;
        Some(if r.contains(&world_rank) {
            &self.members
        } else {
            r
        })
    }

    /// The processes point-to-point ranks name for `world_rank`: the remote
    /// group of an intercommunicator (MPI 3.1 §6.6.1).
    pub fn peers(&self, world_rank: usize) -> &[usize] {
        self.remote_group(world_rank).unwrap_or(&self.members)
    }

    /// Rank of `world_rank` in its own group.
    pub fn rank_of(&self, world_rank: usize) -> Option<usize> {
        // Most communicators keep world order, and MPI_COMM_WORLD is the
        // identity: no search (a search per call made n ranks cost n^2).
        if self.members.get(world_rank) == Some(&world_rank) {
            return Some(world_rank);
        }
        self.members
            .iter()
            .position(|&m| m == world_rank)
            .or_else(|| self.remote.as_ref()?.iter().position(|&m| m == world_rank))
    }

    /// The instance member `rank` (communicator rank) joins next.
    pub fn join_next(&mut self, rank: usize, synchronizing: bool) -> usize {
        let k = self.next_instance[rank];
        self.next_instance[rank] += 1;
        if self.instances.len() <= k {
            let n = self.size();
            let mut inst = Instance::new(n);
            inst.synchronizing = synchronizing;
            self.instances.push(inst);
        }
        k
    }
}

/// One process's handle to a communicator: handles are local objects
/// (MPI 3.1 §2.5.1), and the error handler belongs to the process's view.
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct CommRef {
    pub comm: CommId,
    pub freed: bool,
    pub errhandler: i32,
}

/// Why a handle names no usable object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleError {
    /// The null handle (`MPI_COMM_NULL`, `MPI_GROUP_NULL`).
    Null,
    /// Freed by the process (MPI_Comm_free, MPI_Group_free).
    Freed,
    /// Not a handle this process holds.
    Unknown,
}

/// One group's half of an MPI_Intercomm_create, waiting for the other.
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct IntercommHalf {
    /// The local communicator and its collective instance of the call.
    pub local: CommId,
    pub instance: usize,
    /// Hidden communicator over the group on which its members wait until
    /// the other group has arrived.
    pub hold: CommId,
    pub group: Vec<usize>,
    /// World rank of the local leader, and of the remote one once the local
    /// leader has called.
    pub leader: usize,
    pub remote_leader: Option<usize>,
    /// The leaders' communicator and tag.
    pub peer: CommId,
    pub tag: i32,
    /// Every member of the group has called.
    pub complete: bool,
}

/// Hidden communicator on which the members of an MPI_Comm_create_group
/// call rendezvous (the call is collective over the group only, §6.4.2).
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct GroupRendezvous {
    pub parent: CommId,
    pub group: Vec<usize>,
    pub tag: i32,
    pub comm: CommId,
}

/// The kinds of MPI object a process makes and must free before
/// MPI_Finalize (MPI 3.1 §8.7; predefined objects are never freed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectKind {
    Communicator,
    Group,
    Datatype,
    Op,
    /// A buffer given to MPI_Buffer_attach (MPI 3.1 §3.6.1).
    AttachedBuffer,
}

impl ObjectKind {
    /// How reports name the kind.
    pub fn name(self) -> &'static str {
        match self {
            ObjectKind::Communicator => "communicator",
            ObjectKind::Group => "group",
            ObjectKind::Datatype => "datatype",
            ObjectKind::Op => "operation",
            ObjectKind::AttachedBuffer => "buffer",
        }
    }

    /// The call that frees an object of this kind.
    pub fn free_call(self) -> &'static str {
        match self {
            ObjectKind::Communicator => "MPI_Comm_free",
            ObjectKind::Group => "MPI_Group_free",
            ObjectKind::Datatype => "MPI_Type_free",
            ObjectKind::Op => "MPI_Op_free",
            ObjectKind::AttachedBuffer => "MPI_Buffer_detach",
        }
    }
}

/// Where a process was handed an object: the call that made it, so a leak
/// report points at the creation line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    pub kind: ObjectKind,
    pub handle: i32,
    pub loc: LocId,
    pub func: MpiFunc,
}

/// The MPI library state shared by all processes.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub np: usize,
    /// Implementation choices fixed for a whole search (the naive oracle
    /// explores each; the reduced search keeps both off and finds their
    /// deadlocks on the completes-before graph): standard sends never
    /// buffer, collectives synchronize.
    pub zero_buffer: bool,
    pub synchronizing_collectives: bool,
    pub p2p: P2p,
    pub comms: Vec<Comm>,
    /// Per process, the communicators it holds: `MPI_COMM_WORLD`,
    /// `MPI_COMM_SELF`, then those it created, in order.
    pub comm_refs: Vec<Vec<CommRef>>,
    /// Per process, the groups it created (`None` once freed).
    pub groups: Vec<Vec<Option<Vec<usize>>>>,
    /// Per process, the thread level MPI_Init(_thread) provided.
    pub thread_level: Vec<i32>,
    /// Per process, where the value of each predefined attribute it asked
    /// for lives in its memory: (keyval, address).
    pub attr_cells: Vec<Vec<(i32, u64)>>,
    pub intercomm_halves: Vec<IntercommHalf>,
    pub group_rendezvous: Vec<GroupRendezvous>,
    /// Per process, the MPI call it is issuing or blocked in (set by the
    /// checker when the call is issued). A communicator or group handed to
    /// a process is made by that call: a collective that completes because
    /// of another member's call still hands each member its handle inside
    /// the member's own call.
    pub current_call: Vec<Option<(LocId, MpiFunc)>>,
    /// Per process, the objects it was handed, in order, with their origin.
    pub origins: Vec<Vec<Origin>>,
    /// The objects each process makes locally: derived datatypes, user
    /// operations, info objects, communicator names.
    pub objects: objects::Objects,
    /// Windows and one-sided operations (MPI 3.1 ch. 11).
    pub rma: rma::Rma,
    /// The file system of the check and the files opened on it (MPI 3.1
    /// ch. 13).
    pub files: file::Files,
}

impl World {
    pub fn new(np: usize) -> World {
        let mut comms = vec![Comm::new(h::MPI_COMM_WORLD, (0..np).collect())];
        let mut comm_refs = Vec::with_capacity(np);
        for r in 0..np {
            comms.push(Comm::new(h::MPI_COMM_SELF, vec![r]));
            let fatal = |comm| CommRef {
                comm,
                freed: false,
                errhandler: h::MPI_ERRORS_ARE_FATAL,
            };
            comm_refs.push(vec![fatal(0), fatal(1 + r)]);
        }
        World {
            np,
            zero_buffer: false,
            synchronizing_collectives: false,
            p2p: P2p::new(np),
            comms,
            comm_refs,
            groups: vec![Vec::new(); np],
            thread_level: vec![h::MPI_THREAD_SINGLE; np],
            attr_cells: vec![Vec::new(); np],
            intercomm_halves: Vec::new(),
            group_rendezvous: Vec::new(),
            current_call: vec![None; np],
            origins: vec![Vec::new(); np],
            objects: objects::Objects::default(),
            rma: rma::Rma::default(),
            files: file::Files::default(),
        }
    }

    /// Records that process `rank` was handed object `handle` by the call
    /// it is in (nothing outside a call: tests build worlds directly).
    pub fn record_origin(&mut self, rank: usize, kind: ObjectKind, handle: i32) {
        if let (Some(Some((loc, func))), Some(list)) =
            (self.current_call.get(rank), self.origins.get_mut(rank))
        {
            list.push(Origin {
                kind,
                handle,
                loc: *loc,
                func: *func,
            });
        }
    }

    fn comm_slot(&self, handle: i32, rank: usize) -> Result<usize, HandleError> {
        let refs = self.comm_refs.get(rank).ok_or(HandleError::Unknown)?;
        let slot = match handle {
            h::MPI_COMM_NULL => return Err(HandleError::Null),
            h::MPI_COMM_WORLD => 0,
            h::MPI_COMM_SELF => 1,
            _ => 2 + handle.wrapping_sub(COMM_HANDLE_BASE) as u32 as usize,
        };
        match refs.get(slot) {
            Some(r) if r.freed => Err(HandleError::Freed),
            Some(_) => Ok(slot),
            None => Err(HandleError::Unknown),
        }
    }

    /// The handle of process `rank`'s communicator reference `slot`.
    fn slot_handle(slot: usize) -> i32 {
        match slot {
            0 => h::MPI_COMM_WORLD,
            1 => h::MPI_COMM_SELF,
            s => COMM_HANDLE_BASE.wrapping_add((s - 2) as i32),
        }
    }

    /// The communicator reference a handle names for process `rank`.
    pub fn comm_ref(&self, handle: i32, rank: usize) -> Result<&CommRef, HandleError> {
        let slot = self.comm_slot(handle, rank)?;
        Ok(&self.comm_refs[rank][slot])
    }

    pub fn comm_ref_mut(&mut self, handle: i32, rank: usize) -> Result<&mut CommRef, HandleError> {
        let slot = self.comm_slot(handle, rank)?;
        Ok(&mut self.comm_refs[rank][slot])
    }

    /// The communicator a handle names for process `rank`, if it is a live
    /// handle of that process and the process is a member.
    pub fn resolve_comm(&self, handle: i32, rank: usize) -> Option<CommId> {
        let id = self.comm_ref(handle, rank).ok()?.comm;
        let c = self.comms.get(id)?;
        (c.members.contains(&rank) || c.remote.as_ref().is_some_and(|r| r.contains(&rank)))
            .then_some(id)
    }

    /// Adds a communicator; its handles are made with [`World::bind_comm`].
    pub fn add_comm(&mut self, comm: Comm) -> CommId {
        self.comms.push(comm);
        self.comms.len() - 1
    }

    /// A fresh handle of process `rank` for communicator `comm`.
    pub fn bind_comm(&mut self, rank: usize, comm: CommId, errhandler: i32) -> i32 {
        let refs = &mut self.comm_refs[rank];
        refs.push(CommRef {
            comm,
            freed: false,
            errhandler,
        });
        let handle = Self::slot_handle(refs.len() - 1);
        if self.comms[comm].members.first() == Some(&rank) {
            self.comms[comm].handle = handle;
        }
        self.record_origin(rank, ObjectKind::Communicator, handle);
        handle
    }

    /// MPI_Comm_free of a handle of process `rank` (MPI 3.1 §6.4.3):
    /// `Ok(false)` for a predefined communicator, which cannot be freed.
    pub fn free_comm(&mut self, handle: i32, rank: usize) -> Result<bool, HandleError> {
        let slot = self.comm_slot(handle, rank)?;
        if slot < 2 {
            return Ok(false);
        }
        self.comm_refs[rank][slot].freed = true;
        Ok(true)
    }

    /// The members of a group handle of process `rank`.
    pub fn group(&self, handle: i32, rank: usize) -> Result<&[usize], HandleError> {
        match handle {
            h::MPI_GROUP_NULL => Err(HandleError::Null),
            h::MPI_GROUP_EMPTY => Ok(&[]),
            _ => {
                let i = handle.wrapping_sub(GROUP_HANDLE_BASE) as u32 as usize;
                match self.groups.get(rank).and_then(|g| g.get(i)) {
                    Some(Some(g)) => Ok(g),
                    Some(None) => Err(HandleError::Freed),
                    None => Err(HandleError::Unknown),
                }
            }
        }
    }

    /// A fresh group handle of process `rank`.
    pub fn new_group(&mut self, rank: usize, members: Vec<usize>) -> i32 {
        let groups = &mut self.groups[rank];
        groups.push(Some(members));
        let handle = GROUP_HANDLE_BASE.wrapping_add((groups.len() - 1) as i32);
        self.record_origin(rank, ObjectKind::Group, handle);
        handle
    }

    /// MPI_Group_free (MPI 3.1 §6.3.3). Freeing `MPI_GROUP_EMPTY` is allowed
    /// (a handle from MPI_Comm_group may be it) and does nothing.
    pub fn free_group(&mut self, handle: i32, rank: usize) -> Result<(), HandleError> {
        self.group(handle, rank)?;
        if handle != h::MPI_GROUP_EMPTY {
            let i = handle.wrapping_sub(GROUP_HANDLE_BASE) as u32 as usize;
            self.groups[rank][i] = None;
        }
        Ok(())
    }

    /// The events of the members' calls in instance `k` of `comm`.
    pub fn instance_events(&self, comm: CommId, k: usize) -> Vec<EventRef> {
        self.comms[comm].instances[k]
            .arrivals
            .iter()
            .flatten()
            .map(|a| a.event)
            .collect()
    }
}

/// Value of the `MPI_TAG_UB` attribute this model reports. The standard only
/// requires at least 32767 (MPI 3.1 §8.1.2); the model accepts every
/// non-negative `int`, so no portable program is refused.
pub const TAG_UB_VALUE: i32 = i32::MAX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_per_process_and_freed_ones_stay_invalid() {
        let mut w = World::new(3);
        assert_eq!(w.resolve_comm(h::MPI_COMM_SELF, 2), Some(3));
        let c = w.add_comm(Comm::new(0, vec![2, 0]));
        let h0 = w.bind_comm(0, c, h::MPI_ERRORS_RETURN);
        let h2 = w.bind_comm(2, c, h::MPI_ERRORS_ARE_FATAL);
        assert_eq!(h0, COMM_HANDLE_BASE);
        assert_eq!(w.comms[c].handle, h2);
        assert_eq!(w.resolve_comm(h0, 0), Some(c));
        // Rank 1 is no member and holds no such handle.
        assert_eq!(w.resolve_comm(h0, 1), None);
        assert_eq!(
            w.comm_ref(h0, 0).map(|r| r.errhandler),
            Ok(h::MPI_ERRORS_RETURN)
        );
        assert_eq!(w.free_comm(h::MPI_COMM_WORLD, 0), Ok(false));
        assert_eq!(w.free_comm(h0, 0), Ok(true));
        assert_eq!(w.free_comm(h0, 0), Err(HandleError::Freed));
        assert_eq!(w.resolve_comm(h2, 2), Some(c));
        assert_eq!(w.comm_ref(h::MPI_COMM_NULL, 0), Err(HandleError::Null));
    }

    #[test]
    fn intercommunicator_ranks_name_the_remote_group() {
        let mut c = Comm::new(0, vec![0, 2]);
        c.remote = Some(vec![1, 3, 4]);
        assert_eq!(c.peers(0), &[1, 3, 4]);
        assert_eq!(c.peers(4), &[0, 2]);
        assert_eq!(c.local_group(3), &[1, 3, 4]);
        assert_eq!(c.rank_of(4), Some(2));
        assert_eq!(c.rank_of(2), Some(1));
    }

    #[test]
    fn objects_handed_inside_a_call_remember_it() {
        let mut w = World::new(2);
        // Outside any call (a world built by hand): nothing to remember.
        let g0 = w.new_group(0, vec![0]);
        assert!(w.origins[0].is_empty());
        w.current_call[1] = Some((7, MpiFunc::CommDup));
        let c = w.add_comm(Comm::new(0, vec![0, 1]));
        let h1 = w.bind_comm(1, c, h::MPI_ERRORS_ARE_FATAL);
        w.current_call[0] = Some((3, MpiFunc::CommGroup));
        let g1 = w.new_group(0, vec![0, 1]);
        assert_eq!(
            w.origins[1],
            vec![Origin {
                kind: ObjectKind::Communicator,
                handle: h1,
                loc: 7,
                func: MpiFunc::CommDup
            }]
        );
        assert_eq!(w.origins[0].len(), 1);
        assert_eq!((w.origins[0][0].handle, w.origins[0][0].loc), (g1, 3));
        assert_ne!(g0, g1);
        assert_eq!(ObjectKind::Group.free_call(), "MPI_Group_free");
    }

    #[test]
    fn groups_free_once() {
        let mut w = World::new(2);
        let g = w.new_group(1, vec![1, 0]);
        assert_eq!(w.group(g, 1), Ok(&[1usize, 0][..]));
        assert_eq!(w.group(g, 0), Err(HandleError::Unknown));
        assert_eq!(w.free_group(g, 1), Ok(()));
        assert_eq!(w.free_group(g, 1), Err(HandleError::Freed));
        assert_eq!(w.free_group(h::MPI_GROUP_EMPTY, 1), Ok(()));
        assert_eq!(w.group(h::MPI_GROUP_NULL, 1), Err(HandleError::Null));
    }
}
