//! Completing blocked calls: Wait/Test families, probes, collectives, and
//! recording the completes-before dependencies each completion implies
//! (Vakkalanka et al. 2008a, §2, Li et al. 2011 appendix).

use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::{RecvOp, ReqId, ReqOp, SendMode, Status};
use runtime_model::mpi::CommId;

/// How a poll (Test/Testany/Testall/Testsome/Iprobe/...) answers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PollOutcome {
    NotYet,
    /// Test/Testall/Request_get_status: complete; Testany: this slot completed.
    Complete(usize),
    /// Testsome: these slots completed (a non-empty set, in slot order).
    Some(Vec<usize>),
    /// Iprobe/Improbe: reports this message.
    Message(ReqId),
    /// Testsome with more completed requests than the search enumerates.
    TooMany(usize),
}

fn ignores(addr: u64) -> bool {
    addr == 0 || addr as i64 == h::MPI_STATUS_IGNORE
}

/// The empty status of a null or inactive request (MPI 3.1 §3.7.3).
pub(crate) fn empty_status() -> Status {
    Status {
        source: h::MPI_ANY_SOURCE,
        tag: h::MPI_ANY_TAG,
        bytes: 0,
        error: 0,
    }
}

/// How many completed requests a Waitsome/Testsome may choose among before
/// the 2^n sets of them are beyond what the search explores.
pub const MAX_SOME_READY: usize = 12;

/// The limit message when a Waitsome/Testsome of `rank` has `n` completed
/// requests to choose among.
pub fn too_many_ready(rank: usize, n: usize) -> String {
    format!(
        "rank {rank}: MPI_Waitsome/MPI_Testsome with {n} completed requests to choose among (more than {MAX_SOME_READY}): the {} possible outcomes are beyond this tool",
        (1u64 << n.min(63)) - 1
    )
}

/// The non-empty sets of slots in `ready` (sorted) that contain at least one
/// slot of `fresh`. A Waitsome/Testsome may return any non-empty set of the
/// completed requests (MPI 3.1 §3.7.5 only promises one), and the program
/// sees which (outcount, indices), so each set is its own outcome. Sets
/// made only of requests a deferred branch already offered are that
/// branch's (README, "How exploration is reduced").
///
/// Slots in `sure` (a subset of `ready`) were complete before the call
/// began, by the caller's own doing (a generalized request it completed,
/// MPI 3.1 §12.2): the call returns them in every outcome, since
/// Waitsome/Testsome return the requests "that have completed" (§3.7.5);
/// only the others, whose completion may race with the call, make sets.
///
/// At most [`MAX_SOME_READY`] uncertain ready slots are enumerated; callers
/// report more as a limit of the tool.
pub fn subsets_with(ready: &[usize], fresh: &[usize], sure: &[usize]) -> Vec<Vec<usize>> {
    let open: Vec<usize> = ready
        .iter()
        .copied()
        .filter(|s| !sure.contains(s))
        .collect();
    let n = open.len().min(MAX_SOME_READY);
    let first = if sure.is_empty() { 1u32 } else { 0 };
    let mut out = Vec::new();
    for mask in first..(1 << n) {
        let mut set: Vec<usize> = (0..n)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| open[i])
            .chain(sure.iter().copied())
            .collect();
        set.sort_unstable();
        if set.iter().any(|s| fresh.contains(s)) {
            out.push(set);
        }
    }
    out
}

impl Machine {
    fn store_i32(&mut self, rank: usize, addr: u64, v: i32, what: &str) -> Result<(), Halt> {
        self.procs[rank]
            .proc
            .mem
            .store(addr, 4, v as u32 as u64)
            .map_err(|f| self.error_here(rank, ErrorKind::MemoryError, format!("{what}: {f}")))
    }

    /// An error at the call `rank` is blocked in.
    fn error_here(&self, rank: usize, kind: ErrorKind, msg: String) -> Halt {
        Halt::Error(Finding::new(kind, msg).at(
            rank,
            self.blocked_loc(rank),
            self.blocked_func(rank),
        ))
    }

    pub fn blocked_loc(&self, rank: usize) -> u32 {
        match &self.procs[rank].phase {
            Phase::Blocked { loc, .. } => *loc,
            _ => 0,
        }
    }

    pub fn blocked_func(&self, rank: usize) -> Option<runtime_model::mpi_api::MpiFunc> {
        match &self.procs[rank].phase {
            Phase::Blocked { func, .. } => Some(*func),
            _ => None,
        }
    }

