//! Shared helpers for the end-to-end tests: finding the binaries, reading an
//! example's header, running the two tools.

pub mod gen;
pub mod gen_inputs;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ lives in the workspace")
        .to_path_buf()
}

/// Directory holding the binaries of the profile this test was built with.
pub fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test>
    exe.parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>")
        .to_path_buf()
}

pub fn bin(name: &str) -> PathBuf {
    let p = bin_dir().join(name);
    assert!(
        p.exists(),
        "{} not built: run `cargo build --workspace` with the same profile first (scripts/test does)",
        p.display()
    );
    p
}

/// What an example's header comment asks for.
///
/// An example is one program: a `.c` file under `c-examples/` whose header
/// has a `RUN:` and an `EXPECT:` line, together with the other `.c` files its
/// `SOURCES:` line names (relative to its directory), which mpi-extract links
/// with it (`mpi-extract main.c halo.c io.c -o m.json`). Those other files
/// are the example's *parts*: they are not examples of their own, have no
/// `RUN:`, `EXPECT:` or `SOURCES:` line, and each is named by exactly one
/// example (`examples()` checks all three, so no `.c` file is ever silently
/// skipped: every one is an example or a part of exactly one).
#[derive(Debug, Clone)]
pub struct Example {
    pub path: PathBuf,
    /// The program's other sources, as the `SOURCES:` line writes them
    /// (relative to the example's directory), in that order.
    pub sources: Vec<PathBuf>,
    /// mpi-check flags.
    pub run: Vec<String>,
    /// mpi-extract flags.
    pub extract: Vec<String>,
    /// `verified`, `inconclusive`, or `error`.
    pub verdict: String,
    /// Error kinds allowed (for `error`).
    pub kinds: Vec<String>,
}

/// The stub files an `EXTRACT:` line names (`--stub lib_stub.c`): parts of
/// the example, like those of its `SOURCES:` line.
fn stub_files(extract: &[String]) -> Vec<PathBuf> {
    extract
        .windows(2)
        .filter(|w| w[0] == "--stub" && w[1].ends_with(".c"))
        .map(|w| PathBuf::from(&w[1]))
        .collect()
}

/// The header lines of a `.c` file under c-examples/ (its first 40 lines),
/// whether it is an example or a part of one.
#[derive(Debug, Default)]
struct Header {
    run: Option<Vec<String>>,
    extract: Vec<String>,
    verdict: Option<String>,
    kinds: Vec<String>,
    sources: Option<Vec<PathBuf>>,
}

impl Header {
    fn read(path: &Path) -> Result<Header, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let mut h = Header::default();
        for line in text.lines().take(40) {
            let l = line.trim_start_matches(['/', '*', ' ']);
            if let Some(r) = l.strip_prefix("RUN:") {
                h.run = Some(r.split_whitespace().map(String::from).collect());
            } else if let Some(r) = l.strip_prefix("EXTRACT:") {
                h.extract = r.split_whitespace().map(String::from).collect();
            } else if let Some(r) = l.strip_prefix("SOURCES:") {
                h.sources
                    .get_or_insert_with(Vec::new)
                    .extend(r.split_whitespace().map(PathBuf::from));
            } else if let Some(r) = l.strip_prefix("EXPECT:") {
                let mut w = r.split_whitespace();
                let v = w.next().unwrap_or("").to_string();
                if let Some(k) = w.next() {
                    h.kinds.push(k.to_string());
                }
                h.verdict.get_or_insert(v);
            }
        }
        Ok(h)
    }

    /// Whether the file says anything an example says.
    fn is_example_header(&self) -> bool {
        self.run.is_some() || self.verdict.is_some() || self.sources.is_some()
    }
}

