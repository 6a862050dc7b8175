//! MPI-IO state (MPI 3.1 chapter 13): the file system of the check, kept in
//! memory and shared by the processes, and the files they opened together.
//! A file opened for reading starts with the content of the file of that
//! name in the working directory; nothing is ever written to disk. The
//! checker decodes the calls and reports errors; this module only keeps
//! what the library and the file system know, and maps a view's positions
//! to file bytes.

use super::CommId;
use crate::model::{LocId, Pointer};
use std::sync::Arc;

/// Index of an open file in [`Files::open`].
pub type FileId = usize;

/// `MPI_File` is a pointer in the model's `mpi.h`: a file handle is an
/// address in this allocation, never allocated (a program that looks
/// inside an `MPI_File` faults), offset by the file's number plus one, so
/// that no handle is `MPI_FILE_NULL`.
pub const FILE_HANDLE_ALLOC: u32 = 0xFD00_0000;

/// Handle of the hidden communicator of the first file opened (its
/// collectives rendezvous there); later ones count up.
pub const FILE_COMM_HANDLE_BASE: i32 = 0xa810_0000u32 as i32;

/// The handle of open file `f`.
pub fn file_handle(f: FileId) -> u64 {
    Pointer {
        alloc: FILE_HANDLE_ALLOC,
        offset: f as u32 + 1,
    }
    .encode()
}

/// The open file a handle value names, if it is one.
pub fn file_of_handle(bits: u64) -> Option<FileId> {
    let p = Pointer::decode(bits);
    (p.alloc == FILE_HANDLE_ALLOC && p.offset > 0).then(|| p.offset as usize - 1)
}

/// One file of the file system: its bytes, or `None` once deleted (so that
/// a later open does not read the working directory's file again).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Disk {
    pub name: String,
    pub bytes: Option<Arc<Vec<u8>>>,
}

/// A view (MPI 3.1 §13.3): where a member's positions are in the file.
/// The filetype's byte ranges are copied at `MPI_File_set_view`, so the
/// program may free the types afterwards (§13.3: the view keeps them).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    /// Displacement in bytes from the start of the file.
    pub disp: u64,
    /// Handles as the member gave them (for `MPI_File_get_view`).
    pub etype: i32,
    pub filetype: i32,
    /// Bytes of one etype.
    pub etype_size: u64,
    /// One filetype: its data's byte ranges (offset from the start of the
    /// tile, length), in type-map order, and its extent (tiles repeat
    /// every `extent` bytes, §13.3).
    pub tile: Vec<(i64, u64)>,
    pub extent: u64,
    pub datarep: String,
}

impl View {
    /// The default view: displacement 0, etype and filetype `MPI_BYTE`,
    /// `native` (§13.2.1).
    pub fn default_view(byte: i32) -> View {
        View {
            disp: 0,
            etype: byte,
            filetype: byte,
            etype_size: 1,
            tile: vec![(0, 1)],
            extent: 1,
            datarep: "native".into(),
        }
    }

    /// Bytes of data in one tile (the filetype's size).
    pub fn tile_size(&self) -> u64 {
        self.tile.iter().map(|r| r.1).sum()
    }

    /// Whether the view's data is every byte from the displacement on.
    pub fn contiguous(&self) -> bool {
        self.tile.len() == 1 && self.tile[0].0 == 0 && self.tile[0].1 == self.extent
    }

