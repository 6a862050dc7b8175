//! The checker's side of MPI: decoding the calls a process makes and
//! completing blocked calls. The semantics they drive live in
//! `runtime_model::mpi`.
//!
//! - `decode`: reading and checking arguments (handles, buffers, statuses).
//! - `calls`: the entry point for every call; environment calls.
//! - `p2p`, `requests`, `collective`: one family of calls each.
//! - `completion`: finishing blocked calls and recording their dependencies.

pub mod calls;
pub mod collective;
pub mod completion;
pub mod decode;
pub mod p2p;
pub mod requests;
