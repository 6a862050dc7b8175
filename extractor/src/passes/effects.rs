//! What each instruction does to memory, in sites of the points-to analysis.
//!
//! The slicer needs three facts per instruction: which sites' contents it
//! reads (their writers are in its cone of influence), which it writes, and
//! whose allocation state it changes (allocation and `free`: a kept access
//! keeps them, so use-after-free and double free stay detectable on the
//! memory the sliced program still touches).

use super::points_to::{PointsTo, Sites};
use runtime_model::model::{InstKind, LibcFunc, Operand};
use runtime_model::omp::{AtomicOp, OmpCall};

#[derive(Default)]
pub struct Effects {
    pub reads: Sites,
    pub writes: Sites,
    pub lifetime: Sites,
}

impl Effects {
    /// Every site the instruction touches in any way.
    pub fn accessed(&self) -> Sites {
        let mut a = self.reads.clone();
        a.union_with(&self.writes);
        a.union_with(&self.lifetime);
        a
    }
}

/// The memory effects of instruction `block.insts[inst]`. With
/// `mpi_calls_back`, the program has handed the MPI library functions it
/// may call from inside later MPI calls (see [`mpi_calls_back`]).
pub fn effects(
    pt: &PointsTo,
    block: usize,
    inst: usize,
    kind: &InstKind,
    mpi_calls_back: bool,
) -> Effects {
    let site = || Sites::one(pt.alloc_site(block, inst).expect("allocation has a site"));
    let all = |args: &[Operand]| {
        let mut s = Sites::none();
        for a in args {
            s.union_with(&pt.of(*a));
        }
        s
    };
    match kind {
        InstKind::Load { ptr, .. } => Effects {
            reads: pt.of(*ptr),
            ..Effects::default()
        },
        InstKind::Store { ptr, .. } => Effects {
            writes: pt.of(*ptr),
            ..Effects::default()
        },
        InstKind::Alloca { .. } => Effects {
            lifetime: site(),
            ..Effects::default()
        },
        // Once the library holds a function of the program (a reduction
        // operation, an error handler, an attribute or generalized-request
        // callback), an MPI call may run it: a reduction runs its operation
        // (MPI 3.1 §5.9.5), any call may raise an error handler (§8.3),
        // duplicating or freeing an object runs attribute callbacks (§6.7.2),
        // completing a generalized request runs its query function (§12.2).
        // Such a call is then like a call of the program's own code: it may
        // read, write and free anything (a store only the callback reads
        // must stay).
        InstKind::Mpi { .. } if mpi_calls_back => Effects {
            reads: Sites::anything(),
            writes: Sites::anything(),
            lifetime: Sites::anything(),
        },
        // MPI reads every pointer argument (send buffers, request arrays) and
        // writes every one (receive buffers, status, request, rank outputs).
        // Arguments are untyped; integer arguments point nowhere.
        InstKind::Mpi { args, .. } => Effects {
            reads: all(args),
            writes: all(args),
            ..Effects::default()
        },
        // A call the inliner left (or the slicer met without inlining) may
        // do anything.
        InstKind::Call { .. } | InstKind::CallIndirect { .. } => Effects {
            reads: Sites::anything(),
            writes: Sites::anything(),
            lifetime: Sites::anything(),
        },
        InstKind::Libc { func, args, .. } => {
            let args: Vec<Operand> = args.iter().map(|a| a.value).collect();
            let mut e = libc_effects(*func, &args, site, all, pt.library_memory());
            // The v*printf functions read the arguments a `va_list` points
            // to, and what those point to (`%s`): everything reachable.
            if matches!(
                func,
                LibcFunc::Vprintf
                    | LibcFunc::Vfprintf
                    | LibcFunc::Vsprintf
                    | LibcFunc::Vsnprintf
                    | LibcFunc::Vasprintf
            ) {
                e.reads = pt.reachable(&e.reads);
            }
            match func {
                // `strtok(NULL, ...)` scans and cuts the string an earlier
                // call was given, which the C library remembers.
                LibcFunc::Strtok => {
                    let saved = pt.strtok_strings();
                    e.reads.union_with(&saved);
                    e.writes.union_with(&saved);
                }
                // `strtok_r(NULL, delim, &save)` does so with the string
                // `save` points into.
                LibcFunc::StrtokR => {
                    let saved = args
                        .get(2)
                        .map(|a| pt.pointees(&pt.of(*a)))
                        .unwrap_or_default();
                    e.reads.union_with(&saved);
                    e.writes.union_with(&saved);
                }
                // strsep scans and cuts the string its slot points into.
                LibcFunc::Strsep => {
                    let s = args
                        .first()
                        .map(|a| pt.pointees(&pt.of(*a)))
                        .unwrap_or_default();
                    e.reads.union_with(&s);
                    e.writes.union_with(&s);
                }
                // strftime's `%Z` reads the string `tm_zone` points to.
                LibcFunc::Strftime => {
                    let zone = args
                        .get(3)
                        .map(|a| pt.pointees(&pt.of(*a)))
                        .unwrap_or_default();
                    e.reads.union_with(&zone);
                }
                // getenv compares the names of the strings putenv gave.
                LibcFunc::Getenv => {
                    e.reads.union_with(&pt.environment_strings());
                }
                // getopt reads the argument strings argv points to and the
                // long options' names; it stores a long option's value
                // through its `flag` pointer.
                LibcFunc::Getopt => {
                    e.reads = pt.reachable(&e.reads);
                    if let Some(table) = args.get(8) {
                        let entries = pt.pointees(&pt.of(*table));
                        e.writes.union_with(&pt.reachable(&entries));
                    }
                }
                _ => {}
            }
            e
        }
        InstKind::Binary { .. }
        | InstKind::FNeg { .. }
        | InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Cast { .. }
        | InstKind::Select { .. }
        | InstKind::X87 { .. }
        | InstKind::Gep { .. } => Effects::default(),
        // Reaching it halts the execution: the effects the construct would
        // have had are never observed.
        InstKind::Unsupported { .. } | InstKind::Terminate { .. } => Effects::default(),
        // Assumed to have no effect, a foreign call writes no memory the
        // program sees. Otherwise it may write whatever it can reach, and
        // free what of that is on the heap: if a kept instruction reads or
        // touches any of that, the slicer keeps the call, which then stops
        // the check where it runs. What it reads matters to nobody: it
        // either halts or is removed.
        InstKind::Foreign {
            no_effect: false, ..
        } => Effects {
            writes: pt.foreign_memory().clone(),
            lifetime: pt.foreign_heap().clone(),
            ..Effects::default()
        },
        InstKind::Foreign { .. } => Effects::default(),
        // A parallel region runs a function of the model on every thread
        // with the arguments: like a call, it may do anything.
        // So does a task: its function runs at some later point. A POSIX
        // thread runs its start routine from `pthread_create` on, and what
        // it wrote is seen after a join, a mutex lock or a condition wait:
        // each of the POSIX threads functions may do anything too.
        InstKind::Omp {
            call:
                OmpCall::ForkCall
                | OmpCall::Task
                | OmpCall::TaskWithDeps
                | OmpCall::TaskAlloc
                | OmpCall::TaskLoop,
            ..
        } => Effects {
            reads: Sites::anything(),
            writes: Sites::anything(),
            lifetime: Sites::anything(),
        },
        InstKind::Omp { call, .. } if call.is_posix() && !call.is_query() => Effects {
            reads: Sites::anything(),
            writes: Sites::anything(),
            lifetime: Sites::anything(),
        },
        // A static schedule reads and writes the loop bounds.
        InstKind::Omp { call, args, .. } => {
            let bounds: Vec<Operand> = call
                .written_pointer_args()
                .iter()
                .filter_map(|&i| args.get(i).copied())
                .collect();
            Effects {
                reads: all(&bounds),
                writes: all(&bounds),
                ..Effects::default()
            }
        }
        // The end of a local's lifetime is an allocation event of its block.
        InstKind::LifetimeEnd { ptr } => Effects {
            lifetime: pt.of(*ptr),
            ..Effects::default()
        },
        InstKind::Atomic { op, ptr, .. } => Effects {
            reads: pt.of(*ptr),
            writes: if *op == AtomicOp::Read {
                Sites::none()
            } else {
                pt.of(*ptr)
            },
            ..Effects::default()
        },
    }
}

