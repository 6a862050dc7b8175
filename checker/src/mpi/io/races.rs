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
//! The check counts syncs: `MPI_File_sync` is collective (every member
//! calls the same ones, in order), so a later sync of the second process is
//! a later instance than the one that settled the first access. The
//! barrier between the two syncs is not checked: a program that syncs
//! twice in a row without one passes.

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
        let mine = files[f].syncs[m];
        for (g, other) in files.iter().enumerate() {
            if other.name != *name {
                continue;
            }
            for acc in &other.accesses {
                if acc.rank == site.rank || !(acc.write || write) || !acc.overlaps(ranges) {
                    continue;
                }
                let separated = match acc.settled {
                    // Through one open file: a sync of this process after
                    // the one that settled the access.
                    Some(s) if g == f => mine > s,
                    // Through another open of the file: that process
                    // synchronized or closed after its access.
                    Some(_) => true,
                    None => false,
                };
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
                "rank {} synchronized the file (MPI_File_sync or MPI_File_close) after its {}, but rank {} did not call MPI_File_sync after that before this {}",
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
    /// file: its accesses so far are settled. Accesses every member has
    /// synchronized after are forgotten.
    pub(super) fn settle_accesses(&mut self, f: FileId, m: usize, sync: bool) {
        let file = &mut self.world.files.open[f];
        if sync {
            file.syncs[m] += 1;
        }
        let count = file.syncs[m];
        for acc in file.accesses.iter_mut().filter(|a| a.member == m) {
            acc.settled.get_or_insert(count);
        }
        let least = file
            .members
            .iter()
            .zip(&file.syncs)
            .filter(|(mb, _)| mb.live.is_some())
            .map(|(_, &s)| s)
            .min();
        let open = file.is_open();
        file.accesses.retain(|a| match (a.settled, least) {
            (Some(s), Some(least)) => least <= s,
            (Some(_), None) => open,
            (None, _) => true,
        });
    }
}
