//! Exploration: which behaviors of the program to execute.
//!
//! - `step`: the transitions every strategy shares (run a process to its next
//!   MPI call, complete what has a single way to complete, apply a choice).
//! - `poe`: the reduced search (seed 002's POE): local code and deterministic
//!   matches run without interleaving; branching happens only on real
//!   nondeterminism (wildcard matches, Waitany picks, Test/Iprobe answers).
//! - `naive`: every interleaving of MPI events, the test oracle.
//! - `finish`: end-of-execution checks (collectives never joined, the
//!   completes-before replays for synchronizing collectives and zero
//!   buffering).
//! - `waitfor`: who waits for whom in a stuck execution, for deadlock
//!   reports (the wait-for cycle, or the chain ending in a finished process).

pub mod cb;
pub mod finish;
pub mod naive;
pub mod plist;
pub mod poe;
pub mod state;
pub mod step;
pub mod waitfor;

use state::{Finding, TraceEntry};

/// Renders a schedule as `--replay` takes it: choice indices joined by dots.
pub fn schedule_string(schedule: &[u32]) -> String {
    if schedule.is_empty() {
        return "-".into();
    }
    schedule
        .iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

/// Parses a `--replay` schedule (`-` is the empty schedule).
pub fn parse_schedule(text: &str) -> Option<Vec<u32>> {
    if text == "-" {
        return Some(vec![]);
    }
    text.split('.').map(|p| p.parse().ok()).collect()
}
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffering {
    /// Standard sends may or may not buffer (the MPI standard).
    Any,
    /// Standard sends never buffer.
    Zero,
    /// Standard sends always buffer.
    Infinite,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    Poe,
    None,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub np: usize,
    pub buffering: Buffering,
    pub reduction: Reduction,
    pub timeout: Option<Duration>,
    /// Model instructions one process may execute in one execution.
    pub budget: u64,
    /// Stop after this many executions (inconclusive when reached).
    pub max_executions: Option<u64>,
    /// Keep exploring after the first error.
    pub all_errors: bool,
    /// MPI calls one process may make in one execution (bounds the memory
    /// an endless loop of MPI calls takes).
    pub max_calls: usize,
    /// "Not yet" answers a poll may get in a row while nothing else changes.
    pub max_polls: u32,
    /// `argv[1..]` of the program.
    pub program_args: Vec<String>,
    /// Follow these choices instead of exploring (a schedule printed with an
    /// error: the counterexample is replayed).
    pub replay: Option<Vec<u32>>,
    /// `--any-input`: verify for every value of the program's inputs.
    pub any_input: bool,
    /// Verification runs `--any-input` may make (one per input cell).
    pub max_inputs: usize,
    /// `--input NAME=VALUE`: input symbols fixed to a value.
    pub pinned: Vec<(crate::input::Sym, i64)>,
    /// The input plan of the current run (set by `crate::input`).
    pub inputs: Option<std::sync::Arc<crate::input::Plan>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            np: 2,
            buffering: Buffering::Any,
            reduction: Reduction::Poe,
            timeout: None,
            budget: 100_000_000,
            max_executions: None,
            all_errors: false,
            max_calls: 1_000_000,
            max_polls: 1_000,
            program_args: Vec::new(),
            replay: None,
            any_input: false,
            max_inputs: 256,
            pinned: Vec::new(),
            inputs: None,
        }
    }
}

/// An error with the trace of the execution that found it.
#[derive(Clone, Debug)]
pub struct FoundError {
    pub finding: Finding,
    pub trace: Vec<TraceEntry>,
    /// Length of its trace: when the search did not keep traces, `trace`
    /// is rebuilt by replaying `schedule` (`retrace`).
    pub trace_len: usize,
    /// The choices that lead to the error; `--replay` follows them.
    pub schedule: Vec<u32>,
    /// The input values of the run that found it (input tracking only).
    pub input: Vec<crate::input::InputValue>,
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    pub errors: Vec<FoundError>,
    /// Set when exploration stopped before covering every behavior.
    pub incomplete: Option<String>,
    pub executions: u64,
    pub transitions: u64,
    pub states: u64,
    pub instructions: u64,
    pub pruned: u64,
    pub elapsed: Duration,
    /// Input cells verified (`--any-input`; 0 otherwise).
    pub input_cells: u64,
    /// What the errors' executions did not cover (an unsupported call or a
    /// limit after an error): shown with the errors, not a verdict.
    pub notes: Vec<String>,
}

/// Shared bookkeeping of a search: limits, counters, collected errors.
pub struct Search<'a> {
    pub model: &'a runtime_model::model::Model,
    pub config: &'a Config,
    pub start: Instant,
    pub outcome: Outcome,
    /// Whether finished executions are replayed on the completes-before
    /// graph (the reduced search) or the search itself ran the blocking
    /// semantics (the naive oracle's strict passes).
    pub analyze_blocking: bool,
    /// Set to `Some` to keep the trace of the execution whose errors are
    /// recorded (`retrace`).
    pub capture: Option<Vec<TraceEntry>>,
}