/// Whether some MPI call of the model hands the library a function of the
/// program (`MpiFunc::takes_callback`), in any function: the entry's MPI
/// calls may then run it.
pub fn mpi_calls_back(model: &runtime_model::model::Model) -> bool {
    model.functions.iter().any(|f| {
        f.blocks
            .iter()
            .flat_map(|b| &b.insts)
            .any(|i| matches!(&i.kind, InstKind::Mpi { func, .. } if func.takes_callback()))
    })
}

/// Whether the program takes the address of one of its functions anywhere
/// (an operand, a return value, a global's initial bytes): a library
/// without source given such an address, directly or through memory, may
/// call back into the program, so its call is not droppable as one that
/// only returns (issue 31 §2: "assumed to return" must not hide a callback
/// that makes MPI calls or fails an assertion).
pub fn takes_function_address(model: &runtime_model::model::Model) -> bool {
    use runtime_model::model::{Pointer, Terminator};
    let is_function =
        |op: &Operand| matches!(op, Operand::Const(c) if Pointer::as_function(*c).is_some());
    let in_code = model.functions.iter().flat_map(|f| &f.blocks).any(|b| {
        b.phis
            .iter()
            .flat_map(|p| p.incoming.iter().map(|(_, v)| v))
            .any(is_function)
            || b.insts
                .iter()
                .any(|i| i.kind.dst_and_operands().1.iter().any(is_function))
            || matches!(&b.term, Terminator::Ret { value: Some(v) } if is_function(v))
    });
    let in_globals = model.globals.iter().any(|g| {
        g.init.chunks_exact(8).any(|w| {
            let bits = u64::from_le_bytes(w.try_into().unwrap_or([0; 8]));
            Pointer::as_function(bits).is_some()
        })
    });
    in_code || in_globals
}

