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

/// A receive or probe a blocked process waits in.
struct PendingRecv {
    rank: usize,
    source: Option<usize>,
    tag: Option<i32>,
    comm: CommId,
    loc: LocId,
    func: MpiFunc,
}

fn pending_recvs(state: &Machine) -> Vec<PendingRecv> {
    let mut out = Vec::new();
    for rank in 0..state.np() {
        let Phase::Blocked { func, loc, block } = &state.procs[rank].phase else {
            continue;
        };
        let mut push = |source, tag, comm| {
            out.push(PendingRecv {
                rank,
                source,
                tag,
                comm,
                loc: *loc,
                func: *func,
            })
        };
        match block {
            Block::Requests { slots, .. } => {
                for r in slots.iter().filter_map(|s| s.req) {
                    let mut r = r;
                    if let ReqOp::Persistent(p) = &state.world.p2p.requests[r].op {
                        match p.active {
                            Some(a) => r = a,
                            None => continue,
                        }
                    }
                    let req = &state.world.p2p.requests[r];
                    if let (ReqOp::Recv(op), true) = (&req.op, req.is_unmatched()) {
                        push(op.source, op.tag, op.comm);
                    }
                }
            }
            Block::Probe {
                comm, source, tag, ..
            } => push(*source, *tag, *comm),
            _ => {}
        }
    }
    out
}

fn any_or<T: ToString>(v: Option<T>, any: &str) -> String {
    v.map_or(any.to_string(), |x| x.to_string())
}

/// Messages sent to a stuck receiver but never received, which its receive
/// would take but for one part of the envelope: a different tag or source
/// (a hint in the `deadlock`: tag mismatches surface as the deadlock they
/// cause) or a different communicator (`communicator-mismatch`). Messages
/// match on source, tag and communicator (MPI 3.1 §3.2.4).
struct Near {
    comm_mismatch: bool,
    text: String,
    site: Site,
    /// What to change (`Finding::help`), for a tag or source that differs.
    help: Option<String>,
}

fn near_misses(state: &Machine, model: &Model) -> Vec<Near> {
    let reqs = &state.world.p2p.requests;
    let comm = |c: CommId| state.comm_label(c);
    let mut out: Vec<Near> = Vec::new();
    let mut used: Vec<usize> = Vec::new();
    for recv in pending_recvs(state) {
        let rline = line_of(model, recv.loc);
        for (id, s) in reqs.numbered() {
            let ReqOp::Send(op) = &s.op else { continue };
            if !s.is_unmatched() || used.contains(&id) || op.dest != recv.rank {
                continue;
            }
            let source_ok = recv.source.is_none_or(|x| x == s.owner);
            let Some((sloc, sfunc)) = state.event_loc(s.posted_at) else {
                continue;
            };
            let sline = line_of(model, sloc);
            let tag_ok = recv.tag.is_none_or(|t| t == op.tag);
            let help = if !source_ok {
                Some(format!(
                    "Name the sender in the receive: rank {} waits at line {rline} for a message from {}, but the message comes from rank {} (line {sline}); receive from rank {} or with `MPI_ANY_SOURCE`.",
                    recv.rank,
                    any_or(recv.source.map(|x| format!("rank {x}")), "any rank"),
                    s.owner,
                    s.owner
                ))
            } else if !tag_ok {
                Some(format!(
                    "Make the tags agree: rank {} sends tag {} at line {sline}, rank {} receives tag {} at line {rline}; or receive with `MPI_ANY_TAG` where any tag will do.",
                    s.owner,
                    op.tag,
                    recv.rank,
                    any_or(recv.tag, "ANY")
                ))
            } else {
                None
            };
            let text = if !source_ok {
                if op.comm != recv.comm || !tag_ok {
                    continue;
                }
                format!(
                    "rank {} sent a message with tag {} at line {sline}, which no receive takes (rank {} waits for a message from {} in {} at line {rline})",
                    s.owner,
                    op.tag,
                    recv.rank,
                    any_or(recv.source.map(|x| format!("rank {x}")), "any rank"),
                    recv.func.name()
                )
            } else if op.comm == recv.comm && !tag_ok {
                format!(
                    "rank {} sent tag {} at line {sline}, which no receive takes (rank {} waits for tag {} in {} at line {rline})",
                    s.owner,
                    op.tag,
                    recv.rank,
                    any_or(recv.tag, "ANY"),
                    recv.func.name()
                )
            } else if op.comm != recv.comm && tag_ok {
                format!(
                    "rank {} waits in {} at line {rline} for a message from {} with tag {} on {}, but rank {} sent it on {} at line {sline}: messages on different communicators never match (MPI 3.1 §3.2.4)",
                    recv.rank,
                    recv.func.name(),
                    recv.source.map_or("any rank".into(), |x| format!("rank {x}")),
                    any_or(recv.tag, "ANY"),
                    comm(recv.comm),
                    s.owner,
                    comm(op.comm)
                )
            } else {
                continue;
            };
            used.push(id);
            out.push(Near {
                comm_mismatch: op.comm != recv.comm,
                text,
                site: (s.owner, sloc, Some(sfunc)),
                help: help.filter(|_| op.comm == recv.comm),
            });
        }
    }
    out
}

