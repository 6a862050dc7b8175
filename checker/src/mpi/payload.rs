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
//! An integer reduction with a predefined operation delivers, per element,
//! the members' values combined as a term (`reduced_shadows`). Other MPI
//! operations that move data (gathers, scatters, floating-point reductions,
//! one-sided access) still make what they deliver opaque once
//! input-dependent data was sent (`Taint::written_by_mpi`).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::decode::Site;
use super::machine::Machine;
use crate::diag::Halt;
use crate::exec::shadow::value::Shadow;
use crate::input::term::Term;
use runtime_model::model::{BinOp, IntPredicate};
use runtime_model::mpi::p2p::{EventRef, Request};

/// Shadows of a payload: (offset in the payload, length, shadow).
pub type PayloadShadows = Arc<[(u64, u64, Shadow)]>;

/// The shadows of the payloads of one execution. Part of the state (a
/// receive's outcome depends on them), with keys that do not depend on the
/// interleaving.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SentShadows {
    /// By send request, as (owner, position among the owner's requests).
    pub sends: BTreeMap<(usize, usize), PayloadShadows>,
    /// By the call that gave a broadcast root's or a reduction member's data.
    pub contributed: BTreeMap<EventRef, PayloadShadows>,
}

impl Machine {
    /// The shadows of the message a matched receive `recv` delivers.
    pub(crate) fn message_shadows(&self, recv: &Request) -> Option<PayloadShadows> {
        let send = &self.world.p2p.requests[recv.partner?];
        self.sent_shadows
            .sends
            .get(&(send.owner, send.local))
            .cloned()
    }

    /// The shadows of what member `member` of instance `k` of `comm`
    /// receives: a broadcast's root's, a reduction's members' combined.
    pub(crate) fn collective_shadows(
        &self,
        comm: usize,
        k: usize,
        member: usize,
    ) -> Option<PayloadShadows> {
        use runtime_model::mpi_api::MpiFunc as F;
        let inst = self.world.comms.get(comm)?.instances.get(k)?;
        match inst.arrivals.get(member)?.as_ref()?.func.blocking_form() {
            F::Reduce | F::Allreduce => self.reduced_shadows(comm, k),
            F::Bcast => inst
                .arrivals
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != member)
                .filter_map(|(_, c)| c.as_ref())
                .find_map(|c| self.sent_shadows.contributed.get(&c.event).cloned()),
            _ => None,
        }
    }

    /// The shadows of a reduction's result (instance `k` of `comm`): per
    /// element, the members' values combined in rank order with the
    /// operation, as a term (the integer operations are associative and
    /// commutative, so the order MPI picks does not matter). `None` when no
    /// member's data depended on input; the whole result opaque for what
    /// terms do not describe (floating point, pair types, user operations,
    /// intercommunicators).
    fn reduced_shadows(&self, comm: usize, k: usize) -> Option<PayloadShadows> {
        use runtime_model::handles::{self as h, BasicKind};
        let inst = &self.world.comms.get(comm)?.instances.get(k)?;
        let members: Vec<_> = inst.arrivals.iter().flatten().collect();
        let shadows: Vec<Option<&PayloadShadows>> = members
            .iter()
            .map(|c| self.sent_shadows.contributed.get(&c.event))
            .collect();
        if shadows.iter().all(Option::is_none) {
            return None;
        }
        let Some(first) = members.first() else {
            return Some(Arc::from(Vec::new()));
        };
        let len = first.send.as_ref().map_or(0, |s| s.len() as u64);
        let opaque = || Some(Arc::from(vec![(0, len.max(1), Shadow::Opaque(0))]));
        let (Some(BasicKind::Int { bytes, signed }), Some(op)) =
            (h::datatype_basic_kind(first.datatype), first.op)
        else {
            return opaque();
        };
        if members
            .iter()
            .any(|c| c.remote.is_some() || c.datatype != first.datatype)
        {
            return opaque();
        }
        let w = u64::from(bytes);
        let bits = u32::from(bytes) * 8;
        let mut out = Vec::new();
        for at in (0..len).step_by(w.max(1) as usize) {
            let mut acc: Option<Arc<Term>> = None;
            let mut varies = false;
            for (c, sh) in members.iter().zip(&shadows) {
                // Whatever cannot be followed makes the result opaque, never
                // concrete.
                let Some(raw) = c
                    .send
                    .as_ref()
                    .and_then(|b| b.get(at as usize..(at + w) as usize))
                else {
                    return opaque();
                };
                let mut v = 0u128;
                for (i, b) in raw.iter().enumerate() {
                    v |= u128::from(*b) << (8 * i);
                }
                let here = sh.and_then(|s| s.iter().find(|(o, n, _)| *o <= at && at < o + n));
                let t = match here {
                    None | Some((_, _, Shadow::Cells(_))) => Term::constant(v, bits),
                    Some((o, n, sh)) if *o == at && *n == w => {
                        varies = true;
                        match sh {
                            Shadow::Mono(m) => match m.term(bits) {
                                Some(t) => t,
                                None => return opaque(),
                            },
                            Shadow::Term(t) if t.bits == bits => t.clone(),
                            _ => return opaque(),
                        }
                    }
                    Some(_) => return opaque(),
                };
                acc = Some(match acc {
                    None => t,
                    Some(a) => {
                        let (gt, lt) = if signed {
                            (IntPredicate::Sgt, IntPredicate::Slt)
                        } else {
                            (IntPredicate::Ugt, IntPredicate::Ult)
                        };
                        let r = match op {
                            h::MPI_SUM => Term::bin(BinOp::Add, a, t),
                            h::MPI_PROD => Term::bin(BinOp::Mul, a, t),
                            h::MPI_BAND => Term::bin(BinOp::And, a, t),
                            h::MPI_BOR => Term::bin(BinOp::Or, a, t),
                            h::MPI_BXOR => Term::bin(BinOp::Xor, a, t),
                            h::MPI_MAX => Term::cmp(gt, a.clone(), t.clone())
                                .and_then(|c| Term::select(c, a, t)),
                            h::MPI_MIN => Term::cmp(lt, a.clone(), t.clone())
                                .and_then(|c| Term::select(c, a, t)),
                            _ => None,
                        };
                        match r {
                            Some(r) => r,
                            None => return opaque(),
                        }
                    }
                });
            }
            if let (true, Some(t)) = (varies, acc) {
                if t.as_const().is_none() {
                    out.push((at, w, Shadow::Term(t)));
                }
            }
        }
        Some(Arc::from(out))
    }

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
        let derived = self.is_scattered(rank, datatype);
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
