//! POSIX threads as threads of the rank (docs/OPENMP.md, "POSIX threads").
//!
//! `pthread_create` makes the process a team whose thread 0 is the initial
//! thread and whose other threads are the created ones, numbered in
//! creation order; it lasts until the initial thread joined every thread
//! (or every detached one ended). The threads run one at a time as the
//! threads of an OpenMP team do, each until it cannot go on, with the same
//! race check: `pthread_create` orders what the creator did before it
//! with the new thread, the end of a thread with what follows its
//! `pthread_join` (POSIX.1-2017 XBD 4.12, memory synchronization).
//!
//! Unlike OpenMP critical sections, the order in which threads take
//! mutexes is explored: every mutex lock, `pthread_cond_wait` (and the
//! relock when it wakes) and signal or broadcast is a synchronization
//! point where a thread parks (`ThreadState::AtSync`) until no thread can
//! run without making one; the search then chooses which parked thread
//! makes its operation next. Between two such points a thread's accesses
//! to shared memory are checked against the other threads' (a conflict
//! nothing orders is a data race), so the order of everything else does
//! not change what the threads compute, and every order of the
//! synchronization operations is explored: accesses a mutex orders are
//! then correct (each of their orders is explored), unlike a lock of an
//! OpenMP team, whose order is not explored and ends the check
//! inconclusive.
//!
//! A signal wakes one waiter (the search chooses which when several wait);
//! a signal with no waiter is lost (POSIX: it has no effect), so the
//! lost-wakeup bug ends in a deadlock naming the waiting thread's line.

use super::{join_into, Lock, OmpStep, Team, Thread, ThreadState, MAX_THREADS};
use crate::diag::ErrorKind;
use crate::exec::interp::{Fault, Process, Stop};
use runtime_model::model::{LocId, Model, Pointer};
use runtime_model::mpi_api::MpiFunc;
use runtime_model::omp::OmpCall;
use std::collections::BTreeMap;

/// `EBUSY` (Linux): `pthread_mutex_trylock` of a locked mutex.
const EBUSY: u64 = 16;
/// `EINVAL` (Linux).
const EINVAL: u64 = 22;
/// `PTHREAD_CREATE_DETACHED` (glibc).
const CREATE_DETACHED: u64 = 1;
/// `sizeof(pthread_mutex_t)` and the offset of its `__kind` (glibc,
/// x86-64): 0 for the default (normal) type `PTHREAD_MUTEX_INITIALIZER`
/// and `pthread_mutex_init(&m, NULL)` give.
const MUTEX_SIZE: u64 = 40;
const MUTEX_KIND_AT: u64 = 16;

const DEADLOCK_HELP: &str = "Make every wait end: signal a condition variable after the \
     waiting thread can see the change (change the predicate and signal while holding the mutex, \
     and wait in a loop `while (!predicate) pthread_cond_wait(&c, &m);` that tests the predicate \
     first), unlock every mutex on every path, and join only threads that end.";

pub(super) const FUNNELED_HELP: &str = "Call MPI only from the thread that called \
     MPI_Init_thread, handing data to and from the other threads through memory a mutex or a \
     join orders; or ask MPI_Init_thread for MPI_THREAD_MULTIPLE (or MPI_THREAD_SERIALIZED when \
     no two threads call MPI at once) and check the `provided` level it returns.";

const MUTEX_HELP: &str = "Unlock a mutex in the thread that locked it, once per lock, and do \
     not lock a default mutex the thread already holds (use a recursive mutex, or restructure \
     so the inner code expects the mutex held).";

/// The choice `Team::choice` offers in a team of POSIX threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Choice {
    /// Which waiter a `pthread_cond_signal` wakes.
    Signal,
    /// Whether the running thread's `pthread_cond_wait` blocks (its own
    /// number) or returns spuriously (its number plus `SPURIOUS`).
    Wait,
}

/// Added to a thread's number: the choice of a spurious wakeup.
const SPURIOUS: u32 = 1 << 16;

