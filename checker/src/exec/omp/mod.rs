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
//! concurrent calls under `MPI_THREAD_MULTIPLE` are not modeled.

mod loops;
mod race;

use std::collections::BTreeMap;

use loops::Dispatch;
use race::{Class, History, MPI_CELL};

use super::interp::{Fault, Frame, Process};
use super::memory::AllocKind;
use crate::diag::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::{FuncId, LocId, Model, Pointer};
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
    /// Returned from the region's function.
    Done(LocId),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Thread {
    /// The call stack while another thread runs (empty while this one runs:
    /// its frames are the process's).
    frames: Vec<Frame>,
    state: ThreadState,
    /// Vector clock: what this thread has synchronized with.
    clock: Vec<u32>,
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
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Lock {
    holder: Option<u32>,
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
}

impl Team {
    fn size(&self) -> u32 {
        self.threads.len() as u32
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
    /// The instruction stays current: the current thread changed (or the
    /// region's function was entered), run on.
    Switched,
}

impl Process {
    /// The thread running now and the team size (0 of 1 outside regions).
    pub fn omp_thread(&self) -> (u32, u32) {
        match &self.omp.team {
            Some(t) => (t.current, t.size()),
            None => (0, 1),
        }
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
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (me, size) = self.omp_thread();
        Ok(OmpStep::Return(match call {
            OmpCall::ForkCall => return self.fork(model, args, loc),
            // Outside a region, the team of one is what the process is
            // already: the region's function is called like any other
            // (and the queries answer thread 0 of 1). Inside a region it
            // would be a nested team, which is not modeled.
            OmpCall::SerializedParallel | OmpCall::EndSerializedParallel => {
                if self.omp.team.is_some() {
                    return Err(Fault::Unsupported(
                        "a parallel region inside a parallel region (nested parallelism)".into(),
                    ));
                }
                self.omp.pushed = None;
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
            OmpCall::GetThreadNum if size > 1 && self.runs_anywhere() => {
                return Err(Fault::Unsupported(
                    "omp_get_thread_num() inside a `single` block or a chunk of a dynamic-schedule loop: which thread runs it is the schedule's choice, and thread schedules are not explored".into(),
                ))
            }
            OmpCall::GlobalThreadNum | OmpCall::GetThreadNum => me as u64,
            OmpCall::GetNumThreads => size as u64,
            OmpCall::GetMaxThreads | OmpCall::GetNumProcs => self.omp.max_threads as u64,
            OmpCall::InParallel => (size > 1) as u64,
            OmpCall::GetLevel => self.omp.team.is_some() as u64,
            OmpCall::GetWtime => super::libc::Clock::at(self.steps).seconds().to_bits(),
            OmpCall::Flush | OmpCall::ForStaticFini => 0,
            OmpCall::ForStaticInit4
            | OmpCall::ForStaticInit4u
            | OmpCall::ForStaticInit8
            | OmpCall::ForStaticInit8u => {
                self.static_schedule(call, args, me, size)?;
                0
            }
            OmpCall::DispatchInit4
            | OmpCall::DispatchInit4u
            | OmpCall::DispatchInit8
            | OmpCall::DispatchInit8u => {
                self.dispatch_init(call, args, me)?;
                0
            }
            OmpCall::DispatchNext4
            | OmpCall::DispatchNext4u
            | OmpCall::DispatchNext8
            | OmpCall::DispatchNext8u => self.dispatch_next(args, me, size)?,
            OmpCall::DispatchFini => 0,
            OmpCall::InitLock | OmpCall::DestroyLock => 0,
            OmpCall::SetLock => {
                return match self.acquire(model, arg(0), false, loc)? {
                    OmpStep::Return(_) => Ok(OmpStep::Return(0)),
                    switched => Ok(switched),
                }
            }
            OmpCall::UnsetLock => {
                self.release(arg(0), loc)?;
                0
            }
            OmpCall::TestLock if size > 1 => {
                return Err(Fault::Unsupported(
                    "omp_test_lock in a parallel region: whether the lock is free depends on the thread schedule, which is not explored".into(),
                ))
            }
            OmpCall::TestLock => 1,
            OmpCall::Barrier => return self.barrier(model, loc),
            OmpCall::Critical => return self.acquire(model, arg(2), false, loc),
            OmpCall::ReduceNowait | OmpCall::Reduce => {
                return self.acquire(model, arg(6), true, loc)
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
                return match self.barrier(model, loc)? {
                    OmpStep::Switched => Ok(OmpStep::Switched),
                    OmpStep::Return(_) => Ok(OmpStep::Return(0)),
                };
            }
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
            OmpCall::Master => (me == 0) as u64,
            OmpCall::Masked => (me as u64 == arg(2) & 0xffff_ffff) as u64,
            OmpCall::EndMaster | OmpCall::EndMasked => 0,
        }))
    }

    /// A stack block the running thread's frames made (its private copy).
    pub fn omp_private_block(&mut self, addr: u64) {
        if let Some(team) = self.omp.team.as_mut() {
            let me = team.current as usize;
            team.threads[me].private.insert(Pointer::decode(addr).alloc);
        }
    }

    /// Whether the running thread is in code any thread of the team might
    /// run instead (a `single` block, a chunk of a dynamic loop).
    fn runs_anywhere(&self) -> bool {
        self.omp.team.as_ref().is_some_and(|t| {
            let th = &t.threads[t.current as usize];
            th.in_single > 0 || th.dispatch.as_ref().is_some_and(|d| d.chunk().is_some())
        })
    }

    /// `__kmpc_fork_call(loc, nargs, microtask, args...)`.
    fn fork(&mut self, model: &Model, args: &[u64], loc: LocId) -> Result<OmpStep, Fault> {
        if self.omp.team.is_some() {
            return Err(Fault::Unsupported(
                "a parallel region inside a parallel region (nested parallelism)".into(),
            ));
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
            threads.push(Thread {
                frames: vec![frame],
                state: ThreadState::Runnable,
                clock,
                in_single: 0,
                in_reduce: false,
                singles: 0,
                mpi_checked: false,
                loops: 0,
                dispatch: None,
                private: Default::default(),
            });
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
            Some(team) => {
                let floor = if team.current == 0 { team.base } else { 0 };
                self.frames.len() == floor + 1
            }
            None => false,
        }
    }

    /// The running thread returned from the region's function (its frame is
    /// popped): the next thread runs, or the region ends.
    pub fn thread_done(&mut self, model: &Model, loc: LocId) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current as usize;
        team.threads[me].state = ThreadState::Done(loc);
        if let Some(l) = team.locks.values().find(|l| l.holder == Some(me as u32)) {
            return Err(Self::fault_threads(
                ErrorKind::Deadlock,
                format!(
                    "thread {me} ended the parallel region inside the critical section it entered at {}",
                    model.describe_location(l.at)
                ),
            ));
        }
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
        let pick = |team: &Team| {
            (1..=n)
                .map(|k| (me + k) % n)
                .find(|&t| team.threads[t].state == ThreadState::Runnable)
        };
        let next = match pick(team) {
            Some(t) => t,
            None => {
                let states: Vec<ThreadState> = team.threads.iter().map(|t| t.state).collect();
                if let Some(t) = states.iter().position(|s| *s == ThreadState::AtMpi) {
                    team.threads[t].state = ThreadState::Runnable;
                    t
                } else if states.iter().all(|s| matches!(s, ThreadState::Done(_))) {
                    return self.end_region();
                } else if states.iter().all(|s| matches!(s, ThreadState::Barrier(_))) {
                    // Every thread arrived: all that came before the
                    // barrier happens before all that comes after.
                    let mut all = vec![0; n];
                    for t in &team.threads {
                        join(&mut all, &t.clock);
                    }
                    for (i, t) in team.threads.iter_mut().enumerate() {
                        t.state = ThreadState::Runnable;
                        t.clock.clone_from(&all);
                        t.clock[i] += 1;
                    }
                    team.shadow.clear();
                    0
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
                ThreadState::Lock(_) => format!("thread {i} waits for a critical section"),
                ThreadState::Done(_) => format!("thread {i} ended the region"),
                _ => format!("thread {i} runs"),
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
        if team.size() == 1 {
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
        loc: LocId,
    ) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(1));
        };
        let me = team.current;
        let l = team.locks.entry(lock).or_default();
        match l.holder {
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

    fn release(&mut self, lock: u64, _loc: LocId) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current;
        let t = &mut team.threads[me as usize];
        t.in_reduce = false;
        let clock = t.clock.clone();
        t.clock[me as usize] += 1;
        let l = team.locks.entry(lock).or_default();
        l.holder = None;
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
    /// block until another process hears from one of them). Returns true
    /// when the call is to be made now.
    pub fn omp_mpi_call(&mut self, model: &Model, name: &str, loc: LocId) -> Result<bool, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(true);
        };
        if team.size() == 1 {
            return Ok(true);
        }
        let me = team.current as usize;
        if team.threads[me].mpi_checked {
            team.threads[me].mpi_checked = false;
            return Ok(true);
        }
        let level = self.omp.mpi_level;
        if level <= h::MPI_THREAD_FUNNELED {
            let in_single = team.threads[me].in_single > 0;
            let in_chunk = team.threads[me]
                .dispatch
                .as_ref()
                .is_some_and(|d| d.chunk().is_some());
            if me != 0 || in_single || in_chunk {
                let who = if me != 0 {
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
                return Err(Fault::Threads {
                    kind: ErrorKind::MpiUsage,
                    message: format!(
                        "{name} called from {who}, but the thread level is {}: only the main thread may call MPI (MPI 4.0 §11.6)",
                        level_name(level)
                    ),
                    other: None,
                    help: Some(FUNNELED_HELP),
                });
            }
        }
        self.record(model, MPI_CELL, 1, true, Class::Mpi, loc)?;
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(true);
        };
        let others = team
            .threads
            .iter()
            .enumerate()
            .any(|(i, t)| i != me && t.state == ThreadState::Runnable);
        if !others {
            return Ok(true);
        }
        team.threads[me].state = ThreadState::AtMpi;
        team.threads[me].mpi_checked = true;
        self.schedule(model)?;
        Ok(false)
    }

    /// The region a running thread is in, for messages.
    pub fn omp_fork_loc(&self) -> Option<LocId> {
        self.omp.team.as_ref().map(|t| t.fork_loc)
    }
}

fn join_into(into: &mut Vec<u32>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    join(into, from);
}
