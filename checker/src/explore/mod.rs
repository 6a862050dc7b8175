//! Search strategies, generic over an explorable system: which executions to
//! run and in what order. Nothing here knows MPI: a system offers decisions
//! at branching points and reports what each execution ended with; a
//! strategy decides which branches to take, counts, and collects the errors.
//!
//! - `dfs`: depth-first search over every branch (the reduced search uses it
//!   with POE's system, `crate::system::poe`).
//! - `replay`: follow one schedule of choices (`--replay`, and rebuilding
//!   the trace of an error).
//! - `parallel`: depth-first search on several threads, with the outcome
//!   of `dfs` whatever the number of threads.
//! - `memo`: the summaries of explored subtrees that make `dfs` and
//!   `parallel` stateful (with the outcome of the stateless search).
//! - `cached`: depth-first search that skips states already seen (the
//!   exhaustive oracle, with the system of every interleaving).
//! - `split`: one part of a search cut into K (`--subtree I/K`).
//! - `progress`: running totals for the progress display.
//!
//! Strategies are unit-tested on toy systems (`tests` below) whose numbers
//! of executions are known.

pub mod cached;
pub mod dfs;
pub mod memo;
pub mod parallel;
pub mod progress;
pub mod replay;
pub mod split;

use std::fmt;
use std::time::{Duration, Instant};

/// A system the search can explore: states that settle, offer decisions,
/// and end.
///
/// An execution starts from the initial state and alternates `settle` (take
/// every transition that has no alternative) and `next` (what follows);
/// a branching point offers choices, each `apply`-ed to its own copy of the
/// state. The state is `Clone + Send`: depth-first search keeps one copy per
/// open branching point, a parallel search hands copies to other threads.
pub trait Explorable: Clone + Send {
    /// A decision at a branching point.
    type Choice: Clone + Send + fmt::Debug;
    /// Why an execution stopped before its end (an error that stops it, or
    /// a limit of the tool).
    type Halt;
    /// An error the system reports, with what users need to see it.
    type Error: Clone + Send + fmt::Debug;

    /// Takes every transition that has no alternative.
    fn settle(&mut self, limits: &Limits) -> Result<(), Self::Halt>;
    /// What follows a settled state.
    fn next(&self) -> Next<Self::Choice>;
    /// Takes one choice `next` offered.
    fn apply(&mut self, choice: &Self::Choice) -> Result<(), Self::Halt>;
    /// What an execution that stopped at `halt` contributes.
    fn halted(&self, halt: Self::Halt) -> Ending<Self::Error>;
    /// What a complete execution (`Next::End`) contributes.
    fn ended(&self) -> Ending<Self::Error>;
    /// What an execution cut as redundant (`Next::Redundant`) contributes:
    /// the errors it showed on its way are still behaviors.
    fn pruned(&self) -> Ending<Self::Error>;
    /// Whether the execution has shown an error so far.
    fn has_errors(&self) -> bool;
    /// The errors shown so far, taken out of the state (a search that merges
    /// states reached in different ways would lose them otherwise).
    fn take_errors(&mut self) -> Vec<Self::Error>;
    /// Hash of everything that decides the state's future.
    fn fingerprint(&self) -> u64;
    /// The key under which a settled state's subtree is remembered once
    /// explored (`memo`): two states with one key have the same future
    /// under this system — the same executions, errors and counts. `None`:
    /// never merged (the default).
    fn memo_key(&self) -> Option<u128> {
        None
    }
    /// The transitions and instructions of the execution so far, which
    /// every execution ending below this state counts again.
    fn progress(&self) -> (u64, u64) {
        (0, 0)
    }
    /// What the execution has used so far of each quantity a per-process
    /// limit of the tool bounds, summed over its processes (for MPI:
    /// instructions executed and MPI calls made), which the key leaves out.
    fn memo_used(&self) -> [u64; LIMITED] {
        [0; LIMITED]
    }
    /// How much more of each any one process of this state may use before
    /// its limit stops the execution. A known subtree is reused only where
    /// its executions stay within it (`memo::Summary::reach`).
    fn memo_room(&self) -> [u64; LIMITED] {
        [u64::MAX; LIMITED]
    }
    /// Whether two errors are one for the report (reported once).
    fn same_error(a: &Self::Error, b: &Self::Error) -> bool;
}

/// How many per-process limits `Explorable::memo_used` tracks.
pub const LIMITED: usize = 2;

/// What follows a settled state.
#[derive(Clone, Debug, PartialEq)]
pub enum Next<C> {
    /// A branching point: each choice is a different behavior (at least one).
    Branch(Vec<C>),
    /// The execution is complete.
    End,
    /// The execution duplicates one explored on another branch.
    Redundant,
}

