//! Compilation databases (`compile_commands.json`, the JSON format clang's
//! tools read): the flags each source was compiled with, for `mpi-extract
//! -p DIR` and `mpi-check -p DIR`, so that a program that builds with CMake
//! or Bear is extracted with its own macros, include paths and standard
//! (clang-tidy's convention: every tool that compiles takes `-p`).

use std::path::{Path, PathBuf};

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