/// A member's arrival at a collective instance.
struct Arrival {
    comm: CommId,
    instance: usize,
    func: MpiFunc,
    event: EventRef,
}

fn arrivals(state: &Machine) -> Vec<Arrival> {
    let mut out = Vec::new();
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.numbered() {
            for a in inst.arrivals.iter().flatten() {
                out.push(Arrival {
                    comm: ci,
                    instance: k,
                    func: a.func,
                    event: a.event,
                });
            }
        }
    }
    out
}

/// Whether world rank `rank` is a member of `comm` that has not arrived
/// at its collective `instance`.
fn missing_from(state: &Machine, rank: usize, comm: CommId, instance: usize) -> bool {
    let c = &state.world.comms[comm];
    c.members.iter().position(|&m| m == rank).is_some_and(|m| {
        c.instances[instance]
            .arrivals
            .get(m)
            .is_some_and(Option::is_none)
    })
}

/// Two groups of processes in the same collective function on different
/// communicators, each group missing from the other's instance: neither
/// call can ever match (MPI 3.1 §5.13: all members call collectives on a
/// communicator in the same order; calls on different communicators are
/// different collectives). `stuck` are the arrivals to consider.
fn collective_comm_mismatch(
    state: &Machine,
    model: &Model,
    events: &[LogEvent],
    stuck: &[&Arrival],
    missing: &dyn Fn(usize, CommId, usize) -> bool,
    waits_for: &dyn Fn(usize, usize) -> bool,
) -> Option<(String, Vec<Site>)> {
    // The side of the lowest rank first.
    let mut stuck: Vec<&Arrival> = stuck.to_vec();
    stuck.sort_by_key(|a| a.event);
    let stuck = &stuck[..];
    for a in stuck {
        for b in stuck {
            let (p, q) = (a.event.0, b.event.0);
            if a.comm == b.comm
                || a.func.blocking_form() != b.func.blocking_form()
                || !missing(q, a.comm, a.instance)
                || !missing(p, b.comm, b.instance)
                || !waits_for(p, q)
            {
                continue;
            }
            let side = |c: CommId, k: usize| -> Vec<&&Arrival> {
                stuck
                    .iter()
                    .filter(|x| x.comm == c && x.instance == k)
                    .collect()
            };
            let (sa, sb) = (side(a.comm, a.instance), side(b.comm, b.instance));
            let render = |xs: &[&&Arrival]| -> String {
                let who: Vec<String> = xs
                    .iter()
                    .map(|x| {
                        let l = events
                            .iter()
                            .find(|e| (e.rank, e.index) == x.event)
                            .map_or(0, |e| line_of(model, e.loc));
                        format!("rank {} (line {l})", x.event.0)
                    })
                    .collect();
                let verb = if xs.len() == 1 { "calls" } else { "call" };
                format!(
                    "{} {verb} {} on {}",
                    who.join(" and "),
                    xs[0].func.name(),
                    state.comm_label(xs[0].comm)
                )
            };
            let text = format!(
                "{} while {}: collectives on different communicators never match (MPI 3.1 §5.13)",
                render(&sa),
                render(&sb)
            );
            let sites = sa
                .iter()
                .chain(sb.iter())
                .filter_map(|x| {
                    events
                        .iter()
                        .find(|e| (e.rank, e.index) == x.event)
                        .map(|e| (e.rank, e.loc, Some(e.func)))
                })
                .collect();
            return Some((text, sites));
        }
    }
    None
}

