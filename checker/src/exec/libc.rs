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
    /// `exit(code)`: the process ends normally (after its exit handlers).
    Exit(i32),
    /// `_Exit(code)`: the process ends at once, without exit handlers.
    ExitNow(i32),
    /// `abort()`.
    Abort,
    /// `__assert_fail`: an `assert` did not hold.
    AssertFailed { message: String },
    /// The call uses a feature of the function the model does not have
    /// (e.g. sscanf's `%[`): the check is inconclusive, not failed.
    Unsupported(String),
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
        LibcFunc::Malloc => Ok(ret(heap_block(mem, a.get(0)?)?)),
        LibcFunc::Calloc => {
            // An array whose size overflows size_t cannot be allocated: NULL
            // (C11 7.22.3.2), like any request the heap cannot satisfy.
            let Some(size) = a.get(0)?.checked_mul(a.get(1)?) else {
                return Ok(ret(0));
            };
            // `Memory::allocate` zero-fills, which is exactly calloc.
            Ok(ret(heap_block(mem, size)?))
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
            let out = format(mem, func, a.get(1)?, a.rest(2))?;
            store_sprintf(mem, a.get(0)?, out)
        }
        LibcFunc::Snprintf => {
            let out = format(mem, func, a.get(2)?, a.rest(3))?;
            store_snprintf(mem, a.get(0)?, a.get(1)?, out)
        }
        // The v-forms take the variable arguments from a `va_list` that
        // `va_start` set up (C11 7.21.6.8-13).
        LibcFunc::Vprintf | LibcFunc::Vfprintf => {
            let at = if func == LibcFunc::Vfprintf {
                // The stream is opaque, as for fprintf.
                a.get(0)?;
                1
            } else {
                0
            };
            let va = va_list_args(mem, a.get(at + 1)?)?;
            let out = format(mem, func, a.get(at)?, &va)?;
            Ok(ret_i32(out.len() as i32))
        }
        LibcFunc::Vsprintf => {
            let va = va_list_args(mem, a.get(2)?)?;
            let out = format(mem, func, a.get(1)?, &va)?;
            store_sprintf(mem, a.get(0)?, out)
        }
        LibcFunc::Vsnprintf => {
            let va = va_list_args(mem, a.get(3)?)?;
            let out = format(mem, func, a.get(2)?, &va)?;
            store_snprintf(mem, a.get(0)?, a.get(1)?, out)
        }
        LibcFunc::VaStart => {
            let (ap, area) = (a.get(0)?, a.get(1)?);
            // The x86-64 System V `va_list` with the argument registers used
            // up, so that `va_arg` reads the overflow area: the caller's slots.
            mem.check_range(ap, VA_LIST_SIZE, true)?;
            mem.store(ap, 4, VA_GP_USED)?;
            mem.store(ptr_add(ap, 4)?, 4, VA_FP_USED)?;
            mem.store(ptr_add(ap, 8)?, 8, area)?;
            mem.store(ptr_add(ap, 16)?, 8, 0)?;
            Ok(LibcOutcome::Return(None))
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
        LibcFunc::ExitNow => Ok(LibcOutcome::ExitNow(a.get(0)? as u32 as i32)),
        // Registered by the interpreter, which owns the process's handlers;
        // reaching here means the handler is not a function of the model.
        LibcFunc::Atexit => Ok(LibcOutcome::Unsupported(
            "atexit with a handler that is not a function of the program".into(),
        )),
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
        LibcFunc::Sin => math1(&a, f64::sin),
        LibcFunc::Cos => math1(&a, f64::cos),
        LibcFunc::Tan => math1(&a, f64::tan),
        LibcFunc::Asin => math1(&a, f64::asin),
        LibcFunc::Acos => math1(&a, f64::acos),
        LibcFunc::Atan => math1(&a, f64::atan),
        LibcFunc::Sinh => math1(&a, f64::sinh),
        LibcFunc::Cosh => math1(&a, f64::cosh),
        LibcFunc::Tanh => math1(&a, f64::tanh),
        LibcFunc::Exp2 => math1(&a, f64::exp2),
        LibcFunc::Log2 => math1(&a, f64::log2),
        LibcFunc::Log10 => math1(&a, f64::log10),
        LibcFunc::Cbrt => math1(&a, f64::cbrt),
        // C's round goes half away from zero (C11 7.12.9.6), as Rust's does;
        // rint rounds in the current mode, round-to-nearest-even unless the
        // program changes it with fesetround (not modeled) (C11 7.12.9.4).
        LibcFunc::Round => math1(&a, f64::round),
        LibcFunc::Trunc => math1(&a, f64::trunc),
        LibcFunc::Rint => math1(&a, f64::round_ties_even),
        // atan2(y, x) (C11 7.12.4.4).
        LibcFunc::Atan2 => math2(&a, f64::atan2),
        // Rust's `%` on floats is C's fmod: exact, with the dividend's sign
        // (C11 7.12.10.1).
        LibcFunc::Fmod => math2(&a, |x, y| x % y),
        LibcFunc::Hypot => math2(&a, f64::hypot),
        LibcFunc::Copysign => math2(&a, f64::copysign),
        LibcFunc::Atof => {
            // atof(s) is strtod(s, NULL) (C11 7.22.1.1).
            let s = mem.read_c_string(a.get(0)?)?;
            Ok(ret(parse_double(&s).0.to_bits()))
        }
        LibcFunc::Strtod => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let s = mem.read_c_string(s_addr)?;
            let (v, end) = parse_double(&s);
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v.to_bits()))
        }
        LibcFunc::Strtoul => {
            let (s_addr, endptr) = (a.get(0)?, a.get(1)?);
            let base = sext(a.get(2)?, 32);
            let s = mem.read_c_string(s_addr)?;
            if base != 0 && !(2..=36).contains(&base) {
                return Ok(ret(0));
            }
            let (v, end) = parse_unsigned_long(&s, base as u32);
            if endptr != 0 {
                mem.store(endptr, 8, ptr_add(s_addr, end as u64)?)?;
            }
            Ok(ret(v))
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
        LibcFunc::Isalnum
        | LibcFunc::Isalpha
        | LibcFunc::Isdigit
        | LibcFunc::Isxdigit
        | LibcFunc::Isspace
        | LibcFunc::Isupper
        | LibcFunc::Islower
        | LibcFunc::Ispunct
        | LibcFunc::Isprint
        | LibcFunc::Toupper
        | LibcFunc::Tolower => character_class(func, sext(a.get(0)?, 32)),
        LibcFunc::Perror => {
            // perror(NULL) and perror("") print only the error text.
            let s = a.get(0)?;
            if s != 0 {
                mem.read_c_string(s)?;
            }
            Ok(LibcOutcome::Return(None))
        }
        LibcFunc::Fputs => {
            mem.read_c_string(a.get(0)?)?;
            a.get(1)?;
            Ok(ret_i32(1))
        }
        LibcFunc::Fputc => Ok(ret(a.get(0)? as u8 as u64)),
        LibcFunc::Fopen => {
            mem.read_c_string(a.get(0)?)?;
            let mode = mem.read_c_string(a.get(1)?)?;
            match mode.first() {
                // The output is dropped like printf's; the stream is a small
                // object of the process, so a second fclose is reported.
                Some(b'w' | b'a') if !mode.contains(&b'+') => {
                    Ok(ret(mem.allocate(FILE_SIZE, AllocKind::Heap)?))
                }
                Some(b'r' | b'w' | b'a') => Ok(LibcOutcome::Unsupported(format!(
                    "fopen with mode \"{}\": reading files is not modeled",
                    String::from_utf8_lossy(&mode)
                ))),
                // An invalid mode fails with EINVAL (C11 7.21.5.3 lists the
                // valid ones).
                _ => Ok(ret(0)),
            }
        }
        LibcFunc::Fclose => {
            let f = a.get(0)?;
            // The standard streams are not objects of the model (their
            // pointers are 0 here); closing one succeeds.
            if f != 0 {
                mem.free(f).map_err(|e| match e {
                    MemFault::DoubleFree | MemFault::InvalidFree { .. } => MemFault::Other(
                        "fclose of a stream already closed, or not opened by fopen".into(),
                    ),
                    e => e,
                })?;
            }
            Ok(ret_i32(0))
        }
        LibcFunc::Fwrite => {
            let (p, size, n) = (a.get(0)?, a.get(1)?, a.get(2)?);
            let bytes = size
                .checked_mul(n)
                .ok_or_else(|| MemFault::Other("fwrite: size * count overflows".into()))?;
            mem.check_range(p, bytes, false)?;
            a.get(3)?;
            Ok(ret(if size == 0 { 0 } else { n }))
        }
        // Clang multiplies `double _Complex` values inline and calls
        // __muldc3 only when both parts of the naive product are NaN, to
        // recover infinities (C11 G.5.1); division always calls __divdc3.
        // Neither recovery is modeled: reaching one is inconclusive.
        LibcFunc::Muldc3 | LibcFunc::Divdc3 => Ok(LibcOutcome::Unsupported(format!(
            "{} (complex {} with C11 Annex G semantics) is not modeled",
            func.c_name(),
            if func == LibcFunc::Muldc3 {
                "multiplication of operands giving NaN"
            } else {
                "division"
            }
        ))),
        LibcFunc::Strdup => {
            let mut s = mem.read_c_string(a.get(0)?)?;
            s.push(0);
            let p = mem.allocate(s.len() as u64, AllocKind::Heap)?;
            mem.write_bytes(p, &s)?;
            Ok(ret(p))
        }
        LibcFunc::Sscanf => {
            let input = mem.read_c_string(a.get(0)?)?;
            let fmt = mem.read_c_string(a.get(1)?)?;
            Ok(match scan(mem, &input, &fmt, a.rest(2))? {
                Ok(n) => ret_i32(n),
                Err(what) => LibcOutcome::Unsupported(what),
            })
        }
        LibcFunc::Popcount | LibcFunc::Clz | LibcFunc::Ctz | LibcFunc::Bswap => {
            let (v, ty) = a.get_typed(0)?;
            let bits = int_bits(ty);
            let v = trunc(v, bits);
            // Counted in the argument's width: the leading zeros of a
            // 32-bit value are those above bit 31, not bit 63; a zero
            // argument gives the width for both counts.
            let r = match func {
                LibcFunc::Popcount => v.count_ones() as u64,
                LibcFunc::Clz => (v.leading_zeros() - (64 - bits)) as u64,
                LibcFunc::Ctz => (v.trailing_zeros().min(bits)) as u64,
                _ => trunc(v.swap_bytes() >> (64 - bits), bits),
            };
            Ok(ret(r))
        }
        LibcFunc::Abs | LibcFunc::Labs | LibcFunc::Llabs => {
            let (v, ty) = a.get_typed(0)?;
            let bits = int_bits(ty);
            // abs(INT_MIN) is undefined; wrapping gives INT_MIN like hardware.
            Ok(ret(trunc(sext(v, bits).wrapping_abs() as u64, bits)))
        }
        LibcFunc::Sleep | LibcFunc::Usleep => Ok(ret_i32(0)),
        LibcFunc::Rand | LibcFunc::Srand | LibcFunc::Time | LibcFunc::Clock | LibcFunc::Getenv => {
            input_source(func, &a, mem)
        }
    }
}

