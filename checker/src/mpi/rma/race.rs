//! `rma-race`: two conflicting accesses to the same bytes of a window, not
//! ordered by happens-before (Hoefler et al. 2015, §3.3, MPI 3.1 §11.7).
//!
//! An RMA call accesses its target from its issue until its completion at
//! the target (unlock, flush, closing fence): a [`Remote`] record keeps its
//! issuer's clock at issue and, once known, the issuer's stamp at
//! completion. The owner's own loads and stores of its window are kept per
//! byte as the stamp of the latest read and write ([`Local`]): the owner's
//! stamps only grow, so the latest is the one every later check needs.
//!
//! Access A is ordered before access B when A's end is known to B's issuer
//! at B's start (Hoefler et al. 2015, eq. 21–22: happens-before *and* the memory effect
//! complete). Accesses are checked as they happen, against the records of
//! earlier ones, in both directions: an earlier RMA call not complete yet
//! can never be ordered before a later access.

use super::clock::{Clock, Clocks};
use runtime_model::model::{LocId, Pointer};
use runtime_model::mpi::rma::OpKind;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

/// What an access does to the bytes it touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Touch {
    Read,
    Write,
    Rma(OpKind),
}

impl Touch {
    fn writes(self) -> bool {
        match self {
            Touch::Read | Touch::Rma(OpKind::Get) => false,
            Touch::Write | Touch::Rma(OpKind::Put) => true,
            Touch::Rma(OpKind::Atomic { updates, .. }) => updates,
        }
    }
}

/// Whether two accesses to overlapping bytes conflict (Hoefler et al. 2015, §3.3.1;
/// MPI 3.1 §11.7: accumulate-family calls with the same basic datatype are
/// element-wise atomic with respect to each other, and an access that only
/// reads conflicts only with one that updates). Two such accumulates still
/// conflict when their elements do not start at the same bytes
/// ([`misaligned`]).
pub fn conflict(a: Touch, b: Touch) -> bool {
    if let (
        Touch::Rma(OpKind::Atomic { basic: x, .. }),
        Touch::Rma(OpKind::Atomic { basic: y, .. }),
    ) = (a, b)
    {
        return x != y;
    }
    a.writes() || b.writes()
}

/// Whether two accumulate-family accesses of one basic datatype of `elem`
/// bytes overlap at bytes where their elements do not line up (a
/// displacement not a multiple of the element apart, with disp_unit 1):
/// atomicity holds "to the same location with the same predefined
/// datatype" (MPI 3.1 §11.7.1), element by element, so a misaligned
/// overlap is no atomic access of one location.
pub fn misaligned(a: &[(u64, u64)], b: &[(u64, u64)], elem: u64) -> bool {
    if elem <= 1 {
        return false;
    }
    a.iter().any(|&(x, xl)| {
        b.iter().any(|&(y, yl)| {
            let (px, py) = (Pointer::decode(x), Pointer::decode(y));
            let (ox, oy) = (px.offset as u64, py.offset as u64);
            px.alloc == py.alloc && ox < oy + yl && oy < ox + xl && ox.abs_diff(oy) % elem != 0
        })
    })
}

/// An RMA call's access to its target's memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Remote {
    pub op: u64,
    pub origin: usize,
    /// The target process (world rank) and the byte ranges in its memory.
    pub target: usize,
    pub ranges: Vec<(u64, u64)>,
    pub touch: Touch,
    pub start: Clock,
    /// The issuer's stamp at the call that completed it at the target.
    pub end: Option<u32>,
    pub loc: LocId,
    pub func: MpiFunc,
    /// Order in which updates took effect (for what an atomic read reads from).
    pub applied: Option<u64>,
    /// The target's window region (address, bytes), `None` for a dynamic
    /// window: under the separate memory model a Put or accumulate
    /// conflicts with the owner's stores anywhere in it (MPI 3.1 §11.7,
    /// rule 3: "even if they access disjoint locations in the window").
    pub region: Option<(u64, u64)>,
    /// An accumulate-family call's basic element size in bytes (0 for the
    /// others): its atomicity holds at that element's boundaries only.
    pub elem: u64,
}