impl<'a> Search<'a> {
    pub fn new(model: &'a runtime_model::model::Model, config: &'a Config) -> Search<'a> {
        Search {
            model,
            config,
            start: Instant::now(),
            outcome: Outcome::default(),
            analyze_blocking: true,
            capture: None,
        }
    }

    /// Whether to stop: a limit was hit or (by default) an error was found.
    pub fn should_stop(&mut self) -> bool {
        if self.outcome.incomplete.is_some() {
            return true;
        }
        if !self.outcome.errors.is_empty() && !self.config.all_errors {
            return true;
        }
        if let Some(t) = self.config.timeout {
            if self.start.elapsed() >= t {
                self.outcome.incomplete = Some(format!(
                    "timeout of {}s reached after {} executions",
                    t.as_secs_f64(),
                    self.outcome.executions
                ));
                return true;
            }
        }
        if let Some(m) = self.config.max_executions {
            if self.outcome.executions >= m {
                self.outcome.incomplete = Some(format!("execution limit of {m} reached"));
                return true;
            }
        }
        false
    }

    /// The timeout, checked inside executions too (one may never end; the
    /// per-process MPI-call cap is checked where calls are issued).
    pub fn check_limits(&self, _state: &state::State) -> Result<(), state::Halt> {
        if let Some(t) = self.config.timeout {
            if self.start.elapsed() >= t {
                return Err(state::Halt::Budget(format!(
                    "timeout of {}s reached after {} executions",
                    t.as_secs_f64(),
                    self.outcome.executions
                )));
            }
        }
        Ok(())
    }

    /// Records an error found after the first `len` entries of the
    /// execution's trace (`trace`: what the execution kept of it), once per
    /// (kind, locations).
    pub fn record_at(
        &mut self,
        finding: Finding,
        trace: &[TraceEntry],
        len: usize,
        state: &state::State,
    ) {
        let kept = trace[..len.min(trace.len())].to_vec();
        let schedule = state.schedule.clone();
        let dup =
            self.outcome.errors.iter().any(|e| {
                e.finding.kind == finding.kind && e.finding.locations == finding.locations
            });
        if !dup {
            self.outcome.errors.push(FoundError {
                finding,
                trace: kept,
                trace_len: len,
                schedule,
                input: Vec::new(),
            });
        }
    }
}

/// Explores every behavior of `model` for `config.np` processes (for every
/// input with `--any-input`).
pub fn explore(model: &runtime_model::model::Model, config: &Config) -> Outcome {
    // A global larger than one block of the checker's memory: a limit of
    // the tool, said before anything is allocated.
    if let Some(g) = model
        .globals
        .iter()
        .find(|g| g.size > crate::exec::memory::MAX_ALLOCATION)
    {
        return Outcome {
            incomplete: Some(format!(
                "global `{}` holds {} bytes, more than the {} bytes the checker holds in one block",
                g.name,
                g.size,
                crate::exec::memory::MAX_ALLOCATION
            )),
            ..Outcome::default()
        };
    }
    if config.any_input || !config.pinned.is_empty() {
        return crate::input::explore(model, config);
    }
    explore_once(model, config)
}

/// One verification: every behavior for the inputs `config` gives.
pub fn explore_once(model: &runtime_model::model::Model, config: &Config) -> Outcome {
    let mut search = Search::new(model, config);
    // Long local computations look at the deadline too.
    crate::exec::deadline::set(config.timeout.and_then(|t| search.start.checked_add(t)));
    match config.reduction {
        Reduction::Poe => poe::run(&mut search),
        Reduction::None => naive::run(&mut search),
    }
    crate::exec::deadline::set(None);
    retrace(model, config, &mut search.outcome);
    if config.replay.is_some()
        && search.outcome.errors.is_empty()
        && search.outcome.incomplete.is_none()
    {
        // A replay runs one execution: never a proof.
        search.outcome.incomplete =
            Some("the replayed schedule ran to its end without an error (a replay checks one execution, not all)".into());
    }
    search.outcome.elapsed = search.start.elapsed();
    search.outcome
}

/// Rebuilds the traces the search did not keep: the reduced search keeps
/// only the schedule of each execution (memory does not grow with the
/// length of an execution's trace), and replaying the schedule of an error
/// runs the same execution again, this time with its trace.
fn retrace(model: &runtime_model::model::Model, config: &Config, outcome: &mut Outcome) {
    let mut traces: Vec<(Vec<u32>, Vec<TraceEntry>)> = Vec::new();
    for e in outcome
        .errors
        .iter_mut()
        .filter(|e| e.trace.len() < e.trace_len)
    {
        if !traces.iter().any(|(s, _)| *s == e.schedule) {
            let mut c = config.clone();
            c.replay = Some(e.schedule.clone());
            c.all_errors = true;
            let mut search = Search::new(model, &c);
            search.capture = Some(Vec::new());
            poe::run(&mut search);
            traces.push((e.schedule.clone(), search.capture.unwrap_or_default()));
        }
        if let Some((_, t)) = traces.iter().find(|(s, _)| *s == e.schedule) {
            e.trace = t[..e.trace_len.min(t.len())].to_vec();
        }
    }
}
