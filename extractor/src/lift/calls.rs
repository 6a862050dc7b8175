//! Calls: to user functions, to MPI, to the C library, to LLVM intrinsics.
//!
//! Every callee outside the program must be one the checker models; any
//! other is reported here, at its call site, so the user learns at once what
//! is unsupported (`mpi-extract` warns, and the call becomes a placeholder
//! that makes the check inconclusive if it runs, see `FunctionLifter::defer`).

use runtime_model::model::{Arg, InstKind, LibcFunc, Reg};
use runtime_model::mpi_api::MpiFunc;
use runtime_model::omp::OmpCall;

use super::aggregates;
use super::function::FunctionLifter;
use super::intrinsics;
use super::ir::{LLVMTypeKind, LLVMValueKind, Value};
use crate::error::ExtractError;

/// A call or invoke, with the exception checks `eh.rs` puts before a
/// throw where exceptions are lowered.
pub fn lift_call_site<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    if super::eh::active(fl) {
        if let Some(callee) = inst
            .called_value()
            .map(resolve_alias)
            .filter(|c| c.kind() == LLVMValueKind::LLVMFunctionValueKind)
        {
            super::eh::before_call(fl, inst, &callee.name())?;
        }
    }
    lift_call(fl, inst)
}

pub fn lift_call<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let callee = inst
        .called_value()
        .ok_or_else(|| fl.internal("call without a callee".into()))?;
    let callee = resolve_alias(callee);
    match callee.kind() {
        LLVMValueKind::LLVMFunctionValueKind => {}
        LLVMValueKind::LLVMInlineAsmValueKind => return Err(fl.unsupported("inline assembly")),
        _ => return lift_indirect_call(fl, inst, callee),
    }
    let name = callee.name();
    let args = inst.call_args();
    if let Some(intrinsic) = name.strip_prefix("llvm.") {
        return intrinsics::lift_intrinsic(fl, inst, intrinsic, &args);
    }
    // A C++ throw in a program without a handler: the runtime terminates
    // at once (libstdc++ searches for a handler before unwinding). Where
    // the program has one, exceptions are lowered (`eh.rs`) and a throw is
    // a call of the runtime; `std::terminate` ends the process either way.
    if let Some(thrown) = super::cxx::thrown_type(&name, args.get(1).copied()) {
        if !super::eh::active(fl) || thrown.is_empty() {
            let catches = fl.cx().catches;
            let kind = if thrown.is_empty() {
                InstKind::Terminate {
                    why: "std::terminate called".into(),
                }
            } else if catches {
                InstKind::Unsupported {
                    what: format!(
                        "unsupported: a C++ exception of type {thrown} thrown in a program with try/catch (exception handling is not modeled)"
                    ),
                }
            } else {
                InstKind::Terminate {
                    why: format!("uncaught exception of type {thrown}"),
                }
            };
            fl.emit(kind);
            return Ok(());
        }
    }
    if !callee.is_declaration() {
        let func = fl.cx().symbols.function_id(callee);
        let (mut args, high_halves) = if callee.is_var_arg() {
            (variadic_args(fl, inst, callee, &args)?, Vec::new())
        } else {
            user_call_args(fl, &args)?
        };
        let (dst, area80) = result_or_area(fl, inst, &mut args)?;
        args.extend(high_halves);
        fl.emit(InstKind::Call { dst, func, args });
        return long_double_result(fl, inst, area80);
    }
    // `fabsl`, `floorl`...: computed exactly on the x87 value.
    if let Some(func) = name
        .strip_suffix('l')
        .and_then(super::long_double::math_function)
        .filter(|_| super::types::is_fp80(inst.ty()))
    {
        return super::long_double::math_call(fl, inst, func, &args);
    }
    // A library function returning a complex number (`{ double, double }`,
    // `<2 x float>`, `{ x86_fp80, x86_fp80 }`) or `ldiv_t` (`{ i64, i64 }`):
    // its result goes to a block the call's register names, passed last.
    if aggregates::is_aggregate(inst.ty()) {
        if let Some((
            func @ (LibcFunc::Muldc3
            | LibcFunc::Divdc3
            | LibcFunc::Mulsc3
            | LibcFunc::Divsc3
            | LibcFunc::Mulxc3
            | LibcFunc::Divxc3
            | LibcFunc::Ldiv),
            _,
        )) = libc_function(&name)
        {
            let area = fl.reg_of(inst)?;
            fl.emit(InstKind::Alloca {
                dst: area,
                elem_size: fl.layout().alloc_size(inst.ty()),
                count: runtime_model::model::Operand::Const(1),
            });
            let mut typed = Vec::with_capacity(2 * args.len() + 1);
            for &a in &args {
                // A `long double` operand: its two halves.
                if super::types::is_fp80(a.ty()) {
                    let (lo, hi) = fl.fp80_operand(a)?;
                    typed.push(Arg {
                        ty: runtime_model::model::Ty::I64,
                        value: lo,
                    });
                    typed.push(Arg {
                        ty: runtime_model::model::Ty::I16,
                        value: hi,
                    });
                    continue;
                }
                typed.push(Arg {
                    ty: fl.register_ty(a.ty())?,
                    value: fl.operand(a)?,
                });
            }
            typed.push(Arg {
                ty: runtime_model::model::Ty::Ptr,
                value: runtime_model::model::Operand::Reg(area),
            });
            fl.emit(InstKind::Libc {
                dst: None,
                func,
                args: typed,
            });
            return Ok(());
        }
    }
    let dst = result_reg(fl, inst)?;
    if let Some(unprefixed) = mpi_name(&name) {
        let func = MpiFunc::from_name(&unprefixed).ok_or_else(|| fl.unsupported(name.clone()))?;
        if args.len() != func.params().len() {
            return Err(fl.unsupported(format!(
                "{name} called with {} arguments (its prototype has {})",
                args.len(),
                func.params().len()
            )));
        }
        let args = operands(fl, &args)?;
        fl.emit(InstKind::Mpi { dst, func, args });
        return Ok(());
    }
    // The OpenMP runtime: clang's `-fopenmp` code and the `omp_*` API.
    if let Some(call) = OmpCall::from_c_name(&name) {
        let args = operands(fl, &args)?;
        fl.emit(InstKind::Omp { dst, call, args });
        return Ok(());
    }
    if let Some((func, dropped)) = libc_function(&name) {
        let kept: Vec<_> = args
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, &a)| a)
            .collect();
        return emit_libc(fl, dst, func, &kept);
    }
    if name == "qsort" {
        // `sort::expand_library_calls` replaced every call whose comparator it knows.
        return Err(fl.unsupported(
            "qsort whose comparator is not a function named at the call \
             (int f(const void *, const void *))",
        ));
    }
    if let Some(what) = openmp_construct(&name) {
        return Err(fl.unsupported(format!("{what} ({name})")));
    }
    // A part of the C++ runtime or of libstdc++ the model's C++ runtime
    // leaves out (std::thread, locales, file systems): named as the library
    // part a user knows, not as a library without source.
    if name == "__errno_location" || super::cxx::is_runtime_symbol(&name) {
        return Err(ExtractError::UnsupportedCall {
            location: fl.pos().describe(),
            callee: name,
        });
    }
    // A library without source (libpng, HDF5...): the checker stops there
    // unless the user assumed it has no effect (`--assume-no-effect`) or
    // gave its definition (`--stub`, which makes it a program function).
    let ty = match dst {
        Some(_) => Some(fl.register_ty(inst.ty())?),
        None => None,
    };
    // The arguments tell the slicer what the call may write; one the model
    // cannot represent makes the slicer keep the call.
    let (args, args_unknown) = match operands(fl, &args) {
        Ok(args) => (args, false),
        Err(_) => (Vec::new(), true),
    };
    fl.emit(InstKind::Foreign {
        dst,
        ty,
        callee: name,
        no_effect: false,
        args,
        args_unknown,
    });
    Ok(())
}

