//! What a finished execution leaves behind: messages never received,
//! ready sends whose receive was not surely posted, collectives some member
//! never called.

use super::*;

/// Messages still unreceived when every process has finalized: MPI 3.1
/// §8.7 requires all pending communication of a process to complete before
/// it calls MPI_Finalize. A standard send that the library buffered lets
/// its sender go on, so without this check the program would pass with
/// buffering (and only look like a hazard without it).
pub(super) fn unreceived_messages(model: &Model, state: &Machine) -> Option<Finding> {
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
pub(super) fn unready_ready_send(model: &Model, state: &Machine) -> Option<Finding> {
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

/// Every blocked process waits in a blocking collective whose missing
/// members all ended without calling it (a collective behind an `if` on the
/// rank or on input): the program calls collectives inconsistently, whatever
/// the library does, which is a `collective-mismatch` (issue class 1, MPI 3.1
/// §5.13) rather than a wait-for chain.
pub(super) fn skipped_collective(state: &Machine, blocked: &[usize]) -> bool {
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
pub(super) fn misses_crashed(state: &Machine, comm: CommId, instance: usize) -> bool {
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
pub(super) fn unjoined_collective(model: &Model, state: &Machine) -> Option<Finding> {
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
