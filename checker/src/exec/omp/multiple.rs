//! MPI calls of several threads at once, under `MPI_THREAD_MULTIPLE`
//! (MPI 4.0 §11.6.2; docs/OPENMP.md, "MPI calls from threads").
//!
//! A blocking call blocks only the thread that makes it: the other threads
//! of the process go on. The machine sees one process that stops at one
//! call at a time, so a thread's blocking point-to-point call, or a
//! blocking collective with a nonblocking form, is posted as that form (the
//! request in a slot of the thread, in memory the program does not see),
//! and the thread waits inside it (`ThreadState::InMpi`) while the others
//! run. When no thread can go on, the process waits for the requests of
//! its waiting threads as one `MPI_Waitany` (the search explores which
//! completes first where several can) and the thread whose request
//! completed returns from its call. The process is stuck only when every
//! thread is.
//!
//! The order in which concurrent calls of two threads reach the library
//! is the library's (MPI 4.0 §11.6.2: "the outcome will be as if the calls
//! executed in some order"; the non-overtaking rule of §3.5 holds for the
//! operations of one thread only). It matters only where the calls can
//! interact: receives or matching probes whose envelopes overlap (which one
//! takes a message), sends with the same envelope (which message arrives
//! first). For those the search chooses which thread enters MPI first
//! (`Stop::Threads`); calls that cannot interact take one fixed order,
//! which stands for every other. Collectives two threads issue on one
//! communicator at once are an error (§11.6.2: the user must order them);
//! a probe and a receive of two threads whose envelopes overlap are the
//! probe race `MPI_Mprobe` exists for (§3.8.2): `message-race`;
//! `MPI_Finalize` while another thread may be inside MPI is an error
//! (§11.6.2); concurrent one-sided or file calls on one window or file
//! are not modeled.

use super::{Team, ThreadState};
use crate::diag::ErrorKind;
use crate::exec::interp::{Fault, Process, Stop};
use crate::exec::memory::AllocKind;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi_api::MpiFunc;

/// Request slots of the hidden wait: the largest team with tasks it serves.
const SLOTS: u64 = 256;
/// Offsets in the hidden memory: Waitany's index, its status, the slots.
const STATUS_AT: u64 = 8;
const SLOTS_AT: u64 = 32;

const PROBE_HELP: &str = "Use MPI_Mprobe (or MPI_Improbe) and MPI_Mrecv: the message the probe \
     matched is then removed from the queue and only the thread holding its handle can receive \
     it (MPI 4.0 §3.8.2); or give each thread its own tag or communicator.";

const COLLECTIVE_HELP: &str = "Order the collective calls of the threads of a process on one \
     communicator (a barrier, `single`, a critical section around both), or give each thread a \
     duplicate of the communicator (MPI_Comm_dup) for its own collectives.";

const FINALIZE_HELP: &str = "Call MPI_Finalize after the other threads completed their MPI \
     calls: after the parallel region, or after a barrier that follows them.";

/// What a call of a thread can interact with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum What {
    /// A receive or probe: (comm, source, tag); `probe`: one that does not
    /// take the message (`MPI_Probe`, `MPI_Iprobe`).
    Recv {
        comm: i32,
        source: i32,
        tag: i32,
        probe: bool,
    },
    Send {
        comm: i32,
        dest: i32,
        tag: i32,
    },
    /// A collective on a communicator.
    Collective {
        comm: i32,
    },
    /// A call naming a window or a file.
    Object {
        handle: i32,
        file: bool,
    },
    Finalize,
}

/// An MPI call of a thread since the last barrier.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Posted {
    thread: u32,
    /// Its number among the thread's calls (`Thread::mpi_calls`).
    call: u32,
    /// The thread's clock entry at the call.
    epoch: u32,
    loc: LocId,
    func: MpiFunc,
    what: Vec<What>,
}

fn int(func: MpiFunc, args: &[u64], name: &str) -> Option<i32> {
    func.param_index(name)
        .and_then(|i| args.get(i))
        .map(|v| *v as u32 as i32)
}

