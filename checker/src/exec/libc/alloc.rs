//! The memory management functions (C11 7.22.3): `malloc`, `calloc`,
//! `realloc` and `free` on the process's heap, with glibc's choices where C
//! leaves them to the implementation.

use super::{misrouted, ret, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::LibcFunc;

/// Executes a memory management function `func` (routed here by
/// [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Malloc => Ok(ret(heap_block(mem, a.get(0)?)?)),
        LibcFunc::Calloc => {
            // An array whose size overflows size_t exists on no system:
            // NULL with ENOMEM (C11 7.22.3.2; glibc checks the product),
            // an answer as certain as the program's own arithmetic.
            let Some(size) = a.get(0)?.checked_mul(a.get(1)?) else {
                super::set_errno(mem, super::errno::ENOMEM);
                return Ok(ret(0));
            };
            // `Memory::allocate` zero-fills, which is exactly calloc.
            Ok(ret(heap_block(mem, size)?))
        }
        // glibc returns NULL (EINVAL) for an alignment that is not a power
        // of two; any other holds (see `LibcFunc::AlignedAlloc`).
        LibcFunc::AlignedAlloc | LibcFunc::Memalign => {
            if !a.get(0)?.is_power_of_two() {
                super::set_errno(mem, super::errno::EINVAL);
                return Ok(ret(0));
            }
            Ok(ret(heap_block(mem, a.get(1)?)?))
        }
        // posix_memalign returns the error instead of setting errno
        // (POSIX): EINVAL unless a power of two multiple of sizeof(void *).
        LibcFunc::PosixMemalign => {
            let (slot, align, size) = (a.get(0)?, a.get(1)?, a.get(2)?);
            if !align.is_power_of_two() || align % 8 != 0 {
                return Ok(super::ret_i32(super::errno::EINVAL));
            }
            let block = heap_block(mem, size)?;
            mem.store(slot, 8, block)?;
            Ok(super::ret_i32(0))
        }
        // valloc(size) (obsolete, still in glibc): a page-aligned block.
        LibcFunc::Valloc => Ok(ret(heap_block(mem, a.get(0)?)?)),
        LibcFunc::Realloc => {
            crate::exec::cxx::free_check(mem, a.get(0)?, "realloc")?;
            realloc(mem, a.get(0)?, a.get(1)?)
        }
        LibcFunc::Free => {
            crate::exec::cxx::free_check(mem, a.get(0)?, "free")?;
            mem.free(a.get(0)?)?;
            Ok(LibcOutcome::Return(None))
        }
        _ => Ok(misrouted(func)),
    }
}

/// A heap block of `size` bytes. More than the checker holds is
/// `MemFault::TooLarge`, which ends the check inconclusive: a real
/// `malloc` may or may not have that memory (C11 7.22.3 lets it return a
/// null pointer), and answering NULL would send a correct program down
/// its error path as if the system had run out, while whether it does is
/// not the program's doing. The size is the program's value even when it
/// came from a negative number (`malloc(SIZE_MAX)`).
fn heap_block(mem: &mut Memory, size: u64) -> Result<u64, MemFault> {
    mem.allocate(size, AllocKind::Heap)
}

