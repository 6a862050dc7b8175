//! `setjmp` and `longjmp` as C defines them (C11 §7.13): `setjmp(env)`
//! saves where it was called in `env` and returns 0; `longjmp(env, val)`
//! makes that `setjmp` call return again, with `val` (1 if `val` is 0),
//! provided the function that called it has not returned
//! (§7.13.2.1p2: otherwise the behavior is undefined, an error here).
//!
//! `env` holds a serial number (its first eight bytes); the process keeps
//! what each number names (`Process::jumps`) while the frame that called
//! `setjmp` runs. The extractor does not inline a function that calls
//! `setjmp`, so that its frame is a real one. Objects the function changed
//! between the calls keep their current values (§7.13.2.1p3 makes the
//! non-volatile ones indeterminate: the current value is one of those).

use super::interp::{Fault, Process, Stop};
use super::memory::MemFault;
use runtime_model::model::{LibcFunc, LocId, Model, Reg};

/// A `setjmp` call a `longjmp` may return to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JumpTarget {
    /// The number `setjmp` stored in `env`.
    serial: u64,
    /// The `jmp_buf` it was stored in.
    env: u64,
    /// The frame that called `setjmp` (its index in `Process::frames`).
    pub(super) depth: usize,
    block: u32,
    ip: u32,
    dst: Option<Reg>,
    loc: LocId,
}

/// Marks a serial number in `env`, so that a `jmp_buf` setjmp never
/// filled (zeros, garbage) is told apart.
const MAGIC: u64 = 0x6a6d_0000_0000_0000;

impl Process {
    /// Runs `setjmp(env)` or `longjmp(env, val)` at `loc`.
    pub(super) fn nonlocal_jump(
        &mut self,
        model: &Model,
        func: LibcFunc,
        args: &[u64],
        dst: Option<Reg>,
        loc: LocId,
    ) -> Result<Option<Stop>, Fault> {
        let env = args.first().copied().unwrap_or(0);
        if self.track.is_some() || self.omp.team.is_some() {
            return Err(Fault::Unsupported(format!(
                "{} {}",
                func.c_name(),
                if self.track.is_some() {
                    "under --any-input"
                } else {
                    "inside an OpenMP parallel region"
                }
            )));
        }
        let depth = self.frames.len().saturating_sub(1);
        if func == LibcFunc::Setjmp {
            let serial = MAGIC | (self.steps & 0xffff_ffff_ffff);
            self.mem.store(env, 8, serial).map_err(Fault::Memory)?;
            let Some(fr) = self.frames.last_mut() else {
                return Err(Fault::Unreachable);
            };
            self.jumps.retain(|j| j.env != env);
            self.jumps.push(JumpTarget {
                serial,
                env,
                depth,
                block: fr.block,
                ip: fr.ip,
                dst,
                loc,
            });
            if let Some(d) = dst {
                fr.regs[d as usize] = 0;
            }
            fr.ip += 1;
            return Ok(None);
        }
        let serial = self.mem.load(env, 8).map_err(Fault::Memory)?;
        let Some(target) = self.jumps.iter().find(|j| j.serial == serial).cloned() else {
            let why = if serial & !0xffff_ffff_ffff == MAGIC {
                "whose setjmp call is in a function that has returned"
            } else {
                "that no setjmp call filled"
            };
            return Err(Fault::Memory(MemFault::Other(format!(
                "longjmp with a jmp_buf {why} (C11 §7.13.2.1p2: undefined behavior)"
            ))));
        };
        let val = args.get(1).copied().unwrap_or(0) as u32;
        self.frames.truncate(target.depth + 1);
        self.forget_jumps(target.depth + 1);
        let _ = model;
        let Some(fr) = self.frames.last_mut() else {
            return Err(Fault::Unreachable);
        };
        fr.block = target.block;
        fr.ip = target.ip + 1;
        if let Some(d) = target.dst {
            // C11 §7.13.2.1p4: longjmp cannot make setjmp return 0.
            fr.regs[d as usize] = if val == 0 { 1 } else { val as u64 };
        }
        Ok(None)
    }

    /// The frames from `depth` on are gone: their `setjmp` calls can no
    /// longer be returned to.
    pub(super) fn forget_jumps(&mut self, depth: usize) {
        self.jumps.retain(|j| j.depth < depth);
    }
}