/// What call `func` with `args` can interact with.
fn what(func: MpiFunc, args: &[u64]) -> Vec<What> {
    use MpiFunc as F;
    let get = |n: &str| int(func, args, n);
    let mut out = Vec::new();
    match func {
        F::Finalize => out.push(What::Finalize),
        F::Sendrecv | F::SendrecvReplace => {
            if let (Some(comm), Some(dest), Some(tag)) = (get("comm"), get("dest"), get("sendtag"))
            {
                out.push(What::Send { comm, dest, tag });
            }
            if let (Some(comm), Some(source), Some(tag)) =
                (get("comm"), get("source"), get("recvtag"))
            {
                out.push(What::Recv {
                    comm,
                    source,
                    tag,
                    probe: false,
                });
            }
        }
        _ => {}
    }
    if !out.is_empty() {
        return out;
    }
    let comm = get("comm");
    if func.is_collective() {
        if let Some(comm) = comm {
            out.push(What::Collective { comm });
        }
    } else if let (Some(comm), Some(source), Some(tag)) = (comm, get("source"), get("tag")) {
        let probe = matches!(func, F::Probe | F::Iprobe);
        out.push(What::Recv {
            comm,
            source,
            tag,
            probe,
        });
    } else if let (Some(comm), Some(dest), Some(tag)) = (comm, get("dest"), get("tag")) {
        out.push(What::Send { comm, dest, tag });
    }
    if let Some(win) = get("win") {
        out.push(What::Object {
            handle: win,
            file: false,
        });
    }
    if let Some(fh) = get("fh") {
        out.push(What::Object {
            handle: fh,
            file: true,
        });
    }
    out
}

fn overlaps(a: i32, b: i32, any: i32) -> bool {
    a == any || b == any || a == b
}

/// How two concurrent calls of different threads interact.
enum Interaction {
    None,
    /// Their order decides a match.
    Order,
    ProbeRace,
    Collectives,
    Object(bool),
    Finalize,
}

fn interaction(a: &What, b: &What) -> Interaction {
    use What::*;
    match (a, b) {
        (Finalize, _) | (_, Finalize) => Interaction::Finalize,
        (
            Recv {
                comm: c1,
                source: s1,
                tag: t1,
                probe: p1,
            },
            Recv {
                comm: c2,
                source: s2,
                tag: t2,
                probe: p2,
            },
        ) if c1 == c2
            && *s1 != h::MPI_PROC_NULL
            && *s2 != h::MPI_PROC_NULL
            && overlaps(*s1, *s2, h::MPI_ANY_SOURCE)
            && overlaps(*t1, *t2, h::MPI_ANY_TAG) =>
        {
            if *p1 || *p2 {
                Interaction::ProbeRace
            } else {
                Interaction::Order
            }
        }
        (
            Send {
                comm: c1,
                dest: d1,
                tag: t1,
            },
            Send {
                comm: c2,
                dest: d2,
                tag: t2,
            },
        ) if c1 == c2 && d1 == d2 && t1 == t2 && *d1 != h::MPI_PROC_NULL => Interaction::Order,
        (Collective { comm: c1 }, Collective { comm: c2 }) if c1 == c2 => Interaction::Collectives,
        (
            Object {
                handle: h1,
                file: f1,
            },
            Object {
                handle: h2,
                file: f2,
            },
        ) if h1 == h2 && f1 == f2 => Interaction::Object(*f1),
        _ => Interaction::None,
    }
}

/// The nonblocking form a thread's blocking call is posted as, with its
/// arguments (the request into `slot`), and where its status goes.
fn nonblocking_form(func: MpiFunc, args: &[u64], slot: u64) -> Option<(MpiFunc, Vec<u64>, u64)> {
    use MpiFunc as F;
    let p2p = match func {
        F::Send => Some(F::Isend),
        F::Ssend => Some(F::Issend),
        F::Rsend => Some(F::Irsend),
        F::Bsend => Some(F::Ibsend),
        F::Recv => Some(F::Irecv),
        F::Mrecv => Some(F::Imrecv),
        _ => None,
    };
    if let Some(nb) = p2p {
        let mut a = args.to_vec();
        // Receives: the status parameter becomes the request.
        let status = match func.param_index("status") {
            Some(i) => {
                let s = a.get(i).copied().unwrap_or(1);
                a.truncate(i);
                s
            }
            None => 1,
        };
        a.push(slot);
        return (a.len() == nb.params().len()).then_some((nb, a, status));
    }
    if !func.is_collective() {
        return None;
    }
    // A blocking collective and the nonblocking form with the same
    // parameters and a request (MPI 3.1 §5.12).
    let nb = MpiFunc::ALL.iter().copied().find(|f| {
        f.is_nonblocking()
            && f.blocking_form() == func
            && f.params().len() == func.params().len() + 1
            && f.params()[..func.params().len()] == *func.params()
            && f.params().last() == Some(&"request")
    })?;
    let mut a = args.to_vec();
    a.push(slot);
    Some((nb, a, 1))
}

