//! Depth-first search on several threads, with the result of the
//! sequential one.
//!
//! The search tree is cut into tasks, each a contiguous interval of the
//! sequential (schedule) order: a task is a branching point and a range of
//! its options, explored depth-first by one worker. A worker that sees an
//! idle one gives away the untried options of its shallowest branching
//! point; everything it still explores itself comes before them in schedule
//! order, so the intervals stay contiguous and ordered by their first
//! schedule (the task's key).
//!
//! Each task keeps the sequential bookkeeping (`Search`) of its interval and
//! stops where the sequential search would stop in it: at its first error
//! (unless every error is wanted) or at a limit of the tool. Merging the
//! tasks in key order up to the first one that stopped gives exactly the
//! sequential outcome: the same first error, the same counts of
//! executions, states and transitions before it, the same list of errors
//! with `--all-errors`, whatever the number of threads. Tasks after a stop
//! cannot change it and are abandoned. Only the time limit and the
//! execution bound depend on timing: they make the outcome inconclusive
//! (with the counts of what was explored) rather than different.
//!
//! With a table of summaries (`memo`), tasks meet the same states: two
//! orders of the same messages converge. A task claims each state it
//! starts exploring; a task that meets a state an earlier task (in
//! schedule order) has claimed waits for its summary instead of exploring
//! it too, and then counts it as a known state (`Search::known_after_all`);
//! if the claim is given up without a summary (an error, a limit, options
//! given away) it explores the state itself. While it waits it counts as
//! idle, so busy workers give work away, and it runs queued tasks that
//! come before it on its own thread. Waits only go from a later task to an
//! earlier one, and a waiting task runs only earlier tasks, so no chain of
//! waits comes back to a task that waits: every wait ends. The outcome is
//! unchanged (a summary is exact wherever it was computed); only the work
//! is: the fan-in-sum at np 16 explores 246,137 states on two threads
//! where one thread explores 245,956 (318,000 without claims).

use super::memo::{Lookup, Mark};
use super::{Bounds, Explorable, KeyMap, Next, Outcome, Padded, Search};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

/// Tasks given away so far (the tests check that work is shared).
#[cfg(test)]
pub(crate) static DONATIONS: AtomicUsize = AtomicUsize::new(0);

struct Frame<S: Explorable> {
    /// Taken by the last option (the frame stays until its subtree is
    /// done, to summarize it).
    state: Option<S>,
    /// The schedule up to this branching point.
    schedule: Vec<u32>,
    options: Arc<Vec<S::Choice>>,
    next: usize,
    /// Options from `end` on were given to another task.
    end: usize,
    /// Set while the whole subtree is this task's (`memo`).
    mark: Option<Mark>,
    /// The key this frame claimed (`Shared::claims`) while it explores
    /// it, with the schedule it claimed it at (`schedule` is handed to the
    /// last option).
    claim: Option<(u128, Vec<u32>)>,
}

/// Where a task starts: the initial state, or options of a branching point.
enum Start<S: Explorable> {
    Root(S),
    Options(Box<Frame<S>>),
}

struct Task<S: Explorable> {
    /// The first schedule of the task's interval.
    key: Vec<u32>,
    start: Start<S>,
}

/// What a finished (or stopped) task hands back.
struct Done<E> {
    key: Vec<u32>,
    outcome: Outcome<E>,
    /// The task stopped where the sequential search stops.
    stopped: bool,
}

struct Shared<S: Explorable> {
    queue: Mutex<BTreeMap<Vec<u32>, Task<S>>>,
    wake: Condvar,
    /// Workers waiting for a task.
    idle: Padded<AtomicUsize>,
    /// Tasks in the queue.
    queued: Padded<AtomicUsize>,
    /// Workers running a task.
    busy: Padded<AtomicUsize>,
    /// The smallest key of a task that stopped: tasks after it are moot.
    stop: Mutex<Option<Vec<u32>>>,
    stopped: Padded<AtomicBool>,
    /// A bound that depends on timing was reached: every worker stops.
    abort: Mutex<Option<String>>,
    aborted: Padded<AtomicBool>,
    /// Executions so far, for the bounds that depend on timing.
    executions: Padded<AtomicU64>,
    done: Mutex<Vec<Done<S::Error>>>,
    /// States being explored, by key, with the schedule that reached them
    /// (`memo`): a task that meets one that an earlier task is exploring
    /// waits for its summary instead of exploring it too (`wait_for`).
    claims: Vec<Padded<Mutex<KeyMap<Vec<u32>>>>>,
    start: Instant,
    memo: Option<Arc<super::memo::Table>>,
}

