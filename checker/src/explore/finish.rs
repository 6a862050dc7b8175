//! End of an execution: record what went wrong, or run the end-of-execution
//! checks (collectives some member never joined; the completes-before
//! replays for synchronizing collectives and for zero buffering).

use super::cb;
use super::state::*;
use super::{Buffering, Search};
use crate::report::ErrorKind;
use runtime_model::mpi::collective::is_nonblocking;
use runtime_model::mpi::p2p::{EventRef, ReqOp, SendMode};
use runtime_model::mpi_api::MpiFunc;

fn count_execution(search: &mut Search, state: &State) {
    search.outcome.executions += 1;
    search.outcome.transitions += state.transitions;
    search.outcome.instructions += state.procs.iter().map(|p| p.proc.steps).sum::<u64>();
}

/// The execution stopped early: an error, or a limit of the tool.
pub fn halted(search: &mut Search, state: &State, halt: Halt) {
    count_execution(search, state);
    match halt {
        Halt::Error(f) => search.record(f, state),
        Halt::Unsupported(m) | Halt::Budget(m) => {
            if search.outcome.incomplete.is_none() {
                search.outcome.incomplete = Some(m);
            }
        }
    }
}

/// What a blocked process waits for, in words.
fn waiting_for(state: &State, rank: usize) -> String {
    let Phase::Blocked { func, block, .. } = &state.procs[rank].phase else {
        return String::new();
    };
    let what = match block {
        Block::Requests { slots, .. } => {
            let pending: Vec<String> = slots
                .iter()
                .filter_map(|s| s.req)
                .filter(|r| !state.request_complete(*r))
                .map(|r| pending_request(state, r))
                .collect();
            pending.join(" and ")
        }
        Block::Collective { comm, instance, .. } => missing_members(state, *comm, *instance),
        Block::Probe { source, tag, .. } => format!(
            "a message from {} with tag {}",
            source.map_or("any rank".into(), |s| format!("rank {s}")),
            tag.map_or("ANY".into(), |t| t.to_string())
        ),
        Block::Poll { .. } => "an operation that can never complete".into(),
        Block::Cancel { .. } => "the outcome of a cancel".into(),
        Block::Detach { messages } => {
            let pending: Vec<String> = messages
                .iter()
                .filter(|&&m| state.world.p2p.requests[m].is_unmatched())
                .map(|&m| pending_request(state, m))
                .collect();
            pending.join(" and ")
        }
    };
    format!("rank {rank} waits in {} for {what}", func.name())
}

/// What an incomplete request waits for, in words.
fn pending_request(state: &State, r: runtime_model::mpi::p2p::ReqId) -> String {
    match &state.world.p2p.requests[r].op {
        ReqOp::Recv(op) => format!(
            "a message from {} with tag {}",
            op.source.map_or("any rank".into(), |s| format!("rank {s}")),
            op.tag.map_or("ANY".into(), |t| t.to_string())
        ),
        ReqOp::Send(op) => {
            format!("rank {} to receive its message (tag {})", op.dest, op.tag)
        }
        ReqOp::Collective { comm, instance, .. } => missing_members(state, *comm, *instance),
        ReqOp::Null { .. } | ReqOp::Persistent(_) => String::new(),
    }
}

/// The members collective instance `instance` of `comm` still waits for.
fn missing_members(state: &State, comm: usize, instance: usize) -> String {
    let c = &state.world.comms[comm];
    let missing: Vec<String> = c.instances[instance]
        .arrivals
        .iter()
        .enumerate()
        .filter(|(_, a)| a.is_none())
        .map(|(r, _)| c.members[r].to_string())
        .collect();
    format!(
        "rank(s) {} to join collective #{}",
        missing.join(", "),
        instance + 1
    )
}

/// Every process is finished or stuck.
pub fn end_of_execution(search: &mut Search, state: &State) {
    count_execution(search, state);
    let blocked: Vec<usize> = (0..state.np())
        .filter(|&r| matches!(state.procs[r].phase, Phase::Blocked { .. }))
        .collect();
    if !blocked.is_empty() {
        let polling: Vec<usize> = blocked
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
        let kind = if !polling.is_empty() {
            ErrorKind::NonTermination
        } else if state.world.zero_buffer {
            // Only the naive oracle runs unbuffered sends; it runs them after
            // the buffered passes found no deadlock.
            ErrorKind::BufferingHazard
        } else {
            ErrorKind::Deadlock
        };
        let mut msg: Vec<String> = blocked.iter().map(|&r| waiting_for(state, r)).collect();
        if !polling.is_empty() {
            msg = polling
                .iter()
                .map(|&r| {
                    format!(
                        "rank {r} polls {} forever: what it waits for can never happen",
                        state.blocked_func(r).map_or("?", |f| f.name())
                    )
                })
                .collect();
        }
        let mut f = Finding::new(kind, msg.join("; "));
        for &r in &blocked {
            f = f.at(r, state.blocked_loc(r), state.blocked_func(r));
        }
        search.record(f, state);
        return;
    }
    if let Some(f) = unjoined_collective(state) {
        search.record(f, state);
        return;
    }
    if search.analyze_blocking {
        completes_before(search, state);
    }
}

