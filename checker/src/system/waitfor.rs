//! Building the wait-for graph of a stuck execution (`blocked`) and of a
//! stuck completes-before replay (`replayed`); the graph itself and the
//! words that explain it are `crate::diag::waitfor`.

use crate::diag::waitfor::*;
use crate::mpi::decode::comm_name;
use crate::mpi::machine::*;
use runtime_model::mpi::p2p::{ReqId, ReqOp};
use runtime_model::mpi_api::MpiFunc;

/// The wait-for graph of a stuck execution of the permissive semantics.
pub fn blocked(state: &Machine) -> WaitFor {
    let mut waiters = Vec::new();
    for rank in 0..state.np() {
        let Phase::Blocked { func, loc, block } = &state.procs[rank].phase else {
            continue;
        };
        let mut w = Waiter {
            rank,
            func: *func,
            loc: *loc,
            on: Vec::new(),
            any: false,
            otherwise: None,
        };
        match block {
            Block::Requests { slots, mode, .. } => {
                let pending: Vec<ReqId> = slots
                    .iter()
                    .filter_map(|s| s.req)
                    .filter(|&r| !state.request_complete(r))
                    .collect();
                // Waitany/Waitsome need one request; a single wildcard
                // receive needs one sender.
                w.any = !matches!(mode, WaitMode::All)
                    || (pending.len() == 1
                        && state.world.p2p.requests[pending[0]].is_wildcard_recv());
                for r in pending {
                    request_needs(state, r, &mut w);
                }
            }
            Block::Collective { comm, instance, .. } => {
                collective_needs(state, rank, *comm, *instance, &mut w.on);
            }
            Block::Probe { comm, source, .. } => {
                w.any = source.is_none();
                message_needs(state, rank, *comm, *source, &mut w.on);
            }
            Block::Detach { messages } => {
                for &m in messages {
                    let r = &state.world.p2p.requests[m];
                    if let (ReqOp::Send(op), true) = (&r.op, r.is_unmatched()) {
                        w.on.push((op.dest, Need::Receive));
                    }
                }
            }
            Block::Poll { slots, probe, kind } => {
                w.otherwise = Some("an operation that can never complete".into());
                w.any = true;
                if let crate::mpi::wait::PollKind::WinTest { win, .. } = kind {
                    exposure_needs(state, rank, *win, &mut w.on);
                }
                for r in slots
                    .iter()
                    .filter_map(|s| s.req)
                    .filter(|&r| !state.request_complete(r))
                {
                    request_needs(state, r, &mut w);
                }
                if let Some((comm, source, _)) = probe {
                    message_needs(state, rank, *comm, *source, &mut w.on);
                }
            }
            Block::Cancel { .. } => w.otherwise = Some("the outcome of a cancel".into()),
            Block::SharedFp { .. } => {
                w.otherwise = Some("its turn at the shared file pointer".into())
            }
            Block::Threads { .. } => {
                w.otherwise = Some("the order of its threads' MPI calls".into())
            }
            Block::Rma(crate::mpi::rma::RmaWait::Lock { win, target, .. }) => {
                let holders = &state.world.rma.windows[*win].holders;
                let targets: Vec<usize> = target.map_or((0..holders.len()).collect(), |t| vec![t]);
                for t in targets {
                    for &(m, _) in &holders[t] {
                        w.on.push((state.member_rank(*win, m), Need::Unlock { window: win + 1 }));
                    }
                }
            }
            Block::Rma(crate::mpi::rma::RmaWait::Complete { win, target, .. }) => {
                // Operations of a fence epoch wait for their target to
                // enter the fence that opened it.
                for t in state.awaited_targets(rank, *win, *target) {
                    w.on.push((
                        t,
                        Need::RmaSync {
                            call: "MPI_Win_fence",
                            window: win + 1,
                        },
                    ));
                }
                w.otherwise = Some("its RMA operations to take effect".into())
            }
            Block::Rma(crate::mpi::rma::RmaWait::Start { win, targets }) => {
                let o = state.member(*win, rank).unwrap_or(0);
                for &t in targets {
                    if state.next_post(*win, o, t).is_none() {
                        w.on.push((
                            state.member_rank(*win, t),
                            Need::RmaSync {
                                call: "MPI_Win_post",
                                window: win + 1,
                            },
                        ));
                    }
                }
            }
            Block::Rma(crate::mpi::rma::RmaWait::Wait { win }) => {
                exposure_needs(state, rank, *win, &mut w.on)
            }
        }
        dedup(&mut w.on);
        waiters.push(w);
    }
    WaitFor { waiters }
}

