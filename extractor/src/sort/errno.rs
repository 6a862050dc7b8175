//! `errno` (C11 7.5) as a variable of the program.
//!
//! glibc's `errno` is `(*__errno_location())`, the address of the calling
//! thread's `errno`. Each call of the C library's `__errno_location()` is
//! replaced by the address of one internal, zero-initialized `int` global
//! named `errno` added to the module, so every process of the model has
//! its own `errno` (every process gets its own copy of the globals), which
//! starts at 0 and which the program reads and writes like any variable.
//!
//! The C library functions the checker models set it as glibc's do
//! (`ERANGE` from an out-of-range `strtol`, `ENOMEM` from a failed
//! `malloc`, the system's code from a failed `fopen`...): the checker finds
//! the global by its name (`LibcStatics::errno`).

use inkwell::module::{Linkage, Module};
use inkwell::values::PointerValue;

use super::site::library_calls;
use crate::error::ExtractError;

/// Replaces every call of `__errno_location()` by the address of the
/// `errno` global (made here when a call needs it).
pub fn expand_errno(module: &Module<'_>) -> Result<(), ExtractError> {
    let calls = library_calls(module, "__errno_location", 0);
    if calls.is_empty() {
        return Ok(());
    }
    let context = module.get_context();
    let int = context.i32_type();
    // LLVM renames it should the program have another global `errno`.
    let errno = module.add_global(int, None, "errno");
    errno.set_linkage(Linkage::Internal);
    errno.set_initializer(&int.const_zero());
    errno.set_alignment(4);
    let address = errno.as_pointer_value();
    for call in calls {
        PointerValue::try_from(call)
            .map_err(|()| {
                ExtractError::Internal("__errno_location does not return a pointer".into())
            })?
            .replace_all_uses_with(address);
        call.erase_from_basic_block();
    }
    Ok(())
}
