//! The command line (a stable contract: scripts and CI depend on it).

use std::path::PathBuf;

use clap::Parser;

/// Compiles C MPI programs with clang-19 and writes the model `mpi-check`
/// explores.
#[derive(Parser, Debug)]
#[command(name = "mpi-extract", version)]
pub struct Cli {
    /// C source files of the program (linked together; one defines `main`).
    #[arg(required = true, value_name = "SOURCE")]
    pub sources: Vec<PathBuf>,

    /// Where to write the model.
    #[arg(short, long, value_name = "FILE", default_value = "mpi-model.json")]
    pub output: PathBuf,

    /// Keep every instruction instead of slicing to what influences MPI
    /// calls, control flow and assertions, so that every memory access
    /// (including those only feeding printf) is checked.
    #[arg(long)]
    pub no_slice: bool,

    /// Extra arguments for clang (e.g. `-DN=4 -Iinclude`).
    #[arg(last = true, value_name = "CLANG_ARGS")]
    pub clang_args: Vec<String>,
}