/// Every process is finished or stuck: records every error the execution
/// shows at its end, besides those it showed on its way.
pub fn end_of_execution(ctx: &Ctx, state: &Machine) -> Ending<Reported> {
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

/// The deadlock of an execution in which some processes are blocked: the
/// wait-for cycle or chains, messages that missed their receive by tag or
/// communicator, collectives on different communicators.
fn stuck_finding(model: &Model, state: &Machine) -> Finding {
    let events = state.events.to_vec();
    let wf = waitfor::blocked(state);
    let line = |l: LocId| line_of(model, l);
    let ending = |r: usize| {
        let (_, loc, func) = end_site(state, &events, r)?;
        Some(match func {
            Some(f) => format!("finished ({} at line {})", f.name(), line(loc)),
            None => format!("exited at line {}", line(loc)),
        })
    };
    let mut text = wf.describe(&line, &ending);
    let hazard = blocked_by_zero_buffering(state);
    let mut kind = if hazard {
        ErrorKind::BufferingHazard
    } else {
        ErrorKind::Deadlock
    };
    let mut f = Finding::new(kind, "");
    for w in &wf.waiters {
        add_site(&mut f, (w.rank, w.loc, Some(w.func)));
    }
    f.wait_for = Some(wf.clone());
    let mut lead: Vec<String> = Vec::new();
    let all = arrivals(state);
    let stuck: Vec<&Arrival> = all
        .iter()
        .filter(|a| {
            let c = &state.world.comms[a.comm];
            !c.instances[a.instance].all_arrived()
        })
        .collect();
    let waits_for = |p: usize, q: usize| {
        // p is blocked on its instance and q is missing from it, or both
        // finished their sides (an instance nobody else joins).
        wf.waiters
            .iter()
            .find(|w| w.rank == p)
            .is_none_or(|w| w.on.iter().any(|(t, _)| *t == q))
    };
    let missing = |r: usize, c: CommId, k: usize| missing_from(state, r, c, k);
    if let Some((m, sites)) =
        collective_comm_mismatch(state, model, &events, &stuck, &missing, &waits_for)
    {
        lead.push(m);
        for s in sites {
            add_site(&mut f, s);
        }
        kind = ErrorKind::CommunicatorMismatch;
    }
    for near in near_misses(state, model) {
        f.help = f.help.or(near.help);
        if near.comm_mismatch {
            lead.push(near.text);
            kind = ErrorKind::CommunicatorMismatch;
        } else {
            text.push_str("; ");
            text.push_str(&near.text);
        }
        add_site(&mut f, near.site);
    }
    for w in &wf.waiters {
        for (t, _) in &w.on {
            if let Some(site) = end_site(state, &events, *t) {
                add_site(&mut f, site);
            }
        }
    }
    if hazard {
        kind = ErrorKind::BufferingHazard;
    }
    if kind == ErrorKind::Deadlock && f.help.is_none() {
        f.help = deadlock_help(&wf, &line, &ending);
    }
    lead.push(text);
    f.kind = kind;
    f.message = lead.join("; ");
    f
}

/// What to change for a deadlock, from the shape of its wait-for graph: a
/// cycle of processes that all receive before they send, a cycle through a
/// collective, or a process that finished without what another waits for.
/// `None` when the shape is none of these (the kind's advice applies).
fn deadlock_help(
    wf: &WaitFor,
    line: &dyn Fn(LocId) -> u32,
    ending: &dyn Fn(usize) -> Option<String>,
) -> Option<String> {
    let waiter = |r: usize| wf.waiters.iter().find(|w| w.rank == r);
    if let Some(cycle) = wf.cycle() {
        let ranks = rank_list(&cycle);
        let waits_for_message = |r: usize| {
            waiter(r).is_some_and(|w| {
                !w.on.is_empty() && w.on.iter().all(|(_, n)| matches!(n, Need::Message))
            })
        };
        if cycle.iter().all(|&r| waits_for_message(r)) {
            let first = cycle.iter().min().copied().unwrap_or(0);
            return Some(format!(
                "{} each receive before they send, so no message of the cycle is ever sent: let one of them send first (e.g. rank {first} sends, then receives), post the receives with `MPI_Irecv` before the sends, or exchange with `MPI_Sendrecv`.",
                capitalized(&ranks)
            ));
        }
        let in_collective = cycle.iter().filter_map(|&r| waiter(r)).find(|w| {
            w.on.iter()
                .any(|(_, n)| matches!(n, Need::Collective { .. }))
        });
        let for_message = cycle.iter().any(|&r| {
            waiter(r).is_some_and(|w| w.on.iter().any(|(_, n)| matches!(n, Need::Message)))
        });
        if let Some(w) = in_collective.filter(|_| for_message) {
            return Some(format!(
                "Rank {} waits in {} at line {} for members that wait for it elsewhere ({ranks}): every member must reach its collectives in the same order relative to its messages; move the send before the collective, or the receive after it.",
                w.rank,
                w.func.name(),
                line(w.loc)
            ));
        }
        return None;
    }
    // A chain ending in a process that finished.
    for w in &wf.waiters {
        for (t, need) in &w.on {
            if waiter(*t).is_some() {
                continue;
            }
            let Some(how) = ending(*t) else { continue };
            let what = match need {
                Need::Message => "the message",
                Need::Receive => "the receive",
                Need::Collective { .. } => "the collective call",
                _ => "the call",
            };
            return Some(format!(
                "Rank {t} {how} without {what} rank {} waits for in {} at line {}: add it on rank {t}'s path, or fix the source, tag or communicator of the waiting call.",
                w.rank,
                w.func.name(),
                line(w.loc)
            ));
        }
    }
    None
}

/// Whether a stuck process waits for something only an unbuffered library
/// makes it wait for: a standard or ready send that completes only once
/// matched (`--buffering zero`, or the oracle's unbuffered pass), or an
/// MPI_Buffer_detach. Without such a wait the same processes are stuck under
/// any buffering (a `deadlock`); with one, the stuck state is a
/// `buffering-hazard`.
fn blocked_by_zero_buffering(state: &Machine) -> bool {
    if !state.world.zero_buffer {
        return false;
    }
    let reqs = &state.world.p2p.requests;
    state.procs.iter().any(|p| match &p.phase {
        Phase::Blocked {
            block: Block::Detach { .. },
            ..
        } => true,
        Phase::Blocked {
            block: Block::Requests { slots, .. },
            ..
        } => slots.iter().filter_map(|s| s.req).any(|id| {
            let id = match &reqs[id].op {
                ReqOp::Persistent(p) => match p.active {
                    Some(a) => a,
                    None => return false,
                },
                _ => id,
            };
            let r = &reqs[id];
            matches!(&r.op, ReqOp::Send(op) if op.rendezvous
                && matches!(op.mode, SendMode::Standard | SendMode::Ready))
                && r.is_unmatched()
        }),
        _ => false,
    })
}

/// Messages still unreceived when every process has finalized: MPI 3.1
/// §8.7 requires all pending communication of a process to complete before
/// it calls MPI_Finalize. A standard send that the library buffered lets
/// its sender go on, so without this check the program would pass with
/// buffering (and only look like a hazard without it).
fn unreceived_messages(model: &Model, state: &Machine) -> Option<Finding> {
    if !state
        .world
        .p2p
        .requests
        .iter()
        .any(|s| s.is_send() && s.is_unmatched())
    {
        return None;
    }
    let events = state.events.to_vec();
    let mut parts = Vec::new();
    let mut blocking = false;
    let mut f = Finding::new(ErrorKind::MpiUsage, "");
    for s in &state.world.p2p.requests {
        let ReqOp::Send(op) = &s.op else { continue };
        if !s.is_unmatched() || state.procs.get(op.dest).is_some_and(|p| p.crashed) {
            continue;
        }
        let Some((loc, func)) = state.event_loc(s.posted_at) else {
            continue;
        };
        let comm = state.comm_label(op.comm);
        blocking |= op.mode == SendMode::Standard && func == MpiFunc::Send;
        parts.push(format!(
            "rank {}'s message to rank {} with tag {} on {comm}, sent by {} at line {}, is never received",
            s.owner,
            op.dest,
            op.tag,
            func.name(),
            line_of(model, loc)
        ));
        add_site(&mut f, (s.owner, loc, Some(func)));
        if let Some(site) = end_site(state, &events, op.dest) {
            add_site(&mut f, site);
        }
    }
    if parts.is_empty() {
        return None;
    }
    if blocking {
        // Honest under every buffering: a library that does not buffer
        // would have blocked the sender instead.
        parts.push("without buffering, the MPI_Send would block forever".into());
    }
    f.message = format!(
        "MPI_Finalize with pending communication (MPI 3.1 §8.7: all pending communication must complete before MPI_Finalize): {}",
        parts.join("; ")
    );
    Some(f)
}

/// A ready-mode send (MPI_Rsend, MPI_Irsend, a started MPI_Rsend_init) may
/// start only if the matching receive is already posted (MPI 3.1 §3.4);
/// otherwise the program is erroneous. In this execution's matching, the
/// receive is surely posted first only if its posting call is in the prefix
/// every replay must complete before the send is issued, under the
/// dependencies that hold whatever the library does (messages, and the data
/// flow of collectives: a barrier orders everything before it).
fn unready_ready_send(model: &Model, state: &Machine) -> Option<Finding> {
    let ready = |s: &runtime_model::mpi::p2p::Request| {
        matches!(&s.op, ReqOp::Send(op) if op.mode == SendMode::Ready) && s.partner.is_some()
    };
    if !state.world.p2p.requests.iter().any(ready) {
        return None;
    }
    let deps = state.deps.to_vec();
    for s in state.world.p2p.requests.iter().filter(|s| ready(s)) {
        let Some(r) = s.partner else { continue };
        let recv = &state.world.p2p.requests[r];
        let (send_at, recv_at) = (s.posted_at, recv.posted_at);
        let need = cb::required_prefix(state.np(), &deps, &[DepKind::Always], send_at);
        if need.get(recv_at.0).is_some_and(|&n| n > recv_at.1) {
            continue;
        }
        let (send_loc, send_func) = state.event_loc(send_at)?;
        let (recv_loc, recv_func) = state.event_loc(recv_at)?;
        let f = Finding::new(
            ErrorKind::MpiUsage,
            format!(
                "rank {}'s {} at line {} may start before rank {} posts the matching receive ({} at line {}): a ready send requires the receive to be posted already (MPI 3.1 §3.4), and nothing orders it first (post the receive before a barrier or a message the sender waits for, or use MPI_Send)",
                send_at.0,
                send_func.name(),
                line_of(model, send_loc),
                recv_at.0,
                recv_func.name(),
                line_of(model, recv_loc)
            ),
        )
        .at(send_at.0, send_loc, Some(send_func))
        .at(recv_at.0, recv_loc, Some(recv_func));
        return Some(f);
    }
    None
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

/// Every blocked process waits in a blocking collective whose missing
/// members all ended without calling it (a collective behind an `if` on the
/// rank or on input): the program calls collectives inconsistently, whatever
/// the library does, which is a `collective-mismatch` (issue class 1, MPI 3.1
/// §5.13) rather than a wait-for chain.
fn skipped_collective(state: &Machine, blocked: &[usize]) -> bool {
    blocked.iter().all(|&r| {
        let Phase::Blocked {
            block: Block::Collective { comm, instance, .. },
            ..
        } = &state.procs[r].phase
        else {
            return false;
        };
        let c = &state.world.comms[*comm];
        c.instances[*instance]
            .arrivals
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_none())
            .all(|(m, _)| matches!(state.procs[c.members[m]].phase, Phase::Exited { .. }))
    })
}

/// Whether a member missing from collective `instance` of `comm` stopped at
/// an error (then the others' call is not a mismatch of the program's).
fn misses_crashed(state: &Machine, comm: CommId, instance: usize) -> bool {
    let c = &state.world.comms[comm];
    c.instances[instance]
        .arrivals
        .iter()
        .enumerate()
        .any(|(m, a)| a.is_none() && c.members.get(m).is_some_and(|&r| state.procs[r].crashed))
}

/// A collective some member never called, though every process finished:
/// on different communicators a `communicator-mismatch`, otherwise a
/// `collective-mismatch`.
fn unjoined_collective(model: &Model, state: &Machine) -> Option<Finding> {
    let events = state.events.to_vec();
    let all = arrivals(state);
    let stuck: Vec<&Arrival> = all
        .iter()
        .filter(|a| {
            !state.world.comms[a.comm].instances[a.instance].all_arrived()
                && !misses_crashed(state, a.comm, a.instance)
        })
        .collect();
    let missing = |r: usize, c: CommId, k: usize| missing_from(state, r, c, k);
    if let Some((m, sites)) =
        collective_comm_mismatch(state, model, &events, &stuck, &missing, &|_, _| true)
    {
        let mut f = Finding::new(ErrorKind::CommunicatorMismatch, m);
        for s in sites {
            add_site(&mut f, s);
        }
        return Some(f);
    }
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.numbered() {
            if inst.all_arrived() || misses_crashed(state, ci, k) {
                continue;
            }
            let mut f = Finding::new(ErrorKind::CollectiveMismatch, "");
            let mut present = Vec::new();
            let mut func = None;
            for a in inst.arrivals.iter().flatten() {
                let Some(e) = events.iter().find(|e| (e.rank, e.index) == a.event) else {
                    continue;
                };
                present.push(format!("rank {} (line {})", e.rank, line_of(model, e.loc)));
                func.get_or_insert(e.func);
                add_site(&mut f, (e.rank, e.loc, Some(e.func)));
            }
            let func = func?;
            // (rank, how it ended): ranks that ended alike are named together.
            let mut ended: Vec<(Vec<usize>, String)> = Vec::new();
            for (m, _) in inst
                .arrivals
                .iter()
                .enumerate()
                .filter(|(_, a)| a.is_none())
            {
                let r = c.members[m];
                let how = match end_site(state, &events, r) {
                    Some(site @ (_, loc, Some(end))) => {
                        add_site(&mut f, site);
                        format!(
                            "finished ({} at line {}) without calling it",
                            end.name(),
                            line_of(model, loc)
                        )
                    }
                    Some(site @ (_, loc, None)) => {
                        add_site(&mut f, site);
                        format!("exited at line {} without calling it", line_of(model, loc))
                    }
                    None => "never calls it".to_string(),
                };
                match ended.iter_mut().find(|(_, h)| *h == how) {
                    Some((ranks, _)) => ranks.push(r),
                    None => ended.push((vec![r], how)),
                }
            }
            let missing: Vec<String> = ended
                .iter()
                .map(|(ranks, how)| format!("{} {how}", rank_list(ranks)))
                .collect();
            let verb = if present.len() == 1 { "calls" } else { "call" };
            f.message = format!(
                "{} {verb} {} (collective #{} on {}) but {}: every member of a communicator must call its collectives (MPI 3.1 §5.13)",
                present.join(" and "),
                func.name(),
                k + 1,
                state.comm_label(ci),
                missing.join(", ")
            );
            return Some(f);
        }
    }
    None
}

