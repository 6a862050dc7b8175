//! C and C++ sources to one LLVM module in SSA form: clang-19 (clang++-19
//! for C++) per source, link, drop `optnone`, run `mem2reg`.

use std::path::{Path, PathBuf};
use std::process::Command;

use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::support::LLVMString;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::OptimizationLevel;

use crate::error::ExtractError;

/// The project's `mpi.h` (MPICH-compatible handle values), compiled into
/// the binary so that no MPI installation is needed.
const MPI_HEADER: &str = include_str!("../include/mpi.h");

/// The project's `omp.h`: the OpenMP API's declarations, so that a hybrid
/// program compiles without an OpenMP runtime installed.
const OMP_HEADER: &str = include_str!("../include/omp.h");

const CLANG: &str = "clang-19";
const CLANGXX: &str = "clang++-19";

/// The language a source is compiled as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    C,
    Cxx,
}

/// Extensions gcc and clang compile as C++ (`.C` is C++ on a case-sensitive
/// file system, as `g++` reads it).
const CXX_EXTENSIONS: &[&str] = &["cpp", "cc", "cxx", "C", "c++", "cp", "CPP"];

/// Whether `path` names a C++ source by its extension.
pub fn is_cxx_source(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| CXX_EXTENSIONS.contains(&e))
}

/// The language of `source`: C++ by its extension or when the user's clang
/// arguments say `-x c++` (which clang applies to every file after it).
pub fn language(source: &Path, clang_args: &[String]) -> Language {
    let forced_cxx = clang_args
        .windows(2)
        .any(|w| w[0] == "-x" && (w[1] == "c++" || w[1] == "c++-header"))
        || clang_args.iter().any(|a| a == "-xc++");
    if forced_cxx || is_cxx_source(source) {
        Language::Cxx
    } else {
        Language::C
    }
}

/// The functions of libstdc++'s shared library a C++ program reaches (the
/// iostreams' formatting, the streams' set-up), written for the model: see
/// the file's comment. Compiled and linked with every C++ program.
const CXX_RUNTIME: &str = include_str!("../runtime/cxxrt.cpp");

/// libstdc++ declares most members of `std::string`, the streams and the
/// locale facets `extern template`, so that programs call the copies in
/// its shared library, which the model does not have. This header wraps
/// the real configuration header (found first through `-I`) and turns those
/// declarations off: templates the program uses are instantiated into it
/// and lifted like its own code.
const CXX_CONFIG_WRAPPER: &str = "\
/* mpi-extract: libstdc++'s configuration, with extern templates off. */
#include_next <bits/c++config.h>
#undef _GLIBCXX_EXTERN_TEMPLATE
#define _GLIBCXX_EXTERN_TEMPLATE 0
";

/// Diagnostics that clang 19 makes errors by default but gcc 12 (the
/// compiler behind many `mpicc`s) only warns about: old C that MPI codes
/// still contain (a `memset` without `<string.h>`, `static counter = 0;`,
/// an address kept in a `long`). They stay warnings, printed in clang's
/// `file:line:col` form; `--strict-c` makes them errors again. They come
/// before the user's clang arguments, so a `-Werror=...` there wins. The
/// semantics is C's: an implicitly declared function returns `int`, and
/// clang knows the real prototype of the C library's functions anyway.
const GCC_LENIENCE: &[&str] = &[
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type",
];

/// Compiles and links `sources` into one module of `context`, ready to lift.
#[cfg(test)]
pub fn compile<'ctx>(
    context: &'ctx Context,
    sources: &[PathBuf],
    clang_args: &[String],
    strict_c: bool,
) -> Result<Module<'ctx>, ExtractError> {
    compile_noting(context, sources, clang_args, strict_c).map(|(module, _)| module)
}

/// A warning of clang's that names a portability question the checker
/// reports where it feeds an MPI call (`-Winvalid-offsetof`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClangWarning {
    pub file: PathBuf,
    pub line: u32,
    /// Clang's text, without the position and the flag.
    pub message: String,
}

/// The flags of the warnings kept as [`ClangWarning`]s.
const NOTED_WARNINGS: &[&str] = &["-Winvalid-offsetof"];

