//! What a process still holds at MPI_Finalize (issue 4, class 4; MPI 3.1
//! §8.7: all pending communication must be complete, and the objects a
//! process made are its to free): requests of nonblocking operations never
//! completed or freed (`request-leak`); persistent requests never freed,
//! buffers never detached, and communicators, groups, derived datatypes,
//! user operations and info objects never freed (`resource-leak`). Predefined objects
//! (`MPI_COMM_WORLD`, `MPI_GROUP_EMPTY`, `MPI_INT`, `MPI_SUM`, ...) are never
//! made by the program and never leak.
//!
//! Each report points at the line that made the leaked object: the dispatch
//! wrapper (`Machine::issue`) stamps what a call hands the process with that
//! call (`World::origins`), and notes when a posting call overwrites the
//! variable of a request still pending, which is how a request's handle is
//! usually lost.

use super::decode::Site;
use super::requests::{also_at, line_of};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles::{OP_HANDLE_BASE, TYPE_HANDLE_BASE};
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::{ObjectKind, Origin};
use runtime_model::mpi_api::MpiFunc;

/// What the dispatch wrapper notes about a process before one of its calls,
/// to see afterwards what the call made or overwrote.
pub(crate) struct CallMark {
    /// For a posting call: the request variable and the value it held.
    request_var: Option<(u64, Option<i32>)>,
    /// Derived datatypes and user operations the process had.
    types: usize,
    ops: usize,
}

/// Calls that may make a derived datatype or a user operation (local
/// calls: the object exists when they return).
fn makes_type_or_op(func: MpiFunc) -> bool {
    matches!(
        func.attrs().makes,
        Some(ObjectKind::Datatype | ObjectKind::Op)
    )
}

/// One object a process did not free, for the report.
struct Leak {
    /// "the communicator from MPI_Comm_dup (line 12)".
    what: String,
    /// "freed", or "detached" for a buffer.
    verb: &'static str,
    free_call: &'static str,
    made_at: Option<(LocId, MpiFunc)>,
}

impl Machine {
    /// The call that made object `o`. A communicator from MPI_Comm_idup is
    /// made when the last member calls, while the others may be in any
    /// later call: their own MPI_Comm_idup is the collective arrival that
    /// carries the handle.
    fn origin_site(&self, rank: usize, o: &Origin) -> (LocId, MpiFunc) {
        if o.kind != ObjectKind::Communicator
            || o.func.attrs().makes == Some(ObjectKind::Communicator)
        {
            return (o.loc, o.func);
        }
        let handle = o.handle as i64;
        self.world
            .comms
            .iter()
            .flat_map(|c| &c.instances)
            .flat_map(|i| i.arrivals.iter().flatten())
            .find(|a| a.func == MpiFunc::CommIdup && a.event.0 == rank && a.args == [handle])
            .and_then(|a| self.event_loc(a.event))
            .unwrap_or((o.loc, o.func))
    }

    fn derived_type_count(&self, rank: usize) -> usize {
        (0..)
            .take_while(|&i| {
                self.world
                    .objects
                    .derived(rank, TYPE_HANDLE_BASE + i)
                    .is_some()
            })
            .count()
    }

    fn user_op_count(&self, rank: usize) -> usize {
        (0..)
            .take_while(|&i| {
                self.world
                    .objects
                    .user_op(rank, OP_HANDLE_BASE + i)
                    .is_some()
            })
            .count()
    }

