//! The MPI machine: the explored state (`machine`), how its processes block
//! (`wait`), decoding the calls a process makes and completing blocked
//! calls. The semantics they drive live in `runtime_model::mpi`.
//!
//! - `decode`: reading and checking arguments (handles, buffers, statuses).
//! - `calls`: the entry point for every call; environment calls.
//! - `p2p`, `requests`, `collective`, `comms` (communicators, groups,
//!   topologies), `env` (error handlers, predefined attributes): one
//!   family each; `attrs` (attribute caching and its callbacks).
//! - `completion`: finishing blocked calls and recording their dependencies.
//! - `persistent` (MPI_*_init, MPI_Start), `buffered` (buffer attach/detach
//!   and buffered-send space); `pack` (MPI_Get_address, MPI_Pack,
//!   MPI_Unpack); `layout`: typed buffers as bytes, the seam a
//!   datatype engine replaces.

pub mod args;
pub mod attrs;
pub mod buffered;
pub mod calls;
pub mod collective;
pub mod comms;
pub mod completion;
pub mod datatypes;
pub mod decide;
pub mod decode;
pub mod env;
pub mod errhandlers;
pub mod grequest;
pub mod info;
pub mod io;
pub mod layout;
pub mod leaks;
pub mod machine;
pub mod p2p;
pub mod pack;
pub mod payload;
pub mod persistent;
pub mod races;
pub mod requests;
pub mod rma;
pub mod user_op;
pub mod wait;
