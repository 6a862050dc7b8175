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
//!
//! The dispatcher [`call`] routes each function to the module of its job:
//!
//! - `alloc`: `malloc`, `calloc`, `realloc`, `free`, the aligned forms;
//! - `string`: the `<string.h>` functions (and `strdup`, `strsep`, the
//!   `<libgen.h>` path functions);
//! - `printf`: the printf family and its formatting (and `asprintf`);
//! - `scanf`: `sscanf`;
//! - `strconv`: `atoi`, `strtol`, `strtod` and the other number parsers;
//! - `math`: `<math.h>`, `abs`, `div`, the bit-count builtins, complex
//!   fallbacks;
//! - `varargs`: `va_start` and the `va_list` record the v-forms read;
//! - `ctype`: the `<ctype.h>` character classes;
//! - `stdio`: the output and file functions other than the printf family;
//! - `process`: `exit`, `abort`, `assert` and the other process controls;
//! - `time`: the clocks (`gettimeofday`, `clock_gettime`), which read the
//!   logical [`Clock`] `MPI_Wtime` reads, `nanosleep`, `difftime`;
//! - `calendar`: broken-down time (`gmtime`, `localtime`, `mktime`,
//!   `strftime`, `asctime`, `ctime`) in the model's time zone, UTC;
//! - `system`: what a process asks of the system (`sysconf`, `isatty`,
//!   `signal`, `getcwd`, the user ids, `access`, `stat`);
//! - `getopt`: `getopt`, `getopt_long` and `getopt_long_only`, and their
//!   variables;
//! - `inputs`: the input sources `rand`, `rand_r`, the `drand48` family,
//!   `time`, `clock` and `getenv` (and `setenv`, `unsetenv`, `putenv`,
//!   which change what it returns).

mod alloc;
mod calendar;
mod ctype;
mod decimal;
mod getopt;
mod hexfloat;
mod inputs;
mod math;
mod positions;
mod printf;
mod process;
mod scanf;
mod stdio;
mod strconv;
mod streams;
mod string;
mod system;
#[cfg(test)]
mod test_support;
mod time;
mod varargs;

pub use getopt::getopt_reads_arguments;
pub use inputs::{env_changed, getenv_string, rand48_finish, rand48_next, FIXED_TIME};
pub use streams::{flush_at_exit, FsLoan};
pub use string::strtok_scan_start;
pub use time::Clock;

use super::memory::{MemFault, Memory};
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
    /// The C++ runtime terminates the process (`std::terminate`: a pure
    /// virtual call, an uncaught exception), reported as `abort()` is.
    Terminate { message: String },
    /// The call uses a feature of the function the model does not have
    /// (e.g. sscanf's `%[`): the check is inconclusive, not failed.
    Unsupported(String),
}

/// A function `call` sent to a module that does not model it: a slip of
/// the dispatcher, reported as unsupported (inconclusive) rather than a
/// panic.
fn misrouted(func: LibcFunc) -> LibcOutcome {
    LibcOutcome::Unsupported(format!(
        "{} reached the wrong part of the C library model (a checker bug)",
        func.c_name()
    ))
}

