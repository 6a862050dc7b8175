//! Data access (MPI 3.1 §13.4): reads and writes at explicit offsets
//! (§13.4.2) and at the individual file pointer (§13.4.3), blocking,
//! nonblocking (a request the MPI_Wait/Test family completes) and
//! collective, with split collectives (§13.4.5); `MPI_File_seek` and
//! `MPI_File_get_position`.
//!
//! An access moves its data when it is called: MPI lets a nonblocking
//! access complete at any time up to its completion call, and the
//! program may not touch the buffer in between (§13.6.1 as §3.7.2), which
//! the buffer's guard checks until the request completes. A read that
//! reaches the end of the file is short: its status counts the bytes read
//! (§13.4.1, `MPI_Get_count`).

use super::super::decode::{datatype_name, Effect, Site};
use crate::mpi::args::Args;
use crate::mpi::completion::empty_status;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::file::FileId;
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi_api::MpiFunc as F;

/// What kind of access a call is.
struct Kind {
    write: bool,
    /// At an explicit offset (its `offset` argument), else at the
    /// individual file pointer.
    explicit: bool,
    collective: bool,
    nonblocking: bool,
    /// The begin of a split collective (§13.4.5).
    split: bool,
}

fn kind_of(func: F) -> Kind {
    let base = func.blocking_form();
    Kind {
        write: matches!(
            base,
            F::FileWriteAt
                | F::FileWriteAtAll
                | F::FileWrite
                | F::FileWriteAll
                | F::FileWriteAtAllBegin
                | F::FileWriteAllBegin
        ),
        explicit: func.param_index("offset").is_some(),
        collective: func.is_collective(),
        nonblocking: func.is_nonblocking(),
        split: matches!(
            func,
            F::FileReadAtAllBegin
                | F::FileWriteAtAllBegin
                | F::FileReadAllBegin
                | F::FileWriteAllBegin
        ),
    }
}

/// The begin call an end call finishes (§13.4.5).
fn begin_of(end: F) -> Option<F> {
    Some(match end {
        F::FileReadAtAllEnd => F::FileReadAtAllBegin,
        F::FileWriteAtAllEnd => F::FileWriteAtAllBegin,
        F::FileReadAllEnd => F::FileReadAllBegin,
        F::FileWriteAllEnd => F::FileWriteAllBegin,
        _ => return None,
    })
}