/// Shards of `Shared::claims`.
const CLAIM_SHARDS: usize = 64;
/// How deep a waiting task runs earlier tasks on its thread.
const MAX_NESTED: usize = 8;

impl<S: Explorable> Shared<S> {
    fn claims_of(&self, key: u128) -> Option<std::sync::MutexGuard<'_, KeyMap<Vec<u32>>>> {
        self.claims[(key as usize) % CLAIM_SHARDS].lock().ok()
    }

    /// Whether a task earlier in schedule order than the one at `schedule`
    /// is exploring the state `key` (a claim on the path to `schedule`
    /// itself is this task's or its donor's: never waited for).
    fn claimed_before(&self, key: u128, schedule: &[u32]) -> bool {
        self.claims_of(key)
            .and_then(|c| {
                c.get(&key)
                    .map(|p| p.as_slice() < schedule && !schedule.starts_with(p))
            })
            .unwrap_or(false)
    }

    /// Claims `key` for the frame at `schedule` unless an earlier claim
    /// stands; returns whether it did.
    fn claim(&self, key: u128, schedule: &[u32]) -> bool {
        let Some(mut c) = self.claims_of(key) else {
            return false;
        };
        if c.get(&key).is_some_and(|p| p.as_slice() <= schedule) {
            return false;
        }
        c.insert(key, schedule.to_vec());
        true
    }

    /// `claimed_before`, and `claim` when no earlier task explores the
    /// state, under one lock (both at every branching state): `None` when
    /// an earlier task explores it, else whether this frame claimed it.
    fn try_claim(&self, key: u128, schedule: &[u32]) -> Option<bool> {
        let Some(mut c) = self.claims_of(key) else {
            return Some(false);
        };
        match c.get(&key) {
            Some(p) if p.as_slice() < schedule && !schedule.starts_with(p) => None,
            Some(p) if p.as_slice() <= schedule => Some(false),
            _ => {
                c.insert(key, schedule.to_vec());
                Some(true)
            }
        }
    }

    fn release(&self, f: &mut Frame<S>) {
        if let Some((key, at)) = f.claim.take() {
            if let Some(mut c) = self.claims_of(key) {
                if c.get(&key) == Some(&at) {
                    c.remove(&key);
                }
            }
        }
    }

    fn after_stop(&self, key: &[u32]) -> bool {
        self.stopped.load(Ordering::Acquire)
            && self
                .stop
                .lock()
                .ok()
                .and_then(|s| s.as_ref().map(|s| key > s.as_slice()))
                .unwrap_or(false)
    }

    fn abort(&self, why: String) {
        if let Ok(mut a) = self.abort.lock() {
            a.get_or_insert(why);
        }
        self.aborted.store(true, Ordering::Release);
        let _q = self.queue.lock();
        self.wake.notify_all();
    }
}

/// Explores every execution of `initial` with `jobs` threads; `on_thread`
/// runs first on each of them (thread-local settings of the system).
pub fn run<S>(initial: S, search: &mut Search<S>, jobs: usize, on_thread: &(dyn Fn() + Sync))
where
    S: Explorable,
    S::Choice: Sync,
{
    let shared = Shared {
        queue: Mutex::new(BTreeMap::new()),
        wake: Condvar::new(),
        idle: Padded(AtomicUsize::new(0)),
        queued: Padded(AtomicUsize::new(1)),
        busy: Padded(AtomicUsize::new(0)),
        stop: Mutex::new(None),
        stopped: Padded(AtomicBool::new(false)),
        abort: Mutex::new(None),
        aborted: Padded(AtomicBool::new(false)),
        executions: Padded(AtomicU64::new(0)),
        done: Mutex::new(Vec::new()),
        claims: (0..CLAIM_SHARDS)
            .map(|_| Padded(Mutex::new(KeyMap::default())))
            .collect(),
        start: search.start,
        memo: search.memo.clone(),
    };
    if let Ok(mut q) = shared.queue.lock() {
        q.insert(
            Vec::new(),
            Task {
                key: Vec::new(),
                start: Start::Root(initial),
            },
        );
    }
    let bounds = search.bounds.clone();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                on_thread();
                worker(&shared, &bounds);
            });
        }
    });
    let mut done = shared.done.into_inner().unwrap_or_default();
    done.sort_by(|a, b| a.key.cmp(&b.key));
    merge(search, done);
    if search.outcome.incomplete.is_none() {
        if let Some(why) = shared.abort.into_inner().ok().flatten() {
            search.outcome.incomplete = Some(why);
        }
    }
}

