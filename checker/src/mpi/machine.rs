//! The MPI machine: every process and the MPI library, plus the trace and
//! the event log of the execution so far. MPI calls are methods on it (the
//! other modules of `mpi/`); the search branches over its states
//! (`crate::system` makes it explorable).
//!
//! The state is `Clone + Send` and cheap to clone (copy-on-write memory,
//! persistent trace), so depth-first exploration keeps one state per open
//! branching point and parallel exploration can hand states to threads.

pub use super::wait::*;
use crate::diag::ErrorKind;
pub use crate::diag::{Finding, Halt, Observed};
use crate::exec::interp::{Fault, Process};
use crate::exec::memory::Memory;
pub use crate::log::events::*;
use crate::log::plist::PList;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::p2p::ReqId;
use runtime_model::mpi::World;
use runtime_model::mpi_api::MpiFunc;

/// Where a process stands in the MPI life cycle (MPI 3.1 §8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lifecycle {
    NotInitialized,
    Initialized,
    Finalized,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Running local code (or about to).
    Ready,
    /// Inside a blocking MPI call.
    Blocked {
        func: MpiFunc,
        loc: LocId,
        block: Block,
    },
    /// `main` returned or `exit` was called.
    Exited { code: i32 },
}

#[derive(Clone, Debug, PartialEq)]
pub struct ProcState {
    pub proc: Process,
    pub phase: Phase,
    pub lifecycle: Lifecycle,
    /// Number of MPI calls issued so far (index of the next log event).
    pub calls: usize,
    /// A request handle of this process was written into its memory
    /// (a nonblocking, persistent or matched-probe call): values the
    /// program holds may name its requests by number. Until then its
    /// requests are only the ones blocking calls make, which nothing in
    /// the program can name, and the state key numbers them from the
    /// newest (`system::fingerprint::canon`).
    pub handles_given: bool,
    /// Fingerprint of the local state and world version when a poll last
    /// answered "not yet": answering "not yet" again from the same state is
    /// a stutter, not a behavior (README, "How exploration is reduced").
    pub poll_mark: Option<(u64, u64)>,
    /// Fingerprint of the local state and world version in which the poll
    /// that last answered "not yet" was made (before the answer was
    /// written): coming back to the poll in that state is the same stutter.
    pub poll_asked: Option<(u64, u64)>,
    /// (world version, "not yet" answers given in a row at that version):
    /// a loop that changes its own state on every pass (a counter, work
    /// between polls) never stutters, so the number of answers in a row
    /// while nothing else happens is bounded by `Machine::max_polls`.
    pub poll_streak: (u64, u32),
    /// The reduced search put off answering this process's poll until
    /// other decisions are made (`poe::next`): the answers it offered then
    /// (its "yes" outcomes, and "not yet") are not offered again.
    pub poll_deferred: Option<Vec<crate::mpi::completion::PollOutcome>>,
    /// `rma_written` when its poll was deferred: if another process's
    /// one-sided update wrote its memory since, answering later is not
    /// answering then (a loop may read the updated memory), and the
    /// deferral covers nothing (`step::deferral_outdated`).
    pub poll_deferred_at: u64,
    /// How many times one-sided communication wrote this process's memory
    /// while it did not run: an RMA update applied at it, or another
    /// member's store to a shared window. A counter, not state: only its
    /// change since `poll_deferred_at` matters.
    pub rma_written: u64,
    /// A deferred poll answered "not yet" because nothing else was left:
    /// the execution is new only if the process comes straight back to the
    /// same poll (a polling loop), see `poe::next`.
    pub poll_forced: bool,
    /// Program arguments' storage is set up once at MPI_Init / start.
    pub exit_loc: Option<LocId>,
    /// The process stopped at an error (a failed assertion, a fault, an
    /// erroneous MPI call): the others go on, so that the execution shows
    /// its other bugs, and what only waits for this process is not one.
    pub crashed: bool,
    /// The states of the whole machine (processes and observable MPI
    /// state) when this process completed an atomic read: coming back to
    /// one is a spin loop on window memory that saw nothing new (Hoefler et al. 2015
    /// §3.5), a stutter like a poll's "not yet" (`rma::sync`).
    /// Each as (world version then, mark): one of an older version than
    /// the state's never matches again (`system::rma_key`).
    pub rma_marks: Vec<(u64, u64)>,
    /// This execution came back to one of `rma_marks`: the branch that left that
    /// state first covers it.
    pub rma_stutter: bool,
    /// Accesses to window memory since its last MPI call (`system::step`).
    pub window_reads: u32,
}

