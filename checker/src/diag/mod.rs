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
    /// No longer reported: completing a persistent request never started
    /// is legal MPI (it is inactive, MPI 3.1 §3.7.3, §3.9); what goes
    /// wrong afterwards (a message never received, a stale value) is
    /// reported as such. The id stays in the stable vocabulary.
    MissingStart,
    LocalRace,
    RmaRace,
    EpochError,
    NonTermination,
    MpiUsage,
    DataRace,
    IoRace,
    /// Two threads of one process probe and receive the same messages
    /// concurrently (MPI 4.0 §3.8.2).
    MessageRace,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 22] = [
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
        ErrorKind::DataRace,
        ErrorKind::IoRace,
        ErrorKind::MessageRace,
    ];

    /// Order of errors in a report, most severe first: the job hangs or
    /// calls MPI inconsistently, then a process fails, then erroneous MPI
    /// use, then what only some libraries or schedules turn into a failure,
    /// then what wastes resources. A conflict on window memory comes first:
    /// it makes the outcome of the execution undefined (Hoefler et al. 2015, §3.3.3),
    /// so a failure after it may be its consequence.
    pub fn severity(self) -> u8 {
        use ErrorKind::*;
        match self {
            RmaRace | DataRace | IoRace | MessageRace | Deadlock | CommunicatorMismatch
            | CollectiveMismatch => 0,
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
            ErrorKind::DataRace => "data-race",
            ErrorKind::IoRace => "io-race",
            ErrorKind::MessageRace => "message-race",
        }
    }

    /// What to change, as markdown (code in backquotes): SARIF's rule help
    /// and the text report's `help:` note.
    pub fn help(self) -> &'static str {
        match self {
            ErrorKind::Deadlock => {
                "Break the wait-for cycle the message names: reorder the calls so that one side \
                 receives while the other sends (e.g. even ranks send first, odd ranks receive \
                 first), post the receives as nonblocking calls (`MPI_Irecv`, then \
                 `MPI_Waitall`), or exchange with `MPI_Sendrecv`. Where a process finished \
                 without sending, add the missing send or fix the receive's source, tag or \
                 communicator."
            }
            ErrorKind::CollectiveMismatch => {
                "Make every member of the communicator call the same collectives in the same \
                 order: take a collective out of a rank-dependent branch (`if (rank == 0)`), and \
                 call it on every path, early exits included."
            }
            ErrorKind::BufferingHazard => {
                "Make the exchange independent of buffering: post the receive before the \
                 matching send, use nonblocking calls (`MPI_Isend`/`MPI_Irecv` and \
                 `MPI_Waitall`) or `MPI_Sendrecv`; for a send to the process itself, post the \
                 receive first. `mpi-check --buffering infinite` shows whether buffering is the \
                 only problem."
            }
            ErrorKind::Assertion => {
                "Follow the trace to the values that make the check fail. Rerun the schedule \
                 with `mpi-check --replay` (the error's replay schedule): often the program \
                 assumes an order in which wildcard receives match messages that MPI does not \
                 promise."
            }
            ErrorKind::MemoryError => {
                "Fix the access at the reported line: check indices and buffer sizes against the \
                 counts passed to MPI, allocate before use, and do not use or free memory that \
                 was freed."
            }
            ErrorKind::TypeMismatch => {
                "Use matching datatypes on both sides (the same basic type, or derived types with \
                 the same type signature), or convert the data before sending it."
            }
            ErrorKind::CountMismatch => {
                "Receive with a count at least the message's length (use `MPI_Probe` and \
                 `MPI_Get_count` when it varies), and pass matching counts on every member of a \
                 collective."
            }
            ErrorKind::RootMismatch => {
                "Pass the same root on every member: a constant or a value every rank computes \
                 alike, not a rank-dependent expression."
            }
            ErrorKind::OpMismatch => "Pass the same `MPI_Op` on every member of the reduction.",
            ErrorKind::CommunicatorMismatch => {
                "Use one communicator on both sides: send and receive on the same communicator \
                 (both on `MPI_COMM_WORLD`, or both on the duplicate from `MPI_Comm_dup`), and \
                 call each collective on the same communicator on every member."
            }
            ErrorKind::InvalidArgument => {
                "Pass a valid argument, as the message says (a send tag in `0..MPI_TAG_UB`, a \
                 rank below the communicator's size, ...); for the same buffer as input and output \
                 use `MPI_IN_PLACE`; attach a buffer large enough for the pending buffered sends \
                 (with `MPI_BSEND_OVERHEAD` each); free each object once."
            }
            ErrorKind::ResourceLeak => {
                "Free each object once it is no longer needed: `MPI_Comm_free`, \
                 `MPI_Group_free`, `MPI_Type_free`, `MPI_Op_free`, `MPI_Info_free`, \
                 `MPI_Request_free`, `MPI_Buffer_detach`."
            }
            ErrorKind::RequestLeak => {
                "Complete each request with `MPI_Wait`/`MPI_Test` (or their all/any/some forms), \
                 or free it with `MPI_Request_free`; do not overwrite a request variable while its \
                 operation is pending."
            }
            ErrorKind::MissingStart => {
                "Start the persistent request with `MPI_Start` (or `MPI_Startall`) before \
                 waiting for it or testing it."
            }
            ErrorKind::LocalRace => {
                "Move the access after the `MPI_Wait`/`MPI_Test` that completes the operation, or \
                 give each pending operation a buffer of its own."
            }
            ErrorKind::RmaRace => {
                "Separate the conflicting accesses by synchronization (`MPI_Win_fence`, a \
                 lock/unlock pair, or post/start/complete/wait), or use `MPI_Accumulate` for \
                 concurrent updates."
            }
            ErrorKind::EpochError => {
                "Open an epoch before communicating on the window (`MPI_Win_fence`, \
                 `MPI_Win_lock` or `MPI_Win_start`/`MPI_Win_post`) and close it with the \
                 matching call (`MPI_Win_fence`, `MPI_Win_unlock`, \
                 `MPI_Win_complete`/`MPI_Win_wait`)."
            }
            ErrorKind::NonTermination => {
                "Make the awaited event possible: poll for the source and tag that are actually \
                 sent, or send the message the loop waits for."
            }
            ErrorKind::MpiUsage => {
                "Call MPI only between `MPI_Init` and `MPI_Finalize`, each once; receive every \
                 message before finalizing; use `MPI_Send` rather than `MPI_Rsend` unless a \
                 barrier or a message guarantees that the receive is already posted."
            }
            ErrorKind::DataRace => {
                "Give each thread its own data (`private`, a `reduction` clause, or an array \
                 indexed by `omp_get_thread_num()`), or order the accesses: a `#pragma omp \
                 barrier` between the write and the read, `#pragma omp critical` around both, \
                 or `#pragma omp atomic` for a single update."
            }
            ErrorKind::IoRace => {
                "Separate the conflicting file accesses: `MPI_File_sync` after the write, \
                 `MPI_Barrier` on the file's communicator, `MPI_File_sync` before the read \
                 (or close the file and open it again), or give each process its own part \
                 of the file, or switch the file to atomic mode (`MPI_File_set_atomicity`)."
            }
            ErrorKind::MessageRace => {
                "Match and receive in one step: `MPI_Mprobe` (or `MPI_Improbe`) then \
                 `MPI_Mrecv` with the message handle it returns, which no other thread can \
                 take; or give each thread its own tag or communicator."
            }
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
    /// What to change in this situation, when the detector knows more than
    /// the kind's general advice (`ErrorKind::help`): which tag to fix,
    /// which rank sends too late.
    pub help: Option<String>,
    /// For each of `locations` (same index; missing: none), the call sites
    /// of the functions the process was running on its call stack there,
    /// innermost first: functions the checker calls rather than inlines
    /// (recursive ones, calls through pointers, OpenMP regions).
    /// Boxed: findings travel in every `Err` of the MPI layer.
    pub callers: Option<Box<Vec<Vec<LocId>>>>,
}

impl Finding {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Finding {
        Finding {
            kind,
            message: message.into(),
            locations: Vec::new(),
            wait_for: None,
            help: None,
            callers: None,
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
    /// Not a bug in the program: the checker cannot go on at `loc`, where
    /// a layer that does not know the source files stopped (memory an MPI
    /// call would allocate beyond what the model holds); the report puts
    /// file:line before `reason`.
    UnsupportedAt {
        loc: LocId,
        reason: String,
    },
    /// The per-execution instruction budget ran out.
    Budget(String),
}

impl From<Finding> for Halt {
    fn from(f: Finding) -> Halt {
        Halt::Error(f)
    }
}