/// Executes `func` on the evaluated arguments `args` (variadic ones too),
/// in a process whose logical clock reads `clock`.
pub fn call(
    func: LibcFunc,
    args: &[(u64, Ty)],
    mem: &mut Memory,
    clock: Clock,
) -> Result<LibcOutcome, MemFault> {
    let a = Args { func, list: args };
    match func {
        LibcFunc::Malloc
        | LibcFunc::Calloc
        | LibcFunc::AlignedAlloc
        | LibcFunc::Memalign
        | LibcFunc::PosixMemalign
        | LibcFunc::Realloc
        | LibcFunc::Valloc
        | LibcFunc::Free => alloc::call(func, &a, mem),
        LibcFunc::Getpid => Ok(ret_i32(mem.statics.pid)),
        // An input under --any-input (`shadow`); in a plain check, 0.
        LibcFunc::AnyInt => Ok(ret_i32(0)),
        // The interpreter runs them: they move between frames.
        LibcFunc::Setjmp | LibcFunc::Longjmp => Ok(misrouted(func)),
        LibcFunc::Gethostname => {
            let (name, len) = (a.get(0)?, a.get(1)?);
            let host = NODE_NAME.as_bytes();
            // glibc: ENAMETOOLONG when the name and its NUL do not fit.
            if (len as usize) <= host.len() {
                set_errno(mem, 36);
                return Ok(ret_i32(-1));
            }
            let mut bytes = host.to_vec();
            bytes.push(0);
            mem.write_bytes(name, &bytes)?;
            Ok(ret_i32(0))
        }
        LibcFunc::Memcpy
        | LibcFunc::Memmove
        | LibcFunc::Memset
        | LibcFunc::Strlen
        | LibcFunc::Strcmp
        | LibcFunc::Strncmp
        | LibcFunc::Strcpy
        | LibcFunc::Strncpy
        | LibcFunc::Strchr
        | LibcFunc::Strrchr
        | LibcFunc::Strstr
        | LibcFunc::Strcat
        | LibcFunc::Strncat
        | LibcFunc::Memcmp
        | LibcFunc::Memchr
        | LibcFunc::Strdup
        | LibcFunc::Strndup
        | LibcFunc::Strnlen
        | LibcFunc::Strcasecmp
        | LibcFunc::Strncasecmp
        | LibcFunc::Strspn
        | LibcFunc::Strcspn
        | LibcFunc::Strpbrk
        | LibcFunc::Strtok
        | LibcFunc::StrtokR
        | LibcFunc::Strsep
        | LibcFunc::Stpcpy
        | LibcFunc::Stpncpy
        | LibcFunc::Strcasestr
        | LibcFunc::Memrchr
        | LibcFunc::Strlcpy
        | LibcFunc::Strlcat
        | LibcFunc::Basename
        | LibcFunc::Dirname
        | LibcFunc::GnuBasename => string::call(func, &a, mem),
        LibcFunc::Printf
        | LibcFunc::Fprintf
        | LibcFunc::Sprintf
        | LibcFunc::Snprintf
        | LibcFunc::Vprintf
        | LibcFunc::Vfprintf
        | LibcFunc::Vsprintf
        | LibcFunc::Vsnprintf
        | LibcFunc::Asprintf
        | LibcFunc::Vasprintf => printf::call(func, &a, mem),
        LibcFunc::VaStart => varargs::va_start(&a, mem),
        LibcFunc::Sscanf => scanf::sscanf(&a, mem),
        LibcFunc::Atoi
        | LibcFunc::Atol
        | LibcFunc::Strtol
        | LibcFunc::Atof
        | LibcFunc::Strtod
        | LibcFunc::Strtof
        | LibcFunc::Strtoul => strconv::call(func, &a, mem),
        LibcFunc::Sqrt
        | LibcFunc::Fabs
        | LibcFunc::Exp
        | LibcFunc::Log
        | LibcFunc::Floor
        | LibcFunc::Ceil
        | LibcFunc::Pow
        | LibcFunc::Fmin
        | LibcFunc::Fmax
        | LibcFunc::Sin
        | LibcFunc::Cos
        | LibcFunc::Tan
        | LibcFunc::Asin
        | LibcFunc::Acos
        | LibcFunc::Atan
        | LibcFunc::Sinh
        | LibcFunc::Cosh
        | LibcFunc::Tanh
        | LibcFunc::Exp2
        | LibcFunc::Log2
        | LibcFunc::Log10
        | LibcFunc::Cbrt
        | LibcFunc::Round
        | LibcFunc::Trunc
        | LibcFunc::Rint
        | LibcFunc::Atan2
        | LibcFunc::Fmod
        | LibcFunc::Hypot
        | LibcFunc::Copysign
        | LibcFunc::Popcount
        | LibcFunc::Clz
        | LibcFunc::Ctz
        | LibcFunc::Bswap
        | LibcFunc::Abs
        | LibcFunc::Labs
        | LibcFunc::Llabs
        | LibcFunc::Ldexp
        | LibcFunc::Lround
        | LibcFunc::Lrint
        | LibcFunc::Erf
        | LibcFunc::Erfc
        | LibcFunc::Expm1
        | LibcFunc::Log1p
        | LibcFunc::Fdim
        | LibcFunc::Tgamma
        | LibcFunc::Lgamma
        | LibcFunc::Remainder => math::call(func, &a),
        LibcFunc::Frexp | LibcFunc::Modf | LibcFunc::Remquo | LibcFunc::Nan => {
            math::parts(func, &a, mem)
        }
        LibcFunc::Div | LibcFunc::Ldiv => math::division(func, &a, mem),
        LibcFunc::Muldc3
        | LibcFunc::Divdc3
        | LibcFunc::Mulsc3
        | LibcFunc::Divsc3
        | LibcFunc::Mulxc3
        | LibcFunc::Divxc3 => math::complex(func, &a, mem),
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
        | LibcFunc::Tolower => ctype::character_class(func, sext(a.get(0)?, 32)),
        LibcFunc::Puts
        | LibcFunc::Putchar
        | LibcFunc::Fflush
        | LibcFunc::Perror
        | LibcFunc::Fputs
        | LibcFunc::Fputc
        | LibcFunc::Fopen
        | LibcFunc::Fclose
        | LibcFunc::Fwrite
        | LibcFunc::Setvbuf
        | LibcFunc::Setbuf => stdio::call(func, &a, mem),
        LibcFunc::Scanf
        | LibcFunc::Fscanf
        | LibcFunc::Fgets
        | LibcFunc::Fgetc
        | LibcFunc::Getchar
        | LibcFunc::Fread
        | LibcFunc::Feof
        | LibcFunc::Ungetc => streams::call(func, &a, mem),
        LibcFunc::Fseek
        | LibcFunc::Fseeko
        | LibcFunc::Ftell
        | LibcFunc::Ftello
        | LibcFunc::Rewind
        | LibcFunc::Fgetpos
        | LibcFunc::Fsetpos
        | LibcFunc::Ferror
        | LibcFunc::Clearerr
        | LibcFunc::Remove
        | LibcFunc::Rename
        | LibcFunc::Unlink => positions::call(func, &a, mem),
        LibcFunc::AssertFail
        | LibcFunc::Abort
        | LibcFunc::Exit
        | LibcFunc::ExitNow
        | LibcFunc::Atexit
        | LibcFunc::Sleep
        | LibcFunc::Usleep => process::call(func, &a, mem),
        LibcFunc::Strerror => Ok(ret(strerror(mem, a.get(0)? as i32)?)),
        LibcFunc::Gettimeofday
        | LibcFunc::ClockGettime
        | LibcFunc::ClockGetres
        | LibcFunc::Nanosleep
        | LibcFunc::Difftime => time::call(func, &a, mem, clock),
        LibcFunc::Localtime
        | LibcFunc::Gmtime
        | LibcFunc::LocaltimeR
        | LibcFunc::GmtimeR
        | LibcFunc::Mktime
        | LibcFunc::Strftime
        | LibcFunc::Ctime
        | LibcFunc::Asctime
        | LibcFunc::CtimeR
        | LibcFunc::AsctimeR => calendar::call(func, &a, mem),
        LibcFunc::Sysconf
        | LibcFunc::Isatty
        | LibcFunc::Signal
        | LibcFunc::Sigaction
        | LibcFunc::Getcwd
        | LibcFunc::Getppid
        | LibcFunc::Getuid
        | LibcFunc::Access
        | LibcFunc::Stat => system::call(func, &a, mem),
        LibcFunc::Getopt => getopt::getopt(&a, mem),
        LibcFunc::Rand
        | LibcFunc::Srand
        | LibcFunc::Time
        | LibcFunc::Clock
        | LibcFunc::Getenv
        | LibcFunc::Drand48
        | LibcFunc::Erand48
        | LibcFunc::Lrand48
        | LibcFunc::Nrand48
        | LibcFunc::Mrand48
        | LibcFunc::Jrand48
        | LibcFunc::Srand48
        | LibcFunc::RandR
        | LibcFunc::Seed48
        | LibcFunc::Setenv
        | LibcFunc::Unsetenv
        | LibcFunc::Putenv => inputs::input_source(func, &a, mem),
        LibcFunc::CxxNew
        | LibcFunc::CxxNewArray
        | LibcFunc::CxxNewNothrow
        | LibcFunc::CxxNewArrayNothrow
        | LibcFunc::CxxDelete
        | LibcFunc::CxxDeleteArray
        | LibcFunc::CxaAtexit
        | LibcFunc::CxxPureVirtual => crate::exec::cxx::call(func, args, mem),
    }
}

