//! Turns exploration results into a [`Report`]: maps model locations to
//! source positions and orders what was found.

use super::{FoundError, Outcome};
use crate::report::*;
use runtime_model::model::{LocId, Model};

/// Source position of a model location (innermost), with its inlining chain.
pub fn source_loc(model: &Model, rank: usize, loc: LocId, call: Option<String>) -> SourceLoc {
    // In the program's own lines, not a library header's.
    let loc = model.user_loc(loc);
    let l = model.locations.get(loc as usize);
    let file = |f: u32| {
        model
            .files
            .get(f as usize)
            .cloned()
            .unwrap_or_else(|| "?".into())
    };
    let mut inlined_at = Vec::new();
    let mut cur = l.and_then(|l| l.inlined_at);
    let mut guard = 0;
    while let Some(i) = cur {
        let Some(site) = model.locations.get(i as usize) else {
            break;
        };
        inlined_at.push(format!("{}:{}", file(site.file), site.line));
        cur = site.inlined_at;
        guard += 1;
        if guard > 64 {
            break;
        }
    }
    SourceLoc {
        rank,
        file: l.map_or_else(|| "?".into(), |l| file(l.file)),
        line: l.map_or(0, |l| l.line),
        column: l.map_or(0, |l| l.column),
        call,
        inlined_at,
        called_from: Vec::new(),
    }
}

/// `file:line` of each call site, each followed by the sites it was itself
/// inlined at; a run of the same site (recursion) once, with its count
/// (`rec.c:9 (x 998)`), and at most [`MAX_CALL_SITES`] entries.
fn call_sites(model: &Model, sites: &[LocId]) -> Vec<String> {
    // The same call instruction again and again is recursion: counted. Two
    // instructions on one line (an OpenMP region's function and the
    // directive that runs it) are one site to the reader.
    let mut runs: Vec<(LocId, usize)> = Vec::new();
    for &site in sites {
        match runs.last_mut() {
            Some((last, n)) if *last == site => *n += 1,
            _ => runs.push((site, 1)),
        }
    }
    let mut out: Vec<String> = Vec::new();
    for (site, n) in runs {
        let s = source_loc(model, 0, site, None);
        let here = format!("{}:{}", s.file, s.line);
        let shown = if n > 1 {
            format!("{here} (x {n})")
        } else {
            here
        };
        if out.last() != Some(&shown) {
            out.push(shown);
        }
        for at in s.inlined_at {
            if out.last() != Some(&at) {
                out.push(at);
            }
        }
    }
    if out.len() > MAX_CALL_SITES {
        let hidden = out.len() - MAX_CALL_SITES;
        let tail = out.split_off(out.len() - MAX_CALL_SITES / 2);
        out.truncate(MAX_CALL_SITES - MAX_CALL_SITES / 2);
        out.push(format!("... {hidden} more"));
        out.extend(tail);
    }
    out
}

/// Call sites a location lists at most (the innermost and the outermost).
const MAX_CALL_SITES: usize = 12;

/// `running`, `MPI_Recv at line 21`, `exited (0)`.
fn rank_at(model: &Model, at: &crate::log::events::RankAt) -> String {
    use crate::log::events::RankAt;
    match at {
        RankAt::Running => "running".into(),
        RankAt::Blocked { func, loc } => format!(
            "{} at line {}",
            func.name(),
            source_loc(model, 0, *loc, None).line
        ),
        RankAt::Exited { code } => format!("exited ({code})"),
    }
}

