//! The part of an execution's past the end-of-execution replays (Vakkalanka et al. 2008a
//! §2: completes-before, under synchronizing collectives and under
//! unbuffered sends) get through whatever the execution does next.
//!
//! A replay is a least fixpoint over the execution's dependencies. What the
//! future can add is a dependency of a call still to come, or the answer to
//! one of the open ends of the past: a call a process is blocked in, a
//! collective some member has not joined yet, a send that returned before
//! its receive was posted. Replaying the past with every open end never
//! answered gives, for each process, a prefix of its calls that every
//! replay of every continuation gets through (more dependencies answered
//! only let a replay go further). The state key (`memo_key`) hashes only
//! what lies beyond that prefix, and compaction (`compact`) forgets what
//! lies before it.

use super::end;
use crate::log::events::{Dep, DepKind, Needed};
use crate::mpi::machine::Machine;

/// The open ends of the past as dependencies that are never answered
/// (`Needed::Never`), and the synchronization of the collectives every
/// member has joined (which the replays add at the end, `end::CbGraph`).
pub fn open_ends(state: &Machine) -> Vec<Dep> {
    let mut deps: Vec<Dep> = Vec::new();
    let never = |waiter, kind| Dep {
        waiter,
        needs: Needed::Never,
        kind,
    };
    // Members of a collective leave once all have arrived (as the replays
    // assume, `end::CbGraph`); a member whose instance still misses
    // arrivals waits for a call to come.
    for d in end::departures(state) {
        if !d.complete {
            deps.push(never(d.waiter, DepKind::Synchronizing));
        } else if d.arrivals.len() > 1 {
            deps.push(Dep {
                waiter: d.waiter,
                needs: Needed::All(d.arrivals),
                kind: DepKind::Synchronizing,
            });
        }
    }
    // A call a process is blocked in waits for what comes later.
    for waiter in end::blocked_calls(state) {
        deps.push(never(waiter, DepKind::Always));
    }
    // Without buffering, a standard send that returned waits for the
    // receive still to come; a detach for its messages' receives.
    for (done, _) in end::returned_unreceived_sends(state) {
        deps.push(never(done, DepKind::ZeroBuffer));
    }
    for (detach, messages) in &state.world.p2p.detaches {
        if messages
            .iter()
            .any(|&m| state.world.p2p.requests[m].partner.is_none())
        {
            deps.push(never(*detach, DepKind::ZeroBuffer));
        }
    }
    deps
}

/// The kinds of dependencies of the two replays (`end::synchronizing_replay`,
/// `end::zero_buffer_replay`).
pub const REPLAYS: [&[DepKind]; 2] = [
    &[DepKind::Always, DepKind::Synchronizing],
    &[DepKind::Always, DepKind::Synchronizing, DepKind::ZeroBuffer],
];

/// The past as the replays see it with the open ends unanswered: each
/// process's calls (`counts`), the open ends (`open_ends`), how far each
/// replay of `REPLAYS` gets (`pos`, in that order) and the least of them
/// (`through`). Computed once per state key (`memo_key`), for the key, the
/// symmetry signatures and the requests that are over.
pub struct Replays<'a> {
    pub counts: Vec<usize>,
    /// The dependencies recorded, newest first (walked once: the log is a
    /// linked list).
    pub deps: Vec<&'a Dep>,
    pub ends: Vec<Dep>,
    pub pos: Vec<Vec<usize>>,
    pub through: Vec<usize>,
}

impl<'a> Replays<'a> {
    pub fn of(state: &'a Machine) -> Replays<'a> {
        let counts: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
        let ends = open_ends(state);
        let deps: Vec<&Dep> = state.deps.iter_newest_first().collect();
        let all = deps.iter().copied().chain(ends.iter());
        let pos = frontiers(&counts, &state.log_base, all, &REPLAYS);
        let mut through = counts.clone();
        for p in &pos {
            for (t, &p) in through.iter_mut().zip(p) {
                *t = (*t).min(p);
            }
        }
        Replays {
            counts,
            deps,
            ends,
            pos,
            through,
        }
    }

    /// The dependencies of the past and the open ends, in the order the
    /// key hashes what is left of them (newest recorded first, then the
    /// open ends).
    pub fn all(&self) -> impl Iterator<Item = &Dep> + '_ {
        self.deps.iter().copied().chain(self.ends.iter())
    }
}

/// How far every replay of every continuation of this state surely gets:
/// the least of the two replays' frontiers with the open ends unanswered.
pub fn settled_prefix(state: &Machine) -> Vec<usize> {
    Replays::of(state).through
}

/// How far each process gets when its calls are replayed under the
/// dependencies of `kinds` from `start` (`cb::replay`'s fixpoint, over
/// borrowed dependencies indexed per process instead of per call). The
/// calls before `start` were got through before (`Machine::log_base`):
/// their dependencies are no longer looked at.
pub fn frontier(counts: &[usize], start: &[usize], deps: &[&Dep], kinds: &[DepKind]) -> Vec<usize> {
    let mut pos = frontiers(counts, start, deps.iter().copied(), &[kinds]);
    pos.pop().unwrap_or_default()
}

