//! Communicators, groups and process topologies (MPI 3.1 chapters 6 and 7):
//! decoding the calls. Group and grid arithmetic lives in
//! `runtime_model::mpi::comm`. A call creating communicators is a collective
//! of its parent (§6.4.2): it takes part in the parent's collective order
//! through the same rendezvous as MPI_Bcast, and when the last member
//! arrives the new communicators are made and every member's handle written.

use super::decode::*;
use crate::explore::state::*;
use crate::report::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::collective::{Contribution, Mismatch};
use runtime_model::mpi::comm::{self as cm, ArgError, Cart};
use runtime_model::mpi::p2p::{EventRef, ReqOp};
use runtime_model::mpi::{Comm, CommId, GroupRendezvous, HandleError, IntercommHalf, Topology};
use runtime_model::mpi_api::MpiFunc as F;

/// Entries of a dist-graph neighbor list: (rank, weight).
type Edges = Vec<(i32, i32)>;

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

impl State {
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
            F::CommIdup => self.comm_idup(model, site, args),
            F::CommCreateGroup => self.comm_create_group(model, site, args),
            F::IntercommCreate => self.intercomm_create(site, args),
            F::IntercommMerge => self.intercomm_merge(site, args),
            F::CommFree => self.comm_free(site, args),
            F::NeighborAllgather
            | F::NeighborAlltoall
            | F::NeighborAllgatherv
            | F::NeighborAlltoallv => self.neighbor_collective(site, args),
            _ => self.local_query(site, args),
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