    /// The file bytes of `len` bytes of data starting `offset` etypes into
    /// the view, as (file offset, length) ranges in order (§13.3: the data
    /// goes to the filetype's bytes, tile after tile).
    pub fn file_ranges(&self, offset: u64, len: u64) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = Vec::new();
        let mut push = |at: u64, n: u64| match out.last_mut() {
            Some(last) if last.0 + last.1 == at => last.1 += n,
            _ => out.push((at, n)),
        };
        let start = offset.saturating_mul(self.etype_size);
        if self.contiguous() {
            if len > 0 {
                push(self.disp + start, len);
            }
            return out;
        }
        let size = self.tile_size();
        if size == 0 {
            return out;
        }
        let (mut tile, mut skip) = (start / size, start % size);
        let mut left = len;
        while left > 0 {
            let base = self.disp as i64 + (tile * self.extent) as i64;
            for &(off, n) in &self.tile {
                if left == 0 {
                    break;
                }
                if skip >= n {
                    skip -= n;
                    continue;
                }
                let take = (n - skip).min(left);
                push((base + off) as u64 + skip, take);
                left -= take;
                skip = 0;
            }
            tile += 1;
        }
        out
    }

    /// The position, in etypes, of the end of a file of `size` bytes: the
    /// view's whole etypes before it (`MPI_SEEK_END`, §13.4.3).
    pub fn end_position(&self, size: u64) -> u64 {
        if size <= self.disp || self.extent == 0 {
            return 0;
        }
        let span = size - self.disp;
        let mut data = span / self.extent * self.tile_size();
        let rest = (span % self.extent) as i64;
        for &(off, n) in &self.tile {
            if off < rest {
                data += n.min((rest - off) as u64);
            }
        }
        data / self.etype_size.max(1)
    }

    /// The absolute byte position of `offset` etypes into the view
    /// (`MPI_File_get_byte_offset`, §13.4.3).
    pub fn byte_offset(&self, offset: u64) -> u64 {
        match self.file_ranges(offset, 1).first() {
            Some(r) => r.0,
            None => self.disp,
        }
    }
}

/// One member's side of an open file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Member {
    /// Where the member opened it; `None` once it closed it.
    pub live: Option<LocId>,
    pub view: View,
    /// The individual file pointer, in etypes of the view (§13.4.3).
    pub pointer: u64,
    /// A split collective begun and not ended (§13.4.5: one per file
    /// handle at a time): the begin call and the bytes it moved.
    pub split: Option<(crate::mpi_api::MpiFunc, u64)>,
    /// The internal request whose guard keeps the split collective's
    /// buffer MPI's until its end call (§13.4.5: the buffer may not be
    /// used in between).
    pub split_guard: Option<super::p2p::ReqId>,
    /// How many `MPI_File_set_view` calls the member made: the views of
    /// members that made as many are the ones §13.4.4 requires identical
    /// for shared file pointer use (a member that has not reached the
    /// collective yet still has its old view).
    pub views: u32,
    /// The error handler of the member's handle (MPI 3.1 §13.7: the
    /// default file error handler when it opened the file).
    pub errhandler: i32,
    /// The member's part of an `MPI_File_read_ordered` or
    /// `MPI_File_write_ordered` waiting for the other members: its offset
    /// is the shared pointer plus the sizes of the lower ranks' parts
    /// (§13.4.4), known once all arrived.
    pub ordered: Option<Ordered>,
    /// The control collective of an `MPI_File_read_ordered_begin` or
    /// `write_ordered_begin` not ended yet: its end waits for it.
    pub ordered_split: Option<usize>,
}

/// One member's call of an ordered access (or of `MPI_File_seek_shared`,
/// with no data), kept until every member made its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ordered {
    pub func: crate::mpi_api::MpiFunc,
    pub loc: LocId,
    pub buf: u64,
    pub count: i32,
    pub datatype: i32,
    /// Where the status goes.
    pub status: u64,
    /// The etypes it accesses.
    pub etypes: u64,
    pub write: bool,
    /// For `MPI_File_seek_shared`: its offset and whence.
    pub seek: Option<(i64, i32)>,
}

/// One data access of a member, remembered for the conflict check of
/// nonatomic mode (§13.6.1) until every member synchronized after it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Access {
    /// World rank and rank in the file's group.
    pub rank: usize,
    pub member: usize,
    /// File bytes as (offset, length).
    pub ranges: Vec<(u64, u64)>,
    pub write: bool,
    pub loc: LocId,
    pub func: crate::mpi_api::MpiFunc,
    /// The happens-before stamp of the member's first `MPI_File_sync` or
    /// close after the access: another process's access is separated from
    /// it when that process's latest sync or open of its handle knows this
    /// stamp (sync-barrier-sync, or close then open).
    pub settled: Option<u32>,
}

impl Access {
    /// Whether it touches a byte of `ranges`.
    pub fn overlaps(&self, ranges: &[(u64, u64)]) -> bool {
        self.ranges.iter().any(|&(a, n)| {
            ranges
                .iter()
                .any(|&(b, k)| a < b.saturating_add(k) && b < a.saturating_add(n))
        })
    }
}

