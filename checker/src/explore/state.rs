//! The global state the explorer branches over: every process and the MPI
//! library, plus the trace and the event log of the execution so far.
//!
//! The state is `Clone + Send` and cheap to clone (copy-on-write memory,
//! persistent trace), so depth-first exploration keeps one state per open
//! branching point and parallel exploration can hand states to threads.

use super::plist::PList;
use crate::exec::interp::{Fault, Process};
use crate::exec::memory::Memory;
use crate::report::ErrorKind;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::p2p::{EventRef, ReqId};
use runtime_model::mpi::{CommId, World};
use runtime_model::mpi_api::MpiFunc;

/// Where a process stands in the MPI life cycle (MPI 3.1 §8.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lifecycle {
    NotInitialized,
    Initialized,
    Finalized,
}

/// A request the program names through a variable (so completion can reset
/// the variable to `MPI_REQUEST_NULL`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReqSlot {
    /// `None` for `MPI_REQUEST_NULL` entries.
    pub req: Option<ReqId>,
    /// Address of the `MPI_Request` variable, 0 for requests internal to a
    /// blocking call.
    pub handle_addr: u64,
    /// Where to write the status (0 or 1 = ignore).
    pub status_addr: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaitMode {
    /// Wait, Waitall, blocking send/receive, Sendrecv.
    All,
    /// Waitany: one of the requests.
    Any { index_addr: u64 },
    /// Waitsome: a non-empty set of the requests (MPI 3.1 §3.7.5).
    Some(SomeOutputs),
}

/// Where MPI_Waitsome / MPI_Testsome write what completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SomeOutputs {
    pub outcount_addr: u64,
    pub indices_addr: u64,
    /// `array_of_statuses` (or `MPI_STATUSES_IGNORE`): the k-th completed
    /// request's status goes to entry k.
    pub statuses_addr: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PollKind {
    Test {
        flag_addr: u64,
    },
    Testall {
        flag_addr: u64,
    },
    Testany {
        flag_addr: u64,
        index_addr: u64,
    },
    Testsome(SomeOutputs),
    /// MPI_Request_get_status: Test without freeing the request (§3.7.6).
    GetStatus {
        flag_addr: u64,
    },
    Iprobe {
        flag_addr: u64,
        status_addr: u64,
    },
    /// MPI_Improbe: a "yes" matches the message (§3.8.2).
    Improbe {
        flag_addr: u64,
        message_addr: u64,
        status_addr: u64,
    },
}

/// What a blocked process waits for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    Requests {
        slots: Vec<ReqSlot>,
        mode: WaitMode,
        /// Requests this Waitany has been told not to pick (a deferred choice).
        excluded: Vec<ReqId>,
    },
    Collective {
        comm: CommId,
        instance: usize,
        /// Receive buffer address.
        recv_buf: u64,
    },
    Probe {
        comm: CommId,
        source: Option<usize>,
        tag: Option<i32>,
        status_addr: u64,
        excluded: Vec<ReqId>,
        /// MPI_Mprobe: where the matched message's handle goes (§3.8.2).
        message_addr: Option<u64>,
    },
    /// A Test/Testany/Testall/Iprobe whose outcome is a choice.
    Poll {
        kind: PollKind,
        slots: Vec<ReqSlot>,
        probe: Option<(CommId, Option<usize>, Option<i32>)>,
    },
    /// MPI_Cancel of an unmatched operation: whether the cancel succeeds is
    /// a choice (MPI 3.1 §3.8.4: either the cancel or the communication
    /// succeeds, not both).
    Cancel { req: ReqId },
    /// MPI_Buffer_detach waiting until its buffered messages are delivered
    /// (MPI 3.1 §3.6.1); only the naive oracle's pass without system
    /// buffering blocks here, the reduced search checks it on the
    /// completes-before graph.
    Detach { messages: Vec<ReqId> },
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

