//! The reduced search (Vakkalanka et al. 2008a, §2, POE): every process runs to its next
//! fence, deterministic matches and completions are applied at once, and the
//! search branches only when nothing deterministic is left — over the answers
//! of a poll, the picks of a Waitany, or the senders a wildcard receive or
//! probe can match. A choice whose options may still grow (another pending
//! decision could enable a new sender) gets a "defer" branch that forbids
//! the current options, so no match relation is explored twice and none is
//! missed (README, "How exploration is reduced").

use super::end;
use super::step;
use super::{Buffering, Ctx, Reported};
use crate::explore::{Ending, Explorable, Limits, Next, LIMITED};
use crate::mpi::completion::PollOutcome;
use crate::mpi::decide::Decision;
use crate::mpi::machine::{Block, Halt, Machine, Phase, Wakes};
use runtime_model::mpi::p2p::{P2p, ReqId};
use std::collections::BTreeSet;

/// Applies every transition that has no alternative.
///
/// The transitions are taken in rounds, in a fixed order: every Ready
/// process runs to its next fence (by rank), then the first deterministic
/// match (by receiver rank, then posting order) is applied, then every
/// blocked process whose call can finish finishes (by rank), until a round
/// changes nothing. The order is kept because it is observable: it is the
/// order of the trace, and when several errors are reachable it decides
/// which one stops the execution.
///
/// What makes a round cheap on many ranks is that it only looks at what
/// may have changed, and skips exactly the work that would find nothing
/// (so the transitions, and their order, are those of a full rescan):
/// - Ready processes are kept in a set: within `settle` a process becomes
///   Ready only when its own blocking call finishes here (MPI calls finish
///   the caller's call only), so the set is known.
/// - The first deterministic match of each receiver is cached: it depends
///   on that receiver's two matching queues only (MPI 3.1 §3.5: a receive
///   matches messages sent to its process), and every change of them marks
///   the receiver as touched (`P2p::take_touched`).
/// - A process blocked in a Wait/Waitall, a blocking send or receive, or a
///   Sendrecv on point-to-point requests can only finish once one of its
///   requests is matched or cancelled, which touches it; it is tried again
///   only then. One blocked in a collective (or waiting for nonblocking
///   collectives) can besides only be released by a member's arrival,
///   which takes a collective or communicator call: it is tried again
///   after such a call (`Machine::group_calls`). Every other blocked process
///   (probes, detach, Waitany/Waitsome, polls, cancels) is tried in every
///   round, as before.
pub fn settle(ctx: &Ctx, limits: &Limits, state: &mut Machine) -> Result<(), Halt> {
    let model = ctx.model;
    let budget = ctx.budget;
    let np = state.np();
    let mut ready: BTreeSet<usize> = (0..np)
        .filter(|&r| state.procs[r].phase == Phase::Ready)
        .collect();
    // Every process is tried once; afterwards only as said above.
    let mut unblock: BTreeSet<usize> = (0..np).collect();
    let mut retry: Vec<usize> = Vec::new();
    let mut collective_waiters: BTreeSet<usize> = BTreeSet::new();
    let mut group_calls = state.group_calls;
    let mut matches = FirstMatches::new(np);
    // Not needed: the caches start from scratch.
    state.world.p2p.take_touched();
    // A match waits while a cancel of either side is undecided: the
    // cancel may win that race (MPI 3.1 §3.8.4), `next` branches on it.
    // A process blocks in MPI_Cancel only by running, and stays blocked
    // until `next` decides, so the list only grows here.
    let mut undecided = step::undecided_cancels(state);
    loop {
        if let Some(m) = limits.exceeded() {
            return Err(Halt::Budget(m));
        }
        // Only requests that are over are dropped: the caches above name
        // pending ones.
        super::compact::maybe(state);
        let mut changed = false;
        for rank in std::mem::take(&mut ready) {
            step::run_process(state, model, rank, budget, false)?;
            changed = true;
            unblock.insert(rank);
            if let Phase::Blocked {
                block: Block::Cancel { req },
                ..
            } = &state.procs[rank].phase
            {
                undecided.push(*req);
            }
        }
        note_touched(state, &mut unblock, &mut matches);
        let first = if undecided.is_empty() {
            matches.first(&state.world.p2p)
        } else {
            state
                .world
                .p2p
                .deterministic_matches()
                .into_iter()
                .find(|(r, s)| !undecided.contains(r) && !undecided.contains(s))
        };
        if let Some((r, s)) = first {
            state.apply_match(r, s, false);
            state.transitions += 1;
            changed = true;
            note_touched(state, &mut unblock, &mut matches);
        }
        if state.group_calls != group_calls {
            group_calls = state.group_calls;
            unblock.append(&mut collective_waiters);
        }
        // By rank, as a scan of every process would: a process touched by
        // one that finishes is tried in this round if its rank is higher,
        // in the next round otherwise.
        let mut cursor = 0;
        while let Some(&rank) = unblock.range(cursor..).next() {
            unblock.remove(&rank);
            cursor = rank + 1;
            let unblocked = match state.try_unblock(model, rank) {
                Ok(done) => done,
                Err(halt) => {
                    step::absorb(state, model, &[rank], halt)?;
                    true
                }
            };
            if unblocked {
                state.transitions += 1;
                changed = true;
                ready.insert(rank);
                note_touched(state, &mut unblock, &mut matches);
            } else {
                match state.wakes(rank) {
                    Wakes::Touched => {}
                    Wakes::TouchedOrGroupCall => {
                        collective_waiters.insert(rank);
                    }
                    Wakes::Anything => retry.push(rank),
                }
            }
        }
        unblock.extend(retry.drain(..));
        if !changed {
            return Ok(());
        }
    }
}