/// What a thread made by `pthread_create` has of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct PThread {
    /// Its `pthread_create` call.
    pub created_at: LocId,
    /// What its start routine returned (or `pthread_exit` passed).
    retval: u64,
    joined: bool,
    detached: bool,
}

fn threads_fault(kind: ErrorKind, message: String, help: &'static str) -> Fault {
    Fault::Threads {
        kind,
        message,
        other: None,
        help: Some(help),
    }
}

/// The synchronization operations whose order among threads is explored.
fn is_sync(call: OmpCall) -> bool {
    matches!(
        call,
        OmpCall::MutexLock
            | OmpCall::MutexTrylock
            | OmpCall::CondWait
            | OmpCall::CondSignal
            | OmpCall::CondBroadcast
    )
}

/// When no thread can run: the threads parked at synchronization
/// operations (after the threads parked at MPI calls, whose order does
/// not depend on them): one goes on, or the search chooses among several.
pub(super) fn next_sync(team: &mut Team) -> Option<usize> {
    if !team.posix || team.threads.iter().any(|t| t.state == ThreadState::AtMpi) {
        return None;
    }
    let parked: Vec<u32> = (0..team.threads.len() as u32)
        .filter(|&t| team.threads[t as usize].state == ThreadState::AtSync)
        .collect();
    match parked.len() {
        0 => None,
        1 => {
            let t = &mut team.threads[parked[0] as usize];
            t.state = ThreadState::Runnable;
            t.sync_ok = true;
            Some(parked[0] as usize)
        }
        _ => {
            // It stays parked: its operation stops the process with the
            // choice (`posix_call`).
            let first = parked[0] as usize;
            team.choice = Some(parked);
            Some(first)
        }
    }
}

/// No thread of the process can go on.
pub(super) fn stuck(model: &Model, team: &Team, mutexes: &BTreeMap<u64, Lock>) -> Fault {
    let mut parts = Vec::new();
    let mut other = None;
    let created = |k: usize| {
        team.threads[k].pthread.as_ref().map_or(String::new(), |p| {
            format!(" (created at {})", model.describe_location(p.created_at))
        })
    };
    for (i, t) in team.threads.iter().enumerate() {
        parts.push(match t.state {
            ThreadState::Done(_) => continue,
            ThreadState::Join(k) => {
                format!("thread {i} waits to join thread {k}{}", created(k as usize))
            }
            ThreadState::Cond(_, at) => {
                other.get_or_insert(at);
                format!(
                    "thread {i} waits on the condition variable at {} (a signal made before the wait is lost: POSIX.1-2017 pthread_cond_signal has no effect when no thread is blocked)",
                    model.describe_location(at)
                )
            }
            ThreadState::Lock(m) => match mutexes.get(&m).and_then(|l| l.holder.map(|h| (h, l.at))) {
                Some((h, at)) => format!(
                    "thread {i} waits for the mutex thread {h} locked at {}",
                    model.describe_location(at)
                ),
                None => format!("thread {i} waits for a mutex"),
            },
            _ => format!("thread {i} runs"),
        });
    }
    Fault::Threads {
        kind: ErrorKind::Deadlock,
        message: format!(
            "the threads of the process wait for each other forever: {}",
            parts.join(", ")
        ),
        other,
        help: Some(DEADLOCK_HELP),
    }
}