/// One MPI call of a process, for the completes-before analysis and reports.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEvent {
    pub rank: usize,
    pub index: usize,
    pub func: MpiFunc,
    pub loc: LocId,
    /// For receives and probes: (source, tag, comm) with `None` = any.
    pub recv_envelope: Option<(Option<usize>, Option<i32>, CommId)>,
    /// For sends: (dest, tag, comm).
    pub send_envelope: Option<(usize, i32, CommId)>,
}

/// Why a blocking call could not complete before another event happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DepKind {
    /// Required under every MPI implementation (a receive needs its send).
    Always,
    /// Only when standard sends are not buffered (send waits for the receive).
    ZeroBuffer,
    /// Only when collectives synchronize (a member waits for all members).
    Synchronizing,
}

/// Event `waiter` cannot complete before `needs` has been issued (`None`:
/// never, e.g. a send whose message is never received).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dep {
    pub waiter: EventRef,
    pub needs: Option<EventRef>,
    pub kind: DepKind,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TraceEntry {
    pub rank: usize,
    pub loc: LocId,
    pub event: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ProcState {
    pub proc: Process,
    pub phase: Phase,
    pub lifecycle: Lifecycle,
    /// Number of MPI calls issued so far (index of the next log event).
    pub calls: usize,
    /// Fingerprint of the local state and world version when a poll last
    /// answered "not yet": answering "not yet" again from the same state is
    /// a stutter, not a behavior (README, "How exploration is reduced").
    pub poll_mark: Option<(u64, u64)>,
    /// (world version, "not yet" answers given in a row at that version):
    /// a loop that changes its own state on every pass (a counter, work
    /// between polls) never stutters, so the number of answers in a row
    /// while nothing else happens is bounded by `State::max_polls`.
    pub poll_streak: (u64, u32),
    /// The reduced search put off answering this process's poll until
    /// other decisions are made (`poe::next`): the answers it offered then
    /// (its "yes" outcomes, and "not yet") are not offered again.
    pub poll_deferred: Option<Vec<crate::mpi::completion::PollOutcome>>,
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
}

/// An error found in the current execution.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub kind: ErrorKind,
    pub message: String,
    /// (rank, location, call) involved.
    pub locations: Vec<(usize, LocId, Option<MpiFunc>)>,
    /// For a deadlock: who waits for whom (`--wait-for-graph`).
    pub wait_for: Option<super::waitfor::WaitFor>,
}

impl Finding {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Finding {
        Finding {
            kind,
            message: message.into(),
            locations: Vec::new(),
            wait_for: None,
        }
    }

    pub fn at(mut self, rank: usize, loc: LocId, call: Option<MpiFunc>) -> Finding {
        self.locations.push((rank, loc, call));
        self
    }
}

/// An error the current execution showed without stopping: it is reported
/// with the trace up to where it was found.
#[derive(Clone, Debug, PartialEq)]
pub struct Observed {
    pub finding: Finding,
    /// Length of the trace when it was found.
    pub trace_len: usize,
}

/// Stops the execution: an error in the program, or a limit of the tool.
#[derive(Clone, Debug, PartialEq)]
pub enum Halt {
    Error(Finding),
    /// Not a bug in the program: the checker cannot go on (message names file:line).
    Unsupported(String),
    /// The per-execution instruction budget ran out.
    Budget(String),
}

impl From<Finding> for Halt {
    fn from(f: Finding) -> Halt {
        Halt::Error(f)
    }
}

