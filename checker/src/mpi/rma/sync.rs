//! Synchronization of one-sided communication (MPI 3.1 §11.5; Hoefler et al. 2015
//! §2.6): fences, locks, flushes; the epoch rules they enforce (README,
//! "Epoch errors"); and completing RMA calls.

use super::super::decode::{Effect, Site};
use super::{RmaWait, Then};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::rma::{LockKind, OpKind, WinId};
use runtime_model::mpi_api::{MpiFunc, MpiFunc as F};

/// Every assertion bit MPI 3.1 §11.5.5 defines.
const ASSERT_BITS: i32 = h::MPI_MODE_NOCHECK
    | h::MPI_MODE_NOSTORE
    | h::MPI_MODE_NOPUT
    | h::MPI_MODE_NOPRECEDE
    | h::MPI_MODE_NOSUCCEED;

/// The names of assertion bits, for messages.
fn mode_names(bits: i32) -> String {
    let names: Vec<&str> = [
        (h::MPI_MODE_NOPRECEDE, "MPI_MODE_NOPRECEDE"),
        (h::MPI_MODE_NOSUCCEED, "MPI_MODE_NOSUCCEED"),
    ]
    .iter()
    .filter(|(b, _)| bits & b != 0)
    .map(|(_, n)| *n)
    .collect();
    if names.is_empty() {
        "neither MPI_MODE_NOPRECEDE nor MPI_MODE_NOSUCCEED".to_string()
    } else {
        names.join(" | ")
    }
}

impl Machine {
    pub(super) fn epoch_error(
        &self,
        site: &Site,
        message: String,
        other: Option<(LocId, Option<MpiFunc>)>,
    ) -> Halt {
        let mut f =
            Finding::new(ErrorKind::EpochError, message).at(site.rank, site.loc, Some(site.func));
        if let Some((l, func)) = other {
            f = f.at(site.rank, l, func);
        }
        Halt::Error(f)
    }

    /// An epoch error whose other line is another process's call.
    pub(super) fn epoch_error_at(
        &self,
        site: &Site,
        message: String,
        (rank, loc, func): (usize, LocId, MpiFunc),
    ) -> Halt {
        Halt::Error(
            Finding::new(ErrorKind::EpochError, message)
                .at(site.rank, site.loc, Some(site.func))
                .at(rank, loc, Some(func)),
        )
    }

    /// `MPI_MODE_NOSTORE` (§11.5.5): the caller did not store into its
    /// part of window `w` since its last synchronization call on it.
    pub(super) fn check_nostore(&self, site: &Site, w: WinId, assert: i32) -> Result<(), Halt> {
        if assert & h::MPI_MODE_NOSTORE == 0 {
            return Ok(());
        }
        let m = self.member(w, site.rank).unwrap_or(0);
        let store = self
            .rma
            .as_ref()
            .and_then(|t| t.stored.iter().find(|s| (s.0, s.1) == (w, m)));
        match store {
            Some(&(_, _, loc)) => Err(self.epoch_error(
                site,
                format!(
                    "rank {} asserts MPI_MODE_NOSTORE on {}, but it stored into window {} (at the other line) since its last synchronization call on it (MPI 3.1 §11.5.5)",
                    site.rank,
                    site.func.name(),
                    w + 1
                ),
                Some((loc, None)),
            )),
            None => Ok(()),
        }
    }

