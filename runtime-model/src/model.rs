//! The model file: what `mpi-extract` writes and `mpi-check` executes.
//!
//! A model is the program after clang, `mem2reg`, inlining and slicing: one
//! entry function (`main`, with every user function inlined into it) made of
//! basic blocks of SSA instructions over 64-bit registers. It is deliberately
//! close to LLVM IR (Li et al. 2011, §5: the model is extracted from the compiler's
//! SSA form) but has no LLVM dependency, so the checker builds and runs on a
//! machine without LLVM.
//!
//! ## Value representation
//! Every register holds a `u64`:
//! - integers of width N are kept zero-extended (bits above N are 0);
//! - `f32` values hold their IEEE bits in the low 32 bits, `f64` their 64 bits;
//! - pointers encode their provenance: the allocation id in the high 32 bits
//!   and the byte offset in the low 32 bits (see [`Pointer`]). Null is 0.
//!
//! Because a pointer is an ordinary integer, `ptrtoint`/`inttoptr` and pointer
//! arithmetic are exact, and an access is checked against the allocation its
//! high bits name: that is the "byte-addressed memory with pointer provenance".

use serde::{Deserialize, Serialize};

/// Identifies the format in the file's `format` field.
pub const MODEL_FORMAT: &str = "mpi-model";
/// Bumped on every incompatible change; the checker refuses other versions.
/// Adding an instruction kind (`Unsupported`) kept version 1: every older
/// model still reads, and a checker that predates a kind refuses a model
/// using it with a parse error (exit 2), never a wrong verdict.
/// Version 2 writes globals' initial bytes as runs (`global_init`).
/// Version 3 gives the standard streams `stdin`, `stdout`, `stderr` their
/// own pointer values (`Pointer::standard_stream`) instead of NULL.
/// Version 5 passes getopt calls the long options of `getopt_long` and
/// `getopt_long_only` (three more arguments).
pub const MODEL_VERSION: u32 = 5;

pub type Reg = u32;
pub type BlockId = u32;
pub type FuncId = u32;
pub type LocId = u32;

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Model {
    pub format: String,
    pub version: u32,
    /// Source files named by [`Location::file`].
    pub files: Vec<String>,
    /// Location table; instructions refer to it by index.
    pub locations: Vec<Location>,
    /// Global variables; global `i` lives in allocation `i + 1` of every process.
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
    /// The function every process starts in (`main`).
    pub entry: FuncId,
    /// Functions run before `main`, in order (`__attribute__((constructor))`,
    /// `llvm.global_ctors` by ascending priority).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_functions: Vec<FuncId>,
    /// Functions run after `main` returns or `exit` is called, after the
    /// `atexit` handlers, in order (`__attribute__((destructor))`,
    /// `llvm.global_dtors` by descending priority).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exit_functions: Vec<FuncId>,
    /// What the program relies on that the C or C++ standard leaves to the
    /// implementation, where it feeds an MPI call: reported beside the
    /// verdict, never changing it. An older model has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portability: Vec<PortabilityNote>,
    pub stats: ExtractStats,
    /// Calls to functions without source the slicer removed because
    /// nothing they could return or write reaches an MPI call, an
    /// assertion, a crash or the exit status: the verdict assumes each
    /// returns, and every report says so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumed_to_return: Vec<AssumedReturn>,
}

/// A call the slicer assumed to return (see [`Model::assumed_to_return`]).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct AssumedReturn {
    pub callee: String,
    pub loc: LocId,
}

/// A construct the language standard makes implementation-defined or
/// conditionally-supported, and the MPI calls whose arguments it shapes.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct PortabilityNote {
    /// The construct, in words: `offsetof on the non-standard-layout class
    /// 'Particle'`.
    pub construct: String,
    /// Where it is used (the first of its lines when it is used on several).
    pub at: LocId,
    /// How many more lines use it the same way.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: u32,
    /// The MPI calls it feeds, each with its function (`MPI_Type_create_struct`).
    pub feeds: Vec<(String, LocId)>,
    /// Which standard says so: `C++17 [support.types.layout]`.
    pub rule: String,
    /// How to make it portable.
    pub help: String,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A source position, with the call site it was inlined at (innermost first).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    pub file: u32,
    pub line: u32,
    pub column: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inlined_at: Option<LocId>,
    /// Name of the function the instruction came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(try_from = "GlobalRepr", into = "GlobalRepr")]
