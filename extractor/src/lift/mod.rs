//! Lifting: the linked, `mem2reg`-ed LLVM module to a [`Model`].
//!
//! Starting from `main`, every function reachable through direct calls or
//! whose address is taken is lifted, and every global the lifted code (or a
//! lifted initializer) refers to. Modules, by job:
//! - `ir`: the read-only view of LLVM IR (the only `unsafe` code);
//! - `symbols`: which functions and globals go into the model, and their ids;
//! - `function`: registers and blocks of one function;
//! - `instructions`, `terminators`, `calls`, `intrinsics`: one LLVM
//!   instruction to model instructions;
//! - `aggregates`: struct and array values (small structs returned by
//!   value), held in memory;
//! - `gep`, `values`, `globals`, `types`: addresses, constants, initial
//!   bytes and register types;
//! - `debug_loc`: source positions and the location table.
//!
//! An unsupported construct in a function body does not fail lifting: it
//! becomes an `InstKind::Unsupported` placeholder that ends its block, so the
//! check is inconclusive only if an execution reaches it. What cannot wait
//! (globals' initial values, the program's start) still fails.

mod aggregates;
mod calls;
pub mod cxx;
mod debug_loc;
mod eh;
mod function;
mod gep;
mod globals;
mod instructions;
mod intrinsics;
mod ir;
mod long_double;
pub mod portability;
mod symbols;
mod terminators;
mod types;
mod values;

#[cfg(test)]
mod tests;

use runtime_model::model::{ExtractStats, Model, MODEL_FORMAT, MODEL_VERSION};

use crate::error::ExtractError;
use debug_loc::Locations;
use ir::Layout;
use symbols::Symbols;

/// What the whole-module parts of lifting share.
pub struct ModuleCx<'m> {
    layout: Layout,
    symbols: Symbols<'m>,
    locations: Locations,
    /// Whether the program's code has a C++ handler that may catch an
    /// exception (`cxx::program_catches`).
    catches: bool,
    /// The C++ runtime's exception handling, when exceptions are lowered
    /// (`eh.rs`: a program with a handler of its own).
    eh: Option<eh::EhRuntime<'m>>,
}

/// Lifts `module` into a model whose entry is `main`. Functions are not yet
/// inlined and nothing is sliced; `stats` is left empty.
pub fn lift_module(module: &inkwell::module::Module<'_>) -> Result<Model, ExtractError> {
    let module = ir::Module::new(module);
    let main = module
        .function("main")
        .filter(|f| !f.is_declaration())
        .ok_or_else(|| ExtractError::Input("no `main` function in the given sources".into()))?;
    let mut cx = ModuleCx {
        layout: module.layout(),
        symbols: Symbols::default(),
        locations: Locations::default(),
        catches: cxx::program_catches(&module),
        eh: None,
    };
    if cx.catches {
        cx.eh = eh::EhRuntime::new(&module);
    }
    let entry = cx.symbols.function_id(main);
    // Constructors run before main in ascending priority; destructors after
    // main (and the atexit handlers) in descending priority, those of equal
    // priority in reverse order of registration (the C runtime's
    // .init_array / .fini_array order).
    let mut ctors = structors(&module, "llvm.global_ctors");
    ctors.sort_by_key(|(prio, at, _)| (*prio, *at));
    let mut dtors = structors(&module, "llvm.global_dtors");
    dtors.sort_by_key(|(prio, at, _)| (std::cmp::Reverse(*prio), std::cmp::Reverse(*at)));
    let init_functions = ctors
        .into_iter()
        .map(|(_, _, f)| cx.symbols.function_id(f))
        .collect();
    let exit_functions = dtors
        .into_iter()
        .map(|(_, _, f)| cx.symbols.function_id(f))
        .collect();

    // Lifting a function or an initializer can discover more of both, so
    // drain the two lists until neither grows.
    let mut functions = Vec::new();
    let mut globals = Vec::new();
    loop {
        if let Some(f) = cx.symbols.function(functions.len()) {
            functions.push(if f.is_declaration() {
                cxx::undefined_function(&mut cx, f)?
            } else {
                function::lift_function(&mut cx, f)?
            });
        } else if let Some(g) = cx.symbols.global(globals.len()) {
            globals.push(globals::lift_global(&mut cx, g)?);
        } else {
            break;
        }
    }

    let (files, locations) = cx.locations.into_tables();
    Ok(Model {
        format: MODEL_FORMAT.to_string(),
        version: MODEL_VERSION,
        files,
        locations,
        globals,
        functions,
        entry,
        init_functions,
        exit_functions,
        portability: Vec::new(),
        stats: ExtractStats::default(),
        assumed_to_return: Vec::new(),
    })
}

/// The (priority, position, function) entries of `llvm.global_ctors` or
/// `llvm.global_dtors`: an array of `{ i32 priority, ptr function, ptr data }`.
fn structors<'m>(module: &ir::Module<'m>, name: &str) -> Vec<(u64, usize, ir::Value<'m>)> {
    let Some(init) = module.global(name).and_then(|g| g.initializer()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(entry) = init.const_element(i) {
        let prio = entry
            .const_element(0)
            .and_then(|p| p.const_int_zext())
            .unwrap_or(65535);
        if let Some(f) = entry
            .const_element(1)
            .filter(|f| f.kind() == ir::LLVMValueKind::LLVMFunctionValueKind)
        {
            out.push((prio, i as usize, f));
        }
        i += 1;
    }
    out
}