impl Process {
    /// A POSIX threads function `call` with argument values `args` at
    /// `loc`.
    pub(super) fn posix_call(
        &mut self,
        model: &Model,
        call: OmpCall,
        args: &[u64],
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        if let Some(team) = &self.omp.team {
            if !team.posix {
                return Err(Fault::Unsupported(format!(
                    "{} inside an OpenMP parallel region: POSIX threads and OpenMP teams together are not modeled",
                    call.c_name()
                )));
            }
            // The search owes the choice of the thread that goes first.
            if let Some(threads) = &team.choice {
                return Ok(OmpStep::Stop(Stop::Threads {
                    threads: threads.clone(),
                    // No MPI call: the process waits for the search only
                    // (the block is never stuck: the choice is always there).
                    func: MpiFunc::Wtime,
                    loc,
                }));
            }
        }
        if self.track.is_some() {
            return Err(Fault::Unsupported(format!(
                "{} under --any-input (threads are not followed symbolically)",
                call.c_name()
            )));
        }
        if call == OmpCall::CondSignal || call == OmpCall::CondBroadcast {
            if let Some(team) = self.omp.team.as_mut() {
                let me = team.current as usize;
                if std::mem::take(&mut team.threads[me].signal_done) {
                    return Ok(OmpStep::Return(0));
                }
            }
        }
        if is_sync(call) && self.park_at_sync(model)? {
            return Ok(OmpStep::Switched);
        }
        let me = self.omp.team.as_ref().map_or(0, |t| t.current);
        Ok(OmpStep::Return(match call {
            OmpCall::PthreadCreate => self.pthread_create(model, args, loc)?,
            OmpCall::PthreadJoin => return self.pthread_join(model, arg(0), arg(1), loc),
            OmpCall::PthreadExit => {
                if me == 0 {
                    return Err(Fault::Unsupported(
                        "pthread_exit in the initial thread (the process would go on until its last thread ends)".into(),
                    ));
                }
                self.frames.clear();
                self.pthread_done(model, loc, arg(0))?;
                return Ok(OmpStep::Switched);
            }
            OmpCall::PthreadSelf => me as u64,
            OmpCall::PthreadEqual => (arg(0) == arg(1)) as u64,
            OmpCall::PthreadDetach => self.pthread_detach(arg(0))?,
            OmpCall::PthreadAttrInit => {
                self.omp.attrs.insert(arg(0), false);
                0
            }
            OmpCall::PthreadAttrDestroy => {
                self.omp.attrs.remove(&arg(0));
                0
            }
            OmpCall::PthreadAttrSetdetachstate => {
                let Some(d) = self.omp.attrs.get_mut(&arg(0)) else {
                    return Err(Fault::Unsupported(
                        "pthread_attr_setdetachstate of an attributes object pthread_attr_init did not initialize".into(),
                    ));
                };
                match arg(1) as u32 as u64 {
                    0 => *d = false,
                    CREATE_DETACHED => *d = true,
                    _ => return Ok(OmpStep::Return(EINVAL)),
                }
                0
            }
            OmpCall::MutexInit => {
                if arg(1) != 0 {
                    return Err(Fault::Unsupported(
                        "pthread_mutex_init with a mutex attributes object: only default mutexes are modeled (not recursive, error-checking, robust or process-shared ones)".into(),
                    ));
                }
                let m = arg(0);
                self.omp.mutexes.remove(&m);
                // What glibc's pthread_mutex_init leaves: all zero, the
                // default type.
                self.mem
                    .write_bytes(m, &[0; MUTEX_SIZE as usize])
                    .map_err(Fault::Memory)?;
                0
            }
            OmpCall::MutexDestroy => {
                if let Some(h) = self.omp.mutexes.get(&arg(0)).and_then(|l| l.holder) {
                    return Err(threads_fault(
                        ErrorKind::InvalidArgument,
                        format!(
                            "pthread_mutex_destroy of a mutex thread {h} holds (POSIX.1-2017: destroying a locked mutex is undefined)"
                        ),
                        MUTEX_HELP,
                    ));
                }
                self.omp.mutexes.remove(&arg(0));
                0
            }
            OmpCall::MutexLock | OmpCall::MutexTrylock => {
                return self.mutex_lock(model, arg(0), call == OmpCall::MutexTrylock, loc)
            }
            OmpCall::MutexUnlock => {
                self.mutex_unlock(model, arg(0), "pthread_mutex_unlock")?;
                0
            }
            OmpCall::CondInit => {
                if arg(1) != 0 {
                    return Err(Fault::Unsupported(
                        "pthread_cond_init with a condition attributes object (clocks and process-shared condition variables are not modeled)".into(),
                    ));
                }
                0
            }
            OmpCall::CondDestroy => {
                let c = arg(0);
                if let Some(team) = &self.omp.team {
                    if let Some(i) = team
                        .threads
                        .iter()
                        .position(|t| matches!(t.state, ThreadState::Cond(x, _) if x == c))
                    {
                        return Err(threads_fault(
                            ErrorKind::InvalidArgument,
                            format!("pthread_cond_destroy of a condition variable thread {i} waits on (POSIX.1-2017: undefined)"),
                            DEADLOCK_HELP,
                        ));
                    }
                }
                0
            }
            OmpCall::CondWait => return self.cond_wait(model, arg(0), arg(1), loc),
            OmpCall::CondSignal | OmpCall::CondBroadcast => {
                return self.cond_signal(arg(0), call == OmpCall::CondBroadcast, loc)
            }
            _ => return Err(Fault::Unreachable),
        }))
    }

