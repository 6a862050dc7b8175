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
use super::ir::{self, LLVMValueKind, Value};
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

/// Whether the program's own code (not a library header) has a handler
/// that may catch an exception: a `landingpad` with a `catch` or `filter`
/// clause, other than the catch-all of a `noexcept` function, whose pad
/// only calls `__clang_call_terminate`. Library code catches only to clean
/// up and rethrow (`catch (...) { ...; throw; }`), which ends the same way.
pub fn program_catches(module: &ir::Module<'_>) -> bool {
    module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .filter(|f| !runtime_model::model::is_library_file(&function_pos(*f).file))
        .flat_map(|f| f.blocks())
        .any(|block| {
            let insts: Vec<_> = block.instructions().collect();
            let terminates = insts.iter().any(|i| {
                i.called_value()
                    .is_some_and(|c| c.name() == "__clang_call_terminate")
            });
            insts.iter().any(|i| {
                i.clauses().iter().any(|c| {
                    let catch_all = c.kind() == LLVMValueKind::LLVMConstantPointerNullValueKind;
                    !(catch_all && terminates)
                })
            })
        })
}

/// What a call to `name` throws, when it is a throw: the type of the
/// exception (`__cxa_throw`'s typeinfo argument `typeinfo`, or the type
/// libstdc++'s `std::__throw_*` helper throws), or `None` for a call that
/// is no throw. `std::terminate` gives the empty type.
pub fn thrown_type(name: &str, typeinfo: Option<Value<'_>>) -> Option<String> {
    match name {
        "__cxa_throw" => Some(
            typeinfo
                .filter(|t| t.kind() == LLVMValueKind::LLVMGlobalVariableValueKind)
                .map(|t| {
                    let text = readable(&t.name());
                    text.strip_prefix("typeinfo for ")
                        .unwrap_or(&text)
                        .to_string()
                })
                .unwrap_or_else(|| "unknown type".into()),
        ),
        "__cxa_rethrow" => Some("the exception being handled (rethrown)".into()),
        "_ZSt9terminatev" => Some(String::new()),
        _ => {
            // std::__throw_length_error(char const*) throws std::length_error.
            let text = readable(name);
            let helper = text.strip_prefix("std::__throw_")?;
            let what = &helper[..helper.find('(')?];
            let what = what.strip_suffix("_fmt").unwrap_or(what);
            Some(match what {
                "ios_failure" => "std::ios_base::failure".to_string(),
                other => format!("std::{other}"),
            })
        }
    }
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
        // The storage of a thrown object (freed by the runtime when its
        // construction throws).
        ("__cxa_allocate_exception", LibcFunc::Malloc, &[]),
        ("__cxa_free_exception", LibcFunc::Free, &[]),
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
                what: unmodeled_call(&short_name(&name)),
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

/// Why a call of the library function `callee` (demangled) stops the
/// check, naming the part of the library a user knows when it is one the
/// model leaves out as a whole.
pub fn unmodeled_call(callee: &str) -> String {
    const PARTS: &[(&str, &str)] = &[
        (
            "std::__basic_file",
            "file streams (std::ifstream, std::ofstream, std::fstream)",
        ),
        (
            "std::basic_filebuf",
            "file streams (std::ifstream, std::ofstream, std::fstream)",
        ),
        (
            "std::thread",
            "std::thread (C++ threads; OpenMP regions are modeled)",
        ),
        ("std::locale", "locales (std::locale, std::imbue)"),
        ("std::filesystem", "std::filesystem"),
    ];
    match PARTS.iter().find(|(prefix, _)| callee.contains(prefix)) {
        Some((_, part)) => format!("unsupported call to {callee}: {part} not modeled"),
        None => format!("unsupported call to {callee}"),
    }
}

/// A C++ function's name as reports show it: demangled without its
/// return type, with the template arguments that only repeat a default
/// (allocators, character traits, comparators, hashers, deleters) left out
/// and the standard strings and streams by their usual names
/// (`std::vector<double>::push_back(double&&)`). Other names unchanged.
pub fn short_name(name: &str) -> String {
    if !name.starts_with("_Z") {
        return name.to_string();
    }
    let options = cpp_demangle::DemangleOptions::new().no_return_type();
    let Some(text) = cpp_demangle::Symbol::new(name)
        .ok()
        .and_then(|s| s.demangle(&options).ok())
    else {
        return name.to_string();
    };
    let text = text
        .replace(
            "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >",
            "std::string",
        )
        .replace("std::__cxx11::", "std::")
        .replace(
            "std::basic_ostream<char, std::char_traits<char> >",
            "std::ostream",
        )
        .replace(
            "std::basic_istream<char, std::char_traits<char> >",
            "std::istream",
        );
    without_default_arguments(&text)
}

/// `text` without the template arguments that name a default.
fn without_default_arguments(text: &str) -> String {
    const DEFAULTS: &[&str] = &[
        "std::allocator<",
        "std::char_traits<",
        "std::less<",
        "std::hash<",
        "std::equal_to<",
        "std::default_delete<",
    ];
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '<' || (i > 0 && chars[i - 1] == '<') || text_at(&chars, i, "<<") {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        // A template argument list: split at top-level commas.
        let mut depth = 0;
        let mut args = vec![String::new()];
        let mut j = i + 1;
        while j < chars.len() {
            match chars[j] {
                '<' | '(' => depth += 1,
                '>' | ')' if depth > 0 => depth -= 1,
                '>' => break,
                ',' if depth == 0 => {
                    args.push(String::new());
                    j += 1;
                    continue;
                }
                _ => {}
            }
            if let Some(a) = args.last_mut() {
                a.push(chars[j]);
            }
            j += 1;
        }
        if j >= chars.len() {
            out.extend(&chars[i..]);
            break;
        }
        let kept: Vec<String> = args
            .iter()
            .map(|a| a.trim())
            .filter(|a| !DEFAULTS.iter().any(|d| a.starts_with(d)))
            .map(without_default_arguments)
            .collect();
        out.push('<');
        out.push_str(&kept.join(", "));
        out.push('>');
        i = j + 1;
    }
    out.replace(" >", ">")
}

fn text_at(chars: &[char], i: usize, what: &str) -> bool {
    what.chars()
        .enumerate()
        .all(|(k, c)| chars.get(i + k) == Some(&c))
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
    fn short_names_leave_out_defaults() {
        assert_eq!(short_name("_ZN5Field8exchangeEi"), "Field::exchange(int)");
        assert_eq!(
            short_name("_ZNSt6vectorIdSaIdEE9push_backEOd"),
            "std::vector<double>::push_back(double&&)"
        );
        assert_eq!(short_name("main"), "main");
        assert_eq!(
            short_name("_ZNSt3mapIiNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESt4lessIiESaISt4pairIKiS5_EEEixEOi"),
            "std::map<int, std::string>::operator[](int&&)"
        );
    }

    #[test]
    fn readable_names_are_demangled() {
        assert_eq!(readable("_ZN5Field8exchangeEi"), "Field::exchange(int)");
        assert_eq!(readable("main"), "main");
        assert_eq!(readable("_Znot_mangled"), "_Znot_mangled");
    }
}
