//! The C library functions a model calls (`InstKind::Libc`).
//!
//! Every function works on the process's [`Memory`] with the same checks a
//! load or store gets, so a bad pointer, a missing terminator or a buffer too
//! small for `sprintf` is reported at the call that commits it, as the
//! [`MemFault`] the checker shows the user.
//!
//! Values follow the register representation of `runtime_model::model`:
//! integers zero-extended in their width, `f64` as its bits, pointers as
//! `alloc << 32 | offset`. An `int` result of -1 is therefore `0xFFFF_FFFF`.
//!
//! Output functions drop their output: the verdict never depends on it, but
//! they still read every byte C would read, so memory errors in their
//! arguments are found.

use super::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::{LibcFunc, Pointer, Ty};

/// What a library call did to the process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibcOutcome {
    /// The call returned, with this value if the function is not `void`.
    Return(Option<u64>),
    /// `exit(code)`: the process ends normally.
    Exit(i32),
    /// `abort()`.
    Abort,
    /// `__assert_fail`: an `assert` did not hold.
    AssertFailed { message: String },
}

/// Largest field width or precision a format may ask for. Real programs use a
/// few dozen at most; a larger one would only make the checker allocate
/// gigabytes for output that is thrown away.
const MAX_FIELD: u64 = 1 << 20;
/// Largest formatted output modeled (also keeps the count inside `int`).
const MAX_OUTPUT: usize = 1 << 24;

/// Executes `func` on the evaluated arguments `args` (variadic ones too).
pub fn call(func: LibcFunc, args: &[(u64, Ty)], mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    let a = Args { func, list: args };
    match func {
        LibcFunc::Malloc => Ok(ret(mem.allocate(a.get(0)?, AllocKind::Heap)?)),
        LibcFunc::Calloc => {
            let size = a.get(0)?.checked_mul(a.get(1)?).ok_or_else(|| {
                MemFault::Other("calloc: the size of the array overflows size_t".into())
            })?;
            // `Memory::allocate` zero-fills, which is exactly calloc.
            Ok(ret(mem.allocate(size, AllocKind::Heap)?))
        }
        LibcFunc::Realloc => realloc(mem, a.get(0)?, a.get(1)?),
        LibcFunc::Free => {
            mem.free(a.get(0)?)?;
            Ok(LibcOutcome::Return(None))
        }
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
        LibcFunc::Printf => {
            let out = format(mem, func, a.get(0)?, a.rest(1))?;
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Fprintf => {
            // The stream is opaque (stdout/stderr are external objects the
            // model does not hold), so only the format and arguments are read.
            a.get(0)?;
            let out = format(mem, func, a.get(1)?, a.rest(2))?;
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Sprintf => {
            let dst = a.get(0)?;
            let mut out = format(mem, func, a.get(1)?, a.rest(2))?;
            let n = out.len() as i32;
            out.push(0);
            mem.write_bytes(dst, &out)?;
            Ok(ret_i32(n))
        }
        LibcFunc::Snprintf => {
            let (dst, cap) = (a.get(0)?, a.get(1)?);
            let mut out = format(mem, func, a.get(2)?, a.rest(3))?;
            let n = out.len() as i32;
            // At most cap-1 characters and a NUL are written; with cap 0
            // nothing is, and `dst` may be null (C11 7.21.6.5).
            if cap > 0 {
                let keep = usize::try_from(cap - 1)
                    .unwrap_or(usize::MAX)
                    .min(out.len());
                out.truncate(keep);
                out.push(0);
                mem.write_bytes(dst, &out)?;
            }
            Ok(ret_i32(n))
        }
        LibcFunc::Puts => {
            let s = mem.read_c_string(a.get(0)?)?;
            // puts returns a nonnegative value; the count written (with the
            // newline) is what glibc returns.
            Ok(ret_i32((s.len() + 1).min(i32::MAX as usize) as i32))
        }
        LibcFunc::Putchar => Ok(ret(a.get(0)? as u8 as u64)),
        LibcFunc::Fflush => {
            a.get(0)?;
            Ok(ret_i32(0))
        }
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
        LibcFunc::Atoi | LibcFunc::Atol => {
            let s = mem.read_c_string(a.get(0)?)?;
            let (v, _) = parse_long(&s, 10);
            // glibc defines atoi as (int)strtol(s, NULL, 10): truncation.
            Ok(if func == LibcFunc::Atoi {
                ret_i32(v as i32)
            } else {
                ret(v as u64)
            })
        }
        LibcFunc::Strtol => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let base = sext(a.get(2)?, 32);
            let s = mem.read_c_string(s_addr)?;
            if base != 0 && !(2..=36).contains(&base) {
                // EINVAL: glibc returns 0 without converting or touching
                // `*endptr`.
                return Ok(ret(0));
            }
            let (v, end) = parse_long(&s, base as u32);
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v as u64))
        }
        LibcFunc::Sqrt => math1(&a, f64::sqrt),
        LibcFunc::Fabs => math1(&a, f64::abs),
        LibcFunc::Exp => math1(&a, f64::exp),
        LibcFunc::Log => math1(&a, f64::ln),
        LibcFunc::Floor => math1(&a, f64::floor),
        LibcFunc::Ceil => math1(&a, f64::ceil),
        LibcFunc::Pow => math2(&a, f64::powf),
        // Rust's min/max return the other operand when one is NaN, as C's
        // fmin/fmax do (C11 F.10.9.2).
        LibcFunc::Fmin => math2(&a, f64::min),
        LibcFunc::Fmax => math2(&a, f64::max),
        LibcFunc::Abs | LibcFunc::Labs => {
            let (v, ty) = a.get_typed(0)?;
            let bits = int_bits(ty);
            // abs(INT_MIN) is undefined; wrapping gives INT_MIN like hardware.
            Ok(ret(trunc(sext(v, bits).wrapping_abs() as u64, bits)))
        }
        LibcFunc::Sleep | LibcFunc::Usleep => Ok(ret_i32(0)),
    }
}