    /// Fills an `MPI_Status` for the call `rank` is blocked in.
    fn put_status(
        &mut self,
        rank: usize,
        addr: u64,
        st: &Status,
        comm: CommId,
        cancelled: bool,
    ) -> Result<(), Halt> {
        if ignores(addr) {
            return Ok(());
        }
        for (off, v) in self.status_fields(st, comm, cancelled) {
            self.store_i32(rank, addr + off, v, "status")?;
        }
        Ok(())
    }

    /// The event of the call `rank` is blocked in.
    fn current_event(&self, rank: usize) -> (usize, usize) {
        (rank, self.procs[rank].calls.saturating_sub(1))
    }

    /// The number a trace shows for a request: an activation of a
    /// persistent request shows the persistent request's.
    pub fn req_label(&self, id: ReqId) -> usize {
        self.world.p2p.requests[id].persistent_of.unwrap_or(id) + 1
    }

    /// Whether request `id` is complete in the permissive semantics: a
    /// nonblocking collective once its instance lets the member leave.
    pub fn request_complete(&self, id: ReqId) -> bool {
        let r = &self.world.p2p.requests[id];
        match &r.op {
            ReqOp::Collective {
                comm,
                instance,
                member,
                ..
            } => self.world.comms[*comm].instances[*instance].can_leave(*member),
            ReqOp::Rma { first, count } => self.rma_request_complete(*first, *count),
            _ => r.is_complete(),
        }
    }

    pub(crate) fn slot_complete(&self, s: &ReqSlot) -> bool {
        s.req.is_none_or(|r| self.request_complete(r))
    }

    /// What the owner observes when request `slot` completes inside its
    /// current call: data delivered, status filled, dependencies recorded.
    /// The request itself stays (MPI_Request_get_status stops here).
    fn observe_slot(&mut self, model: &Model, rank: usize, slot: &ReqSlot) -> Result<(), Halt> {
        let Some(id) = slot.req else {
            return self.put_status(rank, slot.status_addr, &empty_status(), 0, false);
        };
        // The buffers are the program's again before data lands in them.
        self.release_buffers(rank, id);
        let ev = self.current_event(rank);
        let req = self.world.p2p.requests[id].clone();
        match &req.op {
            ReqOp::Recv(op) if req.cancelled => {
                let st = empty_status();
                self.put_status(rank, slot.status_addr, &st, op.comm, true)?;
            }
            ReqOp::Recv(op) => {
                let data = req
                    .delivered
                    .clone()
                    .unwrap_or_else(|| std::sync::Arc::from(Vec::new()));
                if data.len() as u64 > op.capacity {
                    return Err(self.error_here(
                        rank,
                        ErrorKind::CountMismatch,
                        format!(
                            "message of {} bytes is truncated: the receive buffer holds {} bytes ({} elements)",
                            data.len(),
                            op.capacity,
                            op.count
                        ),
                    ));
                }
                self.check_signatures(rank, &req)?;
                if (data.len() as u64) < op.capacity {
                    self.short_receive = true;
                }
                // Only the bytes that arrive are written (MPI 3.1 §3.2.4),
                // so a buffer too short for them is found here; the report
                // names the call that posted the receive.
                self.unpack(rank, op.buf, op.datatype, &data).map_err(|f| {
                    let posted = self.event_loc(req.posted_at);
                    let name = posted.map_or("", |(_, func)| func.name());
                    let sep = if name.is_empty() { "" } else { " " };
                    match self.error_here(
                        rank,
                        ErrorKind::MemoryError,
                        format!("{name}{sep}receive buffer: {f}"),
                    ) {
                        Halt::Error(e) => match posted {
                            Some((loc, func)) => {
                                Halt::Error(super::requests::also_at(e, rank, loc, func))
                            }
                            None => Halt::Error(e),
                        },
                        other => other,
                    }
                })?;
                if let Some(sh) = self.message_shadows(&req) {
                    self.deliver_shadows(rank, op.buf, op.datatype, data.len() as u64, &sh);
                }
                if let Some(st) = req.status {
                    self.put_status(rank, slot.status_addr, &st, op.comm, false)?;
                }
                if let Some(s) = req.partner {
                    let needs = self.world.p2p.requests[s].posted_at;
                    self.record_dep(Dep {
                        waiter: ev,
                        needs: Needed::Call(needs),
                        kind: DepKind::Always,
                    });
                }
                self.release_freed_send(id);
            }
            ReqOp::Send(op) => {
                // Unmatched sends get their dependency when (if) they match:
                // see `apply_match`.
                if let Some(r) = req.partner {
                    let needs = self.world.p2p.requests[r].posted_at;
                    let kind = match op.mode {
                        SendMode::Synchronous => Some(DepKind::Always),
                        // A Wait on a send marked for cancellation is local
                        // (MPI 3.1 §3.8.4): without buffering the cancel
                        // would succeed, which the other branch explores.
                        _ if req.cancel_failed => None,
                        SendMode::Standard | SendMode::Ready => Some(DepKind::ZeroBuffer),
                        SendMode::Buffered => None,
                    };
                    if let Some(kind) = kind {
                        self.record_dep(Dep {
                            waiter: ev,
                            needs: Needed::Call(needs),
                            kind,
                        });
                    }
                }
                if !ignores(slot.status_addr) {
                    let st = Status {
                        source: rank as i32,
                        tag: op.tag,
                        bytes: op.data.len() as u64,
                        error: 0,
                    };
                    self.put_status(rank, slot.status_addr, &st, op.comm, req.cancelled)?;
                }
            }
            ReqOp::Null { status } => {
                let st = *status;
                self.put_status(rank, slot.status_addr, &st, 0, false)?;
            }
            ReqOp::Collective {
                comm,
                instance,
                member,
                recv_buf,
            } => {
                self.deliver_collective(model, rank, *comm, *instance, *member, *recv_buf)?;
                self.put_status(rank, slot.status_addr, &empty_status(), 0, false)?;
            }
            ReqOp::Persistent(_) => {}
            ReqOp::Rma { first, count } => {
                let ops: Vec<u64> = (*first..first + count).collect();
                self.complete_ops(rank, &ops, false);
                self.put_status(rank, slot.status_addr, &empty_status(), 0, false)?;
            }
            // Its query_fn fills the status (MPI 3.1 §12.2).
            ReqOp::Generalized(_) => self.grequest_query(model, rank, id, slot.status_addr)?,
        }
        Ok(())
    }

