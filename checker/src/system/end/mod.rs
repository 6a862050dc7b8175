//! End of an execution: what went wrong, and the end-of-execution
//! checks (collectives some member never joined; the completes-before
//! replays for synchronizing collectives and for zero buffering; messages
//! still unreceived when every process has finalized).
//!
//! A stuck execution is explained with its wait-for graph (`waitfor`), the
//! messages that missed a waiting receive by one part of their envelope,
//! and calls of one collective on different communicators, which make it a
//! `communicator-mismatch` rather than a plain `deadlock`.

use super::waitfor;
use super::{Buffering, Ctx, Reported};
use crate::diag::waitfor::{Need, WaitFor};
use crate::diag::ErrorKind;
use crate::explore::Ending;
use crate::log::cb;
use crate::mpi::machine::*;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::p2p::{EventRef, ReqOp, SendMode};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;

mod leftovers;
mod replay;
mod stuck;

use leftovers::*;
pub(super) use replay::*;
use stuck::*;

/// Instructions executed and MPI calls made so far, all processes together:
/// what the per-process limits bound (`Explorable::memo_used`).
pub fn used(state: &Machine) -> [u64; crate::explore::LIMITED] {
    let steps = state.procs.iter().map(|p| p.proc.steps).sum::<u64>();
    let calls = state.procs.iter().map(|p| p.calls as u64).sum::<u64>();
    [steps, calls]
}

/// The scheduling steps and instructions of the execution so far.
fn counted(state: &Machine) -> Ending<Reported> {
    Ending {
        transitions: state.transitions,
        instructions: used(state)[0],
        used: used(state),
        unsummarizable: state.short_receive,
        portability: state.portability.clone(),
        ..Ending::default()
    }
}

/// The execution stopped early: an error, or a limit of the tool. Errors
/// it showed before stay errors; the rest of it was not explored.
pub fn halted(ctx: &Ctx, state: &Machine, halt: Halt) -> Ending<Reported> {
    let mut ending = counted(state);
    match halt {
        Halt::Error(f) => ending.errors = record_all(ctx, state, vec![f]),
        Halt::UnsupportedAt { loc, reason } => {
            let m = format!("{}: {reason}", ctx.model.describe_location(loc));
            return halted(ctx, state, Halt::Unsupported(m));
        }
        Halt::Unsupported(m) | Halt::Budget(m) => {
            if state.findings.is_empty() {
                ending.limit = Some(m);
            } else {
                ending.errors = record_all(ctx, state, Vec::new());
                ending
                    .notes
                    .push(format!("{m}; the rest of that execution was not explored"));
            }
        }
    }
    ending
}

/// A duplicate execution still shows its errors (its prefix is a behavior),
/// and a polling loop cut as a stutter may be one that never ends without
/// buffering (`unbuffered_poll`).
pub fn pruned(ctx: &Ctx, state: &Machine) -> Ending<Reported> {
    let mut ending = counted(state);
    let found: Vec<Finding> = super::unbuffered_poll::endless(ctx, state)
        .into_iter()
        .collect();
    if !state.findings.is_empty() || !found.is_empty() {
        ending.errors = record_all(ctx, state, found);
    }
    ending
}

/// The errors an execution has shown so far, which it forgets (the oracle
/// merges states reached in different ways, which would lose them).
pub fn flush(ctx: &Ctx, state: &mut Machine) -> Vec<Reported> {
    if state.findings.is_empty() {
        return Vec::new();
    }
    let errors = record_all(ctx, state, Vec::new());
    state.findings.clear();
    errors
}