fn error_report(model: &Model, e: &FoundError) -> ErrorReport {
    let locations = e
        .finding
        .locations
        .iter()
        .enumerate()
        .map(|(i, (rank, loc, call))| {
            let mut s = source_loc(model, *rank, *loc, call.map(|c| c.name().to_string()));
            if let Some(sites) = e.finding.callers.as_ref().and_then(|c| c.get(i)) {
                s.called_from = call_sites(model, sites);
            }
            s
        })
        .collect();
    let trace = e
        .trace
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let s = source_loc(model, t.rank, t.loc, None);
            TraceStep {
                step: i + 1,
                rank: t.rank,
                file: s.file,
                line: s.line,
                event: t.event.clone(),
                thread: t.thread.clone(),
                ranks: t.ranks.as_deref().map_or_else(Vec::new, |ranks| {
                    ranks.iter().map(|r| rank_at(model, r)).collect()
                }),
            }
        })
        .collect();
    ErrorReport {
        kind: e.finding.kind,
        message: e.finding.message.clone(),
        locations,
        trace,
        replay: replay_string(&e.schedule, &e.input),
        command: None,
        input: e.input.clone(),
        help: e.finding.help.clone(),
    }
}

/// The model's portability notes, in the program's files and lines.
fn portability_notes(model: &Model) -> Vec<PortabilityNote> {
    model
        .portability
        .iter()
        .map(|n| {
            let at = source_loc(model, 0, n.at, None);
            PortabilityNote {
                construct: n.construct.clone(),
                file: at.file,
                line: at.line,
                more_lines: n.more,
                feeds: n
                    .feeds
                    .iter()
                    .map(|(function, loc)| {
                        let l = source_loc(model, 0, *loc, None);
                        AssumedCall {
                            function: function.clone(),
                            file: l.file,
                            line: l.line,
                        }
                    })
                    .collect(),
                rule: n.rule.clone(),
                help: n.help.clone(),
            }
        })
        .collect()
}

pub fn build(model: &Model, np: usize, outcome: &Outcome) -> Report {
    let errors: Vec<ErrorReport> = outcome
        .errors
        .iter()
        .map(|e| error_report(model, e))
        .collect();
    let verdict = if !errors.is_empty() {
        Verdict::Error
    } else if outcome.incomplete.is_some() {
        Verdict::Inconclusive
    } else {
        Verdict::Verified
    };
    Report {
        assumptions: Vec::new(),
        portability: portability_notes(model)
            .into_iter()
            .chain(outcome.portability.iter().map(|(loc, what)| {
                // The construct, the rule and the advice, one per line
                // (`Machine::portability_note`).
                let mut lines = what.splitn(3, '\n').map(String::from);
                let at = source_loc(model, 0, *loc, None);
                PortabilityNote {
                    construct: lines.next().unwrap_or_default(),
                    file: at.file,
                    line: at.line,
                    more_lines: 0,
                    feeds: Vec::new(),
                    rule: lines.next().unwrap_or_default(),
                    help: lines.next().unwrap_or_default(),
                }
            }))
            .collect(),
        verdict,
        np,
        // Under an error verdict, what the search did not cover is a note.
        reason: match verdict {
            Verdict::Inconclusive => outcome.incomplete.clone(),
            Verdict::Error => {
                let notes: Vec<String> = outcome
                    .incomplete
                    .iter()
                    .chain(outcome.notes.iter())
                    .cloned()
                    .collect();
                (!notes.is_empty()).then(|| notes.join("; "))
            }
            Verdict::Verified => None,
        },
        errors,
        stats: Stats {
            executions: outcome.executions,
            transitions: outcome.transitions,
            states: outcome.states,
            seconds: outcome.elapsed.as_secs_f64(),
            instructions: outcome.instructions,
            pruned: outcome.pruned,
            merged: outcome.merged,
            key_seconds: outcome.key_nanos as f64 * 1e-9,
            peak_rss_bytes: peak_rss(),
            input_cells: outcome.input_cells,
            input_bounds: outcome.input_bounds.clone(),
        },
    }
}

/// Peak resident set size of this process (Linux), for benchmark figures.
pub fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// The `--replay` text of an error: its schedule, then `+NAME=VALUE` for
/// each input value the run chose itself.
pub fn replay_string(schedule: &[u32], input: &[InputValue]) -> String {
    let mut s = crate::explore::schedule_string(schedule);
    for v in input.iter().filter(|v| v.forced) {
        s.push_str(&format!("+{}={}", v.symbol, v.value));
    }
    s
}
