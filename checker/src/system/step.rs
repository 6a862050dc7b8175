//! Transitions shared by every exploration strategy.

use crate::diag::ErrorKind;
use crate::exec::interp::Stop;
use crate::mpi::completion::{subsets_with, too_many_ready, PollOutcome, MAX_SOME_READY};
use crate::mpi::machine::*;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::ReqId;

/// A nondeterministic choice the explorer makes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Wildcard receive `recv` takes message `send` (seed 002 §1.1).
    Match {
        recv: ReqId,
        send: ReqId,
    },
    /// Wildcard receive `recv` will take a message other than `excluded`.
    DeferRecv {
        recv: ReqId,
        excluded: Vec<ReqId>,
    },
    /// Waitany of `rank` returns slot `index` (seed 002 §2.2).
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
    /// with a "yes" outcome not in `excluded` (seed 002 treats polls as
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
    /// Naive search only: let `rank` run to and issue its next MPI call.
    Run {
        rank: usize,
    },
    /// Naive search only: complete the blocking call of `rank`.
    Unblock {
        rank: usize,
    },
}

/// Runs `rank` until it blocks in an MPI call, polls, or exits. With
/// `one_call`, stops after issuing a single MPI call.
pub fn run_process(
    state: &mut Machine,
    model: &Model,
    rank: usize,
    budget: u64,
    one_call: bool,
) -> Result<(), Halt> {
    let run = run_until_stop(state, model, rank, budget, one_call);
    run.or_else(|halt| absorb(state, &[rank], halt))
}

/// An error of the program stops the processes it involves (`actors`, and
/// every rank the finding names) and is noted; the execution goes on, so
/// that it shows its other bugs too. Limits of the tool still stop it.
pub fn absorb(state: &mut Machine, actors: &[usize], halt: Halt) -> Result<(), Halt> {
    let Halt::Error(finding) = halt else {
        return Err(halt);
    };
    // Members that disagree on a collective make its outcome undefined for
    // every member that arrived at it, some of which may already have left
    // it with that outcome (MPI 3.1 §5.1): they stop too. Members that have
    // not arrived still behave as the program says up to that call.
    let collective = matches!(
        finding.kind,
        ErrorKind::CollectiveMismatch | ErrorKind::RootMismatch | ErrorKind::OpMismatch
    );
    let named: Vec<usize> = actors
        .iter()
        .copied()
        .chain(finding.locations.iter().map(|(r, _, _)| *r))
        .collect();
    let mut arrived = Vec::new();
    if collective {
        for c in &state.world.comms {
            // The latest instance of this communicator a named rank joined.
            let joined = c.instances.iter().rposition(|inst| {
                inst.arrivals
                    .iter()
                    .flatten()
                    .any(|a| named.contains(&a.event.0))
            });
            if let Some(k) = joined {
                arrived.extend(c.instances[k].arrivals.iter().flatten().map(|a| a.event.0));
            }
        }
    }
    let ranks = named.iter().copied().chain(arrived);
    for r in ranks.collect::<Vec<_>>() {
        let at = finding
            .locations
            .iter()
            .find(|(x, _, _)| *x == r)
            .map(|(_, l, _)| *l);
        if let Some(p) = state.procs.get_mut(r) {
            p.crashed = true;
            p.exit_loc = p.exit_loc.or(at);
            if !matches!(p.phase, Phase::Exited { .. }) {
                p.phase = Phase::Exited { code: 1 };
            }
        }
    }
    state.observe(finding);
    Ok(())
}

