//! MPI-IO (MPI 3.1 chapter 13; docs/guide/mpi-io.md): files of the check,
//! kept in memory (`runtime_model::mpi::file`), opened collectively by a
//! group, read and written through views.
//!
//! - `files`: open, close, delete, size, hints, atomicity, sync, and what
//!   must be closed at `MPI_Finalize`;
//! - `views`: `MPI_File_set_view` and the queries on views;
//! - `access`: the data access calls (explicit offsets, individual file
//!   pointers; blocking, nonblocking, collective and split collective).
//!
//! The default error handler of files is `MPI_ERRORS_RETURN` (§13.7): an
//! I/O error (a missing file, a write to a file opened read-only) is the
//! call's return value and the program goes on. Only what the standard
//! calls erroneous is reported.

mod access;
mod files;
mod races;
mod views;

use super::decode::{Effect, Site};
use crate::mpi::machine::*;
use runtime_model::mpi::collective::Contribution;
use runtime_model::mpi::file::{file_of_handle, FileId};
use runtime_model::mpi::p2p::EventRef;
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// The MPI-IO family's handler.
    pub(crate) fn call_io(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
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

    /// Joins the next collective of `comm` (a file's opening communicator,
    /// or its hidden one for the file's own collectives) as `site.func`:
    /// members calling different collective functions, or the same ones in
    /// different orders, are a `collective-mismatch` (MPI 3.1 §13.6.3 as
    /// §5.13). `synchronizing`: every member waits for all.
    pub(super) fn join_file_collective(
        &mut self,
        site: &Site,
        comm: CommId,
        ev: EventRef,
        args: Vec<i64>,
        synchronizing: bool,
    ) -> Result<(usize, Block), Halt> {
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let k = self.world.comms[comm].join_next(crank, synchronizing);
        let contribution = Contribution {
            func: site.func,
            root: None,
            op: None,
            datatype: 0,
            send: None,
            recv_block: 0,
            send_block: 0,
            event: ev,
            args,
            send_types: Vec::new(),
            recv_types: Vec::new(),
            remote: None,
        };
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, contribution) {
            return Err(self.collective_mismatch(site, comm, k, m, None, "root"));
        }
        self.version += 1;
        Ok((
            k,
            Block::Collective {
                comm,
                instance: k,
                recv_buf: 0,
            },
        ))
    }

    /// A file as reports name it: `file 1 "out.dat"`.
    pub(crate) fn file_label(&self, f: FileId) -> String {
        format!("file {} \"{}\"", f + 1, self.world.files.open[f].name)
    }
}