/// [`compile`], with the warnings of [`NOTED_WARNINGS`] clang gave.
pub fn compile_noting<'ctx>(
    context: &'ctx Context,
    sources: &[PathBuf],
    clang_args: &[String],
    strict_c: bool,
) -> Result<(Module<'ctx>, Vec<ClangWarning>), ExtractError> {
    let mut warnings = Vec::new();
    for source in sources {
        check_readable(source)?;
        check_language(source)?;
    }
    let work = tempfile::Builder::new()
        .prefix("mpi-extract")
        .tempdir()
        .map_err(|e| ExtractError::Internal(format!("cannot create a temporary directory: {e}")))?;
    let include = work.path().join("include");
    std::fs::create_dir(&include)
        .and_then(|()| std::fs::write(include.join("mpi.h"), MPI_HEADER))
        .and_then(|()| std::fs::write(include.join("omp.h"), OMP_HEADER))
        .and_then(|()| std::fs::create_dir(include.join("bits")))
        .and_then(|()| std::fs::write(include.join("bits/c++config.h"), CXX_CONFIG_WRAPPER))
        .map_err(|e| ExtractError::Internal(format!("cannot write mpi.h: {e}")))?;
    // A hybrid MPI + OpenMP program is compiled as `mpicc -fopenmp` would:
    // its pragmas become parallel regions the checker runs as threads.
    let openmp = sources.iter().any(|s| uses_openmp(s));

    let mut units: Vec<(PathBuf, Language, Vec<String>)> = sources
        .iter()
        .map(|s| (s.clone(), language(s, clang_args), clang_args.to_vec()))
        .collect();
    if units.iter().any(|(_, lang, _)| *lang == Language::Cxx) {
        let runtime = work.path().join("mpi-verify-cxxrt.cpp");
        std::fs::write(&runtime, CXX_RUNTIME)
            .map_err(|e| ExtractError::Internal(format!("cannot write the C++ runtime: {e}")))?;
        // Its own flags: no debug information (a step inside it is shown
        // at the program's call), nothing of the program's.
        units.push((runtime, Language::Cxx, vec!["-g0".to_string()]));
    }
    let mut linked: Option<Module<'ctx>> = None;
    for (i, (source, lang, args)) in units.iter().enumerate() {
        let bitcode = work.path().join(format!("{i}.bc"));
        let diagnostics = run_clang(source, *lang, &include, args, strict_c, openmp, &bitcode)?;
        warnings.extend(noted_warnings(&diagnostics));
        let module = Module::parse_bitcode_from_path(&bitcode, context).map_err(|e| {
            ExtractError::Internal(format!(
                "cannot read clang's output for {}: {}",
                source.display(),
                llvm_message(&e)
            ))
        })?;
        match &linked {
            None => linked = Some(module),
            Some(into) => into.link_in_module(module).map_err(|e| {
                ExtractError::Input(format!(
                    "cannot link {}: {}",
                    source.display(),
                    llvm_message(&e)
                ))
            })?,
        }
    }
    let module = linked.ok_or_else(|| ExtractError::Input("no source files given".into()))?;
    to_ssa(&module)?;
    // After mem2reg, which would verify nothing here but need not see the
    // sorts (they are built in SSA form already).
    crate::sort::expand_library_calls(&module)?;
    Ok((module, warnings))
}

/// The warnings of [`NOTED_WARNINGS`] among clang's diagnostics: lines
/// `FILE:LINE:COLUMN: warning: MESSAGE [-WFLAG]`.
fn noted_warnings(diagnostics: &str) -> Vec<ClangWarning> {
    diagnostics
        .lines()
        .filter_map(|line| {
            let (head, flag) = line.strip_suffix(']')?.rsplit_once(" [")?;
            if !NOTED_WARNINGS.contains(&flag) {
                return None;
            }
            let (position, message) = head.split_once(": warning: ")?;
            let mut parts = position.rsplitn(3, ':');
            let _column: u32 = parts.next()?.parse().ok()?;
            let line: u32 = parts.next()?.parse().ok()?;
            let file = PathBuf::from(parts.next()?);
            Some(ClangWarning {
                file,
                line,
                message: message.to_string(),
            })
        })
        .collect()
}

/// An LLVM error message as plain text (`LLVMString`'s `Display` quotes
/// and escapes it).
fn llvm_message(e: &LLVMString) -> String {
    e.to_string_lossy().trim_end().to_string()
}

/// Fails with the OS's reason (e.g. "No such file or directory") if `path`
/// cannot be opened, before clang gets a chance to word it differently.
fn check_readable(path: &Path) -> Result<(), ExtractError> {
    std::fs::File::open(path).map(drop).map_err(|e| {
        ExtractError::Input(format!("cannot read {}: {}", path.display(), io_reason(&e)))
    })?;
    if path.is_dir() {
        return Err(ExtractError::Input(format!(
            "{} is a directory: mpi-extract reads C and C++ sources (.c, .cpp, .cc, .cxx, .C, .c++; with CMake, `-p build` takes the flags of build/compile_commands.json)",
            path.display()
        )));
    }
    Ok(())
}