/// The OpenMP construct behind a runtime function the model does not run,
/// in the words of the source (docs/OPENMP.md lists what runs).
fn openmp_construct(name: &str) -> Option<&'static str> {
    const CONSTRUCTS: &[(&str, &str)] = &[
        ("__kmpc_dispatch_", "OpenMP loop schedule"),
        ("__kmpc_omp_taskwait_deps", "OpenMP taskwait with depend"),
        ("__kmpc_omp_task", "OpenMP task"),
        ("__kmpc_threadprivate", "OpenMP threadprivate variable"),
        (
            "__kmpc_taskloop",
            "OpenMP taskloop (with the OpenMP 5.1 strict modifier)",
        ),
        ("__kmpc_taskred", "OpenMP task reduction"),
        ("__kmpc_push_proc_bind", "OpenMP proc_bind clause"),
        ("__kmpc_fork_teams", "OpenMP teams construct"),
        ("__kmpc_cancel", "OpenMP cancellation"),
        ("__kmpc_doacross", "OpenMP ordered(n) loop"),
    ];
    CONSTRUCTS
        .iter()
        .find(|(prefix, _)| name.starts_with(prefix))
        .map(|&(_, what)| what)
        .or_else(|| name.starts_with("__kmpc_").then_some("OpenMP construct"))
}

