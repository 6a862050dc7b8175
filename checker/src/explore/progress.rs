//! Counters a progress display reads while a search runs: executions and
//! transitions so far, over every strategy and thread. They are only read
//! for display (`crate::cli`'s progress line); results are counted in the
//! search's `Outcome`, which does not depend on them.

use std::sync::atomic::{AtomicU64, Ordering};

static EXECUTIONS: AtomicU64 = AtomicU64::new(0);
static TRANSITIONS: AtomicU64 = AtomicU64::new(0);
static INSTRUCTIONS: AtomicU64 = AtomicU64::new(0);

/// One more execution (finished or cut as redundant) of `transitions`.
pub fn add(executions: u64, transitions: u64) {
    EXECUTIONS.fetch_add(executions, Ordering::Relaxed);
    TRANSITIONS.fetch_add(transitions, Ordering::Relaxed);
}

/// `n` more model instructions executed (counted in large steps by the
/// interpreter, so that a long local computation shows progress too).
pub fn add_instructions(n: u64) {
    INSTRUCTIONS.fetch_add(n, Ordering::Relaxed);
}

/// Model instructions counted since the process started.
pub fn instructions() -> u64 {
    INSTRUCTIONS.load(Ordering::Relaxed)
}

/// (executions, transitions) counted since the process started.
pub fn read() -> (u64, u64) {
    (
        EXECUTIONS.load(Ordering::Relaxed),
        TRANSITIONS.load(Ordering::Relaxed),
    )
}
