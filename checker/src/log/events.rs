//! What an execution leaves behind besides its state: the trace users read
//! and the log of MPI calls with the dependencies between them, from which
//! the completes-before replays work (Vakkalanka et al. 2008a, §2).

use runtime_model::model::LocId;
use runtime_model::mpi::p2p::EventRef;
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;

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

/// Event `waiter` cannot complete before `needs` has been issued.
#[derive(Clone, Debug, PartialEq)]
pub struct Dep {
    pub waiter: EventRef,
    pub needs: Needed,
    pub kind: DepKind,
}

/// What a dependency waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Needed {
    /// Never comes (e.g. a send whose message is never received).
    Never,
    /// One call of one process.
    Call(EventRef),
    /// Every one of these calls: the arrivals at a collective instance, one
    /// list shared by the dependencies of all its members, so that a
    /// collective of n members records O(n) and not O(n²) (a waiter's own
    /// arrival may be in the list: it is reached when the waiter is).
    All(std::sync::Arc<[EventRef]>),
}

impl Needed {
    /// `Call` of `Some`, `Never` of `None`.
    pub fn of(needs: Option<EventRef>) -> Needed {
        needs.map_or(Needed::Never, Needed::Call)
    }

    /// The calls it names.
    pub fn calls(&self) -> &[EventRef] {
        match self {
            Needed::Never => &[],
            Needed::Call(e) => std::slice::from_ref(e),
            Needed::All(v) => v,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TraceEntry {
    pub rank: usize,
    pub loc: LocId,
    pub event: String,
    /// The thread (or task) of the process's team that made the step, when
    /// the team has more than one (`thread 2`, `task 1`).
    pub thread: Option<String>,
    /// Where every process was when this step happened (`--replay` only).
    pub ranks: Option<std::sync::Arc<[RankAt]>>,
}

/// Where a process is at a step of a replayed execution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RankAt {
    /// Running its own code (or about to call MPI).
    Running,
    /// Waiting inside a blocking MPI call.
    Blocked {
        func: runtime_model::mpi_api::MpiFunc,
        loc: LocId,
    },
    /// Finished, with its exit status.
    Exited { code: i32 },
}
