//! One-sided communication (MPI 3.1 chapter 11; Hoefler et al. 2015): windows,
//! shared windows and attributes (`window`), the memory a dynamic window's
//! access reaches (`dynamic`), info hints and names
//! (`names`), the communication calls (`ops`), their synchronization and
//! the epoch rules (`sync`, `pscw`), the library's choices the search
//! branches on (`grant`: which lock request is granted, which atomic
//! operation takes effect first), happens-before (`clock`) and the race
//! check (`race`, with the memory barriers of shared windows). The calls
//! are decoded through the table (`runtime_model::mpi_api`, family `Rma`)
//! and dispatched by `Machine::call_rma`.
//!
//! How the model executes RMA (README, "One-sided communication"):
//! - A `MPI_Put` or `MPI_Get` takes effect when it is issued. In a program
//!   without races its timing between issue and completion cannot be
//!   observed; a program with one is reported (`race`), so no other timing
//!   needs exploring (Hoefler et al. 2015, §3.3.3: a race makes the outcome undefined).
//! - An accumulate-family call takes effect when the search says: the
//!   order of concurrent atomic operations on one location is a behavior
//!   (what a fetch-and-op returns, who wins a compare-and-swap). A call
//!   that must complete them (unlock, flush, fence, free) waits until they
//!   took effect, and the search branches on which goes first.
//! - A lock is granted by the search: the order of competing lock requests
//!   is a behavior (Hoefler et al. 2015, §2.6.2). `MPI_Win_lock` waits for the grant,
//!   the most blocking of the behaviors MPI allows.
//! - `MPI_Win_free`, window creation and a fence that ends an epoch act as
//!   barriers (the usual implementation, and what Hoefler et al. 2015's
//!   synchronization order assumes); the window's memory is released when
//!   the last member enters `MPI_Win_free`. A fence starts an access epoch
//!   only once an RMA call of that epoch follows it (MPI 3.1 §11.5.1):
//!   until then a lock or start may follow it. A fence that ends no epoch (the first,
//!   one after `MPI_MODE_NOSUCCEED`, one asserting `MPI_MODE_NOPRECEDE`)
//!   need not (MPI 3.1 §11.5.1): it is executed as a collective that does
//!   not synchronize, like the others (the end-of-execution analysis adds
//!   the barrier for deadlocks), and an operation issued after it waits for
//!   its target to enter the same fence (`Deferred`).
//! - The memory model checked is the unified one (§11.4) unless
//!   `--memory-model separate` asks for the stricter separate one (`race`,
//!   `Races::separate`); `MPI_WIN_MODEL` says which.

pub mod clock;
mod dynamic;
mod grant;
mod names;
mod ops;
mod pscw;
pub mod race;
mod sync;
mod window;

pub use grant::*;

use super::decode::{Effect, Site};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model, Pointer};
use runtime_model::mpi::rma::{LockKind, WinId};
use runtime_model::mpi_api::MpiFunc as F;

/// What the checker tracks besides the library state once a program
/// creates a window: happens-before and the accesses to window memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Track {
    pub clocks: clock::Clocks,
    pub races: race::Races,
    /// Per (window, target member): the clock of every unlock of that
    /// target, and of the exclusive ones (what a later conflicting lock
    /// grant is ordered after).
    pub released: Vec<((WinId, usize), clock::Clock, clock::Clock)>,
    /// Per atomic read that took effect: the clock of the update it read
    /// from, joined into its origin's clock when the result arrives.
    pub acquired: Vec<(u64, clock::Clock)>,
    /// Operations of fence epochs waiting for their target to enter the
    /// fence that opened the epoch.
    pub deferred: Vec<Deferred>,
    /// Per process in a completion call on request-based operations (rank,
    /// its call count then, operations the search said take effect after a
    /// later one): the "defer" branch of `grant`.
    pub request_excluded: Vec<(usize, usize, Vec<u64>)>,
    /// Per (window, member): the first store of the member into its part
    /// of the window since its last synchronization call on it (what
    /// `MPI_MODE_NOSTORE` promises did not happen, MPI 3.1 §11.5.5).
    pub stored: Vec<(WinId, usize, LocId)>,
    /// Every lock request, for the `MPI_MODE_NOCHECK` promise and for locks
    /// overlapping an exposure epoch.
    pub locks: Vec<LockRecord>,
    /// Every exposure epoch (`MPI_Win_post`) and, once closed, the stamp of
    /// its wait or successful test.
    pub exposures: Vec<ExposureRecord>,
}

