//! What a check found, independent of how it is shown. Renderers for text,
//! JSON (the contract in the README), SARIF and HTML live beside this file.

pub mod explain;
pub mod html;
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

    /// How bad the verdict is: an error outweighs an inconclusive count,
    /// which outweighs a verified one.
    fn severity(self) -> u8 {
        match self {
            Verdict::Verified => 0,
            Verdict::Inconclusive => 1,
            Verdict::Error => 2,
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

pub use crate::diag::ErrorKind;

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
    /// Beyond those, the call sites on the process's call stack (functions
    /// run rather than inlined: recursive ones, calls through pointers,
    /// OpenMP parallel regions), innermost first, as `file:line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub called_from: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceStep {
    pub step: usize,
    pub rank: usize,
    pub file: String,
    pub line: u32,
    pub event: String,
    /// The thread (or task) of the rank's OpenMP team that made the step,
    /// when the team has more than one thread (`thread 2`, `task 1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// Where every process is when this step happens, rank by rank
    /// (`--replay`):
    /// `running`, `MPI_Recv at line 21`, `exited (0)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ranks: Vec<String>,
}

impl TraceStep {
    /// `rank 1`, or `rank 1 thread 2` for a step of a thread of a team.
    pub fn who(&self) -> String {
        match &self.thread {
            Some(t) => format!("rank {} {t}", self.rank),
            None => format!("rank {}", self.rank),
        }
    }

    /// Where every process is at this step, in one line
    /// (`0: running | 1: MPI_Recv at line 21`; `--replay` only).
    pub fn ranks_line(&self) -> String {
        let states: Vec<String> = self
            .ranks
            .iter()
            .enumerate()
            .map(|(r, at)| format!("{r}: {at}"))
            .collect();
        states.join(" | ")
    }
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
    pub input: Vec<InputValue>,
    /// What to change in this situation (markdown), when the checker knows
    /// more than the general advice of the kind (`ErrorKind::help`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
}

/// The input of a reported error: each symbol read, its value, and the range
/// of values around it that leads to the same executions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InputValue {
    pub symbol: String,
    pub value: i64,
    pub min: i64,
    pub max: i64,
    /// The value differs from what the given arguments, the environment or
    /// the generator produce: a replay must pass `--input symbol=value`.
    #[serde(skip)]
    pub forced: bool,
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
    /// Branching states counted from an identical one explored before.
    #[serde(skip)]
    pub merged: u64,
    /// Seconds spent computing state keys (the stateful search's key).
    #[serde(skip)]
    pub key_seconds: f64,
    /// Peak resident memory of the checker, in bytes, if known.
    #[serde(skip)]
    pub peak_rss_bytes: Option<u64>,
    /// Input cells verified (`--any-input`; 0 otherwise).
    #[serde(skip)]
    pub input_cells: u64,
    /// Ranges the inputs were bounded to (`--input NAME=LO..HI`).
    #[serde(skip)]
    pub input_bounds: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub verdict: Verdict,
    pub np: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub errors: Vec<ErrorReport>,
    pub stats: Stats,
    /// What the verdict assumes of functions without source
    /// (`--assume-no-effect`): one entry per pattern, used or not.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<Assumption>,
    /// What the program relies on that its language standard leaves to the
    /// implementation, where it shapes an MPI call: beside the verdict,
    /// never changing it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub portability: Vec<PortabilityNote>,
}

/// A construct the C or C++ standard leaves to the implementation, and
/// the MPI calls whose arguments it shapes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PortabilityNote {
    /// `offsetof on the non-standard-layout class 'Particle'`.
    pub construct: String,
    pub file: String,
    pub line: u32,
    /// How many more lines use it the same way.
    #[serde(skip_serializing_if = "is_zero_u32")]
    pub more_lines: u32,
    pub feeds: Vec<AssumedCall>,
    /// The standard's rule: `C++17 [support.types.layout]/1: ...`.
    pub rule: String,
    pub help: String,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// What [`Assumption::assumed`] says of calls the slicer removed on its
/// own: they return (nothing they return or write reaches the verdict).
pub const ASSUMED_TO_RETURN: &str = "returns";

/// What [`Assumption::assumed`] says when the option chose the memory
/// model of windows (`--memory-model separate`, MPI 3.1 §11.4): no call
/// is covered, the whole check is under it.
pub const MEMORY_MODEL: &str = "memory model";

/// One assumption made of functions without source (by the user, or by
/// the slicer: [`ASSUMED_TO_RETURN`]), and the calls of the model it covers
/// (none: it was never used).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Assumption {
    /// The option that made it (`--assume-no-effect png_*`), or why the
    /// slicer made it.
    pub option: String,
    /// What it assumes of each call: `no effect` (writes no memory the
    /// program sees, returns 0 or an opaque object).
    pub assumed: &'static str,
    pub calls: Vec<AssumedCall>,
}

/// A call an assumption covers, once per source position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AssumedCall {
    pub function: String,
    pub file: String,
    pub line: u32,
}

impl Assumption {
    /// The functions it covers, each once, in order of first call.
    pub fn functions(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for c in &self.calls {
            if !names.contains(&c.function.as_str()) {
                names.push(&c.function);
            }
        }
        names
    }
}

/// `png_init_io and png_write_row have no effect`: what the assumptions
/// that were used say, for a verdict line; `None` when none was used.
pub fn assumed_summary(assumptions: &[Assumption]) -> Option<String> {
    let mut no_effect: Vec<&str> = Vec::new();
    let mut returns: Vec<&str> = Vec::new();
    for a in assumptions {
        let names = if a.assumed == ASSUMED_TO_RETURN {
            &mut returns
        } else {
            &mut no_effect
        };
        for f in a.functions() {
            if !names.contains(&f) {
                names.push(f);
            }
        }
    }
    let parts: Vec<String> = [
        (no_effect, "has no effect", "have no effect"),
        (returns, "returns", "return"),
    ]
    .into_iter()
    .filter_map(|(names, one, many)| {
        let (last, rest) = names.split_last()?;
        Some(if rest.is_empty() {
            format!("{last} {one}")
        } else {
            format!("{} and {last} {many}", rest.join(", "))
        })
    })
    .collect();
    if parts.is_empty() {
        None
    } else {
        Some(parts.join("; "))
    }
}

/// The report whose verdict is the command's, among those of every process
/// count checked: the first with the worst verdict (an error at any count,
/// else inconclusive at any, else verified); `None` when there is none.
pub fn deciding(reports: &[Report]) -> Option<&Report> {
    reports.iter().reduce(|a, b| {
        if b.verdict.severity() > a.verdict.severity() {
            b
        } else {
            a
        }
    })
}
