//! Local concurrency (issue 4, class 6): a buffer handed to a pending
//! nonblocking operation belongs to MPI until the request completes (MPI
//! 3.1 §3.7.2, §5.12). Posting guards the buffer in the owner's memory
//! (a send's buffer may still be read since MPI-3.0, a receive's may not be
//! touched); completion releases it before data is delivered. The
//! program's own accesses then fault with `MemFault::PendingBuffer`, which
//! [`Machine::pending_access`] turns into a `local-race` finding; operations
//! pending together on overlapping buffers, one of them writing, are
//! reported when the second is posted.

use super::decode::Site;
use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::model::{LocId, Model, Pointer};
use runtime_model::mpi::p2p::{ReqId, ReqOp, SendMode};
use runtime_model::mpi_api::MpiFunc as F;

/// The owner id of a guard: the request, and whether the range is one of
/// its send buffers (reads allowed). A fault names only the owner id, and a
/// collective holds both kinds (a reduction's send and receive buffers), so
/// the id says which one the program touched.
fn guard_id(req: ReqId, send: bool) -> u64 {
    ((req as u64) << 1) | send as u64
}

/// The request and buffer kind behind a guard's owner id.
fn guard_owner(id: u64) -> (ReqId, bool) {
    ((id >> 1) as ReqId, id & 1 == 1)
}

impl Machine {
    /// The call that posted request `owner`: (location, function).
    fn poster(&self, owner: ReqId) -> Option<(LocId, F)> {
        let r = self.world.p2p.requests.get(owner)?;
        self.event_loc(r.posted_at)
    }

