//! C library code made program code before lifting.
//!
//! `qsort` and `bsearch` call back into the program through a comparison
//! function pointer. Each call is replaced by a call to a function made here
//! for that call site: an insertion sort for `qsort` (`qsort`), glibc's
//! binary search for `bsearch` (`bsearch`). When the comparator is a
//! function of the program named at the call (with C's
//! `int (*)(const void *, const void *)` shape), the made function calls it
//! directly; otherwise (a comparator chosen at run time, read from a
//! variable or a table) it takes the pointer as a last parameter and calls
//! through it, which the checker resolves when the call runs. A program
//! defining its own `qsort` or `bsearch` keeps it.
//!
//! Every instruction of a generated function carries the call's source
//! position, so a fault inside it (an array shorter than `n * size`, a
//! comparator error) is reported at the user's call.
//!
//! glibc's `errno`, a call of `__errno_location()`, becomes the address of
//! a global of the program (`errno`); `getopt`'s variables become globals
//! of the program, whose addresses each `getopt` call passes (`getopt`).
//!
//! `site` holds what the rewrites share.

mod bsearch;
mod errno;
mod getopt;
mod qsort;
mod site;

use inkwell::module::Module;

use crate::error::ExtractError;

pub use getopt::GETOPT;

/// Replaces the `qsort` and `bsearch` calls with a known comparator by
/// code calling it, `errno` by a global and getopt's variables by globals
/// (see the module docs).
pub fn expand_library_calls(module: &Module<'_>) -> Result<(), ExtractError> {
    qsort::expand_qsort(module)?;
    bsearch::expand_bsearch(module)?;
    getopt::expand_getopt(module)?;
    errno::expand_errno(module)
}
