//! The OpenMP threads of one process (docs/OPENMP.md).
//!
//! A parallel region (`__kmpc_fork_call`) makes a team; its threads run one
//! at a time, each until it cannot go on (a barrier, a lock another thread
//! holds, the end of the region, an MPI call while another thread can still
//! run). Running them in one fixed order is exact when no two threads
//! conflict between two barriers: then every schedule computes the same
//! values (OpenMP 5.2 §1.4.1: a program with a data race has unspecified
//! behavior). So every access inside a region is checked against the
//! accesses other threads made since the last barrier:
//! - unordered by the synchronization the schedule went through (vector
//!   clocks over critical sections): a data race, an error;
//! - ordered only by the order in which threads took a lock (two critical
//!   sections touching the same variable, an atomic capture): another
//!   schedule may compute other values, which the checker does not explore,
//!   so the check stops inconclusive there;
//! - atomic updates nobody reads in the interval (`#pragma omp atomic`),
//!   and the combination of a `reduction`'s partial results, commute: their
//!   order is left unspecified by OpenMP and changes at most the rounding.
//!
//! MPI calls from threads follow the level `MPI_Init_thread` provided
//! (MPI 4.0 §11.6): only thread 0 under `MPI_THREAD_FUNNELED` (and, leniently,
//! `MPI_THREAD_SINGLE`), never two at once under `MPI_THREAD_SERIALIZED`;
//! under `MPI_THREAD_MULTIPLE` each thread's blocking call is posted as its
//! nonblocking form and the thread waits for it while the others run
//! (`multiple.rs`).

mod loops;
mod multiple;
mod posix;
mod race;
mod tasks;

use std::collections::BTreeMap;

use loops::Dispatch;
use race::{Class, History, MPI_CELL};

use super::interp::{Fault, Frame, Process, Stop};
use super::memory::AllocKind;
use crate::diag::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::{FuncId, LocId, Model, Pointer};
use runtime_model::mpi_api::MpiFunc;
use runtime_model::omp::OmpCall;

/// Threads of a region when neither `num_threads`, `omp_set_num_threads`
/// nor `OMP_NUM_THREADS` says: two already show every conflict between
/// threads that a larger team shows between two of its threads.
pub const DEFAULT_THREADS: u32 = 2;

const FUNNELED_HELP: &str =
    "Call MPI from the main thread only: in `#pragma omp master` (or `masked`), \
     followed by `#pragma omp barrier` before other threads use the data, or outside the parallel \
     region; or ask `MPI_Init_thread` for `MPI_THREAD_SERIALIZED` when any one thread at a time \
     may call MPI (check the `provided` level it returns).";

const BARRIER_HELP: &str =
    "Let every thread of the team reach the same barriers in the same order: \
     move the barrier (or the worksharing construct with its implicit barrier) out of the branch \
     that depends on the thread number.";

const UNSET_HELP: &str =
    "Unset a lock in the thread or task that set it, and a nestable lock exactly as often \
     as it was set: check the early returns and error paths between the set and the unset.";

/// Largest team the checker runs.
pub const MAX_THREADS: u32 = 64;

/// The OpenMP state of a process outside and inside parallel regions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Omp {
    /// `nthreads-var`: the size of the next team.
    pub max_threads: u32,
    /// A `num_threads` clause for the next region only.
    pub pushed: Option<u32>,
    /// The level `MPI_Init_thread` provided (`MPI_THREAD_SINGLE` until).
    pub mpi_level: i32,
    /// The running region.
    pub team: Option<Box<Team>>,
    /// The thread-number cells regions pass their threads, and how many
    /// threads they have room for (made once, grown when a team is larger).
    cells: Option<(u64, u32)>,
    /// A thread of the running region is in an MPI call (`mpi_begin`).
    in_call: Option<InCall>,
    /// A finding about an MPI call's memory, made when the call returned:
    /// the process stops with it when it runs next.
    pub pending: Option<Box<(Fault, LocId)>>,
    /// The copies of threadprivate variables of threads other than thread
    /// 0, by (variable's allocation, thread number): they persist from one
    /// region to the next (OpenMP 5.2 §5.2, teams of the same size).
    /// With each, the team size it was made in: values are kept into later
    /// regions only while the size stays the same.
    private_copies: BTreeMap<(u32, u32), (u64, u32)>,
    /// A dynamic loop run outside regions.
    solo: Option<Dispatch>,
    /// Nestable locks the initial thread set outside regions: their counts.
    outside_nest: BTreeMap<u64, u32>,
    /// The environment asks for active nested regions (`OMP_NESTED=true`,
    /// `OMP_MAX_ACTIVE_LEVELS` above 1, a list in `OMP_NUM_THREADS`): nested
    /// regions would have more than one thread, which is not modeled.
    nested_active: bool,
    /// Under `MPI_THREAD_MULTIPLE`: memory the process's hidden wait for its
    /// threads' posted calls uses (`multiple.rs`): the index, a status and a
    /// request per thread.
    hidden: Option<u64>,
    /// POSIX mutexes by address (`posix.rs`): kept outside teams too, since
    /// the initial thread may lock one before it creates a thread.
    mutexes: BTreeMap<u64, Lock>,
    /// `pthread_attr_t` objects `pthread_attr_init` initialized, by
    /// address: whether they ask for detached threads.
    attrs: BTreeMap<u64, bool>,
}

/// What an MPI call of a thread is compared with when it returns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct InCall {
    loc: LocId,
    /// The ranges pending operations owned before the call.
    guards: Vec<super::memory::Guard>,
}