    /// Completes one request for its owner inside the current call: what
    /// [`Self::observe_slot`] does, then the request is done: its handle
    /// becomes `MPI_REQUEST_NULL`, or a persistent request inactive (§3.9).
    fn complete_slot(&mut self, model: &Model, rank: usize, slot: &ReqSlot) -> Result<(), Halt> {
        // The completing call's event, before a generalized request's
        // callbacks make calls of their own.
        let ev = self.current_event(rank);
        self.observe_slot(model, rank, slot)?;
        let Some(id) = slot.req else {
            return Ok(());
        };
        // Freeing a generalized request runs its free_fn, after its
        // query_fn (MPI 3.1 §12.2).
        if matches!(self.world.p2p.requests[id].op, ReqOp::Generalized(_)) {
            self.grequest_completed(model, rank, id)?;
        }
        self.world.p2p.requests[id].completed_at = Some(ev);
        if let Some(p) = self.world.p2p.requests[id].persistent_of {
            if let ReqOp::Persistent(op) = &mut self.world.p2p.requests[p].op {
                op.active = None;
            }
        } else if slot.handle_addr != 0 {
            self.store_i32(rank, slot.handle_addr, h::MPI_REQUEST_NULL, "request")?;
        }
        self.version += 1;
        Ok(())
    }

