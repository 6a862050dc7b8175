//! File manipulation (MPI 3.1 §13.2, §13.6.1): opening a file collectively,
//! closing and deleting it, its size, hints, group and access mode, its
//! atomicity and `MPI_File_sync`; and at `MPI_Finalize`, the files a
//! process left open.

use super::super::decode::{Effect, Site};
use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::info::InfoObject;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::file::{
    file_handle, FileId, Member, OpenFile, View, FILE_COMM_HANDLE_BASE,
};
use runtime_model::mpi::{Comm, CommId};
use runtime_model::mpi_api::MpiFunc as F;

/// Why an access mode is erroneous (MPI 3.1 §13.2.1: exactly one of
/// `MPI_MODE_RDONLY`, `MPI_MODE_RDWR`, `MPI_MODE_WRONLY`; it is erroneous
/// to give `MPI_MODE_CREATE` or `MPI_MODE_EXCL` with `MPI_MODE_RDONLY`,
/// or `MPI_MODE_SEQUENTIAL` with `MPI_MODE_RDWR`).
fn amode_error(amode: i32) -> Option<String> {
    let known = h::MPI_MODE_RDONLY
        | h::MPI_MODE_WRONLY
        | h::MPI_MODE_RDWR
        | h::MPI_MODE_CREATE
        | h::MPI_MODE_EXCL
        | h::MPI_MODE_DELETE_ON_CLOSE
        | h::MPI_MODE_UNIQUE_OPEN
        | h::MPI_MODE_SEQUENTIAL
        | h::MPI_MODE_APPEND;
    let has = |m: i32| amode & m != 0;
    let access = [h::MPI_MODE_RDONLY, h::MPI_MODE_WRONLY, h::MPI_MODE_RDWR]
        .iter()
        .filter(|&&m| has(m))
        .count();
    if amode & !known != 0 {
        Some(format!(
            "amode {amode} has bits that are no MPI_MODE_* file access mode"
        ))
    } else if access != 1 {
        Some("amode must hold exactly one of MPI_MODE_RDONLY, MPI_MODE_WRONLY and MPI_MODE_RDWR (MPI 3.1 §13.2.1)".into())
    } else if has(h::MPI_MODE_RDONLY) && (has(h::MPI_MODE_CREATE) || has(h::MPI_MODE_EXCL)) {
        Some(
            "MPI_MODE_CREATE or MPI_MODE_EXCL with MPI_MODE_RDONLY is erroneous (MPI 3.1 §13.2.1)"
                .into(),
        )
    } else if has(h::MPI_MODE_RDWR) && has(h::MPI_MODE_SEQUENTIAL) {
        Some("MPI_MODE_SEQUENTIAL with MPI_MODE_RDWR is erroneous (MPI 3.1 §13.2.1)".into())
    } else {
        None
    }
}

/// The words of an access mode, for traces: `WRONLY|CREATE`.
pub(super) fn amode_words(amode: i32) -> String {
    let names = [
        (h::MPI_MODE_RDONLY, "RDONLY"),
        (h::MPI_MODE_WRONLY, "WRONLY"),
        (h::MPI_MODE_RDWR, "RDWR"),
        (h::MPI_MODE_CREATE, "CREATE"),
        (h::MPI_MODE_EXCL, "EXCL"),
        (h::MPI_MODE_DELETE_ON_CLOSE, "DELETE_ON_CLOSE"),
        (h::MPI_MODE_UNIQUE_OPEN, "UNIQUE_OPEN"),
        (h::MPI_MODE_SEQUENTIAL, "SEQUENTIAL"),
        (h::MPI_MODE_APPEND, "APPEND"),
    ];
    let words: Vec<&str> = names
        .iter()
        .filter(|(m, _)| amode & m != 0)
        .map(|(_, n)| *n)
        .collect();
    words.join("|")
}

