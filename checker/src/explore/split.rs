//! One part of a search cut into K parts (`--subtree I/K`), for job-array
//! schedulers: K independent runs, one per part, whose reports a merge
//! combines (`mpi-check --merge`).
//!
//! Every part expands the top of the tree the same way — breadth-first, in
//! schedule order, until there are `SUBTREES_PER_PART` subtrees per part or
//! no branching is left within `MAX_DEPTH` levels — and explores the
//! subtrees whose index is its own modulo K (round robin spreads the
//! expensive first subtrees), each depth-first in schedule order and with
//! the global schedules, so that an error's `--replay` line reproduces it in
//! a whole run. What ends during the expansion is counted by part 1 only.
//! Each part's executions are exact (state merging stays inside the part),
//! so the merged counts are those of one whole run; the first error of the
//! merged report is the one with the least schedule.

use super::{dfs, Explorable, Next, Search};

/// Subtrees handed to each part.
const SUBTREES_PER_PART: usize = 8;
/// Levels of the tree expanded at most before the subtrees are dealt out.
const MAX_DEPTH: usize = 64;

/// Explores part `part` (0-based) of `parts`.
pub fn run<S: Explorable>(initial: S, search: &mut Search<S>, part: usize, parts: usize) {
    let first = part == 0;
    let mut frontier: Vec<(Vec<u32>, S)> = vec![(Vec::new(), initial)];
    let mut depth = 0;
    while frontier.len() < parts * SUBTREES_PER_PART && depth < MAX_DEPTH && !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for (schedule, mut state) in std::mem::take(&mut frontier) {
            if search.should_stop() {
                return;
            }
            if first {
                search.outcome.states += 1;
            }
            if let Err(halt) = state.settle(&search.limits()) {
                if first {
                    search.executed(state.halted(halt), &schedule);
                }
                continue;
            }
            match state.next() {
                Next::Branch(options) => {
                    let branching = options.len() > 1;
                    for (i, choice) in options.iter().enumerate() {
                        let mut s = state.clone();
                        let mut at = schedule.clone();
                        if branching {
                            at.push(i as u32);
                        }
                        match s.apply(choice) {
                            Ok(()) => next.push((at, s)),
                            Err(halt) if first => search.executed(s.halted(halt), &at),
                            Err(_) => {}
                        }
                    }
                }
                Next::End if first => search.executed(state.ended(), &schedule),
                Next::Redundant if first => search.pruned(state.pruned(), &schedule),
                Next::End | Next::Redundant => {}
            }
        }
        frontier = next;
    }
    for (k, (schedule, state)) in frontier.into_iter().enumerate() {
        if k % parts != part {
            continue;
        }
        if search.should_stop() {
            return;
        }
        dfs::run_from(state, schedule, search);
    }
}
