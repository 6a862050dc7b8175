//! The decisions the MPI library makes that a program cannot see coming
//! (Vakkalanka et al. 2008a, §1.1, §2.2): which message a wildcard receive or probe takes,
//! which request a Waitany/Waitsome returns, what a poll answers, whether a
//! cancel wins (MPI 3.1 §3.8.4). A blocked call offers them
//! (`pending_decisions`, `cancel_options`), the search picks one, and the
//! machine takes it (`decide`). A "defer" decision forbids the options
//! offered now, so that no outcome is explored twice and none is missed.

use super::completion::{subsets_with, too_many_ready, PollOutcome, MAX_SOME_READY};
use super::machine::*;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::ReqId;

/// A decision of the MPI library that the program cannot see coming: which
/// message a wildcard takes, which request a Waitany returns, what a poll
/// answers, whether a cancel wins (the nondeterminism the search branches on).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Wildcard receive `recv` takes message `send` (Vakkalanka et al. 2008a, §1.1).
    Match {
        recv: ReqId,
        send: ReqId,
    },
    /// Wildcard receive `recv` will take a message other than `excluded`.
    DeferRecv {
        recv: ReqId,
        excluded: Vec<ReqId>,
    },
    /// Waitany of `rank` returns slot `index` (Vakkalanka et al. 2008a, §2.2).
    Pick {
        rank: usize,
        index: usize,
    },
    DeferPick {
        rank: usize,
        excluded: Vec<ReqId>,
    },
    /// Waitsome of `rank` returns these slots (MPI 3.1 §3.7.5). Its defer
    /// option is a `DeferPick`: the returned set must then contain a request
    /// that completes later.
    PickSome {
        rank: usize,
        indices: Vec<usize>,
    },
    /// The MPI_Cancel of `rank` succeeds or fails (MPI 3.1 §3.8.4).
    Cancel {
        rank: usize,
        succeed: bool,
    },
    /// The options are beyond what the search explores: the execution
    /// stops as inconclusive with this message.
    Limit {
        message: String,
    },
    /// Blocking wildcard probe of `rank` reports message `send`.
    ProbeSees {
        rank: usize,
        send: ReqId,
    },
    DeferProbe {
        rank: usize,
        excluded: Vec<ReqId>,
    },
    /// A Test/Testany/Testall/Iprobe of `rank` answers.
    Poll {
        rank: usize,
        outcome: PollOutcome,
    },
    /// The poll of `rank` answers later, after other decisions: then only
    /// with a "yes" outcome not in `excluded` (Vakkalanka et al. 2008a treats polls as
    /// choice points; a "yes" may need another process's decision first).
    DeferPoll {
        rank: usize,
        excluded: Vec<PollOutcome>,
    },
    /// A deferred poll of `rank` answers "not yet" because no other
    /// decision is left.
    ForceNotYet {
        rank: usize,
    },
    /// The lock `rank` waits for is granted (Hoefler et al. 2015, §2.6.2: the order of
    /// competing lock requests is the library's).
    Grant {
        rank: usize,
    },
    /// `rank`'s lock is granted after a request not made yet.
    DeferGrant {
        rank: usize,
        excluded: Vec<usize>,
    },
    /// Atomic RMA operation `op` takes effect at its target now.
    Apply {
        op: u64,
    },
    /// The operation `rank` waits for takes effect after one not issued yet.
    DeferApply {
        rank: usize,
        excluded: Vec<u64>,
    },
    /// The shared file pointer access `rank` waits in takes the pointer
    /// now (MPI 3.1 §13.4.4: the members' calls are serialized in an order
    /// the implementation chooses).
    TakeShared {
        rank: usize,
    },
    /// The pointer of the file `rank` waits on goes first to an access not
    /// made yet (none of the ranks in `excluded`).
    DeferShared {
        rank: usize,
        excluded: Vec<usize>,
    },
    /// Of the threads of `rank` parked at MPI calls whose order matters,
    /// `thread`'s enters MPI first (MPI 4.0 §11.6.2: concurrent calls
    /// execute as if in some order). Every option is offered at once, and
    /// none depends on what other processes do later: no defer branch.
    ThreadFirst {
        rank: usize,
        thread: u32,
    },
}