/// The call's arguments, with errors that name the function.
struct Args<'a> {
    func: LibcFunc,
    list: &'a [(u64, Ty)],
}

impl Args<'_> {
    fn get_typed(&self, i: usize) -> Result<(u64, Ty), MemFault> {
        self.list.get(i).copied().ok_or_else(|| {
            MemFault::Other(format!(
                "{} called with {} arguments, needs at least {}",
                self.func.c_name(),
                self.list.len(),
                i + 1
            ))
        })
    }

    fn get(&self, i: usize) -> Result<u64, MemFault> {
        self.get_typed(i).map(|(v, _)| v)
    }

    /// The variadic arguments starting at `i`.
    fn rest(&self, i: usize) -> &[(u64, Ty)] {
        self.list.get(i..).unwrap_or(&[])
    }
}

fn ret(v: u64) -> LibcOutcome {
    LibcOutcome::Return(Some(v))
}

/// An `int` result in the register representation (zero-extended 32 bits).
fn ret_i32(v: i32) -> LibcOutcome {
    LibcOutcome::Return(Some(v as u32 as u64))
}

fn too_large(func: LibcFunc) -> MemFault {
    MemFault::Other(format!("{}: size too large to model", func.c_name()))
}

/// Sign-extends the low `bits` bits of `v`.
fn sext(v: u64, bits: u32) -> i64 {
    if bits == 0 || bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// Keeps the low `bits` bits of `v` (registers hold zero-extended values).
fn trunc(v: u64, bits: u32) -> u64 {
    if bits >= 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// Width of an integer argument; a float or pointer passed where an integer
/// is expected is taken whole.
fn int_bits(ty: Ty) -> u32 {
    match ty {
        Ty::I1 | Ty::I8 | Ty::I16 | Ty::I32 => ty.bits(),
        Ty::I64 | Ty::F32 | Ty::F64 | Ty::Ptr => 64,
    }
}

/// `addr + delta` within the allocation `addr` names. Offsets live in the low
/// 32 bits, so a plain `u64` add could carry into the allocation id and make
/// the pointer name another object.
fn ptr_add(addr: u64, delta: u64) -> Result<u64, MemFault> {
    let p = Pointer::decode(addr);
    (p.offset as u64)
        .checked_add(delta)
        .and_then(|o| u32::try_from(o).ok())
        .map(|offset| {
            Pointer {
                alloc: p.alloc,
                offset,
            }
            .encode()
        })
        .ok_or_else(|| MemFault::Other("pointer arithmetic overflows the object".into()))
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

/// Reads at most `max` bytes of the string at `addr`, stopping at a NUL; the
/// bytes must be readable only up to where reading stops (as for `strncmp`,
/// `strncpy` and `%.Ns`, whose argument need not be NUL-terminated).
fn read_c_string_bounded(mem: &Memory, addr: u64, max: u64) -> Result<Vec<u8>, MemFault> {
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

/// `realloc(p, size)` (C11 7.22.3.5), with glibc's choices for the
/// implementation-defined cases: `realloc(p, 0)` frees `p` and returns null.
fn realloc(mem: &mut Memory, p: u64, size: u64) -> Result<LibcOutcome, MemFault> {
    if p == 0 {
        return Ok(ret(mem.allocate(size, AllocKind::Heap)?));
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
    // Allocate before freeing: if the new block cannot be made, the old one
    // stays valid, as C requires.
    let new = mem.allocate(size, AllocKind::Heap)?;
    let data = mem.read_bytes(p, old_size.min(size))?.to_vec();
    mem.write_bytes(new, &data)?;
    mem.free(p)?;
    Ok(ret(new))
}

/// Reads a floating argument; a stray `f32` (not promoted) is widened.
fn float_arg(v: u64, ty: Ty) -> f64 {
    if ty == Ty::F32 {
        f32::from_bits(v as u32) as f64
    } else {
        f64::from_bits(v)
    }
}

/// Encodes a result in the width of the argument type (`f32` if the
/// extractor mapped a `float` intrinsic form, `f64` otherwise).
fn float_result(ty: Ty, x: f64) -> u64 {
    if ty == Ty::F32 {
        (x as f32).to_bits() as u64
    } else {
        x.to_bits()
    }
}

fn math1(a: &Args, f: fn(f64) -> f64) -> Result<LibcOutcome, MemFault> {
    let (v, ty) = a.get_typed(0)?;
    Ok(ret(float_result(ty, f(float_arg(v, ty)))))
}

fn math2(a: &Args, f: fn(f64, f64) -> f64) -> Result<LibcOutcome, MemFault> {
    let (x, tx) = a.get_typed(0)?;
    let (y, ty) = a.get_typed(1)?;
    Ok(ret(float_result(tx, f(float_arg(x, tx), float_arg(y, ty)))))
}

/// strtol's parse of `s` in `base` (0 = from the prefix, else 2..=36)
/// (C11 7.22.1.4): the value, saturated to `long` on overflow, and the number
/// of bytes consumed (0 when there is no number, so `*endptr == s`).
fn parse_long(s: &[u8], base: u32) -> (i64, usize) {
    let mut i = 0;
    while s
        .get(i)
        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
    {
        i += 1;
    }
    let neg = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let mut base = base;
    // "0x" is a prefix only when a hex digit follows; otherwise the "0" is
    // the number and parsing stops at the "x".
    let hex_prefix = s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && s.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
    if (base == 0 || base == 16) && hex_prefix {
        i += 2;
        base = 16;
    } else if base == 0 {
        base = if s.get(i) == Some(&b'0') { 8 } else { 10 };
    }
    let start = i;
    let mut mag: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(base)) {
        match mag
            .checked_mul(base as u64)
            .and_then(|m| m.checked_add(d as u64))
        {
            Some(m) => mag = m,
            None => overflow = true,
        }
        i += 1;
    }
    if i == start {
        return (0, 0);
    }
    // Out of range values give LONG_MIN / LONG_MAX (errno is not modeled).
    let v = if neg {
        if overflow || mag > i64::MIN.unsigned_abs() {
            i64::MIN
        } else {
            (mag as i64).wrapping_neg()
        }
    } else if overflow || mag > i64::MAX as u64 {
        i64::MAX
    } else {
        mag as i64
    };
    (v, i)
}

/// One conversion specification of a format.
#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

/// The arguments a format consumes, in order.
struct VaList<'a> {
    func: LibcFunc,
    args: &'a [(u64, Ty)],
    next: usize,
}

impl VaList<'_> {
    fn next(&mut self) -> Result<(u64, Ty), MemFault> {
        let a = self.args.get(self.next).copied().ok_or_else(|| {
            // Reading a missing variadic argument reads whatever the stack
            // holds: undefined behavior the user should hear about.
            MemFault::Other(format!(
                "{}: the format needs more than the {} arguments passed",
                self.func.c_name(),
                self.args.len()
            ))
        })?;
        self.next += 1;
        Ok(a)
    }
}

/// Formats like C's printf family (C11 7.21.6.1): conversions `d i u o x X c
/// s p n f F e E g G %` with flags, width, precision (`*` too) and length
/// modifiers. Unknown conversions are copied literally, as glibc does.
fn format(
    mem: &mut Memory,
    func: LibcFunc,
    fmt_addr: u64,
    va: &[(u64, Ty)],
) -> Result<Vec<u8>, MemFault> {
    let fmt = mem.read_c_string(fmt_addr)?;
    let mut va = VaList {
        func,
        args: va,
        next: 0,
    };
    let field = |n: u64| -> Result<usize, MemFault> {
        if n > MAX_FIELD {
            return Err(MemFault::Other(format!(
                "{}: field width or precision {n} is too large to model",
                func.c_name()
            )));
        }
        Ok(n as usize)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec::default();
        while let Some(f) = fmt.get(i) {
            match f {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b' ' => spec.space = true,
                b'#' => spec.alt = true,
                b'0' => spec.zero = true,
                _ => break,
            }
            i += 1;
        }
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            // A negative `*` width is a `-` flag and a positive width.
            let w = sext(va.next()?.0, 32);
            spec.minus |= w < 0;
            spec.width = field(w.unsigned_abs())?;
        } else {
            let (w, j) = parse_digits(&fmt, i);
            spec.width = field(w)?;
            i = j;
        }
        if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                // A negative `*` precision is as if it were omitted.
                let p = sext(va.next()?.0, 32);
                spec.prec = if p < 0 { None } else { Some(field(p as u64)?) };
            } else {
                let (p, j) = parse_digits(&fmt, i);
                spec.prec = Some(field(p)?);
                i = j;
            }
        }
        // Width of the integer argument the length modifier names; `int`
        // without one (char and short are promoted to int when passed).
        let mut bits = 32;
        match fmt.get(i) {
            Some(b'h') if fmt.get(i + 1) == Some(&b'h') => (bits, i) = (8, i + 2),
            Some(b'h') => (bits, i) = (16, i + 1),
            Some(b'l') if fmt.get(i + 1) == Some(&b'l') => (bits, i) = (64, i + 2),
            Some(b'l' | b'j' | b'z' | b't' | b'q' | b'L') => (bits, i) = (64, i + 1),
            _ => {}
        }
        let Some(&conv) = fmt.get(i) else {
            // A format ending inside a conversion: print it as written.
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        match conv {
            b'd' | b'i' => {
                let v = sext(va.next()?.0, bits);
                let sign = if v < 0 { "-" } else { positive_sign(&spec) };
                push_int(
                    &mut out,
                    &spec,
                    sign,
                    "",
                    v.unsigned_abs().to_string(),
                    false,
                );
            }
            b'u' => {
                let v = trunc(va.next()?.0, bits);
                push_int(&mut out, &spec, "", "", v.to_string(), false);
            }
            b'o' => {
                let v = trunc(va.next()?.0, bits);
                push_int(&mut out, &spec, "", "", format!("{v:o}"), spec.alt);
            }
            b'x' | b'X' => {
                let v = trunc(va.next()?.0, bits);
                let (digits, prefix) = if conv == b'x' {
                    (format!("{v:x}"), "0x")
                } else {
                    (format!("{v:X}"), "0X")
                };
                let prefix = if spec.alt && v != 0 { prefix } else { "" };
                push_int(&mut out, &spec, "", prefix, digits, false);
            }
            b'c' => {
                let c = va.next()?.0 as u8;
                pad(&mut out, &spec, "", &[c], false);
            }
            b's' => {
                let p = va.next()?.0;
                // With a precision the argument is an array of at most that
                // many bytes; without one it must be a NUL-terminated string.
                // A null pointer is undefined (glibc prints "(null)", other
                // C libraries crash), so it is reported.
                let s = match spec.prec {
                    Some(n) => read_c_string_bounded(mem, p, n as u64)?,
                    None => mem.read_c_string(p)?,
                };
                pad(&mut out, &spec, "", &s, false);
            }
            b'p' => {
                let p = va.next()?.0;
                let s = if p == 0 {
                    "(nil)".to_string()
                } else {
                    format!("0x{p:x}")
                };
                pad(&mut out, &spec, "", s.as_bytes(), false);
            }
            b'n' => {
                let p = va.next()?.0;
                let size = match bits {
                    8 => 1,
                    16 => 2,
                    32 => 4,
                    _ => 8,
                };
                mem.store(p, size, out.len() as u64)?;
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' => {
                let (v, ty) = va.next()?;
                push_float(&mut out, &spec, conv, float_arg(v, ty));
            }
            b'%' => out.push(b'%'),
            _ => out.extend_from_slice(&fmt[start..i]),
        }
        if out.len() > MAX_OUTPUT {
            return Err(MemFault::Other(format!(
                "{}: output too large to model",
                func.c_name()
            )));
        }
    }
    Ok(out)
}

