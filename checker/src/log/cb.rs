//! Completes-before analysis of one finished execution (Vakkalanka et al. 2008a, §2, Li et al. 2011
//! appendix; README, "Semantics honored").
//!
//! The checker executes the permissive semantics (standard sends buffer,
//! collectives do not synchronize), which allows every matching any MPI
//! implementation allows. What it hides is blocking: replaying the same
//! matching with sends that wait for their receive, or collectives that wait
//! for all members, may get stuck. This module replays the execution's MPI
//! calls as a fixpoint over their dependencies and reports where it gets
//! stuck.

use super::events::{Dep, DepKind, Needed};

/// Replays `counts[p]` calls of each process under the dependencies whose
/// kind is in `kinds`. Returns the position each process reaches when the
/// replay is stuck, or `None` when every process gets through.
pub fn replay(counts: &[usize], deps: &[Dep], kinds: &[DepKind]) -> Option<Vec<usize>> {
    replay_from(counts, &vec![0; counts.len()], deps, kinds)
}

/// [`replay`] from `start`: each process `p` is known to get through its
/// first `start[p]` calls (`system::past`), whose dependencies may be gone.
pub fn replay_from(
    counts: &[usize],
    start: &[usize],
    deps: &[Dep],
    kinds: &[DepKind],
) -> Option<Vec<usize>> {
    let np = counts.len();
    let from: Vec<usize> = (0..np)
        .map(|p| start.get(p).copied().unwrap_or(0).min(counts[p]))
        .collect();
    // Dependencies of each (process, call) from `from`, restricted to the
    // kinds asked for.
    type Needs = Vec<Needed>;
    let mut waits: Vec<Vec<Needs>> = (0..np)
        .map(|p| vec![Vec::new(); counts[p] - from[p]])
        .collect();
    for d in deps.iter().filter(|d| kinds.contains(&d.kind)) {
        let (p, e) = d.waiter;
        if p < np && e < counts[p] && e >= from[p] {
            waits[p][e - from[p]].push(d.needs.clone());
        }
    }
    let mut pos = from.clone();
    loop {
        let mut moved = false;
        for p in 0..np {
            while pos[p] < counts[p] {
                // Every call a need names has been issued: its process
                // reached it.
                let ok = waits[p][pos[p] - from[p]].iter().all(|n| {
                    !matches!(n, Needed::Never)
                        && n.calls().iter().all(|&(q, j)| q < np && pos[q] >= j)
                });
                if !ok {
                    break;
                }
                pos[p] += 1;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    (0..np).any(|p| pos[p] < counts[p]).then_some(pos)
}

/// How far each process must have got for process `at.0` to issue its call
/// `at.1`, under the dependencies of `kinds`: the least prefix closed under
/// them. `need[q] > j` means that in every replay of this matching `q` has
/// completed its call `j` before `at` is issued; the buffered-send capacity
/// check (MPI 3.1 §3.6.1) uses it to know which messages are surely out of
/// the buffer.
pub fn required_prefix(
    np: usize,
    deps: &[Dep],
    kinds: &[DepKind],
    at: (usize, usize),
) -> Vec<usize> {
    let mut by_waiter: std::collections::HashMap<(usize, usize), Vec<(usize, usize)>> =
        std::collections::HashMap::new();
    for d in deps.iter().filter(|d| kinds.contains(&d.kind)) {
        for &n in d.needs.calls() {
            by_waiter.entry(d.waiter).or_default().push(n);
        }
    }
    let mut need = vec![0usize; np];
    let mut scanned = vec![0usize; np];
    if at.0 < np {
        need[at.0] = at.1;
    }
    loop {
        let mut moved = false;
        for p in 0..np {
            while scanned[p] < need[p] {
                for &(q, j) in by_waiter.get(&(p, scanned[p])).map_or(&[][..], |v| v) {
                    if q < np && need[q] < j {
                        need[q] = j;
                        moved = true;
                    }
                }
                scanned[p] += 1;
            }
        }
        if !moved {
            return need;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dep(waiter: (usize, usize), needs: (usize, usize), kind: DepKind) -> Dep {
        Dep {
            waiter,
            needs: Needed::Call(needs),
            kind,
        }
    }

    #[test]
    fn send_send_cycle_is_stuck_only_without_buffering() {
        // rank 0: Send(to 1) ; Recv(from 1)     rank 1: Send(to 0) ; Recv(from 0)
        let deps = vec![
            dep((0, 0), (1, 1), DepKind::ZeroBuffer),
            dep((1, 0), (0, 1), DepKind::ZeroBuffer),
            dep((0, 1), (1, 0), DepKind::Always),
            dep((1, 1), (0, 0), DepKind::Always),
        ];
        assert_eq!(replay(&[2, 2], &deps, &[DepKind::Always]), None);
        assert_eq!(
            replay(&[2, 2], &deps, &[DepKind::Always, DepKind::ZeroBuffer]),
            Some(vec![0, 0])
        );
    }

    #[test]
    fn required_prefix_follows_chains_of_dependencies() {
        // rank 1's call 2 needs rank 0's call 1; rank 0's call 1 needs rank 2's call 3.
        let deps = vec![
            dep((1, 2), (0, 1), DepKind::Always),
            dep((0, 0), (2, 3), DepKind::Always),
            dep((0, 1), (2, 5), DepKind::ZeroBuffer),
        ];
        assert_eq!(
            required_prefix(3, &deps, &[DepKind::Always], (1, 3)),
            vec![1, 3, 3]
        );
        assert_eq!(
            required_prefix(3, &deps, &[DepKind::Always], (1, 2)),
            vec![0, 2, 0]
        );
    }

    #[test]
    fn never_satisfied_dependency_blocks() {
        let deps = vec![Dep {
            waiter: (0, 1),
            needs: Needed::Never,
            kind: DepKind::ZeroBuffer,
        }];
        assert_eq!(replay(&[3], &deps, &[DepKind::Always]), None);
        assert_eq!(replay(&[3], &deps, &[DepKind::ZeroBuffer]), Some(vec![1]));
    }

    #[test]
    fn a_shared_list_of_arrivals_waits_for_every_member() {
        // Three members of a barrier at their call 1; rank 2 first needs
        // rank 0's call 2, which comes after the barrier: stuck. Each
        // member's own arrival is in the list and does not hold it back.
        let all: std::sync::Arc<[(usize, usize)]> = vec![(0, 1), (1, 1), (2, 1)].into();
        let barrier = |r: usize| Dep {
            waiter: (r, 1),
            needs: Needed::All(all.clone()),
            kind: DepKind::Synchronizing,
        };
        let mut deps = vec![barrier(0), barrier(1), barrier(2)];
        assert_eq!(replay(&[3, 3, 3], &deps, &[DepKind::Synchronizing]), None);
        deps.push(dep((2, 0), (0, 2), DepKind::Always));
        let kinds = [DepKind::Always, DepKind::Synchronizing];
        assert_eq!(replay(&[3, 3, 3], &deps, &kinds), Some(vec![1, 1, 0]));
        assert_eq!(
            required_prefix(3, &deps, &kinds, (0, 2)),
            vec![2, 1, 1],
            "leaving the barrier needs every member's arrival"
        );
    }
}