    /// Parks the running thread at its synchronization operation while
    /// another thread can run or is parked at one (true); false when it
    /// makes it now.
    fn park_at_sync(&mut self, model: &Model) -> Result<bool, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(false);
        };
        let me = team.current as usize;
        if std::mem::take(&mut team.threads[me].sync_ok) {
            return Ok(false);
        }
        let others = team.threads.iter().enumerate().any(|(i, t)| {
            i != me && matches!(t.state, ThreadState::Runnable | ThreadState::AtSync)
        });
        if !others {
            return Ok(false);
        }
        team.threads[me].state = ThreadState::AtSync;
        self.schedule(model)?;
        Ok(true)
    }

    /// `pthread_create(&t, attr, start, arg)`: a new thread of the process
    /// runs `start(arg)`; the creator goes on (it runs first, until it
    /// cannot go on).
    fn pthread_create(&mut self, model: &Model, args: &[u64], loc: LocId) -> Result<u64, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let start = Pointer::as_function(arg(2))
            .filter(|f| {
                model
                    .functions
                    .get(*f as usize)
                    .is_some_and(|f| f.params.len() <= 1)
            })
            .ok_or_else(|| {
                Fault::Unsupported(
                    "pthread_create with a start routine that is not a function of the program taking one argument".into(),
                )
            })?;
        let detached = match arg(1) {
            0 => false,
            a => *self.omp.attrs.get(&a).ok_or_else(|| {
                Fault::Unsupported(
                    "pthread_create with an attributes object pthread_attr_init did not initialize"
                        .into(),
                )
            })?,
        };
        if self.omp.team.is_none() {
            self.omp.team = Some(Box::new(Team {
                current: 0,
                base: 0,
                threads: vec![Thread::new(Vec::new(), vec![1], vec![1])],
                locks: BTreeMap::new(),
                singles_taken: 0,
                shadow: BTreeMap::new(),
                fork_loc: loc,
                implicit: 1,
                allocs: BTreeMap::new(),
                deps: BTreeMap::new(),
                groups: 0,
                ordered: BTreeMap::new(),
                calls: Vec::new(),
                links: Vec::new(),
                choice: None,
                waiting_any: false,
                posix: true,
                posix_choice: None,
            }));
        }
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        let k = team.threads.len();
        if k as u32 >= MAX_THREADS {
            return Err(Fault::Unsupported(format!(
                "more than {MAX_THREADS} threads in one process"
            )));
        }
        let me = team.current as usize;
        let creator = &mut team.threads[me];
        let start_clock = |c: &[u32]| {
            let mut c = c.to_vec();
            c.resize(k + 1, 0);
            c[k] = 1;
            c
        };
        // What the creator did before happens before the thread starts.
        let (clock, det) = (start_clock(&creator.clock), start_clock(&creator.det));
        creator.tick(me);
        let frame = Self::entry_frame(model, start, &[arg(3)]);
        let mut t = Thread::new(vec![frame], clock, det);
        t.pthread = Some(Box::new(PThread {
            created_at: loc,
            retval: 0,
            joined: false,
            detached,
        }));
        team.threads.push(t);
        team.implicit = team.threads.len() as u32;
        if arg(0) != 0 {
            self.mem.store(arg(0), 8, k as u64).map_err(Fault::Memory)?;
        }
        Ok(0)
    }

    /// The running POSIX thread returned from its start routine (or called
    /// `pthread_exit`) with `rv`.
    pub(super) fn pthread_done(&mut self, model: &Model, loc: LocId, rv: u64) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current as usize;
        if let Some(p) = team.threads[me].pthread.as_mut() {
            p.retval = rv;
        }
        team.threads[me].state = ThreadState::Done(loc);
        team.threads[me].tick(me);
        self.schedule(model)
    }

    /// `pthread_join(t, &ret)`.
    fn pthread_join(
        &mut self,
        model: &Model,
        t: u64,
        ret: u64,
        _loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Err(threads_fault(
                ErrorKind::InvalidArgument,
                "pthread_join of a thread no pthread_create made (POSIX.1-2017: undefined)".into(),
                DEADLOCK_HELP,
            ));
        };
        let me = team.current as usize;
        let k = t as usize;
        if k == me {
            return Err(threads_fault(
                ErrorKind::Deadlock,
                format!("thread {me} joins itself: the join never returns (POSIX.1-2017 pthread_join: EDEADLK)"),
                DEADLOCK_HELP,
            ));
        }
        if k == 0 || k >= team.threads.len() || t > u32::MAX as u64 {
            return Err(if k == 0 {
                Fault::Unsupported("pthread_join of the initial thread".into())
            } else {
                threads_fault(
                    ErrorKind::InvalidArgument,
                    "pthread_join of a thread no pthread_create made (POSIX.1-2017: undefined)"
                        .into(),
                    DEADLOCK_HELP,
                )
            });
        }
        let Some(p) = team.threads[k].pthread.as_ref() else {
            return Err(Fault::Unreachable);
        };
        let what = if p.joined {
            Some("already joined")
        } else if p.detached {
            Some("detached")
        } else if team
            .threads
            .iter()
            .enumerate()
            .any(|(i, o)| i != me && o.state == ThreadState::Join(k as u32))
        {
            Some("another thread is joining")
        } else {
            None
        };
        if let Some(what) = what {
            return Err(threads_fault(
                ErrorKind::InvalidArgument,
                format!("pthread_join of thread {k}, which is {what} (POSIX.1-2017 pthread_join: the thread must be joinable; undefined otherwise)"),
                DEADLOCK_HELP,
            ));
        }
        if !matches!(team.threads[k].state, ThreadState::Done(_)) {
            team.threads[me].state = ThreadState::Join(k as u32);
            self.schedule(model)?;
            return Ok(OmpStep::Switched);
        }
        // Its end happens before the join returns.
        let (clock, det) = (team.threads[k].clock.clone(), team.threads[k].det.clone());
        let retval = team.threads[k].pthread.as_ref().map_or(0, |p| p.retval);
        if let Some(p) = team.threads[k].pthread.as_mut() {
            p.joined = true;
        }
        join_into(&mut team.threads[me].clock, &clock);
        join_into(&mut team.threads[me].det, &det);
        if ret != 0 {
            self.mem.store(ret, 8, retval).map_err(Fault::Memory)?;
        }
        self.dissolve();
        Ok(OmpStep::Return(0))
    }

    /// `pthread_detach(t)`.
    fn pthread_detach(&mut self, t: u64) -> Result<u64, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unsupported(
                "pthread_detach of the initial thread".into(),
            ));
        };
        let k = t as usize;
        match team.threads.get_mut(k).and_then(|t| t.pthread.as_mut()) {
            Some(p) if !p.detached && !p.joined => p.detached = true,
            Some(_) => {
                return Err(threads_fault(
                    ErrorKind::InvalidArgument,
                    format!("pthread_detach of thread {k}, which is not joinable (detached or joined already; POSIX.1-2017: undefined)"),
                    DEADLOCK_HELP,
                ))
            }
            None if k == 0 => {
                return Err(Fault::Unsupported(
                    "pthread_detach of the initial thread".into(),
                ))
            }
            None => {
                return Err(threads_fault(
                    ErrorKind::InvalidArgument,
                    "pthread_detach of a thread no pthread_create made (POSIX.1-2017: undefined)"
                        .into(),
                    DEADLOCK_HELP,
                ))
            }
        }
        self.dissolve();
        Ok(0)
    }

    /// When the initial thread runs and every other thread ended and was
    /// joined or detached, the process is one thread again: everything the
    /// threads did happens before what it does next.
    fn dissolve(&mut self) {
        let Some(team) = self.omp.team.as_ref() else {
            return;
        };
        if !team.posix || team.current != 0 {
            return;
        }
        let over = team.threads.iter().skip(1).all(|t| {
            matches!(t.state, ThreadState::Done(_))
                && t.pthread.as_ref().is_some_and(|p| p.joined || p.detached)
        });
        // A detached thread's end is ordered with nothing: its accesses are
        // still checked while the team lasts.
        let all_joined = team
            .threads
            .iter()
            .skip(1)
            .all(|t| t.pthread.as_ref().is_some_and(|p| p.joined));
        if over && all_joined {
            self.omp.team = None;
            for l in self.omp.mutexes.values_mut() {
                l.clock.clear();
            }
        }
    }

    /// `pthread_mutex_lock(&m)` (`trylock`: `EBUSY` instead of waiting).
    fn mutex_lock(
        &mut self,
        model: &Model,
        m: u64,
        try_only: bool,
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let name = if try_only {
            "pthread_mutex_trylock"
        } else {
            "pthread_mutex_lock"
        };
        // glibc's `__kind`: a mutex made by a recursive or error-checking
        // initializer (`PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP`) is not
        // the default type.
        if let Ok(kind) = self.mem.load(m + MUTEX_KIND_AT, 4) {
            if kind != 0 {
                return Err(Fault::Unsupported(format!(
                    "{name} of a mutex whose type is not the default one (kind {kind}): only default mutexes are modeled"
                )));
            }
        }
        let me = self.omp.team.as_ref().map_or(0, |t| t.current);
        let l = self.omp.mutexes.entry(m).or_default();
        match l.holder {
            // POSIX.1-2017 pthread_mutex_trylock: EBUSY when locked, by
            // any thread including the caller.
            Some(_) if try_only => Ok(OmpStep::Return(EBUSY)),
            Some(h) if h == me => Err(threads_fault(
                ErrorKind::Deadlock,
                format!(
                    "thread {me} locks a mutex it holds (locked at {}): a default mutex does not nest; POSIX.1-2017 pthread_mutex_lock: relocking a PTHREAD_MUTEX_DEFAULT mutex is undefined, a PTHREAD_MUTEX_NORMAL one (glibc's default) deadlocks",
                    model.describe_location(l.at)
                ),
                MUTEX_HELP,
            )),
            Some(h) => {
                let ended = self.omp.team.as_ref().is_none_or(|t| {
                    t.threads
                        .get(h as usize)
                        .is_none_or(|t| matches!(t.state, ThreadState::Done(_)))
                });
                if ended {
                    return Err(threads_fault(
                        ErrorKind::Deadlock,
                        format!(
                            "thread {me} locks a mutex thread {h} locked at {} and never unlocked: thread {h} ended",
                            model.describe_location(l.at)
                        ),
                        MUTEX_HELP,
                    ));
                }
                let Some(team) = self.omp.team.as_mut() else {
                    return Err(Fault::Unreachable);
                };
                team.threads[me as usize].state = ThreadState::Lock(m);
                self.schedule(model)?;
                Ok(OmpStep::Switched)
            }
            None => {
                l.holder = Some(me);
                l.count = 1;
                l.at = loc;
                let released = l.clock.clone();
                if let Some(team) = self.omp.team.as_mut() {
                    // Ordered after the last unlock; both clocks, since
                    // every order of the lock operations is explored.
                    let t = &mut team.threads[me as usize];
                    join_into(&mut t.clock, &released);
                    join_into(&mut t.det, &released);
                }
                Ok(OmpStep::Return(0))
            }
        }
    }

    /// Unlocks mutex `m` the running thread holds (`name`: the call).
    fn mutex_unlock(&mut self, model: &Model, m: u64, name: &str) -> Result<(), Fault> {
        let me = self.omp.team.as_ref().map_or(0, |t| t.current);
        let l = self.omp.mutexes.entry(m).or_default();
        if l.holder != Some(me) {
            let other = l.holder.map_or(String::new(), |h| {
                format!(
                    "; thread {h} holds it since {}",
                    model.describe_location(l.at)
                )
            });
            return Err(threads_fault(
                ErrorKind::InvalidArgument,
                format!(
                    "{name} of a mutex thread {me} does not hold{other} (POSIX.1-2017 pthread_mutex_unlock: undefined for a default mutex; an error-checking one returns EPERM)"
                ),
                MUTEX_HELP,
            ));
        }
        l.holder = None;
        l.count = 0;
        if let Some(team) = self.omp.team.as_mut() {
            let t = &mut team.threads[me as usize];
            let clock = t.clock.clone();
            t.tick(me as usize);
            join_into(&mut l.clock, &clock);
            for t in &mut team.threads {
                if t.state == ThreadState::Lock(m) {
                    t.state = ThreadState::Runnable;
                }
            }
        }
        Ok(())
    }

    /// `pthread_cond_wait(&c, &m)`: unlocks `m` and waits for a signal,
    /// then locks `m` again.
    fn cond_wait(&mut self, model: &Model, c: u64, m: u64, loc: LocId) -> Result<OmpStep, Fault> {
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            if let Some((held, true)) = team.threads[me].cond {
                // Woken: takes the mutex again before returning.
                return match self.mutex_lock(model, held, false, loc)? {
                    OmpStep::Return(_) => {
                        if let Some(team) = self.omp.team.as_mut() {
                            let me = team.current as usize;
                            team.threads[me].cond = None;
                        }
                        Ok(OmpStep::Return(0))
                    }
                    other => Ok(other),
                };
            }
        }
        let me = self.omp.team.as_ref().map_or(0, |t| t.current);
        if self.omp.mutexes.get(&m).and_then(|l| l.holder) != Some(me) {
            return Err(threads_fault(
                ErrorKind::InvalidArgument,
                format!("pthread_cond_wait with a mutex thread {me} does not hold (POSIX.1-2017 pthread_cond_wait: undefined; an error-checking mutex returns EPERM)"),
                MUTEX_HELP,
            ));
        }
        if self.omp.team.is_none() {
            return Err(threads_fault(
                ErrorKind::Deadlock,
                "pthread_cond_wait while the process has no other thread: no signal can wake it"
                    .into(),
                DEADLOCK_HELP,
            ));
        }
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        // POSIX.1-2017 pthread_cond_wait: "spurious wakeups ... may occur".
        // The search explores a return without a signal once per wait (a
        // thread that waits again after one blocks until a signal): enough
        // to show a wait whose caller does not test its predicate again.
        let t = &mut team.threads[me as usize];
        match t.wait_decided.take() {
            None if !t.spurious => {
                let threads = vec![me, me + SPURIOUS];
                team.choice = Some(threads.clone());
                team.posix_choice = Some(Choice::Wait);
                return Ok(OmpStep::Stop(Stop::Threads {
                    threads,
                    func: MpiFunc::Wtime,
                    loc,
                }));
            }
            Some(true) => {
                t.spurious = true;
                t.cond = Some((m, true));
                self.mutex_unlock(model, m, "pthread_cond_wait")?;
                // It takes the mutex again (its next step).
                return Ok(OmpStep::Switched);
            }
            _ => {}
        }
        self.mutex_unlock(model, m, "pthread_cond_wait")?;
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        let t = &mut team.threads[me as usize];
        t.cond = Some((m, false));
        t.state = ThreadState::Cond(c, loc);
        self.schedule(model)?;
        Ok(OmpStep::Switched)
    }

    /// `pthread_cond_signal(&c)` / `pthread_cond_broadcast(&c)`: wakes one
    /// waiter (the search chooses which when several wait) or all; nothing
    /// when none waits (POSIX.1-2017: no effect).
    fn cond_signal(&mut self, c: u64, broadcast: bool, loc: LocId) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        let waiters: Vec<u32> = (0..team.threads.len() as u32)
            .filter(
                |&t| matches!(team.threads[t as usize].state, ThreadState::Cond(x, _) if x == c),
            )
            .collect();
        if waiters.len() > 1 && !broadcast {
            team.choice = Some(waiters.clone());
            team.posix_choice = Some(Choice::Signal);
            return Ok(OmpStep::Stop(Stop::Threads {
                threads: waiters,
                func: MpiFunc::Wtime,
                loc,
            }));
        }
        for w in waiters {
            Self::wake_waiter(team, w);
        }
        Ok(OmpStep::Return(0))
    }

    /// Thread `w` waiting on a condition variable is woken by the running
    /// thread: what the signaler did before happens before the waiter
    /// returns (POSIX.1-2017 XBD 4.12 lists pthread_cond_signal and
    /// pthread_cond_broadcast among the functions that synchronize memory).
    fn wake_waiter(team: &mut Team, w: u32) {
        let me = team.current as usize;
        let (clock, det) = (team.threads[me].clock.clone(), team.threads[me].det.clone());
        team.threads[me].tick(me);
        let t = &mut team.threads[w as usize];
        join_into(&mut t.clock, &clock);
        join_into(&mut t.det, &det);
        if let Some((_, woken)) = t.cond.as_mut() {
            *woken = true;
        }
        t.spurious = false;
        t.state = ThreadState::Runnable;
    }

    /// The search's choice in a team of POSIX threads: the waiter a signal
    /// wakes (its trace note), or `None` when the choice is another one.
    pub(super) fn posix_choose(&mut self, thread: u32) -> Option<String> {
        let team = self.omp.team.as_mut()?;
        let choice = team.posix_choice.take()?;
        team.choice = None;
        let me = team.current as usize;
        Some(match choice {
            Choice::Signal => {
                team.threads[me].signal_done = true;
                Self::wake_waiter(team, thread);
                format!("the signal wakes thread {thread}")
            }
            Choice::Wait => {
                let spurious = thread >= SPURIOUS;
                let t = &mut team.threads[me];
                t.wait_decided = Some(spurious);
                // It makes the wait it is at without parking again.
                t.sync_ok = true;
                if spurious {
                    format!("thread {me}'s pthread_cond_wait returns spuriously (POSIX.1-2017 allows it)")
                } else {
                    format!("thread {me} blocks in pthread_cond_wait")
                }
            }
        })
    }

    /// The process exits (`main` returned or `exit` was called) while
    /// other threads exist: POSIX ends them wherever they are. A thread
    /// inside MPI then is an error; one that could still run ends the
    /// check inconclusive (what it would do before the exit is not
    /// explored).
    pub fn posix_exit(&self, model: &Model) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_ref().filter(|t| t.posix) else {
            return Ok(());
        };
        let me = team.current as usize;
        for (i, t) in team.threads.iter().enumerate() {
            if i == me {
                continue;
            }
            let created = t.pthread.as_ref().map_or(String::new(), |p| {
                format!(" (created at {})", model.describe_location(p.created_at))
            });
            match t.state {
                ThreadState::InMpi(_) | ThreadState::AtMpi => {
                    return Err(threads_fault(
                        ErrorKind::MpiUsage,
                        format!("the process exits while thread {i}{created} is inside an MPI call (MPI 4.0 §11.6.2: every thread's calls must complete before MPI_Finalize)"),
                        DEADLOCK_HELP,
                    ))
                }
                ThreadState::Runnable | ThreadState::AtSync => {
                    return Err(Fault::Unsupported(format!(
                        "the process exits while thread {i}{created} can still run: exit ends it wherever it is (POSIX.1-2017 exit), and what it would do before is not explored; join it first"
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }
}