/// Moves the ranks the point-to-point state touched since the last call
/// into the caches that depend on them.
fn note_touched(state: &mut Machine, unblock: &mut BTreeSet<usize>, matches: &mut FirstMatches) {
    for rank in state.world.p2p.take_touched() {
        unblock.insert(rank);
        matches.invalidate(rank);
    }
}

/// Per receiver, its first deterministic match, recomputed only after its
/// queues changed; and the receivers that have one, in rank order.
struct FirstMatches {
    first: Vec<Option<(ReqId, ReqId)>>,
    have: BTreeSet<usize>,
    stale: Vec<usize>,
}

impl FirstMatches {
    fn new(np: usize) -> FirstMatches {
        FirstMatches {
            first: vec![None; np],
            have: BTreeSet::new(),
            stale: (0..np).collect(),
        }
    }

    fn invalidate(&mut self, rank: usize) {
        self.stale.push(rank);
    }

    /// The first of `P2p::deterministic_matches`.
    fn first(&mut self, p2p: &P2p) -> Option<(ReqId, ReqId)> {
        for rank in self.stale.drain(..) {
            let m = p2p.first_deterministic_match_to(rank);
            self.first[rank] = m;
            if m.is_some() {
                self.have.insert(rank);
            } else {
                self.have.remove(&rank);
            }
        }
        self.have.first().and_then(|&rank| self.first[rank])
    }
}

