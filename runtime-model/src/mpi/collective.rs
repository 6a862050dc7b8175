//! Collective semantics: every member of a communicator calls the same
//! collectives in the same order (MPI 3.1 §5.1), with consistent root,
//! operation and type signature.
//!
//! Seed 000 §4.5 models a collective as a rendezvous object with an "init"
//! phase (a member contributes) and a "wait" phase (a member may leave). The
//! checker executes the permissive, non-synchronizing variant: a member leaves
//! as soon as its data dependencies allow (a broadcast root leaves at once, a
//! reduce root waits for all). The blocking a synchronizing implementation
//! adds is checked afterwards on the completes-before graph (EXPLORATION.md).

use super::p2p::EventRef;
use crate::mpi_api::MpiFunc;
use crate::reduce;
use std::sync::Arc;

/// One member's call of a collective.
#[derive(Clone, Debug, PartialEq)]
pub struct Contribution {
    pub func: MpiFunc,
    /// Root as a rank in the communicator, for rooted collectives.
    pub root: Option<usize>,
    pub op: Option<i32>,
    pub datatype: i32,
    /// Bytes this member sends (already read from its memory).
    pub send: Option<Arc<[u8]>>,
    /// Bytes of one block this member receives (per peer for gather-like calls).
    pub recv_block: u64,
    /// Bytes of one block this member sends (per peer for scatter-like calls).
    pub send_block: u64,
    pub event: EventRef,
    /// Call-specific integers (e.g. color and key of MPI_Comm_split).
    pub args: Vec<i64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Instance {
    pub arrivals: Vec<Option<Contribution>>,
    /// Every member waits for all members (the synchronizing implementation
    /// choice; the reduced search keeps this off and checks it afterwards).
    pub synchronizing: bool,
}

/// Bytes to write at a byte offset of a member's receive buffer.
pub type Placement = (u64, Arc<[u8]>);

/// Why members' calls do not fit together.
#[derive(Clone, Debug, PartialEq)]
pub enum Mismatch {
    Function {
        first: EventRef,
        first_func: MpiFunc,
    },
    Root {
        first: EventRef,
        first_root: usize,
        root: usize,
    },
    Op {
        first: EventRef,
        first_op: i32,
        op: i32,
    },
    Size {
        first: EventRef,
        first_bytes: u64,
        bytes: u64,
    },
}

impl Instance {
    pub fn new(size: usize) -> Instance {
        Instance {
            arrivals: vec![None; size],
            synchronizing: false,
        }
    }

    fn first(&self) -> Option<&Contribution> {
        self.arrivals.iter().flatten().next()
    }

    /// Records member `rank`'s call, checking it against earlier arrivals.
    pub fn arrive(&mut self, rank: usize, c: Contribution) -> Result<(), Mismatch> {
        if let Some(f) = self.first() {
            if f.func != c.func {
                return Err(Mismatch::Function {
                    first: f.event,
                    first_func: f.func,
                });
            }
            if f.root != c.root {
                return Err(Mismatch::Root {
                    first: f.event,
                    first_root: f.root.unwrap_or(0),
                    root: c.root.unwrap_or(0),
                });
            }
            if f.op != c.op {
                return Err(Mismatch::Op {
                    first: f.event,
                    first_op: f.op.unwrap_or(0),
                    op: c.op.unwrap_or(0),
                });
            }
            // Type signatures must agree (MPI 3.1 §5.1); compared here by the
            // amount of data each pairwise transfer carries.
            let (a, b) = match c.func {
                MpiFunc::Bcast | MpiFunc::Reduce | MpiFunc::Allreduce => (
                    f.send.as_ref().map_or(f.recv_block, |s| s.len() as u64),
                    c.send.as_ref().map_or(c.recv_block, |s| s.len() as u64),
                ),
                _ => (0, 0),
            };
            if a != b && c.func != MpiFunc::Bcast {
                return Err(Mismatch::Size {
                    first: f.event,
                    first_bytes: a,
                    bytes: b,
                });
            }
            if c.func == MpiFunc::Bcast && f.recv_block != c.recv_block {
                return Err(Mismatch::Size {
                    first: f.event,
                    first_bytes: f.recv_block,
                    bytes: c.recv_block,
                });
            }
        }
        self.arrivals[rank] = Some(c);
        Ok(())
    }

