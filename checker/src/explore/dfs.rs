//! Depth-first search over every branch a system offers. Memory is bounded
//! by the depth (one state per open branching point), not by the number of
//! executions; executions are explored in schedule order (the first option
//! of every branching point first), so the first error found is the first
//! in that order. With a table of summaries (`memo`) a branching state
//! whose subtree was explored before is counted, not explored again.

use super::memo::{Lookup, Mark};
use super::{Explorable, Next, Search};

struct Frame<S: Explorable> {
    /// Taken by the last option (the frame stays until its subtree is
    /// done, to summarize it).
    state: Option<S>,
    schedule: Vec<u32>,
    options: Vec<S::Choice>,
    next: usize,
    mark: Option<Mark>,
}

/// Explores every execution of `initial` until the search should stop.
pub fn run<S: Explorable>(initial: S, search: &mut Search<S>) {
    run_from(initial, Vec::new(), search)
}

/// `run` from a state the choices `schedule` led to (one subtree of a
/// larger search, `split`): errors are reported with whole schedules.
pub fn run_from<S: Explorable>(initial: S, schedule: Vec<u32>, search: &mut Search<S>) {
    let mut stack: Vec<Frame<S>> = Vec::new();
    let mut current = Some((initial, schedule));
    loop {
        if search.should_stop() {
            return;
        }
        if search.remote && cut_answered(&mut stack, search) {
            // The execution under way was inside the subtree cut.
            current = None;
        }
        let (mut state, mut schedule) = match current.take() {
            Some(c) => c,
            None => {
                // Branching points whose every option was explored are done.
                while stack.last().is_some_and(|f| f.next == f.options.len()) {
                    if let Some(mark) = stack.pop().and_then(|f| f.mark) {
                        search.subtree_done(mark);
                    }
                }
                // Backtrack to the deepest branching point with options left.
                let Some(top) = stack.last_mut() else {
                    return;
                };
                let choice = top.options[top.next].clone();
                let index = top.next as u32;
                top.next += 1;
                let taken = if top.next == top.options.len() {
                    top.state
                        .take()
                        .map(|s| (s, std::mem::take(&mut top.schedule)))
                } else {
                    top.state.clone().map(|s| (s, top.schedule.clone()))
                };
                let Some((mut s, mut schedule)) = taken else {
                    return;
                };
                schedule.push(index);
                if let Err(halt) = s.apply(&choice) {
                    search.executed(s.halted(halt), &schedule);
                    continue;
                }
                (s, schedule)
            }
        };
        search.outcome.states += 1;
        if let Err(halt) = state.settle(&search.limits()) {
            search.executed(state.halted(halt), &schedule);
            continue;
        }
        match state.next() {
            Next::Branch(options) => {
                let first = options[0].clone();
                if options.len() > 1 {
                    // After an error the execution runs to its end to show
                    // its other bugs; unless every error is wanted the
                    // search stops after it, so its other branches are not
                    // kept.
                    if !state.has_errors() || search.bounds.all_errors {
                        let mark = match search.lookup(&state) {
                            Lookup::Known(_) => continue,
                            Lookup::New(mark) => mark,
                        };
                        stack.push(Frame {
                            state: Some(state.clone()),
                            schedule: schedule.clone(),
                            options,
                            next: 1,
                            mark,
                        });
                    }
                    schedule.push(0);
                }
                if let Err(halt) = state.apply(&first) {
                    search.executed(state.halted(halt), &schedule);
                    continue;
                }
                current = Some((state, schedule));
            }
            Next::End => search.executed(state.ended(), &schedule),
            Next::Redundant => search.pruned(state.pruned(), &schedule),
        }
    }
}

/// Takes the answers of a distributed table (`memo::Remote`): an open
/// branching point whose subtree turned out known elsewhere is dropped with
/// everything above it, its subtree counted from the summary. Returns
/// whether the stack was cut.
fn cut_answered<S: Explorable>(stack: &mut Vec<Frame<S>>, search: &mut Search<S>) -> bool {
    let mut cut = false;
    for (key, summary) in search.answers() {
        let marked = |f: &Frame<S>| f.mark.as_ref().is_some_and(|m| m.key() == key);
        let Some(i) = stack.iter().position(marked) else {
            continue;
        };
        if let Some(mark) = &stack[i].mark {
            if search.known_late(mark, &summary) {
                stack.truncate(i);
                cut = true;
            }
        }
    }
    cut
}
