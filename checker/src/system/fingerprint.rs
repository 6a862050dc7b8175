//! One hash of a machine state for the searches that merge states reached
//! in different ways (the oracle, Palmer et al. 2007, §4: state hashing). Request ids
//! are numbered in the order requests are posted, which differs between
//! interleavings; they are hashed as (owner, position among the owner's
//! requests), which does not.

use crate::mpi::machine::{Block, Machine, Phase, ReqSlot};
use runtime_model::mpi::p2p::{ReqId, ReqOp};
use std::hash::{Hash, Hasher};

/// A request as (owner, position among the owner's requests): global
/// request ids depend on how processes interleave, these do not, so states
/// reached in different orders merge.
///
/// The requests of a process that was never handed a handle
/// (`ProcState::handles_given`) are counted back from its newest one
/// instead: nothing in the program can name them, so their numbers are
/// only the length of the process's past, which must not keep apart two
/// states that differ in how many messages each worker of a loop has
/// exchanged so far (the high bit keeps the two numberings apart).
pub(super) fn canon(state: &Machine, id: ReqId) -> (usize, usize) {
    let r = &state.world.p2p.requests[id];
    if state.procs.get(r.owner).is_some_and(|p| p.handles_given) {
        return (r.owner, r.local);
    }
    let newest = state.world.p2p.posted_by(r.owner);
    (r.owner, FROM_NEWEST | newest.wrapping_sub(r.local))
}

/// Marks a request number counted back from the owner's newest request.
const FROM_NEWEST: usize = 1 << (usize::BITS - 1);

pub(super) fn hash_ids(state: &Machine, ids: &[ReqId], h: &mut impl Hasher) {
    for &id in ids {
        canon(state, id).hash(h);
    }
}

fn hash_slots(state: &Machine, slots: &[ReqSlot], h: &mut impl Hasher) {
    for s in slots {
        s.req.map(|r| canon(state, r)).hash(h);
        (s.handle_addr, s.status_addr).hash(h);
    }
}

pub(super) fn hash_phase(state: &Machine, phase: &Phase, h: &mut impl Hasher) {
    let Phase::Blocked { func, loc, block } = phase else {
        phase.hash(h);
        return;
    };
    (func, loc).hash(h);
    std::mem::discriminant(block).hash(h);
    match block {
        Block::Requests {
            slots,
            mode,
            excluded,
        } => {
            hash_slots(state, slots, h);
            mode.hash(h);
            hash_ids(state, excluded, h);
        }
        Block::Collective { .. } => block.hash(h),
        Block::Probe {
            comm,
            source,
            tag,
            status_addr,
            excluded,
            message_addr,
        } => {
            (comm, source, tag, status_addr, message_addr).hash(h);
            hash_ids(state, excluded, h);
        }
        Block::Poll { kind, slots, probe } => {
            (kind, probe).hash(h);
            hash_slots(state, slots, h);
        }
        Block::Cancel { req } => canon(state, *req).hash(h),
        Block::Detach { messages } => hash_ids(state, messages, h),
        Block::Rma(crate::mpi::rma::RmaWait::Complete {
            win,
            target,
            then,
            excluded,
        }) => {
            (win, target, then).hash(h);
            for id in excluded {
                state
                    .world
                    .rma
                    .ops
                    .iter()
                    .find(|(i, _)| i == id)
                    .map(|(_, o)| (o.origin, o.loc, o.applied))
                    .hash(h);
            }
        }
        Block::Rma(_) | Block::SharedFp { .. } | Block::Threads { .. } => block.hash(h),
    }
}

