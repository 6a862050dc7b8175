//! The record of an execution: its trace, its log of MPI calls and their
//! dependencies (`events`), the persistent list that keeps them cheap to
//! clone at branching points (`plist`), and the completes-before replay
//! over them (`cb`).

pub mod cb;
pub mod events;
pub mod plist;