/// State the C library keeps in the process's static storage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct LibcStatics {
    /// The `rand` generator; `None` until first used (then seed 1).
    rand: Option<Box<crate::exec::rand::Rand>>,
    /// The strings `getenv` returned, by name (the same name returns the
    /// same string, as glibc's environment block does), and the values
    /// `setenv` and `putenv` set (0: removed by `unsetenv`).
    env: std::collections::BTreeMap<Vec<u8>, u64>,
    /// The names the process set or removed (`getenv` of them is no input
    /// under `--any-input`: the program chose the value).
    env_changed: std::collections::BTreeSet<Vec<u8>>,
    /// Standard input and the files open for reading or writing.
    pub streams: streams::Streams,
    /// The check's file system while the process runs its own code
    /// (`None` otherwise; `streams::FsLoan`).
    pub fs: Option<Box<streams::FsLoan>>,
    /// The address of the program's `errno` (a global the extractor makes
    /// when the program reads or writes it), which the functions below set
    /// as C's do.
    pub errno: Option<u64>,
    /// The strings `strerror` returned, by error number.
    messages: std::collections::BTreeMap<i32, u64>,
    /// What `getpid` returns (1000 + rank, set with the process).
    pub pid: i32,
    /// The word of the 48-bit generators without a state argument
    /// (`drand48`, `lrand48`, `mrand48`): 0 until `srand48`, as in glibc.
    rand48: u64,
    /// Where the next `strtok(NULL, ...)` starts (0 before the first call).
    strtok: u64,
    /// What `getopt` keeps between calls.
    getopt: getopt::GetoptState,
    /// How many processes the run has: the processors `sysconf` reports
    /// (the one node has one per process; set with the process).
    pub processors: u32,
    /// The static objects of the C library, allocated when first used (0
    /// before): the `struct tm` `localtime` and `gmtime` share, the string
    /// `ctime` and `asctime` share, `seed48`'s array, and the constant
    /// strings the library returns pointers to (see [`library_string`]).
    tm: u64,
    time_text: u64,
    seed48: u64,
    strings: u64,
    /// What the C++ runtime keeps (`exec::cxx`).
    pub cxx: crate::exec::cxx::CxxState,
}