impl Remote {
    /// The bytes of the target's window it must not meet an unpublished
    /// store in: every byte of the window region for an update under the
    /// separate model (MPI 3.1 §11.7, rule 3), its own bytes otherwise.
    fn store_scope(&self, separate: bool) -> Vec<(u64, u64)> {
        match self.region {
            Some(r) if separate && self.touch.writes() => vec![r],
            _ => self.ranges.clone(),
        }
    }
}

/// The owner's latest accesses to one allocation of its window memory:
/// per byte, (stamp, location) of the latest read and of the latest write.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Local {
    pub rank: usize,
    pub alloc: u32,
    pub reads: Arc<Vec<(u32, LocId)>>,
    pub writes: Arc<Vec<(u32, LocId)>>,
}

impl Local {
    /// The latest of these accesses to bytes `from..to` its process made
    /// after the stamps the checking side knows of (`known.0` for its
    /// stores, `known.1` for its loads) that conflicts with a read, or with
    /// a write when `write`: (stamp, location, whether it is a store).
    fn conflicting(
        &self,
        (from, to): (usize, usize),
        known: (u32, u32),
        write: bool,
    ) -> Option<(u32, LocId, bool)> {
        let late = |v: &Vec<(u32, LocId)>, known: u32| {
            v.get(from..to.min(v.len()))
                .and_then(|s| s.iter().filter(|(st, _)| *st > known).max_by_key(|x| x.0))
                .copied()
        };
        let store = late(&self.writes, known.0).map(|(s, l)| (s, l, true));
        if write {
            store.or(late(&self.reads, known.1).map(|(s, l)| (s, l, false)))
        } else {
            store
        }
    }
}

/// A race found: the earlier access (location, function, rank), described.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    pub rank: usize,
    pub loc: LocId,
    pub func: Option<MpiFunc>,
    pub what: String,
    /// The earlier access is an RMA call not complete at the target yet.
    pub pending: bool,
    /// Two processes' direct accesses to shared window memory.
    pub shared: bool,
    /// The earlier access is its process's own load or store ("load",
    /// "store") of its window memory.
    pub direct: Option<&'static str>,
    /// Only the separate memory model's rules make it a race (MPI 3.1
    /// §11.7): the unified model would order the two accesses.
    pub separate: bool,
    /// The two accesses touch different bytes of the window (the separate
    /// model's rule 3 alone makes them conflict).
    pub elsewhere: bool,
    /// Why two accumulate-family calls conflict, when they do (another
    /// datatype, or the same one at other element boundaries).
    pub rule: Option<&'static str>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Races {
    pub remote: Vec<Remote>,
    pub local: Vec<Local>,
    pub applied: u64,
    /// Allocations of shared windows: every member accesses them directly.
    pub shared: Vec<u32>,
    /// Per process: the stamps of its `MPI_Win_sync` calls, in order.
    pub syncs: Vec<Vec<u32>>,
    /// Per process `q`, per process `p`: the latest stamp of `p` up to
    /// which `p`'s direct accesses to shared memory are visible to `q`: a
    /// `MPI_Win_sync` of `p` known to `q` at `q`'s own latest
    /// `MPI_Win_sync` (Hoefler et al. 2015, §3.6: sync, synchronize, sync).
    pub published: Vec<Vec<u32>>,
    /// The separate memory model (MPI 3.1 §11.4): each window has a public
    /// copy RMA calls access and the owner's private copy; an owner's store
    /// reaches the public copy at its next publishing call (post, fence,
    /// unlock, `MPI_Win_sync`: `syncs`), an RMA update reaches the private
    /// copy at the owner's next acquiring call after its completion (wait,
    /// fence, lock, `MPI_Win_sync`: `acquires`; §11.7 rules 5 and 6).
    pub separate: bool,
    /// Per process: its clock at its latest acquiring call (separate model).
    pub acquires: Vec<Option<Clock>>,
}

/// Whether two lists of (address, length) ranges share a byte.
pub(super) fn overlaps(a: &[(u64, u64)], b: &[(u64, u64)]) -> bool {
    a.iter().any(|&(x, xl)| {
        let px = Pointer::decode(x);
        b.iter().any(|&(y, yl)| {
            let py = Pointer::decode(y);
            px.alloc == py.alloc
                && (px.offset as u64) < py.offset as u64 + yl
                && (py.offset as u64) < px.offset as u64 + xl
        })
    })
}