/// The sequential outcome from the tasks in schedule order: everything up
/// to and including the first task that stopped.
fn merge<S: Explorable>(search: &mut Search<S>, done: Vec<Done<S::Error>>) {
    let total = &mut search.outcome;
    for d in done {
        let o = d.outcome;
        total.executions += o.executions;
        total.transitions += o.transitions;
        total.states += o.states;
        total.instructions += o.instructions;
        total.pruned += o.pruned;
        total.merged += o.merged;
        total.key_nanos += o.key_nanos;
        for f in o.errors {
            if !total
                .errors
                .iter()
                .any(|g| S::same_error(&g.error, &f.error))
            {
                total.errors.push(f);
            }
        }
        for n in o.notes {
            if !total.notes.contains(&n) {
                total.notes.push(n);
            }
        }
        for n in o.portability {
            if !total.portability.contains(&n) {
                total.portability.push(n);
            }
        }
        if total.incomplete.is_none() {
            total.incomplete = o.incomplete;
        }
        if d.stopped {
            return;
        }
    }
}

fn worker<S>(shared: &Shared<S>, bounds: &Bounds)
where
    S: Explorable,
    S::Choice: Sync,
{
    while let Some(task) = next_task(shared) {
        run_task(shared, bounds, task, 0);
    }
}

/// Explores one task taken from the queue (`nested`: on the thread of a
/// task waiting for another's summary) and hands its outcome back.
fn run_task<S>(shared: &Shared<S>, bounds: &Bounds, task: Task<S>, nested: usize)
where
    S: Explorable,
    S::Choice: Sync,
{
    let key = task.key.clone();
    // Each task counts as the sequential search would in its interval;
    // time and the execution bound are watched globally (`explore`).
    let mut search: Search<S> = Search::new(Bounds {
        timeout: None,
        max_executions: None,
        all_errors: bounds.all_errors,
        max_memory: None,
    });
    search.start = shared.start;
    search.memo = shared.memo.clone();
    let mut stack = Vec::new();
    let stopped = explore(shared, bounds, task, &mut search, &mut stack, nested);
    for f in &mut stack {
        shared.release(f);
    }
    if stopped {
        if let Ok(mut s) = shared.stop.lock() {
            if s.as_ref().is_none_or(|s| key < *s) {
                *s = Some(key.clone());
            }
        }
        shared.stopped.store(true, Ordering::Release);
    }
    if let Ok(mut d) = shared.done.lock() {
        d.push(Done {
            key,
            outcome: search.outcome,
            stopped,
        });
    }
    if shared.busy.fetch_sub(1, Ordering::AcqRel) == 1 {
        // Perhaps the last busy worker with nothing queued: the waiting
        // ones look again (under the lock, so none misses the news).
        let _q = shared.queue.lock();
        shared.wake.notify_all();
    }
}

/// The earliest queued task if it comes before `before` in schedule order
/// (a waiting task runs only earlier ones: they never wait for it).
fn task_before<S: Explorable>(shared: &Shared<S>, before: &[u32]) -> Option<Task<S>> {
    let mut q = shared.queue.lock().ok()?;
    loop {
        let first = q.first_key_value().map(|(k, _)| k.as_slice() < before)?;
        if !first {
            return None;
        }
        let (key, task) = q.pop_first()?;
        shared.queued.fetch_sub(1, Ordering::AcqRel);
        if shared.after_stop(&key) {
            continue;
        }
        shared.busy.fetch_add(1, Ordering::AcqRel);
        return Some(task);
    }
}