impl Track {
    /// Forgets what every process knows to have completed (`race::Races::
    /// prune`) and the lock requests and exposure epochs every process
    /// knows ended: the checks on them (`check_nocheck`,
    /// `check_post_unlocked`) pass whenever the one asking knows the end,
    /// and whoever asks from now on does. Without this a loop of lock
    /// epochs kept every request of the execution in every saved state
    /// (2,000 epochs of two ranks: 810 MB and 8.7 s for one execution).
    pub(crate) fn prune(&mut self) {
        self.races.prune(&self.clocks);
        let clocks = &self.clocks;
        let over =
            |rank: usize, end: Option<u32>| end.is_some_and(|e| clocks.known_to_all(rank) >= e);
        self.locks.retain(|x| !over(x.rank, x.end));
        self.exposures.retain(|x| !over(x.rank, x.end));
        // A request or exposure that ended before a later one of the same
        // call site ended: whoever knows the later end knows the earlier
        // one, and a clash with the earlier is one with the later, reported
        // the same way (`race::Races::prune` does the same for accesses).
        let keep: Vec<bool> = (0..self.locks.len())
            .map(|i| {
                let a = &self.locks[i];
                a.end.is_none_or(|ea| {
                    !self.locks[i + 1..].iter().any(|b| {
                        b.end.is_some_and(|eb| eb >= ea)
                            && (b.win, b.rank, b.target, b.kind, b.nocheck, b.loc, b.func)
                                == (a.win, a.rank, a.target, a.kind, a.nocheck, a.loc, a.func)
                    })
                })
            })
            .collect();
        let mut k = keep.into_iter();
        self.locks.retain(|_| k.next().unwrap_or(true));
        let keep: Vec<bool> = (0..self.exposures.len())
            .map(|i| {
                let a = &self.exposures[i];
                a.end.is_none_or(|ea| {
                    !self.exposures[i + 1..].iter().any(|b| {
                        b.end.is_some_and(|eb| eb >= ea)
                            && (b.win, b.rank, b.target, b.loc) == (a.win, a.rank, a.target, a.loc)
                    })
                })
            })
            .collect();
        let mut k = keep.into_iter();
        self.exposures.retain(|_| k.next().unwrap_or(true));
    }
}

/// An exposure epoch a member opened with `MPI_Win_post`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExposureRecord {
    pub win: WinId,
    pub rank: usize,
    /// The exposing member.
    pub target: usize,
    pub end: Option<u32>,
    pub loc: LocId,
}

/// A lock request and, once released, the stamp of its unlock.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LockRecord {
    pub win: WinId,
    pub rank: usize,
    /// The target member, `None` for lock_all.
    pub target: Option<usize>,
    pub kind: LockKind,
    pub nocheck: bool,
    pub end: Option<u32>,
    pub loc: LocId,
    pub func: F,
}

/// An operation of a fence epoch issued before its target entered the fence
/// that opened the epoch (the origin passed a fence that ends no epoch
/// without waiting). It reaches the target only once the target enters that
/// fence (MPI 3.1 §11.5.1): the target's accesses before its fence are
/// ordered before it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deferred {
    pub win: WinId,
    /// The target member, and the index of the fence among the window's
    /// collectives.
    pub target: usize,
    pub fence: usize,
    /// Its race record, checked when it reaches the target.
    pub remote: race::Remote,
    /// Where a Get's data goes at the origin (byte ranges, in type order).
    pub into: Vec<(u64, u64)>,
}