    fn new_group_handle(&mut self, rank: usize, members: Vec<usize>) -> i32 {
        if members.is_empty() {
            h::MPI_GROUP_EMPTY
        } else {
            self.world.new_group(rank, members)
        }
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

    /// Makes a communicator over `members` (world ranks) and hands each
    /// member its handle; `parent` gives the inherited error handlers.
    fn make_comm(
        &mut self,
        site: &Site,
        own_out: u64,
        parent: CommId,
        members: Vec<usize>,
        topology: Topology,
    ) -> Result<CommId, Halt> {
        let mut comm = Comm::new(0, members.clone());
        comm.topology = topology;
        let id = self.world.add_comm(comm);
        for &m in &members {
            let eh = self.errhandler_on(m, parent);
            let handle = self.world.bind_comm(m, id, eh);
            self.deliver_handle(site, own_out, m, handle)?;
        }
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{} completes: new communicator {} of world ranks {}",
                site.func.name(),
                comm_name(self.world.comms[id].handle),
                list(&members)
            ),
        );
        Ok(id)
    }

    // ----- communicator-creating collectives -----------------------------

    fn creating_call(&mut self, model: &Model, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let parent_h = int(args, 0);
        let parent = self.comm(site, parent_h)?;
        if self.world.comms[parent].is_inter() {
            return Err(Halt::Unsupported(format!(
                "{}: unsupported: {} on an intercommunicator",
                model.describe_location(site.loc),
                site.func.name()
            )));
        }
        let size = self.world.comms[parent].size();
        let mut must_agree = false;
        let mut what = "arguments";
        let (args_v, out, desc): (Vec<i64>, u64, String) = match site.func {
            F::CommDup => (vec![], ptr(args, 1), String::new()),
            // §6.4.2: MPI_Comm_dup with hints in place of the parent's; the
            // model keeps no hints, so only the info handle is checked.
            F::CommDupWithInfo => {
                self.info_arg(site, int(args, 1), true)?;
                (vec![], ptr(args, 2), String::new())
            }
            F::CommSplit => {
                let (color, key) = (int(args, 1), int(args, 2));
                if color < 0 && color != h::MPI_UNDEFINED {
                    return Err(
                        site.invalid(format!("color {color} is negative and not MPI_UNDEFINED"))
                    );
                }
                let desc = format!("color={}, key={key}", undefined_name(color));
                (vec![color as i64, key as i64], ptr(args, 3), desc)
            }
            F::CommSplitType => {
                let (ty, key) = (int(args, 1), int(args, 2));
                // One node: every process shares memory with every other.
                let color = match ty {
                    h::MPI_COMM_TYPE_SHARED => 0,
                    h::MPI_UNDEFINED => h::MPI_UNDEFINED,
                    _ => return Err(site.invalid(format!("split_type {ty} is not valid"))),
                };
                let desc = format!(
                    "split_type={}, key={key}",
                    if ty == h::MPI_UNDEFINED {
                        "UNDEFINED"
                    } else {
                        "SHARED"
                    }
                );
                (vec![color as i64, key as i64], ptr(args, 4), desc)
            }
            F::CommCreate => {
                let g = self.group_arg(site, int(args, 1), "group")?;
                let parent_members = &self.world.comms[parent].members;
                if let Some(m) = g.iter().find(|m| !parent_members.contains(m)) {
                    return Err(site.invalid(format!(
                        "group contains world rank {m}, which is not in the communicator"
                    )));
                }
                what = "groups";
                let desc = format!("group=world ranks {}", list(&g));
                (g.iter().map(|&m| m as i64).collect(), ptr(args, 2), desc)
            }
            F::CartCreate => {
                let nd = int(args, 1);
                if nd < 0 {
                    return Err(site.invalid(format!("ndims = {nd} is negative")));
                }
                let dims = self.read_int_array(site, ptr(args, 2), nd as usize, "dims")?;
                let periods = self.read_int_array(site, ptr(args, 3), nd as usize, "periods")?;
                let periods: Vec<bool> = periods.iter().map(|&p| p != 0).collect();
                Cart::new(dims.clone(), periods.clone(), size).map_err(|e| arg_error(site, e))?;
                must_agree = true;
                what = "dims or periods";
                let mut v: Vec<i64> = vec![nd as i64];
                v.extend(dims.iter().map(|&d| d as i64));
                v.extend(periods.iter().map(|&p| p as i64));
                let desc = format!("dims={:?}, periods={:?}", dims, bits(&periods));
                (v, ptr(args, 5), desc)
            }
            F::CartSub => {
                let cart = self.cart_of(site, parent)?;
                let remain =
                    self.read_int_array(site, ptr(args, 1), cart.ndims(), "remain_dims")?;
                let remain: Vec<bool> = remain.iter().map(|&r| r != 0).collect();
                must_agree = true;
                what = "remain_dims";
                let desc = format!("remain_dims={:?}", bits(&remain));
                (
                    remain.iter().map(|&r| r as i64).collect(),
                    ptr(args, 2),
                    desc,
                )
            }
            F::GraphCreate => {
                let nnodes = int(args, 1);
                if nnodes < 0 || nnodes as usize > size {
                    return Err(site.invalid(format!(
                        "nnodes = {nnodes} is not between 0 and the communicator size {size}"
                    )));
                }
                let index = self.read_int_array(site, ptr(args, 2), nnodes as usize, "index")?;
                let nedges = index.last().copied().unwrap_or(0);
                if index.windows(2).any(|w| w[1] < w[0]) || index.first().is_some_and(|&i| i < 0) {
                    return Err(site.invalid("index is not non-decreasing from 0"));
                }
                let edges = self.read_int_array(site, ptr(args, 3), nedges as usize, "edges")?;
                if let Some(e) = edges.iter().find(|&&e| e < 0 || e >= nnodes) {
                    return Err(site.invalid(format!(
                        "edges contain {e}, which is not a node of the graph (nnodes {nnodes})"
                    )));
                }
                must_agree = true;
                what = "graphs";
                let mut v = vec![nnodes as i64];
                v.extend(index.iter().map(|&i| i as i64));
                v.extend(edges.iter().map(|&e| e as i64));
                (v, ptr(args, 5), format!("nnodes={nnodes}"))
            }
            F::DistGraphCreateAdjacent => {
                let (indeg, outdeg) = (int(args, 1), int(args, 4));
                if indeg < 0 || outdeg < 0 {
                    return Err(site.invalid("indegree or outdegree is negative"));
                }
                let sources = self.read_int_array(site, ptr(args, 2), indeg as usize, "sources")?;
                let dests =
                    self.read_int_array(site, ptr(args, 5), outdeg as usize, "destinations")?;
                let weighted = ptr(args, 3) as i64 != h::MPI_UNWEIGHTED;
                let sw = self.edge_weights(site, ptr(args, 3), indeg as usize)?;
                let dw = self.edge_weights(site, ptr(args, 6), outdeg as usize)?;
                for &r in sources.iter().chain(&dests) {
                    if r < 0 || r as usize >= size {
                        return Err(site.invalid(format!(
                            "rank {r} is not a rank of the communicator (size {size})"
                        )));
                    }
                }
                let mut v = vec![weighted as i64, indeg as i64];
                v.extend(
                    sources
                        .iter()
                        .zip(&sw)
                        .flat_map(|(&s, &w)| [s as i64, w as i64]),
                );
                v.push(outdeg as i64);
                v.extend(
                    dests
                        .iter()
                        .zip(&dw)
                        .flat_map(|(&d, &w)| [d as i64, w as i64]),
                );
                let desc = format!("sources={sources:?}, destinations={dests:?}");
                (v, ptr(args, 9), desc)
            }
            F::DistGraphCreate => {
                let n = int(args, 1);
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let srcs = self.read_int_array(site, ptr(args, 2), n as usize, "sources")?;
                let degrees = self.read_int_array(site, ptr(args, 3), n as usize, "degrees")?;
                if degrees.iter().any(|&d| d < 0) {
                    return Err(site.invalid("degrees contain a negative degree"));
                }
                let total: i64 = degrees.iter().map(|&d| d as i64).sum();
                let dests =
                    self.read_int_array(site, ptr(args, 4), total as usize, "destinations")?;
                let weighted = ptr(args, 5) as i64 != h::MPI_UNWEIGHTED;
                let w = self.edge_weights(site, ptr(args, 5), total as usize)?;
                for &r in srcs.iter().chain(&dests) {
                    if r < 0 || r as usize >= size {
                        return Err(site.invalid(format!(
                            "rank {r} is not a rank of the communicator (size {size})"
                        )));
                    }
                }
                // Edges as (source, destination, weight) triples.
                let mut v = vec![weighted as i64];
                let mut at = 0usize;
                for (i, &s) in srcs.iter().enumerate() {
                    for _ in 0..degrees[i] {
                        v.extend([s as i64, dests[at] as i64, w[at] as i64]);
                        at += 1;
                    }
                }
                (v, ptr(args, 8), format!("n={n}"))
            }
            _ => (vec![], 0, String::new()),
        };
        self.check_output(site, out, 4, "newcomm")?;
        let j = Join {
            parent,
            args: args_v,
            must_agree,
            root: None,
            desc,
        };
        let (k, _) = self.join_creation(site, &j, what)?;
        if self.instance_complete(parent, k) {
            self.complete_creation(site, parent, k, out)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: parent,
            instance: k,
            recv_buf: out,
        }))
    }

    /// MPI_Comm_idup (MPI 3.1 §6.4.2): a nonblocking collective of the
    /// parent that takes its place in the parent's collective order like
    /// the other nonblocking collectives (§5.12) and never matches a
    /// blocking MPI_Comm_dup. The communicator is made when the last member
    /// calls; each member's handle is written to `newcomm` when the Wait/Test
    /// family completes its request ("newcomm" is an output of the pending
    /// operation). Until then the variable keeps its old value, so using it
    /// is an invalid communicator (`invalid-argument`), as using any handle
    /// a process does not hold.
    fn comm_idup(&mut self, model: &Model, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let parent = self.comm(site, int(args, 0))?;
        if self.world.comms[parent].is_inter() {
            return Err(Halt::Unsupported(format!(
                "{}: unsupported: MPI_Comm_idup on an intercommunicator",
                model.describe_location(site.loc)
            )));
        }
        let (out, req_addr) = (ptr(args, 1), ptr(args, 2));
        self.check_output(site, out, 4, "newcomm")?;
        self.check_output(site, req_addr, 4, "request")?;
        let ev = self.log_call(site, None, None);
        let crank = self.world.comms[parent].rank_of(site.rank).unwrap_or(0);
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[parent].join_next(crank, sync);
        let req = self.world.p2p.post(
            site.rank,
            ReqOp::Collective {
                comm: parent,
                instance: k,
                member: crank,
                recv_buf: out,
            },
            ev,
        );
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Comm_idup(comm={}) -> request {}",
                comm_name(self.world.comms[parent].handle),
                req + 1
            ),
        );
        // The handle is delivered as 4 bytes of MPI_INT at completion.
        let c = Contribution {
            datatype: h::MPI_INT,
            ..Contribution::control(site.func, None, ev, vec![])
        };
        if let Err(m) = self.world.comms[parent].instances[k].arrive(crank, c) {
            return Err(self.collective_mismatch(site, parent, k, m, None, "arguments"));
        }
        self.version += 1;
        if self.instance_complete(parent, k) {
            let members = self.world.comms[parent].members.clone();
            let mut comm = Comm::new(0, members.clone());
            comm.topology = self.world.comms[parent].topology.clone();
            let id = self.world.add_comm(comm);
            for (r, &m) in members.iter().enumerate() {
                let eh = self.errhandler_on(m, parent);
                let handle = self.world.bind_comm(m, id, eh);
                if let Some(a) = self.world.comms[parent].instances[k].arrivals[r].as_mut() {
                    a.args = vec![handle as i64];
                }
            }
            self.trace_event(
                site.rank,
                site.loc,
                format!(
                    "MPI_Comm_idup: every member has called; new communicator {} of world ranks {} (each handle is written when its request completes)",
                    comm_name(self.world.comms[id].handle),
                    list(&members)
                ),
            );
        }
        self.write_i32(site, req_addr, self.handle_of(req), "request")?;
        Ok(Effect::Return(0))
    }

    fn edge_weights(&self, site: &Site, addr: u64, n: usize) -> Result<Vec<i32>, Halt> {
        let a = addr as i64;
        if a == h::MPI_UNWEIGHTED || a == h::MPI_WEIGHTS_EMPTY || n == 0 {
            return Ok(vec![1; n]);
        }
        self.read_int_array(site, addr, n, "weights")
    }

    /// The last member arrived: make the new communicators.
    fn complete_creation(
        &mut self,
        site: &Site,
        parent: CommId,
        k: usize,
        out: u64,
    ) -> Result<(), Halt> {
        let cs = self.instance_contributions(parent, k);
        let members = self.world.comms[parent].members.clone();
        let n = members.len();
        let mut made: Vec<(Vec<usize>, Topology)> = Vec::new();
        match site.func {
            F::CommDup | F::CommDupWithInfo => {
                // The topology is copied (§6.4.2).
                made.push((members.clone(), self.world.comms[parent].topology.clone()));
            }
            F::CommSplit | F::CommSplitType => {
                let entries: Vec<(Option<i32>, i32)> = cs
                    .iter()
                    .map(|c| {
                        let color = c.args.first().copied().unwrap_or(0) as i32;
                        let key = c.args.get(1).copied().unwrap_or(0) as i32;
                        ((color != h::MPI_UNDEFINED).then_some(color), key)
                    })
                    .collect();
                for (_, ranks) in cm::split(&entries) {
                    made.push((ranks.iter().map(|&r| members[r]).collect(), Topology::None));
                }
            }
            F::CommCreate => {
                // MPI 3.1 §6.4.2: processes may pass different groups, but all
                // members of a group pass that same group.
                for (r, c) in cs.iter().enumerate() {
                    let g: Vec<usize> = c.args.iter().map(|&m| m as usize).collect();
                    if !g.contains(&members[r]) || made.iter().any(|(m, _)| *m == g) {
                        continue;
                    }
                    for &q in &g {
                        let qr = members.iter().position(|&m| m == q).unwrap_or(0);
                        if cs[qr].args != c.args {
                            let (loc, func) = self
                                .event_loc(cs[qr].event)
                                .unwrap_or((site.loc, site.func));
                            let (rloc, rfunc) =
                                self.event_loc(c.event).unwrap_or((site.loc, site.func));
                            return Err(Halt::Error(
                                Finding::new(
                                    ErrorKind::CollectiveMismatch,
                                    format!(
                                        "MPI_Comm_create: rank {} passes group {} but its member rank {q} passes group {}",
                                        members[r],
                                        list(&g),
                                        list(&cs[qr].args.iter().map(|&m| m as usize).collect::<Vec<_>>())
                                    ),
                                )
                                .at(members[r], rloc, Some(rfunc))
                                .at(q, loc, Some(func)),
                            ));
                        }
                    }
                    made.push((g, Topology::None));
                }
            }
            F::CartCreate => {
                let a = &cs[0].args;
                let nd = a.first().copied().unwrap_or(0) as usize;
                let dims: Vec<i32> = a[1..1 + nd].iter().map(|&d| d as i32).collect();
                let periods: Vec<bool> = a[1 + nd..1 + 2 * nd].iter().map(|&p| p != 0).collect();
                let cart = Cart::new(dims, periods, n).map_err(|e| arg_error(site, e))?;
                // No reordering: rank i of the grid is rank i of the parent
                // (allowed, §7.5.1); the rest get MPI_COMM_NULL.
                made.push((members[..cart.size()].to_vec(), Topology::Cart(cart)));
            }
            F::CartSub => {
                let cart = self.cart_of(site, parent)?;
                let remain: Vec<bool> = cs[0].args.iter().map(|&r| r != 0).collect();
                let mut entries = Vec::with_capacity(n);
                let mut subs = Vec::new();
                for r in 0..n {
                    let (color, sub) = cart.sub(r, &remain);
                    entries.push((Some(color), r as i32));
                    subs.push(sub);
                }
                for (_, ranks) in cm::split(&entries) {
                    let sub = subs[ranks[0]].clone();
                    made.push((
                        ranks.iter().map(|&r| members[r]).collect(),
                        Topology::Cart(sub),
                    ));
                }
            }
            F::GraphCreate => {
                let a = &cs[0].args;
                let nnodes = a[0] as usize;
                let index: Vec<usize> = a[1..1 + nnodes].iter().map(|&i| i as usize).collect();
                let edges: Vec<i32> = a[1 + nnodes..].iter().map(|&e| e as i32).collect();
                let nbrs: Vec<Vec<i32>> = (0..nnodes)
                    .map(|i| {
                        let from = if i == 0 { 0 } else { index[i - 1] };
                        edges[from.min(edges.len())..index[i].min(edges.len())].to_vec()
                    })
                    .collect();
                if nnodes > 0 {
                    made.push((members[..nnodes].to_vec(), Topology::Graph(nbrs)));
                }
            }
            F::DistGraphCreateAdjacent | F::DistGraphCreate => {
                let (sources, destinations, weighted) = self.dist_graph(site, &cs, &members)?;
                made.push((
                    members.clone(),
                    Topology::DistGraph {
                        sources,
                        destinations,
                        weighted,
                    },
                ));
            }
            _ => {}
        }
        let mut got = vec![false; n];
        for (group, topo) in made {
            for &m in &group {
                if let Some(r) = members.iter().position(|&x| x == m) {
                    got[r] = true;
                }
            }
            self.make_comm(site, out, parent, group, topo)?;
        }
        for (r, &g) in got.iter().enumerate() {
            if !g {
                self.deliver_handle(site, out, members[r], h::MPI_COMM_NULL)?;
            }
        }
        Ok(())
    }

    /// Neighbor lists of a distributed graph from the members' calls.
    #[allow(clippy::type_complexity)]
    fn dist_graph(
        &self,
        site: &Site,
        cs: &[Contribution],
        members: &[usize],
    ) -> Result<(Vec<Edges>, Vec<Edges>, bool), Halt> {
        let n = cs.len();
        let mut sources: Vec<Edges> = vec![Vec::new(); n];
        let mut dests: Vec<Edges> = vec![Vec::new(); n];
        let weighted = cs.first().is_some_and(|c| c.args.first() == Some(&1));
        if site.func == F::DistGraphCreate {
            // Every edge, in the order of the specifying ranks (the order
            // of neighbors is not defined by the standard, §7.5.4).
            for c in cs {
                for e in c.args[1..].chunks(3) {
                    if let [s, d, w] = *e {
                        dests[s as usize].push((d as i32, w as i32));
                        sources[d as usize].push((s as i32, w as i32));
                    }
                }
            }
            return Ok((sources, dests, weighted));
        }
        for (r, c) in cs.iter().enumerate() {
            let a = &c.args;
            let indeg = a.get(1).copied().unwrap_or(0) as usize;
            for i in 0..indeg {
                sources[r].push((a[2 + 2 * i] as i32, a[3 + 2 * i] as i32));
            }
            let o = 2 + 2 * indeg;
            let outdeg = a.get(o).copied().unwrap_or(0) as usize;
            for i in 0..outdeg {
                dests[r].push((a[o + 1 + 2 * i] as i32, a[o + 2 + 2 * i] as i32));
            }
        }
        // §7.5.4: the members' lists must agree, each edge listed by both
        // ends as often.
        for r in 0..n {
            for d in 0..n {
                let out = dests[r].iter().filter(|e| e.0 == d as i32).count();
                let inn = sources[d].iter().filter(|e| e.0 == r as i32).count();
                if out != inn {
                    let (loc, func) = self.event_loc(cs[d].event).unwrap_or((site.loc, site.func));
                    let (rloc, rfunc) =
                        self.event_loc(cs[r].event).unwrap_or((site.loc, site.func));
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::CollectiveMismatch,
                            format!(
                                "MPI_Dist_graph_create_adjacent: rank {r} lists rank {d} as a destination {out} time(s) but rank {d} lists rank {r} as a source {inn} time(s)"
                            ),
                        )
                        .at(members[r], rloc, Some(rfunc))
                        .at(members[d], loc, Some(func)),
                    ));
                }
            }
        }
        Ok((sources, dests, weighted))
    }

    /// MPI_Comm_create_group (§6.4.2): collective over `group` only.
    fn comm_create_group(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let parent = self.comm(site, int(args, 0))?;
        if self.world.comms[parent].is_inter() {
            return Err(Halt::Unsupported(format!(
                "{}: unsupported: MPI_Comm_create_group on an intercommunicator",
                model.describe_location(site.loc)
            )));
        }
        let group = self.group_arg(site, int(args, 1), "group")?;
        let tag = int(args, 2);
        let out = ptr(args, 3);
        self.check_output(site, out, 4, "newcomm")?;
        if !valid_tag(tag, false) {
            return Err(site.invalid(format!("tag {tag} is not a valid tag")));
        }
        let parent_members = self.world.comms[parent].members.clone();
        if let Some(m) = group.iter().find(|m| !parent_members.contains(m)) {
            return Err(site.invalid(format!(
                "group contains world rank {m}, which is not in the communicator"
            )));
        }
        if !group.contains(&site.rank) {
            if group.is_empty() {
                self.write_i32(site, out, h::MPI_COMM_NULL, "newcomm")?;
                return Ok(Effect::Return(0));
            }
            return Err(site.invalid(format!(
                "group (world ranks {}) does not contain the calling process",
                list(&group)
            )));
        }
        let found = self
            .world
            .group_rendezvous
            .iter()
            .find(|g| g.parent == parent && g.group == group && g.tag == tag)
            .map(|g| g.comm);
        let hidden = match found {
            Some(c) => c,
            None => {
                let mut c = Comm::new(self.world.comms[parent].handle, group.clone());
                c.handle = self.world.comms[parent].handle;
                let id = self.world.add_comm(c);
                self.world.group_rendezvous.push(GroupRendezvous {
                    parent,
                    group: group.clone(),
                    tag,
                    comm: id,
                });
                id
            }
        };
        let j = Join {
            parent: hidden,
            args: vec![],
            must_agree: false,
            root: None,
            desc: format!("group=world ranks {}, tag={tag}", list(&group)),
        };
        let (k, _) = self.join_creation(site, &j, "arguments")?;
        if self.instance_complete(hidden, k) {
            self.make_comm(site, out, parent, group, Topology::None)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: hidden,
            instance: k,
            recv_buf: out,
        }))
    }

    /// MPI_Intercomm_create (§6.6.2): collective over both local
    /// communicators; the leaders find each other through `peer_comm`.
    /// Members wait on a hidden communicator of their group whose arrivals
    /// are recorded only once the other group has arrived too.
    fn intercomm_create(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let local = self.intra(site, int(args, 0))?;
        let leader = int(args, 1);
        let out = ptr(args, 5);
        let group = self.world.comms[local].members.clone();
        if leader < 0 || leader as usize >= group.len() {
            return Err(site.invalid(format!(
                "local_leader {leader} is not a rank of the local communicator (size {})",
                group.len()
            )));
        }
        self.check_output(site, out, 4, "newintercomm")?;
        let crank = self.world.comms[local].rank_of(site.rank).unwrap_or(0);
        let is_leader = crank == leader as usize;
        let mut v = vec![];
        let mut desc = format!("local_leader={leader}");
        if is_leader {
            let peer = self.comm(site, int(args, 2))?;
            let remote = int(args, 3);
            let tag = int(args, 4);
            let remote_world = self.peer(site, peer, remote, "remote_leader")?;
            if !valid_tag(tag, false) {
                return Err(site.invalid(format!("tag {tag} is not a valid tag")));
            }
            if group.contains(&remote_world) {
                return Err(site.invalid(format!(
                    "remote_leader {remote} (world rank {remote_world}) is in the local group: the groups must be disjoint"
                )));
            }
            v = vec![peer as i64, remote_world as i64, tag as i64];
            desc = format!(
                "{desc}, peer_comm={}, remote_leader={remote}, tag={tag}",
                comm_name(int(args, 2))
            );
        }
        let j = Join {
            parent: local,
            args: v,
            must_agree: false,
            root: Some(leader as usize),
            desc,
        };
        let (k, ev) = self.join_creation(site, &j, "local_leader")?;
        // The group's half of the call, and the hidden communicator its
        // members wait on: the group plus, once the local leader has called,
        // a slot for the remote leader, filled when the other group is there.
        let idx = match self
            .world
            .intercomm_halves
            .iter()
            .position(|x| x.local == local && x.instance == k)
        {
            Some(i) => i,
            None => {
                let mut hold = Comm::new(self.world.comms[local].handle, group.clone());
                hold.join_next(0, false);
                for r in 1..group.len() {
                    hold.next_instance[r] = 1;
                }
                let hold = self.world.add_comm(hold);
                self.world.intercomm_halves.push(IntercommHalf {
                    local,
                    instance: k,
                    hold,
                    group: group.clone(),
                    leader: group[leader as usize],
                    remote_leader: None,
                    peer: 0,
                    tag: 0,
                    complete: false,
                });
                self.world.intercomm_halves.len() - 1
            }
        };
        let hold = self.world.intercomm_halves[idx].hold;
        let _ = self.world.comms[hold].instances[0].arrive(crank, hold_contribution(ev));
        if is_leader {
            let half = &mut self.world.intercomm_halves[idx];
            half.peer = j.args[0] as usize;
            half.remote_leader = Some(j.args[1] as usize);
            half.tag = j.args[2] as i32;
            let c = &mut self.world.comms[hold];
            c.members.push(j.args[1] as usize);
            c.next_instance.push(1);
            c.instances[0].arrivals.push(None);
        }
        if self.instance_complete(local, k) {
            self.world.intercomm_halves[idx].complete = true;
            self.link_intercomm(site, out, idx)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm: hold,
            instance: 0,
            recv_buf: out,
        }))
    }

    /// A group's half is complete: if the other group's is too, make the
    /// intercommunicator and let both groups go.
    fn link_intercomm(&mut self, site: &Site, out: u64, idx: usize) -> Result<(), Halt> {
        let me = self.world.intercomm_halves[idx].clone();
        let Some(remote_leader) = me.remote_leader else {
            return Ok(());
        };
        let Some(other) = self.world.intercomm_halves.iter().position(|x| {
            x.complete
                && x.leader == remote_leader
                && x.remote_leader == Some(me.leader)
                && x.peer == me.peer
                && x.tag == me.tag
        }) else {
            return Ok(());
        };
        let them = self.world.intercomm_halves[other].clone();
        if let Some(m) = me.group.iter().find(|m| them.group.contains(m)) {
            // Both groups' calls are at fault: the error is not this call's alone.
            let mut f = Finding::new(
                ErrorKind::InvalidArgument,
                format!(
                    "MPI_Intercomm_create: the two groups share world rank {m}; they must be disjoint (MPI 3.1 §6.6.2)"
                ),
            )
            .at(site.rank, site.loc, Some(site.func));
            for ev in self.world.instance_events(them.local, them.instance) {
                if let Some((loc, func)) = self.event_loc(ev) {
                    f = f.at(ev.0, loc, Some(func));
                }
            }
            return Err(Halt::Error(f));
        }
        self.world
            .intercomm_halves
            .retain(|x| x.hold != me.hold && x.hold != them.hold);
        // Side 0 is the group whose leader has the lower world rank.
        let (a, b) = if me.leader < them.leader {
            (&me, &them)
        } else {
            (&them, &me)
        };
        let both: Vec<usize> = a.group.iter().chain(&b.group).copied().collect();
        let mut bridge = Comm::new(0, both.clone());
        bridge.handle = self.world.comms[a.local].handle;
        let bridge = self.world.add_comm(bridge);
        let mut inter = Comm::new(0, a.group.clone());
        inter.remote = Some(b.group.clone());
        inter.bridge = Some(bridge);
        let id = self.world.add_comm(inter);
        for half in [a, b] {
            for &m in &half.group {
                let eh = self.errhandler_on(m, half.local);
                let handle = self.world.bind_comm(m, id, eh);
                self.deliver_handle(site, out, m, handle)?;
            }
        }
        self.world.comms[bridge].handle = self.world.comms[id].handle;
        // Each member needed every member of both groups (a data dependency).
        let ea = self.world.instance_events(a.local, a.instance);
        let eb = self.world.instance_events(b.local, b.instance);
        for (x, y) in [(&ea, &eb), (&eb, &ea)] {
            for &w in x {
                for &n in y {
                    self.deps.push(Dep {
                        waiter: w,
                        needs: Some(n),
                        kind: DepKind::Always,
                    });
                }
            }
        }
        // Release both groups: the remote leader's slot is filled with its
        // call.
        for (half, other) in [(a, b), (b, a)] {
            let at = other.group.iter().position(|&m| m == other.leader);
            let remote_ev = at.and_then(|r| {
                self.world.comms[other.local].instances[other.instance].arrivals[r]
                    .as_ref()
                    .map(|c| c.event)
            });
            if let Some(e) = remote_ev {
                let slot = half.group.len();
                let _ = self.world.comms[half.hold].instances[0].arrive(slot, hold_contribution(e));
            }
        }
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Intercomm_create completes: new intercommunicator {} of world ranks {} and {}",
                comm_name(self.world.comms[id].handle),
                list(&a.group),
                list(&b.group)
            ),
        );
        self.version += 1;
        Ok(())
    }

    /// MPI_Intercomm_merge (§6.6.2): collective over both groups.
    fn intercomm_merge(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let inter = self.comm(site, int(args, 0))?;
        let Some(bridge) = self.world.comms[inter].bridge else {
            return Err(site.invalid(format!(
                "communicator {} is not an intercommunicator",
                comm_name(int(args, 0))
            )));
        };
        let high = (int(args, 1) != 0) as i64;
        let out = ptr(args, 2);
        self.check_output(site, out, 4, "newintracomm")?;
        let j = Join {
            parent: bridge,
            args: vec![high],
            must_agree: false,
            root: None,
            desc: format!("high={high}"),
        };
        let (k, _) = self.join_creation(site, &j, "arguments")?;
        if self.instance_complete(bridge, k) {
            let cs = self.instance_contributions(bridge, k);
            let a = self.world.comms[inter].members.clone();
            let b = self.world.comms[inter].remote.clone().unwrap_or_default();
            let high_of = |from: usize, len: usize| -> Option<i64> {
                let hs: Vec<i64> = cs[from..from + len].iter().map(|c| c.args[0]).collect();
                hs.iter().all(|&x| x == hs[0]).then_some(hs[0])
            };
            let (Some(ha), Some(hb)) = (high_of(0, a.len()), high_of(a.len(), b.len())) else {
                return Err(site.finding(
                    ErrorKind::CollectiveMismatch,
                    "MPI_Intercomm_merge: the processes of one group pass different values of high",
                ));
            };
            // The group passing high = false comes first; with equal values
            // the order is arbitrary (§6.6.2), here side 0 first.
            let members: Vec<usize> = if ha > hb {
                b.iter().chain(&a).copied().collect()
            } else {
                a.iter().chain(&b).copied().collect()
            };
            let mut comm = Comm::new(0, members.clone());
            comm.topology = Topology::None;
            let id = self.world.add_comm(comm);
            for &m in &members {
                let eh = self.errhandler_on(m, inter);
                let handle = self.world.bind_comm(m, id, eh);
                self.deliver_handle(site, out, m, handle)?;
            }
            self.trace_event(
                site.rank,
                site.loc,
                format!(
                    "MPI_Intercomm_merge completes: new communicator {} of world ranks {}",
                    comm_name(self.world.comms[id].handle),
                    list(&members)
                ),
            );
        }
        Ok(Effect::Block(Block::Collective {
            comm: bridge,
            instance: k,
            recv_buf: out,
        }))
    }

    /// MPI_Comm_free (§6.4.3): the handle becomes `MPI_COMM_NULL`; operations
    /// still pending on the communicator complete normally.
    fn comm_free(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let addr = ptr(args, 0);
        let handle = self.read_i32(site, addr, "comm")?;
        match self.world.free_comm(handle, site.rank) {
            Ok(true) => {}
            Ok(false) => {
                return Err(site.invalid(format!(
                    "cannot free the predefined communicator {}",
                    h::predefined_comm_name(handle).unwrap_or("?")
                )))
            }
            Err(HandleError::Null) => return Err(site.invalid("communicator is MPI_COMM_NULL")),
            Err(HandleError::Freed) => {
                return Err(site.invalid(format!("communicator 0x{handle:x} was already freed")))
            }
            Err(HandleError::Unknown) => {
                return Err(site.invalid(format!("invalid communicator 0x{handle:x}")))
            }
        }
        self.write_i32(site, addr, h::MPI_COMM_NULL, "comm")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_Comm_free(comm={})", comm_name(handle)),
        );
        Ok(Effect::Return(0))
    }

    // ----- neighborhood collectives (§7.6) ------------------------------

    /// In- and out-neighbors (communicator ranks, `MPI_PROC_NULL` allowed)
    /// of communicator rank `r`, in the order of §7.6.
    fn topo_neighbors(
        &self,
        site: &Site,
        comm: CommId,
        r: usize,
    ) -> Result<(Vec<i32>, Vec<i32>), Halt> {
        Ok(match &self.world.comms[comm].topology {
            Topology::Cart(c) => (c.neighbors(r), c.neighbors(r)),
            Topology::Graph(g) => {
                let n = g.get(r).cloned().unwrap_or_default();
                (n.clone(), n)
            }
            Topology::DistGraph {
                sources,
                destinations,
                ..
            } => (
                sources[r].iter().map(|e| e.0).collect(),
                destinations[r].iter().map(|e| e.0).collect(),
            ),
            Topology::None => return Err(site.invalid("no process topology on the communicator")),
        })
    }

    /// The neighborhood collectives (§7.6) and their v-forms (§7.6.2):
    /// each member sends one block per out-neighbor (the same one for the
    /// allgather forms) and receives one block per in-neighbor. A member's
    /// layout travels in its contribution's `args`: the number of
    /// out-neighbors, then (offset, length) of each one's block in the
    /// member's send data, then the number of in-neighbors, then (byte
    /// displacement, capacity) of each one's block in the receive buffer.
    fn neighbor_collective(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let comm_at = site.func.param_index("comm").unwrap_or(0);
        let comm = self.intra(site, int(args, comm_at))?;
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let (ins, outs) = self.topo_neighbors(site, comm, crank)?;
        let (nin, nout) = (ins.len(), outs.len());
        let sbuf = ptr(args, 0);
        // (count, displacement in extents) of each send and receive block.
        let (st, rbuf, rt, sends, recvs): (i32, u64, i32, CountDispls, CountDispls) =
            match site.func {
                F::NeighborAllgather | F::NeighborAlltoall => {
                    let (sn, rn) = (int(args, 1), int(args, 4));
                    let all = site.func == F::NeighborAlltoall;
                    let sends = if all {
                        (0..nout).map(|j| (sn, j as i64 * sn as i64)).collect()
                    } else {
                        vec![(sn, 0)]
                    };
                    let recvs = (0..nin).map(|j| (rn, j as i64 * rn as i64)).collect();
                    (int(args, 2), ptr(args, 3), int(args, 5), sends, recvs)
                }
                F::NeighborAllgatherv => {
                    let counts = self.read_int_array(site, ptr(args, 4), nin, "recvcounts")?;
                    let displs = self.read_int_array(site, ptr(args, 5), nin, "displs")?;
                    let recvs = counts.into_iter().zip(displs.into_iter().map(i64::from));
                    let sends = vec![(int(args, 1), 0)];
                    (
                        int(args, 2),
                        ptr(args, 3),
                        int(args, 6),
                        sends,
                        recvs.collect(),
                    )
                }
                _ => {
                    let scounts = self.read_int_array(site, ptr(args, 1), nout, "sendcounts")?;
                    let sdispls = self.read_int_array(site, ptr(args, 2), nout, "sdispls")?;
                    let rcounts = self.read_int_array(site, ptr(args, 5), nin, "recvcounts")?;
                    let rdispls = self.read_int_array(site, ptr(args, 6), nin, "rdispls")?;
                    let sends = scounts.into_iter().zip(sdispls.into_iter().map(i64::from));
                    let recvs = rcounts.into_iter().zip(rdispls.into_iter().map(i64::from));
                    (
                        int(args, 3),
                        ptr(args, 4),
                        int(args, 7),
                        sends.collect(),
                        recvs.collect(),
                    )
                }
            };
        let (sext, rext) = (self.extent(site, st)? as i64, self.extent(site, rt)? as i64);
        let rsize = self.type_size(site, rt)?;
        let mut send = Vec::new();
        let mut layout = vec![nout as i64];
        let mut send_block = 0;
        for (j, &(n, d)) in sends.iter().enumerate() {
            let data = self.pack(
                site,
                sbuf.wrapping_add((d * sext) as u64),
                n,
                st,
                "send buffer",
            )?;
            send_block = send_block.max(data.len() as u64);
            if j == 0 || site.func != F::NeighborAllgather && site.func != F::NeighborAllgatherv {
                layout.extend([send.len() as i64, data.len() as i64]);
                send.extend_from_slice(&data);
            }
        }
        if matches!(site.func, F::NeighborAllgather | F::NeighborAllgatherv) {
            // One block, to every out-neighbor.
            let (off, len) = (layout.get(1).copied(), layout.get(2).copied());
            layout.truncate(1);
            for _ in 0..nout {
                layout.extend([off.unwrap_or(0), len.unwrap_or(0)]);
            }
        }
        layout.push(nin as i64);
        let mut recv_block = 0;
        for &(n, d) in &recvs {
            let at = rbuf.wrapping_add((d * rext) as u64);
            self.check_unpack(site, at, n, rt, "receive buffer")?;
            let cap = self.count(site, n)? * rsize;
            recv_block = recv_block.max(cap);
            layout.extend([d * rext, cap as i64]);
        }
        let ev = self.log_call(site, None, None);
        let cname = comm_name(self.world.comms[comm].handle);
        let counts = match site.func {
            F::NeighborAllgather | F::NeighborAlltoall => {
                format!("sendcount={}, recvcount={}", int(args, 1), int(args, 4))
            }
            _ => format!(
                "sendcounts=[{}], recvcounts=[{}]",
                list_counts(&sends),
                list_counts(&recvs)
            ),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!("{}({counts}, comm={cname})", site.func.name()),
        );
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[comm].join_next(crank, sync);
        let c = Contribution {
            datatype: rt,
            send: Some(std::sync::Arc::from(send)),
            recv_block,
            send_block,
            ..Contribution::control(site.func, None, ev, layout)
        };
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, c) {
            return Err(self.collective_mismatch(site, comm, k, m, None, "arguments"));
        }
        self.version += 1;
        if self.instance_complete(comm, k) {
            self.deliver_neighbors(site, comm, k, rbuf)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm,
            instance: k,
            recv_buf: rbuf,
        }))
    }

    /// Moves the data of a complete neighborhood collective: as if each
    /// process sent block j to out-neighbor j and received block j from
    /// in-neighbor j with one tag (§7.6), so repeated neighbors pair up in
    /// order.
    fn deliver_neighbors(
        &mut self,
        site: &Site,
        comm: CommId,
        k: usize,
        own: u64,
    ) -> Result<(), Halt> {
        let cs = self.instance_contributions(comm, k);
        let members = self.world.comms[comm].members.clone();
        let n = members.len();
        let lists: Vec<(Vec<i32>, Vec<i32>)> = (0..n)
            .map(|r| self.topo_neighbors(site, comm, r))
            .collect::<Result<_, _>>()?;
        for r in 0..n {
            let (ins, _) = &lists[r];
            let addr = if members[r] == site.rank {
                own
            } else {
                self.blocked_out(members[r]).unwrap_or(0)
            };
            let recv_layout = NeighborLayout::of(&cs[r].args);
            for (j, &src) in ins.iter().enumerate() {
                if src < 0 {
                    continue; // MPI_PROC_NULL: the block stays untouched
                }
                let s = src as usize;
                // Which occurrence of `src` this is among my in-neighbors,
                // and the same occurrence of me among its out-neighbors.
                let nth = ins[..j].iter().filter(|&&x| x == src).count();
                let Some(block) = lists[s]
                    .1
                    .iter()
                    .enumerate()
                    .filter(|(_, &d)| d == r as i32)
                    .nth(nth)
                    .map(|(i, _)| i)
                else {
                    continue;
                };
                let sc = &cs[s];
                let data = sc
                    .send
                    .clone()
                    .unwrap_or_else(|| std::sync::Arc::from(Vec::new()));
                let (off, len) = NeighborLayout::of(&sc.args).send(block);
                let start = off.min(data.len());
                let bytes = &data[start..(start + len).min(data.len())];
                let (disp, cap) = recv_layout.recv(j);
                if bytes.len() as u64 > cap {
                    let (loc, func) = self.event_loc(cs[r].event).unwrap_or((site.loc, site.func));
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::CountMismatch,
                            format!(
                                "{}: rank {} sends {} bytes to rank {} whose receive block holds {} bytes",
                                site.func.name(),
                                members[s],
                                bytes.len(),
                                members[r],
                                cap
                            ),
                        )
                        .at(members[r], loc, Some(func)),
                    ));
                }
                let at = addr.wrapping_add(disp as u64);
                let rank = members[r];
                let loc = if rank == site.rank {
                    site.loc
                } else {
                    self.blocked_loc(rank)
                };
                let bytes = bytes.to_vec();
                self.unpack(rank, at, cs[r].datatype, &bytes).map_err(|f| {
                    Halt::Error(
                        Finding::new(ErrorKind::MemoryError, format!("receive buffer: {f}")).at(
                            rank,
                            loc,
                            Some(site.func),
                        ),
                    )
                })?;
            }
        }
        Ok(())
    }

    // ----- local calls ---------------------------------------------------

    fn local_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        match site.func {
            F::CommCompare => {
                let (h1, h2) = (int(args, 0), int(args, 1));
                let (c1, c2) = (self.comm(site, h1)?, self.comm(site, h2)?);
                let v = self.compare_comms(rank, c1, c2);
                self.write_i32(site, ptr(args, 2), v, "result")?;
            }
            F::CommGroup | F::CommRemoteGroup => {
                let c = self.comm(site, int(args, 0))?;
                let comm = &self.world.comms[c];
                let g = if site.func == F::CommGroup {
                    comm.local_group(rank).to_vec()
                } else {
                    match comm.remote_group(rank) {
                        Some(g) => g.to_vec(),
                        None => {
                            return Err(site.invalid(format!(
                                "communicator {} is not an intercommunicator",
                                comm_name(int(args, 0))
                            )))
                        }
                    }
                };
                self.check_output(site, ptr(args, 1), 4, "group")?;
                let handle = self.new_group_handle(rank, g);
                self.write_i32(site, ptr(args, 1), handle, "group")?;
            }
            F::CommTestInter => {
                let c = self.comm(site, int(args, 0))?;
                let v = self.world.comms[c].is_inter() as i32;
                self.write_i32(site, ptr(args, 1), v, "flag")?;
            }
            F::CommRemoteSize => {
                let c = self.comm(site, int(args, 0))?;
                let Some(g) = self.world.comms[c].remote_group(rank) else {
                    return Err(site.invalid(format!(
                        "communicator {} is not an intercommunicator",
                        comm_name(int(args, 0))
                    )));
                };
                let v = g.len() as i32;
                self.write_i32(site, ptr(args, 1), v, "size")?;
            }
            F::GroupSize => {
                let g = self.group_arg(site, int(args, 0), "group")?;
                self.write_i32(site, ptr(args, 1), g.len() as i32, "size")?;
            }
            F::GroupRank => {
                let g = self.group_arg(site, int(args, 0), "group")?;
                let v = g
                    .iter()
                    .position(|&m| m == rank)
                    .map_or(h::MPI_UNDEFINED, |p| p as i32);
                self.write_i32(site, ptr(args, 1), v, "rank")?;
            }
            F::GroupIncl | F::GroupExcl | F::GroupRangeIncl | F::GroupRangeExcl => {
                let g = self.group_arg(site, int(args, 0), "group")?;
                let n = int(args, 1);
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let new = match site.func {
                    F::GroupIncl | F::GroupExcl => {
                        let ranks = self.read_int_array(site, ptr(args, 2), n as usize, "ranks")?;
                        if site.func == F::GroupIncl {
                            cm::incl(&g, &ranks)
                        } else {
                            cm::excl(&g, &ranks)
                        }
                    }
                    _ => {
                        let flat =
                            self.read_int_array(site, ptr(args, 2), 3 * n as usize, "ranges")?;
                        let ranges: Vec<[i32; 3]> =
                            flat.chunks(3).map(|c| [c[0], c[1], c[2]]).collect();
                        if site.func == F::GroupRangeIncl {
                            cm::range_incl(&g, &ranges)
                        } else {
                            cm::range_excl(&g, &ranges)
                        }
                    }
                }
                .map_err(|e| arg_error(site, e))?;
                self.check_output(site, ptr(args, 3), 4, "newgroup")?;
                let handle = self.new_group_handle(rank, new);
                self.write_i32(site, ptr(args, 3), handle, "newgroup")?;
            }
            F::GroupUnion | F::GroupIntersection | F::GroupDifference => {
                let a = self.group_arg(site, int(args, 0), "group1")?;
                let b = self.group_arg(site, int(args, 1), "group2")?;
                let new = match site.func {
                    F::GroupUnion => cm::union(&a, &b),
                    F::GroupIntersection => cm::intersection(&a, &b),
                    _ => cm::difference(&a, &b),
                };
                self.check_output(site, ptr(args, 2), 4, "newgroup")?;
                let handle = self.new_group_handle(rank, new);
                self.write_i32(site, ptr(args, 2), handle, "newgroup")?;
            }
            F::GroupTranslateRanks => {
                let a = self.group_arg(site, int(args, 0), "group1")?;
                let n = int(args, 1);
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let b = self.group_arg(site, int(args, 3), "group2")?;
                let ranks = self.read_int_array(site, ptr(args, 2), n as usize, "ranks1")?;
                let out = cm::translate_ranks(&a, &ranks, &b).map_err(|e| arg_error(site, e))?;
                self.write_int_array(site, ptr(args, 4), &out, "ranks2")?;
            }
            F::GroupCompare => {
                let a = self.group_arg(site, int(args, 0), "group1")?;
                let b = self.group_arg(site, int(args, 1), "group2")?;
                self.write_i32(site, ptr(args, 2), cm::compare_groups(&a, &b), "result")?;
            }
            F::GroupFree => {
                let addr = ptr(args, 0);
                let handle = self.read_i32(site, addr, "group")?;
                self.world.free_group(handle, rank).map_err(|e| match e {
                    HandleError::Null => site.invalid("group is MPI_GROUP_NULL"),
                    HandleError::Freed => {
                        site.invalid(format!("group 0x{handle:x} was already freed"))
                    }
                    HandleError::Unknown => site.invalid(format!("invalid group 0x{handle:x}")),
                })?;
                self.write_i32(site, addr, h::MPI_GROUP_NULL, "group")?;
            }
            F::CartGet => {
                let c = self.comm(site, int(args, 0))?;
                let cart = self.cart_of(site, c)?;
                let maxdims = int(args, 1);
                if maxdims < cart.ndims() as i32 {
                    return Err(site.invalid(format!(
                        "maxdims = {maxdims} is less than the grid's {} dims",
                        cart.ndims()
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let periods: Vec<i32> = cart.periods.iter().map(|&p| p as i32).collect();
                self.write_int_array(site, ptr(args, 2), &cart.dims, "dims")?;
                self.write_int_array(site, ptr(args, 3), &periods, "periods")?;
                self.write_int_array(site, ptr(args, 4), &cart.coords(crank), "coords")?;
            }
            F::CartRank => {
                let c = self.comm(site, int(args, 0))?;
                let cart = self.cart_of(site, c)?;
                let coords = self.read_int_array(site, ptr(args, 1), cart.ndims(), "coords")?;
                let r = cart.rank(&coords).map_err(|e| arg_error(site, e))?;
                self.write_i32(site, ptr(args, 2), r as i32, "rank")?;
            }
            F::CartCoords => {
                let c = self.comm(site, int(args, 0))?;
                let cart = self.cart_of(site, c)?;
                let r = int(args, 1);
                if r < 0 || r as usize >= cart.size() {
                    return Err(site.invalid(format!(
                        "rank {r} is not a rank of the grid (size {})",
                        cart.size()
                    )));
                }
                let maxdims = int(args, 2);
                if maxdims < cart.ndims() as i32 {
                    return Err(site.invalid(format!(
                        "maxdims = {maxdims} is less than the grid's {} dims",
                        cart.ndims()
                    )));
                }
                self.write_int_array(site, ptr(args, 3), &cart.coords(r as usize), "coords")?;
            }
            F::CartShift => {
                let c = self.comm(site, int(args, 0))?;
                let cart = self.cart_of(site, c)?;
                let (dir, disp) = (int(args, 1), int(args, 2));
                if dir < 0 || dir as usize >= cart.ndims() {
                    return Err(site.invalid(format!(
                        "direction {dir} is not a dimension of the grid (dims {})",
                        cart.ndims()
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let (s, d) = cart.shift(crank, dir as usize, disp);
                self.write_i32(site, ptr(args, 3), s, "rank_source")?;
                self.write_i32(site, ptr(args, 4), d, "rank_dest")?;
            }
            F::CartdimGet => {
                let c = self.comm(site, int(args, 0))?;
                let cart = self.cart_of(site, c)?;
                self.write_i32(site, ptr(args, 1), cart.ndims() as i32, "ndims")?;
            }
            F::TopoTest => {
                let c = self.comm(site, int(args, 0))?;
                let v = match self.world.comms[c].topology {
                    Topology::None => h::MPI_UNDEFINED,
                    Topology::Cart(_) => h::MPI_CART,
                    Topology::Graph(_) => h::MPI_GRAPH,
                    Topology::DistGraph { .. } => h::MPI_DIST_GRAPH,
                };
                self.write_i32(site, ptr(args, 1), v, "status")?;
            }
            F::DimsCreate => {
                let (nnodes, nd) = (int(args, 0), int(args, 1));
                if nd < 0 {
                    return Err(site.invalid(format!("ndims = {nd} is negative")));
                }
                let dims = self.read_int_array(site, ptr(args, 2), nd as usize, "dims")?;
                let filled = cm::dims_create(nnodes, &dims).map_err(|e| arg_error(site, e))?;
                self.write_int_array(site, ptr(args, 2), &filled, "dims")?;
            }
            // §7.5.5: the neighbors MPI_Graph_create gave rank `rank`.
            F::GraphNeighborsCount | F::GraphNeighbors => {
                let c = self.comm(site, int(args, 0))?;
                let Topology::Graph(g) = &self.world.comms[c].topology else {
                    return Err(site.invalid("no graph topology on the communicator"));
                };
                let r = int(args, 1);
                let Some(ns) = usize::try_from(r).ok().and_then(|r| g.get(r)).cloned() else {
                    return Err(site.invalid(format!(
                        "rank {r} is not a rank of the communicator (size {})",
                        g.len()
                    )));
                };
                if site.func == F::GraphNeighborsCount {
                    self.write_i32(site, ptr(args, 2), ns.len() as i32, "nneighbors")?;
                } else {
                    let max = int(args, 2);
                    let shown = ns.len().min(max.max(0) as usize);
                    // §7.5.5: at most `maxneighbors` are returned.
                    self.write_int_array(site, ptr(args, 3), &ns[..shown], "neighbors")?;
                }
            }
            // §7.5.7: the rank the caller would have in a grid of `dims`
            // over `comm`. Grids are never reordered here (as in
            // MPI_Cart_create), so it keeps its rank, or gets MPI_UNDEFINED
            // when the grid has fewer processes than the communicator.
            F::CartMap => {
                let c = self.intra(site, int(args, 0))?;
                let nd = int(args, 1);
                if nd < 1 {
                    return Err(site.invalid(format!("ndims = {nd} must be at least 1")));
                }
                let dims = self.read_int_array(site, ptr(args, 2), nd as usize, "dims")?;
                self.read_int_array(site, ptr(args, 3), nd as usize, "periods")?;
                if let Some(d) = dims.iter().find(|&&d| d < 1) {
                    return Err(site.invalid(format!("dims has the non-positive entry {d}")));
                }
                let cells = dims
                    .iter()
                    .try_fold(1i64, |p, &d| p.checked_mul(d as i64))
                    .unwrap_or(i64::MAX);
                let size = self.world.comms[c].size() as i64;
                if cells > size {
                    return Err(site.invalid(format!(
                        "dims describe a grid of {cells} processes, more than the communicator's {size}"
                    )));
                }
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0) as i64;
                let v = if crank < cells {
                    crank as i32
                } else {
                    h::MPI_UNDEFINED
                };
                self.write_i32(site, ptr(args, 4), v, "newrank")?;
            }
            F::DistGraphNeighborsCount | F::DistGraphNeighbors => {
                let c = self.comm(site, int(args, 0))?;
                let crank = self.world.comms[c].rank_of(rank).unwrap_or(0);
                let Topology::DistGraph {
                    sources,
                    destinations,
                    weighted,
                } = self.world.comms[c].topology.clone()
                else {
                    return Err(site.invalid("no distributed graph topology on the communicator"));
                };
                let (ins, outs) = (&sources[crank], &destinations[crank]);
                if site.func == F::DistGraphNeighborsCount {
                    self.write_i32(site, ptr(args, 1), ins.len() as i32, "indegree")?;
                    self.write_i32(site, ptr(args, 2), outs.len() as i32, "outdegree")?;
                    self.write_i32(site, ptr(args, 3), weighted as i32, "weighted")?;
                } else {
                    let (maxin, maxout) = (int(args, 1), int(args, 4));
                    if maxin < ins.len() as i32 || maxout < outs.len() as i32 {
                        return Err(site.invalid(format!(
                            "maxindegree/maxoutdegree {maxin}/{maxout} are less than the degrees {}/{}",
                            ins.len(),
                            outs.len()
                        )));
                    }
                    let r: Vec<i32> = ins.iter().map(|e| e.0).collect();
                    let w: Vec<i32> = ins.iter().map(|e| e.1).collect();
                    self.write_int_array(site, ptr(args, 2), &r, "sources")?;
                    if weighted && ptr(args, 3) as i64 != h::MPI_UNWEIGHTED {
                        self.write_int_array(site, ptr(args, 3), &w, "sourceweights")?;
                    }
                    let r: Vec<i32> = outs.iter().map(|e| e.0).collect();
                    let w: Vec<i32> = outs.iter().map(|e| e.1).collect();
                    self.write_int_array(site, ptr(args, 5), &r, "destinations")?;
                    if weighted && ptr(args, 6) as i64 != h::MPI_UNWEIGHTED {
                        self.write_int_array(site, ptr(args, 6), &w, "destweights")?;
                    }
                }
            }
            _ => {}
        }
        Ok(Effect::Return(0))
    }

    /// MPI_Comm_compare (§6.4.1).
    fn compare_comms(&self, rank: usize, c1: CommId, c2: CommId) -> i32 {
        if c1 == c2 {
            return h::MPI_IDENT;
        }
        let (a, b) = (&self.world.comms[c1], &self.world.comms[c2]);
        if a.is_inter() != b.is_inter() {
            return h::MPI_UNEQUAL;
        }
        let local = cm::compare_groups(a.local_group(rank), b.local_group(rank));
        let remote = match (a.remote_group(rank), b.remote_group(rank)) {
            (Some(x), Some(y)) => cm::compare_groups(x, y),
            _ => h::MPI_IDENT,
        };
        match local.max(remote) {
            h::MPI_IDENT => h::MPI_CONGRUENT,
            v => v,
        }
    }
}

/// A member's arrival on the hidden communicator MPI_Intercomm_create waits on.
fn hold_contribution(event: EventRef) -> Contribution {
    Contribution::control(F::IntercommCreate, None, event, vec![])
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

fn bits(v: &[bool]) -> Vec<i32> {
    v.iter().map(|&b| b as i32).collect()
}

fn undefined_name(v: i32) -> String {
    if v == h::MPI_UNDEFINED {
        "UNDEFINED".into()
    } else {
        v.to_string()
    }
}

/// (count, displacement in extents) of each block of a neighborhood
/// collective, per neighbor.
type CountDispls = Vec<(i32, i64)>;

/// A neighborhood collective member's block layout, as encoded in its
/// contribution's `args` by `neighbor_collective`.
struct NeighborLayout<'a>(&'a [i64]);

impl<'a> NeighborLayout<'a> {
    fn of(args: &'a [i64]) -> NeighborLayout<'a> {
        NeighborLayout(args)
    }

    fn pair(&self, at: usize) -> (i64, i64) {
        (
            self.0.get(at).copied().unwrap_or(0),
            self.0.get(at + 1).copied().unwrap_or(0),
        )
    }

    /// (offset, length) in the send data of the block for out-neighbor `j`.
    fn send(&self, j: usize) -> (usize, usize) {
        let (o, l) = self.pair(1 + 2 * j);
        (o.max(0) as usize, l.max(0) as usize)
    }

    /// (byte displacement, capacity) in the receive buffer of the block
    /// from in-neighbor `j`.
    fn recv(&self, j: usize) -> (i64, u64) {
        let nout = self.0.first().copied().unwrap_or(0).max(0) as usize;
        let (d, c) = self.pair(1 + 2 * nout + 1 + 2 * j);
        (d, c.max(0) as u64)
    }
}

/// "2,0,1" for the counts of a v-form's trace line.
fn list_counts(blocks: &[(i32, i64)]) -> String {
    blocks
        .iter()
        .map(|(n, _)| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}
