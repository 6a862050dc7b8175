//! A member's part of a collective on an intercommunicator (MPI 3.1
//! §5.2.2): blocks between the two groups on the hidden communicator over
//! both, with the roles of a rooted call (`MPI_ROOT`, `MPI_PROC_NULL`, the
//! root's rank).

use super::{in_place, list, Part};
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::collective::{Blocks, Shape};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;
use std::ops::Range;
use std::sync::Arc;

impl Machine {
    /// A member's part of a collective on intercommunicator `inter`
    /// (MPI 3.1 §5.2.2), as blocks between indices of `bridge`, the
    /// communicator over both groups: data moves only between the groups.
    /// A rooted call's root passes `MPI_ROOT`, the rest of its group
    /// `MPI_PROC_NULL` (they take no part in the transfer), and the other
    /// group the root's rank in the root's group.
    pub(super) fn decode_inter_part(
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
            F::Alltoallw => {
                // Per remote member: a count, a byte displacement and a
                // datatype on each side (MPI 3.1 §5.8; on an
                // intercommunicator the arrays have one entry per member
                // of the remote group, §5.2.2).
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                no_in_place(sbuf)?;
                no_in_place(rbuf)?;
                let send = self.alltoall_layout(site, a, nr, "send")?;
                let recv = self.alltoall_layout(site, a, nr, "recv")?;
                let mut data = Vec::new();
                for (i, j) in remote.clone().enumerate() {
                    let (c, off, dt) = send[i];
                    let block = self.pack(site, sbuf.wrapping_add(off), c, dt, "send buffer")?;
                    blocks.send[j] = Some((data.len() as u64, block.len() as u64));
                    part.send_types[j] = self.typed(site, c, dt)?;
                    data.extend_from_slice(&block);
                    let (c, off, dt) = recv[i];
                    let len = self.packed_size(site, c, dt)?;
                    self.check_writable(site, rbuf.wrapping_add(off), len)?;
                    blocks.recv[j] = Some((off, len));
                    part.recv_types[j] = self.typed(site, c, dt)?;
                }
                part.send = Some(Arc::from(data));
                part.recv_buf = rbuf;
                let counts =
                    |v: &[(i32, u64, i32)]| -> Vec<i32> { v.iter().map(|x| x.0).collect() };
                part.desc = format!(
                    "sendcounts={}, recvcounts={}",
                    list(&counts(&send)),
                    list(&counts(&recv))
                );
            }
            F::ReduceScatter | F::ReduceScatterBlock => {
                // MPI 3.1 §5.10.1, §5.10.2: the reduction of one group's
                // vectors is scattered over the other group, in blocks of
                // the receiving group's recvcounts; every member sends the
                // sum of its own group's counts, which must be the same
                // number of elements in both groups.
                let (sbuf, rbuf, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                no_in_place(sbuf)?;
                no_in_place(rbuf)?;
                let nl = n - nr;
                let mine = if me < first { me } else { me - first };
                let counts = if base == F::ReduceScatter {
                    self.counts(site, a.ptr("recvcounts")?, nl, "recvcounts")?
                } else {
                    vec![self.count(site, a.int("recvcount")?)? as i32; nl]
                };
                let total: i32 = counts.iter().sum();
                part.send = Some(self.pack(site, sbuf, total, dt, "send buffer")?);
                self.check_unpack(site, rbuf, counts[mine], dt, "receive buffer")?;
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
