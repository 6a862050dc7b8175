//! Worksharing loops: which iterations a thread runs under a static
//! schedule (`__kmpc_for_static_init_*`, libgomp's division) or takes as
//! chunks of a dynamic one (`__kmpc_dispatch_*`, dealt round-robin).

use super::super::interp::{Fault, Process};
use super::{join_into, OmpStep, ThreadState};
use runtime_model::model::Model;
use runtime_model::omp::OmpCall;

/// A loop under `schedule(dynamic, chunk)`: chunks are dealt round-robin
/// (chunk `c` to thread `c % n`), one of the assignments a real run may
/// make; since any thread may run any chunk, iterations of two chunks that
/// conflict make the check stop even when one thread ran both here.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Dispatch {
    lower: i128,
    incr: i128,
    chunk: i128,
    trip: i128,
    bounds: Bounds,
    /// This thread's next chunk.
    next: i128,
    /// Which dynamic loop of the team (the n-th each thread met).
    id: u32,
    /// The chunk running now (1-based), 0 before the first.
    running: u32,
    /// The schedule as the program wrote it, for messages.
    schedule: Schedule,
    /// A `for ordered` loop: the logical number of the iteration running.
    ordered: Option<i64>,
    /// Chunks go to fixed threads (an ordered loop's `static` schedule):
    /// which thread runs an iteration is no choice of the schedule.
    fixed: bool,
    /// One block per thread, libgomp's division (`schedule(static)`).
    block: bool,
}

/// The `ordered` blocks of one `for ordered` loop of a team (OpenMP 5.2
/// §15.10.2): they run in the order of the iterations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct OrderedLoop {
    /// The first iteration not done (its ordered block may run).
    pub next: i64,
    /// Later iterations already done.
    done: std::collections::BTreeSet<i64>,
    /// The clocks of the last ordered block's end.
    pub clock: Vec<u32>,
    pub det: Vec<u32>,
}

impl OrderedLoop {
    /// Iteration `it` finished its ordered block, or ended without one.
    fn finish(&mut self, it: i64) {
        if it >= self.next {
            self.done.insert(it);
        }
        while self.done.remove(&self.next) {
            self.next += 1;
        }
    }
}

/// The schedules whose chunks any thread may take: `dynamic`, and those an
/// implementation may run like it. `guided` gives chunks of decreasing,
/// implementation-defined sizes (OpenMP 5.2 §11.5.3), and `auto` and
/// `runtime` (`OMP_SCHEDULE`, which the check does not read) may be any
/// schedule: a program correct under each of them is one whose iterations
/// are correct however they are cut into chunks and given to threads, so
/// they are run as `dynamic` with chunks of one iteration, where every two
/// iterations are in different chunks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Schedule {
    Dynamic,
    Guided,
    Runtime,
    Auto,
    /// `schedule(static)` of an ordered loop (clang dispatches those).
    Static,
}

impl Schedule {
    /// The `sched_type` values of the LLVM OpenMP runtime (kmp.h:
    /// `kmp_sch_dynamic_chunked` 35, `kmp_sch_guided_chunked` 36,
    /// `kmp_sch_runtime` 37, `kmp_sch_auto` 38).
    fn of(sched_type: u32) -> Option<Schedule> {
        match sched_type {
            35 => Some(Schedule::Dynamic),
            36 => Some(Schedule::Guided),
            37 => Some(Schedule::Runtime),
            38 => Some(Schedule::Auto),
            _ => None,
        }
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            Schedule::Dynamic => "dynamic",
            Schedule::Guided => "guided",
            Schedule::Runtime => "runtime",
            Schedule::Auto => "auto",
            Schedule::Static => "static",
        }
    }
}

/// The integer type of a loop's bounds: 4 or 8 bytes, signed or not (the
/// `_4`, `_4u`, `_8`, `_8u` forms of the runtime calls).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Bounds {
    width: u64,
    signed: bool,
}

impl Bounds {
    fn of(call: OmpCall) -> Bounds {
        use OmpCall::*;
        let (width, signed) = match call {
            ForStaticInit4 | DispatchInit4 | DispatchNext4 => (4, true),
            ForStaticInit4u | DispatchInit4u | DispatchNext4u => (4, false),
            ForStaticInit8 | DispatchInit8 | DispatchNext8 => (8, true),
            _ => (8, false),
        };
        Bounds { width, signed }
    }

