//! Windows (MPI 3.1 §11.2): creation, attributes, freeing, and what must
//! be true of them at `MPI_Finalize`.

use super::super::decode::{comm_name, Effect, Site};
use super::clock::Clocks;
use super::Track;
use crate::diag::ErrorKind;
use crate::exec::memory::AllocKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::rma::{Epochs, Flavor, Region, WinId, Window, WIN_HANDLE_BASE};
use runtime_model::mpi::{Comm, CommId};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// MPI_Win_create and MPI_Win_allocate (§11.2.1, §11.2.2).
    pub(super) fn win_create(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let comm = self.comm(site, a.int("comm")?)?;
        if self.world.comms[comm].is_inter() {
            return Err(
                site.invalid("a window is created over an intracommunicator (MPI 3.1 §11.2.1)")
            );
        }
        let dynamic = site.func == F::WinCreateDynamic;
        let shared = site.func == F::WinAllocateShared;
        let size = if dynamic { 0 } else { a.raw("size")? as i64 };
        let disp_unit = if dynamic { 1 } else { a.int("disp_unit")? };
        if size < 0 {
            return Err(site.invalid(format!("the window size is negative ({size})")));
        }
        if disp_unit <= 0 {
            return Err(site.invalid(format!(
                "the displacement unit must be positive (got {disp_unit})"
            )));
        }
        let (base, flavor) = if dynamic {
            (0, Flavor::Dynamic)
        } else if shared {
            // Allocated once every member arrived (`allocate_shared`).
            (0, Flavor::Shared)
        } else if site.func == F::WinAllocate {
            let base = self.procs[site.rank]
                .proc
                .mem
                .allocate(size as u64, AllocKind::Heap)
                .map_err(|f| site.memory("window memory", f))?;
            let out = a.ptr("baseptr")?;
            self.procs[site.rank]
                .proc
                .mem
                .store(out, 8, base)
                .map_err(|f| site.memory("baseptr", f))?;
            (base, Flavor::Allocate)
        } else {
            let base = a.ptr("base")?;
            if base == 0 && size > 0 {
                return Err(site.invalid(format!(
                    "the window base is NULL but its size is {size} bytes (MPI 3.1 §11.2.1)"
                )));
            }
            if size > 0 {
                self.procs[site.rank]
                    .proc
                    .mem
                    .check_range(base, size as u64, false)
                    .map_err(|f| {
                        site.invalid(format!(
                            "the window's {size} bytes at its base are not memory of the program: {f}"
                        ))
                    })?;
            }
            (base, Flavor::Create)
        };
        if self.rma.is_none() {
            let calls: Vec<usize> = self.procs.iter().map(|p| p.calls).collect();
            self.rma = Some(Box::new(Track {
                clocks: Clocks::new(&calls),
                races: super::race::Races {
                    separate: self.separate_memory,
                    ..Default::default()
                },
                released: Vec::new(),
                acquired: Vec::new(),
                deferred: Vec::new(),
                request_excluded: Vec::new(),
                stored: Vec::new(),
                locks: Vec::new(),
                exposures: Vec::new(),
            }));
        }
        let info = a.int("info")?;
        let hints = if info == h::MPI_INFO_NULL {
            Vec::new()
        } else {
            self.info_entries(site, info)?
        };
        let ev = self.log_call(site, None, None);
        let sizes = if shared {
            vec![size, disp_unit as i64, a.ptr("baseptr")? as i64]
        } else {
            Vec::new()
        };
        let (k, block) = self.join_control_collective(site, comm, ev, sizes, true)?;
        let w = self.window_made_by(comm, k);
        let m = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let win = &mut self.world.rma.windows[w];
        win.hints[m] = hints;
        if !shared {
            win.regions[m] = Some(Region {
                base,
                size: size as u64,
                disp_unit: disp_unit as u64,
            });
        }
        win.live[m] = Some(site.loc);
        let handle = win.handle;
        if size > 0 && !shared {
            self.procs[site.rank].proc.mem.watch(base, size as u64);
        }
        self.write_i32(site, a.ptr("win")?, handle, "win")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}(size={size}, disp_unit={disp_unit}, comm={}) -> window {}",
                site.func.name(),
                comm_name(self.world.comms[comm].handle),
                w + 1
            ),
        );
        self.world.rma.windows[w].flavor = flavor;
        if shared && self.world.comms[comm].instances[k].all_arrived() {
            self.allocate_shared(site, w, comm, k)?;
        }
        Ok(Effect::Block(block))
    }

    /// The memory of shared window `w` once every member arrived at its
    /// creation (instance `k` of `comm`): one block holding the members'
    /// segments in rank order (MPI 3.1 §11.2.3, contiguous by default), at
    /// the same address in every member, each member's `baseptr` set to its
    /// segment. Every member watches the whole block: it may load and store
    /// any segment. With the info hint `alloc_shared_noncontig` = true
    /// (given by any member) each segment is a block of its own, so a
    /// pointer walked past one segment is out of bounds (§11.2.3: the
    /// implementation may then place the segments anywhere).
    fn allocate_shared(
        &mut self,
        site: &Site,
        w: WinId,
        comm: CommId,
        k: usize,
    ) -> Result<(), Halt> {
        let members = self.world.comms[comm].members.clone();
        let asked: Vec<(i64, i64, u64)> = (0..members.len())
            .map(|m| {
                let args = self.world.comms[comm].instances[k].arrivals[m]
                    .as_ref()
                    .map(|c| c.args.clone())
                    .unwrap_or_default();
                let at = |i: usize, d: i64| args.get(i).copied().unwrap_or(d);
                (at(0, 0), at(1, 1), at(2, 0) as u64)
            })
            .collect();
        let noncontig = self.world.rma.windows[w].hints.iter().any(|hs| {
            hs.iter()
                .any(|(k, v)| k == "alloc_shared_noncontig" && v.trim() == "true")
        });
        // The blocks to allocate (bytes), and each segment's (block, offset).
        let sizes: Vec<u64> = asked.iter().map(|x| x.0.max(0) as u64).collect();
        let (blocks, places): (Vec<u64>, Vec<(usize, u64)>) = if noncontig {
            let places = (0..sizes.len()).map(|m| (m, 0)).collect();
            (sizes.iter().map(|&s| s.max(1)).collect(), places)
        } else {
            let mut offset = 0u64;
            let places = sizes
                .iter()
                .map(|&s| {
                    offset += s;
                    (0, offset - s)
                })
                .collect();
            (vec![sizes.iter().sum::<u64>().max(1)], places)
        };
        let mut bases = Vec::new();
        for &bytes in &blocks {
            let id = members
                .iter()
                .map(|&r| self.procs[r].proc.mem.next_alloc_id())
                .max()
                .unwrap_or(1);
            let mut base = 0;
            for &r in &members {
                let mem = &mut self.procs[r].proc.mem;
                mem.pad_to(id);
                base = mem
                    .allocate(bytes, AllocKind::Heap)
                    .map_err(|f| site.memory("shared window memory", f))?;
                mem.watch(base, bytes);
            }
            bases.push(base);
        }
        for (m, (&r, &(_, unit, out))) in members.iter().zip(&asked).enumerate() {
            let (block, offset) = places[m];
            let segment = bases[block].wrapping_add(offset);
            let mem = &mut self.procs[r].proc.mem;
            mem.store(out, 8, segment)
                .map_err(|f| site.memory("baseptr", f))?;
            self.world.rma.windows[w].regions[m] = Some(Region {
                base: segment,
                size: sizes[m],
                disp_unit: unit.max(1) as u64,
            });
        }
        for base in bases {
            let alloc = runtime_model::model::Pointer::decode(base).alloc;
            self.world.rma.windows[w].shared.push(alloc);
            if let Some(t) = &mut self.rma {
                t.races.shared.push(alloc);
            }
        }
        Ok(())
    }

    /// MPI_Win_shared_query (§11.2.3): the size, displacement unit and
    /// address of a member's segment (`MPI_PROC_NULL`: the first non-empty
    /// one), for direct loads and stores.
    pub(super) fn win_shared_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        if self.world.rma.windows[w].flavor != Flavor::Shared {
            return Err(site.invalid(
                "MPI_Win_shared_query needs a window made by MPI_Win_allocate_shared (MPI_ERR_RMA_FLAVOR, MPI 3.1 §11.2.3)",
            ));
        }
        let r = a.int("rank")?;
        let region = if r == h::MPI_PROC_NULL {
            self.world.rma.windows[w]
                .regions
                .iter()
                .flatten()
                .find(|g| g.size > 0)
                .copied()
        } else {
            let t = self.win_target(site, w, r)?;
            self.world.rma.windows[w].regions[t]
        }
        .unwrap_or(Region {
            base: 0,
            size: 0,
            disp_unit: 1,
        });
        let mem = &mut self.procs[site.rank].proc.mem;
        mem.store(a.ptr("size")?, 8, region.size)
            .map_err(|f| site.memory("size", f))?;
        mem.store(a.ptr("baseptr")?, 8, region.base)
            .map_err(|f| site.memory("baseptr", f))?;
        self.write_i32(
            site,
            a.ptr("disp_unit")?,
            region.disp_unit as i32,
            "disp_unit",
        )?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Win_shared_query(rank={r}, window {}) -> {} bytes",
                w + 1,
                region.size
            ),
        );
        Ok(Effect::Return(0))
    }

    /// The window the creation collective `k` of `comm` makes: the first
    /// member to arrive makes it.
    fn window_made_by(&mut self, comm: CommId, k: usize) -> WinId {
        if let Some(&(_, w)) = self.world.rma.made_by.iter().find(|(x, _)| *x == (comm, k)) {
            return w;
        }
        let members = self.world.comms[comm].members.clone();
        let n = members.len();
        let w = self.world.rma.windows.len();
        let handle = WIN_HANDLE_BASE.wrapping_add(w as i32);
        let sync = self.world.comms.len();
        self.world.comms.push(Comm::new(handle, members));
        self.world.rma.windows.push(Window {
            handle,
            comm,
            sync,
            flavor: Flavor::Create,
            shared: Vec::new(),
            regions: vec![None; n],
            live: vec![None; n],
            epochs: vec![Epochs::default(); n],
            hints: vec![Vec::new(); n],
            holders: vec![Vec::new(); n],
            attached: vec![Vec::new(); n],
            posts: vec![Vec::new(); n],
            matched: vec![vec![0; n]; n],
        });
        self.world.rma.made_by.push(((comm, k), w));
        w
    }

    /// MPI_Win_free (§11.2.5): collective; the caller's epochs must be
    /// closed (epoch rule 5 of the README's list).
    pub(super) fn win_free(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let addr = a.ptr("win")?;
        let handle = self.read_i32(site, addr, "win")?;
        let w = self.window(site, handle)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        self.check_epochs_closed(site, w, m, "MPI_Win_free")?;
        self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_Win_free(window {})", w + 1),
        );
        self.write_i32(site, addr, h::MPI_WIN_NULL, "win")?;
        // Its own operations are complete (no epoch is open); the free
        // waits for the others' (a barrier) before the memory goes.
        Ok(Effect::Block(Block::Rma(super::RmaWait::Complete {
            win: w,
            target: None,
            then: super::Then::Free,
            excluded: Vec::new(),
        })))
    }

    /// After the caller's operations on `w` took effect: joins the free.
    /// The caller's handle is gone, but its memory stays the window's until
    /// every member called MPI_Win_free: the free is collective (MPI 3.1
    /// §11.2.5), and the others' passive-target accesses before their own
    /// free may still reach it. The last member to arrive releases every
    /// member's memory.
    pub(super) fn join_free(&mut self, site: &Site, w: WinId) -> Result<Block, Halt> {
        let m = self.member(w, site.rank).unwrap_or(0);
        let ev = (site.rank, self.procs[site.rank].calls.saturating_sub(1));
        let sync = self.world.rma.windows[w].sync;
        let (k, block) = self.join_control_collective(site, sync, ev, Vec::new(), true)?;
        self.world.rma.windows[w].live[m] = None;
        if self.world.comms[sync].instances[k].all_arrived() {
            self.release_window_memory(w);
        }
        Ok(block)
    }

    /// Every member of window `w` called MPI_Win_free: their regions stop
    /// being window memory; what `MPI_Win_allocate` and
    /// `MPI_Win_allocate_shared` allocated is freed. The members' recorded
    /// accesses stay: they are ordered before everything after the free.
    fn release_window_memory(&mut self, w: WinId) {
        let comm = self.world.rma.windows[w].comm;
        let members = self.world.comms[comm].members.clone();
        for (m, r) in members.into_iter().enumerate() {
            let win = &mut self.world.rma.windows[w];
            let attached = std::mem::take(&mut win.attached[m]);
            let (shared, region, flavor) = (win.shared.clone(), win.regions[m], win.flavor);
            let mem = &mut self.procs[r].proc.mem;
            for a in attached {
                mem.unwatch(a.base);
            }
            // Each member's copy of the shared blocks.
            for &alloc in &shared {
                let base = runtime_model::model::Pointer { alloc, offset: 0 }.encode();
                mem.unwatch(base);
                let _ = mem.free(base);
            }
            let own = region.filter(|_| shared.is_empty());
            if let Some(g) = own {
                mem.unwatch(g.base);
                if flavor == Flavor::Allocate && g.size > 0 {
                    let _ = mem.free(g.base);
                }
            }
        }
    }

    /// The function of the RMA call at `loc` still pending, if any.
    pub(super) fn op_func_at(&self, loc: LocId) -> Option<F> {
        self.world
            .rma
            .ops
            .iter()
            .find(|(_, o)| o.loc == loc)
            .map(|(_, o)| o.func)
    }

    /// Epoch rule 5: a window is freed (or MPI finalized) with its epochs
    /// closed: no lock, no lock_all, no RMA call after the last fence.
    pub(super) fn check_epochs_closed(
        &self,
        site: &Site,
        w: WinId,
        m: usize,
        call: &str,
    ) -> Result<(), Halt> {
        let e = &self.world.rma.windows[w].epochs[m];
        let op_at = |loc: LocId| self.op_func_at(loc);
        let open: Option<(LocId, Option<F>, String)> = if let Some(&(t, kind, loc)) =
            e.locks.first()
        {
            Some((
                    loc,
                    Some(F::WinLock),
                    format!(
                        "the {} lock on rank {t} taken by MPI_Win_lock is never released by MPI_Win_unlock",
                        kind.name()
                    ),
                ))
        } else if let Some((_, loc)) = &e.start {
            Some((
                *loc,
                Some(F::WinStart),
                "the access epoch opened by MPI_Win_start is never closed by MPI_Win_complete"
                    .to_string(),
            ))
        } else if let Some((_, loc)) = e.post {
            Some((
                loc,
                Some(F::WinPost),
                "the exposure epoch opened by MPI_Win_post is never closed by MPI_Win_wait"
                    .to_string(),
            ))
        } else if let Some(loc) = e.lock_all {
            Some((
                loc,
                Some(F::WinLockAll),
                "the MPI_Win_lock_all epoch is never closed by MPI_Win_unlock_all".to_string(),
            ))
        } else {
            e.fence_ops.map(|loc| {
                    (
                        loc,
                        op_at(loc),
                        "RMA calls issued after the last MPI_Win_fence are never completed by a closing MPI_Win_fence"
                            .to_string(),
                    )
                })
        };
        let Some((loc, func, why)) = open else {
            return Ok(());
        };
        Err(Halt::Error(
            Finding::new(
                ErrorKind::EpochError,
                format!(
                    "rank {} calls {call} on window {} with an epoch still open: {why} (MPI 3.1 §11.2.5, §11.5)",
                    site.rank,
                    w + 1
                ),
            )
            .at(site.rank, site.loc, Some(site.func))
            .at(site.rank, loc, func),
        ))
    }

    /// At MPI_Finalize: windows not freed leak (like communicators), and an
    /// epoch still open is an epoch error.
    pub(crate) fn check_rma_finalize(&self, _model: &Model, site: &Site) -> Result<(), Halt> {
        for w in 0..self.world.rma.windows.len() {
            let Some(m) = self.member(w, site.rank) else {
                continue;
            };
            let Some(made) = self.world.rma.windows[w].live[m] else {
                continue;
            };
            self.check_epochs_closed(site, w, m, "MPI_Finalize")?;
            return Err(Halt::Error(
                Finding::new(
                    ErrorKind::ResourceLeak,
                    format!(
                        "rank {} finalizes with window {} never freed: expected MPI_Win_free before MPI_Finalize (MPI 3.1 §11.2.5)",
                        site.rank,
                        w + 1
                    ),
                )
                .at(site.rank, site.loc, Some(site.func))
                .at(site.rank, made, None),
            ));
        }
        Ok(())
    }

    /// MPI_Win_attach and MPI_Win_detach (§11.2.4): a member of a dynamic
    /// window exposes and withdraws memory locally.
    pub(super) fn win_attach(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        if self.world.rma.windows[w].flavor != Flavor::Dynamic {
            return Err(site.invalid(format!(
                "window {} was not made by MPI_Win_create_dynamic (MPI_ERR_RMA_FLAVOR, MPI 3.1 §11.2.4)",
                w + 1
            )));
        }
        let base = a.ptr("base")?;
        let name = site.func.name();
        if site.func == F::WinAttach {
            let size = a.raw("size")? as i64;
            if size < 0 {
                return Err(site.invalid(format!("the size is negative ({size})")));
            }
            if size > 0 {
                self.procs[site.rank]
                    .proc
                    .mem
                    .check_range(base, size as u64, false)
                    .map_err(|f| {
                        site.invalid(format!(
                            "the {size} bytes to attach are not memory of the program: {f}"
                        ))
                    })?;
            }
            let overlaps = self.world.rma.windows[w].attached[m].iter().any(|r| {
                base < r.base.wrapping_add(r.size) && r.base < base.wrapping_add(size as u64)
            });
            if overlaps {
                return Err(site.invalid(
                    "the memory overlaps a region already attached to the window (MPI 3.1 §11.2.4)",
                ));
            }
            self.log_call(site, None, None);
            self.world.rma.windows[w].attached[m].push(Region {
                base,
                size: size as u64,
                disp_unit: 1,
            });
            self.procs[site.rank].proc.mem.watch(base, size as u64);
            self.trace_event(
                site.rank,
                site.loc,
                format!("{name}(window {}, {size} bytes)", w + 1),
            );
            return Ok(Effect::Return(0));
        }
        let Some(i) = self.world.rma.windows[w].attached[m]
            .iter()
            .position(|r| r.base == base)
        else {
            return Err(site.invalid(format!(
                "no region attached to window {} starts at this address (MPI 3.1 §11.2.4)",
                w + 1
            )));
        };
        let r = self.world.rma.windows[w].attached[m][i];
        // Operations not complete at this target may still reach it.
        let pending = self.world.rma.ops.iter().find(|(_, o)| {
            o.win == w
                && o.target == m
                && o.ranges
                    .iter()
                    .any(|&(x, l)| x < r.base.wrapping_add(r.size) && r.base < x.wrapping_add(l))
        });
        if let Some((_, o)) = pending {
            return Err(Halt::Error(
                Finding::new(
                    ErrorKind::InvalidArgument,
                    format!(
                        "rank {} detaches memory that rank {}'s {} (not complete yet) still accesses (MPI_ERR_RMA_ATTACH, MPI 3.1 §11.2.4)",
                        site.rank,
                        o.origin,
                        o.func.name()
                    ),
                )
                .at(site.rank, site.loc, Some(site.func))
                .at(o.origin, o.loc, Some(o.func)),
            ));
        }
        self.log_call(site, None, None);
        self.world.rma.windows[w].attached[m].remove(i);
        self.procs[site.rank].proc.mem.unwatch(base);
        self.trace_event(site.rank, site.loc, format!("{name}(window {})", w + 1));
        Ok(Effect::Return(0))
    }

    /// MPI_Win_get_group (§11.2.6): a new group of the window's members.
    pub(super) fn win_get_group(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let members = self.world.comms[self.world.rma.windows[w].comm]
            .members
            .clone();
        let handle = self.world.new_group(site.rank, members);
        self.write_i32(site, a.ptr("group")?, handle, "group")?;
        Ok(Effect::Return(0))
    }

    /// MPI_Win_get_attr (§11.2.6): base, size, displacement unit, flavor and
    /// memory model (unified: the model checked).
    pub(super) fn win_get_attr(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        let keyval = a.int("win_keyval")?;
        let out = a.ptr("attribute_val")?;
        let flag = a.ptr("flag")?;
        let win = &self.world.rma.windows[w];
        let region = win.regions[m].unwrap_or(Region {
            base: 0,
            size: 0,
            disp_unit: 1,
        });
        let flavor = match win.flavor {
            Flavor::Create => h::MPI_WIN_FLAVOR_CREATE,
            Flavor::Allocate => h::MPI_WIN_FLAVOR_ALLOCATE,
            Flavor::Dynamic => h::MPI_WIN_FLAVOR_DYNAMIC,
            Flavor::Shared => h::MPI_WIN_FLAVOR_SHARED,
        };
        // MPI_WIN_BASE is the address itself; the others point to a value
        // (an MPI_Aint for the size, an int otherwise).
        let value: Option<(u64, u64)> = match keyval {
            h::MPI_WIN_BASE => {
                self.procs[site.rank]
                    .proc
                    .mem
                    .store(out, 8, region.base)
                    .map_err(|f| site.memory("attribute_val", f))?;
                None
            }
            h::MPI_WIN_SIZE => Some((region.size, 8)),
            h::MPI_WIN_DISP_UNIT => Some((region.disp_unit, 4)),
            h::MPI_WIN_CREATE_FLAVOR => Some((flavor as u64, 4)),
            // The model checked (`--memory-model`), so that a program
            // branching on it is checked on the branch it takes (§11.4).
            h::MPI_WIN_MODEL => Some((
                if self.separate_memory {
                    h::MPI_WIN_SEPARATE
                } else {
                    h::MPI_WIN_UNIFIED
                } as u64,
                4,
            )),
            // A keyval the program created (MPI 3.1 §6.7.3).
            _ => {
                let handle = a.int("win")?;
                let target = runtime_model::mpi::attrs::AttrTarget::Win;
                self.get_user_attr(site, target, handle, keyval, &a)?;
                return Ok(Effect::Return(0));
            }
        };
        if let Some((v, len)) = value {
            let mem = &mut self.procs[site.rank].proc.mem;
            let cell = mem
                .allocate(8, AllocKind::Global { constant: false })
                .map_err(|f| site.memory("attribute", f))?;
            mem.store(cell, len, v)
                .map_err(|f| site.memory("attribute", f))?;
            mem.store(out, 8, cell)
                .map_err(|f| site.memory("attribute_val", f))?;
        }
        self.write_i32(site, flag, 1, "flag")?;
        Ok(Effect::Return(0))
    }
}