/// The constant strings of the C library, in one static object: what
/// `basename` and `dirname` return for a path without a directory ("."),
/// and the zone names of a `struct tm`.
const LIBRARY_STRINGS: &[u8] = b".\0GMT\0UTC\0";

/// Offsets of the strings in [`LIBRARY_STRINGS`].
mod library {
    pub const DOT: u64 = 0;
    pub const GMT: u64 = 2;
    pub const UTC: u64 = 6;
}

/// The address of the C library's constant string at `offset` of
/// [`LIBRARY_STRINGS`] (allocated once per process, read-only as glibc's
/// are: writing into one is a memory error).
fn library_string(mem: &mut Memory, offset: u64) -> Result<u64, MemFault> {
    if mem.statics.strings == 0 {
        mem.statics.strings = mem.allocate_constant(LIBRARY_STRINGS)?;
    }
    ptr_add(mem.statics.strings, offset)
}

/// A static object of the C library of `size` bytes, kept in `slot` of the
/// process's statics: allocated (zero-filled) when first used.
fn static_object(
    mem: &mut Memory,
    slot: fn(&mut LibcStatics) -> &mut u64,
    size: u64,
) -> Result<u64, MemFault> {
    let at = *slot(&mut mem.statics);
    if at != 0 {
        return Ok(at);
    }
    let p = mem.allocate(
        size,
        crate::exec::memory::AllocKind::Global { constant: false },
    )?;
    *slot(&mut mem.statics) = p;
    Ok(p)
}

/// The name of the one node the model runs every process on
/// (`gethostname`, and `MPI_Get_processor_name` in `mpi::env`).
pub const NODE_NAME: &str = "node0";

/// `errno` values (Linux, as glibc uses them).
pub mod errno {
    pub const ENOENT: i32 = 2;
    pub const EBADF: i32 = 9;
    pub const ENOMEM: i32 = 12;
    pub const EACCES: i32 = 13;
    pub const EINVAL: i32 = 22;
    pub const ENOTTY: i32 = 25;
    pub const ERANGE: i32 = 34;
    pub const EOVERFLOW: i32 = 75;
}

/// Sets the process's `errno` to `code` (C11 7.5: library functions set it
/// on failure and never clear it).
fn set_errno(mem: &mut Memory, code: i32) {
    if let Some(at) = mem.statics.errno {
        let _ = mem.unchecked(|m| m.store(at, 4, code as u32 as u64));
    }
}

/// `strerror(code)` (C11 7.24.6.2): glibc's message, in a string the
/// process owns (the same code gives the same string).
fn strerror(mem: &mut Memory, code: i32) -> Result<u64, MemFault> {
    if let Some(&p) = mem.statics.messages.get(&code) {
        return Ok(p);
    }
    let text = match code {
        0 => "Success".to_string(),
        1 => "Operation not permitted".to_string(),
        errno::ENOENT => "No such file or directory".to_string(),
        5 => "Input/output error".to_string(),
        errno::ENOMEM => "Cannot allocate memory".to_string(),
        errno::EACCES => "Permission denied".to_string(),
        17 => "File exists".to_string(),
        errno::EINVAL => "Invalid argument".to_string(),
        28 => "No space left on device".to_string(),
        33 => "Numerical argument out of domain".to_string(),
        errno::ERANGE => "Numerical result out of range".to_string(),
        n => format!("Unknown error {n}"),
    };
    let mut bytes = text.into_bytes();
    bytes.push(0);
    let p = mem.allocate(
        bytes.len() as u64,
        crate::exec::memory::AllocKind::Global { constant: false },
    )?;
    mem.write_bytes(p, &bytes)?;
    mem.statics.messages.insert(code, p);
    Ok(p)
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

/// Reads a floating argument; a stray `f32` (not promoted) is widened.
fn float_arg(v: u64, ty: Ty) -> f64 {
    if ty == Ty::F32 {
        f32::from_bits(v as u32) as f64
    } else {
        f64::from_bits(v)
    }
}
