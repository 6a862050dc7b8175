//! Counters a progress display reads while a search runs: executions and
//! transitions so far, over every strategy and thread. They are only read
//! for display (`crate::cli`'s progress line); results are counted in the
//! search's `Outcome`, which does not depend on them.

use std::sync::atomic::{AtomicU64, Ordering};

static EXECUTIONS: AtomicU64 = AtomicU64::new(0);
static TRANSITIONS: AtomicU64 = AtomicU64::new(0);

/// One more execution (finished or cut as redundant) of `transitions`.
pub fn add(executions: u64, transitions: u64) {
    EXECUTIONS.fetch_add(executions, Ordering::Relaxed);
    TRANSITIONS.fetch_add(transitions, Ordering::Relaxed);
}

/// (executions, transitions) counted since the process started.
pub fn read() -> (u64, u64) {
    (
        EXECUTIONS.load(Ordering::Relaxed),
        TRANSITIONS.load(Ordering::Relaxed),
    )
}
