//! Transitions shared by every exploration strategy: running a process to
//! its next MPI call, an error stopping the processes it involves, and the
//! choices of the search (an MPI decision, or for the oracle which process
//! moves next).

use crate::diag::ErrorKind;
use crate::exec::interp::Stop;
pub use crate::mpi::decide::*;
use crate::mpi::machine::*;
use runtime_model::model::Model;

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
    run.or_else(|halt| absorb(state, model, &[rank], halt))
}

/// An error of the program stops the processes it involves (`actors`, and
/// every rank the finding names) and is noted; the execution goes on, so
/// that it shows its other bugs too. Limits of the tool still stop it.
pub fn absorb(
    state: &mut Machine,
    model: &Model,
    actors: &[usize],
    halt: Halt,
) -> Result<(), Halt> {
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
            let joined = c.instances.iter().rev().find(|inst| {
                inst.arrivals
                    .iter()
                    .flatten()
                    .any(|a| named.contains(&a.event.0))
            });
            if let Some(inst) = joined {
                arrived.extend(inst.arrivals.iter().flatten().map(|a| a.event.0));
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
    state.observe(model, finding);
    Ok(())
}

/// Whether a one-sided operation waits for the library: an update not
/// applied yet, or a call blocked until a lock is granted or an epoch ends.
fn one_sided_pending(state: &Machine) -> bool {
    state.world.rma.ops.iter().any(|(_, o)| !o.applied)
        || state.procs.iter().any(|p| {
            matches!(
                &p.phase,
                Phase::Blocked {
                    block: Block::Rma(_),
                    ..
                }
            )
        })
}

/// Runs `rank`'s own code with the check's file system lent to it (the C
/// library's files, `crate::exec::libc::FsLoan`: one file system every
/// process sees, shared with MPI-IO), and takes it back at the stop; a
/// process that ends flushes its streams (C11 7.22.4.4). When its write
/// was the first of the execution, the happens-before clocks that order
/// the processes' accesses start now, before its next call.
fn run_with_files(
    state: &mut Machine,
    model: &Model,
    rank: usize,
    budget: u64,
    liveness: &std::sync::Arc<crate::exec::liveness::Liveness>,
) -> Stop {
    let clock = state.io_clocks.as_ref().map(|c| c.now(rank).clone());
    let files = std::mem::take(&mut state.world.files);
    let proc = &mut state.procs[rank].proc;
    proc.mem.statics.fs = Some(Box::new(crate::exec::libc::FsLoan {
        files,
        rank,
        clock,
        start_clocks: false,
        changed: false,
    }));
    let mut stop = proc.run(model, budget, Some(liveness));
    if let Stop::Exit { loc, .. } = stop {
        if let Err(m) = crate::exec::libc::flush_at_exit(&mut proc.mem) {
            stop = Stop::Fault {
                fault: crate::exec::interp::Fault::Unsupported(m),
                loc,
            };
        }
    }
    if let Some(loan) = proc.mem.statics.fs.take() {
        state.world.files = loan.files;
        if loan.changed {
            state.version += 1;
        }
        if loan.start_clocks && state.io_clocks.is_none() {
            let calls: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
            state.io_clocks = Some(Box::new(crate::mpi::rma::clock::Clocks::new(&calls)));
        }
    }
    stop
}

/// Accesses to window memory without an MPI call after which a process
/// lets pending decisions go first.
const SPIN_YIELD: u32 = 1000;

fn run_until_stop(
    state: &mut Machine,
    model: &Model,
    rank: usize,
    budget: u64,
    one_call: bool,
) -> Result<(), Halt> {
    while state.procs[rank].phase == Phase::Ready {
        state.transitions += 1;
        let liveness = state.liveness.clone();
        let stop = run_with_files(state, model, rank, budget, &liveness);
        match stop {
            Stop::Mpi { func, args, loc } => {
                state.procs[rank].window_reads = 0;
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
                // What the call itself read or wrote of window memory (a
                // send from it, a receive into it).
                state.window_access(model, rank, loc)?;
            }
            Stop::Watched { loc } => {
                // Not a scheduling step: the process goes on after the
                // access to window memory is checked.
                state.transitions = state.transitions.saturating_sub(1);
                state.window_access(model, rank, loc)?;
                // A loop that keeps reading window memory without an MPI
                // call may wait for another process's RMA update (Hoefler et al. 2015
                // §3.5): it lets the library's pending choices be made
                // first rather than spinning to the step limit alone.
                // Under the exhaustive search (one call per step) another
                // process that runs or finishes its call may be the one to
                // issue or complete the update.
                let others_run = one_call
                    && (0..state.np()).any(|r| {
                        r != rank && !matches!(state.procs[r].phase, Phase::Exited { .. })
                    });
                let p = &mut state.procs[rank];
                p.window_reads += 1;
                if p.window_reads >= SPIN_YIELD
                    && (others_run || !pending_decisions(state, true).is_empty())
                {
                    state.procs[rank].window_reads = 0;
                    // Yielding again in a state of the whole machine it
                    // yielded in before, the loop read nothing new: the
                    // branch that left that state covers this one.
                    state.note_spin(model, rank);
                    if one_sided_pending(state) {
                        state.portability_note(
                            loc,
                            &format!("rank {rank} waits for a one-sided update by reading window memory in a loop without MPI calls"),
                            "MPI 3.1 §11.7.3 asks an enabled RMA operation to complete whatever the target does, but an implementation without asynchronous progress (MPICH's default) applies a passive-target update only while the target process is inside an MPI call: there the loop never ends",
                            "call an MPI function that lets the library make progress inside the loop, e.g. MPI_Iprobe (MPI_Win_sync alone is not enough for MPICH)",
                        );
                    }
                    return Ok(());
                }
                continue;
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
                    MemFault::PendingFree {
                        guard,
                        returns: false,
                    } => ("frees", guard),
                    MemFault::PendingFree {
                        guard,
                        returns: true,
                    } => ("returns from the function whose local variable is", guard),
                    _ => unreachable!("matched above"),
                };
                // The access is the program's bug, not the end of its
                // behavior: noted once per operation, after which the
                // buffer is no longer guarded and the access happens.
                let f = if crate::mpi::rma::is_rma_guard(guard) {
                    state.rma_buffer_access(model, rank, loc, access, guard)
                } else {
                    state.pending_access(model, rank, loc, access, guard)
                };
                state.trace_event(rank, loc, f.message.clone());
                state.observe(model, f);
                state.procs[rank].proc.mem.release(guard);
                continue;
            }
            Stop::Fault { fault, loc } => {
                let (kind, msg) = fault_finding(&fault);
                state.trace_finding(rank, loc, msg.clone());
                let mut finding = Finding::new(kind, msg).at(rank, loc, None);
                // Threads: the other thread's line, and advice of its own.
                if let crate::exec::interp::Fault::Threads { other, help, .. } = fault {
                    if let Some(other) = other.filter(|o| *o != loc) {
                        finding = finding.at(rank, other, None);
                    }
                    finding.help = help.map(str::to_string);
                }
                // An endless loop: its header and the jump back.
                if let crate::exec::interp::Fault::Endless { back_edge, .. } = fault {
                    if back_edge != loc {
                        finding = finding.at(rank, back_edge, None);
                    }
                    finding.help = Some(
                        "Nothing inside the loop can change what it tests: with no MPI call in it, no other process can either. Receive or test for the awaited value inside the loop, or fix the condition (a counter that wraps, a variable never updated).".to_string(),
                    );
                }
                return Err(Halt::Error(finding));
            }
            Stop::Threads { threads, func, loc } => {
                // The search chooses which thread's call comes first.
                state.procs[rank].phase = Phase::Blocked {
                    func,
                    loc,
                    block: Block::Threads { threads },
                };
                return Ok(());
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

/// A choice of the search: an MPI decision, or (the oracle's interleavings)
/// which process moves next.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Decide(Decision),
    /// Let `rank` run to and issue its next MPI call.
    Run {
        rank: usize,
    },
    /// Complete the blocking call of `rank`.
    Unblock {
        rank: usize,
    },
}

/// Takes an MPI decision as one transition; an error it raises stops the
/// process it is about.
pub fn apply_decision(state: &mut Machine, model: &Model, d: &Decision) -> Result<(), Halt> {
    state.transitions += 1;
    decide(state, model, d).or_else(|halt| {
        let actor = decision_owner(state, d);
        absorb(state, model, actor.as_slice(), halt)
    })
}

/// Applies a choice of the oracle's search.
pub fn apply(state: &mut Machine, model: &Model, choice: &Choice, budget: u64) -> Result<(), Halt> {
    let (rank, applied) = match choice {
        Choice::Decide(d) => return apply_decision(state, model, d),
        Choice::Run { rank } => {
            state.transitions += 1;
            (*rank, run_process(state, model, *rank, budget, true))
        }
        Choice::Unblock { rank } => {
            state.transitions += 1;
            (*rank, state.try_unblock(model, *rank).map(|_| ()))
        }
    };
    applied.or_else(|halt| absorb(state, model, &[rank], halt))
}

/// Whether the process's poll was deferred (`poe::next`) and its memory
/// changed since, by another process's one-sided update (it is blocked in
/// the poll): answering now is then not covered by the answers offered
/// when it was deferred, since what the process does after them may read
/// that memory (a loop on a volatile flag and `MPI_Iprobe`).
pub fn deferral_outdated(state: &Machine, rank: usize) -> bool {
    let p = &state.procs[rank];
    p.poll_deferred.is_some() && p.poll_deferred_at != p.rma_written
}

/// Whether `rank` is at a poll in a state from which it already got "not
/// yet" with nothing changed in MPI since (a stutter, README "How
/// exploration is reduced"): the state the last "not yet" answer left, or
/// the one in which that poll was asked. Either way the same answer leads
/// to the same states again, so answering "not yet" once covers every
/// further pass. What is compared is the process's state (its live
/// registers and memory contents, `Machine::local_fingerprint`), so a loop
/// that changes its state on every pass (a counter) never stutters and is
/// bounded by `--max-polls` instead (`decide::count_not_yet`).
pub fn polls_again(model: &Model, state: &Machine, rank: usize) -> bool {
    let p = &state.procs[rank];
    let polling = matches!(
        &p.phase,
        Phase::Blocked {
            block: Block::Poll { .. },
            ..
        }
    );
    if !polling || (p.poll_mark.is_none() && p.poll_asked.is_none()) {
        return false;
    }
    let here = Some((state.local_fingerprint(model, rank), state.version));
    p.poll_mark == here || p.poll_asked == here
}
