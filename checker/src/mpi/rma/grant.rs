//! The one-sided choices of the MPI library the search branches on
//! (Hoefler et al. 2015, §2.6.2, §2.3): which of the competing lock requests on a
//! target is granted first, and in which order concurrent atomic
//! operations on the same bytes take effect. Each is offered like a
//! wildcard match (`crate::mpi::decide`): the options of now, and a
//! "defer" branch in which the choice waits for a request or operation not
//! made yet, so that every order is explored once.

use super::race::overlaps;
use super::RmaWait;
use crate::mpi::decide::Decision;
use crate::mpi::machine::*;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::rma::{LockKind, OpKind, RmaOp, WinId};
use runtime_model::mpi_api::MpiFunc as F;

/// What a blocked process waits for to take effect: the operations the
/// call it is in completes, in issue order, and those the search said take
/// effect after a later operation (a "defer" branch).
struct Awaiting {
    /// Sorted by id.
    ops: Vec<u64>,
    excluded: Vec<u64>,
    /// A completion call on request-based operations (MPI_Wait*, MPI_Test*):
    /// which of them completes first can be what it returns, so each group
    /// of operations on the same bytes is a decision of its own. A
    /// synchronization call returns once all took effect: one decision at a
    /// time is enough.
    requests: bool,
}

impl Machine {
    fn awaiting(&self, rank: usize) -> Option<Awaiting> {
        let Phase::Blocked { block, .. } = &self.procs[rank].phase else {
            return None;
        };
        match block {
            Block::Rma(RmaWait::Complete {
                win,
                target,
                excluded,
                ..
            }) => Some(Awaiting {
                ops: self.covered_ops(rank, *win, *target),
                excluded: excluded.clone(),
                requests: false,
            }),
            Block::Requests { slots, .. } | Block::Poll { slots, .. } => {
                let mut ops = Vec::new();
                for id in slots.iter().filter_map(|s| s.req) {
                    if let ReqOp::Rma { first, count } = self.world.p2p.requests[id].op {
                        ops.extend(first..first + count);
                    }
                }
                // Only a call that returns data waits for its effect
                // (`rma_request_complete`).
                ops.retain(|&id| {
                    self.world.rma.op_index(id).is_some_and(|i| {
                        let o = &self.world.rma.ops[i].1;
                        o.result.is_some() && !o.applied
                    })
                });
                // Sorted, as `covered_ops` is: `awaited_heads` searches it.
                ops.sort_unstable();
                ops.dedup();
                let calls = self.procs[rank].calls;
                let excluded = self
                    .rma
                    .as_ref()
                    .and_then(|t| {
                        t.request_excluded
                            .iter()
                            .find(|e| (e.0, e.1) == (rank, calls))
                    })
                    .map_or(Vec::new(), |e| e.2.clone());
                (!ops.is_empty()).then_some(Awaiting {
                    ops,
                    excluded,
                    requests: true,
                })
            }
            _ => None,
        }
    }

    /// The operations that head a decision for `a`: the first not taken
    /// effect yet, and for request completions also the first of every
    /// other group on bytes the earlier ones do not touch.
    fn awaited_heads(&self, a: &Awaiting) -> Vec<&(u64, RmaOp)> {
        let mut out: Vec<&(u64, RmaOp)> = Vec::new();
        for entry in self.world.rma.ops.iter() {
            let (id, o) = entry;
            if o.applied || a.ops.binary_search(id).is_err() {
                continue;
            }
            if out.is_empty()
                || (a.requests
                    && !out
                        .iter()
                        .any(|(_, x)| x.target == o.target && overlaps(&x.ranges, &o.ranges)))
            {
                out.push(entry);
            }
            if !a.requests {
                break;
            }
        }
        out
    }
}

/// A lock request a blocked process waits for.
struct Request {
    rank: usize,
    win: WinId,
    target: Option<usize>,
    kind: LockKind,
    deferred: Option<Vec<usize>>,
}

fn requests(state: &Machine) -> Vec<Request> {
    state
        .procs
        .iter()
        .enumerate()
        .filter_map(|(rank, p)| match &p.phase {
            Phase::Blocked {
                block:
                    Block::Rma(RmaWait::Lock {
                        win,
                        target,
                        kind,
                        deferred,
                    }),
                ..
            } => Some(Request {
                rank,
                win: *win,
                target: *target,
                kind: *kind,
                deferred: deferred.clone(),
            }),
            _ => None,
        })
        .collect()
}

