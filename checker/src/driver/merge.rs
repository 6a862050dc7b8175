//! `mpi-check --merge PART.json...`: the verdict of a search run as K
//! parts (`--subtree I/K`, one job of a job array each), from the parts'
//! JSON reports.
//!
//! A part never says "verified" on its own: it explored only its share of
//! the behaviors, so it reports `inconclusive` and marks its share
//! complete (`"subtree": {"part", "parts", "complete"}`). The merge says
//! verified only when every part 1..K is there, each complete, and none
//! found an error; an error in any part is an error of the program (the
//! first one is the one with the least schedule, the first a whole run
//! reports); a missing, duplicated or incomplete part makes the merge
//! inconclusive, naming it. Counts are summed (each part's counts are
//! exact for its share; the seconds are the longest part's); when the
//! search stopped at its first error, only what a whole run explores
//! before it is counted (`up_to`).

use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// What a merge prints and its exit status (0 verified, 1 error,
/// 2 inconclusive).
pub struct Merged {
    pub json: String,
    pub text: String,
    pub status: i32,
}

#[derive(Serialize)]
struct Stats {
    executions: u64,
    transitions: u64,
    states: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct Doc {
    verdict: &'static str,
    np: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    errors: Vec<Value>,
    stats: Stats,
    parts: u64,
}

/// The schedule of an error's `replay` line (`0.2.1`, `-`, with `+input`
/// parts ignored), for ordering.
fn schedule_of(error: &Value) -> Vec<u32> {
    let text = error["replay"].as_str().unwrap_or("-");
    let text = text.split('+').next().unwrap_or("-");
    crate::explore::parse_schedule(text).unwrap_or_default()
}

/// The executions and transitions a whole run counts when it stops at its
/// first error, at schedule `first`: a part explores its pieces in
/// schedule order and stops at its own first error, so every piece that
/// starts before `first` was explored whole, the piece holding it up to
/// it, and the pieces after it are not counted (depth-first order is the
/// order of schedules). `None` when the parts looked for every error
/// (counted whole) or a report does not list its pieces.
fn up_to(docs: &[(String, Value)], first: &[u32]) -> Option<(u64, u64)> {
    let (mut executions, mut transitions) = (0u64, 0u64);
    for (_, doc) in docs {
        let sub = &doc["subtree"];
        if sub["all_errors"].as_bool() != Some(false) {
            return None;
        }
        for unit in sub["units"].as_array()? {
            let start = crate::explore::parse_schedule(unit["start"].as_str()?)?;
            if start.as_slice() <= first {
                executions = executions.saturating_add(unit["executions"].as_u64()?);
                transitions = transitions.saturating_add(unit["transitions"].as_u64()?);
            }
        }
    }
    Some((executions, transitions))
}

/// A part's reason without the executions it explored before it stopped
/// (" after N executions"): the merged report counts them all.
fn without_count(why: &str) -> String {
    if let Some((head, tail)) = why.rsplit_once(" after ") {
        if let Some(n) = tail.strip_suffix(" executions") {
            if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                return head.to_string();
            }
        }
    }
    why.to_string()
}

/// Sorted part numbers as ranges: `1-3, 7, 9-10`.
fn ranges(sorted: &[u64]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let mut j = i;
        while j + 1 < sorted.len() && sorted[j + 1] == sorted[j] + 1 {
            j += 1;
        }
        out.push(if j > i {
            format!("{}-{}", sorted[i], sorted[j])
        } else {
            sorted[i].to_string()
        });
        i = j + 1;
    }
    out.join(", ")
}

