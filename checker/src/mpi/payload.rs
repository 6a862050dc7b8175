//! Input shadows through messages (`--any-input`).
//!
//! A send or a broadcast reads its payload from the sender's memory; under
//! input tracking the shadows of those bytes (a monotone function of an
//! input, an exact term) are kept beside the payload, keyed by the send
//! request or the broadcasting call, and given to the receiver's buffer when
//! the data lands. Input symbols are the same on every process (`argv` is
//! one command line; per-rank sources carry their rank in the symbol), so
//! a shadow means the same on both sides: a rank that broadcasts a number
//! read from `argv` and every rank that branches on the received copy are
//! checked as one path condition.
//!
//! Other MPI operations that move data (reductions, gathers, one-sided
//! access) still make what they deliver opaque once input-dependent data
//! was sent (`Taint::written_by_mpi`).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::decode::Site;
use super::machine::Machine;
use crate::diag::Halt;
use crate::exec::shadow::value::Shadow;
use runtime_model::mpi::p2p::EventRef;

/// Shadows of a payload: (offset in the payload, length, shadow).
pub type PayloadShadows = Arc<[(u64, u64, Shadow)]>;

/// The shadows of the payloads of one execution. Part of the state (a
/// receive's outcome depends on them), with keys that do not depend on the
/// interleaving.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SentShadows {
    /// By send request, as (owner, position among the owner's requests).
    pub sends: BTreeMap<(usize, usize), PayloadShadows>,
    /// By the call that contributed a broadcast's data.
    pub bcasts: BTreeMap<EventRef, PayloadShadows>,
}

impl Machine {
    /// The shadows of the payload `pack` reads from `count` elements of
    /// `datatype` at `buf` of the site's process; `None` when it carries
    /// none (no tracking, or only concrete bytes).
    pub(crate) fn payload_shadows(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        datatype: i32,
    ) -> Result<Option<PayloadShadows>, Halt> {
        let Some(taint) = self.procs[site.rank].proc.mem.taint.as_ref() else {
            return Ok(None);
        };
        let len = self.packed_size(site, count, datatype)?;
        let ranges = self
            .derived_ranges(site, count, datatype)?
            .unwrap_or_else(|| vec![(0, len)]);
        let mut out = Vec::new();
        let mut at = 0u64;
        for (off, n) in ranges {
            for (o, l, sh) in taint.shadows_in(buf.wrapping_add(off as u64), n) {
                out.push((at + o, l, sh));
            }
            at += n;
        }
        Ok((!out.is_empty()).then(|| Arc::from(out)))
    }

    /// Gives `len` delivered bytes at `buf` of process `rank` (received as
    /// `datatype`) the shadows of their payload.
    pub(crate) fn deliver_shadows(
        &mut self,
        rank: usize,
        buf: u64,
        datatype: i32,
        len: u64,
        shadows: &PayloadShadows,
    ) {
        // A derived receive type scatters the bytes: the whole rest of the
        // buffer's allocation is then input-dependent.
        let derived = self.is_derived(rank, datatype);
        let mem = &mut self.procs[rank].proc.mem;
        let end = mem
            .block_of(buf)
            .map(|(size, off, _)| buf + size.saturating_sub(off as u64));
        let Some(t) = mem.taint.as_mut() else { return };
        if derived {
            let rest = end.unwrap_or(buf + len).saturating_sub(buf);
            t.set(buf, rest.max(len).max(1), Shadow::Opaque(0));
            return;
        }
        for (off, n, sh) in shadows.iter() {
            if off + n <= len {
                t.set(buf + off, *n, sh.clone());
            } else if *off < len {
                t.set(buf + off, len - off, Shadow::Opaque(0));
            }
        }
    }
}