/// What a process waits for inside a one-sided call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RmaWait {
    /// `MPI_Win_lock` (`target` a member) or `MPI_Win_lock_all` (`None`),
    /// until the search grants it. `deferred`: the grant waits for a request
    /// made later than these ranks' (a "defer" branch).
    Lock {
        win: WinId,
        target: Option<usize>,
        kind: LockKind,
        deferred: Option<Vec<usize>>,
    },
    /// A call that completes the caller's operations (`target` a member, or
    /// `None` for all), waiting until its atomic operations took effect;
    /// then it does `then`. `excluded`: operations the search said take
    /// effect after a later one (a "defer" branch).
    Complete {
        win: WinId,
        target: Option<usize>,
        then: Then,
        excluded: Vec<u64>,
    },
    /// `MPI_Win_start`, until every target (members) posted for it.
    Start { win: WinId, targets: Vec<usize> },
    /// `MPI_Win_wait`, until every origin of the post completed.
    Wait { win: WinId },
}

/// What a completing call does once its operations took effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Then {
    /// Complete at origin and target (flush, flush_all).
    Flush,
    /// Complete at the origin only (flush_local, flush_local_all).
    FlushLocal,
    Unlock,
    UnlockAll,
    /// Then join the fence of the window's group.
    Fence {
        assert: i32,
    },
    /// Then join the window's free.
    Free,
    /// Then tell the targets of the access epoch (MPI_Win_complete).
    PscwComplete,
}

/// Guards of RMA origin buffers are told from those of requests by this bit.
pub(crate) const RMA_GUARD: u64 = 1 << 62;

pub(crate) fn guard_id(op: u64, reads_allowed: bool) -> u64 {
    RMA_GUARD | (op << 1) | reads_allowed as u64
}

pub(crate) fn is_rma_guard(id: u64) -> bool {
    id & RMA_GUARD != 0
}

fn guard_op(id: u64) -> (u64, bool) {
    ((id & !RMA_GUARD) >> 1, id & 1 == 1)
}

impl Machine {
    /// Records a dependency of the execution log; one required under every
    /// implementation also orders the calls (happens-before, `clock`).
    pub(crate) fn record_dep(&mut self, dep: Dep) {
        if let (Some(rma), DepKind::Always) = (&mut self.rma, dep.kind) {
            let waiter = dep.waiter.0;
            for &(q, j) in dep.needs.calls() {
                rma.clocks.join_call(waiter, q, j);
            }
        }
        if let (Some(io), DepKind::Always) = (&mut self.io_clocks, dep.kind) {
            let waiter = dep.waiter.0;
            for &(q, j) in dep.needs.calls() {
                io.join_call(waiter, q, j);
            }
        }
        self.deps.push(dep);
    }

    /// One-sided calls (the table's `Rma` family).
    pub(crate) fn call_rma(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let Some(effect) = self.call_rma_sync(site, args)? else {
            return self.call_rma_other(site, args);
        };
        // A synchronization call on the window: later stores are what a
        // following MPI_MODE_NOSTORE is about.
        if let Some(w) = Args::new(site.func, args)
            .int("win")
            .ok()
            .and_then(|hd| self.world.rma.window_of(hd))
        {
            let m = self.member(w, site.rank);
            if let (Some(t), Some(m)) = (&mut self.rma, m) {
                t.stored.retain(|s| (s.0, s.1) != (w, m));
            }
        }
        Ok(effect)
    }