/// A member leaving a collective instance it arrived at.
pub(super) struct Departure {
    /// The call it leaves in: its blocking call, or the Wait/Test that
    /// completed its nonblocking request.
    pub waiter: EventRef,
    /// The instance's arrivals so far, one list shared by every member's
    /// dependency (a member's own arrival in it is reached when the member
    /// is): O(n) per instance, not O(n²).
    pub arrivals: std::sync::Arc<[EventRef]>,
    /// Every member has arrived.
    pub complete: bool,
}

/// Every member that arrived at a collective instance and has left it or
/// is in its blocking call (a nonblocking member whose request is not
/// complete yet has no leaving call).
pub(super) fn departures(state: &Machine) -> Vec<Departure> {
    let mut left: Vec<((usize, usize, usize), EventRef)> = Vec::new();
    for r in &state.world.p2p.requests {
        if let (
            ReqOp::Collective {
                comm,
                instance,
                member,
                ..
            },
            Some(done),
        ) = (&r.op, r.completed_at)
        {
            left.push(((*comm, *instance, *member), done));
        }
    }
    let mut out = Vec::new();
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.numbered() {
            let arrivals: std::sync::Arc<[EventRef]> = match &inst.arrival_events {
                Some(all) => all.clone(),
                None => inst.arrivals.iter().flatten().map(|a| a.event).collect(),
            };
            for (m, a) in inst.arrivals.iter().enumerate() {
                let Some(a) = a else { continue };
                let waiter = if a.func.is_nonblocking() {
                    match left.iter().find(|(key, _)| *key == (ci, k, m)) {
                        Some((_, done)) => *done,
                        None => continue,
                    }
                } else {
                    a.event
                };
                out.push(Departure {
                    waiter,
                    arrivals: arrivals.clone(),
                    complete: inst.all_arrived(),
                });
            }
        }
    }
    out
}