/// A call through a function pointer: the callee is whatever function the
/// pointer holds when the call runs (the checker resolves it then). The
/// arguments are passed as to a direct call; an aggregate result goes
/// through the hidden last parameter every lifted function with one has.
fn lift_indirect_call<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    callee: Value<'m>,
) -> Result<(), ExtractError> {
    if inst.call_is_var_arg() {
        // The variable arguments' area is laid out for a known callee.
        return Err(fl.unsupported("call through a function pointer to a variadic function"));
    }
    let callee = fl.operand(callee)?;
    let (mut args, high_halves) = user_call_args(fl, &inst.call_args())?;
    let (dst, area80) = result_or_area(fl, inst, &mut args)?;
    args.extend(high_halves);
    fl.emit(InstKind::CallIndirect { dst, callee, args });
    long_double_result(fl, inst, area80)
}

/// The arguments of a call to a function of the program: a `long double`
/// is its low half in its place and its high half in the list returned
/// second, which goes after the hidden arguments (see `long_double`).
fn user_call_args<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    args: &[Value<'m>],
) -> Result<
    (
        Vec<runtime_model::model::Operand>,
        Vec<runtime_model::model::Operand>,
    ),
    ExtractError,
> {
    let mut out = Vec::with_capacity(args.len());
    let mut high = Vec::new();
    for &a in args {
        if super::types::is_fp80(a.ty()) {
            let (lo, hi) = fl.fp80_operand(a)?;
            out.push(lo);
            high.push(hi);
        } else {
            out.extend(operands(fl, &[a])?);
        }
    }
    Ok((out, high))
}

/// After a call returning a `long double` through the result area `area`:
/// the call's registers receive it.
fn long_double_result<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    area: Option<runtime_model::model::Operand>,
) -> Result<(), ExtractError> {
    if let Some(area) = area {
        let (lo, hi) = (fl.reg_of(inst)?, fl.hi_of(inst)?);
        super::long_double::load_at(fl, lo, hi, area, false);
    }
    Ok(())
}