pub struct Global {
    pub name: String,
    pub size: u64,
    /// Initial bytes (`size` of them; pointers inside are encoded with [`Pointer`]).
    pub init: Vec<u8>,
    pub constant: bool,
}

/// A global as the file writes it: its non-zero initial bytes as runs
/// (`crate::global_init`).
#[derive(Serialize, Deserialize)]
struct GlobalRepr {
    name: String,
    size: u64,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    init: Vec<crate::global_init::Segment>,
    constant: bool,
}

impl From<Global> for GlobalRepr {
    fn from(g: Global) -> GlobalRepr {
        GlobalRepr {
            init: crate::global_init::encode(&g.init),
            name: g.name,
            size: g.size,
            constant: g.constant,
        }
    }
}

impl TryFrom<GlobalRepr> for Global {
    type Error = String;
    fn try_from(g: GlobalRepr) -> Result<Global, String> {
        let init = crate::global_init::decode(g.size, &g.init)
            .map_err(|e| format!("global {}: {e}", g.name))?;
        Ok(Global {
            name: g.name,
            size: g.size,
            init,
            constant: g.constant,
        })
    }
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Default)]
pub struct ExtractStats {
    pub functions_inlined: u32,
    pub instructions_kept: u32,
    pub instructions_removed: u32,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    /// Parameters occupy registers `0..params.len()`.
    pub params: Vec<Ty>,
    pub ret: Option<Ty>,
    pub num_regs: u32,
    /// `blocks[0]` is the entry block.
    pub blocks: Vec<Block>,
    pub loc: LocId,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Block {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phis: Vec<Phi>,
    pub insts: Vec<Inst>,
    pub term: Terminator,
    pub term_loc: LocId,
}

/// `dst = phi [pred -> value]...`; all phis of a block are assigned in
/// parallel when control enters the block.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Phi {
    pub dst: Reg,
    pub ty: Ty,
    pub incoming: Vec<(BlockId, Operand)>,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A register of the current function.
    #[serde(rename = "r")]
    Reg(Reg),
    /// A constant in the register representation described in the module docs
    /// (global addresses are constants too: see [`Pointer::global`]).
    #[serde(rename = "c")]
    Const(u64),
}

/// First-class types the model knows.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
    Ptr,
}

impl Ty {
    /// Size in memory, in bytes (`i1` occupies one byte).
    pub fn size(self) -> u64 {
        match self {
            Ty::I1 | Ty::I8 => 1,
            Ty::I16 => 2,
            Ty::I32 | Ty::F32 => 4,
            Ty::I64 | Ty::F64 | Ty::Ptr => 8,
        }
    }

