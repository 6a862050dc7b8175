//! The part of the state key (`memo_key::key`) that covers one-sided
//! communication: the windows and their epochs, the pending operations,
//! and what the race check and the epoch checks remember (`mpi::rma::
//! Track`), hashed canonically so that states reached by different grant
//! or compare-and-swap orders merge when nothing the future reads tells
//! them apart.
//!
//! What differs between such states and cannot matter is renamed:
//!
//! - **Stamps.** Every comparison the checks make is between a clock entry
//!   (a process's current clock, an access's start clock, a snapshot a
//!   later dependency joins, a lock release or an atomic write's clock)
//!   and a *record stamp* of the same process: the end of an RMA access,
//!   an owner's load or store, an `MPI_Win_sync`, a lock request's or an
//!   exposure's end, the stamp of a call a later check reads
//!   (`stamp_at`), or the process's current stamp (what it does before
//!   its next call is recorded at it). Clock entries are only joined (max),
//!   met (`known_to_all`, min) and compared with record stamps (`race`,
//!   `sync`, `pscw`); new stamps come from a process's current one plus
//!   one, above every stamp held. So a clock entry `x` of process `q`
//!   matters only through which record stamps of `q` it reaches: it is
//!   hashed as the number of record stamps of `q` at or below `x` (0 and
//!   `u32::MAX`, the constants the checks compare with, count as record
//!   stamps), and a record stamp as its own place among them. Two states
//!   with the same hash have an order isomorphism between their record
//!   stamps that maps every clock to a clock knowing the same records:
//!   every future comparison, join and meet comes out the same. This is
//!   the "happens-before relation among the remaining records and
//!   clocks" of issue 32 §4; the stamps themselves count the past.
//! - **Snapshots.** A later dependency joins the snapshot of a call it
//!   names (a receive its send's posting, a collective member the others'
//!   arrivals, `Machine::record_dep`), and the RMA calls read the
//!   snapshots of the current call, of the fence a target entered, of
//!   `MPI_Win_post` and `MPI_Win_complete` calls (`ops`, `pscw`, `sync`).
//!   Only those can be read again: the current call of each process, the
//!   posting call of every request the world still holds, the arrivals
//!   of every collective instance, the posts and completes every window
//!   holds. They are hashed at their distance from their process's next
//!   call; the others are left out.
//! - **Operation ids** count up in issue order across processes. Pending
//!   operations are hashed in their list's order (the grant decisions
//!   compare their ids, `grant`), the others only by equality
//!   (completion, atomic reads, deferrals): they are named by (origin,
//!   place among that origin's ids), which program order fixes. The
//!   guards of origin buffers are hashed here under the same names
//!   (`memo_key` leaves them out). When a raw id is held where this
//!   module does not rename it (a request of `MPI_Rput`...), every id is
//!   hashed raw.
//! - **Update order** (`Remote::applied`) is compared only by order: its
//!   values are renumbered densely.
//!
//! Records are not dropped here: `Track::prune` already forgets those
//! every process knows ended, at the same point of every execution (after
//! each completion), and the floor mapping makes a clock that knows a
//! forgotten record the same as one that does not, which no check can
//! tell apart (the record is gone).
//!
//! **Record order.** The race, lock and exposure records are kept in the
//! order they were made, which interleaves the processes as the explored
//! order did. The checks search them for *some* conflicting record: which
//! one is found first only changes the report of an error, and a subtree
//! that showed an error is never summarized (`explore::memo`), so a state
//! merged with another reuses only error-free subtrees, where no search
//! found anything in any order. The one order that does change an outcome
//! is among one process's records (`prune` forgets an earlier record of a
//! call site for a later one of the same process): the records are hashed
//! grouped by process, each process's in its order. Lists only looked up
//! by key are sorted. Deferred fence operations are hashed in their order
//! (they reach their target in it).
//!
//! The spin marks (`ProcState::rma_marks`) name the world version they
//! were taken at: one taken at an older version than the state's can never
//! match again (the version only grows), so only those of the current
//! version are hashed, as they are.

