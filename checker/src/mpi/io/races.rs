//! `io-race` (MPI 3.1 §13.6.1): in nonatomic mode (the default), accesses
//! of different processes to the same bytes of a file, at least one a
//! write, are consistent only when separated: `MPI_File_sync` by the first
//! process after its access, a barrier, `MPI_File_sync` by the second
//! before its own (or a close and an open). Each file remembers the
//! accesses of its members until every member synchronized after them; an
//! access that meets an overlapping one of another process, not settled by
//! that process's sync or close, or settled while this process has not
//! synchronized since, is reported with both lines.
//!
//! "Separated" is happens-before (the vector clocks of
//! `crate::mpi::rma::clock`, started at the first open): an access settled
//! by its process's sync or close at stamp `s` is separated from another
//! process's access when that process's latest sync, or its open of the
//! handle it accesses through, knew `s`. A barrier between the two syncs, a
//! message or any synchronizing call gives that; two syncs alone do not
//! (`MPI_File_sync` is collective but need not synchronize).

use super::super::decode::Site;
use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::mpi::file::{Access, FileId};

impl Machine {
    /// Checks an access of the caller (member `m` of file `f`) to the file
    /// bytes `ranges` against the accesses remembered on every open of the
    /// same file, then remembers it.
    pub(super) fn check_io_race(
        &mut self,
        site: &Site,
        f: FileId,
        m: usize,
        ranges: &[(u64, u64)],
        write: bool,
    ) -> Result<(), Halt> {
        if ranges.is_empty() {
            return Ok(());
        }
        let files = &self.world.files.open;
        let name = &files[f].name;
        let seen = files[f].seen[m].clone();
        for other in files.iter() {
            if other.name != *name {
                continue;
            }
            for acc in &other.accesses {
                if acc.rank == site.rank || !(acc.write || write) || !acc.overlaps(ranges) {
                    continue;
                }
                // The other process synchronized (or closed) after its
                // access, and this process's latest sync or its open of
                // the handle happened after that (§13.6.1).
                let separated = acc
                    .settled
                    .zip(seen.as_ref())
                    .is_some_and(|(s, seen)| seen.get(acc.rank).is_some_and(|&k| k >= s));
                if separated || (files[f].atomic && other.atomic) {
                    continue;
                }
                return Err(self.io_race_finding(site, f, acc, write));
            }
        }
        let func = site.func;
        self.world.files.open[f].accesses.push(Access {
            rank: site.rank,
            member: m,
            ranges: ranges.to_vec(),
            write,
            loc: site.loc,
            func,
            settled: None,
        });
        Ok(())
    }

    fn io_race_finding(&self, site: &Site, f: FileId, acc: &Access, write: bool) -> Halt {
        let verb = |w: bool| if w { "write" } else { "read" };
        let (lo, hi) = acc.ranges.iter().fold((u64::MAX, 0), |(lo, hi), &(a, n)| {
            (lo.min(a), hi.max(a + n))
        });
        let why = if acc.settled.is_some() {
            format!(
                "rank {} synchronized the file (MPI_File_sync or MPI_File_close) after its {}, but no MPI_File_sync of rank {} is ordered after that (by a barrier or other synchronization) before this {}",
                acc.rank,
                verb(acc.write),
                site.rank,
                verb(write)
            )
        } else {
            format!(
                "rank {} did not call MPI_File_sync (or close the file) after its {}",
                acc.rank,
                verb(acc.write)
            )
        };
        Halt::Error(
            Finding::new(
                ErrorKind::IoRace,
                format!(
                    "rank {}'s {} ({}) and rank {}'s {} ({}) touch the same bytes of {} (in {lo}..{hi}) in nonatomic mode, not separated by MPI_File_sync, a barrier and MPI_File_sync: {why} (MPI 3.1 §13.6.1)",
                    site.rank,
                    verb(write),
                    site.func.name(),
                    acc.rank,
                    verb(acc.write),
                    acc.func.name(),
                    self.file_label(f)
                ),
            )
            .at(site.rank, site.loc, Some(site.func))
            .at(acc.rank, acc.loc, Some(acc.func)),
        )
    }

    /// Member `m` of file `f` called MPI_File_sync (`sync`) or closed the
    /// file, call `ev`: its accesses so far are settled at that call's
    /// stamp, and after a sync it is consistent with what it knows now.
    /// Accesses every process knows settled, and that every member of
    /// every open handle of the file has synchronized or opened after, are
    /// forgotten: no later access can conflict with them.
    pub(super) fn settle_accesses(&mut self, f: FileId, m: usize, sync: bool, ev: (usize, usize)) {
        let (stamp, snapshot) = match &self.io_clocks {
            Some(c) => (c.stamp_at(ev.0, ev.1), c.snapshot_of(ev.0, ev.1)),
            None => (0, None),
        };
        let file = &mut self.world.files.open[f];
        if sync {
            file.syncs[m] += 1;
            file.seen[m] = snapshot;
        }
        for acc in file.accesses.iter_mut().filter(|a| a.member == m) {
            acc.settled.get_or_insert(stamp);
        }
        let Some(clocks) = &self.io_clocks else {
            return;
        };
        let name = self.world.files.open[f].name.clone();
        // Every member of every open handle of the file knows `s` of `rank`.
        let handles_know = |files: &[runtime_model::mpi::file::OpenFile], rank: usize, s: u32| {
            files
                .iter()
                .filter(|o| o.name == name && o.is_open())
                .all(|o| {
                    o.members.iter().zip(&o.seen).all(|(mb, seen)| {
                        mb.live.is_none()
                            || seen
                                .as_ref()
                                .is_some_and(|k| k.get(rank).is_some_and(|&v| v >= s))
                    })
                })
        };
        let files = &self.world.files.open;
        let forget: Vec<bool> = files[f]
            .accesses
            .iter()
            .map(|a| {
                a.settled.is_some_and(|s| {
                    clocks.known_to_all(a.rank) >= s && handles_know(files, a.rank, s)
                })
            })
            .collect();
        let mut i = 0;
        self.world.files.open[f].accesses.retain(|_| {
            i += 1;
            !forget[i - 1]
        });
    }
}
