//! End-to-end tests of bad input and of the output contracts (README):
//! exit status 0/1/2 (3 when the command could not run), a one-line message naming the problem (never a
//! panic, never a hang), and the shape of the text / JSON / SARIF output.
//! The C programs are under tests/fixtures/, each saying what it tests.

use end_to_end::{bin, root};
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// No single tool run in these tests may take longer: past it the run is
/// killed and the test fails as a hang.
const LIMIT: Duration = Duration::from_secs(60);

fn fixtures() -> PathBuf {
    root().join("tests").join("fixtures")
}

/// What one run of a tool did.
struct Run {
    what: String,
    code: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
}

impl Run {
    fn show(&self) -> String {
        format!(
            "{} exited with {:?} after {:.2?}\n--- stdout\n{}\n--- stderr\n{}",
            self.what, self.code, self.elapsed, self.stdout, self.stderr
        )
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", self.show()))
    }
}

/// Runs `cmd`, killing it (and failing the test as a hang) after `limit`.
fn run_limited(mut cmd: Command, limit: Duration) -> Run {
    let what = format!("{cmd:?}");
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            String::from_utf8_lossy(&buf).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let err = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for child") {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let stderr = err.join().unwrap_or_default();
            panic!(
                "HANG: {what} did not finish within {limit:?} and was killed\n--- stderr\n{stderr}"
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Run {
        what,
        code: status.code(),
        stdout: out.join().expect("stdout reader"),
        stderr: err.join().expect("stderr reader"),
        elapsed: start.elapsed(),
    }
}

/// `mpi-extract ARGS` run in `dir`.
fn extract_in(dir: &Path, args: &[&str]) -> Run {
    let mut cmd = Command::new(bin("mpi-extract"));
    cmd.current_dir(dir).args(args);
    run_limited(cmd, LIMIT)
}

/// `mpi-extract ARGS` run in the fixtures directory (so reported file
/// names are bare fixture names).
fn extract(args: &[&str]) -> Run {
    extract_in(&fixtures(), args)
}

/// Extracts one fixture to `dir/<name>.json`; the extraction must succeed.
fn model_of(fixture: &str, dir: &Path) -> PathBuf {
    let model = dir.join(format!("{fixture}.json"));
    let r = extract(&[fixture, "-o", model.to_str().expect("utf-8 path")]);
    assert_eq!(
        r.code,
        Some(0),
        "extracting {fixture} failed:\n{}",
        r.show()
    );
    model
}

/// `mpi-check MODEL ARGS` run in the fixtures directory.
fn check(model: &Path, args: &[&str]) -> Run {
    check_limited(model, args, LIMIT)
}

fn check_limited(model: &Path, args: &[&str], limit: Duration) -> Run {
    let mut cmd = Command::new(bin("mpi-check"));
    cmd.current_dir(fixtures()).arg(model).args(args);
    run_limited(cmd, limit)
}

/// `mpi-check MODEL ARGS` with its address space capped at `mb` megabytes,
/// so that a run whose memory grows without bound fails by itself instead
/// of exhausting the machine.
fn check_capped(model: &Path, args: &[&str], mb: u64, limit: Duration) -> Run {
    let mut cmd = Command::new("sh");
    cmd.current_dir(fixtures())
        .arg("-c")
        .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", mb * 1024))
        .arg(bin("mpi-check"))
        .arg(model)
        .args(args);
    run_limited(cmd, limit)
}

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary directory")
}

fn assert_no_panic(r: &Run) {
    assert!(
        !r.stderr.contains("panicked") && !r.stdout.contains("panicked"),
        "the tool panicked:\n{}",
        r.show()
    );
    assert!(
        r.code.is_some(),
        "the tool was killed by a signal:\n{}",
        r.show()
    );
}

/// Exit status `code`, no panic, and every one of `needles` in stderr.
fn assert_fails(r: &Run, code: i32, needles: &[&str]) {
    assert_no_panic(r);
    assert_eq!(r.code, Some(code), "wrong exit status:\n{}", r.show());
    for n in needles {
        assert!(
            r.stderr.contains(n),
            "stderr should contain {n:?}:\n{}",
            r.show()
        );
    }
}

/// Like `assert_fails`, and the message is exactly one line.
fn assert_fails_one_line(r: &Run, code: i32, needles: &[&str]) {
    assert_fails(r, code, needles);
    assert_eq!(
        r.stderr.trim_end().lines().count(),
        1,
        "expected a one-line message on stderr:\n{}",
        r.show()
    );
}

fn keys(v: &Value) -> BTreeSet<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("expected an object, got {v}"))
        .keys()
        .cloned()
        .collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------- mpi-extract

#[test]
fn extract_missing_source_file() {
    let dir = tmp();
    let r = extract_in(dir.path(), &["no_such_file.c"]);
    assert_fails_one_line(&r, 3, &["cannot read", "no_such_file.c"]);
    assert!(
        !dir.path().join("mpi-model.json").exists(),
        "a failed extraction must not write a model"
    );
}

#[test]
fn extract_prose_text_file() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let r = extract(&["prose.txt", "-o", model.to_str().unwrap()]);
    assert_fails(&r, 3, &["prose.txt", "error:"]);
    assert!(
        !model.exists(),
        "a failed extraction must not write a model"
    );
}

#[test]
fn extract_syntax_error_shows_clang_diagnostic() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let r = extract(&["syntax_error.c", "-o", model.to_str().unwrap()]);
    assert_fails(&r, 3, &["syntax_error.c:5:", "error:", "expected ';'"]);
    assert!(
        !model.exists(),
        "a failed extraction must not write a model"
    );
}

#[test]
fn extract_accepts_old_c_as_warnings_and_strict_c_rejects_it() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let source = root().join("c-examples/oldc/implicit_declarations.c");
    let source = source.to_str().expect("utf-8 path");
    let r = extract(&[source, "-o", model.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    for needle in [
        "implicit_declarations.c:13:8: warning:",
        "[-Wimplicit-int]",
        "[-Wimplicit-function-declaration]",
        "[-Wint-conversion]",
        "[-Wincompatible-pointer-types]",
    ] {
        assert!(r.stderr.contains(needle), "{needle} missing:\n{}", r.show());
    }
    let strict = dir.path().join("strict.json");
    let r = extract(&["--strict-c", source, "-o", strict.to_str().unwrap()]);
    assert_fails(
        &r,
        3,
        &["implicit_declarations.c:13:8: error:", "[-Wimplicit-int]"],
    );
    assert!(
        !strict.exists(),
        "a failed extraction must not write a model"
    );
}

#[test]
fn extract_without_main() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let r = extract(&["no_main.c", "-o", model.to_str().unwrap()]);
    assert_fails_one_line(&r, 3, &["main"]);
    assert!(
        !model.exists(),
        "a failed extraction must not write a model"
    );
}

/// Extracts `fixture` to `dir/m.json`: it must succeed with exactly the
/// given unsupported-construct warnings (`file:line: what`) before the
/// summary line.
fn extract_with_warnings(fixture: &str, dir: &Path, sites: &[&str]) -> PathBuf {
    let model = dir.join("m.json");
    let r = extract(&[fixture, "-o", model.to_str().expect("utf-8 path")]);
    assert_no_panic(&r);
    assert_eq!(
        r.code,
        Some(0),
        "unsupported code must not fail:\n{}",
        r.show()
    );
    assert!(model.exists(), "no model written:\n{}", r.show());
    let warnings: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("mpi-extract: warning: "))
        .collect();
    let want: Vec<String> = sites
        .iter()
        .map(|s| format!("mpi-extract: warning: {s} (the check is inconclusive if it runs)"))
        .collect();
    assert_eq!(warnings, want, "{}", r.show());
    assert!(
        r.stderr
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("mpi-extract: wrote ")),
        "the summary comes last:\n{}",
        r.show()
    );
    model
}

/// The check of `model` is inconclusive and its JSON reason names `site`
/// (`file:line:`) and `what`.
fn assert_inconclusive_at(model: &Path, args: &[&str], site: &str, what: &str) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let r = check(model, &all);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "inconclusive", "{v:#}");
    let reason = v["reason"].as_str().unwrap_or_default();
    assert!(
        reason.starts_with(site) && reason.ends_with(what),
        "reason should be {site}<column>: {what}: {v:#}"
    );
}

#[test]
fn extract_unsupported_call_warns_and_the_check_is_inconclusive_when_it_runs() {
    let dir = tmp();
    let model = extract_with_warnings(
        "calls_getloadavg.c",
        dir.path(),
        &["calls_getloadavg.c:12: call to getloadavg, which has no source and no model"],
    );
    assert_inconclusive_at(
        &model,
        &[],
        "calls_getloadavg.c:12:",
        "call to getloadavg, which has no source and no model: give its definition with \
         --stub FILE.c, or assume it has no effect with --assume-no-effect getloadavg",
    );
    let text = check(&model, &[]);
    assert!(
        text.stdout
            .starts_with("mpi-check: inconclusive (np = 2): calls_getloadavg.c:12:"),
        "{}",
        text.show()
    );
}