impl Omp {
    /// `OMP_NUM_THREADS` of the checker's environment (its first number),
    /// or [`DEFAULT_THREADS`].
    pub fn from_environment() -> Omp {
        let max_threads = std::env::var("OMP_NUM_THREADS")
            .ok()
            .and_then(|v| v.split(',').next()?.trim().parse::<u32>().ok())
            .filter(|&n| n >= 1)
            .unwrap_or(DEFAULT_THREADS)
            .min(MAX_THREADS);
        Omp {
            max_threads,
            pushed: None,
            mpi_level: h::MPI_THREAD_SINGLE,
            team: None,
            cells: None,
            in_call: None,
            pending: None,
            private_copies: BTreeMap::new(),
            outside_nest: BTreeMap::new(),
            solo: None,
            nested_active: nested_active(),
            hidden: None,
            mutexes: BTreeMap::new(),
            attrs: BTreeMap::new(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ThreadState {
    Runnable,
    /// At a barrier (already past it: it continues when all arrived).
    Barrier(LocId),
    /// Waiting for the lock at this address.
    Lock(u64),
    /// Stopped at an MPI call while other threads could run.
    AtMpi,
    /// Inside a blocking MPI call (at this line) posted as its nonblocking
    /// form (`MPI_THREAD_MULTIPLE`): until its request completes.
    InMpi(LocId),
    /// Returned from the region's function (a task: from its entry).
    Done(LocId),
    /// At a `taskwait`: until its child tasks completed.
    TaskWait(LocId),
    /// At the end of a `taskgroup`: until the group's tasks completed.
    TaskGroup(u32, LocId),
    /// A task (or an undeferred task's creator) waits for the tasks its
    /// `depend` clauses name (`Thread::waits`).
    Deps(LocId),
    /// At an `ordered` block of loop `.0` in iteration `.1`: until the
    /// iterations before it are done.
    Ordered(u32, i64),
    /// A POSIX thread at a synchronization operation (a mutex lock, a
    /// condition wait or signal), parked until the search (or the only
    /// choice) lets it make it (`posix.rs`).
    AtSync,
    /// In `pthread_join` of this thread, until it ended.
    Join(u32),
    /// In `pthread_cond_wait` on the condition variable at this address
    /// (called at this line), until a signal or broadcast wakes it.
    Cond(u64, LocId),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Thread {
    /// The call stack while another thread runs (empty while this one runs:
    /// its frames are the process's).
    frames: Vec<Frame>,
    state: ThreadState,
    /// Vector clock: what this thread has synchronized with.
    clock: Vec<u32>,
    /// The part of it every schedule has: synchronization through barriers,
    /// task creation, taskwait, taskgroups, task dependences and ordered
    /// blocks, not through locks (whose order is the schedule's). Its own
    /// entry is `clock`'s.
    det: Vec<u32>,
    /// Inside `single` blocks (which thread runs one is a race).
    in_single: u32,
    /// Combining partial results of a reduction.
    in_reduce: bool,
    /// `single` constructs met so far.
    singles: u32,
    /// Its MPI call was checked (when it resumes at it).
    mpi_checked: bool,
    /// Loops under a dynamic schedule met so far.
    loops: u32,
    /// The dynamic loop it takes chunks of.
    dispatch: Option<Dispatch>,
    /// Stack blocks its own frames made: whichever thread runs a chunk
    /// uses its own copy of them.
    private: std::collections::BTreeSet<u32>,
    /// An explicit task: who made it and what waits for it.
    task: Option<Box<tasks::TaskInfo>>,
    /// Its open `taskgroup`s (ids), innermost last.
    groups: Vec<u32>,
    /// The tasks its `depend` clauses wait for (`ThreadState::Deps`).
    waits: Vec<u32>,
    /// Inside undeferred (`if(0)`) task bodies it runs itself.
    undeferred: u32,
    /// Nested parallel regions it runs as a team of one: `Some(depth)`
    /// for one whose function it was called with (returns at `depth`),
    /// `None` for a `parallel if(0)` ended by a runtime call.
    nest: Vec<Option<usize>>,
    /// In the `ordered` block of this loop.
    in_ordered: Option<u32>,
    /// MPI calls it reached (numbers its calls for `Team::links`).
    mpi_calls: u32,
    /// The MPI function it is at, parked or inside.
    at_call: Option<runtime_model::mpi_api::MpiFunc>,
    /// Its blocking call was posted as its nonblocking form: where the
    /// status goes when it completes (0 or 1: ignored).
    posting: Option<u64>,
    /// A POSIX thread's own state (`posix.rs`).
    pthread: Option<Box<posix::PThread>>,
    /// The search (or the only choice) let it make the synchronization
    /// operation it is parked at.
    sync_ok: bool,
    /// In `pthread_cond_wait`: the mutex it released, and whether a signal
    /// woke it (it then takes the mutex again before returning).
    cond: Option<(u64, bool)>,
    /// The signal it is making already woke the waiter the search chose.
    signal_done: bool,
    /// The search decided whether its `pthread_cond_wait` returns
    /// spuriously (true) or blocks.
    wait_decided: Option<bool>,
    /// Its last wait returned spuriously and no signal woke it since: its
    /// next wait blocks (one spurious wakeup per wait is explored).
    spurious: bool,
}

impl Thread {
    fn new(frames: Vec<Frame>, clock: Vec<u32>, det: Vec<u32>) -> Thread {
        Thread {
            frames,
            state: ThreadState::Runnable,
            clock,
            det,
            in_single: 0,
            in_reduce: false,
            singles: 0,
            mpi_checked: false,
            loops: 0,
            dispatch: None,
            private: Default::default(),
            task: None,
            groups: Vec::new(),
            waits: Vec::new(),
            undeferred: 0,
            nest: Vec::new(),
            in_ordered: None,
            mpi_calls: 0,
            at_call: None,
            posting: None,
            pthread: None,
            sync_ok: false,
            cond: None,
            signal_done: false,
            wait_decided: None,
            spurious: false,
        }
    }

    /// What the thread `me` does next is after what it did.
    fn tick(&mut self, me: usize) {
        self.clock[me] += 1;
        self.det[me] += 1;
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Lock {
    holder: Option<u32>,
    /// How often a nestable lock's holder set it (OpenMP 5.2 §18.9.4).
    count: u32,
    /// The clock of its last release.
    clock: Vec<u32>,
    /// Where it was taken.
    at: LocId,
}

/// A parallel region being run.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Team {
    current: u32,
    /// Frames of thread 0 below the region's function (the caller's).
    base: usize,
    threads: Vec<Thread>,
    locks: BTreeMap<u64, Lock>,
    /// `single` constructs some thread took.
    singles_taken: u32,
    /// Accesses since the last barrier, by word (address / 8).
    shadow: BTreeMap<u64, History>,
    fork_loc: LocId,
    /// Threads of the team; `threads` holds them first, then the explicit
    /// tasks made since the last barrier.
    implicit: u32,
    /// Task records made by `__kmpc_omp_task_alloc`: their flags.
    allocs: BTreeMap<u64, u32>,
    /// The `depend` state of sibling tasks, by (parent, address).
    deps: BTreeMap<(u32, u64), tasks::DepEntry>,
    /// Taskgroups opened so far.
    groups: u32,
    /// `ordered` loops: the state of their ordered blocks, by loop id.
    ordered: BTreeMap<u32, loops::OrderedLoop>,
    /// Under `MPI_THREAD_MULTIPLE`: the MPI calls of the team since the
    /// last barrier, for the check of calls that interact (`multiple.rs`).
    calls: Vec<multiple::Posted>,
    /// Pairs of calls, each (thread, call number), whose order matters.
    links: Vec<((u32, u32), (u32, u32))>,
    /// Threads parked at calls whose order matters: the search chooses the
    /// one that enters MPI first.
    choice: Option<Vec<u32>>,
    /// The running thread stands for the process's wait for the calls its
    /// threads posted (every thread is inside MPI or cannot go on).
    waiting_any: bool,
    /// The threads of the process made by `pthread_create` (thread 0 the
    /// initial thread), not an OpenMP team (`posix.rs`).
    posix: bool,
    /// `choice` is one of a POSIX thread's condition wait or signal.
    posix_choice: Option<posix::Choice>,
}

impl Team {
    /// The number of threads (`omp_get_num_threads`).
    fn size(&self) -> u32 {
        self.implicit
    }

    /// More than one thread or task may run: accesses are checked.
    fn concurrent(&self) -> bool {
        self.threads.len() > 1
    }
}

fn join(into: &mut [u32], from: &[u32]) {
    for (a, b) in into.iter_mut().zip(from) {
        *a = (*a).max(*b);
    }
}

fn level_name(level: i32) -> &'static str {
    match level {
        h::MPI_THREAD_SINGLE => "MPI_THREAD_SINGLE",
        h::MPI_THREAD_FUNNELED => "MPI_THREAD_FUNNELED",
        h::MPI_THREAD_SERIALIZED => "MPI_THREAD_SERIALIZED",
        _ => "MPI_THREAD_MULTIPLE",
    }
}

/// What an `Omp` instruction did.
pub enum OmpStep {
    /// Continue with the next instruction, `dst` set to the value.
    Return(u64),
    /// The process stops (the search chooses among threads).
    Stop(Stop),
    /// The instruction stays current: the current thread changed (or the
    /// region's function was entered), run on.
    Switched,
}

impl Process {
    /// The thread running now and the team size (0 of 1 outside regions);
    /// a task's number is above the team's threads.
    pub fn omp_thread(&self) -> (u32, u32) {
        match &self.omp.team {
            Some(t) => (t.current, t.size()),
            None => (0, 1),
        }
    }

    /// Who runs now, for traces: `thread N` in a team of more than one
    /// thread, `task N` for the N-th explicit task of the region since its
    /// last barrier; `None` outside regions and in a team of one.
    pub fn omp_actor(&self) -> Option<String> {
        let t = self.omp.team.as_ref()?;
        if t.current >= t.implicit {
            Some(format!("task {}", t.current - t.implicit + 1))
        } else if t.implicit > 1 {
            Some(format!("thread {}", t.current))
        } else {
            None
        }
    }

    /// `omp_actor` for thread (or task) `t` of the running team.
    pub fn omp_actor_of(&self, t: u32) -> Option<String> {
        let team = self.omp.team.as_ref()?;
        ((t as usize) < team.threads.len()).then(|| tasks::actor(team, t as usize))
    }

    fn fault_threads(kind: ErrorKind, message: String) -> Fault {
        Fault::Threads {
            kind,
            message,
            other: None,
            help: None,
        }
    }

    /// Runs OpenMP runtime call `call` with argument values `args` at `loc`.
    pub fn omp_call(
        &mut self,
        model: &Model,
        call: OmpCall,
        args: &[u64],
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        if call.is_posix() {
            return self.posix_call(model, call, args, loc);
        }
        if self.omp.team.as_ref().is_some_and(|t| t.posix) && call != OmpCall::GetWtime {
            return Err(Fault::Unsupported(format!(
                "{} while POSIX threads of the process run: OpenMP and POSIX threads together are not modeled",
                call.c_name()
            )));
        }
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (me, size) = self.omp_thread();
        // In a nested region (a team of one inside a team) the thread is
        // thread 0 of 1 (OpenMP 5.2 §10.1.1: most runtimes give nested
        // regions one thread); in an explicit task, the thread running it is
        // whichever takes it.
        let nested = self.omp_nested();
        let in_task = self.omp_in_task();
        if in_task || nested > 0 {
            if let Some(what) = Self::team_construct(call) {
                if in_task {
                    return Err(Fault::Unsupported(format!(
                        "{what} inside an explicit task (OpenMP 5.2 §17: not allowed closely nested in a task region)"
                    )));
                }
                if matches!(call, OmpCall::Barrier) {
                    return Ok(OmpStep::Return(0));
                }
            }
        }
        Ok(OmpStep::Return(match call {
            OmpCall::ForkCall => return self.fork(model, args, loc),
            // Outside a region, the team of one is what the process is
            // already: the region's function is called like any other
            // (and the queries answer thread 0 of 1). Inside a region it is
            // a nested team of one.
            OmpCall::SerializedParallel => {
                self.omp.pushed = None;
                if let Some(team) = self.omp.team.as_mut() {
                    if in_task {
                        return Err(Fault::Unsupported(
                            "a parallel region inside an explicit task".into(),
                        ));
                    }
                    let me = team.current as usize;
                    team.threads[me].nest.push(None);
                }
                0
            }
            OmpCall::EndSerializedParallel => {
                if let Some(team) = self.omp.team.as_mut() {
                    let me = team.current as usize;
                    team.threads[me].nest.pop();
                }
                0
            }
            OmpCall::PushNumThreads => {
                let n = arg(2) as u32 as i32;
                if n >= 1 {
                    self.omp.pushed = Some((n as u32).min(MAX_THREADS));
                }
                0
            }
            OmpCall::SetNumThreads => {
                let n = arg(0) as u32 as i32;
                if n >= 1 {
                    self.omp.max_threads = (n as u32).min(MAX_THREADS);
                }
                0
            }
            OmpCall::GetThreadNum if nested > 0 => 0,
            OmpCall::GetThreadNum if in_task && size > 1 => {
                return Err(Fault::Unsupported(
                    "omp_get_thread_num() inside an explicit task: any thread of the team may run it, and thread schedules are not explored".into(),
                ))
            }
            OmpCall::GetThreadNum if size > 1 && self.runs_anywhere() => {
                return Err(Fault::Unsupported(
                    "omp_get_thread_num() inside a `single` block or a chunk of a dynamic-schedule loop: which thread runs it is the schedule's choice, and thread schedules are not explored".into(),
                ))
            }
            OmpCall::GetThreadNum if in_task => 0,
            // The global thread number only goes back into runtime calls.
            OmpCall::GlobalThreadNum if in_task => 0,
            OmpCall::GlobalThreadNum | OmpCall::GetThreadNum => me as u64,
            OmpCall::GetNumThreads if nested > 0 => 1,
            OmpCall::GetNumThreads => size as u64,
            OmpCall::GetMaxThreads | OmpCall::GetNumProcs => self.omp.max_threads as u64,
            // An enclosing active region (of more than one thread).
            OmpCall::InParallel => (size > 1) as u64,
            OmpCall::GetLevel => match self.omp.team {
                Some(_) => 1 + nested as u64,
                None => 0,
            },
            OmpCall::InFinal => self.omp_in_final() as u64,
            OmpCall::GetWtime => super::libc::Clock::at(self.steps).seconds().to_bits(),
            OmpCall::ThreadLocalAddress => self.thread_local_address(model, arg(0))?,
            OmpCall::Flush | OmpCall::ForStaticFini | OmpCall::TaskYield => 0,
            OmpCall::ForStaticInit4
            | OmpCall::ForStaticInit4u
            | OmpCall::ForStaticInit8
            | OmpCall::ForStaticInit8u => {
                if nested > 0 {
                    self.static_schedule(call, args, 0, 1)?;
                } else {
                    self.static_schedule(call, args, me, size)?;
                }
                0
            }
            OmpCall::DispatchInit4
            | OmpCall::DispatchInit4u
            | OmpCall::DispatchInit8
            | OmpCall::DispatchInit8u => {
                if nested > 0 {
                    return Err(Fault::Unsupported(
                        "a loop under a dynamic or ordered schedule inside a nested parallel region"
                            .into(),
                    ));
                }
                self.dispatch_init(call, args, me)?;
                0
            }
            OmpCall::DispatchNext4
            | OmpCall::DispatchNext4u
            | OmpCall::DispatchNext8
            | OmpCall::DispatchNext8u => self.dispatch_next(args, me, size)?,
            OmpCall::DispatchFini => 0,
            OmpCall::DispatchFiniIter => {
                self.iteration_done(me);
                0
            }
            OmpCall::Ordered => return self.ordered_begin(model, me),
            OmpCall::EndOrdered => {
                self.ordered_end(me);
                0
            }
            OmpCall::InitLock
            | OmpCall::DestroyLock
            | OmpCall::InitNestLock
            | OmpCall::DestroyNestLock => 0,
            OmpCall::SetLock | OmpCall::SetNestLock => {
                let nest = call == OmpCall::SetNestLock;
                return match self.acquire(model, arg(0), false, nest, loc)? {
                    OmpStep::Return(_) => Ok(OmpStep::Return(0)),
                    switched => Ok(switched),
                };
            }
            OmpCall::UnsetLock | OmpCall::UnsetNestLock => {
                self.release_lock(model, arg(0), call == OmpCall::UnsetNestLock, loc)?;
                0
            }
            OmpCall::TestLock | OmpCall::TestNestLock
                if self.omp.team.as_ref().is_some_and(|t| t.concurrent()) =>
            {
                return Err(Fault::Unsupported(format!(
                    "{} in a parallel region: whether the lock is free depends on the thread schedule, which is not explored",
                    call.c_name()
                )))
            }
            // One thread: the lock is free, or its own (nestable: the new
            // count; OpenMP 5.2 §18.9.6).
            OmpCall::TestLock => 1,
            OmpCall::TestNestLock => match self.acquire(model, arg(0), false, true, loc)? {
                OmpStep::Return(n) => n,
                other => return Ok(other),
            },
            OmpCall::Barrier => return self.barrier(model, loc),
            OmpCall::Critical => return self.acquire(model, arg(2), false, false, loc),
            OmpCall::ReduceNowait | OmpCall::Reduce => {
                return self.acquire(model, arg(6), true, false, loc)
            }
            OmpCall::EndCritical => {
                self.release(arg(2), loc)?;
                0
            }
            OmpCall::EndReduceNowait => {
                self.release(arg(2), loc)?;
                0
            }
            OmpCall::EndReduce => {
                self.release(arg(2), loc)?;
                // `__kmpc_end_reduce` ends with the barrier of the `for`.
                if nested > 0 {
                    return Ok(OmpStep::Return(0));
                }
                return match self.barrier(model, loc)? {
                    OmpStep::Return(_) => Ok(OmpStep::Return(0)),
                    other => Ok(other),
                };
            }
            OmpCall::Single if nested > 0 => 1,
            OmpCall::EndSingle if nested > 0 => 0,
            OmpCall::Single => {
                let Some(team) = self.omp.team.as_mut() else {
                    return Ok(OmpStep::Return(1));
                };
                let t = &mut team.threads[me as usize];
                t.singles += 1;
                // The first thread to arrive runs the block.
                if t.singles > team.singles_taken {
                    team.singles_taken = t.singles;
                    t.in_single += 1;
                    1
                } else {
                    0
                }
            }
            OmpCall::EndSingle => {
                if let Some(team) = self.omp.team.as_mut() {
                    let t = &mut team.threads[me as usize];
                    t.in_single = t.in_single.saturating_sub(1);
                }
                0
            }
            OmpCall::Master if nested > 0 => 1,
            OmpCall::Masked if nested > 0 => (arg(2) & 0xffff_ffff == 0) as u64,
            OmpCall::Master => (me == 0) as u64,
            OmpCall::Masked => (me as u64 == arg(2) & 0xffff_ffff) as u64,
            OmpCall::EndMaster | OmpCall::EndMasked => 0,
            OmpCall::TaskAlloc => self.task_alloc(args)?,
            OmpCall::Task | OmpCall::TaskWithDeps => {
                return self.task_create(model, call, args, loc)
            }
            OmpCall::TaskBeginIf0 => {
                self.task_begin_if0(arg(2))?;
                0
            }
            OmpCall::TaskCompleteIf0 => {
                if let Some(team) = self.omp.team.as_mut() {
                    let me = team.current as usize;
                    team.threads[me].undeferred = team.threads[me].undeferred.saturating_sub(1);
                }
                0
            }
            OmpCall::WaitDeps => return self.wait_deps(model, args, loc),
            OmpCall::TaskWait => return self.taskwait(model, loc),
            OmpCall::TaskGroup => {
                self.taskgroup_begin();
                0
            }
            OmpCall::EndTaskGroup => return self.taskgroup_end(model, loc),
            OmpCall::TaskLoop => return self.taskloop(model, args, loc),
            // Routed to `posix_call` above.
            _ => return Err(Fault::Unreachable),
        }))
    }

    /// The constructs that bind to the team: not allowed in a task, one
    /// thread's business in a nested team of one.
    fn team_construct(call: OmpCall) -> Option<&'static str> {
        use OmpCall::*;
        Some(match call {
            Barrier | Reduce | EndReduce => "a barrier",
            ForStaticInit4 | ForStaticInit4u | ForStaticInit8 | ForStaticInit8u | DispatchInit4
            | DispatchInit4u | DispatchInit8 | DispatchInit8u => "a worksharing loop",
            Single => "a `single` construct",
            Master | Masked => "a `masked` construct",
            Ordered => "an `ordered` construct",
            _ => return None,
        })
    }

    /// Nested parallel regions the running thread is in.
    fn omp_nested(&self) -> usize {
        self.omp
            .team
            .as_ref()
            .map_or(0, |t| t.threads[t.current as usize].nest.len())
    }

    /// The running thread is an explicit task.
    fn omp_in_task(&self) -> bool {
        self.omp
            .team
            .as_ref()
            .is_some_and(|t| t.threads[t.current as usize].task.is_some())
    }

    /// The running thread's copy of the thread-local variable at `addr`:
    /// the variable itself for thread 0 and outside regions, else a copy
    /// made at its first use, holding the variable's initial value (OpenMP
    /// 5.2 §5.2: copies are initialized as the original is at program
    /// start).
    fn thread_local_address(&mut self, model: &Model, addr: u64) -> Result<u64, Fault> {
        let Some(team) = self.omp.team.as_ref() else {
            return Ok(addr);
        };
        if team.threads[team.current as usize].task.is_some() && team.size() > 1 {
            return Err(Fault::Unsupported(
                "a threadprivate variable inside an explicit task: the copy is that of the thread running the task, any thread of the team".into(),
            ));
        }
        let me = if team.current >= team.implicit {
            0
        } else {
            team.current
        };
        if me == 0 {
            return Ok(addr);
        }
        let p = Pointer::decode(addr);
        let global = (p.alloc as usize)
            .checked_sub(1)
            .and_then(|g| model.globals.get(g))
            .ok_or_else(|| {
                Fault::Unsupported("a thread-local variable that is not a global".into())
            })?;
        let size = team.size();
        let base = match self.omp.private_copies.get(&(p.alloc, me)) {
            Some(&(_, made)) if made != size => {
                return Err(Fault::Unsupported(format!(
                    "a threadprivate variable used in a region of {size} threads after a region of {made}: whether its copies keep their values is unspecified when the number of threads changes (OpenMP 5.2 §5.2)"
                )));
            }
            Some(&(b, _)) => b,
            None => {
                let b = self
                    .mem
                    .allocate(global.size, AllocKind::Stack)
                    .map_err(Fault::Memory)?;
                self.mem
                    .write_bytes(b, &global.init)
                    .map_err(Fault::Memory)?;
                self.omp.private_copies.insert((p.alloc, me), (b, size));
                b
            }
        };
        Ok(base + p.offset as u64)
    }

    /// A stack block the running thread's frames made (its private copy).
    pub fn omp_private_block(&mut self, addr: u64) {
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            team.threads[me].private.insert(Pointer::decode(addr).alloc);
        }
    }

    /// Whether the running thread is in code any thread of the team might
    /// run instead (a `single` block, a chunk of a dynamic loop, a task).
    fn runs_anywhere(&self) -> bool {
        self.omp.team.as_ref().is_some_and(|t| {
            let th = &t.threads[t.current as usize];
            th.in_single > 0
                || th.dispatch.as_ref().is_some_and(|d| d.chunk().is_some())
                || (th.task.is_some() && t.size() > 1)
        })
    }

    /// `__kmpc_fork_call` inside a region: a nested region, run as a team
    /// of one by the thread that meets it (OpenMP 5.2 §10.1.1: the
    /// implementation may give a nested region one thread, and with
    /// `max-active-levels-var` at 1, as libomp and libgomp default to, it
    /// does): its function is called with thread number 0.
    fn fork_nested(&mut self, model: &Model, args: &[u64]) -> Result<OmpStep, Fault> {
        if self.omp_in_task() {
            return Err(Fault::Unsupported(
                "a parallel region inside an explicit task".into(),
            ));
        }
        if self.omp.nested_active {
            return Err(Fault::Unsupported(
                "a nested parallel region while the environment makes nested regions active (OMP_NESTED, OMP_MAX_ACTIVE_LEVELS or a list in OMP_NUM_THREADS): nested teams of more than one thread are not modeled".into(),
            ));
        }
        self.omp.pushed = None;
        let captured = args.get(3..).unwrap_or(&[]);
        let func = Self::region_function(model, args.get(2).copied().unwrap_or(0), captured.len())?;
        // Thread 0's cells hold 0 for both numbers.
        let Some((cells, _)) = self.omp.cells else {
            return Err(Fault::Unreachable);
        };
        let mut params = vec![cells, cells + 4];
        params.extend_from_slice(captured);
        // Its return (at this depth) moves the caller past the fork.
        let depth = self.frames.len();
        self.frames.push(Self::entry_frame(model, func, &params));
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            team.threads[me].nest.push(Some(depth));
        }
        Ok(OmpStep::Switched)
    }

    /// A frame returned while a region runs: ends the nested region whose
    /// function it was.
    pub fn omp_returned(&mut self) {
        let depth = self.frames.len();
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            if team.threads[me].nest.last() == Some(&Some(depth)) {
                team.threads[me].nest.pop();
            }
        }
    }

    /// `__kmpc_fork_call(loc, nargs, microtask, args...)`.
    fn fork(&mut self, model: &Model, args: &[u64], loc: LocId) -> Result<OmpStep, Fault> {
        if self.omp.team.is_some() {
            return self.fork_nested(model, args);
        }
        if self.track.is_some() {
            return Err(Fault::Unsupported(
                "an OpenMP parallel region under --any-input".into(),
            ));
        }
        let captured = args.get(3..).unwrap_or(&[]);
        let func = Self::region_function(model, args.get(2).copied().unwrap_or(0), captured.len())?;
        let size = self.omp.pushed.take().unwrap_or(self.omp.max_threads);
        // Each thread's global and bound thread number, as `int`s the
        // region's function reads through its first two parameters.
        let cells = match self.omp.cells {
            Some((cells, room)) if room >= size => cells,
            _ => {
                let cells = self
                    .mem
                    .allocate(8 * size as u64, AllocKind::Stack)
                    .map_err(Fault::Memory)?;
                self.omp.cells = Some((cells, size));
                cells
            }
        };
        let mut threads = Vec::with_capacity(size as usize);
        for t in 0..size {
            let cell = cells + 8 * t as u64;
            self.mem.store(cell, 4, t as u64).map_err(Fault::Memory)?;
            self.mem
                .store(cell + 4, 4, t as u64)
                .map_err(Fault::Memory)?;
            let mut params = vec![cell, cell + 4];
            params.extend_from_slice(captured);
            let frame = Self::entry_frame(model, func, &params);
            let mut clock = vec![0; size as usize];
            clock[t as usize] = 1;
            threads.push(Thread::new(vec![frame], clock.clone(), clock));
        }
        let base = self.frames.len();
        let first = std::mem::take(&mut threads[0].frames);
        self.frames.extend(first);
        self.omp.team = Some(Box::new(Team {
            current: 0,
            base,
            threads,
            locks: BTreeMap::new(),
            singles_taken: 0,
            shadow: BTreeMap::new(),
            fork_loc: loc,
            implicit: size,
            allocs: BTreeMap::new(),
            deps: BTreeMap::new(),
            groups: 0,
            ordered: BTreeMap::new(),
            calls: Vec::new(),
            links: Vec::new(),
            choice: None,
            waiting_any: false,
            posix: false,
            posix_choice: None,
        }));
        Ok(OmpStep::Switched)
    }

    fn region_function(model: &Model, bits: u64, captured: usize) -> Result<FuncId, Fault> {
        let func = Pointer::as_function(bits)
            .filter(|f| (*f as usize) < model.functions.len())
            .ok_or_else(|| {
                Fault::Unsupported("a parallel region whose function is unknown".into())
            })?;
        if model.functions[func as usize].params.len() != captured + 2 {
            return Err(Fault::Unsupported(format!(
                "a parallel region passing {captured} variables to {} ({} parameters)",
                model.functions[func as usize].name,
                model.functions[func as usize].params.len()
            )));
        }
        Ok(func)
    }

    fn entry_frame(model: &Model, func: FuncId, args: &[u64]) -> Frame {
        let callee = &model.functions[func as usize];
        let mut regs = vec![0u64; callee.num_regs as usize];
        for (r, a) in regs.iter_mut().zip(args).take(callee.params.len()) {
            *r = *a;
        }
        Frame {
            func,
            block: 0,
            ip: 0,
            regs,
            ret_dst: None,
        }
    }

    /// Whether the frame about to return is the region's function of the
    /// running thread.
    pub fn returns_from_region(&self) -> bool {
        match &self.omp.team {
            // `main` returning is the exit of the process (POSIX.1-2017
            // XSH exit: it ends every thread), not the end of a thread.
            Some(team) if team.posix && team.current == 0 => false,
            Some(team) => {
                let floor = if team.current == 0 { team.base } else { 0 };
                self.frames.len() == floor + 1
            }
            None => false,
        }
    }

    /// The running thread returned from the region's function (its frame is
    /// popped): the next thread runs, or the region ends.
    pub fn thread_done(&mut self, model: &Model, loc: LocId, rv: u64) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current as usize;
        if team.posix {
            return self.pthread_done(model, loc, rv);
        }
        // An untied task that handed itself back to the runtime at a task
        // scheduling point (clang's parts) goes on with its next part: as
        // a tied task would, on the same logical thread.
        if let Some(k) = team.threads[me].task.as_mut() {
            if k.requeued {
                k.requeued = false;
                let frame = Self::entry_frame(model, k.entry, &[0, k.record]);
                self.frames.push(frame);
                return Ok(());
            }
        }
        team.threads[me].state = ThreadState::Done(loc);
        if let Some(l) = team.locks.values().find(|l| l.holder == Some(me as u32)) {
            let who = if me as u32 >= team.implicit {
                "a task ended".to_string()
            } else {
                format!("thread {me} ended the parallel region")
            };
            return Err(Self::fault_threads(
                ErrorKind::Deadlock,
                format!(
                    "{who} inside the critical section (or holding the lock) it entered at {}",
                    model.describe_location(l.at)
                ),
            ));
        }
        // What it did happens before whatever waits for it.
        team.threads[me].tick(me);
        self.schedule(model)
    }