/// The process a decision is about (an error while taking it stops it).
pub fn decision_owner(state: &Machine, choice: &Decision) -> Option<usize> {
    match choice {
        Decision::Match { recv, .. } => state.world.p2p.requests.get(*recv).map(|r| r.owner),
        Decision::Pick { rank, .. }
        | Decision::DeferPick { rank, .. }
        | Decision::PickSome { rank, .. }
        | Decision::Cancel { rank, .. }
        | Decision::ProbeSees { rank, .. }
        | Decision::DeferProbe { rank, .. }
        | Decision::Poll { rank, .. }
        | Decision::DeferPoll { rank, .. }
        | Decision::ForceNotYet { rank }
        | Decision::Grant { rank }
        | Decision::DeferGrant { rank, .. }
        | Decision::DeferApply { rank, .. }
        | Decision::TakeShared { rank }
        | Decision::ThreadFirst { rank, .. }
        | Decision::DeferShared { rank, .. } => Some(*rank),
        Decision::Apply { op } => state
            .world
            .rma
            .ops
            .iter()
            .find(|(i, _)| i == op)
            .map(|(_, o)| o.origin),
        Decision::DeferRecv { .. } | Decision::Limit { .. } => None,
    }
}

/// Takes decision `choice`.
pub fn decide(state: &mut Machine, model: &Model, choice: &Decision) -> Result<(), Halt> {
    match choice {
        Decision::Match { recv, send } => {
            state.apply_match(*recv, *send, true);
            Ok(())
        }
        Decision::DeferRecv { recv, excluded } => {
            state.deferred.retain(|(r, _)| r != recv);
            state.deferred.push((*recv, excluded.clone()));
            Ok(())
        }
        Decision::Pick { rank, index } => state.pick_any(model, *rank, *index),
        Decision::PickSome { rank, indices } => state.pick_some(model, *rank, indices),
        Decision::Cancel { rank, succeed } => state.resolve_cancel(model, *rank, *succeed),
        Decision::Limit { message } => Err(Halt::Budget(message.clone())),
        Decision::DeferPick { rank, excluded } => {
            if let Phase::Blocked {
                block: Block::Requests { excluded: ex, .. },
                ..
            } = &mut state.procs[*rank].phase
            {
                *ex = excluded.clone();
            }
            Ok(())
        }
        Decision::ProbeSees { rank, send } => state.probe_sees(model, *rank, *send),
        Decision::DeferProbe { rank, excluded } => {
            if let Phase::Blocked {
                block: Block::Probe { excluded: ex, .. },
                ..
            } = &mut state.procs[*rank].phase
            {
                *ex = excluded.clone();
            }
            Ok(())
        }
        Decision::Poll { rank, outcome } => {
            let asked = state.local_fingerprint(model, *rank);
            if *outcome == PollOutcome::NotYet {
                count_not_yet(state, model, *rank)?;
            }
            state.resolve_poll(model, *rank, outcome.clone())?;
            mark_asked(state, *rank, asked, *outcome == PollOutcome::NotYet);
            Ok(())
        }
        Decision::DeferPoll { rank, excluded } => {
            state.procs[*rank].poll_deferred = Some(excluded.clone());
            state.procs[*rank].poll_deferred_at = state.procs[*rank].rma_written;
            Ok(())
        }
        Decision::ForceNotYet { rank } => {
            let asked = state.local_fingerprint(model, *rank);
            count_not_yet(state, model, *rank)?;
            state.resolve_poll(model, *rank, PollOutcome::NotYet)?;
            mark_asked(state, *rank, asked, true);
            state.procs[*rank].poll_forced = true;
            Ok(())
        }
        Decision::Grant { rank } => state.grant_lock(model, *rank),
        Decision::DeferGrant { rank, excluded } => {
            state.defer_rma(*rank, Some(excluded.clone()), None);
            Ok(())
        }
        Decision::Apply { op } => state.apply_atomic(*op),
        Decision::DeferApply { rank, excluded } => {
            state.defer_rma(*rank, None, Some(excluded.clone()));
            Ok(())
        }
        Decision::TakeShared { rank } => state.take_shared(model, *rank),
        Decision::DeferShared { rank, excluded } => {
            state.defer_shared(*rank, excluded.clone());
            Ok(())
        }
        Decision::ThreadFirst { rank, thread } => {
            let p = &mut state.procs[*rank];
            let Phase::Blocked {
                block: Block::Threads { .. },
                loc,
                ..
            } = p.phase
            else {
                return Ok(());
            };
            let (note, here) = p.proc.omp_choose(*thread);
            // A POSIX thread's synchronization: at the chosen thread's line.
            let loc = if here { p.proc.current_loc(model) } else { loc };
            p.phase = Phase::Ready;
            state.trace_finding(*rank, loc, note);
            Ok(())
        }
    }
}