    /// A bound as a number (`signed`: the increment and chunk always are).
    fn widen(self, v: u64, signed: bool) -> i128 {
        match (self.width, signed) {
            (4, true) => v as u32 as i32 as i128,
            (4, false) => v as u32 as i128,
            (_, true) => v as i64 as i128,
            _ => v as i128,
        }
    }

    fn narrow(self, v: i128) -> u64 {
        (v as u64)
            & if self.width == 4 {
                0xffff_ffff
            } else {
                u64::MAX
            }
    }
}

/// Iterations from `lower` to `upper` (inclusive) by `incr`.
fn trip_count(lower: i128, upper: i128, incr: i128) -> Result<i128, Fault> {
    if incr == 0 {
        return Err(Fault::Unsupported("an OpenMP loop with increment 0".into()));
    }
    Ok(if incr > 0 {
        if upper < lower {
            0
        } else {
            (upper - lower) / incr + 1
        }
    } else if lower < upper {
        0
    } else {
        (lower - upper) / -incr + 1
    })
}

impl Dispatch {
    /// The loop and chunk being run, once the first chunk was taken.
    pub(super) fn chunk(&self) -> Option<(u32, u32)> {
        (self.running > 0 && !self.fixed).then_some((self.id, self.running))
    }

    pub(super) fn schedule(&self) -> Schedule {
        self.schedule
    }
}

