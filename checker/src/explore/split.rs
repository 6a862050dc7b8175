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
//!
//! A process that explores several parts in turn (`--distributed`) expands
//! the top once: it keeps where each subtree starts (`Cut`: the choices and
//! the levels that lead to it) and reaches the roots of its later parts by
//! following those choices, one path each, instead of expanding again.

use super::{dfs, Explorable, Next, Search};
use std::sync::OnceLock;

/// Where the subtrees of an expansion start: for each, in order, the
/// choices that lead to it and the levels expanded.
#[derive(Clone, Debug, Default)]
pub struct Cut {
    roots: Vec<(Vec<u32>, usize)>,
}

/// Subtrees handed to each part.
const SUBTREES_PER_PART: usize = 8;
/// Levels of the tree expanded at most before the subtrees are dealt out.
const MAX_DEPTH: usize = 64;

/// Explores part `part` (0-based) of `parts`.
pub fn run<S: Explorable>(initial: S, search: &mut Search<S>, part: usize, parts: usize) {
    run_cut(initial, search, part, parts, &OnceLock::new())
}

/// `run`, with the cut of an earlier part of the same search when `cut`
/// holds one (the first part expands, as it counts what ends during the
/// expansion); fills `cut` otherwise.
pub fn run_cut<S: Explorable>(
    initial: S,
    search: &mut Search<S>,
    part: usize,
    parts: usize,
    cut: &OnceLock<Cut>,
) {
    if part != 0 {
        // The roots of this part, all reached before any is explored: a
        // path that did not lead where the expansion went (it always
        // does) falls back to expanding, never to skipping a subtree.
        let roots: Option<Vec<(Vec<u32>, S)>> = cut.get().and_then(|cut| {
            let mine = cut
                .roots
                .iter()
                .enumerate()
                .filter(|(k, _)| k % parts == part);
            mine.map(|(_, (schedule, levels))| {
                let root = reach(initial.clone(), schedule, *levels, search)?;
                Some((schedule.clone(), root))
            })
            .collect()
        });
        if let Some(roots) = roots {
            for (schedule, root) in roots {
                if search.should_stop() {
                    return;
                }
                dfs::run_from(root, schedule, search);
            }
            return;
        }
    }
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
    let roots = frontier.iter().map(|(s, _)| (s.clone(), depth)).collect();
    let _ = cut.set(Cut { roots });
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

/// The root of a subtree of a cut: the state `levels` expansion steps from
/// `initial`, following `schedule` at the branching points (the system is
/// deterministic: the state the expansion had). `None` if the path does
/// not lead there (it always does; nothing is explored then).
fn reach<S: Explorable>(
    mut state: S,
    schedule: &[u32],
    levels: usize,
    search: &Search<S>,
) -> Option<S> {
    let mut taken = schedule.iter();
    for _ in 0..levels {
        state.settle(&search.limits()).ok()?;
        let Next::Branch(options) = state.next() else {
            return None;
        };
        let choice = if options.len() > 1 {
            options.get(*taken.next()? as usize)?
        } else {
            options.first()?
        };
        state.apply(choice).ok()?;
    }
    taken.next().is_none().then_some(state)
}
