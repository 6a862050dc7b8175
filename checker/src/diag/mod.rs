//! The vocabulary every layer of the checker speaks about what went wrong:
//! the stable error kinds, a finding of one execution, why an execution
//! stopped, and who waits for whom in a stuck one.

pub mod waitfor;

use runtime_model::model::LocId;
use runtime_model::mpi_api::MpiFunc;
use serde::Serialize;

/// Stable error kinds (README). Serialized as kebab-case identifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    Deadlock,
    CollectiveMismatch,
    BufferingHazard,
    Assertion,
    MemoryError,
    TypeMismatch,
    CountMismatch,
    RootMismatch,
    OpMismatch,
    CommunicatorMismatch,
    InvalidArgument,
    ResourceLeak,
    RequestLeak,
    MissingStart,
    LocalRace,
    RmaRace,
    EpochError,
    NonTermination,
    MpiUsage,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 19] = [
        ErrorKind::Deadlock,
        ErrorKind::CollectiveMismatch,
        ErrorKind::BufferingHazard,
        ErrorKind::Assertion,
        ErrorKind::MemoryError,
        ErrorKind::TypeMismatch,
        ErrorKind::CountMismatch,
        ErrorKind::RootMismatch,
        ErrorKind::OpMismatch,
        ErrorKind::CommunicatorMismatch,
        ErrorKind::InvalidArgument,
        ErrorKind::ResourceLeak,
        ErrorKind::RequestLeak,
        ErrorKind::MissingStart,
        ErrorKind::LocalRace,
        ErrorKind::RmaRace,
        ErrorKind::EpochError,
        ErrorKind::NonTermination,
        ErrorKind::MpiUsage,
    ];

    /// Order of errors in a report, most severe first: the job hangs or
    /// calls MPI inconsistently, then a process fails, then erroneous MPI
    /// use, then what only some libraries or schedules turn into a failure,
    /// then what wastes resources. A conflict on window memory comes first:
    /// it makes the outcome of the execution undefined (seed 003 §3.3.3),
    /// so a failure after it may be its consequence.
    pub fn severity(self) -> u8 {
        use ErrorKind::*;
        match self {
            RmaRace | Deadlock | CommunicatorMismatch | CollectiveMismatch => 0,
            Assertion | MemoryError => 1,
            TypeMismatch | CountMismatch | RootMismatch | OpMismatch | InvalidArgument
            | EpochError | MpiUsage => 2,
            BufferingHazard | NonTermination => 3,
            LocalRace => 4,
            MissingStart | RequestLeak | ResourceLeak => 5,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            ErrorKind::Deadlock => "deadlock",
            ErrorKind::CollectiveMismatch => "collective-mismatch",
            ErrorKind::BufferingHazard => "buffering-hazard",
            ErrorKind::Assertion => "assertion",
            ErrorKind::MemoryError => "memory-error",
            ErrorKind::TypeMismatch => "type-mismatch",
            ErrorKind::CountMismatch => "count-mismatch",
            ErrorKind::RootMismatch => "root-mismatch",
            ErrorKind::OpMismatch => "op-mismatch",
            ErrorKind::CommunicatorMismatch => "communicator-mismatch",
            ErrorKind::InvalidArgument => "invalid-argument",
            ErrorKind::ResourceLeak => "resource-leak",
            ErrorKind::RequestLeak => "request-leak",
            ErrorKind::MissingStart => "missing-start",
            ErrorKind::LocalRace => "local-race",
            ErrorKind::RmaRace => "rma-race",
            ErrorKind::EpochError => "epoch-error",
            ErrorKind::NonTermination => "non-termination",
            ErrorKind::MpiUsage => "mpi-usage",
        }
    }
}

/// An error found in the current execution.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub kind: ErrorKind,
    pub message: String,
    /// (rank, location, call) involved.
    pub locations: Vec<(usize, LocId, Option<MpiFunc>)>,
    /// For a deadlock: who waits for whom (`--wait-for-graph`).
    pub wait_for: Option<waitfor::WaitFor>,
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

    /// One error for the report: the same kind at the same places, in
    /// whatever order an execution named them (a message race lists its
    /// sites in the order of its execution).
    pub fn same_error(&self, other: &Finding) -> bool {
        let sites = |f: &Finding| {
            let mut v = f.locations.clone();
            v.sort();
            v
        };
        self.kind == other.kind
            && self.locations.len() == other.locations.len()
            && sites(self) == sites(other)
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
