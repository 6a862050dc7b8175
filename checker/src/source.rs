//! `mpi-check prog.c ...`: C sources instead of a model (README, "Using
//! it"). mpi-check does not link LLVM, so it runs the `mpi-extract`
//! executable to a temporary model, with the compile flags of a JSON
//! compilation database (`-p DIR`) when asked, and then checks that model.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Whether the positional arguments name C or C++ sources rather than a
/// model: one argument ending in `.c` or a C++ extension, or several (a
/// program may span files; one model is one program). Anything else is a
/// model file.
pub fn are_sources(inputs: &[PathBuf]) -> bool {
    inputs.len() > 1 || inputs.first().is_some_and(|p| is_source(p))
}

/// The extensions of the sources mpi-extract compiles: C, and C++ as g++
/// and clang++ know them.
pub const SOURCE_EXTENSIONS: &[&str] = &["c", "cpp", "cc", "cxx", "C", "c++", "cp", "CPP"];

fn is_source(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SOURCE_EXTENSIONS.contains(&e))
}

/// Why `path`, given as a model, cannot be read as one, when it is plainly
/// no model at all: a directory, or a file that is not named `.json` and
/// is no JSON object (a Fortran source, say). `None` leaves the model
/// reader's reason.
pub fn not_a_model(path: &Path) -> Option<String> {
    let sources = "mpi-check reads a model written by mpi-extract, or C or C++ sources (.c, .cpp, .cc, .cxx, .C, .c++)";
    if path.is_dir() {
        return Some(format!("{} is a directory: {sources}", path.display()));
    }
    if path.extension().is_some_and(|e| e == "json") {
        return None;
    }
    let text = std::fs::read(path).ok()?;
    let json_object = text
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    (!json_object).then(|| {
        format!(
            "{} is neither a model nor a source: {sources}",
            path.display()
        )
    })
}

/// What to extract, as given on mpi-check's command line.
#[derive(Debug)]
pub struct Request<'a> {
    pub sources: &'a [PathBuf],
    /// Flags after `--`, for clang (after those of the database).
    pub clang_args: &'a [String],
    pub no_slice: bool,
    pub strict_c: bool,
    /// `-p DIR`: the directory holding `compile_commands.json`, or the file.
    pub compile_commands: Option<&'a Path>,
    /// `--stub`: library definitions (files or bundled names).
    pub stubs: &'a [String],
    /// `--assume-no-effect`: patterns mpi-extract marks in the model.
    pub assume_no_effect: &'a [String],
}

/// A model extracted to a temporary directory, removed when dropped.
pub struct Extracted {
    _dir: tempfile::TempDir,
    pub model: PathBuf,
}

