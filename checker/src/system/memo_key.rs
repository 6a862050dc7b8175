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
//! With symmetry reduction (`symmetry`, on unless `--no-symmetry`), the
//! key of a state of a symmetric program is the key of the state renamed
//! by one permutation of its interchangeable ranks, chosen from the state
//! (`Symmetric::signature`): every rank the state names is mapped through
//! it, and a state holding something naming ranks that is not renamed
//! keeps the plain key (`Symmetric::applies`). Two states with one key are
//! then renamings of each other under a symmetry of the program.
//!
//! States with errors shown but not reported yet are not merged (the
//! errors would be lost). States of programs that made RMA windows add
//! their one-sided state, canonically (`rma_key`).

use super::fingerprint::canon;
use super::past::{Replays, REPLAYS};
use super::symmetry::{Renaming, Symmetry};
use crate::log::events::{Dep, Needed};
use crate::mpi::completion::PollOutcome;
use crate::mpi::machine::{Block, Machine, Phase, ReqSlot};
use runtime_model::model::{InstKind, Model};
use runtime_model::mpi::p2p::{EventRef, ReqOp};
use runtime_model::mpi::World;
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
fn rel(state: &Machine, ren: &Ren, at: EventRef) -> (usize, usize) {
    let calls = state.procs.get(at.0).map_or(0, |p| p.calls);
    (ren.map.rank(at.0), calls.wrapping_sub(at.1))
}

/// A request as `fingerprint::canon` names it, its owner renamed.
fn canon_r(state: &Machine, ren: &Ren, id: usize) -> (usize, usize) {
    let (owner, local) = canon(state, id);
    (ren.map.rank(owner), local)
}

fn hash_ids(state: &Machine, ren: &Ren, ids: &[usize], h: &mut Wide) {
    for &id in ids {
        canon_r(state, ren, id).hash(h);
    }
}

/// The renaming a key is computed under: the identity, or a symmetry of
/// the program (`symmetry`) with what the analysis found.
struct Ren<'a> {
    map: Renaming,
    sym: Option<&'a Symmetry>,
}

/// What a search that reduces by symmetry keeps: the analysis of the
/// program and a fresh world of its size (what a renaming leaves alone
/// must still be as MPI_Init left it, `Symmetric::applies`).
#[derive(Clone, Debug)]
pub struct Symmetric {
    pub sym: Symmetry,
    fresh: World,
    entry: usize,
}

impl Symmetric {
    pub fn new(model: &Model, np: usize) -> Option<Symmetric> {
        let sym = super::symmetry::analyze(model)?;
        // Nothing to rename with fewer than two ranks not fixed.
        if (0..np)
            .filter(|r| !sym.fixed.contains(&(*r as u64)))
            .count()
            < 2
        {
            return None;
        }
        Some(Symmetric {
            sym,
            fresh: World::new(np),
            entry: model.entry as usize,
        })
    }

    /// Whether everything of `state` that names ranks is renamed by the
    /// key (the rest must be as a fresh world has it, which every renaming
    /// maps to itself); otherwise the state gets the plain key.
    fn applies(&self, state: &Machine) -> bool {
        let w = &state.world;
        let f = &self.fresh;
        if w.np != f.np || state.procs.len() != f.np {
            return false;
        }
        for p in &state.procs {
            match &p.phase {
                Phase::Exited { .. } => continue,
                Phase::Ready => {}
                Phase::Blocked { block, .. } => match block {
                    Block::Requests { .. } => {}
                    Block::Collective { comm, .. } if *comm == 0 => {}
                    _ => return false,
                },
            }
            let proc = &p.proc;
            if p.calls == 0
                || proc.frames.len() != 1
                || proc.frames[0].func as usize != self.entry
                || !proc.then.is_empty()
                || !proc.atexit.is_empty()
                || proc.track.is_some()
                || p.poll_deferred.is_some()
            {
                return false;
            }
        }
        for (_, r) in w.p2p.requests.numbered() {
            let ok = match &r.op {
                ReqOp::Send(op) => op.comm == 0,
                ReqOp::Recv(op) => op.comm == 0,
                ReqOp::Null { .. } => true,
                _ => false,
            };
            if !ok || r.persistent_of.is_some() {
                return false;
            }
        }
        let world_ok = w.comms.len() == f.comms.len()
            && w.comms[1..] == f.comms[1..]
            && w.comms.first().is_some_and(|c| {
                let c0 = &f.comms[0];
                c.handle == c0.handle
                    && c.members == c0.members
                    && c.remote.is_none()
                    && c.topology == c0.topology
                    && c.bridge.is_none()
                    && c.origin.is_none()
                    && c.instances.numbered().all(|(_, i)| {
                        i.arrivals
                            .iter()
                            .flatten()
                            .all(|a| a.root.is_none() && a.remote.is_none())
                    })
            });
        world_ok
            && w.p2p.buffers.iter().all(|b| b.is_none())
            && w.p2p.detaches.is_empty()
            && w.comm_refs == f.comm_refs
            && w.groups == f.groups
            && w.thread_level.windows(2).all(|t| t[0] == t[1])
            && w.attr_cells == f.attr_cells
            && w.intercomm_halves.is_empty()
            && w.group_rendezvous.is_empty()
            && w.objects == f.objects
            && w.files.disk.is_empty()
            && w.files.accesses.is_empty()
    }