/// Where a call to a program function puts its result: the register the
/// call defines, or, for an aggregate result, nowhere: the call's register
/// then names a block the callee fills through its hidden last parameter
/// (see `aggregates`), allocated here and passed last in `args`.
/// A `long double` result comes back through an area too, given second:
/// the call's two registers are loaded from it after the call.
fn result_or_area<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &mut Vec<runtime_model::model::Operand>,
) -> Result<(Option<Reg>, Option<runtime_model::model::Operand>), ExtractError> {
    if super::types::is_fp80(inst.ty()) {
        let area = fl.fresh_reg();
        fl.emit(InstKind::Alloca {
            dst: area,
            elem_size: 16,
            count: runtime_model::model::Operand::Const(1),
        });
        args.push(runtime_model::model::Operand::Reg(area));
        return Ok((None, Some(runtime_model::model::Operand::Reg(area))));
    }
    if !aggregates::is_aggregate(inst.ty()) {
        return Ok((result_reg(fl, inst)?, None));
    }
    let area = fl.reg_of(inst)?;
    fl.emit(InstKind::Alloca {
        dst: area,
        elem_size: fl.layout().alloc_size(inst.ty()),
        count: runtime_model::model::Operand::Const(1),
    });
    args.push(runtime_model::model::Operand::Reg(area));
    Ok((None, None))
}

/// Size of one slot of the variable-argument area: the x86-64 System V
/// ABI passes each variable argument the registers do not hold in eight
/// bytes of the overflow area, which is what clang's `va_arg` reads when
/// `va_start` says the registers are used up (see `intrinsics::va_start`).
pub const VA_SLOT: u64 = 8;

/// The arguments of a call to a variadic function of the program: the
/// fixed ones, then the address of a fresh area where the call stores the
/// variable ones, one per slot, in order (C's default argument promotions
/// make every one an `int`, `long`, `double` or pointer, at most a slot).
fn variadic_args<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    call: Value<'m>,
    callee: Value<'m>,
    args: &[Value<'m>],
) -> Result<Vec<runtime_model::model::Operand>, ExtractError> {
    use runtime_model::model::Operand;
    let fixed = callee.params().len().min(args.len());
    let mut out = operands(fl, &args[..fixed])?;
    let extra = &args[fixed..];
    let area = fl.fresh_reg();
    fl.emit(InstKind::Alloca {
        dst: area,
        elem_size: VA_SLOT,
        // Exactly as many slots as arguments: `vprintf` reads them all.
        count: Operand::Const(extra.len() as u64),
    });
    for (i, &a) in extra.iter().enumerate() {
        let ty = fl.register_ty(a.ty())?;
        if call.call_arg_is_byval((fixed + i) as u32) || ty.size() > VA_SLOT {
            return Err(fl.unsupported(
                "a struct passed as a variable argument (only scalars and pointers are modeled)",
            ));
        }
        let value = fl.operand(a)?;
        let slot = fl.fresh_reg();
        fl.emit(InstKind::Gep {
            dst: slot,
            base: Operand::Reg(area),
            offset: (i as u64 * VA_SLOT) as i64,
            indices: Vec::new(),
        });
        fl.emit(InstKind::Store {
            ty,
            value,
            ptr: Operand::Reg(slot),
        });
    }
    out.push(Operand::Reg(area));
    Ok(out)
}