/// What `rank`'s MPI_Win_wait (or MPI_Win_test) on window `win` waits for:
/// each origin of its exposure epoch that has not completed its access.
fn exposure_needs(state: &Machine, rank: usize, win: usize, on: &mut Vec<(usize, Need)>) {
    let t = state.member(win, rank).unwrap_or(0);
    let window = &state.world.rma.windows[win];
    let Some((i, _)) = window.epochs[t].post else {
        return;
    };
    let post = &window.posts[t][i];
    for &o in &post.group {
        if post.completed.iter().any(|(c, _)| *c == o) {
            continue;
        }
        let call = if post.started.contains(&o) {
            "MPI_Win_complete"
        } else {
            "MPI_Win_start"
        };
        on.push((
            state.member_rank(win, o),
            Need::RmaSync {
                call,
                window: win + 1,
            },
        ));
    }
}

fn dedup(on: &mut Vec<(usize, Need)>) {
    let mut seen = Vec::new();
    on.retain(|(t, _)| {
        if seen.contains(t) {
            return false;
        }
        seen.push(*t);
        true
    });
}

/// What an incomplete request of `w.rank` waits for.
fn request_needs(state: &Machine, r: ReqId, w: &mut Waiter) {
    match &state.world.p2p.requests[r].op {
        ReqOp::Recv(op) => message_needs(state, w.rank, op.comm, op.source, &mut w.on),
        ReqOp::Send(op) => w.on.push((op.dest, Need::Receive)),
        ReqOp::Collective { comm, instance, .. } => {
            collective_needs(state, w.rank, *comm, *instance, &mut w.on)
        }
        ReqOp::Persistent(p) => {
            if let Some(a) = p.active {
                request_needs(state, a, w);
            }
        }
        ReqOp::Null { .. } => {}
        ReqOp::Rma { .. } => {
            w.otherwise = Some("its RMA operation to take effect".into());
        }
        // Only its owner completes it (MPI 3.1 §12.2), and the owner waits.
        ReqOp::Generalized(_) => {
            w.otherwise = Some(format!(
                "MPI_Grequest_complete on generalized request {}, which only rank {} itself could call",
                r + 1,
                w.rank
            ));
        }
    }
}

/// The senders a receive or probe from `source` (`None`: any) on `comm`
/// waits for.
fn message_needs(
    state: &Machine,
    rank: usize,
    comm: usize,
    source: Option<usize>,
    on: &mut Vec<(usize, Need)>,
) {
    match source {
        Some(s) => on.push((s, Need::Message)),
        None => {
            if let Some(c) = state.world.comms.get(comm) {
                for &p in c.peers(rank).iter().filter(|&&p| p != rank) {
                    on.push((p, Need::Message));
                }
            }
        }
    }
}

/// The members collective `instance` of `comm` still needs before `rank`
/// may leave it: all members, or only its data sources when collectives do
/// not synchronize (`Instance::needs`).
fn collective_needs(
    state: &Machine,
    rank: usize,
    comm: usize,
    instance: usize,
    on: &mut Vec<(usize, Need)>,
) {
    let c = &state.world.comms[comm];
    let inst = &c.instances[instance];
    let func = inst
        .arrivals
        .iter()
        .flatten()
        .map(|a| a.func)
        .next()
        .unwrap_or(MpiFunc::Barrier);
    let need = Need::Collective {
        comm: comm_name(c.handle),
        instance,
        func,
    };
    let members: Vec<usize> = match c.members.iter().position(|&m| m == rank) {
        Some(me) => inst.needs(me),
        None => (0..inst.arrivals.len()).collect(),
    };
    for m in members {
        if inst.arrivals.get(m).is_some_and(Option::is_none) {
            if let Some(&world) = c.members.get(m) {
                on.push((world, need.clone()));
            }
        }
    }
}

