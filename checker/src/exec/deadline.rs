//! The wall-clock limit of a check (`--timeout`), as seen from inside one
//! process's local computation: a loop that runs for minutes between two MPI
//! calls must still stop when the time is up. The search sets the deadline
//! for the thread that explores; the interpreter looks at the clock every
//! `CHECK_EVERY` instructions, which costs nothing measurable.

use std::cell::Cell;
use std::time::Instant;

/// Instructions between two looks at the clock (about a millisecond).
pub const CHECK_EVERY: u64 = 1 << 16;

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// Sets (or clears) the deadline of the current thread's search.
pub fn set(deadline: Option<Instant>) {
    DEADLINE.with(|d| d.set(deadline));
}

/// Whether the current thread's deadline has passed.
pub fn passed() -> bool {
    DEADLINE.with(|d| d.get().is_some_and(|t| Instant::now() >= t))
}
