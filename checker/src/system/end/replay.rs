//! The completes-before replays (Vakkalanka et al. 2008b): the execution's
//! dependencies plus those synchronizing collectives and unbuffered sends
//! would add, and whether the processes still finish under them.

use super::*;

/// A member leaving a collective instance it arrived at.
pub(in crate::system) struct Departure {
    /// The call it leaves in: its blocking call, or the Wait/Test that
    /// completed its nonblocking request.
    pub waiter: EventRef,
    /// The instance's arrivals so far, one list shared by every member's
    /// dependency (a member's own arrival in it is reached when the member
    /// is): O(n) per instance, not O(n²).
    pub arrivals: std::sync::Arc<[EventRef]>,
    /// Every member has arrived.
    pub complete: bool,
}

/// Every member that arrived at a collective instance and has left it or
/// is in its blocking call (a nonblocking member whose request is not
/// complete yet has no leaving call).
pub(in crate::system) fn departures(state: &Machine) -> Vec<Departure> {
    let mut left: Vec<((usize, usize, usize), EventRef)> = Vec::new();
    for r in &state.world.p2p.requests {
        if let (
            ReqOp::Collective {
                comm,
                instance,
                member,
                ..
            },
            Some(done),
        ) = (&r.op, r.completed_at)
        {
            left.push(((*comm, *instance, *member), done));
        }
    }
    let mut out = Vec::new();
    for (ci, c) in state.world.comms.iter().enumerate() {
        for (k, inst) in c.instances.numbered() {
            let arrivals: std::sync::Arc<[EventRef]> = match &inst.arrival_events {
                Some(all) => all.clone(),
                None => inst.arrivals.iter().flatten().map(|a| a.event).collect(),
            };
            for (m, a) in inst.arrivals.iter().enumerate() {
                let Some(a) = a else { continue };
                let waiter = if a.func.is_nonblocking() {
                    match left.iter().find(|(key, _)| *key == (ci, k, m)) {
                        Some((_, done)) => *done,
                        None => continue,
                    }
                } else {
                    a.event
                };
                out.push(Departure {
                    waiter,
                    arrivals: arrivals.clone(),
                    complete: inst.all_arrived(),
                });
            }
        }
    }
    out
}

/// The last call of each process blocked in it: it does not complete in
/// the execution so far.
pub(in crate::system) fn blocked_calls(state: &Machine) -> impl Iterator<Item = EventRef> + '_ {
    state
        .procs
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p.phase, Phase::Blocked { .. }) && p.calls > 0)
        .map(|(rank, p)| (rank, p.calls - 1))
}

/// The standard and ready sends that returned (the library buffered them)
/// though no receive took their message: without buffering each would
/// still wait in the call that completed it. (That call, the destination.)
pub(in crate::system) fn returned_unreceived_sends(
    state: &Machine,
) -> impl Iterator<Item = (EventRef, usize)> + '_ {
    state
        .world
        .p2p
        .requests
        .iter()
        .filter_map(|r| match (&r.op, r.completed_at) {
            (ReqOp::Send(op), Some(done))
                if r.is_unmatched() && matches!(op.mode, SendMode::Standard | SendMode::Ready) =>
            {
                Some((done, op.dest))
            }
            _ => None,
        })
}

/// The execution's completes-before graph: its dependencies plus those
/// synchronizing collectives and unbuffered sends would add.
pub(in crate::system) struct CbGraph {
    pub(in crate::system) counts: Vec<usize>,
    /// Where the replays start (`Machine::log_base`).
    pub(in crate::system) start: Vec<usize>,
    pub(in crate::system) deps: Vec<Dep>,
    pub(in crate::system) events: Vec<LogEvent>,
    /// Unbuffered sends that never complete because nothing received
    /// them, whose receiver stopped at an error: (completing call, receiver).
    lost: Vec<(EventRef, usize)>,
}

