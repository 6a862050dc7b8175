//! Following one schedule: at each branching point with several options,
//! take the one the schedule names (the first once the schedule runs out).
//! `--replay` runs the counterexample of an error again this way, and the
//! trace of an error found without keeping traces is rebuilt by it.

use super::{Explorable, Next, Search};

/// Runs the one execution `schedule` describes.
pub fn follow<S: Explorable>(initial: S, schedule: &[u32], search: &mut Search<S>) {
    let mut state = initial;
    let mut taken: Vec<u32> = Vec::new();
    loop {
        if search.should_stop() {
            return;
        }
        search.outcome.states += 1;
        if let Err(halt) = state.settle(&search.limits()) {
            search.executed(state.halted(halt), &taken);
            return;
        }
        match state.next() {
            Next::Branch(options) => {
                let mut choice = &options[0];
                if options.len() > 1 {
                    let k = schedule.get(taken.len()).copied().unwrap_or(0);
                    let Some(o) = options.get(k as usize) else {
                        search.outcome.incomplete = Some(format!(
                            "the replay schedule does not fit this program and process count (choice {} of {} at step {})",
                            k,
                            options.len(),
                            taken.len() + 1
                        ));
                        return;
                    };
                    choice = o;
                    taken.push(k);
                }
                if let Err(halt) = state.apply(choice) {
                    search.executed(state.halted(halt), &taken);
                    return;
                }
            }
            Next::End => {
                search.executed(state.ended(), &taken);
                return;
            }
            Next::Redundant => {
                search.pruned(state.pruned(), &taken);
                return;
            }
        }
    }
}