/// Whether the thread's call would block the process while it is made
/// (neither posted as a nonblocking form nor one that returns at once).
fn blocks_process(func: MpiFunc) -> bool {
    nonblocking_form(func, &vec![0; func.params().len()], 0).is_none() && !func.posts_request()
}

/// Picks what runs when no thread can: a thread parked at an MPI call (the
/// search chooses among those whose calls' order matters, `Team::choice`;
/// else first one whose call does not block the process), or, when every
/// thread waits inside MPI or cannot go on, the process's wait for the
/// posted calls (`Team::waiting_any`, fronted by a waiting thread).
pub(super) fn next_in_mpi(team: &mut Team) -> Option<usize> {
    let at: Vec<usize> = (0..team.threads.len())
        .filter(|&t| team.threads[t].state == ThreadState::AtMpi)
        .collect();
    if !at.is_empty() {
        let current = |t: u32| (t, team.threads[t as usize].mpi_calls);
        let parked = |(t, c): (u32, u32)| {
            team.threads[t as usize].state == ThreadState::AtMpi && current(t) == (t, c)
        };
        let linked: Vec<u32> = at
            .iter()
            .map(|&t| t as u32)
            .filter(|&t| {
                team.links
                    .iter()
                    .any(|&(a, b)| (a == current(t) && parked(b)) || (b == current(t) && parked(a)))
            })
            .collect();
        if linked.len() >= 2 {
            team.choice = Some(linked.clone());
            return Some(linked[0] as usize);
        }
        let t = at
            .iter()
            .copied()
            .find(|&t| !team.threads[t].at_call.is_some_and(blocks_process))
            .unwrap_or(at[0]);
        team.threads[t].state = ThreadState::Runnable;
        return Some(t);
    }
    let waiting = (0..team.threads.len())
        .find(|&t| matches!(team.threads[t].state, ThreadState::InMpi(_)))?;
    team.waiting_any = true;
    Some(waiting)
}

impl Process {
    /// Checks the call `func` the running thread reached against the
    /// concurrent calls of the other threads (not ordered before it by a
    /// barrier, task synchronization or ordered block, in every schedule).
    pub(super) fn check_concurrent(
        &mut self,
        model: &Model,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> Result<(), Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let me = team.current;
        let th = &mut team.threads[me as usize];
        th.mpi_calls += 1;
        th.at_call = Some(func);
        let mine = Posted {
            thread: me,
            call: th.mpi_calls,
            epoch: th.clock[me as usize],
            loc,
            func,
            what: what(func, args),
        };
        let det = &team.threads[me as usize].det;
        let before = |p: &Posted| det.get(p.thread as usize).copied().unwrap_or(0) >= p.epoch;
        let mut links = Vec::new();
        for p in team.calls.iter().filter(|p| p.thread != me && !before(p)) {
            for a in &p.what {
                for b in &mine.what {
                    let who = super::tasks::actor(team, p.thread as usize);
                    let me_who = super::tasks::actor(team, me as usize);
                    let at = model.describe_location(p.loc);
                    match interaction(a, b) {
                        Interaction::None => {}
                        Interaction::Order => {
                            let other = &team.threads[p.thread as usize];
                            if other.state == ThreadState::AtMpi && other.mpi_calls == p.call {
                                links.push(((p.thread, p.call), (me, mine.call)));
                            } else {
                                return Err(Fault::Unsupported(format!(
                                    "{me_who} calls {} while {who} may still be entering {} at {at}, and their order decides which message goes where; {who}'s call was made before {me_who} reached its call, so the other order is not explored",
                                    func.name(),
                                    p.func.name()
                                )));
                            }
                        }
                        Interaction::ProbeRace => {
                            let probing = if matches!(a, What::Recv { probe: true, .. }) {
                                &who
                            } else {
                                &me_who
                            };
                            return Err(Fault::Threads {
                                kind: ErrorKind::MessageRace,
                                message: format!(
                                    "message race between threads: {me_who}'s {} and {who}'s {} (at {at}) can match the same messages, and nothing orders them: the message {probing}'s probe reports may be received by the other thread first, and its receive then takes another message or waits (MPI 4.0 §3.8.2)",
                                    func.name(),
                                    p.func.name(),
                                ),
                                other: Some(p.loc),
                                help: Some(PROBE_HELP),
                            });
                        }
                        Interaction::Collectives => {
                            return Err(Fault::Threads {
                                kind: ErrorKind::MpiUsage,
                                message: format!(
                                    "{me_who} calls {} and {who} calls {} (at {at}) on the same communicator with nothing ordering them: collective calls are matched in the order a process issues them, and the user must order the calls of concurrent threads on one communicator (MPI 4.0 §11.6.2)",
                                    func.name(),
                                    p.func.name()
                                ),
                                other: Some(p.loc),
                                help: Some(COLLECTIVE_HELP),
                            });
                        }
                        Interaction::Object(file) => {
                            return Err(Fault::Unsupported(format!(
                                "{me_who} calls {} and {who} calls {} (at {at}) on the same {} at the same time: concurrent one-sided and file calls of several threads are not modeled",
                                func.name(),
                                p.func.name(),
                                if file { "file" } else { "window" }
                            )));
                        }
                        Interaction::Finalize => {
                            let (fin, other, other_func) = if func == MpiFunc::Finalize {
                                (&me_who, &who, p.func)
                            } else {
                                (&who, &me_who, func)
                            };
                            return Err(Fault::Threads {
                                kind: ErrorKind::MpiUsage,
                                message: format!(
                                    "{fin} calls MPI_Finalize while {other} may be inside {} ({who} at {at}): MPI_Finalize must not be called until the other threads completed their MPI calls (MPI 4.0 §11.6.2)",
                                    other_func.name()
                                ),
                                other: Some(p.loc),
                                help: Some(FINALIZE_HELP),
                            });
                        }
                    }
                }
            }
        }
        team.links.extend(links);
        team.calls.push(mine);
        Ok(())
    }

