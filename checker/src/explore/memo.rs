//! Stateful search: subtrees already explored are not explored again
//! (Palmer et al. 2007, §4: state hashing), with the outcome of the stateless search.
//!
//! A branching point whose whole subtree was explored, and showed no error
//! and no remark, leaves a summary under its state's key
//! (`Explorable::memo_key`): how many executions ended below it (complete
//! or cut as redundant) and the transitions and instructions they took
//! after it. A later branching point with the same key has the same future
//! (that is what the key promises), so its subtree is counted from the
//! summary instead of explored: the executions and transitions reported are
//! those of the stateless search, only the work is not done twice.
//!
//! Why the outcome does not change: a subtree is summarized only once
//! complete, so a state on the current path (a cycle) is never cut; an
//! error-free subtree cut anywhere would have been error-free there too,
//! so the first error, its schedule and every error of `--all-errors` are
//! found exactly where the stateless search finds them. The same holds
//! for each task of the parallel search, whose summaries are shared: a
//! summary is exact wherever it was computed. It also holds for a summary
//! that arrives while its state's subtree is being explored (`Remote`, the
//! table of a distributed search): the subtree is error-free (the summary
//! says so, and the same key has the same future), so cutting it loses no
//! error, and its counts are put back to the state's snapshot plus the
//! summary — what they would be had the summary been there when the state
//! was reached (`Search::known_late`).
//!
//! The one thing a key may leave out that the future still reads is how
//! far each process is towards a per-process limit of the tool (for MPI:
//! instructions executed, MPI calls made). A summary therefore also keeps
//! its reach, the most of each one execution used below the branching
//! point, and a state reuses it only if every process stays within its
//! limits with that much more (`Explorable::memo_room`); otherwise the
//! subtree is explored and the limit is met where the stateless search
//! meets it. The running maxima (`Search::peak`) nest as the marks do.

use super::{Explorable, KeyMap, Padded, Search, LIMITED};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// What ended below a branching point, counted from it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub executions: u64,
    pub pruned: u64,
    /// Transitions and instructions taken after the branching point, summed
    /// over the executions (each execution also counts what was taken
    /// before it, which the place of a cut decides).
    pub transitions: u64,
    pub instructions: u64,
    /// The most of each limited quantity (`Explorable::memo_used`: for MPI
    /// instructions and MPI calls) one execution used after the branching
    /// point, all processes together: no process used more. The key
    /// leaves out how far each process already is, so a state reuses the
    /// summary only if every process stays within its limits with this
    /// much more (`Explorable::memo_room`).
    pub reach: [u64; LIMITED],
}

const SHARDS: usize = 64;

/// The summaries of a search, shared by its threads (sharded locks: they
/// are read and written at branching points only).
pub struct Table {
    shards: Vec<Padded<Mutex<KeyMap<Summary>>>>,
    len: Padded<AtomicU64>,
    /// States past which `cache` adds nothing (`--distributed`: what other
    /// processes own is kept here only while memory allows).
    cache_limit: AtomicU64,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            shards: (0..SHARDS)
                .map(|_| Padded(Mutex::new(KeyMap::default())))
                .collect(),
            len: Padded(AtomicU64::new(0)),
            cache_limit: AtomicU64::new(u64::MAX),
        }
    }
}

/// Bytes a remembered state takes in a `Table` at most (key, summary, the
/// hash map's control byte and spare room), to turn memory into states.
pub const STATE_BYTES: u64 = 160;

/// Bytes of one summary with its key (`encode`).
pub const ENTRY_BYTES: usize = 16 + (4 + LIMITED) * 8;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "memo::Table({} states)", self.len())
    }
}

impl Table {
    fn shard(&self, key: u128) -> &Mutex<KeyMap<Summary>> {
        &self.shards[(key as usize) % SHARDS]
    }

    pub fn get(&self, key: u128) -> Option<Summary> {
        self.shard(key).lock().ok()?.get(&key).copied()
    }