/// The call's arguments, with errors that name the function.
/// What `time` returns (and `time(&t)` stores): the epoch. A fixed value
/// keeps runs reproducible; `--any-input` treats it as an input instead.
pub const FIXED_TIME: u64 = 0;

/// State the C library keeps in the process's static storage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LibcStatics {
    /// The `rand` generator; `None` until first used (then seed 1).
    rand: Option<Box<crate::input::rand::Rand>>,
    /// The strings `getenv` returned, by name (the same name returns the
    /// same string, as glibc's environment block does).
    env: std::collections::BTreeMap<Vec<u8>, u64>,
}

/// The input sources: `rand`/`srand` (glibc's generator, per process),
/// `time`/`clock` (fixed), `getenv` (the checker's own environment).
fn input_source(func: LibcFunc, a: &Args<'_>, mem: &mut Memory) -> Result<LibcOutcome, MemFault> {
    match func {
        LibcFunc::Rand => {
            let r = mem.statics.rand.get_or_insert_with(Default::default).draw();
            Ok(ret_i32(r))
        }
        LibcFunc::Srand => {
            // `unsigned int seed` (C11 7.22.2.2).
            mem.statics.rand = Some(Box::new(crate::input::rand::Rand::seeded(a.get(0)? as u32)));
            Ok(LibcOutcome::Return(None))
        }
        LibcFunc::Time => {
            let t = a.get(0)?;
            if t != 0 {
                mem.store(t, 8, FIXED_TIME)?;
            }
            Ok(ret(FIXED_TIME))
        }
        // Processor time used so far: none is modeled.
        LibcFunc::Clock => Ok(ret(0)),
        _ => {
            let name = mem.read_c_string(a.get(0)?)?;
            Ok(ret(getenv_string(mem, &name, false)?))
        }
    }
}