/// The state `key` at `schedule` is being explored by an earlier task:
/// waits until it is summarized or given up, running earlier tasks from
/// the queue meanwhile (counted idle, so that busy workers give some).
/// Waits only go from later tasks to earlier ones, and a task runs only
/// earlier tasks while it waits, so no wait ever waits for itself.
fn wait_for<S>(
    shared: &Shared<S>,
    bounds: &Bounds,
    key: u128,
    schedule: &[u32],
    task_key: &[u32],
    nested: usize,
) where
    S: Explorable,
    S::Choice: Sync,
{
    let known = |shared: &Shared<S>| shared.memo.as_ref().is_some_and(|t| t.get(key).is_some());
    shared.idle.fetch_add(1, Ordering::AcqRel);
    while shared.claimed_before(key, schedule)
        && !known(shared)
        && !shared.aborted.load(Ordering::Acquire)
    {
        match (nested < MAX_NESTED)
            .then(|| task_before(shared, task_key))
            .flatten()
        {
            Some(task) => {
                shared.idle.fetch_sub(1, Ordering::AcqRel);
                run_task(shared, bounds, task, nested + 1);
                shared.idle.fetch_add(1, Ordering::AcqRel);
            }
            None => std::thread::sleep(std::time::Duration::from_micros(20)),
        }
    }
    shared.idle.fetch_sub(1, Ordering::AcqRel);
}

