//! The reduced search and the naive oracle (`--reduction none`) must agree
//! on every example's verdict (BRIEF.md "Keep an oracle"). The oracle
//! explores every interleaving and cannot finish the larger examples within
//! its time limit: those are listed, not failed, and must stay few.

use end_to_end::*;

fn verdict_of(stdout: &[u8]) -> Option<String> {
    let v: serde_json::Value = serde_json::from_slice(stdout).ok()?;
    Some(v["verdict"].as_str()?.to_string())
}

#[test]
fn reduced_and_naive_search_agree() {
    let examples = examples();
    let skipped = std::sync::Mutex::new(Vec::new());
    let failures = parallel(&examples, |ex| {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let model = dir.path().join("model.json");
        if !extract(ex, &model).status.success() {
            return Err(format!("{}: mpi-extract failed", ex.name()));
        }
        let poe = check(ex, &model, &["--format", "json"]);
        let naive = check(
            ex,
            &model,
            &["--format", "json", "--reduction", "none", "--timeout", "20"],
        );
        let (p, n) = (verdict_of(&poe.stdout), verdict_of(&naive.stdout));
        match (p.as_deref(), n.as_deref()) {
            (Some(a), Some(b)) if a == b => Ok(()),
            (Some(_), Some("inconclusive")) => {
                skipped.lock().expect("lock").push(ex.name());
                Ok(())
            }
            _ => Err(format!(
                "{}: reduced search says {p:?}, naive search says {n:?}",
                ex.name()
            )),
        }
    });
    let skipped = skipped.into_inner().expect("lock");
    eprintln!(
        "oracle did not finish within its limit on {} example(s): {:?}",
        skipped.len(),
        skipped
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        skipped.len() * 4 <= examples.len(),
        "the oracle finished on too few examples"
    );
}
