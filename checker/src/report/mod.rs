//! What a check found, independent of how it is shown. Renderers for text,
//! JSON (the contract in the README) and SARIF live beside this file.

pub mod json;
pub mod sarif;
pub mod text;

use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Verified,
    Error,
    Inconclusive,
}

impl Verdict {
    /// The word reports use (`verified`, `error`, `inconclusive`).
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Verified => "verified",
            Verdict::Error => "error",
            Verdict::Inconclusive => "inconclusive",
        }
    }

    /// Exit status (README): 0 verified, 1 errors, 2 inconclusive.
    pub fn exit_code(self) -> i32 {
        match self {
            Verdict::Verified => 0,
            Verdict::Error => 1,
            Verdict::Inconclusive => 2,
        }
    }
}

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
    /// then what wastes resources.
    pub fn severity(self) -> u8 {
        use ErrorKind::*;
        match self {
            Deadlock | CommunicatorMismatch | CollectiveMismatch => 0,
            Assertion | MemoryError => 1,
            TypeMismatch | CountMismatch | RootMismatch | OpMismatch | InvalidArgument
            | EpochError | MpiUsage => 2,
            BufferingHazard | NonTermination => 3,
            LocalRace | RmaRace => 4,
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

/// A source position involved in an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SourceLoc {
    pub rank: usize,
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// The MPI call at this position, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call: Option<String>,
    /// Call sites this position was inlined at, innermost first, as `file:line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inlined_at: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceStep {
    pub step: usize,
    pub rank: usize,
    pub file: String,
    pub line: u32,
    pub event: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ErrorReport {
    pub kind: ErrorKind,
    pub message: String,
    pub locations: Vec<SourceLoc>,
    pub trace: Vec<TraceStep>,
    /// The schedule that reproduces this error with `mpi-check --replay`.
    pub replay: String,
    /// The whole command that reproduces it (model, process count, the
    /// options that change the semantics, the replay schedule), once the
    /// command line is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The input values that lead to it (`--any-input`), with the range of
    /// each that leads to the same executions.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub input: Vec<crate::input::InputValue>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    pub executions: u64,
    pub transitions: u64,
    pub states: u64,
    pub seconds: f64,
    /// Model instructions executed (all processes, all executions).
    #[serde(skip)]
    pub instructions: u64,
    /// Executions abandoned as redundant (covered by another branch).
    #[serde(skip)]
    pub pruned: u64,
    /// Peak resident memory of the checker, in bytes, if known.
    #[serde(skip)]
    pub peak_rss_bytes: Option<u64>,
    /// Input cells verified (`--any-input`; 0 otherwise).
    #[serde(skip)]
    pub input_cells: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub verdict: Verdict,
    pub np: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub errors: Vec<ErrorReport>,
    pub stats: Stats,
}
