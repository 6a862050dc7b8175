//! Executing one process: memory, the instruction interpreter, and the C
//! library functions programs call.

pub mod deadline;
pub mod interp;
pub mod libc;
pub mod liveness;
pub mod memory;