    fn buffer_word(&self, owner: ReqId, reads_allowed: bool) -> &'static str {
        let collective = self
            .world
            .p2p
            .requests
            .get(owner)
            .is_some_and(|r| matches!(r.op, runtime_model::mpi::p2p::ReqOp::Collective { .. }));
        match (collective, reads_allowed) {
            (true, true) => "a send buffer",
            (true, false) => "the receive buffer",
            (false, true) => "the send buffer",
            (false, false) => "the receive buffer",
        }
    }

    /// Checks that `len` bytes at `addr`, which the call at `site` reads
    /// (`write` false) or writes, are not owned by a pending operation in a
    /// conflicting way (MPI 3.1 §3.7.2: overlapping buffers of pending
    /// operations, one of them written).
    pub(crate) fn check_buffer_free(
        &self,
        site: &Site,
        addr: u64,
        len: u64,
        write: bool,
    ) -> Result<(), Halt> {
        let mem = &self.procs[site.rank].proc.mem;
        if len == 0 || addr == 0 || mem.guards().is_empty() {
            return Ok(());
        }
        let p = Pointer::decode(addr);
        let (start, end) = (p.offset as u64, p.offset as u64 + len);
        let hit = mem.guards().iter().find(|g| {
            g.alloc == p.alloc
                && start < g.end as u64
                && end > g.start as u64
                && (write || !g.reads_allowed)
        });
        let Some(g) = hit else {
            return Ok(());
        };
        if super::rma::is_rma_guard(g.owner) {
            return Err(Halt::Error(
                self.rma_buffer_access_by_call(site, g.owner, write),
            ));
        }
        let (owner, _) = guard_owner(g.owner);
        let what = self.buffer_word(owner, g.reads_allowed);
        let (their, mine) = (
            self.poster(owner),
            if write {
                "receive buffer"
            } else {
                "send buffer"
            },
        );
        let mut f = Finding::new(
            ErrorKind::LocalRace,
            format!(
                "rank {}: the {mine} of {} overlaps {what} of {} (request {}), which is still pending",
                site.rank,
                site.func.name(),
                their.map_or("a nonblocking operation", |(_, f)| f.name()),
                self.req_label(owner)
            ),
        )
        .at(site.rank, site.loc, Some(site.func));
        if let Some((loc, func)) = their {
            f = f.at(site.rank, loc, Some(func));
        }
        Err(Halt::Error(f))
    }

    /// MPI 3.1 §2.3: an argument MPI writes (OUT or INOUT) must not be
    /// aliased with any other argument of the call; a collective that
    /// should read and write one buffer passes `MPI_IN_PLACE` (§5.2.1).
    /// `bufs` are the call's buffers as (name, address, count, datatype,
    /// written), addresses 0 and `MPI_IN_PLACE` excepted.
    pub(crate) fn check_no_alias(
        &self,
        site: &Site,
        bufs: &[(&str, u64, i32, i32, bool)],
    ) -> Result<(), Halt> {
        let in_place = runtime_model::handles::MPI_IN_PLACE as u64;
        let mut spans = Vec::with_capacity(bufs.len());
        for &(name, addr, count, dt, written) in bufs {
            if addr == 0 || addr == in_place {
                spans.push((name, written, Vec::new()));
                continue;
            }
            let ranges: Vec<(u32, u64, u64)> = self
                .buffer_ranges(site, addr, count, dt)?
                .into_iter()
                .filter(|&(_, len)| len > 0)
                .map(|(a, len)| {
                    let p = Pointer::decode(a);
                    (p.alloc, p.offset as u64, p.offset as u64 + len)
                })
                .collect();
            spans.push((name, written, ranges));
        }
        for (i, (wname, written, w)) in spans.iter().enumerate() {
            if !written {
                continue;
            }
            for (j, (oname, _, o)) in spans.iter().enumerate() {
                if i == j {
                    continue;
                }
                let overlap = w.iter().any(|&(wa, ws, we)| {
                    o.iter().any(|&(oa, os, oe)| wa == oa && ws < oe && os < we)
                });
                if overlap {
                    return Err(site.invalid(format!(
                        "the {wname} overlaps the {oname}: {} (MPI 3.1 §2.3){}",
                        if oname.contains("block") && wname.contains("block") {
                            "one call must not write the same memory twice"
                        } else {
                            "a buffer MPI writes must not be aliased with another argument"
                        },
                        // One buffer to send from and receive into is what
                        // MPI_IN_PLACE is for; two receive blocks are not.
                        if site.func.is_collective()
                            && wname.starts_with("receive")
                            && oname.starts_with("send")
                        {
                            "; pass MPI_IN_PLACE to use one buffer for both"
                        } else {
                            ""
                        }
                    )));
                }
            }
        }
        Ok(())
    }

    /// Hands `len` bytes at `addr` to pending request `req` (after checking
    /// for overlaps with the operations already pending) when `site.func`
    /// is a nonblocking call.
    pub(crate) fn guard_buffer(
        &mut self,
        site: &Site,
        req: ReqId,
        addr: u64,
        len: u64,
        write: bool,
    ) -> Result<(), Halt> {
        self.check_buffer_free(site, addr, len, write)?;
        if site.func.starts_pending() {
            self.procs[site.rank]
                .proc
                .mem
                .guard(addr, len, !write, guard_id(req, !write));
        }
        Ok(())
    }

    /// Guards `count` elements of `dt` at `buf` for request `req`: the
    /// byte ranges of its type map, so the holes of a derived datatype stay
    /// the program's (MPI 3.1 §4.1: only the type map's bytes are accessed;
    /// §3.7.2: the program must not access what a pending operation owns).
    pub(crate) fn guard_typed(
        &mut self,
        site: &Site,
        req: ReqId,
        buf: u64,
        count: i32,
        dt: i32,
        write: bool,
    ) -> Result<(), Halt> {
        for (addr, len) in self.buffer_ranges(site, buf, count, dt)? {
            self.guard_buffer(site, req, addr, len, write)?;
        }
        Ok(())
    }

    /// `check_buffer_free` over the bytes `count` elements of `dt` at `buf`
    /// touch (their type map, not the span from the first to the last).
    pub(crate) fn check_typed_free(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        dt: i32,
        write: bool,
    ) -> Result<(), Halt> {
        for (addr, len) in self.buffer_ranges(site, buf, count, dt)? {
            self.check_buffer_free(site, addr, len, write)?;
        }
        Ok(())
    }

    /// Request `req` of `rank` completed (or was freed): its buffers are the
    /// program's again.
    pub(crate) fn release_buffers(&mut self, rank: usize, req: ReqId) {
        if !self.procs[rank].proc.mem.guards().is_empty() {
            let mem = &mut self.procs[rank].proc.mem;
            mem.release(guard_id(req, true));
            mem.release(guard_id(req, false));
        }
    }

    /// Whether request `id` is a send (not a buffered one: its data is
    /// copied at the call, MPI 3.1 §3.6) whose matching receive has not
    /// completed yet: the only event that tells the sender its buffer is
    /// free once the request is freed (MPI 3.1 §3.7.3).
    pub(crate) fn send_in_flight(&self, id: ReqId) -> bool {
        let requests = &self.world.p2p.requests;
        match &requests[id].op {
            ReqOp::Send(op) if op.mode != SendMode::Buffered && !requests[id].cancelled => requests
                [id]
                .partner
                .is_none_or(|r| requests[r].completed_at.is_none()),
            _ => false,
        }
    }

    /// Receive `recv` completed: a freed send it matched gives its buffer
    /// back to the sender (MPI 3.1 §3.7.3).
    pub(crate) fn release_freed_send(&mut self, recv: ReqId) {
        let requests = &self.world.p2p.requests;
        if let Some(s) = requests[recv].partner {
            if requests[s].freed {
                let owner = requests[s].owner;
                self.release_buffers(owner, s);
            }
        }
    }

    /// `rank` finalizes: buffers of its freed sends are its own again
    /// (MPI 3.1 §8.7: communication must be complete by then, which the
    /// end-of-execution checks report otherwise).
    pub(crate) fn release_freed_at_finalize(&mut self, rank: usize) {
        // Only this rank's requests: scanning every rank's at each
        // MPI_Finalize made many-rank runs quadratic.
        let freed: Vec<ReqId> = self
            .world
            .p2p
            .owned_by(rank)
            .filter(|&r| self.world.p2p.requests[r].freed)
            .collect();
        for r in freed {
            self.release_buffers(rank, r);
        }
    }

    /// The finding for the program's access at `loc` to a buffer pending
    /// request `owner` holds.
    pub fn pending_access(
        &self,
        model: &Model,
        rank: usize,
        loc: LocId,
        access: &str,
        owner: u64,
    ) -> Finding {
        let (owner, send) = guard_owner(owner);
        let what = self.buffer_word(owner, send);
        let poster = self.poster(owner);
        let line_of = |l: LocId| model.locations.get(l as usize).map_or(0, |x| x.line);
        let call = poster.map_or("a nonblocking operation".to_string(), |(l, f)| {
            format!("{} (line {})", f.name(), line_of(l))
        });
        let rw = access;
        // A freed request: say why its buffer is still not the program's.
        let message = match self.world.p2p.requests.get(owner).filter(|r| r.freed) {
            Some(r) => {
                let at = r.freed_at.and_then(|e| self.event_loc(e));
                format!(
                    "rank {rank} {rw} {what} of {call} before its receive completed: the request was freed by MPI_Request_free{}, and a freed send's buffer may be reused only once the program knows the send completed (MPI 3.1 §3.7.3)",
                    at.map_or(String::new(), |(l, _)| format!(" at line {}", line_of(l)))
                )
            }
            None => format!("rank {rank} {rw} {what} of {call} before the request completes"),
        };
        let mut f = Finding::new(ErrorKind::LocalRace, message).at(rank, loc, None);
        if let Some((l, func)) = poster {
            f = f.at(rank, l, Some(func));
        }
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_ids_keep_the_request_and_the_buffer_kind() {
        for req in [0, 1, 7, 1 << 20] {
            for send in [false, true] {
                assert_eq!(guard_owner(guard_id(req, send)), (req, send));
            }
        }
        assert_ne!(guard_id(3, true), guard_id(3, false));
    }
}
