//! The shared file pointer (MPI 3.1 §13.4.4): one per collectively opened
//! file, in etypes of the view, which every member must have the same.
//!
//! - `MPI_File_read_shared`, `write_shared` and their `i` forms, and
//!   `MPI_File_get_position_shared`: each call takes the pointer in turn,
//!   "as if the accesses were serialized" in an order the implementation
//!   chooses. The call waits (`Block::SharedFp`) until the search lets it
//!   take the pointer (`Decision::TakeShared`); every member waiting on the
//!   same file is an option, and a "defer" branch lets an access not made
//!   yet go first, as for lock grants (`crate::mpi::rma::grant`), so that
//!   every order of the accesses is explored once. Two accesses of one file
//!   are always dependent: each moves the pointer the other starts from.
//! - `MPI_File_read_ordered`, `write_ordered`: collective, serialized in
//!   rank order. A member's offset is the pointer plus the lower ranks'
//!   parts, so the data moves when the last member arrives, and the calls
//!   wait for all members (they synchronize, which §5.14 lets any
//!   collective do; ROMIO passes a token from rank to rank).
//! - `MPI_File_read_ordered_begin`/`_end`, `write_ordered_begin`/`_end`
//!   (§13.4.5): the begin joins the collective and returns; the parts move
//!   when the last member begins, as for the blocking forms, and an end
//!   called before that waits for it (an implementation may do the whole
//!   access in either call). The buffer is guarded from begin to end.
//! - `MPI_File_seek_shared`: collective, same offset and whence everywhere;
//!   "all processes are synchronized before the pointer is updated".
//!
//! The pointer advances by the etypes requested, whatever a read reached
//! (§13.4.4); the accesses are accesses like any other for `io-race`.

use super::super::decode::{datatype_name, Effect, Site};
use crate::mpi::args::Args;
use crate::mpi::completion::empty_status;
use crate::mpi::decide::Decision;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::file::{FileId, Ordered};
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi_api::MpiFunc as F;

/// A shared-pointer access a blocked process waits to make.
struct Waiter {
    rank: usize,
    file: FileId,
    deferred: Option<Vec<usize>>,
    /// `MPI_File_get_position_shared`: reads the pointer, moves nothing.
    query: bool,
}

fn waiters(state: &Machine) -> Vec<Waiter> {
    state
        .procs
        .iter()
        .enumerate()
        .filter_map(|(rank, p)| match &p.phase {
            Phase::Blocked {
                block: Block::SharedFp { file, deferred, .. },
                func,
                ..
            } => Some(Waiter {
                rank,
                file: *file,
                deferred: deferred.clone(),
                query: *func == F::FileGetPositionShared,
            }),
            _ => None,
        })
        .collect()
}

/// The pending shared-pointer decisions, one per file with waiting
/// accesses: (owner, options, defer).
pub fn shared_decisions(state: &Machine) -> Vec<(usize, Vec<Decision>, Decision)> {
    let all = waiters(state);
    let mut out = Vec::new();
    let mut files: Vec<FileId> = Vec::new();
    for w in &all {
        if files.contains(&w.file) {
            continue;
        }
        files.push(w.file);
        let group: Vec<&Waiter> = all.iter().filter(|q| q.file == w.file).collect();
        // A deferral is kept by the member that was first when it was
        // taken; a member that arrived since may come before it.
        let excluded: Vec<usize> = group
            .iter()
            .find_map(|q| q.deferred.clone())
            .unwrap_or_default();
        // Position queries commute with each other: one of them is
        // enough beside every access that moves the pointer (the others
        // stay waiting and are offered again, before or after any mover).
        let mut query = false;
        let ranks: Vec<usize> = group
            .iter()
            .filter(|q| !excluded.contains(&q.rank))
            .filter(|q| !q.query || !std::mem::replace(&mut query, true))
            .map(|q| q.rank)
            .collect();
        if ranks.is_empty() {
            continue;
        }
        let mut ex = excluded;
        ex.extend(ranks.iter().copied());
        out.push((
            w.rank,
            ranks
                .iter()
                .map(|&rank| Decision::TakeShared { rank })
                .collect(),
            Decision::DeferShared {
                rank: w.rank,
                excluded: ex,
            },
        ));
    }
    out
}