    /// A rank value as process `me` sees it for its signature: itself, a
    /// fixed rank (by value), another rank, or no rank.
    fn class(&self, state: &Machine, me: usize, v: u64) -> u64 {
        if v == me as u64 {
            u64::MAX
        } else if self.sym.fixed.contains(&v) {
            v
        } else if v < state.np() as u64 {
            u64::MAX - 1
        } else {
            v
        }
    }

    /// The part of each process's signature the world holds: its requests
    /// the key hashes, and its calls the replays have not got through,
    /// with their dependencies (as `history` and `world` hash them, ranks
    /// as `class` sees them).
    fn shared_signatures(&self, state: &Machine, past: Option<&Replays>) -> Vec<u128> {
        let np = state.np();
        let mut hs: Vec<Wide> = (0..np).map(|_| Wide::new()).collect();
        let dist = |at: EventRef| {
            let calls = state.procs.get(at.0).map_or(0, |p| p.calls);
            calls.wrapping_sub(at.1)
        };
        if let Some(past) = past {
            for (kinds, pos) in REPLAYS.iter().zip(&past.pos) {
                for (rank, &p) in pos.iter().enumerate() {
                    dist((rank, p)).hash(&mut hs[rank]);
                }
                for e in state.events.iter_newest_first() {
                    if pos.get(e.rank).is_some_and(|&p| e.index >= p) {
                        let me = e.rank;
                        let recv = e
                            .recv_envelope
                            .map(|(s, t, _)| (s.map(|s| self.class(state, me, s as u64)), t));
                        let send = e
                            .send_envelope
                            .map(|(d, t, _)| (self.class(state, me, d as u64), t));
                        (dist((e.rank, e.index)), e.func, e.loc, recv, send).hash(&mut hs[me]);
                    }
                }
                for d in past.all() {
                    let me = d.waiter.0;
                    if me < np && kinds.contains(&d.kind) && d.waiter.1 >= pos[me] {
                        (dist(d.waiter), d.kind).hash(&mut hs[me]);
                        for &e in d.needs.calls().iter() {
                            (self.class(state, me, e.0 as u64), dist(e)).hash(&mut hs[me]);
                        }
                    }
                }
            }
        }
        let replayed = past.map(|p| &p.through[..]);
        let p2p = &state.world.p2p;
        for (me, h) in hs.iter_mut().enumerate() {
            let class = |v: usize| self.class(state, me, v as u64);
            for id in p2p.owned_by(me) {
                if retired(state, id, replayed) {
                    continue;
                }
                let r = &p2p.requests[id];
                match &r.op {
                    ReqOp::Send(op) => (0u8, class(op.dest), op.tag, &op.data).hash(h),
                    ReqOp::Recv(op) => (1u8, op.source.map(class), op.tag, op.buf).hash(h),
                    _ => 2u8.hash(h),
                }
                (dist(r.posted_at), r.completed_at.map(dist)).hash(h);
                r.partner.map(|x| class(p2p.requests[x].owner)).hash(h);
                (&r.delivered, r.status.map(|s| (s.tag, s.bytes))).hash(h);
            }
        }
        hs.iter().map(|h| h.finish128()).collect()
    }