use crate::mpi::machine::{Block, Machine, Phase};
use crate::mpi::rma::clock::Clock;
use crate::mpi::rma::race::Remote;
use crate::mpi::rma::RmaWait;
use runtime_model::mpi::p2p::{EventRef, ReqOp};
use std::hash::{Hash, Hasher};

/// Per process, the sorted record stamps (see the module comment).
struct Stamps {
    sets: Vec<Vec<u32>>,
}

impl Stamps {
    fn new(np: usize) -> Stamps {
        Stamps {
            sets: vec![vec![0, u32::MAX]; np],
        }
    }

    fn add(&mut self, q: usize, s: u32) {
        if let Some(v) = self.sets.get_mut(q) {
            v.push(s);
        }
    }

    fn seal(&mut self) {
        for v in &mut self.sets {
            v.sort_unstable();
            v.dedup();
        }
    }

    /// How many record stamps of `q` lie at or below `x`: a record stamp's
    /// place (from 1), or what a clock entry knows.
    fn map(&self, q: usize, x: u32) -> u32 {
        match self.sets.get(q) {
            Some(v) => v.partition_point(|&s| s <= x) as u32,
            // A process the clocks do not have: hashed as it is.
            None => x,
        }
    }

    fn clock<H: Hasher>(&self, c: &Clock, h: &mut H) {
        c.len().hash(h);
        for (q, &x) in c.iter().enumerate() {
            self.map(q, x).hash(h);
        }
    }
}

/// How operation ids are hashed (see the module comment).
struct Ops {
    raw: bool,
    pending: Vec<u64>,
    /// Ids no longer pending, with their origin (`usize::MAX` unknown),
    /// sorted by (origin, id).
    done: Vec<(usize, u64)>,
}

impl Ops {
    /// (kind, a, b): pending at place `a`, or done as origin `a`'s `b`-th.
    fn name(&self, id: u64) -> (u8, u64, u64) {
        if self.raw {
            return (2, id, 0);
        }
        if let Some(p) = self.pending.iter().position(|&x| x == id) {
            return (0, p as u64, 0);
        }
        match self.done.iter().position(|&(_, x)| x == id) {
            Some(i) => {
                let origin = self.done[i].0;
                let first = self.done.partition_point(|&(o, _)| o < origin);
                (1, origin as u64, (i - first) as u64)
            }
            None => (3, id, 0),
        }
    }
}

/// A call as its distance back from its process's next call (how much
/// past a process has behind it is not part of its future).
fn dist(state: &Machine, at: EventRef) -> (usize, usize) {
    let calls = state.procs.get(at.0).map_or(0, |p| p.calls);
    (at.0, calls.wrapping_sub(at.1))
}

/// The operation guarding an origin buffer and whether reads are allowed,
/// for a guard an RMA operation owns (`mpi::rma::guard_id`).
fn guard_op(owner: u64) -> Option<(u64, bool)> {
    crate::mpi::rma::is_rma_guard(owner)
        .then_some(((owner & !crate::mpi::rma::RMA_GUARD) >> 1, owner & 1 == 1))
}

/// Whether a program made RMA windows or holds their state.
pub fn present(state: &Machine) -> bool {
    state.rma.is_some() || !state.world.rma.windows.is_empty() || !state.world.rma.ops.is_empty()
}

