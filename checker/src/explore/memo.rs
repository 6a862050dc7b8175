//! Stateful search: subtrees already explored are not explored again
//! (seed 001 §4: state hashing), with the outcome of the stateless search.
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
//! summary is exact wherever it was computed.
//!
//! The one thing a key may leave out that the future still reads is how
//! far each process is towards a per-process limit of the tool (for MPI:
//! instructions executed, MPI calls made). A summary therefore also keeps
//! its reach, the most of each one execution used below the branching
//! point, and a state reuses it only if every process stays within its
//! limits with that much more (`Explorable::memo_room`); otherwise the
//! subtree is explored and the limit is met where the stateless search
//! meets it. The running maxima (`Search::peak`) nest as the marks do.

use super::{Explorable, Search, LIMITED};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

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
    shards: Vec<Mutex<HashMap<u128, Summary>>>,
    len: AtomicU64,
    /// With `Table::exporting`: the summaries computed here since they were
    /// last taken, to hand to the other processes of a distributed search.
    fresh: Option<Mutex<Vec<(u128, Summary)>>>,
}

impl Default for Table {
    fn default() -> Table {
        Table {
            shards: (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect(),
            len: AtomicU64::new(0),
            fresh: None,
        }
    }
}

/// Bytes of one summary with its key in `Table::take_fresh`.
const ENTRY_BYTES: usize = 16 + (4 + LIMITED) * 8;

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "memo::Table({} states)", self.len())
    }
}

impl Table {
    fn shard(&self, key: u128) -> &Mutex<HashMap<u128, Summary>> {
        &self.shards[(key as usize) % SHARDS]
    }

    pub fn get(&self, key: u128) -> Option<Summary> {
        self.shard(key).lock().ok()?.get(&key).copied()
    }

    pub fn insert(&self, key: u128, summary: Summary) {
        self.remember(key, summary);
        if let Some(Ok(mut fresh)) = self.fresh.as_ref().map(Mutex::lock) {
            fresh.push((key, summary));
        }
    }

    fn remember(&self, key: u128, summary: Summary) {
        if let Ok(mut m) = self.shard(key).lock() {
            if m.insert(key, summary).is_none() {
                self.len.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// A table that keeps what it computes for other processes
    /// (`take_fresh`).
    pub fn exporting() -> Table {
        Table {
            fresh: Some(Mutex::new(Vec::new())),
            ..Table::default()
        }
    }

    /// The summaries computed here since the last call, encoded.
    pub fn take_fresh(&self) -> Vec<u8> {
        let fresh = match self.fresh.as_ref().map(Mutex::lock) {
            Some(Ok(mut f)) => std::mem::take(&mut *f),
            _ => Vec::new(),
        };
        let mut out = Vec::with_capacity(fresh.len() * ENTRY_BYTES);
        for (key, s) in fresh {
            out.extend_from_slice(&key.to_le_bytes());
            let words = [s.executions, s.pruned, s.transitions, s.instructions];
            for x in words.into_iter().chain(s.reach) {
                out.extend_from_slice(&x.to_le_bytes());
            }
        }
        out
    }

    /// Adds summaries another process computed (`take_fresh`'s bytes): a
    /// summary is exact wherever it was computed (the module comment), so
    /// any of them may be used here. Returns how many were read; bytes
    /// that are not whole entries are ignored.
    pub fn import(&self, bytes: &[u8]) -> usize {
        let mut n = 0;
        for e in bytes.chunks_exact(ENTRY_BYTES) {
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
            self.remember(u128::from_le_bytes(k), summary);
            n += 1;
        }
        n
    }

    /// States remembered.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
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
    /// `Search::peak` of the enclosing marked branching point when this one
    /// was marked (the running maxima nest as the marks do).
    outer_peak: [u64; LIMITED],
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
        let Some(key) = state.memo_key() else {
            return Lookup::New(None);
        };
        let prefix = state.progress();
        let used = state.memo_used();
        let room = state.memo_room();
        let fits = |s: &Summary| s.reach.iter().zip(room).all(|(&r, room)| r < room);
        if let Some(s) = table.get(key).filter(fits) {
            self.count_known(&s, prefix, used);
            return Lookup::Known(s.executions);
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
        table.insert(
            mark.key,
            Summary {
                executions,
                pruned,
                transitions: suffix(o.transitions, mark.at.transitions, mark.prefix.0),
                instructions: suffix(o.instructions, mark.at.instructions, mark.prefix.1),
                reach: std::array::from_fn(|i| peak[i].saturating_sub(mark.used[i])),
            },
        );
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
