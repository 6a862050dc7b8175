//! The C++ runtime as the lifter sees it: which symbols of the C++ ABI
//! (`__cxa_*`, the Itanium-mangled `_Z*` names of libstdc++'s shared
//! library) a C++ program may refer to without defining them, and the
//! bodies of the functions among them.
//!
//! A C++ program takes the address of library functions it never calls:
//! the vtable of a class deriving from `std::exception` names
//! `std::exception::what`, every typeinfo names the vtable of the C++
//! runtime's `__class_type_info`. Such a function gets a model function
//! whose body stops the check inconclusive when it runs (naming the
//! function); such a variable, zero-filled storage of its type's size.

use runtime_model::model::{
    Arg, Block, Function, Inst, InstKind, LibcFunc, Operand, Terminator, Ty,
};

use super::debug_loc::function_pos;
use super::ir::Value;
use super::{aggregates, types, ModuleCx};
use crate::error::ExtractError;

/// Whether `name` is a symbol of the C++ runtime or of libstdc++: an
/// Itanium-mangled name (`_Z...`, C++ ABI §5.1) or one of the ABI's C
/// entry points.
pub fn is_runtime_symbol(name: &str) -> bool {
    name.starts_with("_Z")
        || name.starts_with("__cxa_")
        || name.starts_with("__cxxabiv1")
        || matches!(
            name,
            "__gxx_personality_v0" | "__dynamic_cast" | "__dso_handle" | "_Unwind_Resume"
        )
}

/// The C++ runtime function the checker models behind the mangled name
/// `name`, and the argument positions to drop: the sized and aligned forms
/// of `operator delete` pass the size and alignment the model does not
/// need (every block knows its size and is aligned), the `nothrow` forms
/// a `std::nothrow_t` tag.
pub fn runtime_function(name: &str) -> Option<(LibcFunc, &'static [usize])> {
    const FUNCTIONS: &[(&str, LibcFunc, &[usize])] = &[
        // operator new(size_t), new[](size_t), and their aligned forms
        // (std::align_val_t).
        ("_Znwm", LibcFunc::CxxNew, &[]),
        ("_Znam", LibcFunc::CxxNewArray, &[]),
        ("_ZnwmSt11align_val_t", LibcFunc::CxxNew, &[1]),
        ("_ZnamSt11align_val_t", LibcFunc::CxxNewArray, &[1]),
        ("_ZnwmRKSt9nothrow_t", LibcFunc::CxxNewNothrow, &[1]),
        ("_ZnamRKSt9nothrow_t", LibcFunc::CxxNewArrayNothrow, &[1]),
        (
            "_ZnwmSt11align_val_tRKSt9nothrow_t",
            LibcFunc::CxxNewNothrow,
            &[1, 2],
        ),
        (
            "_ZnamSt11align_val_tRKSt9nothrow_t",
            LibcFunc::CxxNewArrayNothrow,
            &[1, 2],
        ),
        // operator delete(void*), sized (size_t), aligned, nothrow.
        ("_ZdlPv", LibcFunc::CxxDelete, &[]),
        ("_ZdlPvm", LibcFunc::CxxDelete, &[1]),
        ("_ZdlPvSt11align_val_t", LibcFunc::CxxDelete, &[1]),
        ("_ZdlPvmSt11align_val_t", LibcFunc::CxxDelete, &[1, 2]),
        ("_ZdlPvRKSt9nothrow_t", LibcFunc::CxxDelete, &[1]),
        (
            "_ZdlPvSt11align_val_tRKSt9nothrow_t",
            LibcFunc::CxxDelete,
            &[1, 2],
        ),
        ("_ZdaPv", LibcFunc::CxxDeleteArray, &[]),
        ("_ZdaPvm", LibcFunc::CxxDeleteArray, &[1]),
        ("_ZdaPvSt11align_val_t", LibcFunc::CxxDeleteArray, &[1]),
        ("_ZdaPvmSt11align_val_t", LibcFunc::CxxDeleteArray, &[1, 2]),
        ("_ZdaPvRKSt9nothrow_t", LibcFunc::CxxDeleteArray, &[1]),
        (
            "_ZdaPvSt11align_val_tRKSt9nothrow_t",
            LibcFunc::CxxDeleteArray,
            &[1, 2],
        ),
        // The destructor of a static object (its dso handle dropped).
        ("__cxa_atexit", LibcFunc::CxaAtexit, &[2]),
        ("__cxa_pure_virtual", LibcFunc::CxxPureVirtual, &[]),
        ("__cxa_deleted_virtual", LibcFunc::CxxPureVirtual, &[]),
    ];
    FUNCTIONS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, func, dropped)| (func, dropped))
}

