//! Portability notes: constructs the C++ standard leaves to the
//! implementation, found by clang, kept where they shape an MPI call's
//! arguments.
//!
//! `offsetof` on a class that is not standard-layout (a virtual function,
//! data members under different access levels, a base with data) is only
//! conditionally-supported (C++17 [support.types.layout]/1): g++ and clang
//! give the offset of this compiler's layout, with `-Winvalid-offsetof`,
//! and other compilers may refuse it. The program is checked with the
//! layout clang chose; the note says which MPI datatype depends on it.

use std::path::Path;

use runtime_model::model::{LocId, Location, Model, PortabilityNote};

use super::debug_loc::{self, SourcePos};
use super::ir;
use crate::compile::ClangWarning;

/// MPI constructors whose displacements are byte offsets (`MPI_Aint`),
/// what `offsetof` computes (MPI 3.1 §4.1.2–§4.1.3, §4.1.7).
const BYTE_DISPLACEMENT_CONSTRUCTORS: &[&str] = &[
    "MPI_Type_create_struct",
    "MPI_Type_create_hindexed",
    "MPI_Type_create_hindexed_block",
    "MPI_Type_struct",
    "MPI_Type_hindexed",
];

/// One note per (class, function) whose `offsetof` uses clang warned about
/// and whose function builds an MPI datatype from byte displacements.
pub fn offsetof_notes(
    module: &inkwell::module::Module<'_>,
    warnings: &[ClangWarning],
    model: &mut Model,
) {
    let module = ir::Module::new(module);
    let functions: Vec<Extent<'_>> = module
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .filter_map(Extent::of)
        .collect();
    // (function index, construct) -> note index, in order of first use.
    let mut seen: Vec<(usize, String, usize)> = Vec::new();
    for w in warnings {
        let Some(fi) = enclosing(&functions, w) else {
            continue;
        };
        let construct = construct_of(&w.message);
        if let Some((_, _, note)) = seen.iter().find(|(f, c, _)| *f == fi && *c == construct) {
            model.portability[*note].more += 1;
            continue;
        }
        let f = &functions[fi];
        let feeds: Vec<(String, SourcePos)> = f
            .func
            .blocks()
            .into_iter()
            .flat_map(|b| b.instructions())
            .filter_map(|inst| {
                let callee = inst.called_value()?.name();
                BYTE_DISPLACEMENT_CONSTRUCTORS
                    .contains(&callee.as_str())
                    .then(|| (callee, debug_loc::instruction_pos(inst, f.func)))
            })
            .collect();
        if feeds.is_empty() {
            continue;
        }
        let name = f.func.name();
        let at = SourcePos {
            file: f.file.clone(),
            line: w.line,
            column: 0,
        };
        let note = PortabilityNote {
            construct,
            at: intern(model, &at, &name),
            more: 0,
            feeds: feeds
                .iter()
                .map(|(callee, pos)| (callee.clone(), intern(model, pos, &name)))
                .collect(),
            rule: "C++17 [support.types.layout]/1: offsetof on a class that is not \
                   standard-layout is conditionally-supported"
                .to_string(),
            help: "take the displacements with MPI_Get_address on an object's members and \
                   subtract the object's address (MPI 3.1 §4.1.5), or make the class \
                   standard-layout"
                .to_string(),
        };
        seen.push((fi, note.construct.clone(), model.portability.len()));
        model.portability.push(note);
    }
}

/// A defined function's file and the lines its code spans.
struct Extent<'m> {
    func: ir::Value<'m>,
    file: String,
    first: u32,
    last: u32,
}

impl<'m> Extent<'m> {
    fn of(func: ir::Value<'m>) -> Option<Self> {
        let start = func.subprogram_loc()?;
        let last = func
            .blocks()
            .into_iter()
            .flat_map(|b| b.instructions())
            .filter_map(|i| i.debug_loc())
            .filter(|d| d.file == start.file)
            .map(|d| d.line)
            .max()
            .unwrap_or(start.line);
        Some(Extent {
            func,
            file: start.file,
            first: start.line,
            last,
        })
    }
}

/// The function whose lines hold the warning: the innermost (latest
/// starting) one of its file that starts before it and has code after it.
fn enclosing(functions: &[Extent<'_>], w: &ClangWarning) -> Option<usize> {
    functions
        .iter()
        .enumerate()
        .filter(|(_, f)| f.first <= w.line && w.line <= f.last && same_file(&f.file, &w.file))
        .max_by_key(|(_, f)| f.first)
        .map(|(i, _)| i)
}

/// Whether a debug-information path and a path clang printed name one file.
fn same_file(debug: &str, printed: &Path) -> bool {
    match (Path::new(debug).canonicalize(), printed.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => Path::new(debug) == printed,
    }
}

/// `offsetof on the non-standard-layout class 'Particle'` from clang's
/// `offset of on non-standard-layout type 'Particle'`.
fn construct_of(message: &str) -> String {
    let class = message
        .split_once('\'')
        .and_then(|(_, rest)| rest.split_once('\''))
        .map(|(name, _)| name);
    match class {
        Some(name) => format!("offsetof on the non-standard-layout class '{name}'"),
        None => message.to_string(),
    }
}

/// The model's location of `pos` in `function`, added to its tables if new.
fn intern(model: &mut Model, pos: &SourcePos, function: &str) -> LocId {
    let file = match model.files.iter().position(|f| *f == pos.file) {
        Some(i) => i as u32,
        None => {
            model.files.push(pos.file.clone());
            (model.files.len() - 1) as u32
        }
    };
    let loc = Location {
        file,
        line: pos.line,
        column: pos.column,
        inlined_at: None,
        function: Some(super::cxx::short_name(function)),
    };
    match model.locations.iter().position(|l| *l == loc) {
        Some(i) => i as LocId,
        None => {
            model.locations.push(loc);
            (model.locations.len() - 1) as LocId
        }
    }
}

#[cfg(test)]
mod tests {
    use super::construct_of;

    #[test]
    fn names_the_class_clang_warned_about() {
        assert_eq!(
            construct_of("offset of on non-standard-layout type 'Particle'"),
            "offsetof on the non-standard-layout class 'Particle'"
        );
        assert_eq!(construct_of("something else"), "something else");
    }
}
