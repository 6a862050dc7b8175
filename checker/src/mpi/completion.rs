//! Completing blocked calls: Wait/Test families, probes, collectives, and
//! recording the completes-before dependencies each completion implies
//! (seed 002 §2, seed 000 appendix).

use crate::explore::state::*;
use crate::report::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::{ReqId, ReqOp, SendMode, Status};
use runtime_model::mpi::CommId;

/// How a poll (Test/Testany/Testall/Iprobe) answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PollOutcome {
    NotYet,
    /// Test/Testall: complete; Testany: this slot completed.
    Complete(usize),
    /// Iprobe: reports this message.
    Message(ReqId),
}

fn ignores(addr: u64) -> bool {
    addr == 0 || addr as i64 == h::MPI_STATUS_IGNORE
}

impl State {
    fn store_i32(&mut self, rank: usize, addr: u64, v: i32, what: &str) -> Result<(), Halt> {
        let loc = self.blocked_loc(rank);
        self.procs[rank]
            .proc
            .mem
            .store(addr, 4, v as u32 as u64)
            .map_err(|f| {
                Halt::Error(
                    Finding::new(ErrorKind::MemoryError, format!("{what}: {f}")).at(
                        rank,
                        loc,
                        self.blocked_func(rank),
                    ),
                )
            })
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

    fn put_status(
        &mut self,
        rank: usize,
        addr: u64,
        st: &Status,
        comm: CommId,
    ) -> Result<(), Halt> {
        if ignores(addr) {
            return Ok(());
        }
        let source = if st.source >= 0 {
            self.world.comms[comm]
                .rank_of(st.source as usize)
                .map_or(st.source, |r| r as i32)
        } else {
            st.source
        };
        let (lo, hi) = h::status_count_fields(st.bytes, false);
        self.store_i32(rank, addr + h::MPI_STATUS_COUNT_LO_OFFSET, lo, "status")?;
        self.store_i32(
            rank,
            addr + h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET,
            hi,
            "status",
        )?;
        self.store_i32(rank, addr + h::MPI_STATUS_SOURCE_OFFSET, source, "status")?;
        self.store_i32(rank, addr + h::MPI_STATUS_TAG_OFFSET, st.tag, "status")?;
        self.store_i32(rank, addr + h::MPI_STATUS_ERROR_OFFSET, st.error, "status")
    }

    /// The event of the call `rank` is blocked in.
    fn current_event(&self, rank: usize) -> (usize, usize) {
        (rank, self.procs[rank].calls.saturating_sub(1))
    }

    /// Completes one request for its owner inside the current call: delivers
    /// data, fills the status, resets the handle, records dependencies.
    fn complete_slot(&mut self, rank: usize, slot: &ReqSlot) -> Result<(), Halt> {
        let Some(id) = slot.req else {
            return Ok(());
        };
        let ev = self.current_event(rank);
        let req = self.world.p2p.requests[id].clone();
        match &req.op {
            ReqOp::Recv(op) => {
                let data = req
                    .delivered
                    .clone()
                    .unwrap_or_else(|| std::sync::Arc::from(Vec::new()));
                if data.len() as u64 > op.capacity {
                    let loc = self.blocked_loc(rank);
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::CountMismatch,
                            format!(
                                "message of {} bytes is truncated: the receive buffer holds {} bytes ({} elements)",
                                data.len(),
                                op.capacity,
                                op.count
                            ),
                        )
                        .at(rank, loc, self.blocked_func(rank)),
                    ));
                }
                if !data.is_empty() {
                    let loc = self.blocked_loc(rank);
                    self.procs[rank]
                        .proc
                        .mem
                        .write_bytes(op.buf, &data)
                        .map_err(|f| {
                            Halt::Error(
                                Finding::new(
                                    ErrorKind::MemoryError,
                                    format!("receive buffer: {f}"),
                                )
                                .at(
                                    rank,
                                    loc,
                                    self.blocked_func(rank),
                                ),
                            )
                        })?;
                }
                if let Some(st) = req.status {
                    self.put_status(rank, slot.status_addr, &st, op.comm)?;
                }
                if let Some(s) = req.partner {
                    let needs = self.world.p2p.requests[s].posted_at;
                    self.deps.push(Dep {
                        waiter: ev,
                        needs: Some(needs),
                        kind: DepKind::Always,
                    });
                }
            }
            ReqOp::Send(op) => {
                // Unmatched sends get their dependency when (if) they match:
                // see `apply_match`.
                if let Some(r) = req.partner {
                    let needs = self.world.p2p.requests[r].posted_at;
                    let kind = match op.mode {
                        SendMode::Synchronous => Some(DepKind::Always),
                        SendMode::Standard | SendMode::Ready => Some(DepKind::ZeroBuffer),
                        SendMode::Buffered => None,
                    };
                    if let Some(kind) = kind {
                        self.deps.push(Dep {
                            waiter: ev,
                            needs: Some(needs),
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
                    self.put_status(rank, slot.status_addr, &st, op.comm)?;
                }
            }
            ReqOp::Null { status } => {
                let st = *status;
                self.put_status(rank, slot.status_addr, &st, 0)?;
            }
        }
        self.world.p2p.requests[id].completed_at = Some(ev);
        if slot.handle_addr != 0 {
            self.store_i32(rank, slot.handle_addr, h::MPI_REQUEST_NULL, "request")?;
        }
        self.version += 1;
        Ok(())
    }

    /// Matches receive `r` with send `s`, recording the dependencies.
    pub fn apply_match(&mut self, r: ReqId, s: ReqId, wildcard: bool) {
        self.world.p2p.apply_match(r, s);
        self.version += 1;
        let send = self.world.p2p.requests[s].clone();
        let recv_posted = self.world.p2p.requests[r].posted_at;
        if let (Some(done), ReqOp::Send(op)) = (send.completed_at, &send.op) {
            if matches!(op.mode, SendMode::Standard | SendMode::Ready) {
                self.deps.push(Dep {
                    waiter: done,
                    needs: Some(recv_posted),
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
                    "wildcard receive (request {}) matched the message from rank {}",
                    r + 1,
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
                let done = slots.iter().all(|s| {
                    s.req
                        .is_none_or(|r| self.world.p2p.requests[r].is_complete())
                });
                if !done {
                    return Ok(false);
                }
                for s in &slots {
                    self.complete_slot(rank, s)?;
                }
                self.unblock(model, rank);
                Ok(true)
            }
            Block::Requests { .. } => Ok(false), // Waitany: a choice
            Block::Collective {
                comm,
                instance,
                recv_buf,
            } => {
                let c = &self.world.comms[comm];
                let crank = c.rank_of(rank).unwrap_or(0);
                let inst = &c.instances[instance];
                if !inst.can_leave(crank) {
                    return Ok(false);
                }
                let results = inst.result_for(crank).map_err(|e| {
                    Halt::Error(
                        Finding::new(
                            ErrorKind::InvalidArgument,
                            format!("reduction failed: {e:?}"),
                        )
                        .at(
                            rank,
                            self.blocked_loc(rank),
                            self.blocked_func(rank),
                        ),
                    )
                })?;
                for (off, bytes) in results {
                    if bytes.is_empty() {
                        continue;
                    }
                    let loc = self.blocked_loc(rank);
                    self.procs[rank]
                        .proc
                        .mem
                        .write_bytes(recv_buf.wrapping_add(off), &bytes)
                        .map_err(|f| {
                            Halt::Error(
                                Finding::new(
                                    ErrorKind::MemoryError,
                                    format!("receive buffer: {f}"),
                                )
                                .at(
                                    rank,
                                    loc,
                                    self.blocked_func(rank),
                                ),
                            )
                        })?;
                }
                self.version += 1;
                self.unblock(model, rank);
                Ok(true)
            }
            Block::Probe {
                comm,
                source: Some(src),
                tag,
                status_addr,
                ..
            } => {
                let env = runtime_model::mpi::p2p::RecvOp {
                    source: Some(src),
                    tag,
                    comm,
                    buf: 0,
                    capacity: 0,
                    datatype: 0,
                    count: 0,
                };
                let Some(&s) = self.world.p2p.probe_candidates(rank, &env).first() else {
                    return Ok(false);
                };
                self.finish_probe(model, rank, s, status_addr, comm)?;
                Ok(true)
            }
            Block::Probe { .. } | Block::Poll { .. } => Ok(false),
        }
    }

    fn unblock(&mut self, model: &Model, rank: usize) {
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
    }

    fn finish_probe(
        &mut self,
        model: &Model,
        rank: usize,
        s: ReqId,
        status_addr: u64,
        comm: CommId,
    ) -> Result<(), Halt> {
        let send = self.world.p2p.requests[s].clone();
        if let ReqOp::Send(op) = &send.op {
            let st = Status {
                source: send.owner as i32,
                tag: op.tag,
                bytes: op.data.len() as u64,
                error: 0,
            };
            self.put_status(rank, status_addr, &st, comm)?;
        }
        let ev = self.current_event(rank);
        self.deps.push(Dep {
            waiter: ev,
            needs: Some(send.posted_at),
            kind: DepKind::Always,
        });
        let loc = self.blocked_loc(rank);
        self.trace_event(
            rank,
            loc,
            format!("probe found the message from rank {}", send.owner),
        );
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
        self.complete_slot(rank, &slot)?;
        self.store_i32(rank, index_addr, index as i32, "index")?;
        self.trace_event(rank, loc, format!("MPI_Waitany returned index {index}"));
        self.unblock(model, rank);
        Ok(())
    }

    /// A blocking wildcard probe of `rank` reports message `s`.
    pub fn probe_sees(&mut self, model: &Model, rank: usize, s: ReqId) -> Result<(), Halt> {
        if let Phase::Blocked {
            block: Block::Probe {
                comm, status_addr, ..
            },
            ..
        } = self.procs[rank].phase.clone()
        {
            self.finish_probe(model, rank, s, status_addr, comm)?;
        }
        Ok(())
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
        let complete = |s: &ReqSlot| {
            s.req
                .is_none_or(|r| self.world.p2p.requests[r].is_complete())
        };
        match kind {
            PollKind::Test { .. } | PollKind::Testall { .. } => {
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
            PollKind::Iprobe { .. } => {
                let Some((comm, source, tag)) = probe else {
                    return vec![];
                };
                let env = runtime_model::mpi::p2p::RecvOp {
                    source: *source,
                    tag: *tag,
                    comm: *comm,
                    buf: 0,
                    capacity: 0,
                    datatype: 0,
                    count: 0,
                };
                self.world
                    .p2p
                    .probe_candidates(rank, &env)
                    .into_iter()
                    .map(PollOutcome::Message)
                    .collect()
            }
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
            | PollKind::Iprobe { flag_addr, .. } => flag_addr,
        };
        match outcome {
            PollOutcome::NotYet => {
                self.store_i32(rank, flag_addr, 0, "flag")?;
                if let PollKind::Testany { index_addr, .. } = kind {
                    self.store_i32(rank, index_addr, h::MPI_UNDEFINED, "index")?;
                }
                // Fingerprint after the answer is written: a loop that polls
                // again without changing anything else comes back to exactly
                // this state (the stutter `poe::next` recognizes).
                let fp = self.local_fingerprint(model, rank);
                self.procs[rank].poll_mark = Some((fp, self.version));
                self.trace_event(rank, loc, format!("{} -> flag = false", func.name()));
            }
            PollOutcome::Complete(i) => {
                match kind {
                    PollKind::Testany { index_addr, .. } => {
                        let slot = slots[i].clone();
                        self.complete_slot(rank, &slot)?;
                        self.store_i32(rank, index_addr, i as i32, "index")?;
                    }
                    _ => {
                        for s in &slots {
                            self.complete_slot(rank, s)?;
                        }
                    }
                }
                self.store_i32(rank, flag_addr, 1, "flag")?;
                self.trace_event(rank, loc, format!("{} -> flag = true", func.name()));
                self.procs[rank].poll_mark = None;
            }
            PollOutcome::Message(s) => {
                let (comm, _, _) = probe.unwrap_or((0, None, None));
                let status_addr = match kind {
                    PollKind::Iprobe { status_addr, .. } => status_addr,
                    _ => 0,
                };
                let send = self.world.p2p.requests[s].clone();
                if let ReqOp::Send(op) = &send.op {
                    let st = Status {
                        source: send.owner as i32,
                        tag: op.tag,
                        bytes: op.data.len() as u64,
                        error: 0,
                    };
                    self.put_status(rank, status_addr, &st, comm)?;
                }
                self.store_i32(rank, flag_addr, 1, "flag")?;
                let ev = self.current_event(rank);
                self.deps.push(Dep {
                    waiter: ev,
                    needs: Some(send.posted_at),
                    kind: DepKind::Always,
                });
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "MPI_Iprobe -> flag = true, message from rank {}",
                        send.owner
                    ),
                );
                self.procs[rank].poll_mark = None;
            }
        }
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(())
    }
}
