//! The model format shared by `mpi-extract` (producer) and `mpi-check`
//! (consumer), and the semantics of MPI the checker drives.
//!
//! No LLVM and no exploration strategy live here.

pub mod assume;
pub mod compile_db;
pub mod complex;
pub mod datatype;
#[cfg(feature = "cli")]
pub mod generate;
pub mod global_init;
pub mod handles;
pub mod model;
pub mod mpi;
pub mod mpi_api;
pub mod omp;
pub mod reduce;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod x87;