impl Example {
    pub fn parse(path: &Path) -> Result<Example, String> {
        let h = Header::read(path)?;
        let sources = h.sources.unwrap_or_default();
        for s in &sources {
            if !is_source(s) || s.is_absolute() {
                return Err(format!(
                    "SOURCES: names {}: a part is a relative path to a .c or .cpp file",
                    s.display()
                ));
            }
        }
        Ok(Example {
            path: path.to_path_buf(),
            sources,
            run: h.run.ok_or("no RUN: line")?,
            extract: h.extract,
            verdict: h.verdict.ok_or("no EXPECT: line")?,
            kinds: h.kinds,
        })
    }

    pub fn expected_path(&self) -> PathBuf {
        self.path.with_extension("expected")
    }

    /// Name relative to c-examples/.
    pub fn name(&self) -> String {
        self.path
            .strip_prefix(root().join("c-examples"))
            .unwrap_or(&self.path)
            .display()
            .to_string()
    }
}

/// Whether `path` is a source of an example: C (`.c`) or C++ (`.cpp`).
fn is_source(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "c" || x == "cpp")
}

/// Every example under c-examples/, sorted by path.
///
/// Every `.c` and `.cpp` file under c-examples/ is either an example or a part of
/// exactly one (named on its `SOURCES:` line); anything else panics (see
/// `examples_in`). So the number of examples, pinned in
/// `tests/fixtures/example-count`, is the number of `.c` files under
/// c-examples/ less the parts (the files named on `SOURCES:` lines); since
/// every example's header starts with `/* RUN:` and no part may have one,
/// `grep -rl --include='*.c' --include='*.cpp' '^/\* RUN:' c-examples | wc -l` counts them.
pub fn examples() -> Vec<Example> {
    examples_in(&root().join("c-examples")).unwrap_or_else(|e| panic!("{e}"))
}

/// The examples under `dir`, sorted by path, or what breaks the convention:
/// a `.c` file with neither a `RUN:` line nor an example naming it on its
/// `SOURCES:` line, a part named by two examples (or twice by one), a part
/// with a `RUN:`, `EXPECT:` or `SOURCES:` line of its own, or a `SOURCES:`
/// entry that is not a `.c` file under `dir`.
pub fn examples_in(dir: &Path) -> Result<Vec<Example>, String> {
    let mut paths = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(d) = dirs.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if is_source(&p) {
                paths.push(p);
            }
        }
    }
    paths.sort();
    let mut headers = Vec::new();
    let mut known = Vec::new();
    for p in &paths {
        headers.push(Header::read(p).map_err(|e| format!("{}: {e}", p.display()))?);
        known.push(
            p.canonicalize()
                .map_err(|e| format!("{}: {e}", p.display()))?,
        );
    }
    // part (canonical path) -> the example that names it
    let mut part_of: std::collections::BTreeMap<&Path, &Path> = Default::default();
    for ((p, h), me) in paths.iter().zip(&headers).zip(&known) {
        let here = p.parent().expect("a file has a directory");
        let stubs = stub_files(&h.extract);
        for s in h.sources.iter().flatten().chain(&stubs) {
            let named = here.join(s);
            let Some(c) = named
                .canonicalize()
                .ok()
                .and_then(|c| known.iter().find(|k| **k == c))
            else {
                return Err(format!(
                    "{}: SOURCES: names {}, which is not a .c file under {}",
                    p.display(),
                    s.display(),
                    dir.display()
                ));
            };
            if c == me {
                return Err(format!(
                    "{}: SOURCES: names the example itself",
                    p.display()
                ));
            }
            if let Some(other) = part_of.insert(c, p) {
                return Err(format!(
                    "{} is named on the SOURCES: lines of {} and {}: a part belongs to exactly one example, once",
                    named.display(),
                    other.display(),
                    p.display()
                ));
            }
        }
    }
    let mut examples = Vec::new();
    for ((p, h), c) in paths.iter().zip(&headers).zip(&known) {
        if let Some(main) = part_of.get(c.as_path()) {
            if h.is_example_header() {
                return Err(format!(
                    "{} is a part of {} (named on its SOURCES: line) but has a RUN:, EXPECT: or SOURCES: line of its own",
                    p.display(),
                    main.display()
                ));
            }
            continue;
        }
        examples.push(Example::parse(p).map_err(|e| {
            format!(
                "{}: {e} (every .c file under c-examples/ is an example, or a part named on the SOURCES: line of one)",
                p.display()
            )
        })?);
    }
    Ok(examples)
}

