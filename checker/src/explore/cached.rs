//! Depth-first search that skips states already seen (Palmer et al. 2007, §4: state
//! hashing). With the system of every interleaving it is the exhaustive
//! oracle the reduced search is tested against: no reduction, only states
//! reached twice are merged.

use super::{Explorable, Next, Search};
use std::collections::HashSet;

/// Explores every state reachable from `initial` once. Errors are taken out
/// of each state as soon as it is reached, since merging two states would
/// lose the errors of one of them. Schedules are not kept (the errors are
/// reported with an empty one).
pub fn run<S: Explorable>(initial: S, search: &mut Search<S>) {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack: Vec<S> = vec![initial];
    while let Some(mut state) = stack.pop() {
        if search.should_stop() {
            return;
        }
        if !seen.insert(state.fingerprint()) {
            continue;
        }
        search.outcome.states += 1;
        if let Err(halt) = state.settle(&search.limits()) {
            search.executed(state.halted(halt), &[]);
            continue;
        }
        match state.next() {
            Next::End => search.executed(state.ended(), &[]),
            Next::Redundant => search.pruned(state.pruned(), &[]),
            Next::Branch(choices) => {
                for c in choices.into_iter().rev() {
                    let mut s = state.clone();
                    match s.apply(&c) {
                        Ok(()) => {
                            let errors = s.take_errors();
                            search.record(errors, &[]);
                            stack.push(s)
                        }
                        Err(halt) => search.executed(s.halted(halt), &[]),
                    }
                }
            }
        }
    }
}