    /// The slot of the running thread's request in the hidden memory.
    fn slot(&mut self) -> Result<u64, Fault> {
        let base = match self.omp.hidden {
            Some(b) => b,
            None => {
                let b = self
                    .mem
                    .allocate(SLOTS_AT + 4 * SLOTS, AllocKind::Stack)
                    .map_err(Fault::Memory)?;
                for i in 0..SLOTS {
                    self.mem
                        .store(b + SLOTS_AT + 4 * i, 4, h::MPI_REQUEST_NULL as u32 as u64)
                        .map_err(Fault::Memory)?;
                }
                self.omp.hidden = Some(b);
                b
            }
        };
        let me = self.omp.team.as_ref().map_or(0, |t| t.current as u64);
        if me >= SLOTS {
            return Err(Fault::Unsupported(format!(
                "more than {SLOTS} threads and tasks of one region inside MPI at once"
            )));
        }
        Ok(base + SLOTS_AT + 4 * me)
    }

    /// The call the running thread makes now: under `MPI_THREAD_MULTIPLE`
    /// in a team, a blocking call is posted as its nonblocking form.
    pub(super) fn make_call(
        &mut self,
        func: MpiFunc,
        args: Vec<u64>,
        loc: LocId,
    ) -> Result<Stop, Fault> {
        let multiple = self.omp.mpi_level >= h::MPI_THREAD_MULTIPLE
            && self.omp.team.as_ref().is_some_and(|t| t.concurrent());
        if multiple {
            let slot = self.slot()?;
            if let Some((nb, nargs, status)) = nonblocking_form(func, &args, slot) {
                if let Some(team) = self.omp.team.as_mut() {
                    let me = team.current as usize;
                    team.threads[me].posting = Some(status);
                }
                self.omp_mpi_begin(loc);
                return Ok(Stop::Mpi {
                    func: nb,
                    args: nargs,
                    loc,
                });
            }
        }
        self.omp_mpi_begin(loc);
        Ok(Stop::Mpi { func, args, loc })
    }

    /// A stop the team owes before the running thread's own call: the
    /// search's choice of the thread that enters MPI first, or the
    /// process's wait for its threads' posted calls.
    pub(super) fn multiple_pending(
        &mut self,
        func: MpiFunc,
        loc: LocId,
    ) -> Result<Option<Stop>, Fault> {
        let Some(team) = self.omp.team.as_ref() else {
            return Ok(None);
        };
        if let Some(threads) = &team.choice {
            return Ok(Some(Stop::Threads {
                threads: threads.clone(),
                func,
                loc,
            }));
        }
        if !team.waiting_any {
            return Ok(None);
        }
        let n = team.threads.len() as u64;
        let Some(base) = self.omp.hidden else {
            return Err(Fault::Unreachable);
        };
        self.omp_mpi_begin(loc);
        Ok(Some(Stop::Mpi {
            func: MpiFunc::Waitany,
            args: vec![n.min(SLOTS), base + SLOTS_AT, base, base + STATUS_AT],
            loc,
        }))
    }