/// The calls whose snapshots a later step can read (module comment): the
/// current call of each process; the posting call of every request the
/// world holds; the arrivals of every collective instance a member may
/// still complete (one not everyone arrived at, one a member is still in
/// — its arrival is its current call —, one a request of a nonblocking
/// collective or an intercommunicator's creation holds) or an RMA call may
/// still read (the fence that opened a member's epoch, or that a deferred
/// operation waits for, `ops`); the posts of `MPI_Win_post` a start may
/// still match or a wait still closes, with their completes (`pscw`).
fn reachable_calls(state: &Machine) -> Vec<EventRef> {
    let mut out: Vec<EventRef> = Vec::new();
    let current = |at: EventRef| state.procs.get(at.0).is_some_and(|p| p.calls == at.1 + 1);
    for (rank, p) in state.procs.iter().enumerate() {
        if p.calls > 0 {
            out.push((rank, p.calls - 1));
        }
    }
    let mut held: Vec<(usize, usize)> = Vec::new();
    let mut held_comms: Vec<usize> = Vec::new();
    for r in state.world.p2p.requests.iter() {
        out.push(r.posted_at);
        if let ReqOp::Collective { comm, instance, .. } = &r.op {
            held.push((*comm, *instance));
        }
    }
    for half in &state.world.intercomm_halves {
        held.push((half.local, half.instance));
        held_comms.push(half.hold);
    }
    for win in &state.world.rma.windows {
        for e in &win.epochs {
            if let Some((_, k)) = e.fence {
                held.push((win.sync, k));
            }
        }
    }
    if let Some(t) = &state.rma {
        for d in &t.deferred {
            if let Some(win) = state.world.rma.windows.get(d.win) {
                held.push((win.sync, d.fence));
            }
        }
    }
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.numbered() {
            let open = !inst.all_arrived()
                || held_comms.contains(&ci)
                || held.contains(&(ci, k))
                || inst.arrivals.iter().flatten().any(|a| current(a.event));
            if !open {
                continue;
            }
            out.extend(inst.arrivals.iter().flatten().map(|a| a.event));
            if let Some(e) = &inst.arrival_events {
                out.extend(e.iter().copied());
            }
        }
    }
    for win in &state.world.rma.windows {
        for (t, posts) in win.posts.iter().enumerate() {
            let open_epoch = win.epochs.get(t).and_then(|e| e.post).map(|(i, _)| i);
            for (i, p) in posts.iter().enumerate() {
                let open = open_epoch == Some(i) || p.group.iter().any(|o| !p.started.contains(o));
                if open {
                    out.push(p.event);
                    out.extend(p.completed.iter().map(|(_, e)| *e));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

fn collect_remote(st: &mut Stamps, r: &Remote) {
    if let Some(e) = r.end {
        st.add(r.origin, e);
    }
}

/// Hashes the one-sided state of `state` canonically into `h`.
pub fn hash<H: Hasher>(state: &Machine, h: &mut H) {
    let np = state.np();
    let w = &state.world.rma;
    let calls = reachable_calls(state);

    // Operation ids.
    let rma_requests = state
        .world
        .p2p
        .requests
        .iter()
        .any(|r| matches!(r.op, ReqOp::Rma { .. }));
    let pending: Vec<u64> = w.ops.iter().map(|(i, _)| *i).collect();
    let mut done: Vec<(usize, u64)> = Vec::new();
    if let Some(t) = &state.rma {
        let mut note = |origin: usize, id: u64| {
            if !pending.contains(&id) {
                done.push((origin, id));
            }
        };
        for r in t
            .races
            .remote
            .iter()
            .chain(t.deferred.iter().map(|d| &d.remote))
        {
            note(r.origin, r.op);
        }
        for (id, _) in &t.acquired {
            note(usize::MAX, *id);
        }
        for (_, _, ids) in &t.request_excluded {
            for &id in ids {
                note(usize::MAX, id);
            }
        }
    }
    for (rank, p) in state.procs.iter().enumerate() {
        for g in p.proc.mem.guards() {
            if let Some((id, _)) = guard_op(g.owner) {
                if !pending.contains(&id) {
                    done.push((rank, id));
                }
            }
        }
        if let Phase::Blocked {
            block: Block::Rma(RmaWait::Complete { excluded, .. }),
            ..
        } = &p.phase
        {
            for &id in excluded {
                if !pending.contains(&id) {
                    done.push((usize::MAX, id));
                }
            }
        }
    }
    // An id known by its origin somewhere is named by it everywhere.
    done.sort_unstable_by_key(|&(o, id)| (id, o));
    done.dedup_by_key(|x| x.1);
    done.sort_unstable();
    let ops = Ops {
        raw: rma_requests,
        pending,
        done,
    };
    ops.raw.hash(h);

    // The windows: everything as it is, but calls as distances.
    (w.windows.len(), &w.made_by).hash(h);
    for win in &w.windows {
        (win.handle, win.comm, win.sync, win.flavor).hash(h);
        (&win.regions, &win.live, &win.epochs, &win.shared).hash(h);
        (&win.hints, &win.holders, &win.attached, &win.matched).hash(h);
        win.posts.len().hash(h);
        for posts in &win.posts {
            posts.len().hash(h);
            for p in posts {
                (&p.group, p.assert, dist(state, p.event), &p.started).hash(h);
                p.completed.len().hash(h);
                for (o, e) in &p.completed {
                    (o, dist(state, *e)).hash(h);
                }
            }
        }
    }
    // Window memory, whatever the slot liveness says: the owner may never
    // read a variable it exposes again (`exec::slots` sees
    // `MPI_Win_create` use the address only during the call), while
    // another process's MPI_Get or accumulate still reads it. The process
    // key masks dead slots (`memo_key::memory_masks`); here every byte a
    // window exposes is hashed as it is.
    for win in &w.windows {
        let members = state.world.comms.get(win.comm).map(|c| &c.members[..]);
        for (m, regions) in win.regions.iter().zip(&win.attached).enumerate() {
            let proc = members
                .and_then(|ms| ms.get(m))
                .and_then(|&r| state.procs.get(r));
            for r in regions.0.iter().chain(regions.1.iter()) {
                let bytes = proc.and_then(|p| p.proc.mem.peek(r.base, r.size));
                (r.base, r.size, bytes).hash(h);
            }
        }
    }
    // Pending operations, in their order (`Ops`).
    w.ops.len().hash(h);
    for (id, o) in &w.ops {
        (ops.name(*id), o).hash(h);
    }

    // The guards of origin buffers (`memo_key` hashes the others), in
    // each process's order, and what they cover.
    for p in &state.procs {
        for g in p.proc.mem.guards() {
            if let Some((id, reads)) = guard_op(g.owner) {
                (
                    ops.name(id),
                    reads,
                    g.alloc,
                    g.start,
                    g.end,
                    g.reads_allowed,
                )
                    .hash(h);
            }
        }
        u64::MAX.hash(h);
    }

    // The operations a completing call was told take effect after a later
    // one (a "defer" branch): `memo_key` hashes them by origin and line,
    // which the element operations of one split accumulate share.
    for p in &state.procs {
        if let Phase::Blocked {
            block: Block::Rma(RmaWait::Complete { excluded, .. }),
            ..
        } = &p.phase
        {
            for &id in excluded {
                ops.name(id).hash(h);
            }
        }
        u64::MAX.hash(h);
    }

    // Machine-level marks.
    for p in &state.procs {
        p.rma_stutter.hash(h);
        for (v, m) in &p.rma_marks {
            if *v == state.version {
                m.hash(h);
            }
        }
        u64::MAX.hash(h);
    }

    let Some(t) = &state.rma else {
        0u8.hash(h);
        return;
    };
    1u8.hash(h);
    let clocks = &t.clocks;

    // The record stamps.
    let mut st = Stamps::new(np);
    for q in 0..np {
        st.add(q, clocks.stamp(q));
    }
    for &(q, j) in &calls {
        if let Some(c) = clocks.snapshot_of(q, j) {
            if let Some(&s) = c.get(q) {
                st.add(q, s);
            }
        }
    }
    for r in &t.races.remote {
        collect_remote(&mut st, r);
    }
    for d in &t.deferred {
        collect_remote(&mut st, &d.remote);
    }
    for l in &t.races.local {
        for &(s, _) in l.reads.iter().chain(l.writes.iter()) {
            st.add(l.rank, s);
        }
    }
    for (q, v) in t.races.syncs.iter().enumerate() {
        for &s in v {
            st.add(q, s);
        }
    }
    for v in &t.races.published {
        for (p, &s) in v.iter().enumerate() {
            st.add(p, s);
        }
    }
    for x in &t.locks {
        if let Some(e) = x.end {
            st.add(x.rank, e);
        }
    }
    for x in &t.exposures {
        if let Some(e) = x.end {
            st.add(x.rank, e);
        }
    }
    st.seal();

    // Clocks: each process's now, and the snapshots still reachable.
    for q in 0..np {
        st.clock(clocks.now(q), h);
    }
    calls.len().hash(h);
    for &(q, j) in &calls {
        dist(state, (q, j)).hash(h);
        match clocks.snapshot_of(q, j) {
            Some(c) => {
                1u8.hash(h);
                st.clock(&c, h);
            }
            None => 0u8.hash(h),
        }
    }

    // The order updates took effect in, renumbered.
    let mut applied: Vec<u64> = t
        .races
        .remote
        .iter()
        .chain(t.deferred.iter().map(|d| &d.remote))
        .filter_map(|r| r.applied)
        .collect();
    applied.sort_unstable();
    applied.dedup();
    let remote = |r: &Remote, h: &mut H| {
        (ops.name(r.op), r.origin, r.target, &r.ranges, r.touch).hash(h);
        st.clock(&r.start, h);
        r.end.map(|e| st.map(r.origin, e)).hash(h);
        (r.loc, r.func, r.region, r.elem).hash(h);
        r.applied
            .map(|a| applied.partition_point(|&x| x < a))
            .hash(h);
    };

    // The race check's records, each origin's in its order (see the
    // module comment: only whether some record conflicts matters).
    let races = &t.races;
    let mut records: Vec<&Remote> = races.remote.iter().collect();
    records.sort_by_key(|r| r.origin);
    records.len().hash(h);
    for r in records {
        remote(r, h);
    }
    let mut local: Vec<_> = races.local.iter().collect();
    local.sort_by_key(|l| (l.rank, l.alloc));
    local.len().hash(h);
    for l in local {
        (l.rank, l.alloc, l.reads.len(), l.writes.len()).hash(h);
        for &(s, loc) in l.reads.iter().chain(l.writes.iter()) {
            (st.map(l.rank, s), loc).hash(h);
        }
    }
    (&races.shared, races.separate).hash(h);
    races.syncs.len().hash(h);
    for (q, v) in races.syncs.iter().enumerate() {
        v.len().hash(h);
        for &s in v {
            st.map(q, s).hash(h);
        }
    }
    races.published.len().hash(h);
    for v in &races.published {
        v.len().hash(h);
        for (p, &s) in v.iter().enumerate() {
            st.map(p, s).hash(h);
        }
    }
    races.acquires.len().hash(h);
    for a in &races.acquires {
        match a {
            Some(c) => {
                1u8.hash(h);
                st.clock(c, h);
            }
            None => 0u8.hash(h),
        }
    }

    // Lock releases and atomic reads' clocks: looked up by key.
    let mut released: Vec<_> = t.released.iter().collect();
    released.sort_by_key(|x| x.0);
    released.len().hash(h);
    for (k, all, excl) in released {
        k.hash(h);
        st.clock(all, h);
        st.clock(excl, h);
    }
    let mut acquired: Vec<_> = t
        .acquired
        .iter()
        .map(|(id, c)| (ops.name(*id), c))
        .collect();
    acquired.sort_by_key(|x| x.0);
    acquired.len().hash(h);
    for (id, c) in acquired {
        id.hash(h);
        st.clock(c, h);
    }
    // Deferred fence operations, in the order they reach their target.
    t.deferred.len().hash(h);
    for d in &t.deferred {
        (d.win, d.target, d.fence, &d.into).hash(h);
        remote(&d.remote, h);
    }
    let mut excluded: Vec<_> = t
        .request_excluded
        .iter()
        .map(|(rank, at, ids)| {
            let mut names: Vec<_> = ids.iter().map(|&id| ops.name(id)).collect();
            names.sort_unstable();
            (dist(state, (*rank, *at)), names)
        })
        .collect();
    excluded.sort();
    excluded.hash(h);
    let mut stored = t.stored.clone();
    stored.sort_unstable();
    stored.hash(h);
    // Lock requests and exposures, each process's in its order.
    let mut locks: Vec<_> = t.locks.iter().collect();
    locks.sort_by_key(|x| x.rank);
    locks.len().hash(h);
    for x in locks {
        (x.win, x.rank, x.target, x.kind, x.nocheck, x.loc, x.func).hash(h);
        x.end.map(|e| st.map(x.rank, e)).hash(h);
    }
    let mut exposures: Vec<_> = t.exposures.iter().collect();
    exposures.sort_by_key(|x| x.rank);
    exposures.len().hash(h);
    for x in exposures {
        (x.win, x.rank, x.target, x.loc).hash(h);
        x.end.map(|e| st.map(x.rank, e)).hash(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mpi::rma::clock::Clocks;
    use crate::mpi::rma::race::{Races, Touch};
    use crate::mpi::rma::{LockRecord, Track};
    use runtime_model::model::Model;
    use runtime_model::mpi::rma::{Epochs, Flavor, LockKind, OpKind, Window};
    use runtime_model::mpi_api::MpiFunc;
    use runtime_model::testkit::{FnBuilder, ModelBuilder};

    /// A program whose `main` only returns (the states below are built by
    /// hand; the model is only read for locations).
    fn model() -> Model {
        let mut b = ModelBuilder::new();
        let mut f = FnBuilder::new("main", &[], None);
        f.ret(0, None);
        let main = b.add(f.finish());
        b.finish(main)
    }

    fn window() -> Window {
        Window {
            handle: 7,
            comm: 0,
            sync: 0,
            flavor: Flavor::Create,
            regions: vec![None, None],
            live: vec![Some(0), Some(0)],
            epochs: vec![Epochs::default(), Epochs::default()],
            shared: vec![],
            hints: vec![vec![], vec![]],
            holders: vec![vec![], vec![]],
            attached: vec![vec![], vec![]],
            posts: vec![vec![], vec![]],
            matched: vec![vec![0, 0], vec![0, 0]],
        }
    }

    fn record(op: u64, origin: usize, start: Clock, end: Option<u32>, loc: u32) -> Remote {
        Remote {
            op,
            origin,
            target: 1,
            ranges: vec![(64, 4)],
            touch: Touch::Rma(OpKind::Put),
            start,
            end,
            loc,
            func: MpiFunc::Put,
            applied: None,
            region: None,
            elem: 0,
        }
    }

    /// Two ranks. Rank 0 makes `pad` calls that nothing records, then one
    /// Put (op `op`) completed at its next call; rank 1 makes two calls
    /// and, when `learns`, joins rank 0's completing call at its second.
    fn state(m: &Model, pad: usize, op: u64, learns: bool) -> Machine {
        let mut s = Machine::new(m, 2, &[]);
        let mut c = Clocks::new(&[0, 0]);
        for i in 0..pad {
            c.call(0, i);
        }
        c.call(0, pad); // MPI_Put
        let start = c.snapshot_of(0, pad).expect("snapshot");
        c.call(0, pad + 1); // MPI_Win_unlock
        let end = c.stamp_at(0, pad + 1);
        c.call(1, 0);
        c.call(1, 1);
        if learns {
            c.join_call(1, 0, pad + 1);
        }
        s.procs[0].calls = pad + 2;
        s.procs[1].calls = 2;
        s.world.rma.windows.push(window());
        s.rma = Some(Box::new(Track {
            clocks: c,
            races: Races {
                remote: vec![record(op, 0, start, Some(end), 3)],
                ..Default::default()
            },
            released: Vec::new(),
            acquired: Vec::new(),
            deferred: Vec::new(),
            request_excluded: Vec::new(),
            stored: Vec::new(),
            locks: Vec::new(),
            exposures: Vec::new(),
        }));
        s
    }

    fn key(s: &Machine) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        hash(s, &mut h);
        h.finish()
    }

    fn track(s: &mut Machine) -> &mut Track {
        s.rma.as_mut().expect("track")
    }

    #[test]
    fn order_isomorphic_states_get_one_key() {
        let m = model();
        // Other stamps, other op ids, the same relation.
        assert_eq!(key(&state(&m, 0, 3, true)), key(&state(&m, 5, 40, true)));
        assert_eq!(key(&state(&m, 0, 3, false)), key(&state(&m, 5, 40, false)));
    }

    #[test]
    fn knowing_a_record_or_not_gives_two_keys() {
        let m = model();
        assert_ne!(key(&state(&m, 0, 3, true)), key(&state(&m, 0, 3, false)));
    }

    #[test]
    fn a_record_ended_or_not_gives_two_keys() {
        let m = model();
        let a = state(&m, 0, 3, true);
        let mut b = a.clone();
        track(&mut b).races.remote[0].end = None;
        assert_ne!(key(&a), key(&b));
        let mut c = a.clone();
        track(&mut c).races.remote[0].loc = 4;
        assert_ne!(key(&a), key(&c));
    }

    #[test]
    fn a_clock_entry_past_a_record_gives_another_key() {
        let m = model();
        let a = state(&m, 0, 3, false);
        let mut b = a.clone();
        // Rank 1 learns rank 0's call that issued the Put (before the end).
        track(&mut b).clocks.join_call(1, 0, 0);
        // The stamp is no record: knowing it changes nothing.
        assert_eq!(key(&a), key(&b));
        let mut c = a.clone();
        track(&mut c).clocks.join_call(1, 0, 1);
        assert_ne!(key(&a), key(&c));
    }

    #[test]
    fn an_epoch_gives_another_key() {
        let m = model();
        let a = state(&m, 0, 3, true);
        let mut b = a.clone();
        b.world.rma.windows[0].epochs[0]
            .locks
            .push((1, LockKind::Exclusive, 0));
        b.world.rma.windows[0].holders[1].push((0, LockKind::Exclusive));
        assert_ne!(key(&a), key(&b));
        let mut c = a.clone();
        track(&mut c).locks.push(LockRecord {
            win: 0,
            rank: 0,
            target: Some(1),
            kind: LockKind::Exclusive,
            nocheck: false,
            end: None,
            loc: 0,
            func: MpiFunc::WinLock,
        });
        assert_ne!(key(&a), key(&c));
    }

    #[test]
    fn records_of_two_processes_in_either_order_give_one_key() {
        let m = model();
        let mut a = state(&m, 0, 3, true);
        let t = track(&mut a);
        let other = record(9, 1, t.clocks.now(1).clone(), None, 5);
        t.races.remote.push(other);
        let mut b = a.clone();
        track(&mut b).races.remote.reverse();
        assert_eq!(key(&a), key(&b));
        // One process's records in another order: another key (`prune`).
        let mut c = a.clone();
        let t = track(&mut c);
        t.races.remote[1].origin = 0;
        let mut d = c.clone();
        track(&mut d).races.remote.reverse();
        assert_ne!(key(&c), key(&d));
    }

    #[test]
    fn window_memory_gives_another_key_even_where_the_owner_never_reads_it() {
        use crate::exec::memory::AllocKind;
        let m = model();
        let mut a = state(&m, 0, 3, true);
        let base = a.procs[1]
            .proc
            .mem
            .allocate(4, AllocKind::Heap)
            .expect("allocate");
        a.world.rma.windows[0].regions[1] = Some(runtime_model::mpi::rma::Region {
            base,
            size: 4,
            disp_unit: 4,
        });
        let mut b = a.clone();
        b.procs[1].proc.mem.store(base, 4, 5).expect("store");
        assert_ne!(key(&a), key(&b));
    }
}
