//! `getopt` (POSIX) and its variables `optarg`, `optind`, `opterr` and
//! `optopt`.
//!
//! A program reads and writes the C library's variables as external
//! globals (`@optind = external global i32`). Each becomes a global of the
//! program with glibc's initial value (`optarg` NULL, `optind` 1, `opterr` 1,
//! `optopt` '?'), so every process has its own, as every process has its
//! own C library. Each call `getopt(argc, argv, optstring)` becomes a call
//! of [`GETOPT`]`(argc, argv, optstring, &optarg, &optind, &opterr,
//! &optopt, posixly_correct, longopts, longindex, long_only)`, which the
//! lifter maps to `LibcFunc::Getopt`: the checker's getopt reads and writes
//! the variables where the program does, and the slicer sees those
//! accesses. `posixly_correct` is 1 for `__posix_getopt`, the name glibc's
//! headers give getopt when the program asks for strict POSIX
//! (`_POSIX_C_SOURCE` without `_GNU_SOURCE`): that form never permutes the
//! arguments. GNU `getopt_long(argc, argv, optstring, longopts, longindex)`
//! and `getopt_long_only` become the same call with their table of long
//! options (`struct option`) and `long_only` 0 or 1; plain getopt passes
//! NULL, NULL, 0.
//!
//! A program that defines one of the variables itself keeps its
//! definition (it then is the variable getopt uses, as when linking).

use inkwell::module::Module;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, GlobalValue, IntValue, ValueKind,
};

use super::site::{arguments, debug_loc, library_calls, set_debug_loc};
use crate::error::ExtractError;

/// The function each `getopt` call is rewritten to call.
pub const GETOPT: &str = "mpi_verify.getopt";

/// The variables, in the order the rewritten call passes their addresses,
/// with their initial values (for `optarg`, NULL).
const VARIABLES: [(&str, u64); 4] = [
    ("optarg", 0),
    ("optind", 1),
    ("opterr", 1),
    ("optopt", b'?' as u64),
];

/// Which form a call is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Long {
    /// `getopt`: short options only.
    None,
    /// `getopt_long`: `--name` options beside the short ones.
    Double,
    /// `getopt_long_only`: `-name` is a long option too.
    Single,
}

/// Gives the getopt variables the program refers to their initial values
/// and rewrites every getopt call (see the module docs).
pub fn expand_getopt(module: &Module<'_>) -> Result<(), ExtractError> {
    // (call, posixly correct, long options: none, getopt_long, _long_only).
    let calls: Vec<_> = library_calls(module, "getopt", 3)
        .into_iter()
        .map(|c| (c, false, Long::None))
        .chain(
            library_calls(module, "__posix_getopt", 3)
                .into_iter()
                .map(|c| (c, true, Long::None)),
        )
        .chain(
            library_calls(module, "getopt_long", 5)
                .into_iter()
                .map(|c| (c, false, Long::Double)),
        )
        .chain(
            library_calls(module, "getopt_long_only", 5)
                .into_iter()
                .map(|c| (c, false, Long::Single)),
        )
        .collect();
    let context = module.get_context();
    let ptr = context.ptr_type(Default::default());
    let i32t = context.i32_type();
    let mut vars: Vec<Option<GlobalValue>> = Vec::new();
    for (name, init) in VARIABLES {
        let existing = module.get_global(name);
        let var = match existing {
            Some(g) => Some(g),
            // Made only for a call: a program that never names the
            // variable still has getopt's.
            None if !calls.is_empty() => Some(if name == "optarg" {
                module.add_global(ptr, None, name)
            } else {
                module.add_global(i32t, None, name)
            }),
            None => None,
        };
        if let Some(g) = var.filter(|g| g.is_declaration()) {
            // An `extern` declaration: define it with glibc's value, in
            // the type the program declared (a declaration of another
            // type stays, and the lifter reports it).
            let value: Option<BasicValueEnum> = match g.get_value_type() {
                inkwell::types::AnyTypeEnum::PointerType(t) if name == "optarg" => {
                    Some(t.const_null().into())
                }
                inkwell::types::AnyTypeEnum::IntType(t)
                    if name != "optarg" && t.get_bit_width() == 32 =>
                {
                    Some(t.const_int(init, false).into())
                }
                _ => None,
            };
            if let Some(v) = value {
                g.set_initializer(&v);
                g.set_alignment(if name == "optarg" { 8 } else { 4 });
            }
        }
        vars.push(var);
    }
    if calls.is_empty() {
        return Ok(());
    }
    let addresses: Vec<BasicMetadataValueEnum> = vars
        .iter()
        .flatten()
        .map(|g| g.as_pointer_value().into())
        .collect();
    if addresses.len() != VARIABLES.len() {
        return Err(ExtractError::Internal(
            "a getopt variable is missing after it was made".into(),
        ));
    }
    let params: Vec<_> = [i32t.into(), ptr.into(), ptr.into()]
        .into_iter()
        .chain([BasicTypeEnum::from(ptr).into(); 4])
        .chain([i32t.into(), ptr.into(), ptr.into(), i32t.into()])
        .collect();
    let getopt = module
        .get_function(GETOPT)
        .unwrap_or_else(|| module.add_function(GETOPT, i32t.fn_type(&params, false), None));
    let builder = context.create_builder();
    for (call, posix, long) in calls {
        let internal = |e: String| ExtractError::Internal(format!("rewriting a getopt call: {e}"));
        let given = arguments(call, if long == Long::None { 3 } else { 5 }).map_err(internal)?;
        let mut args: Vec<BasicMetadataValueEnum> =
            given.iter().take(3).map(|&v| v.into()).collect();
        args.extend(addresses.iter().copied());
        let flag: IntValue = i32t.const_int(posix as u64, false);
        args.push(flag.into());
        match long {
            Long::None => {
                args.push(ptr.const_null().into());
                args.push(ptr.const_null().into());
            }
            Long::Double | Long::Single => {
                args.extend(
                    given
                        .iter()
                        .skip(3)
                        .map(|&v| BasicMetadataValueEnum::from(v)),
                );
            }
        }
        args.push(i32t.const_int((long == Long::Single) as u64, false).into());
        builder.position_before(&call);
        let site = builder
            .build_call(getopt, &args, "getopt")
            .map_err(|e| internal(e.to_string()))?;
        let made = match site.try_as_basic_value() {
            ValueKind::Basic(v) => v.as_instruction_value(),
            ValueKind::Instruction(i) => Some(i),
        }
        .ok_or_else(|| internal("the new call is not an instruction".into()))?;
        set_debug_loc(made, debug_loc(call));
        call.replace_all_uses_with(&made);
        call.erase_from_basic_block();
    }
    Ok(())
}
