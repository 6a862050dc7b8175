//! Completion calls: the Wait and Test families, MPI_Request_get_status,
//! MPI_Cancel and MPI_Request_free (MPI 3.1 §3.7, §3.8.4). Completing what
//! they wait for is in `completion.rs`.

use super::completion::empty_status;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::p2p::{ReqId, ReqOp};
use runtime_model::mpi_api::MpiFunc;
use runtime_model::mpi_api::MpiFunc as F;

/// Source line of a location, for messages.
pub(crate) fn line_of(model: &Model, loc: LocId) -> u32 {
    model.locations.get(loc as usize).map_or(0, |l| l.line)
}

/// Adds a location to a finding unless it is already there (a loop may
/// make and misuse a request at the same line).
pub(crate) fn also_at(f: Finding, rank: usize, loc: LocId, func: MpiFunc) -> Finding {
    if f.locations.contains(&(rank, loc, Some(func))) {
        f
    } else {
        f.at(rank, loc, Some(func))
    }
}

impl Machine {
    /// The operation a request handle names for a completion call: `None`
    /// for `MPI_REQUEST_NULL` and for an inactive persistent request, both
    /// of which complete at once with an empty status (MPI 3.1 §3.7.3,
    /// §3.9); the activation in progress for an active persistent request.
    /// `arg` names the argument the handle came from, for reports.
    ///
    /// A persistent request never started since its MPI_*_init is inactive
    /// too: completing it is legal (§3.9: "a communication ... is initiated
    /// by a call to MPI_START"; until then the request is inactive, and
    /// §3.7.3 completes an inactive request at once), so it is no error.
    pub(crate) fn operation_of(
        &self,
        model: &Model,
        site: &Site,
        handle: i32,
        arg: &str,
    ) -> Result<Option<ReqId>, Halt> {
        let Some(id) = self.live_request(model, site, handle, arg)? else {
            return Ok(None);
        };
        let r = &self.world.p2p.requests[id];
        if r.message {
            return Err(site.invalid(format!(
                "{arg} 0x{handle:x} is a message handle (from MPI_Mprobe), not a request"
            )));
        }
        Ok(match &r.op {
            ReqOp::Persistent(p) => p.active,
            _ => Some(id),
        })
    }

    /// The live request a handle names (`None` for `MPI_REQUEST_NULL`).
    /// A handle of a request already completed or freed is a stale copy:
    /// completion and MPI_Request_free set the variable they were given to
    /// `MPI_REQUEST_NULL` (MPI 3.1 §3.7.3), so the program used another
    /// variable holding the old value. The report names the call that ended
    /// the request and its line.
    pub(crate) fn live_request(
        &self,
        model: &Model,
        site: &Site,
        handle: i32,
        arg: &str,
    ) -> Result<Option<ReqId>, Halt> {
        if handle != h::MPI_REQUEST_NULL {
            if let Some(id) = self.owned_request(site.rank, handle) {
                let r = &self.world.p2p.requests[id];
                let (ended, how) = match (r.freed_at, r.completed_at) {
                    (Some(ev), _) => (Some(ev), "freed"),
                    (None, Some(ev)) => (Some(ev), "completed"),
                    _ => (None, ""),
                };
                if let Some((l, func)) = ended.and_then(|ev| self.event_loc(ev)) {
                    return Err(Halt::Error(also_at(
                        Finding::new(
                            ErrorKind::InvalidArgument,
                            format!(
                                "{}: {arg} (request {}, {how} by {} at line {}) is a stale copy of a handle: the request no longer exists, and {} set the variable it was given to MPI_REQUEST_NULL (MPI 3.1 §3.7.3); expected a live request or MPI_REQUEST_NULL",
                                site.func.name(),
                                self.req_label(id),
                                func.name(),
                                line_of(model, l),
                                func.name(),
                            ),
                        )
                        .at(site.rank, site.loc, Some(site.func)),
                        site.rank,
                        l,
                        func,
                    )));
                }
            }
        }
        self.request_of(site, handle)
    }

    /// How a trace names the request behind a handle.
    fn handle_label(&self, rank: usize, handle: i32) -> String {
        if handle == h::MPI_REQUEST_NULL {
            return "NULL".into();
        }
        let Some(id) = self.owned_request(rank, handle) else {
            return format!("0x{handle:x}");
        };
        match &self.world.p2p.requests[id].op {
            ReqOp::Persistent(p) if p.active.is_none() => format!("{} (inactive)", id + 1),
            _ => (id + 1).to_string(),
        }
    }