/// Runs mpi-extract from the example's directory (so reported file names are
/// the bare file name) on the example and its `SOURCES:` parts, writing the
/// model to `model`.
pub fn extract(ex: &Example, model: &Path) -> Output {
    extract_with(ex, model, &[])
}

/// [`extract`] with more mpi-extract flags (`--no-slice`).
pub fn extract_with(ex: &Example, model: &Path, extra: &[&str]) -> Output {
    let dir = ex.path.parent().expect("example has a directory");
    let file = ex.path.file_name().expect("example file name");
    let mut cmd = Command::new(bin("mpi-extract"));
    cmd.current_dir(dir)
        .arg(file)
        .args(&ex.sources)
        .arg("-o")
        .arg(model);
    let (flags, clang): (Vec<_>, Vec<_>) = match ex.extract.iter().position(|a| a == "--") {
        Some(i) => (ex.extract[..i].to_vec(), ex.extract[i + 1..].to_vec()),
        None => (ex.extract.clone(), vec![]),
    };
    cmd.args(flags);
    cmd.args(extra.iter().filter(|f| !ex.extract.iter().any(|e| e == *f)));
    if !clang.is_empty() {
        cmd.arg("--").args(clang);
    }
    run_limited(&mut cmd)
}

/// Runs mpi-check on a model from the example's directory.
pub fn check(ex: &Example, model: &Path, extra: &[&str]) -> Output {
    let dir = ex.path.parent().expect("example has a directory");
    // Extra flags go before the program arguments (`-- ...`), if any.
    let split = ex
        .run
        .iter()
        .position(|a| a == "--")
        .unwrap_or(ex.run.len());
    let mut cmd = Command::new(bin("mpi-check"));
    // OpenMP teams get the checker's default size (2 threads) whatever the
    // machine running the tests sets.
    cmd.env_remove("OMP_NUM_THREADS");
    cmd.current_dir(dir)
        .arg(model)
        .args(&ex.run[..split])
        .args(extra)
        .args(&ex.run[split..]);
    run_limited(&mut cmd)
}

/// Seconds one run of a tool may take in the tests (`MPI_TEST_TIMEOUT`,
/// default 300): a run that hangs fails its test instead of the suite.
pub fn run_limit() -> std::time::Duration {
    let secs = std::env::var("MPI_TEST_TIMEOUT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300u64);
    std::time::Duration::from_secs(secs)
}

/// Runs `cmd` to completion, or kills it after `run_limit()`: the output
/// then has the status of a killed process and says so on stderr.
pub fn run_limited(cmd: &mut Command) -> Output {
    use std::io::Read;
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the tool");
    // Pipes are drained while the tool runs, so a large output cannot block it.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let limit = run_limit();
    let start = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() < limit => {
                std::thread::sleep(std::time::Duration::from_millis(5))
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
    };
    let stdout = out.join().unwrap_or_default();
    let mut stderr = err.join().unwrap_or_default();
    let status = status.unwrap_or_else(|| {
        stderr.extend_from_slice(
            format!("killed after {} s (MPI_TEST_TIMEOUT)\n", limit.as_secs()).as_bytes(),
        );
        std::process::ExitStatus::from_raw(9)
    });
    Output {
        status,
        stdout,
        stderr,
    }
}

/// Runs `f` over `items` on all cores; returns the failures' messages.
pub fn parallel<T: Sync, F: Fn(&T) -> Result<(), String> + Sync>(items: &[T], f: F) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                if let Err(m) = f(item) {
                    failures.lock().expect("no poisoned lock").push(m);
                }
            });
        }
    });
    let mut v = failures.into_inner().expect("no poisoned lock");
    v.sort();
    v
}