/// Merges the reports `docs` (file name, parsed JSON).
pub fn merge(docs: &[(String, Value)]) -> Result<Merged, String> {
    let mut np: Option<u64> = None;
    let mut parts: Option<u64> = None;
    let mut seen: BTreeMap<u64, bool> = BTreeMap::new();
    let mut errors: Vec<Value> = Vec::new();
    let mut stats = Stats {
        executions: 0,
        transitions: 0,
        states: 0,
        seconds: 0.0,
    };
    let mut reasons: Vec<String> = Vec::new();
    // Why parts did not finish, each reason once with its parts (a bound
    // every part met is one line, not one per part).
    let mut unfinished: Vec<(String, Vec<u64>)> = Vec::new();
    for (name, doc) in docs {
        let sub = &doc["subtree"];
        let (Some(part), Some(of), Some(complete)) = (
            sub["part"].as_u64(),
            sub["parts"].as_u64(),
            sub["complete"].as_bool(),
        ) else {
            return Err(format!(
                "{name}: not the JSON report of a --subtree run (mpi-check --subtree I/K --format json)"
            ));
        };
        let n = doc["np"].as_u64().unwrap_or(0);
        if *np.get_or_insert(n) != n {
            return Err(format!(
                "{name}: a report for np = {n}, the others are for np = {}",
                np.unwrap_or(0)
            ));
        }
        if *parts.get_or_insert(of) != of {
            return Err(format!(
                "{name}: part of {of}, the others are parts of {}",
                parts.unwrap_or(0)
            ));
        }
        if seen.insert(part, complete).is_some() {
            return Err(format!("{name}: part {part}/{of} is given twice"));
        }
        if !complete && doc["errors"].as_array().is_none_or(|e| e.is_empty()) {
            let why = without_count(doc["reason"].as_str().unwrap_or("stopped early"));
            match unfinished.iter_mut().find(|(w, _)| *w == why) {
                Some((_, parts)) => parts.push(part),
                None => unfinished.push((why, vec![part])),
            }
        }
        errors.extend(doc["errors"].as_array().cloned().unwrap_or_default());
        let s = &doc["stats"];
        stats.executions = stats
            .executions
            .saturating_add(s["executions"].as_u64().unwrap_or(0));
        stats.transitions = stats
            .transitions
            .saturating_add(s["transitions"].as_u64().unwrap_or(0));
        stats.states = stats
            .states
            .saturating_add(s["states"].as_u64().unwrap_or(0));
        stats.seconds = stats.seconds.max(s["seconds"].as_f64().unwrap_or(0.0));
    }
    let (Some(np), Some(parts)) = (np, parts) else {
        return Err("--merge takes the JSON reports of the parts of one check".into());
    };
    let missing: Vec<String> = (1..=parts)
        .filter(|p| !seen.contains_key(p))
        .map(|p| format!("{p}/{parts}"))
        .collect();
    for (why, mut which) in unfinished {
        which.sort_unstable();
        let named = match which.as_slice() {
            [one] => format!("part {one}/{parts}"),
            _ => format!("parts {} of {parts}", ranges(&which)),
        };
        reasons.push(format!("{named} did not finish: {why}"));
    }
    if !missing.is_empty() {
        reasons.insert(0, format!("missing parts: {}", missing.join(", ")));
    }
    errors.sort_by_key(schedule_of);
    errors.dedup_by(|a, b| a["kind"] == b["kind"] && a["message"] == b["message"]);
    if let Some(first) = errors.first().map(schedule_of) {
        if let Some((executions, transitions)) = up_to(docs, &first) {
            stats.executions = executions;
            stats.transitions = transitions;
        }
    }
    let (verdict, status, reason) = if !errors.is_empty() {
        (
            "error",
            1,
            (!reasons.is_empty()).then(|| reasons.join("; ")),
        )
    } else if !reasons.is_empty() {
        ("inconclusive", 2, Some(reasons.join("; ")))
    } else {
        ("verified", 0, None)
    };
    let mut text = format!("mpi-check: {verdict} (np = {np}, {parts} parts merged)\n");
    if let Some(r) = &reason {
        text.push_str(&format!("reason: {r}\n"));
    }
    for e in &errors {
        text.push_str(&format!(
            "\nerror[{}]: {}\n  replay: {}\n",
            e["kind"].as_str().unwrap_or("?"),
            e["message"].as_str().unwrap_or(""),
            e["replay"].as_str().unwrap_or("-"),
        ));
    }
    text.push_str(&format!(
        "\nexplored {} executions, {} transitions\n",
        stats.executions, stats.transitions
    ));
    let doc = Doc {
        verdict,
        np,
        reason,
        errors,
        stats,
        parts,
    };
    let mut json = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
    json.push('\n');
    Ok(Merged { json, text, status })
}

/// Reads the part reports at `paths` and merges them.
pub fn merge_files(paths: &[std::path::PathBuf]) -> Result<Merged, String> {
    let mut docs = Vec::new();
    for p in paths {
        let name = p.display().to_string();
        let data = std::fs::read(p).map_err(|e| format!("cannot read {name}: {e}"))?;
        let doc: Value = serde_json::from_slice(&data)
            .map_err(|e| format!("{name}: not a JSON report ({e})"))?;
        docs.push((name, doc));
    }
    merge(&docs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_named_as_ranges() {
        assert_eq!(ranges(&[3]), "3");
        assert_eq!(ranges(&[1, 2, 3, 7, 9, 10]), "1-3, 7, 9-10");
        assert_eq!(ranges(&[2, 4, 6]), "2, 4, 6");
    }

    #[test]
    fn a_reason_is_grouped_without_its_count() {
        assert_eq!(
            without_count("timeout of 1s reached after 848712 executions"),
            "timeout of 1s reached"
        );
        assert_eq!(
            without_count("execution limit of 1000 reached"),
            "execution limit of 1000 reached"
        );
        // Not a count: kept.
        assert_eq!(
            without_count("stopped after many executions"),
            "stopped after many executions"
        );
    }

    fn part(p: u64, of: u64, reason: &str) -> (String, Value) {
        let doc = serde_json::json!({
            "subtree": {"part": p, "parts": of, "complete": false, "all_errors": false, "units": []},
            "verdict": "inconclusive",
            "np": 4,
            "reason": reason,
            "errors": [],
            "stats": {"executions": 10, "transitions": 100, "states": 5, "seconds": 0.5},
        });
        (format!("part{p}.json"), doc)
    }

    #[test]
    fn one_line_per_reason_whatever_the_parts() {
        let docs: Vec<_> = (1..=5)
            .map(|p| {
                let why = if p == 4 {
                    "memory limit of 64 MB reached".to_string()
                } else {
                    format!("timeout of 2s reached after {} executions", p * 7)
                };
                part(p, 5, &why)
            })
            .collect();
        let m = merge(&docs).expect("merged");
        assert_eq!(m.status, 2);
        assert!(
            m.text.contains("reason: parts 1-3, 5 of 5 did not finish: timeout of 2s reached; part 4/5 did not finish: memory limit of 64 MB reached"),
            "{}",
            m.text
        );
    }
}