    /// Where process `rank` keeps rank values in memory (`Symmetry::cells`).
    fn cells(&self, state: &Machine, rank: usize) -> Vec<u64> {
        let fr = &state.procs[rank].proc.frames[0];
        self.sym
            .cells
            .iter()
            .map(|&(reg, off)| {
                fr.regs
                    .get(reg as usize)
                    .copied()
                    .unwrap_or(0)
                    .wrapping_add(off)
            })
            .collect()
    }

    /// A hash of a process's local state with the ranks it holds seen only
    /// as "its own", "a fixed one" (by value) or "another": what the
    /// renaming sorts the interchangeable processes by, so that states
    /// that are renamings of each other tend to pick renamings that make
    /// them equal. Any function of the state would be sound here.
    fn signature(&self, model: &Model, state: &Machine, rank: usize) -> u128 {
        let class = |v: u64| self.class(state, rank, v);
        let mut h = Wide::new();
        let p = &state.procs[rank];
        let proc = &p.proc;
        for fr in &proc.frames {
            (fr.func, fr.block, fr.ip).hash(&mut h);
            for &r in state
                .liveness
                .live_at(model, fr.func, fr.block, fr.ip)
                .iter()
            {
                let v = fr.regs.get(r as usize).copied().unwrap_or(0);
                let v = if self.sym.is_rank_reg(r) { class(v) } else { v };
                (r, v).hash(&mut h);
            }
        }
        // What the key hashes of the process, with the same masks: two
        // states with one plain key must get the same signatures.
        if !matches!(p.phase, Phase::Exited { .. }) {
            let mut masks = memory_masks(model, state, rank);
            let cells: Vec<u64> = self
                .cells(state, rank)
                .into_iter()
                .filter(|&a| !masked(&masks, a))
                .collect();
            masks.extend(cells.iter().map(|&a| (a, 4)));
            proc.mem.hash_contents_as(&mut h, &masks, Some(0));
            for a in cells {
                let v = proc
                    .mem
                    .peek(a, 4)
                    .map(|b| class(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64));
                v.hash(&mut h);
            }
        }
        match &p.phase {
            Phase::Blocked { func, loc, .. } => (1u8, func, loc).hash(&mut h),
            other => (0u8, other).hash(&mut h),
        }
        // The messages it sent that wait in a queue, with their places,
        // and how many wait for it.
        let p2p = &state.world.p2p;
        for d in 0..state.np() {
            for (k, &id) in p2p.pending_sends_to(d).iter().enumerate() {
                let r = &p2p.requests[id];
                if let (true, ReqOp::Send(op)) = (r.owner == rank, &r.op) {
                    (class(d as u64), k, op.tag, &op.data).hash(&mut h);
                }
            }
        }
        (
            p2p.pending_sends_to(rank).len(),
            p2p.pending_recvs_of(rank).len(),
        )
            .hash(&mut h);
        h.finish128()
    }
}