/// Looks through `alias = @f` to the function it names.
fn resolve_alias(mut v: Value<'_>) -> Value<'_> {
    // Bounded: alias cycles are invalid IR, but a bound costs nothing.
    for _ in 0..16 {
        match v.aliasee() {
            Some(target) => v = target,
            None => break,
        }
    }
    v
}

/// The register receiving a call's result (`None` for `void`).
pub fn result_reg<'m>(
    fl: &FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<Option<Reg>, ExtractError> {
    if inst.ty().kind() == LLVMTypeKind::LLVMVoidTypeKind {
        return Ok(None);
    }
    fl.register_ty(inst.ty())?;
    fl.reg_of(inst).map(Some)
}

/// `MPI_Xxx` for `MPI_Xxx` and for its profiling name `PMPI_Xxx`.
fn mpi_name(name: &str) -> Option<String> {
    if name.starts_with("MPI_") {
        Some(name.to_string())
    } else {
        name.strip_prefix("PMPI_").map(|rest| format!("MPI_{rest}"))
    }
}

/// The math functions of `<math.h>` whose arguments and result are all
/// `double`, so that the `float` form `<name>f` is the same computation.
pub const FLOAT_MATH: &[LibcFunc] = &[
    LibcFunc::Sqrt,
    LibcFunc::Fabs,
    LibcFunc::Pow,
    LibcFunc::Exp,
    LibcFunc::Exp2,
    LibcFunc::Log,
    LibcFunc::Log2,
    LibcFunc::Log10,
    LibcFunc::Floor,
    LibcFunc::Ceil,
    LibcFunc::Round,
    LibcFunc::Trunc,
    LibcFunc::Rint,
    LibcFunc::Fmin,
    LibcFunc::Fmax,
    LibcFunc::Sin,
    LibcFunc::Cos,
    LibcFunc::Tan,
    LibcFunc::Asin,
    LibcFunc::Acos,
    LibcFunc::Atan,
    LibcFunc::Atan2,
    LibcFunc::Sinh,
    LibcFunc::Cosh,
    LibcFunc::Tanh,
    LibcFunc::Cbrt,
    LibcFunc::Fmod,
    LibcFunc::Hypot,
    LibcFunc::Copysign,
    LibcFunc::Erf,
    LibcFunc::Erfc,
    LibcFunc::Expm1,
    LibcFunc::Log1p,
    LibcFunc::Fdim,
    LibcFunc::Tgamma,
    LibcFunc::Lgamma,
    LibcFunc::Remainder,
];

/// The other math functions with `float` forms (`ldexpf`, `frexpf`,
/// `modff`, `lroundf`, `lrintf`, `remquof`): the checker computes in the
/// width of their first argument, and `modff` stores a `float`. (`nanf`
/// has none: its argument is a string, which gives no width.)
pub const FLOAT_FORMS: &[LibcFunc] = &[
    LibcFunc::Ldexp,
    LibcFunc::Frexp,
    LibcFunc::Modf,
    LibcFunc::Lround,
    LibcFunc::Lrint,
    LibcFunc::Remquo,
];

/// The modeled C function behind `name`, and the argument positions to drop.
///
/// glibc's fortified variants (`_FORTIFY_SOURCE`) take extra flag and size
/// arguments before the ordinary ones; dropping them gives the plain call.
pub(super) fn libc_function(name: &str) -> Option<(LibcFunc, &'static [usize])> {
    const FORTIFIED: &[(&str, LibcFunc, &[usize])] = &[
        ("__printf_chk", LibcFunc::Printf, &[0]),
        ("__fprintf_chk", LibcFunc::Fprintf, &[1]),
        ("__sprintf_chk", LibcFunc::Sprintf, &[1, 2]),
        ("__snprintf_chk", LibcFunc::Snprintf, &[2, 3]),
        ("__memcpy_chk", LibcFunc::Memcpy, &[3]),
        ("__memmove_chk", LibcFunc::Memmove, &[3]),
        ("__memset_chk", LibcFunc::Memset, &[3]),
        ("__strcpy_chk", LibcFunc::Strcpy, &[2]),
        ("__strncpy_chk", LibcFunc::Strncpy, &[3]),
        ("__vprintf_chk", LibcFunc::Vprintf, &[0]),
        ("__vfprintf_chk", LibcFunc::Vfprintf, &[1]),
        ("__vsprintf_chk", LibcFunc::Vsprintf, &[1, 2]),
        ("__vsnprintf_chk", LibcFunc::Vsnprintf, &[2, 3]),
        // sigsetjmp(env, savemask) is __sigsetjmp in glibc.
        ("__sigsetjmp", LibcFunc::Setjmp, &[1]),
        ("__longjmp_chk", LibcFunc::Longjmp, &[]),
    ];
    // Other names for modeled functions: `long long` is `long` on the LP64
    // targets clang compiles for here, and nearbyint differs from rint only
    // in not raising the inexact exception, which the model does not have.
    const SYNONYMS: &[(&str, LibcFunc)] = &[
        ("atoll", LibcFunc::Atol),
        ("_exit", LibcFunc::ExitNow),
        ("strtoll", LibcFunc::Strtol),
        ("strtoull", LibcFunc::Strtoul),
        ("strtoimax", LibcFunc::Strtol),
        ("strtoumax", LibcFunc::Strtoul),
        ("nearbyint", LibcFunc::Rint),
        ("putc", LibcFunc::Fputc),
        ("fopen64", LibcFunc::Fopen),
        // `cabs(z)` receives `double _Complex` as its two parts.
        ("cabs", LibcFunc::Hypot),
        // glibc redirects sscanf to its ISO C99 / C23 conforming versions.
        ("__isoc99_sscanf", LibcFunc::Sscanf),
        ("__isoc23_sscanf", LibcFunc::Sscanf),
        ("__isoc99_scanf", LibcFunc::Scanf),
        ("__isoc23_scanf", LibcFunc::Scanf),
        ("__isoc99_fscanf", LibcFunc::Fscanf),
        ("__isoc23_fscanf", LibcFunc::Fscanf),
        ("getc", LibcFunc::Fgetc),
        ("_IO_getc", LibcFunc::Fgetc),
        ("__isoc23_strtol", LibcFunc::Strtol),
        ("__isoc23_strtoll", LibcFunc::Strtol),
        ("__isoc23_strtoul", LibcFunc::Strtoul),
        ("__isoc23_strtoull", LibcFunc::Strtoul),
        // glibc's rand is random and srand is srandom: one generator.
        ("random", LibcFunc::Rand),
        ("srandom", LibcFunc::Srand),
        // `sort::getopt` rewrote each getopt call to pass the variables.
        (crate::sort::GETOPT, LibcFunc::Getopt),
        ("llround", LibcFunc::Lround),
        ("llrint", LibcFunc::Lrint),
        // `long long` and `intmax_t` are `long` here (see above).
        ("lldiv", LibcFunc::Ldiv),
        ("imaxdiv", LibcFunc::Ldiv),
        ("imaxabs", LibcFunc::Llabs),
        // The model's time zone is UTC, where mktime is timegm.
        ("timegm", LibcFunc::Mktime),
        // setlinebuf(f) is setvbuf(f, NULL, _IOLBF, 0): only the stream.
        ("setlinebuf", LibcFunc::Setbuf),
        ("geteuid", LibcFunc::Getuid),
        ("getgid", LibcFunc::Getuid),
        ("getegid", LibcFunc::Getuid),
        ("stat64", LibcFunc::Stat),
        ("__sysv_signal", LibcFunc::Signal),
        ("bsd_signal", LibcFunc::Signal),
        ("__isoc23_strtof", LibcFunc::Strtof),
        // glibc's setjmp macro and the forms that also save the signal
        // mask (which the model does not have).
        ("_setjmp", LibcFunc::Setjmp),
        ("_longjmp", LibcFunc::Longjmp),
        ("siglongjmp", LibcFunc::Longjmp),
    ];
    // A getopt call `sort::getopt` did not rewrite (another prototype) is
    // not one the checker can run.
    if let Some(func) = LibcFunc::from_c_name(name).filter(|f| *f != LibcFunc::Getopt) {
        return Some((func, &[]));
    }
    if let Some(&(_, func)) = SYNONYMS.iter().find(|(n, _)| *n == name) {
        return Some((func, &[]));
    }
    // `sinf`, `sqrtf`...: the `float` forms of the math functions. The
    // checker computes in the width of the argument it is given, so the
    // `float` argument gives a `float` result rounded from the double one.
    if let Some(func) = name
        .strip_suffix('f')
        .and_then(|base| {
            LibcFunc::from_c_name(base)
                .or_else(|| SYNONYMS.iter().find(|(n, _)| *n == base).map(|&(_, f)| f))
        })
        .filter(|f| FLOAT_MATH.contains(f) || FLOAT_FORMS.contains(f))
    {
        return Some((func, &[]));
    }
    FORTIFIED
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, func, dropped)| (func, dropped))
        .or_else(|| super::cxx::runtime_function(name))
}