/// Refuses a file that is plainly not C or C++ by its extension (a
/// Fortran source, an object file, a model), naming what was expected:
/// compiled as C (`-x c`), it would fail with a syntax error far from the
/// cause, or, when empty, with "no `main`". Other extensions (`.inc`, `.h`,
/// none) are compiled as C, as `mpicc` would.
fn check_language(path: &Path) -> Result<(), ExtractError> {
    let Some(ext) = path.extension().and_then(|e| e.to_str()) else {
        return Ok(());
    };
    let what = match ext {
        "f" | "for" | "ftn" | "f77" | "f90" | "f95" | "f03" | "f08" | "F" | "FOR" | "F77"
        | "F90" | "F95" | "F03" | "F08" => "a Fortran source",
        "o" | "a" | "so" | "obj" | "lib" | "dylib" => "an object file or library",
        "bc" | "ll" => "LLVM code (mpi-extract compiles the sources itself)",
        "json" => "a model or a JSON file (mpi-check reads models)",
        "py" | "cu" | "rs" | "java" | "go" => "a source in another language",
        _ => return Ok(()),
    };
    Err(ExtractError::Input(format!(
        "{} is {what}: mpi-extract reads C and C++ sources (.c, .cpp, .cc, .cxx, .C, .c++)",
        path.display()
    )))
}

/// The OS message without Rust's " (os error N)" suffix.
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// Whether the source has an OpenMP directive (`#pragma omp`, also with
/// spaces after `#`), so that it is compiled with `-fopenmp`. A header the
/// source includes is not read: its directives would need the sources'
/// own to run anyway (`-fopenmp` among the clang arguments forces it).
fn uses_openmp(source: &Path) -> bool {
    let Ok(text) = std::fs::read(source) else {
        return false;
    };
    String::from_utf8_lossy(&text).lines().any(|line| {
        let mut words = line
            .trim_start()
            .strip_prefix('#')
            .unwrap_or("")
            .split_whitespace();
        words.next() == Some("pragma") && words.next() == Some("omp")
    })
}

fn run_clang(
    source: &Path,
    lang: Language,
    include: &Path,
    clang_args: &[String],
    strict_c: bool,
    openmp: bool,
    output: &Path,
) -> Result<String, ExtractError> {
    let compiler = match lang {
        Language::C => CLANG,
        Language::Cxx => CLANGXX,
    };
    let mut cmd = Command::new(compiler);
    if !strict_c && lang == Language::C {
        cmd.args(GCC_LENIENCE);
    }
    if openmp {
        cmd.arg("-fopenmp");
    }
    // -O0 keeps the code close to the source; `-disable-O0-optnone` lets
    // mem2reg run on it anyway. The project's include directory comes first
    // so its mpi.h (with MPICH's handle values, which the checker relies
    // on) wins over any system MPI header. `-x c` makes clang treat every
    // source as C whatever its extension, so a wrong file gets clang's
    // error instead of being silently ignored as a linker input.
    cmd.args([
        "-g",
        "-O0",
        "-Xclang",
        "-disable-O0-optnone",
        "-fno-discard-value-names",
        // glibc's <ctype.h> otherwise turns isdigit(c) and friends into
        // lookups in a table the C library owns; as calls, the checker
        // models them.
        "-D__NO_CTYPE",
        // Lets programs shrink problem sizes under verification (README).
        "-DMPI_VERIFY=1",
    ])
    .args(["-emit-llvm", "-c"])
    .arg("-I")
    .arg(include);
    // In a program of C and C++ files, a `-std=` for one language is not
    // given to the compiler of the other (as a build would use CFLAGS and
    // CXXFLAGS).
    let own_standard = |a: &&String| match a.strip_prefix("-std=") {
        Some(std) => std.contains("++") == (lang == Language::Cxx),
        None => true,
    };
    let clang_args: Vec<&String> = clang_args.iter().filter(own_standard).collect();
    if lang == Language::Cxx {
        // What g++ 12 (mpicxx) compiles by default, unless the user says.
        if !clang_args.iter().any(|a| a.starts_with("-std=")) {
            cmd.arg("-std=gnu++17");
        }
        // A static local is initialized under a guard byte the code tests
        // itself, instead of through the C++ runtime's lock: a process of
        // the model runs one thread at a time, so both are the same.
        cmd.arg("-fno-threadsafe-statics");
    }
    cmd.args(clang_args)
        .args(["-x", if lang == Language::Cxx { "c++" } else { "c" }])
        .arg(source)
        .arg("-o")
        .arg(output);
    let out = cmd.output().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ExtractError::Input(format!(
            "{compiler} not found: install clang-19 (e.g. `apt install clang-19`) and make sure it is on PATH"
        )),
        _ => ExtractError::Input(format!("cannot run {compiler}: {}", io_reason(&e))),
    })?;
    let diagnostics = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(ExtractError::Compile(abridge(&diagnostics)));
    }
    // Warnings are the user's business; pass them on unchanged.
    if !diagnostics.trim().is_empty() {
        eprint!("{diagnostics}");
    }
    Ok(diagnostics.into_owned())
}

