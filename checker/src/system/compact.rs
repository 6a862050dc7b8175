//! Forgetting what no check reads any more, so that one long execution
//! runs in memory bounded by its state and not by its length (a halo
//! exchange of 200,000 iterations keeps its live requests, not the millions
//! it posted).
//!
//! What an execution keeps of its past serves the end-of-execution checks:
//! the completes-before replays read the dependencies of the calls they
//! have not got through, the reports read the requests still pending and
//! the calls that posted them, collectives some member has not joined, and
//! where each process ended. Every replay of every continuation gets
//! through the settled prefix of each process (`past::settled_prefix`), so
//! the dependencies of calls in that prefix are never read again, nor the
//! calls themselves unless a kept request or an unjoined collective names
//! them. A request is over when it was matched (or is null or a collective
//! member), its owner completed it and both it and its partner were posted
//! and completed inside the settled prefix: its data is in memory, its
//! effect on the replays is decided, its handle was set to
//! `MPI_REQUEST_NULL` (MPI 3.1 §3.7.3). A later use of a stale copy of its
//! handle is still an error; the report then no longer names the call that
//! completed it.
//!
//! Kept, because a report may name them: requests a message race or a
//! deferred wildcard choice names, freed requests (their buffer may be
//! still in flight), cancelled ones, persistent requests and their active
//! activation. Programs whose checks read the whole past (ready and
//! buffered sends, `memo_key::reads_whole_history`) and programs with RMA
//! windows are never compacted.
//!
//! Compaction runs when the event log has doubled since the last one, and
//! grown by at least `FIRST` events (`--compact-from`), so it costs
//! amortized constant time per call and small executions are never
//! compacted: their reports are unchanged.

use super::past;
use crate::log::events::LogEvent;
use crate::log::plist::PList;
use crate::mpi::machine::Machine;
use runtime_model::mpi::collective::{Contribution, Instance};
use runtime_model::mpi::p2p::{EventRef, ReqId, ReqOp, Request};
use runtime_model::mpi_api::MpiFunc;
use std::collections::HashSet;

/// Events an execution logs before its first compaction, and how many
/// more before each next one (`--compact-from`).
pub const FIRST: usize = 1 << 14;

/// Compacts `state` if its event log has grown enough since the last time.
pub fn maybe(state: &mut Machine) {
    let Some((at, from)) = state.compact_at else {
        return;
    };
    if state.events.len() < at {
        return;
    }
    if state.rma.is_some() || !state.world.rma.windows.is_empty() || !state.world.rma.ops.is_empty()
    {
        state.compact_at = None;
        return;
    }
    compact(state);
    let kept = state.events.len();
    state.compact_at = Some(((2 * kept).max(kept + from), from));
}

