//! Symmetry reduction (`checker/src/system/symmetry.rs`) may only change
//! how many states the stateful search stores: the report of every
//! stateful example and every application example — verdict, errors with
//! their kinds and schedules, executions and transitions — must be the
//! same with and without it (`--no-symmetry`), one named test per example.
//! The examples test compares the other directories' reports with their
//! checked-in outputs, made without symmetry reduction. Two examples also
//! pin down that the reduction happens where it should and only there:
//! the symmetric farm stores fewer states with it, the farm whose workers
//! compute with their rank exactly as many.

use end_to_end::*;
use libtest_mimic::{Arguments, Trial};

fn main() {
    let args = Arguments::from_args();
    let trials = examples()
        .into_iter()
        .filter(|ex| {
            let name = ex.name();
            name.starts_with("stateful/") || name.starts_with("apps/")
        })
        .map(|ex| Trial::test(ex.name(), move || Ok(same(&ex)?)))
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn same(ex: &Example) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let model = dir.path().join("model.json");
    if !extract(ex, &model).status.success() {
        return Err(format!("{}: mpi-extract failed", ex.name()));
    }
    // One thread: the number of states of a parallel search varies.
    let with = check(ex, &model, &["--format", "json", "-j", "1"]);
    let without = check(
        ex,
        &model,
        &["--format", "json", "-j", "1", "--no-symmetry"],
    );
    if with.status.code() != without.status.code() {
        return Err(format!(
            "{}: exit status {:?} with symmetry reduction, {:?} without",
            ex.name(),
            with.status.code(),
            without.status.code()
        ));
    }
    let states = |out: &[u8]| -> Option<u64> {
        let v: serde_json::Value = serde_json::from_slice(out).ok()?;
        v["stats"]["states"].as_u64()
    };
    let (s, n) = (states(&with.stdout), states(&without.stdout));
    let fewer = match ex.name().as_str() {
        "stateful/farm_symmetric_workers.c" => Some(true),
        "stateful/farm_rank_arithmetic.c" => Some(false),
        _ => None,
    };
    match (fewer, s, n) {
        (None, _, _) => {}
        (Some(true), Some(s), Some(n)) if s < n => {}
        (Some(false), Some(s), Some(n)) if s == n => {}
        _ => {
            return Err(format!(
                "{}: {s:?} states with symmetry reduction, {n:?} without",
                ex.name()
            ))
        }
    }
    let (a, b) = (comparable(&with.stdout), comparable(&without.stdout));
    if a.is_none() || a != b {
        return Err(format!(
            "{}: the report changes with symmetry reduction:\n{}\n{}",
            ex.name(),
            a.map_or("no report".into(), |v| v.to_string()),
            b.map_or("no report".into(), |v| v.to_string())
        ));
    }
    Ok(())
}
