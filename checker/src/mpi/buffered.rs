//! Buffered mode (MPI 3.1 §3.6): MPI_Buffer_attach / MPI_Buffer_detach and
//! the space each buffered send takes in the attached buffer.
//!
//! A buffered message holds its packed size plus `MPI_BSEND_OVERHEAD` until
//! it is transferred, which MPI lets happen as late as the completion of
//! the receive that takes it. A program is correct only if every buffered
//! send fits however late earlier messages leave, so a message counts as
//! gone only when the receive that took it has completed before this send
//! in every execution with the same matching: its receiver has passed that
//! call in the least prefix this send needs (`cb::required_prefix` over the
//! dependencies every MPI implementation has). This depends on the matching
//! only, not on the schedule the search happened to take, so the reduced
//! search and the naive oracle agree.

use super::decode::*;
use crate::log::cb;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::mpi::p2p::{AttachedBuffer, EventRef, ReqId, ReqOp, BSEND_OVERHEAD};

impl Machine {
    /// Buffer space buffered message `m` takes (MPI 3.1 §3.6.1).
    fn bsend_footprint(&self, m: ReqId) -> u64 {
        match &self.world.p2p.requests[m].op {
            ReqOp::Send(op) => op.data.len() as u64 + BSEND_OVERHEAD,
            _ => 0,
        }
    }

    /// Whether buffered message `m` may still be in the buffer when a call
    /// of its sender needing prefix `need` is issued.
    fn may_hold_space(&self, m: ReqId, need: &[usize]) -> bool {
        let r = &self.world.p2p.requests[m];
        if r.cancelled {
            return false;
        }
        let received = r
            .partner
            .and_then(|p| self.world.p2p.requests[p].completed_at);
        match received {
            Some((q, w)) => need.get(q).is_none_or(|&n| n <= w),
            None => true,
        }
    }

    /// Takes space for send `req`, posted at `at`, in the buffer attached by
    /// its process if it is a buffered send; one that does not fit is
    /// erroneous (MPI_ERR_BUFFER, MPI 3.1 §3.6).
    pub(crate) fn reserve_buffer_space(
        &mut self,
        site: &Site,
        req: ReqId,
        at: EventRef,
    ) -> Result<(), Halt> {
        let buffered = matches!(
            &self.world.p2p.requests[req].op,
            ReqOp::Send(op) if op.mode == runtime_model::mpi::p2p::SendMode::Buffered
        );
        if !buffered {
            return Ok(());
        }
        let rank = site.rank;
        let size = self.bsend_footprint(req);
        let Some(buf) = self.world.p2p.buffers[rank].clone() else {
            return Err(site.invalid(format!(
                "MPI_ERR_BUFFER: no buffer is attached (MPI_Buffer_attach) for a buffered message ({} bytes of data + MPI_BSEND_OVERHEAD {BSEND_OVERHEAD})",
                size - BSEND_OVERHEAD
            )));
        };
        let deps = self.deps.to_vec();
        let need = cb::required_prefix(self.np(), &deps, &[DepKind::Always], at);
        let held: Vec<ReqId> = buf
            .messages
            .iter()
            .copied()
            .filter(|&m| self.may_hold_space(m, &need))
            .collect();
        let used: u64 = held.iter().map(|&m| self.bsend_footprint(m)).sum();
        if used + size > buf.size {
            return Err(site.invalid(format!(
                "MPI_ERR_BUFFER: the message needs {size} bytes of the attached buffer ({} bytes of data + MPI_BSEND_OVERHEAD {}) but only {} of its {} bytes are free: {} earlier buffered message(s) may not have been received yet",
                size - BSEND_OVERHEAD,
                BSEND_OVERHEAD,
                buf.size.saturating_sub(used),
                buf.size,
                held.len()
            )));
        }
        if let Some(b) = &mut self.world.p2p.buffers[rank] {
            b.messages.push(req);
        }
        Ok(())
    }

    /// MPI_Buffer_attach (MPI 3.1 §3.6.1): one buffer at a time.
    pub(crate) fn call_buffer_attach(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (addr, size) = (a.ptr("buffer")?, a.int("size")?);
        self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_Buffer_attach(size={size})"),
        );
        if size < 0 {
            return Err(site.invalid(format!("size is negative ({size})")));
        }
        if self.world.p2p.buffers[site.rank].is_some() {
            return Err(
                site.invalid("MPI_ERR_BUFFER: a buffer is already attached (detach it first)")
            );
        }
        if size > 0 {
            self.procs[site.rank]
                .proc
                .mem
                .check_range(addr, size as u64, true)
                .map_err(|f| site.memory("buffer", f))?;
        }
        self.world.p2p.buffers[site.rank] = Some(AttachedBuffer {
            addr,
            size: size as u64,
            messages: Vec::new(),
        });
        self.version += 1;
        Ok(Effect::Return(0))
    }

    /// MPI_Buffer_detach (MPI 3.1 §3.6.1): returns the buffer's address and
    /// size once its messages are transferred. With system buffering that is
    /// at once; without, only once they are received, which the naive
    /// oracle's unbuffered pass waits for here and the reduced search checks
    /// on the completes-before graph (`finish::completes_before`).
    pub(crate) fn call_buffer_detach(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (buffer_addr, size_addr) = (a.ptr("buffer_addr")?, a.ptr("size")?);
        let ev = self.log_call(site, None, None);
        self.trace_event(site.rank, site.loc, "MPI_Buffer_detach()".into());
        let Some(buf) = self.world.p2p.buffers[site.rank].take() else {
            return Err(site.invalid("MPI_ERR_BUFFER: no buffer is attached"));
        };
        self.procs[site.rank]
            .proc
            .mem
            .store(buffer_addr, 8, buf.addr)
            .map_err(|f| site.memory("buffer_addr", f))?;
        self.write_i32(site, size_addr, buf.size as i32, "size")?;
        self.world.p2p.detaches.push((ev, buf.messages.clone()));
        self.version += 1;
        let pending: Vec<ReqId> = buf
            .messages
            .into_iter()
            .filter(|&m| self.world.p2p.requests[m].is_unmatched())
            .collect();
        if self.world.zero_buffer && !pending.is_empty() {
            return Ok(Effect::Block(Block::Detach { messages: pending }));
        }
        Ok(Effect::Return(0))
    }
}