/// The last call of each process blocked in it: it does not complete in
/// the execution so far.
pub(super) fn blocked_calls(state: &Machine) -> impl Iterator<Item = EventRef> + '_ {
    state
        .procs
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.phase, Phase::Blocked { .. }) && p.calls > 0)
        .map(|(rank, p)| (rank, p.calls - 1))
}

/// The standard and ready sends that returned (the library buffered them)
/// though no receive took their message: without buffering each would
/// still wait in the call that completed it. (That call, the destination.)
pub(super) fn returned_unreceived_sends(
    state: &Machine,
) -> impl Iterator<Item = (EventRef, usize)> + '_ {
    state
        .world
        .p2p
        .requests
        .iter()
        .filter_map(|r| match (&r.op, r.completed_at) {
            (ReqOp::Send(op), Some(done))
                if r.is_unmatched() && matches!(op.mode, SendMode::Standard | SendMode::Ready) =>
            {
                Some((done, op.dest))
            }
            _ => None,
        })
}

/// The execution's completes-before graph: its dependencies plus those
/// synchronizing collectives and unbuffered sends would add.
pub(super) struct CbGraph {
    pub(super) counts: Vec<usize>,
    /// Where the replays start (`Machine::log_base`).
    pub(super) start: Vec<usize>,
    pub(super) deps: Vec<Dep>,
    pub(super) events: Vec<LogEvent>,
    /// Unbuffered sends that never complete because nothing received
    /// them, whose receiver stopped at an error: (completing call, receiver).
    lost: Vec<(EventRef, usize)>,
}

