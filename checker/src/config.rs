//! `mpi-verify.toml`: a project's settings for `mpi-check`, so that a
//! pre-commit hook, a CMake target and a CI job check the same way.
//!
//! The file is looked for in the working directory and then in each parent
//! (as `.clang-tidy` or `rustfmt.toml` are), unless `--config FILE` names
//! one or `--no-config` is given. Its keys are `mpi-check`'s long options
//! (`np = "2..4"`, `buffering = "zero"`, `timeout = 600`, `all-errors =
//! true`...), plus `clang-args` (a list, for C sources) and `args` (the
//! program's arguments, a list). A `[[file]]` table with a `path` (a glob,
//! relative to the file's directory) overrides them for the sources it
//! matches:
//!
//! ```toml
//! np = "2..4"
//! timeout = 600
//! clang-args = ["-DMPI_SMALL"]
//!
//! [[file]]
//! path = "src/solver*.c"
//! np = "4"
//! buffering = "zero"
//! ```
//!
//! The settings become command-line words placed before the user's own, so
//! an option given on the command line wins (a repeated option takes its
//! last value).

use std::path::{Path, PathBuf};

/// The file name looked for.
pub const FILE_NAME: &str = "mpi-verify.toml";

/// What a configuration adds to a command line.
#[derive(Debug, Default, PartialEq)]
pub struct Settings {
    /// The file the settings come from.
    pub file: Option<PathBuf>,
    /// Option words, placed before the command line's.
    pub words: Vec<String>,
    /// Arguments for clang, placed before those after `--` (C sources).
    pub clang_args: Vec<String>,
}

/// The configuration file that applies: `explicit`, else `mpi-verify.toml`
/// in `dir` or the nearest parent that has one.
pub fn locate(explicit: Option<&Path>, dir: &Path) -> Option<PathBuf> {
    if let Some(p) = explicit {
        return Some(p.to_path_buf());
    }
    dir.ancestors()
        .map(|d| d.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// Reads the settings of `file` for a check of `inputs` (paths as given,
/// relative to `cwd`). Errors name the file and the key.
/// `options` is the command line the settings are options of (clap's
/// `mpi-check` command): its long options are the keys.
pub fn load(
    file: &Path,
    inputs: &[PathBuf],
    cwd: &Path,
    options: &clap::Command,
) -> Result<Settings, String> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("{}: {}", file.display(), e.message()))?;
    let base = file
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."));
    let base = absolute(&base, cwd);
    let mut settings = Settings {
        file: Some(file.to_path_buf()),
        ..Settings::default()
    };
    apply(&table, file, &base, &mut settings, true, options)?;
    if let Some(files) = table.get("file") {
        let toml::Value::Array(files) = files else {
            return Err(format!(
                "{}: `file` must be an array of tables ([[file]])",
                file.display()
            ));
        };
        for section in files {
            let toml::Value::Table(section) = section else {
                return Err(format!("{}: each [[file]] must be a table", file.display()));
            };
            let Some(toml::Value::String(pattern)) = section.get("path") else {
                return Err(format!(
                    "{}: a [[file]] table needs a `path` (a glob relative to {})",
                    file.display(),
                    base.display()
                ));
            };
            let pattern = glob::Pattern::new(&base.join(pattern).to_string_lossy())
                .map_err(|e| format!("{}: path {pattern:?}: {e}", file.display()))?;
            if inputs
                .iter()
                .any(|i| pattern.matches_path(&absolute(i, cwd)))
            {
                apply(section, file, &base, &mut settings, false, options)?;
            }
        }
    }
    Ok(settings)
}

fn absolute(p: &Path, cwd: &Path) -> PathBuf {
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    };
    // `a/./b` and `a/x/../b` as the user means them, without touching the
    // file system (a source may not exist yet: that error comes later).
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Long options of `mpi-check` that are not settings of a project: where
/// the settings come from, one-off actions on one run (a replay, a part of
/// a split search, merging reports, printing a man page), the program
/// arguments (the `args` key) and test knobs. Every other long option is a
/// setting, with the kind of value clap parses for it (`option_kind`), so
/// an option added to the command line is a setting without an edit here.
pub(crate) const NOT_SETTINGS: &[&str] = &[
    "help",
    "version",
    "config",
    "no-config",
    "generate",
    "replay",
    "merge",
    "subtree",
    "distributed",
    "arg",
    "compact-from",
];