impl Machine {
    fn grantable(&self, r: &Request) -> bool {
        let win = &self.world.rma.windows[r.win];
        match r.target {
            Some(t) => win.grantable(t, r.kind),
            None => (0..win.holders.len()).all(|t| win.grantable(t, LockKind::Shared)),
        }
    }

    /// The unapplied operations on bytes `ranges` of process `target` that
    /// may take effect next there: an origin's accumulates to one location
    /// apply in program order (§11.7.2), so an operation waits for every
    /// earlier one of its origin on any of its own bytes, unless its
    /// window's `accumulate_ordering` hint relaxes that (then every one may
    /// go). The ordering is per location: an operation that spans several
    /// elements (one not split, `rma_call`) does not hold back its origin's
    /// later operations on its other bytes.
    fn heads(&self, target: usize, ranges: &[(u64, u64)]) -> Vec<u64> {
        // Earlier unapplied operations at `target`, per origin.
        let mut earlier: Vec<(usize, &[(u64, u64)])> = Vec::new();
        let mut out = Vec::new();
        for (id, o) in &self.world.rma.ops {
            if o.applied || self.deferred(*id) || self.member_rank(o.win, o.target) != target {
                continue;
            }
            let ordered = self.accumulates_ordered(o.win, o.origin);
            let held = ordered
                && earlier
                    .iter()
                    .any(|(origin, r)| *origin == o.origin && overlaps(r, &o.ranges));
            earlier.push((o.origin, &o.ranges));
            if !held && overlaps(&o.ranges, ranges) {
                out.push(*id);
            }
        }
        out
    }

    /// Whether an atomic operation on bytes `ranges` of process `target`
    /// is issued and has not taken effect yet.
    pub(super) fn atomics_pending_on(&self, target: usize, ranges: &[(u64, u64)]) -> bool {
        self.world.rma.ops.iter().any(|(_, o)| {
            !o.applied
                && matches!(o.kind, OpKind::Atomic { .. })
                && self.member_rank(o.win, o.target) == target
                && overlaps(&o.ranges, ranges)
        })
    }

    /// Whether `origin`'s accumulates on window `w` to one location keep
    /// program order: the default `accumulate_ordering` "rar,raw,war,waw"
    /// (MPI 3.1 §11.2.1, §11.7.2); any other value (e.g. "none") lets them
    /// take effect in any order.
    fn accumulates_ordered(&self, w: WinId, origin: usize) -> bool {
        let Some(m) = self.member(w, origin) else {
            return true;
        };
        let hint = self.world.rma.windows[w].hints[m]
            .iter()
            .rev()
            .find(|(k, _)| k == "accumulate_ordering")
            .map(|(_, v)| v.clone());
        hint.is_none_or(|v| {
            let kinds: Vec<&str> = v.split(',').map(str::trim).collect();
            ["rar", "raw", "war", "waw"]
                .iter()
                .all(|k| kinds.contains(k))
        })
    }
}