/// Clang's diagnostics for a file that is not C (a binary, say) can run to
/// thousands of lines, each echoing a line of the file; the first ones say
/// what is wrong.
fn abridge(diagnostics: &str) -> String {
    const MAX_LINES: usize = 40;
    const MAX_LINE_CHARS: usize = 300;
    let lines: Vec<&str> = diagnostics.trim_end().lines().collect();
    let mut out: Vec<String> = lines
        .iter()
        .take(MAX_LINES)
        .map(|line| match line.char_indices().nth(MAX_LINE_CHARS) {
            Some((cut, _)) => format!("{} ...", &line[..cut]),
            None => line.to_string(),
        })
        .collect();
    if lines.len() > MAX_LINES {
        out.push(format!("... ({} more lines)", lines.len() - MAX_LINES));
    }
    out.join("\n")
}

/// Promotes locals to SSA registers. clang marks `-O0` functions `optnone`,
/// which would make `mem2reg` skip them, so that attribute goes first.
fn to_ssa(module: &Module<'_>) -> Result<(), ExtractError> {
    let optnone = Attribute::get_named_enum_kind_id("optnone");
    for f in module.get_functions() {
        f.remove_enum_attribute(AttributeLoc::Function, optnone);
    }
    let machine = target_machine()?;
    module
        .run_passes("mem2reg", &machine, PassBuilderOptions::create())
        .map_err(|e| ExtractError::Internal(format!("mem2reg failed: {}", llvm_message(&e))))
}

fn target_machine() -> Result<TargetMachine, ExtractError> {
    Target::initialize_native(&InitializationConfig::default()).map_err(|e| {
        ExtractError::Internal(format!("cannot initialize LLVM's native target: {e}"))
    })?;
    let triple = TargetMachine::get_default_triple();
    let target = Target::from_triple(&triple).map_err(|e| {
        ExtractError::Internal(format!("no LLVM target for {triple}: {}", llvm_message(&e)))
    })?;
    target
        .create_target_machine(
            &triple,
            "generic",
            "",
            OptimizationLevel::None,
            RelocMode::Default,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            ExtractError::Internal(format!("cannot create a target machine for {triple}"))
        })
}

#[cfg(test)]
mod noted_tests {
    use super::noted_warnings;

    #[test]
    fn keeps_only_the_noted_warnings_with_their_positions() {
        let diagnostics = "\
src/p.cpp:9:17: warning: offset of on non-standard-layout type 'P' [-Winvalid-offsetof]
    9 |   long d = offsetof(P, x);
src/p.cpp:12:3: warning: unused variable 'k' [-Wunused-variable]
/usr/lib/llvm-19/lib/clang/19/include/__stddef_offsetof.h:16:24: note: expanded from macro 'offsetof'
";
        let w = noted_warnings(diagnostics);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].file, std::path::PathBuf::from("src/p.cpp"));
        assert_eq!(w[0].line, 9);
        assert_eq!(w[0].message, "offset of on non-standard-layout type 'P'");
    }
}

#[cfg(test)]
mod language_tests {
    use super::check_language;
    use std::path::Path;

    #[test]
    fn names_what_a_file_of_another_language_is() {
        for ok in ["p.c", "p.cpp", "p.cc", "util.inc", "prog", "k.h"] {
            assert!(check_language(Path::new(ok)).is_ok(), "{ok}");
        }
        let e = check_language(Path::new("solver.f90"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("solver.f90 is a Fortran source: mpi-extract reads C and C++"),
            "{e}"
        );
        let e = check_language(Path::new("prog.o")).unwrap_err().to_string();
        assert!(e.contains("an object file"), "{e}");
    }
}
