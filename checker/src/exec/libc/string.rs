//! The `<string.h>` functions (C11 7.24) and their POSIX and GNU companions
//! (`strdup`, `strndup`, `strnlen`, `strtok_r`, `strsep`, `stpcpy`,
//! `stpncpy`, `strlcpy`, `strlcat`, `strcasecmp`, `strncasecmp`,
//! `strcasestr`, `memrchr`), with
//! `<libgen.h>`'s `basename` and `dirname` (POSIX) and the GNU `basename`:
//! copying, comparing, searching, splitting and
//! concatenating arrays and strings, with C's rules on how far each may read
//! (a NUL ends a string; `strncmp`, `strncpy`, `strncat`, `strnlen` and
//! `memchr` stop early) and the overlapping copies it leaves undefined
//! (C11 7.24.3.1). The scanning functions read their string one byte at a
//! time, as far as glibc's algorithm goes, so a string is read exactly up to
//! where the result is decided.

use super::{
    library, library_string, misrouted, ptr_add, ret, ret_i32, too_large, Args, LibcOutcome,
};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::{LibcFunc, Pointer};

/// Executes a string function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Memcpy | LibcFunc::Memmove => {
            let (dst, src, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            mem.check_range(src, n, false)?;
            mem.check_range(dst, n, true)?;
            if func == LibcFunc::Memcpy && overlaps(dst, src, n) {
                return Err(MemFault::Other("memcpy with overlapping buffers".into()));
            }
            // Copying through a temporary gives memmove's semantics, which
            // are also memcpy's whenever memcpy is defined.
            let data = mem.read_bytes(src, n)?.to_vec();
            mem.write_bytes(dst, &data)?;
            Ok(ret(dst))
        }
        LibcFunc::Memset => {
            let (dst, c, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            mem.check_range(dst, n, true)?;
            let len = usize::try_from(n).map_err(|_| too_large(func))?;
            // C converts the value to unsigned char (C11 7.24.6.1).
            mem.write_bytes(dst, &vec![c as u8; len])?;
            Ok(ret(dst))
        }
        LibcFunc::Strlen => Ok(ret(mem.read_c_string(a.get(0)?)?.len() as u64)),
        LibcFunc::Strcmp => {
            let s1 = mem.read_c_string(a.get(0)?)?;
            let s2 = mem.read_c_string(a.get(1)?)?;
            Ok(ret_i32(compare_strings(&s1, &s2)))
        }
        LibcFunc::Strncmp => {
            let n = a.get(2)?;
            // strncmp compares arrays: neither needs a NUL within `n` bytes.
            let s1 = read_c_string_bounded(mem, a.get(0)?, n)?;
            let s2 = read_c_string_bounded(mem, a.get(1)?, n)?;
            Ok(ret_i32(compare_strings(&s1, &s2)))
        }
        LibcFunc::Strcpy => {
            let (dst, src) = (a.get(0)?, a.get(1)?);
            let mut s = mem.read_c_string(src)?;
            s.push(0);
            if overlaps(dst, src, s.len() as u64) {
                return Err(MemFault::Other("strcpy with overlapping buffers".into()));
            }
            mem.write_bytes(dst, &s)?;
            Ok(ret(dst))
        }
        LibcFunc::Strncpy => {
            let (dst, src, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            let mut s = read_c_string_bounded(mem, src, n)?;
            // strncpy always writes exactly `n` bytes, padding with NULs.
            mem.check_range(dst, n, true)?;
            if overlaps(dst, src, n.min(s.len() as u64 + 1)) {
                return Err(MemFault::Other("strncpy with overlapping buffers".into()));
            }
            s.resize(usize::try_from(n).map_err(|_| too_large(func))?, 0);
            mem.write_bytes(dst, &s)?;
            Ok(ret(dst))
        }
        LibcFunc::Strchr | LibcFunc::Strrchr => {
            let s_addr = a.get(0)?;
            let s = mem.read_c_string(s_addr)?;
            // The character is converted to `char`, and the terminating NUL
            // is part of the string searched (C11 7.24.5.2, 7.24.5.5).
            let c = a.get(1)? as u8;
            let at = if c == 0 {
                Some(s.len())
            } else if func == LibcFunc::Strchr {
                s.iter().position(|b| *b == c)
            } else {
                s.iter().rposition(|b| *b == c)
            };
            match at {
                Some(i) => Ok(ret(ptr_add(s_addr, i as u64)?)),
                None => Ok(ret(0)),
            }
        }
        LibcFunc::Strstr => {
            let h_addr = a.get(0)?;
            let h = mem.read_c_string(h_addr)?;
            let n = mem.read_c_string(a.get(1)?)?;
            // An empty needle is found at the start (C11 7.24.5.7).
            let at = if n.is_empty() {
                Some(0)
            } else {
                h.windows(n.len()).position(|w| w == n.as_slice())
            };
            match at {
                Some(i) => Ok(ret(ptr_add(h_addr, i as u64)?)),
                None => Ok(ret(0)),
            }
        }
        LibcFunc::Strcat | LibcFunc::Strncat => {
            let (dst, src) = (a.get(0)?, a.get(1)?);
            let d = mem.read_c_string(dst)?;
            // strncat appends at most `n` bytes of `src`, which need not be
            // terminated within them, and always a NUL (C11 7.24.3.2).
            let mut tail = if func == LibcFunc::Strncat {
                read_c_string_bounded(mem, src, a.get(2)?)?
            } else {
                mem.read_c_string(src)?
            };
            tail.push(0);
            let at = ptr_add(dst, d.len() as u64)?;
            // Copying between overlapping objects is undefined (C11 7.24.3.1):
            // the source must not share a byte with the destination string.
            let written = d.len() as u64 + tail.len() as u64;
            if overlaps_ranges(dst, written, src, tail.len() as u64) {
                return Err(MemFault::Other(format!(
                    "{} with overlapping buffers",
                    func.c_name()
                )));
            }
            mem.write_bytes(at, &tail)?;
            Ok(ret(dst))
        }
        LibcFunc::Memcmp => {
            let (p1, p2, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            // Both objects must hold `n` bytes: memcmp compares arrays, not
            // strings, and may read them whole (C11 7.24.4.1).
            let b1 = mem.read_bytes(p1, n)?.to_vec();
            let b2 = mem.read_bytes(p2, n)?;
            let d = b1
                .iter()
                .zip(b2)
                .map(|(x, y)| *x as i32 - *y as i32)
                .find(|d| *d != 0)
                .unwrap_or(0);
            Ok(ret_i32(d))
        }
        LibcFunc::Memchr => {
            let (s_addr, n) = (a.get(0)?, a.get(2)?);
            let c = a.get(1)? as u8;
            // Reads stop at the first match (C11 7.24.5.1), so only the
            // bytes up to it must be readable.
            let avail = match mem.block_of(s_addr) {
                Some((size, off, _)) => size.saturating_sub(off as u64),
                None => 0,
            };
            let take = n.min(avail);
            let bytes = if take == 0 {
                &[][..]
            } else {
                mem.read_bytes(s_addr, take)?
            };
            if let Some(i) = bytes.iter().position(|b| *b == c) {
                return Ok(ret(ptr_add(s_addr, i as u64)?));
            }
            if take < n {
                mem.read_bytes(ptr_add(s_addr, take)?, 1)?;
                return Err(MemFault::Other("memchr read past its object".into()));
            }
            Ok(ret(0))
        }
        LibcFunc::Strdup | LibcFunc::Strndup => {
            let mut s = if func == LibcFunc::Strndup {
                // At most `n` bytes, which need not be terminated.
                read_c_string_bounded(mem, a.get(0)?, a.get(1)?)?
            } else {
                mem.read_c_string(a.get(0)?)?
            };
            s.push(0);
            let p = mem.allocate(s.len() as u64, AllocKind::Heap)?;
            mem.write_bytes(p, &s)?;
            Ok(ret(p))
        }
        LibcFunc::Strnlen => {
            let n = read_c_string_bounded(mem, a.get(0)?, a.get(1)?)?.len();
            Ok(ret(n as u64))
        }
        // The "C" locale's case folding (POSIX strcasecmp): the difference
        // of the first differing bytes, lowered, as glibc returns it.
        LibcFunc::Strcasecmp | LibcFunc::Strncasecmp => {
            let (s1, s2) = (a.get(0)?, a.get(1)?);
            let n = if func == LibcFunc::Strncasecmp {
                a.get(2)?
            } else {
                u64::MAX
            };
            let mut i = 0;
            while i < n {
                let c1 = byte_at(mem, s1, i)?.to_ascii_lowercase();
                let c2 = byte_at(mem, s2, i)?.to_ascii_lowercase();
                if c1 != c2 || c1 == 0 {
                    return Ok(ret_i32(c1 as i32 - c2 as i32));
                }
                i += 1;
            }
            Ok(ret_i32(0))
        }
        // strspn counts the leading bytes in `set`, strcspn those not in it;
        // strpbrk finds the first byte in it (C11 7.24.5.6, .3, .4).
        LibcFunc::Strspn | LibcFunc::Strcspn | LibcFunc::Strpbrk => {
            let s = a.get(0)?;
            let set = mem.read_c_string(a.get(1)?)?;
            let want = func == LibcFunc::Strspn;
            let i = span(mem, s, &set, want)?;
            if func != LibcFunc::Strpbrk {
                return Ok(ret(i));
            }
            // Stopped at a byte of the set, or at the terminator.
            Ok(ret(if byte_at(mem, s, i)? == 0 {
                0
            } else {
                ptr_add(s, i)?
            }))
        }
        LibcFunc::Strtok | LibcFunc::StrtokR => {
            let (s, delim) = (a.get(0)?, a.get(1)?);
            let save_ptr = if func == LibcFunc::StrtokR {
                Some(a.get(2)?)
            } else {
                None
            };
            let saved = match (s, save_ptr) {
                (0, Some(at)) => mem.load(at, 8)?,
                (0, None) => mem.statics.strtok,
                _ => 0,
            };
            let (token, next) = strtok(mem, if s == 0 { saved } else { s }, delim)?;
            match save_ptr {
                Some(at) => mem.store(at, 8, next)?,
                None => mem.statics.strtok = next,
            }
            Ok(ret(token))
        }
        // strsep(&s, delim) (BSD, in glibc): the token at `*s`, ended by
        // a NUL written over the first delimiter; `*s` moves past it, or
        // becomes NULL at the end of the string. Empty tokens are
        // returned, unlike strtok's.
        LibcFunc::Strsep => {
            let (slot, delim) = (a.get(0)?, a.get(1)?);
            let s = mem.load(slot, 8)?;
            if s == 0 {
                return Ok(ret(0));
            }
            let delim = mem.read_c_string(delim)?;
            let end = ptr_add(s, span(mem, s, &delim, false)?)?;
            let next = if byte_at(mem, end, 0)? == 0 {
                0
            } else {
                mem.write_bytes(end, &[0])?;
                ptr_add(end, 1)?
            };
            mem.store(slot, 8, next)?;
            Ok(ret(s))
        }
        // stpcpy (POSIX) copies as strcpy does and returns the address of
        // the NUL it wrote.
        LibcFunc::Stpcpy => {
            let (dst, src) = (a.get(0)?, a.get(1)?);
            let mut s = mem.read_c_string(src)?;
            let n = s.len() as u64;
            s.push(0);
            if overlaps(dst, src, s.len() as u64) {
                return Err(MemFault::Other("stpcpy with overlapping buffers".into()));
            }
            mem.write_bytes(dst, &s)?;
            Ok(ret(ptr_add(dst, n)?))
        }
        // stpncpy (POSIX) writes `n` bytes as strncpy does and returns the
        // address of the first NUL written, or `dst + n` when none is.
        LibcFunc::Stpncpy => {
            let (dst, src, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            let mut s = read_c_string_bounded(mem, src, n)?;
            let len = s.len() as u64;
            mem.check_range(dst, n, true)?;
            if overlaps(dst, src, n.min(len + 1)) {
                return Err(MemFault::Other("stpncpy with overlapping buffers".into()));
            }
            s.resize(usize::try_from(n).map_err(|_| too_large(func))?, 0);
            mem.write_bytes(dst, &s)?;
            Ok(ret(ptr_add(dst, len)?))
        }
        // strlcpy(dst, src, size) (BSD; glibc 2.38, POSIX 2024): copies
        // what fits of `src` in `size - 1` bytes and a NUL (nothing when
        // `size` is 0) and returns strlen(src), so `>= size` means it was
        // cut. strlcat appends the same way after the string in the first
        // `size` bytes of `dst` and returns the length it tried to make;
        // when `dst` holds no NUL there, it writes nothing and returns
        // `size + strlen(src)`.
        LibcFunc::Strlcpy | LibcFunc::Strlcat => {
            let (dst, src, size) = (a.get(0)?, a.get(1)?, a.get(2)?);
            let s = mem.read_c_string(src)?;
            let start = if func == LibcFunc::Strlcat {
                read_c_string_bounded(mem, dst, size)?.len() as u64
            } else {
                0
            };
            if start == size {
                return Ok(ret(size + s.len() as u64));
            }
            let room = usize::try_from(size - start - 1).unwrap_or(usize::MAX);
            let mut copy = s[..s.len().min(room)].to_vec();
            copy.push(0);
            let at = ptr_add(dst, start)?;
            if overlaps_ranges(at, copy.len() as u64, src, s.len() as u64 + 1) {
                return Err(MemFault::Other(format!(
                    "{} with overlapping buffers",
                    func.c_name()
                )));
            }
            mem.write_bytes(at, &copy)?;
            Ok(ret(start + s.len() as u64))
        }
        // strcasestr (GNU): strstr ignoring case in the "C" locale.
        LibcFunc::Strcasestr => {
            let h_addr = a.get(0)?;
            let h = mem.read_c_string(h_addr)?.to_ascii_lowercase();
            let n = mem.read_c_string(a.get(1)?)?.to_ascii_lowercase();
            let at = if n.is_empty() {
                Some(0)
            } else {
                h.windows(n.len()).position(|w| w == n.as_slice())
            };
            match at {
                Some(i) => Ok(ret(ptr_add(h_addr, i as u64)?)),
                None => Ok(ret(0)),
            }
        }
        // memrchr (GNU): the last `c` in the first `n` bytes, which must
        // all be readable (glibc's scan starts at the end).
        LibcFunc::Memrchr => {
            let (s, n) = (a.get(0)?, a.get(2)?);
            let c = a.get(1)? as u8;
            let at = mem.read_bytes(s, n)?.iter().rposition(|b| *b == c);
            match at {
                Some(i) => Ok(ret(ptr_add(s, i as u64)?)),
                None => Ok(ret(0)),
            }
        }
        LibcFunc::Basename => posix_basename(mem, a.get(0)?),
        LibcFunc::Dirname => dirname(mem, a.get(0)?),
        // The GNU basename of `<string.h>`: what follows the last slash
        // (empty for a trailing one); the argument is never written.
        LibcFunc::GnuBasename => {
            let path = a.get(0)?;
            let s = mem.read_c_string(path)?;
            let start = s.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1);
            Ok(ret(ptr_add(path, start as u64)?))
        }
        _ => Ok(misrouted(func)),
    }
}

/// glibc's `__xpg_basename`, the POSIX `basename` of `<libgen.h>`: the
/// last component of `path`, whose trailing slashes are cut by writing a
/// NUL into it (so a string literal with one is a memory error); "." for
/// NULL or "", and "/" (the path's last slash) for slashes only.
fn posix_basename(mem: &mut Memory, path: u64) -> Result<LibcOutcome, MemFault> {
    if path == 0 {
        return Ok(ret(library_string(mem, library::DOT)?));
    }
    let s = mem.read_c_string(path)?;
    let Some(mut p) = s.iter().rposition(|&b| b == b'/') else {
        if s.is_empty() {
            return Ok(ret(library_string(mem, library::DOT)?));
        }
        return Ok(ret(path));
    };
    if p + 1 < s.len() {
        return Ok(ret(ptr_add(path, p as u64 + 1)?));
    }
    while p > 0 && s[p - 1] == b'/' {
        p -= 1;
    }
    if p > 0 {
        mem.write_bytes(ptr_add(path, p as u64)?, &[0])?;
        p -= 1;
        while p > 0 && s[p - 1] != b'/' {
            p -= 1;
        }
    } else {
        p = s.len() - 1;
    }
    Ok(ret(ptr_add(path, p as u64)?))
}

/// glibc's `dirname` (POSIX): `path` cut after its directory part by a NUL
/// written into it ("/" and "//" stay as POSIX says), or "." when it has
/// no slash (or is NULL or empty).
fn dirname(mem: &mut Memory, path: u64) -> Result<LibcOutcome, MemFault> {
    let s = if path == 0 {
        Vec::new()
    } else {
        mem.read_c_string(path)?
    };
    let mut last = s.iter().rposition(|&b| b == b'/');
    if let Some(l) = last.filter(|&l| l != 0 && l + 1 == s.len()) {
        // Trailing slashes: the directory ends at the slash before the
        // last component.
        let mut runp = l;
        while runp != 0 && s[runp - 1] == b'/' {
            runp -= 1;
        }
        if runp != 0 {
            last = s[..runp].iter().rposition(|&b| b == b'/');
        }
    }
    let Some(l) = last else {
        return Ok(ret(library_string(mem, library::DOT)?));
    };
    let mut runp = l;
    while runp != 0 && s[runp - 1] == b'/' {
        runp -= 1;
    }
    let cut = match runp {
        // Only slashes before it: "/", or "//" when there are exactly two.
        0 if l == 1 => 2,
        0 => 1,
        r => r,
    };
    mem.write_bytes(ptr_add(path, cut as u64)?, &[0])?;
    Ok(ret(path))
}

/// Byte `i` of the object at `s`.
fn byte_at(mem: &Memory, s: u64, i: u64) -> Result<u8, MemFault> {
    Ok(mem.load(ptr_add(s, i)?, 1)? as u8)
}

/// How many leading bytes of the string at `s` are in `set` (`want`) or
/// not in it (`!want`); the terminator is in no set.
fn span(mem: &Memory, s: u64, set: &[u8], want: bool) -> Result<u64, MemFault> {
    let mut i = 0;
    loop {
        let b = byte_at(mem, s, i)?;
        if b == 0 || set.contains(&b) != want {
            return Ok(i);
        }
        i += 1;
    }
}

/// glibc's `strtok_r` on the string at `s` (the caller's argument, or
/// where the previous call stopped): the token found (NULL when none is
/// left) and where the next call starts. The token's end is overwritten
/// with a NUL, so the string must be writable.
fn strtok(mem: &mut Memory, s: u64, delim: u64) -> Result<(u64, u64), MemFault> {
    let delim = mem.read_c_string(delim)?;
    // Leading delimiters are skipped.
    let start = ptr_add(s, span(mem, s, &delim, true)?)?;
    if byte_at(mem, start, 0)? == 0 {
        return Ok((0, start));
    }
    let end = ptr_add(start, span(mem, start, &delim, false)?)?;
    if byte_at(mem, end, 0)? == 0 {
        return Ok((start, end));
    }
    mem.write_bytes(end, &[0])?;
    Ok((start, ptr_add(end, 1)?))
}

/// Where a `strtok`/`strtok_r` call starts scanning: its first argument, or
/// the position the previous call saved (0 when there is none or it cannot
/// be read; the call then faults).
pub fn strtok_scan_start(
    func: LibcFunc,
    args: &[(u64, runtime_model::model::Ty)],
    mem: &Memory,
) -> u64 {
    let arg = |i: usize| args.get(i).map_or(0, |a| a.0);
    match (arg(0), func) {
        (0, LibcFunc::StrtokR) => mem.load(arg(2), 8).unwrap_or(0),
        (0, _) => mem.statics.strtok,
        (s, _) => s,
    }
}

/// Whether `[a, a+n)` and `[b, b+n)` share a byte. Ranges in different
/// allocations never do (provenance is in the high bits).
///
/// Identical ranges are allowed: clang lowers struct assignment to
/// `llvm.memcpy`, which LLVM defines for equal source and destination, and
/// the model cannot tell that intrinsic from a call to `memcpy`.
fn overlaps(a: u64, b: u64, n: u64) -> bool {
    let (pa, pb) = (Pointer::decode(a), Pointer::decode(b));
    if n == 0 || pa.alloc != pb.alloc || pa.offset == pb.offset {
        return false;
    }
    let (oa, ob) = (pa.offset as u64, pb.offset as u64);
    oa < ob + n && ob < oa + n
}

/// Whether `[a, a+na)` and `[b, b+nb)` share a byte (same allocation only).
fn overlaps_ranges(a: u64, na: u64, b: u64, nb: u64) -> bool {
    let (pa, pb) = (Pointer::decode(a), Pointer::decode(b));
    if na == 0 || nb == 0 || pa.alloc != pb.alloc {
        return false;
    }
    let (oa, ob) = (pa.offset as u64, pb.offset as u64);
    oa < ob + nb && ob < oa + na
}

/// Reads at most `max` bytes of the string at `addr`, stopping at a NUL; the
/// bytes must be readable only up to where reading stops (as for `strncmp`,
/// `strncpy` and `%.Ns`, whose argument need not be NUL-terminated).
pub(super) fn read_c_string_bounded(
    mem: &Memory,
    addr: u64,
    max: u64,
) -> Result<Vec<u8>, MemFault> {
    if max == 0 {
        return Ok(Vec::new());
    }
    let avail = match mem.block_of(addr) {
        Some((size, off, _)) => size.saturating_sub(off as u64),
        None => 0,
    };
    let take = max.min(avail);
    let bytes = if take == 0 {
        &[][..]
    } else {
        mem.read_bytes(addr, take)?
    };
    if let Some(n) = bytes.iter().position(|b| *b == 0) {
        return Ok(bytes[..n].to_vec());
    }
    if take == max {
        return Ok(bytes.to_vec());
    }
    // The object ends before a NUL or `max` bytes: let `Memory` describe the
    // first byte read outside it (or why `addr` is not readable at all).
    mem.read_bytes(ptr_add(addr, take)?, 1)?;
    Err(MemFault::Other("string read past its object".into()))
}

/// strcmp's result: the difference of the first differing bytes as
/// `unsigned char` (C11 7.24.4), 0 if equal.
fn compare_strings(s1: &[u8], s2: &[u8]) -> i32 {
    // A missing byte is the terminating NUL.
    let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(0) as i32;
    (0..=s1.len().max(s2.len()))
        .map(|i| at(s1, i) - at(s2, i))
        .find(|d| *d != 0)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;

    #[test]
    fn memcpy_memmove_memset() {
        let mut m = mem();
        let a = m.allocate(8, AllocKind::Heap).unwrap();
        let b = m.allocate(8, AllocKind::Heap).unwrap();
        m.write_bytes(a, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Memcpy, &[p(b), p(a), i64a(8)]).unwrap(),
            b
        );
        assert_eq!(m.read_bytes(b, 8).unwrap(), &[1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            call(LibcFunc::Memcpy, &[p(a + 1), p(a), i64a(4)], &mut m),
            Err(MemFault::Other("memcpy with overlapping buffers".into()))
        );
        // Equal ranges are the llvm.memcpy of a self-assignment.
        assert!(call(LibcFunc::Memcpy, &[p(a), p(a), i64a(4)], &mut m).is_ok());
        // Adjacent ranges do not overlap.
        assert!(call(LibcFunc::Memcpy, &[p(a + 4), p(a), i64a(4)], &mut m).is_ok());
        c(&mut m, LibcFunc::Memmove, &[p(b + 1), p(b), i64a(4)]).unwrap();
        assert_eq!(m.read_bytes(b, 8).unwrap(), &[1, 1, 2, 3, 4, 6, 7, 8]);
        assert!(matches!(
            call(LibcFunc::Memcpy, &[p(b), p(a), i64a(9)], &mut m),
            Err(MemFault::OutOfBounds { write: false, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Memcpy, &[p(b + 4), p(a), i64a(8)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(call(LibcFunc::Memcpy, &[p(0), p(0), i64a(0)], &mut m).is_ok());
        // The value is converted to unsigned char; the intrinsic's extra
        // `isvolatile` argument is ignored.
        c(
            &mut m,
            LibcFunc::Memset,
            &[p(a), i32a(0x1ff), i64a(3), (0, Ty::I1)],
        )
        .unwrap();
        assert_eq!(m.read_bytes(a, 4).unwrap(), &[0xff, 0xff, 0xff, 4]);
        assert!(matches!(
            call(LibcFunc::Memset, &[p(a), i32a(0), i64a(9)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        m.free(a).unwrap();
        assert!(matches!(
            call(LibcFunc::Memset, &[p(a), i32a(0), i64a(1)], &mut m),
            Err(MemFault::UseAfterFree { write: true })
        ));
    }

    #[test]
    fn string_functions() {
        let mut m = mem();
        let abc = string(&mut m, "abc");
        let abd = string(&mut m, "abd");
        let ab = string(&mut m, "ab");
        assert_eq!(c(&mut m, LibcFunc::Strlen, &[p(abc)]).unwrap(), 3);
        assert_eq!(c(&mut m, LibcFunc::Strcmp, &[p(abc), p(abc)]).unwrap(), 0);
        assert_eq!(
            c(&mut m, LibcFunc::Strcmp, &[p(abc), p(abd)]).unwrap(),
            (-1i32) as u32 as u64
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strcmp, &[p(abc), p(ab)]).unwrap(),
            b'c' as u64
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strncmp, &[p(abc), p(abd), i64a(2)]).unwrap(),
            0
        );
        assert_ne!(
            c(&mut m, LibcFunc::Strncmp, &[p(abc), p(abd), i64a(3)]).unwrap(),
            0
        );
        // An unterminated array is fine for strncmp within its size...
        let raw = m.allocate(2, AllocKind::Heap).unwrap();
        m.write_bytes(raw, b"ab").unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Strncmp, &[p(raw), p(ab), i64a(2)]).unwrap(),
            0
        );
        // ...but not past it, nor for strlen.
        assert!(matches!(
            call(LibcFunc::Strncmp, &[p(raw), p(abc), i64a(3)], &mut m),
            Err(MemFault::OutOfBounds { offset: 2, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Strlen, &[p(raw)], &mut m),
            Err(MemFault::OutOfBounds { .. })
        ));
        assert!(matches!(
            call(LibcFunc::Strlen, &[p(0)], &mut m),
            Err(MemFault::Null { write: false })
        ));

        let dst = m.allocate(4, AllocKind::Heap).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Strcpy, &[p(dst), p(abc)]).unwrap(), dst);
        assert_eq!(read_str(&m, dst), "abc");
        let long = string(&mut m, "abcd");
        assert!(matches!(
            call(LibcFunc::Strcpy, &[p(dst), p(long)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Strcpy, &[p(long + 1), p(long)], &mut m),
            Err(MemFault::Other(_))
        ));
        c(&mut m, LibcFunc::Strncpy, &[p(dst), p(ab), i64a(4)]).unwrap();
        assert_eq!(m.read_bytes(dst, 4).unwrap(), b"ab\0\0");
        // strncpy does not terminate when the source is at least n long.
        c(&mut m, LibcFunc::Strncpy, &[p(dst), p(long), i64a(4)]).unwrap();
        assert_eq!(m.read_bytes(dst, 4).unwrap(), b"abcd");
        assert!(matches!(
            call(LibcFunc::Strncpy, &[p(dst), p(ab), i64a(5)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn string_search_and_concatenation() {
        let mut m = mem();
        let s = string(&mut m, "a=b=c");
        assert_eq!(
            c(&mut m, LibcFunc::Strchr, &[p(s), i32a(b'=' as i32)]).unwrap(),
            s + 1
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strrchr, &[p(s), i32a(b'=' as i32)]).unwrap(),
            s + 3
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strchr, &[p(s), i32a(b'x' as i32)]).unwrap(),
            0
        );
        // The terminator is part of the string searched.
        assert_eq!(
            c(&mut m, LibcFunc::Strchr, &[p(s), i32a(0)]).unwrap(),
            s + 5
        );
        // The character is converted to char: 0x13D is '='.
        assert_eq!(
            c(&mut m, LibcFunc::Strchr, &[p(s), i32a(0x13D)]).unwrap(),
            s + 1
        );
        let needle = string(&mut m, "b=c");
        let empty = string(&mut m, "");
        let absent = string(&mut m, "cc");
        assert_eq!(
            c(&mut m, LibcFunc::Strstr, &[p(s), p(needle)]).unwrap(),
            s + 2
        );
        assert_eq!(c(&mut m, LibcFunc::Strstr, &[p(s), p(empty)]).unwrap(), s);
        assert_eq!(c(&mut m, LibcFunc::Strstr, &[p(s), p(absent)]).unwrap(), 0);

        let buf = m.allocate(8, AllocKind::Heap).unwrap();
        m.write_bytes(buf, b"ab\0").unwrap();
        let cd = string(&mut m, "cd");
        assert_eq!(c(&mut m, LibcFunc::Strcat, &[p(buf), p(cd)]).unwrap(), buf);
        assert_eq!(read_str(&m, buf), "abcd");
        // strncat: at most n bytes, from an array that need not be terminated.
        let raw = m.allocate(3, AllocKind::Heap).unwrap();
        m.write_bytes(raw, b"xyz").unwrap();
        c(&mut m, LibcFunc::Strncat, &[p(buf), p(raw), i64a(2)]).unwrap();
        assert_eq!(read_str(&m, buf), "abcdxy");
        // One more byte and its NUL no longer fit.
        assert!(matches!(
            call(LibcFunc::Strncat, &[p(buf), p(raw), i64a(3)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Strcat, &[p(buf), p(buf + 1)], &mut m),
            Err(MemFault::Other(_))
        ));

        let x = string(&mut m, "abcX");
        let y = string(&mut m, "abcd");
        assert_eq!(
            c(&mut m, LibcFunc::Memcmp, &[p(x), p(y), i64a(3)]).unwrap(),
            0
        );
        assert_eq!(
            c(&mut m, LibcFunc::Memcmp, &[p(x), p(y), i64a(4)]).unwrap(),
            (b'X' as i32 - b'd' as i32) as u32 as u64
        );
        assert!(matches!(
            call(LibcFunc::Memcmp, &[p(x), p(y), i64a(6)], &mut m),
            Err(MemFault::OutOfBounds { .. })
        ));
        // memchr stops at the match: bytes after it need not exist.
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Memchr,
                &[p(raw), i32a(b'y' as i32), i64a(100)]
            )
            .unwrap(),
            raw + 1
        );
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Memchr,
                &[p(raw), i32a(b'q' as i32), i64a(3)]
            )
            .unwrap(),
            0
        );
        assert!(matches!(
            call(
                LibcFunc::Memchr,
                &[p(raw), i32a(b'q' as i32), i64a(4)],
                &mut m
            ),
            Err(MemFault::OutOfBounds { offset: 3, .. })
        ));
    }

    #[test]
    fn strtok_cuts_its_string_and_remembers_where_it_stopped() {
        let mut m = mem();
        let s = string(&mut m, ",a,,bc,");
        let delim = string(&mut m, ",");
        let tok = |m: &mut Memory, s: u64| c(m, LibcFunc::Strtok, &[p(s), p(delim)]).unwrap();
        assert_eq!(tok(&mut m, s), s + 1);
        assert_eq!(tok(&mut m, 0), s + 4);
        assert_eq!(tok(&mut m, 0), 0);
        assert_eq!(tok(&mut m, 0), 0);
        assert_eq!(m.read_bytes(s, 8).unwrap(), b",a\0,bc\0\0");
        // A string constant cannot be cut.
        let mut consts = Memory::with_globals(&[runtime_model::model::Global {
            name: ".str".into(),
            size: 4,
            init: b"a,b\0".to_vec(),
            constant: true,
        }]);
        let lit = runtime_model::model::Pointer::global(0);
        let d = string(&mut consts, ",");
        assert!(matches!(
            call(LibcFunc::Strtok, &[p(lit), p(d)], &mut consts),
            Err(MemFault::WriteToConstant)
        ));
        // strtok(NULL, ...) before any string: glibc reads through NULL.
        let mut fresh = mem();
        let d = string(&mut fresh, " ");
        assert!(matches!(
            call(LibcFunc::Strtok, &[p(0), p(d)], &mut fresh),
            Err(MemFault::Null { write: false })
        ));

        // strtok_r keeps the position in the caller's pointer.
        let s = string(&mut m, "x y");
        let space = string(&mut m, " ");
        let save = m.allocate(8, AllocKind::Stack).unwrap();
        let args = |s: u64| [p(s), p(space), p(save)];
        assert_eq!(c(&mut m, LibcFunc::StrtokR, &args(s)).unwrap(), s);
        assert_eq!(m.load(save, 8).unwrap(), s + 2);
        assert_eq!(c(&mut m, LibcFunc::StrtokR, &args(0)).unwrap(), s + 2);
        assert_eq!(m.load(save, 8).unwrap(), s + 3);
        assert_eq!(c(&mut m, LibcFunc::StrtokR, &args(0)).unwrap(), 0);
    }

    #[test]
    fn spans_case_folding_and_bounded_strings() {
        let mut m = mem();
        let s = string(&mut m, "  42, 7");
        let blank = string(&mut m, " ");
        let digits = string(&mut m, "0123456789");
        let punct = string(&mut m, ",;");
        assert_eq!(c(&mut m, LibcFunc::Strspn, &[p(s), p(blank)]).unwrap(), 2);
        assert_eq!(c(&mut m, LibcFunc::Strcspn, &[p(s), p(punct)]).unwrap(), 4);
        assert_eq!(
            c(&mut m, LibcFunc::Strcspn, &[p(s), p(blank + 1)]).unwrap(),
            7
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strpbrk, &[p(s), p(digits)]).unwrap(),
            s + 2
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strpbrk, &[p(blank), p(digits)]).unwrap(),
            0
        );
        let hello = string(&mut m, "Hello");
        let upper = string(&mut m, "HELLO!");
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Strncasecmp,
                &[p(hello), p(upper), i64a(5)]
            )
            .unwrap(),
            0
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strcasecmp, &[p(hello), p(upper)]).unwrap(),
            (-(b'!' as i32)) as u32 as u64
        );
        // strcasecmp reads only up to the first difference.
        let raw = m.allocate(2, AllocKind::Heap).unwrap();
        m.write_bytes(raw, b"hX").unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Strcasecmp, &[p(raw), p(hello)]).unwrap(),
            (b'x' as i32 - b'e' as i32) as u32 as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Strnlen, &[p(raw), i64a(2)]).unwrap(), 2);
        assert!(matches!(
            call(LibcFunc::Strnlen, &[p(raw), i64a(3)], &mut m),
            Err(MemFault::OutOfBounds { .. })
        ));
        let d = c(&mut m, LibcFunc::Strndup, &[p(raw), i64a(2)]).unwrap();
        assert_eq!(read_str(&m, d), "hX");
        let d = c(&mut m, LibcFunc::Strndup, &[p(hello), i64a(99)]).unwrap();
        assert_eq!(m.block_of(d).map(|b| b.0), Some(6));
    }

    #[test]
    fn strsep_returns_empty_tokens_and_ends_with_null() {
        let mut m = mem();
        let line = string(&mut m, "a=1,,b=2");
        let comma = string(&mut m, ",");
        let slot = m.allocate(8, AllocKind::Stack).unwrap();
        m.store(slot, 8, line).unwrap();
        let mut tokens = Vec::new();
        loop {
            let t = c(&mut m, LibcFunc::Strsep, &[p(slot), p(comma)]).unwrap();
            if t == 0 {
                break;
            }
            tokens.push(read_str(&m, t));
        }
        assert_eq!(tokens, ["a=1", "", "b=2"]);
        assert_eq!(m.load(slot, 8).unwrap(), 0);
    }

    #[test]
    fn stpcpy_stpncpy_strcasestr_memrchr() {
        let mut m = mem();
        let dst = m.allocate(10, AllocKind::Stack).unwrap();
        let ab = string(&mut m, "ab");
        assert_eq!(
            c(&mut m, LibcFunc::Stpcpy, &[p(dst), p(ab)]).unwrap(),
            dst + 2
        );
        assert_eq!(
            c(&mut m, LibcFunc::Stpncpy, &[p(dst), p(ab), i64a(5)]).unwrap(),
            dst + 2
        );
        assert_eq!(
            c(&mut m, LibcFunc::Stpncpy, &[p(dst), p(ab), i64a(1)]).unwrap(),
            dst + 1
        );
        assert!(matches!(
            call(LibcFunc::Stpncpy, &[p(dst), p(ab), i64a(11)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        let h = string(&mut m, "Hello World");
        let n = string(&mut m, "WORLD");
        assert_eq!(
            c(&mut m, LibcFunc::Strcasestr, &[p(h), p(n)]).unwrap(),
            h + 6
        );
        let path = string(&mut m, "a/b/c");
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Memrchr,
                &[p(path), i32a(b'/' as i32), i64a(5)]
            )
            .unwrap(),
            path + 3
        );
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Memrchr,
                &[p(path), i32a(b'/' as i32), i64a(1)]
            )
            .unwrap(),
            0
        );
    }

    #[test]
    fn strlcpy_and_strlcat_always_terminate() {
        let mut m = mem();
        let dst = m.allocate(8, AllocKind::Stack).unwrap();
        let long = string(&mut m, "abcdefghij");
        let short = string(&mut m, "xy");
        assert_eq!(
            c(&mut m, LibcFunc::Strlcpy, &[p(dst), p(long), i64a(8)]).unwrap(),
            10
        );
        assert_eq!(read_str(&m, dst), "abcdefg");
        assert_eq!(
            c(&mut m, LibcFunc::Strlcpy, &[p(dst), p(short), i64a(8)]).unwrap(),
            2
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strlcat, &[p(dst), p(short), i64a(8)]).unwrap(),
            4
        );
        assert_eq!(read_str(&m, dst), "xyxy");
        assert_eq!(
            c(&mut m, LibcFunc::Strlcat, &[p(dst), p(long), i64a(8)]).unwrap(),
            14
        );
        assert_eq!(read_str(&m, dst), "xyxyabc");
        // No NUL in the first `size` bytes: nothing written.
        assert_eq!(
            c(&mut m, LibcFunc::Strlcat, &[p(dst), p(short), i64a(3)]).unwrap(),
            5
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strlcpy, &[p(dst), p(short), i64a(0)]).unwrap(),
            2
        );
        // A size larger than the buffer: the write past it is the error.
        assert!(matches!(
            call(LibcFunc::Strlcpy, &[p(dst), p(long), i64a(16)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn basename_and_dirname_as_glibc() {
        // What glibc 2.36 returns, and leaves in the buffer.
        let cases = [
            ("//", "/", "//", "//", "//"),
            ("///", "/", "///", "/", "/"),
            ("a//", "a", "a", ".", "a//"),
            ("/a", "a", "/a", "/", "/"),
            ("usr/", "usr", "usr", ".", "usr/"),
            ("", ".", "", ".", ""),
            ("/usr/lib", "lib", "/usr/lib", "/usr", "/usr"),
            ("usr", "usr", "usr", ".", "usr"),
            ("//a//", "a", "//a", "//", "//"),
            ("a/b/", "b", "a/b", "a", "a"),
            ("/", "/", "/", "/", "/"),
        ];
        let mut m = mem();
        for (path, base, base_buf, dir, dir_buf) in cases {
            let b = string(&mut m, path);
            let r = c(&mut m, LibcFunc::Basename, &[p(b)]).unwrap();
            assert_eq!(
                (read_str(&m, r), read_str(&m, b)),
                (base.into(), base_buf.into())
            );
            let d = string(&mut m, path);
            let r = c(&mut m, LibcFunc::Dirname, &[p(d)]).unwrap();
            assert_eq!(
                (read_str(&m, r), read_str(&m, d)),
                (dir.into(), dir_buf.into())
            );
        }
        let dot = c(&mut m, LibcFunc::Dirname, &[p(0)]).unwrap();
        assert_eq!(read_str(&m, dot), ".");
        // The "." returned is the library's constant.
        assert!(matches!(m.store(dot, 1, 0), Err(MemFault::WriteToConstant)));
        let gnu = string(&mut m, "/usr/lib/");
        let r = c(&mut m, LibcFunc::GnuBasename, &[p(gnu)]).unwrap();
        assert_eq!((r, read_str(&m, gnu).as_str()), (gnu + 9, "/usr/lib/"));
    }
}
