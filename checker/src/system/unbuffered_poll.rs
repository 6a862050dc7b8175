//! A polling loop that never ends when standard sends are not buffered.
//!
//! Under `--buffering any` the reduced search runs with buffering and finds
//! what zero buffering would block by replaying each execution's
//! completes-before graph without it (`end::zero_buffer_replay`). A stuck
//! poll is not a deadlock there: it could answer "not yet", and what the
//! process does then is another execution (`end::genuinely_stuck`). But
//! when "not yet" brings the process straight back to the same poll in the
//! same state (a stutter, `step::polls_again`), that execution is cut as
//! redundant, and nobody replays it without buffering. This module judges
//! it when it is cut: if the replay without buffering gets stuck with the
//! process at this poll, every other stuck process blocked in a call whose
//! answer is not the library's choice, and no "yes" the poll could give
//! possible there, then a library that does not buffer standard sends (MPI
//! 3.1 §3.4 allows it) leaves the process polling forever: nothing it
//! waits for can happen, so MPI's progress rule (§3.7.4) does not apply.

use super::end::{stuck_but, CbGraph};
use super::{Buffering, Ctx};
use crate::diag::ErrorKind;
use crate::mpi::completion::PollOutcome;
use crate::mpi::machine::*;
use runtime_model::mpi::p2p::{EventRef, ReqId, ReqOp, SendMode};

/// The polling loop of this execution (cut as a stutter) that never ends
/// without buffering, as a `non-termination` finding.
pub fn endless(ctx: &Ctx, state: &Machine) -> Option<Finding> {
    // Only the search that runs with buffering and replays without it;
    // under `--buffering zero` the search itself runs unbuffered. A process
    // stopped at an error is the whole story of whoever waits for it.
    if ctx.buffering != Buffering::Any || !ctx.analyze_blocking || state.any_crashed() {
        return None;
    }
    let rank = (0..state.np()).find(|&r| super::step::polls_again(ctx.model, state, r))?;
    // An RMA update not applied yet (or a one-sided call the library
    // will move on: a lock to grant) may change window memory the loop
    // reads besides the poll (a volatile flag, MPI 3.1 §11.7): the loop
    // can end without the poll's "yes", and the library applies the update
    // whatever the buffering (one-sided progress, §11.7.3).
    let rma_moves = state.world.rma.ops.iter().any(|(_, o)| !o.applied)
        || state.procs.iter().any(|p| {
            matches!(
                &p.phase,
                Phase::Blocked {
                    block: Block::Rma(_),
                    ..
                }
            )
        });
    if rma_moves {
        return None;
    }
    let g = CbGraph::new(state);
    use DepKind::*;
    let kinds = [Always, Synchronizing, ZeroBuffer];
    let pos = crate::log::cb::replay_from(&g.counts, &g.start, &g.deps, &kinds)?;
    // The process is at this very poll in the replay (not stuck before it).
    let at_poll = state.procs[rank].calls.checked_sub(1)?;
    if pos.get(rank) != Some(&at_poll) || !stuck_but(state, &g.events, &pos, Some(rank)) {
        return None;
    }
    let answers = state.poll_completions(rank);
    if answers.iter().any(|a| possible_at(state, rank, a, &pos)) {
        return None;
    }
    // The replay knows only that the poll never completes; what it lacks
    // is a "yes" that the stuck calls would have to make possible.
    let mut wf = super::waitfor::replayed(&g.events, &g.deps, &kinds, &pos);
    for w in wf.waiters.iter_mut().filter(|w| w.rank == rank) {
        w.on.clear();
        w.otherwise = Some("a \"yes\" that only the calls stuck here could make possible".into());
    }
    let line =
        |l: runtime_model::model::LocId| ctx.model.locations.get(l as usize).map_or(0, |x| x.line);
    let func = state.blocked_func(rank).map_or("?", |f| f.name());
    let mut f = Finding::new(
        ErrorKind::NonTermination,
        format!(
            "rank {rank} polls {func} forever when standard sends are not buffered (MPI 3.1 §3.4 allows it): {}",
            wf.describe(&line, &|_| None)
        ),
    );
    let poll_first = wf.waiters.iter().filter(|w| w.rank == rank);
    for w in poll_first.chain(wf.waiters.iter().filter(|w| w.rank != rank)) {
        let site = (w.rank, w.loc, Some(w.func));
        if !f.locations.contains(&site) {
            f.locations.push(site);
        }
    }
    f.wait_for = Some(wf);
    f.help = Some(
        "Do not let what the loop waits for depend on buffering: post the receives of the \
         messages sent before it as nonblocking calls (`MPI_Irecv`) before polling, or make \
         those sends nonblocking (`MPI_Isend`, completed after the loop). \
         `mpi-check --buffering infinite` shows whether buffering is the only problem."
            .into(),
    );
    Some(f)
}

/// Whether the poll of `rank` can answer `answer` at the replay's position
/// `pos`: the events that answer depends on (those the machine records when
/// it gives it) were reached. What is not known here counts as possible.
fn possible_at(state: &Machine, rank: usize, answer: &PollOutcome, pos: &[usize]) -> bool {
    let Phase::Blocked {
        block: Block::Poll { kind, slots, .. },
        ..
    } = &state.procs[rank].phase
    else {
        return true;
    };
    let ready = |i: usize| {
        slots
            .get(i)
            .and_then(|s| s.req)
            .is_none_or(|r| request_done_at(state, r, pos))
    };
    match (answer, kind) {
        // An Iprobe sees a message once its send was issued (MPI 3.1 §3.8.1).
        (PollOutcome::Message(s), _) => reached_post(state, *s, pos),
        (PollOutcome::Complete(i), PollKind::Testany { .. }) => ready(*i),
        (
            PollOutcome::Complete(_),
            PollKind::Test { .. } | PollKind::Testall { .. } | PollKind::GetStatus { .. },
        ) => (0..slots.len()).all(ready),
        (PollOutcome::Some(indices), _) => indices.iter().all(|&i| ready(i)),
        _ => true,
    }
}

/// Whether request `id` is complete at the replay's position `pos` without
/// buffering: a receive once its message's send was issued, a standard,
/// ready or synchronous send once its receive was (MPI 3.1 §3.4); a
/// buffered send at once. Other kinds count as complete.
fn request_done_at(state: &Machine, id: ReqId, pos: &[usize]) -> bool {
    let Some(r) = state.world.p2p.requests.get(id) else {
        return true;
    };
    if r.cancelled || r.cancel_failed {
        return true;
    }
    match &r.op {
        ReqOp::Recv(_) => r.partner.is_none_or(|s| reached_post(state, s, pos)),
        ReqOp::Send(op) if op.mode == SendMode::Buffered => true,
        // Unmatched, it never completes without buffering.
        ReqOp::Send(_) => r.partner.is_some_and(|x| reached_post(state, x, pos)),
        _ => true,
    }
}

/// Whether the call that posted request `id` was issued at `pos` (a
/// request the compaction dropped was posted long before).
fn reached_post(state: &Machine, id: ReqId, pos: &[usize]) -> bool {
    state
        .world
        .p2p
        .requests
        .get(id)
        .is_none_or(|r| reached(r.posted_at, pos))
}

fn reached(ev: EventRef, pos: &[usize]) -> bool {
    pos.get(ev.0).is_some_and(|&p| p >= ev.1)
}