/// Parses a decimal field at `i` (saturating; the caller bounds it).
fn parse_digits(s: &[u8], mut i: usize) -> (u64, usize) {
    let mut n: u64 = 0;
    while let Some(d) = s.get(i).filter(|c| c.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add((d - b'0') as u64);
        i += 1;
    }
    (n, i)
}

fn positive_sign(spec: &Spec) -> &'static str {
    if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    }
}

/// An integer conversion: `digits` is the magnitude in its base.
fn push_int(
    out: &mut Vec<u8>,
    spec: &Spec,
    sign: &str,
    prefix: &str,
    mut digits: String,
    octal_alt: bool,
) {
    if let Some(p) = spec.prec {
        // Precision is the minimum digit count; 0 with value 0 prints none.
        if p == 0 && digits == "0" {
            digits.clear();
        }
        if digits.len() < p {
            digits.insert_str(0, &"0".repeat(p - digits.len()));
        }
    }
    // `#o` makes the first digit a zero (raising the precision if needed).
    if octal_alt && !digits.starts_with('0') {
        digits.insert(0, '0');
    }
    // The `0` flag is ignored with `-` or with a precision (C11 7.21.6.1p6).
    let zero = spec.zero && spec.prec.is_none();
    pad(
        out,
        spec,
        &format!("{sign}{prefix}"),
        digits.as_bytes(),
        zero,
    );
}