#[derive(Clone, Debug)]
pub struct State {
    pub procs: Vec<ProcState>,
    pub world: World,
    /// The trace of the execution, kept only while `tracing` (a replay of
    /// an error's schedule rebuilds it: exploration keeps the schedule).
    pub trace: PList<TraceEntry>,
    /// Trace entries of the execution so far, kept or not.
    pub trace_len: usize,
    pub tracing: bool,
    pub events: PList<LogEvent>,
    pub deps: PList<Dep>,
    /// Bumped by every change to the MPI state other processes can observe.
    pub version: u64,
    /// Wildcard receives told not to take these sends (deferred choices).
    pub deferred: Vec<(ReqId, Vec<ReqId>)>,
    /// Transitions (scheduling steps) taken in this execution.
    pub transitions: u64,
    pub liveness: std::sync::Arc<crate::exec::liveness::Liveness>,
    /// Index of the option taken at each branching point so far.
    pub schedule: Vec<u32>,
    /// MPI calls one process may make in this execution (`--max-calls`).
    pub max_calls: usize,
    /// "Not yet" answers one poll may get in a row while nothing else in the
    /// world changes (`--max-polls`).
    pub max_polls: u32,
    /// Derived datatypes and user-defined operations of each process.
    pub dtypes: crate::mpi::datatypes::Tables,
    /// MPI calls issued so far that may change collective or communicator
    /// state (every call but point-to-point ones and local queries, see
    /// the `p2p_or_local` column of `MpiFunc::attrs`): the reduced search tries processes
    /// blocked in collectives again only after one.
    pub group_calls: u64,
    /// Errors this execution has shown so far (it goes on after them).
    pub findings: Vec<Observed>,
}

impl State {
    pub fn new(model: &Model, np: usize, program_args: &[String]) -> State {
        Self::with_inputs(model, np, program_args, None)
    }

    /// A state whose processes read their inputs as `inputs` says
    /// (`--any-input`, `--input`; see `crate::input`).
    pub fn with_inputs(
        model: &Model,
        np: usize,
        program_args: &[String],
        inputs: Option<std::sync::Arc<crate::input::Plan>>,
    ) -> State {
        let mem = Memory::with_globals(&model.globals);
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
                    p
                },
                phase: Phase::Ready,
                lifecycle: Lifecycle::NotInitialized,
                calls: 0,
                poll_mark: None,
                poll_streak: (0, 0),
                poll_deferred: None,
                poll_forced: false,
                exit_loc: None,
                crashed: false,
            })
            .collect();
        State {
            procs,
            world: World::new(np),
            trace: PList::default(),
            trace_len: 0,
            tracing: true,
            events: PList::default(),
            deps: PList::default(),
            version: 0,
            deferred: Vec::new(),
            transitions: 0,
            liveness: std::sync::Arc::new(crate::exec::liveness::Liveness::new(model)),
            schedule: Vec::new(),
            max_calls: usize::MAX,
            max_polls: u32::MAX,
            dtypes: Default::default(),
            group_calls: 0,
            findings: Vec::new(),
        }
    }

    pub fn np(&self) -> usize {
        self.procs.len()
    }

    /// Notes an error of this execution, which goes on after it.
    pub fn observe(&mut self, finding: Finding) {
        let trace_len = self.trace_len;
        self.findings.push(Observed { finding, trace_len });
    }

    /// Whether some process stopped at an error.
    pub fn any_crashed(&self) -> bool {
        self.procs.iter().any(|p| p.crashed)
    }

    pub fn trace_event(&mut self, rank: usize, loc: LocId, event: String) {
        self.trace_len += 1;
        if self.tracing {
            self.trace.push(TraceEntry { rank, loc, event });
        }
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
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        // Not `steps`, nor dead registers: a loop that polls again from the
        // same state has executed more instructions and left temporaries of
        // its last iteration behind, but is in the same state.
        for fr in &self.procs[rank].proc.frames {
            (fr.func, fr.block, fr.ip, fr.ret_dst).hash(&mut h);
            for r in self.liveness.live_at(model, fr.func, fr.block, fr.ip) {
                (r, fr.regs[r as usize]).hash(&mut h);
            }
        }
        self.procs[rank].proc.mem.hash(&mut h);
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
    }
}

#[cfg(test)]
mod tests {
    /// Exploration hands states to other threads (parallel search) and keeps
    /// copies at branching points.
    #[test]
    fn state_is_clone_and_send() {
        fn assert_clone_send<T: Clone + Send>() {}
        assert_clone_send::<super::State>();
    }
}