    /// The running thread cannot go on: park it and run another one; when
    /// none can run, complete a barrier, end the region, or let one thread
    /// make its MPI call.
    fn schedule(&mut self, model: &Model) -> Result<(), Fault> {
        let frames = std::mem::take(&mut self.frames);
        let Some(team) = self.omp.team.as_mut() else {
            self.frames = frames;
            return Ok(());
        };
        let me = team.current as usize;
        let n = team.threads.len();
        team.threads[me].frames = frames;
        Self::wake(team);
        let pick = |team: &Team| {
            (1..=n)
                .map(|k| (me + k) % n)
                .find(|&t| team.threads[t].state == ThreadState::Runnable)
        };
        let next = match pick(team) {
            Some(t) => t,
            None => {
                let states: Vec<ThreadState> = team.threads.iter().map(|t| t.state).collect();
                if let Some(t) = posix::next_sync(team) {
                    t
                } else if let Some(t) = multiple::next_in_mpi(team) {
                    t
                } else if states.iter().all(|s| matches!(s, ThreadState::Done(_))) {
                    return self.end_region();
                } else if states.iter().enumerate().all(|(i, s)| {
                    if (i as u32) < team.implicit {
                        matches!(s, ThreadState::Barrier(_))
                    } else {
                        matches!(s, ThreadState::Done(_))
                    }
                }) {
                    // Every thread arrived and every task completed (OpenMP
                    // 5.2 §15.3.1): all that came before the barrier happens
                    // before all that comes after. The tasks are gone.
                    let mut all = vec![0; n];
                    for t in &team.threads {
                        join_into(&mut all, &t.clock);
                    }
                    let implicit = team.implicit as usize;
                    team.threads.truncate(implicit);
                    all.truncate(implicit);
                    for (i, t) in team.threads.iter_mut().enumerate() {
                        t.state = ThreadState::Runnable;
                        t.clock.clone_from(&all);
                        t.det.clone_from(&all);
                        t.tick(i);
                    }
                    for l in team.locks.values_mut() {
                        l.clock.truncate(implicit);
                    }
                    for o in team.ordered.values_mut() {
                        o.clock.truncate(implicit);
                        o.det.truncate(implicit);
                    }
                    team.deps.clear();
                    team.allocs.clear();
                    team.shadow.clear();
                    team.calls.clear();
                    team.links.clear();
                    0
                } else if team.posix {
                    return Err(posix::stuck(model, team, &self.omp.mutexes));
                } else {
                    return Err(Self::stuck(model, team));
                }
            }
        };
        team.current = next as u32;
        self.frames = std::mem::take(&mut team.threads[next].frames);
        Ok(())
    }

