//! MPI-IO (MPI 3.1 chapter 13; docs/guide/mpi-io.md): files of the check,
//! kept in memory (`runtime_model::mpi::file`), opened collectively by a
//! group, read and written through views.
//!
//! - `files`: open, close, delete, size, hints, atomicity, sync, and what
//!   must be closed at `MPI_Finalize`;
//! - `views`: `MPI_File_set_view` and the queries on views;
//! - `access`: the data access calls (explicit offsets, individual file
//!   pointers; blocking, nonblocking, collective and split collective);
//! - `shared`: the shared file pointer (its order a decision of the search).
//!
//! The default error handler of files is `MPI_ERRORS_RETURN` (§13.7): an
//! I/O error (a missing file, a write to a file opened read-only) is the
//! call's return value and the program goes on. Only what the standard
//! calls erroneous is reported.

mod access;
mod files;
mod races;
mod shared;
mod views;

pub use shared::{shared_decisions, shared_skipped};

use super::decode::{Effect, Site};
use crate::mpi::machine::*;
use runtime_model::mpi::file::{file_of_handle, FileId};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// The MPI-IO family's handler. An I/O error a call returns is raised
    /// on the file's error handler (§13.7; `MPI_FILE_NULL`'s for open and
    /// delete), `MPI_ERRORS_RETURN` unless the program set another.
    pub(crate) fn call_io(
        &mut self,
        model: &runtime_model::model::Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let effect = self.io_call(site, args)?;
        if let Effect::Return(code) = effect {
            if code != 0 {
                let fh = match site.func {
                    F::FileOpen | F::FileDelete => 0,
                    _ => super::args::Args::new(site.func, args).ptr("fh")?,
                };
                self.file_error(model, site, fh, code as i32)?;
            }
        }
        Ok(effect)
    }

    fn io_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        match site.func {
            F::FileOpen => self.file_open(site, args),
            F::FileClose => self.file_close(site, args),
            F::FileDelete => self.file_delete(site, args),
            F::FileSetSize
            | F::FilePreallocate
            | F::FileSetInfo
            | F::FileSetAtomicity
            | F::FileSync => self.file_collective_setting(site, args),
            F::FileGetSize
            | F::FileGetGroup
            | F::FileGetAmode
            | F::FileGetInfo
            | F::FileGetAtomicity => self.file_query(site, args),
            F::FileSetView => self.file_set_view(site, args),
            F::FileGetView | F::FileGetTypeExtent | F::FileGetByteOffset => {
                self.file_view_query(site, args)
            }
            F::FileSeek | F::FileGetPosition => self.file_seek(site, args),
            F::FileReadShared
            | F::FileWriteShared
            | F::FileIreadShared
            | F::FileIwriteShared
            | F::FileGetPositionShared => self.file_shared(site, args),
            F::FileReadOrdered
            | F::FileWriteOrdered
            | F::FileSeekShared
            | F::FileReadOrderedBegin
            | F::FileWriteOrderedBegin => self.file_ordered(site, args),
            F::FileReadOrderedEnd | F::FileWriteOrderedEnd => self.file_ordered_end(site, args),
            F::FileReadAtAllEnd | F::FileWriteAtAllEnd | F::FileReadAllEnd | F::FileWriteAllEnd => {
                self.file_split_end(site, args)
            }
            _ => self.file_access(site, args),
        }
    }

    /// The open file a handle value names for the caller, with the caller's
    /// rank in its group: a live handle of a member.
    pub(crate) fn file(&self, site: &Site, handle: u64) -> Result<(FileId, usize), Halt> {
        if handle == 0 {
            return Err(site.invalid("fh is MPI_FILE_NULL"));
        }
        let Some(f) = file_of_handle(handle).filter(|&f| f < self.world.files.open.len()) else {
            return Err(site.invalid(format!("invalid file handle 0x{handle:x}")));
        };
        let file = &self.world.files.open[f];
        match self.world.comms[file.comm].rank_of(site.rank) {
            Some(m) if file.members[m].live.is_some() => Ok((f, m)),
            Some(_) => Err(site.invalid("the file was already closed by MPI_File_close")),
            None => Err(site.invalid("the process is not in the group that opened the file")),
        }
    }

    /// The first member's contribution to the caller's next collective on
    /// file `f` (its hidden communicator), if one arrived: what the
    /// caller's sizes, flags or view must agree with.
    pub(super) fn first_at_next_file_collective(
        &self,
        site: &Site,
        f: FileId,
    ) -> Option<&runtime_model::mpi::collective::Contribution> {
        let c = &self.world.comms[self.world.files.open[f].sync];
        let crank = c.rank_of(site.rank).unwrap_or(0);
        c.instances
            .get(c.next_instance[crank])
            .and_then(|i| i.arrivals.iter().flatten().next())
    }

    /// A file as reports name it: `file 1 "out.dat"`.
    pub(crate) fn file_label(&self, f: FileId) -> String {
        format!("file {} \"{}\"", f + 1, self.world.files.open[f].name)
    }
}

/// What a data access did, for its trace line: the bytes it moved, or the
/// error class it returned.
fn access_outcome(code: i32, moved: u64) -> String {
    if code == 0 {
        format!("{moved} bytes")
    } else {
        runtime_model::handles::error_class_name(code)
            .unwrap_or("error")
            .to_string()
    }
}
