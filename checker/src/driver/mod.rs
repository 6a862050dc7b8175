//! One verification, from a model and the options to an outcome: checks what
//! can be refused before anything runs, sets up the machine, runs the
//! strategy the options ask for (the reduced search, the exhaustive oracle's
//! passes, or the replay of a schedule) and rebuilds the traces of the errors
//! it found.

pub mod assume;
#[cfg(feature = "distributed")]
pub mod distributed;
pub mod inputs;
pub mod merge;
pub mod report;
#[cfg(test)]
mod tests;

use crate::explore::{self, dfs, parallel, replay, Bounds, Search};
use crate::mpi::machine::{Finding, Machine, TraceEntry};
use crate::system::interleave::{self, Interleaving};
use crate::system::poe::Poe;
use crate::system::{Buffering, Ctx, Reported};
use runtime_model::model::Model;
use std::time::Duration;

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
    /// Model instructions one process may execute in one execution
    /// (`u64::MAX`: no bound, the default).
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
    /// Check windows under the separate memory model (MPI 3.1 §11.4;
    /// `--memory-model separate`), the unified one otherwise.
    pub separate_memory: bool,
    /// `argv[1..]` of the program.
    pub program_args: Vec<String>,
    /// What rank 0 reads as standard input (`--stdin FILE`).
    pub stdin: Option<std::sync::Arc<[u8]>>,
    /// Follow these choices instead of exploring (a schedule printed with an
    /// error: the counterexample is replayed).
    pub replay: Option<Vec<u32>>,
    /// `--any-input`: verify for every value of the program's inputs.
    pub any_input: bool,
    /// Verification runs `--any-input` may make (one per input cell).
    pub max_inputs: usize,
    /// `--input NAME=VALUE`: input symbols fixed to a value.
    pub pinned: Vec<(crate::input::Sym, (i64, i64))>,
    /// The input plan of the current run (set by `crate::input`).
    pub inputs: Option<std::sync::Arc<crate::input::Plan>>,
    /// Threads the reduced search runs on (the outcome does not depend on it).
    pub jobs: usize,
    /// Resident memory (bytes) past which the search stops, inconclusive.
    pub max_memory: Option<u64>,
    /// Explore every branching state again even when an identical one was
    /// explored (`--stateless`; the outcome is the same, only slower).
    pub stateless: bool,
    /// Merge states that are renamings of each other under a symmetry of
    /// the program (`system::symmetry`; `--no-symmetry` turns it off).
    pub symmetry: bool,
    /// MPI calls an execution logs before the past no check reads any more
    /// is first forgotten, and between two such compactions
    /// (`system::compact`; `--compact-from`, for tests).
    pub compact_from: usize,
    /// Explore only part I (0-based) of K (`--subtree I/K`, 1-based there).
    pub subtree: Option<(usize, usize)>,
    /// The summaries of explored subtrees to use and fill, shared by the
    /// parts one process explores in turn (`--distributed`): a summary is
    /// exact wherever it was computed. `None`: a table of its own.
    pub memo: Option<std::sync::Arc<explore::memo::Table>>,
    /// When the check began, if before this search (`--distributed`: the
    /// job's start, so that `--timeout` bounds the whole job, not each of
    /// its parts).
    pub started: Option<std::time::Instant>,
    /// The top of the search as the first part a process explored cut it,
    /// shared by its later parts (`--distributed`, `explore::split::Cut`).
    pub cut: Option<std::sync::Arc<std::sync::OnceLock<explore::split::Cut>>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            np: 2,
            buffering: Buffering::Any,
            reduction: Reduction::Poe,
            timeout: None,
            budget: u64::MAX,
            max_executions: None,
            all_errors: false,
            max_calls: 1_000_000,
            max_polls: 1_000,
            separate_memory: false,
            program_args: Vec::new(),
            stdin: None,
            replay: None,
            any_input: false,
            max_inputs: 256,
            pinned: Vec::new(),
            inputs: None,
            jobs: 1,
            max_memory: None,
            stateless: false,
            symmetry: true,
            compact_from: crate::system::compact::FIRST,
            subtree: None,
            memo: None,
            started: None,
            cut: None,
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
    pub input: Vec<crate::report::InputValue>,
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
    /// Branching states counted from an identical one explored before.
    pub merged: u64,
    /// Time spent computing state keys, in nanoseconds.
    pub key_nanos: u64,
    pub elapsed: Duration,
    /// Input cells verified (`--any-input`; 0 otherwise).
    pub input_cells: u64,
    /// The ranges `--input NAME=LO..HI` bounded inputs to ("argv[1] in
    /// 1..=16"): what a verdict of `--any-input` holds for.
    pub input_bounds: Vec<String>,
    /// What the errors' executions did not cover (an unsupported call or a
    /// limit after an error): shown with the errors, not a verdict.
    pub notes: Vec<String>,
    /// Portability notes executions raised (location, what), each once.
    pub portability: Vec<(u32, String)>,
    /// With `--subtree`: what each piece of the part counted
    /// (`explore::split::Unit`), for the merge.
    pub units: Vec<explore::split::Unit>,
}

/// Explores every behavior of `model` for `config.np` processes (for every
/// input with `--any-input`).
pub fn explore(model: &Model, config: &Config) -> Outcome {
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
        return inputs::explore(model, config);
    }
    explore_once(model, config)
}