/// The wait-for graph of a stuck completes-before replay: each process
/// stopped at call `pos[p]` waits for the processes whose calls its
/// unsatisfied dependencies name.
pub fn replayed(events: &[LogEvent], deps: &[Dep], kinds: &[DepKind], pos: &[usize]) -> WaitFor {
    let mut waiters = Vec::new();
    for (p, &at) in pos.iter().enumerate() {
        let Some(e) = events.iter().find(|e| e.rank == p && e.index == at) else {
            continue;
        };
        let mut w = Waiter {
            rank: p,
            func: e.func,
            loc: e.loc,
            on: Vec::new(),
            any: false,
            otherwise: None,
        };
        for d in deps
            .iter()
            .filter(|d| d.waiter == (p, at) && kinds.contains(&d.kind))
        {
            match &d.needs {
                Needed::Call(_) | Needed::All(_) => {
                    for &(q, j) in d.needs.calls() {
                        if pos.get(q).is_some_and(|&r| r < j) {
                            w.on.push((q, Need::Call));
                        }
                    }
                }
                Needed::Never if d.kind == DepKind::ZeroBuffer => {
                    w.otherwise = Some("a receive that is never posted".into());
                }
                // The call the execution is stuck in (`end::CbGraph`).
                Needed::Never => {
                    w.otherwise = Some("an operation that never comes".into());
                }
            }
        }
        dedup(&mut w.on);
        waiters.push(w);
    }
    WaitFor { waiters }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(rank: usize, on: &[usize], line: u32) -> Waiter {
        Waiter {
            rank,
            func: MpiFunc::Recv,
            loc: line,
            on: on.iter().map(|&t| (t, Need::Message)).collect(),
            any: false,
            otherwise: None,
        }
    }

    fn finished(r: usize) -> Option<String> {
        Some(format!("finished (MPI_Finalize at line {})", 90 + r))
    }

    #[test]
    fn three_rank_cycle_starts_at_lowest_rank() {
        let g = WaitFor {
            waiters: vec![w(2, &[0], 30), w(0, &[1], 10), w(1, &[2], 20)],
        };
        assert_eq!(g.cycle(), Some(vec![0, 1, 2]));
        assert_eq!(
            g.describe(&|l| l, &finished),
            "wait-for cycle 0 -> 1 -> 2 -> 0; rank 0 in MPI_Recv at line 10; \
             rank 1 in MPI_Recv at line 20; rank 2 in MPI_Recv at line 30"
        );
    }

    #[test]
    fn chain_ends_in_the_finished_rank() {
        let g = WaitFor {
            waiters: vec![w(1, &[0], 20), w(2, &[1], 30)],
        };
        assert_eq!(g.cycle(), None);
        assert_eq!(
            g.describe(&|l| l, &finished),
            "rank 2 waits for rank 1 in MPI_Recv at line 30, \
             rank 1 waits for rank 0 in MPI_Recv at line 20; \
             rank 0 finished (MPI_Finalize at line 90) without sending a matching message"
        );
    }

    #[test]
    fn blocked_rank_outside_the_cycle_is_still_described() {
        let g = WaitFor {
            waiters: vec![w(0, &[1], 10), w(1, &[0], 20), w(2, &[0], 30)],
        };
        assert_eq!(
            g.describe(&|l| l, &finished),
            "wait-for cycle 0 -> 1 -> 0; rank 0 in MPI_Recv at line 10; \
             rank 1 in MPI_Recv at line 20; \
             rank 2 waits for rank 0 in MPI_Recv at line 30"
        );
    }

    #[test]
    fn wildcard_waits_for_any_and_names_every_finished_sender() {
        let mut any = w(0, &[1, 2], 10);
        any.any = true;
        let g = WaitFor { waiters: vec![any] };
        assert_eq!(
            g.describe(&|l| l, &finished),
            "rank 0 waits for rank 1 or rank 2 in MPI_Recv at line 10; \
             rank 1 finished (MPI_Finalize at line 91) and \
             rank 2 finished (MPI_Finalize at line 92) without sending a matching message"
        );
    }

    #[test]
    fn cycle_at_one_call_site_is_one_clause() {
        let g = WaitFor {
            waiters: vec![w(0, &[2], 8), w(2, &[1], 8), w(1, &[0], 8)],
        };
        assert_eq!(
            g.describe(&|l| l, &finished),
            "wait-for cycle 0 -> 2 -> 1 -> 0, each in MPI_Recv at line 8"
        );
    }

    #[test]
    fn self_wait_is_a_cycle() {
        let g = WaitFor {
            waiters: vec![w(0, &[0], 10)],
        };
        assert_eq!(
            g.describe(&|l| l, &finished),
            "wait-for cycle: rank 0 waits for itself in MPI_Recv at line 10"
        );
    }
}