    /// Writes member `member`'s result of collective instance `k` into its
    /// receive buffer and records what its leaving needed: the arrivals of
    /// the members its data comes from.
    pub(crate) fn deliver_collective(
        &mut self,
        model: &Model,
        rank: usize,
        comm: CommId,
        k: usize,
        member: usize,
        recv_buf: u64,
    ) -> Result<(), Halt> {
        // A nonblocking neighborhood collective (MPI 3.1 §7.7) delivers
        // its blocks by the communicator's topology.
        let neighborhood = self.world.comms[comm].instances[k].arrivals[member]
            .as_ref()
            .is_some_and(|c| {
                use runtime_model::mpi_api::MpiFunc as F;
                c.func.is_nonblocking()
                    && matches!(
                        c.func.blocking_form(),
                        F::NeighborAllgather
                            | F::NeighborAllgatherv
                            | F::NeighborAlltoall
                            | F::NeighborAlltoallv
                            | F::NeighborAlltoallw
                    )
            });
        if neighborhood {
            let loc = self.blocked_loc(rank);
            self.unpack_neighbor_blocks(comm, k, member, recv_buf, loc)?;
        }
        let results = self.collective_result(model, rank, comm, k, member)?;
        let inst = &self.world.comms[comm].instances[k];
        let types: Vec<i32> = results
            .iter()
            .map(|(off, _)| {
                inst.arrivals[member]
                    .as_ref()
                    .map_or(0, |c| c.recv_datatype_at(*off))
            })
            .collect();
        let needs: Vec<_> = inst
            .needs(member)
            .into_iter()
            .filter(|&j| j != member)
            .filter_map(|j| inst.arrivals[j].as_ref().map(|c| c.event))
            .collect();
        // A broadcast's or reduction's data carries shadows
        // (crate::mpi::payload).
        let sent = self.collective_shadows(comm, k, member);
        for ((off, bytes), datatype) in results.into_iter().zip(types) {
            self.unpack(rank, recv_buf.wrapping_add(off), datatype, &bytes)
                .map_err(|f| {
                    self.error_here(rank, ErrorKind::MemoryError, format!("receive buffer: {f}"))
                })?;
            if let (Some(sh), 0) = (&sent, off) {
                self.deliver_shadows(rank, recv_buf, datatype, bytes.len() as u64, sh);
            }
        }
        let ev = self.current_event(rank);
        let inst = &mut self.world.comms[comm].instances[k];
        if needs.len() + 1 == inst.arrivals.len() && needs.len() > 1 {
            // Needs every other member: one dependency on the instance's
            // shared list of arrivals (its own arrival in it is reached
            // when it is).
            let all = inst
                .arrival_events
                .get_or_insert_with(|| {
                    inst.arrivals
                        .iter()
                        .flatten()
                        .map(|a| a.event)
                        .collect::<Vec<_>>()
                        .into()
                })
                .clone();
            self.record_dep(Dep {
                waiter: ev,
                needs: Needed::All(all),
                kind: DepKind::Always,
            });
        } else {
            for n in needs {
                self.record_dep(Dep {
                    waiter: ev,
                    needs: Needed::Call(n),
                    kind: DepKind::Always,
                });
            }
        }
        self.version += 1;
        Ok(())
    }

    /// Matches receive `r` with send `s`, recording the dependencies.
    pub fn apply_match(&mut self, r: ReqId, s: ReqId, wildcard: bool) {
        // Senders of the other messages the receive could take right now
        // (a message race, issue 4 class 7).
        let others = if wildcard {
            let cands = self.world.p2p.candidates(r);
            let reqs = &self.world.p2p.requests;
            let alternatives: Vec<ReqId> = cands
                .iter()
                .copied()
                .filter(|&c| reqs[c].owner != reqs[s].owner)
                .collect();
            if !alternatives.is_empty() {
                self.wildcard_alternatives.push((r, alternatives));
            }
            self.other_senders(&cands, s)
        } else {
            String::new()
        };
        self.world.p2p.apply_match(r, s);
        self.version += 1;
        let send = self.world.p2p.requests[s].clone();
        let recv_posted = self.world.p2p.requests[r].posted_at;
        if let (Some(done), ReqOp::Send(op)) = (send.completed_at, &send.op) {
            if matches!(op.mode, SendMode::Standard | SendMode::Ready) && !send.cancel_failed {
                self.record_dep(Dep {
                    waiter: done,
                    needs: Needed::Call(recv_posted),
                    kind: DepKind::ZeroBuffer,
                });
            }
        }
        if wildcard {
            let receiver = self.world.p2p.requests[r].owner;
            let loc = self.event_loc(recv_posted).map(|(l, _)| l).unwrap_or(0);
            self.trace_event(
                receiver,
                loc,
                format!(
                    "wildcard receive (request {}) matched the message from rank {}{others}",
                    self.req_label(r),
                    send.owner
                ),
            );
        }
    }

    /// Tries to finish the blocking call of `rank` when it has exactly one
    /// way to finish. Returns whether it did.
    pub fn try_unblock(&mut self, model: &Model, rank: usize) -> Result<bool, Halt> {
        let Phase::Blocked { block, .. } = &self.procs[rank].phase else {
            return Ok(false);
        };
        match block.clone() {
            Block::Requests {
                slots,
                mode: WaitMode::All,
                ..
            } => {
                if !slots.iter().all(|s| self.slot_complete(s)) {
                    return Ok(false);
                }
                for s in &slots {
                    self.complete_slot(model, rank, s)?;
                }
                self.unblock(model, rank);
                Ok(true)
            }
            Block::Requests { .. } => Ok(false), // Waitany/Waitsome: a choice
            Block::Collective {
                comm,
                instance,
                recv_buf,
            } => {
                let c = &self.world.comms[comm];
                let member = c.rank_of(rank).unwrap_or(0);
                if !c.instances[instance].can_leave(member) {
                    return Ok(false);
                }
                self.deliver_collective(model, rank, comm, instance, member, recv_buf)?;
                self.leaving_window_collective(rank);
                self.unblock(model, rank);
                Ok(true)
            }
            Block::Probe {
                comm,
                source: Some(_),
                status_addr,
                message_addr,
                ..
            } => {
                let Some(&s) = self.probe_options(rank).first() else {
                    return Ok(false);
                };
                self.finish_probe(model, rank, s, (status_addr, message_addr), comm, "")?;
                Ok(true)
            }
            Block::Detach { messages } => {
                let delivered = messages.iter().all(|&m| {
                    let r = &self.world.p2p.requests[m];
                    r.partner.is_some() || r.cancelled
                });
                if delivered {
                    self.unblock(model, rank);
                }
                Ok(delivered)
            }
            Block::Rma(wait) => self.rma_try_unblock(model, rank, wait),
            // Taken by the search's decision (`Machine::take_shared`).
            Block::Probe { .. }
            | Block::Poll { .. }
            | Block::Cancel { .. }
            | Block::Threads { .. }
            | Block::SharedFp { .. } => Ok(false),
        }
    }

