//! The C library functions the checker models, by their C names.

use serde::{Deserialize, Serialize};

/// C library functions the checker models. Names are the C names.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum LibcFunc {
    Malloc,
    Calloc,
    Realloc,
    Free,
    Memcpy,
    Memmove,
    Memset,
    Strlen,
    Strcmp,
    Strncmp,
    Strcpy,
    Strncpy,
    Printf,
    Fprintf,
    Puts,
    Putchar,
    Sprintf,
    Snprintf,
    Fflush,
    /// `__assert_fail(expr, file, line, function)`: a failed `assert`.
    AssertFail,
    Abort,
    Exit,
    /// `_Exit` / `_exit`: ends the process without the exit handlers.
    ExitNow,
    /// `atexit(handler)`: `handler` runs when the process exits normally.
    Atexit,
    Atoi,
    Atol,
    Strtol,
    Sqrt,
    Fabs,
    Pow,
    Exp,
    Log,
    Floor,
    Ceil,
    Fmin,
    Fmax,
    Abs,
    Labs,
    Sleep,
    Usleep,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Exp2,
    Log2,
    Log10,
    Cbrt,
    Round,
    Trunc,
    Rint,
    Atan2,
    Fmod,
    Hypot,
    Copysign,
    Llabs,
    Atof,
    Strtod,
    Strtoul,
    Strchr,
    Strrchr,
    Strstr,
    Strcat,
    Strncat,
    Memcmp,
    Memchr,
    /// `<ctype.h>` in the "C" locale (the extractor compiles with
    /// `__NO_CTYPE`, so these are calls, not glibc's table lookups).
    Isalnum,
    Isalpha,
    Isdigit,
    Isxdigit,
    Isspace,
    Isupper,
    Islower,
    Ispunct,
    Isprint,
    Toupper,
    Tolower,
    /// `va_start(ap)` in a variadic function: `va_start(ap, area)` with the
    /// area where the caller stored the variable arguments (8-byte slots).
    VaStart,
    Vprintf,
    Vfprintf,
    Vsprintf,
    Vsnprintf,
    /// The bit-counting intrinsics clang emits for `__builtin_popcount`,
    /// `__builtin_clz`, `__builtin_ctz` and `__builtin_bswap*`, in the width
    /// of their argument.
    Popcount,
    Clz,
    Ctz,
    Bswap,
    Perror,
    Fputs,
    Fputc,
    Sscanf,
    Strdup,
    /// Files opened for writing: output dropped, the stream an object the
    /// process owns until `fclose`.
    Fopen,
    Fclose,
    Fwrite,
    /// Reading: standard input is the file `mpi-check --stdin` names
    /// (rank 0's only, as `mpiexec` forwards it; the others read end of
    /// file); a file opened for reading is read from the working directory
    /// when it is opened.
    Scanf,
    Fscanf,
    Fgets,
    Fgetc,
    Getchar,
    Fread,
    Feof,
    /// `ungetc(c, stream)`: the next read of the stream returns `c`.
    Ungetc,
    /// File positions (C11 7.21.9): `fseek`/`fseeko`, `ftell`/`ftello`,
    /// `rewind`, `fgetpos`/`fsetpos`; the error indicator (`ferror`,
    /// `clearerr`, C11 7.21.10).
    Fseek,
    Fseeko,
    Ftell,
    Ftello,
    Rewind,
    Fgetpos,
    Fsetpos,
    Ferror,
    Clearerr,
    /// Files by name on the check's file system (C11 7.21.4; POSIX
    /// `unlink`): nothing on disk is removed or renamed.
    Remove,
    Rename,
    Unlink,
    /// `strerror`: glibc's message for an error number.
    Strerror,
    /// Aligned allocation (C11 7.22.3.1, POSIX): every block of the model
    /// starts at offset 0 of its own allocation, so any alignment holds.
    AlignedAlloc,
    Memalign,
    PosixMemalign,
    /// `gethostname` names the one node the model runs every process on;
    /// `getpid` returns 1000 + rank (real values differ from run to run).
    Gethostname,
    Getpid,
    /// The runtime library's complex multiplication and division (`double
    /// _Complex`, `float _Complex`, `long double _Complex`), whose result
    /// the extractor places in an aggregate block passed last (a `long
    /// double` operand is two arguments, its halves).
    Muldc3,
    Divdc3,
    Mulsc3,
    Divsc3,
    Mulxc3,
    Divxc3,
    /// Non-local jumps (C11 §7.13): `setjmp(env)` returns 0 and keeps where
    /// it was called in `env`; `longjmp(env, val)` returns there again,
    /// with `val` (1 for 0), while that function is still running.
    Setjmp,
    Longjmp,
    /// `mpi_verify_any_int()` (`mpi_verify.h`): an int the search treats as
    /// an input (0 in a plain check), for stubs of libraries.
    AnyInt,
    /// Input sources (README "Input hazards"): the generator of `rand` is
    /// per process; `time`/`clock` return fixed values; `getenv` reads the
    /// checker's environment.
    Rand,
    Srand,
    Time,
    Clock,
    Getenv,
    /// The clock functions read one logical clock, the one `MPI_Wtime`
    /// reads: the process's executed model instructions, one nanosecond
    /// each (deterministic, the same in every run).
    Gettimeofday,
    ClockGettime,
    ClockGetres,
    Nanosleep,
    Difftime,
    /// glibc's 48-bit linear congruential generators (`drand48` family):
    /// one state per process for the functions without a state argument.
    Drand48,
    Erand48,
    Lrand48,
    Nrand48,
    Mrand48,
    Jrand48,
    Srand48,
    /// `strtok` keeps its position in the C library (per process).
    Strtok,
    StrtokR,
    Strcasecmp,
    Strncasecmp,
    Strspn,
    Strcspn,
    Strpbrk,
    Strnlen,
    Strndup,
    /// More of `<math.h>`: `frexp` and `modf` store a part through their
    /// pointer; `lround` and `lrint` return a `long`.
    Ldexp,
    Frexp,
    Modf,
    Lround,
    Lrint,
    Erf,
    Erfc,
    Expm1,
    Log1p,
    Fdim,
    /// `getopt(argc, argv, optstring, &optarg, &optind, &opterr, &optopt,
    /// posixly_correct)`: the extractor passes the addresses of the four
    /// option variables (globals of the model) after the C arguments, then
    /// 1 for glibc's strict POSIX form (`__posix_getopt`), else 0.
    Getopt,
    /// `rand_r(&seed)` (POSIX): glibc's algorithm on the caller's seed
    /// (three steps of the `rand` TYPE_0 congruence, 31 bits of result).
    RandR,
    /// `seed48(v)`: sets the 48-bit word of the `drand48` family and
    /// returns a static array (per process) holding the previous one.
    Seed48,
    /// `tgamma`, `lgamma` (without `signgam`), `remainder`, `remquo` (which
    /// stores the low quotient bits through its pointer) and `nan`.
    Tgamma,
    Lgamma,
    Remainder,
    Remquo,
    Nan,
    /// `asprintf(&p, fmt, ...)` and `vasprintf`: the text in a new heap
    /// block whose address is stored through the first argument.
    Asprintf,
    Vasprintf,
    /// Broken-down time in the model's time zone, UTC: `localtime` and
    /// `gmtime` share one static `struct tm` per process, `ctime` and
    /// `asctime` one static string (as glibc's do); the `_r` forms write
    /// the caller's.
    Localtime,
    Gmtime,
    LocaltimeR,
    GmtimeR,
    Mktime,
    Strftime,
    Ctime,
    Asctime,
    CtimeR,
    AsctimeR,
    /// `sysconf(name)`: the processors (one per process), the page size,
    /// the clock tick; other names are unknown (-1, EINVAL).
    Sysconf,
    /// `div` returns `div_t` in one 64-bit register (quotient low);
    /// `ldiv`/`lldiv`/`imaxdiv` return two `long`s, which the extractor
    /// places in an aggregate block passed last, as for `__muldc3`.
    Div,
    Ldiv,
    /// More of `<string.h>` (GNU and POSIX): `strsep`, `stpcpy`,
    /// `stpncpy`, `strcasestr`, `memrchr`.
    Strsep,
    Stpcpy,
    Stpncpy,
    Strcasestr,
    Memrchr,
    /// `strlcpy` and `strlcat` (BSD, glibc 2.38): bounded copies that
    /// always terminate and return the length they tried to make.
    Strlcpy,
    Strlcat,
    /// `<libgen.h>`'s POSIX `basename` (glibc's `__xpg_basename`) and
    /// `dirname`, which may write into their argument; `GnuBasename` is
    /// `<string.h>`'s GNU `basename`, which never does.
    Basename,
    Dirname,
    GnuBasename,
    /// `strtof`: `strtod`'s syntax, rounded once to `float`.
    Strtof,
    /// Stream buffering (`setvbuf`, `setbuf`, `setlinebuf`): checked and
    /// accepted; buffering does not change what the model checks.
    Setvbuf,
    Setbuf,
    /// `isatty(fd)`: 0 (output goes to `mpiexec`, not to a terminal).
    Isatty,
    /// `signal` and `sigaction`: accepted, nothing is recorded (no signal
    /// ever arrives in the model).
    Signal,
    Sigaction,
    /// `getcwd`: the checker's working directory (where files are opened).
    Getcwd,
    /// `getppid` (fixed 999: every rank's launcher) and `getuid` /
    /// `geteuid` / `getgid` / `getegid` (fixed 1000).
    Getppid,
    Getuid,
    /// The environment: per-process changes that `getenv` then sees.
    Setenv,
    Unsetenv,
    Putenv,
    /// `access` and `stat` on the real file system, relative to the
    /// working directory, as `fopen` reads files.
    Access,
    Stat,
    /// `valloc(size)`: a page-aligned block (every block is aligned).
    Valloc,
    /// C++'s allocation functions (C++17 [new.delete]): `operator new`
    /// and `operator new[]` (the aligned forms too: every block is
    /// aligned), their `nothrow` forms, which return null when the block
    /// cannot be made, and `operator delete` / `operator delete[]` (sized
    /// and aligned forms: the extractor drops the size and alignment).
    /// The C++ runtime remembers which form made each block, so that a
    /// block freed by the wrong form is an error.
    CxxNew,
    CxxNewArray,
    CxxNewNothrow,
    CxxNewArrayNothrow,
    CxxDelete,
    CxxDeleteArray,
    /// `__cxa_atexit(destructor, object, dso)` (Itanium C++ ABI §3.3.6):
    /// a static object's destructor, run on the object at exit, in reverse
    /// order of registration among the `atexit` handlers.
    CxaAtexit,
    /// `__cxa_pure_virtual`: a pure virtual function was called (on an
    /// object under construction or destruction); the runtime aborts.
    CxxPureVirtual,
}