    /// MPI_Wait and MPI_Test.
    pub(crate) fn call_wait_or_test(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let a = Args::new(func, args);

        self.log_call(site, None, None);
        let handle_addr = a.ptr("request")?;
        let handle = self.read_i32(site, handle_addr, "request")?;
        let req = self.operation_of(model, site, handle, "request")?;
        let status_addr = a.ptr("status")?;
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(request {})",
                func.name(),
                self.handle_label(site.rank, handle)
            ),
        );
        let Some(req) = req else {
            // A null or inactive request completes at once (MPI 3.1 §3.7.3).
            if func == F::Test {
                self.write_i32(site, a.ptr("flag")?, 1, "flag")?;
            }
            self.write_status(site, status_addr, &empty_status(), 0)?;
            self.procs[rank].proc.finish_call(model, 0);
            return Ok(Effect::Done);
        };
        let slots = vec![ReqSlot {
            req: Some(req),
            handle_addr,
            status_addr,
        }];
        Ok(Effect::Block(if func == F::Wait {
            Block::Requests {
                slots,
                mode: WaitMode::All,
                excluded: vec![],
            }
        } else {
            Block::Poll {
                kind: PollKind::Test {
                    flag_addr: a.ptr("flag")?,
                },
                slots,
                probe: None,
            }
        }))
    }

    /// MPI_Waitall, MPI_Waitany, MPI_Waitsome and their Test forms.
    pub(crate) fn call_wait_many(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let a = Args::new(func, args);

        self.log_call(site, None, None);
        // Waitsome and Testsome name their count `incount`.
        let n = self.count(
            site,
            a.int(if a.has("incount") { "incount" } else { "count" })?,
        )?;
        let arr = a.ptr("array_of_requests")?;
        // Waitany and Testany have one `status`, the others an array.
        let statuses = match func {
            F::Waitany | F::Testany => a.ptr("status")?,
            _ => a.ptr("array_of_statuses")?,
        };
        // Where Waitsome and Testsome write what completed.
        let some = || -> Result<SomeOutputs, Halt> {
            Ok(SomeOutputs {
                outcount_addr: a.ptr("outcount")?,
                indices_addr: a.ptr("array_of_indices")?,
                statuses_addr: statuses,
            })
        };
        let mut slots = Vec::new();
        let mut names = Vec::new();
        for i in 0..n {
            let handle = self.read_i32(site, arr + 4 * i, "array_of_requests")?;
            let req = self.operation_of(model, site, handle, &format!("array_of_requests[{i}]"))?;
            names.push(self.handle_label(site.rank, handle));
            let status_addr = match func {
                F::Waitall | F::Testall if !ignores_status(statuses) => {
                    statuses + i * h::MPI_STATUS_SIZE_BYTES
                }
                F::Waitany | F::Testany => statuses,
                _ => h::MPI_STATUS_IGNORE as u64,
            };
            slots.push(ReqSlot {
                req,
                handle_addr: arr + 4 * i,
                status_addr,
            });
        }
        self.trace_event(
            rank,
            loc,
            format!("{}(requests [{}])", func.name(), names.join(", ")),
        );
        // Null and inactive entries complete at once with an empty status.
        for s in slots.iter().filter(|s| s.req.is_none()) {
            if matches!(func, F::Waitall | F::Testall) {
                self.write_status(site, s.status_addr, &empty_status(), 0)?;
            }
        }
        let live = slots.iter().any(|s| s.req.is_some());
        if !live {
            match func {
                F::Waitany | F::Testany => {
                    self.write_i32(site, a.ptr("index")?, h::MPI_UNDEFINED, "index")?;
                    if func == F::Testany {
                        self.write_i32(site, a.ptr("flag")?, 1, "flag")?;
                    }
                    self.write_status(site, statuses, &empty_status(), 0)?;
                }
                F::Waitsome | F::Testsome => {
                    self.write_i32(site, some()?.outcount_addr, h::MPI_UNDEFINED, "outcount")?;
                }
                F::Testall => self.write_i32(site, a.ptr("flag")?, 1, "flag")?,
                _ => {}
            }
            self.procs[rank].proc.finish_call(model, 0);
            return Ok(Effect::Done);
        }
        let requests = |mode| Block::Requests {
            slots: slots.clone(),
            mode,
            excluded: vec![],
        };
        let poll = |kind| Block::Poll {
            kind,
            slots: slots.clone(),
            probe: None,
        };
        Ok(Effect::Block(match func {
            F::Waitall => requests(WaitMode::All),
            F::Waitany => requests(WaitMode::Any {
                index_addr: a.ptr("index")?,
            }),
            F::Waitsome => requests(WaitMode::Some(some()?)),
            F::Testall => poll(PollKind::Testall {
                flag_addr: a.ptr("flag")?,
            }),
            F::Testsome => poll(PollKind::Testsome(some()?)),
            _ => poll(PollKind::Testany {
                flag_addr: a.ptr("flag")?,
                index_addr: a.ptr("index")?,
            }),
        }))
    }

    /// MPI_Request_get_status: whether the request is complete, without
    /// freeing it (MPI 3.1 §3.7.6).
    pub(crate) fn call_request_get_status(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        self.log_call(site, None, None);
        // The request is passed by value.
        let handle = a.int("request")?;
        let req = self.operation_of(model, site, handle, "request")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Request_get_status(request {})",
                self.handle_label(site.rank, handle)
            ),
        );
        let Some(req) = req else {
            self.write_i32(site, a.ptr("flag")?, 1, "flag")?;
            self.write_status(site, a.ptr("status")?, &empty_status(), 0)?;
            self.procs[site.rank].proc.finish_call(model, 0);
            return Ok(Effect::Done);
        };
        Ok(Effect::Block(Block::Poll {
            kind: PollKind::GetStatus {
                flag_addr: a.ptr("flag")?,
            },
            slots: vec![ReqSlot {
                req: Some(req),
                handle_addr: 0,
                status_addr: a.ptr("status")?,
            }],
            probe: None,
        }))
    }

    /// MPI_Cancel (MPI 3.1 §3.8.4): an operation not matched yet may be
    /// cancelled or may still complete normally; both are explored. One
    /// already matched completes normally.
    pub(crate) fn call_cancel(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        self.log_call(site, None, None);
        let handle = self.read_i32(site, a.ptr("request")?, "request")?;
        if handle == h::MPI_REQUEST_NULL {
            return Err(site.invalid("request is MPI_REQUEST_NULL"));
        }
        let req = self.operation_of(model, site, handle, "request")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Cancel(request {})",
                self.handle_label(site.rank, handle)
            ),
        );
        let Some(req) = req else {
            return Ok(Effect::Return(0)); // an inactive persistent request
        };
        match self.world.p2p.requests[req].op {
            ReqOp::Collective { .. } => {
                Err(site.invalid("a nonblocking collective cannot be cancelled (MPI 3.1 §5.12)"))
            }
            ReqOp::Generalized(_) => self.grequest_cancel(model, site, req),
            _ if self.world.p2p.requests[req].is_unmatched() => {
                Ok(Effect::Block(Block::Cancel { req }))
            }
            _ => Ok(Effect::Return(0)),
        }
    }

    /// MPI_Request_free (MPI 3.1 §3.7.3): an active operation completes
    /// silently; a persistent request is freed once its activation is done.
    pub(crate) fn call_request_free(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let handle_addr = Args::new(site.func, args).ptr("request")?;
        let ev = self.log_call(site, None, None);
        let handle = self.read_i32(site, handle_addr, "request")?;
        let Some(req) = self.live_request(model, site, handle, "request")? else {
            return Err(site.invalid("request is MPI_REQUEST_NULL"));
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Request_free(request {})",
                self.handle_label(site.rank, handle)
            ),
        );
        // MPI 3.1 §3.7.3: a freed operation still runs, and the program
        // may reuse a send buffer only once it knows the send completed
        // (Example 3.12: a reply sent after the receive). A send whose
        // receive has not completed keeps its buffer until it does
        // (`release_freed_send`); other buffers are released now, since the
        // program cannot tell when a freed receive lands (no false alarms).
        let active = match &self.world.p2p.requests[req].op {
            ReqOp::Persistent(p) => p.active,
            _ => Some(req),
        };
        if let Some(a) = active {
            if !self.send_in_flight(a) {
                self.release_buffers(site.rank, a);
            }
        }
        let requests = &mut self.world.p2p.requests;
        match &requests[req].op {
            ReqOp::Collective { .. } => {
                return Err(site
                    .invalid("a nonblocking collective request cannot be freed (MPI 3.1 §5.12)"))
            }
            ReqOp::Persistent(p) => {
                if let Some(a) = p.active {
                    requests[a].freed = true;
                    requests[a].freed_at = Some(ev);
                }
            }
            _ => {}
        }
        requests[req].freed = true;
        requests[req].freed_at = Some(ev);
        self.write_i32(site, handle_addr, h::MPI_REQUEST_NULL, "request")?;
        self.grequest_request_free(model, site, req)?;
        Ok(Effect::Return(0))
    }
}