/// The decision to branch on in a settled state.
///
/// Decisions are taken in a fixed order: cancels, polls, then Waitany /
/// Waitsome picks, wildcard receives and wildcard probes
/// (`step::pending_decisions`). The first one is branched on; when others
/// are pending, it also gets a "defer" branch in which it is decided only
/// after something else changed, with the options offered now excluded, so
/// that each outcome is explored once and none is missed.
///
/// Polls (MPI_Test*, MPI_Iprobe, MPI_Improbe, MPI_Request_get_status)
/// complete nondeterministically (Vakkalanka et al. 2008a, §2.2, Vakkalanka et al. 2008b, §5): "yes" is
/// possible once a matching operation can have been posted, which may take
/// another process's decision first (a wildcard receive whose sender then
/// sends). A poll therefore offers its current "yes" outcomes, "not yet",
/// and, when other decisions are pending, a defer branch in which it later
/// answers only with a new "yes". "Not yet" is not offered again after a
/// deferral: answering it now covers answering it later (what the process
/// does next only adds options to the other decisions). When nothing else
/// is left, a deferred poll answers "not yet" (`ForceNotYet`); that
/// execution is new only for a polling loop that comes straight back to the
/// same poll, whose "not yet" branch was cut as a stutter (below).
pub fn next(model: &runtime_model::model::Model, state: &Machine) -> Next<Decision> {
    // A spin loop on window memory came back to a state it left (see
    // `crate::mpi::rma`): the branch that left it first covers this one.
    if state.procs.iter().any(|p| p.rma_stutter) {
        return Next::Redundant;
    }
    for rank in 0..state.np() {
        if let Some(options) = step::cancel_options(state, rank) {
            return Next::Branch(options);
        }
    }
    // A forced "not yet" must bring its process straight back to the same
    // poll with nothing changed; otherwise the branch that answered "not
    // yet" when the poll was deferred covers this execution.
    for rank in 0..state.np() {
        if state.procs[rank].poll_forced && !step::polls_again(model, state, rank) {
            return Next::Redundant;
        }
    }
    let mut decisions: Vec<(Vec<Decision>, Option<Decision>)> = Vec::new();
    let mut stuttering = false;
    for rank in 0..state.np() {
        if !is_polling(state, rank) {
            continue;
        }
        let completions = state.poll_completions(rank);
        // A deferred poll whose process's memory a one-sided update changed
        // since is asked afresh (`Process::poll_deferred_at`).
        let deferred = state.procs[rank]
            .poll_deferred
            .as_ref()
            .filter(|_| !step::deferral_outdated(state, rank));
        if let Some(excluded) = deferred {
            let fresh: Vec<PollOutcome> = completions
                .into_iter()
                .filter(|c| !excluded.contains(c))
                .collect();
            if fresh.is_empty() {
                continue;
            }
            let mut ex = excluded.clone();
            ex.extend(fresh.iter().cloned());
            decisions.push((
                fresh
                    .into_iter()
                    .map(|outcome| Decision::Poll { rank, outcome })
                    .collect(),
                Some(Decision::DeferPoll { rank, excluded: ex }),
            ));
            continue;
        }
        if step::polls_again(model, state, rank) {
            if !completions.is_empty() {
                // Back at the same poll with nothing changed: the branch that
                // answered "complete" the first time covers this one.
                return Next::Redundant;
            }
            // Spinning until something else happens: the same as the
            // deferral the first answer offered, if others were pending.
            stuttering = true;
            continue;
        }
        let mut ex = completions.clone();
        ex.push(PollOutcome::NotYet);
        let mut options: Vec<Decision> = completions
            .into_iter()
            .map(|outcome| Decision::Poll { rank, outcome })
            .collect();
        // A test of what its caller completed itself answers "yes".
        if !state.poll_answers_now(rank) {
            options.push(Decision::Poll {
                rank,
                outcome: PollOutcome::NotYet,
            });
        }
        // A poll whose every request is complete already offers all its
        // "yes" outcomes: deferring it could only add "not yet" later.
        let defer = state
            .poll_may_grow(rank)
            .then_some(Decision::DeferPoll { rank, excluded: ex });
        decisions.push((options, defer));
    }
    decisions.extend(
        step::pending_decisions(state, true)
            .into_iter()
            .map(|(_, options, defer)| (options, defer)),
    );
    if stuttering && !decisions.is_empty() {
        // The first "not yet" of this poll was answered in the same world,
        // with the same other decisions pending: its defer branch explores
        // them with the poll still waiting, which is this spinning loop.
        return Next::Redundant;
    }
    if let Some((options, defer)) = decisions.first() {
        let mut options = options.clone();
        if let (Some(defer), true) = (defer, decisions.len() > 1) {
            options.push(defer.clone());
        }
        return Next::Branch(options);
    }
    if step::has_skipped_option(state) || step::unrealized_cancel_failure(state) {
        return Next::Redundant;
    }
    if let Some(rank) = (0..state.np()).find(|&r| {
        state.procs[r].poll_deferred.is_some()
            && is_polling(state, r)
            && !step::deferral_outdated(state, r)
    }) {
        if !state.poll_completions(rank).is_empty() {
            // "Not yet" from here either lets the process go on (the branch
            // that answered "not yet" before the deferral covers that) or
            // brings it back to the same poll, where a "yes" it skipped is
            // still possible (that branch covers it too).
            return Next::Redundant;
        }
        return Next::Branch(vec![Decision::ForceNotYet { rank }]);
    }
    Next::End
}

