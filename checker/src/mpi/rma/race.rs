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
/// reads conflicts only with one that updates).
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
            if y.target != r.target || !conflict(y.touch, r.touch) {
                continue;
            }
            // Accumulates from one origin to one location apply in program
            // order (MPI 3.1 §11.7.2, the default accumulate_ordering).
            let same_origin_atomics = y.origin == r.origin
                && matches!(
                    (y.touch, r.touch),
                    (
                        Touch::Rma(OpKind::Atomic { .. }),
                        Touch::Rma(OpKind::Atomic { .. })
                    )
                );
            if same_origin_atomics || !overlaps(&y.ranges, &r.ranges) {
                continue;
            }
            let ordered = y.end.is_some_and(|e| r.start[y.origin] >= e);
            if !ordered {
                return Err(Race {
                    rank: y.origin,
                    loc: y.loc,
                    func: Some(y.func),
                    what: format!("rank {}'s {}", y.origin, y.func.name()),
                    pending: y.end.is_none(),
                    shared: false,
                    direct: None,
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
            for &(addr, len) in &r.ranges {
                let p = Pointer::decode(addr);
                if p.alloc != l.alloc {
                    continue;
                }
                let bytes = (p.offset as usize, p.offset as usize + len as usize);
                if let Some((_, loc, store)) = l.conflicting(bytes, (known, known), writes) {
                    let access = if store { "store" } else { "load" };
                    return Err(Race {
                        rank: l.rank,
                        loc,
                        func: None,
                        what: format!("rank {}'s {access} (at the other line)", l.rank),
                        pending: false,
                        shared: false,
                        direct: Some(access),
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
            if (y.target != rank && !shared)
                || !conflict(y.touch, touch)
                || !overlaps(&y.ranges, &range)
            {
                continue;
            }
            let ordered = y.end.is_some_and(|e| clocks.knows(rank, y.origin, e));
            if !ordered {
                return Err(Race {
                    rank: y.origin,
                    loc: y.loc,
                    func: Some(y.func),
                    what: format!("rank {}'s {}", y.origin, y.func.name()),
                    pending: y.end.is_none(),
                    shared: false,
                    direct: None,
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
    pub fn prune(&mut self, clocks: &Clocks) {
        self.remote
            .retain(|r| r.end.is_none_or(|e| clocks.known_to_all(r.origin) < e));
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

    #[test]
    fn a_put_after_an_unordered_store_races() {
        let clocks = Clocks::new(&[0, 0]);
        let mut races = Races::default();
        races.local(&clocks, 1, 5, 0, 4, 16, true, 3).unwrap();
        let err = races.issue(put(1, 0, &clocks)).unwrap_err();
        assert_eq!((err.rank, err.loc), (1, 3));
    }
}