    /// The synchronization calls (`sync`, `pscw`); `None` for the others.
    fn call_rma_sync(&mut self, site: &Site, args: &[u64]) -> Result<Option<Effect>, Halt> {
        let effect = match site.func {
            F::WinFence => self.win_fence(site, args),
            F::WinLock | F::WinLockAll => self.win_lock(site, args),
            F::WinUnlock
            | F::WinUnlockAll
            | F::WinFlush
            | F::WinFlushAll
            | F::WinFlushLocal
            | F::WinFlushLocalAll => self.win_complete(site, args),
            F::WinSync => self.win_sync(site, args),
            F::WinPost | F::WinStart => self.win_post_or_start(site, args),
            F::WinComplete | F::WinWait | F::WinTest => self.win_complete_or_wait(site, args),
            _ => return Ok(None),
        };
        effect.map(Some)
    }

    /// Window management and the communication calls.
    fn call_rma_other(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        match site.func {
            F::WinCreate | F::WinAllocate | F::WinCreateDynamic | F::WinAllocateShared => {
                self.win_create(site, args)
            }
            F::WinSharedQuery => self.win_shared_query(site, args),
            F::WinAttach | F::WinDetach => self.win_attach(site, args),
            F::WinGetGroup => self.win_get_group(site, args),
            F::WinFree => self.win_free(site, args),
            F::WinGetAttr => self.win_get_attr(site, args),
            F::WinSetInfo | F::WinGetInfo | F::WinSetName | F::WinGetName => {
                self.win_info_or_name(site, args)
            }
            F::Put
            | F::Get
            | F::Accumulate
            | F::GetAccumulate
            | F::FetchAndOp
            | F::CompareAndSwap
            | F::Rput
            | F::Rget
            | F::Raccumulate
            | F::RgetAccumulate => self.rma_call(site, args),
            _ => Err(super::decode::misrouted(site.func, "one-sided")),
        }
    }

    /// The window `handle` names for the caller, live.
    pub(crate) fn window(&self, site: &Site, handle: i32) -> Result<WinId, Halt> {
        if handle == h::MPI_WIN_NULL {
            return Err(site.invalid("MPI_WIN_NULL is not a window"));
        }
        let Some(w) = self.world.rma.window_of(handle) else {
            return Err(site.invalid(format!("invalid window handle 0x{handle:x}")));
        };
        match self.member(w, site.rank) {
            Some(m) if self.world.rma.windows[w].live[m].is_some() => Ok(w),
            Some(_) => Err(site.invalid("the window was already freed")),
            None => Err(site.invalid("the process is not a member of the window's group")),
        }
    }

    /// The caller's rank in window `w`'s group.
    pub(crate) fn member(&self, w: WinId, rank: usize) -> Option<usize> {
        self.world.comms[self.world.rma.windows[w].comm].rank_of(rank)
    }

    /// The world rank of member `m` of window `w`.
    pub(crate) fn member_rank(&self, w: WinId, m: usize) -> usize {
        self.world.comms[self.world.rma.windows[w].comm].members[m]
    }