/// A JSON report without what depends on the work done (time, states
/// explored and merged) or on the options given (the command that
/// reproduces an error), at every level (the runs of several `-n`).
///
/// Also without what a use of a stale request handle says about where the
/// request ended: the one thing a report may lose when the checker forgets
/// requests that are over (`system::compact`, README "Limits").
pub fn comparable(stdout: &[u8]) -> Option<serde_json::Value> {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                let stale = m
                    .get("message")
                    .and_then(|x| x.as_str())
                    .is_some_and(|x| x.contains("stale copy"));
                if stale {
                    for key in ["message", "locations"] {
                        m.insert(key.into(), serde_json::Value::Null);
                    }
                }
                for key in ["seconds", "states", "merged", "command"] {
                    if m.contains_key(key) {
                        m.insert(key.into(), serde_json::Value::Null);
                    }
                }
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    strip(&mut v);
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `files` (name, text) into a fresh directory.
    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        for (name, text) in files {
            let p = dir.path().join(name);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, text).expect("write");
        }
        dir
    }

    const MAIN: &str = "/* RUN: -n 2\n * EXPECT: verified\n * SOURCES: halo.c io.c\n */\n";
    const SINGLE: &str = "/* RUN: -n 2\n * EXPECT: verified\n */\n";
    const PART: &str = "/* halo.c: part of main.c */\n";

    #[test]
    fn a_program_in_several_files_is_one_example_with_its_parts() {
        let d = tree(&[
            ("app/main.c", MAIN),
            ("app/halo.c", PART),
            ("app/io.c", PART),
            ("app/grid.h", ""),
            ("single.c", SINGLE),
        ]);
        let ex = examples_in(d.path()).expect("valid layout");
        assert_eq!(ex.len(), 2);
        assert!(ex[0].path.ends_with("app/main.c"));
        assert_eq!(
            ex[0].sources,
            [PathBuf::from("halo.c"), PathBuf::from("io.c")]
        );
        assert!(ex[0].expected_path().ends_with("app/main.expected"));
        assert!(ex[1].sources.is_empty());
    }

    #[test]
    fn a_c_file_that_is_neither_example_nor_part_is_an_error() {
        let d = tree(&[
            ("app/main.c", MAIN),
            ("app/halo.c", PART),
            ("app/io.c", PART),
            ("app/util.c", PART),
        ]);
        let e = examples_in(d.path()).unwrap_err();
        assert!(e.contains("util.c") && e.contains("no RUN: line"), "{e}");
    }

    #[test]
    fn a_part_named_by_two_examples_is_an_error() {
        let two = "/* RUN: -n 2\n * EXPECT: verified\n * SOURCES: halo.c\n */\n";
        let d = tree(&[
            ("app/main.c", MAIN),
            ("app/other.c", two),
            ("app/halo.c", PART),
            ("app/io.c", PART),
        ]);
        let e = examples_in(d.path()).unwrap_err();
        assert!(
            e.contains("halo.c") && e.contains("exactly one example"),
            "{e}"
        );
    }

    #[test]
    fn a_part_with_a_header_of_its_own_is_an_error() {
        let d = tree(&[
            ("app/main.c", MAIN),
            ("app/halo.c", SINGLE),
            ("app/io.c", PART),
        ]);
        let e = examples_in(d.path()).unwrap_err();
        assert!(e.contains("halo.c is a part of"), "{e}");
    }

    #[test]
    fn a_missing_or_outside_part_is_an_error() {
        let d = tree(&[("app/main.c", MAIN), ("app/halo.c", PART)]);
        let e = examples_in(d.path()).unwrap_err();
        assert!(e.contains("names io.c, which is not a .c file"), "{e}");
        let bad = "/* RUN: -n 2\n * EXPECT: verified\n * SOURCES: grid.h\n */\n";
        let d = tree(&[("app/main.c", bad), ("app/grid.h", "")]);
        let e = examples_in(d.path()).unwrap_err();
        assert!(e.contains("names grid.h, which is not a .c file"), "{e}");
    }
}
