//! The race check of a team (docs/OPENMP.md, "Why one schedule is enough"):
//! every access a thread makes inside a region — its own loads, stores and
//! atomics, what C library functions and MPI calls read and write for it —
//! against the other threads' accesses since the last barrier, with vector
//! clocks over the locks. An unordered conflict is a data race; a conflict
//! only a lock orders depends on the thread order, which is not explored;
//! commuting updates pass.

use super::super::interp::{Fault, Process};
use super::{level_name, InCall};
use crate::diag::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model, Pointer};
use runtime_model::omp::AtomicOp;

const SERIALIZE_HELP: &str =
    "Make the MPI calls of a process one at a time: put them in `#pragma omp \
     single` or `master`, or ask for `MPI_THREAD_MULTIPLE` when threads really must call MPI \
     concurrently (and use distinct tags or communicators per thread).";

const POSIX_RACE_HELP: &str =
    "Order the accesses of the threads: protect the shared data with a mutex \
     (lock it around every access, reads too), hand it over with pthread_create and \
     pthread_join, or give each thread its own copy and combine them after the join.";

/// A pseudo-address standing for "the MPI library": each MPI call from a
/// thread is a write there, so calls from two threads conflict.
pub(super) const MPI_CELL: u64 = 0xffff_ffff_0000_0000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Class {
    Plain,
    Atomic { op: AtomicOp, read: bool },
    Reduce,
    Mpi,
}