/// The pending one-sided decisions, per owner rank: (options, defer).
/// `reduce`: the reduced search's (POE's) form, which offers one order of
/// atomic updates that commute (`commuting`); the oracle
/// (`--reduction none`) gets every order.
pub fn rma_decisions(
    state: &Machine,
    reduce: bool,
) -> Vec<(usize, Vec<Decision>, Option<Decision>)> {
    let mut out = Vec::new();
    if state.world.rma.windows.is_empty() {
        return out;
    }
    let reqs = requests(state);
    // One decision per group of competing requests (the first requester's):
    // a second one over the same requests would offer again what a
    // deferral of the first excluded.
    let mut covered: Vec<usize> = Vec::new();
    for r in reqs.iter().filter(|r| state.grantable(r)) {
        if covered.contains(&r.rank) {
            continue;
        }
        let conflicts = |q: &Request| {
            q.rank == r.rank
                || (q.win == r.win
                    && (q.target.is_none() || r.target.is_none() || q.target == r.target)
                    && (q.kind == LockKind::Exclusive || r.kind == LockKind::Exclusive))
        };
        let excluded = r.deferred.clone().unwrap_or_default();
        covered.extend(reqs.iter().filter(|q| conflicts(q)).map(|q| q.rank));
        let ranks: Vec<usize> = reqs
            .iter()
            .filter(|q| conflicts(q) && state.grantable(q) && !excluded.contains(&q.rank))
            .map(|q| q.rank)
            .collect();
        if ranks.is_empty() {
            continue;
        }
        let mut ex = excluded.clone();
        ex.extend(ranks.iter().copied());
        out.push((
            r.rank,
            ranks.iter().map(|&q| Decision::Grant { rank: q }).collect(),
            Some(Decision::DeferGrant {
                rank: r.rank,
                excluded: ex,
            }),
        ));
    }
    let mut covered_ops: Vec<u64> = Vec::new();
    for rank in 0..state.procs.len() {
        let Some(awaiting) = state.awaiting(rank) else {
            continue;
        };
        let excluded = &awaiting.excluded;
        for first in state.awaited_heads(&awaiting) {
            if covered_ops.contains(&first.0) {
                continue;
            }
            let t = state.member_rank(first.1.win, first.1.target);
            let all = state.heads(t, &first.1.ranges);
            covered_ops.extend(all.iter().copied());
            covered_ops.extend(excluded.iter().copied());
            let heads: Vec<u64> = all
                .into_iter()
                .filter(|id| !excluded.contains(id))
                .collect();
            // Operations that would not change memory now (an MPI_NO_OP, a
            // compare-and-swap that fails) commute with each other: one of
            // them is enough beside every writer (the others stay pending and
            // are offered again after it, before or after any writer).
            let first_id = first.0;
            if reduce && !heads.is_empty() && heads.iter().all(|&id| state.commuting(id)) {
                // Every update of these bytes, now and later, commutes with
                // every other and nothing reads a value between two of them
                // (`SlotLiveness::commuting_atomics`): all orders leave the
                // same memory and the same observations, so one is enough,
                // and no deferral to a later operation can add another.
                let op = heads
                    .iter()
                    .copied()
                    .min_by_key(|&id| (id != first_id, id))
                    .unwrap_or(first_id);
                out.push((rank, vec![Decision::Apply { op }], None));
                continue;
            }
            let reader = heads
                .iter()
                .copied()
                .filter(|&id| !state.would_write(id))
                .min_by_key(|&id| (id != first_id, id));
            let options: Vec<u64> = heads
                .iter()
                .copied()
                .filter(|&id| state.would_write(id) || Some(id) == reader)
                .collect();
            if options.is_empty() {
                continue;
            }
            let mut ex = excluded.to_vec();
            ex.extend(options.iter().copied());
            out.push((
                rank,
                options.iter().map(|&op| Decision::Apply { op }).collect(),
                Some(Decision::DeferApply { rank, excluded: ex }),
            ));
        }
    }
    out
}

/// Whether a one-sided choice was deferred and never taken otherwise: the
/// branch that took it covers the execution.
pub fn rma_skipped(state: &Machine) -> bool {
    requests(state)
        .iter()
        .any(|r| r.deferred.is_some() && state.grantable(r))
        || (0..state.procs.len()).any(|rank| {
            state
                .awaiting(rank)
                .is_some_and(|a| !a.excluded.is_empty() && !state.awaited_heads(&a).is_empty())
        })
}

impl Machine {
    /// The processes `rank`'s completing call on window `w` (to member
    /// `target`, or all) waits for besides the search's decisions: the
    /// targets of its fence-epoch operations that have not entered the
    /// fence that opened the epoch (`Deferred`). A deadlock there follows
    /// from them (e.g. from a target that stopped at an error).
    pub fn awaited_targets(&self, rank: usize, w: WinId, target: Option<usize>) -> Vec<usize> {
        let ops = self.covered_ops(rank, w, target);
        let Some(t) = &self.rma else {
            return Vec::new();
        };
        let mut out: Vec<usize> = Vec::new();
        for d in t.deferred.iter().filter(|d| ops.contains(&d.remote.op)) {
            if !out.contains(&d.remote.target) {
                out.push(d.remote.target);
            }
        }
        out
    }

    /// Whether operation `id` waits for its target to enter a fence.
    fn deferred(&self, id: u64) -> bool {
        self.rma
            .as_ref()
            .is_some_and(|t| t.deferred.iter().any(|d| d.remote.op == id))
    }

    /// Whether atomic update `id` commutes with every other atomic
    /// operation of the program on its bytes: the program combines with one
    /// commutative operation only and reads no fetched value
    /// (`SlotLiveness::commuting_atomics`), and this update's datatype makes
    /// that operation exact in any order.
    pub(super) fn commuting(&self, id: u64) -> bool {
        let Some(common) = self.liveness.slots.commuting_atomics else {
            return false;
        };
        let Some(i) = self.world.rma.op_index(id) else {
            return false;
        };
        let o = &self.world.rma.ops[i].1;
        matches!(o.kind, OpKind::Atomic { op, basic, updates: true }
            if op == common && crate::exec::slots::commutes_exactly(op, basic))
            && o.func != F::CompareAndSwap
    }

