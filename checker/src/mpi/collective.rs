//! Collective calls (MPI 3.1 chapter 5), blocking and nonblocking: decoding
//! each member's part (counts, displacements, `MPI_IN_PLACE`) into a
//! contribution; the rendezvous and data movement are in
//! `runtime_model::mpi::collective`. A nonblocking collective joins the same
//! per-communicator order and returns a request whose completion delivers
//! the data (§5.12).

use super::datatypes::type_name_of;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::collective::{Blocks, Contribution, Mismatch, Shape, Typed};
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;
use std::ops::Range;
use std::sync::Arc;

/// One member's decoded part of a collective call.
struct Part {
    root: Option<usize>,
    op: Option<i32>,
    datatype: i32,
    send: Option<Arc<[u8]>>,
    recv_buf: u64,
    /// The contribution's `recv_block`/`send_block`: the whole buffer of a
    /// Bcast or a reduction (per-peer sizes are in `args`).
    block: u64,
    args: Vec<i64>,
    /// On an intercommunicator, the caller's remote group as indices of
    /// the communicator over both groups (see `Contribution::remote`).
    remote: Option<Range<usize>>,
    /// Per peer, the typed blocks sent and received (see `Contribution`).
    send_types: Vec<Option<Arc<Typed>>>,
    recv_types: Vec<Option<Arc<Typed>>>,
    /// What the trace shows between the parentheses, before `comm=`.
    desc: String,
}

/// A typed buffer argument of a collective call (see
/// `Machine::collective_buffers`).
struct TypedBuf {
    addr: u64,
    count: i32,
    datatype: i32,
    /// MPI writes it (a receive buffer).
    write: bool,
}

fn in_place(a: u64) -> bool {
    a as i64 == h::MPI_IN_PLACE
}