impl CbGraph {
    pub(super) fn new(state: &Machine) -> CbGraph {
        let counts: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
        let mut deps = state.deps.to_vec();
        // Members of a synchronizing collective leave only once all have
        // arrived (MPI 3.1 §5.12).
        for d in departures(state) {
            if d.arrivals.len() > 1 {
                deps.push(Dep {
                    waiter: d.waiter,
                    needs: Needed::All(d.arrivals),
                    kind: DepKind::Synchronizing,
                });
            }
        }
        // A call a process is stuck in never completes.
        for waiter in blocked_calls(state) {
            deps.push(Dep {
                waiter,
                needs: Needed::Never,
                kind: DepKind::Always,
            });
        }
        // Members of a synchronizing collective some member never reached
        // (it is stuck before it) never leave it.
        for (ci, c) in state.world.comms.iter().enumerate() {
            for (k, inst) in c.instances.numbered() {
                if inst.all_arrived() || misses_crashed(state, ci, k) {
                    continue;
                }
                // Each waits for the missing members' arrival, a call they
                // never make (past their last one), so the wait-for graph
                // names them.
                let missing: Vec<usize> = inst
                    .arrivals
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.is_none())
                    .filter_map(|(m, _)| c.members.get(m).copied())
                    .collect();
                for a in inst.arrivals.iter().flatten() {
                    if a.func.is_nonblocking() {
                        continue;
                    }
                    for &m in &missing {
                        deps.push(Dep {
                            waiter: a.event,
                            needs: Needed::Call((m, counts.get(m).map_or(usize::MAX, |c| c + 1))),
                            kind: DepKind::Synchronizing,
                        });
                    }
                }
            }
        }
        // A standard send whose message nobody receives never completes
        // without buffering. When its receiver stopped at an error, that
        // may be why (`lost`, see `stuck`).
        let mut lost = Vec::new();
        for (done, dest) in returned_unreceived_sends(state) {
            if state.procs.get(dest).is_some_and(|p| p.crashed) {
                lost.push((done, dest));
            }
            deps.push(Dep {
                waiter: done,
                needs: Needed::Never,
                kind: DepKind::ZeroBuffer,
            });
        }
        // MPI_Buffer_detach returns once its messages are out of the buffer
        // (MPI 3.1 §3.6.1): without system buffering, once they are received.
        for (detach, messages) in &state.world.p2p.detaches {
            for &m in messages {
                let r = &state.world.p2p.requests[m];
                if r.cancelled {
                    continue;
                }
                deps.push(Dep {
                    waiter: *detach,
                    needs: Needed::of(r.partner.map(|p| state.world.p2p.requests[p].posted_at)),
                    kind: DepKind::ZeroBuffer,
                });
            }
        }
        CbGraph {
            counts,
            start: state.log_base.clone(),
            deps,
            events: state.events.to_vec(),
            lost,
        }
    }

    /// Where the replay under `kinds` gets stuck, if it really deadlocks.
    fn stuck(&self, state: &Machine, kinds: &[DepKind]) -> Option<Vec<usize>> {
        cb::replay_from(&self.counts, &self.start, &self.deps, kinds)
            .filter(|p| genuinely_stuck(state, &self.events, p))
            .filter(|p| {
                // Stuck only because a process stopped at an error: every
                // stuck call waits for a process that reached its error in
                // the replay (or for a send only that process could have
                // received), directly or through each other. A failed
                // process still stuck before its error in the replay is
                // stuck for another reason.
                let after = self.crash_consequences(state, kinds, p);
                let wf = waitfor::replayed(&self.events, &self.deps, kinds, p);
                wf.waiters.iter().any(|w| !after.contains(&w.rank))
            })
    }

    /// The ranks stuck at `p` (a replay under `kinds`) only because a
    /// process stopped at its error: they wait for it, for a send only it
    /// could have received, or for each other.
    fn crash_consequences(&self, state: &Machine, kinds: &[DepKind], p: &[usize]) -> Vec<usize> {
        if !state.any_crashed() {
            return Vec::new();
        }
        let wf = waitfor::replayed(&self.events, &self.deps, kinds, p);
        let reached_error = |r: usize| {
            state.procs.get(r).is_some_and(|x| x.crashed)
                && p.get(r).is_some_and(|&at| at >= self.counts[r])
        };
        // A send pending at the stuck point whose receiver stopped
        // at its error, or is itself stuck only because of one: it
        // can never complete whatever the buffering (a synchronous
        // send to a crashed rank, a send to a rank blocked behind it).
        let sends_to = |rank: usize, gone: &dyn Fn(usize) -> bool| {
            state.world.p2p.owned_by(rank).any(|id| {
                let r = &state.world.p2p.requests[id];
                let ReqOp::Send(op) = &r.op else {
                    return false;
                };
                r.is_unmatched()
                    && gone(op.dest)
                    && r.posted_at.1 <= p[rank]
                    && r.completed_at.is_none_or(|c| c.1 >= p[rank])
            })
        };
        // The replay knows of a call the execution ends blocked in only
        // that it never completes; whom it waits for is in the execution's
        // own wait-for graph. A process stuck in the replay at that very
        // call, waiting there (through others stuck at theirs) for a
        // process that reached its error, is stuck because of that error.
        let mut at_end = waitfor::blocked(state);
        at_end.waiters.retain(|w| {
            let calls = state.procs.get(w.rank).map_or(0, |x| x.calls);
            p.get(w.rank).is_some_and(|&at| at + 1 == calls)
        });
        let mut after: Vec<usize> = at_end.waiting_on(&reached_error);
        after.extend(
            wf.waiters
                .iter()
                .filter(|w| {
                    self.lost
                        .iter()
                        .any(|&(ev, dest)| ev == (w.rank, p[w.rank]) && reached_error(dest))
                        || sends_to(w.rank, &reached_error)
                })
                .map(|w| w.rank)
                .filter(|r| !after.contains(r))
                .collect::<Vec<_>>(),
        );
        loop {
            let gone = |t: usize| reached_error(t) || after.contains(&t);
            let more: Vec<usize> = wf
                .waiters
                .iter()
                .filter(|w| {
                    !after.contains(&w.rank)
                        && (w.on.iter().any(|(t, _)| gone(*t)) || sends_to(w.rank, &gone))
                })
                .map(|w| w.rank)
                .collect();
            if more.is_empty() {
                break;
            }
            after.extend(more);
        }
        after
    }

    /// The stuck replay in words: the wait-for cycle among the stuck calls,
    /// and, when the calls of a cycle are the same collective on different
    /// communicators, a `communicator-mismatch`.
    fn finding(
        &self,
        model: &Model,
        state: &Machine,
        pos: &[usize],
        kinds: &[DepKind],
        kind: ErrorKind,
        why: &str,
    ) -> Finding {
        let wf = waitfor::replayed(&self.events, &self.deps, kinds, pos);
        let line = |l: LocId| line_of(model, l);
        let text = wf.describe(&line, &|_| None);
        let mut f = Finding::new(kind, format!("{why}: {text}"));
        for w in &wf.waiters {
            add_site(&mut f, (w.rank, w.loc, Some(w.func)));
        }
        f.wait_for = Some(wf.clone());
        let all = arrivals(state);
        let at_stuck: Vec<&Arrival> = all
            .iter()
            .filter(|a| pos.get(a.event.0) == Some(&a.event.1))
            .collect();
        // In the replay a member is missing from an instance while it has
        // not reached its call of it.
        // (or it never arrives at all).
        let missing = |r: usize, c: CommId, k: usize| {
            missing_from(state, r, c, k)
                || all
                    .iter()
                    .find(|a| a.comm == c && a.instance == k && a.event.0 == r)
                    .is_some_and(|a| pos.get(r).is_some_and(|&p| p < a.event.1))
        };
        let waits_for = |p: usize, q: usize| {
            wf.waiters
                .iter()
                .any(|w| w.rank == p && w.on.iter().any(|(t, _)| *t == q))
        };
        if let Some((m, sites)) =
            collective_comm_mismatch(state, model, &self.events, &at_stuck, &missing, &waits_for)
        {
            f.kind = ErrorKind::CommunicatorMismatch;
            f.message = format!("{m}; {}", f.message);
            for s in sites {
                add_site(&mut f, s);
            }
        }
        f
    }
}

