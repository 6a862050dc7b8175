//! Communicator constructors and destructor (MPI 3.1 §6.4): MPI_Comm_dup
//! (and _with_info), MPI_Comm_split (and _type), MPI_Comm_create,
//! MPI_Comm_create_group, MPI_Comm_idup, MPI_Comm_free and the accessor
//! MPI_Comm_compare (§6.4.1). The topology constructors (MPI_Cart_create,
//! MPI_Cart_sub, MPI_Graph_create, MPI_Dist_graph_create[_adjacent],
//! §7.5) make communicators the same way and are decoded here too; each is
//! a collective of its parent whose last arrival makes the new
//! communicators.

use super::{arg_error, list, Join};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::collective::Contribution;
use runtime_model::mpi::comm::{self as cm, Cart};
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::{Comm, CommId, GroupRendezvous, HandleError, Topology};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    pub(super) fn creating_call(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        // The parent is `comm_old` for the topology constructors (MPI 3.1
        // §7.5), `comm` for the others.
        let parent_name = if a.has("comm_old") {
            "comm_old"
        } else {
            "comm"
        };
        let parent_h = a.int(parent_name)?;
        let on_inter = matches!(
            site.func,
            F::CommDup | F::CommDupWithInfo | F::CommSplit | F::CommSplitType | F::CommCreate
        );
        if on_inter {
            let c = self.comm(site, parent_h)?;
            if self.world.comms[c].is_inter() {
                return self.inter_creating_call(site, args, c);
            }
        }
        // "Topologies cannot be added to inter-communicators" (MPI 3.1
        // §7.1): a topology constructor on one is erroneous (MPICH returns
        // MPI_ERR_COMM).
        let topology = matches!(
            site.func,
            F::CartCreate | F::GraphCreate | F::DistGraphCreate | F::DistGraphCreateAdjacent
        );
        if topology {
            let c = self.comm(site, parent_h)?;
            if self.world.comms[c].is_inter() {
                return Err(site.invalid(format!(
                    "communicator {} is an intercommunicator: topologies cannot be added to intercommunicators (MPI 3.1 §7.1)",
                    comm_name(parent_h)
                )));
            }
        }
        let parent = self.intra_only(model, site, parent_h)?;
        let size = self.world.comms[parent].size();
        let mut must_agree = false;
        let mut what = "arguments";
        let (args_v, out, desc): (Vec<i64>, u64, String) = match site.func {
            F::CommDup => (vec![], a.ptr("newcomm")?, String::new()),
            // §6.4.2: MPI_Comm_dup with hints in place of the parent's; the
            // model keeps no hints, so only the info handle is checked.
            F::CommDupWithInfo => {
                self.info_arg(site, a.int("info")?, true)?;
                (vec![], a.ptr("newcomm")?, String::new())
            }
            F::CommSplit | F::CommSplitType => {
                let (v, desc) = self.split_color_key(site, &a)?;
                (v, a.ptr("newcomm")?, desc)
            }
            F::CommCreate => {
                let g = self.group_arg(site, a.int("group")?, "group")?;
                let parent_members = &self.world.comms[parent].members;
                if let Some(m) = g.iter().find(|m| !parent_members.contains(m)) {
                    return Err(site.invalid(format!(
                        "group contains world rank {m}, which is not in the communicator"
                    )));
                }
                what = "groups";
                let desc = format!("group=world ranks {}", list(&g));
                (
                    g.iter().map(|&m| m as i64).collect(),
                    a.ptr("newcomm")?,
                    desc,
                )
            }
            F::CartCreate => {
                let nd = a.int("ndims")?;
                if nd < 0 {
                    return Err(site.invalid(format!("ndims = {nd} is negative")));
                }
                let dims = self.read_int_array(site, a.ptr("dims")?, nd as usize, "dims")?;
                let periods =
                    self.read_int_array(site, a.ptr("periods")?, nd as usize, "periods")?;
                let periods: Vec<bool> = periods.iter().map(|&p| p != 0).collect();
                Cart::new(dims.clone(), periods.clone(), size).map_err(|e| arg_error(site, e))?;
                must_agree = true;
                what = "dims or periods";
                let mut v: Vec<i64> = vec![nd as i64];
                v.extend(dims.iter().map(|&d| d as i64));
                v.extend(periods.iter().map(|&p| p as i64));
                let desc = format!("dims={:?}, periods={:?}", dims, bits(&periods));
                (v, a.ptr("comm_cart")?, desc)
            }
            F::CartSub => {
                let cart = self.cart_of(site, parent)?;
                let remain =
                    self.read_int_array(site, a.ptr("remain_dims")?, cart.ndims(), "remain_dims")?;
                let remain: Vec<bool> = remain.iter().map(|&r| r != 0).collect();
                must_agree = true;
                what = "remain_dims";
                let desc = format!("remain_dims={:?}", bits(&remain));
                (
                    remain.iter().map(|&r| r as i64).collect(),
                    a.ptr("newcomm")?,
                    desc,
                )
            }
            F::GraphCreate => {
                let nnodes = a.int("nnodes")?;
                if nnodes < 0 || nnodes as usize > size {
                    return Err(site.invalid(format!(
                        "nnodes = {nnodes} is not between 0 and the communicator size {size}"
                    )));
                }
                let index = self.read_int_array(site, a.ptr("index")?, nnodes as usize, "index")?;
                let nedges = index.last().copied().unwrap_or(0);
                if index.windows(2).any(|w| w[1] < w[0]) || index.first().is_some_and(|&i| i < 0) {
                    return Err(site.invalid("index is not non-decreasing from 0"));
                }
                let edges = self.read_int_array(site, a.ptr("edges")?, nedges as usize, "edges")?;
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
                (v, a.ptr("comm_graph")?, format!("nnodes={nnodes}"))
            }
            F::DistGraphCreateAdjacent => {
                let (indeg, outdeg) = (a.int("indegree")?, a.int("outdegree")?);
                if indeg < 0 || outdeg < 0 {
                    return Err(site.invalid("indegree or outdegree is negative"));
                }
                let sources =
                    self.read_int_array(site, a.ptr("sources")?, indeg as usize, "sources")?;
                let dests = self.read_int_array(
                    site,
                    a.ptr("destinations")?,
                    outdeg as usize,
                    "destinations",
                )?;
                let weighted = a.ptr("sourceweights")? as i64 != h::MPI_UNWEIGHTED;
                let sw = self.edge_weights(site, a.ptr("sourceweights")?, indeg as usize)?;
                let dw = self.edge_weights(site, a.ptr("destweights")?, outdeg as usize)?;
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
                (v, a.ptr("comm_dist_graph")?, desc)
            }
            F::DistGraphCreate => {
                let n = a.int("n")?;
                if n < 0 {
                    return Err(site.invalid(format!("n = {n} is negative")));
                }
                let srcs = self.read_int_array(site, a.ptr("sources")?, n as usize, "sources")?;
                let degrees =
                    self.read_int_array(site, a.ptr("degrees")?, n as usize, "degrees")?;
                if degrees.iter().any(|&d| d < 0) {
                    return Err(site.invalid("degrees contain a negative degree"));
                }
                let total: i64 = degrees.iter().map(|&d| d as i64).sum();
                let dests = self.read_int_array(
                    site,
                    a.ptr("destinations")?,
                    total as usize,
                    "destinations",
                )?;
                let weighted = a.ptr("weights")? as i64 != h::MPI_UNWEIGHTED;
                let w = self.edge_weights(site, a.ptr("weights")?, total as usize)?;
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
                (v, a.ptr("comm_dist_graph")?, format!("n={n}"))
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
    pub(super) fn comm_idup(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let parent = self.comm(site, a.int("comm")?)?;
        // On an intercommunicator the call is collective over both groups
        // and the duplicate is an intercommunicator (MPI 3.1 §6.4.2): its
        // members rendezvous on the bridge over both.
        let rv = self.world.comms[parent].bridge.unwrap_or(parent);
        let (out, req_addr) = (a.ptr("newcomm")?, a.ptr("request")?);
        self.check_output(site, out, 4, "newcomm")?;
        self.check_output(site, req_addr, 4, "request")?;
        let ev = self.log_call(site, None, None);
        let crank = self.world.comms[rv].rank_of(site.rank).unwrap_or(0);
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[rv].join_next(crank, sync);
        let req = self.world.p2p.post(
            site.rank,
            ReqOp::Collective {
                comm: rv,
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
        if let Err(m) = self.world.comms[rv].instances[k].arrive(crank, c) {
            return Err(self.collective_mismatch(site, rv, k, m, None, "arguments"));
        }
        self.version += 1;
        if self.instance_complete(rv, k) {
            // Members in the rendezvous' order: the bridge's is both groups.
            let members = self.world.comms[rv].members.clone();
            let id = match self.world.comms[parent].remote.clone() {
                Some(b) => {
                    let a = self.world.comms[parent].members.clone();
                    self.new_intercomm((site.func, parent), a, b)
                }
                None => {
                    let mut comm = Comm::new(0, members.clone());
                    comm.topology = self.world.comms[parent].topology.clone();
                    comm.origin = Some((site.func, parent));
                    self.world.add_comm(comm)
                }
            };
            for (r, &m) in members.iter().enumerate() {
                let eh = self.errhandler_on(m, parent);
                let handle = self.world.bind_comm(m, id, eh);
                self.adopt_copied_attrs(m, parent, handle);
                if let Some(a) = self.world.comms[rv].instances[k].arrivals[r].as_mut() {
                    a.args = vec![handle as i64];
                }
            }
            self.name_bridge(id);
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
        let handle = self.hand_out(req);
        self.write_i32(site, req_addr, handle, "request")?;
        Ok(Effect::Return(0))
    }

    /// The color and key of MPI_Comm_split, or of MPI_Comm_split_type as
    /// a split: one node, so every process shares memory with every other
    /// (MPI 3.1 §6.4.2).
    pub(super) fn split_color_key(
        &self,
        site: &Site,
        a: &Args,
    ) -> Result<(Vec<i64>, String), Halt> {
        if site.func == F::CommSplit {
            let (color, key) = (a.int("color")?, a.int("key")?);
            if color < 0 && color != h::MPI_UNDEFINED {
                return Err(
                    site.invalid(format!("color {color} is negative and not MPI_UNDEFINED"))
                );
            }
            let desc = format!("color={}, key={key}", undefined_name(color));
            return Ok((vec![color as i64, key as i64], desc));
        }
        let (ty, key) = (a.int("split_type")?, a.int("key")?);
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
        Ok((vec![color as i64, key as i64], desc))
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

    /// Makes a communicator over `members` (world ranks) and hands each
    /// member its handle; `parent` gives the inherited error handlers.
    pub(super) fn make_comm(
        &mut self,
        site: &Site,
        own_out: u64,
        parent: CommId,
        members: Vec<usize>,
        topology: Topology,
    ) -> Result<CommId, Halt> {
        let mut comm = Comm::new(0, members.clone());
        comm.topology = topology;
        comm.origin = Some((site.func, parent));
        let id = self.world.add_comm(comm);
        for &m in &members {
            let eh = self.errhandler_on(m, parent);
            let handle = self.world.bind_comm(m, id, eh);
            if matches!(site.func, F::CommDup | F::CommDupWithInfo) {
                self.adopt_copied_attrs(m, parent, handle);
            }
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

    /// MPI_Comm_create_group (§6.4.2): collective over `group` only.
    pub(super) fn comm_create_group(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let handle = a.int("comm")?;
        let parent = self.comm(site, handle)?;
        // MPI 3.1 §6.4.2: MPI_COMM_CREATE_GROUP's `comm` is an
        // intracommunicator (MPICH returns MPI_ERR_COMM for an
        // intercommunicator).
        if self.world.comms[parent].is_inter() {
            return Err(site.invalid(format!(
                "communicator {} is an intercommunicator: MPI_Comm_create_group takes an intracommunicator (MPI 3.1 §6.4.2)",
                comm_name(handle)
            )));
        }
        let group = self.group_arg(site, a.int("group")?, "group")?;
        let tag = a.int("tag")?;
        let out = a.ptr("newcomm")?;
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
        // MPI 3.1 §6.4.2: "If the calling process is not a member of group,
        // e.g., group is MPI_GROUP_EMPTY, then the call is a local operation
        // and MPI_COMM_NULL is returned as newcomm."
        if !group.contains(&site.rank) {
            self.write_i32(site, out, h::MPI_COMM_NULL, "newcomm")?;
            return Ok(Effect::Return(0));
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

    /// MPI_Comm_free (§6.4.3): the handle becomes `MPI_COMM_NULL`; operations
    /// still pending on the communicator complete normally.
    pub(super) fn comm_free(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let addr = Args::new(site.func, args).ptr("comm")?;
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

    /// MPI_Comm_compare (§6.4.1): writes the comparison to `result`.
    pub(super) fn comm_compare(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        let (h1, h2) = (a.int("comm1")?, a.int("comm2")?);
        let (c1, c2) = (self.comm(site, h1)?, self.comm(site, h2)?);
        let v = self.compare_comms(rank, c1, c2);
        self.write_i32(site, a.ptr("result")?, v, "result")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_color_names() {
        assert_eq!(undefined_name(h::MPI_UNDEFINED), "UNDEFINED");
        assert_eq!(undefined_name(3), "3");
        assert_eq!(bits(&[true, false]), vec![1, 0]);
    }
}