/// `realloc(p, size)` (C11 7.22.3.5), with glibc's choices for the
/// implementation-defined cases: `realloc(p, 0)` frees `p` and returns null.
fn realloc(mem: &mut Memory, p: u64, size: u64) -> Result<LibcOutcome, MemFault> {
    if p == 0 {
        return Ok(ret(heap_block(mem, size)?));
    }
    let old_size = match mem.block_of(p) {
        Some((old, 0, AllocKind::Heap)) => old,
        // Not a live block from malloc: `free` names exactly what is wrong
        // (double free, not heap, not the start of a block) and changes
        // nothing when it fails.
        _ => {
            mem.free(p)?;
            return Err(MemFault::InvalidFree {
                reason: "realloc of a pointer not returned by malloc",
            });
        }
    };
    if size == 0 {
        mem.free(p)?;
        return Ok(ret(0));
    }
    // Allocate before freeing: the old block stays as it was when the new
    // one is more than the checker holds (the check stops there).
    let new = heap_block(mem, size)?;
    let data = mem.read_bytes(p, old_size.min(size))?.to_vec();
    mem.write_bytes(new, &data)?;
    mem.free(p)?;
    Ok(ret(new))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn malloc_calloc_free() {
        let mut m = mem();
        let a = c(&mut m, LibcFunc::Malloc, &[i64a(16)]).unwrap();
        assert_eq!(m.block_of(a), Some((16, 0, AllocKind::Heap)));
        let z1 = c(&mut m, LibcFunc::Malloc, &[i64a(0)]).unwrap();
        let z2 = c(&mut m, LibcFunc::Malloc, &[i64a(0)]).unwrap();
        assert!(z1 != 0 && z1 != z2, "malloc(0) gives unique pointers");
        let b = c(&mut m, LibcFunc::Calloc, &[i64a(4), i64a(8)]).unwrap();
        assert_eq!(m.read_bytes(b, 32).unwrap(), &[0u8; 32][..]);
        // An array whose size overflows size_t exists on no system: NULL.
        assert_eq!(
            call(LibcFunc::Calloc, &[i64a(1 << 40), i64a(1 << 40)], &mut m),
            Ok(LibcOutcome::Return(Some(0)))
        );
        // A block larger than the checker holds is a limit of the tool
        // (the interpreter ends the check inconclusive), not NULL.
        for (f, args) in [
            (LibcFunc::Malloc, vec![i64a(1 << 40)]),
            (LibcFunc::Malloc, vec![i64a(-1)]),
            (LibcFunc::Calloc, vec![i64a(1 << 20), i64a(1 << 20)]),
            (LibcFunc::AlignedAlloc, vec![i64a(64), i64a(1 << 32)]),
            (LibcFunc::Realloc, vec![p(a), i64a(1 << 32)]),
        ] {
            assert!(
                matches!(call(f, &args, &mut m), Err(MemFault::TooLarge { .. })),
                "{f:?}"
            );
        }
        // The block realloc was asked to grow is untouched.
        assert_eq!(m.block_of(a), Some((16, 0, AllocKind::Heap)));
        assert_eq!(
            call(LibcFunc::Free, &[p(a)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            call(LibcFunc::Free, &[p(a)], &mut m),
            Err(MemFault::DoubleFree)
        );
        assert_eq!(
            call(LibcFunc::Free, &[p(0)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert!(matches!(
            call(LibcFunc::Malloc, &[], &mut m),
            Err(MemFault::Other(_))
        ));
    }

    #[test]
    fn realloc_copies_and_frees() {
        let mut m = mem();
        let a = c(&mut m, LibcFunc::Realloc, &[p(0), i64a(4)]).unwrap();
        m.store(a, 4, 0x0403_0201).unwrap();
        let b = c(&mut m, LibcFunc::Realloc, &[p(a), i64a(8)]).unwrap();
        assert_eq!(m.load(b, 8).unwrap(), 0x0403_0201);
        assert!(matches!(m.load(a, 1), Err(MemFault::UseAfterFree { .. })));
        let s = c(&mut m, LibcFunc::Realloc, &[p(b), i64a(2)]).unwrap();
        assert_eq!(m.load(s, 2).unwrap(), 0x0201);
        assert_eq!(c(&mut m, LibcFunc::Realloc, &[p(s), i64a(0)]).unwrap(), 0);
        assert!(m.block_of(s).is_none());
        assert_eq!(
            call(LibcFunc::Realloc, &[p(s), i64a(4)], &mut m),
            Err(MemFault::DoubleFree)
        );
        let st = m.allocate(4, AllocKind::Stack).unwrap();
        assert!(matches!(
            call(LibcFunc::Realloc, &[p(st), i64a(8)], &mut m),
            Err(MemFault::InvalidFree { .. })
        ));
    }
}
