//! The checker's side of MPI: decoding calls a process makes (`calls`) and
//! completing blocked calls (`completion`). The semantics they drive live in
//! `runtime_model::mpi`.

pub mod calls;
pub mod completion;