/// Whether a deferral of a shared pointer was never satisfied: no access
/// made after it took the pointer first, so the branch that let one of
/// the waiting accesses go covers this execution.
pub fn shared_skipped(state: &Machine) -> bool {
    waiters(state).iter().any(|w| w.deferred.is_some())
}

impl Machine {
    /// Whether the members of file `f` that set as many views as member
    /// `m` have its view (MPI 3.1 §13.4.4: "all processes must use the same
    /// file view" for the shared file pointer routines). Members that have
    /// not reached the latest MPI_File_set_view yet are not compared.
    fn check_same_views(&self, site: &Site, f: FileId, m: usize) -> Result<(), Halt> {
        let file = &self.world.files.open[f];
        let mine = &file.members[m];
        let same = |a: &runtime_model::mpi::file::View, b: &runtime_model::mpi::file::View| {
            (a.disp, a.etype_size, &a.tile, a.extent, &a.datarep)
                == (b.disp, b.etype_size, &b.tile, b.extent, &b.datarep)
        };
        for (q, other) in file.members.iter().enumerate() {
            if q == m || other.live.is_none() || other.views != mine.views {
                continue;
            }
            if !same(&other.view, &mine.view) {
                let rank = self.world.comms[file.comm].members[q];
                let show = |v: &runtime_model::mpi::file::View| {
                    format!(
                        "displacement {}, etype {}, filetype {}",
                        v.disp,
                        datatype_name(v.etype),
                        datatype_name(v.filetype)
                    )
                };
                return Err(site.invalid(format!(
                    "{} uses the shared file pointer of {}, but rank {rank}'s view ({}) differs from this rank's ({}): the shared file pointer routines require every process to use the same file view (MPI 3.1 §13.4.4)",
                    site.func.name(),
                    self.file_label(f),
                    show(&other.view),
                    show(&mine.view)
                )));
            }
        }
        Ok(())
    }

    /// The checks of a data access's buffer against file `f`'s view (member
    /// `m`), shared by the individual and ordered forms: the etypes it
    /// accesses, and the error class it returns (0 when it may go on).
    fn shared_access_size(
        &self,
        site: &Site,
        f: FileId,
        m: usize,
        count: i32,
        datatype: i32,
        write: bool,
    ) -> Result<(u64, i32), Halt> {
        let len = self.packed_size(site, count, datatype)?;
        let file = &self.world.files.open[f];
        let view = &file.members[m].view;
        if !len.is_multiple_of(view.etype_size) {
            return Err(site.invalid(format!(
                "{count} elements of {} are {len} bytes, not whole etypes of the view ({} bytes of {}): the type signature must be copies of the etype's (MPI 3.1 §13.4.1)",
                datatype_name(datatype),
                view.etype_size,
                datatype_name(view.etype)
            )));
        }
        // §13.7: returned, files' default error handler is
        // MPI_ERRORS_RETURN.
        let code = if write && file.amode & h::MPI_MODE_RDONLY != 0 {
            h::MPI_ERR_READ_ONLY
        } else if !write && file.amode & h::MPI_MODE_WRONLY != 0 {
            h::MPI_ERR_ACCESS
        } else {
            0
        };
        Ok((len / view.etype_size.max(1), code))
    }

    /// MPI_File_read_shared, write_shared, their `i` forms and
    /// get_position_shared: checked now, made when the search lets the
    /// call take the pointer (`take_shared`).
    pub(super) fn file_shared(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        self.check_same_views(site, f, m)?;
        if site.func != F::FileGetPositionShared {
            let write = matches!(site.func.blocking_form(), F::FileWriteShared);
            let (buf, count, datatype) = (a.ptr("buf")?, a.int("count")?, a.int("datatype")?);
            self.shared_access_size(site, f, m, count, datatype, write)?;
            self.check_typed_free(site, buf, count, datatype, !write)?;
        }
        self.log_call(site, None, None);
        Ok(Effect::Block(Block::SharedFp {
            file: f,
            args: args.to_vec(),
            deferred: None,
        }))
    }