impl Machine {
    /// MPI_File_open (§13.2.1): collective over `comm`; every member gives
    /// the same access mode and names the same file. The first member to
    /// arrive opens it on the file system of the check, so that every
    /// member sees one outcome (a file `MPI_MODE_EXCL` creates is not
    /// "existing" to the members arriving after); a failure is the error
    /// class every member's call returns.
    pub(super) fn file_open(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let comm = self.comm(site, a.int("comm")?)?;
        if self.world.comms[comm].is_inter() {
            return Err(site.invalid(
                "comm is an intercommunicator: a file is opened over an intracommunicator (MPI 3.1 §13.2.1)",
            ));
        }
        let name = self.read_string(site, a.ptr("filename")?, "filename")?;
        let amode = a.int("amode")?;
        if let Some(why) = amode_error(amode) {
            return Err(site.invalid(why));
        }
        let info = a.int("info")?;
        if info != h::MPI_INFO_NULL {
            self.info_entries(site, info)?;
        }
        self.check_same_open(site, comm, &name, amode)?;
        if self.io_clocks.is_none() {
            let calls: Vec<usize> = self.procs.iter().map(|p| p.calls).collect();
            self.io_clocks = Some(Box::new(crate::mpi::rma::clock::Clocks::new(&calls)));
        }
        let ev = self.log_call(site, None, None);
        let (k, block) = self.join_control_collective(site, comm, ev, vec![amode as i64], true)?;
        let outcome = self.file_opened_by(comm, k, &name, amode);
        let m = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let shown = match outcome {
            Ok(f) => {
                self.world.files.open[f].members[m].live = Some(site.loc);
                // What the member knows at its open is what its accesses
                // are consistent with until its first sync (§13.6.1).
                self.world.files.open[f].seen[m] = self
                    .io_clocks
                    .as_ref()
                    .and_then(|c| c.snapshot_of(ev.0, ev.1));
                let mem = &mut self.procs[site.rank].proc.mem;
                mem.store(a.ptr("fh")?, 8, file_handle(f))
                    .map_err(|e| site.memory("fh", e))?;
                format!("file {}", f + 1)
            }
            Err(code) => h::error_class_name(code).unwrap_or("an error").to_string(),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_File_open(\"{name}\", {}) -> {shown}",
                amode_words(amode)
            ),
        );
        match outcome {
            Ok(_) => Ok(Effect::Block(block)),
            // Every member fails alike and returns the error class (§13.7:
            // files' default error handler is MPI_ERRORS_RETURN); a failed
            // open need not synchronize.
            Err(code) => Ok(Effect::Return(code as u64)),
        }
    }

    /// Every member of one MPI_File_open gives the same access mode and
    /// the same file name (§13.2.1; the model takes "the same file" as the
    /// same name).
    fn check_same_open(
        &self,
        site: &Site,
        comm: CommId,
        name: &str,
        amode: i32,
    ) -> Result<(), Halt> {
        let c = &self.world.comms[comm];
        let crank = c.rank_of(site.rank).unwrap_or(0);
        let k = c.next_instance[crank];
        let Some(first) = c
            .instances
            .get(k)
            .and_then(|i| i.arrivals.iter().flatten().next())
        else {
            return Ok(());
        };
        if first.func != F::FileOpen {
            return Ok(());
        }
        let other = first.event.0;
        if first.args.first() != Some(&(amode as i64)) {
            return Err(site.invalid(format!(
                "rank {} opened with amode {} ({}), this rank with {amode} ({}): all processes must give the same access mode (MPI 3.1 §13.2.1)",
                other,
                first.args.first().copied().unwrap_or(0),
                amode_words(first.args.first().copied().unwrap_or(0) as i32),
                amode_words(amode)
            )));
        }
        if let Some(&(_, Ok(f))) = self
            .world
            .files
            .made_by
            .iter()
            .find(|(x, _)| *x == (comm, k))
        {
            let theirs = &self.world.files.open[f].name;
            if theirs != name {
                return Err(site.invalid(format!(
                    "rank {other} opened \"{theirs}\", this rank \"{name}\": all processes must name the same file (MPI 3.1 §13.2.1)"
                )));
            }
        }
        Ok(())
    }