/// Remembers the local state `asked` in which `rank` made the poll just
/// answered, when the answer was "not yet": a loop that re-initializes what
/// the poll writes (`int flag = 0, index = -1;` before `MPI_Testany`) comes
/// back to the poll in that state, not in the one the answer left
/// (`ProcState::poll_mark`), and answering "not yet" again from it is the same
/// stutter (`system::step::polls_again`).
fn mark_asked(state: &mut Machine, rank: usize, asked: u64, not_yet: bool) {
    let version = state.version;
    state.procs[rank].poll_asked = not_yet.then_some((asked, version));
}

/// Counts a "not yet" answer to `rank`'s poll. Answers in a row while the
/// world does not change are bounded: each one is a new state only because
/// the polling loop changes its own state (README, "How exploration is reduced"),
/// and the exploration of such a loop cannot be complete; past the bound the
/// check ends inconclusive rather than running for hours.
fn count_not_yet(state: &mut Machine, model: &Model, rank: usize) -> Result<(), Halt> {
    let version = state.version;
    let p = &mut state.procs[rank];
    p.poll_streak = match p.poll_streak {
        (v, n) if v == version => (v, n.saturating_add(1)),
        _ => (version, 1),
    };
    if p.poll_streak.1 <= state.max_polls {
        return Ok(());
    }
    let func = match &p.phase {
        Phase::Blocked { func, .. } => func.name(),
        _ => "a poll",
    };
    let loc = p.proc.current_loc(model);
    Err(Halt::Budget(format!(
        "{}: rank {rank} polls {func} more than {} times in a row while nothing else happens, and its state changes on every pass (a counter or work inside the polling loop), so the number of \"not yet\" answers matters; raise --max-polls to explore more",
        model.describe_location(loc),
        state.max_polls
    )))
}

/// Options of every pending decision other than polls, per owner rank:
/// Waitany/Waitsome picks, wildcard receive matches, wildcard probe reports,
/// one-sided grants and orders. A decision without a defer branch needs
/// none. `reduce`: the reduced search's form (`rma::rma_decisions`).
pub fn pending_decisions(
    state: &Machine,
    reduce: bool,
) -> Vec<(usize, Vec<Decision>, Option<Decision>)> {
    let mut out = Vec::new();
    for (rank, p) in state.procs.iter().enumerate() {
        let Phase::Blocked {
            block:
                Block::Requests {
                    slots,
                    mode,
                    excluded,
                },
            ..
        } = &p.phase
        else {
            continue;
        };
        let ready: Vec<(usize, ReqId)> = slots
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.req.map(|r| (i, r)))
            .filter(|(_, r)| state.request_complete(*r))
            .collect();
        let fresh: Vec<(usize, ReqId)> = ready
            .iter()
            .copied()
            .filter(|(_, r)| !excluded.contains(r))
            .collect();
        if fresh.is_empty() {
            continue;
        }
        let mut ex = excluded.clone();
        ex.extend(fresh.iter().map(|(_, r)| *r));
        let defer = Decision::DeferPick { rank, excluded: ex };
        let options = match mode {
            WaitMode::All => continue,
            // The wait a process makes for the calls its threads posted
            // under MPI_THREAD_MULTIPLE (`exec::omp::multiple`): which
            // thread returns first changes no match (calls whose order
            // matters are chosen where they are made, and a thread's call
            // that meets a call posted before it ends the check
            // inconclusive) and no memory (the threads' race check), so
            // one completed request is taken, and the others are returned
            // by the next waits.
            WaitMode::Any { .. } if p.proc.omp_hidden_wait() => {
                out.push((
                    rank,
                    vec![Decision::Pick {
                        rank,
                        index: fresh[0].0,
                    }],
                    None,
                ));
                continue;
            }
            WaitMode::Any { .. } => fresh
                .iter()
                .map(|(i, _)| Decision::Pick { rank, index: *i })
                .collect(),
            // Waitsome (MPI 3.1 §3.7.5) promises only a non-empty set of the
            // completed requests, and the program sees which (outcount,
            // indices), so each set is its own outcome: returning all of
            // them is not enough (c-examples/requests/waitsome_assumes_all.c).
            // Classes are still counted once (README, "How exploration is
            // reduced"): the defer branch stands for every set
            // holding a request that completes later, so after a deferral
            // only sets with such a request are offered.
            WaitMode::Some(_)
                if ready.len() - state.surely_complete(slots).len() > MAX_SOME_READY =>
            {
                vec![Decision::Limit {
                    message: too_many_ready(rank, ready.len()),
                }]
            }
            WaitMode::Some(_) => {
                let all: Vec<usize> = ready.iter().map(|(i, _)| *i).collect();
                let new: Vec<usize> = fresh.iter().map(|(i, _)| *i).collect();
                subsets_with(&all, &new, &state.surely_complete(slots))
                    .into_iter()
                    .map(|indices| Decision::PickSome { rank, indices })
                    .collect()
            }
        };
        out.push((rank, options, Some(defer)));
    }
    for r in state.world.p2p.pending_wildcards() {
        let excluded = state.excluded_for(r);
        let cands: Vec<ReqId> = state
            .world
            .p2p
            .candidates(r)
            .into_iter()
            .filter(|s| !excluded.contains(s))
            .collect();
        if !cands.is_empty() {
            let mut ex = excluded.to_vec();
            ex.extend(cands.iter().copied());
            let owner = state.world.p2p.requests[r].owner;
            out.push((
                owner,
                cands
                    .iter()
                    .map(|&s| Decision::Match { recv: r, send: s })
                    .collect(),
                Some(Decision::DeferRecv {
                    recv: r,
                    excluded: ex,
                }),
            ));
        }
    }
    for (rank, p) in state.procs.iter().enumerate() {
        if let Phase::Blocked {
            block:
                Block::Probe {
                    source: None,
                    excluded,
                    ..
                },
            ..
        } = &p.phase
        {
            let cands = state.probe_options(rank);
            if !cands.is_empty() {
                let mut ex = excluded.clone();
                ex.extend(cands.iter().copied());
                out.push((
                    rank,
                    cands
                        .iter()
                        .map(|&s| Decision::ProbeSees { rank, send: s })
                        .collect(),
                    Some(Decision::DeferProbe { rank, excluded: ex }),
                ));
            }
        }
    }
    for (rank, p) in state.procs.iter().enumerate() {
        if let Phase::Blocked {
            block: Block::Threads { threads },
            ..
        } = &p.phase
        {
            let options = threads
                .iter()
                .map(|&thread| Decision::ThreadFirst { rank, thread })
                .collect();
            out.push((rank, options, None));
        }
    }
    out.extend(super::rma::rma_decisions(state, reduce));
    out.extend(
        super::io::shared_decisions(state)
            .into_iter()
            .map(|(rank, options, defer)| (rank, options, Some(defer))),
    );
    out
}