/// A failure on a rank whose wildcard receive took one of several messages
/// may depend on which one it took (a message race): the finding names the
/// receive, the send it matched, and every other send of the execution its
/// envelope matches (MPI 3.1 §3.5: which one a wildcard takes is up to the
/// library).
fn name_message_races(model: &Model, state: &Machine, f: &mut Finding) {
    /// Distinct races named in a message; the others are counted.
    const SHOWN: usize = 2;
    let reqs = &state.world.p2p.requests;
    let ranks: Vec<usize> = f.locations.iter().map(|(r, _, _)| *r).collect();
    let mut races: Vec<String> = Vec::new();
    let mut more = 0;
    for (r, alternatives) in &state.wildcard_alternatives {
        let r = &reqs[*r];
        if !ranks.contains(&r.owner) {
            continue;
        }
        let Some(chosen) = r.partner.map(|c| &reqs[c]) else {
            continue;
        };
        let (Some((rloc, rfunc)), Some((cloc, cfunc))) = (
            state.event_loc(r.posted_at),
            state.event_loc(chosen.posted_at),
        ) else {
            continue;
        };
        // One phrase per sending call site: a loop's sends are one site.
        let mut alt: Vec<String> = Vec::new();
        for q in alternatives.iter().map(|&q| &reqs[q]) {
            if let Some((qloc, qfunc)) = state.event_loc(q.posted_at) {
                let phrase = format!(
                    "rank {}'s {} (line {})",
                    q.owner,
                    qfunc.name(),
                    line_of(model, qloc)
                );
                if !alt.contains(&phrase) {
                    alt.push(phrase);
                }
                add_site(f, (q.owner, qloc, Some(qfunc)));
            }
        }
        add_site(f, (r.owner, rloc, Some(rfunc)));
        add_site(f, (chosen.owner, cloc, Some(cfunc)));
        let race = format!(
            "rank {}'s wildcard {} at line {} took rank {}'s {} (line {}) but could also take {}",
            r.owner,
            rfunc.name(),
            line_of(model, rloc),
            chosen.owner,
            cfunc.name(),
            line_of(model, cloc),
            alt.join(" or ")
        );
        if races.contains(&race) {
            continue;
        }
        if races.len() < SHOWN {
            races.push(race);
        } else {
            more += 1;
        }
    }
    if races.is_empty() {
        return;
    }
    let mut text = races.join("; ");
    if more > 0 {
        text.push_str(&format!(
            "; and {more} more wildcard {}",
            if more == 1 { "match" } else { "matches" }
        ));
    }
    f.message = format!("{} (message race: {text})", f.message);
}

/// Records the errors the execution showed on its way (`state.findings`,
/// each with the trace up to where it was found) and those found at its end
/// (`at_end`, with the whole trace): most severe first, then in the order
/// they happened.
fn record_all(ctx: &Ctx, state: &Machine, at_end: Vec<Finding>) -> Vec<Reported> {
    let trace = state.trace.to_vec();
    let mut out = Vec::new();
    let mut all: Vec<(Finding, usize)> = state
        .findings
        .iter()
        .map(|o| (o.finding.clone(), o.trace_len))
        .chain(at_end.into_iter().map(|mut f| {
            state.attach_callers(ctx.model, &mut f);
            (f, state.trace_len)
        }))
        .collect();
    all.sort_by_key(|(f, _)| f.kind.severity());
    // The same error on several ranks (every rank failing one assertion) is
    // one error: reported once, with the trace of its first occurrence.
    let mut merged: Vec<(Finding, usize, Vec<usize>)> = Vec::new();
    for (f, len) in all {
        let key = |f: &Finding| {
            let locs: Vec<_> = f.locations.iter().map(|(_, l, c)| (*l, *c)).collect();
            (f.kind, locs)
        };
        let ranks: Vec<usize> = f.locations.iter().map(|(r, _, _)| *r).collect();
        match merged.iter_mut().find(|(g, _, _)| key(g) == key(&f)) {
            Some((g, _, also)) => {
                // Another rank's occurrence, not the same one found twice.
                for r in ranks.into_iter().take(1) {
                    if !also.contains(&r) && !g.locations.iter().any(|(x, _, _)| *x == r) {
                        also.push(r);
                    }
                }
            }
            None => merged.push((f, len, Vec::new())),
        }
    }
    for (mut f, len, also) in merged {
        if !also.is_empty() {
            f.message = format!("{} (also on {})", f.message, rank_list(&also));
        }
        if matches!(
            f.kind,
            ErrorKind::Assertion | ErrorKind::MemoryError | ErrorKind::Deadlock
        ) {
            name_message_races(ctx.model, state, &mut f);
        }
        out.push(Reported {
            finding: f,
            trace: trace[..len.min(trace.len())].to_vec(),
            trace_len: len,
        });
    }
    out
}

/// Line of a location, for messages.
fn line_of(model: &Model, loc: LocId) -> u32 {
    model.locations.get(loc as usize).map_or(0, |l| l.line)
}

/// Where process `rank` ended: its MPI_Finalize, else where it exited.
fn end_site(state: &Machine, events: &[LogEvent], rank: usize) -> Option<Site> {
    if !matches!(state.procs.get(rank)?.phase, Phase::Exited { .. }) {
        return None;
    }
    events
        .iter()
        .rev()
        .find(|e| e.rank == rank && e.func == MpiFunc::Finalize)
        .map(|e| (rank, e.loc, Some(e.func)))
        .or_else(|| state.procs[rank].exit_loc.map(|l| (rank, l, None)))
}

/// (rank, location, call) of a finding.
type Site = (usize, LocId, Option<MpiFunc>);