    /// Decision `TakeShared`: `rank`'s access takes the shared pointer.
    pub fn take_shared(&mut self, model: &Model, rank: usize) -> Result<(), Halt> {
        let Phase::Blocked {
            block: Block::SharedFp { file, args, .. },
            loc,
            func,
        } = self.procs[rank].phase.clone()
        else {
            return Ok(());
        };
        let site = Site { rank, loc, func };
        let code = self.shared_now(&site, file, &args)?;
        if code != 0 {
            let fh = Args::new(func, &args).ptr("fh")?;
            self.file_error(model, &site, fh, code)?;
        }
        // Deferrals waiting for another access to go first are satisfied.
        for p in &mut self.procs {
            if let Phase::Blocked {
                block: Block::SharedFp {
                    file: g, deferred, ..
                },
                ..
            } = &mut p.phase
            {
                if *g == file && deferred.as_ref().is_some_and(|d| !d.contains(&rank)) {
                    *deferred = None;
                }
            }
        }
        self.version += 1;
        self.procs[rank].phase = Phase::Ready;
        self.procs[rank].proc.finish_call(model, code as u64);
        Ok(())
    }

    /// Decision `DeferShared`.
    pub fn defer_shared(&mut self, rank: usize, excluded: Vec<usize>) {
        if let Phase::Blocked {
            block: Block::SharedFp { deferred, .. },
            ..
        } = &mut self.procs[rank].phase
        {
            *deferred = Some(excluded);
        }
    }