/// Replays the execution's matching with synchronizing collectives; a
/// stuck replay is a deadlock.
fn synchronizing_replay(ctx: &Ctx, state: &Machine, g: &CbGraph) -> Option<Finding> {
    use DepKind::*;
    let kinds = [Always, Synchronizing];
    let pos = g.stuck(state, &kinds)?;
    Some(g.finding(
        ctx.model,
        state,
        &pos,
        &kinds,
        ErrorKind::Deadlock,
        "deadlock when collectives synchronize",
    ))
}

/// Replays the execution's matching also with unbuffered standard sends; a
/// replay stuck where the one without them is not (earlier, or where that
/// one gets through) is a buffering hazard.
fn zero_buffer_replay(ctx: &Ctx, state: &Machine, g: &CbGraph) -> Option<Finding> {
    use DepKind::*;
    if ctx.buffering == Buffering::Infinite {
        return None;
    }
    let kinds = [Always, Synchronizing, ZeroBuffer];
    let pos = g.stuck(state, &kinds)?;
    let buffered = cb::replay_from(&g.counts, &g.start, &g.deps, &[Always, Synchronizing]);
    if buffered.as_ref() == Some(&pos) {
        return None;
    }
    // The hazard is in the ranks that unbuffered sends stop (stuck here,
    // not or later with buffering); if each of them waits only because a
    // process stopped at its error, the error is the whole story.
    if state.any_crashed() {
        let after = g.crash_consequences(state, &kinds, &pos);
        let wf = waitfor::replayed(&g.events, &g.deps, &kinds, &pos);
        let newly_stuck = |r: usize| buffered.as_ref().is_none_or(|b| b.get(r) != pos.get(r));
        if wf
            .waiters
            .iter()
            .all(|w| !newly_stuck(w.rank) || after.contains(&w.rank))
        {
            return None;
        }
    }
    Some(g.finding(
        ctx.model,
        state,
        &pos,
        &kinds,
        ErrorKind::BufferingHazard,
        "deadlock when standard sends are not buffered",
    ))
}