    /// Files a summary: computed here, or by another process (a summary is
    /// exact wherever it was computed, the module comment).
    pub fn insert(&self, key: u128, summary: Summary) {
        if let Ok(mut m) = self.shard(key).lock() {
            if m.insert(key, summary).is_none() {
                self.len.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Files a summary another process owns, as long as the table holds
    /// fewer than its cache limit: the owner keeps it anyway, and without
    /// a copy here a state met again is asked again (and explored until
    /// the answer comes).
    pub fn cache(&self, key: u128, summary: Summary) {
        if self.len() < self.cache_limit.load(Ordering::Relaxed) {
            self.insert(key, summary);
        }
    }

    /// Sets the number of states past which `cache` adds nothing.
    pub fn set_cache_limit(&self, states: u64) {
        self.cache_limit.store(states, Ordering::Relaxed);
    }

    /// States remembered.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Summaries with their keys as bytes, `ENTRY_BYTES` each (little endian),
/// to send to another process.
pub fn encode(entries: &[(u128, Summary)], out: &mut Vec<u8>) {
    out.reserve(entries.len() * ENTRY_BYTES);
    for (key, s) in entries {
        out.extend_from_slice(&key.to_le_bytes());
        let words = [s.executions, s.pruned, s.transitions, s.instructions];
        for x in words.into_iter().chain(s.reach) {
            out.extend_from_slice(&x.to_le_bytes());
        }
    }
}

/// The summaries `encode` wrote; bytes that are not whole entries are
/// ignored.
pub fn decode(bytes: &[u8]) -> Vec<(u128, Summary)> {
    bytes
        .chunks_exact(ENTRY_BYTES)
        .map(|e| {
            let word = |i: usize| {
                let mut b = [0u8; 8];
                b.copy_from_slice(&e[16 + 8 * i..24 + 8 * i]);
                u64::from_le_bytes(b)
            };
            let mut k = [0u8; 16];
            k.copy_from_slice(&e[..16]);
            let summary = Summary {
                executions: word(0),
                pruned: word(1),
                transitions: word(2),
                instructions: word(3),
                reach: std::array::from_fn(|i| word(4 + i)),
            };
            (u128::from_le_bytes(k), summary)
        })
        .collect()
}

/// The summaries other processes hold (`--distributed`: the table is
/// partitioned by key over the processes that explore). A process files
/// what it computes in its own table and tells the key's owner; a state it
/// does not know and does not own is asked of its owner, and explored
/// meanwhile: waiting for the answer would cost more than most subtrees.
/// When the owner knew it, the answer comes back later (`poll`) and the
/// search cuts the subtree it was exploring (`Search::known_late`): its
/// counts go back to where they stood at the state, plus the summary.
/// Unknown keys get no answer.
pub trait Remote {
    /// Whether `key`'s summaries are this process's to hold.
    fn owns(&self, key: u128) -> bool;
    /// Asks the owner of `key` for its summary (answered in a later `poll`
    /// if the owner knows it).
    fn ask(&mut self, key: u128);
    /// Hands a summary computed here to the owner of its key.
    fn tell(&mut self, key: u128, summary: Summary);
    /// The communication that is due: answers the other processes'
    /// questions from `table`, files in it the summaries they told, and
    /// returns the answers to this process's questions that came back
    /// (filed in `table` too).
    fn poll(&mut self, table: &Table) -> Vec<(u128, Summary)>;
}

thread_local! {
    /// The searches of this thread share the rest of a distributed table
    /// through it (set by the distributed driver, for the whole run).
    static REMOTE: std::cell::RefCell<Option<Box<dyn Remote>>> = const { std::cell::RefCell::new(None) };
}

/// Makes `remote` the rest of the table of the searches this thread runs
/// from now on (`None`: a table of their own again).
pub fn attach(remote: Option<Box<dyn Remote>>) {
    REMOTE.with(|r| *r.borrow_mut() = remote);
}

/// Whether this thread's searches share a distributed table.
pub fn attached() -> bool {
    REMOTE.with(|r| r.borrow().is_some())
}

fn with_remote<R>(f: impl FnOnce(&mut dyn Remote) -> R) -> Option<R> {
    REMOTE.with(|r| {
        let mut held = r.try_borrow_mut().ok()?;
        let remote: &mut dyn Remote = held.as_mut()?.as_mut();
        Some(f(remote))
    })
}

/// What a branching point notes when it is pushed, to summarize its
/// subtree once every option was explored.
#[derive(Clone, Debug)]
pub struct Mark {
    key: u128,
    at: Summary,
    remarks: u64,
    /// The state's own transitions and instructions (`Explorable::progress`).
    prefix: (u64, u64),
    /// `Explorable::memo_used` of the state.
    used: [u64; LIMITED],
    /// `Explorable::memo_room` of the state.
    room: [u64; LIMITED],
    /// `Search::peak` of the enclosing marked branching point when this one
    /// was marked (the running maxima nest as the marks do).
    outer_peak: [u64; LIMITED],
}

impl Mark {
    /// The key of the state it marks.
    pub fn key(&self) -> u128 {
        self.key
    }
}

/// Whether every process stays within its limits below a state with
/// `room` left when the summary `s` is reused there.
fn fits(s: &Summary, room: [u64; LIMITED]) -> bool {
    s.reach.iter().zip(room).all(|(&r, room)| r < room)
}

/// Where the search stands at a settled branching state.
pub enum Lookup {
    /// Its subtree was explored before: counted (this many executions),
    /// nothing to explore.
    Known(u64),
    /// New: push it with this mark (`None`: not remembered).
    New(Option<Mark>),
}

impl<S: Explorable> Search<S> {
    /// Looks a settled branching state up in the table, counting its
    /// subtree when it is known.
    pub fn lookup(&mut self, state: &S) -> Lookup {
        let Some(table) = &self.memo else {
            return Lookup::New(None);
        };
        let began = Instant::now();
        let key = state.memo_key();
        self.outcome.key_nanos += began.elapsed().as_nanos() as u64;
        let Some(key) = key else {
            return Lookup::New(None);
        };
        let prefix = state.progress();
        let used = state.memo_used();
        let room = state.memo_room();
        if let Some(s) = table.get(key).filter(|s| fits(s, room)) {
            self.count_known(&s, prefix, used);
            return Lookup::Known(s.executions);
        }
        if self.remote {
            with_remote(|r| {
                if !r.owns(key) {
                    r.ask(key);
                }
            });
        }
        let outer_peak = std::mem::take(&mut self.peak);
        let o = &self.outcome;
        Lookup::New(Some(Mark {
            key,
            at: Summary {
                executions: o.executions,
                pruned: o.pruned,
                transitions: o.transitions,
                instructions: o.instructions,
                reach: [0; LIMITED],
            },
            remarks: self.remarks,
            prefix,
            used,
            room,
            outer_peak,
        }))
    }

    /// Every option of the branching point marked `mark` was explored:
    /// remembers its subtree, unless it showed an error or a remark (those
    /// are found where the stateless search finds them).
    pub fn subtree_done(&mut self, mark: Mark) {
        let peak = self.peak;
        for (p, o) in self.peak.iter_mut().zip(mark.outer_peak) {
            *p = (*p).max(o);
        }
        let Some(table) = &self.memo else { return };
        if self.remarks != mark.remarks {
            return;
        }
        let o = &self.outcome;
        let executions = o.executions.saturating_sub(mark.at.executions);
        let pruned = o.pruned.saturating_sub(mark.at.pruned);
        let endings = executions.saturating_add(pruned);
        let suffix = |total: u64, before: u64, prefix: u64| {
            total
                .saturating_sub(before)
                .saturating_sub(endings.saturating_mul(prefix))
        };
        let summary = Summary {
            executions,
            pruned,
            transitions: suffix(o.transitions, mark.at.transitions, mark.prefix.0),
            instructions: suffix(o.instructions, mark.at.instructions, mark.prefix.1),
            reach: std::array::from_fn(|i| peak[i].saturating_sub(mark.used[i])),
        };
        let owned_elsewhere = self.remote
            && with_remote(|r| {
                let elsewhere = !r.owns(mark.key);
                if elsewhere {
                    r.tell(mark.key, summary);
                }
                elsewhere
            })
            .unwrap_or(false);
        if owned_elsewhere {
            table.cache(mark.key, summary);
        } else {
            table.insert(mark.key, summary);
        }
    }

    /// The answers other processes sent to this search's questions since
    /// it last looked (`Remote::poll`; none without a distributed table).
    pub fn answers(&mut self) -> Vec<(u128, Summary)> {
        if !self.remote {
            return Vec::new();
        }
        let Some(table) = &self.memo else {
            return Vec::new();
        };
        with_remote(|r| r.poll(table)).unwrap_or_default()
    }

    /// The state marked `mark` a moment ago, not pushed yet, is known by
    /// now (another thread of a parallel search summarized it while this
    /// one waited): counts it as `lookup` would have, and returns its
    /// executions (the mark is then dropped, not pushed). Nothing was
    /// explored since the mark, so this is `known_late` at no distance.
    pub fn known_after_all(&mut self, mark: &Mark) -> Option<u64> {
        let summary = self.memo.as_ref().and_then(|t| t.get(mark.key))?;
        self.known_late(mark, &summary)
            .then_some(summary.executions)
    }

    /// The subtree of the open branching point marked `mark`, being
    /// explored, was known elsewhere (`summary`, an answer of `Remote`):
    /// counts it as if it had been known when the point was reached —
    /// the counters go back to where they stood then, plus the summary —
    /// and returns true; the search then drops the point and everything
    /// above it. Returns false where the summary cannot stand for the
    /// subtree: past a limit, or when the exploration so far met an error
    /// or a remark (it cannot, the future being the same; kept as found).
    pub fn known_late(&mut self, mark: &Mark, summary: &Summary) -> bool {
        if !fits(summary, mark.room) || self.remarks != mark.remarks {
            return false;
        }
        let o = &mut self.outcome;
        o.executions = mark.at.executions;
        o.pruned = mark.at.pruned;
        o.transitions = mark.at.transitions;
        o.instructions = mark.at.instructions;
        // The running maxima of the enclosing marked point, as they stood.
        self.peak = mark.outer_peak;
        self.count_known(summary, mark.prefix, mark.used);
        true
    }

    fn count_known(&mut self, s: &Summary, prefix: (u64, u64), used: [u64; LIMITED]) {
        let endings = s.executions.saturating_add(s.pruned);
        let o = &mut self.outcome;
        o.executions = o.executions.saturating_add(s.executions);
        o.pruned = o.pruned.saturating_add(s.pruned);
        let t = endings
            .saturating_mul(prefix.0)
            .saturating_add(s.transitions);
        o.transitions = o.transitions.saturating_add(t);
        o.instructions = o.instructions.saturating_add(
            endings
                .saturating_mul(prefix.1)
                .saturating_add(s.instructions),
        );
        o.merged += 1;
        for ((p, u), r) in self.peak.iter_mut().zip(used).zip(s.reach) {
            *p = (*p).max(u.saturating_add(r));
        }
        super::progress::add(s.executions, t);
    }
}