/// The canonical hash of a machine state: the processes (memory, position,
/// blocking call), their requests as (owner, position) pairs, buffers and
/// collective arrivals, the objects processes made. States reached by
/// different interleavings hash the same.
pub fn fingerprint(state: &Machine) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in &state.procs {
        p.proc.hash(&mut h);
        hash_phase(state, &p.phase, &mut h);
        p.lifecycle.hash(&mut h);
        p.calls.hash(&mut h);
    }
    // Portability notes raised so far are part of what an execution reports.
    if !state.portability.is_empty() {
        state.portability.hash(&mut h);
    }
    let p2p = &state.world.p2p;
    for rank in 0..state.np() {
        for id in p2p.owned_by(rank) {
            let r = &p2p.requests[id];
            r.partner.map(|x| canon(state, x)).hash(&mut h);
            r.completed_at.hash(&mut h);
            (r.freed, r.cancelled, r.cancel_failed, r.message).hash(&mut h);
            // What the request is (a process's memory does not say: the
            // variables it was posted from may have changed since).
            r.posted_at.hash(&mut h);
            (&r.delivered, r.status).hash(&mut h);
            match &r.op {
                ReqOp::Send(op) => (0u8, op).hash(&mut h),
                ReqOp::Recv(op) => (1u8, op).hash(&mut h),
                ReqOp::Null { status } => (2u8, status).hash(&mut h),
                ReqOp::Collective {
                    comm,
                    instance,
                    member,
                    recv_buf,
                } => (3u8, comm, instance, member, recv_buf).hash(&mut h),
                ReqOp::Persistent(op) => {
                    (4u8, op.send_mode, op.buf, op.count, op.datatype).hash(&mut h);
                    (op.peer, op.tag, op.comm, op.started).hash(&mut h);
                    op.active.map(|x| canon(state, x)).hash(&mut h);
                }
                ReqOp::Rma { first, count } => (5u8, first, count).hash(&mut h),
                ReqOp::Generalized(g) => (6u8, g).hash(&mut h),
            }
        }
        p2p.posted_by(rank).hash(&mut h);
    }
    for b in &p2p.buffers {
        b.as_ref().map(|b| (b.addr, b.size)).hash(&mut h);
        if let Some(b) = b {
            hash_ids(state, &b.messages, &mut h);
        }
    }
    for c in &state.world.comms {
        c.next_instance.hash(&mut h);
        // Each member's contribution (its data, root, operation): what
        // the others will receive.
        for i in &c.instances {
            i.arrivals.hash(&mut h);
        }
    }
    // What each process made locally (datatypes, operations, info objects,
    // communicator names: numbered per process, so canonical) and the
    // groups and thread level it holds. A state this hash forgets would be
    // merged with one whose future differs.
    state.world.objects.hash(&mut h);
    // What input-dependent data the payloads carry (`--any-input` only).
    state.sent_shadows.hash(&mut h);
    state.world.groups.hash(&mut h);
    state.world.thread_level.hash(&mut h);
    // Windows, RMA operations not complete yet, and what the race check
    // remembers, without the operation ids and the order of taking effect,
    // which depend on the interleaving.
    state.world.rma.windows.hash(&mut h);
    // The file system of the check and the open files (views, pointers):
    // what later reads return.
    state.world.files.hash(&mut h);
    state.io_clocks.hash(&mut h);
    for (_, o) in &state.world.rma.ops {
        o.hash(&mut h);
    }
    if let Some(t) = &state.rma {
        t.clocks.hash(&mut h);
        // Records every process already knows complete are pruned at
        // interleaving-dependent times: they never matter again.
        for r in t
            .races
            .remote
            .iter()
            .filter(|r| r.end.is_none_or(|e| t.clocks.known_to_all(r.origin) < e))
        {
            (
                r.origin, r.target, &r.ranges, r.touch, &r.start, r.end, r.loc, r.func,
            )
                .hash(&mut h);
            r.applied.is_some().hash(&mut h);
        }
        t.races.local.hash(&mut h);
        // The separate model's publishing and acquiring calls decide later
        // races (`race::Races::separate`).
        if t.races.separate {
            t.races.syncs.hash(&mut h);
            t.races.acquires.hash(&mut h);
        }
        t.released.hash(&mut h);
        for (_, c) in &t.acquired {
            c.hash(&mut h);
        }
    }
    h.finish()
}