/// Emits a C library call with typed arguments (the checker needs the types
/// of variadic arguments, e.g. for `printf`).
pub fn emit_libc<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    dst: Option<Reg>,
    func: LibcFunc,
    args: &[Value<'m>],
) -> Result<(), ExtractError> {
    let mut typed = Vec::with_capacity(args.len());
    for &a in args {
        // A `long double` passed to printf: its two halves, an `I64` then
        // an `I16` (which no promoted variable argument is), read by `%L`.
        if super::types::is_fp80(a.ty()) && func.formats_long_double() {
            let (lo, hi) = fl.fp80_operand(a)?;
            typed.push(Arg {
                ty: runtime_model::model::Ty::I64,
                value: lo,
            });
            typed.push(Arg {
                ty: runtime_model::model::Ty::I16,
                value: hi,
            });
            continue;
        }
        typed.push(Arg {
            ty: fl.register_ty(a.ty())?,
            value: fl.operand(a)?,
        });
    }
    fl.emit(InstKind::Libc {
        dst,
        func,
        args: typed,
    });
    Ok(())
}

fn operands<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    args: &[Value<'m>],
) -> Result<Vec<runtime_model::model::Operand>, ExtractError> {
    args.iter()
        .map(|&a| {
            if aggregates::is_aggregate(a.ty()) {
                aggregates::operand(fl, a)
            } else {
                fl.operand(a)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profiling_names_map_to_mpi_names() {
        assert_eq!(mpi_name("MPI_Send").as_deref(), Some("MPI_Send"));
        assert_eq!(mpi_name("PMPI_Send").as_deref(), Some("MPI_Send"));
        assert_eq!(mpi_name("printf"), None);
    }

    #[test]
    fn fortified_printf_drops_its_flag() {
        assert_eq!(
            libc_function("__printf_chk"),
            Some((LibcFunc::Printf, &[0usize][..]))
        );
        assert_eq!(libc_function("printf"), Some((LibcFunc::Printf, &[][..])));
        assert_eq!(libc_function("strtoll"), Some((LibcFunc::Strtol, &[][..])));
        assert_eq!(libc_function("sinf"), Some((LibcFunc::Sin, &[][..])));
        assert_eq!(libc_function("fmodf"), Some((LibcFunc::Fmod, &[][..])));
        // Only math functions have `f` forms: "atof" is not "ato" + f.
        assert_eq!(libc_function("labsf"), None);
        assert_eq!(libc_function("qsort_r"), None);
        assert_eq!(libc_function("random"), Some((LibcFunc::Rand, &[][..])));
        assert_eq!(libc_function("llroundf"), Some((LibcFunc::Lround, &[][..])));
        assert_eq!(libc_function("modff"), Some((LibcFunc::Modf, &[][..])));
        assert_eq!(libc_function("erfcf"), Some((LibcFunc::Erfc, &[][..])));
        // A synonym that is no math function has no float form.
        assert_eq!(libc_function("randomf"), None);
        assert_eq!(libc_function("tgammaf"), Some((LibcFunc::Tgamma, &[][..])));
        assert_eq!(libc_function("remquof"), Some((LibcFunc::Remquo, &[][..])));
        assert_eq!(libc_function("nanf"), None);
        assert_eq!(libc_function("strtof"), Some((LibcFunc::Strtof, &[][..])));
        assert_eq!(libc_function("lldiv"), Some((LibcFunc::Ldiv, &[][..])));
        assert_eq!(
            libc_function("basename"),
            Some((LibcFunc::GnuBasename, &[][..]))
        );
        assert_eq!(
            libc_function("__xpg_basename"),
            Some((LibcFunc::Basename, &[][..]))
        );
        assert_eq!(libc_function("getopt"), None);
        assert_eq!(
            libc_function(crate::sort::GETOPT),
            Some((LibcFunc::Getopt, &[][..]))
        );
    }
}