    /// No thread of the team can go on: some wait at a barrier others never
    /// reach (they ended the region), or for a lock no running thread will
    /// release.
    fn stuck(model: &Model, team: &Team) -> Fault {
        let mut parts = Vec::new();
        let mut barrier = None;
        for (i, t) in team.threads.iter().enumerate() {
            parts.push(match t.state {
                ThreadState::Barrier(at) => {
                    barrier.get_or_insert(at);
                    format!(
                        "thread {i} waits at the barrier at {}",
                        model.describe_location(at)
                    )
                }
                ThreadState::Lock(_) if i as u32 >= team.implicit => {
                    format!("task {} waits for a lock", i as u32 - team.implicit + 1)
                }
                ThreadState::Lock(_) => format!("thread {i} waits for a critical section"),
                ThreadState::Done(_) if i as u32 >= team.implicit => continue,
                ThreadState::Done(_) => format!("thread {i} ended the region"),
                ThreadState::TaskWait(at) => {
                    format!(
                        "{} waits at the taskwait at {}",
                        tasks::actor(team, i),
                        model.describe_location(at)
                    )
                }
                ThreadState::TaskGroup(_, at) => format!(
                    "{} waits at the end of the taskgroup at {}",
                    tasks::actor(team, i),
                    model.describe_location(at)
                ),
                ThreadState::Deps(at) => format!(
                    "{} waits for the tasks its depend clauses name at {}",
                    tasks::actor(team, i),
                    model.describe_location(at)
                ),
                ThreadState::Ordered(_, _) => {
                    format!("thread {i} waits for an earlier iteration's ordered block")
                }
                _ => format!("{} runs", tasks::actor(team, i)),
            });
        }
        Fault::Threads {
            kind: ErrorKind::Deadlock,
            message: format!(
                "the threads of the parallel region wait for each other forever: {} (every thread must reach the same barriers; OpenMP 5.2 §15.3.1)",
                parts.join(", ")
            ),
            other: barrier,
            help: Some(BARRIER_HELP),
        }
    }