impl CbGraph {
    pub(in crate::system) fn new(state: &Machine) -> CbGraph {
        let counts: Vec<usize> = state.procs.iter().map(|p| p.calls).collect();
        let mut deps = state.deps.to_vec();
        // Members of a synchronizing collective leave only once all have
        // arrived (MPI 3.1 §5.12).
        for d in departures(state) {
            if d.arrivals.len() > 1 {
                deps.push(Dep {
                    waiter: d.waiter,
                    needs: Needed::All(d.arrivals),
                    kind: DepKind::Synchronizing,
                });
            }
        }
        // A call a process is stuck in never completes.
        for waiter in blocked_calls(state) {
            deps.push(Dep {
                waiter,
                needs: Needed::Never,
                kind: DepKind::Always,
            });
        }
        // Members of a synchronizing collective some member never reached
        // (it is stuck before it) never leave it.
        for (ci, c) in state.world.comms.iter().enumerate() {
            for (k, inst) in c.instances.numbered() {
                if inst.all_arrived() || misses_crashed(state, ci, k) {
                    continue;
                }
                // Each waits for the missing members' arrival, a call they
                // never make (past their last one), so the wait-for graph
                // names them.
                let missing: Vec<usize> = inst
                    .arrivals
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| a.is_none())
                    .filter_map(|(m, _)| c.members.get(m).copied())
                    .collect();
                for a in inst.arrivals.iter().flatten() {
                    if a.func.is_nonblocking() {
                        continue;
                    }
                    for &m in &missing {
                        deps.push(Dep {
                            waiter: a.event,
                            needs: Needed::Call((m, counts.get(m).map_or(usize::MAX, |c| c + 1))),
                            kind: DepKind::Synchronizing,
                        });
                    }
                }
            }
        }
        // A standard send whose message nobody receives never completes
        // without buffering. When its receiver stopped at an error, that
        // may be why (`lost`, see `stuck`).
        let mut lost = Vec::new();
        for (done, dest) in returned_unreceived_sends(state) {
            if state.procs.get(dest).is_some_and(|p| p.crashed) {
                lost.push((done, dest));
            }
            deps.push(Dep {
                waiter: done,
                needs: Needed::Never,
                kind: DepKind::ZeroBuffer,
            });
        }
        // MPI_Buffer_detach returns once its messages are out of the buffer
        // (MPI 3.1 §3.6.1): without system buffering, once they are received.
        for (detach, messages) in &state.world.p2p.detaches {
            for &m in messages {
                let r = &state.world.p2p.requests[m];
                if r.cancelled {
                    continue;
                }
                deps.push(Dep {
                    waiter: *detach,
                    needs: Needed::of(r.partner.map(|p| state.world.p2p.requests[p].posted_at)),
                    kind: DepKind::ZeroBuffer,
                });
            }
        }
        CbGraph {
            counts,
            start: state.log_base.clone(),
            deps,
            events: state.events.to_vec(),
            lost,
        }
    }

    /// Where the replay under `kinds` gets stuck, if it really deadlocks.
    fn stuck(&self, state: &Machine, kinds: &[DepKind]) -> Option<Vec<usize>> {
        cb::replay_from(&self.counts, &self.start, &self.deps, kinds)
            .filter(|p| genuinely_stuck(state, &self.events, p))
            .filter(|p| {
                // Stuck only because a process stopped at an error: every
                // stuck call waits for a process that reached its error in
                // the replay (or for a send only that process could have
                // received), directly or through each other. A failed
                // process still stuck before its error in the replay is
                // stuck for another reason.
                let after = self.crash_consequences(state, kinds, p);
                let wf = waitfor::replayed(&self.events, &self.deps, kinds, p);
                wf.waiters.iter().any(|w| !after.contains(&w.rank))
            })
    }

    /// The ranks stuck at `p` (a replay under `kinds`) only because a
    /// process stopped at its error: they wait for it, for a send only it
    /// could have received, or for each other.
    fn crash_consequences(&self, state: &Machine, kinds: &[DepKind], p: &[usize]) -> Vec<usize> {
        if !state.any_crashed() {
            return Vec::new();
        }
        let wf = waitfor::replayed(&self.events, &self.deps, kinds, p);
        let reached_error = |r: usize| {
            state.procs.get(r).is_some_and(|x| x.crashed)
                && p.get(r).is_some_and(|&at| at >= self.counts[r])
        };
        // A send pending at the stuck point whose receiver stopped
        // at its error, or is itself stuck only because of one: it
        // can never complete whatever the buffering (a synchronous
        // send to a crashed rank, a send to a rank blocked behind it).
        let sends_to = |rank: usize, gone: &dyn Fn(usize) -> bool| {
            state.world.p2p.owned_by(rank).any(|id| {
                let r = &state.world.p2p.requests[id];
                let ReqOp::Send(op) = &r.op else {
                    return false;
                };
                r.is_unmatched()
                    && gone(op.dest)
                    && r.posted_at.1 <= p[rank]
                    && r.completed_at.is_none_or(|c| c.1 >= p[rank])
            })
        };
        // The replay knows of a call the execution ends blocked in only
        // that it never completes; whom it waits for is in the execution's
        // own wait-for graph. A process stuck in the replay at that very
        // call, waiting there (through others stuck at theirs) for a
        // process that reached its error, is stuck because of that error.
        let mut at_end = waitfor::blocked(state);
        at_end.waiters.retain(|w| {
            let calls = state.procs.get(w.rank).map_or(0, |x| x.calls);
            p.get(w.rank).is_some_and(|&at| at + 1 == calls)
        });
        let mut after: Vec<usize> = at_end.waiting_on(&reached_error);
        after.extend(
            wf.waiters
                .iter()
                .filter(|w| {
                    self.lost
                        .iter()
                        .any(|&(ev, dest)| ev == (w.rank, p[w.rank]) && reached_error(dest))
                        || sends_to(w.rank, &reached_error)
                })
                .map(|w| w.rank)
                .filter(|r| !after.contains(r))
                .collect::<Vec<_>>(),
        );
        loop {
            let gone = |t: usize| reached_error(t) || after.contains(&t);
            let more: Vec<usize> = wf
                .waiters
                .iter()
                .filter(|w| {
                    !after.contains(&w.rank)
                        && (w.on.iter().any(|(t, _)| gone(*t)) || sends_to(w.rank, &gone))
                })
                .map(|w| w.rank)
                .collect();
            if more.is_empty() {
                break;
            }
            after.extend(more);
        }
        after
    }

    /// The stuck replay in words: the wait-for cycle among the stuck calls,
    /// and, when the calls of a cycle are the same collective on different
    /// communicators, a `communicator-mismatch`.
    fn finding(
        &self,
        model: &Model,
        state: &Machine,
        pos: &[usize],
        kinds: &[DepKind],
        kind: ErrorKind,
        why: &str,
    ) -> Finding {
        let wf = waitfor::replayed(&self.events, &self.deps, kinds, pos);
        let line = |l: LocId| line_of(model, l);
        let text = wf.describe(&line, &|_| None);
        let mut f = Finding::new(kind, format!("{why}: {text}"));
        for w in &wf.waiters {
            add_site(&mut f, (w.rank, w.loc, Some(w.func)));
        }
        f.wait_for = Some(wf.clone());
        let all = arrivals(state);
        let at_stuck: Vec<&Arrival> = all
            .iter()
            .filter(|a| pos.get(a.event.0) == Some(&a.event.1))
            .collect();
        // In the replay a member is missing from an instance while it has
        // not reached its call of it.
        // (or it never arrives at all).
        let missing = |r: usize, c: CommId, k: usize| {
            missing_from(state, r, c, k)
                || all
                    .iter()
                    .find(|a| a.comm == c && a.instance == k && a.event.0 == r)
                    .is_some_and(|a| pos.get(r).is_some_and(|&p| p < a.event.1))
        };
        let waits_for = |p: usize, q: usize| {
            wf.waiters
                .iter()
                .any(|w| w.rank == p && w.on.iter().any(|(t, _)| *t == q))
        };
        if let Some((m, sites)) =
            collective_comm_mismatch(state, model, &self.events, &at_stuck, &missing, &waits_for)
        {
            f.kind = ErrorKind::CommunicatorMismatch;
            f.message = format!("{m}; {}", f.message);
            for s in sites {
                add_site(&mut f, s);
            }
        }
        f
    }
}