/// A collective some member never called, though every process finished.
fn unjoined_collective(state: &State) -> Option<Finding> {
    let events = state.events.to_vec();
    for c in &state.world.comms {
        for (k, inst) in c.instances.iter().enumerate() {
            if inst.all_arrived() {
                continue;
            }
            let present = inst.arrivals.iter().flatten().next()?;
            let (loc, func) = events
                .iter()
                .find(|e| (e.rank, e.index) == present.event)
                .map(|e| (e.loc, e.func))?;
            let missing: Vec<usize> = inst
                .arrivals
                .iter()
                .enumerate()
                .filter(|(_, a)| a.is_none())
                .map(|(r, _)| c.members[r])
                .collect();
            let mut f = Finding::new(
                ErrorKind::CollectiveMismatch,
                format!(
                    "rank {} calls {} (collective #{} on {}) but rank(s) {} never call it",
                    present.event.0,
                    func.name(),
                    k + 1,
                    crate::mpi::decode::comm_name(c.handle),
                    missing
                        .iter()
                        .map(|r| r.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
            .at(present.event.0, loc, Some(func));
            for &m in &missing {
                if let Some(l) = state.procs[m].exit_loc {
                    f = f.at(m, l, None);
                }
            }
            return Some(f);
        }
    }
    None
}

/// Replays the execution's matching with synchronizing collectives, then
/// also with unbuffered standard sends; stuck replays are errors.
fn completes_before(search: &mut Search, state: &State) {
    let counts: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
    let mut deps = state.deps.to_vec();
    // Members of a synchronizing collective leave only once all have
    // arrived: a blocking member in its call, a nonblocking one in the
    // Wait/Test that completes its request (MPI 3.1 §5.12).
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
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.iter().enumerate() {
            let evs: Vec<_> = inst.arrivals.iter().flatten().map(|a| a.event).collect();
            for (m, a) in inst.arrivals.iter().enumerate() {
                let Some(a) = a else { continue };
                let waiter = if is_nonblocking(a.func) {
                    match left.iter().find(|(key, _)| *key == (ci, k, m)) {
                        Some((_, done)) => *done,
                        None => continue,
                    }
                } else {
                    a.event
                };
                for &b in evs.iter().filter(|&&b| b != a.event) {
                    deps.push(Dep {
                        waiter,
                        needs: Some(b),
                        kind: DepKind::Synchronizing,
                    });
                }
            }
        }
    }
    // A standard send whose message nobody receives never completes without
    // buffering.
    for r in &state.world.p2p.requests {
        if let (ReqOp::Send(op), Some(done), true) = (&r.op, r.completed_at, r.is_unmatched()) {
            if matches!(op.mode, SendMode::Standard | SendMode::Ready) {
                deps.push(Dep {
                    waiter: done,
                    needs: None,
                    kind: DepKind::ZeroBuffer,
                });
            }
        }
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
                needs: r.partner.map(|p| state.world.p2p.requests[p].posted_at),
                kind: DepKind::ZeroBuffer,
            });
        }
    }
    let events = state.events.to_vec();
    let describe = |pos: &[usize], kind: ErrorKind, why: &str| -> Finding {
        let mut parts = Vec::new();
        let mut locs = Vec::new();
        for (p, &at) in pos.iter().enumerate() {
            if at < counts[p] {
                if let Some(e) = events.iter().find(|e| e.rank == p && e.index == at) {
                    parts.push(format!("rank {p} blocks in {}", e.func.name()));
                    locs.push((p, e.loc, Some(e.func)));
                }
            }
        }
        let mut f = Finding::new(kind, format!("{}: {}", why, parts.join(", ")));
        f.locations = locs;
        f
    };
    use DepKind::*;
    if let Some(pos) = cb::replay(&counts, &deps, &[Always, Synchronizing])
        .filter(|p| genuinely_stuck(state, &events, p))
    {
        let f = describe(
            &pos,
            ErrorKind::Deadlock,
            "deadlock when collectives synchronize",
        );
        search.record(f, state);
        return;
    }
    if search.config.buffering != Buffering::Infinite {
        if let Some(pos) = cb::replay(&counts, &deps, &[Always, Synchronizing, ZeroBuffer])
            .filter(|p| genuinely_stuck(state, &events, p))
        {
            let f = describe(
                &pos,
                ErrorKind::BufferingHazard,
                "deadlock when standard sends are not buffered",
            );
            search.record(f, state);
        }
    }
}

/// Whether the replay's stuck point is a real deadlock rather than an
/// artifact of replaying this execution's choices. The replay follows the
/// matching of the permissive run; at the stuck point a pending wildcard
/// receive may have another issued, unconsumed message it could take, and
/// an MPI library would then make progress by matching it (a different
/// matching, explored as its own execution). Likewise a poll or Waitany could
/// answer differently. Such stuck points are not reported here; a real
/// deadlock has none of them (seed 002 §1.1: a wildcard can match any sender
/// that can actually match).
fn genuinely_stuck(state: &State, events: &[LogEvent], pos: &[usize]) -> bool {
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
        events.iter().any(|e| {
            e.rank == p
                && e.index == at
                && (matches!(
                    e.func,
                    MpiFunc::Waitany
                        | MpiFunc::Waitsome
                        | MpiFunc::Testany
                        | MpiFunc::Testsome
                        | MpiFunc::Test
                        | MpiFunc::Testall
                        | MpiFunc::RequestGetStatus
                        | MpiFunc::Iprobe
                        | MpiFunc::Improbe
                ) || (matches!(e.func, MpiFunc::Probe | MpiFunc::Mprobe)
                    && e.recv_envelope.is_some_and(|(src, _, _)| src.is_none())))
        })
    })
}
