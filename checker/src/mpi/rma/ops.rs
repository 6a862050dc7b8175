//! The communication calls (MPI 3.1 §11.3): `MPI_Put`, `MPI_Get`,
//! `MPI_Accumulate`, `MPI_Get_accumulate`, `MPI_Fetch_and_op`,
//! `MPI_Compare_and_swap`. Each is checked (epoch, range, datatypes, op),
//! checked for races against the earlier accesses to its target bytes, and
//! recorded until a synchronization call completes it.

use super::super::decode::{datatype_name, Effect, Site};
use super::race::{Remote, Touch};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::rma::{OpKind, RmaOp};
use runtime_model::mpi_api::MpiFunc as F;
use std::sync::Arc;

/// Where an origin-side buffer is: (address, count, datatype).
type Buf = (u64, i32, i32);

/// One piece of an operation: target bytes, origin data, where its result
/// goes (byte ranges at the origin, in type-map order).
type Part = (Vec<(u64, u64)>, Option<Arc<[u8]>>, Option<Vec<(u64, u64)>>);

impl Machine {
    pub(super) fn rma_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        // A request-based call does what its plain form does (§11.3.5).
        let func = match site.func {
            F::Rput => F::Put,
            F::Rget => F::Get,
            F::Raccumulate => F::Accumulate,
            F::RgetAccumulate => F::GetAccumulate,
            f => f,
        };
        let request = func != site.func;
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        let single = matches!(func, F::FetchAndOp | F::CompareAndSwap);
        let origin: Buf = if single {
            (a.ptr("origin_addr")?, 1, a.int("datatype")?)
        } else {
            (
                a.ptr("origin_addr")?,
                a.int("origin_count")?,
                a.int("origin_datatype")?,
            )
        };
        let (tcount, tdt) = if single {
            (1, a.int("datatype")?)
        } else {
            (a.int("target_count")?, a.int("target_datatype")?)
        };
        let result: Option<Buf> = match func {
            F::GetAccumulate => Some((
                a.ptr("result_addr")?,
                a.int("result_count")?,
                a.int("result_datatype")?,
            )),
            F::FetchAndOp | F::CompareAndSwap => Some((a.ptr("result_addr")?, 1, tdt)),
            _ => None,
        };
        let target_rank = a.int("target_rank")?;
        let name = site.func.name();
        let target = if target_rank == h::MPI_PROC_NULL {
            None
        } else {
            Some(self.win_target(site, w, target_rank)?)
        };
        let e = &self.world.rma.windows[w].epochs[m];
        // Rule 1: an access epoch covers the target (MPI 3.1 §11.5). A call
        // to a target a lock or MPI_Win_start epoch covers belongs to that
        // epoch; any other belongs to the access epoch of the last fence
        // (which it starts, §11.5.1), if that fence did not assert
        // MPI_MODE_NOSUCCEED.
        let in_epoch =
            e.fence.is_some() || target.map_or(e.passive() || e.start.is_some(), |t| e.covers(t));
        let fence_op =
            e.fence.is_some() && target.map_or(!e.passive() && e.start.is_none(), |t| !e.covers(t));
        if !in_epoch {
            let to = target.map_or(String::new(), |t| format!(" to rank {t}"));
            let why = if self.world.rma.windows[w].epochs[m].fence.is_none()
                && self.world.rma.windows[w].epochs[m].fence_ops.is_none()
            {
                format!(
                    "no MPI_Win_fence opened one (or the last asserted MPI_MODE_NOSUCCEED), no MPI_Win_lock{} and no MPI_Win_lock_all is open{}",
                    target.map_or(String::new(), |t| format!(" on rank {t}")),
                    if self.world.rma.windows[w].epochs[m].start.is_some() {
                        ", and the group of MPI_Win_start does not name it"
                    } else {
                        ""
                    }
                )
            } else {
                "no epoch is open".to_string()
            };
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} outside an access epoch{to}: {why} (MPI 3.1 §11.5)",
                    site.rank,
                    w + 1
                ),
                None,
            ));
        }
        // A call that starts the fence's access epoch while a lock or
        // MPI_Win_start epoch is open: access epochs on one window do not
        // overlap (§11.5).
        let other = e
            .locks
            .first()
            .map(|l| (l.2, F::WinLock))
            .or(e.lock_all.map(|l| (l, F::WinLockAll)))
            .or(e.start.as_ref().map(|(_, l)| (*l, F::WinStart)));
        if let (true, Some((loc, func))) = (fence_op, other) {
            let to = target.map_or(String::new(), |t| format!(" to rank {t}"));
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name}{to} on window {} while its {} epoch (at the other line) is open: that epoch does not cover the target, so the call would start the access epoch of the last MPI_Win_fence, and access epochs on one window must not overlap (MPI 3.1 §11.5, §11.5.1)",
                    site.rank,
                    w + 1,
                    func.name()
                ),
                Some((loc, Some(func))),
            ));
        }
        // Request-based calls belong to passive-target epochs (§11.3.5).
        if request && !target.map_or(e.passive(), |t| e.locked(t)) {
            let opener = e
                .fence
                .map(|(l, _)| (l, F::WinFence))
                .or(e.start.as_ref().map(|(_, l)| (*l, F::WinStart)));
            let error = self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} in {}: request-based RMA calls are valid only in a passive-target epoch (MPI_Win_lock or MPI_Win_lock_all; MPI 3.1 §11.3.5)",
                    site.rank,
                    w + 1,
                    opener.map_or("no passive-target epoch".to_string(), |(_, f)| format!(
                        "an epoch opened by {}",
                        f.name()
                    ))
                ),
                opener.map(|(l, f)| (l, Some(f))),
            );
            // Inside another access epoch to its target the plain form is
            // valid: an implementation that does not check runs the call
            // like it, so the execution goes on (the error noted) and what
            // follows is checked too (`--all-errors`: a load of the result
            // buffer before the request completes).
            match (opener, error) {
                (Some(_), Halt::Error(f)) => {
                    self.trace_event(site.rank, site.loc, f.message.clone());
                    let trace_len = self.trace_len;
                    self.findings.push(Observed {
                        finding: f,
                        trace_len,
                    });
                }
                (_, error) => return Err(error),
            }
        }
        // The op of the accumulate family (§11.3.4).
        let kind = match func {
            F::Put => OpKind::Put,
            F::Get => OpKind::Get,
            _ => {
                let op = if func == F::CompareAndSwap {
                    h::MPI_REPLACE
                } else {
                    a.int("op")?
                };
                if self.world.objects.user_op(site.rank, op).is_some() {
                    return Err(site.invalid(format!(
                        "{name} takes a predefined operation or MPI_REPLACE, not a user-defined one (MPI 3.1 §11.3.4)"
                    )));
                }
                let Some(op_name) = h::predefined_op_name(op) else {
                    return Err(site.invalid(format!("invalid operation 0x{op:x}")));
                };
                if op == h::MPI_NO_OP && !matches!(func, F::GetAccumulate | F::FetchAndOp) {
                    return Err(site.invalid(format!(
                        "MPI_NO_OP is an operation of MPI_Get_accumulate and MPI_Fetch_and_op only, not of {name} (MPI 3.1 §11.3.4)"
                    )));
                }
                // A derived target datatype is built from one predefined
                // type, the one the operation combines (§11.3.4); a pair
                // type of MINLOC/MAXLOC counts as one. An empty one (no
                // element: nothing to combine) is valid, as a zero count is
                // (§11.3: a transfer of no data).
                let map = self.type_map(site, tdt, true)?;
                let basic = if map.runs().is_empty() {
                    tdt
                } else {
                    let Some(basic) = map.predefined_base() else {
                        return Err(site.invalid(format!(
                            "the target datatype of {name} mixes predefined types; it must be built from a single one (MPI 3.1 §11.3.4)"
                        )));
                    };
                    basic
                };
                if !map.runs().is_empty() && !h::op_accepts_datatype(op, basic) {
                    return Err(site.invalid(format!(
                        "operation {op_name} is not defined for datatype {} (MPI 3.1 §11.3.4)",
                        datatype_name(basic)
                    )));
                }
                OpKind::Atomic {
                    op,
                    basic,
                    updates: op != h::MPI_NO_OP,
                }
            }
        };
        let Some(t) = target else {
            // MPI_PROC_NULL: no operation, but still inside an epoch (§11.3).
            let ev = self.log_call(site, None, None);
            self.trace_event(
                site.rank,
                site.loc,
                format!("{name}(target=MPI_PROC_NULL, window {})", w + 1),
            );
            if request {
                let status = crate::mpi::completion::empty_status();
                self.hand_out_request(site, &a, ReqOp::Null { status }, ev)?;
            }
            return Ok(Effect::Return(0));
        };
        // The target bytes: inside the target's region (MPI_ERR_RMA_RANGE).
        let disp = a.raw("target_disp")? as i64;
        // A dynamic window's displacement is an address at the target
        // (MPI_BOTTOM-relative, §11.2.4), in memory attached there.
        let dynamic = self.world.rma.windows[w].flavor == runtime_model::mpi::rma::Flavor::Dynamic;
        let region = if dynamic {
            None
        } else {
            let Some(region) = self.world.rma.windows[w].regions[t] else {
                return Err(site.invalid(format!("rank {t} has no region in window {}", w + 1)));
            };
            Some(region)
        };
        if disp < 0 {
            return Err(site.invalid(format!(
                "the target displacement is negative ({disp}) (MPI_ERR_RMA_RANGE)"
            )));
        }
        let start = region.map_or(disp as u64, |r| {
            r.base.wrapping_add((disp as u64).wrapping_mul(r.disp_unit))
        });
        let ranges: Vec<(u64, u64)> = self
            .buffer_ranges(site, start, tcount, tdt)?
            .into_iter()
            .filter(|&(_, len)| len > 0)
            .collect();
        match region {
            None => self.check_attached(site, w, t, start, &ranges)?,
            Some(region) => {
                let end = region.base.wrapping_add(region.size);
                for &(addr, len) in &ranges {
                    let p = runtime_model::model::Pointer::decode(addr);
                    let b = runtime_model::model::Pointer::decode(region.base);
                    let outside = addr < region.base || addr.wrapping_add(len) > end;
                    if p.alloc != b.alloc || outside {
                        return Err(site.invalid(format!(
                            "{name} reaches bytes {}..{} of rank {t}'s window region, which has {} bytes (displacement {disp} × unit {}; MPI_ERR_RMA_RANGE, MPI 3.1 §11.3)",
                            addr.wrapping_sub(region.base) as i64,
                            addr.wrapping_add(len).wrapping_sub(region.base) as i64,
                            region.size,
                            region.disp_unit
                        )));
                    }
                }
            }
        }
        // A promise of the target's exposure (§11.5.5).
        let updates = matches!(kind, OpKind::Put | OpKind::Atomic { updates: true, .. });
        if updates {
            self.check_noput(site, w, m, t)?;
        }
        // Type signatures match as in point-to-point (§11.3).
        let reads_origin = !matches!(kind, OpKind::Get | OpKind::Atomic { updates: false, .. });
        let origin_signature_matters = func != F::GetAccumulate || reads_origin;
        if origin_signature_matters {
            self.check_rma_types(site, (origin.1, origin.2), (tcount, tdt), "origin")?;
        }
        if let Some(r) = result {
            self.check_rma_types(site, (r.1, r.2), (tcount, tdt), "result")?;
        }
        // Buffers owned by other pending operations (§3.7.2, §11.3).
        if reads_origin || func == F::Get {
            self.check_typed_free(site, origin.0, origin.1, origin.2, func == F::Get)?;
        }
        if let Some(r) = result {
            self.check_typed_free(site, r.0, r.1, r.2, true)?;
        }
        let data = if reads_origin {
            Some(self.pack(site, origin.0, origin.1, origin.2, "origin buffer")?)
        } else {
            None
        };
        let compare = if func == F::CompareAndSwap {
            Some(self.pack(site, a.ptr("compare_addr")?, 1, tdt, "compare buffer")?)
        } else {
            None
        };
        if matches!(func, F::Get) {
            self.check_unpack(site, origin.0, origin.1, origin.2, "origin buffer")?;
        }
        if let Some(r) = result {
            self.check_unpack(site, r.0, r.1, r.2, "result buffer")?;
        }
        let result_layout = match result {
            Some(r) => Some(self.buffer_ranges(site, r.0, r.1, r.2)?),
            None => None,
        };
        // An accumulate is atomic per basic element, not per call (MPI 3.1
        // §11.7.1): each element takes effect on its own, so two concurrent
        // multi-element accumulates may interleave element by element. That
        // needs every operation but one of those competing for a byte in
        // elements: an operation issued while no other atomic operation on
        // its bytes is pending stays whole (one transition, whatever its
        // size), and every later competitor is split. With at most one
        // whole operation per byte, every per-element order stays reachable:
        // the whole one is a single point each element's pieces go before or
        // after.
        let mut parts: Vec<Part> = vec![(ranges.clone(), data.clone(), result_layout.clone())];
        let contended = self.atomics_pending_on(self.member_rank(w, t), &ranges);
        if let (OpKind::Atomic { basic, .. }, true) = (kind, contended) {
            let size = self.type_size(site, basic)?.max(1);
            // The elements' addresses at the target and, in the same (type
            // map) order, in the result buffer.
            let elements = |ranges: &[(u64, u64)]| -> Vec<u64> {
                ranges
                    .iter()
                    .flat_map(|&(at, len)| (0..len / size).map(move |i| at.wrapping_add(i * size)))
                    .collect()
            };
            let at_target = elements(&ranges);
            if at_target.len() > 1 {
                let at_result = match result {
                    Some(r) => Some(elements(&self.buffer_ranges(site, r.0, r.1, r.2)?)),
                    None => None,
                };
                parts = at_target
                    .iter()
                    .enumerate()
                    .map(|(i, &addr)| {
                        let i = i as u64;
                        let piece = data.as_ref().map(|d| {
                            let from = ((i * size) as usize).min(d.len());
                            let to = (from + size as usize).min(d.len());
                            Arc::from(&d[from..to])
                        });
                        let res = at_result
                            .as_ref()
                            .and_then(|v| v.get(i as usize).copied())
                            .map(|at| vec![(at, size)]);
                        (vec![(addr, size)], piece, res)
                    })
                    .collect();
            }
        }
        let elem = match kind {
            OpKind::Atomic { basic, .. } => self.type_size(site, basic)?,
            _ => 0,
        };
        let ev = self.log_call(site, None, None);
        let id = self.world.rma.next_op;
        self.world.rma.next_op += parts.len() as u64;
        let target_proc = self.member_rank(w, t);
        // An operation of a fence epoch reaches its target only once the
        // target entered the fence that opened the epoch (§11.5.1).
        let fence = self.world.rma.windows[w].epochs[m]
            .fence
            .filter(|_| fence_op)
            .map(|(_, k)| k);
        let sync = self.world.rma.windows[w].sync;
        let entered = fence.map(|k| {
            let c = self.world.comms[sync].rank_of(target_proc)?;
            let arrival = self.world.comms[sync].instances.get(k)?.arrivals.get(c)?;
            arrival.as_ref().map(|a| a.event)
        });
        let awaits = fence.filter(|_| entered.flatten().is_none());
        // What the target did before that fence is ordered before the
        // operation, whether or not the fence synchronized.
        let target_fence = entered
            .flatten()
            .and_then(|(q, j)| self.rma.as_ref().and_then(|t| t.clocks.snapshot_of(q, j)));
        let into = match (awaits, kind) {
            (Some(_), OpKind::Get) => self.buffer_ranges(site, origin.0, origin.1, origin.2)?,
            _ => Vec::new(),
        };
        for (i, part) in parts.iter().enumerate() {
            let Some(track) = &mut self.rma else {
                break;
            };
            let mut start_clock = track
                .clocks
                .snapshot_of(site.rank, ev.1)
                .unwrap_or_else(|| track.clocks.now(site.rank).clone());
            if let Some(c) = &target_fence {
                start_clock = super::clock::max(&start_clock, c);
            }
            let remote = Remote {
                op: id + i as u64,
                origin: site.rank,
                target: target_proc,
                ranges: part.0.clone(),
                touch: Touch::Rma(kind),
                start: start_clock,
                end: None,
                loc: site.loc,
                func: site.func,
                applied: None,
                region: region.map(|r| (r.base, r.size)),
                elem,
            };
            if let Some(k) = awaits {
                track.deferred.push(super::Deferred {
                    win: w,
                    target: t,
                    fence: k,
                    remote,
                    into: into.clone(),
                });
                continue;
            }
            let issued = track.races.issue(remote);
            if issued.is_ok() && kind == OpKind::Put {
                track.races.apply(id, true);
            }
            if let Err(race) = issued {
                let f = self.rma_race_finding(site.rank, site.loc, site.func, t, w, race);
                self.trace_event(site.rank, site.loc, f.message.clone());
                return Err(Halt::Error(f));
            }
        }
        let e = &mut self.world.rma.windows[w].epochs[m];
        if fence_op && e.fence_ops.is_none() {
            e.fence_ops = Some(site.loc);
        }
        // Put and Get take effect now (see the module comment of `rma`).
        let mut applied = false;
        match kind {
            _ if awaits.is_some() => {}
            OpKind::Put => {
                let bytes = data.clone().unwrap_or_else(|| Arc::from(Vec::new()));
                self.write_target(target_proc, &ranges, &bytes);
                applied = true;
            }
            OpKind::Get => {
                let bytes = self.read_target(target_proc, &ranges);
                self.unpack(site.rank, origin.0, origin.2, &bytes)
                    .map_err(|f| site.memory("origin buffer", f))?;
                applied = true;
            }
            OpKind::Atomic { .. } => {}
        }
        // An operation that reaches no byte (a zero count, an empty
        // datatype) has nothing to take effect on.
        if ranges.is_empty() {
            applied = true;
        }
        // The origin's buffers belong to MPI until the call completes there.
        let guard_buf = |mem: &mut crate::exec::memory::Memory,
                         ranges: Vec<(u64, u64)>,
                         reads_allowed: bool| {
            for (addr, len) in ranges {
                mem.guard(addr, len, reads_allowed, super::guard_id(id, reads_allowed));
            }
        };
        let origin_ranges = if reads_origin || func == F::Get {
            self.buffer_ranges(site, origin.0, origin.1, origin.2)?
        } else {
            Vec::new()
        };
        let result_ranges = result_layout.unwrap_or_default();
        let compare_ranges = if func == F::CompareAndSwap {
            self.buffer_ranges(site, a.ptr("compare_addr")?, 1, tdt)?
        } else {
            Vec::new()
        };
        let mem = &mut self.procs[site.rank].proc.mem;
        guard_buf(mem, origin_ranges, func != F::Get);
        guard_buf(mem, compare_ranges, true);
        guard_buf(mem, result_ranges, false);
        for (i, (ranges, data, result)) in parts.into_iter().enumerate() {
            self.world.rma.ops.push((
                id + i as u64,
                RmaOp {
                    win: w,
                    origin: site.rank,
                    target: t,
                    func: site.func,
                    loc: site.loc,
                    kind,
                    ranges,
                    data,
                    compare: compare.clone(),
                    result,
                    applied,
                    local_done: false,
                },
            ));
        }
        if request {
            let count = self.world.rma.next_op - id;
            self.hand_out_request(site, &a, ReqOp::Rma { first: id, count }, ev)?;
        }
        // What others can observe changed only if target memory did (an
        // atomic operation changes it when it takes effect).
        if kind == OpKind::Put {
            self.version += 1;
        }
        let what = match kind {
            OpKind::Atomic { op, .. } => {
                format!(", op={}", h::predefined_op_name(op).unwrap_or("?"))
            }
            _ => String::new(),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{name}(count={tcount}, type={}, target={t}, disp={disp}{what}, window {})",
                datatype_name(tdt).trim_start_matches("MPI_"),
                w + 1
            ),
        );
        Ok(Effect::Return(0))
    }

    /// Posts the request of a request-based call and writes its handle.
    fn hand_out_request(
        &mut self,
        site: &Site,
        a: &Args,
        op: ReqOp,
        ev: runtime_model::mpi::p2p::EventRef,
    ) -> Result<(), Halt> {
        let r = self.world.p2p.post(site.rank, op, ev);
        let handle = self.hand_out(r);
        self.write_i32(site, a.ptr("request")?, handle, "request")
    }

    /// The `rma-race` finding for operation `func` of `origin` (at `loc`)
    /// on member `t`'s window `w`, against the earlier access `race`.
    fn rma_race_finding(
        &self,
        origin: usize,
        loc: runtime_model::model::LocId,
        func: F,
        t: usize,
        w: runtime_model::mpi::rma::WinId,
        race: super::race::Race,
    ) -> Finding {
        let why = match race.direct {
            _ if race.rule.is_some() => race.rule.unwrap_or_default().to_string(),
            // Only the separate model's rules (MPI 3.1 §11.7, rules 2, 3
            // and 5): the store is in the owner's private copy until its
            // next publishing call.
            Some(access) if race.separate => format!(
                "under the separate memory model (--memory-model separate) rank {}'s {access} reaches the window's public copy only at its next MPI_Win_sync, MPI_Win_fence, MPI_Win_post or MPI_Win_unlock, and that call must be ordered before this one by synchronization ({})",
                race.rank,
                if matches!(func, F::Get | F::Rget) {
                    "MPI 3.1 §11.7, rules 2 and 5"
                } else {
                    "MPI 3.1 §11.7, rules 2, 3 and 5: a Put or accumulate conflicts with an unpublished store to any location of the window"
                }
            ),
            _ if race.pending => "that access is not complete at the target yet, and RMA calls are not ordered among themselves (MPI 3.1 §11.7)".to_string(),
            // Window memory is watched from its creation (or attachment)
            // on: what a member stored before creating the window is its
            // initial content, ordered before every access by the
            // collective creation; a later access is not.
            Some(access) => {
                let since = if self.world.rma.windows[w].flavor
                    == runtime_model::mpi::rma::Flavor::Dynamic
                {
                    "the memory was attached"
                } else {
                    "the window was created"
                };
                format!(
                    "the {access} came after {since} and nothing orders it before this call; separate them by synchronization, e.g. an MPI_Barrier, or an MPI_Win_fence on both sides, after the {access} and before the first remote access (MPI 3.1 §11.7)"
                )
            }
            None => "that call completed, but nothing orders its completion before this call: a completion (unlock, flush, fence) followed by a synchronization of the two processes is needed (MPI 3.1 §11.7)".to_string(),
        };
        Finding::new(
            ErrorKind::RmaRace,
            format!(
                "rank {origin}'s {} on rank {t}'s window {} conflicts with {} of {}: {why}",
                func.name(),
                w + 1,
                race.what,
                if race.elsewhere {
                    "another location of the same window"
                } else {
                    "the same bytes"
                }
            ),
        )
        .at(origin, loc, Some(func))
        .at(race.rank, race.loc, race.func)
    }

    /// Member `m` of window `w` entered fence `k` (its call is `ev`): the
    /// operations that waited for it reach its memory now, ordered after
    /// everything the target did before the fence.
    pub(super) fn reach_deferred(
        &mut self,
        w: runtime_model::mpi::rma::WinId,
        m: usize,
        k: usize,
        ev: runtime_model::mpi::p2p::EventRef,
    ) -> Result<(), Halt> {
        let Some(track) = &mut self.rma else {
            return Ok(());
        };
        let (now, later): (Vec<_>, Vec<_>) = std::mem::take(&mut track.deferred)
            .into_iter()
            .partition(|d| d.win == w && d.target == m && d.fence == k);
        track.deferred = later;
        if now.is_empty() {
            return Ok(());
        }
        let fence_clock = track.clocks.snapshot_of(ev.0, ev.1);
        for d in now {
            let mut remote = d.remote;
            if let Some(c) = &fence_clock {
                remote.start = super::clock::max(&remote.start, c);
            }
            let (op, origin, target) = (remote.op, remote.origin, remote.target);
            let Some(i) = self.world.rma.op_index(op) else {
                continue;
            };
            let o = self.world.rma.ops[i].1.clone();
            let writes = matches!(o.kind, OpKind::Put | OpKind::Atomic { updates: true, .. });
            if writes {
                // The target's fence is known now (`check_noput`).
                let site = Site {
                    rank: origin,
                    loc: o.loc,
                    func: o.func,
                };
                self.check_noput(&site, w, self.member(w, origin).unwrap_or(0), m)?;
            }
            let Some(track) = &mut self.rma else {
                return Ok(());
            };
            if let Err(race) = track.races.issue(remote) {
                let f = self.rma_race_finding(origin, o.loc, o.func, m, w, race);
                self.trace_event(target, o.loc, f.message.clone());
                return Err(Halt::Error(f));
            }
            let took = match o.kind {
                OpKind::Put => {
                    track.races.apply(op, true);
                    let bytes = o.data.clone().unwrap_or_else(|| Arc::from(Vec::new()));
                    self.write_target(target, &o.ranges, &bytes);
                    true
                }
                OpKind::Get => {
                    let bytes = self.read_target(target, &o.ranges);
                    self.write_target(origin, &d.into, &bytes);
                    true
                }
                // An atomic operation now waits for its turn (`grant`).
                OpKind::Atomic { .. } => false,
            };
            if took {
                self.world.rma.ops[i].1.applied = true;
                self.trace_event(
                    origin,
                    o.loc,
                    format!(
                        "{} of rank {origin} reaches rank {target} as it enters MPI_Win_fence",
                        o.func.name()
                    ),
                );
            }
        }
        self.version += 1;
        Ok(())
    }

    /// Origin (or result) and target sides carry the same type signature.
    fn check_rma_types(
        &self,
        site: &Site,
        (count, dt): (i32, i32),
        (tcount, tdt): (i32, i32),
        side: &str,
    ) -> Result<(), Halt> {
        let o = self.typed(site, count, dt)?.map(|t| t.signature.clone());
        let t = self.typed(site, tcount, tdt)?.map(|t| t.signature.clone());
        if o != t {
            return Err(site.finding(
                ErrorKind::TypeMismatch,
                format!(
                    "the {side} side ({count} × {}) and the target side ({tcount} × {}) of {} have different type signatures (MPI 3.1 §11.3)",
                    datatype_name(dt),
                    datatype_name(tdt),
                    site.func.name()
                ),
            ));
        }
        Ok(())
    }

    /// Writes `bytes` over `ranges` of process `t`'s memory, as MPI (no
    /// guard or watch sees it).
    pub(super) fn write_target(&mut self, t: usize, ranges: &[(u64, u64)], bytes: &[u8]) {
        self.procs[t].rma_written += 1;
        let mem = &mut self.procs[t].proc.mem;
        let mut at = 0usize;
        for &(addr, len) in ranges {
            let end = (at + len as usize).min(bytes.len());
            let piece = &bytes[at.min(end)..end];
            at += len as usize;
            let _ = mem.unchecked(|m| m.write_bytes(addr, piece));
        }
        let mut allocs: Vec<u32> = ranges
            .iter()
            .map(|&(a, _)| runtime_model::model::Pointer::decode(a).alloc)
            .collect();
        allocs.dedup();
        for alloc in allocs {
            self.mirror_shared(t, alloc);
        }
    }

    /// Reads `ranges` of process `t`'s memory, as MPI.
    pub(super) fn read_target(&mut self, t: usize, ranges: &[(u64, u64)]) -> Vec<u8> {
        let mem = &mut self.procs[t].proc.mem;
        let mut out = Vec::new();
        for &(addr, len) in ranges {
            let bytes = mem
                .unchecked(|m| m.read_bytes(addr, len).map(|b| b.to_vec()))
                .unwrap_or_default();
            out.extend_from_slice(&bytes);
        }
        out
    }
}