/// The key of a settled state, or `None` when it must not be merged.
/// `clock`: the program reads a clock (`reads_clock`). `symmetric`: the
/// program's symmetry, when the search reduces by it: the key is then
/// that of the state renamed by one permutation of its interchangeable
/// ranks, chosen from the state (`symmetry`), wherever everything the
/// state names ranks with is renamed (`Symmetric::applies`).
pub fn key(
    model: &Model,
    state: &Machine,
    whole_history: bool,
    clock: bool,
    symmetric: Option<&Symmetric>,
) -> Option<u128> {
    if !state.findings.is_empty()
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
    // The replays' frontiers, once for the signatures and the key.
    let past = (!whole_history).then(|| Replays::of(state));
    // One-sided state is hashed without renaming ranks (`rma_key`).
    let rma = super::rma_key::present(state);
    let ren = match symmetric.filter(|s| !rma && s.applies(state)) {
        Some(s) => {
            let shared = s.shared_signatures(state, past.as_ref());
            let map = Renaming::sorting(state.np(), &s.sym.fixed, |r| {
                s.signature(model, state, r) ^ shared[r]
            });
            1u8.hash(&mut h);
            Ren {
                map,
                sym: Some(&s.sym),
            }
        }
        None => {
            0u8.hash(&mut h);
            Ren {
                map: Renaming::identity(state.np()),
                sym: None,
            }
        }
    };
    let ren = &ren;
    processes(model, state, clock, ren, &mut h);
    history(state, past.as_ref(), ren, &mut h);
    let replayed = past.as_ref().map(|p| &p.through[..]);
    // What was compacted away (`state.log_base`) and when the next
    // compaction comes are left out: compaction forgets only what no replay
    // and no check reads, so it changes no outcome, only how a stale
    // handle's error names the call that completed its request — and a
    // subtree that shows an error is never summarized (`explore::memo`).
    world(state, replayed, ren, &mut h);
    // Files only read: their content is the working directory's, a function
    // of the name; which were found, and who read them (a later write must
    // be ordered after those reads), is what the future reads.
    for d in &state.world.files.disk {
        (&d.name, d.bytes.is_some()).hash(&mut h);
    }
    state.world.files.accesses.hash(&mut h);
    for (r, excluded) in &state.deferred {
        canon_r(state, ren, *r).hash(&mut h);
        hash_ids(state, ren, excluded, &mut h);
    }
    if rma {
        super::rma_key::hash(state, &mut h);
    }
    Some(h.finish128())
}

fn processes(model: &Model, state: &Machine, clock: bool, ren: &Ren, h: &mut Wide) {
    for &rank in &ren.map.order {
        let p = &state.procs[rank];
        let proc = &p.proc;
        proc.frames.len().hash(h);
        for fr in &proc.frames {
            (fr.func, fr.block, fr.ip, fr.ret_dst).hash(h);
            for &r in state
                .liveness
                .live_at(model, fr.func, fr.block, fr.ip)
                .iter()
            {
                // Registers holding ranks are renamed (`Symmetric::applies`
                // ensures the only frame is the analysed entry function's).
                let v = fr.regs.get(r as usize).copied();
                match ren.sym {
                    Some(s) if s.is_rank_reg(r) => (r, v.map(|v| ren.map.value(v))).hash(h),
                    _ => (r, v).hash(h),
                }
            }
        }
        if matches!(p.phase, Phase::Exited { .. }) {
            // Nothing reads the memory of a process that has ended.
            0u8.hash(h);
        } else {
            let mut masks = memory_masks(model, state, rank);
            match ren.sym {
                None => proc.mem.hash_contents_masked(h, &masks),
                Some(_) => {
                    // The cells holding ranks are hashed renamed, except
                    // where the plain key leaves them out anyway.
                    let cells: Vec<u64> = symmetric_cells(state, ren, rank)
                        .into_iter()
                        .filter(|&a| !masked(&masks, a))
                        .collect();
                    masks.extend(cells.iter().map(|&a| (a, 4)));
                    // Process ids follow ranks (`Machine::new`); no
                    // symmetric program reads them (`symmetry::analyze`).
                    let pid = 1000 + ren.map.rank(rank) as i32;
                    proc.mem.hash_contents_as(h, &masks, Some(pid));
                    for a in cells {
                        let v = proc.mem.peek(a, 4).map(|b| {
                            ren.map
                                .value(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64)
                        });
                        (a, v).hash(h);
                    }
                }
            }
        }
        for g in proc.mem.guards() {
            // Origin buffers of RMA operations: `rma_key`, under the
            // operations' canonical names.
            if crate::mpi::rma::is_rma_guard(g.owner) {
                continue;
            }
            match state.world.p2p.requests.get(g.owner as usize) {
                Some(_) => canon_r(state, ren, g.owner as usize).hash(h),
                None => g.owner.hash(h),
            }
        }
        if clock {
            proc.steps.hash(h);
        }
        (&proc.track, &proc.then, &proc.atexit, &proc.omp).hash(h);
        (proc.exit_status, proc.exit_at).hash(h);
        hash_phase(state, ren, &p.phase, h);
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
                        PollOutcome::Message(id) => canon_r(state, ren, *id).hash(h),
                        other => other.hash(h),
                    }
                }
            }
        }
    }
}