/// Emits `head` (sign and prefix) and `body` padded to the field width:
/// left-justified with `-`, with zeros between head and body when `zero`,
/// else right-justified with spaces.
fn pad(out: &mut Vec<u8>, spec: &Spec, head: &str, body: &[u8], zero: bool) {
    let fill = spec.width.saturating_sub(head.len() + body.len());
    if spec.minus {
        out.extend_from_slice(head.as_bytes());
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if zero {
        out.extend_from_slice(head.as_bytes());
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(head.as_bytes());
        out.extend_from_slice(body);
    }
}

/// `%f %e %g` and their uppercase forms.
fn push_float(out: &mut Vec<u8>, spec: &Spec, conv: u8, x: f64) {
    let upper = conv.is_ascii_uppercase();
    // glibc prints the sign of a negative NaN too ("-nan").
    let sign = if x.is_sign_negative() {
        "-"
    } else {
        positive_sign(spec)
    };
    let body = if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        "inf".to_string()
    } else {
        let a = x.abs();
        let prec = spec.prec.unwrap_or(6);
        match conv.to_ascii_lowercase() {
            b'f' => fixed(a, prec, spec.alt),
            b'e' => scientific(a, prec, spec.alt),
            _ => general(a, prec, spec.alt),
        }
    };
    let body = if upper {
        body.to_ascii_uppercase()
    } else {
        body
    };
    // Zero padding never applies to inf and nan.
    let zero = spec.zero && x.is_finite();
    pad(out, spec, sign, body.as_bytes(), zero);
}