#[derive(Clone, Debug)]
pub struct Machine {
    pub procs: Vec<ProcState>,
    pub world: World,
    /// The trace of the execution, kept only while `tracing` (a replay of
    /// an error's schedule rebuilds it: exploration keeps the schedule).
    pub trace: PList<TraceEntry>,
    /// Trace entries of the execution so far, kept or not.
    pub trace_len: usize,
    pub tracing: bool,
    /// With `tracing`, each trace entry also says where every process is
    /// (`--replay`'s step-by-step view).
    pub trace_ranks: bool,
    pub events: PList<LogEvent>,
    pub deps: PList<Dep>,
    /// Per process, the calls before this index are got through by every
    /// replay of every continuation (`system::past`): their dependencies
    /// were forgotten, and the replays start here (`system::compact`).
    pub log_base: Vec<usize>,
    /// The length of the event log at which the log and the requests are
    /// compacted next, and the least growth between compactions
    /// (`system::compact`); `None` when they never are.
    pub compact_at: Option<(usize, usize)>,
    /// Bumped by every change to the MPI state other processes can observe.
    pub version: u64,
    /// Wildcard receives told not to take these sends (deferred choices).
    pub deferred: Vec<(ReqId, Vec<ReqId>)>,
    /// Each wildcard receive matched in this execution while sends of
    /// other processes could match it too, with those sends, as they stood
    /// when it matched: what a report's "message race" names.
    pub wildcard_alternatives: Vec<(ReqId, Vec<ReqId>)>,
    /// Transitions (scheduling steps) taken in this execution.
    pub transitions: u64,
    pub liveness: std::sync::Arc<crate::exec::liveness::Liveness>,
    /// MPI calls one process may make in this execution (`--max-calls`).
    pub max_calls: usize,
    /// "Not yet" answers one poll may get in a row while nothing else in the
    /// world changes (`--max-polls`).
    pub max_polls: u32,
    /// MPI calls issued so far that may change collective or communicator
    /// state (every call but point-to-point ones and local queries, see
    /// the `p2p_or_local` column of `MpiFunc::attrs`): the reduced search tries processes
    /// blocked in collectives again only after one.
    pub group_calls: u64,
    /// Errors this execution has shown so far (it goes on after them).
    pub findings: Vec<Observed>,
    /// Happens-before and window accesses, once the program made a window
    /// (`crate::mpi::rma`).
    pub rma: Option<Box<crate::mpi::rma::Track>>,
    /// Happens-before for the consistency of files (MPI 3.1 §13.6.1), once
    /// the program opened one: the same vector clocks as one-sided
    /// communication's (`crate::mpi::rma::clock`), kept apart so that
    /// opening a file changes nothing about windows.
    pub io_clocks: Option<Box<crate::mpi::rma::clock::Clocks>>,
    /// A receive completed with a message shorter than its buffer: the
    /// merging of states that ignores the buffer of a pending blocking
    /// receive assumed the message would fill it (`system::memo_key`), so
    /// no subtree holding this execution is remembered.
    pub short_receive: bool,
    /// `--any-input`: the shadows of input-dependent data in payloads
    /// (`crate::mpi::payload`), so that what a receive delivers carries the
    /// sender's symbolic values instead of becoming opaque.
    pub sent_shadows: crate::mpi::payload::SentShadows,
    /// Windows are checked under the separate memory model (MPI 3.1
    /// §11.4, `--memory-model separate`): a public and a private copy,
    /// reconciled only by the calls §11.7 names (`crate::mpi::rma::race`).
    pub separate_memory: bool,
    /// Portability notes this execution raised (location, what), each
    /// once: what MPI leaves open and implementations disagree on, beside
    /// the verdict (`Machine::portability_note`).
    pub portability: Vec<(LocId, String)>,
}

impl Machine {
    /// Notes at `loc`, once, a construct the standard leaves open that an
    /// implementation rejects (a portability note, never an error): the
    /// construct, the rule and the advice, kept as three lines of one text
    /// (`driver::report` splits them).
    pub fn portability_note(&mut self, loc: LocId, construct: &str, rule: &str, help: &str) {
        if !self.portability.iter().any(|(l, _)| *l == loc) {
            self.portability
                .push((loc, format!("{construct}\n{rule}\n{help}")));
        }
    }