impl Races {
    /// Checks an RMA call issued now against the earlier accesses to its
    /// target bytes, then records it.
    pub fn issue(&mut self, r: Remote) -> Result<(), Race> {
        for y in &self.remote {
            if y.target != r.target {
                continue;
            }
            let atomics = matches!(
                (y.touch, r.touch),
                (
                    Touch::Rma(OpKind::Atomic { basic: a, .. }),
                    Touch::Rma(OpKind::Atomic { basic: b, .. })
                ) if a == b
            );
            // Accumulates from one origin to overlapping locations apply in
            // program order, per basic datatype (MPI 3.1 §11.7.2, the
            // default accumulate_ordering): one origin's MPI_INT and
            // MPI_FLOAT accumulates to the same bytes are not ordered.
            if atomics && y.origin == r.origin {
                continue;
            }
            // Same basic datatype at other element boundaries: no atomic
            // access of one location (MPI 3.1 §11.7.1).
            let atomic = atomics && !misaligned(&y.ranges, &r.ranges, r.elem.max(y.elem));
            if atomic || !atomics && !conflict(y.touch, r.touch) {
                continue;
            }
            if !overlaps(&y.ranges, &r.ranges) {
                continue;
            }
            let ordered = y.end.is_some_and(|e| r.start[y.origin] >= e);
            let both_atomic = matches!(
                (y.touch, r.touch),
                (
                    Touch::Rma(OpKind::Atomic { .. }),
                    Touch::Rma(OpKind::Atomic { .. })
                )
            );
            let rule = match (both_atomic, atomics) {
                (true, false) => Some("accumulate-family calls are atomic with respect to each other, and one origin's are ordered, only with the same predefined datatype (MPI 3.1 §11.7.1, §11.7.2); use one datatype, or complete the first (MPI_Win_flush, unlock or fence) before the other is issued, with a synchronization between when they come from different processes"),
                (true, true) => Some("both use the same predefined datatype, but their elements start at different bytes, and accumulates are atomic only per element at the same location (MPI 3.1 §11.7.1); use displacements that keep the elements aligned, or order the calls"),
                _ => None,
            };
            if !ordered {
                return Err(Race {
                    rank: y.origin,
                    loc: y.loc,
                    func: Some(y.func),
                    what: format!("rank {}'s {}", y.origin, y.func.name()),
                    pending: y.end.is_none(),
                    shared: false,
                    direct: None,
                    separate: false,
                    elsewhere: false,
                    rule,
                });
            }
        }
        let writes = r.touch.writes();
        let shared = &self.shared;
        for l in self
            .local
            .iter()
            .filter(|l| l.rank == r.target || shared.contains(&l.alloc))
        {
            let known = r.start[l.rank];
            // Separate model: the owner's stores are in the public copy the
            // call accesses only from the owner's publishing call the
            // issuer knows of on (MPI 3.1 §11.7, rules 2, 3 and 5).
            let published = if self.separate && !shared.contains(&l.alloc) {
                self.syncs
                    .get(l.rank)
                    .and_then(|v| v.iter().rev().find(|&&s| s <= known))
                    .copied()
                    .unwrap_or(0)
            } else {
                known
            };
            // The bytes to check, with the stamps known of the owner's
            // stores and loads there: the call's own bytes, and under the
            // separate model an update's whole window region for stores.
            let scope = r.store_scope(self.separate);
            let checks: Vec<((u64, u64), (u32, u32))> = if scope == r.ranges {
                r.ranges.iter().map(|&b| (b, (published, known))).collect()
            } else {
                let stores = scope.iter().map(|&b| (b, (published, u32::MAX)));
                stores
                    .chain(r.ranges.iter().map(|&b| (b, (u32::MAX, known))))
                    .collect()
            };
            for ((addr, len), (stores, loads)) in checks {
                let p = Pointer::decode(addr);
                if p.alloc != l.alloc {
                    continue;
                }
                let bytes = (p.offset as usize, p.offset as usize + len as usize);
                if let Some((_, loc, store)) = l.conflicting(bytes, (stores, loads), writes) {
                    let access = if store { "store" } else { "load" };
                    let unified = |&(a, n): &(u64, u64)| {
                        let p = Pointer::decode(a);
                        let b = (p.offset as usize, p.offset as usize + n as usize);
                        p.alloc == l.alloc && l.conflicting(b, (known, known), writes).is_some()
                    };
                    let separate_only = self.separate && !r.ranges.iter().any(unified);
                    let elsewhere = !r.ranges.iter().any(|&(a, n)| {
                        let p = Pointer::decode(a);
                        let b = (p.offset as usize, p.offset as usize + n as usize);
                        p.alloc == l.alloc && l.conflicting(b, (stores, loads), writes).is_some()
                    });
                    return Err(Race {
                        rank: l.rank,
                        loc,
                        func: None,
                        what: format!("rank {}'s {access} (at the other line)", l.rank),
                        pending: false,
                        shared: false,
                        direct: Some(access),
                        separate: separate_only,
                        elsewhere,
                        rule: None,
                    });
                }
            }
        }
        self.remote.push(r);
        Ok(())
    }

