//! Every c-example end to end, one named test each: extract, check, compare
//! the verdict with the header's EXPECT and the text output with the
//! `.expected` file beside it. `cargo test --test examples -- polls/` runs the
//! examples whose name contains `polls/`; `MPI_BLESS=1` rewrites the
//! `.expected` files of the examples run; `MPI_EXAMPLES=a,b` keeps only the
//! examples whose path contains `a` or `b`; `MPI_TEST_TIMEOUT` bounds each
//! tool run (seconds).

use end_to_end::*;
use libtest_mimic::{Arguments, Trial};

/// How many examples c-examples/ holds: a change that loses or adds one
/// updates this number on purpose.
const EXAMPLE_COUNT: usize = include!("../fixtures/example-count");

fn main() {
    let args = Arguments::from_args();
    let mut examples = examples();
    let filter = std::env::var("MPI_EXAMPLES").ok();
    if filter.is_none() && args.filter.is_none() && args.skip.is_empty() {
        assert_eq!(
            examples.len(),
            EXAMPLE_COUNT,
            "c-examples/ holds {} examples, tests/fixtures/example-count says {EXAMPLE_COUNT}",
            examples.len()
        );
    }
    // `MPI_EXAMPLES=comms/,leak` runs (and blesses) only the examples whose
    // path under c-examples/ contains one of the comma-separated substrings
    // (not the checkout's own path: a checkout in `wt-libc/` must not
    // match every example for `libc/`).
    if let Some(filter) = filter {
        let parts: Vec<&str> = filter.split(',').filter(|p| !p.is_empty()).collect();
        examples.retain(|ex| {
            let name = ex.name();
            parts.iter().any(|p| name.contains(p))
        });
    }
    let bless = std::env::var_os("MPI_BLESS").is_some();
    let trials = examples
        .into_iter()
        .map(|ex| Trial::test(ex.name(), move || Ok(run_example(&ex, bless)?)))
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn run_example(ex: &Example, bless: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let model = dir.path().join("model.json");
    let out = extract(ex, &model);
    if !out.status.success() {
        return Err(format!(
            "{}: mpi-extract failed: {}",
            ex.name(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let out = check(ex, &model, &[]);
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let code = out.status.code().unwrap_or(-1);
    let want_code = match ex.verdict.as_str() {
        "verified" => 0,
        "error" => 1,
        _ => 2,
    };
    if code != want_code {
        return Err(format!(
            "{}: expected {} (exit {want_code}), got exit {code}:\n{stdout}{}",
            ex.name(),
            ex.verdict,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    if ex.verdict == "error" {
        let found: Vec<&str> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("error["))
            .filter_map(|l| l.split(']').next())
            .collect();
        if found.is_empty() || found.iter().any(|k| !ex.kinds.iter().any(|e| e == k)) {
            return Err(format!(
                "{}: expected error kinds {:?}, found {:?}",
                ex.name(),
                ex.kinds,
                found
            ));
        }
    }
    if ex.verdict == "error" {
        // Counterexamples are replayable: the printed schedule reproduces
        // the same first error, at the process count of the report that
        // shows it (a RUN line may check several, `-n 2..4`).
        let mut np = None;
        let mut schedule = None;
        for l in stdout.lines() {
            if let Some(n) = l
                .strip_prefix("mpi-check: error (np = ")
                .and_then(|r| r.strip_suffix(')'))
            {
                np = Some(n);
            }
            // The replay note of the text report: `   = replay: --replay ...`.
            if let Some(s) = l
                .trim()
                .trim_start_matches("= ")
                .strip_prefix("replay: --replay ")
            {
                schedule = Some(s);
                break;
            }
        }
        let schedule =
            schedule.ok_or_else(|| format!("{}: no replay line in the report", ex.name()))?;
        let np = np.ok_or_else(|| format!("{}: no error report header", ex.name()))?;
        let replay = check(ex, &model, &["-n", np, "--replay", schedule]);
        let replayed = String::from_utf8_lossy(&replay.stdout);
        let first_error = |s: &str| {
            s.lines()
                .find(|l| l.starts_with("error["))
                .map(String::from)
        };
        if replay.status.code() != Some(1) || first_error(&replayed) != first_error(&stdout) {
            return Err(format!(
                "{}: --replay {schedule} did not reproduce the error:\n{replayed}",
                ex.name()
            ));
        }
    }
    let golden = ex.expected_path();
    if bless {
        std::fs::write(&golden, &stdout).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let want = std::fs::read_to_string(&golden).map_err(|_| {
        format!(
            "{}: missing {} (run with MPI_BLESS=1)",
            ex.name(),
            golden.display()
        )
    })?;
    if want != stdout {
        return Err(format!(
            "{}: output differs from {} (re-bless with MPI_BLESS=1 if intended)\n--- expected\n{want}\n--- actual\n{stdout}",
            ex.name(),
            golden.display()
        ));
    }
    Ok(())
}