    pub fn new(model: &Model, np: usize, program_args: &[String]) -> Machine {
        Self::with_inputs(model, np, program_args, None)
    }

    /// A state whose processes read their inputs as `inputs` says
    /// (`--any-input`, `--input`; see `crate::input`).
    pub fn with_inputs(
        model: &Model,
        np: usize,
        program_args: &[String],
        inputs: Option<std::sync::Arc<crate::input::Plan>>,
    ) -> Machine {
        let mut mem = Memory::with_globals(&model.globals);
        mem.statics.errno = model
            .globals
            .iter()
            .position(|g| g.name == "errno")
            .map(|i| runtime_model::model::Pointer::global(i as u32));
        let program = model
            .files
            .first()
            .and_then(|f| std::path::Path::new(f).file_stem())
            .map_or("prog".to_string(), |s| s.to_string_lossy().into_owned());
        let mut first = Process::new(model, mem);
        if let Some(plan) = inputs {
            first.enable_inputs(model, plan);
        }
        // Too little memory for the arguments is not worth a separate error:
        // main then sees argc = 0.
        let _ = first.set_main_args(model, &program, program_args);
        let procs = (0..np)
            .map(|rank| ProcState {
                proc: {
                    let mut p = first.clone();
                    p.set_input_rank(rank);
                    p.mem.statics.pid = 1000 + rank as i32;
                    p.mem.statics.processors = np as u32;
                    p
                },
                phase: Phase::Ready,
                lifecycle: Lifecycle::NotInitialized,
                calls: 0,
                handles_given: false,
                poll_mark: None,
                poll_asked: None,
                poll_streak: (0, 0),
                poll_deferred: None,
                poll_deferred_at: 0,
                rma_written: 0,
                poll_forced: false,
                exit_loc: None,
                crashed: false,
                rma_marks: Vec::new(),
                rma_stutter: false,
                window_reads: 0,
            })
            .collect();
        Machine {
            procs,
            world: World::new(np),
            trace: PList::default(),
            trace_len: 0,
            tracing: true,
            events: PList::default(),
            deps: PList::default(),
            log_base: vec![0; np],
            compact_at: None,
            version: 0,
            trace_ranks: false,
            deferred: Vec::new(),
            wildcard_alternatives: Vec::new(),
            transitions: 0,
            liveness: std::sync::Arc::new(crate::exec::liveness::Liveness::new(model)),
            max_calls: usize::MAX,
            max_polls: u32::MAX,
            group_calls: 0,
            findings: Vec::new(),
            rma: None,
            io_clocks: None,
            short_receive: false,
            separate_memory: false,
            portability: Vec::new(),
            sent_shadows: Default::default(),
        }
    }

    pub fn np(&self) -> usize {
        self.procs.len()
    }

    /// Notes an error of this execution, which goes on after it.
    pub fn observe(&mut self, model: &Model, mut finding: Finding) {
        self.attach_callers(model, &mut finding);
        let trace_len = self.trace_len;
        self.findings.push(Observed { finding, trace_len });
    }

    /// Names, for each location of `finding` where its process is now, the
    /// call sites on the process's call stack (`Finding::callers`).
    pub fn attach_callers(&self, model: &Model, finding: &mut Finding) {
        if finding.callers.is_some() {
            return;
        }
        let mut callers = Vec::with_capacity(finding.locations.len());
        for &(rank, loc, _) in &finding.locations {
            let stack = self
                .procs
                .get(rank)
                .filter(|p| p.proc.current_loc(model) == loc)
                .map(|p| p.proc.call_sites(model))
                .unwrap_or_default();
            callers.push(stack);
        }
        if callers.iter().any(|c| !c.is_empty()) {
            finding.callers = Some(Box::new(callers));
        }
    }

    /// Whether some process stopped at an error.
    pub fn any_crashed(&self) -> bool {
        self.procs.iter().any(|p| p.crashed)
    }

    pub fn trace_event(&mut self, rank: usize, loc: LocId, event: String) {
        self.trace_step(rank, loc, event, true);
    }

    /// A trace step for a finding (whose message names the threads itself).
    pub fn trace_finding(&mut self, rank: usize, loc: LocId, event: String) {
        self.trace_step(rank, loc, event, false);
    }