    /// The file the open collective `k` of `comm` opened, or the error
    /// class it failed with; the first member to arrive decides.
    fn file_opened_by(
        &mut self,
        comm: CommId,
        k: usize,
        name: &str,
        amode: i32,
    ) -> Result<FileId, i32> {
        if let Some(&(_, r)) = self
            .world
            .files
            .made_by
            .iter()
            .find(|(x, _)| *x == (comm, k))
        {
            return r;
        }
        let has = |m: i32| amode & m != 0;
        let exists = self
            .world
            .files
            .lookup(name, |n| std::fs::read(n).ok())
            .is_some();
        let outcome = if !exists && !has(h::MPI_MODE_CREATE) {
            Err(h::MPI_ERR_NO_SUCH_FILE)
        } else if exists && has(h::MPI_MODE_CREATE) && has(h::MPI_MODE_EXCL) {
            Err(h::MPI_ERR_FILE_EXISTS)
        } else {
            if !exists {
                self.world.files.create(name);
            }
            let members = self.world.comms[comm].members.clone();
            let f = self.world.files.open.len();
            let sync = self.world.comms.len();
            let mut hidden = Comm::new(
                FILE_COMM_HANDLE_BASE.wrapping_add(f as i32),
                members.clone(),
            );
            hidden.origin = Some((F::FileOpen, comm));
            self.world.comms.push(hidden);
            // §13.2.1: MPI_MODE_APPEND sets the initial position of all
            // file pointers to the end of the file (in bytes: the default
            // view's etype).
            let start = if has(h::MPI_MODE_APPEND) {
                self.world.files.size(name)
            } else {
                0
            };
            let member = Member {
                live: None,
                view: View::default_view(h::MPI_BYTE),
                pointer: start,
                split: None,
                split_guard: None,
                views: 0,
                errhandler: h::MPI_ERRORS_RETURN,
                ordered: None,
                ordered_split: None,
            };
            // §13.7: a new handle gets its process's default file error
            // handler (the one of MPI_FILE_NULL).
            let handlers: Vec<i32> = members
                .iter()
                .map(|&r| self.world.files.default_handler(r))
                .collect();
            self.world.files.open.push(OpenFile {
                name: name.to_string(),
                comm,
                sync,
                amode,
                atomic: false,
                syncs: vec![0; members.len()],
                seen: vec![None; members.len()],
                members: handlers
                    .iter()
                    .map(|&errhandler| Member {
                        errhandler,
                        ..member.clone()
                    })
                    .collect(),
                accesses: Vec::new(),
                shared: start,
            });
            Ok(f)
        };
        self.world.files.made_by.push(((comm, k), outcome));
        outcome
    }

