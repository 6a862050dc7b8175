//! `operator new` and `operator delete` (C++17 [new.delete],
//! [expr.new], [expr.delete]) on the process's heap. A block keeps the
//! form that made it: `delete` must release a block of `new`, `delete[]`
//! one of `new[]` ([expr.delete]p2: otherwise the behavior is undefined),
//! and neither may release a block of `malloc` nor `free` one of theirs
//! ([c.malloc]p3-4).

use std::collections::BTreeMap;

use crate::exec::libc::LibcOutcome;
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::Pointer;

/// The allocation form of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `new T` / `operator new`, released by `delete`.
    Scalar,
    /// `new T[n]` / `operator new[]`, released by `delete[]`.
    Array,
}

impl Form {
    fn allocator(self) -> &'static str {
        match self {
            Form::Scalar => "new",
            Form::Array => "new[]",
        }
    }

    fn deallocator(self) -> &'static str {
        match self {
            Form::Scalar => "delete",
            Form::Array => "delete[]",
        }
    }
}

/// The live blocks `operator new` made, by allocation id.
pub type Blocks = BTreeMap<u32, Form>;

/// `operator new(size)` or `operator new[](size)`: a fresh heap block
/// (of at least one byte's identity for size 0: [basic.stc.dynamic.
/// allocation]p2 wants distinct non-null pointers). A block larger than
/// the checker holds makes the `nothrow` forms return null; the others
/// would throw `std::bad_alloc`, which the check stops at.
pub fn new(
    mem: &mut Memory,
    size: u64,
    form: Form,
    nothrow: bool,
) -> Result<LibcOutcome, MemFault> {
    let p = match mem.allocate(size, AllocKind::Heap) {
        Ok(p) => p,
        Err(MemFault::TooLarge { size }) if nothrow => {
            let _ = size;
            return Ok(LibcOutcome::Return(Some(0)));
        }
        Err(MemFault::TooLarge { size }) => {
            return Ok(LibcOutcome::Unsupported(format!(
                "operator {} of {size} bytes, more than the checker holds (it would throw std::bad_alloc)",
                form.allocator()
            )))
        }
        Err(e) => return Err(e),
    };
    mem.statics
        .cxx
        .new_delete
        .insert(Pointer::decode(p).alloc, form);
    Ok(LibcOutcome::Return(Some(p)))
}

/// `operator delete(p)` or `operator delete[](p)`: releases a block the
/// matching `new` made; null does nothing ([expr.delete]p7).
pub fn delete(mem: &mut Memory, p: u64, form: Form) -> Result<LibcOutcome, MemFault> {
    if p == 0 {
        return Ok(LibcOutcome::Return(None));
    }
    let id = Pointer::decode(p).alloc;
    let live = mem.block_of(p).is_some();
    match mem.statics.cxx.new_delete.get(&id).copied() {
        Some(made) if made != form => {
            return Err(MemFault::Other(format!(
                "memory allocated by {} released by {} (use {}; C++17 [expr.delete]p2)",
                made.allocator(),
                form.deallocator(),
                made.deallocator()
            )))
        }
        Some(_) => {}
        None if live && matches!(mem.block_of(p), Some((_, _, AllocKind::Heap))) => {
            return Err(MemFault::Other(format!(
                "memory allocated by malloc released by {} (use free; C++17 [c.malloc]p3)",
                form.deallocator()
            )))
        }
        None => {}
    }
    match mem.free(p) {
        Ok(()) => {
            mem.statics.cxx.new_delete.remove(&id);
            Ok(LibcOutcome::Return(None))
        }
        Err(MemFault::DoubleFree) => Err(MemFault::Other(format!(
            "{} of memory already released (double delete)",
            form.deallocator()
        ))),
        Err(MemFault::InvalidFree { reason }) => Err(MemFault::Other(format!(
            "invalid {}: {}",
            form.deallocator(),
            reason.replace("returned by malloc", "returned by new")
        ))),
        Err(e) => Err(e),
    }
}

/// Refuses `free(p)` or `realloc(p, n)` of a live block `operator new`
/// made ([c.malloc]p4).
pub fn free_check(mem: &Memory, p: u64, what: &str) -> Result<(), MemFault> {
    let id = Pointer::decode(p).alloc;
    match mem.statics.cxx.new_delete.get(&id) {
        Some(form) if p != 0 && mem.block_of(p).is_some() => Err(MemFault::Other(format!(
            "memory allocated by {} released by {what} (use {}; C++17 [c.malloc]p4)",
            form.allocator(),
            form.deallocator()
        ))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(o: LibcOutcome) -> u64 {
        match o {
            LibcOutcome::Return(Some(v)) => v,
            other => panic!("expected a value, got {other:?}"),
        }
    }

    #[test]
    fn each_form_releases_its_own_blocks() {
        let mut m = Memory::with_globals(&[]);
        let a = value(new(&mut m, 16, Form::Scalar, false).unwrap());
        let b = value(new(&mut m, 16, Form::Array, false).unwrap());
        let z = value(new(&mut m, 0, Form::Scalar, false).unwrap());
        assert!(z != 0 && z != a);
        assert!(
            matches!(delete(&mut m, b, Form::Scalar), Err(MemFault::Other(e)) if e.contains("new[] released by delete"))
        );
        assert_eq!(
            delete(&mut m, b, Form::Array),
            Ok(LibcOutcome::Return(None))
        );
        assert!(
            matches!(delete(&mut m, b, Form::Array), Err(MemFault::Other(e)) if e.contains("double delete"))
        );
        assert!(free_check(&m, a, "free").is_err());
        assert_eq!(
            delete(&mut m, a, Form::Scalar),
            Ok(LibcOutcome::Return(None))
        );
        assert!(free_check(&m, a, "free").is_ok());
        let h = m.allocate(8, AllocKind::Heap).unwrap();
        assert!(
            matches!(delete(&mut m, h, Form::Scalar), Err(MemFault::Other(e)) if e.contains("malloc"))
        );
        assert_eq!(
            delete(&mut m, 0, Form::Array),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            new(&mut m, 1 << 40, Form::Scalar, true),
            Ok(LibcOutcome::Return(Some(0)))
        );
    }
}
