//! Executing one process: memory, the instruction interpreter, the C
//! library functions programs call (with glibc's `rand`), and the shadows
//! of input-derived values (`--any-input`).

pub mod arith;
pub mod code;
pub mod cxx;
pub mod deadline;
pub mod endless;
mod fast;
pub mod foreign;
pub mod interp;
pub mod jumps;
pub mod libc;
pub mod liveness;
pub mod memory;
pub mod omp;
pub mod rand;
pub mod shadow;
pub mod slots;
