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
        Some(dir) => database_flags(dir, request.sources)?,
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

/// The clang flags of `sources` in the compilation database of `dir`
/// (`dir/compile_commands.json`, or `dir` itself when it is a file): the
/// preprocessor and language flags of each source's entry (`-D`, `-U`,
/// `-I`, `-isystem`, `-iquote`, `-include`, `-std=`; paths made absolute
/// against the entry's directory), merged in order without repeats. A
/// source without an entry, or sources whose entries disagree on a macro
/// or the standard, are errors: mpi-extract compiles every source with the
/// same flags.
pub fn database_flags(dir: &Path, sources: &[PathBuf]) -> Result<Vec<String>, String> {
    let path = if dir.is_file() {
        dir.to_path_buf()
    } else {
        dir.join("compile_commands.json")
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {}", path.display(), io_reason(&e)))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let entries = parse_database(&text, base)
        .map_err(|e| format!("{} is not a compilation database: {e}", path.display()))?;
    let mut merged: Vec<(Flag, &Path)> = Vec::new();
    for source in sources {
        let wanted = std::fs::canonicalize(source)
            .map_err(|e| format!("cannot read {}: {}", source.display(), io_reason(&e)))?;
        let entry = entries
            .iter()
            .find(|e| std::fs::canonicalize(&e.file).is_ok_and(|f| f == wanted))
            .ok_or_else(|| format!("{} has no entry in {}", source.display(), path.display()))?;
        let before = merged.len();
        for flag in entry_flags(&entry.arguments, &entry.directory) {
            if merged[..before].iter().any(|(f, _)| *f == flag) {
                continue;
            }
            if let Some((other, from)) = merged[..before]
                .iter()
                .find(|(f, _)| f.key().is_some() && f.key() == flag.key())
            {
                return Err(format!(
                    "{} and {} are compiled with different flags in {} ({} and {}), but one model is compiled with one set of flags: add the one to use after --",
                    from.display(),
                    source.display(),
                    path.display(),
                    other.words.join(" "),
                    flag.words.join(" ")
                ));
            }
            merged.push((flag, source));
        }
    }
    Ok(merged.into_iter().flat_map(|(f, _)| f.words).collect())
}

/// One entry of a compilation database.
#[derive(Debug)]
struct Entry {
    /// The compile's working directory, absolute.
    directory: PathBuf,
    /// The source, absolute.
    file: PathBuf,
    /// The command's words, compiler first.
    arguments: Vec<String>,
}

/// Reads the database's entries (`directory`, `file`, and `arguments` or
/// a shell-quoted `command`); relative directories are taken against `base`.
fn parse_database(text: &str, base: &Path) -> Result<Vec<Entry>, String> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let list = value
        .as_array()
        .ok_or("expected an array of {directory, file, command | arguments}")?;
    let mut entries = Vec::new();
    for (i, item) in list.iter().enumerate() {
        let field = |name: &str| item.get(name).and_then(|v| v.as_str());
        let (Some(directory), Some(file)) = (field("directory"), field("file")) else {
            return Err(format!("entry {} lacks `directory` or `file`", i + 1));
        };
        let arguments = match (item.get("arguments"), field("command")) {
            (Some(serde_json::Value::Array(words)), _) => words
                .iter()
                .map(|w| w.as_str().map(String::from))
                .collect::<Option<Vec<_>>>()
                .ok_or(format!("entry {}: `arguments` must be strings", i + 1))?,
            (None, Some(command)) => shell_words(command),
            _ => {
                return Err(format!(
                    "entry {} has neither `arguments` nor `command`",
                    i + 1
                ))
            }
        };
        let directory = base.join(directory);
        entries.push(Entry {
            file: directory.join(file),
            directory,
            arguments,
        });
    }
    Ok(entries)
}

/// One flag for clang (one or two words), as taken from a database entry.
#[derive(Debug, Clone, PartialEq)]
struct Flag {
    words: Vec<String>,
}