/// The string `getenv(name)` returns: the checker's own environment value in
/// memory the process owns, or NULL (0) when unset — unless `present`, then
/// an empty string (an input cell where the variable is set).
pub fn getenv_string(mem: &mut Memory, name: &[u8], present: bool) -> Result<u64, MemFault> {
    if let Some(&p) = mem.statics.env.get(name) {
        return Ok(p);
    }
    let value = std::str::from_utf8(name)
        .ok()
        .filter(|n| !n.is_empty() && !n.contains('='))
        .and_then(std::env::var_os);
    let mut bytes = match (value, present) {
        (Some(v), _) => v.into_encoded_bytes(),
        (None, true) => Vec::new(),
        (None, false) => return Ok(0),
    };
    bytes.push(0);
    let p = mem.allocate(bytes.len() as u64, AllocKind::Global { constant: false })?;
    mem.write_bytes(p, &bytes)?;
    mem.statics.env.insert(name.to_vec(), p);
    Ok(p)
}

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

/// The `<ctype.h>` functions in the "C" locale (C11 7.4, 7.4.1 for the
/// classes of the basic character set). Their argument must be EOF or a
/// value of `unsigned char`; anything else is undefined (glibc's table
/// lookup reads outside the table), so it is reported.
fn character_class(func: LibcFunc, c: i64) -> Result<LibcOutcome, MemFault> {
    const EOF: i64 = -1;
    if c != EOF && !(0..=255).contains(&c) {
        return Err(MemFault::Other(format!(
            "{}({c}): the argument must be EOF or an unsigned char value (C11 7.4p1)",
            func.c_name()
        )));
    }
    // EOF and bytes above 127 are in no class and map to themselves.
    let b = u8::try_from(c).ok().filter(u8::is_ascii);
    let test = |f: fn(&u8) -> bool| ret_i32(b.as_ref().is_some_and(f) as i32);
    Ok(match func {
        LibcFunc::Isalnum => test(u8::is_ascii_alphanumeric),
        LibcFunc::Isalpha => test(u8::is_ascii_alphabetic),
        LibcFunc::Isdigit => test(u8::is_ascii_digit),
        LibcFunc::Isxdigit => test(u8::is_ascii_hexdigit),
        // C's isspace includes the vertical tab, Rust's does not.
        LibcFunc::Isspace => test(|c| c.is_ascii_whitespace() || *c == 0x0b),
        LibcFunc::Isupper => test(u8::is_ascii_uppercase),
        LibcFunc::Islower => test(u8::is_ascii_lowercase),
        LibcFunc::Ispunct => test(u8::is_ascii_punctuation),
        LibcFunc::Isprint => test(|c| (0x20..0x7f).contains(c)),
        LibcFunc::Toupper => ret_i32(b.map_or(c, |b| b.to_ascii_uppercase() as i64) as i32),
        _ => ret_i32(b.map_or(c, |b| b.to_ascii_lowercase() as i64) as i32),
    })
}

/// sprintf's ending: the text and its NUL at `dst`; the count without it.
fn store_sprintf(mem: &mut Memory, dst: u64, mut out: Vec<u8>) -> Result<LibcOutcome, MemFault> {
    let n = out.len() as i32;
    out.push(0);
    mem.write_bytes(dst, &out)?;
    Ok(ret_i32(n))
}

