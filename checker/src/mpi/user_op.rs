//! Reductions with user-defined operations (MPI 3.1 §5.9.5): the checker
//! runs the function the program passed to `MPI_Op_create` in the memory
//! of the member that receives the result.

use super::datatypes::UserOp;
use crate::diag::ErrorKind;
use crate::exec::interp::Fault;
use crate::exec::memory::AllocKind;
use crate::mpi::machine::*;
use runtime_model::model::{FuncId, LocId, Model};
use runtime_model::mpi::collective::Placement;
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;

/// Steps one call of a user operator may take.
const USER_OP_STEPS: u64 = 50_000_000;

impl Machine {
    /// The user-defined operation `op` of process `rank`, if it is one.
    pub(crate) fn user_op_of(&self, rank: usize, op: i32) -> Option<UserOp> {
        self.world.objects.user_op(rank, op).cloned()
    }

    /// What member `member` (process `rank`) of collective instance `k` on
    /// `comm` receives, with user operations executed.
    pub(crate) fn collective_result(
        &mut self,
        model: &Model,
        rank: usize,
        comm: CommId,
        k: usize,
        member: usize,
    ) -> Result<Vec<Placement>, Halt> {
        let inst = &self.world.comms[comm].instances[k];
        let user = inst.arrivals[member]
            .as_ref()
            .and_then(|c| c.op)
            .and_then(|op| self.user_op_of(rank, op));
        let Some(u) = user else {
            let result = self.world.comms[comm].instances[k].result_for_shared(member);
            return result.map_err(|e| {
                let (loc, func) = (
                    self.procs[rank].proc.current_loc(model),
                    self.blocked_func(rank),
                );
                // A datatype whose elements the model does not interpret is a
                // limit of the tool, not an error of the program.
                if let runtime_model::reduce::ReduceError::UnknownDatatype(_) = e {
                    return Halt::Unsupported(format!(
                        "{}: unsupported: {e}",
                        model.describe_location(loc)
                    ));
                }
                Halt::Error(
                    Finding::new(
                        ErrorKind::InvalidArgument,
                        format!("reduction failed: {e:?}"),
                    )
                    .at(rank, loc, func),
                )
            });
        };
        let inst = inst.clone();
        let func = self.blocked_func(rank);
        inst.result_with(member, |_, dt, views| {
            self.user_reduce(model, rank, func, &u, dt, views)
        })
    }