fn libc_effects(
    func: LibcFunc,
    args: &[Operand],
    site: impl Fn() -> Sites,
    all: impl Fn(&[Operand]) -> Sites,
    library: Sites,
) -> Effects {
    use LibcFunc::*;
    let arg = |i: usize| all(args.get(i..=i).unwrap_or(&[]));
    let rest = |i: usize| all(args.get(i..).unwrap_or(&[]));
    let mut e = Effects::default();
    // Exhaustive on purpose: a new libc function must decide its effects.
    match func {
        Malloc | Calloc | AlignedAlloc | Memalign | Valloc | CxxNew | CxxNewArray
        | CxxNewNothrow | CxxNewArrayNothrow => {
            e.writes = site();
            e.lifetime = site();
        }
        PosixMemalign => {
            e.writes = site();
            e.writes.union_with(&arg(0));
            e.lifetime = site();
        }
        Gethostname => e.writes = arg(0),
        Getpid | AnyInt => {}
        // setjmp stores where it was called in `env`; longjmp reads it.
        Setjmp => e.writes = arg(0),
        Longjmp => e.reads = arg(0),
        // getcwd fills its buffer, or one it allocates when given none.
        Getcwd => {
            e.writes = site();
            e.writes.union_with(&arg(0));
            e.lifetime = site();
        }
        // asprintf stores the address of a new block holding the text.
        Asprintf | Vasprintf => {
            e.reads = rest(1);
            e.writes = site();
            e.writes.union_with(&arg(0));
            e.lifetime = site();
        }
        Strdup | Fopen => {
            e.reads = all(args);
            e.writes = site();
            e.lifetime = site();
        }
        Fclose => e.lifetime = arg(0),
        Fwrite => e.reads = arg(0),
        // The result block (last argument) is written.
        Muldc3 | Divdc3 | Mulsc3 | Divsc3 => e.writes = rest(4),
        // Each `long double` operand is two arguments.
        Mulxc3 | Divxc3 => e.writes = rest(8),
        Ldiv => e.writes = rest(2),
        // sscanf reads its string and format and writes through the rest.
        Sscanf => {
            e.reads = all(args.get(..2).unwrap_or(args));
            e.writes = rest(2);
        }
        Perror | Fputs => e.reads = arg(0),
        // Reads from a stream write through their pointers and advance the
        // stream, which the C library keeps (the calls are always kept,
        // `LibcFunc::has_hidden_state`).
        Scanf => {
            e.reads = arg(0);
            e.writes = rest(1);
        }
        Fscanf => {
            e.reads = all(args.get(..2).unwrap_or(args));
            e.writes = rest(2);
        }
        Fgets => {
            e.reads = arg(2);
            e.writes = arg(0);
        }
        Fread => {
            e.reads = arg(3);
            e.writes = arg(0);
        }
        Fgetc | Getchar | Feof | Ungetc => e.reads = all(args),
        // File positions and names: the stream and the names are read; the
        // position and the file system are the C library's (the calls
        // that change them are always kept, `LibcFunc::has_hidden_state`).
        Fseek | Fseeko | Ftell | Ftello | Rewind | Fsetpos | Ferror | Clearerr | Remove
        | Rename | Unlink => e.reads = all(args),
        Fgetpos => {
            e.reads = arg(0);
            e.writes = arg(1);
        }
        // The message is a string of the C library's, like getenv's.
        Strerror => {}
        Realloc => {
            e.reads = arg(0);
            e.writes = site();
            e.lifetime = site();
            e.lifetime.union_with(&arg(0));
        }
        Free | CxxDelete | CxxDeleteArray => e.lifetime = arg(0),
        Memcpy | Memmove | Strcpy | Strncpy | Stpcpy | Stpncpy | Strlcpy => {
            e.reads = arg(1);
            e.writes = arg(0);
        }
        // Concatenation reads the destination's string to find its end.
        Strcat | Strncat | Strlcat => {
            e.reads = all(args.get(..2).unwrap_or(args));
            e.writes = arg(0);
        }
        Memset => e.writes = arg(0),
        Sprintf | Snprintf | Vsprintf | Vsnprintf => {
            e.reads = rest(1);
            e.writes = arg(0);
        }
        Strtol | Strtoul | Strtod | Strtof => {
            e.reads = arg(0);
            e.writes = arg(1);
        }
        Strndup => {
            e.reads = all(args);
            e.writes = site();
            e.lifetime = site();
        }
        // strtok cuts its string with NULs; strtok_r also stores where it
        // stopped (the saved string: see `effects`).
        Strtok => {
            e.reads = all(args);
            e.writes = arg(0);
        }
        StrtokR => {
            e.reads = all(args);
            e.writes = arg(0);
            e.writes.union_with(&arg(2));
        }
        // getopt(argc, argv, optstring, &optarg, &optind, &opterr, &optopt,
        // posix, longopts, longindex, long_only) permutes argv and sets
        // optarg, optind, optopt, *longindex and a long option's `*flag`.
        Getopt => {
            e.reads = all(args);
            e.writes = arg(1);
            for i in [3, 4, 6, 9] {
                e.writes.union_with(&arg(i));
            }
        }
        // The clocks write their struct (and gettimeofday the timezone);
        // nanosleep reads its request (its remainder is written only when
        // a signal interrupts it, which never happens in the model).
        Gettimeofday => e.writes = all(args),
        ClockGettime | ClockGetres => e.writes = arg(1),
        Nanosleep => e.reads = arg(0),
        // The forms with a state argument step the caller's state.
        Erand48 | Nrand48 | Jrand48 | RandR => {
            e.reads = arg(0);
            e.writes = arg(0);
        }
        Strcasecmp | Strncasecmp | Strspn | Strcspn | Strpbrk | Strnlen | Strcasestr | Memrchr
        | GnuBasename => e.reads = all(args),
        // frexp stores the exponent, modf the integral part, remquo the
        // quotient's low bits.
        Frexp | Modf => e.writes = arg(1),
        Remquo => e.writes = arg(2),
        // seed48 reads the new word and keeps the old one in its static
        // array; localtime and gmtime fill their static `struct tm`, ctime
        // and asctime their static string.
        Seed48 | Localtime | Gmtime | Ctime | Asctime => {
            e.reads = arg(0);
            e.writes = library;
        }
        LocaltimeR | GmtimeR | CtimeR | AsctimeR => {
            e.reads = arg(0);
            e.writes = arg(1);
        }
        // mktime normalizes the fields of its struct.
        Mktime => {
            e.reads = arg(0);
            e.writes = arg(0);
        }
        // strftime reads its format and struct (and, see `effects`, the
        // zone string).
        Strftime => {
            e.reads = rest(2);
            e.writes = arg(0);
        }
        // strsep reads and updates its slot (and the string, see
        // `effects`); the POSIX path functions may write into their
        // argument.
        Strsep | Basename | Dirname => {
            e.reads = arg(0);
            e.reads.union_with(&rest(1));
            e.writes = arg(0);
        }
        // A stream and the buffer it is given are checked.
        Setvbuf | Setbuf => e.reads = all(args),
        // sigaction reads the new action and stores the old one.
        Sigaction => {
            e.reads = arg(1);
            e.writes = arg(2);
        }
        Stat => {
            e.reads = arg(0);
            e.writes = arg(1);
        }
        // The environment functions read their strings (setenv copies
        // them into the library's memory; putenv's string becomes part of
        // the environment, see `effects` for getenv).
        Setenv => {
            e.reads = all(args);
            e.writes = library;
        }
        Unsetenv | Putenv | Access | Nan => e.reads = arg(0),
        // The variable arguments are read through the `va_list`, whose
        // contents `VaStart` made point to them (and which it reads).
        VaStart => {
            e.reads = arg(1);
            e.writes = arg(0);
        }
        Strlen | Strcmp | Strncmp | Atoi | Atol | Atof | Printf | Fprintf | Vprintf | Vfprintf
        | Puts | Fflush | AssertFail | Strchr | Strrchr | Strstr | Memcmp | Memchr => {
            e.reads = all(args)
        }
        // The handler runs when the process exits and may read anything
        // (the slicer then keeps every write, see `slice`).
        Atexit | CxaAtexit => e.reads = Sites::anything(),
        Putchar | Abort | CxxPureVirtual | Exit | ExitNow | Sleep | Usleep | Sqrt | Fabs | Pow
        | Exp | Log | Floor | Ceil | Fmin | Fmax | Abs | Labs | Llabs | Sin | Cos | Tan | Asin
        | Acos | Atan | Sinh | Cosh | Tanh | Exp2 | Log2 | Log10 | Cbrt | Round | Trunc | Rint
        | Atan2 | Fmod | Hypot | Copysign | Isalnum | Isalpha | Isdigit | Isxdigit | Isspace
        | Isupper | Islower | Ispunct | Isprint | Toupper | Tolower | Popcount | Clz | Ctz
        | Bswap | Fputc | Ldexp | Lround | Lrint | Erf | Erfc | Expm1 | Log1p | Fdim | Tgamma
        | Lgamma | Remainder | Div | Sysconf | Isatty | Signal | Getppid | Getuid => {}
        // `time(&t)` writes `t`; `getenv` reads its name.
        Time => e.writes = arg(0),
        Getenv => e.reads = arg(0),
        Rand | Srand | Clock | Drand48 | Lrand48 | Mrand48 | Srand48 | Difftime => {}
    }
    e
}
