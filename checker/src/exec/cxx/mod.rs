//! The C++ runtime a model calls (`InstKind::Libc` with a `Cxx*` or
//! `Cxa*` function): what libstdc++'s shared library and the C++ ABI
//! (`libsupc++`) do for a program, beside the C library of `exec::libc`.
//!
//! - `new_delete`: `operator new` and `operator delete` in their forms,
//!   with the form that made each block remembered, so that `delete` of a
//!   block made by `new[]` or `malloc` is a memory error.
//!
//! The runtime's state ([`CxxState`]) is part of the process's static
//! storage (`LibcStatics::cxx`), hashed with it.

mod new_delete;

pub use new_delete::free_check;

use super::libc::LibcOutcome;
use super::memory::{MemFault, Memory};
use runtime_model::model::{LibcFunc, Ty};

/// What the C++ runtime keeps for a process.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CxxState {
    new_delete: new_delete::Blocks,
}

/// Whether `func` is a function of the C++ runtime (routed here).
pub fn is_cxx(func: LibcFunc) -> bool {
    matches!(
        func,
        LibcFunc::CxxNew
            | LibcFunc::CxxNewArray
            | LibcFunc::CxxNewNothrow
            | LibcFunc::CxxNewArrayNothrow
            | LibcFunc::CxxDelete
            | LibcFunc::CxxDeleteArray
            | LibcFunc::CxaAtexit
            | LibcFunc::CxxPureVirtual
    )
}

/// Executes the C++ runtime function `func` on `args`.
pub fn call(func: LibcFunc, args: &[(u64, Ty)], mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    let arg = |i: usize| {
        args.get(i).map(|a| a.0).ok_or_else(|| {
            MemFault::Other(format!(
                "{} called with {} arguments, needs at least {}",
                func.c_name(),
                args.len(),
                i + 1
            ))
        })
    };
    use new_delete::Form;
    match func {
        LibcFunc::CxxNew => new_delete::new(mem, arg(0)?, Form::Scalar, false),
        LibcFunc::CxxNewArray => new_delete::new(mem, arg(0)?, Form::Array, false),
        LibcFunc::CxxNewNothrow => new_delete::new(mem, arg(0)?, Form::Scalar, true),
        LibcFunc::CxxNewArrayNothrow => new_delete::new(mem, arg(0)?, Form::Array, true),
        LibcFunc::CxxDelete => new_delete::delete(mem, arg(0)?, Form::Scalar),
        LibcFunc::CxxDeleteArray => new_delete::delete(mem, arg(0)?, Form::Array),
        // Registered by the interpreter, which owns the exit handlers;
        // reaching here means the destructor is not a function of the model.
        LibcFunc::CxaAtexit => Ok(LibcOutcome::Unsupported(
            "__cxa_atexit with a destructor that is not a function of the program".into(),
        )),
        // libsupc++ prints "pure virtual method called" and terminates.
        LibcFunc::CxxPureVirtual => Ok(LibcOutcome::Terminate {
            message:
                "pure virtual function called (on an object under construction or destruction)"
                    .into(),
        }),
        _ => Ok(LibcOutcome::Unsupported(format!(
            "{} reached the C++ runtime model (a checker bug)",
            func.c_name()
        ))),
    }
}