/// A file a group of processes opened together (`MPI_File_open`,
/// §13.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpenFile {
    pub name: String,
    /// The communicator it was opened on (its group is the file's group).
    pub comm: CommId,
    /// A hidden communicator over the same members on which the file's
    /// collective calls (close, set_view, the `_all` accesses)
    /// rendezvous, in order, apart from the communicator's own.
    pub sync: CommId,
    pub amode: i32,
    pub atomic: bool,
    /// Per member (rank in `comm`).
    pub members: Vec<Member>,
    /// The shared file pointer, in etypes (§13.4.4).
    pub shared: u64,
    /// Per member, its `MPI_File_sync` calls so far.
    pub syncs: Vec<u32>,
    /// Per member, what it knew (its happens-before clock, one entry per
    /// world rank) at its latest `MPI_File_sync` or at its open: the
    /// accesses of others it is consistent with (MPI 3.1 §13.6.1).
    pub seen: Vec<Option<std::sync::Arc<[u32]>>>,
    /// The accesses some member may still conflict with (§13.6.1).
    pub accesses: Vec<Access>,
}

impl OpenFile {
    pub fn is_open(&self) -> bool {
        self.members.iter().any(|m| m.live.is_some())
    }
}

/// The latest access of a process to a file through the C library
/// (`fopen`, a flush of written data, `remove`, `rename`) or an MPI-IO
/// write: what a later access of another process must be ordered after
/// (happens-before), or its outcome depends on timing the check does not
/// explore.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FsAccess {
    pub name: String,
    pub rank: usize,
    pub write: bool,
    /// The process's own entry of its happens-before clock at the access
    /// (`u32::MAX`: before the clocks started, never known to others).
    pub stamp: u32,
    /// How the access is shown: `fopen(.., "w")`, `MPI_File_write_at`.
    pub what: String,
    /// An MPI-IO access: ordered against other MPI-IO accesses by the
    /// `io-race` rules (§13.6.1), not here.
    pub mpiio: bool,
}

/// Why an access of the file system is not ordered after an earlier one of
/// another process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsConflict {
    pub rank: usize,
    pub write: bool,
    pub what: String,
}

/// The file system of the check and the files opened on it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Files {
    /// Files by name, in the order the check first saw them.
    pub disk: Vec<Disk>,
    /// Per file, process and kind (read or write), the latest access
    /// through the C library or an MPI-IO write (`note_access`).
    pub accesses: Vec<FsAccess>,
    pub open: Vec<OpenFile>,
    /// Per process that changed it, the default file error handler (the
    /// handler of `MPI_FILE_NULL`; `MPI_ERRORS_RETURN` otherwise, §13.7).
    pub default_handlers: Vec<(usize, i32)>,
    /// What each open collective did: ((communicator, instance), the file
    /// it opened or the error class it failed with).
    pub made_by: Vec<((CommId, usize), Result<FileId, i32>)>,
}

impl Files {
    /// Process `rank`'s default file error handler (§13.7).
    pub fn default_handler(&self, rank: usize) -> i32 {
        self.default_handlers
            .iter()
            .find(|(r, _)| *r == rank)
            .map_or(crate::handles::MPI_ERRORS_RETURN, |(_, eh)| *eh)
    }

    pub fn is_empty(&self) -> bool {
        self.disk.is_empty() && self.open.is_empty()
    }

    fn slot(&self, name: &str) -> Option<usize> {
        self.disk.iter().position(|d| d.name == name)
    }

    /// The bytes of file `name`: the check's copy, or the working
    /// directory's file read now (`load`) the first time it is named.
    pub fn lookup(
        &mut self,
        name: &str,
        load: impl FnOnce(&str) -> Option<Vec<u8>>,
    ) -> Option<Arc<Vec<u8>>> {
        let i = match self.slot(name) {
            Some(i) => i,
            None => {
                let bytes = load(name).map(Arc::new);
                self.disk.push(Disk {
                    name: name.to_string(),
                    bytes,
                });
                self.disk.len() - 1
            }
        };
        self.disk[i].bytes.clone()
    }