/// Memory of process `rank` the key leaves out: what the future
/// overwrites before reading it (`overwritten`) and the stack slots dead
/// from here on.
fn memory_masks(model: &Model, state: &Machine, rank: usize) -> Vec<(u64, u64)> {
    let mut masks = overwritten(state, rank);
    for fr in &state.procs[rank].proc.frames {
        let dead = state
            .liveness
            .slots
            .dead_after(model, fr.func, fr.block, fr.ip);
        for &(reg, size) in dead.iter() {
            if let Some(&addr) = fr.regs.get(reg as usize) {
                masks.push((addr, size));
            }
        }
    }
    masks
}

/// Whether the cell of 4 bytes at `a` lies in one of `masks`.
fn masked(masks: &[(u64, u64)], a: u64) -> bool {
    masks.iter().any(|&(m, len)| m <= a && a + 4 <= m + len)
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
fn retired(state: &Machine, id: usize, replayed: Option<&[usize]>) -> bool {
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

fn world(state: &Machine, replayed: Option<&[usize]>, ren: &Ren, h: &mut Wide) {
    let w = &state.world;
    (w.np, w.zero_buffer, w.synchronizing_collectives).hash(h);
    let p2p = &w.p2p;
    for &rank in &ren.map.order {
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
                (kind, rel(state, ren, r.posted_at), r.freed, r.message).hash(h);
                at_calls(
                    state,
                    ren,
                    [r.completed_at, r.freed_at, r.overwritten_at],
                    h,
                );
                continue;
            }
            match &r.op {
                ReqOp::Send(op) => {
                    (0u8, op.mode, ren.map.rank(op.dest), op.tag, op.comm).hash(h);
                    (&op.data, op.datatype, op.count, op.rendezvous).hash(h);
                }
                ReqOp::Recv(op) => {
                    (1u8, op.source.map(|s| ren.map.rank(s)), op.tag, op.comm).hash(h);
                    (op.buf, op.capacity, op.datatype, op.count).hash(h);
                }
                ReqOp::Null { status } => (2u8, status_r(ren, status)).hash(h),
                ReqOp::Collective {
                    comm,
                    instance,
                    member,
                    recv_buf,
                } => (3u8, comm, instance, member, recv_buf).hash(h),
                ReqOp::Persistent(op) => {
                    (4u8, op.send_mode, op.buf, op.count, op.datatype).hash(h);
                    (op.peer, op.tag, op.comm, op.started).hash(h);
                    op.active.map(|x| canon_r(state, ren, x)).hash(h);
                }
                ReqOp::Rma { first, count } => (5u8, first, count).hash(h),
                ReqOp::Generalized(g) => (6u8, g).hash(h),
            }
            rel(state, ren, r.posted_at).hash(h);
            r.partner.map(|x| canon_r(state, ren, x)).hash(h);
            (&r.delivered, r.status.map(|s| status_r(ren, &s))).hash(h);
            r.persistent_of.map(|x| canon_r(state, ren, x)).hash(h);
            (r.freed, r.cancelled, r.cancel_failed, r.message).hash(h);
            at_calls(
                state,
                ren,
                [r.completed_at, r.freed_at, r.overwritten_at],
                h,
            );
        }
        hash_ids(state, ren, p2p.pending_sends_to(rank), h);
        p2p.pending_sends_to(rank).len().hash(h);
        hash_ids(state, ren, p2p.pending_recvs_of(rank), h);
        p2p.pending_recvs_of(rank).len().hash(h);
    }
    // Attached buffers and detaches: none when renaming (`applies`).
    for b in &p2p.buffers {
        b.as_ref().map(|b| (b.addr, b.size)).hash(h);
        if let Some(b) = b {
            hash_ids(state, ren, &b.messages, h);
            b.messages.len().hash(h);
        }
    }
    for (at, messages) in &p2p.detaches {
        rel(state, ren, *at).hash(h);
        hash_ids(state, ren, messages, h);
        messages.len().hash(h);
    }
    comms(state, replayed, ren, h);
    // When renaming these are as a fresh world has them, which every
    // renaming maps to itself (`Symmetric::applies`), but for the
    // per-process lists, which move with their processes.
    (&w.comm_refs, &w.groups, &w.thread_level).hash(h);
    (&w.attr_cells, &w.intercomm_halves, &w.group_rendezvous).hash(h);
    for &rank in &ren.map.order {
        (&w.current_call.get(rank), &w.origins.get(rank)).hash(h);
    }
    (w.current_call.len(), w.origins.len(), &w.objects).hash(h);
}

