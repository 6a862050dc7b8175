//! General active target synchronization (MPI 3.1 §11.5.2; Hoefler et al. 2015
//! §2.6.1): `MPI_Win_post`/`MPI_Win_wait` open and close an exposure epoch
//! for a group of origins, `MPI_Win_start`/`MPI_Win_complete` an access
//! epoch to a group of targets.
//!
//! `MPI_Win_start` waits until every target of its group has posted an
//! exposure epoch naming the caller (the blocking behavior MPI allows, the
//! most blocking one: a deadlock that needs it is reported). The k-th start
//! of an origin naming a target matches the target's k-th post naming the
//! origin. `MPI_Win_complete` completes the caller's operations and tells
//! the matched targets; `MPI_Win_wait` returns once every origin of its
//! post's group completed. Post → start and complete → wait order the
//! processes (happens-before).

use super::super::decode::{Effect, Site};
use super::{RmaWait, Then};
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::model::Model;
use runtime_model::mpi::rma::{Post, WinId};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// The members of window `w` a group argument names.
    fn window_group(&self, site: &Site, w: WinId, handle: i32) -> Result<Vec<usize>, Halt> {
        let ranks = self
            .world
            .group(handle, site.rank)
            .map(<[usize]>::to_vec)
            .map_err(|_| site.invalid(format!("invalid group 0x{handle:x}")))?;
        let comm = self.world.rma.windows[w].comm;
        ranks
            .into_iter()
            .map(|r| {
                self.world.comms[comm].rank_of(r).ok_or_else(|| {
                    site.invalid(format!(
                        "process {r} of the group is not a member of window {}'s group (MPI 3.1 §11.5.2)",
                        w + 1
                    ))
                })
            })
            .collect()
    }

    /// MPI_Win_post and MPI_Win_start.
    pub(super) fn win_post_or_start(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        let assert = a.int("assert")?;
        self.check_assert(site, assert)?;
        if site.func == F::WinPost {
            self.check_nostore(site, w, assert)?;
            self.check_post_unlocked(site, w)?;
        }
        let group = self.window_group(site, w, a.int("group")?)?;
        let e = &self.world.rma.windows[w].epochs[m];
        let name = site.func.name();
        let who = site.rank;
        let open = if site.func == F::WinPost {
            e.post.map(|(_, loc)| (loc, F::WinPost, "its exposure epoch opened by MPI_Win_post is still open (MPI_Win_wait closes it)"))
        } else {
            e.start
                .as_ref()
                .map(|(_, loc)| (*loc, F::WinStart, "its access epoch opened by MPI_Win_start is still open (MPI_Win_complete closes it)"))
                .or(e.locks.first().map(|l| (l.2, F::WinLock, "it holds a lock on the window (access epochs do not overlap, MPI 3.1 §11.5)")))
                .or(e.lock_all.map(|l| (l, F::WinLockAll, "its MPI_Win_lock_all epoch is open (access epochs do not overlap, MPI 3.1 §11.5)")))
        };
        // A fence's epoch is open once RMA calls followed it (§11.5.1).
        let open = open.or(e.fence_epoch().map(|(loc, _)| {
            (
                loc,
                F::WinFence,
                "it is in the fence epoch opened by MPI_Win_fence, in which it issued RMA calls; close it with MPI_Win_fence(MPI_MODE_NOSUCCEED) first",
            )
        }));
        if let Some((loc, func, why)) = open {
            return Err(self.epoch_error(
                site,
                format!("rank {who} calls {name} on window {}, but {why}", w + 1),
                Some((loc, Some(func))),
            ));
        }
        if site.func == F::WinStart && assert & runtime_model::handles::MPI_MODE_NOCHECK != 0 {
            self.check_start_nocheck(site, w, m, &group)?;
        }
        let ev = self.log_call(site, None, None);
        let list: Vec<String> = group.iter().map(|g| g.to_string()).collect();
        self.trace_event(
            site.rank,
            site.loc,
            format!("{name}(group {{{}}}, window {})", list.join(", "), w + 1),
        );
        let win = &mut self.world.rma.windows[w];
        if site.func == F::WinPost {
            win.posts[m].push(Post {
                group,
                assert,
                event: ev,
                started: Vec::new(),
                completed: Vec::new(),
            });
            win.epochs[m].post = Some((win.posts[m].len() - 1, site.loc));
            self.memory_barrier(site.rank, (true, false));
            self.version += 1;
            return Ok(Effect::Return(0));
        }
        win.epochs[m].start = Some((Vec::new(), site.loc));
        Ok(Effect::Block(Block::Rma(RmaWait::Start {
            win: w,
            targets: group,
        })))
    }

    /// `MPI_MODE_NOCHECK` on `MPI_Win_start` (MPI 3.1 §11.5.5): "the
    /// matching calls to MPI_WIN_POST have already completed on all target
    /// processes when the call to MPI_WIN_START is made". Checked like the
    /// promise on a lock, on happens-before rather than on the explored
    /// order: each target's matching post must be known to the origin
    /// (a message or barrier after it), or some execution breaks it.
    fn check_start_nocheck(
        &self,
        site: &Site,
        w: WinId,
        m: usize,
        group: &[usize],
    ) -> Result<(), Halt> {
        for &t in group {
            let post = self
                .next_post(w, m, t)
                .map(|i| self.world.rma.windows[w].posts[t][i].event);
            let known = post.is_some_and(|(q, index)| {
                self.rma.as_ref().is_some_and(|c| {
                    let stamp = c.clocks.stamp_at(q, index);
                    stamp > 0 && c.clocks.knows(site.rank, q, stamp)
                })
            });
            if known {
                continue;
            }
            let rank = self.member_rank(w, t);
            let why = if post.is_some() {
                "nothing orders that post before this call".to_string()
            } else {
                format!("rank {rank} has not posted for it yet")
            };
            let message = format!(
                "rank {} passes MPI_MODE_NOCHECK to MPI_Win_start on window {}, promising that the matching MPI_Win_post of rank {rank} already happened, but {why} (MPI 3.1 §11.5.5); order the post before the start, e.g. by a barrier or a message after the post",
                site.rank,
                w + 1,
            );
            return Err(match post.and_then(|e| Some((e.0, self.event_loc(e)?))) {
                Some((q, (loc, func))) => self.epoch_error_at(site, message, (q, loc, func)),
                None => self.epoch_error(site, message, None),
            });
        }
        Ok(())
    }

    /// The post of target `t` that origin `o`'s next start to it matches:
    /// the first one naming `o` that `o` has not matched yet.
    pub(crate) fn next_post(&self, w: WinId, o: usize, t: usize) -> Option<usize> {
        let win = &self.world.rma.windows[w];
        let from = win.matched[o][t];
        (from..win.posts[t].len()).find(|&i| win.posts[t][i].group.contains(&o))
    }

    /// MPI_Win_complete and MPI_Win_wait.
    pub(super) fn win_complete_or_wait(
        &mut self,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let w = self.window(site, a.int("win")?)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        let e = &self.world.rma.windows[w].epochs[m];
        let name = site.func.name();
        let (missing, opener) = if site.func == F::WinComplete {
            (e.start.is_none(), "MPI_Win_start")
        } else {
            (e.post.is_none(), "MPI_Win_post")
        };
        if missing {
            return Err(self.epoch_error(
                site,
                format!(
                    "rank {} calls {name} on window {} without a matching {opener} (MPI 3.1 §11.5.2)",
                    site.rank,
                    w + 1
                ),
                None,
            ));
        }
        self.log_call(site, None, None);
        self.trace_event(site.rank, site.loc, format!("{name}(window {})", w + 1));
        if site.func == F::WinTest {
            // A poll: the search explores both answers (`completion`).
            return Ok(Effect::Block(Block::Poll {
                kind: crate::mpi::wait::PollKind::WinTest {
                    flag_addr: a.ptr("flag")?,
                    win: w,
                },
                slots: Vec::new(),
                probe: None,
            }));
        }
        Ok(Effect::Block(Block::Rma(if site.func == F::WinComplete {
            RmaWait::Complete {
                win: w,
                target: None,
                then: Then::PscwComplete,
                excluded: Vec::new(),
            }
        } else {
            RmaWait::Wait { win: w }
        })))
    }

    /// A blocked MPI_Win_start: every target posted for it.
    pub(super) fn try_start(
        &mut self,
        model: &Model,
        rank: usize,
        w: WinId,
        targets: &[usize],
    ) -> Result<bool, Halt> {
        let o = self.member(w, rank).unwrap_or(0);
        let mut found = Vec::new();
        for &t in targets {
            match self.next_post(w, o, t) {
                Some(i) => found.push((t, i)),
                None => return Ok(false),
            }
        }
        let mut joins = Vec::new();
        let win = &mut self.world.rma.windows[w];
        for &(t, i) in &found {
            win.matched[o][t] = i + 1;
            win.posts[t][i].started.push(o);
            joins.push(win.posts[t][i].event);
        }
        if let Some((started, _)) = &mut win.epochs[o].start {
            *started = found;
        }
        if let Some(track) = &mut self.rma {
            for (q, j) in joins {
                track.clocks.join_call(rank, q, j);
            }
        }
        self.version += 1;
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(true)
    }

    /// A blocked MPI_Win_wait: every origin of the post completed.
    pub(super) fn try_wait(&mut self, model: &Model, rank: usize, w: WinId) -> Result<bool, Halt> {
        if !self.exposure_done(rank, w) {
            return Ok(false);
        }
        self.close_exposure(rank, w);
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, 0);
        Ok(true)
    }

    /// Whether every origin of `rank`'s exposure epoch on `w` completed its
    /// access (what MPI_Win_wait waits for and MPI_Win_test asks).
    pub(crate) fn exposure_done(&self, rank: usize, w: WinId) -> bool {
        let t = self.member(w, rank).unwrap_or(0);
        let win = &self.world.rma.windows[w];
        let Some((i, _)) = win.epochs[t].post else {
            return false;
        };
        let post = &win.posts[t][i];
        post.group
            .iter()
            .all(|o| post.completed.iter().any(|(c, _)| c == o))
    }

    /// Ends `rank`'s exposure epoch on `w`, ordered after the origins'
    /// MPI_Win_complete calls (their operations landed before).
    pub(crate) fn close_exposure(&mut self, rank: usize, w: WinId) {
        let t = self.member(w, rank).unwrap_or(0);
        let win = &self.world.rma.windows[w];
        let Some((i, _)) = win.epochs[t].post else {
            return;
        };
        let joins: Vec<_> = win.posts[t][i]
            .completed
            .iter()
            .map(|(_, ev)| *ev)
            .collect();
        if let Some(track) = &mut self.rma {
            for (q, j) in joins {
                track.clocks.join_call(rank, q, j);
            }
        }
        self.world.rma.windows[w].epochs[t].post = None;
        self.memory_barrier(rank, (false, true));
        let stamp = self.call_stamp(rank);
        if let Some(track) = &mut self.rma {
            for x in track.exposures.iter_mut() {
                if x.win == w && x.rank == rank && x.end.is_none() {
                    x.end = Some(stamp);
                }
            }
        }
        self.version += 1;
    }

    /// After MPI_Win_complete's operations completed: the matched targets
    /// learn it, and the access epoch closes.
    pub(super) fn finish_pscw_complete(&mut self, rank: usize, w: WinId) {
        let o = self.member(w, rank).unwrap_or(0);
        let ev = (rank, self.procs[rank].calls.saturating_sub(1));
        let win = &mut self.world.rma.windows[w];
        if let Some((started, _)) = win.epochs[o].start.take() {
            for (t, i) in started {
                win.posts[t][i].completed.push((o, ev));
            }
        }
        self.version += 1;
    }
}