fn run_until_stop(
    state: &mut Machine,
    model: &Model,
    rank: usize,
    budget: u64,
    one_call: bool,
) -> Result<(), Halt> {
    while state.procs[rank].phase == Phase::Ready {
        state.transitions += 1;
        let stop = state.procs[rank].proc.run(model, budget);
        match stop {
            Stop::Mpi { func, args, loc } => {
                if !func.attrs().p2p_or_local {
                    state.group_calls += 1;
                }
                if state.procs[rank].calls >= state.max_calls {
                    return Err(Halt::Budget(format!(
                        "{}: rank {rank} made {} MPI calls in one execution without terminating (an endless loop?); raise --max-calls to go on",
                        model.describe_location(loc),
                        state.max_calls
                    )));
                }
                state.issue(model, rank, func, &args, loc)?;
            }
            Stop::Exit { code, loc } => {
                state.procs[rank].phase = Phase::Exited { code };
                state.procs[rank].exit_loc = Some(loc);
                if code != 0 {
                    state.trace_event(rank, loc, format!("exit({code})"));
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::Assertion,
                            format!("process exits with status {code}"),
                        )
                        .at(rank, loc, None),
                    ));
                }
                if state.procs[rank].lifecycle == Lifecycle::Initialized {
                    return Err(Halt::Error(
                        Finding::new(
                            ErrorKind::MpiUsage,
                            "process exits without calling MPI_Finalize",
                        )
                        .at(rank, loc, None),
                    ));
                }
            }
            Stop::Fault {
                fault: crate::exec::interp::Fault::Unsupported(m),
                loc,
            } => {
                return Err(Halt::Unsupported(format!(
                    "{}: {m}",
                    model.describe_location(loc)
                )));
            }
            Stop::Fault {
                fault:
                    crate::exec::interp::Fault::Memory(
                        fault @ (crate::exec::memory::MemFault::PendingBuffer { .. }
                        | crate::exec::memory::MemFault::PendingFree { .. }),
                    ),
                loc,
            } => {
                use crate::exec::memory::MemFault;
                let (access, guard) = match fault {
                    MemFault::PendingBuffer { write: true, guard } => ("writes", guard),
                    MemFault::PendingBuffer {
                        write: false,
                        guard,
                    } => ("reads", guard),
                    MemFault::PendingFree { guard } => ("frees", guard),
                    _ => unreachable!("matched above"),
                };
                // The access is the program's bug, not the end of its
                // behavior: noted once per operation, after which the
                // buffer is no longer guarded and the access happens.
                let f = state.pending_access(model, rank, loc, access, guard);
                state.trace_event(rank, loc, f.message.clone());
                state.observe(f);
                state.procs[rank].proc.mem.release(guard);
                continue;
            }
            Stop::Fault { fault, loc } => {
                let (kind, msg) = fault_finding(&fault);
                state.trace_event(rank, loc, msg.clone());
                return Err(Halt::Error(Finding::new(kind, msg).at(rank, loc, None)));
            }
            Stop::Timeout { loc } => {
                return Err(Halt::Budget(format!(
                    "{}: the time limit (--timeout) was reached while rank {rank} computed there",
                    model.describe_line(loc)
                )));
            }
            Stop::Budget { loc } => {
                return Err(Halt::Budget(format!(
                    "{}: rank {rank} executed {budget} instructions in one execution without terminating (an endless loop?); raise --max-steps to go on",
                    model.describe_location(loc)
                )));
            }
        }
        if one_call {
            break;
        }
    }
    Ok(())
}

/// Applies a choice.
pub fn apply(state: &mut Machine, model: &Model, choice: &Choice, budget: u64) -> Result<(), Halt> {
    state.transitions += 1;
    let applied = apply_choice(state, model, choice, budget);
    applied.or_else(|halt| {
        let actor = match choice {
            Choice::Match { recv, .. } => state.world.p2p.requests.get(*recv).map(|r| r.owner),
            Choice::Pick { rank, .. }
            | Choice::DeferPick { rank, .. }
            | Choice::PickSome { rank, .. }
            | Choice::Cancel { rank, .. }
            | Choice::ProbeSees { rank, .. }
            | Choice::DeferProbe { rank, .. }
            | Choice::Poll { rank, .. }
            | Choice::DeferPoll { rank, .. }
            | Choice::ForceNotYet { rank }
            | Choice::Run { rank }
            | Choice::Unblock { rank } => Some(*rank),
            Choice::DeferRecv { .. } | Choice::Limit { .. } => None,
        };
        absorb(state, actor.as_slice(), halt)
    })
}

