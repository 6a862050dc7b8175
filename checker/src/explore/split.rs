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

use super::{dfs, Ending, Explorable, Next, Search};
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

/// What one part explored of one piece of the search, for a merge that
/// counts like a whole run: a whole run stops at its first error in
/// schedule order, so the merge counts only the pieces that start at or
/// before it (`driver::merge`).
#[derive(Clone, Debug, PartialEq)]
pub struct Unit {
    /// The schedule where the piece starts: the root of a subtree, or an
    /// execution that ended during the expansion.
    pub start: Vec<u32>,
    pub executions: u64,
    pub transitions: u64,
}

/// A piece of a part, before it is explored.
enum Piece<S: Explorable> {
    /// An execution that ended during the expansion (counted by part 1),
    /// with whether it was cut as redundant.
    Ended(Ending<S::Error>, bool),
    Subtree(S),
}

/// Explores part `part` (0-based) of `parts`.
pub fn run<S: Explorable>(
    initial: S,
    search: &mut Search<S>,
    part: usize,
    parts: usize,
) -> Vec<Unit> {
    run_cut(initial, search, part, parts, &OnceLock::new())
}

/// `run`, with the cut of an earlier part of the same search when `cut`
/// holds one (the first part expands, as it counts what ends during the
/// expansion); fills `cut` otherwise. Returns what each piece the part
/// explored counted, in schedule order.
///
/// A part explores its pieces in schedule order and stops at its first
/// error, as a whole run does: what ended during the expansion waits its
/// turn among the subtrees (the expansion goes breadth first, and an
/// execution ending near the top may come after a subtree in schedule
/// order).
pub fn run_cut<S: Explorable>(
    initial: S,
    search: &mut Search<S>,
    part: usize,
    parts: usize,
    cut: &OnceLock<Cut>,
) -> Vec<Unit> {
    let pieces = match (part != 0).then(|| reach_roots(&initial, search, part, parts, cut)) {
        Some(Some(roots)) => roots,
        _ => expand(initial, search, part, parts, cut),
    };
    let mut units = Vec::new();
    for (start, piece) in pieces {
        if search.should_stop() {
            break;
        }
        let before = (search.outcome.executions, search.outcome.transitions);
        match piece {
            Piece::Ended(ending, false) => search.executed(ending, &start),
            Piece::Ended(ending, true) => search.pruned(ending, &start),
            Piece::Subtree(root) => dfs::run_from(root, start.clone(), search),
        }
        units.push(Unit {
            start,
            executions: search.outcome.executions - before.0,
            transitions: search.outcome.transitions - before.1,
        });
    }
    units
}

/// The roots of this part's subtrees from an earlier part's cut, all
/// reached before any is explored: a path that did not lead where the
/// expansion went (it always does) falls back to expanding, never to
/// skipping a subtree.
fn reach_roots<S: Explorable>(
    initial: &S,
    search: &Search<S>,
    part: usize,
    parts: usize,
    cut: &OnceLock<Cut>,
) -> Option<Vec<(Vec<u32>, Piece<S>)>> {
    let cut = cut.get()?;
    let mine = cut
        .roots
        .iter()
        .enumerate()
        .filter(|(k, _)| k % parts == part);
    mine.map(|(_, (schedule, levels))| {
        let root = reach(initial.clone(), schedule, *levels, search)?;
        Some((schedule.clone(), Piece::Subtree(root)))
    })
    .collect()
}

/// Expands the top of the search breadth first and returns this part's
/// pieces in schedule order: its subtrees, and for the first part what
/// ended during the expansion.
fn expand<S: Explorable>(
    initial: S,
    search: &mut Search<S>,
    part: usize,
    parts: usize,
    cut: &OnceLock<Cut>,
) -> Vec<(Vec<u32>, Piece<S>)> {
    let first = part == 0;
    let mut pieces = Vec::new();
    let mut frontier: Vec<(Vec<u32>, S)> = vec![(Vec::new(), initial)];
    let mut depth = 0;
    while frontier.len() < parts * SUBTREES_PER_PART && depth < MAX_DEPTH && !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for (schedule, mut state) in std::mem::take(&mut frontier) {
            if search.should_stop() {
                return Vec::new();
            }
            if first {
                search.outcome.states += 1;
            }
            if let Err(halt) = state.settle(&search.limits()) {
                if first {
                    pieces.push((schedule, Piece::Ended(state.halted(halt), false)));
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
                            Err(halt) if first => {
                                pieces.push((at, Piece::Ended(s.halted(halt), false)))
                            }
                            Err(_) => {}
                        }
                    }
                }
                Next::End if first => pieces.push((schedule, Piece::Ended(state.ended(), false))),
                Next::Redundant if first => {
                    pieces.push((schedule, Piece::Ended(state.pruned(), true)))
                }
                Next::End | Next::Redundant => {}
            }
        }
        frontier = next;
    }
    let roots = frontier.iter().map(|(s, _)| (s.clone(), depth)).collect();
    let _ = cut.set(Cut { roots });
    for (k, (schedule, state)) in frontier.into_iter().enumerate() {
        if k % parts == part {
            pieces.push((schedule, Piece::Subtree(state)));
        }
    }
    // Schedules of different pieces differ where neither is a prefix of the
    // other: their order is the depth-first order.
    pieces.sort_by(|a, b| a.0.cmp(&b.0));
    pieces
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