    fn unblock(&mut self, model: &Model, rank: usize) {
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
    }

    /// The envelope a probe looks for, as a receive.
    fn probe_envelope(comm: CommId, source: Option<usize>, tag: Option<i32>) -> RecvOp {
        RecvOp {
            source,
            tag,
            comm,
            buf: 0,
            capacity: 0,
            datatype: 0,
            count: 0,
        }
    }

    /// Messages the blocking (matched) probe of `rank` can report now, not
    /// counting those a deferred branch already took.
    pub fn probe_options(&self, rank: usize) -> Vec<ReqId> {
        let Phase::Blocked {
            block: Block::Probe { excluded, .. },
            ..
        } = &self.procs[rank].phase
        else {
            return vec![];
        };
        self.probe_candidates_now(rank)
            .into_iter()
            .filter(|s| !excluded.contains(s))
            .collect()
    }

    /// Whether the probe of `rank` could report a message it was told to
    /// skip (a deferred choice).
    pub fn probe_skipped(&self, rank: usize) -> bool {
        let Phase::Blocked {
            block: Block::Probe { excluded, .. },
            ..
        } = &self.procs[rank].phase
        else {
            return false;
        };
        // Only wildcard probes are ever deferred, so the probe's own
        // envelope is the wildcard one.
        !excluded.is_empty()
            && self
                .probe_candidates_now(rank)
                .iter()
                .any(|s| excluded.contains(s))
    }

    /// The status a probe reports for message `s`.
    fn probe_status(&self, s: ReqId) -> Option<Status> {
        let send = &self.world.p2p.requests[s];
        match &send.op {
            ReqOp::Send(op) => Some(Status {
                source: send.owner as i32,
                tag: op.tag,
                bytes: op.data.len() as u64,
                error: 0,
            }),
            _ => None,
        }
    }

    /// A matched probe of `rank` takes message `s` out of matching (MPI 3.1
    /// §3.8.2); returns the message handle.
    fn take_message(&mut self, rank: usize, s: ReqId) -> i32 {
        let ev = self.current_event(rank);
        match self.world.p2p.post_message(rank, s, ev) {
            Some(m) => {
                self.apply_match(m, s, false);
                self.hand_out(m)
            }
            None => h::MPI_MESSAGE_NULL,
        }
    }

    fn finish_probe(
        &mut self,
        model: &Model,
        rank: usize,
        s: ReqId,
        (status_addr, message_addr): (u64, Option<u64>),
        comm: CommId,
        race: &str,
    ) -> Result<(), Halt> {
        if let Some(st) = self.probe_status(s) {
            self.put_status(rank, status_addr, &st, comm, false)?;
        }
        let send = self.world.p2p.requests[s].clone();
        let ev = self.current_event(rank);
        self.record_dep(Dep {
            waiter: ev,
            needs: Needed::Call(send.posted_at),
            kind: DepKind::Always,
        });
        let loc = self.blocked_loc(rank);
        let what = if message_addr.is_some() {
            "matched probe took"
        } else {
            "probe found"
        };
        self.trace_event(
            rank,
            loc,
            format!("{what} the message from rank {}{race}", send.owner),
        );
        if let Some(addr) = message_addr {
            let m = self.take_message(rank, s);
            self.store_i32(rank, addr, m, "message")?;
        }
        self.unblock(model, rank);
        Ok(())
    }