    /// The process is in its wait for the calls its threads posted.
    pub fn omp_hidden_wait(&self) -> bool {
        self.omp.team.as_ref().is_some_and(|t| t.waiting_any)
    }

    /// The search chose `thread` to enter MPI first among the threads
    /// parked at calls whose order matters.
    /// Returns the trace note of the choice, and whether it is noted at
    /// the chosen thread's current line (else at the first one's).
    pub fn omp_choose(&mut self, thread: u32) -> (String, bool) {
        if let Some(note) = self.posix_choose(thread) {
            return (note, false);
        }
        let note = format!("thread {thread}'s call enters MPI first");
        let Some(team) = self.omp.team.as_mut() else {
            return (note, false);
        };
        team.choice = None;
        let me = team.current as usize;
        let t = thread as usize;
        if t >= team.threads.len() {
            return (note, false);
        }
        if t != me {
            team.threads[me].frames = std::mem::take(&mut self.frames);
            self.frames = std::mem::take(&mut team.threads[t].frames);
            team.current = thread;
        }
        if team.threads[t].state == ThreadState::AtSync {
            // POSIX threads parked at synchronization operations
            // (`posix.rs`): this one makes its operation first.
            team.threads[t].sync_ok = true;
            team.threads[t].state = ThreadState::Runnable;
            return (format!("thread {thread} synchronizes first"), true);
        }
        team.threads[t].state = ThreadState::Runnable;
        (note, false)
    }

    /// Before `finish_call`'s own work: a call the running thread posted as
    /// its nonblocking form leaves it waiting inside its call while the
    /// others run (true: nothing more to do); the process's wait returned
    /// the thread whose request completed, which returns from its call.
    pub fn omp_finish_call(&mut self, model: &Model) -> bool {
        let Some(team) = self.omp.team.as_mut() else {
            return false;
        };
        let me = team.current as usize;
        if team.waiting_any {
            team.waiting_any = false;
            let base = self.omp.hidden.unwrap_or(0);
            let index = self.mem.load(base, 4).map_or(-1, |v| v as u32 as i32);
            let Some(team) = self.omp.team.as_mut() else {
                return false;
            };
            let k = match usize::try_from(index) {
                Ok(k) if k < team.threads.len() => k,
                _ => {
                    self.omp.pending = Some(Box::new((Fault::Unreachable, 0)));
                    return true;
                }
            };
            // What the call wrote is the thread's whose call it was.
            team.current = k as u32;
            self.omp_mpi_end(model);
            let Some(team) = self.omp.team.as_mut() else {
                return false;
            };
            let status = team.threads[k].posting.take().unwrap_or(1);
            team.threads[k].state = ThreadState::Runnable;
            if k != me {
                team.threads[me].frames = std::mem::take(&mut self.frames);
                self.frames = std::mem::take(&mut team.threads[k].frames);
            }
            if status > 1 {
                let copied = self
                    .mem
                    .read_bytes(base + STATUS_AT, h::MPI_STATUS_SIZE_BYTES)
                    .map(|b| b.to_vec())
                    .and_then(|b| self.mem.write_bytes(status, &b));
                if let Err(e) = copied {
                    self.omp.pending = Some(Box::new((Fault::Memory(e), 0)));
                }
            }
            // The caller stores the return value and moves past the call.
            return false;
        }
        if team.threads[me].posting.is_none() || team.threads[me].state != ThreadState::Runnable {
            return false;
        }
        let loc = self.current_loc(model);
        self.omp_mpi_end(model);
        if let Some(team) = self.omp.team.as_mut() {
            team.threads[me].state = ThreadState::InMpi(loc);
        }
        if let Err(fault) = self.schedule(model) {
            self.omp.pending = Some(Box::new((fault, loc)));
        }
        true
    }