    /// Whether atomic operation `id` would change its target's memory if it
    /// took effect now.
    fn would_write(&self, id: u64) -> bool {
        let Some((_, o)) = self.world.rma.ops.iter().find(|(i, _)| *i == id) else {
            return false;
        };
        match o.kind {
            OpKind::Atomic { op, .. } if op == runtime_model::handles::MPI_NO_OP => false,
            OpKind::Atomic { .. } if o.func == F::CompareAndSwap => {
                let t = self.member_rank(o.win, o.target);
                let mem = &self.procs[t].proc.mem;
                let mut now = Vec::new();
                for &(a, len) in &o.ranges {
                    match mem.peek(a, len) {
                        Some(b) => now.extend_from_slice(b),
                        None => return true,
                    }
                }
                o.compare.as_deref() == Some(&now[..])
            }
            _ => true,
        }
    }

    /// Grants the lock `rank` waits for (decision `Grant`).
    pub fn grant_lock(&mut self, model: &Model, rank: usize) -> Result<(), Halt> {
        let Phase::Blocked {
            block: Block::Rma(RmaWait::Lock {
                win, target, kind, ..
            }),
            loc,
            ..
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        let m = self.member(win, rank).unwrap_or(0);
        let n = self.world.rma.windows[win].holders.len();
        let targets: Vec<usize> = target.map_or((0..n).collect(), |t| vec![t]);
        for &t in &targets {
            self.world.rma.windows[win].holders[t].push((m, kind));
        }
        // A grant is ordered after every release of a conflicting lock on
        // the same target (Hoefler et al. 2015, §3.2.5: unlock → next lock).
        if let Some(track) = &mut self.rma {
            for &t in &targets {
                if let Some((_, all, excl)) = track
                    .released
                    .iter()
                    .find(|(k, _, _)| *k == (win, t))
                    .cloned()
                {
                    let c = if kind == LockKind::Exclusive {
                        all
                    } else {
                        excl
                    };
                    track.clocks.join(rank, &c);
                }
            }
        }
        // A conflicting request granted: deferrals waiting for one are
        // satisfied (non-conflicting grants commute with theirs).
        for p in &mut self.procs {
            if let Phase::Blocked {
                block:
                    Block::Rma(RmaWait::Lock {
                        win: w,
                        target: t,
                        kind: k,
                        deferred,
                    }),
                ..
            } = &mut p.phase
            {
                let conflicting = *w == win
                    && (t.is_none() || target.is_none() || *t == target)
                    && (*k == LockKind::Exclusive || kind == LockKind::Exclusive);
                if conflicting && deferred.as_ref().is_some_and(|d| !d.contains(&rank)) {
                    *deferred = None;
                }
            }
        }
        let what = match target {
            Some(t) => format!(
                "the {} lock on rank {t} of window {} is granted to rank {rank}",
                kind.name(),
                win + 1
            ),
            None => format!(
                "the MPI_Win_lock_all of rank {rank} on window {} is granted",
                win + 1
            ),
        };
        self.trace_event(rank, loc, what);
        self.memory_barrier(rank, (false, true));
        self.version += 1;
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(())
    }

    /// Records the release of locks on `targets` of window `w` by `rank`'s
    /// current call.
    pub(super) fn note_release(&mut self, rank: usize, w: WinId, targets: &[(usize, LockKind)]) {
        let index = self.procs[rank].calls.saturating_sub(1);
        let stamp = self.call_stamp(rank);
        let Some(track) = &mut self.rma else {
            return;
        };
        // The lock requests this unlock ends (`check_nocheck`).
        for x in track.locks.iter_mut() {
            let ended = x.target.is_none_or(|t| targets.iter().any(|r| r.0 == t));
            if x.win == w && x.rank == rank && x.end.is_none() && ended {
                x.end = Some(stamp);
            }
        }
        let Some(c) = track.clocks.snapshot_of(rank, index) else {
            return;
        };
        for &(t, kind) in targets {
            let i = match track.released.iter().position(|(k, _, _)| *k == (w, t)) {
                Some(i) => i,
                None => {
                    let zero: super::clock::Clock = std::sync::Arc::from(vec![0u32; c.len()]);
                    track.released.push(((w, t), zero.clone(), zero));
                    track.released.len() - 1
                }
            };
            let entry = &mut track.released[i];
            entry.1 = super::clock::max(&entry.1, &c);
            if kind == LockKind::Exclusive {
                entry.2 = super::clock::max(&entry.2, &c);
            }
        }
    }

    /// Atomic operation `op` takes effect at its target (decision `Apply`).
    pub fn apply_atomic(&mut self, op: u64) -> Result<(), Halt> {
        let Some(i) = self.world.rma.op_index(op) else {
            return Ok(());
        };
        let o = self.world.rma.ops[i].1.clone();
        let OpKind::Atomic { op: rop, basic, .. } = o.kind else {
            return Ok(());
        };
        let t = self.member_rank(o.win, o.target);
        let old = self.read_target(t, &o.ranges);
        let data = o
            .data
            .clone()
            .unwrap_or_else(|| std::sync::Arc::from(Vec::new()));
        let wrote = rop != runtime_model::handles::MPI_NO_OP
            && (o.func != F::CompareAndSwap || o.compare.as_deref() == Some(&old[..]));
        let new: Vec<u8> = if o.func == F::CompareAndSwap {
            match &o.compare {
                Some(c) if c[..] == old[..] => data.to_vec(),
                _ => old.clone(),
            }
        } else if rop == runtime_model::handles::MPI_REPLACE {
            data.to_vec()
        } else if rop == runtime_model::handles::MPI_NO_OP {
            old.clone()
        } else {
            let mut acc = old.clone();
            runtime_model::reduce::reduce_local(rop, basic, &data, &mut acc).map_err(|e| {
                Halt::Error(
                    Finding::new(
                        crate::diag::ErrorKind::InvalidArgument,
                        format!("{} cannot combine its data: {e:?}", o.func.name()),
                    )
                    .at(o.origin, o.loc, Some(o.func)),
                )
            })?;
            acc
        };
        if new != old {
            self.write_target(t, &o.ranges, &new);
        }
        if let Some(layout) = &o.result {
            // The old values, in type-map order, into the result buffer's
            // layout (the same signature, §11.3.4).
            let mut from = 0usize;
            for &(at, len) in layout {
                let to = (from + len as usize).min(old.len());
                let mem = &mut self.procs[o.origin].proc.mem;
                let _ = mem.unchecked(|m| m.write_bytes(at, &old[from..to]));
                self.mirror_shared(o.origin, runtime_model::model::Pointer::decode(at).alloc);
                from = to;
            }
        }
        // A fetched value the program never reads orders nothing after it
        // (`commuting`): only a read that can act on what it saw is
        // ordered after the write it read from.
        let reads = o.result.is_some() && !self.commuting(op);
        if let Some(track) = &mut self.rma {
            let from = track.races.apply(op, wrote);
            if let (Some(c), true) = (from, reads) {
                track.acquired.push((op, c));
            }
        }
        self.world.rma.ops[i].1.applied = true;
        // Deferrals waiting for another operation on the same bytes to go
        // first are satisfied (operations on other bytes commute).
        for rank in 0..self.procs.len() {
            let Some(a) = self.awaiting(rank) else {
                continue;
            };
            if a.excluded.is_empty() || a.excluded.contains(&op) {
                continue;
            }
            let satisfied = self.awaited_heads(&a).iter().any(|(_, x)| {
                self.member_rank(x.win, x.target) == t && overlaps(&x.ranges, &o.ranges)
            });
            if satisfied {
                self.set_rma_excluded(rank, Vec::new());
            }
        }
        self.trace_event(
            o.origin,
            o.loc,
            format!(
                "{} of rank {} takes effect on rank {t}",
                o.func.name(),
                o.origin
            ),
        );
        if new != old {
            self.version += 1;
        }
        Ok(())
    }

    /// Decision `DeferGrant` / `DeferApply`.
    pub fn defer_rma(&mut self, rank: usize, locks: Option<Vec<usize>>, ops: Option<Vec<u64>>) {
        if let Phase::Blocked {
            block: Block::Rma(RmaWait::Lock { deferred, .. }),
            ..
        } = &mut self.procs[rank].phase
        {
            if locks.is_some() {
                *deferred = locks;
            }
            return;
        }
        if let Some(ops) = ops {
            self.set_rma_excluded(rank, ops);
        }
    }

    /// The operations `rank`'s current call lets take effect only after a
    /// later one: kept in its completing call's wait, or, for a completion
    /// of requests, beside the call (valid while the process is in it).
    fn set_rma_excluded(&mut self, rank: usize, ops: Vec<u64>) {
        if let Phase::Blocked {
            block: Block::Rma(RmaWait::Complete { excluded, .. }),
            ..
        } = &mut self.procs[rank].phase
        {
            *excluded = ops;
            return;
        }
        let calls = self.procs[rank].calls;
        if let Some(t) = &mut self.rma {
            t.request_excluded.retain(|e| e.0 != rank);
            if !ops.is_empty() {
                t.request_excluded.push((rank, calls, ops));
            }
        }
    }
}