    /// `MPI_MODE_NOPUT` of the exposure an operation of `origin` (member
    /// `o`) to member `t` of window `w` falls in (§11.5.5): the target's
    /// fence or post promised that no Put or accumulate updates it.
    pub(super) fn check_noput(
        &self,
        site: &Site,
        w: WinId,
        o: usize,
        t: usize,
    ) -> Result<(), Halt> {
        let win = &self.world.rma.windows[w];
        let e = &win.epochs[o];
        let mut promise = None;
        if let Some((_, k)) = e.fence {
            let c = self.world.comms[win.sync].rank_of(self.member_rank(w, t));
            let arrival = c.and_then(|c| {
                self.world.comms[win.sync]
                    .instances
                    .get(k)?
                    .arrivals
                    .get(c)?
                    .as_ref()
            });
            if let Some(a) = arrival {
                if a.args
                    .get(1)
                    .is_some_and(|&x| x as i32 & h::MPI_MODE_NOPUT != 0)
                {
                    promise = Some(a.event);
                }
            }
        }
        if let Some((targets, _)) = &e.start {
            if let Some(&(_, i)) = targets.iter().find(|(x, _)| *x == t) {
                let post = &win.posts[t][i];
                if post.assert & h::MPI_MODE_NOPUT != 0 {
                    promise = Some(post.event);
                }
            }
        }
        let Some(ev) = promise else { return Ok(()) };
        let (loc, func) = self.event_loc(ev).unwrap_or((site.loc, site.func));
        Err(self.epoch_error_at(
            site,
            format!(
                "rank {}'s {} updates rank {}'s window {}, whose {} asserted MPI_MODE_NOPUT: no Put or accumulate may update it until its next synchronization (MPI 3.1 §11.5.5)",
                site.rank,
                site.func.name(),
                ev.0,
                w + 1,
                func.name()
            ),
            (ev.0, loc, func),
        ))
    }

    pub(super) fn check_assert(&self, site: &Site, assert: i32) -> Result<(), Halt> {
        if assert & !ASSERT_BITS != 0 {
            return Err(site.invalid(format!(
                "unknown assertion bits 0x{:x} (MPI_ERR_ASSERT; MPI 3.1 §11.5.5)",
                assert & !ASSERT_BITS
            )));
        }
        Ok(())
    }

    /// The member a rank argument names in window `w`'s group.
    pub(super) fn win_target(&self, site: &Site, w: WinId, r: i32) -> Result<usize, Halt> {
        let n = self.world.rma.windows[w].regions.len();
        if r < 0 || r as usize >= n {
            return Err(site.invalid(format!(
                "rank {r} is not a rank of the window's group (size {n})"
            )));
        }
        Ok(r as usize)
    }

