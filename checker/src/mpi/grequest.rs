//! Generalized requests (MPI 3.1 §12.2): `MPI_Grequest_start` hands the
//! library three functions of the program and a request that completes
//! when its owner calls `MPI_Grequest_complete`. The library runs them:
//!
//! - `query_fn(extra_state, status)` fills the status when a Wait/Test
//!   (any form) or `MPI_Request_get_status` completes the request — with a
//!   status object of the library's own when the program ignores it;
//! - `free_fn(extra_state)` after `query_fn`, when a Wait/Test frees the
//!   request, or at the later of `MPI_Request_free` and
//!   `MPI_Grequest_complete` for a request the program freed;
//! - `cancel_fn(extra_state, complete)` at `MPI_Cancel`, told whether
//!   `MPI_Grequest_complete` was called already. Cancelling does not
//!   complete a generalized request: the program still completes it.
//!
//! A callback's error code is what the MPI call that ran it returns
//! (§12.2; `MPI_ERR_IN_STATUS` from the multiple-completion calls): under
//! `MPI_ERRORS_ARE_FATAL` (the default) the program stops there, which is
//! reported; under another error handler the program goes on with a code
//! the model does not carry, so the check ends inconclusive there.
//!
//! Only the owner can complete its request here (threads do not call MPI
//! in this model), so a Wait on a generalized request its owner never
//! completed waits forever: a deadlock at the Wait.

use super::args::Args;
use super::decode::*;
use crate::exec::memory::AllocKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{Model, Pointer};
use runtime_model::mpi::p2p::{Grequest, ReqId, ReqOp};
use runtime_model::mpi_api::MpiFunc as F;

/// Which callback of a generalized request runs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Callback {
    Query,
    Free,
    Cancel,
}

impl Callback {
    fn name(self) -> &'static str {
        match self {
            Callback::Query => "query_fn",
            Callback::Free => "free_fn",
            Callback::Cancel => "cancel_fn",
        }
    }
}

impl Machine {
    /// MPI_Grequest_start and MPI_Grequest_complete.
    pub(crate) fn call_grequest(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let ev = self.log_call(site, None, None);
        match site.func {
            F::GrequestStart => {
                let mut fns = [0u64; 3];
                for (slot, name) in fns.iter_mut().zip(["query_fn", "free_fn", "cancel_fn"]) {
                    let bits = a.ptr(name)?;
                    // §12.2 gives no null callback: each is called.
                    if Pointer::as_function(bits).is_none() {
                        return Err(site.invalid(format!(
                            "{name} is not a function of the program (MPI 3.1 §12.2: the library calls it)"
                        )));
                    }
                    *slot = bits;
                }
                let g = Grequest {
                    query_fn: fns[0],
                    free_fn: fns[1],
                    cancel_fn: fns[2],
                    extra_state: a.ptr("extra_state")?,
                    complete: false,
                    freed: false,
                };
                let r = self.world.p2p.post(site.rank, ReqOp::Generalized(g), ev);
                let handle = self.hand_out(r);
                self.write_i32(site, a.ptr("request")?, handle, "request")?;
                self.trace_event(
                    site.rank,
                    site.loc,
                    format!("MPI_Grequest_start() -> request {}", r + 1),
                );
                Ok(Effect::Return(0))
            }
            F::GrequestComplete => {
                // Passed by value: the program keeps its handle, which a
                // later Wait/Test frees (§12.2).
                let handle = a.int("request")?;
                if handle == h::MPI_REQUEST_NULL {
                    return Err(site.invalid("request is MPI_REQUEST_NULL"));
                }
                let Some(id) = self.owned_request(site.rank, handle) else {
                    return Err(site.invalid(format!(
                        "request 0x{handle:x} is not a request of this process"
                    )));
                };
                let r = &self.world.p2p.requests[id];
                let ReqOp::Generalized(g) = &r.op else {
                    return Err(site.invalid(format!(
                        "request {} is not a generalized request (MPI 3.1 §12.2: only MPI_Grequest_start makes one)",
                        id + 1
                    )));
                };
                if g.complete {
                    // §12.2: the call "informs MPI that the operations
                    // represented by the generalized request are
                    // complete"; after it the library may free the
                    // request, so a second call names a request that may
                    // be gone.
                    return Err(site.invalid(format!(
                        "generalized request {} was already completed by MPI_Grequest_complete (MPI 3.1 §12.2: once per request)",
                        id + 1
                    )));
                }
                let freed = r.freed;
                if let ReqOp::Generalized(g) = &mut self.world.p2p.requests[id].op {
                    g.complete = true;
                }
                self.version += 1;
                self.trace_event(
                    site.rank,
                    site.loc,
                    format!("MPI_Grequest_complete(request {})", id + 1),
                );
                // A request the program freed is freed now (§12.2: "either
                // in MPI_REQUEST_FREE or in MPI_GREQUEST_COMPLETE,
                // whichever happens last").
                if freed {
                    self.grequest_free_fn(model, site, id)?;
                }
                Ok(Effect::Return(0))
            }
            _ => Err(misrouted(site.func, "generalized request")),
        }
    }

    /// MPI_Cancel of generalized request `id`: runs its `cancel_fn` with
    /// whether it is complete (§12.2).
    pub(crate) fn grequest_cancel(
        &mut self,
        model: &Model,
        site: &Site,
        id: ReqId,
    ) -> Result<Effect, Halt> {
        let ReqOp::Generalized(g) = self.world.p2p.requests[id].op.clone() else {
            return Ok(Effect::Return(0));
        };
        let args = [g.extra_state, g.complete as u64];
        self.grequest_callback(model, site, id, Callback::Cancel, g.cancel_fn, &args)?;
        Ok(Effect::Return(0))
    }

