//! The naive search, kept as the oracle for the reduced one (BRIEF.md "Keep
//! an oracle"): every interleaving of MPI events — each process issues its
//! calls one at a time, every enabled match (deterministic or not) is a
//! separate transition in every order, every completion is a step — with
//! states already seen skipped.

use super::finish;
use super::state::{Block, Halt, Phase, State};
use super::step::{self, Choice};
use super::Search;
use crate::mpi::completion::PollOutcome;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

fn fingerprint(state: &State) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in &state.procs {
        p.proc.hash(&mut h);
        p.phase.hash(&mut h);
        p.lifecycle.hash(&mut h);
        p.calls.hash(&mut h);
    }
    for r in &state.world.p2p.requests {
        r.partner.hash(&mut h);
        r.completed_at.hash(&mut h);
        r.freed.hash(&mut h);
    }
    state.world.p2p.requests.len().hash(&mut h);
    for c in &state.world.comms {
        c.next_instance.hash(&mut h);
        for i in &c.instances {
            for a in &i.arrivals {
                a.is_some().hash(&mut h);
            }
        }
    }
    h.finish()
}

fn enabled(search: &Search, state: &State) -> Vec<Choice> {
    let mut out = Vec::new();
    for (rank, p) in state.procs.iter().enumerate() {
        match &p.phase {
            Phase::Ready => out.push(Choice::Run { rank }),
            Phase::Blocked {
                block: Block::Poll { .. },
                ..
            } => {
                for outcome in state.poll_completions(rank) {
                    out.push(Choice::Poll { rank, outcome });
                }
                let stutter = p.poll_mark
                    == Some((state.local_fingerprint(search.model, rank), state.version));
                if !stutter {
                    out.push(Choice::Poll {
                        rank,
                        outcome: PollOutcome::NotYet,
                    });
                }
            }
            _ => {}
        }
    }
    for recvs in 0..state.np() {
        for &r in state.world.p2p.pending_recvs_of(recvs) {
            for s in state.world.p2p.candidates(r) {
                out.push(Choice::Match { recv: r, send: s });
            }
        }
    }
    for (_, options, _) in step::pending_decisions(state) {
        for o in options {
            if !matches!(o, Choice::Match { .. }) {
                out.push(o);
            }
        }
    }
    for rank in 0..state.np() {
        let mut probe = state.clone();
        if let Ok(true) = probe.try_unblock(search.model, rank) {
            out.push(Choice::Unblock { rank });
        }
    }
    out
}

/// Explores the permissive semantics (buffered sends, non-synchronizing
/// collectives), then synchronizing collectives, then also unbuffered sends
/// — each as its own exhaustive search, so the oracle checks the reduced
/// search's completes-before analysis instead of sharing it.
pub fn run(search: &mut Search) {
    search.analyze_blocking = false;
    let mut passes = vec![(false, false), (false, true)];
    if search.config.buffering != super::Buffering::Infinite {
        passes.push((true, true));
    }
    for (zero_buffer, synchronizing) in passes {
        if search.should_stop() {
            return;
        }
        run_pass(search, zero_buffer, synchronizing);
    }
}

fn run_pass(search: &mut Search, zero_buffer: bool, synchronizing: bool) {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut initial = State::new(search.model, search.config.np, &search.config.program_args);
    initial.world.zero_buffer = zero_buffer;
    initial.max_calls = search.config.max_calls;
    initial.world.synchronizing_collectives = synchronizing;
    let mut stack: Vec<State> = vec![initial];
    while let Some(state) = stack.pop() {
        if search.should_stop() {
            return;
        }
        if !seen.insert(fingerprint(&state)) {
            continue;
        }
        search.outcome.states += 1;
        if let Err(halt) = search.check_limits(&state) {
            finish::halted(search, &state, halt);
            continue;
        }
        let choices = enabled(search, &state);
        if choices.is_empty() {
            finish::end_of_execution(search, &state);
            continue;
        }
        for c in choices.into_iter().rev() {
            let mut s = state.clone();
            match step::apply(&mut s, search.model, &c, search.config.budget) {
                Ok(()) => stack.push(s),
                Err(halt @ Halt::Error(_))
                | Err(halt @ Halt::Unsupported(_))
                | Err(halt @ Halt::Budget(_)) => finish::halted(search, &s, halt),
            }
        }
    }
}
