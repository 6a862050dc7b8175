//! `--stub`: definitions of library functions the program calls without
//! their source (libpng, HDF5, X11, BLAS...), compiled and linked with the
//! program like its own files. A stub is a C file of the user's or one the
//! project bundles (`stubs/` at the top of the repository, embedded here
//! as `mpi.h` is), named by the library (`--stub png`).
//!
//! Headers: the bundled libraries' headers (`png.h`, `hdf5.h`,
//! `X11/Xlib.h`, `cblas.h`) and `mpi_verify.h` (what a stub calls to
//! return an input) are always at the end of the include path
//! (`-idirafter`), so that a program whose system lacks one still
//! compiles (its calls then stop the check, naming the stub to use); a
//! requested bundle's headers come first (`-I`), because its definitions
//! are written against them.

use std::path::{Path, PathBuf};

use crate::error::ExtractError;

/// A bundled stub: its C sources and the headers they and the program
/// compile against (paths relative to an include directory).
struct Bundle {
    name: &'static str,
    what: &'static str,
    sources: &'static [(&'static str, &'static str)],
    headers: &'static [(&'static str, &'static str)],
}

macro_rules! bundled {
    ($path:literal) => {
        ($path, include_str!(concat!("../../stubs/", $path)))
    };
}

const BUNDLES: &[Bundle] = &[
    Bundle {
        name: "png",
        what: "libpng's writing API",
        sources: &[bundled!("png/png_stub.c")],
        headers: &[bundled!("png/png.h")],
    },
    Bundle {
        name: "hdf5",
        what: "HDF5's file-writing subset",
        sources: &[bundled!("hdf5/hdf5_stub.c")],
        headers: &[bundled!("hdf5/hdf5.h")],
    },
    Bundle {
        name: "x11",
        what: "X11 drawing, as no-ops",
        sources: &[bundled!("x11/x11_stub.c")],
        headers: &[bundled!("x11/X11/Xlib.h"), bundled!("x11/X11/Xutil.h")],
    },
    Bundle {
        name: "blas",
        what: "C reference BLAS, levels 1 to 3, and the cblas_ forms",
        sources: &[bundled!("blas/blas_stub.c")],
        headers: &[bundled!("blas/cblas.h")],
    },
    Bundle {
        name: "timers",
        what: "process timers (getrusage, times) reading zero",
        sources: &[bundled!("timers/timers_stub.c")],
        headers: &[],
    },
];

/// `mpi_verify.h`: what a stub may call to return a value the check
/// treats as an input.
const MPI_VERIFY_HEADER: &str = include_str!("../../stubs/mpi_verify.h");

/// The stubs of one extraction, written to a temporary directory that
/// lives as long as this value.
pub struct Stubs {
    _dir: tempfile::TempDir,
    /// Sources to compile and link with the program's.
    pub sources: Vec<PathBuf>,
    /// Include directories and the path mapping that names bundled
    /// sources `stubs/<name>/...` in reports, for clang, before the user's.
    pub clang_args: Vec<String>,
}

/// The names `--stub` accepts besides files, with what each defines.
fn bundle_names() -> Vec<String> {
    BUNDLES
        .iter()
        .map(|b| format!("{} ({})", b.name, b.what))
        .collect()
}

/// The bundled stub that defines `function`, if any (for the hint of a
/// call without source).
pub fn bundle_defining(function: &str) -> Option<&'static str> {
    let call = format!("{function}(");
    BUNDLES
        .iter()
        .find(|b| b.sources.iter().any(|(_, text)| text.contains(&call)))
        .map(|b| b.name)
}

/// Resolves `specs` (files or bundle names) and writes what they need.
pub fn prepare(specs: &[String]) -> Result<Stubs, ExtractError> {
    let dir = tempfile::Builder::new()
        .prefix("mpi-extract-stubs")
        .tempdir()
        .map_err(|e| ExtractError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let write = |path: &Path, text: &str| {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(path, text)
    };
    let internal = |e: std::io::Error| ExtractError::Internal(format!("cannot write a stub: {e}"));
    // Every bundle's headers, last on the include path.
    let fallback = dir.path().join("fallback");
    write(&fallback.join("mpi_verify.h"), MPI_VERIFY_HEADER).map_err(internal)?;
    for b in BUNDLES {
        for (path, text) in b.headers {
            write(&fallback.join(strip_bundle(path)), text).map_err(internal)?;
        }
    }
    let mut stubs = Stubs {
        sources: Vec::new(),
        clang_args: Vec::new(),
        _dir: dir,
    };
    let root = stubs._dir.path().to_path_buf();
    for spec in specs {
        if let Some(b) = BUNDLES.iter().find(|b| b.name == spec.as_str()) {
            let bundle = root.join("bundles");
            let include = bundle.join(b.name).join("include");
            for (path, text) in b.headers {
                write(&include.join(strip_bundle(path)), text).map_err(internal)?;
            }
            for (path, text) in b.sources {
                let at = bundle.join(path);
                write(&at, text).map_err(internal)?;
                stubs.sources.push(at);
            }
            if !b.headers.is_empty() {
                stubs.clang_args.push("-I".into());
                stubs.clang_args.push(include.display().to_string());
            }
            continue;
        }
        let path = PathBuf::from(spec);
        if !path.exists() && !spec.contains('/') && !spec.ends_with(".c") {
            return Err(ExtractError::Input(format!(
                "--stub {spec}: no such file, and no bundled stub of that name (the bundled ones: {})",
                bundle_names().join(", ")
            )));
        }
        stubs.sources.push(path);
    }
    // Bundled sources read `stubs/png/png_stub.c` in reports, not a
    // temporary path.
    stubs.clang_args.push(format!(
        "-fdebug-prefix-map={}=stubs",
        root.join("bundles").display()
    ));
    stubs.clang_args.push("-idirafter".into());
    stubs.clang_args.push(fallback.display().to_string());
    Ok(stubs)
}

/// `png/png.h` → `png.h`, `x11/X11/Xlib.h` → `X11/Xlib.h`: a header's path
/// below its bundle's directory.
fn strip_bundle(path: &str) -> &str {
    path.split_once('/').map_or(path, |(_, rest)| rest)
}