/// What one execution contributed to the search.
#[derive(Clone, Debug)]
pub struct Ending<E> {
    pub errors: Vec<E>,
    /// A limit of the tool stopped the execution before it showed an error:
    /// what it would have done was not explored.
    pub limit: Option<String>,
    /// Remarks shown with the errors (a limit hit after an error).
    pub notes: Vec<String>,
    /// Portability notes the execution raised, each (location, what):
    /// beside the verdict, never changing it.
    pub portability: Vec<(u32, String)>,
    /// Scheduling steps and model instructions the execution took.
    pub transitions: u64,
    pub instructions: u64,
    /// `Explorable::memo_used` at the end of the execution.
    pub used: [u64; LIMITED],
    /// The execution broke an assumption of the system's `memo_key`: no
    /// subtree holding it is remembered (`memo`).
    pub unsummarizable: bool,
}

impl<E> Default for Ending<E> {
    fn default() -> Self {
        Ending {
            errors: Vec::new(),
            limit: None,
            notes: Vec::new(),
            portability: Vec::new(),
            transitions: 0,
            instructions: 0,
            used: [0; LIMITED],
            unsummarizable: false,
        }
    }
}

/// When a search stops early.
#[derive(Clone, Debug, Default)]
pub struct Bounds {
    pub timeout: Option<Duration>,
    /// Stop after this many executions (inconclusive when reached).
    pub max_executions: Option<u64>,
    /// Keep exploring after the first error.
    pub all_errors: bool,
    /// Resident memory of the checker, in bytes, past which it stops
    /// (inconclusive) instead of being killed.
    pub max_memory: Option<u64>,
}

/// What a system checks inside an execution: the deadline and the memory
/// bound (one execution may never end, or grow without bound).
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub start: Instant,
    pub timeout: Option<Duration>,
    pub max_memory: Option<u64>,
    /// Executions finished so far, for the message.
    pub executions: u64,
}

impl Limits {
    /// The message of the bound reached, if one is.
    pub fn exceeded(&self) -> Option<String> {
        if let Some(t) = self.timeout {
            if self.start.elapsed() >= t {
                return Some(timeout_message(t, self.executions));
            }
        }
        memory_exceeded(self.max_memory, self.executions)
    }
}

/// Looks at the resident memory at most once every `MEMORY_EVERY` (reading
/// it costs a system call, some microseconds), whatever the number of calls:
/// counting calls let an execution whose every step keeps megabytes pass
/// the bound by gigabytes before the next look.
const MEMORY_EVERY: Duration = Duration::from_millis(5);

thread_local! {
    static MEMORY_LOOKED: std::cell::Cell<Option<Instant>> = const { std::cell::Cell::new(None) };
}