    /// Checks the owner's access to `len` bytes at offset `offset` of
    /// allocation `alloc` (stamp `clocks.stamp(rank)`) against the RMA
    /// calls targeting them, then records it. `size` is the allocation's.
    #[allow(clippy::too_many_arguments)]
    pub fn local(
        &mut self,
        clocks: &Clocks,
        rank: usize,
        alloc: u32,
        offset: u32,
        len: u32,
        size: usize,
        write: bool,
        loc: LocId,
    ) -> Result<(), Race> {
        let touch = if write { Touch::Write } else { Touch::Read };
        let range = [(Pointer { alloc, offset }.encode(), len as u64)];
        let shared = self.shared.contains(&alloc);
        for y in &self.remote {
            // Separate model: an update reaches the owner's private copy
            // only at the owner's acquiring call after its completion, and
            // until then the owner stores nowhere in the window (MPI 3.1
            // §11.7, rules 1, 3 and 6).
            let private = self.separate && !shared && y.target == rank && y.touch.writes();
            let region: [(u64, u64); 1];
            let reach: &[(u64, u64)] = match y.region {
                Some(r) if private && write => {
                    region = [r];
                    &region
                }
                _ => &y.ranges,
            };
            if (y.target != rank && !shared)
                || !conflict(y.touch, touch)
                || !overlaps(reach, &range)
            {
                continue;
            }
            let known = y.end.is_some_and(|e| clocks.knows(rank, y.origin, e));
            let acquired = |e: u32| {
                self.acquires
                    .get(rank)
                    .and_then(Option::as_ref)
                    .is_some_and(|c| c[y.origin] >= e)
            };
            let ordered = if private {
                y.end.is_some_and(acquired)
            } else {
                known
            };
            if !ordered {
                return Err(Race {
                    rank: y.origin,
                    loc: y.loc,
                    func: Some(y.func),
                    what: format!("rank {}'s {}", y.origin, y.func.name()),
                    pending: y.end.is_none(),
                    shared: false,
                    direct: None,
                    separate: private && (known || !overlaps(&y.ranges, &range)),
                    elsewhere: !overlaps(&y.ranges, &range),
                    rule: None,
                });
            }
        }
        if shared {
            // Another process's store to these bytes is visible only
            // through its MPI_Win_sync, a synchronization and ours (MPI 3.1
            // §11.7, the advice on shared memory windows). Its load before
            // our store needs the synchronization only: the standard asks
            // for no memory barrier there, so none is required.
            let bytes = (offset as usize, offset as usize + len as usize);
            for l in self
                .local
                .iter()
                .filter(|l| l.alloc == alloc && l.rank != rank)
            {
                let published = self
                    .published
                    .get(rank)
                    .and_then(|v| v.get(l.rank))
                    .copied()
                    .unwrap_or(0);
                let ordered = clocks.now(rank)[l.rank].max(published);
                if let Some((_, loc, _)) = l.conflicting(bytes, (published, ordered), write) {
                    return Err(Race {
                        rank: l.rank,
                        loc,
                        func: None,
                        what: format!("rank {}", l.rank),
                        pending: false,
                        shared: true,
                        direct: None,
                        separate: false,
                        elsewhere: false,
                        rule: None,
                    });
                }
            }
        }
        let stamp = clocks.stamp(rank);
        let i = match self
            .local
            .iter()
            .position(|l| l.rank == rank && l.alloc == alloc)
        {
            Some(i) => i,
            None => {
                self.local.push(Local {
                    rank,
                    alloc,
                    reads: Arc::new(vec![(0, 0); size]),
                    writes: Arc::new(vec![(0, 0); size]),
                });
                self.local.len() - 1
            }
        };
        let l = &mut self.local[i];
        let v = Arc::make_mut(if write { &mut l.writes } else { &mut l.reads });
        let (from, to) = (
            offset as usize,
            (offset as usize + len as usize).min(v.len()),
        );
        for x in v.get_mut(from..to).into_iter().flatten() {
            *x = (stamp, loc);
        }
        Ok(())
    }