/// snprintf's ending: at most cap-1 characters and a NUL are written; with
/// cap 0 nothing is, and `dst` may be null (C11 7.21.6.5). The count is
/// that of the whole text.
fn store_snprintf(
    mem: &mut Memory,
    dst: u64,
    cap: u64,
    mut out: Vec<u8>,
) -> Result<LibcOutcome, MemFault> {
    let n = out.len() as i32;
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

/// sscanf (C11 7.21.6.2) over `input`: white space in the format matches
/// any amount of white space, other characters match themselves, and the
/// conversions `d i u o x X f F e E g G a s c n p %` (with `*`, a width and
/// the length modifiers `hh h l ll j z t`) store through the pointers in
/// `va`. Returns the number of assignments, or EOF when the input ends
/// before the first conversion. `%[` and `long double` are not modeled
/// (the inner `Err` names what).
fn scan(
    mem: &mut Memory,
    input: &[u8],
    fmt: &[u8],
    va: &[(u64, Ty)],
) -> Result<Result<i32, String>, MemFault> {
    const EOF: i32 = -1;
    let unsupported = |what: &str| Ok(Err(format!("sscanf: {what} is not modeled")));
    let mut args = va.iter().map(|a| a.0);
    let mut next_arg = || {
        args.next().ok_or_else(|| {
            MemFault::Other("sscanf: the format needs more arguments than were passed".into())
        })
    };
    let is_space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let (mut i, mut f, mut assigned) = (0usize, 0usize, 0i32);
    // Whether a conversion was attempted: EOF is returned only when the
    // input runs out before the first one.
    let mut converted = false;
    while f < fmt.len() {
        let c = fmt[f];
        if is_space(c) {
            while f < fmt.len() && is_space(fmt[f]) {
                f += 1;
            }
            while i < input.len() && is_space(input[i]) {
                i += 1;
            }
            continue;
        }
        if c != b'%' || fmt.get(f + 1) == Some(&b'%') {
            let lit = c;
            if c == b'%' {
                f += 1;
                while i < input.len() && is_space(input[i]) {
                    i += 1;
                }
            }
            f += 1;
            if i >= input.len() {
                return Ok(Ok(if converted { assigned } else { EOF }));
            }
            if input[i] != lit {
                return Ok(Ok(assigned));
            }
            i += 1;
            continue;
        }
        f += 1;
        let suppress = fmt.get(f) == Some(&b'*');
        if suppress {
            f += 1;
        }
        let (width, j) = parse_digits(fmt, f);
        f = j;
        let width = (width > 0).then_some(width as usize);
        let mut size = 4u64;
        let mut long = false;
        match fmt.get(f) {
            Some(b'h') if fmt.get(f + 1) == Some(&b'h') => (size, f) = (1, f + 2),
            Some(b'h') => (size, f) = (2, f + 1),
            Some(b'l') if fmt.get(f + 1) == Some(&b'l') => (size, long, f) = (8, true, f + 2),
            Some(b'l' | b'j' | b'z' | b't') => (size, long, f) = (8, true, f + 1),
            Some(b'L') => return unsupported("long double (%L)"),
            _ => {}
        }
        let Some(&conv) = fmt.get(f) else {
            return Ok(Ok(assigned));
        };
        f += 1;
        if conv == b'n' {
            if !suppress {
                mem.store(next_arg()?, size, i as u64)?;
            }
            continue;
        }
        if !matches!(conv, b'c' | b'[') {
            while i < input.len() && is_space(input[i]) {
                i += 1;
            }
        }
        if i >= input.len() {
            return Ok(Ok(if converted { assigned } else { EOF }));
        }
        converted = true;
        let end = width.map_or(input.len(), |w| (i + w).min(input.len()));
        let field = &input[i..end];
        match conv {
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' => {
                let base = match conv {
                    b'd' | b'u' => 10,
                    b'i' => 0,
                    b'o' => 8,
                    _ => 16,
                };
                // %d and %i take a signed number, the others an unsigned
                // one; both store the converted bits in the given width.
                let (v, used) = if matches!(conv, b'd' | b'i') {
                    let (v, used) = parse_long(field, base);
                    (v as u64, used)
                } else {
                    parse_unsigned_long(field, base)
                };
                if used == 0 {
                    return Ok(Ok(assigned));
                }
                i += used;
                if !suppress {
                    let size = if conv == b'p' { 8 } else { size };
                    mem.store(next_arg()?, size, trunc(v, size as u32 * 8))?;
                    assigned += 1;
                }
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let (v, used) = parse_double(field);
                if used == 0 {
                    return Ok(Ok(assigned));
                }
                i += used;
                if !suppress {
                    let p = next_arg()?;
                    if long {
                        mem.store(p, 8, v.to_bits())?;
                    } else {
                        mem.store(p, 4, (v as f32).to_bits() as u64)?;
                    }
                    assigned += 1;
                }
            }
            b's' => {
                let n = field.iter().take_while(|c| !is_space(**c)).count();
                if !suppress {
                    let mut s = field[..n].to_vec();
                    s.push(0);
                    mem.write_bytes(next_arg()?, &s)?;
                    assigned += 1;
                }
                i += n;
            }
            b'c' => {
                let n = width.unwrap_or(1);
                if field.len() < n {
                    return Ok(Ok(assigned));
                }
                if !suppress {
                    mem.write_bytes(next_arg()?, &field[..n])?;
                    assigned += 1;
                }
                i += n;
            }
            b'[' => return unsupported("the scanset conversion %["),
            _ => return unsupported(&format!("the conversion %{}", conv as char)),
        }
    }
    Ok(Ok(assigned))
}

/// Size of the object standing for a `FILE` opened by fopen.
const FILE_SIZE: u64 = 8;

/// Size of the `va_list` record and the register offsets `va_start` puts
/// in it (x86-64 System V ABI 3.5.7: 6 general registers of 8 bytes, then
/// 8 vector registers of 16 bytes, all taken).
const VA_LIST_SIZE: u64 = 24;
const VA_GP_USED: u64 = 48;
const VA_FP_USED: u64 = 304;
/// Each variable argument occupies one 8-byte slot of the area.
const VA_SLOT: u64 = 8;