/// Replays the execution's matching with synchronizing collectives; a
/// stuck replay is a deadlock.
pub(super) fn synchronizing_replay(ctx: &Ctx, state: &Machine, g: &CbGraph) -> Option<Finding> {
    use DepKind::*;
    let kinds = [Always, Synchronizing];
    let pos = g.stuck(state, &kinds)?;
    Some(g.finding(
        ctx.model,
        state,
        &pos,
        &kinds,
        ErrorKind::Deadlock,
        "deadlock when collectives synchronize",
    ))
}

/// Replays the execution's matching also with unbuffered standard sends; a
/// replay stuck where the one without them is not (earlier, or where that
/// one gets through) is a buffering hazard.
pub(super) fn zero_buffer_replay(ctx: &Ctx, state: &Machine, g: &CbGraph) -> Option<Finding> {
    use DepKind::*;
    if ctx.buffering == Buffering::Infinite {
        return None;
    }
    let kinds = [Always, Synchronizing, ZeroBuffer];
    let pos = g.stuck(state, &kinds)?;
    let buffered = cb::replay_from(&g.counts, &g.start, &g.deps, &[Always, Synchronizing]);
    if buffered.as_ref() == Some(&pos) {
        return None;
    }
    // The hazard is in the ranks that unbuffered sends stop (stuck here,
    // not or later with buffering); if each of them waits only because a
    // process stopped at its error, the error is the whole story.
    if state.any_crashed() {
        let after = g.crash_consequences(state, &kinds, &pos);
        let wf = waitfor::replayed(&g.events, &g.deps, &kinds, &pos);
        let newly_stuck = |r: usize| buffered.as_ref().is_none_or(|b| b.get(r) != pos.get(r));
        if wf
            .waiters
            .iter()
            .all(|w| !newly_stuck(w.rank) || after.contains(&w.rank))
        {
            return None;
        }
    }
    Some(g.finding(
        ctx.model,
        state,
        &pos,
        &kinds,
        ErrorKind::BufferingHazard,
        "deadlock when standard sends are not buffered",
    ))
}

