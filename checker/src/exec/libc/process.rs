//! The functions that end or pause the process: `exit`, `_Exit`, `abort`,
//! a failed `assert`, `atexit` handlers the model cannot run, and `sleep`
//! and `usleep` (no time passes).

use super::{misrouted, ret_i32, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::LibcFunc;

/// Executes a process function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::AssertFail => {
            // The strings are the constants `assert` generates; if one is
            // somehow unreadable, the failed assertion still matters more
            // than the reason its text is missing.
            let expr = a
                .get(0)
                .and_then(|p| mem.read_c_string(p))
                .map(|s| String::from_utf8_lossy(&s).into_owned())
                .unwrap_or_else(|_| "?".into());
            Ok(LibcOutcome::AssertFailed {
                message: format!("assertion `{expr}` failed"),
            })
        }
        LibcFunc::Abort => Ok(LibcOutcome::Abort),
        LibcFunc::Exit => Ok(LibcOutcome::Exit(a.get(0)? as u32 as i32)),
        LibcFunc::ExitNow => Ok(LibcOutcome::ExitNow(a.get(0)? as u32 as i32)),
        // Registered by the interpreter, which owns the process's handlers;
        // reaching here means the handler is not a function of the model.
        LibcFunc::Atexit => Ok(LibcOutcome::Unsupported(
            "atexit with a handler that is not a function of the program".into(),
        )),
        LibcFunc::Sleep | LibcFunc::Usleep => Ok(ret_i32(0)),
        _ => Ok(misrouted(func)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn termination() {
        let mut m = mem();
        let e = string(&mut m, "x > 0");
        let file = string(&mut m, "a.c");
        let fun = string(&mut m, "main");
        assert_eq!(
            call(
                LibcFunc::AssertFail,
                &[p(e), p(file), i32a(3), p(fun)],
                &mut m
            ),
            Ok(LibcOutcome::AssertFailed {
                message: "assertion `x > 0` failed".into()
            })
        );
        assert_eq!(call(LibcFunc::Abort, &[], &mut m), Ok(LibcOutcome::Abort));
        assert_eq!(
            call(LibcFunc::Exit, &[i32a(-2)], &mut m),
            Ok(LibcOutcome::Exit(-2))
        );
    }
}