impl Flag {
    fn new<const N: usize>(words: [String; N]) -> Flag {
        Flag {
            words: words.to_vec(),
        }
    }

    /// What two different flags may not both set: a macro, the standard.
    fn key(&self) -> Option<String> {
        let first = self.words.first()?;
        if let Some(def) = first
            .strip_prefix("-D")
            .or_else(|| first.strip_prefix("-U"))
        {
            let name = def.split(['=', '(']).next().unwrap_or(def);
            return Some(format!("macro {name}"));
        }
        first.starts_with("-std=").then(|| "-std".to_string())
    }
}

/// The flags of a compile command that decide what the preprocessor and
/// the front end see; the compiler, `-c`, `-o FILE`, the source, and
/// optimization, warning, code generation and dependency flags are left.
fn entry_flags(arguments: &[String], directory: &Path) -> Vec<Flag> {
    let absolute = |p: &str| directory.join(p).to_string_lossy().into_owned();
    let mut flags = Vec::new();
    let mut words = arguments.iter().skip(1);
    while let Some(word) = words.next() {
        let w = word.as_str();
        match w {
            "-D" | "-U" => {
                if let Some(v) = words.next() {
                    flags.push(Flag::new([format!("{w}{v}")]));
                }
            }
            "-I" | "-isystem" | "-iquote" => {
                if let Some(v) = words.next() {
                    flags.push(Flag::new([w.to_string(), absolute(v)]));
                }
            }
            "-include" => {
                if let Some(v) = words.next() {
                    // Looked up in the compile's directory first, then like
                    // an #include "...".
                    let file = if directory.join(v).is_file() {
                        absolute(v)
                    } else {
                        v.clone()
                    };
                    flags.push(Flag::new(["-include".to_string(), file]));
                }
            }
            // Flags whose separate value must not be read as a flag.
            "-o" | "-MF" | "-MT" | "-MQ" | "-x" | "-Xclang" | "-Xpreprocessor" | "-Xlinker"
            | "-target" | "-arch" | "-imacros" | "-idirafter" | "-isysroot" | "--sysroot"
            | "-L" | "-l" => {
                words.next();
            }
            _ if w.starts_with("-D") || w.starts_with("-U") => {
                flags.push(Flag::new([w.to_string()]));
            }
            _ if w.starts_with("-I") => {
                flags.push(Flag::new(["-I".to_string(), absolute(&w[2..])]));
            }
            _ if w.starts_with("-isystem") => {
                flags.push(Flag::new(["-isystem".to_string(), absolute(&w[8..])]));
            }
            _ if w.starts_with("-iquote") => {
                flags.push(Flag::new(["-iquote".to_string(), absolute(&w[7..])]));
            }
            _ if w.starts_with("-std=") => flags.push(Flag::new([w.to_string()])),
            _ if w.starts_with("--std=") => flags.push(Flag::new([w[1..].to_string()])),
            _ => {}
        }
    }
    flags
}