    /// Checks the caller's accesses to window memory since the last check
    /// (the instruction at `loc`, or the MPI call there).
    pub fn window_access(&mut self, _model: &Model, rank: usize, loc: LocId) -> Result<(), Halt> {
        let hits = self.procs[rank].proc.mem.take_hits();
        if hits.is_empty() {
            return Ok(());
        }
        // Stores into the caller's windows, for MPI_MODE_NOSTORE.
        let mut stored: Vec<(WinId, usize, LocId)> = Vec::new();
        for hit in hits.iter().filter(|h| h.write) {
            for (w, win) in self.world.rma.windows.iter().enumerate() {
                let Some(m) = self.world.comms[win.comm].rank_of(rank) else {
                    continue;
                };
                let alloc_of = |r: &runtime_model::mpi::rma::Region| Pointer::decode(r.base).alloc;
                let mine = win.regions[m].iter().chain(win.attached[m].iter());
                if mine.map(alloc_of).any(|a| a == hit.alloc) {
                    stored.push((w, m, loc));
                }
            }
        }
        // A store into a shared window reaches the other members' copies.
        let mut mirrored: Vec<u32> = Vec::new();
        for hit in hits.iter().filter(|h| h.write) {
            if !mirrored.contains(&hit.alloc) {
                mirrored.push(hit.alloc);
                self.mirror_shared(rank, hit.alloc);
            }
        }
        let Some(rma) = &mut self.rma else {
            return Ok(());
        };
        for s in stored {
            if !rma.stored.iter().any(|x| (x.0, x.1) == (s.0, s.1)) {
                rma.stored.push(s);
            }
        }
        for hit in hits {
            // Under the unified memory model an RMA update is "eventually
            // observed by load operations without additional RMA calls"
            // (MPI 3.1 §11.4): a volatile or atomic load polling a
            // location of the process's own window reads the value before
            // or after the update, and the loop waiting for it is correct
            // (Hoefler et al. 2015, Fig. 8). Under the separate model the
            // private copy changes only at a synchronization, so the poll
            // is checked as any load. Shared windows keep their rules.
            if hit.polling
                && !hit.write
                && !rma.races.separate
                && !rma.races.shared.contains(&hit.alloc)
            {
                continue;
            }
            let size = self.procs[rank]
                .proc
                .mem
                .block_of(
                    Pointer {
                        alloc: hit.alloc,
                        offset: 0,
                    }
                    .encode(),
                )
                .map_or(0, |(size, _, _)| size as usize);
            if let Err(race) = rma.races.local(
                &rma.clocks,
                rank,
                hit.alloc,
                hit.offset,
                hit.len,
                size,
                hit.write,
                loc,
            ) {
                let access = if hit.write { "stores to" } else { "loads from" };
                if race.shared {
                    let f = Finding::new(
                        ErrorKind::RmaRace,
                        format!(
                            "rank {rank} {access} shared window memory that {} (at the other line) also accessed, and nothing makes that access visible here: a store to shared memory is seen by another process after MPI_Win_sync by the writer, a synchronization of the two (barrier, message) and MPI_Win_sync by the reader (MPI 3.1 §11.7; Hoefler et al., 'Remote Memory Access Programming in MPI-3', §3.6)",
                            race.what
                        ),
                    )
                    .at(rank, loc, None)
                    .at(race.rank, race.loc, race.func);
                    self.trace_event(rank, loc, f.message.clone());
                    return Err(Halt::Error(f));
                }
                let message = format!(
                    "rank {rank} {access} its window memory while {} {} {}: {}",
                    race.what,
                    if race.pending {
                        "still accesses"
                    } else {
                        "also accessed"
                    },
                    if race.elsewhere {
                        "another location of it"
                    } else {
                        "it"
                    },
                    if race.separate && hit.write {
                        "under the separate memory model (--memory-model separate) an update reaches the owner's private copy only at the owner's next MPI_Win_sync, MPI_Win_fence, MPI_Win_wait or MPI_Win_lock after its completion is known to it, and until then the owner must not store anywhere in the window (MPI 3.1 §11.7, rules 1, 3 and 6)"
                    } else if race.separate {
                        "under the separate memory model (--memory-model separate) an update reaches the owner's private copy, which its loads read, only at the owner's next MPI_Win_sync, MPI_Win_fence, MPI_Win_wait or MPI_Win_lock after its completion is known to it (MPI 3.1 §11.7, rules 1 and 6)"
                    } else if race.pending {
                        "the operation is not complete at the target yet (MPI 3.1 §11.7: a local access must not overlap a concurrent RMA update)"
                    } else {
                        "the operation completed, but nothing orders its completion before this access: a completion (unlock, flush, fence) followed by a synchronization of the two processes, e.g. a message or barrier, is needed (MPI 3.1 §11.7)"
                    }
                );
                let f = Finding::new(ErrorKind::RmaRace, message)
                    .at(rank, loc, None)
                    .at(race.rank, race.loc, race.func);
                self.trace_event(rank, loc, f.message.clone());
                return Err(Halt::Error(f));
            }
        }
        Ok(())
    }