/// The answers of the MPI_Cancel `rank` is blocked in, if it is.
pub fn cancel_options(state: &Machine, rank: usize) -> Option<Vec<Decision>> {
    matches!(
        state.procs[rank].phase,
        Phase::Blocked {
            block: Block::Cancel { .. },
            ..
        }
    )
    .then(|| {
        vec![
            Decision::Cancel {
                rank,
                succeed: true,
            },
            Decision::Cancel {
                rank,
                succeed: false,
            },
        ]
    })
}

/// Requests whose MPI_Cancel is blocked waiting for its outcome.
pub fn undecided_cancels(state: &Machine) -> Vec<ReqId> {
    state
        .procs
        .iter()
        .filter_map(|p| match &p.phase {
            Phase::Blocked {
                block: Block::Cancel { req },
                ..
            } => Some(*req),
            _ => None,
        })
        .collect()
}

/// Whether the execution took a branch MPI does not allow: a cancel
/// explored as failing whose operation never completed normally (MPI 3.1
/// §3.8.4: the cancel then succeeds, which its other branch covers).
pub fn unrealized_cancel_failure(state: &Machine) -> bool {
    state
        .world
        .p2p
        .requests
        .iter()
        .any(|r| r.cancel_failed && r.is_unmatched())
}

/// Whether a blocked decision still has an option it was told to skip: the
/// execution is then covered by the branch that took that option.
pub fn has_skipped_option(state: &Machine) -> bool {
    if super::rma::rma_skipped(state) || super::io::shared_skipped(state) {
        return true;
    }
    for (r, excluded) in &state.deferred {
        if state.world.p2p.requests[*r].partner.is_none()
            && state
                .world
                .p2p
                .candidates(*r)
                .iter()
                .any(|s| excluded.contains(s))
        {
            return true;
        }
    }
    for (rank, p) in state.procs.iter().enumerate() {
        match &p.phase {
            Phase::Blocked {
                block: Block::Requests {
                    slots, excluded, ..
                },
                ..
            } if !excluded.is_empty()
                && slots
                    .iter()
                    .filter_map(|s| s.req)
                    .any(|r| excluded.contains(&r) && state.request_complete(r)) =>
            {
                return true;
            }
            Phase::Blocked {
                block: Block::Probe { .. },
                ..
            } if state.probe_skipped(rank) => return true,
            _ => {}
        }
    }
    false
}