/// Splits a shell-quoted command into words (POSIX: blanks separate,
/// backslash escapes, single quotes keep everything, double quotes keep
/// all but `\"`, `\\`, `\$` and `` \` ``), as clang's tools read a
/// database's `command`.
fn shell_words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                in_word = true;
                if let Some(next) = chars.next() {
                    if next != '\n' {
                        word.push(next);
                    }
                }
            }
            '\'' => {
                in_word = true;
                for next in chars.by_ref() {
                    if next == '\'' {
                        break;
                    }
                    word.push(next);
                }
            }
            '"' => {
                in_word = true;
                while let Some(next) = chars.next() {
                    match next {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(e @ ('"' | '\\' | '$' | '`')) => word.push(e),
                            Some('\n') => {}
                            Some(e) => {
                                word.push('\\');
                                word.push(e);
                            }
                            None => word.push('\\'),
                        },
                        _ => word.push(next),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The OS message without Rust's " (os error N)" suffix.
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

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

    #[test]
    fn shell_words_follow_posix_quoting() {
        assert_eq!(
            shell_words(r#"cc -DA="x y" -DB='q "r"' -DC=a\ b  -c  f.c"#),
            strings(&["cc", "-DA=x y", r#"-DB=q "r""#, "-DC=a b", "-c", "f.c"])
        );
        assert_eq!(
            shell_words(r#"cc -DS=\"s\" "-DT=\"t\"" '' x"#),
            strings(&["cc", r#"-DS="s""#, r#"-DT="t""#, "", "x"])
        );
        assert!(shell_words("   ").is_empty());
    }

    #[test]
    fn entry_flags_keep_preprocessor_and_standard_flags_only() {
        let args = strings(&[
            "/usr/bin/mpicc",
            "-DN=8",
            "-D",
            "M",
            "-UNDEBUG",
            "-Iinclude",
            "-I",
            "/abs/inc",
            "-isystem",
            "sys",
            "-include",
            "config.h",
            "-std=c11",
            "-O2",
            "-Wall",
            "-Werror",
            "-g",
            "-fPIC",
            "-o",
            "-DNOT_A_FLAG.o",
            "-MF",
            "deps.d",
            "-c",
            "src/prog.c",
        ]);
        let flags: Vec<String> = entry_flags(&args, Path::new("/build"))
            .into_iter()
            .flat_map(|f| f.words)
            .collect();
        assert_eq!(
            flags,
            strings(&[
                "-DN=8",
                "-DM",
                "-UNDEBUG",
                "-I",
                "/build/include",
                "-I",
                "/abs/inc",
                "-isystem",
                "/build/sys",
                "-include",
                "config.h",
                "-std=c11",
            ])
        );
    }

    #[test]
    fn database_flags_merge_sources_and_name_what_is_missing_or_differs() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let d = dir.path();
        for f in ["a.c", "b.c", "c.c", "d.c"] {
            std::fs::write(d.join(f), "int x;\n").expect("write source");
        }
        let db = serde_json::json!([
            {"directory": d, "file": "a.c", "command": "cc -DN=4 -Iinc -std=c99 -c a.c -o a.o"},
            {"directory": d, "file": d.join("b.c"), "arguments": ["cc", "-DN=4", "-DB", "-Iinc", "-c", "b.c"]},
            {"directory": d, "file": "c.c", "command": "cc -DN=8 -c c.c"},
        ]);
        std::fs::write(d.join("compile_commands.json"), db.to_string()).expect("write db");
        let inc = d.join("inc").to_string_lossy().into_owned();
        let flags = database_flags(d, &[d.join("a.c"), d.join("b.c")]).expect("flags");
        assert_eq!(flags, strings(&["-DN=4", "-I", &inc, "-std=c99", "-DB"]));
        // The database file itself may be named.
        let same = database_flags(&d.join("compile_commands.json"), &[d.join("b.c")]);
        assert_eq!(same.expect("flags"), strings(&["-DN=4", "-DB", "-I", &inc]));

        let e = database_flags(d, &[d.join("a.c"), d.join("c.c")]).unwrap_err();
        assert!(e.contains("-DN=4 and -DN=8"), "{e}");
        let e = database_flags(d, &[d.join("d.c")]).unwrap_err();
        assert!(e.contains("d.c has no entry in"), "{e}");
        let e = database_flags(d, &[d.join("absent.c")]).unwrap_err();
        assert!(
            e.starts_with("cannot read") && e.contains("absent.c"),
            "{e}"
        );
        let e = database_flags(&d.join("nowhere"), &[d.join("a.c")]).unwrap_err();
        assert!(e.contains("compile_commands.json"), "{e}");
        std::fs::write(d.join("compile_commands.json"), "{}").expect("write db");
        let e = database_flags(d, &[d.join("a.c")]).unwrap_err();
        assert!(e.contains("is not a compilation database"), "{e}");
    }
}
