//! The clock functions: `gettimeofday`, `clock_gettime`, `clock_getres`
//! (POSIX), `nanosleep` and `difftime` (C11 7.27.2.2).
//!
//! Every clock reads the process's logical [`Clock`], the one `MPI_Wtime`
//! reads: deterministic (the same in every run, so not an input under
//! `--any-input`), never going back, and consistent between the C library
//! and MPI, so an elapsed time measured either way is the same work.
//! `time` and `clock` stay fixed input sources (see `inputs`).

use super::{errno, ret, ret_i32, set_errno, Args, LibcOutcome};
use crate::exec::memory::{MemFault, Memory};
use runtime_model::model::LibcFunc;

/// A process's logical clock: its executed model instructions
/// (`Process::steps`), one nanosecond each, from 0 at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    steps: u64,
}

const NANOS_PER_SECOND: u64 = 1_000_000_000;

impl Clock {
    /// One tick, in seconds (`MPI_Wtick`, and `clock_getres`).
    pub const TICK: f64 = 1e-9;

    /// The clock after `steps` executed instructions.
    pub fn at(steps: u64) -> Clock {
        Clock { steps }
    }

    pub fn nanos(self) -> u64 {
        self.steps
    }

    /// The time in seconds, as `MPI_Wtime` returns it.
    pub fn seconds(self) -> f64 {
        self.steps as f64 * Self::TICK
    }
}

/// Linux's clock ids (`<linux/time.h>`): `CLOCK_REALTIME` (0) to
/// `CLOCK_TAI` (11), without 10, which no kernel implements.
fn valid_clock(id: i32) -> bool {
    (0..=11).contains(&id) && id != 10
}

/// Executes a clock function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
    clock: Clock,
) -> Result<LibcOutcome, MemFault> {
    let ns = clock.nanos();
    match func {
        // gettimeofday(struct timeval *tv, struct timezone *tz): tv_sec and
        // tv_usec are 8-byte fields; a timezone, when asked for, is UTC
        // (tz_minuteswest = tz_dsttime = 0), as Linux keeps it by default.
        LibcFunc::Gettimeofday => {
            let (tv, tz) = (a.get(0)?, a.get(1)?);
            if tv != 0 {
                write_time(mem, tv, ns / NANOS_PER_SECOND, ns % NANOS_PER_SECOND / 1000)?;
            }
            if tz != 0 {
                mem.write_bytes(tz, &[0; 8])?;
            }
            Ok(ret_i32(0))
        }
        // clock_gettime(clockid_t, struct timespec *): every clock, wall or
        // CPU time, is the one logical clock.
        LibcFunc::ClockGettime | LibcFunc::ClockGetres => {
            let (id, ts) = (a.get(0)? as u32 as i32, a.get(1)?);
            if !valid_clock(id) {
                set_errno(mem, errno::EINVAL);
                return Ok(ret_i32(-1));
            }
            // clock_getres accepts NULL; clock_gettime faults on it, as
            // glibc's does.
            if func == LibcFunc::ClockGetres {
                if ts != 0 {
                    write_time(mem, ts, 0, 1)?;
                }
            } else {
                write_time(mem, ts, ns / NANOS_PER_SECOND, ns % NANOS_PER_SECOND)?;
            }
            Ok(ret_i32(0))
        }
        // nanosleep(req, rem): no time passes in the model, but the request
        // is read and checked as the kernel checks it; `rem` is written
        // only when a signal interrupts the sleep, which never happens.
        LibcFunc::Nanosleep => {
            let req = a.get(0)?;
            let sec = mem.load(req, 8)? as i64;
            let nsec = mem.load(super::ptr_add(req, 8)?, 8)? as i64;
            if sec < 0 || !(0..NANOS_PER_SECOND as i64).contains(&nsec) {
                set_errno(mem, errno::EINVAL);
                return Ok(ret_i32(-1));
            }
            Ok(ret_i32(0))
        }
        // difftime(time1, time0) = time1 - time0 in seconds, as a double.
        LibcFunc::Difftime => {
            let (t1, t0) = (a.get(0)? as i64, a.get(1)? as i64);
            Ok(ret((t1 as f64 - t0 as f64).to_bits()))
        }
        _ => Ok(super::misrouted(func)),
    }
}