/// A status with its source renamed.
fn status_r(ren: &Ren, s: &runtime_model::mpi::p2p::Status) -> (i32, i32, u64, i32) {
    let source = if s.source >= 0 {
        ren.map.rank(s.source as usize) as i32
    } else {
        s.source
    };
    (source, s.tag, s.bytes, s.error)
}

/// The addresses of the memory cells of process `rank` that hold ranks.
fn symmetric_cells(state: &Machine, ren: &Ren, rank: usize) -> Vec<u64> {
    match ren.sym {
        Some(s) => {
            let fr = &state.procs[rank].proc.frames[0];
            s.cells
                .iter()
                .map(|&(reg, off)| {
                    fr.regs
                        .get(reg as usize)
                        .copied()
                        .unwrap_or(0)
                        .wrapping_add(off)
                })
                .collect()
        }
        None => Vec::new(),
    }
}

/// The communicators, with the collective instances the future can still
/// read: the oldest instances that are over — what compaction forgets
/// (`compact::instances_over`) — are left out; the others are hashed with
/// their calls as distances (`rel`). The instance numbers stay: reports
/// name them.
fn comms(state: &Machine, replayed: Option<&[usize]>, ren: &Ren, h: &mut Wide) {
    let w = &state.world;
    let settled =
        |at: EventRef| replayed.is_some_and(|pos| pos.get(at.0).is_some_and(|&p| at.1 < p));
    let over = super::compact::instances_over(state, &settled);
    w.comms.len().hash(h);
    let identity: Vec<usize> = Vec::new();
    for (ci, (c, first_kept)) in w.comms.iter().zip(over).enumerate() {
        // Members of MPI_COMM_WORLD (comm 0) are world ranks: its
        // per-member lists move with the renaming. When renaming, every
        // other communicator is as fresh (`Symmetric::applies`).
        let order = if ci == 0 { &ren.map.order } else { &identity };
        let member = |j: usize| if order.is_empty() { j } else { order[j] };
        (c.handle, &c.members, &c.remote, &c.topology, c.bridge).hash(h);
        c.next_instance.len().hash(h);
        for j in 0..c.next_instance.len() {
            c.next_instance.get(member(j)).hash(h);
        }
        (c.origin, c.instances.len()).hash(h);
        for (k, inst) in c.instances.numbered() {
            if k < first_kept {
                continue;
            }
            (k, inst.synchronizing).hash(h);
            inst.arrivals.len().hash(h);
            for j in 0..inst.arrivals.len() {
                match inst.arrivals.get(member(j)).and_then(|a| a.as_ref()) {
                    None => 0u8.hash(h),
                    Some(a) => {
                        1u8.hash(h);
                        // Roots and remote groups name ranks: none when
                        // renaming (`Symmetric::applies`).
                        (a.func, a.root, a.op, a.datatype, &a.send).hash(h);
                        (a.recv_block, a.send_block, &a.args, &a.remote).hash(h);
                        (&a.send_types, &a.recv_types).hash(h);
                        rel(state, ren, a.event).hash(h);
                    }
                }
            }
            match &inst.arrival_events {
                None => 0u8.hash(h),
                Some(events) => {
                    (1u8, events.len()).hash(h);
                    for j in 0..events.len() {
                        events.get(member(j)).map(|&e| rel(state, ren, e)).hash(h);
                    }
                }
            }
        }
    }
}

/// Calls a request names (completed, freed, overwritten), as distances.
fn at_calls(state: &Machine, ren: &Ren, calls: [Option<EventRef>; 3], h: &mut Wide) {
    for c in calls {
        c.map(|at| rel(state, ren, at)).hash(h);
    }
}