/// `%.Nf` of a nonnegative finite value. Rust's formatting is exact and
/// rounds ties to even on the exact binary value, as glibc does.
fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let mut s = format!("{a:.prec$}");
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// `%.Ne`: Rust writes `1.5e2`; C wants `1.5e+02` (at least two exponent
/// digits, always signed).
fn scientific(a: f64, prec: usize, alt: bool) -> String {
    let (mut mantissa, exp) = split_exponent(&format!("{a:.prec$e}"));
    if alt && prec == 0 {
        mantissa.push('.');
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.unsigned_abs())
}

fn split_exponent(s: &str) -> (String, i32) {
    match s.split_once('e') {
        Some((m, e)) => (m.to_string(), e.parse().unwrap_or(0)),
        None => (s.to_string(), 0),
    }
}

/// `%.Ng` (C11 7.21.6.1p8): `%e` or `%f` style by the decimal exponent, then
/// trailing zeros removed unless `#`.
fn general(a: f64, prec: usize, alt: bool) -> String {
    let p = prec.max(1);
    // The exponent `%e` would print after rounding to `p` digits.
    let x = if a == 0.0 {
        0
    } else {
        split_exponent(&format!("{a:.*e}", p - 1)).1
    };
    let s = if x >= -4 && (x as i64) < p as i64 {
        fixed(a, (p as i64 - 1 - x as i64) as usize, alt)
    } else {
        scientific(a, p - 1, alt)
    };
    if alt {
        return s;
    }
    let (mantissa, exp) = match s.find('e') {
        Some(k) => s.split_at(k),
        None => (s.as_str(), ""),
    };
    let mantissa = if mantissa.contains('.') {
        mantissa.trim_end_matches('0').trim_end_matches('.')
    } else {
        mantissa
    };
    format!("{mantissa}{exp}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mem() -> Memory {
        Memory::with_globals(&[])
    }

    fn p(v: u64) -> (u64, Ty) {
        (v, Ty::Ptr)
    }

    fn i32a(v: i32) -> (u64, Ty) {
        (v as u32 as u64, Ty::I32)
    }

    fn i64a(v: i64) -> (u64, Ty) {
        (v as u64, Ty::I64)
    }

    fn f64a(v: f64) -> (u64, Ty) {
        (v.to_bits(), Ty::F64)
    }

    fn value(o: LibcOutcome) -> u64 {
        match o {
            LibcOutcome::Return(Some(v)) => v,
            other => panic!("expected a value, got {other:?}"),
        }
    }

    fn c(m: &mut Memory, f: LibcFunc, args: &[(u64, Ty)]) -> Result<u64, MemFault> {
        call(f, args, m).map(value)
    }

    /// A heap string holding `s` and its NUL.
    fn string(m: &mut Memory, s: &str) -> u64 {
        let a = m.allocate(s.len() as u64 + 1, AllocKind::Heap).unwrap();
        m.write_bytes(a, s.as_bytes()).unwrap();
        a
    }

    fn read_str(m: &Memory, a: u64) -> String {
        String::from_utf8(m.read_c_string(a).unwrap()).unwrap()
    }

    /// sprintf into a fresh buffer; returns the text and the count.
    fn sprintf(fmt: &str, args: &[(u64, Ty)]) -> (String, i32) {
        let mut m = mem();
        let buf = m.allocate(512, AllocKind::Heap).unwrap();
        let f = string(&mut m, fmt);
        let mut all = vec![p(buf), p(f)];
        all.extend_from_slice(args);
        let n = c(&mut m, LibcFunc::Sprintf, &all).unwrap() as u32 as i32;
        (read_str(&m, buf), n)
    }

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
        assert!(matches!(
            call(LibcFunc::Calloc, &[i64a(1 << 40), i64a(1 << 40)], &mut m),
            Err(MemFault::Other(_))
        ));
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
    fn sprintf_integers() {
        assert_eq!(
            sprintf(
                "%d|%i|%5d|%-5d|%05d",
                &[i32a(-42), i32a(7), i32a(42), i32a(42), i32a(-42)]
            )
            .0,
            "-42|7|   42|42   |-0042"
        );
        assert_eq!(
            sprintf("%+d % d %.3d %.0d|", &[i32a(5), i32a(5), i32a(5), i32a(0)]).0,
            "+5  5 005 |"
        );
        assert_eq!(
            sprintf(
                "%u %x %X %#x %#o %o",
                &[i32a(-1), i32a(255), i32a(255), i32a(255), i32a(8), i32a(8)]
            )
            .0,
            "4294967295 ff FF 0xff 010 10"
        );
        assert_eq!(
            sprintf(
                "%ld %lld %lu %lx",
                &[i64a(-1), i64a(i64::MIN), i64a(-1), i64a(-1)]
            )
            .0,
            "-1 -9223372036854775808 18446744073709551615 ffffffffffffffff"
        );
        assert_eq!(
            sprintf("%hhd %hd %#x", &[i32a(255), i32a(65535), i32a(0)]).0,
            "-1 -1 0"
        );
        assert_eq!(
            sprintf(
                "%*d|%-*d|%.*d",
                &[i32a(4), i32a(1), i32a(-3), i32a(2), i32a(3), i32a(7)]
            )
            .0,
            "   1|2  |007"
        );
        assert_eq!(
            sprintf("%08.3d|%-08d", &[i32a(5), i32a(5)]).0,
            "     005|5       "
        );
        let (s, n) = sprintf("%c%c%% %y", &[i32a(b'o' as i32), i32a(b'k' as i32)]);
        assert_eq!((s.as_str(), n), ("ok% %y", 6));
    }

    #[test]
    fn sprintf_floats() {
        let fa = f64a;
        assert_eq!(
            sprintf(
                "%f %.2f %8.3f %-8.1f|",
                &[fa(1.5), fa(-2.345), fa(1.23456), fa(2.0)]
            )
            .0,
            "1.500000 -2.35    1.235 2.0     |"
        );
        assert_eq!(
            sprintf("%e %.2E %e", &[fa(12345.678), fa(-0.00012), fa(0.0)]).0,
            "1.234568e+04 -1.20E-04 0.000000e+00"
        );
        assert_eq!(
            sprintf(
                "%g %g %g %g %g",
                &[
                    fa(100000.0),
                    fa(1000000.0),
                    fa(0.0001),
                    fa(0.00001),
                    fa(1.5)
                ]
            )
            .0,
            "100000 1e+06 0.0001 1e-05 1.5"
        );
        assert_eq!(
            sprintf(
                "%.3g %#g %G %g",
                &[fa(1.23456), fa(1.0), fa(1e-10), fa(0.0)]
            )
            .0,
            "1.23 1.00000 1E-10 0"
        );
        assert_eq!(
            sprintf(
                "%f %F %5.1f %+f %010.2f",
                &[
                    fa(f64::INFINITY),
                    fa(f64::NAN),
                    fa(f64::NEG_INFINITY),
                    fa(1.0),
                    fa(-3.5)
                ]
            )
            .0,
            "inf NAN  -inf +1.000000 -000003.50"
        );
        assert_eq!(
            sprintf("%.0f %.0f %#.0f", &[fa(0.5), fa(1.5), fa(2.0)]).0,
            "0 2 2."
        );
        assert_eq!(sprintf("%e", &[fa(1e300)]).0, "1.000000e+300");
        assert_eq!(
            sprintf("%f", &[(1.25f32.to_bits() as u64, Ty::F32)]).0,
            "1.250000"
        );
    }

    #[test]
    fn sprintf_strings_pointers_and_n() {
        let mut m = mem();
        let buf = m.allocate(64, AllocKind::Heap).unwrap();
        let hi = string(&mut m, "hi");
        let raw = m.allocate(3, AllocKind::Heap).unwrap();
        m.write_bytes(raw, b"xyz").unwrap();
        let cnt = m.allocate(4, AllocKind::Heap).unwrap();
        let f = string(&mut m, "[%s|%4s|%-4s|%.1s|%.3s]%n %p %p");
        let n = c(
            &mut m,
            LibcFunc::Sprintf,
            &[
                p(buf),
                p(f),
                p(hi),
                p(hi),
                p(hi),
                p(hi),
                p(raw),
                p(cnt),
                p(0),
                p(hi),
            ],
        )
        .unwrap();
        let expect = format!("[hi|  hi|hi  |h|xyz] (nil) 0x{hi:x}");
        assert_eq!(read_str(&m, buf), expect);
        assert_eq!(n, expect.len() as u64);
        assert_eq!(m.load(cnt, 4).unwrap(), 20);
        // Without a precision the unterminated array is read past its end.
        let f = string(&mut m, "%s");
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f), p(raw)], &mut m),
            Err(MemFault::OutOfBounds { offset: 3, .. })
        ));
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f), p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(buf), p(f)], &mut m),
            Err(MemFault::Other(_))
        ));
        let huge = string(&mut m, "%999999999d");
        assert!(matches!(
            call(LibcFunc::Printf, &[p(huge), i32a(1)], &mut m),
            Err(MemFault::Other(_))
        ));
    }

    #[test]
    fn sprintf_and_snprintf_bounds() {
        let mut m = mem();
        let small = m.allocate(4, AllocKind::Heap).unwrap();
        let f = string(&mut m, "%d");
        assert_eq!(
            c(&mut m, LibcFunc::Sprintf, &[p(small), p(f), i32a(123)]).unwrap(),
            3
        );
        assert!(matches!(
            call(LibcFunc::Sprintf, &[p(small), p(f), i32a(1234)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Snprintf,
                &[p(small), i64a(4), p(f), i32a(123456)]
            )
            .unwrap(),
            6
        );
        assert_eq!(read_str(&m, small), "123");
        assert_eq!(
            c(&mut m, LibcFunc::Snprintf, &[p(0), i64a(0), p(f), i32a(-5)]).unwrap(),
            2
        );
        assert!(matches!(
            call(
                LibcFunc::Snprintf,
                &[p(small), i64a(8), p(f), i32a(123456)],
                &mut m
            ),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn output_functions_read_their_arguments() {
        let mut m = mem();
        let f = string(&mut m, "x=%d %s\n");
        let s = string(&mut m, "ok");
        assert_eq!(
            c(&mut m, LibcFunc::Printf, &[p(f), i32a(10), p(s)]).unwrap(),
            8
        );
        assert_eq!(
            c(
                &mut m,
                LibcFunc::Fprintf,
                &[p(0x5_0000_0000), p(f), i32a(10), p(s)]
            )
            .unwrap(),
            8
        );
        m.free(s).unwrap();
        assert!(matches!(
            call(LibcFunc::Printf, &[p(f), i32a(10), p(s)], &mut m),
            Err(MemFault::UseAfterFree { write: false })
        ));
        assert!(matches!(
            call(LibcFunc::Printf, &[p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
        let hello = string(&mut m, "hello");
        assert_eq!(c(&mut m, LibcFunc::Puts, &[p(hello)]).unwrap(), 6);
        assert_eq!(c(&mut m, LibcFunc::Putchar, &[i32a(0x141)]).unwrap(), 0x41);
        assert_eq!(c(&mut m, LibcFunc::Fflush, &[p(0)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Sleep, &[i32a(1)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Usleep, &[i32a(1)]).unwrap(), 0);
    }

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

    #[test]
    fn number_parsing() {
        let mut m = mem();
        let s = string(&mut m, "  -42abc");
        assert_eq!(
            c(&mut m, LibcFunc::Atoi, &[p(s)]).unwrap(),
            (-42i32) as u32 as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Atol, &[p(s)]).unwrap(), (-42i64) as u64);
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(s), p(end), i32a(10)]).unwrap(),
            (-42i64) as u64
        );
        assert_eq!(m.load(end, 8).unwrap(), s + 5);
        let hex = string(&mut m, "0x1fz");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(hex), p(end), i32a(0)]).unwrap(),
            31
        );
        assert_eq!(m.load(end, 8).unwrap(), hex + 4);
        let zx = string(&mut m, "0xg");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(zx), p(end), i32a(16)]).unwrap(),
            0
        );
        assert_eq!(m.load(end, 8).unwrap(), zx + 1);
        let oct = string(&mut m, "017");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(oct), p(0), i32a(0)]).unwrap(),
            15
        );
        let none = string(&mut m, "  +x");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(none), p(end), i32a(10)]).unwrap(),
            0
        );
        assert_eq!(m.load(end, 8).unwrap(), none);
        let big = string(&mut m, "-99999999999999999999999");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(big), p(0), i32a(10)]).unwrap(),
            i64::MIN as u64
        );
        let max = string(&mut m, "9223372036854775807");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(max), p(0), i32a(10)]).unwrap(),
            i64::MAX as u64
        );
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(max), p(end), i32a(1)]).unwrap(),
            0
        );
        // An invalid base leaves `*endptr` alone.
        assert_eq!(m.load(end, 8).unwrap(), none);
        let z = string(&mut m, "zz");
        assert_eq!(
            c(&mut m, LibcFunc::Strtol, &[p(z), p(0), i32a(36)]).unwrap(),
            35 * 36 + 35
        );
        // The end pointer must be writable.
        assert!(matches!(
            call(LibcFunc::Strtol, &[p(z), p(z + 1), i32a(36)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
    }

    #[test]
    fn math() {
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        assert_eq!(f(&mut m, LibcFunc::Sqrt, &[f64a(9.0)]), 3.0);
        assert!(f(&mut m, LibcFunc::Sqrt, &[f64a(-1.0)]).is_nan());
        assert_eq!(f(&mut m, LibcFunc::Fabs, &[f64a(-2.5)]), 2.5);
        assert_eq!(f(&mut m, LibcFunc::Pow, &[f64a(2.0), f64a(10.0)]), 1024.0);
        assert_eq!(f(&mut m, LibcFunc::Exp, &[f64a(0.0)]), 1.0);
        assert_eq!(f(&mut m, LibcFunc::Log, &[f64a(1.0)]), 0.0);
        assert_eq!(f(&mut m, LibcFunc::Floor, &[f64a(-1.5)]), -2.0);
        assert_eq!(f(&mut m, LibcFunc::Ceil, &[f64a(-1.5)]), -1.0);
        assert_eq!(f(&mut m, LibcFunc::Fmin, &[f64a(f64::NAN), f64a(1.0)]), 1.0);
        assert_eq!(f(&mut m, LibcFunc::Fmax, &[f64a(2.0), f64a(1.0)]), 2.0);
        let r = c(
            &mut m,
            LibcFunc::Sqrt,
            &[(4.0f32.to_bits() as u64, Ty::F32)],
        )
        .unwrap();
        assert_eq!(r, 2.0f32.to_bits() as u64);
        assert_eq!(c(&mut m, LibcFunc::Abs, &[i32a(-7)]).unwrap(), 7);
        assert_eq!(
            c(&mut m, LibcFunc::Abs, &[i32a(i32::MIN)]).unwrap(),
            i32::MIN as u32 as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Labs, &[i64a(-7)]).unwrap(), 7);
        assert!(matches!(
            call(LibcFunc::Pow, &[f64a(1.0)], &mut m),
            Err(MemFault::Other(_))
        ));
    }
}