fn add_site(f: &mut Finding, site: Site) {
    if !f.locations.contains(&site) {
        f.locations.push(site);
    }
}

/// Every process is finished or stuck: records every error the execution
/// shows at its end, besides those it showed on its way.
pub fn end_of_execution(ctx: &Ctx, state: &Machine) -> Ending<Reported> {
    // A process stuck in a thread's call while its other threads have MPI
    // calls to make or finish: not a deadlock of the program, a limit of
    // the model (`Process::omp_others_in_mpi`).
    for p in &state.procs {
        if let Phase::Blocked { loc, .. } = p.phase {
            if let Some(why) = p.proc.omp_others_in_mpi() {
                return halted(ctx, state, Halt::UnsupportedAt { loc, reason: why });
            }
        }
    }
    let mut ending = counted(state);
    let found = end_findings(ctx, state);
    ending.errors = record_all(ctx, state, found);
    ending
}

/// The errors a finished or stuck execution shows. What only follows from a
/// process that stopped at an error (others waiting for it, its collectives
/// and messages) is not reported again.
fn end_findings(ctx: &Ctx, state: &Machine) -> Vec<Finding> {
    let model = ctx.model;
    let mut out = Vec::new();
    let crashed = |r: usize| state.procs.get(r).is_some_and(|p| p.crashed);
    let graph = ctx.analyze_blocking.then(|| CbGraph::new(state));
    let blocked: Vec<usize> = (0..state.np())
        .filter(|&r| matches!(state.procs[r].phase, Phase::Blocked { .. }))
        .collect();
    if !blocked.is_empty() {
        let consequences = waitfor::blocked(state).waiting_on(&crashed);
        let live: Vec<usize> = blocked
            .iter()
            .copied()
            .filter(|r| !consequences.contains(r))
            .collect();
        let polling: Vec<usize> = live
            .iter()
            .copied()
            .filter(|&r| {
                matches!(
                    state.procs[r].phase,
                    Phase::Blocked {
                        block: Block::Poll { .. },
                        ..
                    }
                )
            })
            .collect();
        if live.is_empty() {
            // Only consequences of a failed process are stuck.
        } else if !polling.is_empty() {
            let msg: Vec<String> = polling
                .iter()
                .map(|&r| {
                    format!(
                        "rank {r} polls {} forever: what it waits for can never happen",
                        state.blocked_func(r).map_or("?", |f| f.name())
                    )
                })
                .collect();
            let mut f = Finding::new(ErrorKind::NonTermination, msg.join("; "));
            for &r in &live {
                f = f.at(r, state.blocked_loc(r), state.blocked_func(r));
            }
            out.push(f);
        } else if let Some(f) = skipped_collective(state, &live)
            .then(|| unjoined_collective(model, state))
            .flatten()
        {
            out.push(f);
        } else {
            out.push(stuck_finding(model, state));
        }
        // Stuck earlier when collectives synchronize, or without buffering
        // (an unbuffered send blocks before this point is reached).
        if let Some(g) = &graph {
            let reached: Vec<usize> = state
                .procs
                .iter()
                .map(|p| match p.phase {
                    Phase::Blocked { .. } => p.calls.saturating_sub(1),
                    _ => p.calls,
                })
                .collect();
            let sync = cb::replay_from(
                &g.counts,
                &g.start,
                &g.deps,
                &[DepKind::Always, DepKind::Synchronizing],
            );
            if sync.as_ref().is_some_and(|p| *p != reached) {
                out.extend(synchronizing_replay(ctx, state, g));
            }
            out.extend(zero_buffer_replay(ctx, state, g));
        }
        return out;
    }
    let unjoined = unjoined_collective(model, state);
    let collectives_consistent = unjoined.is_none();
    out.extend(unjoined);
    out.extend(unready_ready_send(model, state));
    if let Some(g) = graph.as_ref().filter(|_| collectives_consistent) {
        out.extend(synchronizing_replay(ctx, state, g));
    }
    out.extend(unreceived_messages(model, state));
    if let Some(g) = graph.as_ref().filter(|_| collectives_consistent) {
        out.extend(zero_buffer_replay(ctx, state, g));
    }
    out
}

/// "Ranks 1 and 2" of "ranks 1 and 2".
fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map_or(String::new(), |f| f.to_uppercase().chain(c).collect())
}

/// "rank 1", "ranks 1 and 2", "ranks 1, 2 and 3".
fn rank_list(ranks: &[usize]) -> String {
    match ranks {
        [r] => format!("rank {r}"),
        [init @ .., last] => format!(
            "ranks {} and {last}",
            init.iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        [] => String::new(),
    }
}
