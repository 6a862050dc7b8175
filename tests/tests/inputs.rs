//! `--any-input` against brute force on generated programs
//! (`end_to_end::gen_inputs`), one test per seed: two ranks each compute a
//! condition of two integer inputs and call `MPI_Barrier` when it holds.
//!
//! - An error must name inputs on which the conditions really differ (the
//!   counterexample is genuine).
//! - "verified" must hold at every brute-force sample (never a false
//!   "verified" where a sampled input breaks the program).
//! - "inconclusive" is allowed (a limit), but more than a tenth of the
//!   programs ending so fails the run: the solver should decide these.
//!
//! `MPI_GEN_INPUTS` programs (default 40) from seed `MPI_GEN_SEED`.

use end_to_end::gen_inputs::{generate, samples};
use end_to_end::*;
use libtest_mimic::{Arguments, Trial};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args = Arguments::from_args();
    let count = env_u64("MPI_GEN_INPUTS", 40);
    let first = env_u64("MPI_GEN_SEED", 0);
    // Programs found wrong, verified, inconclusive.
    let verdicts = Arc::new([0, 1, 2].map(|_| AtomicUsize::new(0)));
    let trials = (first..first + count)
        .map(|seed| {
            let verdicts = verdicts.clone();
            Trial::test(format!("inputs-seed-{seed}"), move || {
                Ok(compare(seed, &verdicts)?)
            })
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let [e, v, i] = [0, 1, 2].map(|k| verdicts[k].load(Ordering::SeqCst) as u64);
    let n = i;
    eprintln!(
        "generated input programs: {count} from seed {first}: {e} errors, {v} verified, {i} inconclusive"
    );
    if !conclusion.has_failed() && n * 10 > count {
        eprintln!("--any-input was inconclusive on too many generated programs");
        std::process::exit(101);
    }
    conclusion.exit();
}

fn compare(seed: u64, verdicts: &[AtomicUsize; 3]) -> Result<(), String> {
    let program = generate(seed);
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let source = dir.path().join(format!("inputs{seed}.c"));
    std::fs::write(&source, &program.source).map_err(|e| e.to_string())?;
    let model = dir.path().join("model.json");
    let out = run_limited(
        Command::new(bin("mpi-extract"))
            .arg(&source)
            .arg("-o")
            .arg(&model),
    );
    if !out.status.success() {
        return Err(format!(
            "seed {seed}: mpi-extract failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stderr),
            program.source
        ));
    }
    let out = run_limited(Command::new(bin("mpi-check")).arg(&model).args([
        "-n",
        "2",
        "--any-input",
        "--format",
        "json",
        "--",
        "0",
        "0",
    ]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| {
        format!(
            "seed {seed}: no JSON report ({e}): {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })?;
    let context = || {
        format!(
            "seed {seed} (mpi-gen --inputs {seed} > gen.c && mpi-extract gen.c && mpi-check -n 2 --any-input -- 0 0):\n{}",
            program.source
        )
    };
    match report["verdict"].as_str() {
        Some("error") => {
            // The inputs not named did not matter: their given value, 0.
            let value = |name: &str| {
                report["errors"][0]["input"]
                    .as_array()
                    .and_then(|a| a.iter().find(|i| i["symbol"] == name))
                    .and_then(|i| i["value"].as_i64())
                    .unwrap_or(0) as i32
            };
            let (x, y) = (value("argv[1]"), value("argv[2]"));
            if !program.wrong_at(x, y) {
                return Err(format!(
                    "{}\nreported an error for x = {x}, y = {y}, where the ranks agree",
                    context()
                ));
            }
            verdicts[0].fetch_add(1, Ordering::SeqCst);
        }
        Some("verified") => {
            let s = samples();
            for &x in &s {
                for &y in s.iter().step_by(5) {
                    if program.wrong_at(x, y) {
                        return Err(format!(
                            "{}\nverified, but the ranks disagree at x = {x}, y = {y}",
                            context()
                        ));
                    }
                }
            }
            verdicts[1].fetch_add(1, Ordering::SeqCst);
        }
        Some("inconclusive") => {
            verdicts[2].fetch_add(1, Ordering::SeqCst);
        }
        other => return Err(format!("{}\nverdict {other:?}", context())),
    }
    Ok(())
}
