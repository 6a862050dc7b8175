//! Collective calls (MPI 3.1 chapter 5), blocking and nonblocking: decoding
//! each member's part (counts, displacements, `MPI_IN_PLACE`) into a
//! contribution; the rendezvous and data movement are in
//! `runtime_model::mpi::collective`. A nonblocking collective joins the same
//! per-communicator order and returns a request whose completion delivers
//! the data (§5.12).
//!
//! This module is the family's entry point (`issue_collective`,
//! `call_collective`), the rendezvous every call joins (`join_collective`)
//! and the types and helpers its parts share; one file per job:
//!
//! - `decode`: an intracommunicator member's part (`decode_part`): the
//!   barrier, broadcast and reductions, and the argument check of a
//!   reduction's operation (`check_op`).
//! - `blocks`: the per-peer block shapes on an intracommunicator: gather,
//!   scatter, allgather and alltoall with their v- and w-forms (§5.5-§5.8).
//! - `layout`: (count, offset) layouts of the per-peer blocks and the
//!   integer arrays they are read from (counts, displacements).
//! - `inter`: a member's part on an intercommunicator (§5.2.2).
//! - `buffers`: the buffers a call makes significant, the guards of a
//!   nonblocking collective's buffers (§5.12), receive-buffer checks.
//! - `reduce_local`: MPI_Reduce_local (§5.9.7).
//! - `mismatch`: the words of a collective mismatch (§5.1).

mod blocks;
mod buffers;
mod decode;
mod inter;
mod layout;
mod mismatch;
mod reduce_local;

use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::collective::{Contribution, Typed};
use runtime_model::mpi::p2p::ReqOp;
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

fn in_place(a: u64) -> bool {
    a as i64 == h::MPI_IN_PLACE
}

fn list(v: &[i32]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

impl Machine {
    /// Joins the next collective of `comm` as `site.func`, a call that
    /// carries no data, only `args` (what every member must agree on): a
    /// window's creation, fence or free (`rma::window`, `rma::sync`), a
    /// file's open, close, view or sync (`io`). Members calling different
    /// functions, or the same ones in different orders, are a
    /// `collective-mismatch` (MPI 3.1 §5.13). `synchronizing`: every member
    /// waits for all; otherwise only the instance's own dependencies hold
    /// it (`Instance::needs`).
    pub(crate) fn join_control_collective(
        &mut self,
        site: &Site,
        comm: runtime_model::mpi::CommId,
        ev: runtime_model::mpi::p2p::EventRef,
        args: Vec<i64>,
        synchronizing: bool,
    ) -> Result<(usize, Block), Halt> {
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let k = self.world.comms[comm].join_next(crank, synchronizing);
        let contribution = Contribution {
            func: site.func,
            root: None,
            op: None,
            datatype: 0,
            send: None,
            recv_block: 0,
            send_block: 0,
            event: ev,
            args,
            send_types: Vec::new(),
            recv_types: Vec::new(),
            remote: None,
        };
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, contribution) {
            return Err(self.collective_mismatch(site, comm, k, m, None, "root"));
        }
        self.version += 1;
        Ok((
            k,
            Block::Collective {
                comm,
                instance: k,
                recv_buf: 0,
            },
        ))
    }

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
        // One block per peer (v- and w-forms, all-to-all) is named by its
        // peer: `collective_buffers` lists a role's blocks in rank order.
        let blocks = |write: bool| bufs.iter().filter(|b| b.write == write).count();
        let (sends, recvs) = (blocks(false), blocks(true));
        let (mut s, mut r) = (0, 0);
        let names: Vec<String> = bufs
            .iter()
            .map(|b| match (b.write, if b.write { recvs } else { sends }) {
                (true, 1) => "receive buffer".to_string(),
                (false, 1) => "send buffer".to_string(),
                (true, _) => {
                    r += 1;
                    format!("receive block from rank {}", r - 1)
                }
                (false, _) => {
                    s += 1;
                    format!("send block to rank {}", s - 1)
                }
            })
            .collect();
        let named: Vec<_> = bufs
            .iter()
            .zip(&names)
            .map(|(b, name)| (name.as_str(), b.addr, b.count, b.datatype, b.write))
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
        {
            use runtime_model::mpi_api::MpiFunc as F;
            // The data a broadcast's root or a reduction's member gives, as
            // the receivers get it (crate::mpi::payload).
            let src = match func.blocking_form() {
                F::Bcast if part.send.is_some() => Some(part.recv_buf),
                F::Reduce | F::Allreduce => {
                    let sbuf = a.ptr("sendbuf")?;
                    Some(if in_place(sbuf) { part.recv_buf } else { sbuf })
                }
                _ => None,
            };
            if let Some(src) = src {
                if let Some(sh) = self.payload_shadows(site, src, a.int("count")?, part.datatype)? {
                    self.sent_shadows.contributed.insert(ev, sh);
                }
            }
        }
        let (recv_buf, remote) = (part.recv_buf, part.remote.clone());
        // A thread's blocking collective that the process posted as its
        // nonblocking form (MPI_THREAD_MULTIPLE, exec::omp::multiple)
        // matches as the blocking call the program made: blocking and
        // nonblocking collectives never match each other (MPI 3.1 §5.12).
        let matched = if self.procs[site.rank].proc.posts_blocking_call() {
            func.blocking_form()
        } else {
            func
        };
        let contribution = Contribution {
            func: matched,
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
                let handle = self.hand_out(r);
                self.write_i32(site, a.ptr("request")?, handle, "request")?;
                Ok(Effect::Return(0))
            }
            None => Ok(Effect::Block(Block::Collective {
                comm,
                instance: k,
                recv_buf,
            })),
        }
    }
}
