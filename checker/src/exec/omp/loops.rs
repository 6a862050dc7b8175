//! Worksharing loops: which iterations a thread runs under a static
//! schedule (`__kmpc_for_static_init_*`, libgomp's division) or takes as
//! chunks of a dynamic one (`__kmpc_dispatch_*`, dealt round-robin).

use super::super::interp::{Fault, Process};
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
        (self.running > 0).then_some((self.id, self.running))
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
        // change which iterations a chunk holds.
        let Some(schedule) = Schedule::of((arg(2) as u32) & !(3 << 29)) else {
            return Err(Fault::Unsupported(
                "OpenMP loop with an ordered or other schedule (static, dynamic, guided, auto and runtime schedules are modeled)".into(),
            ));
        };
        let lower = bounds.widen(arg(3), bounds.signed);
        let upper = bounds.widen(arg(4), bounds.signed);
        let incr = bounds.widen(arg(5), true);
        let chunk = match schedule {
            Schedule::Dynamic => bounds.widen(arg(6), true).max(1),
            _ => 1,
        };
        let trip = trip_count(lower, upper, incr)?;
        let Some(team) = self.omp.team.as_mut() else {
            return Ok(());
        };
        let t = &mut team.threads[me as usize];
        t.loops += 1;
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
        });
        Ok(())
    }

    /// `__kmpc_dispatch_next_*`: the running thread's next chunk.
    pub(super) fn dispatch_next(&mut self, args: &[u64], me: u32, size: u32) -> Result<u64, Fault> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(0);
        let (plast, plower, pupper, pstride) = (arg(2), arg(3), arg(4), arg(5));
        let (lo, hi, incr, last, bounds) = {
            let Some(team) = self.omp.team.as_mut() else {
                return Ok(0);
            };
            let t = &mut team.threads[me as usize];
            let Some(d) = t.dispatch.as_mut() else {
                return Ok(0);
            };
            let first = d.next * d.chunk;
            if first >= d.trip {
                t.dispatch = None;
                return Ok(0);
            }
            let count = d.chunk.min(d.trip - first);
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
