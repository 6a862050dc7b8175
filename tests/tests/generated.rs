//! Generated programs (`end_to_end::gen`), one test per seed: the reduced
//! search and the exhaustive oracle (`--reduction none`) must give the same
//! verdict and, with `--all-errors`, the same set of error kinds, under
//! `--buffering any`, `zero` and `infinite`. `MPI_GEN_COUNT` programs from
//! seed `MPI_GEN_SEED` (defaults: 60 from 0); a program the oracle cannot
//! finish within its time limit is counted as skipped, and more than a
//! quarter skipped fails the run. The reduced search's whole JSON report
//! (but its time) must also be the same with `-j 1` and `-j 3`, with and
//! without `--all-errors`: the parallel search gives the sequential outcome.
//! The model extracted with `--no-slice` must give the sliced model's
//! verdict and error kinds under every buffering (slicing may only remove
//! what cannot change an outcome).
//! A failure prints the seed and the commands that reproduce it.

use end_to_end::*;
use libtest_mimic::{Arguments, Trial};
use std::collections::BTreeSet;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// Seconds the oracle may take on one program and buffering.
const ORACLE_SECONDS: &str = "10";

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// (verdict, error kinds) of a JSON report, and whether the run stopped at
/// its time limit (then an `error` verdict comes from a partial search).
fn outcome(stdout: &[u8]) -> Option<((String, BTreeSet<String>), bool)> {
    let v: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    let kinds = v["errors"]
        .as_array()?
        .iter()
        .filter_map(|e| e["kind"].as_str().map(String::from))
        .collect();
    let timed_out = v["reason"].as_str().is_some_and(|r| r.contains("timeout"));
    Some(((v["verdict"].as_str()?.to_string(), kinds), timed_out))
}

fn main() {
    let args = Arguments::from_args();
    let count = env_u64("MPI_GEN_COUNT", 60);
    let first = env_u64("MPI_GEN_SEED", 0);
    let skipped = Arc::new(AtomicUsize::new(0));
    let trials = (first..first + count)
        .map(|seed| {
            let skipped = skipped.clone();
            Trial::test(format!("seed-{seed}"), move || Ok(compare(seed, &skipped)?))
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let skipped = skipped.load(Ordering::SeqCst) as u64;
    eprintln!("generated programs: {count} from seed {first}, oracle did not finish {skipped}");
    if !conclusion.has_failed() && skipped * 4 > count {
        eprintln!("the oracle finished on too few generated programs");
        std::process::exit(101);
    }
    conclusion.exit();
}

fn compare(seed: u64, skipped: &AtomicUsize) -> Result<(), String> {
    let program = end_to_end::gen::generate(seed);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let source = dir.path().join(format!("gen{seed}.c"));
    std::fs::write(&source, &program.source).map_err(|e| e.to_string())?;
    let model = dir.path().join("model.json");
    let mut extract = Command::new(bin("mpi-extract"));
    extract.arg(&source).arg("-o").arg(&model);
    let out = run_limited(&mut extract);
    if !out.status.success() {
        return Err(format!(
            "seed {seed}: mpi-extract failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stderr),
            program.source
        ));
    }
    let unsliced = dir.path().join("unsliced.json");
    let mut extract = Command::new(bin("mpi-extract"));
    extract
        .arg(&source)
        .arg("--no-slice")
        .arg("-o")
        .arg(&unsliced);
    if !run_limited(&mut extract).status.success() {
        return Err(format!("seed {seed}: mpi-extract --no-slice failed"));
    }
    let np = program.np.to_string();
    let mut oracle_skipped = false;
    for buffering in ["any", "zero", "infinite"] {
        let run_on = |model: &std::path::Path, extra: &[&str]| {
            let mut cmd = Command::new(bin("mpi-check"));
            cmd.arg(model)
                .args(["-n", &np, "--buffering", buffering, "--all-errors"])
                .args(["--format", "json"])
                .args(extra);
            let out = run_limited(&mut cmd);
            outcome(&out.stdout)
        };
        let run = |extra: &[&str]| run_on(&model, extra);
        let poe = run(&[]);
        let whole = run_on(&unsliced, &[]);
        if poe.as_ref().map(|p| &p.0) != whole.as_ref().map(|w| &w.0) {
            return Err(format!(
                "seed {seed}, --buffering {buffering}, np {np}: the sliced model says {:?}, the model extracted with --no-slice says {:?}",
                poe.map(|p| p.0),
                whole.map(|w| w.0)
            ));
        }
        let naive = run(&["--reduction", "none", "--timeout", ORACLE_SECONDS]);
        let (Some((poe, _)), Some((naive, naive_timed_out))) = (poe, naive) else {
            return Err(format!(
                "seed {seed}, --buffering {buffering}: a run gave no report"
            ));
        };
        if naive_timed_out {
            // A partial oracle: an error it found must be found too.
            if naive.0 == "error" && poe.0 == "verified" {
                return Err(format!(
                    "seed {seed}, --buffering {buffering}, np {np}: reduced search says verified, the oracle found {:?} before its time limit",
                    naive.1
                ));
            }
            oracle_skipped = true;
            continue;
        }
        if poe != naive {
            return Err(format!(
                "seed {seed}, --buffering {buffering}, np {np}: reduced search says {} {:?}, oracle says {} {:?}\n\
                 reproduce: cargo run --release -p end-to-end --bin mpi-gen {seed} > gen.c && \
                 mpi-extract gen.c && mpi-check -n {np} --buffering {buffering} --all-errors [--reduction none]",
                poe.0, poe.1, naive.0, naive.1
            ));
        }
    }
    if oracle_skipped {
        skipped.fetch_add(1, Ordering::SeqCst);
    }
    same_on_threads(seed, &model, &np)
}

/// The reduced search's report — first error, trace, counts, the list of
/// `--all-errors` — is the same on one thread and on several, with or
/// without merging known states (`--stateless`), and whether or not the
/// settled past is forgotten as early as possible (`--compact-from 2`).
/// Only the work differs: the states explored (`stats.states`) and the
/// time.
fn same_on_threads(seed: u64, model: &std::path::Path, np: &str) -> Result<(), String> {
    for all in [false, true] {
        let report = |jobs: &str, extra: &[&str]| {
            let mut cmd = Command::new(bin("mpi-check"));
            cmd.arg(model)
                .args(["-n", np, "--format", "json", "-j", jobs])
                .args(if all { &["--all-errors"][..] } else { &[][..] })
                .args(extra);
            let out = run_limited(&mut cmd);
            comparable(&out.stdout)
        };
        let one = report("1", &[]);
        for (other, what) in [
            (report("3", &[]), "-j 3"),
            (report("1", &["--stateless"]), "--stateless"),
            (report("1", &["--compact-from", "2"]), "--compact-from 2"),
        ] {
            if one.is_none() || one != other {
                return Err(format!(
                    "seed {seed}, np {np}{}: -j 1 and {what} differ:\n{}\n{}",
                    if all { ", --all-errors" } else { "" },
                    one.clone().map_or("no report".into(), |v| v.to_string()),
                    other.map_or("no report".into(), |v| v.to_string())
                ));
            }
        }
    }
    Ok(())
}