    fn trace_step(&mut self, rank: usize, loc: LocId, event: String, by_thread: bool) {
        self.trace_len += 1;
        if self.tracing {
            let ranks = self.trace_ranks.then(|| {
                self.procs
                    .iter()
                    .map(|p| match &p.phase {
                        Phase::Ready => RankAt::Running,
                        Phase::Blocked { func, loc, .. } => RankAt::Blocked {
                            func: *func,
                            loc: *loc,
                        },
                        Phase::Exited { code } => RankAt::Exited { code: *code },
                    })
                    .collect()
            });
            // The process's wait for the calls its threads posted under
            // MPI_THREAD_MULTIPLE is no call of the program: said as what
            // it is.
            let hidden = self
                .procs
                .get(rank)
                .is_some_and(|p| p.proc.omp_hidden_wait());
            let event = match event.strip_prefix("MPI_Waitany") {
                Some(rest) if hidden => match rest.strip_prefix(" returned index ") {
                    Some(k) => return self.trace_threads_return(rank, loc, k),
                    None => format!("threads wait inside their MPI calls {}", rest.trim_start()),
                },
                _ => event,
            };
            // A step of a thread of a team of more than one says which.
            let thread = match self.procs.get(rank).and_then(|p| p.proc.omp_actor()) {
                Some(who) if by_thread && !hidden => Some(who),
                _ => None,
            };
            self.trace.push(TraceEntry {
                rank,
                loc,
                event,
                thread,
                ranks,
            });
        }
    }

    /// The trace step of a thread's call returning from the process's wait
    /// for its threads' calls (`k`: the thread's number).
    fn trace_threads_return(&mut self, rank: usize, loc: LocId, k: &str) {
        let who = self.procs[rank]
            .proc
            .omp_actor_of(k.trim().parse().unwrap_or(0));
        let who = who.unwrap_or_else(|| "thread 0".into());
        self.trace_len -= 1;
        self.trace_step(rank, loc, format!("{who}'s call returns"), false);
    }

    /// Exclusions recorded for wildcard receive `r`.
    pub fn excluded_for(&self, r: ReqId) -> &[ReqId] {
        self.deferred
            .iter()
            .find(|(x, _)| *x == r)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// Hash of a process's local state (registers, memory, position).
    pub fn local_fingerprint(&self, model: &Model, rank: usize) -> u64 {
        self.local_hash(model, rank, false)
    }

    /// `local_fingerprint` with the buffers of pending operations named by
    /// their ranges, not by the operations' ids (`rma::sync`).
    pub fn local_contents(&self, model: &Model, rank: usize) -> u64 {
        self.local_hash(model, rank, true)
    }

    fn local_hash(&self, model: &Model, rank: usize, canonical: bool) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        // Not `steps`, nor dead registers: a loop that polls again from the
        // same state has executed more instructions and left temporaries of
        // its last iteration behind, but is in the same state.
        for fr in &self.procs[rank].proc.frames {
            (fr.func, fr.block, fr.ip, fr.ret_dst).hash(&mut h);
            for &r in self
                .liveness
                .live_at(model, fr.func, fr.block, fr.ip)
                .iter()
            {
                (r, fr.regs[r as usize]).hash(&mut h);
            }
        }
        // The other threads of a parallel region, and the next team's size.
        self.procs[rank].proc.omp.hash(&mut h);
        if canonical {
            self.procs[rank].proc.mem.hash_contents(&mut h);
        } else {
            self.procs[rank].proc.mem.hash(&mut h);
        }
        h.finish()
    }
}

/// Converts an interpreter fault into the finding users see.
pub fn fault_finding(fault: &Fault) -> (ErrorKind, String) {
    match fault {
        Fault::Memory(m) => (ErrorKind::MemoryError, m.to_string()),
        Fault::Assert(m) => (ErrorKind::Assertion, m.clone()),
        Fault::Abort => (ErrorKind::Assertion, "abort() called".into()),
        Fault::Unreachable => (
            ErrorKind::MemoryError,
            "reached unreachable code (undefined behavior)".into(),
        ),
        Fault::Unsupported(m) => (ErrorKind::MemoryError, m.clone()),
        Fault::Threads { kind, message, .. } => (*kind, message.clone()),
        Fault::Endless { message, .. } => (ErrorKind::NonTermination, message.clone()),
    }
}

#[cfg(test)]
mod tests {
    /// Exploration hands states to other threads (parallel search) and keeps
    /// copies at branching points.
    #[test]
    fn state_is_clone_and_send() {
        fn assert_clone_send<T: Clone + Send>() {}
        assert_clone_send::<super::Machine>();
    }
}