    /// Width in bits of the register value.
    pub fn bits(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I16 => 16,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::F64 | Ty::Ptr => 64,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPredicate {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl IntPredicate {
    /// Whether the comparison holds for two values of one width, given as
    /// unsigned (`u`) and as signed (`s`) readings of the same bits (LLVM
    /// `icmp`): the one definition the interpreter, the symbolic terms of
    /// `--any-input` and the test kit share.
    pub fn holds<U: Ord, S: Ord>(self, (ua, ub): (U, U), (sa, sb): (S, S)) -> bool {
        match self {
            IntPredicate::Eq => ua == ub,
            IntPredicate::Ne => ua != ub,
            IntPredicate::Ugt => ua > ub,
            IntPredicate::Uge => ua >= ub,
            IntPredicate::Ult => ua < ub,
            IntPredicate::Ule => ua <= ub,
            IntPredicate::Sgt => sa > sb,
            IntPredicate::Sge => sa >= sb,
            IntPredicate::Slt => sa < sb,
            IntPredicate::Sle => sa <= sb,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatPredicate {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    PtrToInt,
    IntToPtr,
    BitCast,
}

/// One term `sext(index) * scale` of an address computation.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GepIndex {
    pub index: Operand,
    pub index_ty: Ty,
    pub scale: i64,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Inst {
    pub kind: InstKind,
    pub loc: LocId,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum InstKind {
    Binary {
        dst: Reg,
        op: BinOp,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    FNeg {
        dst: Reg,
        ty: Ty,
        value: Operand,
    },
    ICmp {
        dst: Reg,
        pred: IntPredicate,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    FCmp {
        dst: Reg,
        pred: FloatPredicate,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    Cast {
        dst: Reg,
        op: CastOp,
        from: Ty,
        to: Ty,
        value: Operand,
    },
    Select {
        dst: Reg,
        cond: Operand,
        if_true: Operand,
        if_false: Operand,
    },
    /// `dst = base + offset + Σ sext(index) * scale`.
    Gep {
        dst: Reg,
        base: Operand,
        offset: i64,
        indices: Vec<GepIndex>,
    },
    Load {
        dst: Reg,
        ty: Ty,
        ptr: Operand,
    },
    Store {
        ty: Ty,
        value: Operand,
        ptr: Operand,
    },
    /// A fresh stack allocation of `elem_size * count` bytes.
    Alloca {
        dst: Reg,
        elem_size: u64,
        count: Operand,
    },
    /// A modeled C library function (or LLVM intrinsic with C semantics).
    Libc {
        dst: Option<Reg>,
        func: LibcFunc,
        args: Vec<Arg>,
    },
    /// An MPI call; argument order is the C prototype's.
    Mpi {
        dst: Option<Reg>,
        func: crate::mpi_api::MpiFunc,
        args: Vec<Operand>,
    },
    /// A call to a function of the model: left after inlining only for
    /// recursive functions (the checker runs them on a call stack) and
    /// inside the functions that are called through pointers.
    Call {
        dst: Option<Reg>,
        func: FuncId,
        args: Vec<Operand>,
    },
    /// A call through a function pointer (`callee` holds a
    /// `Pointer::function` address at run time): dispatch tables,
    /// callbacks. A pointer that is not the address of a function of the
    /// model stops the execution when the call runs.
    CallIndirect {
        dst: Option<Reg>,
        callee: Operand,
        args: Vec<Operand>,
    },
    /// A construct the model does not cover (a call to an unknown library
    /// function, a call through a function pointer, SIMD, recursion...),
    /// e.g. `unsupported call to strerror`. `mpi-extract` puts it where the
    /// construct was instead of refusing the program, because such code is
    /// often on error paths that never run. Reaching it halts the execution
    /// and the check is inconclusive (BRIEF: exit 2 when the program uses
    /// something not supported); since nothing after it runs, its missing
    /// effects cannot matter. It reads and defines no register.
    Unsupported {
        what: String,
    },
    /// A call to a function outside the program that neither the C
    /// library model, MPI nor OpenMP covers (a library without source:
    /// libpng, HDF5, X11...). Reached, it stops the execution
    /// inconclusive, naming `callee` and the ways to go on (`--stub`,
    /// `--assume-no-effect`), unless `no_effect` says the user assumed it
    /// writes no memory the program sees and returns: then its result
    /// (`ty`) is 0, or for a pointer a fresh opaque object
    /// (`Pointer::opaque`) that only such functions may be given. `args`
    /// are what the program passes; the interpreter never reads them, the
    /// slicer does (what the call may write: `Model::assumed_to_return`);
    /// `args_unknown` says the lifter could not represent one of them (then
    /// the slicer keeps the call).
    Foreign {
        dst: Option<Reg>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ty: Option<Ty>,
        callee: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_effect: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<Operand>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        args_unknown: bool,
    },
    /// The C++ runtime ends the process here (`std::terminate`, C++17
    /// [except.terminate]): an exception no handler of the program can
    /// catch (`why`: "uncaught exception of type std::runtime_error"), or
    /// a call of `std::terminate`. libstdc++ finds no handler before it
    /// unwinds anything, so nothing after it runs; the checker reports it
    /// as it reports `abort()`. It reads and defines no register.
    Terminate {
        why: String,
    },
    /// A call of the OpenMP runtime (`crate::omp`): the parallel regions,
    /// worksharing and synchronization clang emits for `#pragma omp`, and
    /// the `omp_*` functions. Argument order is the C prototype's.
    Omp {
        dst: Option<Reg>,
        call: crate::omp::OmpCall,
        args: Vec<Operand>,
    },
    /// The local variable (stack block) at `ptr` goes out of scope: its
    /// function returns (C11 6.2.4p2: its lifetime ends, and a pointer to it
    /// becomes indeterminate). `mpi-extract` puts one for each of a
    /// function's locals before each of its returns.
    LifetimeEnd {
        ptr: Operand,
    },
    /// An atomic access to `ty` at `ptr` (`atomicrmw`, `load atomic`,
    /// `store atomic`; `#pragma omp atomic`): `dst`, when the program uses
    /// it, receives the value before the access.
    Atomic {
        dst: Option<Reg>,
        op: crate::omp::AtomicOp,
        ty: Ty,
        ptr: Operand,
        value: Operand,
    },
}

/// A call argument with its type (needed for variadic functions).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Arg {
    pub value: Operand,
    pub ty: Ty,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Terminator {
    Br {
        target: BlockId,
    },
    CondBr {
        cond: Operand,
        if_true: BlockId,
        if_false: BlockId,
    },
    Switch {
        value: Operand,
        ty: Ty,
        default: BlockId,
        cases: Vec<(u64, BlockId)>,
    },
    Ret {
        value: Option<Operand>,
    },
    Unreachable,
}

impl Terminator {
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Br { target } => vec![*target],
            Terminator::CondBr {
                if_true, if_false, ..
            } => vec![*if_true, *if_false],
            Terminator::Switch { default, cases, .. } => {
                let mut v = vec![*default];
                v.extend(cases.iter().map(|(_, b)| *b));
                v
            }
            Terminator::Ret { .. } | Terminator::Unreachable => vec![],
        }
    }
}

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
    /// compiler-rt's complex multiplication and division (`double
    /// _Complex`), whose result the extractor places in an aggregate block.
    Muldc3,
    Divdc3,
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
            LibcFunc::Strerror => "strerror",
            LibcFunc::AlignedAlloc => "aligned_alloc",
            LibcFunc::Memalign => "memalign",
            LibcFunc::PosixMemalign => "posix_memalign",
            LibcFunc::Gethostname => "gethostname",
            LibcFunc::Getpid => "getpid",
            LibcFunc::Muldc3 => "__muldc3",
            LibcFunc::Divdc3 => "__divdc3",
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
        LibcFunc::Strerror,
        LibcFunc::AlignedAlloc,
        LibcFunc::Memalign,
        LibcFunc::PosixMemalign,
        LibcFunc::Gethostname,
        LibcFunc::Getpid,
        LibcFunc::Muldc3,
        LibcFunc::Divdc3,
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

/// Encoded pointer: allocation id in the high 32 bits, offset in the low 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pointer {
    pub alloc: u32,
    pub offset: u32,
}

impl Pointer {
    /// Allocation ids at or above this name functions (for function pointers).
    pub const FUNCTION_BASE: u32 = 0xFF00_0000;

    /// Allocation ids of the standard streams `stdin`, `stdout`, `stderr`
    /// (in that order): never allocated, so a program that looks inside a
    /// `FILE` faults, while the C library model tells them from NULL and
    /// from each other.
    pub const STREAM_BASE: u32 = 0xFEFF_0000;

    /// The value of the standard stream variable `name`.
    pub fn standard_stream(name: &str) -> Option<u64> {
        let i = ["stdin", "stdout", "stderr"]
            .iter()
            .position(|s| *s == name)?;
        Some(
            Pointer {
                alloc: Self::STREAM_BASE + i as u32,
                offset: 0,
            }
            .encode(),
        )
    }

    /// Whether `bits` is one of the standard streams.
    pub fn is_standard_stream(bits: u64) -> bool {
        let p = Pointer::decode(bits);
        p.offset == 0 && (Self::STREAM_BASE..Self::STREAM_BASE + 3).contains(&p.alloc)
    }

    pub fn encode(self) -> u64 {
        ((self.alloc as u64) << 32) | self.offset as u64
    }

    pub fn decode(bits: u64) -> Pointer {
        Pointer {
            alloc: (bits >> 32) as u32,
            offset: bits as u32,
        }
    }

    /// Address of global `index` (allocation `index + 1`).
    pub fn global(index: u32) -> u64 {
        Pointer {
            alloc: index + 1,
            offset: 0,
        }
        .encode()
    }

    /// Address standing for function `f` (calls through it are resolved).
    pub fn function(f: FuncId) -> u64 {
        Pointer {
            alloc: Self::FUNCTION_BASE + f,
            offset: 0,
        }
        .encode()
    }

    /// Allocation ids from this one up to `STREAM_BASE` name the opaque
    /// objects that calls assumed to have no effect return (`Foreign`):
    /// never allocated, so looking inside one faults, and the checker names
    /// the function that returned it. The id holds the call's location;
    /// the offset tells calls at one location apart (it is fresh per call).
    pub const OPAQUE_BASE: u32 = 0xFE00_0000;

    /// The opaque object returned by the call at location `loc`, the
    /// `serial`th (modulo 2^32) of its process.
    pub fn opaque(loc: LocId, serial: u64) -> u64 {
        Pointer {
            alloc: Self::OPAQUE_BASE + loc.min(Self::STREAM_BASE - Self::OPAQUE_BASE - 1),
            offset: serial as u32,
        }
        .encode()
    }

    /// The location of the call that returned the opaque object `bits`
    /// points into, if it is one.
    pub fn as_opaque(bits: u64) -> Option<LocId> {
        let p = Pointer::decode(bits);
        (Self::OPAQUE_BASE..Self::STREAM_BASE)
            .contains(&p.alloc)
            .then(|| p.alloc - Self::OPAQUE_BASE)
    }

    pub fn as_function(bits: u64) -> Option<FuncId> {
        let p = Pointer::decode(bits);
        (p.alloc >= Self::FUNCTION_BASE && p.offset == 0).then(|| p.alloc - Self::FUNCTION_BASE)
    }
}

/// Why a model file was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelError {
    Io(String),
    Parse(String),
    WrongFormat(String),
    WrongVersion { found: u32 },
    Invalid(String),
}

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelError::Io(e) => write!(f, "{e}"),
            ModelError::Parse(e) => write!(f, "not a valid model file: {e}"),
            ModelError::WrongFormat(found) if found.is_empty() => {
                write!(f, "not a model file (no `format` field; expected `{MODEL_FORMAT}`)")
            }
            ModelError::WrongFormat(found) => {
                write!(f, "not a model file (format `{found}`, expected `{MODEL_FORMAT}`)")
            }
            ModelError::WrongVersion { found } => write!(
                f,
                "model file version {found} is not supported (this mpi-check reads version {MODEL_VERSION}); re-run mpi-extract"
            ),
            ModelError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ModelError {}

impl Model {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("model serialization cannot fail")
    }

    /// Reads and validates a model file.
    pub fn read(path: &std::path::Path) -> Result<Model, ModelError> {
        let bytes = std::fs::read(path)
            .map_err(|e| ModelError::Io(format!("cannot read {}: {e}", path.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| ModelError::Parse(format!("{} is not a text file", path.display())))?;
        Model::from_json(&text).map_err(|e| match e {
            ModelError::Io(m) => ModelError::Io(m),
            other => ModelError::Invalid(format!("{}: {other}", path.display())),
        })
    }

    pub fn from_json(text: &str) -> Result<Model, ModelError> {
        // Check the header first so an old model gets "wrong version", not a
        // confusing field error.
        // Only the two header fields, the rest skipped unparsed: no tree of
        // the whole file is built (typed serde, then the model itself).
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            format: Option<serde_json::Value>,
            #[serde(default)]
            version: Option<serde_json::Value>,
        }
        let header: Header =
            serde_json::from_str(text).map_err(|e| ModelError::Parse(e.to_string()))?;
        let format = header
            .format
            .as_ref()
            .and_then(|v| v.as_str())
            .unwrap_or("");
        if format != MODEL_FORMAT {
            return Err(ModelError::WrongFormat(format.to_string()));
        }
        let version = header
            .version
            .as_ref()
            .and_then(|v| v.as_u64())
            .unwrap_or(0) as u32;
        if version != MODEL_VERSION {
            return Err(ModelError::WrongVersion { found: version });
        }
        let model: Model =
            serde_json::from_str(text).map_err(|e| ModelError::Parse(e.to_string()))?;
        model.validate()?;
        Ok(model)
    }

    /// Checks every index in the model, so the checker can execute it without
    /// bounds surprises.
    pub fn validate(&self) -> Result<(), ModelError> {
        let bad = |m: String| Err(ModelError::Invalid(format!("corrupt model file: {m}")));
        if self.functions.get(self.entry as usize).is_none() {
            return bad(format!("entry function {} does not exist", self.entry));
        }
        for (i, l) in self.locations.iter().enumerate() {
            if l.file as usize >= self.files.len() {
                return bad(format!("location {i} names file {}", l.file));
            }
            if let Some(p) = l.inlined_at {
                if p as usize >= self.locations.len() {
                    return bad(format!("location {i} inlined at missing location {p}"));
                }
            }
        }
        for g in &self.globals {
            if g.init.len() as u64 != g.size {
                return bad(format!(
                    "global {} has {} initial bytes for size {}",
                    g.name,
                    g.init.len(),
                    g.size
                ));
            }
        }
        let nloc = self.locations.len();
        for f in &self.functions {
            let nb = f.blocks.len() as u32;
            if nb == 0 {
                return bad(format!("function {} has no blocks", f.name));
            }
            if (f.params.len() as u32) > f.num_regs {
                return bad(format!(
                    "function {} has more parameters than registers",
                    f.name
                ));
            }
            let reg_ok = |r: Reg| r < f.num_regs;
            let op_ok = |o: &Operand| match o {
                Operand::Reg(r) => reg_ok(*r),
                Operand::Const(_) => true,
            };
            let loc_ok = |l: LocId| (l as usize) < nloc;
            if !loc_ok(f.loc) {
                return bad(format!("function {} has a bad location", f.name));
            }
            for (bi, b) in f.blocks.iter().enumerate() {
                let here = format!("{} block {bi}", f.name);
                for p in &b.phis {
                    if !reg_ok(p.dst) || p.incoming.iter().any(|(pb, o)| *pb >= nb || !op_ok(o)) {
                        return bad(format!("{here}: bad phi"));
                    }
                }
                if !loc_ok(b.term_loc) {
                    return bad(format!("{here}: bad terminator location"));
                }
                for inst in &b.insts {
                    if !loc_ok(inst.loc) {
                        return bad(format!("{here}: bad location"));
                    }
                    let (dst, ops) = inst.kind.dst_and_operands();
                    if dst.is_some_and(|d| !reg_ok(d)) || !ops.iter().all(op_ok) {
                        return bad(format!("{here}: register out of range"));
                    }
                    if let InstKind::Call { func, .. } = &inst.kind {
                        if *func as usize >= self.functions.len() {
                            return bad(format!("{here}: call to missing function {func}"));
                        }
                    }
                }
                let succ_ok = b.term.successors().iter().all(|s| *s < nb);
                let term_ops_ok = match &b.term {
                    Terminator::CondBr { cond, .. } => op_ok(cond),
                    Terminator::Switch { value, .. } => op_ok(value),
                    Terminator::Ret { value } => value.as_ref().is_none_or(op_ok),
                    _ => true,
                };
                if !succ_ok || !term_ops_ok {
                    return bad(format!("{here}: bad terminator"));
                }
            }
        }
        Ok(())
    }

    /// The location a report shows for `loc`: its innermost position in
    /// the program's own files. A step inside a library header's code
    /// (`std::vector::push_back`, inlined) is shown at the program's line
    /// that called it, the first site of its inlining chain outside the
    /// library; without one, `loc` itself.
    pub fn user_loc(&self, loc: LocId) -> LocId {
        let mut cur = loc;
        for _ in 0..64 {
            let Some(l) = self.locations.get(cur as usize) else {
                return loc;
            };
            let file = self.files.get(l.file as usize).map_or("", String::as_str);
            if !is_library_file(file) {
                return cur;
            }
            match l.inlined_at {
                Some(next) => cur = next,
                None => return loc,
            }
        }
        loc
    }

    /// `file:line:column` of a location (innermost position).
    /// `file:line` of a location (no column: for places found by timing,
    /// such as where a time limit interrupted a loop).
    pub fn describe_line(&self, loc: LocId) -> String {
        let loc = self.user_loc(loc);
        match self.locations.get(loc as usize) {
            Some(l) => format!(
                "{}:{}",
                self.files
                    .get(l.file as usize)
                    .map(String::as_str)
                    .unwrap_or("?"),
                l.line
            ),
            None => "?".to_string(),
        }
    }

    pub fn describe_location(&self, loc: LocId) -> String {
        let loc = self.user_loc(loc);
        match self.locations.get(loc as usize) {
            Some(l) => format!(
                "{}:{}:{}",
                self.files
                    .get(l.file as usize)
                    .map(String::as_str)
                    .unwrap_or("?"),
                l.line,
                l.column
            ),
            None => "?".to_string(),
        }
    }
}

impl InstKind {
    /// The register written and every operand read (used by validation and
    /// by the slicer's def-use chains).
    pub fn dst_and_operands(&self) -> (Option<Reg>, Vec<Operand>) {
        match self {
            InstKind::Binary { dst, lhs, rhs, .. }
            | InstKind::ICmp { dst, lhs, rhs, .. }
            | InstKind::FCmp { dst, lhs, rhs, .. } => (Some(*dst), vec![*lhs, *rhs]),
            InstKind::FNeg { dst, value, .. } | InstKind::Cast { dst, value, .. } => {
                (Some(*dst), vec![*value])
            }
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => (Some(*dst), vec![*cond, *if_true, *if_false]),
            InstKind::Gep {
                dst, base, indices, ..
            } => {
                let mut v = vec![*base];
                v.extend(indices.iter().map(|i| i.index));
                (Some(*dst), v)
            }
            InstKind::Load { dst, ptr, .. } => (Some(*dst), vec![*ptr]),
            InstKind::Store { value, ptr, .. } => (None, vec![*value, *ptr]),
            InstKind::Alloca { dst, count, .. } => (Some(*dst), vec![*count]),
            InstKind::Libc { dst, args, .. } => (*dst, args.iter().map(|a| a.value).collect()),
            InstKind::Mpi { dst, args, .. } | InstKind::Call { dst, args, .. } => {
                (*dst, args.clone())
            }
            InstKind::CallIndirect { dst, callee, args } => {
                let mut v = vec![*callee];
                v.extend(args.iter().copied());
                (*dst, v)
            }
            InstKind::Unsupported { .. } | InstKind::Terminate { .. } => (None, Vec::new()),
            InstKind::Foreign { dst, args, .. } => (*dst, args.clone()),
            InstKind::Omp { dst, args, .. } => (*dst, args.clone()),
            InstKind::LifetimeEnd { ptr } => (None, vec![*ptr]),
            InstKind::Atomic {
                dst, ptr, value, ..
            } => (*dst, vec![*ptr, *value]),
        }
    }
}
