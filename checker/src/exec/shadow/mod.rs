//! Shadow tracking inside one process (`--any-input`, or `--input` values).
//!
//! The interpreter calls these hooks only when `Process::track` is set, so a
//! normal run pays one test per instruction. Every hook runs after the
//! concrete instruction (SSA: a destination is never one of its operands),
//! except terminators (before the jump) and library calls (which produce
//! input values).
//!
//! - `value`: what a shadow is, as a function of the inputs.
//! - `track`: the per-process state (register and memory shadows) and the
//!   helpers the hooks share.
//! - `transfer`: how each model instruction propagates shadows.
//! - `sources`: library calls: the input sources, and what other library
//!   functions do to shadows.
//!
//! The partition the shadows are read against (symbols, cells, the run's
//! `Plan`) is `crate::input`'s.

mod sources;
pub mod track;
mod transfer;
pub mod value;

pub use track::{Taint, Tracker};