/// The initial machine of a search.
fn initial(model: &Model, config: &Config) -> Machine {
    let mut m = Machine::with_inputs(
        model,
        config.np,
        &config.program_args,
        config.inputs.clone(),
    );
    m.max_calls = config.max_calls;
    m.max_polls = config.max_polls;
    m.separate_memory = config.separate_memory;
    m.compact_at = Some((config.compact_from, config.compact_from));
    // mpiexec forwards standard input to rank 0 only.
    if let Some(data) = &config.stdin {
        for (rank, p) in m.procs.iter_mut().enumerate() {
            match rank {
                0 => p.proc.mem.statics.streams.set_stdin(data.clone()),
                _ => p.proc.mem.statics.streams.set_stdin_elsewhere(),
            }
        }
    }
    // Traces are rebuilt for the errors found (`retrace`); a replay keeps
    // its own.
    m.tracing = config.replay.is_some();
    m.trace_ranks = config.replay.is_some();
    m
}

fn ctx<'m>(model: &'m Model, config: &Config) -> Ctx<'m> {
    Ctx {
        model,
        budget: config.budget,
        buffering: config.buffering,
        analyze_blocking: true,
        symmetry: config.symmetry,
    }
}

fn bounds(config: &Config) -> Bounds {
    Bounds {
        timeout: config.timeout,
        max_executions: config.max_executions,
        all_errors: config.all_errors,
        max_memory: config.max_memory,
    }
}

/// One verification: every behavior for the inputs `config` gives.
pub fn explore_once(model: &Model, config: &Config) -> Outcome {
    let mut search = Search::new(bounds(config));
    if let Some(started) = config.started {
        search.start = started;
    }
    // Long local computations look at the deadline too.
    crate::exec::deadline::set(config.timeout.and_then(|t| search.start.checked_add(t)));
    let ctx = ctx(model, config);
    // Runs of `--any-input` share one log of input decisions outside the
    // states: their subtrees are explored each time.
    if !config.stateless && config.inputs.is_none() {
        search.memo = Some(config.memo.clone().unwrap_or_default());
    }
    let mut units = Vec::new();
    match (&config.replay, config.reduction) {
        (Some(schedule), _) => {
            replay::follow(Poe::new(ctx, initial(model, config)), schedule, &mut search)
        }
        (None, Reduction::Poe) if config.subtree.is_some() => {
            let (part, parts) = config.subtree.unwrap_or((0, 1));
            let state = Poe::new(ctx, initial(model, config));
            let own = std::sync::OnceLock::new();
            let cut = config.cut.as_deref().unwrap_or(&own);
            units = explore::split::run_cut(state, &mut search, part, parts, cut);
        }
        // The input plan of `--any-input` is one log every process of the
        // run writes: its runs stay on one thread.
        (None, Reduction::Poe) if config.jobs > 1 && config.inputs.is_none() => {
            let deadline = config.timeout.and_then(|t| search.start.checked_add(t));
            parallel::run(
                Poe::new(ctx, initial(model, config)),
                &mut search,
                config.jobs,
                &|| crate::exec::deadline::set(deadline),
            )
        }
        (None, Reduction::Poe) => dfs::run(Poe::new(ctx, initial(model, config)), &mut search),
        (None, Reduction::None) => {
            // The oracle's passes share one search: its bounds and errors.
            let mut inner: Search<Interleaving> = Search::new(bounds(config));
            inner.start = search.start;
            for pass in interleave::passes(config.buffering) {
                if inner.should_stop() {
                    break;
                }
                let state = Interleaving::new(ctx, initial(model, config), pass);
                explore::cached::run(state, &mut inner);
            }
            search.outcome = inner.outcome;
        }
    }
    crate::exec::deadline::set(None);
    let mut outcome = Outcome::from_search(search.outcome);
    outcome.units = units;
    retrace(model, config, &mut outcome);
    if config.replay.is_some() && outcome.errors.is_empty() && outcome.incomplete.is_none() {
        // A replay runs one execution: never a proof.
        outcome.incomplete =
            Some("the replayed schedule ran to its end without an error (a replay checks one execution, not all)".into());
    }
    outcome.elapsed = search.start.elapsed();
    outcome
}

impl Outcome {
    fn from_search(o: explore::Outcome<Reported>) -> Outcome {
        Outcome {
            errors: o
                .errors
                .into_iter()
                .map(|f| FoundError {
                    finding: f.error.finding,
                    trace: f.error.trace,
                    trace_len: f.error.trace_len,
                    schedule: f.schedule,
                    input: Vec::new(),
                })
                .collect(),
            incomplete: o.incomplete,
            executions: o.executions,
            transitions: o.transitions,
            states: o.states,
            instructions: o.instructions,
            pruned: o.pruned,
            merged: o.merged,
            key_nanos: o.key_nanos,
            elapsed: Duration::ZERO,
            input_cells: 0,
            input_bounds: Vec::new(),
            notes: o.notes,
            portability: o.portability,
            units: Vec::new(),
        }
    }
}

/// Rebuilds the traces the search did not keep: the reduced search keeps
/// only the schedule of each execution (memory does not grow with the
/// length of an execution's trace), and replaying the schedule of an error
/// runs the same execution again, this time with its trace. Every trace an
/// execution reports is a prefix of its whole trace, so the longest one the
/// replay reports holds each of them.
fn retrace(model: &Model, config: &Config, outcome: &mut Outcome) {
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
            let mut search = Search::new(bounds(&c));
            let mut first = initial(model, &c);
            // Where every rank is at each step is for the user's own
            // --replay, not for the traces of a search's report.
            first.trace_ranks = config.replay.is_some();
            let state = Poe::new(ctx(model, &c), first);
            replay::follow(state, &e.schedule, &mut search);
            let longest = search
                .outcome
                .errors
                .into_iter()
                .map(|f| f.error.trace)
                .max_by_key(|t| t.len())
                .unwrap_or_default();
            traces.push((e.schedule.clone(), longest));
        }
        if let Some((_, t)) = traces.iter().find(|(s, _)| *s == e.schedule) {
            e.trace = t[..e.trace_len.min(t.len())].to_vec();
        }
    }
}