impl LibcFunc {
    /// The C name (also accepted for the LLVM intrinsic forms by the extractor).
    pub fn c_name(self) -> &'static str {
        match self {
            LibcFunc::Malloc => "malloc",
            LibcFunc::Calloc => "calloc",
            LibcFunc::Realloc => "realloc",
            LibcFunc::Free => "free",
            LibcFunc::Memcpy => "memcpy",
            LibcFunc::Memmove => "memmove",
            LibcFunc::Memset => "memset",
            LibcFunc::Strlen => "strlen",
            LibcFunc::Strcmp => "strcmp",
            LibcFunc::Strncmp => "strncmp",
            LibcFunc::Strcpy => "strcpy",
            LibcFunc::Strncpy => "strncpy",
            LibcFunc::Printf => "printf",
            LibcFunc::Fprintf => "fprintf",
            LibcFunc::Puts => "puts",
            LibcFunc::Putchar => "putchar",
            LibcFunc::Sprintf => "sprintf",
            LibcFunc::Snprintf => "snprintf",
            LibcFunc::Fflush => "fflush",
            LibcFunc::AssertFail => "__assert_fail",
            LibcFunc::Abort => "abort",
            LibcFunc::Exit => "exit",
            LibcFunc::ExitNow => "_Exit",
            LibcFunc::Atexit => "atexit",
            LibcFunc::Atoi => "atoi",
            LibcFunc::Atol => "atol",
            LibcFunc::Strtol => "strtol",
            LibcFunc::Sqrt => "sqrt",
            LibcFunc::Fabs => "fabs",
            LibcFunc::Pow => "pow",
            LibcFunc::Exp => "exp",
            LibcFunc::Log => "log",
            LibcFunc::Floor => "floor",
            LibcFunc::Ceil => "ceil",
            LibcFunc::Fmin => "fmin",
            LibcFunc::Fmax => "fmax",
            LibcFunc::Abs => "abs",
            LibcFunc::Labs => "labs",
            LibcFunc::Sleep => "sleep",
            LibcFunc::Usleep => "usleep",
            LibcFunc::Sin => "sin",
            LibcFunc::Cos => "cos",
            LibcFunc::Tan => "tan",
            LibcFunc::Asin => "asin",
            LibcFunc::Acos => "acos",
            LibcFunc::Atan => "atan",
            LibcFunc::Sinh => "sinh",
            LibcFunc::Cosh => "cosh",
            LibcFunc::Tanh => "tanh",
            LibcFunc::Exp2 => "exp2",
            LibcFunc::Log2 => "log2",
            LibcFunc::Log10 => "log10",
            LibcFunc::Cbrt => "cbrt",
            LibcFunc::Round => "round",
            LibcFunc::Trunc => "trunc",
            LibcFunc::Rint => "rint",
            LibcFunc::Atan2 => "atan2",
            LibcFunc::Fmod => "fmod",
            LibcFunc::Hypot => "hypot",
            LibcFunc::Copysign => "copysign",
            LibcFunc::Llabs => "llabs",
            LibcFunc::Atof => "atof",
            LibcFunc::Strtod => "strtod",
            LibcFunc::Strtoul => "strtoul",
            LibcFunc::Strchr => "strchr",
            LibcFunc::Strrchr => "strrchr",
            LibcFunc::Strstr => "strstr",
            LibcFunc::Strcat => "strcat",
            LibcFunc::Strncat => "strncat",
            LibcFunc::Memcmp => "memcmp",
            LibcFunc::Memchr => "memchr",
            LibcFunc::Isalnum => "isalnum",
            LibcFunc::Isalpha => "isalpha",
            LibcFunc::Isdigit => "isdigit",
            LibcFunc::Isxdigit => "isxdigit",
            LibcFunc::Isspace => "isspace",
            LibcFunc::Isupper => "isupper",
            LibcFunc::Islower => "islower",
            LibcFunc::Ispunct => "ispunct",
            LibcFunc::Isprint => "isprint",
            LibcFunc::Toupper => "toupper",
            LibcFunc::Tolower => "tolower",
            LibcFunc::VaStart => "llvm.va_start",
            LibcFunc::Vprintf => "vprintf",
            LibcFunc::Vfprintf => "vfprintf",
            LibcFunc::Vsprintf => "vsprintf",
            LibcFunc::Vsnprintf => "vsnprintf",
            LibcFunc::Popcount => "llvm.ctpop",
            LibcFunc::Clz => "llvm.ctlz",
            LibcFunc::Ctz => "llvm.cttz",
            LibcFunc::Bswap => "llvm.bswap",
            LibcFunc::Perror => "perror",
            LibcFunc::Fputs => "fputs",
            LibcFunc::Fputc => "fputc",
            LibcFunc::Sscanf => "sscanf",
            LibcFunc::Strdup => "strdup",
            LibcFunc::Fopen => "fopen",
            LibcFunc::Fclose => "fclose",
            LibcFunc::Fwrite => "fwrite",
            LibcFunc::Scanf => "scanf",
            LibcFunc::Fscanf => "fscanf",
            LibcFunc::Fgets => "fgets",
            LibcFunc::Fgetc => "fgetc",
            LibcFunc::Ungetc => "ungetc",
            LibcFunc::Getchar => "getchar",
            LibcFunc::Fread => "fread",
            LibcFunc::Feof => "feof",
            LibcFunc::Fseek => "fseek",
            LibcFunc::Fseeko => "fseeko",
            LibcFunc::Ftell => "ftell",
            LibcFunc::Ftello => "ftello",
            LibcFunc::Rewind => "rewind",
            LibcFunc::Fgetpos => "fgetpos",
            LibcFunc::Fsetpos => "fsetpos",
            LibcFunc::Ferror => "ferror",
            LibcFunc::Clearerr => "clearerr",
            LibcFunc::Remove => "remove",
            LibcFunc::Rename => "rename",
            LibcFunc::Unlink => "unlink",
            LibcFunc::Strerror => "strerror",
            LibcFunc::AlignedAlloc => "aligned_alloc",
            LibcFunc::Memalign => "memalign",
            LibcFunc::PosixMemalign => "posix_memalign",
            LibcFunc::Gethostname => "gethostname",
            LibcFunc::Getpid => "getpid",
            LibcFunc::Muldc3 => "__muldc3",
            LibcFunc::Divdc3 => "__divdc3",
            LibcFunc::Mulsc3 => "__mulsc3",
            LibcFunc::Divsc3 => "__divsc3",
            LibcFunc::Mulxc3 => "__mulxc3",
            LibcFunc::Divxc3 => "__divxc3",
            LibcFunc::Setjmp => "setjmp",
            LibcFunc::Longjmp => "longjmp",
            LibcFunc::AnyInt => "mpi_verify_any_int",
            LibcFunc::Rand => "rand",
            LibcFunc::Srand => "srand",
            LibcFunc::Time => "time",
            LibcFunc::Clock => "clock",
            LibcFunc::Getenv => "getenv",
            LibcFunc::Gettimeofday => "gettimeofday",
            LibcFunc::ClockGettime => "clock_gettime",
            LibcFunc::ClockGetres => "clock_getres",
            LibcFunc::Nanosleep => "nanosleep",
            LibcFunc::Difftime => "difftime",
            LibcFunc::Drand48 => "drand48",
            LibcFunc::Erand48 => "erand48",
            LibcFunc::Lrand48 => "lrand48",
            LibcFunc::Nrand48 => "nrand48",
            LibcFunc::Mrand48 => "mrand48",
            LibcFunc::Jrand48 => "jrand48",
            LibcFunc::Srand48 => "srand48",
            LibcFunc::Strtok => "strtok",
            LibcFunc::StrtokR => "strtok_r",
            LibcFunc::Strcasecmp => "strcasecmp",
            LibcFunc::Strncasecmp => "strncasecmp",
            LibcFunc::Strspn => "strspn",
            LibcFunc::Strcspn => "strcspn",
            LibcFunc::Strpbrk => "strpbrk",
            LibcFunc::Strnlen => "strnlen",
            LibcFunc::Strndup => "strndup",
            LibcFunc::Getopt => "getopt",
            LibcFunc::Ldexp => "ldexp",
            LibcFunc::Frexp => "frexp",
            LibcFunc::Modf => "modf",
            LibcFunc::Lround => "lround",
            LibcFunc::Lrint => "lrint",
            LibcFunc::Erf => "erf",
            LibcFunc::Erfc => "erfc",
            LibcFunc::Expm1 => "expm1",
            LibcFunc::Log1p => "log1p",
            LibcFunc::Fdim => "fdim",
            LibcFunc::RandR => "rand_r",
            LibcFunc::Seed48 => "seed48",
            LibcFunc::Tgamma => "tgamma",
            LibcFunc::Lgamma => "lgamma",
            LibcFunc::Remainder => "remainder",
            LibcFunc::Remquo => "remquo",
            LibcFunc::Nan => "nan",
            LibcFunc::Asprintf => "asprintf",
            LibcFunc::Vasprintf => "vasprintf",
            LibcFunc::Localtime => "localtime",
            LibcFunc::Gmtime => "gmtime",
            LibcFunc::LocaltimeR => "localtime_r",
            LibcFunc::GmtimeR => "gmtime_r",
            LibcFunc::Mktime => "mktime",
            LibcFunc::Strftime => "strftime",
            LibcFunc::Ctime => "ctime",
            LibcFunc::Asctime => "asctime",
            LibcFunc::CtimeR => "ctime_r",
            LibcFunc::AsctimeR => "asctime_r",
            LibcFunc::Sysconf => "sysconf",
            LibcFunc::Div => "div",
            LibcFunc::Ldiv => "ldiv",
            LibcFunc::Strsep => "strsep",
            LibcFunc::Stpcpy => "stpcpy",
            LibcFunc::Stpncpy => "stpncpy",
            LibcFunc::Strcasestr => "strcasestr",
            LibcFunc::Memrchr => "memrchr",
            LibcFunc::Strlcpy => "strlcpy",
            LibcFunc::Strlcat => "strlcat",
            LibcFunc::Basename => "__xpg_basename",
            LibcFunc::Dirname => "dirname",
            LibcFunc::GnuBasename => "basename",
            LibcFunc::Strtof => "strtof",
            LibcFunc::Setvbuf => "setvbuf",
            LibcFunc::Setbuf => "setbuf",
            LibcFunc::Isatty => "isatty",
            LibcFunc::Signal => "signal",
            LibcFunc::Sigaction => "sigaction",
            LibcFunc::Getcwd => "getcwd",
            LibcFunc::Getppid => "getppid",
            LibcFunc::Getuid => "getuid",
            LibcFunc::Setenv => "setenv",
            LibcFunc::Unsetenv => "unsetenv",
            LibcFunc::Putenv => "putenv",
            LibcFunc::Access => "access",
            LibcFunc::Stat => "stat",
            LibcFunc::Valloc => "valloc",
            LibcFunc::CxxNew => "operator new",
            LibcFunc::CxxNewArray => "operator new[]",
            LibcFunc::CxxNewNothrow => "operator new(nothrow)",
            LibcFunc::CxxNewArrayNothrow => "operator new[](nothrow)",
            LibcFunc::CxxDelete => "operator delete",
            LibcFunc::CxxDeleteArray => "operator delete[]",
            LibcFunc::CxaAtexit => "__cxa_atexit",
            LibcFunc::CxxPureVirtual => "__cxa_pure_virtual",
        }
    }

    pub const ALL: &'static [LibcFunc] = &[
        LibcFunc::Malloc,
        LibcFunc::Calloc,
        LibcFunc::Realloc,
        LibcFunc::Free,
        LibcFunc::Memcpy,
        LibcFunc::Memmove,
        LibcFunc::Memset,
        LibcFunc::Strlen,
        LibcFunc::Strcmp,
        LibcFunc::Strncmp,
        LibcFunc::Strcpy,
        LibcFunc::Strncpy,
        LibcFunc::Printf,
        LibcFunc::Fprintf,
        LibcFunc::Puts,
        LibcFunc::Putchar,
        LibcFunc::Sprintf,
        LibcFunc::Snprintf,
        LibcFunc::Fflush,
        LibcFunc::AssertFail,
        LibcFunc::Abort,
        LibcFunc::Exit,
        LibcFunc::ExitNow,
        LibcFunc::Atexit,
        LibcFunc::Atoi,
        LibcFunc::Atol,
        LibcFunc::Strtol,
        LibcFunc::Sqrt,
        LibcFunc::Fabs,
        LibcFunc::Pow,
        LibcFunc::Exp,
        LibcFunc::Log,
        LibcFunc::Floor,
        LibcFunc::Ceil,
        LibcFunc::Fmin,
        LibcFunc::Fmax,
        LibcFunc::Abs,
        LibcFunc::Labs,
        LibcFunc::Sleep,
        LibcFunc::Usleep,
        LibcFunc::Sin,
        LibcFunc::Cos,
        LibcFunc::Tan,
        LibcFunc::Asin,
        LibcFunc::Acos,
        LibcFunc::Atan,
        LibcFunc::Sinh,
        LibcFunc::Cosh,
        LibcFunc::Tanh,
        LibcFunc::Exp2,
        LibcFunc::Log2,
        LibcFunc::Log10,
        LibcFunc::Cbrt,
        LibcFunc::Round,
        LibcFunc::Trunc,
        LibcFunc::Rint,
        LibcFunc::Atan2,
        LibcFunc::Fmod,
        LibcFunc::Hypot,
        LibcFunc::Copysign,
        LibcFunc::Llabs,
        LibcFunc::Atof,
        LibcFunc::Strtod,
        LibcFunc::Strtoul,
        LibcFunc::Strchr,
        LibcFunc::Strrchr,
        LibcFunc::Strstr,
        LibcFunc::Strcat,
        LibcFunc::Strncat,
        LibcFunc::Memcmp,
        LibcFunc::Memchr,
        LibcFunc::Isalnum,
        LibcFunc::Isalpha,
        LibcFunc::Isdigit,
        LibcFunc::Isxdigit,
        LibcFunc::Isspace,
        LibcFunc::Isupper,
        LibcFunc::Islower,
        LibcFunc::Ispunct,
        LibcFunc::Isprint,
        LibcFunc::Toupper,
        LibcFunc::Tolower,
        LibcFunc::VaStart,
        LibcFunc::Vprintf,
        LibcFunc::Vfprintf,
        LibcFunc::Vsprintf,
        LibcFunc::Vsnprintf,
        LibcFunc::Popcount,
        LibcFunc::Clz,
        LibcFunc::Ctz,
        LibcFunc::Bswap,
        LibcFunc::Perror,
        LibcFunc::Fputs,
        LibcFunc::Fputc,
        LibcFunc::Sscanf,
        LibcFunc::Strdup,
        LibcFunc::Fopen,
        LibcFunc::Fclose,
        LibcFunc::Fwrite,
        LibcFunc::Scanf,
        LibcFunc::Fscanf,
        LibcFunc::Fgets,
        LibcFunc::Fgetc,
        LibcFunc::Getchar,
        LibcFunc::Fread,
        LibcFunc::Feof,
        LibcFunc::Ungetc,
        LibcFunc::Fseek,
        LibcFunc::Fseeko,
        LibcFunc::Ftell,
        LibcFunc::Ftello,
        LibcFunc::Rewind,
        LibcFunc::Fgetpos,
        LibcFunc::Fsetpos,
        LibcFunc::Ferror,
        LibcFunc::Clearerr,
        LibcFunc::Remove,
        LibcFunc::Rename,
        LibcFunc::Unlink,
        LibcFunc::Strerror,
        LibcFunc::AlignedAlloc,
        LibcFunc::Memalign,
        LibcFunc::PosixMemalign,
        LibcFunc::Gethostname,
        LibcFunc::Getpid,
        LibcFunc::Muldc3,
        LibcFunc::Divdc3,
        LibcFunc::Mulsc3,
        LibcFunc::Divsc3,
        LibcFunc::Mulxc3,
        LibcFunc::Divxc3,
        LibcFunc::Setjmp,
        LibcFunc::Longjmp,
        LibcFunc::AnyInt,
        LibcFunc::Rand,
        LibcFunc::Srand,
        LibcFunc::Time,
        LibcFunc::Clock,
        LibcFunc::Getenv,
        LibcFunc::Gettimeofday,
        LibcFunc::ClockGettime,
        LibcFunc::ClockGetres,
        LibcFunc::Nanosleep,
        LibcFunc::Difftime,
        LibcFunc::Drand48,
        LibcFunc::Erand48,
        LibcFunc::Lrand48,
        LibcFunc::Nrand48,
        LibcFunc::Mrand48,
        LibcFunc::Jrand48,
        LibcFunc::Srand48,
        LibcFunc::Strtok,
        LibcFunc::StrtokR,
        LibcFunc::Strcasecmp,
        LibcFunc::Strncasecmp,
        LibcFunc::Strspn,
        LibcFunc::Strcspn,
        LibcFunc::Strpbrk,
        LibcFunc::Strnlen,
        LibcFunc::Strndup,
        LibcFunc::Getopt,
        LibcFunc::Ldexp,
        LibcFunc::Frexp,
        LibcFunc::Modf,
        LibcFunc::Lround,
        LibcFunc::Lrint,
        LibcFunc::Erf,
        LibcFunc::Erfc,
        LibcFunc::Expm1,
        LibcFunc::Log1p,
        LibcFunc::Fdim,
        LibcFunc::RandR,
        LibcFunc::Seed48,
        LibcFunc::Tgamma,
        LibcFunc::Lgamma,
        LibcFunc::Remainder,
        LibcFunc::Remquo,
        LibcFunc::Nan,
        LibcFunc::Asprintf,
        LibcFunc::Vasprintf,
        LibcFunc::Localtime,
        LibcFunc::Gmtime,
        LibcFunc::LocaltimeR,
        LibcFunc::GmtimeR,
        LibcFunc::Mktime,
        LibcFunc::Strftime,
        LibcFunc::Ctime,
        LibcFunc::Asctime,
        LibcFunc::CtimeR,
        LibcFunc::AsctimeR,
        LibcFunc::Sysconf,
        LibcFunc::Div,
        LibcFunc::Ldiv,
        LibcFunc::Strsep,
        LibcFunc::Stpcpy,
        LibcFunc::Stpncpy,
        LibcFunc::Strcasestr,
        LibcFunc::Memrchr,
        LibcFunc::Strlcpy,
        LibcFunc::Strlcat,
        LibcFunc::Basename,
        LibcFunc::Dirname,
        LibcFunc::GnuBasename,
        LibcFunc::Strtof,
        LibcFunc::Setvbuf,
        LibcFunc::Setbuf,
        LibcFunc::Isatty,
        LibcFunc::Signal,
        LibcFunc::Sigaction,
        LibcFunc::Getcwd,
        LibcFunc::Getppid,
        LibcFunc::Getuid,
        LibcFunc::Setenv,
        LibcFunc::Unsetenv,
        LibcFunc::Putenv,
        LibcFunc::Access,
        LibcFunc::Stat,
        LibcFunc::Valloc,
        LibcFunc::CxxNew,
        LibcFunc::CxxNewArray,
        LibcFunc::CxxNewNothrow,
        LibcFunc::CxxNewArrayNothrow,
        LibcFunc::CxxDelete,
        LibcFunc::CxxDeleteArray,
        LibcFunc::CxaAtexit,
        LibcFunc::CxxPureVirtual,
    ];

    pub fn from_c_name(name: &str) -> Option<LibcFunc> {
        LibcFunc::ALL.iter().copied().find(|f| f.c_name() == name)
    }

    /// The printf family with variable arguments, which take a `long
    /// double` for `%Lf` (C11 7.21.6.1p7) as two arguments: its low half
    /// (`I64`) then its high half (`I16`; see `Half`).
    pub fn formats_long_double(self) -> bool {
        matches!(
            self,
            LibcFunc::Printf
                | LibcFunc::Fprintf
                | LibcFunc::Sprintf
                | LibcFunc::Snprintf
                | LibcFunc::Asprintf
        )
    }

    /// Output-only functions: the slicer may drop them (their arguments are
    /// then not checked for memory safety; `--no-slice` keeps them).
    pub fn is_output_only(self) -> bool {
        matches!(
            self,
            LibcFunc::Printf
                | LibcFunc::Fprintf
                | LibcFunc::Vprintf
                | LibcFunc::Vfprintf
                | LibcFunc::Perror
                | LibcFunc::Fputs
                | LibcFunc::Fputc
                | LibcFunc::Puts
                | LibcFunc::Putchar
                | LibcFunc::Fflush
                | LibcFunc::Sleep
                | LibcFunc::Usleep
        )
    }

    /// Functions with state hidden in the C library (the generator of
    /// `rand`, C11 7.22.2): every call is kept, so that slicing away an
    /// unused `rand()` does not shift the values of the later ones.
    pub fn has_hidden_state(self) -> bool {
        // atexit changes what happens when the process ends; a read
        // advances its stream; strtok and getopt remember where they are;
        // seed48 sets the generator; setenv, unsetenv and putenv change
        // what a later getenv returns.
        matches!(
            self,
            LibcFunc::Rand
                | LibcFunc::Setjmp
                | LibcFunc::Longjmp
                | LibcFunc::AnyInt
                | LibcFunc::Srand
                | LibcFunc::Drand48
                | LibcFunc::Lrand48
                | LibcFunc::Mrand48
                | LibcFunc::Srand48
                | LibcFunc::Seed48
                | LibcFunc::Setenv
                | LibcFunc::Unsetenv
                | LibcFunc::Putenv
                | LibcFunc::Strtok
                | LibcFunc::Getopt
                | LibcFunc::Atexit
                | LibcFunc::CxaAtexit
                | LibcFunc::Scanf
                | LibcFunc::Fscanf
                | LibcFunc::Fgets
                | LibcFunc::Fgetc
                | LibcFunc::Getchar
                | LibcFunc::Fread
                | LibcFunc::Ungetc
                | LibcFunc::Fseek
                | LibcFunc::Fseeko
                | LibcFunc::Rewind
                | LibcFunc::Fsetpos
                | LibcFunc::Clearerr
                | LibcFunc::Remove
                | LibcFunc::Rename
                | LibcFunc::Unlink
        )
    }

    /// Functions that end the process or report a failure: always kept.
    pub fn is_terminating(self) -> bool {
        matches!(
            self,
            LibcFunc::AssertFail
                | LibcFunc::Abort
                | LibcFunc::Exit
                | LibcFunc::ExitNow
                | LibcFunc::CxxPureVirtual
        )
    }
}

/// Whether a source file is the system's rather than the program's: a
/// header of the C or C++ library (`/usr/include/...`, libstdc++'s
/// `/usr/lib/gcc/.../include/c++/...`) or code without a file (the model's
/// C++ runtime). Reports show a step inside one at the program's line
/// that called into it; the extractor does not take a library's own
/// `catch` for the program's.
pub fn is_library_file(path: &str) -> bool {
    path.is_empty()
        || path == "<unknown>"
        || path.starts_with("/usr/include/")
        || path.starts_with("/usr/lib/")
        || path.starts_with("/usr/local/include/")
        || path.contains("/include/c++/")
}