    /// The access of `site` at the shared pointer of file `f`, now; its
    /// return value.
    fn shared_now(&mut self, site: &Site, f: FileId, args: &[u64]) -> Result<i32, Halt> {
        let a = Args::new(site.func, args);
        let label = self.file_label(f);
        let m = self.world.comms[self.world.files.open[f].comm]
            .rank_of(site.rank)
            .unwrap_or(0);
        let start = self.world.files.open[f].shared;
        if site.func == F::FileGetPositionShared {
            self.store_i64(site, a.ptr("offset")?, start, "offset")?;
            self.trace_event(
                site.rank,
                site.loc,
                format!("MPI_File_get_position_shared({label}) -> position {start}"),
            );
            return Ok(0);
        }
        let write = matches!(site.func.blocking_form(), F::FileWriteShared);
        let (buf, count, datatype) = (a.ptr("buf")?, a.int("count")?, a.int("datatype")?);
        let (etypes, code) = self.shared_access_size(site, f, m, count, datatype, write)?;
        let moved = if code == 0 {
            // §13.4.4: the pointer points past the etypes requested,
            // whatever a read found.
            self.world.files.open[f].shared += etypes;
            self.move_data(site, f, start, buf, count, datatype, write)?
        } else {
            0
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}({label}, shared position {start}, count={count}, {}) -> {}",
                site.func.name(),
                datatype_name(datatype),
                super::access_outcome(code, moved)
            ),
        );
        if code != 0 {
            return Ok(code);
        }
        let status = runtime_model::mpi::p2p::Status {
            bytes: moved,
            ..empty_status()
        };
        if site.func.is_nonblocking() {
            let ev = (site.rank, self.procs[site.rank].calls.saturating_sub(1));
            let r = self.world.p2p.post(site.rank, ReqOp::Null { status }, ev);
            self.guard_typed(site, r, buf, count, datatype, !write)?;
            let handle = self.hand_out(r);
            self.write_i32(site, a.ptr("request")?, handle, "request")?;
        } else {
            self.write_status(site, a.ptr("status")?, &status, 0)?;
        }
        Ok(0)
    }

    /// MPI_File_read_ordered, write_ordered and seek_shared: the member's
    /// part, kept until every member made its call; the last one moves
    /// every part (`finish_ordered`).
    pub(super) fn file_ordered(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        self.check_same_views(site, f, m)?;
        let label = self.file_label(f);
        // MPI_File_read_ordered_begin / write_ordered_begin (§13.4.5).
        let split = matches!(
            site.func,
            F::FileReadOrderedBegin | F::FileWriteOrderedBegin
        );
        let (part, value, code, shown) = if site.func == F::FileSeekShared {
            let offset = a.raw("offset")? as i64;
            let whence = a.int("whence")?;
            if ![h::MPI_SEEK_SET, h::MPI_SEEK_CUR, h::MPI_SEEK_END].contains(&whence) {
                return Err(site.invalid(format!(
                    "whence {whence} is none of MPI_SEEK_SET, MPI_SEEK_CUR, MPI_SEEK_END"
                )));
            }
            let value = vec![offset, whence as i64];
            // §13.4.4: every process gives the same offset and whence.
            self.check_same_value(site, f, &value)?;
            let part = Ordered {
                func: site.func,
                loc: site.loc,
                buf: 0,
                count: 0,
                datatype: 0,
                status: 0,
                etypes: 0,
                write: false,
                seek: Some((offset, whence)),
            };
            (Some(part), value, 0, format!("offset={offset}"))
        } else {
            let write = matches!(site.func, F::FileWriteOrdered | F::FileWriteOrderedBegin);
            if split {
                if let Some((begin, _)) = self.world.files.open[f].members[m].split {
                    return Err(site.invalid(format!(
                        "{} on {label} is not ended yet: a file handle has at most one active split collective (MPI 3.1 §13.4.5)",
                        begin.name()
                    )));
                }
            }
            let (buf, count, datatype) = (a.ptr("buf")?, a.int("count")?, a.int("datatype")?);
            let (etypes, code) = self.shared_access_size(site, f, m, count, datatype, write)?;
            self.check_typed_free(site, buf, count, datatype, !write)?;
            let part = (code == 0).then(|| Ordered {
                func: site.func,
                loc: site.loc,
                buf,
                count,
                datatype,
                status: a.ptr("status").unwrap_or(0),
                etypes,
                write,
                seek: None,
            });
            (
                part,
                Vec::new(),
                code,
                format!("count={count}, {}", datatype_name(datatype)),
            )
        };
        let ev = self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!("{}({label}, {shown})", site.func.name()),
        );
        let begun = split && part.is_some();
        let guarded = part.as_ref().map(|o| (o.buf, o.count, o.datatype, o.write));
        self.world.files.open[f].members[m].ordered = part;
        let sync = self.world.files.open[f].sync;
        // A begin returns at once; its end waits for the other members'
        // begins when they are not all in (`file_ordered_end`).
        let (k, block) = self.join_control_collective(site, sync, ev, value, !split)?;
        if begun {
            if let Some((buf, count, datatype, write)) = guarded {
                // §13.4.5: the buffer is MPI's until the end call, as a
                // nonblocking access's until it completes (§13.6.1).
                let r = self.world.p2p.post(
                    site.rank,
                    ReqOp::Null {
                        status: empty_status(),
                    },
                    ev,
                );
                self.guard_typed(site, r, buf, count, datatype, !write)?;
                let member = &mut self.world.files.open[f].members[m];
                member.split = Some((site.func, 0));
                member.split_guard = Some(r);
                member.ordered_split = Some(k);
            }
        }
        if self.world.comms[sync].instances[k].all_arrived() {
            self.finish_ordered(site, f)?;
        }
        if code != 0 || split {
            return Ok(Effect::Return(code as u64));
        }
        Ok(Effect::Block(block))
    }

    /// MPI_File_read_ordered_end and write_ordered_end (§13.4.5): the
    /// status of the access the begin started. When a member has not
    /// begun yet, nothing has moved: the end waits for the last begin
    /// (which §13.4.5 allows: an implementation may do the whole
    /// collective in the end call), whose arrival moves every part.
    pub(super) fn file_ordered_end(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let expected = if site.func == F::FileReadOrderedEnd {
            F::FileReadOrderedBegin
        } else {
            F::FileWriteOrderedBegin
        };
        let moved = match self.world.files.open[f].members[m].split {
            Some((begin, moved)) if begin == expected => moved,
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
        let status_addr = a.ptr("status")?;
        let ev = self.log_call(site, None, None);
        let member = &mut self.world.files.open[f].members[m];
        member.split = None;
        let waiting = member.ordered_split.take();
        if let Some(r) = member.split_guard.take() {
            self.release_buffers(site.rank, r);
            self.world.p2p.requests[r].completed_at = Some(ev);
        }
        let sync = self.world.files.open[f].sync;
        match waiting {
            Some(k) => {
                // The part still waits for the other members: the status
                // goes where this call says when it moves.
                if let Some(o) = &mut self.world.files.open[f].members[m].ordered {
                    o.status = status_addr;
                }
                self.trace_event(
                    site.rank,
                    site.loc,
                    format!(
                        "{}({label}) waits for every member's begin",
                        site.func.name()
                    ),
                );
                Ok(Effect::Block(Block::Collective {
                    comm: sync,
                    instance: k,
                    recv_buf: 0,
                }))
            }
            None => {
                self.trace_event(
                    site.rank,
                    site.loc,
                    format!("{}({label}) -> {moved} bytes", site.func.name()),
                );
                let status = runtime_model::mpi::p2p::Status {
                    bytes: moved,
                    ..empty_status()
                };
                self.write_status(site, status_addr, &status, 0)?;
                Ok(Effect::Return(0))
            }
        }
    }

    /// Every member of file `f` made its ordered call (`site` is the last):
    /// the parts go in rank order from the shared pointer, which then points
    /// past them all; or the seek sets it.
    fn finish_ordered(&mut self, site: &Site, f: FileId) -> Result<(), Halt> {
        let comm = self.world.files.open[f].comm;
        let parts: Vec<(usize, Ordered)> = self.world.files.open[f]
            .members
            .iter_mut()
            .enumerate()
            .filter_map(|(q, mb)| mb.ordered.take().map(|o| (q, o)))
            .collect();
        let label = self.file_label(f);
        if let Some((offset, whence)) = parts.first().and_then(|p| p.1.seek) {
            let file = &self.world.files.open[f];
            let base = match whence {
                h::MPI_SEEK_CUR => file.shared as i64,
                h::MPI_SEEK_END => {
                    let size = self.world.files.size(&file.name);
                    file.members[parts[0].0].view.end_position(size) as i64
                }
                _ => 0,
            };
            let to = base.saturating_add(offset);
            if to < 0 {
                return Err(site.invalid(format!(
                    "MPI_File_seek_shared moves the shared file pointer of {label} to position {to}: seeking to a negative position is erroneous (MPI 3.1 §13.4.4)"
                )));
            }
            self.world.files.open[f].shared = to as u64;
            self.version += 1;
            self.trace_event(
                site.rank,
                site.loc,
                format!("MPI_File_seek_shared({label}) -> shared position {to}"),
            );
            return Ok(());
        }
        let mut at = self.world.files.open[f].shared;
        for (q, o) in parts {
            let rank = self.world.comms[comm].members[q];
            let member = Site {
                rank,
                loc: o.loc,
                func: o.func,
            };
            // A begun split form's buffer is guarded until its end: the
            // library's own access goes through (then the guard is back).
            let guard = self.world.files.open[f].members[q]
                .split_guard
                .filter(|_| self.world.files.open[f].members[q].ordered_split.is_some());
            if let Some(r) = guard {
                self.release_buffers(rank, r);
            }
            let moved = self.move_data(&member, f, at, o.buf, o.count, o.datatype, o.write)?;
            if let Some(r) = guard {
                self.guard_typed(&member, r, o.buf, o.count, o.datatype, !o.write)?;
            }
            self.trace_event(
                rank,
                o.loc,
                format!(
                    "{}({label}) of rank {rank} at shared position {at} -> {moved} bytes",
                    o.func.name()
                ),
            );
            at += o.etypes;
            let status = runtime_model::mpi::p2p::Status {
                bytes: moved,
                ..empty_status()
            };
            // A begun split form not ended yet keeps what moved for its
            // end call (§13.4.5).
            let mb = &mut self.world.files.open[f].members[q];
            if mb.ordered_split.take().is_some() {
                mb.split = Some((o.func, moved));
            }
            self.write_status(&member, o.status, &status, 0)?;
        }
        self.world.files.open[f].shared = at;
        self.version += 1;
        Ok(())
    }
}