#[test]
fn extract_unsupported_call_never_reached_is_verified() {
    // syslog and exit on the error path of an MPI call that succeeds.
    // Nothing syslog returns or writes reaches MPI, an assertion or the
    // exit status, so the slicer drops it: no warning, and the report
    // lists the assumption that it returns.
    let dir = tmp();
    let model = extract_with_warnings("unsupported_not_reached.c", dir.path(), &[]);
    let r = check(&model, &[]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        r.stdout
            .starts_with("mpi-check: verified (np = 2), assuming: syslog returns\n"),
        "{}",
        r.show()
    );
}

#[test]
fn mutual_recursion_runs_on_a_call_stack_and_its_collective_mismatch_is_found() {
    // f and g call each other; g's barrier runs once on rank 0 and twice on
    // rank 1 (line 16): no warning, and a collective mismatch, not
    // "inconclusive".
    let dir = tmp();
    let model = extract_with_warnings("mutual_recursion.c", dir.path(), &[]);
    let r = check(&model, &["--format", "json"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "error", "{v:#}");
    assert_eq!(v["errors"][0]["kind"], "collective-mismatch", "{v:#}");
    assert!(v.to_string().contains("\"line\":16"), "{v:#}");
}

#[test]
fn calls_through_pointers_to_program_functions_run_and_library_ones_are_unsupported() {
    let dir = tmp();
    let model = extract_with_warnings(
        "function_pointer.c",
        dir.path(),
        &["function_pointer.c:17: unsupported: address of external function getppid"],
    );
    assert_inconclusive_at(
        &model,
        &[],
        "function_pointer.c:17:",
        "unsupported: address of external function getppid",
    );
}

#[test]
fn extract_links_two_sources_and_passes_clang_defines() {
    let dir = tmp();
    let model = dir.path().join("linked.json");
    let m = model.to_str().unwrap();

    // Without the define the program does not compile: N reaches clang only
    // through `--`.
    let r = extract(&["linked_main.c", "linked_ring.c", "-o", m]);
    assert_fails(&r, 3, &["linked_main.c", "'N'"]);

    let r = extract(&["linked_main.c", "linked_ring.c", "-o", m, "--", "-DN=3"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(r.stderr.contains("2 sources"), "{}", r.show());
    for np in ["3", "4"] {
        let c = check(&model, &["-n", np]);
        assert_no_panic(&c);
        assert_eq!(c.code, Some(0), "{}", c.show());
        assert!(
            c.stdout
                .starts_with(&format!("mpi-check: verified (np = {np})")),
            "{}",
            c.show()
        );
    }
}

#[test]
fn extract_output_flag_chooses_the_path_and_default_is_mpi_model_json() {
    let dir = tmp();
    let src = fixtures().join("verified.c");
    let src = src.to_str().unwrap();

    let r = extract_in(dir.path(), &[src, "-o", "chosen.json"]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(dir.path().join("chosen.json").is_file(), "-o not honored");
    assert!(
        !dir.path().join("mpi-model.json").exists(),
        "-o given, yet mpi-model.json written"
    );
    assert!(r.stderr.contains("chosen.json"), "{}", r.show());

    // `mpi-extract prog.c && mpi-check`: both default to mpi-model.json.
    let r = extract_in(dir.path(), &["--output", "other.json", src]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        dir.path().join("other.json").is_file(),
        "--output not honored"
    );
    let r = extract_in(dir.path(), &[src]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(dir.path().join("mpi-model.json").is_file());
    let mut cmd = Command::new(bin("mpi-check"));
    cmd.current_dir(dir.path());
    let c = run_limited(cmd, LIMIT);
    assert_no_panic(&c);
    assert_eq!(c.code, Some(0), "{}", c.show());
    assert!(c.stdout.starts_with("mpi-check: verified (np = 2)"));
}

/// Parses "... N instructions kept, M removed ..." from the summary line.
fn kept_removed(line: &str) -> (u64, u64) {
    let words: Vec<&str> = line
        .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    let num_before = |word: &str| -> u64 {
        let i = words
            .iter()
            .position(|w| *w == word)
            .unwrap_or_else(|| panic!("no {word:?} in summary {line:?}"));
        words[i - 1]
            .parse()
            .unwrap_or_else(|_| panic!("no count before {word:?} in {line:?}"))
    };
    (num_before("instructions"), num_before("removed"))
}

#[test]
fn extract_summary_line_reports_instructions_kept_and_removed() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let m = model.to_str().unwrap();
    let r = extract(&["verified.c", "-o", m]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(r.stderr.trim_end().lines().count(), 1, "{}", r.show());
    let line = r.stderr.trim_end();
    assert!(line.starts_with("mpi-extract: wrote"), "{}", r.show());
    assert!(line.contains("instructions kept"), "{}", r.show());
    assert!(line.contains("removed"), "{}", r.show());
    let (kept, removed) = kept_removed(line);
    assert!(kept > 0, "{line}");
    // The printf feeds nothing the checker needs: sliced away.
    assert!(removed > 0, "{line}");

    // --no-slice keeps everything.
    let r = extract(&["verified.c", "--no-slice", "-o", m]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let (all, none) = kept_removed(r.stderr.trim_end());
    assert_eq!(none, 0, "{}", r.show());
    assert_eq!(all, kept + removed, "{}", r.show());
}

// ------------------------------------------------------------------ mpi-check

#[test]
fn check_missing_model_file() {
    let dir = tmp();
    let missing = dir.path().join("absent-model.json");
    let r = check(&missing, &[]);
    assert_fails_one_line(&r, 3, &["cannot read", "absent-model.json"]);
    assert!(r.stdout.is_empty(), "{}", r.show());
    // Naming the file once is enough.
    assert_eq!(
        r.stderr.matches("absent-model.json").count(),
        1,
        "the message repeats the file name:\n{}",
        r.show()
    );
}

#[test]
fn check_corrupt_json() {
    let dir = tmp();
    for (name, text) in [
        (
            "truncated.json",
            r#"{"format": "mpi-model", "version": 1, "functions": ["#,
        ),
        ("empty.json", ""),
        ("garbage.json", "\u{1}\u{2}not json at all }"),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        let r = check(&p, &[]);
        assert_fails_one_line(&r, 3, &[name, "not a valid model file"]);
    }
}

#[test]
fn check_non_utf8_model() {
    let dir = tmp();
    let p = dir.path().join("binary.json");
    std::fs::write(&p, [0xff, 0xfe, 0x00, 0x81, 0x7b]).unwrap();
    let r = check(&p, &[]);
    assert_fails_one_line(&r, 3, &["binary.json"]);
}

#[test]
fn check_json_of_another_shape() {
    let dir = tmp();
    for (name, text) in [
        ("array.json", "[1, 2, 3]"),
        ("object.json", r#"{"name": "x", "items": [1]}"#),
        ("number.json", "42"),
        (
            "package.json",
            r#"{"name": "web", "version": "1.0.0", "dependencies": {}}"#,
        ),
    ] {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        let r = check(&p, &[]);
        assert_fails_one_line(&r, 3, &[name, "model"]);
    }
}

#[test]
fn check_model_of_unknown_version() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(&model).unwrap()).unwrap();
    v["version"] = Value::from(999);
    let future = dir.path().join("future.json");
    std::fs::write(&future, serde_json::to_string(&v).unwrap()).unwrap();
    let r = check(&future, &[]);
    assert_fails_one_line(&r, 3, &["version", "999", "re-run mpi-extract"]);
}

#[test]
fn check_rejects_process_counts_out_of_range() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    for n in ["0", "100000"] {
        let r = check(&model, &["-n", n]);
        assert_fails_one_line(&r, 3, &["-n must be between 1 and", n]);
        assert!(r.stdout.is_empty(), "{}", r.show());
    }
}

#[test]
fn check_several_process_counts_reports_each_and_the_worst() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let source = root().join("c-examples/nprange/manager_worker_order.c");
    let r = extract(&[source.to_str().unwrap(), "-o", model.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.show());

    let r = check(&model, &["-n", "2..4"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    for np in ["(np = 2)", "(np = 3)", "(np = 4)"] {
        assert!(r.stdout.contains(np), "{np}:\n{}", r.show());
    }
    assert!(
        r.stdout
            .trim_end()
            .ends_with("mpi-check: error (np 2: verified, np 3: error, np 4: error)"),
        "{}",
        r.show()
    );
    // One count alone, and the same count given twice (the last -n wins).
    assert_eq!(check(&model, &["-n", "2"]).code, Some(0));
    assert_eq!(check(&model, &["-n", "2..4", "-n", "2"]).code, Some(0));
    assert_eq!(check(&model, &["-n", "2,2,2"]).code, Some(0));

    let r = check(&model, &["-n", "4,2,3", "--format", "json"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["np"], 4, "the first count with the deciding verdict");
    let runs: Vec<(u64, String)> = v["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .map(|r| {
            (
                r["np"].as_u64().unwrap(),
                r["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        runs,
        [
            (4, "error".into()),
            (2, "verified".into()),
            (3, "error".into())
        ]
    );
    // Every error says how to reproduce it, and the command does.
    let error = &v["errors"][0];
    let command = error["command"].as_str().expect("command");
    let replay = error["replay"].as_str().expect("replay");
    assert!(command.contains(" -n 4 ") && command.ends_with(&format!("--replay {replay}")));
    let again = check(&model, &["-n", "4", "--replay", replay]);
    assert_eq!(again.code, Some(1), "{}", again.show());

    let r = check(&model, &["-n", "2,3", "--format", "sarif"]);
    let v = r.json();
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["properties"]["np"], 2);
    assert_eq!(runs[1]["properties"]["np"], 3);
    assert!(runs[1]["results"][0]["properties"]["command"]
        .as_str()
        .is_some_and(|c| c.contains("--replay")));

    let r = check(&model, &["-n", "2..3", "--replay", "0"]);
    assert_fails_one_line(&r, 3, &["--replay", "one process count"]);
    for bad in ["4..2", "2..x", "2,,3", "0..3"] {
        let r = check(&model, &["-n", bad]);
        assert_fails_one_line(&r, 3, &["-n"]);
    }
}

#[test]
fn check_timeout_bounds_the_whole_command_over_several_process_counts() {
    let dir = tmp();
    let model = model_of("fanin_wildcard.c", dir.path());
    // Stateless: the stateful search checks these counts in about a second.
    let r = check(&model, &["-n", "9..11", "--timeout", "2", "--stateless"]);
    assert_eq!(r.code, Some(2), "{}", r.show());
    assert!(r.elapsed < Duration::from_secs(6), "{}", r.show());
}

#[test]
fn check_quiet_prints_only_the_verdict_line() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &["-q"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert_eq!(r.stdout, "mpi-check: error (np = 2)\n");
    let r = check(&model, &["--quiet", "-n", "2,3"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: error (np 2"),
        "{}",
        r.show()
    );
    // A document stays whole.
    let r = check(&model, &["-q", "--format", "json"]);
    assert_eq!(r.json()["verdict"], "error");
}

#[test]
fn check_writes_the_wait_for_graph_of_a_deadlock_as_dot() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let dot = dir.path().join("wf.dot");
    let r = check(&model, &["--wait-for-graph", dot.to_str().unwrap()]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let text = std::fs::read_to_string(&dot).expect("graph written");
    assert!(text.contains("digraph {"), "{text}");
    assert!(text.contains("rank 0\\nMPI_Recv at deadlock.c:"), "{text}");
    assert!(text.contains(" -> "), "{text}");
    // No deadlock: the file says so, and is still a graph.
    let model = model_of("verified.c", dir.path());
    let r = check(&model, &["--wait-for-graph", dot.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let text = std::fs::read_to_string(&dot).expect("graph written");
    assert!(
        text.starts_with("// mpi-check: no deadlock found"),
        "{text}"
    );
    // An unwritable path is a command that could not run.
    let r = check(&model, &["--wait-for-graph", "/nonexistent-dir/wf.dot"]);
    assert_fails_one_line(&r, 3, &["cannot write", "wf.dot"]);
}

/// Runs `mpi-check --html` on deadlock.c (a two-rank cycle at the default
/// np 2) into `dir/report.html`; the report and the run.
fn html_report_of_deadlock(dir: &Path) -> (String, Run) {
    let model = model_of("deadlock.c", dir);
    let page = dir.join("report.html");
    let r = check(&model, &["--html", page.to_str().expect("utf-8 path")]);
    let plain = check(&model, &[]);
    // The page is written beside the usual output, which stays the same.
    assert_eq!(r.code, plain.code, "{}\n{}", r.show(), plain.show());
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert_eq!(r.stdout, plain.stdout);
    let text = std::fs::read_to_string(&page).expect("report written");
    (text, r)
}

#[test]
fn check_html_report_is_self_contained() {
    let dir = tmp();
    let (page, _) = html_report_of_deadlock(dir.path());
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(page.contains("<p class=\"verdict error\">"), "{page}");
    assert!(page.contains("<span class=\"kind\">error[deadlock]</span>"));
    // One lane per rank.
    assert!(
        page.contains("<tr><th>step</th><th>rank 0</th><th>rank 1</th></tr>"),
        "{page}"
    );
    assert!(!page.contains("<th>rank 2</th>"));
    // The wait-for graph: both ranks, each waiting for the other.
    assert!(page.contains("<svg "));
    assert_eq!(page.matches("<g class=\"node\">").count(), 2, "{page}");
    assert_eq!(page.matches("<g class=\"edge\">").count(), 2, "{page}");
    assert!(page.contains(">MPI_Recv at deadlock.c:10</text>"), "{page}");
    // The source line of the receive, escaped (`&in`).
    assert!(
        page.contains("MPI_Recv(&amp;in, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD"),
        "{page}"
    );
    assert!(page.contains("class=\"act at-error\""));
    // Nothing to fetch and nothing to run.
    for needle in [
        "http://", "https://", "<script", "<link", "<img", "url(", "@import",
    ] {
        assert!(!page.contains(needle), "the page holds {needle}:\n{page}");
    }
    // Written whatever the verdict: a verified check says so.
    let model = model_of("verified.c", dir.path());
    let verified = dir.path().join("verified.html");
    let r = check(&model, &["--html", verified.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let page = std::fs::read_to_string(&verified).expect("report written");
    assert!(
        page.contains("<span class=\"word\">verified</span> every behavior at np 2 explored"),
        "{page}"
    );
    assert!(!page.contains("<section"));
    // An unwritable path is a command that could not run.
    let r = check(&model, &["--html", "/nonexistent-dir/report.html"]);
    assert_fails_one_line(&r, 3, &["cannot write", "report.html"]);
}

/// The first `name` on `PATH` that is a file.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// Headless Chromium on `url` with `args`, with a profile of its own in
/// `profile`. Killed with all its helper processes after 60 s (`timeout`
/// signals its whole process group), so a browser that hangs fails the
/// test instead of blocking it.
fn chromium(browser: &Path, profile: &Path, args: &[&str], url: &str) -> Run {
    let mut cmd = Command::new("timeout");
    cmd.args(["-k", "5", "60"])
        .arg(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--no-default-browser-check",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(url);
    run_limited(cmd, LIMIT + Duration::from_secs(10))
}

#[test]
fn check_html_report_renders_in_a_browser() {
    if std::env::var_os("MPI_SKIP_BROWSER").is_some_and(|v| v == "1") {
        eprintln!("MPI_SKIP_BROWSER=1: the HTML report is not opened in a browser");
        return;
    }
    let Some(browser) = on_path("chromium") else {
        panic!(
            "chromium is not on PATH: install it (apt-get install -y --no-install-recommends \
             chromium, or scripts/setup), or set MPI_SKIP_BROWSER=1 to skip this test"
        );
    };
    let dir = tmp();
    html_report_of_deadlock(dir.path());
    let url = format!("file://{}", dir.path().join("report.html").display());
    let profile = dir.path().join("profile");
    let r = chromium(&browser, &profile, &["--dump-dom"], &url);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let dom = &r.stdout;
    // What the browser built from the page: the verdict, a lane per rank,
    // a node per process of the wait-for cycle.
    assert!(
        dom.contains(
            "<p class=\"verdict error\"><span class=\"word\">error</span> 1 error found</p>"
        ),
        "{}",
        r.show()
    );
    assert!(dom.contains("<table class=\"trace\">"), "{}", r.show());
    assert!(
        dom.contains("<tr><th>step</th><th>rank 0</th><th>rank 1</th></tr>"),
        "{}",
        r.show()
    );
    assert!(dom.contains("<svg class=\"waitfor\""), "{}", r.show());
    assert_eq!(dom.matches("class=\"node\"").count(), 2, "{}", r.show());
    assert_eq!(dom.matches("class=\"edge\"").count(), 2, "{}", r.show());
    // And what it draws.
    let shot = dir.path().join("report.png");
    let r = chromium(
        &browser,
        &profile,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,2000",
        ],
        &url,
    );
    assert_eq!(r.code, Some(0), "{}", r.show());
    let png = std::fs::read(&shot).unwrap_or_else(|e| panic!("no screenshot ({e}):\n{}", r.show()));
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    assert!(png.len() > 8 * 1024, "screenshot of {} bytes", png.len());
}

#[test]
fn check_negative_process_count_is_explained() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    let r = check(&model, &["-n", "-1"]);
    // Should be the same range message as -n 0, not clap's "unexpected
    // argument '-1'" whose tip (`-- -1`) would pass -1 to the program.
    assert_fails(&r, 3, &["between 1 and"]);
}

#[test]
fn check_rejects_bad_timeouts() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    for t in ["0", "-1", "nan", "inf", "1e30", "1e400", "abc"] {
        let r = check(&model, &[&format!("--timeout={t}")]);
        assert_fails_one_line(&r, 3, &["--timeout"]);
    }
}

#[test]
fn check_local_infinite_loop_hits_max_steps_with_location() {
    let dir = tmp();
    let model = model_of("local_infinite_loop.c", dir.path());
    let r = check(&model, &["--max-steps", "100000"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let first = r.stdout.lines().next().unwrap_or("");
    assert!(
        first.starts_with("mpi-check: inconclusive (np = 2)")
            && first.contains("local_infinite_loop.c:11"),
        "{}",
        r.show()
    );

    let r = check(&model, &["--max-steps", "100000", "--format", "json"]);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "inconclusive", "{}", r.show());
    let reason = v["reason"].as_str().expect("reason is a string");
    assert!(reason.contains("local_infinite_loop.c:11"), "{reason}");
}

#[test]
fn check_iprobe_poll_for_a_message_never_sent_terminates() {
    let dir = tmp();
    let model = model_of("iprobe_never_sent.c", dir.path());
    let r = check_capped(&model, &[], 4096, Duration::from_secs(30));
    assert_no_panic(&r);
    match r.code {
        Some(1) => assert!(
            r.stdout.contains("error[non-termination]"),
            "exit 1 must report non-termination:\n{}",
            r.show()
        ),
        Some(2) => assert!(
            r.stdout.starts_with("mpi-check: inconclusive"),
            "{}",
            r.show()
        ),
        _ => panic!("expected exit 1 or 2:\n{}", r.show()),
    }
}

#[test]
fn check_timeout_with_many_executions_is_inconclusive() {
    let dir = tmp();
    let model = model_of("fanin_wildcard.c", dir.path());
    let r = check(
        &model,
        &["-n", "8", "--timeout", "0.001", "--format", "json"],
    );
    assert_no_panic(&r);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "inconclusive", "{}", r.show());
    let reason = v["reason"].as_str().expect("reason is a string");
    assert!(reason.contains("timeout"), "{reason}");
    assert!(
        r.elapsed < Duration::from_secs(10),
        "--timeout 0.001 took {:?}",
        r.elapsed
    );

    let r = check(&model, &["-n", "8", "--timeout", "0.001"]);
    assert_eq!(r.code, Some(2), "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: inconclusive (np = 8)") && r.stdout.contains("timeout"),
        "{}",
        r.show()
    );
}

/// Exit 1 with non-termination, or exit 2 inconclusive (with `needle` in
/// the reason): the two honest answers for a program that never ends.
fn assert_stops_on_endless_program(r: &Run, needle: &str) {
    assert_no_panic(r);
    match r.code {
        Some(1) => assert!(
            r.stdout.contains("\"non-termination\""),
            "exit 1 must report non-termination:\n{}",
            r.show()
        ),
        Some(2) => {
            let v = r.json();
            assert_eq!(v["verdict"], "inconclusive", "{}", r.show());
            let reason = v["reason"].as_str().unwrap_or("");
            assert!(reason.contains(needle), "{}", r.show());
        }
        _ => panic!("expected exit 1 or 2:\n{}", r.show()),
    }
}

#[test]
fn check_timeout_stops_an_execution_that_never_ends() {
    // One execution of barrier_loop.c never ends; --timeout must still stop
    // the check about when asked (checked within the execution, not only
    // between executions). Memory is capped so a runaway fails here rather
    // than exhausting the machine.
    let dir = tmp();
    let model = model_of("barrier_loop.c", dir.path());
    let r = check_capped(
        &model,
        &["--timeout", "1", "--format", "json"],
        3072,
        Duration::from_secs(15),
    );
    assert_stops_on_endless_program(&r, "timeout");
}

#[test]
fn check_endless_mpi_loop_terminates_with_default_flags() {
    // With no limit given, a loop of MPI calls whose state repeats must
    // still end (non-termination, or the default --max-steps), within a
    // bounded time and memory.
    let dir = tmp();
    let model = model_of("barrier_loop.c", dir.path());
    let r = check_capped(
        &model,
        &["--format", "json"],
        3072,
        Duration::from_secs(120),
    );
    assert_stops_on_endless_program(&r, "barrier_loop.c:");
}

#[test]
fn check_memory_bound_makes_a_growing_search_inconclusive() {
    // Every rank keeps a new megabyte before each barrier: past
    // --max-memory the check stops with the reason (exit 2), on one thread
    // and on several, instead of being killed, and soon after the bound
    // (not gigabytes later).
    let dir = tmp();
    let model = model_of("growing_heap.c", dir.path());
    for jobs in ["1", "2"] {
        let r = check_capped(
            &model,
            &[
                "-n",
                "16",
                "--max-memory",
                "64",
                "-j",
                jobs,
                "--format",
                "json",
            ],
            1024,
            Duration::from_secs(60),
        );
        assert_no_panic(&r);
        assert_eq!(r.code, Some(2), "{}", r.show());
        let v = r.json();
        assert_eq!(v["verdict"], "inconclusive", "{}", r.show());
        let reason = v["reason"].as_str().expect("reason is a string");
        assert!(reason.contains("memory limit of 64 MB"), "{reason}");
        let held: u64 = reason
            .split("the search holds ")
            .nth(1)
            .and_then(|x| x.split(' ').next())
            .and_then(|x| x.parse().ok())
            .expect("the memory held is named");
        assert!(held < 512, "stopped only at {held} MB: {reason}");
    }
    let r = check(&model, &["--max-memory", "0"]);
    assert_fails_one_line(&r, 3, &["--max-memory"]);
}

#[test]
fn check_max_steps_reason_is_accurate_for_a_loop_of_mpi_calls() {
    // barrier_loop.c reaches an MPI call on every iteration, so running out
    // of --max-steps must not be explained as "without reaching the next MPI
    // call" (the budget counts every instruction of the execution).
    let dir = tmp();
    let model = model_of("barrier_loop.c", dir.path());
    let r = check(&model, &["--max-steps", "10000", "--format", "json"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = r.json();
    assert_eq!(v["verdict"], "inconclusive", "{}", r.show());
    let reason = v["reason"].as_str().expect("reason is a string");
    assert!(reason.contains("barrier_loop.c:"), "{reason}");
    assert!(reason.contains("10000"), "{reason}");
    assert!(
        !reason.contains("without reaching the next MPI call"),
        "misleading reason: {reason}"
    );
}

// ----------------------------------------------------------- output contracts

#[test]
fn json_output_of_a_deadlock_has_exactly_the_brief_fields_and_replay() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &["--format", "json"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    assert_eq!(
        keys(&v),
        set(&["verdict", "np", "errors", "stats"]),
        "{v:#}"
    );
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["np"], 2);

    let errors = v["errors"].as_array().expect("errors is an array");
    assert!(!errors.is_empty(), "{v:#}");
    let e = &errors[0];
    // The brief's fields, and the documented extensions that reproduce
    // the error (README: `replay`, `command`) and say what to change in
    // this situation (`help`: here a cycle of receives).
    assert_eq!(
        keys(e),
        set(&[
            "kind",
            "message",
            "locations",
            "trace",
            "replay",
            "command",
            "help"
        ]),
        "{e:#}"
    );
    assert!(
        e["help"]
            .as_str()
            .is_some_and(|h| h.contains("receive before they send")),
        "{e:#}"
    );
    assert_eq!(e["kind"], "deadlock");
    let command = e["command"].as_str().expect("command is a string");
    let replay = e["replay"].as_str().expect("replay is a string");
    assert!(
        command.ends_with(&format!(" -n 2 --replay {replay}")),
        "{command}"
    );
    let message = e["message"].as_str().expect("message is a string");
    assert!(message.contains("MPI_Recv"), "{message}");

    let locations = e["locations"].as_array().expect("locations is an array");
    assert!(!locations.is_empty(), "{e:#}");
    for l in locations {
        assert_eq!(
            keys(l),
            set(&["rank", "file", "line", "column", "call"]),
            "{l:#}"
        );
        assert!(l["rank"].is_u64() && l["line"].is_u64() && l["column"].is_u64());
        assert_eq!(l["file"], "deadlock.c", "{l:#}");
        assert_eq!(l["line"], 10, "{l:#}");
        assert_eq!(l["call"], "MPI_Recv", "{l:#}");
    }
    let ranks: BTreeSet<u64> = locations
        .iter()
        .map(|l| l["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, [0, 1].into_iter().collect(), "{e:#}");

    let trace = e["trace"].as_array().expect("trace is an array");
    assert!(!trace.is_empty(), "{e:#}");
    for (i, t) in trace.iter().enumerate() {
        assert_eq!(
            keys(t),
            set(&["step", "rank", "file", "line", "event"]),
            "{t:#}"
        );
        assert_eq!(t["step"], i as u64 + 1, "steps count from 1: {t:#}");
        assert!(t["rank"].is_u64() && t["line"].is_u64(), "{t:#}");
        assert_eq!(t["file"], "deadlock.c", "{t:#}");
        assert!(t["event"].as_str().is_some_and(|s| s.starts_with("MPI_")));
    }

    let stats = &v["stats"];
    assert_eq!(
        keys(stats),
        set(&["executions", "transitions", "states", "seconds"]),
        "{stats:#}"
    );
    assert!(stats["executions"].as_u64().is_some_and(|n| n >= 1));
    assert!(stats["transitions"].is_u64() && stats["states"].is_u64());
    assert!(stats["seconds"].as_f64().is_some_and(|s| s >= 0.0));
}

#[test]
fn json_output_of_a_verified_program() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    let r = check(&model, &["--format", "json"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let v = r.json();
    assert_eq!(
        keys(&v),
        set(&["verdict", "np", "errors", "stats"]),
        "{v:#}"
    );
    assert_eq!(v["verdict"], "verified");
    assert_eq!(v["np"], 2);
    assert!(v.get("reason").is_none(), "{v:#}");
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(0), "{v:#}");
    assert_eq!(v["stats"]["executions"], 1, "{v:#}");
}

#[test]
fn json_output_of_an_inconclusive_check_has_a_reason() {
    let dir = tmp();
    let model = model_of("local_infinite_loop.c", dir.path());
    let r = check(&model, &["--max-steps", "1000", "--format", "json"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = r.json();
    assert_eq!(
        keys(&v),
        set(&["verdict", "np", "reason", "errors", "stats"]),
        "{v:#}"
    );
}

#[test]
fn sarif_output_of_a_deadlock() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &["--format", "sarif"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    assert_eq!(v["version"], "2.1.0", "{v:#}");
    let runs = v["runs"].as_array().expect("runs is an array");
    assert_eq!(runs.len(), 1, "{v:#}");
    let results = runs[0]["results"].as_array().expect("results is an array");
    assert_eq!(results.len(), 1, "{v:#}");
    assert_eq!(results[0]["ruleId"], "deadlock", "{v:#}");
    let loc = &results[0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "deadlock.c", "{v:#}");
    assert_eq!(loc["region"]["startLine"], 10, "{v:#}");
    let rules = runs[0]["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules is an array");
    assert!(rules.iter().any(|r| r["id"] == "deadlock"), "{v:#}");
}

#[test]
fn sarif_output_of_a_verified_program_has_no_results() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    let r = check(&model, &["--format", "sarif"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let v = r.json();
    assert_eq!(v["version"], "2.1.0");
    assert_eq!(v["runs"][0]["results"].as_array().map(Vec::len), Some(0));
}

#[test]
fn text_output_of_a_deadlock() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &[]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let mut lines = r.stdout.lines();
    assert_eq!(
        lines.next(),
        Some("mpi-check: error (np = 2)"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("error[deadlock]:"), "{}", r.show());
    assert!(r.stdout.contains("--> deadlock.c:10:5"), "{}", r.show());

    // Run from a directory where the source is not found: no snippet, but
    // the same verdict and no crash.
    let mut cmd = Command::new(bin("mpi-check"));
    cmd.current_dir(dir.path()).arg(&model);
    let r = run_limited(cmd, LIMIT);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: error (np = 2)\n"),
        "{}",
        r.show()
    );
    assert!(r.stdout.contains("deadlock.c:10:5"), "{}", r.show());
}

#[test]
fn color_is_used_when_asked_and_never_when_piped_by_default() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let plain = check(&model, &[]);
    assert!(!plain.stdout.contains('\x1b'), "{}", plain.show());
    let never = check(&model, &["--color", "never"]);
    assert_eq!(never.stdout, plain.stdout);
    let always = check(&model, &["--color", "always"]);
    assert_eq!(always.code, Some(1), "{}", always.show());
    assert!(always.stdout.contains("\x1b["), "{}", always.show());
    // Without the escapes, the same report.
    let mut stripped = String::new();
    let mut chars = always.stdout.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            stripped.push(c);
        }
    }
    assert_eq!(stripped, plain.stdout);
    let bad = check(&model, &["--color", "sometimes"]);
    assert_eq!(bad.code, Some(3), "{}", bad.show());
}

#[test]
fn help_man_pages_and_completions_document_every_option_and_exit_status() {
    let dir = tmp();
    for tool in ["mpi-check", "mpi-extract"] {
        let run = |args: &[&str]| {
            let mut cmd = Command::new(bin(tool));
            cmd.current_dir(dir.path()).args(args);
            run_limited(cmd, LIMIT)
        };
        let help = run(&["--help"]);
        assert_eq!(help.code, Some(0), "{}", help.show());
        assert!(help.stdout.contains("Exit status:"), "{}", help.show());
        assert!(help.stdout.contains("  3  "), "{}", help.show());
        let options: Vec<&str> = help
            .stdout
            .split_whitespace()
            .filter(|w| w.starts_with("--") && w.len() > 2)
            .map(|w| w.trim_end_matches(|c: char| !c.is_ascii_alphanumeric()))
            .collect();
        assert!(options.contains(&"--generate"), "{options:?}");
        let man = run(&["--generate", "man"]);
        assert_eq!(man.code, Some(0), "{}", man.show());
        assert!(man.stdout.starts_with(".ie"), "{}", man.show());
        assert!(
            man.stdout.contains(&format!(".TH {tool} 1")),
            "{}",
            man.show()
        );
        assert!(man.stdout.contains("Exit status:"), "{}", man.show());
        for o in &options {
            // roff escapes dashes.
            let escaped = o.replace('-', "\\-");
            assert!(man.stdout.contains(&escaped), "{tool} man page lacks {o}");
        }
        let bash = run(&["--generate", "bash"]);
        assert_eq!(bash.code, Some(0), "{}", bash.show());
        assert!(
            bash.stdout
                .contains(&format!("complete -F _{}", tool.replace('-', "__"))),
            "{}",
            bash.show()
        );
        for o in &options {
            assert!(bash.stdout.contains(o), "{tool} bash completion lacks {o}");
        }
        for (shell, mark) in [
            ("zsh", format!("#compdef {tool}")),
            ("fish", format!("complete -c {tool}")),
            ("elvish", tool.to_string()),
            ("powershell", tool.to_string()),
        ] {
            let r = run(&["--generate", shell]);
            assert_eq!(r.code, Some(0), "{}", r.show());
            assert!(r.stdout.contains(&mark), "{shell}: {}", r.show());
        }
        let bad = run(&["--generate", "tcsh"]);
        assert_eq!(bad.code, Some(3), "{}", bad.show());
    }
}

#[test]
fn a_settings_file_upward_sets_options_and_the_command_line_wins() {
    // manager_worker_order.c verifies at np 2 and fails from np 3 on.
    let dir = tmp();
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::copy(
        root().join("c-examples/nprange/manager_worker_order.c"),
        src.join("farm.c"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("mpi-verify.toml"),
        "np = 2\ntimeout = 60\n\n[[file]]\npath = \"src/f*.c\"\nnp = \"2..3\"\n",
    )
    .unwrap();
    // From a subdirectory: the file is found upward, and its [[file]]
    // table applies to src/farm.c.
    let r = check_in(&src, &["farm.c", "-q"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(
        r.stdout.contains("np 2: verified, np 3: error"),
        "{}",
        r.show()
    );
    // The command line wins; --no-config ignores the file.
    let r = check_in(&src, &["farm.c", "-q", "-n", "2"]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let r = check_in(&src, &["farm.c", "-q", "--no-config"]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    // A mistake in the file is a configuration error (3) naming it.
    std::fs::write(dir.path().join("mpi-verify.toml"), "nprocs = 3\n").unwrap();
    let r = check_in(&src, &["farm.c", "-q"]);
    assert_eq!(r.code, Some(3), "{}", r.show());
    assert!(
        r.stdout
            .contains("mpi-verify.toml: unknown setting `nprocs`")
            || r.stderr
                .contains("mpi-verify.toml: unknown setting `nprocs`"),
        "{}",
        r.show()
    );
    std::fs::write(dir.path().join("mpi-verify.toml"), "buffering = \"some\"\n").unwrap();
    let r = check_in(&src, &["farm.c", "-q"]);
    assert_eq!(r.code, Some(3), "{}", r.show());
    assert!(
        r.show().contains("mpi-verify.toml: invalid value 'some'"),
        "{}",
        r.show()
    );
    // --config names another file.
    let other = dir.path().join("strict.toml");
    std::fs::write(&other, "np = 3\n").unwrap();
    let r = check_in(&src, &["farm.c", "-q", "--config", other.to_str().unwrap()]);
    assert_eq!(r.code, Some(1), "{}", r.show());
}

#[test]
fn a_replay_shows_where_every_rank_is_at_each_step() {
    let dir = tmp();
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &["--format", "json"]);
    let v = r.json();
    let schedule = v["errors"][0]["replay"]
        .as_str()
        .expect("a replay")
        .to_string();
    // Not in a search's report: the fields stay those of the README.
    assert!(v["errors"][0]["trace"][0].get("ranks").is_none(), "{v:#}");
    let r = check(&model, &["--format", "json", "--replay", &schedule]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    let trace = v["errors"][0]["trace"].as_array().expect("a trace").clone();
    assert!(!trace.is_empty());
    for step in &trace {
        let ranks = step["ranks"].as_array().expect("ranks at every step");
        assert_eq!(ranks.len(), 2, "{step:#}");
    }
    // By the last step, a process waits in the call the deadlock names.
    let last = trace.last().expect("a last step")["ranks"].to_string();
    assert!(last.contains("MPI_Recv at line"), "{last}");
    let r = check(&model, &["--replay", &schedule]);
    assert!(r.stdout.contains("ranks 0: "), "{}", r.show());
}

#[test]
fn list_mpi_lists_the_supported_functions() {
    // Needs no model file: run it in an empty directory.
    let dir = tmp();
    let mut cmd = Command::new(bin("mpi-check"));
    cmd.current_dir(dir.path()).arg("--list-mpi");
    let r = run_limited(cmd, LIMIT);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let names: Vec<&str> = r.stdout.lines().collect();
    for f in ["MPI_Send", "MPI_Recv", "MPI_Iprobe", "MPI_Barrier"] {
        assert!(names.contains(&f), "{f} not listed:\n{}", r.show());
    }
    assert!(names.iter().all(|n| n.starts_with("MPI_")), "{}", r.show());
}

#[test]
fn check_absurd_numbers_are_usage_errors() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    for flags in [
        &["--max-steps", "1e400"][..],
        &["--max-steps", "0"],
        &["--max-calls", "-5"],
        &["--max-polls", "0"],
        &["-n", "100000000"],
        &["--bogus-flag"],
    ] {
        let r = check(&model, flags);
        assert_fails_one_line(&r, 3, &["mpi-check: error:"]);
    }
}

#[test]
fn check_usage_error_still_writes_the_requested_document() {
    let dir = tmp();
    let model = model_of("verified.c", dir.path());
    for format in ["json", "sarif"] {
        let r = check(&model, &["--format", format, "--timeout", "1e30"]);
        assert_fails_one_line(&r, 3, &["--timeout"]);
        let doc: serde_json::Value = serde_json::from_str(&r.stdout)
            .unwrap_or_else(|e| panic!("not a {format} document ({e}):\n{}", r.show()));
        if format == "json" {
            assert_eq!(doc["verdict"], "inconclusive", "{}", r.show());
            assert!(
                doc["reason"]
                    .as_str()
                    .unwrap_or("")
                    .contains("could not run"),
                "{}",
                r.show()
            );
        }
        let r = check(&model, &["--format", format, "--no-such-flag"]);
        assert_fails_one_line(&r, 3, &["--no-such-flag"]);
        assert!(
            serde_json::from_str::<serde_json::Value>(&r.stdout).is_ok(),
            "{}",
            r.show()
        );
    }
    let absent = dir.path().join("absent.json");
    let r = check(&absent, &["--format", "json"]);
    assert_fails_one_line(&r, 3, &["absent.json"]);
    assert!(
        serde_json::from_str::<serde_json::Value>(&r.stdout).is_ok(),
        "{}",
        r.show()
    );
}

// ------------------------------------------------ mpi-check on C sources

/// `mpi-check ARGS` run in `dir` (the positional arguments are in `args`).
fn check_in(dir: &Path, args: &[&str]) -> Run {
    let mut cmd = Command::new(bin("mpi-check"));
    cmd.current_dir(dir).args(args);
    run_limited(cmd, LIMIT)
}

/// `mpi-check ARGS` run in the fixtures directory.
fn check_sources(args: &[&str]) -> Run {
    check_in(&fixtures(), args)
}

#[test]
fn sources_are_extracted_and_checked_in_one_command() {
    // The extraction's summary names a temporary model: not shown, and no
    // model is left behind.
    let dir = tmp();
    std::fs::copy(fixtures().join("verified.c"), dir.path().join("verified.c")).unwrap();
    let r = check_in(dir.path(), &["verified.c"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: verified (np = 2)"),
        "{}",
        r.show()
    );
    assert!(r.stderr.is_empty(), "{}", r.show());
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["verified.c"], "files left behind");

    let r = check_sources(&["deadlock.c", "--format", "json"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    let e = &v["errors"][0];
    assert_eq!(e["kind"], "deadlock", "{v:#}");
    assert_eq!(e["locations"][0]["file"], "deadlock.c", "{v:#}");
    let replay = e["replay"].as_str().expect("replay");
    assert_eq!(
        e["command"],
        format!("mpi-check deadlock.c -n 2 --replay {replay}"),
        "the command reproduces from the source: {v:#}"
    );

    // Several sources link into one program; clang's flags follow `--`.
    let r = check_sources(&[
        "linked_main.c",
        "linked_ring.c",
        "-n",
        "3..4",
        "--",
        "-DN=3",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        r.stdout
            .trim_end()
            .ends_with("mpi-check: verified (np 3, 4)"),
        "{}",
        r.show()
    );
}

#[test]
fn sources_that_do_not_compile_cannot_be_checked() {
    // Without -DN, linked_main.c does not compile: clang's diagnostics come
    // through, then one line saying why the check could not run.
    let r = check_sources(&["linked_main.c", "linked_ring.c"]);
    assert_fails(&r, 3, &["linked_main.c", "'N'"]);
    let last = r.stderr.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("mpi-check: error: the program does not compile: linked_main.c:"),
        "{}",
        r.show()
    );
    assert!(r.stdout.is_empty(), "{}", r.show());

    let r = check_sources(&["syntax_error.c", "--format", "json"]);
    assert_fails(&r, 3, &["syntax_error.c:5:", "error:", "expected ';'"]);
    let v = r.json();
    assert_eq!(v["verdict"], "inconclusive", "{v:#}");
    let reason = v["reason"].as_str().unwrap_or_default();
    assert!(reason.contains("does not compile"), "{v:#}");

    // --strict-c reaches mpi-extract: old C is an error instead of warnings.
    let old = root().join("c-examples/oldc/implicit_declarations.c");
    let old = old.to_str().expect("utf-8 path");
    let r = check_sources(&[old]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(r.stderr.contains("[-Wimplicit-int]"), "{}", r.show());
    let r = check_sources(&[old, "--strict-c"]);
    assert_fails(&r, 3, &["implicit_declarations.c:13:8: error:"]);
}

#[test]
fn missing_source_or_a_model_among_sources_is_one_line() {
    let dir = tmp();
    let r = check_in(dir.path(), &["no_such_file.c"]);
    assert_fails_one_line(&r, 3, &["cannot read", "no_such_file.c"]);
    assert!(r.stdout.is_empty(), "{}", r.show());
    let r = check_in(dir.path(), &["no_such_file.c", "--format", "sarif"]);
    assert_fails_one_line(&r, 3, &["no_such_file.c"]);
    assert!(r.json()["version"] == "2.1.0", "{}", r.show());

    let r = check_sources(&["model.json", "verified.c"]);
    assert_fails_one_line(&r, 3, &["model.json is a model"]);

    // A program argument after -- reaches clang as a file: say so.
    let r = check_sources(&["verified.c", "--", "100"]);
    assert_eq!(r.code, Some(3), "{}", r.show());
    let last = r.stderr.lines().last().unwrap_or("");
    assert!(
        last.contains("'100'") && last.contains("--arg 100"),
        "{}",
        r.show()
    );
}

#[test]
fn clang_arguments_follow_dashes_and_program_arguments_are_given_with_arg() {
    // N reaches clang (3 values sent), argv[1] the program (values received).
    for (args, code) in [
        (&["--", "-DN=3"][..], 0),
        (&["--arg", "3", "--", "-DN=3"], 0),
        (&["--arg", "3", "--", "-DN=2"], 1),
        (&["--arg", "4", "--", "-DN=3"], 1),
        // A value may start with a hyphen: no receive at all, nothing sent.
        (&["--arg", "-3", "--", "-DN=0"], 0),
    ] {
        let mut all = vec!["source_mode.c"];
        all.extend_from_slice(args);
        let r = check_sources(&all);
        assert_no_panic(&r);
        assert_eq!(r.code, Some(code), "{}", r.show());
    }

    // The command of an error reproduces it.
    let r = check_sources(&[
        "source_mode.c",
        "--format",
        "json",
        "--arg",
        "4",
        "--",
        "-DN=3",
    ]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = r.json();
    let e = &v["errors"][0];
    assert_eq!(e["kind"], "deadlock", "{v:#}");
    let command = e["command"].as_str().expect("command");
    assert!(command.ends_with(" --arg 4 -- -DN=3"), "{command}");
    let words: Vec<&str> = command.split_whitespace().skip(1).collect();
    let again = check_sources(&words);
    assert_eq!(again.code, Some(1), "{}", again.show());
    assert!(again.stdout.contains("error[deadlock]"), "{}", again.show());
}

#[test]
fn a_model_takes_program_arguments_after_dashes_or_with_arg_not_both() {
    let dir = tmp();
    let model = dir.path().join("m.json");
    let r = extract(&[
        "source_mode.c",
        "-o",
        model.to_str().unwrap(),
        "--",
        "-DN=3",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_eq!(check(&model, &["--", "3"]).code, Some(0));
    assert_eq!(check(&model, &["--arg", "3"]).code, Some(0));
    assert_eq!(check(&model, &["--", "4"]).code, Some(1));
    let r = check(&model, &["--arg", "4", "--format", "json"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let command = r.json()["errors"][0]["command"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(command.ends_with(" -- 4"), "{command}");

    let r = check(&model, &["--arg", "4", "--", "4"]);
    assert_fails_one_line(&r, 3, &["--arg", "not both"]);
    for flag in [&["--no-slice"][..], &["--strict-c"], &["-p", "."]] {
        let r = check(&model, flag);
        assert_fails_one_line(&r, 3, &["apply to C sources"]);
    }
}

#[test]
fn no_slice_reaches_mpi_extract() {
    // verified.c's printf argument is sliced away unless --no-slice: more
    // instructions run without slicing.
    let instructions = |args: &[&str]| -> u64 {
        let mut all = vec!["verified.c", "--stats"];
        all.extend_from_slice(args);
        let r = check_sources(&all);
        assert_eq!(r.code, Some(0), "{}", r.show());
        r.stderr
            .split_whitespace()
            .find_map(|w| w.strip_prefix("instructions="))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no instructions= in stats:\n{}", r.show()))
    };
    assert!(instructions(&["--no-slice"]) > instructions(&[]));
}

#[test]
fn compile_commands_give_each_source_its_flags() {
    let dir = tmp();
    let d = dir.path();
    // N comes from a header forced in with -include, found through -I
    // relative to the entry's directory (not mpi-check's).
    std::fs::create_dir(d.join("inc")).unwrap();
    std::fs::write(d.join("inc/ring_size.h"), "#define N 3\n").unwrap();
    let main = fixtures().join("linked_main.c");
    let ring = fixtures().join("linked_ring.c");
    let db = serde_json::json!([
        {
            "directory": d,
            "file": main,
            "command": format!(
                "/usr/bin/mpicc -O2 -Wall -Werror -Iinc -include ring_size.h -o linked_main.o -c {}",
                main.display()
            ),
        },
        {
            "directory": d,
            "file": ring,
            "arguments": ["mpicc", "-Iinc", "-std=c11", "-c", ring.to_str().unwrap()],
        },
    ]);
    std::fs::write(d.join("compile_commands.json"), db.to_string()).unwrap();
    let p = d.to_str().unwrap();

    let r = check_sources(&["linked_main.c", "linked_ring.c", "-p", p, "-n", "3"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: verified (np = 3)"),
        "{}",
        r.show()
    );
    let r = check_sources(&["linked_main.c", "verified.c", "-p", p]);
    assert_fails_one_line(
        &r,
        3,
        &["verified.c has no entry in", "compile_commands.json"],
    );
    let empty = tmp();
    let r = check_sources(&["verified.c", "-p", empty.path().to_str().unwrap()]);
    assert_fails_one_line(&r, 3, &["cannot read", "compile_commands.json"]);
}

#[test]
fn mpi_extract_is_found_next_to_mpi_check_then_on_path() {
    let dir = tmp();
    let alone = dir.path().join("mpi-check");
    std::fs::copy(bin("mpi-check"), &alone).unwrap();
    let run = |path: &std::ffi::OsStr| {
        let mut cmd = Command::new(&alone);
        cmd.current_dir(fixtures())
            .env("PATH", path)
            .arg("verified.c");
        run_limited(cmd, LIMIT)
    };
    let r = run(dir.path().as_os_str());
    assert_fails_one_line(&r, 3, &["mpi-extract", "not found"]);
    // mpi-extract on PATH (and clang-19 where it was).
    let system = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(
        std::iter::once(end_to_end::bin_dir()).chain(std::env::split_paths(&system)),
    )
    .unwrap();
    let r = run(&path);
    assert_eq!(r.code, Some(0), "{}", r.show());
}

#[test]
fn mpi_verify_is_defined_for_every_compile() {
    // Two steps: mpi-extract defines it.
    let dir = tmp();
    let model = model_of("verify_macro.c", dir.path());
    let r = check(&model, &[]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    // One step, and the user's clang arguments come after it.
    assert_eq!(check_sources(&["verify_macro.c"]).code, Some(0));
    let r = check_sources(&["verify_macro.c", "--", "-UMPI_VERIFY"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    assert!(r.stdout.contains("error[deadlock]"), "{}", r.show());
}

/// The OASIS SARIF 2.1.0 JSON schema (errata 01), vendored as
/// tests/fixtures/sarif-schema-2.1.0.json (tests/fixtures/README says where
/// it comes from and under which terms).
fn sarif_schema() -> jsonschema::Validator {
    let path = fixtures().join("sarif-schema-2.1.0.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: Value = serde_json::from_str(&text).expect("the SARIF schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

/// The ids `[text](id)` links of a SARIF message point to.
fn embedded_link_targets(message: &str) -> Vec<u64> {
    message
        .match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &message[i + 2..];
            let end = rest.find(')')?;
            rest[..end].parse().ok()
        })
        .collect()
}

/// `r`'s stdout, checked against the SARIF 2.1.0 schema and against what the
/// schema cannot say: each result's rule is the one at its `ruleIndex` and
/// has its level, rules are described, embedded links point at related
/// locations, and a code flow has one thread flow per rank whose
/// `executionOrder`s increase and never repeat across ranks.
fn assert_valid_sarif(schema: &jsonschema::Validator, r: &Run) -> Value {
    let v = r.json();
    let errors: Vec<String> = schema
        .iter_errors(&v)
        .map(|e| format!("{e} (at {})", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{} violates the SARIF 2.1.0 schema:\n{}\n{v:#}",
        r.what,
        errors.join("\n")
    );
    for run in v["runs"].as_array().expect("runs") {
        assert_eq!(run["tool"]["driver"]["name"], "mpi-check");
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        let ids: BTreeSet<&str> = rules.iter().filter_map(|r| r["id"].as_str()).collect();
        assert_eq!(ids.len(), rules.len(), "rule ids are unique: {v:#}");
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help"] {
                assert!(
                    rule[key]["text"].as_str().is_some_and(|t| !t.is_empty()),
                    "{key} of {rule:#}"
                );
            }
            assert!(rule["help"]["markdown"].is_string(), "{rule:#}");
            assert!(rule["name"].is_string(), "{rule:#}");
            assert!(
                rule["helpUri"]
                    .as_str()
                    .is_some_and(|u| u.starts_with("https://")),
                "{rule:#}"
            );
            let level = &rule["defaultConfiguration"]["level"];
            assert!(level == "error" || level == "warning", "{rule:#}");
        }
        for result in run["results"].as_array().expect("results") {
            assert!(result["message"]["text"].is_string(), "{result:#}");
            let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            let rule = rules.get(index).expect("ruleIndex within rules");
            assert_eq!(rule["id"], result["ruleId"], "{result:#}");
            assert_eq!(
                rule["defaultConfiguration"]["level"], result["level"],
                "{result:#}"
            );
            let related: BTreeSet<u64> = result["relatedLocations"]
                .as_array()
                .map(|l| l.iter().filter_map(|l| l["id"].as_u64()).collect())
                .unwrap_or_default();
            for related in result["relatedLocations"].as_array().into_iter().flatten() {
                assert!(
                    related["message"]["text"]
                        .as_str()
                        .is_some_and(|t| t.starts_with("rank ")),
                    "{result:#}"
                );
            }
            let links = embedded_link_targets(result["message"]["text"].as_str().unwrap());
            assert_eq!(
                links.iter().copied().collect::<BTreeSet<u64>>(),
                related,
                "every related location is linked from the message: {result:#}"
            );
            for flow in result["codeFlows"].as_array().into_iter().flatten() {
                let mut seen_ranks = BTreeSet::new();
                let mut seen_steps = BTreeSet::new();
                for thread in flow["threadFlows"].as_array().expect("threadFlows") {
                    let id = thread["id"].as_str().expect("thread flow id");
                    assert!(id.starts_with("rank "), "{result:#}");
                    assert_eq!(thread["message"]["text"], id, "{result:#}");
                    assert!(
                        seen_ranks.insert(id),
                        "one thread flow per rank: {result:#}"
                    );
                    let mut last = 0;
                    for step in thread["locations"].as_array().expect("locations") {
                        let order = step["executionOrder"].as_u64().expect("executionOrder");
                        assert!(order > last, "executionOrder increases: {result:#}");
                        assert!(seen_steps.insert(order), "a step in one flow: {result:#}");
                        last = order;
                        let text = step["location"]["message"]["text"].as_str().unwrap();
                        assert!(text.starts_with(&format!("{id}: ")), "{result:#}");
                    }
                }
            }
        }
    }
    v
}

#[test]
fn sarif_output_validates_against_the_oasis_schema() {
    let schema = sarif_schema();
    let dir = tmp();

    // A deadlock: both ranks in the trace, one thread flow each.
    let model = model_of("deadlock.c", dir.path());
    let r = check(&model, &["--format", "sarif"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = assert_valid_sarif(&schema, &r);
    let result = &v["runs"][0]["results"][0];
    let threads: Vec<&str> = result["codeFlows"][0]["threadFlows"]
        .as_array()
        .expect("threadFlows")
        .iter()
        .filter_map(|t| t["id"].as_str())
        .collect();
    assert_eq!(threads, ["rank 0", "rank 1"], "{v:#}");
    // The schema is not vacuous: a result without a message, or an
    // execution order below -1, is rejected.
    let mut broken = v.clone();
    broken["runs"][0]["results"][0]
        .as_object_mut()
        .expect("result")
        .remove("message");
    assert!(!schema.is_valid(&broken));
    let mut broken = v.clone();
    broken["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"][0]
        ["executionOrder"] = (-2).into();
    assert!(!schema.is_valid(&broken));
    let rule = &v["runs"][0]["tool"]["driver"]["rules"][0];
    assert_eq!(rule["name"], "Deadlock", "{v:#}");
    assert_eq!(rule["defaultConfiguration"]["level"], "error", "{v:#}");

    // Verified: no results, no rules.
    let model = model_of("verified.c", dir.path());
    let r = check(&model, &["--format", "sarif"]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert_valid_sarif(&schema, &r);

    // Inconclusive: the invocation did not succeed, and says why.
    let model = model_of("fanin_wildcard.c", dir.path());
    let r = check(
        &model,
        &["-n", "8", "--timeout", "0.001", "--format", "sarif"],
    );
    assert_eq!(r.code, Some(2), "{}", r.show());
    let v = assert_valid_sarif(&schema, &r);
    assert_eq!(
        v["runs"][0]["invocations"][0]["executionSuccessful"], false,
        "{v:#}"
    );

    // Several process counts: a run each (np 2 verified, np 3 an error).
    let model = dir.path().join("manager_worker_order.json");
    let source = root().join("c-examples/nprange/manager_worker_order.c");
    let r = extract(&[source.to_str().unwrap(), "-o", model.to_str().unwrap()]);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let r = check(&model, &["-n", "2,3", "--format", "sarif"]);
    assert_eq!(r.code, Some(1), "{}", r.show());
    let v = assert_valid_sarif(&schema, &r);
    let runs = v["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 2, "{v:#}");
    assert_eq!(runs[0]["results"].as_array().map(Vec::len), Some(0));
    assert!(
        runs[1]["results"].as_array().is_some_and(|r| !r.is_empty()),
        "{v:#}"
    );
}

#[test]
fn sarif_of_examples_of_several_kinds_validates_against_the_oasis_schema() {
    let schema = sarif_schema();
    let dir = tmp();
    // (example, the level of its kind's rule)
    let cases = [
        ("collectives/mismatch_bcast_root.c", "error"),
        ("errors/hazard_send_send.c", "warning"),
        ("leaks/comm_dup_not_freed.c", "warning"),
        ("leaks/persistent_active_at_finalize.c", "warning"),
        ("races/write_send_before_wait.c", "error"),
        ("progress/iprobe_wrong_tag_spin.c", "error"),
        ("usage/init_twice.c", "error"),
    ];
    for (name, level) in cases {
        let ex = end_to_end::Example::parse(&root().join("c-examples").join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let model = dir.path().join("model.json");
        let out = end_to_end::extract(&ex, &model);
        assert!(out.status.success(), "extracting {name}: {out:?}");
        let out = end_to_end::check(&ex, &model, &["--format", "sarif"]);
        let r = Run {
            what: format!("mpi-check {name} --format sarif"),
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            elapsed: Duration::ZERO,
        };
        assert_eq!(r.code, Some(1), "{}", r.show());
        let v = assert_valid_sarif(&schema, &r);
        let kind = &ex.kinds[0];
        let rules = v["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        let rule = rules
            .iter()
            .find(|r| r["id"] == kind.as_str())
            .unwrap_or_else(|| panic!("{name}: no rule {kind}:\n{v:#}"));
        assert_eq!(rule["defaultConfiguration"]["level"], level, "{name}");
    }
}

#[test]
fn check_subtree_parts_merge_to_the_whole_search() {
    let dir = tmp();
    let merge = |files: &[PathBuf]| {
        let mut cmd = Command::new(bin("mpi-check"));
        cmd.arg("--merge").args(files).args(["--format", "json"]);
        run_limited(cmd, LIMIT)
    };
    for (fixture, np) in [("fanin_wildcard.c", "6"), ("fanin_order_bug.c", "5")] {
        let model = model_of(fixture, dir.path());
        let whole = check(&model, &["-n", np, "--format", "json"]).json();
        let mut files = Vec::new();
        for i in 1..=3 {
            let part = format!("{i}/3");
            let r = check(&model, &["-n", np, "--format", "json", "--subtree", &part]);
            assert_ne!(r.code, Some(0), "a part alone never verifies: {}", r.show());
            assert_eq!(r.json()["subtree"]["part"], i, "{}", r.show());
            let path = dir.path().join(format!("{fixture}.part{i}.json"));
            std::fs::write(&path, &r.stdout).expect("part report written");
            files.push(path);
        }
        let r = merge(&files);
        let merged = r.json();
        assert_eq!(merged["verdict"], whole["verdict"], "{}", r.show());
        let missing = merge(&files[..2]);
        // The counts of a whole run, also when it stops at its first error.
        assert_eq!(merged["stats"]["executions"], whole["stats"]["executions"]);
        assert_eq!(
            merged["stats"]["transitions"],
            whole["stats"]["transitions"]
        );
        if whole["verdict"] == "verified" {
            assert_eq!(r.code, Some(0), "{}", r.show());
            // A missing part is never a verification.
            assert_eq!(missing.code, Some(2), "{}", missing.show());
            assert!(
                missing.stdout.contains("missing parts: 3/3"),
                "{}",
                missing.show()
            );
        } else {
            assert_eq!(r.code, Some(1), "{}", r.show());
            // The first error is the one a whole run reports first.
            assert_eq!(merged["errors"][0]["replay"], whole["errors"][0]["replay"]);
        }
        let twice = merge(&[files[0].clone(), files[0].clone()]);
        assert_fails_one_line(&twice, 3, &["given twice"]);
    }
    let model = model_of("fanin_wildcard.c", dir.path());
    for bad in ["0/3", "4/3", "3", "a/b"] {
        let r = check(&model, &["-n", "4", "--subtree", bad]);
        assert_fails_one_line(&r, 3, &["--subtree takes I/K"]);
    }
    let r = check(&model, &["-n", "3..4", "--subtree", "1/2"]);
    assert_fails_one_line(&r, 3, &["--subtree", "one process count"]);
}

#[test]
fn assumptions_are_listed_in_every_report_format() {
    let schema = sarif_schema();
    let dir = tmp();
    let model = model_of("calls_library.c", dir.path());
    // Without an assumption: inconclusive at the call, saying how to go on.
    assert_inconclusive_at(
        &model,
        &[],
        "calls_library.c:16:",
        "call to viz_plot, which has no source and no model: give its definition with \
         --stub FILE.c, or assume it has no effect with --assume-no-effect viz_plot",
    );
    let assume = ["--assume-no-effect", "viz_*", "--assume-no-effect", "H5*"];
    // Text: the verdict line says what it assumes; each assumption is
    // listed, the unused one as such.
    let r = check(&model, &assume);
    assert_eq!(r.code, Some(0), "{}", r.show());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "mpi-check: verified (np = 2), assuming: viz_plot has no effect",
            "assumption: viz_plot has no effect (--assume-no-effect viz_*): called at calls_library.c:16",
            "assumption: --assume-no-effect H5* was never used (no call to a function without source matches it)",
        ],
        "{}",
        r.show()
    );
    let mut quiet = assume.to_vec();
    quiet.push("-q");
    let q = check(&model, &quiet);
    assert_eq!(
        q.stdout,
        "mpi-check: verified (np = 2), assuming: viz_plot has no effect\n"
    );
    // JSON: an `assumptions` array, nothing else changed.
    let mut json = assume.to_vec();
    json.extend(["--format", "json"]);
    let v = check(&model, &json).json();
    assert_eq!(
        keys(&v),
        set(&["verdict", "np", "errors", "stats", "assumptions"]),
        "{v:#}"
    );
    assert_eq!(
        v["assumptions"],
        serde_json::json!([
            {
                "option": "--assume-no-effect viz_*",
                "assumed": "no effect",
                "calls": [{ "function": "viz_plot", "file": "calls_library.c", "line": 16 }]
            },
            { "option": "--assume-no-effect H5*", "assumed": "no effect", "calls": [] }
        ])
    );
    // SARIF: valid, with the same list in the run's properties and a note
    // per assumption.
    let mut sarif = assume.to_vec();
    sarif.extend(["--format", "sarif"]);
    let s = check(&model, &sarif);
    let v = assert_valid_sarif(&schema, &s);
    let run = &v["runs"][0];
    assert_eq!(
        run["properties"]["assumptions"][0]["calls"][0]["function"],
        "viz_plot"
    );
    let notes: Vec<&str> = run["invocations"][0]["toolExecutionNotifications"]
        .as_array()
        .expect("notifications")
        .iter()
        .filter(|n| n["descriptor"]["id"] == "assumption")
        .filter_map(|n| n["message"]["text"].as_str())
        .collect();
    assert_eq!(notes.len(), 2, "{v:#}");
    assert!(notes[0].starts_with("viz_plot has no effect"), "{v:#}");
    // HTML: listed in the header.
    let page = dir.path().join("report.html");
    let mut html = assume.to_vec();
    html.extend(["--html", page.to_str().expect("utf-8 path")]);
    assert_eq!(check(&model, &html).code, Some(0));
    let text = std::fs::read_to_string(&page).expect("the HTML report");
    assert!(
        text.contains("assuming: viz_plot has no effect")
            && text.contains("<li>assumption: --assume-no-effect H5* was never used"),
        "{text}"
    );
}

#[test]
fn a_stub_given_to_mpi_check_is_compiled_with_the_sources() {
    let r = check_sources(&["calls_library.c", "--stub", "library_stub.c"]);
    assert_no_panic(&r);
    assert_eq!(r.code, Some(0), "{}", r.show());
    assert!(
        r.stdout.starts_with("mpi-check: verified (np = 2)\n"),
        "{}",
        r.show()
    );
    // An unknown bundle name is refused with the list of bundled stubs.
    let bad = check_sources(&["calls_library.c", "--stub", "pngg"]);
    assert_eq!(bad.code, Some(3), "{}", bad.show());
    assert!(
        bad.stderr.contains("no bundled stub of that name") && bad.stderr.contains("png ("),
        "{}",
        bad.show()
    );
}