    /// A memory barrier of `rank` at stamp `stamp` (of `np` processes):
    /// `publish` makes its direct stores so far visible to the processes
    /// that synchronize with it and then `acquire`; `acquire` makes what the
    /// others published, as far as `rank` knows of it, visible to `rank`
    /// (`published`). `MPI_Win_sync` does both.
    pub fn win_sync(
        &mut self,
        clocks: &Clocks,
        rank: usize,
        np: usize,
        stamp: u32,
        (publish, acquire): (bool, bool),
    ) {
        self.syncs.resize(np, Vec::new());
        self.published.resize(np, vec![0; np]);
        if publish && self.syncs[rank].last() != Some(&stamp) {
            self.syncs[rank].push(stamp);
        }
        if !acquire {
            return;
        }
        if self.separate {
            self.acquires.resize(np, None);
            self.acquires[rank] = Some(clocks.now(rank).clone());
        }
        for p in 0..np {
            if p == rank {
                continue;
            }
            let k = clocks.now(rank)[p];
            if let Some(&s) = self.syncs[p].iter().rev().find(|&&s| s <= k) {
                let v = &mut self.published[rank][p];
                *v = (*v).max(s);
            }
        }
    }

    /// Operation `op` completed at its target at its issuer's stamp `end`.
    pub fn complete(&mut self, op: u64, end: u32) {
        for r in self.remote.iter_mut().filter(|r| r.op == op) {
            r.end = Some(end);
        }
    }

    /// Operation `op` took effect at its target (`wrote`: it stored a value;
    /// a failed compare-and-swap or an `MPI_NO_OP` did not); returns the
    /// clock of the latest write of the same bytes before it (what an
    /// atomic read reads from, Hoefler et al. 2015, §4.3: the MCS lock is ordered
    /// through it).
    pub fn apply(&mut self, op: u64, wrote: bool) -> Option<Clock> {
        self.applied += 1;
        let seq = self.applied;
        let me = self.remote.iter().position(|r| r.op == op)?;
        let (target, ranges) = (self.remote[me].target, self.remote[me].ranges.clone());
        let from = self
            .remote
            .iter()
            .filter(|y| {
                y.op != op
                    && y.target == target
                    && y.applied.is_some()
                    && y.touch.writes()
                    && overlaps(&y.ranges, &ranges)
            })
            .max_by_key(|y| y.applied)
            .map(|y| y.start.clone());
        if wrote {
            self.remote[me].applied = Some(seq);
        }
        from
    }

