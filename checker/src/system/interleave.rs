//! The naive search, kept as the oracle for the reduced one (README, "How
//! exploration is reduced"): every interleaving of MPI events — each process issues its
//! calls one at a time, every enabled match (deterministic or not) is a
//! separate transition in every order, every completion is a step — with
//! states already seen skipped.

use super::end;
use super::step::{self, Choice, Decision};
use super::{Buffering, Ctx, Reported};
use crate::explore::{Ending, Explorable, Limits, Next};
use crate::mpi::completion::PollOutcome;
use crate::mpi::machine::{Block, Halt, Machine, Phase};

fn enabled(ctx: &Ctx, state: &Machine) -> Vec<Choice> {
    let mut out = Vec::new();
    for (rank, p) in state.procs.iter().enumerate() {
        match &p.phase {
            Phase::Ready => out.push(Choice::Run { rank }),
            Phase::Blocked {
                block: Block::Cancel { .. },
                ..
            } => out.extend(
                step::cancel_options(state, rank)
                    .unwrap_or_default()
                    .into_iter()
                    .map(Choice::Decide),
            ),
            Phase::Blocked {
                block: Block::Poll { .. },
                ..
            } => {
                for outcome in state.poll_completions(rank) {
                    out.push(Choice::Decide(Decision::Poll { rank, outcome }));
                }
                if !step::polls_again(ctx.model, state, rank) && !state.poll_answers_now(rank) {
                    out.push(Choice::Decide(Decision::Poll {
                        rank,
                        outcome: PollOutcome::NotYet,
                    }));
                }
            }
            _ => {}
        }
    }
    for recvs in 0..state.np() {
        for &r in state.world.p2p.pending_recvs_of(recvs) {
            for s in state.world.p2p.candidates(r) {
                out.push(Choice::Decide(Decision::Match { recv: r, send: s }));
            }
        }
    }
    for (_, options, _) in step::pending_decisions(state, false) {
        for o in options {
            if !matches!(o, Decision::Match { .. }) {
                out.push(Choice::Decide(o));
            }
        }
    }
    for rank in 0..state.np() {
        let mut probe = state.clone();
        // An error raised while unblocking (e.g. inside a user reduction
        // operator run when a collective completes) is a behavior too: the
        // Unblock choice then halts with it.
        if !matches!(probe.try_unblock(ctx.model, rank), Ok(false)) {
            out.push(Choice::Unblock { rank });
        }
    }
    out
}

/// The (zero buffering, synchronizing collectives) passes of the oracle:
/// the permissive semantics (buffered sends, non-synchronizing
/// collectives), then synchronizing collectives, then also unbuffered sends
/// — each an exhaustive search of its own, so that the oracle checks the
/// reduced search's completes-before analysis instead of sharing it. Under
/// `--buffering zero` a standard send never completes before it is
/// matched, so the buffered passes would explore behaviors that library
/// cannot show.
pub fn passes(buffering: Buffering) -> Vec<(bool, bool)> {
    match buffering {
        Buffering::Any => vec![(false, false), (false, true), (true, true)],
        Buffering::Infinite => vec![(false, false), (false, true)],
        Buffering::Zero => vec![(true, false), (true, true)],
    }
}

/// The machine with every interleaving of its MPI events as a choice.
#[derive(Clone)]
pub struct Interleaving<'m> {
    pub machine: Machine,
    pub ctx: Ctx<'m>,
}

impl<'m> Interleaving<'m> {
    /// The initial state of one pass (`passes`).
    pub fn new(
        ctx: Ctx<'m>,
        mut machine: Machine,
        (zero_buffer, synchronizing): (bool, bool),
    ) -> Interleaving<'m> {
        machine.world.zero_buffer = zero_buffer;
        machine.world.synchronizing_collectives = synchronizing;
        // The passes run the blocking semantics themselves.
        let ctx = Ctx {
            analyze_blocking: false,
            ..ctx
        };
        Interleaving { machine, ctx }
    }
}

impl Explorable for Interleaving<'_> {
    type Choice = Choice;
    type Halt = Halt;
    type Error = Reported;

    fn settle(&mut self, limits: &Limits) -> Result<(), Halt> {
        match limits.exceeded() {
            Some(m) => Err(Halt::Budget(m)),
            None => Ok(()),
        }
    }

    fn next(&self) -> Next<Choice> {
        // A spin loop came back to a state of the whole machine it was in
        // (`Machine::note_spin`): the branches from there cover this one.
        if self.machine.procs.iter().any(|p| p.rma_stutter) {
            return Next::Redundant;
        }
        let choices = enabled(&self.ctx, &self.machine);
        if !choices.is_empty() {
            Next::Branch(choices)
        } else if step::unrealized_cancel_failure(&self.machine) {
            Next::Redundant
        } else {
            Next::End
        }
    }

    fn apply(&mut self, choice: &Choice) -> Result<(), Halt> {
        step::apply(&mut self.machine, self.ctx.model, choice, self.ctx.budget)
    }

    fn halted(&self, halt: Halt) -> Ending<Reported> {
        end::halted(&self.ctx, &self.machine, halt)
    }

    fn ended(&self) -> Ending<Reported> {
        end::end_of_execution(&self.ctx, &self.machine)
    }

    /// Only an unrealized cancel failure is redundant here; its errors were
    /// taken when its states were reached.
    fn pruned(&self) -> Ending<Reported> {
        Ending::default()
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

    fn same_error(a: &Reported, b: &Reported) -> bool {
        Reported::same(a, b)
    }
}