impl Process {
    /// `__kmpc_dispatch_init_*`: a loop from `lower` to `upper` (inclusive)
    /// by `incr` under the schedule `schedule`.
    pub(super) fn dispatch_init(
        &mut self,
        call: OmpCall,
        args: &[u64],
        me: u32,
    ) -> Result<(), Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let bounds = Bounds::of(call);
        // The monotonic / nonmonotonic modifiers (bits 29 and 30) do not
        // change which iterations a chunk holds. An ordered loop's kinds
        // are the plain ones plus 32 (kmp.h: `kmp_ord_static_chunked` 65
        // ... `kmp_ord_auto` 70).
        let kind = (arg(2) as u32) & !(3 << 29);
        let ordered = (65..=70).contains(&kind);
        let kind = if ordered { kind - 32 } else { kind };
        let lower = bounds.widen(arg(3), bounds.signed);
        let upper = bounds.widen(arg(4), bounds.signed);
        let incr = bounds.widen(arg(5), true);
        let trip = trip_count(lower, upper, incr)?;
        let (schedule, chunk, fixed) = match (kind, Schedule::of(kind)) {
            // Static chunks of an ordered loop: dealt round-robin.
            (33, _) if ordered => (Schedule::Static, bounds.widen(arg(6), true).max(1), true),
            // One block per thread, libgomp's division (as `static_schedule`).
            (34, _) if ordered => (Schedule::Static, 1, true),
            (_, Some(Schedule::Dynamic)) => {
                (Schedule::Dynamic, bounds.widen(arg(6), true).max(1), false)
            }
            (_, Some(s)) => (s, 1, false),
            _ => {
                return Err(Fault::Unsupported(format!(
                    "OpenMP loop with schedule kind {kind} (static, dynamic, guided, auto and runtime schedules are modeled)"
                )))
            }
        };
        let block = ordered && kind == 34;
        let Some(team) = self.omp.team.as_mut() else {
            // Outside regions (a `parallel for` whose if clause is false, an
            // orphaned loop): the one thread runs every iteration in order.
            self.omp.solo = Some(Dispatch {
                lower,
                incr,
                chunk: trip.max(1),
                trip,
                bounds,
                next: 0,
                id: 0,
                running: 0,
                schedule,
                ordered: None,
                fixed: true,
                block: false,
            });
            return Ok(());
        };
        let t = &mut team.threads[me as usize];
        t.loops += 1;
        let id = t.loops;
        if ordered {
            team.ordered.entry(id).or_default();
        }
        let t = &mut team.threads[me as usize];
        t.dispatch = Some(Dispatch {
            lower,
            incr,
            chunk,
            trip,
            bounds,
            next: me as i128,
            id: t.loops,
            running: 0,
            schedule,
            ordered: ordered.then_some(0),
            fixed,
            block,
        });
        Ok(())
    }

    /// `__kmpc_dispatch_next_*`: the running thread's next chunk.
    pub(super) fn dispatch_next(&mut self, args: &[u64], me: u32, size: u32) -> Result<u64, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (plast, plower, pupper, pstride) = (arg(2), arg(3), arg(4), arg(5));
        let (lo, hi, incr, last, bounds) = {
            let slot = match self.omp.team.as_mut() {
                Some(team) => &mut team.threads[me as usize].dispatch,
                None => &mut self.omp.solo,
            };
            let Some(d) = slot.as_mut() else {
                return Ok(0);
            };
            let (first, count) = if d.block {
                // The thread's block: the first `trip % n` threads one
                // iteration more (libgomp's division, as `static_schedule`).
                let n = size.max(1) as i128;
                let (q, r) = (d.trip / n, d.trip % n);
                let t = d.next;
                let (count, first) = if t < r {
                    (q + 1, t * (q + 1))
                } else {
                    (q, t * q + r)
                };
                if d.running > 0 || count == 0 {
                    (d.trip, 0)
                } else {
                    (first, count)
                }
            } else {
                let first = d.next * d.chunk;
                (first, d.chunk.min(d.trip - first.min(d.trip)))
            };
            if first >= d.trip {
                *slot = None;
                return Ok(0);
            }
            if d.ordered.is_some() {
                d.ordered = Some(first as i64);
            }
            let lo = d.lower + first * d.incr;
            let hi = lo + (count - 1) * d.incr;
            d.running = d.next as u32 + 1;
            d.next += size as i128;
            (lo, hi, d.incr, first + count == d.trip, d.bounds)
        };
        self.store_share(
            bounds,
            [plast, plower, pupper, pstride],
            (lo, hi, incr, last),
        )?;
        Ok(1)
    }

    /// Writes a thread's share of a loop: `*last`, `*lower`, `*upper`,
    /// `*stride` (no `last` flag when its pointer is null).
    fn store_share(
        &mut self,
        bounds: Bounds,
        [plast, plower, pupper, pstride]: [u64; 4],
        (lo, hi, stride, last): (i128, i128, i128, bool),
    ) -> Result<(), Fault> {
        let m = &mut self.mem;
        if plast != 0 {
            m.store(plast, 4, last as u64).map_err(Fault::Memory)?;
        }
        let width = bounds.width;
        m.store(plower, width, bounds.narrow(lo))
            .map_err(Fault::Memory)?;
        m.store(pupper, width, bounds.narrow(hi))
            .map_err(Fault::Memory)?;
        m.store(pstride, width, bounds.narrow(stride))
            .map_err(Fault::Memory)
    }

    /// `__kmpc_for_static_init_*`: this thread's iterations of a loop from
    /// `*lower` to `*upper` (inclusive) by `incr`, as libgomp divides them
    /// (a `schedule(static)` without chunk: one contiguous block per thread,
    /// the first `trip % n` threads one iteration more; with a chunk:
    /// chunks round-robin).
    pub(super) fn static_schedule(
        &mut self,
        call: OmpCall,
        args: &[u64],
        tid: u32,
        nth: u32,
    ) -> Result<(), Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let bounds = Bounds::of(call);
        let schedule = arg(2) as u32 as i32;
        let (plast, plower, pupper, pstride) = (arg(3), arg(4), arg(5), arg(6));
        let incr = bounds.widen(arg(7), true);
        let chunk = bounds.widen(arg(8), true);
        let load = |p: u64| self.mem.load(p, bounds.width).map_err(Fault::Memory);
        let lower = bounds.widen(load(plower)?, bounds.signed);
        let upper = bounds.widen(load(pupper)?, bounds.signed);
        let trip = trip_count(lower, upper, incr)?;
        let (tid, nth) = (tid as i128, nth as i128);
        let (lo, hi, stride, last) = if trip == 0 {
            (lower, upper, incr, false)
        } else {
            match schedule {
                // kmp_sch_static: one block per thread.
                34 => {
                    let (q, r) = (trip / nth, trip % nth);
                    let (count, first) = if tid < r {
                        (q + 1, tid * (q + 1))
                    } else {
                        (q, tid * q + r)
                    };
                    let lo = lower + first * incr;
                    // An empty block: upper below lower.
                    let hi = if count == 0 {
                        lo - incr
                    } else {
                        lo + (count - 1) * incr
                    };
                    let last = count > 0 && first + count == trip;
                    (lo, hi, trip * incr, last)
                }
                // kmp_sch_static_chunked: chunks dealt round-robin.
                33 => {
                    let chunk = chunk.max(1);
                    let span = chunk * incr;
                    let lo = lower + span * tid;
                    let hi = lo + span - incr;
                    let last = tid == ((trip - 1) / chunk) % nth;
                    (lo, hi, span * nth, last)
                }
                other => {
                    return Err(Fault::Unsupported(format!(
                        "OpenMP loop schedule kind {other} (only static schedules are modeled)"
                    )))
                }
            }
        };
        self.store_share(
            bounds,
            [plast, plower, pupper, pstride],
            (lo, hi, stride, last),
        )
    }
}