/// C library functions libstdc++'s headers pass by address (`std::stoi`
/// hands `strtol` to `__gnu_cxx::__stoa`, `std::to_string(double)`
/// `vsnprintf` to `__to_xstring`): their model functions call the modeled
/// C function.
pub fn is_library_callback(name: &str) -> bool {
    matches!(
        name,
        "strtol" | "strtoul" | "strtoll" | "strtoull" | "strtod" | "strtof" | "vsnprintf"
    )
}

/// `name` as the user wrote it: demangled (`Field::exchange(int)`), or
/// unchanged when it is not a mangled C++ name.
pub fn readable(name: &str) -> String {
    if !name.starts_with("_Z") {
        return name.to_string();
    }
    cpp_demangle::Symbol::new(name)
        .ok()
        .and_then(|s| s.demangle(&cpp_demangle::DemangleOptions::default()).ok())
        .unwrap_or_else(|| name.to_string())
}

/// The model function for `func`, a function of the C++ runtime the
/// program refers to but does not define: one block that stops the check
/// as unsupported, with the function's name, when a call reaches it.
pub fn undefined_function<'m>(
    cx: &mut ModuleCx<'m>,
    func: Value<'m>,
) -> Result<Function, ExtractError> {
    let name = func.name();
    let pos = function_pos(func);
    let fn_ty = func
        .value_type()
        .ok_or_else(|| ExtractError::Internal(format!("{name} has no function type")))?;
    let ret_ty = fn_ty
        .return_type()
        .ok_or_else(|| ExtractError::Internal(format!("{name} has no return type")))?;
    let returns_aggregate = aggregates::is_aggregate(ret_ty);
    let ret = if returns_aggregate {
        None
    } else {
        types::result_ty(ret_ty, &pos)?
    };
    let mut params = func
        .params()
        .iter()
        .map(|p| {
            if aggregates::is_aggregate(p.ty()) {
                Ok(Ty::Ptr)
            } else {
                types::register_ty(p.ty(), &pos)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    if func.is_var_arg() {
        params.push(Ty::Ptr);
    }
    if returns_aggregate {
        params.push(Ty::Ptr);
    }
    let loc = cx.locations.intern(&pos, &name);
    let mut num_regs = params.len() as u32;
    // A modeled function (`operator delete` in a table of functions,
    // `__cxa_pure_virtual` in a vtable) calls its model; any other stops.
    let modeled = runtime_function(&name).or_else(|| {
        is_library_callback(&name)
            .then(|| super::calls::libc_function(&name))
            .flatten()
    });
    let (kind, term) = match modeled {
        Some((func, dropped)) => {
            let args = params
                .iter()
                .enumerate()
                .filter(|(i, _)| !dropped.contains(i))
                .map(|(i, &ty)| Arg {
                    value: Operand::Reg(i as u32),
                    ty,
                })
                .collect();
            let dst = ret.map(|_| {
                num_regs += 1;
                num_regs - 1
            });
            (
                InstKind::Libc { dst, func, args },
                Terminator::Ret {
                    value: dst.map(Operand::Reg),
                },
            )
        }
        None => (
            InstKind::Unsupported {
                what: format!("unsupported call to {}", readable(&name)),
            },
            Terminator::Unreachable,
        ),
    };
    Ok(Function {
        num_regs,
        params,
        ret,
        blocks: vec![Block {
            phis: Vec::new(),
            insts: vec![Inst { kind, loc }],
            term,
            term_loc: loc,
        }],
        loc,
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_symbols_are_mangled_names_and_abi_entry_points() {
        assert!(is_runtime_symbol("_ZNSt9exceptionD2Ev"));
        assert!(is_runtime_symbol("__cxa_throw"));
        assert!(is_runtime_symbol("__dso_handle"));
        assert!(!is_runtime_symbol("printf"));
        assert!(!is_runtime_symbol("getppid"));
    }

    #[test]
    fn readable_names_are_demangled() {
        assert_eq!(readable("_ZN5Field8exchangeEi"), "Field::exchange(int)");
        assert_eq!(readable("main"), "main");
        assert_eq!(readable("_Znot_mangled"), "_Znot_mangled");
    }
}