impl Machine {
    /// A read or a write (every data access call but the split ends).
    pub(super) fn file_access(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let kind = kind_of(site.func);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let amode = self.world.files.open[f].amode;
        if amode & h::MPI_MODE_SEQUENTIAL != 0 {
            let (what, section) = if kind.explicit {
                ("explicit offsets", "§13.4.2")
            } else {
                ("the individual file pointer", "§13.4.3")
            };
            return Err(site.invalid(format!(
                "{label} was opened with MPI_MODE_SEQUENTIAL: accessing it with {what} is erroneous (MPI 3.1 {section})"
            )));
        }
        let offset = if kind.explicit {
            let offset = a.raw("offset")? as i64;
            if offset < 0 {
                return Err(site.invalid(format!(
                    "the offset is negative ({offset}); it counts etypes from the view's start (MPI 3.1 §13.4.2)"
                )));
            }
            Some(offset as u64)
        } else {
            None
        };
        let (buf, count, datatype) = (a.ptr("buf")?, a.int("count")?, a.int("datatype")?);
        let len = self.packed_size(site, count, datatype)?;
        let view = self.world.files.open[f].members[m].view.clone();
        if !len.is_multiple_of(view.etype_size) {
            return Err(site.invalid(format!(
                "{count} elements of {} are {len} bytes, not whole etypes of the view ({} bytes of {}): the type signature must be copies of the etype's (MPI 3.1 §13.4.1)",
                datatype_name(datatype),
                view.etype_size,
                datatype_name(view.etype)
            )));
        }
        if kind.split {
            if let Some((begin, _)) = self.world.files.open[f].members[m].split {
                return Err(site.invalid(format!(
                    "{} on {label} is not ended yet: a file handle has at most one active split collective (MPI 3.1 §13.4.5)",
                    begin.name()
                )));
            }
        }
        // §13.7: MPI_ERR_READ_ONLY / MPI_ERR_ACCESS, returned (files'
        // default error handler is MPI_ERRORS_RETURN); a collective still
        // joins its members.
        let code = if kind.write && amode & h::MPI_MODE_RDONLY != 0 {
            h::MPI_ERR_READ_ONLY
        } else if !kind.write && amode & h::MPI_MODE_WRONLY != 0 {
            h::MPI_ERR_ACCESS
        } else {
            0
        };
        self.check_typed_free(site, buf, count, datatype, !kind.write)?;
        let start = offset.unwrap_or(self.world.files.open[f].members[m].pointer);
        let moved = if code != 0 {
            0
        } else {
            self.move_data(site, f, start, buf, count, datatype, kind.write)?
        };
        if offset.is_none() {
            self.world.files.open[f].members[m].pointer += moved / view.etype_size;
        }
        let ev = self.log_call(site, None, None);
        let at = match offset {
            Some(o) => format!("offset={o}"),
            None => format!("position {start}"),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}({label}, {at}, count={count}, {}) -> {}",
                site.func.name(),
                datatype_name(datatype),
                super::access_outcome(code, moved)
            ),
        );
        let status = runtime_model::mpi::p2p::Status {
            bytes: moved,
            ..empty_status()
        };
        let mut effect = Effect::Return(code as u64);
        if kind.collective {
            let sync = self.world.files.open[f].sync;
            let blocking = !kind.nonblocking && !kind.split;
            let synchronizing = blocking && self.world.synchronizing_collectives;
            let (_, block) =
                self.join_control_collective(site, sync, ev, Vec::new(), synchronizing)?;
            if blocking && code == 0 {
                effect = Effect::Block(block);
            }
        }
        if code != 0 {
            return Ok(effect);
        }
        if kind.split {
            // §13.4.5: between the begin and the end the buffer is MPI's,
            // as a nonblocking access's until it completes (§13.6.1): an
            // internal request guards it, released by the end call.
            let r = self.world.p2p.post(site.rank, ReqOp::Null { status }, ev);
            self.guard_typed(site, r, buf, count, datatype, !kind.write)?;
            let member = &mut self.world.files.open[f].members[m];
            member.split = Some((site.func, moved));
            member.split_guard = Some(r);
        } else if kind.nonblocking {
            let r = self.world.p2p.post(site.rank, ReqOp::Null { status }, ev);
            self.guard_typed(site, r, buf, count, datatype, !kind.write)?;
            let handle = self.hand_out(r);
            self.write_i32(site, a.ptr("request")?, handle, "request")?;
        } else {
            self.write_status(site, a.ptr("status")?, &status, 0)?;
        }
        Ok(effect)
    }

    /// Moves `count` elements of `datatype` at `buf` to (`write`) or from
    /// the file through the caller's view, `start` etypes into it; the
    /// bytes moved (a read stops at the end of the file).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn move_data(
        &mut self,
        site: &Site,
        f: FileId,
        start: u64,
        buf: u64,
        count: i32,
        datatype: i32,
        write: bool,
    ) -> Result<u64, Halt> {
        let len = self.packed_size(site, count, datatype)?;
        let file = &self.world.files.open[f];
        let m = self.world.comms[file.comm].rank_of(site.rank).unwrap_or(0);
        let ranges = file.members[m].view.file_ranges(start, len);
        let name = file.name.clone();
        self.check_io_race(site, f, m, &ranges, write)?;
        // Against the processes' accesses through the C library.
        let now = self.io_clocks.as_ref().map(|c| c.now(site.rank).clone());
        if let Err(c) = self.world.files.note_access(
            &name,
            site.rank,
            write,
            now.as_deref(),
            site.func.name(),
            true,
        ) {
            return Err(Halt::Unsupported(format!(
                "{} of \"{name}\" by rank {} is not ordered by MPI synchronization with the {} of it by rank {} ({}): what the {} finds depends on the timing of the two processes, which the check does not explore",
                site.func.name(),
                site.rank,
                if c.write { "write" } else { "read" },
                c.rank,
                c.what,
                if write { "write" } else { "read" }
            )));
        }
        if write {
            let data = self.pack(site, buf, count, datatype, "buf")?;
            self.world.files.write(&name, &ranges, &data);
            self.version += 1;
            Ok(len)
        } else {
            self.check_unpack(site, buf, count, datatype, "buf")?;
            let data = self.world.files.read(&name, &ranges);
            self.unpack(site.rank, buf, datatype, &data)
                .map_err(|e| site.memory("buf", e))?;
            Ok(data.len() as u64)
        }
    }

    /// The end of a split collective (§13.4.5): the status of the access
    /// its begin started.
    pub(super) fn file_split_end(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let expected = begin_of(site.func);
        let moved = match self.world.files.open[f].members[m].split {
            Some((begin, moved)) if Some(begin) == expected => moved,
            Some((begin, _)) => {
                return Err(site.invalid(format!(
                    "{label}'s active split collective is {}, which {} does not end (MPI 3.1 §13.4.5)",
                    begin.name(),
                    site.func.name()
                )))
            }
            None => {
                return Err(site.invalid(format!(
                    "no split collective is active on {label}: {} must follow its begin call (MPI 3.1 §13.4.5)",
                    site.func.name()
                )))
            }
        };
        self.world.files.open[f].members[m].split = None;
        let ev = self.log_call(site, None, None);
        if let Some(r) = self.world.files.open[f].members[m].split_guard.take() {
            self.release_buffers(site.rank, r);
            self.world.p2p.requests[r].completed_at = Some(ev);
        }
        self.trace_event(
            site.rank,
            site.loc,
            format!("{}({label}) -> {moved} bytes", site.func.name()),
        );
        let status = runtime_model::mpi::p2p::Status {
            bytes: moved,
            ..empty_status()
        };
        self.write_status(site, a.ptr("status")?, &status, 0)?;
        Ok(Effect::Return(0))
    }

    /// MPI_File_seek and MPI_File_get_position (§13.4.3): the individual
    /// file pointer, in etypes of the view.
    pub(super) fn file_seek(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let file = &self.world.files.open[f];
        if file.amode & h::MPI_MODE_SEQUENTIAL != 0 {
            return Err(site.invalid(format!(
                "{label} was opened with MPI_MODE_SEQUENTIAL: the individual file pointer routines are erroneous on it (MPI 3.1 §13.4.3)"
            )));
        }
        let pointer = file.members[m].pointer;
        if site.func == F::FileGetPosition {
            self.store_i64(site, a.ptr("offset")?, pointer, "offset")?;
            return Ok(Effect::Return(0));
        }
        let offset = a.raw("offset")? as i64;
        let whence = a.int("whence")?;
        let base = match whence {
            h::MPI_SEEK_SET => 0,
            h::MPI_SEEK_CUR => pointer as i64,
            h::MPI_SEEK_END => {
                let size = self.world.files.size(&file.name);
                file.members[m].view.end_position(size) as i64
            }
            _ => {
                return Err(site.invalid(format!(
                    "whence {whence} is none of MPI_SEEK_SET, MPI_SEEK_CUR, MPI_SEEK_END"
                )))
            }
        };
        let to = base.saturating_add(offset);
        if to < 0 {
            return Err(site.invalid(format!(
                "the seek goes to position {to}: seeking to a negative position is erroneous (MPI 3.1 §13.4.3)"
            )));
        }
        self.world.files.open[f].members[m].pointer = to as u64;
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_File_seek({label}) -> position {to}"),
        );
        Ok(Effect::Return(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_kinds_follow_the_table() {
        let k = kind_of(F::FileIwriteAtAll);
        assert!(k.write && k.explicit && k.collective && k.nonblocking && !k.split);
        let k = kind_of(F::FileReadAllBegin);
        assert!(!k.write && !k.explicit && k.collective && !k.nonblocking && k.split);
        let k = kind_of(F::FileRead);
        assert!(!k.write && !k.explicit && !k.collective && !k.nonblocking);
        assert_eq!(begin_of(F::FileWriteAtAllEnd), Some(F::FileWriteAtAllBegin));
        assert_eq!(begin_of(F::FileRead), None);
    }
}