fn hash_dep(state: &Machine, ren: &Ren, d: &Dep, h: &mut Wide) {
    (rel(state, ren, d.waiter), d.kind).hash(h);
    match &d.needs {
        Needed::Never => 0u8.hash(h),
        Needed::Call(e) => (1u8, rel(state, ren, *e)).hash(h),
        Needed::All(v) => {
            (2u8, v.len()).hash(h);
            for &e in v.iter() {
                rel(state, ren, e).hash(h);
            }
        }
    }
}

/// What of the execution's past the end-of-execution replays can still
/// read (see the module comment). Returns how far both replays get through
/// the past on their own (`None` when all of it is hashed).
fn history(state: &Machine, past: Option<&Replays>, ren: &Ren, h: &mut Wide) {
    let Some(past) = past else {
        state.deps.len().hash(h);
        for d in state.deps.iter_newest_first() {
            hash_dep(state, ren, d, h);
        }
        return;
    };
    let mut pending = Vec::new();
    let mut residual: Vec<&Dep> = Vec::new();
    for (kinds, pos) in REPLAYS.iter().zip(&past.pos) {
        for &rank in &ren.map.order {
            rel(state, ren, (rank, pos[rank])).hash(h);
        }
        if *pos != past.counts {
            // The calls not got through yet, as a stuck replay reports
            // them (what they are decides what a stuck point means), in
            // (rank, call) order: the log's order is the interleaving's.
            pending.clear();
            pending.extend(
                state
                    .events
                    .iter_newest_first()
                    .filter(|e| pos.get(e.rank).is_some_and(|&p| e.index >= p)),
            );
            pending.sort_by_key(|e| (ren.map.rank(e.rank), e.index));
            for e in &pending {
                (rel(state, ren, (e.rank, e.index)), e.func, e.loc).hash(h);
                let recv = e
                    .recv_envelope
                    .map(|(s, t, c)| (s.map(|s| ren.map.rank(s)), t, c));
                let send = e.send_envelope.map(|(d, t, c)| (ren.map.rank(d), t, c));
                (recv, send).hash(h);
            }
        }
        residual.clear();
        residual.extend(past.all().filter(|d| {
            kinds.contains(&d.kind) && pos.get(d.waiter.0).is_some_and(|&p| d.waiter.1 >= p)
        }));
        // The order deps were recorded in depends on the interleaving.
        let at = |e: EventRef| (ren.map.rank(e.0), e.1);
        residual.sort_by_key(|d| {
            let first = d.needs.calls().first().copied().map(at);
            (at(d.waiter), d.kind as u8, first)
        });
        residual.len().hash(h);
        for d in &residual {
            hash_dep(state, ren, d, h);
        }
    }
}

fn hash_slots(state: &Machine, ren: &Ren, slots: &[ReqSlot], h: &mut Wide) {
    for s in slots {
        s.req.map(|r| canon_r(state, ren, r)).hash(h);
        (s.handle_addr, s.status_addr).hash(h);
    }
}

/// `fingerprint::hash_phase` with requests and ranks renamed (when
/// renaming, a blocked process is in a request wait or a collective on
/// MPI_COMM_WORLD: `Symmetric::applies`).
fn hash_phase(state: &Machine, ren: &Ren, phase: &Phase, h: &mut Wide) {
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
            hash_slots(state, ren, slots, h);
            mode.hash(h);
            hash_ids(state, ren, excluded, h);
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
            let source = source.map(|s| ren.map.rank(s));
            (comm, source, tag, status_addr, message_addr).hash(h);
            hash_ids(state, ren, excluded, h);
        }
        Block::Poll { kind, slots, probe } => {
            let probe = probe.map(|(c, s, t)| (c, s.map(|s| ren.map.rank(s)), t));
            (kind, probe).hash(h);
            hash_slots(state, ren, slots, h);
        }
        Block::Cancel { req } => canon_r(state, ren, *req).hash(h),
        Block::Detach { messages } => hash_ids(state, ren, messages, h),
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
        // Thread numbers of one process (OpenMP programs get no symmetry).
        Block::Rma(_) | Block::SharedFp { .. } | Block::Threads { .. } => block.hash(h),
    }
}