    /// Folds `views` (contributions in rank order) with user operation `u`
    /// into the canonical rank-ordered result v0 op v1 op ... op v(n-1),
    /// computed from the highest rank down as the standard's
    /// `inoutvec[i] = invec[i] op inoutvec[i]` prescribes. Right for
    /// commutative and non-commutative operations alike.
    pub(crate) fn user_reduce(
        &mut self,
        model: &Model,
        rank: usize,
        func: Option<MpiFunc>,
        u: &UserOp,
        dt: i32,
        views: &[&[u8]],
    ) -> Result<Vec<u8>, Halt> {
        let loc: LocId = self.procs[rank].proc.current_loc(model);
        let err = |kind: ErrorKind, msg: String| -> Halt {
            Halt::Error(Finding::new(kind, msg).at(rank, loc, func))
        };
        let Some((last, rest)) = views.split_last() else {
            return Ok(Vec::new());
        };
        let mut acc = last.to_vec();
        if rest.is_empty() {
            return Ok(acc);
        }
        let Some(map) = self.known_map(rank, dt) else {
            return Err(err(
                ErrorKind::InvalidArgument,
                format!("invalid datatype 0x{dt:x} for a user-defined operation"),
            ));
        };
        let size = map.size().max(1);
        if views.iter().any(|v| v.len() != acc.len()) || !(acc.len() as u64).is_multiple_of(size) {
            return Err(err(
                ErrorKind::InvalidArgument,
                "reduction failed: contributions differ in length".into(),
            ));
        }
        let count = acc.len() as u64 / size;
        let ranges = map.byte_ranges(count).map_err(|e| {
            Halt::Unsupported(format!(
                "{}: unsupported: user-defined operation on this datatype: {e}",
                model.describe_location(loc)
            ))
        })?;
        // The function may touch every byte of each element's extent
        // (a C struct copy moves its padding too), not only the data bytes:
        // element i spans [i * extent + lb, i * extent + ub) (MPI 3.1 §4.1).
        let last = (count as i64 - 1).max(0).saturating_mul(map.extent());
        let lo = ranges
            .iter()
            .map(|r| r.0)
            .chain([map.lb(), last.saturating_add(map.lb())])
            .min()
            .unwrap_or(0)
            .min(0);
        let hi = ranges
            .iter()
            .map(|r| r.0 + r.1 as i64)
            .chain([map.ub(), last.saturating_add(map.ub())])
            .max()
            .unwrap_or(0)
            .max(0);
        let span = (hi - lo) as u64;
        let mem_err = |f: crate::exec::memory::MemFault| {
            err(
                ErrorKind::MemoryError,
                format!("user-defined operation buffers: {f}"),
            )
        };
        let function = u.function as FuncId;
        let mem = &mut self.procs[rank].proc.mem;
        let a_in = mem
            .allocate(span.max(1), AllocKind::Heap)
            .map_err(mem_err)?;
        let a_io = mem
            .allocate(span.max(1), AllocKind::Heap)
            .map_err(mem_err)?;
        let a_len = mem.allocate(4, AllocKind::Heap).map_err(mem_err)?;
        let a_dt = mem.allocate(4, AllocKind::Heap).map_err(mem_err)?;
        let (invec, inout) = (
            a_in.wrapping_add((-lo) as u64),
            a_io.wrapping_add((-lo) as u64),
        );
        mem.store(a_len, 4, count as u32 as u64).map_err(mem_err)?;
        mem.store(a_dt, 4, dt as u32 as u64).map_err(mem_err)?;
        let scatter = |mem: &mut crate::exec::memory::Memory, base: u64, bytes: &[u8]| {
            let mut at = 0usize;
            for &(off, n) in &ranges {
                mem.write_bytes(base.wrapping_add(off as u64), &bytes[at..at + n as usize])?;
                at += n as usize;
            }
            Ok(())
        };
        for v in rest.iter().rev() {
            let mem = &mut self.procs[rank].proc.mem;
            scatter(mem, invec, v).map_err(mem_err)?;
            scatter(mem, inout, &acc).map_err(mem_err)?;
            let budget = self.procs[rank].proc.steps.saturating_add(USER_OP_STEPS);
            let args = [invec, inout, a_len, a_dt];
            match self.procs[rank]
                .proc
                .call_function(model, function, &args, budget)
            {
                Ok(_) => {}
                Err((Fault::Unsupported(m), at)) => {
                    // The reason names the line inside the operator (like
                    // any unsupported construct reached) and the MPI call
                    // that ran the operator.
                    let call = func.map_or("the reduction", |f| f.name());
                    return Err(Halt::Unsupported(match at {
                        Some(at) => format!(
                            "{}: {m} (in the user-defined operation run by {call} at {})",
                            model.describe_location(at),
                            model.describe_location(loc)
                        ),
                        None => format!("{}: {m}", model.describe_location(loc)),
                    }));
                }
                Err((f, at)) => {
                    // The line inside the operator first, then the MPI call
                    // that ran it.
                    let (kind, msg) = fault_finding(&f);
                    let mut finding =
                        Finding::new(kind, format!("in the user-defined operation: {msg}"));
                    if let Some(at) = at {
                        finding = finding.at(rank, at, None);
                    }
                    return Err(Halt::Error(finding.at(rank, loc, func)));
                }
            }
            let mem = &self.procs[rank].proc.mem;
            let mut out = Vec::with_capacity(acc.len());
            for &(off, n) in &ranges {
                out.extend_from_slice(
                    mem.read_bytes(inout.wrapping_add(off as u64), n)
                        .map_err(mem_err)?,
                );
            }
            acc = out;
        }
        let mem = &mut self.procs[rank].proc.mem;
        for a in [a_in, a_io, a_len, a_dt] {
            mem.free(a).map_err(mem_err)?;
        }
        Ok(acc)
    }
}