    /// A write by `rank` into allocation `alloc`: when it is a shared
    /// window's memory, every other member's copy becomes the writer's
    /// (copy-on-write: the copies share one block until the next write).
    /// A member in MPI_Win_free keeps its copy up to date: the block is
    /// freed in every member at once, when the last one arrives.
    pub(crate) fn mirror_shared(&mut self, rank: usize, alloc: u32) {
        let Some(w) = self
            .world
            .rma
            .windows
            .iter()
            .position(|x| x.shared.contains(&alloc))
        else {
            return;
        };
        let Some(block) = self.procs[rank].proc.mem.allocation(alloc) else {
            return;
        };
        let comm = self.world.rma.windows[w].comm;
        let members = self.world.comms[comm].members.clone();
        for (m, r) in members.into_iter().enumerate() {
            if r != rank && self.world.rma.windows[w].regions[m].is_some() {
                self.procs[r].proc.mem.set_allocation(alloc, block.clone());
                self.procs[r].rma_written += 1;
            }
        }
    }

    /// The finding for an MPI call at `site` that reads (`write` false) or
    /// writes a buffer an RMA call still owns (`owner` its guard).
    pub(crate) fn rma_buffer_access_by_call(
        &self,
        site: &Site,
        owner: u64,
        write: bool,
    ) -> Finding {
        let access = if write { "writes" } else { "reads" };
        let mut f = self
            .rma_buffer_access_with(site.rank, site.loc, access, owner, |l| format!("line {l}"));
        f.message = format!("{} (in {})", f.message, site.func.name());
        f.locations[0].2 = Some(site.func);
        f
    }

    /// The finding for the program's access to an origin buffer an RMA call
    /// still owns (`owner` its guard).
    pub fn rma_buffer_access(
        &self,
        model: &Model,
        rank: usize,
        loc: LocId,
        access: &str,
        owner: u64,
    ) -> Finding {
        let line = |l: LocId| model.locations.get(l as usize).map_or(0, |x| x.line);
        self.rma_buffer_access_with(rank, loc, access, owner, |l| format!("line {}", line(l)))
    }

    fn rma_buffer_access_with(
        &self,
        rank: usize,
        loc: LocId,
        access: &str,
        owner: u64,
        line: impl Fn(LocId) -> String,
    ) -> Finding {
        let (op, reads_allowed) = guard_op(owner);
        let call = self
            .rma
            .as_ref()
            .and_then(|t| t.races.remote.iter().find(|r| r.op == op))
            .map(|r| (r.loc, r.func))
            .or_else(|| {
                self.world
                    .rma
                    .ops
                    .iter()
                    .find(|(i, _)| *i == op)
                    .map(|(_, o)| (o.loc, o.func))
            });
        let func = call.map(|c| c.1);
        let what = if reads_allowed {
            "the origin buffer"
        } else if matches!(func, Some(F::Get | F::Rget)) {
            "the destination buffer"
        } else {
            "the result buffer"
        };
        let name = call.map_or("an RMA call".to_string(), |(l, f)| {
            format!("{} ({})", f.name(), line(l))
        });
        let until = if matches!(
            func,
            Some(F::Rput | F::Rget | F::Raccumulate | F::RgetAccumulate)
        ) {
            "MPI 3.1 §11.3.5: the buffer belongs to MPI until a Wait or Test of its request, a flush or an unlock completes the call"
        } else {
            "MPI 3.1 §11.3: the buffer belongs to MPI until a flush, unlock or fence completes the call"
        };
        let mut f = Finding::new(
            ErrorKind::LocalRace,
            format!(
                "rank {rank} {access} {what} of {name} before the operation completes at the origin ({until})"
            ),
        )
        .at(rank, loc, None);
        if let Some((l, func)) = call {
            f = f.at(rank, l, Some(func));
        }
        f
    }
}
