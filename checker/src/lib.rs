//! `mpi-check`: executes the processes of a model against the MPI semantics
//! of `runtime_model`, explores the nondeterminism MPI allows with
//! partial-order reduction, and reports errors as traces in the user's
//! source lines.

pub mod cli;
pub mod config;
pub mod diag;
pub mod driver;
pub mod exec;
pub mod explore;
pub mod input;
pub mod log;
pub mod mpi;
pub mod progress_line;
pub mod report;
pub mod source;
pub mod system;