/// `frontier` for several replays at once: the dependencies are gathered
/// and sorted by waiting call once, in one list (the key computes both
/// replays' frontiers at every state; one vector per process and per
/// replay was most of its cost).
pub fn frontiers<'a>(
    counts: &[usize],
    start: &[usize],
    deps: impl Iterator<Item = &'a Dep>,
    replays: &[&[DepKind]],
) -> Vec<Vec<usize>> {
    let np = counts.len();
    let base = |p: usize| start.get(p).copied().unwrap_or(0);
    let mut by: Vec<(usize, usize, DepKind, &Needed)> = deps
        .filter(|d| {
            let (p, e) = d.waiter;
            p < np
                && e < counts[p]
                && e >= base(p)
                && replays.iter().any(|kinds| kinds.contains(&d.kind))
        })
        .map(|d| (d.waiter.0, d.waiter.1, d.kind, &d.needs))
        .collect();
    // Which of one call's dependencies blocks first does not matter: all
    // must be met.
    by.sort_unstable_by_key(|x| (x.0, x.1));
    // The entries of process p are by[first[p]..first[p + 1]].
    let mut first = vec![0usize; np + 1];
    for x in &by {
        first[x.0 + 1] += 1;
    }
    for p in 0..np {
        first[p + 1] += first[p];
    }
    replays
        .iter()
        .map(|kinds| {
            let mut pos: Vec<usize> = (0..np).map(|p| base(p).min(counts[p])).collect();
            let mut cursor: Vec<usize> = first[..np].to_vec();
            loop {
                let mut moved = false;
                for p in 0..np {
                    while pos[p] < counts[p] {
                        let at = pos[p];
                        let mut k = cursor[p];
                        let mut ok = true;
                        while k < first[p + 1] && by[k].1 == at {
                            let (_, _, kind, n) = by[k];
                            if kinds.contains(&kind)
                                && (matches!(n, Needed::Never)
                                    || !n.calls().iter().all(|&(q, j)| q < np && pos[q] >= j))
                            {
                                ok = false;
                                break;
                            }
                            k += 1;
                        }
                        if !ok {
                            break;
                        }
                        cursor[p] = k;
                        pos[p] += 1;
                        moved = true;
                    }
                }
                if !moved {
                    return pos;
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The replay's fixpoint as its definition says: a process gets
    /// through call e when every dependency of e of the replay's kinds
    /// names calls already got through (and none is `Never`).
    fn naive(counts: &[usize], start: &[usize], deps: &[Dep], kinds: &[DepKind]) -> Vec<usize> {
        let np = counts.len();
        let mut pos: Vec<usize> = (0..np).map(|p| start[p].min(counts[p])).collect();
        loop {
            let mut moved = false;
            for p in 0..np {
                while pos[p] < counts[p] {
                    let ok = deps.iter().all(|d| {
                        d.waiter != (p, pos[p])
                            || !kinds.contains(&d.kind)
                            || (!matches!(d.needs, Needed::Never)
                                && d.needs.calls().iter().all(|&(q, j)| q < np && pos[q] >= j))
                    });
                    if !ok {
                        break;
                    }
                    pos[p] += 1;
                    moved = true;
                }
            }
            if !moved {
                return pos;
            }
        }
    }

    /// `frontiers` (one sorted list for both replays) gets as far as the
    /// fixpoint computed from the definition, on pasts with every kind of
    /// dependency, waiters before the start and past the end, calls of
    /// processes that do not exist, and collectives naming their waiter.
    #[test]
    fn frontiers_are_the_replays_fixpoints() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..500 {
            let np = 1 + next(4);
            let counts: Vec<usize> = (0..np).map(|_| next(6)).collect();
            let start: Vec<usize> = (0..np).map(|_| next(2)).collect();
            let deps: Vec<Dep> = (0..next(12))
                .map(|_| {
                    let waiter = (next(np + 1), next(7));
                    let call = |next: &mut dyn FnMut(usize) -> usize| (next(np + 1), next(7));
                    let needs = match next(4) {
                        0 => Needed::Never,
                        1 | 2 => Needed::Call(call(&mut next)),
                        _ => {
                            let mut v = vec![waiter];
                            v.push(call(&mut next));
                            Needed::All(v.into())
                        }
                    };
                    let kind =
                        [DepKind::Always, DepKind::ZeroBuffer, DepKind::Synchronizing][next(3)];
                    Dep {
                        waiter,
                        needs,
                        kind,
                    }
                })
                .collect();
            let refs: Vec<&Dep> = deps.iter().collect();
            let got = frontiers(&counts, &start, refs.iter().copied(), &REPLAYS);
            for (kinds, pos) in REPLAYS.iter().zip(&got) {
                assert_eq!(*pos, naive(&counts, &start, &deps, kinds), "{deps:?}");
                assert_eq!(*pos, frontier(&counts, &start, &refs, kinds));
            }
        }
    }
}
