//! Communicators, groups and process topologies (MPI 3.1 chapters 6 and 7):
//! decoding the calls. Group and grid arithmetic lives in
//! `runtime_model::mpi::comm`. A call creating communicators is a collective
//! of its parent (§6.4.2): it takes part in the parent's collective order
//! through the same rendezvous as MPI_Bcast, and when the last member
//! arrives the new communicators are made and every member's handle written.
//!
//! This module is the family's entry point (`call_comms`) and the helpers
//! its parts share; one file per job:
//!
//! - `create`: communicator constructors and destructor (§6.4): dup, split,
//!   create, create_group, idup, and the topology constructors that make a
//!   communicator (§7.5); MPI_Comm_free, MPI_Comm_compare.
//! - `inter`: intercommunicators (§6.6): create, merge, accessors, and
//!   dup, split and create of an intercommunicator (§6.4.2).
//! - `hints`: MPI_Comm_set_info, MPI_Comm_get_info (§6.4.4).
//! - `group`: groups (§6.3): accessors, constructors, MPI_Group_free.
//! - `topology`: process topologies (chapter 7): the distributed graph's
//!   neighbor lists and the local topology queries.
//! - `neighbor`: neighborhood collectives (§7.6).

mod create;
mod group;
mod hints;
mod inter;
mod neighbor;
mod topology;

use super::decode::*;
use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::collective::{Contribution, Mismatch};
use runtime_model::mpi::comm::{ArgError, Cart};
use runtime_model::mpi::p2p::EventRef;
use runtime_model::mpi::{CommId, HandleError, Topology};
use runtime_model::mpi_api::MpiFunc as F;

/// A member's part in a communicator-creating collective.
struct Join {
    parent: CommId,
    /// Call-specific integers (color and key, dims, a group's members...).
    args: Vec<i64>,
    /// Whether every member must pass the same `args` (§7.5.1: Cart_create).
    must_agree: bool,
    root: Option<usize>,
    desc: String,
}

impl Machine {
    /// Entry point of the communicator, group and topology family.
    pub(crate) fn call_comms(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        match site.func {
            F::CommDup
            | F::CommDupWithInfo
            | F::CommSplit
            | F::CommSplitType
            | F::CommCreate
            | F::CartCreate
            | F::CartSub
            | F::GraphCreate
            | F::DistGraphCreate
            | F::DistGraphCreateAdjacent => self.creating_call(model, site, args),
            F::CommIdup => self.comm_idup(site, args),
            F::CommCreateGroup => self.comm_create_group(model, site, args),
            F::IntercommCreate => self.intercomm_create(site, args),
            F::IntercommMerge => self.intercomm_merge(site, args),
            F::CommFree => self.comm_free(site, args),
            F::CommSetInfo | F::CommGetInfo => self.comm_hints(site, args),
            F::NeighborAllgather
            | F::NeighborAlltoall
            | F::NeighborAllgatherv
            | F::NeighborAlltoallv
            | F::NeighborAlltoallw
            | F::IneighborAllgather
            | F::IneighborAllgatherv
            | F::IneighborAlltoall
            | F::IneighborAlltoallv
            | F::IneighborAlltoallw => self.neighbor_collective(site, args),
            // Local calls.
            F::CommCompare => self.comm_compare(site, args),
            F::CommTestInter | F::CommRemoteSize => self.intercomm_query(site, args),
            F::CommGroup
            | F::CommRemoteGroup
            | F::GroupSize
            | F::GroupRank
            | F::GroupIncl
            | F::GroupExcl
            | F::GroupRangeIncl
            | F::GroupRangeExcl
            | F::GroupUnion
            | F::GroupIntersection
            | F::GroupDifference
            | F::GroupTranslateRanks
            | F::GroupCompare
            | F::GroupFree => self.group_call(site, args),
            F::CartGet
            | F::CartRank
            | F::CartCoords
            | F::CartShift
            | F::CartdimGet
            | F::TopoTest
            | F::DimsCreate
            | F::GraphNeighborsCount
            | F::GraphNeighbors
            | F::GraphdimsGet
            | F::GraphGet
            | F::CartMap
            | F::GraphMap
            | F::DistGraphNeighborsCount
            | F::DistGraphNeighbors => self.topology_query(site, args),
            // A call of the family none of the above models does nothing.
            _ => Ok(Effect::Return(0)),
        }
    }

    // ----- helpers -------------------------------------------------------

    fn read_int_array(
        &self,
        site: &Site,
        addr: u64,
        n: usize,
        what: &str,
    ) -> Result<Vec<i32>, Halt> {
        (0..n as u64)
            .map(|i| self.read_i32(site, addr + 4 * i, what))
            .collect()
    }

    fn write_int_array(
        &mut self,
        site: &Site,
        addr: u64,
        v: &[i32],
        what: &str,
    ) -> Result<(), Halt> {
        for (i, &x) in v.iter().enumerate() {
            self.write_i32(site, addr + 4 * i as u64, x, what)?;
        }
        Ok(())
    }

