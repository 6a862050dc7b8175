//! Shared helpers for the end-to-end tests: finding the binaries, reading an
//! example's header, running the two tools.

pub mod gen;

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
#[derive(Debug, Clone)]
pub struct Example {
    pub path: PathBuf,
    /// mpi-check flags.
    pub run: Vec<String>,
    /// mpi-extract flags.
    pub extract: Vec<String>,
    /// `verified`, `inconclusive`, or `error`.
    pub verdict: String,
    /// Error kinds allowed (for `error`).
    pub kinds: Vec<String>,
}

impl Example {
    pub fn parse(path: &Path) -> Result<Example, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let mut run = None;
        let mut extract = Vec::new();
        let mut verdict = None;
        let mut kinds = Vec::new();
        for line in text.lines().take(40) {
            let l = line.trim_start_matches(['/', '*', ' ']);
            if let Some(r) = l.strip_prefix("RUN:") {
                run = Some(r.split_whitespace().map(String::from).collect());
            } else if let Some(r) = l.strip_prefix("EXTRACT:") {
                extract = r.split_whitespace().map(String::from).collect();
            } else if let Some(r) = l.strip_prefix("EXPECT:") {
                let mut w = r.split_whitespace();
                let v = w.next().unwrap_or("").to_string();
                if let Some(k) = w.next() {
                    kinds.push(k.to_string());
                }
                verdict.get_or_insert(v);
            }
        }
        Ok(Example {
            path: path.to_path_buf(),
            run: run.ok_or("no RUN: line")?,
            extract,
            verdict: verdict.ok_or("no EXPECT: line")?,
            kinds,
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

/// Every example under c-examples/, sorted.
pub fn examples() -> Vec<Example> {
    let mut paths = Vec::new();
    let mut dirs = vec![root().join("c-examples")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d)
            .expect("c-examples readable")
            .flatten()
        {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "c") {
                paths.push(p);
            }
        }
    }
    paths.sort();
    paths
        .iter()
        .map(|p| Example::parse(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

/// Runs mpi-extract from the example's directory (so reported file names are
/// the bare file name), writing the model to `model`.
pub fn extract(ex: &Example, model: &Path) -> Output {
    let dir = ex.path.parent().expect("example has a directory");
    let file = ex.path.file_name().expect("example file name");
    let mut cmd = Command::new(bin("mpi-extract"));
    cmd.current_dir(dir).arg(file).arg("-o").arg(model);
    let (flags, clang): (Vec<_>, Vec<_>) = match ex.extract.iter().position(|a| a == "--") {
        Some(i) => (ex.extract[..i].to_vec(), ex.extract[i + 1..].to_vec()),
        None => (ex.extract.clone(), vec![]),
    };
    cmd.args(flags);
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