/// The next task to run, the earliest in schedule order first (it decides
/// the outcome soonest); `None` when the search is over.
fn next_task<S: Explorable>(shared: &Shared<S>) -> Option<Task<S>> {
    let mut q = shared.queue.lock().ok()?;
    loop {
        if shared.aborted.load(Ordering::Acquire) {
            return None;
        }
        while let Some((key, task)) = q.pop_first() {
            shared.queued.fetch_sub(1, Ordering::AcqRel);
            if shared.after_stop(&key) {
                continue;
            }
            shared.busy.fetch_add(1, Ordering::AcqRel);
            return Some(task);
        }
        if shared.busy.load(Ordering::Acquire) == 0 {
            shared.wake.notify_all();
            return None;
        }
        shared.idle.fetch_add(1, Ordering::AcqRel);
        q = shared.wake.wait(q).ok()?;
        shared.idle.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Gives the untried options of the shallowest branching point with some
/// to an idle worker.
fn donate<S: Explorable>(shared: &Shared<S>, stack: &mut [Frame<S>]) {
    let Some(at) = stack.iter().position(|f| f.next < f.end) else {
        return;
    };
    // Part of the subtree of this frame and of every frame above it (its
    // ancestors) is explored elsewhere: none of them is summarized here.
    for f in &mut stack[..=at] {
        f.mark = None;
        // No summary will come from here: nobody waits for it.
        shared.release(f);
    }
    let f = &mut stack[at];
    let Some(state) = f.state.clone() else {
        return;
    };
    let mut key = f.schedule.clone();
    key.push(f.next as u32);
    let task = Task {
        key: key.clone(),
        start: Start::Options(Box::new(Frame {
            state: Some(state),
            schedule: f.schedule.clone(),
            options: f.options.clone(),
            next: f.next,
            end: f.end,
            mark: None,
            claim: None,
        })),
    };
    f.end = f.next;
    #[cfg(test)]
    DONATIONS.fetch_add(1, Ordering::Relaxed);
    if let Ok(mut q) = shared.queue.lock() {
        q.insert(key, task);
        shared.queued.fetch_add(1, Ordering::AcqRel);
    }
    shared.wake.notify_one();
}

/// Depth-first search of one task; whether it stopped where the sequential
/// search would.
fn explore<S>(
    shared: &Shared<S>,
    bounds: &Bounds,
    task: Task<S>,
    search: &mut Search<S>,
    stack: &mut Vec<Frame<S>>,
    nested: usize,
) -> bool
where
    S: Explorable,
    S::Choice: Sync,
{
    let mut current = None;
    match task.start {
        Start::Root(s) => current = Some((s, Vec::new())),
        Start::Options(f) => stack.push(*f),
    }
    let task_key = task.key;
    loop {
        if search.should_stop() {
            return true;
        }
        if shared.aborted.load(Ordering::Acquire) || shared.after_stop(&task_key) {
            return false;
        }
        // The shared count is read once per state, and only for a bound
        // (the other thread's additions make each read a cache miss).
        if bounds.timeout.is_some()
            || bounds.max_executions.is_some()
            || bounds.max_memory.is_some()
        {
            let n = shared.executions.load(Ordering::Acquire);
            if let Some(t) = bounds.timeout {
                if search.start.elapsed() >= t {
                    shared.abort(super::timeout_message(t, n));
                    return false;
                }
            }
            if let Some(m) = bounds.max_executions {
                if n >= m {
                    shared.abort(super::execution_limit_message(m));
                    return false;
                }
            }
            if let Some(m) = super::memory_exceeded(bounds.max_memory, n) {
                shared.abort(m);
                return false;
            }
        }
        if shared.idle.load(Ordering::Acquire) > 0 && shared.queued.load(Ordering::Acquire) == 0 {
            donate(shared, stack);
        }
        let (mut state, mut schedule) = match current.take() {
            Some(c) => c,
            None => {
                while stack.last().is_some_and(|f| f.next >= f.end) {
                    if let Some(mut f) = stack.pop() {
                        if let Some(mark) = f.mark.take() {
                            search.subtree_done(mark);
                        }
                        shared.release(&mut f);
                    }
                }
                let Some(top) = stack.last_mut() else {
                    return false;
                };
                let choice = top.options[top.next].clone();
                let index = top.next as u32;
                top.next += 1;
                let taken = if top.next >= top.end {
                    top.state
                        .take()
                        .map(|s| (s, std::mem::take(&mut top.schedule)))
                } else {
                    top.state.clone().map(|s| (s, top.schedule.clone()))
                };
                let Some((mut s, mut schedule)) = taken else {
                    return false;
                };
                schedule.push(index);
                if let Err(halt) = s.apply(&choice) {
                    search.executed(s.halted(halt), &schedule);
                    shared.executions.fetch_add(1, Ordering::AcqRel);
                    continue;
                }
                (s, schedule)
            }
        };
        search.outcome.states += 1;
        let limits = super::Limits {
            max_memory: bounds.max_memory,
            ..search.limits()
        };
        if let Err(halt) = state.settle(&limits) {
            search.executed(state.halted(halt), &schedule);
            shared.executions.fetch_add(1, Ordering::AcqRel);
            continue;
        }
        match state.next() {
            Next::Branch(options) => {
                let first = options[0].clone();
                if options.len() > 1 {
                    if !state.has_errors() || search.bounds.all_errors {
                        let mark = match search.lookup(&state) {
                            Lookup::Known(executions) => {
                                shared.executions.fetch_add(executions, Ordering::AcqRel);
                                continue;
                            }
                            Lookup::New(mark) => mark,
                        };
                        let mut claim = None;
                        if let Some(key) = mark.as_ref().map(|m| m.key()) {
                            let claimed = match shared.try_claim(key, &schedule) {
                                Some(claimed) => claimed,
                                None => {
                                    wait_for(shared, bounds, key, &schedule, &task_key, nested);
                                    let known =
                                        mark.as_ref().and_then(|m| search.known_after_all(m));
                                    if let Some(executions) = known {
                                        shared.executions.fetch_add(executions, Ordering::AcqRel);
                                        continue;
                                    }
                                    shared.claim(key, &schedule)
                                }
                            };
                            if claimed {
                                claim = Some((key, schedule.clone()));
                            }
                        }
                        let end = options.len();
                        stack.push(Frame {
                            state: Some(state.clone()),
                            schedule: schedule.clone(),
                            options: Arc::new(options),
                            next: 1,
                            end,
                            mark,
                            claim,
                        });
                    }
                    schedule.push(0);
                }
                if let Err(halt) = state.apply(&first) {
                    search.executed(state.halted(halt), &schedule);
                    shared.executions.fetch_add(1, Ordering::AcqRel);
                    continue;
                }
                current = Some((state, schedule));
            }
            Next::End => {
                search.executed(state.ended(), &schedule);
                shared.executions.fetch_add(1, Ordering::AcqRel);
            }
            Next::Redundant => {
                search.pruned(state.pruned(), &schedule);
            }
        }
    }
}