/// A value alone on its cache lines (two, for the adjacent-line
/// prefetcher): the counters and locks the threads of a search share are
/// written by one thread and read by the other at every state, and a
/// neighbor written on the same line makes each of those reads a miss.
#[repr(align(128))]
#[derive(Default)]
pub(crate) struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The hasher of the tables keyed by state keys: the keys are already
/// 128-bit hashes (`memo_key`), so folding them is enough (the standard
/// library's SipHash cost more than the lookup).
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u128(&mut self, i: u128) {
        self.0 ^= (i as u64) ^ ((i >> 64) as u64).rotate_left(32);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// `HashMap` keyed by state keys.
pub(crate) type KeyMap<V> =
    std::collections::HashMap<u128, V, std::hash::BuildHasherDefault<KeyHasher>>;

fn memory_exceeded(max: Option<u64>, executions: u64) -> Option<String> {
    let max = max?;
    let now = Instant::now();
    let due = MEMORY_LOOKED.with(|t| {
        let due = t
            .get()
            .is_none_or(|last| now.duration_since(last) >= MEMORY_EVERY);
        if due {
            t.set(Some(now));
        }
        due
    });
    if !due {
        return None;
    }
    let rss = resident_bytes()?;
    (rss > max).then(|| {
        format!(
            "memory limit of {} MB reached after {executions} executions (--max-memory; the search holds {} MB)",
            max >> 20,
            rss >> 20
        )
    })
}

/// The checker's resident memory now, in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Why a search stopped at `--max-executions`.
pub fn execution_limit_message(max: u64) -> String {
    format!("execution limit of {max} reached")
}

/// Why a search stopped at `--timeout`.
pub fn timeout_message(t: Duration, executions: u64) -> String {
    // To the millisecond: the bound is the user's `--timeout` less the
    // microseconds spent before the search began.
    let seconds = (t.as_secs_f64() * 1000.0).round() / 1000.0;
    format!("timeout of {seconds}s reached after {executions} executions")
}

/// An error with the schedule of the execution that showed it.
#[derive(Clone, Debug)]
pub struct Found<E> {
    pub error: E,
    /// The choices that lead to it (indices into each branching point's
    /// options, only where there was more than one).
    pub schedule: Vec<u32>,
}

/// What a search found and how much it explored.
#[derive(Clone, Debug)]
pub struct Outcome<E> {
    pub errors: Vec<Found<E>>,
    /// Set when the search stopped before covering every behavior.
    pub incomplete: Option<String>,
    pub executions: u64,
    pub transitions: u64,
    pub states: u64,
    pub instructions: u64,
    pub pruned: u64,
    /// Branching states whose subtree was known (`memo`): counted, not
    /// explored again.
    pub merged: u64,
    /// Nanoseconds spent computing state keys (`--stats`: the key's share
    /// of a stateful run).
    pub key_nanos: u64,
    pub notes: Vec<String>,
    /// Portability notes, each once, in the order first found.
    pub portability: Vec<(u32, String)>,
}

impl<E> Default for Outcome<E> {
    fn default() -> Self {
        Outcome {
            errors: Vec::new(),
            incomplete: None,
            executions: 0,
            transitions: 0,
            states: 0,
            instructions: 0,
            pruned: 0,
            merged: 0,
            key_nanos: 0,
            notes: Vec::new(),
            portability: Vec::new(),
        }
    }
}

/// The bookkeeping every strategy shares: bounds, counters, errors.
pub struct Search<S: Explorable> {
    pub bounds: Bounds,
    pub start: Instant,
    pub outcome: Outcome<S::Error>,
    /// The summaries of explored subtrees, when the search is stateful.
    pub memo: Option<std::sync::Arc<memo::Table>>,
    /// Errors, notes and limits met so far, duplicates included: a subtree
    /// that met one is not summarized (`memo`).
    pub remarks: u64,
    /// The most of each limited quantity one execution used, among those
    /// that ended since the innermost open branching point was marked
    /// (`memo`).
    pub peak: [u64; LIMITED],
    /// The table is partitioned over the processes of a distributed search
    /// (`memo::Remote`, attached to this thread when the search began).
    pub remote: bool,
}

impl<S: Explorable> Search<S> {
    pub fn new(bounds: Bounds) -> Search<S> {
        Search {
            bounds,
            start: Instant::now(),
            outcome: Outcome::default(),
            memo: None,
            remarks: 0,
            peak: [0; LIMITED],
            remote: memo::attached(),
        }
    }

    /// What systems check inside an execution.
    pub fn limits(&self) -> Limits {
        Limits {
            start: self.start,
            timeout: self.bounds.timeout,
            max_memory: self.bounds.max_memory,
            executions: self.outcome.executions,
        }
    }

    /// Whether to stop: a bound was reached or (by default) an error found.
    pub fn should_stop(&mut self) -> bool {
        if self.outcome.incomplete.is_some() {
            return true;
        }
        if !self.outcome.errors.is_empty() && !self.bounds.all_errors {
            return true;
        }
        if let Some(t) = self.bounds.timeout {
            if self.start.elapsed() >= t {
                self.outcome.incomplete = Some(timeout_message(t, self.outcome.executions));
                return true;
            }
        }
        if let Some(m) = self.bounds.max_executions {
            if self.outcome.executions >= m {
                self.outcome.incomplete = Some(execution_limit_message(m));
                return true;
            }
        }
        if let Some(m) = memory_exceeded(self.bounds.max_memory, self.outcome.executions) {
            self.outcome.incomplete = Some(m);
            return true;
        }
        false
    }

    /// A finished execution (complete or stopped early).
    pub fn executed(&mut self, ending: Ending<S::Error>, schedule: &[u32]) {
        self.outcome.executions += 1;
        progress::add(1, 0);
        self.take(ending, schedule);
    }

    /// An execution cut as redundant.
    pub fn pruned(&mut self, ending: Ending<S::Error>, schedule: &[u32]) {
        self.outcome.pruned += 1;
        self.take(ending, schedule);
    }

    /// Records what an execution contributed: its counters, its errors (each
    /// once, the first time it is found), a limit it hit, its notes.
    pub fn take(&mut self, ending: Ending<S::Error>, schedule: &[u32]) {
        self.outcome.transitions += ending.transitions;
        progress::add(0, ending.transitions);
        self.outcome.instructions += ending.instructions;
        for (p, u) in self.peak.iter_mut().zip(ending.used) {
            *p = (*p).max(u);
        }
        if ending.limit.is_some()
            || !ending.notes.is_empty()
            || !ending.portability.is_empty()
            || ending.unsummarizable
        {
            self.remarks += 1;
        }
        self.record(ending.errors, schedule);
        if let Some(m) = ending.limit {
            if self.outcome.incomplete.is_none() {
                self.outcome.incomplete = Some(m);
            }
        }
        for note in ending.notes {
            if !self.outcome.notes.contains(&note) {
                self.outcome.notes.push(note);
            }
        }
        for note in ending.portability {
            if !self.outcome.portability.contains(&note) {
                self.outcome.portability.push(note);
            }
        }
    }

    /// Records errors found on the way to `schedule`, each once.
    pub fn record(&mut self, errors: Vec<S::Error>, schedule: &[u32]) {
        for error in errors {
            self.remarks += 1;
            if !self
                .outcome
                .errors
                .iter()
                .any(|f| S::same_error(&f.error, &error))
            {
                self.outcome.errors.push(Found {
                    error,
                    schedule: schedule.to_vec(),
                });
            }
        }
    }
}

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

#[cfg(test)]
pub(crate) mod toy;