impl Process {
    /// `__kmpc_dispatch_fini_*`: an iteration of an ordered loop ended.
    pub(super) fn iteration_done(&mut self, me: u32) {
        let Some(team) = self.omp.team.as_mut() else {
            return;
        };
        let t = &mut team.threads[me as usize];
        let Some(d) = t.dispatch.as_mut() else {
            return;
        };
        let (Some(it), id) = (d.ordered, d.id) else {
            return;
        };
        d.ordered = Some(it + 1);
        if let Some(o) = team.ordered.get_mut(&id) {
            o.finish(it);
        }
    }

    /// `__kmpc_ordered`: the running thread's iteration runs its ordered
    /// block once the iterations before it are done (OpenMP 5.2
    /// §15.10.2); what they did in theirs happens before.
    pub(super) fn ordered_begin(&mut self, model: &Model, me: u32) -> Result<OmpStep, Fault> {
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(OmpStep::Return(0));
        };
        let t = &team.threads[me as usize];
        let Some((id, it)) = t.dispatch.as_ref().and_then(|d| Some((d.id, d.ordered?))) else {
            return Err(Fault::Unsupported(
                "an ordered construct outside the iterations of a `for ordered` loop (or an ordered loop under a static schedule clang did not dispatch)".into(),
            ));
        };
        let t = &mut team.threads[me as usize];
        t.state = ThreadState::Ordered(id, it);
        Self::wake(team);
        if team.threads[me as usize].state == ThreadState::Runnable {
            return Ok(OmpStep::Return(0));
        }
        if let Some(fr) = self.frames.last_mut() {
            fr.ip += 1;
        }
        self.schedule(model)?;
        Ok(OmpStep::Switched)
    }

    /// `__kmpc_end_ordered`: the next iteration's ordered block may run.
    pub(super) fn ordered_end(&mut self, me: u32) {
        let Some(team) = self.omp.team.as_mut() else {
            return;
        };
        let t = &mut team.threads[me as usize];
        t.in_ordered = None;
        let Some((id, Some(it))) = t.dispatch.as_ref().map(|d| (d.id, d.ordered)) else {
            return;
        };
        let (clock, det) = (t.clock.clone(), t.det.clone());
        t.tick(me as usize);
        if let Some(o) = team.ordered.get_mut(&id) {
            join_into(&mut o.clock, &clock);
            join_into(&mut o.det, &det);
            o.finish(it);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::OrderedLoop;

    /// Iterations may end out of order (an iteration without an ordered
    /// block, on another thread); the next ordered block is the first
    /// iteration not done.
    #[test]
    fn ordered_blocks_follow_the_first_unfinished_iteration() {
        let mut o = OrderedLoop::default();
        o.finish(2);
        assert_eq!(o.next, 0);
        o.finish(0);
        assert_eq!(o.next, 1);
        o.finish(1);
        assert_eq!(o.next, 3);
        // An iteration reported twice (its block's end, then the end of
        // the iteration) changes nothing.
        o.finish(1);
        o.finish(3);
        assert_eq!(o.next, 4);
        assert!(o.done.is_empty());
    }
}