/// The variable arguments left in the `va_list` at `ap`: the slots from its
/// overflow-area position to the end of the area the caller filled. Slots
/// are untyped; the format's conversions say how to read them (a `double`
/// slot holds its bits, an `int` one the value in its low half).
fn va_list_args(mem: &Memory, ap: u64) -> Result<Vec<(u64, Ty)>, MemFault> {
    let area = mem.load(ptr_add(ap, 8)?, 8)?;
    let Some((size, off, _)) = mem.block_of(area) else {
        return Err(MemFault::Other(
            "va_list used without va_start (or after its function returned)".into(),
        ));
    };
    let n = size.saturating_sub(off as u64) / VA_SLOT;
    (0..n)
        .map(|i| Ok((mem.load(ptr_add(area, i * VA_SLOT)?, VA_SLOT)?, Ty::I64)))
        .collect()
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

/// A heap block of `size` bytes, or NULL when it is more than the checker
/// holds: a real `malloc` may fail too (C11 7.22.3: it returns a null
/// pointer), and a program that checks the result goes on as it would.
fn heap_block(mem: &mut Memory, size: u64) -> Result<u64, MemFault> {
    match mem.allocate(size, AllocKind::Heap) {
        Err(MemFault::TooLarge { .. }) => Ok(0),
        other => other,
    }
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
    // Allocate before freeing: if the new block cannot be made, the old one
    // stays valid and realloc returns NULL, as C requires.
    let new = heap_block(mem, size)?;
    if new == 0 {
        return Ok(ret(0));
    }
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

/// The parts of an integer strtol/strtoul read from `s` in `base` (0 = from
/// the prefix, else 2..=36) (C11 7.22.1.4): whether a `-` sign was given, the
/// magnitude (saturated at `u64::MAX`, with `overflow` set) and the number of
/// bytes consumed (0 when there is no number, so `*endptr == s`).
struct ParsedInt {
    negative: bool,
    magnitude: u64,
    overflow: bool,
    end: usize,
}

fn parse_integer(s: &[u8], base: u32) -> ParsedInt {
    let none = ParsedInt {
        negative: false,
        magnitude: 0,
        overflow: false,
        end: 0,
    };
    let mut i = skip_space(s);
    let negative = s.get(i) == Some(&b'-');
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
        return none;
    }
    ParsedInt {
        negative,
        magnitude: if overflow { u64::MAX } else { mag },
        overflow,
        end: i,
    }
}

/// Index of the first byte of `s` that is not white space (C's isspace).
fn skip_space(s: &[u8]) -> usize {
    s.iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .unwrap_or(s.len())
}

/// strtol's parse of `s` in `base`: the value, saturated to `long` on
/// overflow, and the number of bytes consumed.
fn parse_long(s: &[u8], base: u32) -> (i64, usize) {
    let p = parse_integer(s, base);
    // Out of range values give LONG_MIN / LONG_MAX (errno is not modeled).
    let v = if p.negative {
        if p.overflow || p.magnitude > i64::MIN.unsigned_abs() {
            i64::MIN
        } else {
            (p.magnitude as i64).wrapping_neg()
        }
    } else if p.overflow || p.magnitude > i64::MAX as u64 {
        i64::MAX
    } else {
        p.magnitude as i64
    };
    (v, p.end)
}

/// strtoul's parse of `s` in `base` (C11 7.22.1.4): a `-` sign negates the
/// value in `unsigned long` arithmetic ("-1" is ULONG_MAX); an out of range
/// magnitude gives ULONG_MAX whatever the sign.
fn parse_unsigned_long(s: &[u8], base: u32) -> (u64, usize) {
    let p = parse_integer(s, base);
    let v = if p.overflow {
        u64::MAX
    } else if p.negative {
        p.magnitude.wrapping_neg()
    } else {
        p.magnitude
    };
    (v, p.end)
}

/// strtod's parse of `s` (C11 7.22.1.3): white space, an optional sign, then
/// a decimal number with optional fraction and exponent, a hexadecimal one
/// (`0x1.8p3`), `inf`/`infinity` or `nan`/`nan(chars)`, case-insensitive.
/// Returns the value and the bytes consumed (0 when there is no number).
/// Out of range values give ±HUGE_VAL or 0 as correctly rounded parsing does.
fn parse_double(s: &[u8]) -> (f64, usize) {
    let start = skip_space(s);
    let mut i = start;
    let negative = s.get(i) == Some(&b'-');
    if matches!(s.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let sign = if negative { -1.0 } else { 1.0 };
    let lower: Vec<u8> = s[i..].iter().map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"inf") {
        let n = if lower.starts_with(b"infinity") { 8 } else { 3 };
        return (sign * f64::INFINITY, i + n);
    }
    if lower.starts_with(b"nan") {
        let mut n = 3;
        // `nan(n-char-sequence)` consumes the parenthesized part only when
        // it is complete.
        if lower.get(3) == Some(&b'(') {
            if let Some(close) = lower[4..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
            {
                if lower[4 + close] == b')' {
                    n = 4 + close + 1;
                }
            }
        }
        return (f64::NAN.copysign(sign), i + n);
    }
    if lower.starts_with(b"0x") && {
        let after = &lower[2..];
        let digits = after.first().is_some_and(u8::is_ascii_hexdigit)
            || (after.first() == Some(&b'.') && after.get(1).is_some_and(u8::is_ascii_hexdigit));
        digits
    } {
        let (v, n) = parse_hex_float(&lower[2..]);
        return (sign * v, i + 2 + n);
    }
    // Decimal: digits, optional fraction, then an exponent only if it has
    // digits; at least one digit in the mantissa.
    let digits = |from: usize| s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let int_digits = digits(i);
    let mut j = i + int_digits;
    let mut frac_digits = 0;
    if s.get(j) == Some(&b'.') {
        frac_digits = digits(j + 1);
        if int_digits + frac_digits > 0 {
            j += 1 + frac_digits;
        }
    }
    if int_digits + frac_digits == 0 {
        return (0.0, 0);
    }
    if matches!(s.get(j), Some(b'e' | b'E')) {
        let mut k = j + 1;
        if matches!(s.get(k), Some(b'-' | b'+')) {
            k += 1;
        }
        let exp_digits = digits(k);
        if exp_digits > 0 {
            j = k + exp_digits;
        }
    }
    // Rust parses this grammar (`1.`, `.5`, `1e5`) with correct rounding,
    // like glibc; the text is ASCII by construction.
    let text = String::from_utf8_lossy(&s[i..j]);
    let v: f64 = text.parse().unwrap_or(0.0);
    (sign * v, j)
}

/// The hexadecimal significand and binary exponent after "0x": the value and
/// the bytes consumed.
fn parse_hex_float(s: &[u8]) -> (f64, usize) {
    let mut i = 0;
    let mut mant = 0.0f64;
    let mut scale = 0i64;
    while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(16)) {
        mant = mant * 16.0 + d as f64;
        i += 1;
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        while let Some(d) = s.get(i).and_then(|c| (*c as char).to_digit(16)) {
            mant = mant * 16.0 + d as f64;
            scale -= 4;
            i += 1;
        }
    }
    if s.get(i) == Some(&b'p') {
        let mut k = i + 1;
        let neg = s.get(k) == Some(&b'-');
        if matches!(s.get(k), Some(b'-' | b'+')) {
            k += 1;
        }
        let mut e: i64 = 0;
        let first = k;
        while let Some(d) = s.get(k).filter(|c| c.is_ascii_digit()) {
            e = e.saturating_mul(10).saturating_add((d - b'0') as i64);
            k += 1;
        }
        if k > first {
            scale = scale.saturating_add(if neg { -e } else { e });
            i = k;
        }
    }
    let v = mant * 2f64.powi(scale.clamp(-2200, 2200) as i32);
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
        // Requests the heap cannot satisfy give NULL, as a real malloc may:
        // an overflowing calloc size, a block larger than the checker holds.
        assert_eq!(
            call(LibcFunc::Calloc, &[i64a(1 << 40), i64a(1 << 40)], &mut m),
            Ok(LibcOutcome::Return(Some(0)))
        );
        assert_eq!(
            call(LibcFunc::Malloc, &[i64a(1 << 40)], &mut m),
            Ok(LibcOutcome::Return(Some(0)))
        );
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

    #[test]
    fn more_math_follows_c() {
        let mut m = mem();
        let f =
            |m: &mut Memory, func, args: &[(u64, Ty)]| f64::from_bits(c(m, func, args).unwrap());
        // fmod takes the dividend's sign and is exact (C11 7.12.10.1).
        assert_eq!(f(&mut m, LibcFunc::Fmod, &[f64a(-2.5), f64a(0.75)]), -0.25);
        assert_eq!(f(&mut m, LibcFunc::Fmod, &[f64a(2.5), f64a(-0.75)]), 0.25);
        assert!(f(&mut m, LibcFunc::Fmod, &[f64a(1.0), f64a(0.0)]).is_nan());
        // round: half away from zero; rint: half to even; trunc: toward zero.
        assert_eq!(f(&mut m, LibcFunc::Round, &[f64a(2.5)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Round, &[f64a(-2.5)]), -3.0);
        assert_eq!(f(&mut m, LibcFunc::Rint, &[f64a(2.5)]), 2.0);
        assert_eq!(f(&mut m, LibcFunc::Rint, &[f64a(-3.5)]), -4.0);
        assert_eq!(f(&mut m, LibcFunc::Trunc, &[f64a(-1.7)]), -1.0);
        // atan2(y, x) takes y first.
        assert_eq!(
            f(&mut m, LibcFunc::Atan2, &[f64a(1.0), f64a(0.0)]),
            std::f64::consts::FRAC_PI_2
        );
        assert_eq!(f(&mut m, LibcFunc::Hypot, &[f64a(3.0), f64a(4.0)]), 5.0);
        assert_eq!(f(&mut m, LibcFunc::Log10, &[f64a(1000.0)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Log2, &[f64a(8.0)]), 3.0);
        assert_eq!(f(&mut m, LibcFunc::Exp2, &[f64a(-1.0)]), 0.5);
        assert_eq!(f(&mut m, LibcFunc::Cbrt, &[f64a(-27.0)]), -3.0);
        assert_eq!(
            f(&mut m, LibcFunc::Copysign, &[f64a(2.0), f64a(-0.0)]),
            -2.0
        );
        assert_eq!(f(&mut m, LibcFunc::Sin, &[f64a(0.0)]), 0.0);
        assert_eq!(f(&mut m, LibcFunc::Cos, &[f64a(0.0)]), 1.0);
        assert!(f(&mut m, LibcFunc::Acos, &[f64a(2.0)]).is_nan());
        // The float forms compute in float.
        let r = c(
            &mut m,
            LibcFunc::Round,
            &[(2.5f32.to_bits() as u64, Ty::F32)],
        )
        .unwrap();
        assert_eq!(r, 3.0f32.to_bits() as u64);
        assert_eq!(
            c(&mut m, LibcFunc::Llabs, &[i64a(i64::MIN + 1)]).unwrap(),
            i64::MAX as u64
        );
    }

    #[test]
    fn strtod_and_atof_parse_like_c() {
        let mut m = mem();
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        let parse = |m: &mut Memory, text: &str| {
            let s = string(m, text);
            let v = f64::from_bits(c(m, LibcFunc::Strtod, &[p(s), p(end)]).unwrap());
            (v, m.load(end, 8).unwrap() - s)
        };
        assert_eq!(parse(&mut m, "  1.5e3xyz"), (1500.0, 7));
        // An exponent without digits is not part of the number.
        assert_eq!(parse(&mut m, "2e+"), (2.0, 1));
        assert_eq!(parse(&mut m, "-.5,"), (-0.5, 3));
        assert_eq!(parse(&mut m, "7."), (7.0, 2));
        // No digits at all: no conversion, `*endptr` is the string.
        assert_eq!(parse(&mut m, " .e1"), (0.0, 0));
        assert_eq!(parse(&mut m, "+-1"), (0.0, 0));
        assert_eq!(parse(&mut m, "-Infinity!"), (f64::NEG_INFINITY, 9));
        assert_eq!(parse(&mut m, "inFx"), (f64::INFINITY, 3));
        assert_eq!(parse(&mut m, "0x1.8p1;"), (3.0, 7));
        assert_eq!(parse(&mut m, "0x10"), (16.0, 4));
        // "0x" without a hex digit is the number 0 followed by "x".
        assert_eq!(parse(&mut m, "0xg"), (0.0, 1));
        assert_eq!(parse(&mut m, "1e999"), (f64::INFINITY, 5));
        let (nan, used) = parse(&mut m, "nan(0x1)z");
        assert!(nan.is_nan());
        assert_eq!(used, 8);
        let (_, used) = parse(&mut m, "nan(");
        assert_eq!(used, 3);
        let s = string(&mut m, "3.25 apples");
        assert_eq!(
            f64::from_bits(c(&mut m, LibcFunc::Atof, &[p(s)]).unwrap()),
            3.25
        );
        assert_eq!(
            f64::from_bits(c(&mut m, LibcFunc::Strtod, &[p(s), p(0)]).unwrap()),
            3.25
        );
    }

    #[test]
    fn character_classes_in_the_c_locale() {
        let mut m = mem();
        let mut f = |func, ch: i32| c(&mut m, func, &[i32a(ch)]).unwrap() as u32 as i32;
        assert_eq!(f(LibcFunc::Isdigit, b'7' as i32), 1);
        assert_eq!(f(LibcFunc::Isdigit, b'x' as i32), 0);
        assert_eq!(f(LibcFunc::Isspace, 0x0b), 1);
        assert_eq!(f(LibcFunc::Isspace, -1), 0);
        assert_eq!(f(LibcFunc::Isxdigit, b'F' as i32), 1);
        assert_eq!(f(LibcFunc::Ispunct, b'_' as i32), 1);
        assert_eq!(f(LibcFunc::Isprint, b' ' as i32), 1);
        assert_eq!(f(LibcFunc::Isprint, 0x7f), 0);
        assert_eq!(f(LibcFunc::Isalpha, 0xe9), 0);
        assert_eq!(f(LibcFunc::Toupper, b'q' as i32), b'Q' as i32);
        assert_eq!(f(LibcFunc::Toupper, b'1' as i32), b'1' as i32);
        assert_eq!(f(LibcFunc::Tolower, -1), -1);
        assert_eq!(f(LibcFunc::Tolower, 0xC9), 0xC9);
        // A negative `char` passed straight in is undefined behavior.
        assert!(matches!(
            call(LibcFunc::Isdigit, &[i32a(-23)], &mut m),
            Err(MemFault::Other(_))
        ));
    }

    #[test]
    fn bit_counts_use_the_argument_width() {
        let mut m = mem();
        let mut f = |func, a| c(&mut m, func, &[a]).unwrap();
        assert_eq!(f(LibcFunc::Popcount, i32a(-1)), 32);
        assert_eq!(f(LibcFunc::Popcount, i64a(-1)), 64);
        assert_eq!(f(LibcFunc::Clz, i32a(0x100)), 23);
        assert_eq!(f(LibcFunc::Clz, i64a(1)), 63);
        assert_eq!(f(LibcFunc::Clz, i32a(0)), 32);
        assert_eq!(f(LibcFunc::Ctz, i32a(0)), 32);
        assert_eq!(f(LibcFunc::Ctz, i64a(1 << 40)), 40);
        assert_eq!(f(LibcFunc::Bswap, i32a(0x1122_3344)), 0x4433_2211);
        assert_eq!(f(LibcFunc::Bswap, (0x1122, Ty::I16)), 0x2211);
    }

    #[test]
    fn sscanf_converts_like_c() {
        let mut m = mem();
        let out = m.allocate(64, AllocKind::Heap).unwrap();
        let scan_of = |m: &mut Memory, text: &str, fmt: &str, ptrs: &[u64]| {
            let t = string(m, text);
            let f = string(m, fmt);
            let mut args = vec![p(t), p(f)];
            args.extend(ptrs.iter().map(|&a| p(a)));
            c(m, LibcFunc::Sscanf, &args).unwrap() as u32 as i32
        };
        let (n, x, s) = (out, out + 8, out + 16);
        assert_eq!(
            scan_of(&mut m, " 42 2.5e1 name!", "%d %lf %s", &[n, x, s]),
            3
        );
        assert_eq!(m.load(n, 4).unwrap(), 42);
        assert_eq!(f64::from_bits(m.load(x, 8).unwrap()), 25.0);
        assert_eq!(read_str(&m, s), "name!");
        // A literal that does not match stops the scan; `%f` stores a float.
        assert_eq!(scan_of(&mut m, "7,1.5", "%d;%f", &[n, x]), 1);
        assert_eq!(scan_of(&mut m, "n=-3 1.5", "n=%d %f", &[n, x]), 2);
        assert_eq!(m.load(n, 4).unwrap(), (-3i32) as u32 as u64);
        assert_eq!(f32::from_bits(m.load(x, 4).unwrap() as u32), 1.5);
        // Width limits a field; `*` skips an assignment; `%n` counts.
        assert_eq!(scan_of(&mut m, "12345 9", "%3d%*d %d%n", &[n, x, s]), 2);
        assert_eq!(m.load(n, 4).unwrap(), 123);
        assert_eq!(m.load(x, 4).unwrap(), 9);
        assert_eq!(m.load(s, 4).unwrap(), 7);
        assert_eq!(scan_of(&mut m, "0x1f 017", "%x %i", &[n, x]), 2);
        assert_eq!((m.load(n, 4).unwrap(), m.load(x, 4).unwrap()), (31, 15));
        // Input ending before the first conversion is EOF; a failed
        // conversion is not.
        assert_eq!(scan_of(&mut m, "   ", "%d", &[n]), -1);
        assert_eq!(scan_of(&mut m, "abc", "%d", &[n]), 0);
        assert_eq!(scan_of(&mut m, "ab", "%c", &[s]), 1);
        assert_eq!(m.load(s, 1).unwrap(), b'a' as u64);
        // %s writes past a small buffer: a memory error, as in C.
        let small = m.allocate(4, AllocKind::Heap).unwrap();
        let t = string(&mut m, "toolong");
        let f = string(&mut m, "%s");
        assert!(matches!(
            call(LibcFunc::Sscanf, &[p(t), p(f), p(small)], &mut m),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        let set = string(&mut m, "%[a-z]");
        assert!(matches!(
            call(LibcFunc::Sscanf, &[p(t), p(set), p(small)], &mut m),
            Ok(LibcOutcome::Unsupported(_))
        ));
    }

    #[test]
    fn strdup_perror_fputs() {
        let mut m = mem();
        let s = string(&mut m, "dup me");
        let d = c(&mut m, LibcFunc::Strdup, &[p(s)]).unwrap();
        assert_ne!(d, s);
        assert_eq!(read_str(&m, d), "dup me");
        m.free(d).unwrap();
        assert_eq!(
            call(LibcFunc::Perror, &[p(s)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            call(LibcFunc::Perror, &[p(0)], &mut m),
            Ok(LibcOutcome::Return(None))
        );
        assert_eq!(
            c(&mut m, LibcFunc::Fputs, &[p(s), p(0x5_0000_0000)]).unwrap(),
            1
        );
        assert_eq!(
            c(&mut m, LibcFunc::Fputc, &[i32a(0x141), p(0)]).unwrap(),
            0x41
        );
    }

    #[test]
    fn files_opened_for_writing() {
        let mut m = mem();
        let name = string(&mut m, "out.dat");
        let w = string(&mut m, "w");
        let r = string(&mut m, "r");
        let bad = string(&mut m, "x");
        let f = c(&mut m, LibcFunc::Fopen, &[p(name), p(w)]).unwrap();
        assert_ne!(f, 0);
        let data = string(&mut m, "abcd");
        assert_eq!(
            c(&mut m, LibcFunc::Fwrite, &[p(data), i64a(2), i64a(2), p(f)]).unwrap(),
            2
        );
        assert!(matches!(
            call(LibcFunc::Fwrite, &[p(data), i64a(3), i64a(2), p(f)], &mut m),
            Err(MemFault::OutOfBounds { write: false, .. })
        ));
        assert_eq!(c(&mut m, LibcFunc::Fclose, &[p(f)]).unwrap(), 0);
        assert!(call(LibcFunc::Fclose, &[p(f)], &mut m).is_err());
        assert!(matches!(
            call(LibcFunc::Fopen, &[p(name), p(r)], &mut m),
            Ok(LibcOutcome::Unsupported(_))
        ));
        assert_eq!(c(&mut m, LibcFunc::Fopen, &[p(name), p(bad)]).unwrap(), 0);
    }

    #[test]
    fn complex_library_fallbacks_are_inconclusive() {
        let mut m = mem();
        let area = m.allocate(16, AllocKind::Stack).unwrap();
        let args = [f64a(1.0), f64a(2.0), f64a(3.0), f64a(4.0), p(area)];
        for f in [LibcFunc::Muldc3, LibcFunc::Divdc3] {
            assert!(matches!(
                call(f, &args, &mut m),
                Ok(LibcOutcome::Unsupported(_))
            ));
        }
    }

    #[test]
    fn strtoul_wraps_negative_values() {
        let mut m = mem();
        let end = m.allocate(8, AllocKind::Stack).unwrap();
        let minus = string(&mut m, " -1");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(minus), p(end), i32a(10)]).unwrap(),
            u64::MAX
        );
        assert_eq!(m.load(end, 8).unwrap(), minus + 3);
        let hex = string(&mut m, "0x20 steps");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(hex), p(end), i32a(0)]).unwrap(),
            32
        );
        assert_eq!(m.load(end, 8).unwrap(), hex + 4);
        let big = string(&mut m, "18446744073709551616");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(big), p(0), i32a(10)]).unwrap(),
            u64::MAX
        );
        let max = string(&mut m, "18446744073709551615");
        assert_eq!(
            c(&mut m, LibcFunc::Strtoul, &[p(max), p(0), i32a(10)]).unwrap(),
            u64::MAX
        );
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
}