    /// Waitany of `rank` returns slot `index`.
    pub fn pick_any(&mut self, model: &Model, rank: usize, index: usize) -> Result<(), Halt> {
        let Phase::Blocked {
            block:
                Block::Requests {
                    slots,
                    mode: WaitMode::Any { index_addr },
                    ..
                },
            loc,
            ..
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        let slot = slots[index].clone();
        self.complete_slot(model, rank, &slot)?;
        self.store_i32(rank, index_addr, index as i32, "index")?;
        self.trace_event(rank, loc, format!("MPI_Waitany returned index {index}"));
        self.unblock(model, rank);
        Ok(())
    }

    /// Completes slots `indices` for a Waitsome/Testsome and writes its
    /// outputs (MPI 3.1 §3.7.5).
    fn complete_some(
        &mut self,
        model: &Model,
        rank: usize,
        slots: &[ReqSlot],
        indices: &[usize],
        out: SomeOutputs,
    ) -> Result<(), Halt> {
        for (k, &i) in indices.iter().enumerate() {
            let mut slot = slots[i].clone();
            slot.status_addr = if ignores(out.statuses_addr) {
                out.statuses_addr
            } else {
                out.statuses_addr + k as u64 * h::MPI_STATUS_SIZE_BYTES
            };
            self.complete_slot(model, rank, &slot)?;
            self.store_i32(rank, out.indices_addr + 4 * k as u64, i as i32, "indices")?;
        }
        self.store_i32(rank, out.outcount_addr, indices.len() as i32, "outcount")
    }

    /// Waitsome of `rank` returns slots `indices`.
    pub fn pick_some(&mut self, model: &Model, rank: usize, indices: &[usize]) -> Result<(), Halt> {
        let Phase::Blocked {
            block:
                Block::Requests {
                    slots,
                    mode: WaitMode::Some(out),
                    ..
                },
            loc,
            ..
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        self.complete_some(model, rank, &slots, indices, out)?;
        self.trace_event(
            rank,
            loc,
            format!("MPI_Waitsome returned indices {indices:?}"),
        );
        self.unblock(model, rank);
        Ok(())
    }

    /// A blocking wildcard probe of `rank` reports message `s`.
    pub fn probe_sees(&mut self, model: &Model, rank: usize, s: ReqId) -> Result<(), Halt> {
        if let Phase::Blocked {
            block:
                Block::Probe {
                    comm,
                    status_addr,
                    message_addr,
                    ..
                },
            ..
        } = self.procs[rank].phase.clone()
        {
            let cands = self.probe_candidates_now(rank);
            let race = self.other_senders(&cands, s);
            let addrs = (status_addr, message_addr);
            self.finish_probe(model, rank, s, addrs, comm, &race)?;
        }
        Ok(())
    }

    /// Every message the blocked probe of `rank` could report now,
    /// including those a deferred branch took.
    fn probe_candidates_now(&self, rank: usize) -> Vec<ReqId> {
        let Phase::Blocked {
            block:
                Block::Probe {
                    comm,
                    source,
                    tag,
                    message_addr,
                    ..
                },
            ..
        } = &self.procs[rank].phase
        else {
            return vec![];
        };
        let env = Self::probe_envelope(*comm, *source, *tag);
        if message_addr.is_some() {
            self.world.p2p.mprobe_candidates(rank, &env)
        } else {
            self.world.p2p.probe_candidates(rank, &env)
        }
    }

    /// " (could also match rank 1, 2)" naming the senders of `cands` other
    /// than the sender of `chosen`, sorted; empty when there are none.
    fn other_senders(&self, cands: &[ReqId], chosen: ReqId) -> String {
        let reqs = &self.world.p2p.requests;
        let me = reqs[chosen].owner;
        let mut ranks: Vec<usize> = cands
            .iter()
            .map(|&c| reqs[c].owner)
            .filter(|&o| o != me)
            .collect();
        ranks.sort_unstable();
        ranks.dedup();
        if ranks.is_empty() {
            return String::new();
        }
        let list: Vec<String> = ranks.iter().map(|r| r.to_string()).collect();
        let word = if ranks.len() == 1 { "rank" } else { "ranks" };
        format!(" (could also match {word} {})", list.join(", "))
    }

    /// The MPI_Cancel `rank` is in succeeds or fails (MPI 3.1 §3.8.4).
    pub fn resolve_cancel(
        &mut self,
        model: &Model,
        rank: usize,
        succeed: bool,
    ) -> Result<(), Halt> {
        let Phase::Blocked {
            block: Block::Cancel { req },
            loc,
            ..
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        let label = self.req_label(req);
        if succeed && self.world.p2p.cancel(req) {
            self.trace_event(rank, loc, format!("request {label} is cancelled"));
        } else {
            self.world.p2p.requests[req].cancel_failed = true;
            self.trace_event(
                rank,
                loc,
                format!("cancel of request {label} fails: the operation completes normally"),
            );
        }
        self.version += 1;
        self.unblock(model, rank);
        Ok(())
    }

    /// The slots whose request was complete before the call that names
    /// them began, by the caller's own doing: generalized requests it
    /// completed with MPI_Grequest_complete (MPI 3.1 §12.2; only the owner
    /// completes them here).
    pub fn surely_complete(&self, slots: &[ReqSlot]) -> Vec<usize> {
        slots
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                s.req.is_some_and(|r| {
                    matches!(&self.world.p2p.requests[r].op, ReqOp::Generalized(g) if g.complete)
                })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether the poll of `rank` cannot answer "not yet": what it tests
    /// was complete before it began (`surely_complete`): all of its
    /// requests for Test/Testall/Request_get_status, one for
    /// Testany/Testsome (§3.7.3, §3.7.5: a test of a complete operation
    /// returns flag = true).
    pub fn poll_answers_now(&self, rank: usize) -> bool {
        let Phase::Blocked {
            block: Block::Poll { kind, slots, .. },
            ..
        } = &self.procs[rank].phase
        else {
            return false;
        };
        let sure = self.surely_complete(slots);
        match kind {
            PollKind::Test { .. } | PollKind::Testall { .. } | PollKind::GetStatus { .. } => {
                !slots.is_empty()
                    && slots
                        .iter()
                        .enumerate()
                        .all(|(i, s)| s.req.is_none() || sure.contains(&i))
                    && !sure.is_empty()
            }
            PollKind::Testany { .. } | PollKind::Testsome(_) => !sure.is_empty(),
            _ => false,
        }
    }

    /// The answers a poll of `rank` can give now (without "not yet").
    pub fn poll_completions(&self, rank: usize) -> Vec<PollOutcome> {
        let Phase::Blocked {
            block: Block::Poll { kind, slots, probe },
            ..
        } = &self.procs[rank].phase
        else {
            return vec![];
        };
        let complete = |s: &ReqSlot| self.slot_complete(s);
        match kind {
            PollKind::WinTest { win, .. } => {
                if self.exposure_done(rank, *win) {
                    vec![PollOutcome::Complete(0)]
                } else {
                    vec![]
                }
            }
            PollKind::Test { .. } | PollKind::Testall { .. } | PollKind::GetStatus { .. } => {
                if slots.iter().all(complete) {
                    vec![PollOutcome::Complete(0)]
                } else {
                    vec![]
                }
            }
            PollKind::Testany { .. } => slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.req.is_some() && complete(s))
                .map(|(i, _)| PollOutcome::Complete(i))
                .collect(),
            PollKind::Testsome(_) => {
                let ready: Vec<usize> = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.req.is_some() && complete(s))
                    .map(|(i, _)| i)
                    .collect();
                let sure = self.surely_complete(slots);
                if ready.len() - sure.len() > MAX_SOME_READY {
                    return vec![PollOutcome::TooMany(ready.len())];
                }
                subsets_with(&ready, &ready, &sure)
                    .into_iter()
                    .map(PollOutcome::Some)
                    .collect()
            }
            PollKind::Iprobe { .. } | PollKind::Improbe { .. } => {
                let Some((comm, source, tag)) = probe else {
                    return vec![];
                };
                let env = Self::probe_envelope(*comm, *source, *tag);
                let cands = if matches!(kind, PollKind::Improbe { .. }) {
                    self.world.p2p.mprobe_candidates(rank, &env)
                } else {
                    self.world.p2p.probe_candidates(rank, &env)
                };
                cands.into_iter().map(PollOutcome::Message).collect()
            }
        }
    }

    /// Whether the poll of `rank` may have more "yes" outcomes later than
    /// now: some request it tests is not complete yet, or it is a probe
    /// (new messages may arrive).
    pub fn poll_may_grow(&self, rank: usize) -> bool {
        let Phase::Blocked {
            block: Block::Poll { kind, slots, .. },
            ..
        } = &self.procs[rank].phase
        else {
            return false;
        };
        match kind {
            PollKind::Iprobe { .. } | PollKind::Improbe { .. } => true,
            PollKind::WinTest { win, .. } => !self.exposure_done(rank, *win),
            _ => !slots.iter().all(|s| self.slot_complete(s)),
        }
    }

    /// Answers the poll `rank` is in.
    pub fn resolve_poll(
        &mut self,
        model: &Model,
        rank: usize,
        outcome: PollOutcome,
    ) -> Result<(), Halt> {
        let Phase::Blocked {
            block: Block::Poll { kind, slots, probe },
            loc,
            func,
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        let flag_addr = match kind {
            PollKind::Test { flag_addr }
            | PollKind::Testall { flag_addr }
            | PollKind::Testany { flag_addr, .. }
            | PollKind::GetStatus { flag_addr }
            | PollKind::WinTest { flag_addr, .. }
            | PollKind::Iprobe { flag_addr, .. }
            | PollKind::Improbe { flag_addr, .. } => Some(flag_addr),
            PollKind::Testsome(_) => None,
        };
        self.procs[rank].poll_deferred = None;
        let set_flag = |state: &mut Machine, v: i32| match flag_addr {
            Some(a) => state.store_i32(rank, a, v, "flag"),
            None => Ok(()),
        };
        match outcome {
            PollOutcome::TooMany(n) => return Err(Halt::Budget(too_many_ready(rank, n))),
            PollOutcome::NotYet => {
                set_flag(self, 0)?;
                match kind {
                    PollKind::Testany { index_addr, .. } => {
                        self.store_i32(rank, index_addr, h::MPI_UNDEFINED, "index")?
                    }
                    PollKind::Testsome(out) => {
                        self.store_i32(rank, out.outcount_addr, 0, "outcount")?
                    }
                    _ => {}
                }
                // Fingerprint after the answer is written: a loop that polls
                // again without changing anything else comes back to exactly
                // this state (the stutter `poe::next` recognizes).
                let fp = self.local_fingerprint(model, rank);
                self.procs[rank].poll_mark = Some((fp, self.version));
                let what = if flag_addr.is_some() {
                    "flag = false"
                } else {
                    "outcount = 0"
                };
                self.trace_event(rank, loc, format!("{} -> {what}", func.name()));
            }
            PollOutcome::Complete(i) => {
                match kind {
                    PollKind::Testany { index_addr, .. } => {
                        let slot = slots[i].clone();
                        self.complete_slot(model, rank, &slot)?;
                        self.store_i32(rank, index_addr, i as i32, "index")?;
                    }
                    PollKind::GetStatus { .. } => {
                        for s in &slots {
                            self.observe_slot(model, rank, s)?;
                        }
                    }
                    PollKind::WinTest { win, .. } => self.close_exposure(rank, win),
                    _ => {
                        for s in &slots {
                            self.complete_slot(model, rank, s)?;
                        }
                    }
                }
                set_flag(self, 1)?;
                self.trace_event(rank, loc, format!("{} -> flag = true", func.name()));
                self.procs[rank].poll_mark = None;
            }
            PollOutcome::Some(indices) => {
                if let PollKind::Testsome(out) = kind {
                    self.complete_some(model, rank, &slots, &indices, out)?;
                }
                self.trace_event(
                    rank,
                    loc,
                    format!("{} returned indices {indices:?}", func.name()),
                );
                self.procs[rank].poll_mark = None;
            }
            PollOutcome::Message(s) => {
                let (comm, _, _) = probe.unwrap_or((0, None, None));
                let status_addr = match kind {
                    PollKind::Iprobe { status_addr, .. }
                    | PollKind::Improbe { status_addr, .. } => status_addr,
                    _ => 0,
                };
                if let Some(st) = self.probe_status(s) {
                    self.put_status(rank, status_addr, &st, comm, false)?;
                }
                set_flag(self, 1)?;
                let send = self.world.p2p.requests[s].clone();
                let ev = self.current_event(rank);
                self.record_dep(Dep {
                    waiter: ev,
                    needs: Needed::Call(send.posted_at),
                    kind: DepKind::Always,
                });
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "{} -> flag = true, message from rank {}",
                        func.name(),
                        send.owner
                    ),
                );
                if let PollKind::Improbe { message_addr, .. } = kind {
                    let m = self.take_message(rank, s);
                    self.store_i32(rank, message_addr, m, "message")?;
                }
                self.procs[rank].poll_mark = None;
            }
        }
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::subsets_with;

    #[test]
    fn subsets_must_contain_a_fresh_request() {
        assert_eq!(subsets_with(&[0, 2], &[0, 2], &[]).len(), 3);
        // A slot complete before the call is in every set.
        assert_eq!(
            subsets_with(&[0, 1, 2], &[0, 1, 2], &[1]),
            vec![vec![1], vec![0, 1], vec![1, 2], vec![0, 1, 2]]
        );
        // Slot 0 was offered before the deferral: {0} alone is not new.
        assert_eq!(subsets_with(&[0, 2], &[2], &[]), vec![vec![2], vec![0, 2]]);
    }
}
