//! Calls: to user functions, to MPI, to the C library, to LLVM intrinsics.
//!
//! Every callee outside the program must be one the checker models; any
//! other is reported here, at its call site, so the user learns at once what
//! is unsupported instead of the checker failing later.

use runtime_model::model::{Arg, InstKind, LibcFunc, Reg};
use runtime_model::mpi_api::MpiFunc;

use super::function::FunctionLifter;
use super::intrinsics;
use super::ir::{LLVMTypeKind, LLVMValueKind, Value};
use crate::error::ExtractError;

pub fn lift_call<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let callee = inst
        .called_value()
        .ok_or_else(|| fl.internal("call without a callee".into()))?;
    let callee = resolve_alias(callee);
    match callee.kind() {
        LLVMValueKind::LLVMFunctionValueKind => {}
        LLVMValueKind::LLVMInlineAsmValueKind => return Err(fl.unsupported("inline assembly")),
        _ => return Err(fl.unsupported("call through a function pointer")),
    }
    let name = callee.name();
    let args = inst.call_args();
    if let Some(intrinsic) = name.strip_prefix("llvm.") {
        return intrinsics::lift_intrinsic(fl, inst, intrinsic, &args);
    }
    let dst = result_reg(fl, inst)?;
    if !callee.is_declaration() {
        let func = fl.cx().symbols.function_id(callee);
        let args = operands(fl, &args)?;
        fl.emit(InstKind::Call { dst, func, args });
        return Ok(());
    }
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
    if let Some((func, dropped)) = libc_function(&name) {
        let kept: Vec<_> = args
            .iter()
            .enumerate()
            .filter(|(i, _)| !dropped.contains(i))
            .map(|(_, &a)| a)
            .collect();
        return emit_libc(fl, dst, func, &kept);
    }
    Err(ExtractError::UnsupportedCall {
        location: fl.pos().describe(),
        callee: name,
    })
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

/// The modeled C function behind `name`, and the argument positions to drop.
///
/// glibc's fortified variants (`_FORTIFY_SOURCE`) take extra flag and size
/// arguments before the ordinary ones; dropping them gives the plain call.
fn libc_function(name: &str) -> Option<(LibcFunc, &'static [usize])> {
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
    ];
    if let Some(func) = LibcFunc::from_c_name(name) {
        return Some((func, &[]));
    }
    FORTIFIED
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, func, dropped)| (func, dropped))
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
    args.iter().map(|&a| fl.operand(a)).collect()
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
        assert_eq!(libc_function("rand"), None);
    }
}