    pub fn all_arrived(&self) -> bool {
        self.arrivals.iter().all(Option::is_some)
    }

    /// Whether member `rank` may leave the call in the non-synchronizing
    /// semantics: only data dependencies hold it back.
    pub fn can_leave(&self, rank: usize) -> bool {
        let Some(me) = &self.arrivals[rank] else {
            return false;
        };
        let root_here = me
            .root
            .is_some_and(|r| self.arrivals.get(r).is_some_and(Option::is_some));
        let is_root = me.root == Some(rank);
        if self.synchronizing {
            return self.all_arrived();
        }
        match me.func {
            MpiFunc::Bcast | MpiFunc::Scatter => is_root || root_here,
            MpiFunc::Reduce | MpiFunc::Gather => !is_root || self.all_arrived(),
            _ => self.all_arrived(),
        }
    }

    /// Bytes member `rank` receives and where (byte offset in its receive
    /// buffer), once it can leave.
    pub fn result_for(&self, rank: usize) -> Result<Vec<Placement>, reduce::ReduceError> {
        let Some(me) = &self.arrivals[rank] else {
            return Ok(vec![]);
        };
        let is_root = me.root == Some(rank);
        let send_of = |r: usize| -> Arc<[u8]> {
            self.arrivals[r]
                .as_ref()
                .and_then(|c| c.send.clone())
                .unwrap_or_else(|| Arc::from(Vec::new()))
        };
        let n = self.arrivals.len();
        Ok(match me.func {
            MpiFunc::Barrier => vec![],
            MpiFunc::Bcast => {
                if is_root {
                    vec![]
                } else {
                    vec![(0, send_of(me.root.unwrap_or(0)))]
                }
            }
            MpiFunc::Reduce | MpiFunc::Allreduce => {
                if me.func == MpiFunc::Reduce && !is_root {
                    vec![]
                } else {
                    let contributions: Vec<Arc<[u8]>> = (0..n).map(send_of).collect();
                    let views: Vec<&[u8]> = contributions.iter().map(|c| &c[..]).collect();
                    let out = reduce::reduce_all(me.op.unwrap_or(0), me.datatype, &views)?;
                    vec![(0, Arc::from(out))]
                }
            }
            MpiFunc::Gather | MpiFunc::Allgather => {
                if me.func == MpiFunc::Gather && !is_root {
                    vec![]
                } else {
                    (0..n)
                        .map(|r| (r as u64 * me.recv_block, send_of(r)))
                        .collect()
                }
            }
            MpiFunc::Scatter => {
                let root = me.root.unwrap_or(0);
                let all = send_of(root);
                let block = self.arrivals[root].as_ref().map_or(0, |c| c.send_block) as usize;
                if me.recv_block == 0 {
                    // The root with MPI_IN_PLACE keeps its block where it is.
                    vec![]
                } else {
                    let start = (rank * block).min(all.len());
                    let end = (start + block).min(all.len());
                    vec![(0, Arc::from(&all[start..end]))]
                }
            }
            MpiFunc::Alltoall => (0..n)
                .map(|r| {
                    let all = send_of(r);
                    let block = self.arrivals[r].as_ref().map_or(0, |c| c.send_block) as usize;
                    let start = (rank * block).min(all.len());
                    let end = (start + block).min(all.len());
                    (r as u64 * me.recv_block, Arc::from(&all[start..end]))
                })
                .collect(),
            _ => vec![],
        })
    }
}
