//! MPI semantics: communicators, point-to-point requests and matching,
//! collective rendezvous. The checker decodes calls and drives these; the
//! exploration policy (which choice to take) is not here.

pub mod collective;
pub mod p2p;

use collective::Instance;
use p2p::P2p;

/// Index of a communicator in [`World::comms`].
pub type CommId = usize;

#[derive(Clone, Debug, PartialEq)]
pub struct Comm {
    pub handle: i32,
    /// World ranks of the members, by rank in the communicator.
    pub members: Vec<usize>,
    /// Collective calls in the order members make them (MPI 3.1 §5.12).
    pub instances: Vec<Instance>,
    /// How many collectives each member has started.
    pub next_instance: Vec<usize>,
}

impl Comm {
    fn new(handle: i32, members: Vec<usize>) -> Comm {
        let n = members.len();
        Comm {
            handle,
            members,
            instances: Vec::new(),
            next_instance: vec![0; n],
        }
    }

    pub fn size(&self) -> usize {
        self.members.len()
    }

    pub fn rank_of(&self, world_rank: usize) -> Option<usize> {
        self.members.iter().position(|&m| m == world_rank)
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
}

impl World {
    pub fn new(np: usize) -> World {
        let mut comms = vec![Comm::new(crate::handles::MPI_COMM_WORLD, (0..np).collect())];
        for r in 0..np {
            comms.push(Comm::new(crate::handles::MPI_COMM_SELF, vec![r]));
        }
        World {
            np,
            zero_buffer: false,
            synchronizing_collectives: false,
            p2p: P2p::new(np),
            comms,
        }
    }

    /// The communicator a handle names for process `rank`, if any.
    pub fn resolve_comm(&self, handle: i32, rank: usize) -> Option<CommId> {
        if handle == crate::handles::MPI_COMM_WORLD {
            Some(0)
        } else if handle == crate::handles::MPI_COMM_SELF {
            Some(1 + rank)
        } else {
            None
        }
    }
}

/// Value of the `MPI_TAG_UB` attribute this model reports. The standard only
/// requires at least 32767 (MPI 3.1 §8.1.2); the model accepts every
/// non-negative `int`, so no portable program is refused.
pub const TAG_UB_VALUE: i32 = i32::MAX;
