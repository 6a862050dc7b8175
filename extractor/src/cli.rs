//! The command line (a stable contract: scripts and CI depend on it).

use std::path::PathBuf;

use clap::Parser;

pub use runtime_model::generate::{generate, Generate};

/// Compiles C MPI programs with clang-19 and writes the model `mpi-check`
/// explores.
#[derive(Parser, Debug)]
#[command(
    name = "mpi-extract",
    version,
    after_help = "Exit status:\n  0  the model was written (unsupported code that may never run is a warning)\n  3  no model: bad flag, missing file, C errors, or code that cannot be modeled"
)]
pub struct Cli {
    /// C source files of the program (linked together; one defines `main`).
    #[arg(required_unless_present = "generate", value_name = "SOURCE")]
    pub sources: Vec<PathBuf>,

    /// Where to write the model.
    #[arg(short, long, value_name = "FILE", default_value = "mpi-model.json")]
    pub output: PathBuf,

    /// Keep every instruction instead of slicing to what influences MPI
    /// calls, control flow and assertions, so that every memory access
    /// (including those only feeding printf) is checked.
    #[arg(long)]
    pub no_slice: bool,

    /// Reject the old C that gcc still accepts with a warning (implicit
    /// function declarations and `int`, integer/pointer conversions,
    /// incompatible pointer types), as clang 19 does by default. Without
    /// this flag they are warnings, so that programs built for years with
    /// `mpicc` extract as they compile.
    #[arg(long)]
    pub strict_c: bool,

    /// Definitions of library functions the program calls without their
    /// source, compiled and linked with the program: a C file, or a bundled
    /// stub by name (`png`, `hdf5`, `x11`, `blas`, `timers`; its headers
    /// then come first on the include path). A stub may return values the
    /// check treats as inputs (`#include <mpi_verify.h>`). Repeatable.
    #[arg(long = "stub", value_name = "FILE.c|NAME")]
    pub stubs: Vec<String>,

    /// Compile each source with the preprocessor and language flags
    /// (`-D`, `-U`, `-I`, `-isystem`, `-include`, `-std=`) of its entry in
    /// DIR/compile_commands.json (a JSON compilation database, as CMake's
    /// `CMAKE_EXPORT_COMPILE_COMMANDS` or Bear write it; DIR may also name
    /// the file). Flags after `--` come after them.
    #[arg(short = 'p', long, value_name = "DIR")]
    pub compile_commands: Option<PathBuf>,

    /// Mark the calls to functions without source whose names match
    /// PATTERN (`*` and `?` globs) as assumed to have no effect: they write
    /// no memory the program sees and return 0 or an opaque object
    /// (mpi-check reports each assumption). Repeatable.
    #[arg(long = "assume-no-effect", value_name = "PATTERN")]
    pub assume_no_effect: Vec<String>,

    /// Write a man page or a shell completion script to standard output
    /// and exit (`mpi-extract --generate bash > /etc/bash_completion.d/mpi-extract`).
    #[arg(long, value_enum, value_name = "WHAT")]
    pub generate: Option<Generate>,

    /// Extra arguments for clang (e.g. `-DN=4 -Iinclude`).
    #[arg(last = true, value_name = "CLANG_ARGS")]
    pub clang_args: Vec<String>,
}
