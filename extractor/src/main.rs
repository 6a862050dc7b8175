//! `mpi-extract`: C MPI program → model file for `mpi-check`.
//!
//! Pipeline (BRIEF "Data flow"): clang-19 → bitcode → `mem2reg` (compile)
//! → model instructions (lift) → inline user functions → cone-of-influence
//! slice (passes) → JSON.

mod cli;
mod compile;
mod error;
mod lift;
mod passes;
mod sort;
mod stubs;

use std::process::ExitCode;

use clap::Parser;
use inkwell::context::Context;
use runtime_model::model::{ExtractStats, InstKind, Model};

use cli::Cli;
use error::ExtractError;

/// Exit status for every failure, "the command could not run" (README,
/// "Exit status"): a bad flag, a missing file, clang errors, unsupported code
/// that cannot wait until it runs (a global initializer). Unsupported code in
/// function bodies is only a warning: the checker stops where it runs.
const EXIT_FAILURE: u8 = 3;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            if matches!(
                e.kind(),
                clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion
            ) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            // One line, like every other failure.
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("bad command line");
            eprintln!(
                "mpi-extract: error: {} (mpi-extract --help lists the options)",
                line.trim_start_matches("error: ")
            );
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    if let Some(what) = cli.generate {
        use clap::CommandFactory;
        return match cli::generate(what, Cli::command()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("mpi-extract: error: cannot write to standard output: {e}");
                ExitCode::from(EXIT_FAILURE)
            }
        };
    }
    // A panic is a bug in this tool, but scripts rely on "3 = could not
    // produce a model", so it must not surface as Rust's exit code 101.
    match std::panic::catch_unwind(|| run(&cli)) {
        Ok(Ok(summary)) => {
            eprintln!("{summary}");
            ExitCode::SUCCESS
        }
        Ok(Err(e)) => {
            eprintln!("{e}");
            ExitCode::from(EXIT_FAILURE)
        }
        Err(_) => {
            eprintln!("internal error: mpi-extract crashed (this is a bug in mpi-extract)");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

/// Runs the pipeline and returns the one-line summary.
fn run(cli: &Cli) -> Result<String, ExtractError> {
    let context = Context::create();
    // Kept until the module is compiled: the stubs' files live in it.
    let stubs = stubs::prepare(&cli.stubs)?;
    let sources: Vec<_> = cli.sources.iter().chain(&stubs.sources).cloned().collect();
    // The database's flags first, so that flags after `--` can add to or
    // override them (clang takes the last -D of a macro and -std).
    let database = match &cli.compile_commands {
        Some(dir) => runtime_model::compile_db::database_flags(dir, &cli.sources)
            .map_err(ExtractError::Input)?,
        None => Vec::new(),
    };
    let clang_args: Vec<String> = stubs
        .clang_args
        .iter()
        .chain(&database)
        .chain(&cli.clang_args)
        .cloned()
        .collect();
    let (module, warnings) =
        compile::compile_noting(&context, &sources, &clang_args, cli.strict_c)?;
    let mut model = lift::lift_module(&module)?;
    lift::portability::offsetof_notes(&module, &warnings, &mut model);
    runtime_model::assume::no_effect(&mut model, &cli.assume_no_effect);
    passes::lifetimes::end_locals_at_returns(&mut model);
    let functions_inlined = passes::inline_into_entry(&mut model)?;
    passes::locked_updates::updates_under_locks_become_atomic(&mut model.functions);
    // A program that writes files with stdio may read back what it wrote
    // (the checker's file system keeps it): its output calls, and the
    // values they write, are not slicing's to drop.
    let (instructions_kept, instructions_removed) = if cli.no_slice {
        (entry_size(&model), 0)
    } else {
        let keep_output = writes_files(&model);
        passes::slice(&mut model, keep_output)
    };
    model.stats = ExtractStats {
        functions_inlined,
        instructions_kept,
        instructions_removed,
    };
    // The checker refuses an invalid model; catching it here points at the
    // extractor instead of at the user's model file.
    model
        .validate()
        .map_err(|e| ExtractError::Internal(format!("the extracted model is invalid: {e}")))?;
    std::fs::write(&cli.output, model.to_json())
        .map_err(|e| ExtractError::Input(format!("cannot write {}: {e}", cli.output.display())))?;
    for site in unsupported_sites(&model) {
        eprintln!("mpi-extract: warning: {site} (the check is inconclusive if it runs)");
    }
    let foreign = foreign_sites(&model);
    let mut bundles: Vec<&str> = Vec::new();
    for (site, callee) in &foreign {
        eprintln!(
            "mpi-extract: warning: {site}: call to {callee}, which has no source and no model \
             (the check is inconclusive if it runs)"
        );
        if let Some(b) = stubs::bundle_defining(callee).filter(|b| !bundles.contains(b)) {
            bundles.push(b);
        }
    }
    if !foreign.is_empty() {
        let bundled: Vec<String> = bundles.iter().map(|b| format!("--stub {b}")).collect();
        eprintln!(
            "mpi-extract: note: to check past such calls, give the functions' definitions with \
             --stub FILE.c{}, or assume they have no effect with --assume-no-effect NAME",
            if bundled.is_empty() {
                String::new()
            } else {
                format!(" (bundled: {})", bundled.join(", "))
            }
        );
    }
    let mut removed = std::collections::BTreeSet::new();
    for r in &model.assumed_to_return {
        let (file, line) = model
            .locations
            .get(r.loc as usize)
            .map(|l| {
                let file = model.files.get(l.file as usize).map(String::as_str);
                (file.unwrap_or("?"), l.line)
            })
            .unwrap_or(("?", 0));
        removed.insert((file, line, r.callee.as_str()));
    }
    for (file, line, callee) in removed {
        eprintln!(
            "mpi-extract: note: {file}:{line}: call to {callee}, which has no source, removed: \
             nothing it returns or writes reaches an MPI call, an assertion, a crash or the exit \
             status (assumed to return)"
        );
    }
    let n = cli.sources.len();
    Ok(format!(
        "mpi-extract: wrote {} ({n} source{}, {functions_inlined} function{} inlined, \
         {instructions_kept} instructions kept, {instructions_removed} removed)",
        cli.output.display(),
        if n == 1 { "" } else { "s" },
        if functions_inlined == 1 { "" } else { "s" },
    ))
}

/// The unsupported constructs left in the model as placeholders, one per
/// source line and construct (`prog.c:12: unsupported call to strerror`),
/// sorted by file and line. Copies made by inlining share one entry.
fn unsupported_sites(model: &Model) -> Vec<String> {
    let mut sites = std::collections::BTreeSet::new();
    for inst in model
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
    {
        if let InstKind::Unsupported { what } = &inst.kind {
            let (file, line) = model
                .locations
                .get(inst.loc as usize)
                .map(|l| {
                    let file = model.files.get(l.file as usize).map(String::as_str);
                    (file.unwrap_or("?"), l.line)
                })
                .unwrap_or(("?", 0));
            // Inside a library header or the C++ runtime the user can do
            // nothing about a placeholder; the check still names it if an
            // execution reaches it.
            if !runtime_model::model::is_library_file(file) {
                sites.insert((file, line, what.as_str()));
            }
        }
    }
    sites
        .into_iter()
        .map(|(file, line, what)| format!("{file}:{line}: {what}"))
        .collect()
}

/// The calls to functions without source not assumed to have no effect
/// (`prog.c:12`, callee), one per source line and function, sorted.
fn foreign_sites(model: &Model) -> Vec<(String, String)> {
    let mut sites = std::collections::BTreeSet::new();
    for inst in model
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
    {
        if let InstKind::Foreign {
            callee,
            no_effect: false,
            ..
        } = &inst.kind
        {
            let (file, line) = model
                .locations
                .get(inst.loc as usize)
                .map(|l| {
                    let file = model.files.get(l.file as usize).map(String::as_str);
                    (file.unwrap_or("?"), l.line)
                })
                .unwrap_or(("?", 0));
            sites.insert((file, line, callee.as_str()));
        }
    }
    sites
        .into_iter()
        .map(|(file, line, callee)| (format!("{file}:{line}"), callee.to_string()))
        .collect()
}

/// Instructions and phis of the entry function (what the slicer counts).
fn entry_size(model: &Model) -> u32 {
    model
        .functions
        .get(model.entry as usize)
        .map(|f| {
            f.blocks
                .iter()
                .map(|b| b.insts.len() + b.phis.len())
                .sum::<usize>() as u32
        })
        .unwrap_or(0)
}

/// Whether the program may open a file for writing with `fopen` (a mode
/// other than a constant "r" or "rb").
fn writes_files(model: &runtime_model::model::Model) -> bool {
    use runtime_model::model::{InstKind, LibcFunc, Operand, Pointer};
    model
        .functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
        .any(|i| match &i.kind {
            InstKind::Libc {
                func: LibcFunc::Fopen,
                args,
                ..
            } => {
                let mode = match args.get(1).map(|a| a.value) {
                    Some(Operand::Const(c)) => {
                        let p = Pointer::decode(c);
                        (p.alloc >= 1)
                            .then(|| model.globals.get(p.alloc as usize - 1))
                            .flatten()
                            .map(|g| {
                                let s = g.init.get(p.offset as usize..).unwrap_or(&[]);
                                s.iter()
                                    .take_while(|&&b| b != 0)
                                    .copied()
                                    .collect::<Vec<u8>>()
                            })
                    }
                    _ => None,
                };
                !matches!(mode.as_deref(), Some(b"r") | Some(b"rb"))
            }
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clang_arguments_follow_a_double_dash() {
        let cli = Cli::parse_from(["mpi-extract", "a.c", "b.c", "--", "-DN=4", "-I", "inc"]);
        assert_eq!(cli.sources.len(), 2);
        assert_eq!(cli.clang_args, ["-DN=4", "-I", "inc"]);
        assert_eq!(cli.output.to_str(), Some("mpi-model.json"));
        assert!(!cli.no_slice);
    }

    #[test]
    fn takes_the_flags_of_the_compilation_database() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let d = dir.path();
        std::fs::create_dir(d.join("inc")).expect("include directory");
        std::fs::write(d.join("inc/size.h"), "#define SIZE (N * 2)\n").expect("write header");
        std::fs::write(
            d.join("prog.c"),
            "#include <mpi.h>\n#include \"size.h\"\n\
             int main(int argc, char **argv) {\n\
               int v = SIZE;\n\
               MPI_Init(&argc, &argv);\n\
               MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);\n\
               MPI_Finalize();\n\
               return 0;\n\
             }\n",
        )
        .expect("write source");
        let db = format!(
            "[{{\"directory\": \"{}\", \"file\": \"prog.c\", \"command\": \"mpicc -DN=3 -Iinc -O2 -c prog.c\"}}]",
            d.display()
        );
        std::fs::write(d.join("compile_commands.json"), db).expect("write database");
        let (src, out) = (d.join("prog.c"), d.join("model.json"));
        let (src, out, db) = (
            src.to_string_lossy(),
            out.to_string_lossy(),
            d.to_string_lossy(),
        );
        let cli = Cli::parse_from(["mpi-extract", &src, "-o", &out, "-p", &db]);
        run(&cli).unwrap_or_else(|e| panic!("{e}"));
        // Without the database the header is not found.
        let cli = Cli::parse_from(["mpi-extract", &src, "-o", &out]);
        assert!(matches!(run(&cli), Err(ExtractError::Compile(_))));
        // A source the database does not list is named.
        let other = d.join("other.c");
        std::fs::write(&other, "int main(void) { return 0; }\n").expect("write source");
        let other = other.to_string_lossy();
        let cli = Cli::parse_from(["mpi-extract", &other, "-o", &out, "-p", &db]);
        match run(&cli) {
            Err(ExtractError::Input(m)) => assert!(m.contains("has no entry in"), "{m}"),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn writes_a_valid_model_and_a_summary() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let source = dir.path().join("prog.c");
        let output = dir.path().join("model.json");
        std::fs::write(
            &source,
            "#include <mpi.h>\n\
             static int twice(int x) { return 2 * x; }\n\
             int main(int argc, char **argv) {\n\
               int v = twice(N);\n\
               MPI_Init(&argc, &argv);\n\
               MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);\n\
               MPI_Finalize();\n\
               return 0;\n\
             }\n",
        )
        .expect("write source");
        let (src, out) = (source.to_string_lossy(), output.to_string_lossy());
        let cli = Cli::parse_from(["mpi-extract", &src, "-o", &out, "--no-slice", "--", "-DN=3"]);
        let summary = run(&cli).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            summary.starts_with(&format!(
                "mpi-extract: wrote {out} (1 source, 1 function inlined, "
            )),
            "{summary}"
        );
        assert!(summary.ends_with(", 0 removed)"), "{summary}");
        let model = Model::read(&output).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(model.stats.functions_inlined, 1);
        assert_eq!(model.stats.instructions_removed, 0);
        assert_eq!(model.stats.instructions_kept, entry_size(&model));
    }
}
