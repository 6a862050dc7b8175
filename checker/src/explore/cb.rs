//! Completes-before analysis of one finished execution (seed 002 §2, seed 000
//! appendix; EXPLORATION.md "Buffering and synchronizing collectives").
//!
//! The checker executes the permissive semantics (standard sends buffer,
//! collectives do not synchronize), which allows every matching any MPI
//! implementation allows. What it hides is blocking: replaying the same
//! matching with sends that wait for their receive, or collectives that wait
//! for all members, may get stuck. This module replays the execution's MPI
//! calls as a fixpoint over their dependencies and reports where it gets
//! stuck.

use super::state::{Dep, DepKind};

/// Replays `counts[p]` calls of each process under the dependencies whose
/// kind is in `kinds`. Returns the position each process reaches when the
/// replay is stuck, or `None` when every process gets through.
pub fn replay(counts: &[usize], deps: &[Dep], kinds: &[DepKind]) -> Option<Vec<usize>> {
    let np = counts.len();
    // Dependencies of each (process, call), restricted to the kinds asked for.
    type Needs = Vec<Option<(usize, usize)>>;
    let mut waits: Vec<Vec<Needs>> = counts.iter().map(|&c| vec![Vec::new(); c]).collect();
    for d in deps.iter().filter(|d| kinds.contains(&d.kind)) {
        let (p, e) = d.waiter;
        if p < np && e < counts[p] {
            waits[p][e].push(d.needs);
        }
    }
    let mut pos = vec![0usize; np];
    loop {
        let mut moved = false;
        for p in 0..np {
            while pos[p] < counts[p] {
                let ok = waits[p][pos[p]].iter().all(|n| match n {
                    // The call `n` names has been issued: its process reached it.
                    Some((q, j)) => *q < np && pos[*q] >= *j,
                    None => false,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dep(waiter: (usize, usize), needs: (usize, usize), kind: DepKind) -> Dep {
        Dep {
            waiter,
            needs: Some(needs),
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
    fn never_satisfied_dependency_blocks() {
        let deps = vec![Dep {
            waiter: (0, 1),
            needs: None,
            kind: DepKind::ZeroBuffer,
        }];
        assert_eq!(replay(&[3], &deps, &[DepKind::Always]), None);
        assert_eq!(replay(&[3], &deps, &[DepKind::ZeroBuffer]), Some(vec![1]));
    }
}
