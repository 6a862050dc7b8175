//! The key under which the reduced search merges states (Palmer et al. 2007, §4:
//! state hashing): two settled states with the same key have the same
//! future under POE — the same decisions offered in the same order, the
//! same executions, the same errors, the same counts — so the subtree of
//! the second is not explored again (`crate::explore::memo`).
//!
//! The key therefore covers everything the future reads, with what
//! differs between interleavings or between pasts and cannot matter
//! renamed. Whatever else is left out must be provably irrelevant;
//! anything in doubt is hashed as it is, which only merges less:
//! - processes: position, live registers (dead ones are leftovers of
//!   earlier iterations), memory the future reads, exit handlers; the MPI
//!   phase with its requests renamed; the instructions executed only if
//!   the program reads a clock (`reads_clock`) — otherwise only the
//!   per-process limits read them, as they read the MPI calls made, and
//!   the search checks those against a summary's reach before reusing it
//!   (`explore::memo::Summary::reach`);
//! - requests as (owner, position among the owner's requests), counted
//!   back from the newest for a process never handed a handle, whose
//!   requests nothing can name (`fingerprint::canon`); calls as distances
//!   back from their process's next call (`rel`): how much past a process
//!   has behind it is not part of its future;
//! - POE's own bookkeeping: deferred options (the "defer" branches forbid
//!   options already explored), poll deferrals and marks — a poll mark or
//!   a poll streak only matters while the world version it names is the
//!   current one, so a stale one is hashed as stale;
//! - the MPI world: every request still open with its operation and
//!   payload, the matching queues in order, attached buffers, every
//!   communicator with the collective instances the future can read
//!   (`comms`), groups, objects and attributes;
//! - the execution's past, as far as the end-of-execution checks read it:
//!   the completes-before replays (synchronizing collectives, unbuffered
//!   sends) run over the whole execution's dependencies. The part of the
//!   past the replays get through on their own cannot change their
//!   outcome, whatever comes later; what they cannot get through yet
//!   (calls waiting for a receive or a collective member still to come) is
//!   hashed with its dependencies, in (rank, distance) coordinates,
//!   which do not depend on the interleaving. Programs whose checks read
//!   more of the past (ready sends, buffered sends and their buffer
//!   accounting) hash all of it.
//!
//! States with errors shown but not reported yet are not merged (the
//! errors would be lost), nor are states of programs that made RMA windows
//! (their stutter marks name world versions; explored without merging).

use super::fingerprint::{canon, hash_ids, hash_phase};
use crate::log::events::{Dep, DepKind, Needed};
use crate::mpi::completion::PollOutcome;
use crate::mpi::machine::{Block, Machine, Phase};
use runtime_model::model::{InstKind, Model};
use runtime_model::mpi::p2p::{EventRef, ReqOp};
use runtime_model::mpi_api::MpiFunc;
use std::hash::{Hash, Hasher};

/// Two 64-bit hashes with different seeds (foldhash's quality variant,
/// fixed seeds so that runs are reproducible): a 128-bit key, so that a
/// collision between two of the (at most some 10^9) states of a search is
/// out of the question in practice. SipHash, the standard library's, took
/// a third of the search time on small fields.
struct Wide {
    a: foldhash::quality::FoldHasher<'static>,
    b: foldhash::quality::FoldHasher<'static>,
}

impl Wide {
    fn new() -> Wide {
        use std::hash::BuildHasher;
        Wide {
            a: foldhash::quality::FixedState::with_seed(0x243f_6a88_85a3_08d3).build_hasher(),
            b: foldhash::quality::FixedState::with_seed(0x9e37_79b9_7f4a_7c15).build_hasher(),
        }
    }

    fn finish128(&self) -> u128 {
        ((self.a.finish() as u128) << 64) | self.b.finish() as u128
    }
}

impl Hasher for Wide {
    fn write(&mut self, bytes: &[u8]) {
        self.a.write(bytes);
        self.b.write(bytes);
    }

    fn write_u8(&mut self, i: u8) {
        self.a.write_u8(i);
        self.b.write_u8(i);
    }

    fn write_u32(&mut self, i: u32) {
        self.a.write_u32(i);
        self.b.write_u32(i);
    }