/// Forgets the requests that are over and the dependencies and calls of
/// the settled prefix (see the module comment).
pub fn compact(state: &mut Machine) {
    let base = past::settled_prefix(state);
    let settled = |at: EventRef| base.get(at.0).is_some_and(|&p| at.1 < p);
    let named: HashSet<ReqId> = state
        .wildcard_alternatives
        .iter()
        .chain(&state.deferred)
        .flat_map(|(r, others)| std::iter::once(*r).chain(others.iter().copied()))
        .collect();
    let reqs = &state.world.p2p.requests;
    let ended = |id: ReqId, r: &Request| {
        r.completed_at.is_some_and(settled)
            && settled(r.posted_at)
            && !r.freed
            && !r.cancelled
            && !r.cancel_failed
            && !r.message
            && !named.contains(&id)
            && r.persistent_of.is_none_or(|p| {
                !matches!(&reqs.get(p).map(|b| &b.op), Some(ReqOp::Persistent(op)) if op.active == Some(id))
            })
    };
    let mut over: HashSet<ReqId> = HashSet::new();
    for (id, r) in reqs.numbered() {
        let done = ended(id, r)
            && match &r.op {
                ReqOp::Send(_) | ReqOp::Recv(_) => r
                    .partner
                    .is_some_and(|p| reqs.get(p).is_some_and(|q| ended(p, q))),
                ReqOp::Null { .. } | ReqOp::Collective { .. } => true,
                // Its free_fn has run: nothing of it is left to do.
                ReqOp::Generalized(g) => g.freed,
                ReqOp::Persistent(_) | ReqOp::Rma { .. } => false,
            };
        if done {
            over.insert(id);
        }
    }
    state.world.p2p.drop_over(|id, _| over.contains(&id));
    drop_instances(state, &settled);

    // Calls a kept request or an unjoined collective names, and where each
    // process ended, stay for the reports.
    let mut cited: HashSet<EventRef> = HashSet::new();
    for r in state.world.p2p.requests.iter() {
        cited.insert(r.posted_at);
        cited.extend(r.completed_at);
        cited.extend(r.freed_at);
        cited.extend(r.overwritten_at);
    }
    for (detach, _) in &state.world.p2p.detaches {
        cited.insert(*detach);
    }
    for c in &state.world.comms {
        for inst in c.instances.iter() {
            let idup = |a: &&Contribution| a.func == MpiFunc::CommIdup;
            if inst.all_arrived() {
                // Which MPI_Comm_idup made a communicator (`leaks`).
                cited.extend(inst.arrivals.iter().flatten().filter(idup).map(|a| a.event));
            } else {
                cited.extend(inst.arrivals.iter().flatten().map(|a| a.event));
            }
        }
    }
    let keep = |e: &LogEvent| {
        !settled((e.rank, e.index))
            || cited.contains(&(e.rank, e.index))
            || e.func == MpiFunc::Finalize
            || state
                .procs
                .get(e.rank)
                .is_some_and(|p| e.index + 1 == p.calls)
    };
    let mut events: Vec<&LogEvent> = state
        .events
        .iter_newest_first()
        .filter(|e| keep(e))
        .collect();
    events.reverse();
    let mut kept = PList::default();
    for e in events {
        kept.push(e.clone());
    }
    let mut deps: Vec<_> = state
        .deps
        .iter_newest_first()
        .filter(|d| !settled(d.waiter))
        .cloned()
        .collect();
    deps.reverse();
    let mut kept_deps = PList::default();
    for d in deps {
        kept_deps.push(d);
    }
    state.events = kept;
    state.deps = kept_deps;
    state.log_base = base;
}

/// Forgets, on each communicator, the oldest collective instances that are
/// over: every member arrived and left inside the settled prefix (a
/// nonblocking member's request is gone), and nothing names the instance
/// any more (intercommunicator creation, which MPI_Comm_idup made a
/// communicator, the newest instance of each communicator).
fn drop_instances(state: &mut Machine, settled: &dyn Fn(EventRef) -> bool) {
    let over = instances_over(state, settled);
    for (c, first_kept) in state.world.comms.iter_mut().zip(over) {
        c.instances.retain(|k, _| k >= first_kept);
    }
}

/// Per communicator, how many of its oldest collective instances are over
/// (see `drop_instances`), `settled` saying which calls lie in the settled
/// prefix. The state key leaves the same instances out
/// (`memo_key::comms`).
pub(super) fn instances_over(state: &Machine, settled: &dyn Fn(EventRef) -> bool) -> Vec<usize> {
    let mut held: HashSet<(usize, usize)> = HashSet::new();
    let mut hidden: HashSet<usize> = HashSet::new();
    for half in &state.world.intercomm_halves {
        held.insert((half.local, half.instance));
        hidden.insert(half.hold);
    }
    for r in state.world.p2p.requests.iter() {
        if let ReqOp::Collective { comm, instance, .. } = &r.op {
            held.insert((*comm, *instance));
        }
    }
    let mut out = Vec::with_capacity(state.world.comms.len());
    for (ci, c) in state.world.comms.iter().enumerate() {
        if hidden.contains(&ci) || c.is_inter() || c.bridge.is_some() {
            out.push(0);
            continue;
        }
        // The newest instance stays: an error halts the members of the
        // latest collective its rank joined (`step::absorb`).
        let newest = c.instances.len().saturating_sub(1);
        let over = |k: usize, inst: &Instance| {
            k < newest
                && inst.all_arrived()
                && !held.contains(&(ci, k))
                && inst
                    .arrivals
                    .iter()
                    .flatten()
                    .all(|a| settled(a.event) && a.func != MpiFunc::CommIdup)
        };
        // The oldest instances, up to the first that is not over.
        let first_kept = c
            .instances
            .numbered()
            .find(|&(k, inst)| !over(k, inst))
            .map_or(c.instances.len(), |(k, _)| k);
        out.push(first_kept);
    }
    out
}