    /// Every thread returned: thread 0 continues after the fork call.
    fn end_region(&mut self) -> Result<(), Fault> {
        let Some(team) = self.omp.team.take() else {
            return Ok(());
        };
        let mut frames = team
            .threads
            .into_iter()
            .next()
            .map(|t| t.frames)
            .unwrap_or_default();
        frames.truncate(team.base);
        self.frames = frames;
        if let Some(fr) = self.frames.last_mut() {
            fr.ip += 1;
        }
        Ok(())
    }

    fn barrier(&mut self, model: &Model, loc: LocId) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        if !team.concurrent() {
            return Ok(OmpStep::Return(0));
        }
        let me = team.current as usize;
        team.threads[me].state = ThreadState::Barrier(loc);
        // Past the barrier when it resumes.
        if let Some(fr) = self.frames.last_mut() {
            fr.ip += 1;
        }
        self.schedule(model)?;
        Ok(OmpStep::Switched)
    }

    fn acquire(
        &mut self,
        model: &Model,
        lock: u64,
        reduce: bool,
        nest: bool,
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            if nest {
                // Outside regions the initial thread owns its nestable
                // locks; the count is kept all the same.
                let c = self.omp.outside_nest.entry(lock).or_default();
                *c += 1;
                return Ok(OmpStep::Return(*c as u64));
            }
            return Ok(OmpStep::Return(1));
        };
        let me = team.current;
        let l = team.locks.entry(lock).or_default();
        match l.holder {
            // A nestable lock its owner sets again (OpenMP 5.2 §18.9.4).
            Some(h) if h == me && nest => {
                l.count += 1;
                Ok(OmpStep::Return(l.count as u64))
            }
            Some(h) if h == me => Err(Self::fault_threads(
                ErrorKind::Deadlock,
                format!("thread {me} takes a lock it already holds: a critical section it is in, or an omp_lock_t it set (neither nests; OpenMP 5.2 §15.2, §18.9)"),
            )),
            Some(_) => {
                team.threads[me as usize].state = ThreadState::Lock(lock);
                self.schedule(model)?;
                Ok(OmpStep::Switched)
            }
            None => {
                l.holder = Some(me);
                l.count = 1;
                l.at = loc;
                let released = l.clock.clone();
                let t = &mut team.threads[me as usize];
                join(&mut t.clock, &released);
                t.in_reduce = reduce;
                // 1: this thread combines its partial results itself.
                Ok(OmpStep::Return(1))
            }
        }
    }

    /// `omp_unset_lock` / `omp_unset_nest_lock`: only the owner may unset
    /// a lock (OpenMP 5.2 §18.9.5: unsetting a lock the task does not own is
    /// non-conforming); a nestable lock is released when its count drops
    /// to zero.
    fn release_lock(
        &mut self,
        model: &Model,
        lock: u64,
        nest: bool,
        loc: LocId,
    ) -> Result<(), Fault> {
        let name = if nest {
            "omp_unset_nest_lock"
        } else {
            "omp_unset_lock"
        };
        let Some(team) = self.omp.team.as_mut() else {
            if nest {
                match self.omp.outside_nest.get_mut(&lock) {
                    Some(c) if *c > 0 => *c -= 1,
                    _ => return Err(Self::not_owner(name, "the initial thread", None)),
                }
            }
            return Ok(());
        };
        let me = team.current;
        let (holder, at) = team
            .locks
            .get(&lock)
            .map_or((None, loc), |l| (l.holder, l.at));
        if holder != Some(me) {
            let who = tasks::actor(team, me as usize);
            let other = holder.map(|h| {
                format!(
                    "it is held by {} since {}",
                    tasks::actor(team, h as usize),
                    model.describe_location(at)
                )
            });
            return Err(Self::not_owner(name, &who, other));
        }
        let l = team.locks.entry(lock).or_default();
        if nest && l.count > 1 {
            l.count -= 1;
            return Ok(());
        }
        self.release(lock, loc)
    }

    fn not_owner(name: &str, who: &str, other: Option<String>) -> Fault {
        Fault::Threads {
            kind: ErrorKind::InvalidArgument,
            message: format!(
                "{name} of a lock {who} does not hold{} (OpenMP 5.2 §18.9.5: only the task that set a lock may unset it)",
                other.map_or(String::new(), |o| format!("; {o}"))
            ),
            other: None,
            help: Some(UNSET_HELP),
        }
    }

    fn release(&mut self, lock: u64, _loc: LocId) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current;
        let t = &mut team.threads[me as usize];
        t.in_reduce = false;
        let clock = t.clock.clone();
        t.tick(me as usize);
        let l = team.locks.entry(lock).or_default();
        l.holder = None;
        l.count = 0;
        join_into(&mut l.clock, &clock);
        for t in &mut team.threads {
            if t.state == ThreadState::Lock(lock) {
                t.state = ThreadState::Runnable;
            }
        }
        Ok(())
    }

    /// The running thread is at an MPI call: checks the thread level, and
    /// lets the other threads run first while they can (an MPI call may
    /// block until another process hears from one of them). Returns the
    /// stop of the process when a call is to be made now (under
    /// `MPI_THREAD_MULTIPLE` perhaps another one: `multiple.rs`), `None`
    /// when another thread runs.
    pub fn omp_mpi_call(
        &mut self,
        model: &Model,
        func: MpiFunc,
        args: Vec<u64>,
        loc: LocId,
    ) -> Result<Option<Stop>, Fault> {
        let name = func.name();
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(Some(Stop::Mpi { func, args, loc }));
        };
        if !team.concurrent() {
            self.omp_mpi_begin(loc);
            return Ok(Some(Stop::Mpi { func, args, loc }));
        }
        if let Some(stop) = self.multiple_pending(func, loc)? {
            return Ok(Some(stop));
        }
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        let me = team.current as usize;
        if team.threads[me].mpi_checked {
            team.threads[me].mpi_checked = false;
            return self.make_call(func, args, loc).map(Some);
        }
        let level = self.omp.mpi_level;
        if level <= h::MPI_THREAD_FUNNELED {
            let in_single = team.threads[me].in_single > 0;
            let in_chunk = team.threads[me]
                .dispatch
                .as_ref()
                .is_some_and(|d| d.chunk().is_some());
            let in_task = team.threads[me].task.is_some() && team.size() > 1;
            let thread = if team.threads[me].task.is_some() {
                0
            } else {
                me
            };
            if thread != 0 || in_single || in_chunk || in_task {
                let who = if let Some(p) = &team.threads[me].pthread {
                    format!(
                        "thread {me}, the POSIX thread created at {}",
                        model.describe_location(p.created_at)
                    )
                } else if in_task {
                    "an explicit task (run by whichever thread of the team takes it)".to_string()
                } else if thread != 0 {
                    format!("thread {me} of a parallel region")
                } else if in_single {
                    "a `single` block (run by whichever thread arrives first)".to_string()
                } else {
                    let schedule = team.threads[me]
                        .dispatch
                        .as_ref()
                        .map_or("dynamic", |d| d.schedule().name());
                    format!(
                        "a chunk of a {schedule}-schedule loop (run by whichever thread takes it)"
                    )
                };
                let posix = team.posix;
                return Err(Fault::Threads {
                    kind: ErrorKind::MpiUsage,
                    message: format!(
                        "{name} called from {who}, but the thread level is {}: only the main thread may call MPI (MPI 4.0 §11.6)",
                        level_name(level)
                    ),
                    other: None,
                    help: Some(if posix { posix::FUNNELED_HELP } else { FUNNELED_HELP }),
                });
            }
        }
        let multiple = level >= h::MPI_THREAD_MULTIPLE;
        if multiple {
            // Calls of several threads may be inside MPI at once (MPI 4.0
            // §11.6.2); which of them interact is checked instead.
            self.check_concurrent(model, func, &args, loc)?;
        } else {
            self.record(model, MPI_CELL, 1, true, Class::Mpi, loc)?;
        }
        let Some(team) = self.omp.team.as_mut() else {
            return Err(Fault::Unreachable);
        };
        // Under MULTIPLE a thread also waits for the threads parked at
        // their calls, so that the order of calls that interact is chosen
        // among all of them (`multiple::next_in_mpi`).
        let others = team.threads.iter().enumerate().any(|(i, t)| {
            i != me
                && (matches!(t.state, ThreadState::Runnable | ThreadState::AtSync)
                    || (multiple && t.state == ThreadState::AtMpi))
        });
        if !others {
            return self.make_call(func, args, loc).map(Some);
        }
        team.threads[me].state = ThreadState::AtMpi;
        team.threads[me].mpi_checked = true;
        self.schedule(model)?;
        Ok(None)
    }

    /// The region a running thread is in (a task: the task construct),
    /// for messages.
    pub fn omp_fork_loc(&self) -> Option<LocId> {
        self.omp.team.as_ref().map(|t| {
            let th = &t.threads[t.current as usize];
            match (&th.task, &th.pthread) {
                (Some(k), _) => k.loc,
                (None, Some(p)) => p.created_at,
                _ => t.fork_loc,
            }
        })
    }
}

/// Whether the checker's environment makes nested regions active (OpenMP
/// 5.2 §21.1.8, §21.1.2, §21.1.9): by default `max-active-levels-var` is 1
/// in libgomp and libomp, so a nested region gets one thread.
fn nested_active() -> bool {
    let var = |n: &str| std::env::var(n).ok().map(|v| v.trim().to_ascii_lowercase());
    var("OMP_NESTED").is_some_and(|v| v == "true" || v == "1")
        || var("OMP_MAX_ACTIVE_LEVELS").is_some_and(|v| v.parse::<u32>().is_ok_and(|n| n > 1))
        || var("OMP_NUM_THREADS").is_some_and(|v| v.contains(','))
}

fn join_into(into: &mut Vec<u32>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    join(into, from);
}