/// Whether the replay's stuck point is a real deadlock rather than an
/// artifact of replaying this execution's choices. The replay follows the
/// matching of the permissive run; at the stuck point a pending wildcard
/// receive may have another issued, unconsumed message it could take, and
/// an MPI library would then make progress by matching it (a different
/// matching, explored as its own execution). Likewise a poll or Waitany could
/// answer differently. Such stuck points are not reported here; a real
/// deadlock has none of them (Vakkalanka et al. 2008a, §1.1: a wildcard can match any sender
/// that can actually match).
pub(super) fn genuinely_stuck(state: &Machine, events: &[LogEvent], pos: &[usize]) -> bool {
    stuck_but(state, events, pos, None)
}

/// `genuinely_stuck`, except that the poll `except` is stuck at is judged
/// by the caller (`unbuffered_poll`).
pub(in crate::system) fn stuck_but(
    state: &Machine,
    events: &[LogEvent],
    pos: &[usize],
    except: Option<usize>,
) -> bool {
    let reached = |ev: (usize, usize)| pos.get(ev.0).is_some_and(|&p| p >= ev.1);
    let reqs = &state.world.p2p.requests;
    for r in reqs
        .iter()
        .filter(|r| r.is_wildcard_recv() && reached(r.posted_at))
    {
        if r.partner.is_some_and(|s| reached(reqs[s].posted_at)) {
            continue; // matched within the replayed prefix
        }
        let ReqOp::Recv(rop) = &r.op else { continue };
        let alternative = reqs.iter().any(|s| {
            let ReqOp::Send(sop) = &s.op else {
                return false;
            };
            reached(s.posted_at)
                && runtime_model::mpi::p2p::envelope_matches(rop, r.owner, sop, s.owner)
                && !s.partner.is_some_and(|r2| reached(reqs[r2].posted_at))
        });
        if alternative {
            return false;
        }
    }
    // A stuck poll could have answered "not yet", a stuck Waitany or
    // wildcard probe could have picked another request or message.
    !pos.iter().enumerate().any(|(p, &at)| {
        Some(p) != except
            && events.iter().any(|e| {
                e.rank == p
                    && e.index == at
                    && (e.func.attrs().nondeterministic
                        || (matches!(e.func, MpiFunc::Probe | MpiFunc::Mprobe)
                            && e.recv_envelope.is_some_and(|(src, _, _)| src.is_none())))
            })
    })
}