    /// Checks an access of `rank` to file `name` (`write`: it changes the
    /// file) against the other processes' latest accesses, then remembers
    /// it. `now` is the process's happens-before clock (one entry per
    /// rank; `None` before the clocks started: then only accesses of its
    /// own are ordered). An earlier access of another process, one of the
    /// two a write, must be known to `now` (its stamp at most `now`'s
    /// entry for that process).
    pub fn note_access(
        &mut self,
        name: &str,
        rank: usize,
        write: bool,
        now: Option<&[u32]>,
        what: &str,
        mpiio: bool,
    ) -> Result<(), FsConflict> {
        for a in &self.accesses {
            if a.name != name || a.rank == rank || !(a.write || write) || (a.mpiio && mpiio) {
                continue;
            }
            let known = now.is_some_and(|c| c.get(a.rank).is_some_and(|&k| k >= a.stamp));
            if !known {
                return Err(FsConflict {
                    rank: a.rank,
                    write: a.write,
                    what: a.what.clone(),
                });
            }
        }
        let stamp = now.and_then(|c| c.get(rank).copied()).unwrap_or(u32::MAX);
        let entry = FsAccess {
            name: name.to_string(),
            rank,
            write,
            stamp,
            what: what.to_string(),
            mpiio,
        };
        match self
            .accesses
            .iter_mut()
            .find(|a| a.name == name && a.rank == rank && a.write == write && a.mpiio == mpiio)
        {
            Some(a) => *a = entry,
            None => self.accesses.push(entry),
        }
        Ok(())
    }

    /// Renames file `from` to `to` (`rename`, C11 7.21.4.2): `to` is
    /// replaced; whether `from` existed.
    pub fn rename(&mut self, from: &str, to: &str) -> bool {
        let Some(bytes) = self.slot(from).and_then(|i| self.disk[i].bytes.take()) else {
            return false;
        };
        match self.slot(to) {
            Some(i) => self.disk[i].bytes = Some(bytes),
            None => self.disk.push(Disk {
                name: to.to_string(),
                bytes: Some(bytes),
            }),
        }
        true
    }

    /// Makes an empty file `name` (`MPI_MODE_CREATE` of a missing file).
    pub fn create(&mut self, name: &str) {
        let empty = Some(Arc::new(Vec::new()));
        match self.slot(name) {
            Some(i) => self.disk[i].bytes = empty,
            None => self.disk.push(Disk {
                name: name.to_string(),
                bytes: empty,
            }),
        }
    }

    /// Deletes file `name`; whether it existed.
    pub fn delete(&mut self, name: &str) -> bool {
        match self.slot(name) {
            Some(i) => self.disk[i].bytes.take().is_some(),
            None => false,
        }
    }

    /// The current size of file `name` (0 when it does not exist).
    pub fn size(&self, name: &str) -> u64 {
        self.slot(name)
            .and_then(|i| self.disk[i].bytes.as_ref())
            .map_or(0, |b| b.len() as u64)
    }

    fn bytes_mut(&mut self, name: &str) -> &mut Vec<u8> {
        let i = match self.slot(name) {
            Some(i) => i,
            None => {
                self.create(name);
                self.disk.len() - 1
            }
        };
        Arc::make_mut(self.disk[i].bytes.get_or_insert_with(Default::default))
    }

    /// Truncates or extends file `name` to `size` bytes (`MPI_File_set_size`,
    /// §13.2.3: new bytes read as zero here).
    pub fn set_size(&mut self, name: &str, size: u64) {
        self.bytes_mut(name).resize(size as usize, 0);
    }

    /// Writes `data` over the file ranges `ranges`, extending the file.
    pub fn write(&mut self, name: &str, ranges: &[(u64, u64)], data: &[u8]) {
        let bytes = self.bytes_mut(name);
        let mut at = 0usize;
        for &(off, n) in ranges {
            let (off, n) = (off as usize, n as usize);
            if bytes.len() < off + n {
                bytes.resize(off + n, 0);
            }
            bytes[off..off + n].copy_from_slice(&data[at..at + n]);
            at += n;
        }
    }