    /// A thread other than the one in the process's blocking call is at or
    /// inside an MPI call: the process being stuck would not mean the
    /// program is (a thread's call the checker could not post as a
    /// nonblocking form blocked the others). What to say, if so.
    pub fn omp_others_in_mpi(&self) -> Option<String> {
        let team = self.omp.team.as_ref()?;
        if team.waiting_any || !team.concurrent() {
            return None;
        }
        let me = team.current as usize;
        let (t, other) = team.threads.iter().enumerate().find(|(i, t)| {
            *i != me && matches!(t.state, ThreadState::AtMpi | ThreadState::InMpi(_))
        })?;
        let func = team.threads[me].at_call.map_or("MPI", |f| f.name());
        Some(format!(
            "{} blocks in {func}, which the checker makes for the whole process, while {} is at or inside {}: whether another thread's call would let it return is not modeled",
            super::tasks::actor(team, me),
            super::tasks::actor(team, t),
            other.at_call.map_or("an MPI call", |f| f.name()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORLD: u64 = 0x4400_0000;

    fn recv(source: i32, tag: i32) -> Vec<What> {
        // MPI_Recv(buf, count, datatype, source, tag, comm, status)
        let args = [0, 1, 0, source as u32 as u64, tag as u32 as u64, WORLD, 1];
        what(MpiFunc::Recv, &args)
    }

    fn probe(source: i32, tag: i32) -> Vec<What> {
        let args = [source as u32 as u64, tag as u32 as u64, WORLD, 1];
        what(MpiFunc::Probe, &args)
    }

    fn order(a: &[What], b: &[What]) -> bool {
        matches!(interaction(&a[0], &b[0]), Interaction::Order)
    }

    #[test]
    fn receives_interact_only_when_their_envelopes_overlap() {
        assert!(order(&recv(1, 0), &recv(1, 0)));
        assert!(order(&recv(h::MPI_ANY_SOURCE, 0), &recv(2, 0)));
        assert!(order(&recv(1, h::MPI_ANY_TAG), &recv(1, 5)));
        assert!(!order(&recv(1, 0), &recv(2, 0)));
        assert!(!order(&recv(1, 0), &recv(1, 1)));
        assert!(!order(
            &recv(h::MPI_PROC_NULL, 0),
            &recv(h::MPI_ANY_SOURCE, 0)
        ));
    }

    #[test]
    fn a_probe_that_leaves_the_message_races_with_an_overlapping_receive() {
        let race =
            |a: &[What], b: &[What]| matches!(interaction(&a[0], &b[0]), Interaction::ProbeRace);
        assert!(race(&probe(h::MPI_ANY_SOURCE, 0), &recv(1, 0)));
        assert!(race(&recv(1, 0), &probe(1, h::MPI_ANY_TAG)));
        assert!(!race(&probe(1, 0), &recv(2, 0)));
        // MPI_Mprobe takes the message: an ordinary receive-like call.
        let m = what(MpiFunc::Mprobe, &[1, 0, WORLD, 0, 1]);
        assert!(order(&m, &recv(1, 0)));
    }

    #[test]
    fn blocking_calls_are_posted_as_their_nonblocking_forms() {
        let args = [8, 1, 2, 3, 4, WORLD, 99];
        let (f, a, status) = nonblocking_form(MpiFunc::Recv, &args, 500).unwrap();
        assert_eq!(f, MpiFunc::Irecv);
        assert_eq!(a, vec![8, 1, 2, 3, 4, WORLD, 500]);
        assert_eq!(status, 99);
        let (f, a, _) = nonblocking_form(MpiFunc::Barrier, &[WORLD], 500).unwrap();
        assert_eq!((f, a), (MpiFunc::Ibarrier, vec![WORLD, 500]));
        assert!(nonblocking_form(MpiFunc::Probe, &[1, 0, WORLD, 1], 500).is_none());
        assert!(blocks_process(MpiFunc::Wait));
        assert!(!blocks_process(MpiFunc::Isend));
        assert!(!blocks_process(MpiFunc::Send));
    }

    #[test]
    fn collectives_on_one_communicator_and_finalize_conflict() {
        let bcast = what(MpiFunc::Bcast, &[0, 1, 0, 0, WORLD]);
        let barrier = what(MpiFunc::Barrier, &[WORLD]);
        let other = what(MpiFunc::Barrier, &[WORLD + 1]);
        assert!(matches!(
            interaction(&bcast[0], &barrier[0]),
            Interaction::Collectives
        ));
        assert!(matches!(
            interaction(&bcast[0], &other[0]),
            Interaction::None
        ));
        let fin = what(MpiFunc::Finalize, &[]);
        assert!(matches!(
            interaction(&fin[0], &recv(1, 0)[0]),
            Interaction::Finalize
        ));
    }
}
