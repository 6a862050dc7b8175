//! The reduced search and the naive oracle (`--reduction none`) must agree
//! on every example's verdict, one named test per example; and the reduced
//! search's report must not change when the settled past is forgotten as
//! early as possible (`--compact-from 2`), nor when the model keeps every
//! instruction (`mpi-extract --no-slice`): slicing may only remove what
//! cannot change a verdict, so the verdict and the error kinds must be the
//! same (a store only an MPI callback reads, sliced away, once made a wrong
//! "verified"). The oracle
//! explores every interleaving and cannot finish some of the larger
//! examples within its time limit: those are listed, each with its reason,
//! in `tests/fixtures/oracle-skips.txt` and not run under the oracle (their
//! compacted report is still compared); an example the oracle does not
//! finish and the list does not name fails.

use end_to_end::*;
use libtest_mimic::{Arguments, Trial};

/// Seconds the oracle may take on one example.
const ORACLE_SECONDS: &str = "60";

fn verdict_of(stdout: &[u8]) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    Some(v["verdict"].as_str()?.to_string())
}

/// The verdict and the sorted error kinds of a JSON report.
fn outcome_of(stdout: &[u8]) -> Option<(String, Vec<String>)> {
    let v: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    let mut kinds: Vec<String> = v["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["kind"].as_str().map(String::from))
        .collect();
    kinds.sort();
    kinds.dedup();
    Some((v["verdict"].as_str()?.to_string(), kinds))
}

/// The functions a JSON report lists as assumed to return by the slicer.
fn assumed_to_return(stdout: &[u8]) -> Vec<String> {
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(stdout) else {
        return Vec::new();
    };
    let mut names: Vec<String> = v["assumptions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|a| a["assumed"] == "returns")
        .flat_map(|a| a["calls"].as_array().into_iter().flatten())
        .filter_map(|c| c["function"].as_str().map(String::from))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `name  # reason` lines; blank lines and lines starting with `#` are
/// comments.
fn skip_list() -> Vec<(String, String)> {
    let path = root().join("tests/fixtures/oracle-skips.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((name, reason)) => (name.trim().to_string(), reason.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

fn main() {
    let args = Arguments::from_args();
    let skips = skip_list();
    let examples = examples();
    for (name, reason) in &skips {
        assert!(
            examples.iter().any(|ex| ex.name() == *name),
            "tests/fixtures/oracle-skips.txt names {name}, which is not an example"
        );
        assert!(
            !reason.is_empty(),
            "tests/fixtures/oracle-skips.txt: {name} needs a reason"
        );
    }
    let trials = examples
        .into_iter()
        .map(|ex| {
            let oracle = !skips.iter().any(|(n, _)| *n == ex.name());
            Trial::test(ex.name(), move || Ok(agree(&ex, oracle)?))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// The compacted report is the default one; with `oracle` (the example is
/// not in the skip list) the oracle's verdict is the reduced search's.
fn agree(ex: &Example, oracle: bool) -> Result<(), String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let model = dir.path().join("model.json");
    if !extract(ex, &model).status.success() {
        return Err(format!("{}: mpi-extract failed", ex.name()));
    }
    let poe = check(ex, &model, &["--format", "json"]);
    // Forgetting the settled past as early as possible changes nothing a
    // report shows (`system::compact`).
    let compacted = check(ex, &model, &["--format", "json", "--compact-from", "2"]);
    let (a, b) = (comparable(&poe.stdout), comparable(&compacted.stdout));
    if a != b {
        return Err(format!(
            "{}: the report changes with --compact-from 2:\n{}\n{}",
            ex.name(),
            a.map_or("no report".into(), |v| v.to_string()),
            b.map_or("no report".into(), |v| v.to_string())
        ));
    }
    unsliced_agrees(ex, &dir, &poe.stdout)?;
    if !oracle {
        return Ok(());
    }
    let naive = check(
        ex,
        &model,
        &[
            "--format",
            "json",
            "--reduction",
            "none",
            "--timeout",
            ORACLE_SECONDS,
        ],
    );
    let (p, n) = (verdict_of(&poe.stdout), verdict_of(&naive.stdout));
    match (p.as_deref(), n.as_deref()) {
        (Some(a), Some(b)) if a == b => Ok(()),
        (Some(_), Some("inconclusive")) => Err(format!(
            "{}: the oracle did not finish (reduced search says {p:?}); if it cannot, list it in tests/fixtures/oracle-skips.txt with the reason",
            ex.name()
        )),
        _ => Err(format!(
            "{}: reduced search says {p:?}, naive search says {n:?}",
            ex.name()
        )),
    }
}

/// The model extracted with `--no-slice` gives the sliced model's verdict
/// and error kinds.
fn unsliced_agrees(ex: &Example, dir: &tempfile::TempDir, sliced: &[u8]) -> Result<(), String> {
    if ex.extract.iter().any(|f| f == "--no-slice") {
        return Ok(());
    }
    let model = dir.path().join("unsliced.json");
    if !extract_with(ex, &model, &["--no-slice"]).status.success() {
        return Err(format!("{}: mpi-extract --no-slice failed", ex.name()));
    }
    // The calls the slicer removed on its own are an assumption of the
    // sliced verdict (they return, and nothing they write matters): the
    // whole program is checked under it, as --assume-no-effect.
    let mut args: Vec<String> = vec!["--format".into(), "json".into()];
    for name in assumed_to_return(sliced) {
        args.push("--assume-no-effect".into());
        args.push(name);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let whole = check(ex, &model, &args);
    let (a, b) = (outcome_of(sliced), outcome_of(&whole.stdout));
    if a.is_none() || a != b {
        return Err(format!(
            "{}: slicing changes the outcome: sliced {a:?}, --no-slice {b:?}",
            ex.name()
        ));
    }
    Ok(())
}