    fn write_u64(&mut self, i: u64) {
        self.a.write_u64(i);
        self.b.write_u64(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.a.write_usize(i);
        self.b.write_usize(i);
    }

    fn finish(&self) -> u64 {
        self.a.finish()
    }
}

/// Whether the checks of a program read more of an execution's past than
/// the replays' frontier: ready sends (was the receive surely posted
/// first?) and buffered sends (which messages are surely out of the
/// attached buffer?) look back along completes-before paths.
pub fn reads_whole_history(model: &Model) -> bool {
    model.functions.iter().any(|f| {
        f.blocks.iter().any(|b| {
            b.insts.iter().any(|i| {
                matches!(
                    &i.kind,
                    InstKind::Mpi { func, .. } if matches!(
                        func,
                        MpiFunc::Rsend
                            | MpiFunc::Irsend
                            | MpiFunc::RsendInit
                            | MpiFunc::Bsend
                            | MpiFunc::Ibsend
                            | MpiFunc::BsendInit
                            | MpiFunc::BufferAttach
                    )
                )
            })
        })
    })
}

/// Whether a program reads a clock: `MPI_Wtime`, `omp_get_wtime`,
/// `gettimeofday` and `clock_gettime` read the logical clock, the
/// instructions the process has executed (`exec::libc::Clock`), which the
/// key then hashes as they are. Otherwise only the instruction budget
/// reads them, and the search checks it against the summary of the
/// subtree it reuses (`explore::memo::Summary::reach`).
pub fn reads_clock(model: &Model) -> bool {
    use runtime_model::model::LibcFunc;
    use runtime_model::omp::OmpCall;
    model.functions.iter().any(|f| {
        f.blocks.iter().any(|b| {
            b.insts.iter().any(|i| match &i.kind {
                InstKind::Mpi { func, .. } => *func == MpiFunc::Wtime,
                InstKind::Libc { func, .. } => {
                    matches!(func, LibcFunc::Gettimeofday | LibcFunc::ClockGettime)
                }
                InstKind::Omp { call, .. } => *call == OmpCall::GetWtime,
                _ => false,
            })
        })
    })
}

/// What the key holds of a call: (rank, how many calls back from the
/// rank's next one). Call numbers count a process's past, which two
/// states with one future may differ in (a worker that has served two
/// tasks and one that has served three); the distances to the present
/// are what the replays and reports compare (every call the key names is
/// renamed the same way, so the dependencies keep their shape).
fn rel(state: &Machine, at: EventRef) -> (usize, usize) {
    let calls = state.procs.get(at.0).map_or(0, |p| p.calls);
    (at.0, calls.wrapping_sub(at.1))
}

/// The key of a settled state, or `None` when it must not be merged.
/// `clock`: the program reads a clock (`reads_clock`).
pub fn key(model: &Model, state: &Machine, whole_history: bool, clock: bool) -> Option<u128> {
    if !state.findings.is_empty()
        || state.rma.is_some()
        || !state.world.rma.windows.is_empty()
        || !state.world.rma.ops.is_empty()
        // Files opened with MPI-IO, or written through the C library, and
        // the clocks that order the processes' accesses, are not part of
        // the key yet: no state holding one is merged with another.
        || !state.world.files.open.is_empty()
        || state.io_clocks.is_some()
        || state.world.files.accesses.iter().any(|a| a.write)
    {
        return None;
    }
    let mut h = Wide::new();
    processes(model, state, clock, &mut h);
    let replayed = history(state, whole_history, &mut h);
    // What was compacted away (`state.log_base`) and when the next
    // compaction comes are left out: compaction forgets only what no replay
    // and no check reads, so it changes no outcome, only how a stale
    // handle's error names the call that completed its request — and a
    // subtree that shows an error is never summarized (`explore::memo`).
    world(state, &replayed, &mut h);
    // Files only read: their content is the working directory's, a function
    // of the name; which were found, and who read them (a later write must
    // be ordered after those reads), is what the future reads.
    for d in &state.world.files.disk {
        (&d.name, d.bytes.is_some()).hash(&mut h);
    }
    state.world.files.accesses.hash(&mut h);
    for (r, excluded) in &state.deferred {
        canon(state, *r).hash(&mut h);
        hash_ids(state, excluded, &mut h);
    }
    Some(h.finish128())
}

fn processes(model: &Model, state: &Machine, clock: bool, h: &mut Wide) {
    for (rank, p) in state.procs.iter().enumerate() {
        let proc = &p.proc;
        proc.frames.len().hash(h);
        for fr in &proc.frames {
            (fr.func, fr.block, fr.ip, fr.ret_dst).hash(h);
            for r in state.liveness.live_at(model, fr.func, fr.block, fr.ip) {
                (r, fr.regs.get(r as usize)).hash(h);
            }
        }
        if matches!(p.phase, Phase::Exited { .. }) {
            // Nothing reads the memory of a process that has ended.
            0u8.hash(h);
        } else {
            let mut masks = overwritten(state, rank);
            for fr in &proc.frames {
                let dead = state
                    .liveness
                    .slots
                    .dead_after(model, fr.func, fr.block, fr.ip);
                for (reg, size) in dead {
                    if let Some(&addr) = fr.regs.get(reg as usize) {
                        masks.push((addr, size));
                    }
                }
            }
            proc.mem.hash_contents_masked(h, &masks);
        }
        for g in proc.mem.guards() {
            match state.world.p2p.requests.get(g.owner as usize) {
                Some(_) => canon(state, g.owner as usize).hash(h),
                None => g.owner.hash(h),
            }
        }
        if clock {
            proc.steps.hash(h);
        }
        (&proc.track, &proc.then, &proc.atexit, &proc.omp).hash(h);
        (proc.exit_status, proc.exit_at).hash(h);
        hash_phase(state, &p.phase, h);
        (
            p.lifecycle,
            p.handles_given,
            p.poll_forced,
            p.exit_loc,
            p.crashed,
        )
            .hash(h);
        p.window_reads.hash(h);
        // A mark or a streak names the world version it was taken at; the
        // version only grows, so once it moved on they never match again.
        for mark in [p.poll_mark, p.poll_asked] {
            match mark {
                Some((local, v)) if v == state.version => (1u8, local).hash(h),
                Some(_) => 2u8.hash(h),
                None => 0u8.hash(h),
            }
        }
        if p.poll_streak.0 == state.version {
            p.poll_streak.1.hash(h);
        } else {
            u32::MAX.hash(h);
        }
        match &p.poll_deferred {
            None => 0u8.hash(h),
            Some(outcomes) => {
                1u8.hash(h);
                (p.poll_deferred_at != p.rma_written).hash(h);
                for o in outcomes {
                    match o {
                        PollOutcome::Message(id) => canon(state, *id).hash(h),
                        other => other.hash(h),
                    }
                }
            }
        }
    }
}

/// Memory a process blocked in MPI_Recv gets back only once the receive
/// has written it: the receive buffer (a predefined, contiguous datatype)
/// and the status. Whatever it holds now is never read, so two states that
/// differ only there — the last value a loop of receives took in — have
/// the same future, provided the message fills the buffer. A shorter
/// message would leave old bytes visible: an execution that receives one
/// is not summarized (`Machine::short_receive`), so no merge that relied
/// on this is ever made from it.
fn overwritten(state: &Machine, rank: usize) -> Vec<(u64, u64)> {
    let Phase::Blocked {
        func: MpiFunc::Recv,
        block: Block::Requests { slots, .. },
        ..
    } = &state.procs[rank].phase
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for s in slots {
        let Some(id) = s.req else { continue };
        let r = &state.world.p2p.requests[id];
        let ReqOp::Recv(op) = &r.op else { continue };
        if r.partner.is_some()
            || r.cancelled
            || runtime_model::handles::predefined_datatype(op.datatype).is_none()
        {
            continue;
        }
        out.push((op.buf, op.capacity));
        if s.status_addr != 0 && s.status_addr as i64 != runtime_model::handles::MPI_STATUS_IGNORE {
            out.push((s.status_addr, runtime_model::handles::MPI_STATUS_SIZE_BYTES));
        }
    }
    out
}

/// Whether a request is over for every future: matched (or null),
/// completed by its owner, not persistent, and posted (with its partner)
/// in the part of the past the replays get through. What it matched with
/// and what it carried are then already in memory and in the replays'
/// outcome; only its place and what a later use of a stale handle to it
/// reports remain (the order in which a wildcard receive's senders were
/// matched is exactly what must not keep two states apart).
fn retired(state: &Machine, id: usize, replayed: &Option<Vec<usize>>) -> bool {
    let Some(pos) = replayed else { return false };
    let reqs = &state.world.p2p.requests;
    let r = &reqs[id];
    let done = |at: (usize, usize)| pos.get(at.0).is_some_and(|&p| at.1 < p);
    r.completed_at.is_some()
        && r.persistent_of.is_none()
        && !r.cancelled
        && done(r.posted_at)
        && match &r.op {
            ReqOp::Send(_) | ReqOp::Recv(_) => r
                .partner
                .is_some_and(|p| done(reqs[p].posted_at) && reqs[p].completed_at.is_some()),
            ReqOp::Null { .. } => true,
            _ => false,
        }
}

fn world(state: &Machine, replayed: &Option<Vec<usize>>, h: &mut Wide) {
    let w = &state.world;
    (w.np, w.zero_buffer, w.synchronizing_collectives).hash(h);
    let p2p = &w.p2p;
    for rank in 0..state.np() {
        // Requests nothing can name (`canon`) are numbered from the newest;
        // those that are over are then gone for good.
        let named = state.procs[rank].handles_given;
        if named {
            p2p.posted_by(rank).hash(h);
        }
        for id in p2p.owned_by(rank) {
            let r = &p2p.requests[id];
            if retired(state, id, replayed) {
                if !named {
                    continue;
                }
                let kind: u8 = match &r.op {
                    ReqOp::Send(_) => 10,
                    ReqOp::Recv(_) => 11,
                    _ => 12,
                };
                (kind, rel(state, r.posted_at), r.freed, r.message).hash(h);
                at_calls(state, [r.completed_at, r.freed_at, r.overwritten_at], h);
                continue;
            }
            match &r.op {
                ReqOp::Send(op) => (0u8, op).hash(h),
                ReqOp::Recv(op) => (1u8, op).hash(h),
                ReqOp::Null { status } => (2u8, status).hash(h),
                ReqOp::Collective {
                    comm,
                    instance,
                    member,
                    recv_buf,
                } => (3u8, comm, instance, member, recv_buf).hash(h),
                ReqOp::Persistent(op) => {
                    (4u8, op.send_mode, op.buf, op.count, op.datatype).hash(h);
                    (op.peer, op.tag, op.comm, op.started).hash(h);
                    op.active.map(|x| canon(state, x)).hash(h);
                }
                ReqOp::Rma { first, count } => (5u8, first, count).hash(h),
                ReqOp::Generalized(g) => (6u8, g).hash(h),
            }
            rel(state, r.posted_at).hash(h);
            r.partner.map(|x| canon(state, x)).hash(h);
            (&r.delivered, r.status).hash(h);
            r.persistent_of.map(|x| canon(state, x)).hash(h);
            (r.freed, r.cancelled, r.cancel_failed, r.message).hash(h);
            at_calls(state, [r.completed_at, r.freed_at, r.overwritten_at], h);
        }
        hash_ids(state, p2p.pending_sends_to(rank), h);
        p2p.pending_sends_to(rank).len().hash(h);
        hash_ids(state, p2p.pending_recvs_of(rank), h);
        p2p.pending_recvs_of(rank).len().hash(h);
    }
    for b in &p2p.buffers {
        b.as_ref().map(|b| (b.addr, b.size)).hash(h);
        if let Some(b) = b {
            hash_ids(state, &b.messages, h);
            b.messages.len().hash(h);
        }
    }
    for (at, messages) in &p2p.detaches {
        rel(state, *at).hash(h);
        hash_ids(state, messages, h);
        messages.len().hash(h);
    }
    comms(state, replayed, h);
    (&w.comm_refs, &w.groups, &w.thread_level).hash(h);
    (&w.attr_cells, &w.intercomm_halves, &w.group_rendezvous).hash(h);
    (&w.current_call, &w.origins, &w.objects).hash(h);
}

/// The communicators, with the collective instances the future can still
/// read: the oldest instances that are over — what compaction forgets
/// (`compact::instances_over`) — are left out; the others are hashed with
/// their calls as distances (`rel`). The instance numbers stay: reports
/// name them.
fn comms(state: &Machine, replayed: &Option<Vec<usize>>, h: &mut Wide) {
    let w = &state.world;
    let settled = |at: EventRef| {
        replayed
            .as_ref()
            .is_some_and(|pos| pos.get(at.0).is_some_and(|&p| at.1 < p))
    };
    let over = super::compact::instances_over(state, &settled);
    w.comms.len().hash(h);
    for (c, first_kept) in w.comms.iter().zip(over) {
        (c.handle, &c.members, &c.remote, &c.topology, c.bridge).hash(h);
        (&c.next_instance, c.origin, c.instances.len()).hash(h);
        for (k, inst) in c.instances.numbered() {
            if k < first_kept {
                continue;
            }
            (k, inst.synchronizing).hash(h);
            for a in &inst.arrivals {
                match a {
                    None => 0u8.hash(h),
                    Some(a) => {
                        1u8.hash(h);
                        (a.func, a.root, a.op, a.datatype, &a.send).hash(h);
                        (a.recv_block, a.send_block, &a.args, &a.remote).hash(h);
                        (&a.send_types, &a.recv_types).hash(h);
                        rel(state, a.event).hash(h);
                    }
                }
            }
            match &inst.arrival_events {
                None => 0u8.hash(h),
                Some(events) => {
                    (1u8, events.len()).hash(h);
                    for &e in events.iter() {
                        rel(state, e).hash(h);
                    }
                }
            }
        }
    }
}

/// Calls a request names (completed, freed, overwritten), as distances.
fn at_calls(state: &Machine, calls: [Option<EventRef>; 3], h: &mut Wide) {
    for c in calls {
        c.map(|at| rel(state, at)).hash(h);
    }
}

fn hash_dep(state: &Machine, d: &Dep, h: &mut Wide) {
    (rel(state, d.waiter), d.kind).hash(h);
    match &d.needs {
        Needed::Never => 0u8.hash(h),
        Needed::Call(e) => (1u8, rel(state, *e)).hash(h),
        Needed::All(v) => {
            (2u8, v.len()).hash(h);
            for &e in v.iter() {
                rel(state, e).hash(h);
            }
        }
    }
}

/// What of the execution's past the end-of-execution replays can still
/// read (see the module comment). Returns how far both replays get through
/// the past on their own (`None` when all of it is hashed).
fn history(state: &Machine, whole: bool, h: &mut Wide) -> Option<Vec<usize>> {
    if whole {
        state.deps.len().hash(h);
        for d in state.deps.iter_newest_first() {
            hash_dep(state, d, h);
        }
        return None;
    }
    let counts: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
    let deps = super::past::open_ends(state);
    let all: Vec<&Dep> = state.deps.iter_newest_first().chain(deps.iter()).collect();
    let mut through = counts.clone();
    for kinds in [
        &[DepKind::Always, DepKind::Synchronizing][..],
        &[DepKind::Always, DepKind::Synchronizing, DepKind::ZeroBuffer][..],
    ] {
        let pos = super::past::frontier(&counts, &state.log_base, &all, kinds);
        for (rank, &p) in pos.iter().enumerate() {
            rel(state, (rank, p)).hash(h);
        }
        for (t, &p) in through.iter_mut().zip(&pos) {
            *t = (*t).min(p);
        }
        if pos != counts {
            // The calls not got through yet, as a stuck replay reports
            // them (what they are decides what a stuck point means), in
            // (rank, call) order: the log's order is the interleaving's.
            let mut pending: Vec<_> = state
                .events
                .iter_newest_first()
                .filter(|e| pos.get(e.rank).is_some_and(|&p| e.index >= p))
                .collect();
            pending.sort_by_key(|e| (e.rank, e.index));
            for e in pending {
                (rel(state, (e.rank, e.index)), e.func, e.loc).hash(h);
                (e.recv_envelope, e.send_envelope).hash(h);
            }
        }
        let mut residual: Vec<&Dep> = all
            .iter()
            .copied()
            .filter(|d| {
                kinds.contains(&d.kind) && pos.get(d.waiter.0).is_some_and(|&p| d.waiter.1 >= p)
            })
            .collect();
        // The order deps were recorded in depends on the interleaving.
        residual.sort_by_key(|d| (d.waiter, d.kind as u8, d.needs.calls().first().copied()));
        residual.len().hash(h);
        for d in residual {
            hash_dep(state, d, h);
        }
    }
    Some(through)
}
