//! Why a stuck execution is stuck: its wait-for graph in words, the
//! messages that missed a waiting receive by one part of their envelope,
//! collectives called on different communicators, and what to change.

use super::*;

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
pub(super) struct Arrival {
    pub(super) comm: CommId,
    pub(super) instance: usize,
    pub(super) func: MpiFunc,
    pub(super) event: EventRef,
}

pub(super) fn arrivals(state: &Machine) -> Vec<Arrival> {
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
pub(super) fn missing_from(state: &Machine, rank: usize, comm: CommId, instance: usize) -> bool {
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
pub(super) fn collective_comm_mismatch(
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

/// The deadlock of an execution in which some processes are blocked: the
/// wait-for cycle or chains, messages that missed their receive by tag or
/// communicator, collectives on different communicators.
pub(super) fn stuck_finding(model: &Model, state: &Machine) -> Finding {
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