    /// Forgets what every process knows to have completed: it is ordered
    /// before everything that happens from now on.
    ///
    /// A completed access is also forgotten once a later completed access
    /// of the same call site, origin, target bytes and kind ended after it:
    /// whoever knows the later end knows the earlier one, so the earlier is
    /// ordered before every access the later is ordered before, and a race
    /// with the earlier is one with the later, reported the same way (same
    /// call, same line). A loop of epochs then keeps one record per call
    /// site instead of one per iteration in every saved state.
    pub fn prune(&mut self, clocks: &Clocks) {
        self.remote
            .retain(|r| r.end.is_none_or(|e| clocks.known_to_all(r.origin) < e));
        let keep: Vec<bool> = (0..self.remote.len())
            .map(|i| {
                let a = &self.remote[i];
                a.end.is_none_or(|ea| {
                    !self.remote[i + 1..].iter().any(|b| {
                        b.end.is_some_and(|eb| eb >= ea)
                            && (b.origin, b.target, b.loc, b.func, b.touch, b.elem, b.region)
                                == (a.origin, a.target, a.loc, a.func, a.touch, a.elem, a.region)
                            && b.ranges == a.ranges
                            // What an atomic read reads from is the latest write.
                            && (a.applied.is_none() || b.applied.is_some())
                    })
                })
            })
            .collect();
        let mut k = keep.into_iter();
        self.remote.retain(|_| k.next().unwrap_or(true));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SUM: i32 = runtime_model::handles::MPI_SUM;
    const INT: i32 = runtime_model::handles::MPI_INT;
    const FLOAT: i32 = runtime_model::handles::MPI_FLOAT;

    fn atomic(basic: i32, updates: bool) -> Touch {
        Touch::Rma(OpKind::Atomic {
            op: SUM,
            basic,
            updates,
        })
    }

    #[test]
    fn conflicts_follow_the_standard() {
        let (get, put) = (Touch::Rma(OpKind::Get), Touch::Rma(OpKind::Put));
        assert!(!conflict(get, get));
        assert!(!conflict(get, Touch::Read));
        assert!(conflict(put, Touch::Read));
        assert!(conflict(get, Touch::Write));
        assert!(!conflict(atomic(INT, true), atomic(INT, true)));
        assert!(conflict(atomic(INT, true), atomic(FLOAT, true)));
        assert!(conflict(atomic(INT, true), get));
        assert!(!conflict(atomic(INT, false), get));
        assert!(conflict(atomic(INT, false), put));
    }

    fn put(op: u64, origin: usize, clocks: &Clocks) -> Remote {
        Remote {
            op,
            origin,
            target: 1,
            ranges: vec![(
                Pointer {
                    alloc: 5,
                    offset: 0,
                }
                .encode(),
                4,
            )],
            touch: Touch::Rma(OpKind::Put),
            start: clocks.now(origin).clone(),
            end: None,
            loc: 0,
            func: MpiFunc::Put,
            applied: Some(0),
            region: None,
            elem: 0,
        }
    }

    #[test]
    fn a_load_after_completion_and_synchronization_is_ordered() {
        let mut clocks = Clocks::new(&[0, 0]);
        let mut races = Races::default();
        races.issue(put(1, 0, &clocks)).unwrap();
        // The owner loads before anything: the Put is not complete.
        assert!(races
            .local(&clocks, 1, 5, 0, 4, 16, false, 0)
            .is_err_and(|r| r.pending));
        clocks.call(0, 0); // unlock
        races.complete(1, clocks.stamp_at(0, 0));
        // Complete, but rank 1 has not heard of it.
        assert!(races.local(&clocks, 1, 5, 0, 4, 16, false, 0).is_err());
        clocks.call(0, 1); // barrier arrival
        clocks.call(1, 0);
        clocks.join_call(1, 0, 1);
        assert!(races.local(&clocks, 1, 5, 0, 4, 16, false, 0).is_ok());
        // Other bytes never raced.
        assert!(races.local(&clocks, 1, 5, 8, 4, 16, true, 0).is_ok());
    }

    #[test]
    fn shared_stores_need_sync_synchronize_sync() {
        let mut clocks = Clocks::new(&[0, 0]);
        let mut races = Races {
            shared: vec![5],
            ..Races::default()
        };
        // Rank 0 stores into the shared block, then MPI_Win_sync.
        races.local(&clocks, 0, 5, 0, 4, 16, true, 1).unwrap();
        clocks.call(0, 0);
        races.win_sync(&clocks, 0, 2, clocks.stamp_at(0, 0), (true, true));
        // Rank 1 loads without hearing of it: a race.
        assert!(races
            .local(&clocks, 1, 5, 0, 4, 16, false, 2)
            .is_err_and(|r| r.shared && r.rank == 0));
        // A barrier orders them, but rank 1 has not synchronized its copy.
        clocks.call(0, 1);
        clocks.call(1, 0);
        clocks.join_call(1, 0, 1);
        assert!(races.local(&clocks, 1, 5, 0, 4, 16, false, 2).is_err());
        // Its MPI_Win_sync after the barrier makes the store visible.
        clocks.call(1, 1);
        races.win_sync(&clocks, 1, 2, clocks.stamp_at(1, 1), (true, true));
        assert!(races.local(&clocks, 1, 5, 0, 4, 16, false, 2).is_ok());
        // Other bytes were never stored.
        assert!(races.local(&clocks, 1, 5, 8, 4, 16, true, 2).is_ok());
    }

    fn at(offset: u32, len: u64) -> (u64, u64) {
        (Pointer { alloc: 5, offset }.encode(), len)
    }

    #[test]
    fn accumulates_conflict_at_other_element_boundaries() {
        // Two ints at byte 0 against two ints at byte 2 (disp_unit 1).
        assert!(misaligned(&[at(0, 8)], &[at(2, 8)], 4));
        // At byte 4 the elements line up; apart, nothing overlaps.
        assert!(!misaligned(&[at(0, 8)], &[at(4, 8)], 4));
        assert!(!misaligned(&[at(0, 4)], &[at(6, 4)], 4));
    }

    #[test]
    fn separate_model_stores_need_publishing_anywhere_in_the_window() {
        let mut clocks = Clocks::new(&[0, 0]);
        let mut races = Races {
            separate: true,
            ..Races::default()
        };
        // Rank 1 stores to bytes 8..12 of its window; rank 0 learns of it by
        // a barrier, then Puts to bytes 0..4.
        races.local(&clocks, 1, 5, 8, 4, 16, true, 3).unwrap();
        clocks.call(1, 0);
        clocks.call(0, 0);
        clocks.join_call(0, 1, 0);
        let mut p = put(1, 0, &clocks);
        p.region = Some(at(0, 16));
        let err = races.issue(p.clone()).unwrap_err();
        assert!(err.separate && err.elsewhere);
        // Published by rank 1's MPI_Win_sync before the barrier: ordered.
        let mut races = Races {
            separate: true,
            ..Races::default()
        };
        let mut clocks = Clocks::new(&[0, 0]);
        races.local(&clocks, 1, 5, 8, 4, 16, true, 3).unwrap();
        clocks.call(1, 0);
        races.win_sync(&clocks, 1, 2, clocks.stamp_at(1, 0), (true, true));
        clocks.call(1, 1);
        clocks.call(0, 0);
        clocks.join_call(0, 1, 1);
        let mut p = put(1, 0, &clocks);
        p.region = Some(at(0, 16));
        assert!(races.issue(p).is_ok());
    }

    #[test]
    fn separate_model_loads_need_the_owners_acquire() {
        let mut clocks = Clocks::new(&[0, 0]);
        let mut races = Races {
            separate: true,
            ..Races::default()
        };
        races.issue(put(1, 0, &clocks)).unwrap();
        clocks.call(0, 0); // unlock
        races.complete(1, clocks.stamp_at(0, 0));
        clocks.call(0, 1); // barrier
        clocks.call(1, 0);
        clocks.join_call(1, 0, 1);
        // Ordered, but the private copy was not reconciled.
        assert!(races
            .local(&clocks, 1, 5, 0, 4, 16, false, 0)
            .is_err_and(|r| r.separate));
        // MPI_Win_sync (or lock, fence, wait) after the barrier.
        clocks.call(1, 1);
        races.win_sync(&clocks, 1, 2, clocks.stamp_at(1, 1), (true, true));
        assert!(races.local(&clocks, 1, 5, 0, 4, 16, false, 0).is_ok());
    }

    #[test]
    fn a_put_after_an_unordered_store_races() {
        let clocks = Clocks::new(&[0, 0]);
        let mut races = Races::default();
        races.local(&clocks, 1, 5, 0, 4, 16, true, 3).unwrap();
        let err = races.issue(put(1, 0, &clocks)).unwrap_err();
        assert_eq!((err.rank, err.loc), (1, 3));
    }
}