    /// MPI_Win_fence (§11.5.1).
    pub(super) fn win_fence(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let assert = a.int("assert")?;
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        self.check_assert(site, assert)?;
        self.check_nostore(site, w, assert)?;
        let e = &self.world.rma.windows[w].epochs[m];
        // Rule 9: fence and lock epochs do not overlap on one window.
        let passive = e.locks.first().map(|l| (l.2, F::WinLock));
        if let Some((loc, func)) = passive.or(e.lock_all.map(|l| (l, F::WinLockAll))) {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls MPI_Win_fence on window {} inside a passive-target epoch (opened at the other line): fence and lock epochs must not overlap (MPI 3.1 §11.5)",
                    site.rank,
                    w + 1
                ),
                Some((loc, Some(func))),
            ));
        }
        // Fence and general active target epochs do not overlap either.
        let pscw = e
            .start
            .as_ref()
            .map(|(_, l)| (*l, F::WinStart))
            .or(e.post.map(|(_, l)| (l, F::WinPost)));
        if let Some((loc, func)) = pscw {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls MPI_Win_fence on window {} inside an epoch opened by {} (MPI 3.1 §11.5)",
                    site.rank,
                    w + 1,
                    func.name()
                ),
                Some((loc, Some(func))),
            ));
        }
        // Rule 11: MPI_MODE_NOPRECEDE promises that no RMA call completes here.
        if assert & h::MPI_MODE_NOPRECEDE != 0 {
            if let Some(loc) = e.fence_ops {
                return Err(self.epoch_error(
                    site,
                    format!(
                        "rank {} asserts MPI_MODE_NOPRECEDE on a fence that completes its RMA calls (MPI 3.1 §11.5.5)",
                        site.rank
                    ),
                    Some((loc, None)),
                ));
            }
        }
        self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_Win_fence(assert={assert}, window {})", w + 1),
        );
        Ok(Effect::Block(Block::Rma(RmaWait::Complete {
            win: w,
            target: None,
            then: Then::Fence { assert },
            excluded: Vec::new(),
        })))
    }

    /// MPI_Win_lock and MPI_Win_lock_all (§11.5.3): checked, then waiting
    /// for the search to grant the lock (`grant`).
    pub(super) fn win_lock(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        self.check_assert(site, a.int("assert")?)?;
        let (target, kind) = if site.func == F::WinLock {
            let kind = match a.int("lock_type")? {
                h::MPI_LOCK_EXCLUSIVE => LockKind::Exclusive,
                h::MPI_LOCK_SHARED => LockKind::Shared,
                t => {
                    return Err(site.invalid(format!(
                        "lock type {t} is neither MPI_LOCK_EXCLUSIVE nor MPI_LOCK_SHARED (MPI_ERR_LOCKTYPE)"
                    )))
                }
            };
            (Some(self.win_target(site, w, a.int("rank")?)?), kind)
        } else {
            (None, LockKind::Shared)
        };
        let e = &self.world.rma.windows[w].epochs[m];
        let name = site.func.name();
        // Rule 9: not inside a fence epoch. A fence starts one only if RMA
        // calls follow it (MPI 3.1 §11.5.1), so a lock right after a fence
        // is fine; one after RMA calls of the fence's epoch is not.
        if let Some((_, op)) = e.fence_epoch() {
            let func = self.op_func_at(op);
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} inside a fence epoch: its RMA call at the other line started the access epoch of the last MPI_Win_fence, and no fence has completed it; access epochs on one window must not overlap, so close it first with MPI_Win_fence (MPI_MODE_NOSUCCEED if no fence epoch follows) (MPI 3.1 §11.5, §11.5.1)",
                    site.rank,
                    w + 1
                ),
                Some((op, func)),
            ));
        }
        // Access epochs do not overlap: not inside MPI_Win_start's.
        if let Some((_, loc)) = &e.start {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} inside its MPI_Win_start access epoch (MPI 3.1 §11.5)",
                    site.rank,
                    w + 1
                ),
                Some((*loc, Some(F::WinStart))),
            ));
        }
        // Rules 6 and 7: no second lock on a target, no lock inside lock_all
        // and no lock_all inside either.
        if let Some(loc) = e.lock_all {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} inside its MPI_Win_lock_all epoch (MPI 3.1 §11.5.3)",
                    site.rank,
                    w + 1
                ),
                Some((loc, Some(F::WinLockAll))),
            ));
        }
        let held = match target {
            Some(t) => e.locks.iter().find(|l| l.0 == t),
            None => e.locks.first(),
        };
        if let Some(&(t, _, loc)) = held {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} while it holds a lock on rank {t} (MPI 3.1 §11.5.3: lock epochs to one target do not nest)",
                    site.rank,
                    w + 1
                ),
                Some((loc, Some(F::WinLock))),
            ));
        }
        // The info hint no_locks (MPI 3.1 §11.2.1): "the implementation may
        // assume that passive target synchronization will not be used".
        let n = self.world.rma.windows[w].hints.len();
        let promised = (0..n)
            .filter(|&x| x == m || target.is_none_or(|t| t == x))
            .find(|&x| {
                self.world.rma.windows[w].hints[x]
                    .iter()
                    .rev()
                    .find(|(k, _)| k == "no_locks")
                    .is_some_and(|(_, v)| v.trim() == "true")
            });
        if let Some(x) = promised {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {}, but rank {} created it with the info hint no_locks=true: the implementation may assume that passive target synchronization is never used on it (MPI 3.1 §11.2.1)",
                    site.rank,
                    w + 1,
                    self.member_rank(w, x)
                ),
                None,
            ));
        }
        let nocheck = a.int("assert")? & h::MPI_MODE_NOCHECK != 0;
        self.check_nocheck(site, w, target, kind, nocheck)?;
        let win = &mut self.world.rma.windows[w];
        match target {
            Some(t) => win.epochs[m].locks.push((t, kind, site.loc)),
            None => win.epochs[m].lock_all = Some(site.loc),
        }
        self.log_call(site, None, None);
        let desc = match target {
            Some(t) => format!("MPI_Win_lock({}, rank={t}, window {})", kind.name(), w + 1),
            None => format!("MPI_Win_lock_all(window {})", w + 1),
        };
        self.trace_event(site.rank, site.loc, desc);
        if nocheck {
            // The implementation may skip acquiring it (§11.5.5): held at
            // once, ordered after nothing.
            let win = &mut self.world.rma.windows[w];
            let targets: Vec<usize> = target.map_or((0..win.holders.len()).collect(), |t| vec![t]);
            for t in targets {
                win.holders[t].push((m, kind));
            }
            self.memory_barrier(site.rank, (false, true));
            self.version += 1;
            return Ok(Effect::Return(0));
        }
        Ok(Effect::Block(Block::Rma(RmaWait::Lock {
            win: w,
            target,
            kind,
            deferred: None,
        })))
    }

    /// `MPI_MODE_NOCHECK` on a lock (§11.5.5): "no other process holds, or
    /// will attempt to acquire, a conflicting lock while the caller holds
    /// the window lock". Checked on happens-before, not on the explored
    /// order: a lock request on member `target` (all for lock_all)
    /// conflicting with an earlier lock where either side asserts it must
    /// come after that lock's unlock (an unlock then a message or barrier),
    /// since otherwise some execution makes them overlap. Then records the
    /// request (`Track::locks`).
    fn check_nocheck(
        &mut self,
        site: &Site,
        w: WinId,
        target: Option<usize>,
        kind: LockKind,
        nocheck: bool,
    ) -> Result<(), Halt> {
        let Some(track) = &self.rma else {
            return Ok(());
        };
        let on = |t: usize| target.is_none_or(|x| x == t);
        let conflicts = |k: LockKind| k == LockKind::Exclusive || kind == LockKind::Exclusive;
        let clash = track.locks.iter().find(|x| {
            x.win == w
                && x.rank != site.rank
                && x.target.is_none_or(on)
                && conflicts(x.kind)
                && (nocheck || x.nocheck)
                && !x
                    .end
                    .is_some_and(|e| track.clocks.knows(site.rank, x.rank, e))
        });
        // MPI 3.1 §11.5.3: "it is erroneous to have a window locked and
        // exposed (in an exposure epoch) concurrently".
        let exposed = track.exposures.iter().find(|x| {
            x.win == w
                && x.rank != site.rank
                && on(x.target)
                && !x
                    .end
                    .is_some_and(|e| track.clocks.knows(site.rank, x.rank, e))
        });
        if let Some(x) = exposed {
            return Err(self.epoch_error_at(
                site,
                format!(
                    "rank {} calls {} on window {} while rank {}'s exposure epoch opened by MPI_Win_post may be open: nothing orders the lock after its MPI_Win_wait, and a window must not be locked and exposed at once (MPI 3.1 §11.5.3)",
                    site.rank,
                    site.func.name(),
                    w + 1,
                    x.rank
                ),
                (x.rank, x.loc, F::WinPost),
            ));
        }
        if let Some(x) = clash {
            let why = if x.nocheck {
                format!(
                    "rank {}'s lock at the other line asserts MPI_MODE_NOCHECK, which promises that no conflicting lock is attempted while it is held, and nothing orders this request after its unlock",
                    x.rank
                )
            } else {
                format!(
                    "it asserts MPI_MODE_NOCHECK, and nothing orders it after the unlock of rank {}'s conflicting lock at the other line",
                    x.rank
                )
            };
            return Err(self.epoch_error_at(
                site,
                format!(
                    "rank {} calls {} on window {}, but {why} (MPI 3.1 §11.5.5)",
                    site.rank,
                    site.func.name(),
                    w + 1
                ),
                (x.rank, x.loc, x.func),
            ));
        }
        if let Some(track) = &mut self.rma {
            track.prune();
            track.locks.push(super::LockRecord {
                win: w,
                rank: site.rank,
                target,
                kind,
                nocheck,
                end: None,
                loc: site.loc,
                func: site.func,
            });
        }
        Ok(())
    }

    /// MPI_Win_post (§11.5.3): no other process's lock on the caller's part
    /// of window `w` may be open, as far as happens-before knows; then the
    /// exposure is recorded for later lock requests.
    pub(super) fn check_post_unlocked(&mut self, site: &Site, w: WinId) -> Result<(), Halt> {
        let m = self.member(w, site.rank).unwrap_or(0);
        let Some(track) = &self.rma else {
            return Ok(());
        };
        let locked = track.locks.iter().find(|x| {
            x.win == w
                && x.rank != site.rank
                && x.target.is_none_or(|t| t == m)
                && !x
                    .end
                    .is_some_and(|e| track.clocks.knows(site.rank, x.rank, e))
        });
        if let Some(x) = locked {
            return Err(self.epoch_error_at(
                site,
                format!(
                    "rank {} calls MPI_Win_post on window {} while rank {}'s {} on it may be held: nothing orders the post after its unlock, and a window must not be locked and exposed at once (MPI 3.1 §11.5.3)",
                    site.rank,
                    w + 1,
                    x.rank,
                    x.func.name()
                ),
                (x.rank, x.loc, x.func),
            ));
        }
        if let Some(track) = &mut self.rma {
            track.prune();
            track.exposures.push(super::ExposureRecord {
                win: w,
                rank: site.rank,
                target: m,
                end: None,
                loc: site.loc,
            });
        }
        Ok(())
    }

    /// MPI_Win_unlock(_all) and the flushes (§11.5.3, §11.5.4): checked,
    /// then waiting until the caller's atomic operations took effect.
    pub(super) fn win_complete(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        let target = match site.func {
            F::WinUnlock | F::WinFlush | F::WinFlushLocal => {
                Some(self.win_target(site, w, a.int("rank")?)?)
            }
            _ => None,
        };
        let e = &self.world.rma.windows[w].epochs[m];
        let name = site.func.name();
        let who = site.rank;
        let no_epoch = |what: &str| {
            Halt::Error(
                Finding::new(
                    ErrorKind::EpochError,
                    format!(
                        "rank {who} calls {name} on window {} {what} (MPI 3.1 §11.5.3, §11.5.4)",
                        w + 1
                    ),
                )
                .at(site.rank, site.loc, Some(site.func)),
            )
        };
        let then = match site.func {
            F::WinUnlock => {
                let t = target.unwrap_or(0);
                if let Some(loc) = e.lock_all {
                    return Err(self.epoch_error(
                        site,
                        format!(
                            "rank {who} calls MPI_Win_unlock(rank={t}) inside its MPI_Win_lock_all epoch: close that with MPI_Win_unlock_all (MPI 3.1 §11.5.3)"
                        ),
                        Some((loc, Some(F::WinLockAll))),
                    ));
                }
                if !e.locks.iter().any(|l| l.0 == t) {
                    return Err(no_epoch(&format!(
                        "without holding a lock on rank {t} (no matching MPI_Win_lock)"
                    )));
                }
                Then::Unlock
            }
            F::WinUnlockAll => {
                if e.lock_all.is_none() {
                    return Err(no_epoch("without a matching MPI_Win_lock_all"));
                }
                Then::UnlockAll
            }
            F::WinFlush | F::WinFlushLocal => {
                let t = target.unwrap_or(0);
                if !e.locked(t) {
                    return Err(no_epoch(&format!(
                        "outside a passive-target epoch to rank {t} (no MPI_Win_lock on it, no MPI_Win_lock_all)"
                    )));
                }
                if site.func == F::WinFlush {
                    Then::Flush
                } else {
                    Then::FlushLocal
                }
            }
            _ => {
                if !e.passive() {
                    return Err(no_epoch(
                        "outside a passive-target epoch (no MPI_Win_lock, no MPI_Win_lock_all)",
                    ));
                }
                if site.func == F::WinFlushAll {
                    Then::Flush
                } else {
                    Then::FlushLocal
                }
            }
        };
        self.log_call(site, None, None);
        let desc = match target {
            Some(t) => format!("{name}(rank={t}, window {})", w + 1),
            None => format!("{name}(window {})", w + 1),
        };
        self.trace_event(site.rank, site.loc, desc);
        Ok(Effect::Block(Block::Rma(RmaWait::Complete {
            win: w,
            target,
            then,
            excluded: Vec::new(),
        })))
    }

    /// A flush that completed an atomic read: the state of the whole
    /// machine (every process's local state and position, the version of
    /// what processes can observe) is noted, and finding it again means
    /// the process spun through a loop that read nothing new (the states
    /// of one pass may differ in between, e.g. a deferral taken and
    /// satisfied again, so every mark of the execution counts).
    /// Reads that return an unchanged value, their completion and the
    /// issue of atomic operations do not change the version for that
    /// reason (`ops`, `grant`).
    pub(crate) fn note_spin(&mut self, model: &Model, rank: usize) {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.version.hash(&mut h);
        // Operation ids count up with every pass of a loop: pending
        // operations are named by (origin, position among its pending
        // ones), and those no longer pending not at all.
        let canon = |id: &u64| {
            let (_, o) = self.world.rma.ops.iter().find(|(i, _)| i == id)?;
            let nth = self
                .world
                .rma
                .ops
                .iter()
                .take_while(|(i, _)| i != id)
                .filter(|(_, x)| x.origin == o.origin)
                .count();
            (!o.applied).then_some((o.origin, nth))
        };
        for r in 0..self.np() {
            self.local_contents(model, r).hash(&mut h);
            match &self.procs[r].phase {
                Phase::Blocked {
                    func,
                    loc,
                    block:
                        Block::Rma(RmaWait::Complete {
                            win,
                            target,
                            then,
                            excluded,
                        }),
                } => {
                    (func, loc, win, target, then).hash(&mut h);
                    for c in excluded.iter().filter_map(canon) {
                        c.hash(&mut h);
                    }
                }
                phase => phase.hash(&mut h),
            }
        }
        let mark = h.finish();
        let p = &mut self.procs[rank];
        if p.rma_marks.iter().any(|&(_, m)| m == mark) {
            p.rma_stutter = true;
        }
        p.rma_marks.push((self.version, mark));
    }

    /// MPI_Win_sync (§11.5.4): reconciles the window's copies, a memory
    /// barrier that publishes and acquires (shared windows, the separate
    /// model).
    pub(super) fn win_sync(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        // MPI 3.1 §11.5.4 says MPI_Win_sync "has the effect of ending and
        // reopening an access and exposure epoch" without requiring one to
        // be open; MPICH raises MPI_ERR_RMA_SYNC outside a passive-target
        // epoch. Where the standard is less explicit than an
        // implementation: a portability note, not an error.
        let m = self.member(w, site.rank).unwrap_or(0);
        let e = &self.world.rma.windows[w].epochs[m];
        if e.locks.is_empty() && e.lock_all.is_none() {
            self.portability_note(
                site.loc,
                &format!("MPI_Win_sync on window {} outside a passive-target epoch", w + 1),
                "MPI 3.1 §11.5.4 gives MPI_Win_sync \"the effect of ending and reopening an access and exposure epoch\" without asking for one to be open; MPICH raises MPI_ERR_RMA_SYNC there, which aborts the program",
                "call it between MPI_Win_lock_all (or MPI_Win_lock) and the unlock; a fence or post/wait already synchronizes the copies",
            );
        }
        self.log_call(site, None, None);
        self.memory_barrier(site.rank, (true, true));
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_Win_sync(window {})", w + 1),
        );
        Ok(Effect::Return(0))
    }

    /// The operations of `rank` on window `w` a completing call covers.
    pub(super) fn covered_ops(&self, rank: usize, w: WinId, target: Option<usize>) -> Vec<u64> {
        self.world
            .rma
            .ops
            .iter()
            .filter(|(_, o)| o.origin == rank && o.win == w && target.is_none_or(|t| o.target == t))
            .map(|(id, _)| *id)
            .collect()
    }

    /// Finishes `rank`'s blocking one-sided call when it can. Returns
    /// whether the call moved on (finished, or went on to join a fence or
    /// free).
    pub(crate) fn rma_try_unblock(
        &mut self,
        model: &Model,
        rank: usize,
        wait: RmaWait,
    ) -> Result<bool, Halt> {
        let (w, target, then) = match wait {
            RmaWait::Complete {
                win, target, then, ..
            } => (win, target, then),
            RmaWait::Start { win, targets } => return self.try_start(model, rank, win, &targets),
            RmaWait::Wait { win } => return self.try_wait(model, rank, win),
            RmaWait::Lock { .. } => return Ok(false),
        };
        // One pass over the operations (an accumulate through a derived
        // datatype is one operation per element: thousands).
        let all_applied = self.world.rma.ops.iter().all(|(_, o)| {
            o.applied || !(o.origin == rank && o.win == w && target.is_none_or(|t| o.target == t))
        });
        if !all_applied {
            return Ok(false);
        }
        let ops = self.covered_ops(rank, w, target);
        let Phase::Blocked { func, loc, .. } = self.procs[rank].phase.clone() else {
            return Ok(false);
        };
        let site = Site { rank, loc, func };
        let m = self.member(w, rank).unwrap_or(0);
        let remote = !matches!(then, Then::FlushLocal);
        let reads = self
            .world
            .rma
            .ops
            .iter()
            .any(|(id, o)| ops.binary_search(id).is_ok() && o.result.is_some());
        self.complete_ops(rank, &ops, remote);
        if reads && matches!(then, Then::Flush | Then::FlushLocal) {
            self.note_spin(model, rank);
        }
        match then {
            Then::Flush | Then::FlushLocal => {}
            Then::PscwComplete => self.finish_pscw_complete(rank, w),
            Then::Unlock | Then::UnlockAll => {
                let win = &mut self.world.rma.windows[w];
                let targets: Vec<usize> = match (then, target) {
                    (Then::Unlock, Some(t)) => vec![t],
                    _ => (0..win.holders.len()).collect(),
                };
                if then == Then::Unlock {
                    win.epochs[m].locks.retain(|l| Some(l.0) != target);
                } else {
                    win.epochs[m].lock_all = None;
                }
                let mut released = Vec::new();
                for t in targets {
                    let before = win.holders[t].len();
                    let mut kind = None;
                    win.holders[t].retain(|hd| {
                        if hd.0 == m && kind.is_none() {
                            kind = Some(hd.1);
                            false
                        } else {
                            true
                        }
                    });
                    if win.holders[t].len() < before {
                        released.push((t, kind.unwrap_or(LockKind::Shared)));
                    }
                }
                self.note_release(rank, w, &released);
                self.memory_barrier(rank, (true, false));
                self.version += 1;
            }
            Then::Fence { assert } => {
                // A fence ends an epoch unless none is open or the caller
                // asserts that none ends (MPI 3.1 §11.5.1, §11.5.5).
                let ends = self.world.rma.windows[w].epochs[m].fence.is_some()
                    && assert & h::MPI_MODE_NOPRECEDE == 0;
                let ev = (rank, self.procs[rank].calls.saturating_sub(1));
                let sync = self.world.rma.windows[w].sync;
                // Whether the members wait for each other: `ends` (read by
                // `Instance::needs`), or collectives synchronizing.
                let (k, block) = self.join_control_collective(
                    &site,
                    sync,
                    ev,
                    vec![ends as i64, assert as i64],
                    self.world.synchronizing_collectives,
                )?;
                // MPI_MODE_NOPRECEDE and MPI_MODE_NOSUCCEED: all or none
                // of the members (§11.5.5).
                let group_bits = h::MPI_MODE_NOPRECEDE | h::MPI_MODE_NOSUCCEED;
                let differs = self.world.comms[sync].instances[k]
                    .arrivals
                    .iter()
                    .flatten()
                    .find(|c| {
                        c.event != ev
                            && c.args
                                .get(1)
                                .is_some_and(|&x| (x as i32 ^ assert) & group_bits != 0)
                    })
                    .map(|c| (c.event, c.args[1] as i32));
                if let Some((other, theirs)) = differs {
                    let (oloc, ofunc) = self.event_loc(other).unwrap_or((loc, func));
                    return Err(self.epoch_error_at(
                        &site,
                        format!(
                            "rank {rank} passes {} to MPI_Win_fence on window {}, rank {} passes {} to the same fence: these assertions must be given by all members or by none (MPI 3.1 §11.5.5)",
                            mode_names(assert & group_bits),
                            w + 1,
                            other.0,
                            mode_names(theirs & group_bits)
                        ),
                        (other.0, oloc, ofunc),
                    ));
                }
                let e = &mut self.world.rma.windows[w].epochs[m];
                e.fence_ops = None;
                e.fence = (assert & h::MPI_MODE_NOSUCCEED == 0).then_some((loc, k));
                self.procs[rank].phase = Phase::Blocked { func, loc, block };
                self.memory_barrier(rank, (true, false));
                self.reach_deferred(w, m, k, ev)?;
                return Ok(true);
            }
            Then::Free => {
                let block = self.join_free(&site, w)?;
                self.procs[rank].phase = Phase::Blocked { func, loc, block };
                return Ok(true);
            }
        }
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(true)
    }

    /// Whether the operations `first..first + count` of a request-based call
    /// are complete at the origin (MPI 3.1 §11.3.5): one that returns data
    /// once the data arrived (it took effect); the others may complete as
    /// soon as their origin buffer is copied, before they take effect.
    pub(crate) fn rma_request_complete(&self, first: u64, count: u64) -> bool {
        self.world
            .rma
            .ops
            .iter()
            .filter(|(id, _)| (first..first + count).contains(id))
            .all(|(_, o)| o.applied || (o.result.is_none() && o.kind != OpKind::Get))
    }

    /// The call `rank` is in (or returns from) synchronizes its private
    /// and public window copies: MPI_Win_sync, and the calls MPI 3.1 §11.7
    /// names with it (post, fence, unlock publish local stores; wait,
    /// fence, lock acquire remote ones). Shared windows' direct accesses
    /// need it, and every window under the separate memory model
    /// (`race::Races::win_sync`).
    pub(crate) fn memory_barrier(&mut self, rank: usize, sides: (bool, bool)) {
        let stamp = self.call_stamp(rank);
        let np = self.procs.len();
        if let Some(t) = self.rma.as_deref_mut() {
            if !t.races.shared.is_empty() || t.races.separate {
                t.races.win_sync(&t.clocks, rank, np, stamp, sides);
            }
        }
    }

    /// `rank` leaves the collective it is blocked in: a fence returning
    /// makes the others' published stores visible to it (§11.7), like the
    /// acquiring side of `MPI_Win_sync`. Other collectives do nothing here.
    pub(crate) fn leaving_window_collective(&mut self, rank: usize) {
        if matches!(
            self.procs[rank].phase,
            Phase::Blocked {
                func: F::WinFence,
                ..
            }
        ) {
            self.memory_barrier(rank, (false, true));
        }
    }

    /// `rank`'s own stamp at the call it is in.
    pub(super) fn call_stamp(&self, rank: usize) -> u32 {
        let index = self.procs[rank].calls.saturating_sub(1);
        self.rma
            .as_ref()
            .map_or(0, |t| t.clocks.stamp_at(rank, index))
    }

    /// Completes operations `ops` of `rank` at the origin, and at the
    /// target when `remote` (a Get's target access ends when its data
    /// arrived at the origin, so a local completion ends it too).
    pub(crate) fn complete_ops(&mut self, rank: usize, ops: &[u64], remote: bool) {
        let stamp = self.call_stamp(rank);
        let mut done: Vec<u64> = Vec::new();
        for &id in ops {
            let Some(i) = self.world.rma.op_index(id) else {
                continue;
            };
            let get = matches!(
                self.world.rma.ops[i].1.kind,
                runtime_model::mpi::rma::OpKind::Get
            );
            if !self.world.rma.ops[i].1.local_done {
                self.world.rma.ops[i].1.local_done = true;
                let mem = &mut self.procs[rank].proc.mem;
                mem.release(super::guard_id(id, true));
                mem.release(super::guard_id(id, false));
                if let Some(t) = &mut self.rma {
                    if let Some(pos) = t.acquired.iter().position(|(o, _)| *o == id) {
                        let (_, c) = t.acquired.remove(pos);
                        t.clocks.join(rank, &c);
                    }
                }
            }
            if remote || get {
                if let Some(t) = &mut self.rma {
                    t.races.complete(id, stamp);
                }
                done.push(id);
            }
        }
        // One pass (thousands of element operations end at one fence).
        if !done.is_empty() {
            done.sort_unstable();
            self.world
                .rma
                .ops
                .retain(|(id, _)| done.binary_search(id).is_err());
        }
        if let Some(t) = &mut self.rma {
            t.prune();
        }
    }
}
