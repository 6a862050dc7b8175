//! The naive search, kept as the oracle for the reduced one (README, "How
//! exploration is reduced"): every interleaving of MPI events — each process issues its
//! calls one at a time, every enabled match (deterministic or not) is a
//! separate transition in every order, every completion is a step — with
//! states already seen skipped.

use super::finish;
use super::state::{Block, Halt, Phase, ReqSlot, State};
use super::step::{self, Choice};
use super::Search;
use crate::mpi::completion::PollOutcome;
use runtime_model::mpi::p2p::{ReqId, ReqOp};
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

/// A request as (owner, position among the owner's requests): global
/// request ids depend on how processes interleave, these do not, so states
/// reached in different orders merge.
fn canon(state: &State, id: ReqId) -> (usize, usize) {
    let r = &state.world.p2p.requests[id];
    (r.owner, r.local)
}

fn hash_ids(state: &State, ids: &[ReqId], h: &mut impl Hasher) {
    for &id in ids {
        canon(state, id).hash(h);
    }
}

fn hash_slots(state: &State, slots: &[ReqSlot], h: &mut impl Hasher) {
    for s in slots {
        s.req.map(|r| canon(state, r)).hash(h);
        (s.handle_addr, s.status_addr).hash(h);
    }
}

fn hash_phase(state: &State, phase: &Phase, h: &mut impl Hasher) {
    let Phase::Blocked { func, loc, block } = phase else {
        phase.hash(h);
        return;
    };
    (func, loc).hash(h);
    std::mem::discriminant(block).hash(h);
    match block {
        Block::Requests {
            slots,
            mode,
            excluded,
        } => {
            hash_slots(state, slots, h);
            mode.hash(h);
            hash_ids(state, excluded, h);
        }
        Block::Collective { .. } => block.hash(h),
        Block::Probe {
            comm,
            source,
            tag,
            status_addr,
            excluded,
            message_addr,
        } => {
            (comm, source, tag, status_addr, message_addr).hash(h);
            hash_ids(state, excluded, h);
        }
        Block::Poll { kind, slots, probe } => {
            (kind, probe).hash(h);
            hash_slots(state, slots, h);
        }
        Block::Cancel { req } => canon(state, *req).hash(h),
        Block::Detach { messages } => hash_ids(state, messages, h),
    }
}

fn fingerprint(state: &State) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in &state.procs {
        p.proc.hash(&mut h);
        hash_phase(state, &p.phase, &mut h);
        p.lifecycle.hash(&mut h);
        p.calls.hash(&mut h);
    }
    let p2p = &state.world.p2p;
    for rank in 0..state.np() {
        let mut local = 0;
        while let Some(id) = p2p.owned_request(rank, local) {
            let r = &p2p.requests[id];
            r.partner.map(|x| canon(state, x)).hash(&mut h);
            r.completed_at.hash(&mut h);
            (r.freed, r.cancelled, r.cancel_failed, r.message).hash(&mut h);
            if let ReqOp::Persistent(op) = &r.op {
                op.active.map(|x| canon(state, x)).hash(&mut h);
            }
            local += 1;
        }
        local.hash(&mut h);
    }
    for b in &p2p.buffers {
        b.as_ref().map(|b| (b.addr, b.size)).hash(&mut h);
        if let Some(b) = b {
            hash_ids(state, &b.messages, &mut h);
        }
    }
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
                block: Block::Cancel { .. },
                ..
            } => out.extend(step::cancel_options(state, rank).unwrap_or_default()),
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
        // An error raised while unblocking (e.g. inside a user reduction
        // operator run when a collective completes) is a behavior too: the
        // Unblock choice then halts with it.
        if !matches!(probe.try_unblock(search.model, rank), Ok(false)) {
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
    // (zero buffering, synchronizing collectives). Under `--buffering zero`
    // a standard send never completes before it is matched, so the buffered
    // passes would explore behaviors that library cannot show.
    let passes = match search.config.buffering {
        super::Buffering::Any => vec![(false, false), (false, true), (true, true)],
        super::Buffering::Infinite => vec![(false, false), (false, true)],
        super::Buffering::Zero => vec![(true, false), (true, true)],
    };
    for (zero_buffer, synchronizing) in passes {
        if search.should_stop() {
            return;
        }
        run_pass(search, zero_buffer, synchronizing);
    }
}

fn run_pass(search: &mut Search, zero_buffer: bool, synchronizing: bool) {
    let mut seen: HashSet<u64> = HashSet::new();
    let mut initial = State::with_inputs(
        search.model,
        search.config.np,
        &search.config.program_args,
        search.config.inputs.clone(),
    );
    initial.world.zero_buffer = zero_buffer;
    initial.max_calls = search.config.max_calls;
    initial.max_polls = search.config.max_polls;
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
            if step::unrealized_cancel_failure(&state) {
                search.outcome.pruned += 1;
                continue;
            }
            finish::end_of_execution(search, &state);
            continue;
        }
        for c in choices.into_iter().rev() {
            let mut s = state.clone();
            match step::apply(&mut s, search.model, &c, search.config.budget) {
                Ok(()) => {
                    finish::flush(search, &mut s);
                    stack.push(s)
                }
                Err(halt @ Halt::Error(_))
                | Err(halt @ Halt::Unsupported(_))
                | Err(halt @ Halt::Budget(_)) => finish::halted(search, &s, halt),
            }
        }
    }
}
