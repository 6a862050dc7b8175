//! Calls to functions outside the program that nothing models (a library
//! without source: libpng, HDF5, X11...). Reached, such a call ends the
//! check inconclusive unless the user gave its definition (`--stub`) or
//! assumed it has no effect (`--assume-no-effect`); the words here say
//! how to go on.

use runtime_model::model::{InstKind, Model, Pointer};

/// Why the check stops at a call to `callee`, and what the user can do.
pub fn no_definition(callee: &str) -> String {
    format!(
        "call to {callee}, which has no source and no model: give its definition \
         with --stub FILE.c{}, or assume it has no effect with --assume-no-effect {callee}",
        bundled_hint(callee)
    )
}

/// The bundled stub (`--stub NAME`) that defines functions named like
/// `callee`, if any: a hint only, the extractor knows the real lists.
fn bundled_hint(callee: &str) -> &'static str {
    const BUNDLES: &[(&str, &str)] = &[
        ("png_", " (or --stub png)"),
        ("H5", " (or --stub hdf5)"),
        ("X", " (or --stub x11)"),
        ("cblas_", " (or --stub blas)"),
    ];
    BUNDLES
        .iter()
        .find(|(prefix, _)| callee.starts_with(prefix))
        .map_or("", |&(_, hint)| hint)
}

/// Why the check stops where the opaque object at `addr` is used as
/// memory (read, written, freed):
/// the function that returned it was assumed to have no effect, which
/// says nothing of what its result holds.
pub fn opaque_access(model: &Model, addr: u64) -> String {
    let callee = Pointer::as_opaque(addr).and_then(|loc| returned_by(model, loc));
    match callee {
        Some(name) => format!(
            "use as memory of the object {name} returned, which --assume-no-effect leaves \
             unknown: give {name}'s definition with --stub FILE.c instead"
        ),
        None => "use as memory of an object a call assumed to have no effect returned".into(),
    }
}

/// The function the foreign call at location `loc` calls.
fn returned_by(model: &Model, loc: u32) -> Option<&str> {
    model
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
        .find_map(|i| match &i.kind {
            InstKind::Foreign { callee, .. } if i.loc == loc => Some(callee.as_str()),
            _ => None,
        })
}