impl Class {
    fn commutes_with(self, other: Class) -> bool {
        match (self, other) {
            (Class::Atomic { op: a, read: false }, Class::Atomic { op: b, read: false }) => {
                a.commutes_with(b)
            }
            (Class::Reduce, Class::Reduce) => true,
            _ => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Access {
    thread: u32,
    /// The thread's own clock entry at the access.
    epoch: u32,
    loc: LocId,
    class: Class,
    write: bool,
    /// The dynamic loop and chunk it was made in, if any.
    chunk: Option<(u32, u32)>,
    /// Made in an `ordered` block of this loop: ordered blocks run in the
    /// order of the iterations whatever the schedule (OpenMP 5.2 §15.10.2).
    ordered: Option<u32>,
}

/// The accesses to one 8-byte word since the last barrier: for each
/// thread, kind of access and class, the latest one (a later access of the
/// same kind by the same thread orders after everything the earlier did),
/// with the bytes of the word it touched.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct History {
    accesses: Vec<(Access, u8)>,
}

impl Process {
    /// Records a plain access of `len` bytes at `addr` by the running
    /// thread; a conflict with another thread's access since the last
    /// barrier is a data race, or makes the result depend on the schedule.
    #[inline]
    pub fn omp_access(
        &mut self,
        model: &Model,
        addr: u64,
        len: u64,
        write: bool,
        loc: LocId,
    ) -> Result<(), Fault> {
        if self.omp.team.is_none() {
            return Ok(());
        }
        let reduce = self
            .omp
            .team
            .as_ref()
            .is_some_and(|t| t.threads[t.current as usize].in_reduce);
        let class = if reduce { Class::Reduce } else { Class::Plain };
        self.record(model, addr, len, write, class, loc)
    }

    /// Records an atomic access (`dst_used`: the old value is read).
    pub fn omp_atomic(
        &mut self,
        model: &Model,
        addr: u64,
        len: u64,
        op: AtomicOp,
        dst_used: bool,
        loc: LocId,
    ) -> Result<(), Fault> {
        if self.omp.team.is_none() {
            return Ok(());
        }
        let class = Class::Atomic {
            op,
            read: dst_used || op == AtomicOp::Read,
        };
        self.record(model, addr, len, op != AtomicOp::Read, class, loc)
    }

    pub(super) fn record(
        &mut self,
        model: &Model,
        addr: u64,
        len: u64,
        write: bool,
        class: Class,
        loc: LocId,
    ) -> Result<(), Fault> {
        let level = self.omp.mpi_level;
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        if !team.concurrent() {
            return Ok(());
        }
        let me = team.current;
        let clock = &team.threads[me as usize].clock;
        let ordered = team.threads[me as usize].in_ordered;
        let seen = |t: u32| clock.get(t as usize).copied().unwrap_or(0);
        let det = &team.threads[me as usize].det;
        // Ordered in every schedule: no conflict.
        let before = |a: &Access| det.get(a.thread as usize).copied().unwrap_or(0) >= a.epoch;
        let dispatch = team.threads[me as usize].dispatch.as_ref();
        let chunk = dispatch.and_then(|d| d.chunk());
        let schedule = dispatch.map_or("dynamic", |d| d.schedule().name());
        let access = Access {
            thread: me,
            epoch: clock[me as usize],
            loc,
            class,
            write,
            chunk,
            ordered,
        };
        let end = addr.saturating_add(len.max(1));
        let mut word = addr >> 3;
        while word <= (end - 1) >> 3 {
            // The bytes of this word the access covers.
            let from = addr.max(word << 3) - (word << 3);
            let to = end.min((word + 1) << 3) - (word << 3);
            let mask = ((0xffu16 << from) & (0xffu16 >> (8 - to))) as u8;
            let h = team.shadow.entry(word).or_default();
            // Two ordered blocks of one loop: their order is the
            // iterations', the same in every schedule.
            let in_order = |a: &Access| ordered.is_some() && a.ordered == ordered;
            let earlier = h.accesses.iter().find(|(a, m)| {
                m & mask != 0
                    && a.thread != me
                    && (write || a.write)
                    && !a.class.commutes_with(class)
                    && !before(a)
            });
            // Two chunks of one dynamic loop may run on two threads (unless
            // the memory is the thread's own local).
            let shared = chunk.is_some()
                && !team.threads[me as usize]
                    .private
                    .contains(&Pointer::decode(word << 3).alloc);
            let other_chunk = h.accesses.iter().find(|(a, m)| {
                shared &&
                m & mask != 0
                    && a.thread == me
                    && (write || a.write)
                    && !a.class.commutes_with(class)
                    && !in_order(a)
                    && matches!((a.chunk, chunk), (Some((l, c)), Some((l2, c2))) if l == l2 && c != c2)
            });
            if let Some(&(prev, _)) = other_chunk {
                let sites = if prev.loc == loc {
                    format!("at {}", model.describe_location(loc))
                } else {
                    format!(
                        "at {} and {}",
                        model.describe_location(prev.loc),
                        model.describe_location(loc)
                    )
                };
                return Err(Fault::Unsupported(format!(
                    "iterations in two chunks of a {schedule}-schedule loop touch the same memory {sites}, at least one writing: any thread may run either chunk, so it is a data race unless the memory depends on the thread number; thread schedules are not explored"
                )));
            }
            if let Some(&(prev, m)) = earlier {
                // Atomic accesses never race with each other (OpenMP 5.2
                // §1.4.1); their order is still the schedule's.
                let both_atomic = matches!(prev.class, Class::Atomic { .. })
                    && matches!(class, Class::Atomic { .. });
                let ordered = both_atomic || seen(prev.thread) >= prev.epoch;
                let byte = (word << 3) + (m & mask).trailing_zeros() as u64;
                let who = (
                    super::tasks::actor(team, prev.thread as usize),
                    super::tasks::actor(team, me as usize),
                );
                let posix = team.posix;
                return Err(conflict(
                    model,
                    byte,
                    prev,
                    access,
                    (ordered, posix),
                    level,
                    who,
                ));
            }
            let same = |a: &Access| {
                a.thread == me && a.write == write && a.class == class && a.ordered == ordered
            };
            match h
                .accesses
                .iter_mut()
                .find(|(a, m)| same(a) && (a.epoch == access.epoch || mask & *m == *m))
            {
                Some((a, m)) => {
                    *m |= mask;
                    *a = access;
                }
                None => h.accesses.push((access, mask)),
            }
            word += 1;
        }
        Ok(())
    }

    /// Records what a C library function or an MPI call accessed for the
    /// running thread (`Memory::log_accesses`).
    fn record_hits(
        &mut self,
        model: &Model,
        hits: &[super::super::memory::Hit],
        loc: LocId,
    ) -> Result<(), Fault> {
        // The process's hidden wait for its threads' calls (`multiple.rs`)
        // is the library's, not a thread's.
        let hidden = self.omp.hidden.map(|b| Pointer::decode(b).alloc);
        for hit in hits.iter().filter(|h| Some(h.alloc) != hidden) {
            let addr = Pointer {
                alloc: hit.alloc,
                offset: hit.offset,
            }
            .encode();
            self.omp_access(model, addr, hit.len as u64, hit.write, loc)?;
        }
        Ok(())
    }

    /// Whether the accesses of the next library function are to be checked.
    #[inline]
    pub fn omp_checks_library(&self) -> bool {
        self.omp.team.as_ref().is_some_and(|t| t.concurrent())
    }

    /// After a C library call made with `Memory::log_accesses(true)`.
    pub fn omp_library_done(&mut self, model: &Model, loc: LocId) -> Result<(), Fault> {
        let hits = self.mem.log_accesses(false);
        self.record_hits(model, &hits, loc)
    }

    /// The running thread makes the MPI call at `loc`: what the call reads
    /// and writes, now or while it is pending, is the thread's access.
    pub fn omp_mpi_begin(&mut self, loc: LocId) {
        if !self.omp_checks_library() {
            return;
        }
        self.omp.in_call = Some(InCall {
            loc,
            guards: self.mem.guards().to_vec(),
        });
        self.mem.log_accesses(true);
    }

    /// The MPI call returned: its accesses are the running thread's — what
    /// the library read or wrote during it (buffers copied or delivered,
    /// statuses), and the buffers of the operations it started or completed
    /// (the ranges pending operations own, which MPI reads or writes at
    /// some time in between).
    pub fn omp_mpi_end(&mut self, model: &Model) {
        let Some(call) = self.omp.in_call.take() else {
            return;
        };
        let mut hits = self.mem.log_accesses(false);
        let now = self.mem.guards();
        let changed = call
            .guards
            .iter()
            .filter(|g| !now.contains(g))
            .chain(now.iter().filter(|g| !call.guards.contains(g)));
        for g in changed {
            hits.push(super::super::memory::Hit {
                alloc: g.alloc,
                offset: g.start,
                len: g.end.saturating_sub(g.start),
                write: !g.reads_allowed,
                polling: false,
            });
        }
        if let Err(fault) = self.record_hits(model, &hits, call.loc) {
            self.omp.pending = Some(Box::new((fault, call.loc)));
        }
    }
}

/// The finding for two conflicting accesses of threads `prev.thread` and
/// `now.thread`: `ordered` when the schedule ordered them through a lock.
fn conflict(
    model: &Model,
    byte: u64,
    prev: Access,
    now: Access,
    (ordered, posix): (bool, bool),
    level: i32,
    (who_prev, who_now): (String, String),
) -> Fault {
    // The threads of the process (`pthread_create`) or of a region.
    let of = if posix {
        "of the process"
    } else {
        "of a parallel region"
    };
    let at = model.describe_location(prev.loc);
    // "threads 0 and 1", "thread 0 and task 2".
    let pair = match (
        who_prev.strip_prefix("thread "),
        who_now.strip_prefix("thread "),
    ) {
        (Some(a), Some(b)) => format!("threads {a} and {b}"),
        _ => format!("{who_prev} and {who_now}"),
    };
    let tasks = !(who_prev.starts_with("thread ") && who_now.starts_with("thread "));
    // A global by name; other memory by what the accesses did to it.
    let p = Pointer::decode(byte);
    let name = (p.alloc as usize)
        .checked_sub(1)
        .and_then(|g| model.globals.get(g))
        .filter(|g| !g.name.starts_with('.'))
        .map(|g| match p.offset {
            0 => format!("`{}`", g.name),
            o => format!("`{}` (byte {o})", g.name),
        });
    let verb = |a: &Access| match (a.class, a.write) {
        (Class::Mpi, _) => "calls MPI",
        (Class::Atomic { .. }, true) => "atomically updates",
        (Class::Atomic { .. }, false) => "atomically reads",
        (_, true) => "writes",
        (_, false) => "reads",
    };
    // "thread 1 reads `x` ... thread 0 writes it at L", or, for memory
    // without a name, "thread 1 reads the memory thread 0 writes at L".
    let both = |link: &str| match &name {
        Some(x) => format!(
            "{who_now} {} {x} {link} {who_prev} {} it at {at}",
            verb(&now),
            verb(&prev)
        ),
        None => format!(
            "{who_now} {} the memory {who_prev} {} at {at}",
            verb(&now),
            verb(&prev)
        ),
    };
    if now.class == Class::Mpi {
        if ordered {
            return Fault::Unsupported(format!(
                "{pair} {of} both call MPI, in an order the schedule chooses ({who_prev} at {at}); thread schedules are not explored"
            ));
        }
        if level >= h::MPI_THREAD_MULTIPLE {
            return Fault::Unsupported(format!(
                "{pair} {of} call MPI at the same time ({who_prev} at {at}); concurrent MPI calls under MPI_THREAD_MULTIPLE are not modeled"
            ));
        }
        return Fault::Threads {
            kind: ErrorKind::MpiUsage,
            other: Some(prev.loc),
            help: Some(SERIALIZE_HELP),
            message: format!(
                "{pair} {of} may call MPI at the same time ({who_prev} at {at}), but the thread level is {}: calls must not be concurrent (MPI 4.0 §11.6; {})",
                level_name(level),
                if posix {
                    "order them with a mutex, a join or a condition variable"
                } else {
                    "put them in `single`, `master` or a critical section"
                }
            ),
        };
    }
    if posix && !ordered {
        return Fault::Threads {
            kind: ErrorKind::DataRace,
            other: Some(prev.loc),
            help: Some(POSIX_RACE_HELP),
            message: format!(
                "data race: {}, with no pthread_create, pthread_join, mutex or condition variable ordering them (POSIX.1-2017 XBD 4.12: applications shall ensure that no thread reads or modifies a memory location while another thread may be modifying it)",
                both("while")
            ),
        };
    }
    if ordered {
        return Fault::Unsupported(format!(
            "{} ({}); another order may compute other values, and thread schedules are not explored",
            both("after"),
            if matches!(now.class, Class::Atomic { .. }) && matches!(prev.class, Class::Atomic { .. }) {
                "in the order the threads reached their atomic constructs"
            } else {
                "in the order the threads took a lock: a critical section or an omp_lock_t"
            }
        ));
    }
    Fault::Threads {
        kind: ErrorKind::DataRace,
        other: Some(prev.loc),
        help: None,
        message: format!(
            "data race: {}, with no barrier{} between (OpenMP 5.2 §1.4.1)",
            both("while"),
            if tasks {
                ", taskwait, taskgroup, task dependence or critical section"
            } else {
                " or critical section"
            }
        ),
    }
}