/// Runs mpi-extract on the request's sources. Its diagnostics (clang's
/// warnings, unsupported constructs) go to stderr; a failure is returned as
/// a one-line reason, after any diagnostics that explain it.
pub fn extract(request: &Request) -> Result<Extracted, String> {
    if let Some(json) = request
        .sources
        .iter()
        .find(|s| s.extension().is_some_and(|e| e == "json"))
    {
        return Err(format!(
            "{} is a model, and the other arguments are C sources: give either one model or the sources of one program",
            json.display()
        ));
    }
    let mut clang_args = match request.compile_commands {
        Some(dir) => runtime_model::compile_db::database_flags(dir, request.sources)?,
        None => Vec::new(),
    };
    clang_args.extend(request.clang_args.iter().cloned());
    let exe = find_extractor().ok_or_else(|| {
        let beside = std::env::current_exe()
            .ok()
            .and_then(|e| e.parent().map(|d| format!(" (looked in {} and on PATH)", d.display())))
            .unwrap_or_else(|| " (looked on PATH)".into());
        format!("C sources need mpi-extract, which was not found{beside}: install it next to mpi-check (cargo install --path extractor)")
    })?;
    let dir = tempfile::Builder::new()
        .prefix("mpi-check")
        .tempdir()
        .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let model = dir.path().join("mpi-model.json");
    let mut cmd = Command::new(&exe);
    cmd.args(request.sources).arg("-o").arg(&model);
    if request.no_slice {
        cmd.arg("--no-slice");
    }
    if request.strict_c {
        cmd.arg("--strict-c");
    }
    for stub in request.stubs {
        cmd.arg("--stub").arg(stub);
    }
    for pattern in request.assume_no_effect {
        cmd.arg("--assume-no-effect").arg(pattern);
    }
    cmd.arg("--").args(&clang_args);
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    // Nothing is expected on mpi-extract's stdout; whatever comes must not
    // mix with mpi-check's report (a JSON document, say).
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut lines: Vec<&str> = stdout.lines().chain(stderr.lines()).collect();
    if out.status.success() && model.is_file() {
        // The summary names the temporary model, gone when the check ends.
        if lines
            .last()
            .is_some_and(|l| l.starts_with("mpi-extract: wrote "))
        {
            lines.pop();
        }
        pass_on(&lines);
        return Ok(Extracted { _dir: dir, model });
    }
    let mut reason = failure(&lines, &out.status);
    // `mpi-check prog.c -- 100` meant 100 for the program: say where
    // program arguments go when clang takes it for a file.
    if let Some(arg) = request.clang_args.iter().find(|a| {
        !a.starts_with('-') && reason.contains(&format!("no such file or directory: '{a}'"))
    }) {
        reason.push_str(&format!(
            " (with C sources, arguments after -- go to clang; give the program's arguments with --arg, e.g. --arg {arg})"
        ));
    }
    Err(reason)
}

/// The reason of a failed extraction; prints the diagnostics before it.
fn failure(lines: &[&str], status: &std::process::ExitStatus) -> String {
    // clang's rejection: warnings, this header, then clang's diagnostics.
    if let Some(k) = lines.iter().position(|l| *l == "error: clang failed:") {
        pass_on(&lines[..k]);
        pass_on(&lines[k + 1..]);
        return match lines[k + 1..].iter().find(|l| l.contains("error:")) {
            Some(first) => format!("the program does not compile: {}", first.trim()),
            None => "the program does not compile (clang failed)".into(),
        };
    }
    // Anything else is one line, the last.
    match lines.iter().rposition(|l| !l.trim().is_empty()) {
        Some(i) => {
            pass_on(&lines[..i]);
            let line = lines[i].trim();
            match line
                .strip_prefix("mpi-extract: error: ")
                .or_else(|| line.strip_prefix("error: "))
            {
                Some(reason) => reason.to_string(),
                None if line.starts_with("mpi-extract:") => line.to_string(),
                None => format!("mpi-extract: {line}"),
            }
        }
        None => match status.code() {
            Some(code) => format!("mpi-extract failed (exit status {code})"),
            None => "mpi-extract was killed by a signal".into(),
        },
    }
}

fn pass_on(lines: &[&str]) {
    for l in lines {
        eprintln!("{l}");
    }
}

/// The `mpi-extract` executable: next to the running mpi-check (the two are
/// built and installed together), else the first on PATH.
pub fn find_extractor() -> Option<PathBuf> {
    let name = format!("mpi-extract{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|d| d.join(&name)));
    let on_path: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join(&name)).collect())
        .unwrap_or_default();
    beside.into_iter().chain(on_path).find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_one_c_file_or_several_files() {
        let paths = |p: &[&str]| p.iter().map(PathBuf::from).collect::<Vec<_>>();
        assert!(are_sources(&paths(&["prog.c"])));
        assert!(are_sources(&paths(&["exchange.cpp"])));
        assert!(are_sources(&paths(&["heat.cc"])));
        assert!(are_sources(&paths(&["Field.C"])));
        assert!(!are_sources(&paths(&["solver.f90"])));
        assert!(are_sources(&paths(&["a.c", "b.c"])));
        assert!(are_sources(&paths(&["main.c", "util.inc"])));
        assert!(!are_sources(&paths(&["mpi-model.json"])));
        assert!(!are_sources(&paths(&["model"])));
        assert!(!are_sources(&paths(&["prog.h"])));
        assert!(!are_sources(&[]));
    }
}