    /// Before call `func` of `rank`: the call is what hands the process any
    /// object from now until it returns (see `World::current_call`).
    pub(crate) fn mark_call(
        &mut self,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> CallMark {
        if let Some(c) = self.world.current_call.get_mut(rank) {
            *c = Some((loc, func));
        }
        // A posting call's last parameter is its `request` (`posts_request`);
        // mark_call cannot fail, so a short argument list notes nothing.
        let request_var = func
            .posts_request()
            .then(|| Args::new(func, args).ptr_if("request"))
            .flatten()
            .map(|addr| {
                let old = self.procs[rank].proc.mem.load(addr, 4).ok();
                (addr, old.map(|v| v as u32 as i32))
            });
        let (types, ops) = if makes_type_or_op(func) {
            (self.derived_type_count(rank), self.user_op_count(rank))
        } else {
            (0, 0)
        };
        CallMark {
            request_var,
            types,
            ops,
        }
    }

    /// After call `func` of `rank` was issued without error: stamps the
    /// datatypes, operations and buffer it made with the call, and notes a
    /// pending request whose handle it overwrote.
    pub(crate) fn after_call(&mut self, rank: usize, func: MpiFunc, mark: CallMark) {
        if makes_type_or_op(func) {
            for i in mark.types..self.derived_type_count(rank) {
                let handle = TYPE_HANDLE_BASE + i as i32;
                self.world.record_origin(rank, ObjectKind::Datatype, handle);
            }
            for i in mark.ops..self.user_op_count(rank) {
                let handle = OP_HANDLE_BASE + i as i32;
                self.world.record_origin(rank, ObjectKind::Op, handle);
            }
        }
        if func == MpiFunc::BufferAttach && self.world.p2p.buffers[rank].is_some() {
            self.world
                .record_origin(rank, ObjectKind::AttachedBuffer, 0);
        }
        let Some((addr, Some(old))) = mark.request_var else {
            return;
        };
        let now = self.procs[rank].proc.mem.load(addr, 4).ok();
        if now == Some(old as u32 as u64) {
            return;
        }
        // The variable held a request still pending: its handle is gone
        // unless the program copied it, which completing or freeing it
        // later shows (then nothing is reported).
        let Some(id) = self.owned_request(rank, old) else {
            return;
        };
        let ev = (rank, self.procs[rank].calls.saturating_sub(1));
        let r = &mut self.world.p2p.requests[id];
        let pending = !r.freed
            && !r.message
            && (matches!(r.op, ReqOp::Persistent(_)) || r.completed_at.is_none());
        if pending && r.overwritten_at.is_none() {
            r.overwritten_at = Some(ev);
        }
    }

    /// Reports what `site.rank` leaks at its MPI_Finalize: the first
    /// request never completed (`request-leak`), else every object never
    /// freed, in one `resource-leak` with each creation line as a location.
    pub(crate) fn check_finalize_leaks(&self, model: &Model, site: &Site) -> Result<(), Halt> {
        let rank = site.rank;
        let line = |l: LocId| line_of(model, l);
        let requests = &self.world.p2p.requests;
        let mut leaks = Vec::new();
        // Only this rank's requests, and the creation line (a walk of the
        // event log) only for a leak: a program of many ranks finalizing
        // after many completed requests must not pay per request.
        for id in self.world.p2p.owned_by(rank) {
            let r = &requests[id];
            // A generalized request stays pending until its owner calls
            // MPI_Grequest_complete, freed or not (MPI 3.1 §12.2).
            let grequest_pending = matches!(&r.op, ReqOp::Generalized(g) if !g.complete);
            if (r.freed && !grequest_pending) || r.message || r.persistent_of.is_some() {
                continue;
            }
            let active = match &r.op {
                ReqOp::Persistent(p) => p
                    .active
                    .filter(|&a| requests[a].completed_at.is_none() && !requests[a].freed),
                _ if r.completed_at.is_some() => continue,
                _ => Some(id),
            };
            let posted = self.event_loc(r.posted_at);
            let from = posted.map_or(String::new(), |(l, f)| {
                format!(" made by {} at line {}", f.name(), line(l))
            });
            let Some(active) = active else {
                leaks.push(Leak {
                    what: format!("persistent request {}{from}", id + 1),
                    verb: "freed",
                    free_call: "MPI_Request_free",
                    made_at: posted,
                });
                continue;
            };
            // A pending operation: the worse leak, reported alone.
            let started = (active != id)
                .then(|| self.event_loc(requests[active].posted_at))
                .flatten();
            let what = if grequest_pending {
                "is a generalized request never completed: expected MPI_Grequest_complete (and MPI_Wait, MPI_Test or MPI_Request_free) before MPI_Finalize (MPI 3.1 §12.2, §8.7)".to_string()
            } else if active == id {
                "was never completed or freed: expected MPI_Wait, MPI_Test or MPI_Request_free before MPI_Finalize".to_string()
            } else {
                let start = started.map_or(String::new(), |(l, f)| {
                    format!(" by {} at line {}", f.name(), line(l))
                });
                format!("is active (started{start}) and its operation was never completed: expected MPI_Wait or MPI_Test before MPI_Finalize")
            };
            let overwritten = r.overwritten_at.and_then(|ev| self.event_loc(ev));
            let lost = overwritten.map_or(String::new(), |(l, f)| {
                format!(
                    "; its handle was lost when {} at line {} wrote a new request into the same variable while it was pending",
                    f.name(),
                    line(l)
                )
            });
            let mut f = Finding::new(
                ErrorKind::RequestLeak,
                format!(
                    "MPI_Finalize: rank {rank}'s request {}{from} {what}{lost}",
                    id + 1
                ),
            )
            .at(rank, site.loc, Some(site.func));
            for (l, func) in posted.into_iter().chain(started).chain(overwritten) {
                f = also_at(f, rank, l, func);
            }
            return Err(Halt::Error(f));
        }
        for o in &self.world.origins[rank] {
            let live = match o.kind {
                ObjectKind::Communicator => self.world.comm_ref(o.handle, rank).is_ok(),
                ObjectKind::Group => self.world.group(o.handle, rank).is_ok(),
                ObjectKind::Datatype => self
                    .world
                    .objects
                    .derived(rank, o.handle)
                    .is_some_and(|t| !t.freed),
                ObjectKind::Op => self
                    .world
                    .objects
                    .user_op(rank, o.handle)
                    .is_some_and(|u| !u.freed),
                // Only the last attach can still be attached.
                ObjectKind::AttachedBuffer => false,
            };
            if live {
                let (loc, func) = self.origin_site(rank, o);
                leaks.push(Leak {
                    what: format!(
                        "{} made by {} at line {}",
                        o.kind.name(),
                        func.name(),
                        line(loc)
                    ),
                    verb: "freed",
                    free_call: o.kind.free_call(),
                    made_at: Some((loc, func)),
                });
            }
        }
        // Info objects (MPI 3.1 §9.1: MPI_Info_free) are made and freed like
        // the objects above but live in the process's own table.
        for (loc, func) in self.world.objects.infos.live(rank) {
            leaks.push(Leak {
                what: format!("info object made by {} at line {}", func.name(), line(loc)),
                verb: "freed",
                free_call: "MPI_Info_free",
                made_at: Some((loc, func)),
            });
        }
        if let Some(b) = &self.world.p2p.buffers[rank] {
            let attach = self.world.origins[rank]
                .iter()
                .rev()
                .find(|o| o.kind == ObjectKind::AttachedBuffer)
                .map(|o| (o.loc, o.func));
            let from = attach.map_or(String::new(), |(l, f)| {
                format!(" attached by {} at line {}", f.name(), line(l))
            });
            leaks.push(Leak {
                what: format!("buffer of {} bytes{from}", b.size),
                verb: "detached",
                free_call: "MPI_Buffer_detach",
                made_at: attach,
            });
        }
        let message = match &leaks[..] {
            [] => return Ok(()),
            [one] => format!(
                "MPI_Finalize: rank {rank}'s {} was never {}: expected {} before MPI_Finalize",
                one.what, one.verb, one.free_call
            ),
            many => format!(
                "MPI_Finalize: rank {rank} did not free {} objects: {}",
                many.len(),
                many.iter()
                    .map(|l| format!("{} (expected {})", l.what, l.free_call))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        let mut f =
            Finding::new(ErrorKind::ResourceLeak, message).at(rank, site.loc, Some(site.func));
        for (l, func) in leaks.iter().filter_map(|l| l.made_at) {
            f = also_at(f, rank, l, func);
        }
        Err(Halt::Error(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posting_calls_are_those_that_write_a_new_request() {
        use MpiFunc as F;
        for f in [
            F::Isend,
            F::Irecv,
            F::Ibarrier,
            F::Ialltoallw,
            F::SendInit,
            F::Imrecv,
        ] {
            assert!(f.posts_request(), "{}", f.name());
        }
        // These take a request the program already has.
        for f in [
            F::Wait,
            F::Test,
            F::Start,
            F::RequestFree,
            F::Cancel,
            F::RequestGetStatus,
        ] {
            assert!(!f.posts_request(), "{}", f.name());
        }
    }

    #[test]
    fn type_and_communicator_makers() {
        assert!(makes_type_or_op(MpiFunc::TypeDup) && makes_type_or_op(MpiFunc::OpCreate));
        assert!(!makes_type_or_op(MpiFunc::Send));
    }
}
