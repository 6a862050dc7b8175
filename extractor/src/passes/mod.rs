//! The LLVM-free passes of Li et al. 2011, §5 "Simplification" over a lifted
//! [`Model`](runtime_model::model::Model):
//!
//! 0. [`lifetimes::end_locals_at_returns`]: each function's locals end at
//!    its returns (so a pointer to one that outlives it is caught);
//! 1. [`inline_into_entry`]: inline every user function into `main`
//!    except the recursive ones, which stay functions the checker runs on a
//!    call stack; then drop the functions nobody references any more;
//! 2. [`locked_updates::updates_under_locks_become_atomic`]: `x = x op e`
//!    inside a critical section is an atomic update (the race check then
//!    knows such updates commute);
//! 3. [`slice`]: cone-of-influence slicing of the entry function, computed by
//!    chaotic iteration to a fixpoint, which removes the computations that
//!    cannot influence control flow, MPI calls or assertions (printf and the
//!    values only printed go away); placeholders of unsupported constructs
//!    are kept, like assertions.
//!
//! Each leaves a model that passes `Model::validate`.

mod cfg;
mod effects;
pub mod inline;
mod ir;
pub mod lifetimes;
pub mod locked_updates;
mod points_to;
mod prune;
pub mod slice;

pub use inline::inline_into_entry;
pub use slice::slice;
