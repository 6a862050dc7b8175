//! The MPI machine made explorable: the transitions every search shares
//! (`step`), the reduced system of POE (`poe`: the deterministic closure and
//! the one decision to branch on), the system of every interleaving that is
//! the test oracle (`interleave`), the end-of-execution checks (`end`) and
//! the wait-for graphs of stuck executions (`waitfor`).

pub mod compact;
pub mod end;
pub mod fingerprint;
pub mod interleave;
pub mod memo_key;
pub mod past;
pub mod poe;
pub mod rma_key;
pub mod step;
pub mod symmetry;
pub mod unbuffered_poll;
pub mod waitfor;

use crate::mpi::machine::{Finding, TraceEntry};
use runtime_model::model::Model;

/// Whether standard sends buffer (MPI 3.1 §3.4 leaves it to the library).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffering {
    /// Standard sends may or may not buffer (the MPI standard).
    Any,
    /// Standard sends never buffer.
    Zero,
    /// Standard sends always buffer.
    Infinite,
}

/// What every state of one search shares: the program and the semantics
/// it is checked under.
#[derive(Clone, Copy, Debug)]
pub struct Ctx<'m> {
    pub model: &'m Model,
    /// Model instructions one process may execute in one execution.
    pub budget: u64,
    pub buffering: Buffering,
    /// Whether finished executions are replayed on the completes-before
    /// graph (the reduced search) or the search itself ran the blocking
    /// semantics (the oracle's strict passes).
    pub analyze_blocking: bool,
    /// The stateful search merges states that are renamings of each other
    /// under a symmetry of the program (`symmetry`; off: `--no-symmetry`).
    pub symmetry: bool,
}

/// An error as the search reports it: the finding and the trace up to where
/// it was found.
#[derive(Clone, Debug)]
pub struct Reported {
    pub finding: Finding,
    /// What the execution kept of its trace (nothing unless it was traced:
    /// the trace of an error is rebuilt by replaying its schedule).
    pub trace: Vec<TraceEntry>,
    /// Length of its trace.
    pub trace_len: usize,
}

impl Reported {
    /// One error for the report (`Finding::same_error`).
    pub fn same(a: &Reported, b: &Reported) -> bool {
        a.finding.same_error(&b.finding)
    }
}