fn list(v: &[i32]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

impl Machine {
    /// The blocking core collectives (Barrier, Bcast, Reduce, Allreduce,
    /// Gather, Scatter, Allgather, Alltoall).
    pub(crate) fn issue_collective(&mut self, site: &Site, args: &[u64]) -> Result<Block, Halt> {
        match self.join_collective(site, args)? {
            Effect::Block(b) => Ok(b),
            _ => Err(site.invalid("not a blocking collective")),
        }
    }

    /// Every collective of the model, blocking or nonblocking.
    pub(crate) fn call_collective(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        self.join_collective(site, args).map_err(|h| match h {
            // What the model leaves out is reported at the call (README).
            Halt::Unsupported(m) => Halt::Unsupported(format!(
                "{}: unsupported: {m}",
                model.describe_location(site.loc)
            )),
            other => other,
        })
    }

    fn join_collective(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let func = site.func;
        let a = Args::new(func, args);
        let user_comm = self.comm(site, a.int("comm")?)?;
        let ev = self.log_call(site, None, None);
        // An intercommunicator's collectives rendezvous on the hidden
        // communicator over both its groups.
        let (comm, part) = match self.world.comms[user_comm].bridge {
            Some(bridge) => (bridge, self.decode_inter_part(site, &a, user_comm, bridge)?),
            None => (user_comm, self.decode_part(site, &a, user_comm)?),
        };
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let n = self.world.comms[comm].size();
        let bufs = self.collective_buffers(site, &a, &part, crank, n)?;
        let named: Vec<_> = bufs
            .iter()
            .map(|b| {
                let name = if b.write {
                    "receive buffer"
                } else {
                    "send buffer"
                };
                (name, b.addr, b.count, b.datatype, b.write)
            })
            .collect();
        self.check_no_alias(site, &named)?;
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[comm].join_next(crank, sync);
        let request = func.is_nonblocking().then(|| {
            self.world.p2p.post(
                site.rank,
                ReqOp::Collective {
                    comm,
                    instance: k,
                    member: crank,
                    recv_buf: part.recv_buf,
                },
                ev,
            )
        });
        if let Some(r) = request {
            self.guard_collective(site, &a, &part, crank, n, r)?;
        }
        let sep = if part.desc.is_empty() { "" } else { ", " };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}({}{sep}comm={}){}",
                func.name(),
                part.desc,
                comm_name(self.world.comms[user_comm].handle),
                request.map_or(String::new(), |r| format!(" -> request {}", r + 1))
            ),
        );
        let (recv_buf, remote) = (part.recv_buf, part.remote.clone());
        let contribution = Contribution {
            func,
            root: part.root,
            op: part.op,
            datatype: part.datatype,
            send: part.send,
            recv_block: part.block,
            send_block: part.block,
            event: ev,
            args: part.args,
            send_types: part.send_types,
            recv_types: part.recv_types,
            remote: part.remote,
        };
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, contribution) {
            return Err(self.collective_mismatch(site, comm, k, m, remote.as_ref(), "root"));
        }
        self.version += 1;
        match request {
            Some(r) => {
                self.write_i32(site, a.ptr("request")?, self.handle_of(r), "request")?;
                Ok(Effect::Return(0))
            }
            None => Ok(Effect::Block(Block::Collective {
                comm,
                instance: k,
                recv_buf,
            })),
        }
    }

    /// The buffers of a collective call that the caller's role makes
    /// significant, with their counts, displacements and datatypes (a
    /// root's receive buffer of `MPI_Gather`, every member's send buffer,
    /// ...), and whether MPI writes them. `me` is the caller's rank in the
    /// communicator the call rendezvous on. On an intercommunicator, a
    /// member of the root's group other than the root (`MPI_PROC_NULL`)
    /// passes no buffer, and only the broadcast and reduction buffers are
    /// listed (the block layouts there index the remote group).
    fn collective_buffers(
        &self,
        site: &Site,
        a: &Args,
        part: &Part,
        me: usize,
        n: usize,
    ) -> Result<Vec<TypedBuf>, Halt> {
        use MpiFunc as F;
        let mut out = Vec::new();
        let mut push = |addr: u64, count: i32, datatype: i32, write: bool| {
            out.push(TypedBuf {
                addr,
                count,
                datatype,
                write,
            })
        };
        let is_root = part.root == Some(me);
        let idle = part.remote.is_some() && part.root.is_none();
        match site.func.blocking_form() {
            F::Bcast if idle => {}
            F::Bcast => {
                push(
                    a.ptr("buffer")?,
                    a.int("count")?,
                    a.int("datatype")?,
                    !is_root,
                );
            }
            F::Reduce | F::Allreduce => {
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                let (count, dt) = (a.int("count")?, a.int("datatype")?);
                // An intercommunicator's MPI_Reduce root group sends nothing.
                if part.send.is_some() && !in_place(sbuf) {
                    push(sbuf, count, dt, false);
                }
                if site.func.blocking_form() == F::Allreduce || is_root {
                    push(rbuf, count, dt, true);
                }
            }
            _ if part.remote.is_some() => {}
            F::Scan | F::Exscan => {
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                let (count, dt) = (a.int("count")?, a.int("datatype")?);
                if !in_place(sbuf) {
                    push(sbuf, count, dt, false);
                }
                push(rbuf, count, dt, true);
            }
            F::ReduceScatter | F::ReduceScatterBlock => {
                let (sbuf, rbuf, dt) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?, a.int("datatype")?);
                let counts = if a.has("recvcounts") {
                    self.counts(site, a.ptr("recvcounts")?, n, "recvcounts")?
                } else {
                    vec![a.int("recvcount")?; n]
                };
                let total: i32 = counts.iter().sum();
                if in_place(sbuf) {
                    // The input is taken from the receive buffer (MPI 3.1 §5.10.1).
                    push(rbuf, total, dt, true);
                } else {
                    push(sbuf, total, dt, false);
                    push(rbuf, counts[me], dt, true);
                }
            }
            F::Gather | F::Gatherv | F::Allgather | F::Allgatherv => {
                let gather = matches!(site.func.blocking_form(), F::Gather | F::Gatherv);
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                if !in_place(sbuf) {
                    let (sn, st) = (a.int("sendcount")?, a.int("sendtype")?);
                    push(sbuf, sn, st, false);
                }
                // A gather's receive buffer is significant at the root only
                // (MPI 3.1 §5.5).
                if !gather || is_root {
                    let rt = a.int("recvtype")?;
                    for (c, off) in self.block_layout(site, a, n, "recv")? {
                        push(rbuf.wrapping_add(off), c, rt, true);
                    }
                }
            }
            F::Scatter | F::Scatterv => {
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                // The send buffer is significant at the root only (§5.6).
                if is_root {
                    let st = a.int("sendtype")?;
                    for (c, off) in self.block_layout(site, a, n, "send")? {
                        push(sbuf.wrapping_add(off), c, st, false);
                    }
                }
                if !in_place(rbuf) {
                    let (rn, rt) = (a.int("recvcount")?, a.int("recvtype")?);
                    push(rbuf, rn, rt, true);
                }
            }
            F::Alltoall | F::Alltoallv | F::Alltoallw => {
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                if !in_place(sbuf) {
                    let send = self.alltoall_layout(site, a, n, "send")?;
                    for (c, off, dt) in send {
                        push(sbuf.wrapping_add(off), c, dt, false);
                    }
                }
                let recv = self.alltoall_layout(site, a, n, "recv")?;
                for (c, off, dt) in recv {
                    push(rbuf.wrapping_add(off), c, dt, true);
                }
            }
            _ => {}
        }
        Ok(out)
    }

    /// Hands the buffers of a nonblocking collective to its request
    /// (MPI 3.1 §5.12: send buffers must not be modified, receive buffers
    /// not accessed, until it completes).
    fn guard_collective(
        &mut self,
        site: &Site,
        a: &Args,
        part: &Part,
        me: usize,
        n: usize,
        req: runtime_model::mpi::p2p::ReqId,
    ) -> Result<(), Halt> {
        for b in self.collective_buffers(site, a, part, me, n)? {
            self.guard_typed(site, req, b.addr, b.count, b.datatype, b.write)?;
        }
        Ok(())
    }

    /// One side (`"send"` or `"recv"`) of an all-to-all call: per peer,
    /// (count, byte offset, datatype), from `<side>count`, the v-form's
    /// counts and displacements in extents, or the w-form's byte
    /// displacements and datatypes (MPI 3.1 §5.8).
    fn alltoall_layout(
        &self,
        site: &Site,
        a: &Args,
        n: usize,
        side: &str,
    ) -> Result<Vec<(i32, u64, i32)>, Halt> {
        let d = &side[..1];
        let (count, counts) = (format!("{side}count"), format!("{side}counts"));
        let (ty, types, displs) = (
            format!("{side}type"),
            format!("{side}types"),
            format!("{d}displs"),
        );
        if a.has(&types) {
            let cs = self.counts(site, a.ptr(&counts)?, n, &counts)?;
            let ds = self.read_ints(site, a.ptr(&displs)?, n, &displs)?;
            let ts = self.read_ints(site, a.ptr(&types)?, n, &types)?;
            return (0..n)
                .map(|j| Ok((cs[j], self.displacement(site, ds[j], 1)?, ts[j])))
                .collect();
        }
        let dt = a.int(&ty)?;
        let extent = self.extent(site, dt)?;
        if a.has(&counts) {
            let cs = self.counts(site, a.ptr(&counts)?, n, &counts)?;
            let ds = self.read_ints(site, a.ptr(&displs)?, n, &displs)?;
            return (0..n)
                .map(|j| Ok((cs[j], self.displacement(site, ds[j], extent)?, dt)))
                .collect();
        }
        let c = a.int(&count)?;
        Ok((0..n as u64)
            .map(|j| (c, j * c.max(0) as u64 * extent, dt))
            .collect())
    }

    fn read_ints(&self, site: &Site, addr: u64, n: usize, what: &str) -> Result<Vec<i32>, Halt> {
        (0..n)
            .map(|i| self.read_i32(site, addr + 4 * i as u64, what))
            .collect()
    }

    fn counts(&self, site: &Site, addr: u64, n: usize, what: &str) -> Result<Vec<i32>, Halt> {
        let v = self.read_ints(site, addr, n, what)?;
        if let Some((i, c)) = v.iter().enumerate().find(|(_, c)| **c < 0) {
            return Err(site.invalid(format!("{what}[{i}] is negative ({c})")));
        }
        Ok(v)
    }

    /// Byte offset of displacement `d` (in units of `unit` bytes).
    fn displacement(&self, site: &Site, d: i32, unit: u64) -> Result<u64, Halt> {
        if d < 0 {
            return Err(Halt::Unsupported(format!(
                "{} with a negative displacement ({d})",
                site.func.name()
            )));
        }
        Ok(d as u64 * unit)
    }

    fn check_writable(&self, site: &Site, addr: u64, len: u64) -> Result<(), Halt> {
        if len == 0 {
            return Ok(());
        }
        self.procs[site.rank]
            .proc
            .mem
            .check_range(addr, len, true)
            .map_err(|f| site.memory("receive buffer", f))
    }

    fn check_op(&self, site: &Site, op: i32, dt: i32) -> Result<(), Halt> {
        if let Some(u) = self.dtypes.user_op(site.rank, op) {
            if u.freed {
                return Err(site.invalid(format!("operation 0x{op:x} was freed by MPI_Op_free")));
            }
            return Ok(());
        }
        // MPI 3.1 §5.9.2: MPI_OP_NULL names no operation (MPI_ERR_OP).
        if op == h::MPI_OP_NULL {
            return Err(site.invalid("op is MPI_OP_NULL, which is not an operation"));
        }
        if h::predefined_op_name(op).is_none() {
            return Err(site.invalid(format!("invalid operation 0x{op:x}")));
        }
        if !runtime_model::reduce::op_defined_for(op, dt) {
            return Err(site.invalid(format!(
                "operation {} is not defined for datatype {}",
                h::predefined_op_name(op).unwrap_or("?"),
                datatype_name(dt)
            )));
        }
        Ok(())
    }

    fn decode_part(&mut self, site: &Site, a: &Args, comm: CommId) -> Result<Part, Halt> {
        use MpiFunc as F;
        let n = self.world.comms[comm].size();
        let me = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let root = if a.has("root") {
            let r = a.int("root")?;
            if r < 0 || r as usize >= n {
                return Err(site.invalid(format!(
                    "root {r} is not a rank of the communicator (size {n})"
                )));
            }
            Some(r as usize)
        } else {
            None
        };
        let is_root = root == Some(me);
        let root_text = root.map_or(String::new(), |r| format!(", root={r}"));
        let mut part = Part {
            root,
            op: None,
            datatype: 0,
            send: None,
            recv_buf: 0,
            block: 0,
            args: Vec::new(),
            remote: None,
            send_types: vec![None; n],
            recv_types: vec![None; n],
            desc: String::new(),
        };
        let base = site.func.blocking_form();
        match base {
            F::Barrier => {}
            F::Bcast => {
                let (buf, count, dt) = (a.ptr("buffer")?, a.int("count")?, a.int("datatype")?);
                let bytes = self.packed_size(site, count, dt)?;
                let mut blocks = Blocks::new(n);
                let t = self.typed(site, count, dt)?;
                if is_root {
                    part.send = Some(self.pack(site, buf, count, dt, "buffer")?);
                    for j in (0..n).filter(|&j| j != me) {
                        blocks.send[j] = Some((0, bytes));
                        part.send_types[j] = t.clone();
                    }
                } else {
                    self.check_unpack(site, buf, count, dt, "buffer")?;
                    blocks.recv[root.unwrap_or(0)] = Some((0, bytes));
                    part.recv_types[root.unwrap_or(0)] = t;
                }
                part.datatype = dt;
                part.recv_buf = buf;
                part.block = bytes;
                part.args = blocks.to_args();
                part.desc = format!(
                    "count={count}, type={}, root={}",
                    datatype_name(dt),
                    root.unwrap_or(0)
                );
            }
            F::Reduce | F::Allreduce | F::Scan | F::Exscan => {
                let (sbuf, rbuf, count, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("count")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                if in_place(sbuf) && base == F::Reduce && !is_root {
                    return Err(
                        site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.9.1)")
                    );
                }
                let src = if in_place(sbuf) { rbuf } else { sbuf };
                part.send = Some(self.pack(site, src, count, dt, "send buffer")?);
                let receives = match base {
                    F::Reduce => is_root,
                    F::Exscan => me != 0,
                    _ => true,
                };
                if receives {
                    self.check_unpack(site, rbuf, count, dt, "receive buffer")?;
                }
                part.op = Some(op);
                part.datatype = dt;
                part.recv_buf = rbuf;
                part.block = self.packed_size(site, count, dt)?;
                part.send_types = vec![self.typed(site, count, dt)?];
                part.desc = format!(
                    "count={count}, type={}, op={}{root_text}",
                    datatype_name(dt),
                    h::predefined_op_name(op)
                        .unwrap_or("user")
                        .trim_start_matches("MPI_"),
                );
            }
            F::ReduceScatter | F::ReduceScatterBlock => {
                let (sbuf, rbuf, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                let counts = if base == F::ReduceScatter {
                    self.counts(site, a.ptr("recvcounts")?, n, "recvcounts")?
                } else {
                    vec![self.count(site, a.int("recvcount")?)? as i32; n]
                };
                let total: i32 = counts.iter().sum();
                let src = if in_place(sbuf) { rbuf } else { sbuf };
                part.send = Some(self.pack(site, src, total, dt, "send buffer")?);
                self.check_unpack(site, rbuf, counts[me], dt, "receive buffer")?;
                let size = self.packed_size(site, 1, dt)?;
                part.args = counts.iter().map(|&c| c as i64 * size as i64).collect();
                part.send_types = vec![self.typed(site, total, dt)?];
                part.op = Some(op);
                part.datatype = dt;
                part.recv_buf = rbuf;
                let counts_text = if base == F::ReduceScatter {
                    format!("recvcounts={}", list(&counts))
                } else {
                    format!("recvcount={}", counts[0])
                };
                part.desc = format!(
                    "{counts_text}, type={}, op={}",
                    datatype_name(dt),
                    h::predefined_op_name(op)
                        .unwrap_or("user")
                        .trim_start_matches("MPI_"),
                );
            }
            F::Gather | F::Gatherv => self.decode_gather(site, a, n, me, &mut part)?,
            F::Scatter | F::Scatterv => self.decode_scatter(site, a, n, me, &mut part)?,
            F::Allgather | F::Allgatherv => self.decode_allgather(site, a, n, me, &mut part)?,
            F::Alltoall | F::Alltoallv | F::Alltoallw => {
                self.decode_alltoall(site, a, n, &mut part)?
            }
            _ => return Err(site.invalid("not a collective of this family")),
        }
        Ok(part)
    }

    /// A member's part of a collective on intercommunicator `inter`
    /// (MPI 3.1 §5.2.2), as blocks between indices of `bridge`, the
    /// communicator over both groups: data moves only between the groups.
    /// A rooted call's root passes `MPI_ROOT`, the rest of its group
    /// `MPI_PROC_NULL` (they take no part in the transfer), and the other
    /// group the root's rank in the root's group.
    fn decode_inter_part(
        &mut self,
        site: &Site,
        a: &Args,
        inter: CommId,
        bridge: CommId,
    ) -> Result<Part, Halt> {
        use MpiFunc as F;
        let first = self.world.comms[inter].members.len();
        let n = self.world.comms[bridge].size();
        let me = self.world.comms[bridge].rank_of(site.rank).unwrap_or(0);
        let remote = if me < first { first..n } else { 0..first };
        let (ro, nr) = (remote.start, remote.len());
        // The caller's role in a rooted call.
        #[derive(PartialEq)]
        enum Role {
            Root,
            Idle,
            Leaf(usize),
        }
        let role = if site.func.is_rooted() {
            Some(match a.int("root")? {
                h::MPI_ROOT => Role::Root,
                h::MPI_PROC_NULL => Role::Idle,
                r if r >= 0 && (r as usize) < nr => Role::Leaf(r as usize),
                r => {
                    return Err(site.invalid(format!(
                        "root {r} is neither MPI_ROOT, MPI_PROC_NULL nor a rank of the remote group (size {nr})"
                    )))
                }
            })
        } else {
            None
        };
        let root_text = match &role {
            None => String::new(),
            Some(Role::Root) => ", root=ROOT".into(),
            Some(Role::Idle) => ", root=PROC_NULL".into(),
            Some(Role::Leaf(r)) => format!(", root={r}"),
        };
        let mut part = Part {
            root: match role {
                Some(Role::Root) => Some(me),
                Some(Role::Leaf(r)) => Some(ro + r),
                _ => None,
            },
            op: None,
            datatype: 0,
            send: None,
            recv_buf: 0,
            block: 0,
            args: Vec::new(),
            remote: Some(remote.clone()),
            send_types: vec![None; n],
            recv_types: vec![None; n],
            desc: String::new(),
        };
        let no_in_place = |addr: u64| {
            if in_place(addr) {
                Err(site.invalid(
                    "MPI_IN_PLACE is not allowed on an intercommunicator (MPI 3.1 §5.2.2 defines it for intracommunicators)",
                ))
            } else {
                Ok(())
            }
        };
        let mut blocks = Blocks::new(n);
        let base = site.func.blocking_form();
        match base {
            F::Barrier => {}
            F::Bcast => {
                let (buf, count, dt) = (a.ptr("buffer")?, a.int("count")?, a.int("datatype")?);
                let bytes = self.packed_size(site, count, dt)?;
                let t = self.typed(site, count, dt)?;
                match role {
                    Some(Role::Root) => {
                        part.send = Some(self.pack(site, buf, count, dt, "buffer")?);
                        for j in remote.clone() {
                            blocks.send[j] = Some((0, bytes));
                            part.send_types[j] = t.clone();
                        }
                    }
                    Some(Role::Leaf(r)) => {
                        self.check_unpack(site, buf, count, dt, "buffer")?;
                        blocks.recv[ro + r] = Some((0, bytes));
                        part.recv_types[ro + r] = t;
                    }
                    _ => {}
                }
                part.datatype = dt;
                part.recv_buf = buf;
                part.block = bytes;
                part.desc = format!("count={count}, type={}{root_text}", datatype_name(dt));
            }
            F::Reduce | F::Allreduce => {
                let (sbuf, rbuf, count, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("count")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                let (sends, receives) = match role {
                    None => (true, true),
                    Some(Role::Root) => (false, true),
                    Some(Role::Leaf(_)) => (true, false),
                    Some(Role::Idle) => (false, false),
                };
                if sends {
                    no_in_place(sbuf)?;
                    part.send = Some(self.pack(site, sbuf, count, dt, "send buffer")?);
                    part.send_types = vec![self.typed(site, count, dt)?];
                } else {
                    part.send_types = vec![];
                }
                if receives {
                    self.check_unpack(site, rbuf, count, dt, "receive buffer")?;
                }
                part.op = Some(op);
                part.datatype = dt;
                part.recv_buf = rbuf;
                part.block = self.packed_size(site, count, dt)?;
                part.desc = format!(
                    "count={count}, type={}, op={}{root_text}",
                    datatype_name(dt),
                    h::predefined_op_name(op)
                        .unwrap_or("user")
                        .trim_start_matches("MPI_"),
                );
            }
            F::Gather
            | F::Gatherv
            | F::Scatter
            | F::Scatterv
            | F::Allgather
            | F::Allgatherv
            | F::Alltoall
            | F::Alltoallv => {
                let (sbuf, st) = (a.ptr("sendbuf")?, a.int("sendtype")?);
                let (rbuf, rt) = (a.ptr("recvbuf")?, a.int("recvtype")?);
                // Which side of the transfer the caller takes: sending one
                // block to the root / one per remote member, receiving one
                // from the root / one per remote member.
                let (send_to, recv_from): (Vec<usize>, Vec<usize>) = match (base, &role) {
                    (F::Gather | F::Gatherv, Some(Role::Root))
                    | (F::Scatter | F::Scatterv, Some(Role::Leaf(_))) => {
                        (vec![], remote_or_root(&remote, part.root))
                    }
                    (F::Gather | F::Gatherv, Some(Role::Leaf(_)))
                    | (F::Scatter | F::Scatterv, Some(Role::Root)) => {
                        (remote_or_root(&remote, part.root), vec![])
                    }
                    (F::Allgather | F::Allgatherv | F::Alltoall | F::Alltoallv, _) => {
                        (remote.clone().collect(), remote.clone().collect())
                    }
                    _ => (vec![], vec![]),
                };
                // Scatter's root and Alltoall send block i to remote rank
                // i; the others send their one block to each peer.
                let distinct =
                    matches!(base, F::Scatter | F::Scatterv | F::Alltoall | F::Alltoallv);
                // (count, byte offset) of each peer's block on one side:
                // from the v-forms' counts and displacements (in extents of
                // the datatype), or consecutive blocks of `count`.
                let layout = |state: &Machine,
                              peers: usize,
                              side: (&str, &str, &str),
                              ty: i32,
                              apart: bool|
                 -> Result<Vec<(i32, u64)>, Halt> {
                    let (count, counts, displs) = side;
                    let extent = state.extent(site, ty)?;
                    if a.has(counts) {
                        let cs = state.counts(site, a.ptr(counts)?, peers, counts)?;
                        let ds = state.read_ints(site, a.ptr(displs)?, peers, displs)?;
                        cs.iter()
                            .zip(&ds)
                            .map(|(&c, &d)| Ok((c, state.displacement(site, d, extent)?)))
                            .collect()
                    } else {
                        let c = state.count(site, a.int(count)?)?;
                        Ok((0..peers as u64)
                            .map(|i| (c as i32, if apart { i * c * extent } else { 0 }))
                            .collect())
                    }
                };
                let sdispls = if a.has("sdispls") {
                    "sdispls"
                } else {
                    "displs"
                };
                let rdispls = if a.has("rdispls") {
                    "rdispls"
                } else {
                    "displs"
                };
                let mut desc = Vec::new();
                if !send_to.is_empty() {
                    no_in_place(sbuf)?;
                    let peers = if distinct { send_to.len() } else { 1 };
                    let sl = layout(self, peers, ("sendcount", "sendcounts", sdispls), st, true)?;
                    let mut data = Vec::new();
                    for (i, &j) in send_to.iter().enumerate() {
                        let (c, off) = sl[if distinct { i } else { 0 }];
                        if distinct || i == 0 {
                            let block =
                                self.pack(site, sbuf.wrapping_add(off), c, st, "send buffer")?;
                            blocks.send[j] = Some((data.len() as u64, block.len() as u64));
                            data.extend_from_slice(&block);
                        } else {
                            blocks.send[j] = blocks.send[send_to[0]];
                        }
                        part.send_types[j] = self.typed(site, c, st)?;
                    }
                    part.send = Some(Arc::from(data));
                    let counts: Vec<i32> = sl.iter().map(|l| l.0).collect();
                    desc.push(if a.has("sendcounts") {
                        format!("sendcounts={}", list(&counts))
                    } else {
                        format!("sendcount={}", counts[0])
                    });
                }
                if !recv_from.is_empty() {
                    if in_place(rbuf) {
                        return Err(site.invalid(
                            "MPI_IN_PLACE is not allowed on an intercommunicator (MPI 3.1 §5.2.2 defines it for intracommunicators)",
                        ));
                    }
                    let rl = layout(
                        self,
                        recv_from.len(),
                        ("recvcount", "recvcounts", rdispls),
                        rt,
                        true,
                    )?;
                    for (&j, &(c, off)) in recv_from.iter().zip(&rl) {
                        let len = self.packed_size(site, c, rt)?;
                        self.check_writable(site, rbuf.wrapping_add(off), len)?;
                        blocks.recv[j] = Some((off, len));
                        part.recv_types[j] = self.typed(site, c, rt)?;
                    }
                    let counts: Vec<i32> = rl.iter().map(|l| l.0).collect();
                    desc.push(if a.has("recvcounts") {
                        format!("recvcounts={}", list(&counts))
                    } else {
                        format!("recvcount={}", counts[0])
                    });
                }
                part.datatype = rt;
                part.recv_buf = rbuf;
                part.desc = format!("{}{root_text}", desc.join(", "))
                    .trim_start_matches(", ")
                    .to_string();
            }
            _ => {
                return Err(Halt::Unsupported(format!(
                    "{} on an intercommunicator",
                    site.func.name()
                )))
            }
        }
        if site.func.shape() == Shape::Blocks {
            part.args = blocks.to_args();
        }
        Ok(part)
    }

    /// Receive layout of the gather-like calls: count and byte offset of
    /// each peer's block, from `recvcount` or `recvcounts`/`displs`.
    /// (count, byte offset) of each member's block in the root's buffer of
    /// a gather (`side` = "recv": `recvcounts`/`recvcount`, `recvtype`) or a
    /// scatter (`side` = "send"): from the v-form's counts and `displs`, or
    /// consecutive blocks of the one count (MPI 3.1 §5.5, §5.6).
    fn block_layout(
        &self,
        site: &Site,
        a: &Args,
        n: usize,
        side: &str,
    ) -> Result<Vec<(i32, u64)>, Halt> {
        let (counts_name, count_name) = (format!("{side}counts"), format!("{side}count"));
        let extent = self.extent(site, a.int(&format!("{side}type"))?)?;
        if a.has(&counts_name) {
            let counts = self.counts(site, a.ptr(&counts_name)?, n, &counts_name)?;
            let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
            counts
                .iter()
                .zip(&displs)
                .map(|(&c, &d)| Ok((c, self.displacement(site, d, extent)?)))
                .collect()
        } else {
            let c = self.count(site, a.int(&count_name)?)? as i32;
            Ok((0..n).map(|j| (c, j as u64 * c as u64 * extent)).collect())
        }
    }

    fn decode_gather(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, sn, st) = (a.ptr("sendbuf")?, a.int("sendcount")?, a.int("sendtype")?);
        let (rbuf, rt) = (a.ptr("recvbuf")?, a.int("recvtype")?);
        let root = part.root.unwrap_or(0);
        let mut blocks = Blocks::new(n);
        let own = in_place(sbuf) && me == root;
        if in_place(sbuf) && me != root {
            return Err(site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.5)"));
        }
        if !own {
            part.send = Some(self.pack(site, sbuf, sn, st, "send buffer")?);
            blocks.send[root] = Some((0, self.packed_size(site, sn, st)?));
            part.send_types[root] = self.typed(site, sn, st)?;
        }
        part.datatype = st;
        if me == root {
            let layout = self.block_layout(site, a, n, "recv")?;
            for (j, &(c, off)) in layout.iter().enumerate() {
                let len = self.packed_size(site, c, rt)?;
                self.check_writable(site, rbuf.wrapping_add(off), len)?;
                if !(own && j == me) {
                    blocks.recv[j] = Some((off, len));
                    part.recv_types[j] = self.typed(site, c, rt)?;
                }
            }
            part.datatype = rt;
            part.desc = if a.has("recvcounts") {
                let counts: Vec<i32> = layout.iter().map(|l| l.0).collect();
                let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
                format!(
                    "sendcount={sn}, recvcounts={}, displs={}, root={root}",
                    list(&counts),
                    list(&displs)
                )
            } else {
                format!(
                    "sendcount={sn}, recvcount={}, root={root}",
                    a.int("recvcount")?
                )
            };
        } else {
            part.desc = if a.has("recvcounts") {
                format!("sendcount={sn}, root={root}")
            } else {
                format!(
                    "sendcount={sn}, recvcount={}, root={root}",
                    a.int("recvcount")?
                )
            };
        }
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        Ok(())
    }

    fn decode_scatter(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, st) = (a.ptr("sendbuf")?, a.int("sendtype")?);
        let (rbuf, rn, rt) = (a.ptr("recvbuf")?, a.int("recvcount")?, a.int("recvtype")?);
        let root = part.root.unwrap_or(0);
        let mut blocks = Blocks::new(n);
        let own = in_place(rbuf) && me == root;
        if in_place(rbuf) && me != root {
            return Err(site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.6)"));
        }
        part.datatype = rt;
        if me == root {
            let layout = self.block_layout(site, a, n, "send")?;
            // Each peer's block, packed one after the other.
            let mut data = Vec::new();
            for (j, &(count, off)) in layout.iter().enumerate() {
                if own && j == me {
                    continue;
                }
                let block = self.pack(site, sbuf.wrapping_add(off), count, st, "send buffer")?;
                blocks.send[j] = Some((data.len() as u64, block.len() as u64));
                part.send_types[j] = self.typed(site, count, st)?;
                data.extend_from_slice(&block);
            }
            part.send = Some(Arc::from(data));
            part.datatype = st;
            let counts: Vec<i32> = layout.iter().map(|&(c, _)| c).collect();
            part.desc = if a.has("sendcounts") {
                let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
                format!(
                    "sendcounts={}, displs={}, recvcount={rn}, root={root}",
                    list(&counts),
                    list(&displs)
                )
            } else {
                format!("sendcount={}, recvcount={rn}, root={root}", counts[0])
            };
        } else {
            part.desc = if a.has("sendcounts") {
                format!("recvcount={rn}, root={root}")
            } else {
                format!(
                    "sendcount={}, recvcount={rn}, root={root}",
                    a.int("sendcount")?
                )
            };
        }
        if !own {
            self.check_unpack(site, rbuf, rn, rt, "receive buffer")?;
            blocks.recv[root] = Some((0, self.packed_size(site, rn, rt)?));
            part.recv_types[root] = self.typed(site, rn, rt)?;
        }
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        Ok(())
    }

    fn decode_allgather(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, sn, st) = (a.ptr("sendbuf")?, a.int("sendcount")?, a.int("sendtype")?);
        let (rbuf, rt) = (a.ptr("recvbuf")?, a.int("recvtype")?);
        let layout = self.block_layout(site, a, n, "recv")?;
        let own = in_place(sbuf);
        let mut blocks = Blocks::new(n);
        let (data, sent) = if own {
            // This member's block is already in place (MPI 3.1 §5.7).
            let (c, off) = layout[me];
            (
                self.pack(site, rbuf.wrapping_add(off), c, rt, "receive buffer")?,
                self.typed(site, c, rt)?,
            )
        } else {
            (
                self.pack(site, sbuf, sn, st, "send buffer")?,
                self.typed(site, sn, st)?,
            )
        };
        for (j, &(c, off)) in layout.iter().enumerate() {
            if own && j == me {
                continue;
            }
            blocks.send[j] = Some((0, data.len() as u64));
            part.send_types[j] = sent.clone();
            let len = self.packed_size(site, c, rt)?;
            self.check_writable(site, rbuf.wrapping_add(off), len)?;
            blocks.recv[j] = Some((off, len));
            part.recv_types[j] = self.typed(site, c, rt)?;
        }
        part.send = Some(data);
        part.datatype = rt;
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        part.desc = if a.has("recvcounts") {
            let counts: Vec<i32> = layout.iter().map(|l| l.0).collect();
            let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
            format!(
                "sendcount={sn}, recvcounts={}, displs={}",
                list(&counts),
                list(&displs)
            )
        } else {
            format!("sendcount={sn}, recvcount={}", a.int("recvcount")?)
        };
        Ok(())
    }

    fn decode_alltoall(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        use MpiFunc as F;
        let base = site.func.blocking_form();
        let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
        // Per peer: (count, byte offset, datatype) on each side.
        let side =
            |state: &Machine, counts: &str, displs: &str, ty: &str, types: &str, count: &str| {
                let mut out = Vec::with_capacity(n);
                match base {
                    F::Alltoall => {
                        let dt = a.int(ty)?;
                        let c = state.count(site, a.int(count)?)? as i32;
                        let extent = state.extent(site, dt)?;
                        for j in 0..n {
                            out.push((c, j as u64 * c as u64 * extent, dt));
                        }
                    }
                    F::Alltoallv => {
                        let dt = a.int(ty)?;
                        let extent = state.extent(site, dt)?;
                        let cs = state.counts(site, a.ptr(counts)?, n, counts)?;
                        let ds = state.read_ints(site, a.ptr(displs)?, n, displs)?;
                        for j in 0..n {
                            out.push((cs[j], state.displacement(site, ds[j], extent)?, dt));
                        }
                    }
                    _ => {
                        // Alltoallw: displacements in bytes, a datatype per peer.
                        let cs = state.counts(site, a.ptr(counts)?, n, counts)?;
                        let ds = state.read_ints(site, a.ptr(displs)?, n, displs)?;
                        let ts = state.read_ints(site, a.ptr(types)?, n, types)?;
                        for j in 0..n {
                            out.push((cs[j], state.displacement(site, ds[j], 1)?, ts[j]));
                        }
                    }
                }
                Ok::<_, Halt>(out)
            };
        let recv = side(
            self,
            "recvcounts",
            "rdispls",
            "recvtype",
            "recvtypes",
            "recvcount",
        )?;
        let send = if in_place(sbuf) {
            // The data to send is taken from the receive buffer, with the
            // receive layout (MPI 3.1 §5.8).
            recv.clone()
        } else {
            side(
                self,
                "sendcounts",
                "sdispls",
                "sendtype",
                "sendtypes",
                "sendcount",
            )?
        };
        let from = if in_place(sbuf) { rbuf } else { sbuf };
        let mut blocks = Blocks::new(n);
        let mut data = Vec::new();
        for j in 0..n {
            let (c, off, dt) = send[j];
            let block = self.pack(site, from.wrapping_add(off), c, dt, "send buffer")?;
            blocks.send[j] = Some((data.len() as u64, block.len() as u64));
            part.send_types[j] = self.typed(site, c, dt)?;
            data.extend_from_slice(&block);
            let (c, off, dt) = recv[j];
            let len = self.packed_size(site, c, dt)?;
            self.check_writable(site, rbuf.wrapping_add(off), len)?;
            blocks.recv[j] = Some((off, len));
            part.recv_types[j] = self.typed(site, c, dt)?;
        }
        part.send = Some(Arc::from(data));
        part.datatype = recv.first().map_or(0, |r| r.2);
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        part.desc = if base == F::Alltoall {
            format!(
                "sendcount={}, recvcount={}",
                a.int("sendcount")?,
                a.int("recvcount")?
            )
        } else {
            let sc: Vec<i32> = send.iter().map(|s| s.0).collect();
            let rc: Vec<i32> = recv.iter().map(|s| s.0).collect();
            format!("sendcounts={}, recvcounts={}", list(&sc), list(&rc))
        };
        Ok(())
    }

    /// MPI_Reduce_local (MPI 3.1 §5.9.7): `inoutbuf = inbuf op inoutbuf`,
    /// no communication; a user-defined operation runs the program's function.
    pub(crate) fn call_reduce_local(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (inbuf, inout, count, dt, op) = (
            a.ptr("inbuf")?,
            a.ptr("inoutbuf")?,
            a.int("count")?,
            a.int("datatype")?,
            a.int("op")?,
        );
        let user = self.user_op_of(site.rank, op);
        self.log_call(site, None, None);
        let op_name = match (&user, h::predefined_op_name(op)) {
            (Some(_), _) => format!("0x{op:x}"),
            (None, name) => name.unwrap_or("?").trim_start_matches("MPI_").to_string(),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Reduce_local(count={count}, type={}, op={op_name})",
                datatype_name(dt)
            ),
        );
        let out = match user {
            Some(u) => {
                if u.freed {
                    return Err(
                        site.invalid(format!("operation 0x{op:x} was freed by MPI_Op_free"))
                    );
                }
                self.type_map(site, dt, false)?;
                let input = self.pack(site, inbuf, count, dt, "inbuf")?;
                let acc = self.pack(site, inout, count, dt, "inoutbuf")?;
                self.check_unpack(site, inout, count, dt, "inoutbuf")?;
                self.user_reduce(model, site.rank, Some(site.func), &u, dt, &[&input, &acc])?
            }
            None => {
                self.check_op(site, op, dt)?;
                let input = self.pack(site, inbuf, count, dt, "inbuf")?;
                let mut acc = self.pack(site, inout, count, dt, "inoutbuf")?.to_vec();
                runtime_model::reduce::reduce_local(op, dt, &input, &mut acc)
                    .map_err(|e| site.invalid(format!("reduction failed: {e}")))?;
                self.check_unpack(site, inout, count, dt, "inoutbuf")?;
                acc
            }
        };
        self.unpack(site.rank, inout, dt, &out)
            .map_err(|f| site.memory("inoutbuf", f))?;
        Ok(Effect::Return(0))
    }

    /// The error for member `site`'s call that does not fit instance `k`
    /// of `comm` (MPI 3.1 §5.1): one function for every collective,
    /// communicator-creating ones included, so each mismatch has one kind.
    /// `remote` is the caller's remote group on an intercommunicator's
    /// collective; `what` names the argument a root or argument mismatch is
    /// about (`root`, `local_leader`, `dims or periods`...).
    pub(crate) fn collective_mismatch(
        &self,
        site: &Site,
        comm: CommId,
        k: usize,
        m: Mismatch,
        remote: Option<&Range<usize>>,
        what: &str,
    ) -> Halt {
        let first = m.first();
        let (first_loc, first_func) = self.event_loc(first).unwrap_or((site.loc, site.func));
        let cname = comm_name(self.world.comms[comm].handle);
        let head = format!("collective #{} on {cname} ({})", k + 1, site.func.name());
        let (kind, msg) = match m {
            Mismatch::Function { first_func, .. } => (
                ErrorKind::CollectiveMismatch,
                format!(
                    "collective #{} on {cname}: rank {} calls {} while rank {} calls {}",
                    k + 1,
                    first.0,
                    first_func.name(),
                    site.rank,
                    site.func.name()
                ),
            ),
            Mismatch::Root {
                first_root: None,
                root: None,
                ..
            } => (
                ErrorKind::RootMismatch,
                format!(
                    "{head}: no member passes {what}=MPI_ROOT; on an intercommunicator one process of the root group passes MPI_ROOT, the rest of its group MPI_PROC_NULL and the other group the root's rank (MPI 3.1 §5.2.2)"
                ),
            ),
            Mismatch::Root {
                first_root, root, ..
            } => match remote {
                None => {
                    let (fr, r) = (first_root.unwrap_or(0), root.unwrap_or(0));
                    (
                        ErrorKind::RootMismatch,
                        format!(
                            "{head}: rank {} passes {what}={r} but rank {} passed {what}={fr}; every member must pass the same {what} (expected {what}={fr})",
                            site.rank, first.0
                        ),
                    )
                }
                Some(remote) => {
                    let members = &self.world.comms[comm].members;
                    // Index where the second group starts.
                    let split = if remote.start == 0 {
                        remote.end
                    } else {
                        remote.start
                    };
                    let text = |who: usize, x: Option<usize>| match x {
                        None => "MPI_PROC_NULL".to_string(),
                        Some(x) if members.get(x) == Some(&who) => "MPI_ROOT".to_string(),
                        Some(x) if x >= split => (x - split).to_string(),
                        Some(x) => x.to_string(),
                    };
                    (
                        ErrorKind::RootMismatch,
                        format!(
                            "{head}: rank {} passes {what}={} but rank {} passed {what}={}; on an intercommunicator the root passes MPI_ROOT, the rest of its group MPI_PROC_NULL and the other group the root's rank (MPI 3.1 §5.2.2)",
                            site.rank,
                            text(site.rank, root),
                            first.0,
                            text(first.0, first_root)
                        ),
                    )
                }
            },
            Mismatch::Op { first_op, op, .. } => {
                let name = |o: i32| h::predefined_op_name(o).unwrap_or("a user-defined operation");
                (
                    ErrorKind::OpMismatch,
                    format!(
                        "{head}: rank {} passes op={} but rank {} passed op={}; every member must pass the same operation (expected op={})",
                        site.rank,
                        name(op),
                        first.0,
                        name(first_op),
                        name(first_op)
                    ),
                )
            }
            Mismatch::Size {
                first_bytes,
                bytes,
                first_type,
                ty,
                ..
            } => {
                // Name the count and datatype each side passed when the
                // block has one (a reduction's vector, a pairwise block).
                let amount = |t: &Option<Arc<Typed>>, b: u64| match t {
                    Some(t) => format!("{} {} ({b} bytes)", t.count, type_name_of(t.datatype)),
                    None => format!("count/datatype amounting to {b} bytes"),
                };
                (
                    ErrorKind::CountMismatch,
                    format!(
                        "{head}: rank {} passes {} but rank {} passed {} for the same transfer; the amounts of data must be equal (MPI 3.1 §5.1, expected {first_bytes} bytes)",
                        site.rank,
                        amount(&ty, bytes),
                        first.0,
                        amount(&first_type, first_bytes)
                    ),
                )
            }
            Mismatch::Args { .. } => (
                ErrorKind::CollectiveMismatch,
                format!(
                    "{head}: rank {} and rank {} pass different {what}",
                    first.0, site.rank
                ),
            ),
            Mismatch::Type {
                first_type,
                ty,
                index,
                first_elem,
                elem,
                ..
            } => {
                let elem_name = |e: Option<i32>| e.map_or("nothing".into(), datatype_name);
                (
                    ErrorKind::TypeMismatch,
                    format!(
                        "{head}: rank {} passes {} {} but rank {} passed {} {} for the same transfer; the type signatures differ at element {index} ({} vs {}) and must be equal (MPI 3.1 §5.1)",
                        site.rank,
                        ty.count,
                        type_name_of(ty.datatype),
                        first.0,
                        first_type.count,
                        type_name_of(first_type.datatype),
                        elem_name(elem),
                        elem_name(first_elem)
                    ),
                )
            }
        };
        Halt::Error(
            Finding::new(kind, msg)
                .at(first.0, first_loc, Some(first_func))
                .at(site.rank, site.loc, Some(site.func)),
        )
    }
}

/// The members a rooted intercommunicator transfer pairs the caller with:
/// every member of the remote group for the root, the root for the others.
fn remote_or_root(remote: &Range<usize>, root: Option<usize>) -> Vec<usize> {
    match root {
        Some(r) if !remote.contains(&r) => remote.clone().collect(),
        Some(r) => vec![r],
        None => vec![],
    }
}