fn apply_choice(
    state: &mut Machine,
    model: &Model,
    choice: &Choice,
    budget: u64,
) -> Result<(), Halt> {
    match choice {
        Choice::Match { recv, send } => {
            state.apply_match(*recv, *send, true);
            Ok(())
        }
        Choice::DeferRecv { recv, excluded } => {
            state.deferred.retain(|(r, _)| r != recv);
            state.deferred.push((*recv, excluded.clone()));
            Ok(())
        }
        Choice::Pick { rank, index } => state.pick_any(model, *rank, *index),
        Choice::PickSome { rank, indices } => state.pick_some(model, *rank, indices),
        Choice::Cancel { rank, succeed } => state.resolve_cancel(model, *rank, *succeed),
        Choice::Limit { message } => Err(Halt::Budget(message.clone())),
        Choice::DeferPick { rank, excluded } => {
            if let Phase::Blocked {
                block: Block::Requests { excluded: ex, .. },
                ..
            } = &mut state.procs[*rank].phase
            {
                *ex = excluded.clone();
            }
            Ok(())
        }
        Choice::ProbeSees { rank, send } => state.probe_sees(model, *rank, *send),
        Choice::DeferProbe { rank, excluded } => {
            if let Phase::Blocked {
                block: Block::Probe { excluded: ex, .. },
                ..
            } = &mut state.procs[*rank].phase
            {
                *ex = excluded.clone();
            }
            Ok(())
        }
        Choice::Poll { rank, outcome } => {
            if *outcome == PollOutcome::NotYet {
                count_not_yet(state, model, *rank)?;
            }
            state.resolve_poll(model, *rank, outcome.clone())
        }
        Choice::DeferPoll { rank, excluded } => {
            state.procs[*rank].poll_deferred = Some(excluded.clone());
            Ok(())
        }
        Choice::ForceNotYet { rank } => {
            count_not_yet(state, model, *rank)?;
            state.resolve_poll(model, *rank, PollOutcome::NotYet)?;
            state.procs[*rank].poll_forced = true;
            Ok(())
        }
        Choice::Run { rank } => run_process(state, model, *rank, budget, true),
        Choice::Unblock { rank } => state.try_unblock(model, *rank).map(|_| ()),
    }
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
/// Waitany/Waitsome picks, wildcard receive matches, wildcard probe reports.
pub fn pending_decisions(state: &Machine) -> Vec<(usize, Vec<Choice>, Choice)> {
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
        let defer = Choice::DeferPick { rank, excluded: ex };
        let options = match mode {
            WaitMode::All => continue,
            WaitMode::Any { .. } => fresh
                .iter()
                .map(|(i, _)| Choice::Pick { rank, index: *i })
                .collect(),
            // Waitsome (MPI 3.1 §3.7.5) promises only a non-empty set of the
            // completed requests, and the program sees which (outcount,
            // indices), so each set is its own outcome: returning all of
            // them is not enough (c-examples/requests/waitsome_assumes_all.c).
            // Classes are still counted once (README, "How exploration is
            // reduced"): the defer branch stands for every set
            // holding a request that completes later, so after a deferral
            // only sets with such a request are offered.
            WaitMode::Some(_) if ready.len() > MAX_SOME_READY => vec![Choice::Limit {
                message: too_many_ready(rank, ready.len()),
            }],
            WaitMode::Some(_) => {
                let all: Vec<usize> = ready.iter().map(|(i, _)| *i).collect();
                let new: Vec<usize> = fresh.iter().map(|(i, _)| *i).collect();
                subsets_with(&all, &new)
                    .into_iter()
                    .map(|indices| Choice::PickSome { rank, indices })
                    .collect()
            }
        };
        out.push((rank, options, defer));
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
                    .map(|&s| Choice::Match { recv: r, send: s })
                    .collect(),
                Choice::DeferRecv {
                    recv: r,
                    excluded: ex,
                },
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
                        .map(|&s| Choice::ProbeSees { rank, send: s })
                        .collect(),
                    Choice::DeferProbe { rank, excluded: ex },
                ));
            }
        }
    }
    out
}

/// The answers of the MPI_Cancel `rank` is blocked in, if it is.
pub fn cancel_options(state: &Machine, rank: usize) -> Option<Vec<Choice>> {
    matches!(
        state.procs[rank].phase,
        Phase::Blocked {
            block: Block::Cancel { .. },
            ..
        }
    )
    .then(|| {
        vec![
            Choice::Cancel {
                rank,
                succeed: true,
            },
            Choice::Cancel {
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
