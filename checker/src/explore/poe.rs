//! The reduced search (seed 002 §2, POE): every process runs to its next
//! fence, deterministic matches and completions are applied at once, and the
//! search branches only when nothing deterministic is left — over the answers
//! of a poll, the picks of a Waitany, or the senders a wildcard receive or
//! probe can match. A choice whose options may still grow (another pending
//! decision could enable a new sender) gets a "defer" branch that forbids
//! the current options, so no match relation is explored twice and none is
//! missed (EXPLORATION.md "Count executions as classes").

use super::finish;
use super::state::{Halt, Phase, State};
use super::step::{self, Choice};
use super::Search;
use crate::mpi::completion::PollOutcome;

/// What follows a settled state.
pub enum Next {
    Branch(Vec<Choice>),
    /// Every process is done or stuck: the execution is complete.
    End,
    /// The execution duplicates one explored on another branch.
    Redundant,
}

/// Applies every transition that has no alternative.
pub fn settle(search: &Search, state: &mut State) -> Result<(), Halt> {
    let model = search.model;
    let budget = search.config.budget;
    loop {
        search.check_limits(state)?;
        let mut changed = false;
        for rank in 0..state.np() {
            if state.procs[rank].phase == Phase::Ready {
                step::run_process(state, model, rank, budget, false)?;
                changed = true;
            }
        }
        // A match waits while a cancel of either side is undecided: the
        // cancel may win that race (MPI 3.1 §3.8.4), `next` branches on it.
        let undecided = step::undecided_cancels(state);
        let ready = state
            .world
            .p2p
            .deterministic_matches()
            .into_iter()
            .find(|(r, s)| !undecided.contains(r) && !undecided.contains(s));
        if let Some((r, s)) = ready {
            state.apply_match(r, s, false);
            state.transitions += 1;
            changed = true;
        }
        for rank in 0..state.np() {
            if state.try_unblock(model, rank)? {
                state.transitions += 1;
                changed = true;
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

/// The decision to branch on in a settled state.
pub fn next(model: &runtime_model::model::Model, state: &State) -> Next {
    // Cancels and polls first: answering one lets its process go on and
    // perhaps send.
    for rank in 0..state.np() {
        if let Some(options) = step::cancel_options(state, rank) {
            return Next::Branch(options);
        }
        if !matches!(
            &state.procs[rank].phase,
            Phase::Blocked {
                block: super::state::Block::Poll { .. },
                ..
            }
        ) {
            continue;
        }
        let completions = state.poll_completions(rank);
        let stutter = state.procs[rank].poll_mark
            == Some((state.local_fingerprint(model, rank), state.version));
        if stutter {
            if !completions.is_empty() {
                // Back at the same poll with nothing changed: the branch that
                // answered "complete" the first time covers this one.
                return Next::Redundant;
            }
            continue; // spinning until something else happens
        }
        let mut options: Vec<Choice> = completions
            .into_iter()
            .map(|outcome| Choice::Poll { rank, outcome })
            .collect();
        options.push(Choice::Poll {
            rank,
            outcome: PollOutcome::NotYet,
        });
        return Next::Branch(options);
    }
    let decisions = step::pending_decisions(state);
    if let Some((_, options, defer)) = decisions.first() {
        let mut options = options.clone();
        if decisions.len() > 1 {
            options.push(defer.clone());
        }
        return Next::Branch(options);
    }
    if step::has_skipped_option(state) || step::unrealized_cancel_failure(state) {
        return Next::Redundant;
    }
    Next::End
}

struct Frame {
    state: State,
    options: Vec<Choice>,
    next: usize,
}

/// Depth-first search; memory is bounded by the depth (one state per open
/// branching point), not by the number of executions.
pub fn run(search: &mut Search) {
    let mut initial = State::with_inputs(
        search.model,
        search.config.np,
        &search.config.program_args,
        search.config.inputs.clone(),
    );
    initial.max_calls = search.config.max_calls;
    initial.max_polls = search.config.max_polls;
    let mut stack: Vec<Frame> = Vec::new();
    let mut current = Some(initial);
    loop {
        if search.should_stop() {
            return;
        }
        let mut state = match current.take() {
            Some(s) => s,
            None => {
                // Backtrack to the deepest branching point with options left.
                let Some(top) = stack.last_mut() else {
                    return;
                };
                let choice = top.options[top.next].clone();
                let index = top.next as u32;
                top.next += 1;
                let mut s = if top.next == top.options.len() {
                    let f = stack.pop().map(|f| f.state);
                    match f {
                        Some(s) => s,
                        None => return,
                    }
                } else {
                    top.state.clone()
                };
                s.schedule.push(index);
                if let Err(halt) = step::apply(&mut s, search.model, &choice, search.config.budget)
                {
                    finish::halted(search, &s, halt);
                    continue;
                }
                s
            }
        };
        search.outcome.states += 1;
        if let Err(halt) = settle(search, &mut state) {
            finish::halted(search, &state, halt);
            continue;
        }
        match next(search.model, &state) {
            Next::Branch(options) => {
                let mut first = options[0].clone();
                if let Some(replay) = &search.config.replay {
                    // Follow the schedule: one option, no backtracking.
                    if options.len() > 1 {
                        let k = replay.get(state.schedule.len()).copied().unwrap_or(0);
                        let Some(o) = options.get(k as usize) else {
                            search.outcome.incomplete = Some(format!(
                                "the replay schedule does not fit this program and process count (choice {} of {} at step {})",
                                k,
                                options.len(),
                                state.schedule.len() + 1
                            ));
                            return;
                        };
                        first = o.clone();
                        state.schedule.push(k);
                    }
                } else if options.len() > 1 {
                    stack.push(Frame {
                        state: state.clone(),
                        options,
                        next: 1,
                    });
                    state.schedule.push(0);
                }
                if let Err(halt) =
                    step::apply(&mut state, search.model, &first, search.config.budget)
                {
                    finish::halted(search, &state, halt);
                    continue;
                }
                current = Some(state);
            }
            Next::End => finish::end_of_execution(search, &state),
            Next::Redundant => {
                search.outcome.pruned += 1;
                search.outcome.transitions += state.transitions;
                search.outcome.instructions +=
                    state.procs.iter().map(|p| p.proc.steps).sum::<u64>();
            }
        }
    }
}