/// The kind of value the long option `key` takes, `None` when it is not a
/// setting (see `NOT_SETTINGS`).
pub(crate) fn option_kind(command: &clap::Command, key: &str) -> Option<Kind> {
    use clap::ArgAction;
    if NOT_SETTINGS.contains(&key) {
        return None;
    }
    let arg = command
        .get_arguments()
        .find(|a| a.get_long() == Some(key) && !a.is_hide_set())?;
    use std::any::TypeId;
    let parser = arg.get_value_parser().type_id();
    let is = |id: TypeId| parser == id;
    Some(match arg.get_action() {
        ArgAction::SetTrue => Kind::Flag,
        ArgAction::Append => Kind::List,
        _ if is(TypeId::of::<PathBuf>()) => Kind::Path,
        _ if [
            TypeId::of::<u64>(),
            TypeId::of::<u32>(),
            TypeId::of::<usize>(),
            TypeId::of::<i64>(),
            TypeId::of::<f64>(),
        ]
        .into_iter()
        .any(is) =>
        {
            Kind::Number
        }
        _ => Kind::Text,
    })
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Kind {
    Text,
    Number,
    Flag,
    Path,
    List,
}

/// Adds the options of `table` to `settings`; `top`: the file's top level
/// (where `file` tables may be), else a `[[file]]` table (with its `path`).
fn apply(
    table: &toml::Table,
    file: &Path,
    base: &Path,
    settings: &mut Settings,
    top: bool,
    options: &clap::Command,
) -> Result<(), String> {
    let bad = |key: &str, want: &str| Err(format!("{}: `{key}` must be {want}", file.display()));
    for (key, value) in table {
        match key.as_str() {
            "file" if top => continue,
            "path" if !top => continue,
            "clang-args" | "args" => {
                let toml::Value::Array(items) = value else {
                    return bad(key, "a list of strings");
                };
                let mut words = Vec::new();
                for item in items {
                    match item {
                        toml::Value::String(s) => words.push(s.clone()),
                        _ => return bad(key, "a list of strings"),
                    }
                }
                if key == "clang-args" {
                    settings.clang_args.extend(words);
                } else {
                    for w in words {
                        settings.words.push("--arg".into());
                        settings.words.push(w);
                    }
                }
                continue;
            }
            _ => {}
        }
        let Some(kind) = option_kind(options, key) else {
            return Err(format!(
                "{}: unknown setting `{key}` (the long options of mpi-check --help, clang-args, args{})",
                file.display(),
                if top { ", [[file]] tables" } else { ", path" }
            ));
        };
        let flag = format!("--{key}");
        match (kind, value) {
            (Kind::Flag, toml::Value::Boolean(on)) => {
                if *on {
                    settings.words.push(flag);
                }
            }
            (Kind::Flag, _) => return bad(key, "true or false"),
            (Kind::Number, toml::Value::Integer(n)) => {
                settings.words.push(flag);
                settings.words.push(n.to_string());
            }
            (Kind::Number, toml::Value::Float(x)) => {
                settings.words.push(flag);
                settings.words.push(x.to_string());
            }
            (Kind::Number, _) => return bad(key, "a number"),
            (Kind::Text, toml::Value::String(s)) => {
                settings.words.push(flag);
                settings.words.push(s.clone());
            }
            // `np = 4` as well as `np = "2..4"`.
            (Kind::Text, toml::Value::Integer(n)) => {
                settings.words.push(flag);
                settings.words.push(n.to_string());
            }
            (Kind::Text, _) => return bad(key, "a string"),
            (Kind::Path, toml::Value::String(s)) => {
                settings.words.push(flag);
                settings
                    .words
                    .push(base.join(s).to_string_lossy().into_owned());
            }
            (Kind::Path, _) => return bad(key, "a path (a string)"),
            (Kind::List, toml::Value::Array(items)) => {
                for item in items {
                    let toml::Value::String(s) = item else {
                        return bad(key, "a list of strings");
                    };
                    settings.words.push(flag.clone());
                    // A stub file is relative to the settings file, like
                    // a path; a bundled stub is a name.
                    if key == "stub" && s.ends_with(".c") {
                        settings
                            .words
                            .push(base.join(s).to_string_lossy().into_owned());
                    } else {
                        settings.words.push(s.clone());
                    }
                }
            }
            (Kind::List, _) => return bad(key, "a list of strings"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command line with the options these tests set (the kinds of all
    /// of mpi-check's are tested with its own command, in `cli`).
    fn options() -> clap::Command {
        use clap::{Arg, ArgAction};
        clap::Command::new("mpi-check")
            .arg(Arg::new("np").long("np"))
            .arg(Arg::new("buffering").long("buffering"))
            .arg(
                Arg::new("timeout")
                    .long("timeout")
                    .value_parser(clap::value_parser!(f64)),
            )
            .arg(
                Arg::new("all-errors")
                    .long("all-errors")
                    .action(ArgAction::SetTrue),
            )
            .arg(
                Arg::new("no-slice")
                    .long("no-slice")
                    .action(ArgAction::SetTrue),
            )
    }

    fn load_text(text: &str, inputs: &[&str]) -> Result<Settings, String> {
        let dir = tempfile::tempdir().expect("temporary directory");
        let file = dir.path().join(FILE_NAME);
        std::fs::write(&file, text).expect("write the configuration");
        let inputs: Vec<PathBuf> = inputs.iter().map(PathBuf::from).collect();
        load(&file, &inputs, dir.path(), &options()).map(|mut s| {
            s.file = None;
            s
        })
    }

    #[test]
    fn settings_become_options_and_file_tables_apply_to_matching_sources() {
        let text = r#"
np = "2..4"
timeout = 600
all-errors = true
no-slice = false
clang-args = ["-DSMALL"]
args = ["-v", "10"]

[[file]]
path = "src/solver*.c"
np = 4
buffering = "zero"
clang-args = ["-DSOLVER"]

[[file]]
path = "other.c"
np = "8"
"#;
        let s = load_text(text, &["src/solver_cg.c", "main.c"]).expect("valid");
        assert_eq!(
            s.words,
            [
                "--all-errors",
                "--arg",
                "-v",
                "--arg",
                "10",
                "--np",
                "2..4",
                "--timeout",
                "600",
                "--buffering",
                "zero",
                "--np",
                "4"
            ]
        );
        assert_eq!(s.clang_args, ["-DSMALL", "-DSOLVER"]);
        let s = load_text(text, &["./src/../other.c"]).expect("valid");
        assert_eq!(s.words.last().map(String::as_str), Some("8"));
    }

    #[test]
    fn mistakes_name_the_file_and_the_key() {
        let e = load_text("nproc = 4\n", &[]).unwrap_err();
        assert!(
            e.contains("mpi-verify.toml: unknown setting `nproc`"),
            "{e}"
        );
        let e = load_text("timeout = \"long\"\n", &[]).unwrap_err();
        assert!(e.ends_with("`timeout` must be a number"), "{e}");
        let e = load_text("[[file]]\nnp = 2\n", &[]).unwrap_err();
        assert!(e.contains("needs a `path`"), "{e}");
        let e = load_text("np = \n", &[]).unwrap_err();
        assert!(e.contains(FILE_NAME), "{e}");
    }

    #[test]
    fn the_nearest_file_upward_applies() {
        let dir = tempfile::tempdir().expect("temporary directory");
        let inner = dir.path().join("a/b");
        std::fs::create_dir_all(&inner).expect("directories");
        assert_eq!(locate(None, &inner), None);
        std::fs::write(dir.path().join(FILE_NAME), "").expect("outer");
        assert_eq!(locate(None, &inner), Some(dir.path().join(FILE_NAME)));
        std::fs::write(dir.path().join("a").join(FILE_NAME), "").expect("inner");
        assert_eq!(
            locate(None, &inner),
            Some(dir.path().join("a").join(FILE_NAME))
        );
        let chosen = Path::new("/elsewhere/x.toml");
        assert_eq!(locate(Some(chosen), &inner), Some(chosen.to_path_buf()));
    }
}