    /// MPI_File_close (§13.2.2): collective; the handle becomes
    /// `MPI_FILE_NULL`. A split collective still open on it is erroneous
    /// (§13.4.5). The last member to close a file opened with
    /// `MPI_MODE_DELETE_ON_CLOSE` deletes it.
    pub(super) fn file_close(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let addr = a.ptr("fh")?;
        let handle = self.procs[site.rank]
            .proc
            .mem
            .load(addr, 8)
            .map_err(|e| site.memory("fh", e))?;
        let (f, m) = self.file(site, handle)?;
        if let Some((begin, _)) = self.world.files.open[f].members[m].split {
            return Err(site.invalid(format!(
                "{} is closed while its split collective {} was not ended (MPI 3.1 §13.4.5)",
                self.file_label(f),
                begin.name()
            )));
        }
        let ev = self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_File_close({})", self.file_label(f)),
        );
        let sync = self.world.files.open[f].sync;
        let (_, block) = self.join_control_collective(site, sync, ev, Vec::new(), true)?;
        self.settle_accesses(f, m, false, ev);
        let file = &mut self.world.files.open[f];
        file.members[m].live = None;
        if !file.is_open() && file.amode & h::MPI_MODE_DELETE_ON_CLOSE != 0 {
            let name = file.name.clone();
            self.world.files.delete(&name);
        }
        self.procs[site.rank]
            .proc
            .mem
            .store(addr, 8, h::MPI_FILE_NULL as u64)
            .map_err(|e| site.memory("fh", e))?;
        Ok(Effect::Block(block))
    }

    /// MPI_File_delete (§13.2.3): `MPI_ERR_NO_SUCH_FILE` for a missing
    /// file. Deleting a file some process has open is not erroneous, but
    /// what it does is implementation dependent; the model takes the
    /// choice the standard names, `MPI_ERR_FILE_IN_USE`, and keeps the
    /// file.
    pub(super) fn file_delete(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let name = self.read_string(site, a.ptr("filename")?, "filename")?;
        let info = a.int("info")?;
        if info != h::MPI_INFO_NULL {
            self.info_entries(site, info)?;
        }
        self.log_call(site, None, None);
        let in_use = self
            .world
            .files
            .open
            .iter()
            .any(|f| f.name == name && f.is_open());
        if in_use {
            self.portability_note(
                site.loc,
                &format!("MPI_File_delete of \"{name}\" while a process has it open"),
                "MPI 3.1 §13.2.3 leaves it to the implementation whether the file is deleted and what accesses through the open handles do; the check returns MPI_ERR_FILE_IN_USE and keeps the file, while MPICH (ROMIO) deletes it and returns MPI_SUCCESS",
                "close the file on every process before deleting it, or open it with MPI_MODE_DELETE_ON_CLOSE",
            );
        }
        let code = if in_use {
            h::MPI_ERR_FILE_IN_USE
        } else if self
            .world
            .files
            .lookup(&name, |n| std::fs::read(n).ok())
            .is_none()
        {
            h::MPI_ERR_NO_SUCH_FILE
        } else {
            self.world.files.delete(&name);
            0
        };
        self.version += 1;
        let shown = if code == 0 {
            "deleted".to_string()
        } else {
            h::error_class_name(code).unwrap_or("error").to_string()
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!("MPI_File_delete(\"{name}\") -> {shown}"),
        );
        Ok(Effect::Return(code as u64))
    }

    /// The collective calls that change a file's size, hints or
    /// atomicity, and MPI_File_sync (§13.2.4, §13.2.5, §13.2.8,
    /// §13.6.1): every member gives the same size and flag.
    pub(super) fn file_collective_setting(
        &mut self,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let mut value = Vec::new();
        let shown = match site.func {
            F::FileSetSize | F::FilePreallocate => {
                let size = a.raw("size")? as i64;
                if size < 0 {
                    return Err(site.invalid(format!("size is negative ({size})")));
                }
                if self.world.files.open[f].amode & h::MPI_MODE_SEQUENTIAL != 0 {
                    return Err(site.invalid(format!(
                        "{label} was opened with MPI_MODE_SEQUENTIAL: changing its size is erroneous (MPI 3.1 §13.2.4)"
                    )));
                }
                value.push(size);
                format!("size={size}")
            }
            F::FileSetAtomicity => {
                let flag = a.int("flag")? != 0;
                value.push(flag as i64);
                format!("flag={}", flag as i32)
            }
            F::FileSetInfo => {
                let info = a.int("info")?;
                if info != h::MPI_INFO_NULL {
                    self.info_entries(site, info)?;
                }
                String::new()
            }
            _ => String::new(),
        };
        self.check_same_value(site, f, &value)?;
        let ev = self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}({label}{}{shown})",
                site.func.name(),
                if shown.is_empty() { "" } else { ", " }
            ),
        );
        let name = self.world.files.open[f].name.clone();
        match site.func {
            // The new size is there once every member called; a member
            // may go on before that, and its own later accesses see it.
            F::FileSetSize => self.world.files.set_size(&name, value[0] as u64),
            // Preallocation only grows the file (§13.2.5).
            F::FilePreallocate if self.world.files.size(&name) < value[0] as u64 => {
                self.world.files.set_size(&name, value[0] as u64)
            }
            F::FileSetAtomicity => self.world.files.open[f].atomic = value[0] != 0,
            F::FileSync => self.settle_accesses(f, m, true, ev),
            _ => {}
        }
        self.version += 1;
        let sync = self.world.files.open[f].sync;
        let synchronizing = self.world.synchronizing_collectives;
        let (_, block) = self.join_control_collective(site, sync, ev, value, synchronizing)?;
        Ok(Effect::Block(block))
    }

    /// The value every member of the next collective on file `f` must
    /// give the same (a size, a flag): compared with the first member's.
    pub(super) fn check_same_value(
        &self,
        site: &Site,
        f: FileId,
        value: &[i64],
    ) -> Result<(), Halt> {
        let Some(first) = self.first_at_next_file_collective(site, f) else {
            return Ok(());
        };
        if first.func == site.func && first.args != value {
            return Err(site.invalid(format!(
                "rank {} gave {:?}, this rank {:?}: every process must give the same value to {} (MPI 3.1 §13.2)",
                first.event.0,
                first.args,
                value,
                site.func.name()
            )));
        }
        Ok(())
    }

    /// The local queries on an open file (§13.2.6–§13.2.8, §13.6.1).
    pub(super) fn file_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, _m) = self.file(site, a.ptr("fh")?)?;
        let file = &self.world.files.open[f];
        match site.func {
            F::FileGetSize => {
                let size = self.world.files.size(&file.name);
                self.procs[site.rank]
                    .proc
                    .mem
                    .store(a.ptr("size")?, 8, size)
                    .map_err(|e| site.memory("size", e))?;
            }
            F::FileGetGroup => {
                let members = self.world.comms[file.comm].members.clone();
                let g = self.world.new_group(site.rank, members);
                self.write_i32(site, a.ptr("group")?, g, "group")?;
            }
            F::FileGetAmode => {
                let amode = file.amode;
                self.write_i32(site, a.ptr("amode")?, amode, "amode")?;
            }
            F::FileGetAtomicity => {
                let flag = file.atomic as i32;
                self.write_i32(site, a.ptr("flag")?, flag, "flag")?;
            }
            F::FileGetInfo => {
                // §13.2.8: the hints in use, in a new info object the
                // program frees; the model uses none.
                let info = self.world.objects.infos.add(
                    site.rank,
                    InfoObject {
                        entries: Vec::new(),
                        freed: false,
                        made_at: (site.loc, site.func),
                    },
                );
                self.write_i32(site, a.ptr("info_used")?, info, "info_used")?;
            }
            _ => return Err(super::super::decode::misrouted(site.func, "MPI-IO")),
        }
        Ok(Effect::Return(0))
    }

    /// At MPI_Finalize: a file the process still has open leaks (MPI 3.1
    /// §8.7: the process must have completed and freed what it made;
    /// §13.2.2: files are closed with MPI_File_close).
    pub(crate) fn check_io_finalize(&self, site: &Site) -> Result<(), Halt> {
        for (f, file) in self.world.files.open.iter().enumerate() {
            let Some(m) = self.world.comms[file.comm].rank_of(site.rank) else {
                continue;
            };
            let Some(opened) = file.members[m].live else {
                continue;
            };
            return Err(Halt::Error(
                Finding::new(
                    ErrorKind::ResourceLeak,
                    format!(
                        "rank {} finalizes with {} still open: expected MPI_File_close before MPI_Finalize (MPI 3.1 §13.2.2, §8.7)",
                        site.rank,
                        self.file_label(f)
                    ),
                )
                .at(site.rank, site.loc, Some(site.func))
                .at(site.rank, opened, Some(F::FileOpen)),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_modes_follow_the_standard() {
        assert!(amode_error(h::MPI_MODE_RDONLY).is_none());
        assert!(amode_error(h::MPI_MODE_WRONLY | h::MPI_MODE_CREATE | h::MPI_MODE_EXCL).is_none());
        assert!(amode_error(h::MPI_MODE_WRONLY | h::MPI_MODE_SEQUENTIAL).is_none());
        assert!(amode_error(h::MPI_MODE_CREATE).is_some());
        assert!(amode_error(h::MPI_MODE_RDONLY | h::MPI_MODE_RDWR).is_some());
        assert!(amode_error(h::MPI_MODE_RDONLY | h::MPI_MODE_CREATE).is_some());
        assert!(amode_error(h::MPI_MODE_RDONLY | h::MPI_MODE_EXCL).is_some());
        assert!(amode_error(h::MPI_MODE_RDWR | h::MPI_MODE_SEQUENTIAL).is_some());
        assert!(amode_error(h::MPI_MODE_RDWR | 1 << 20).is_some());
        assert_eq!(
            amode_words(h::MPI_MODE_WRONLY | h::MPI_MODE_CREATE),
            "WRONLY|CREATE"
        );
    }
}