/// Writes a `struct timeval` or `struct timespec`: two 8-byte fields.
fn write_time(mem: &mut Memory, at: u64, sec: u64, frac: u64) -> Result<(), MemFault> {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&sec.to_le_bytes());
    bytes[8..].copy_from_slice(&frac.to_le_bytes());
    // Checked as one 16-byte write, so a too-small object is found.
    mem.write_bytes(at, &bytes)
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::Clock;

    fn at(m: &mut Memory, f: LibcFunc, args: &[(u64, Ty)], steps: u64) -> u64 {
        value(super::super::call(f, args, m, Clock::at(steps)).unwrap())
    }

    #[test]
    fn clocks_read_the_logical_clock() {
        let mut m = mem();
        let tv = m.allocate(16, AllocKind::Stack).unwrap();
        let tz = m.allocate(8, AllocKind::Stack).unwrap();
        m.store(tz, 4, 7).unwrap();
        // 2.5 s and 1234 ns of logical time.
        let steps = 2_500_001_234;
        assert_eq!(
            at(&mut m, LibcFunc::Gettimeofday, &[p(tv), p(tz)], steps),
            0
        );
        assert_eq!(m.load(tv, 8).unwrap(), 2);
        assert_eq!(m.load(tv + 8, 8).unwrap(), 500_001);
        assert_eq!(m.load(tz, 8).unwrap(), 0);
        assert_eq!(at(&mut m, LibcFunc::Gettimeofday, &[p(0), p(0)], 5), 0);
        assert_eq!(
            at(&mut m, LibcFunc::ClockGettime, &[i32a(1), p(tv)], steps),
            0
        );
        assert_eq!(m.load(tv, 8).unwrap(), 2);
        assert_eq!(m.load(tv + 8, 8).unwrap(), 500_001_234);
        assert_eq!(
            at(&mut m, LibcFunc::ClockGetres, &[i32a(0), p(tv)], steps),
            0
        );
        assert_eq!((m.load(tv, 8).unwrap(), m.load(tv + 8, 8).unwrap()), (0, 1));
        // An unknown clock: EINVAL.
        assert_eq!(
            at(&mut m, LibcFunc::ClockGettime, &[i32a(10), p(tv)], steps),
            u32::MAX as u64
        );
        // A struct too small for a timespec, and NULL, are memory errors.
        let small = m.allocate(8, AllocKind::Stack).unwrap();
        assert!(matches!(
            super::super::call(
                LibcFunc::ClockGettime,
                &[i32a(0), p(small)],
                &mut m,
                Clock::at(1)
            ),
            Err(MemFault::OutOfBounds { write: true, .. })
        ));
        assert!(matches!(
            call(LibcFunc::ClockGettime, &[i32a(0), p(0)], &mut m),
            Err(MemFault::Null { write: true })
        ));
        assert_eq!(Clock::at(steps).seconds(), steps as f64 * 1e-9);
    }

    #[test]
    fn nanosleep_checks_its_request_and_difftime_subtracts() {
        let mut m = mem();
        let ts = m.allocate(16, AllocKind::Stack).unwrap();
        m.store(ts, 8, 1).unwrap();
        m.store(ts + 8, 8, 999_999_999).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Nanosleep, &[p(ts), p(0)]).unwrap(), 0);
        m.store(ts + 8, 8, 1_000_000_000).unwrap();
        assert_eq!(
            c(&mut m, LibcFunc::Nanosleep, &[p(ts), p(0)]).unwrap(),
            u32::MAX as u64
        );
        assert!(matches!(
            call(LibcFunc::Nanosleep, &[p(0), p(0)], &mut m),
            Err(MemFault::Null { write: false })
        ));
        let d = c(&mut m, LibcFunc::Difftime, &[i64a(10), i64a(13)]).unwrap();
        assert_eq!(f64::from_bits(d), -3.0);
    }
}