fn is_polling(state: &Machine, rank: usize) -> bool {
    matches!(
        &state.procs[rank].phase,
        Phase::Blocked {
            block: Block::Poll { .. },
            ..
        }
    )
}

/// The machine under the reduced search.
#[derive(Clone)]
pub struct Poe<'m> {
    pub machine: Machine,
    pub ctx: Ctx<'m>,
    /// The program's checks read all of an execution's past
    /// (`memo_key::reads_whole_history`): merged states must share it.
    whole_history: bool,
    /// The program reads a clock (`memo_key::reads_clock`).
    clock: bool,
    /// The program's symmetry, when states are merged up to it.
    symmetric: Option<std::sync::Arc<super::memo_key::Symmetric>>,
}

impl<'m> Poe<'m> {
    /// The initial state of a search, with the settings of `machine`.
    pub fn new(ctx: Ctx<'m>, mut machine: Machine) -> Poe<'m> {
        // Under `--buffering zero` standard sends complete only once matched
        // (MPI 3.1 §3.4): executions where one was buffered are not
        // behaviors of that library, so they are not explored (a wildcard
        // receive cannot take a message its sender could only send after a
        // buffered send).
        machine.world.zero_buffer = ctx.buffering == Buffering::Zero;
        let whole_history = super::memo_key::reads_whole_history(ctx.model);
        // Programs whose checks read the whole past are not compacted, nor
        // searches that run the blocking semantics instead of replaying.
        if whole_history || !ctx.analyze_blocking {
            machine.compact_at = None;
        }
        Poe {
            ctx,
            whole_history,
            clock: super::memo_key::reads_clock(ctx.model),
            symmetric: if ctx.symmetry {
                super::memo_key::Symmetric::new(ctx.model, machine.world.np)
                    .map(std::sync::Arc::new)
            } else {
                None
            },
            machine,
        }
    }
}

impl Explorable for Poe<'_> {
    type Choice = Decision;
    type Halt = Halt;
    type Error = Reported;

    fn settle(&mut self, limits: &Limits) -> Result<(), Halt> {
        settle(&self.ctx, limits, &mut self.machine)
    }

    fn next(&self) -> Next<Decision> {
        next(self.ctx.model, &self.machine)
    }

    fn apply(&mut self, choice: &Decision) -> Result<(), Halt> {
        step::apply_decision(&mut self.machine, self.ctx.model, choice)
    }

    fn halted(&self, halt: Halt) -> Ending<Reported> {
        end::halted(&self.ctx, &self.machine, halt)
    }

    fn ended(&self) -> Ending<Reported> {
        end::end_of_execution(&self.ctx, &self.machine)
    }

    fn pruned(&self) -> Ending<Reported> {
        end::pruned(&self.ctx, &self.machine)
    }

    fn has_errors(&self) -> bool {
        !self.machine.findings.is_empty()
    }

    fn take_errors(&mut self) -> Vec<Reported> {
        end::flush(&self.ctx, &mut self.machine)
    }

    fn fingerprint(&self) -> u64 {
        super::fingerprint::fingerprint(&self.machine)
    }

    fn memo_key(&self) -> Option<u128> {
        super::memo_key::key(
            self.ctx.model,
            &self.machine,
            self.whole_history,
            self.clock,
            self.symmetric.as_deref(),
        )
    }

    /// Instructions executed and MPI calls made, all processes together.
    fn memo_used(&self) -> [u64; LIMITED] {
        super::end::used(&self.machine)
    }

    /// The instructions (`--max-steps`) and MPI calls (`--max-calls`) any
    /// one process may still execute and make before its limit stops the
    /// execution.
    fn memo_room(&self) -> [u64; LIMITED] {
        let procs = &self.machine.procs;
        let steps = procs.iter().map(|p| p.proc.steps).max().unwrap_or(0);
        let calls = procs.iter().map(|p| p.calls).max().unwrap_or(0) as u64;
        [
            self.ctx.budget.saturating_sub(steps),
            (self.machine.max_calls as u64).saturating_sub(calls),
        ]
    }

    fn progress(&self) -> (u64, u64) {
        let instructions = end::used(&self.machine)[0];
        (self.machine.transitions, instructions)
    }

    fn same_error(a: &Reported, b: &Reported) -> bool {
        Reported::same(a, b)
    }
}