    fn check_output(&self, site: &Site, addr: u64, bytes: u64, what: &str) -> Result<(), Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .check_range(addr, bytes, true)
            .map_err(|f| site.memory(what, f))
    }

    fn group_arg(&self, site: &Site, handle: i32, what: &str) -> Result<Vec<usize>, Halt> {
        self.world
            .group(handle, site.rank)
            .map(<[usize]>::to_vec)
            .map_err(|e| match e {
                HandleError::Null => site.invalid(format!("{what} is MPI_GROUP_NULL")),
                HandleError::Freed => {
                    site.invalid(format!("{what} 0x{handle:x} was freed by MPI_Group_free"))
                }
                HandleError::Unknown => site.invalid(format!("invalid {what} 0x{handle:x}")),
            })
    }

    /// A communicator argument that must be an intracommunicator.
    /// The communicator of `handle` for a call modeled on
    /// intracommunicators only: on an intercommunicator the check stops as
    /// unsupported, never answering wrongly.
    fn intra_only(&self, model: &Model, site: &Site, handle: i32) -> Result<CommId, Halt> {
        let c = self.comm(site, handle)?;
        if self.world.comms[c].is_inter() {
            return Err(Halt::Unsupported(format!(
                "{}: unsupported: {} on an intercommunicator",
                model.describe_location(site.loc),
                site.func.name()
            )));
        }
        Ok(c)
    }

    fn intra(&self, site: &Site, handle: i32) -> Result<CommId, Halt> {
        let c = self.comm(site, handle)?;
        if self.world.comms[c].is_inter() {
            return Err(site.invalid(format!(
                "communicator {} is an intercommunicator",
                comm_name(handle)
            )));
        }
        Ok(c)
    }

    fn cart_of(&self, site: &Site, comm: CommId) -> Result<Cart, Halt> {
        match &self.world.comms[comm].topology {
            Topology::Cart(c) => Ok(c.clone()),
            _ => Err(site.invalid("no Cartesian topology on the communicator")),
        }
    }

    /// The error handler process `rank` has on `comm` (new communicators
    /// inherit it, MPI 3.1 §8.3).
    fn errhandler_on(&self, rank: usize, comm: CommId) -> i32 {
        self.world.comm_refs[rank]
            .iter()
            .find(|r| r.comm == comm && !r.freed)
            .map_or(h::MPI_ERRORS_ARE_FATAL, |r| r.errhandler)
    }

    /// Where blocked member `rank` expects its new handle.
    fn blocked_out(&self, rank: usize) -> Option<u64> {
        match &self.procs[rank].phase {
            Phase::Blocked {
                block: Block::Collective { recv_buf, .. },
                ..
            } => Some(*recv_buf),
            _ => None,
        }
    }

    /// Writes a handle to member `rank`'s output: the caller's own (`site`)
    /// or that of a member blocked in the same call.
    fn deliver_handle(
        &mut self,
        site: &Site,
        own_out: u64,
        rank: usize,
        v: i32,
    ) -> Result<(), Halt> {
        let addr = if rank == site.rank {
            own_out
        } else {
            self.blocked_out(rank).unwrap_or(0)
        };
        let (loc, func) = if rank == site.rank {
            (site.loc, Some(site.func))
        } else {
            (self.blocked_loc(rank), self.blocked_func(rank))
        };
        self.procs[rank]
            .proc
            .mem
            .store(addr, 4, v as u32 as u64)
            .map_err(|f| {
                Halt::Error(
                    Finding::new(ErrorKind::MemoryError, format!("new communicator: {f}"))
                        .at(rank, loc, func),
                )
            })
    }

    /// Joins the next collective of `j.parent`; returns the instance and
    /// the call's event.
    fn join_creation(
        &mut self,
        site: &Site,
        j: &Join,
        what: &str,
    ) -> Result<(usize, EventRef), Halt> {
        let ev = self.log_call(site, None, None);
        let cname = comm_name(self.world.comms[j.parent].handle);
        let sep = if j.desc.is_empty() { "" } else { ", " };
        self.trace_event(
            site.rank,
            site.loc,
            format!("{}({}{sep}comm={cname})", site.func.name(), j.desc),
        );
        let crank = self.world.comms[j.parent].rank_of(site.rank).unwrap_or(0);
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[j.parent].join_next(crank, sync);
        let inst = &self.world.comms[j.parent].instances[k];
        if let Some(first) = inst.arrivals.iter().flatten().next() {
            if j.must_agree && first.func == site.func && first.args != j.args {
                let m = Mismatch::Args { first: first.event };
                return Err(self.collective_mismatch(site, j.parent, k, m, None, what));
            }
        }
        let c = Contribution::control(site.func, j.root, ev, j.args.clone());
        if let Err(m) = self.world.comms[j.parent].instances[k].arrive(crank, c) {
            return Err(self.collective_mismatch(site, j.parent, k, m, None, what));
        }
        self.version += 1;
        Ok((k, ev))
    }

    fn instance_complete(&self, comm: CommId, k: usize) -> bool {
        self.world.comms[comm].instances[k].all_arrived()
    }

    /// The contributions of a complete instance, by communicator rank.
    fn instance_contributions(&self, comm: CommId, k: usize) -> Vec<Contribution> {
        self.world.comms[comm].instances[k]
            .arrivals
            .iter()
            .flatten()
            .cloned()
            .collect()
    }
}

fn arg_error(site: &Site, e: ArgError) -> Halt {
    site.invalid(e.to_string())
}

fn list(ranks: &[usize]) -> String {
    format!(
        "{{{}}}",
        ranks
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::list;

    #[test]
    fn rank_lists_as_in_trace_lines() {
        assert_eq!(list(&[0, 2, 3]), "{0, 2, 3}");
        assert_eq!(list(&[]), "{}");
    }
}