/// Whether the replay's stuck point is a real deadlock rather than an
/// artifact of replaying this execution's choices. The replay follows the
/// matching of the permissive run; at the stuck point a pending wildcard
/// receive may have another issued, unconsumed message it could take, and
/// an MPI library would then make progress by matching it (a different
/// matching, explored as its own execution). Likewise a poll or Waitany could
/// answer differently. Such stuck points are not reported here; a real
/// deadlock has none of them (Vakkalanka et al. 2008a, §1.1: a wildcard can match any sender
/// that can actually match).
fn genuinely_stuck(state: &Machine, events: &[LogEvent], pos: &[usize]) -> bool {
    stuck_but(state, events, pos, None)
}

/// `genuinely_stuck`, except that the poll `except` is stuck at is judged
/// by the caller (`unbuffered_poll`).
pub(super) fn stuck_but(
    state: &Machine,
    events: &[LogEvent],
    pos: &[usize],
    except: Option<usize>,
) -> bool {
    let reached = |ev: (usize, usize)| pos.get(ev.0).is_some_and(|&p| p >= ev.1);
    let reqs = &state.world.p2p.requests;
    for r in reqs
        .iter()
        .filter(|r| r.is_wildcard_recv() && reached(r.posted_at))
    {
        if r.partner.is_some_and(|s| reached(reqs[s].posted_at)) {
            continue; // matched within the replayed prefix
        }
        let ReqOp::Recv(rop) = &r.op else { continue };
        let alternative = reqs.iter().any(|s| {
            let ReqOp::Send(sop) = &s.op else {
                return false;
            };
            reached(s.posted_at)
                && runtime_model::mpi::p2p::envelope_matches(rop, r.owner, sop, s.owner)
                && !s.partner.is_some_and(|r2| reached(reqs[r2].posted_at))
        });
        if alternative {
            return false;
        }
    }
    // A stuck poll could have answered "not yet", a stuck Waitany or
    // wildcard probe could have picked another request or message.
    !pos.iter().enumerate().any(|(p, &at)| {
        Some(p) != except
            && events.iter().any(|e| {
                e.rank == p
                    && e.index == at
                    && (e.func.attrs().nondeterministic
                        || (matches!(e.func, MpiFunc::Probe | MpiFunc::Mprobe)
                            && e.recv_envelope.is_some_and(|(src, _, _)| src.is_none())))
            })
    })
}