    /// Reads the file ranges `ranges` up to the end of the file: a read
    /// that reaches it is short (§13.4.1: the status counts what was read).
    pub fn read(&self, name: &str, ranges: &[(u64, u64)]) -> Vec<u8> {
        let Some(bytes) = self.slot(name).and_then(|i| self.disk[i].bytes.as_ref()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for &(off, n) in ranges {
            let (off, n) = (off as usize, n as usize);
            if off >= bytes.len() {
                break;
            }
            let end = (off + n).min(bytes.len());
            out.extend_from_slice(&bytes[off..end]);
            if end < off + n {
                break;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_round_trip_and_are_never_null() {
        for f in [0, 1, 7] {
            assert_ne!(file_handle(f), 0);
            assert_eq!(file_of_handle(file_handle(f)), Some(f));
        }
        assert_eq!(file_of_handle(0), None);
        assert_eq!(file_of_handle(Pointer::global(3)), None);
    }

    #[test]
    fn strided_views_tile_the_file() {
        // Rank 1 of 2 owning every other block of 4 bytes after 8 bytes.
        let v = View {
            disp: 8,
            etype: 0,
            filetype: 0,
            etype_size: 4,
            tile: vec![(4, 4)],
            extent: 8,
            datarep: "native".into(),
        };
        assert_eq!(v.file_ranges(0, 12), vec![(12, 4), (20, 4), (28, 4)]);
        assert_eq!(v.file_ranges(1, 6), vec![(20, 4), (28, 2)]);
        assert_eq!(v.byte_offset(2), 28);
        assert_eq!(v.end_position(22), 1);
        assert_eq!(v.end_position(24), 2);
        assert_eq!(v.end_position(8), 0);
        let d = View::default_view(1);
        assert!(d.contiguous());
        assert_eq!(d.file_ranges(5, 3), vec![(5, 3)]);
        assert_eq!(d.file_ranges(5, 0), vec![]);
    }

    #[test]
    fn accesses_of_other_processes_must_be_ordered() {
        let mut fs = Files::default();
        // Rank 0 writes at its stamp 1; rank 1 that knows it may read.
        assert!(fs
            .note_access("f", 0, true, Some(&[1, 0]), "fclose", false)
            .is_ok());
        assert!(fs
            .note_access("f", 1, false, Some(&[1, 1]), "fopen", false)
            .is_ok());
        // Rank 2 knows nothing of rank 0's write.
        let c = fs
            .note_access("f", 2, false, Some(&[0, 0, 1]), "fopen", false)
            .unwrap_err();
        assert_eq!((c.rank, c.write), (0, true));
        // Reads alone never conflict; without clocks nothing is known.
        assert!(fs.note_access("g", 0, false, None, "fopen", false).is_ok());
        assert!(fs.note_access("g", 1, false, None, "fopen", false).is_ok());
        assert!(fs
            .note_access("g", 1, true, Some(&[5, 1]), "fclose", false)
            .is_err());
        // Two MPI-IO accesses are io-race's to judge.
        assert!(fs.note_access("h", 0, true, None, "w", true).is_ok());
        assert!(fs.note_access("h", 1, true, None, "w", true).is_ok());
        // Renaming moves the bytes.
        fs.create("a");
        fs.write("a", &[(0, 2)], b"hi");
        assert!(fs.rename("a", "b"));
        assert_eq!(fs.read("b", &[(0, 2)]), b"hi");
        assert_eq!(fs.lookup("a", |_| Some(vec![1])), None);
        assert!(!fs.rename("a", "c"));
    }

    #[test]
    fn reads_stop_at_the_end_and_writes_extend() {
        let mut fs = Files::default();
        assert_eq!(fs.lookup("a", |_| None), None);
        assert_eq!(
            fs.lookup("b", |_| Some(b"xyz".to_vec())).map(|b| b.len()),
            Some(3)
        );
        fs.create("a");
        fs.write("a", &[(2, 2)], b"hi");
        assert_eq!(fs.size("a"), 4);
        assert_eq!(fs.read("a", &[(0, 4)]), b"\0\0hi");
        assert_eq!(fs.read("a", &[(3, 8)]), b"i");
        assert_eq!(fs.read("a", &[(9, 1)]), b"");
        assert!(fs.delete("a"));
        assert!(!fs.delete("a"));
        // Deleted: the working directory is not read again.
        assert_eq!(fs.lookup("a", |_| Some(vec![1])), None);
    }
}
