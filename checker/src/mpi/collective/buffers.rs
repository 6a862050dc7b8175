//! The buffers of a collective call: which ones the caller's role makes
//! significant (with their counts, displacements and datatypes), the
//! guards that hand a nonblocking collective's buffers to its request
//! (MPI 3.1 §5.12), and the check that a receive block is writable.

use super::{in_place, Part};
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::mpi_api::MpiFunc;

/// A typed buffer argument of a collective call (see
/// `Machine::collective_buffers`).
pub(super) struct TypedBuf {
    pub(super) addr: u64,
    pub(super) count: i32,
    pub(super) datatype: i32,
    /// MPI writes it (a receive buffer).
    pub(super) write: bool,
}

impl Machine {
    /// The buffers of a collective call that the caller's role makes
    /// significant, with their counts, displacements and datatypes (a
    /// root's receive buffer of `MPI_Gather`, every member's send buffer,
    /// ...), and whether MPI writes them. `me` is the caller's rank in the
    /// communicator the call rendezvous on. On an intercommunicator, a
    /// member of the root's group other than the root (`MPI_PROC_NULL`)
    /// passes no buffer, and only the broadcast and reduction buffers are
    /// listed (the block layouts there index the remote group).
    pub(super) fn collective_buffers(
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
            F::ReduceScatter | F::ReduceScatterBlock => {
                let (sbuf, rbuf, dt) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?, a.int("datatype")?);
                // On an intercommunicator the counts are those of the
                // caller's own group (MPI 3.1 §5.10.1).
                let (n, me) = match &part.remote {
                    Some(r) if r.start == 0 => (n - r.len(), me - r.end),
                    Some(r) => (n - r.len(), me),
                    None => (n, me),
                };
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
            _ if part.remote.is_some() => {}
            F::Scan | F::Exscan => {
                let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
                let (count, dt) = (a.int("count")?, a.int("datatype")?);
                if !in_place(sbuf) {
                    push(sbuf, count, dt, false);
                }
                push(rbuf, count, dt, true);
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
    pub(super) fn guard_collective(
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

    pub(super) fn check_writable(&self, site: &Site, addr: u64, len: u64) -> Result<(), Halt> {
        if len == 0 {
            return Ok(());
        }
        self.procs[site.rank]
            .proc
            .mem
            .check_range(addr, len, true)
            .map_err(|f| site.memory("receive buffer", f))
    }
}