    /// MPI_Request_free of generalized request `id`: its `free_fn` runs now
    /// if it is complete, else at MPI_Grequest_complete (§12.2).
    pub(crate) fn grequest_request_free(
        &mut self,
        model: &Model,
        site: &Site,
        id: ReqId,
    ) -> Result<(), Halt> {
        match &self.world.p2p.requests[id].op {
            ReqOp::Generalized(g) if g.complete => self.grequest_free_fn(model, site, id),
            _ => Ok(()),
        }
    }

    /// Runs the `query_fn` of generalized request `id` of `rank`, blocked
    /// in the completion call that completes it, on `status_addr` (a
    /// status of the library's when the program ignores it, §12.2).
    pub(crate) fn grequest_query(
        &mut self,
        model: &Model,
        rank: usize,
        id: ReqId,
        status_addr: u64,
    ) -> Result<(), Halt> {
        let ReqOp::Generalized(g) = self.world.p2p.requests[id].op.clone() else {
            return Ok(());
        };
        let site = self.completion_site(rank);
        let ignored = status_addr == 0 || status_addr as i64 == h::MPI_STATUS_IGNORE;
        let status = if ignored {
            self.procs[rank]
                .proc
                .mem
                .allocate(h::MPI_STATUS_SIZE_BYTES, AllocKind::Heap)
                .map_err(|f| site.memory("status for query_fn", f))?
        } else {
            status_addr
        };
        // What the status holds before query_fn sets it: that of a request
        // completing with nothing to report (§3.7.3), so fields query_fn
        // leaves alone read as defined values.
        let empty = super::completion::empty_status();
        self.write_status(&site, status, &empty, 0)?;
        self.grequest_callback(
            model,
            &site,
            id,
            Callback::Query,
            g.query_fn,
            &[g.extra_state, status],
        )?;
        if ignored {
            self.procs[rank]
                .proc
                .mem
                .free(status)
                .map_err(|f| site.memory("status for query_fn", f))?;
        }
        Ok(())
    }

    /// Runs the `free_fn` of generalized request `id` when a completion
    /// call of `rank` frees it (after its `query_fn`, §12.2).
    pub(crate) fn grequest_completed(
        &mut self,
        model: &Model,
        rank: usize,
        id: ReqId,
    ) -> Result<(), Halt> {
        let site = self.completion_site(rank);
        self.grequest_free_fn(model, &site, id)
    }

    fn grequest_free_fn(&mut self, model: &Model, site: &Site, id: ReqId) -> Result<(), Halt> {
        let ReqOp::Generalized(g) = &mut self.world.p2p.requests[id].op else {
            return Ok(());
        };
        if g.freed {
            return Ok(());
        }
        g.freed = true;
        let (function, extra_state) = (g.free_fn, g.extra_state);
        self.grequest_callback(model, site, id, Callback::Free, function, &[extra_state])
    }

    /// The call a blocked process completes a request in.
    fn completion_site(&self, rank: usize) -> Site {
        Site {
            rank,
            loc: self.blocked_loc(rank),
            func: self.blocked_func(rank).unwrap_or(F::Wait),
        }
    }

    /// Runs one callback; a non-`MPI_SUCCESS` code is returned by the call
    /// that ran it (§12.2).
    fn grequest_callback(
        &mut self,
        model: &Model,
        site: &Site,
        id: ReqId,
        which: Callback,
        bits: u64,
        args: &[u64],
    ) -> Result<(), Halt> {
        let Some(function) = Pointer::as_function(bits) else {
            return Err(site.invalid(format!("{} is not a function of the program", which.name())));
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{} runs the {} of generalized request {}",
                site.func.name(),
                which.name(),
                id + 1
            ),
        );
        let what = format!("generalized request {}", which.name());
        let code = self.run_callback(model, site, function, args, &what)? as u32 as i32;
        if code == h::MPI_SUCCESS {
            return Ok(());
        }
        let handler = self
            .world
            .comm_ref(h::MPI_COMM_WORLD, site.rank)
            .map_or(h::MPI_ERRORS_ARE_FATAL, |r| r.errhandler);
        if handler == h::MPI_ERRORS_ARE_FATAL || handler == h::MPI_ERRORS_ABORT {
            let multiple = matches!(
                site.func,
                F::Waitall | F::Testall | F::Waitsome | F::Testsome
            );
            let returned = if multiple {
                "MPI_ERR_IN_STATUS, with the code in the request's status,".to_string()
            } else {
                format!("error code {code}")
            };
            return Err(site.finding(
                crate::diag::ErrorKind::MpiUsage,
                format!(
                    "{}: the {} of generalized request {} returned error code {code} (not MPI_SUCCESS), so {} returns {returned} (MPI 3.1 §12.2), which the error handler MPI_ERRORS_ARE_FATAL makes fatal",
                    site.func.name(),
                    which.name(),
                    id + 1,
                    site.func.name(),
                ),
            ));
        }
        Err(Halt::UnsupportedAt {
            loc: site.loc,
            reason: format!(
                "{}: the {} of generalized request {} returned error code {code}, which the call returns to the program under its error handler: an error code the callback chose is not modeled",
                site.func.name(),
                which.name(),
                id + 1
            ),
        })
    }
}
