//! Reading input (C11 7.21.6.4, 7.21.7, 7.21.8.1): standard input and files
//! opened for reading. Standard input is the file `mpi-check --stdin`
//! names, for rank 0 only (`mpiexec` forwards standard input to rank 0; the
//! others read end of file). `fopen(name, "r")` reads the file from the
//! working directory when it is opened, so a run reads what a real run
//! started there would, as long as the file does not change. The output
//! streams are in `stdio`.

use super::scanf::fscanf;
use super::{ret, ret_i32, Args, LibcOutcome};
use crate::exec::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::{LibcFunc, Pointer};
use std::sync::Arc;

/// `EOF` (C11 7.21.1).
const EOF: i32 = -1;

/// A stream open for reading: its bytes, how far they were read, the
/// bytes `ungetc` pushed back (the last pushed is read first), and its
/// end-of-file indicator (set by a read that reached the end).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Stream {
    data: Arc<[u8]>,
    pos: usize,
    pushed: Vec<u8>,
    eof: bool,
}

impl Stream {
    fn new(data: Arc<[u8]>) -> Stream {
        Stream {
            data,
            pos: 0,
            pushed: Vec::new(),
            eof: false,
        }
    }
}

/// A stream open for writing a file of the check's file system: what
/// the program wrote and stdio has not handed to the file yet (a full
/// buffer, C11 7.21.3: it goes at `fflush`, `fclose` or `exit`), and where
/// it goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Writer {
    name: String,
    /// The file position the pending bytes start at (`None`: the end of
    /// the file, mode "a").
    pos: Option<u64>,
    pending: Vec<u8>,
    /// Opened for update ("r+", "w+", "a+"): the stream is also in the
    /// reading streams, and `reading` says which of the two views holds
    /// the stream's position (the last operation was a read).
    update: bool,
    reading: bool,
}

/// The process's streams open for reading: standard input (the marker
/// value of `stdin`, `Pointer::standard_stream`; `None` unless `--stdin`
/// gave it) and the files; and the files open for writing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Streams {
    stdin: Option<Stream>,
    /// `--stdin` gave rank 0's standard input, and this is another rank.
    stdin_elsewhere: bool,
    files: Vec<(u64, Stream)>,
    writers: Vec<(u64, Writer)>,
}

/// The check's file system (`runtime_model::mpi::file::Files`, which
/// MPI-IO uses too), lent to a process while it runs its own code
/// (`crate::system::step`): every process sees one file system, as on a
/// shared parallel file system, and nothing is written to disk.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FsLoan {
    pub files: runtime_model::mpi::file::Files,
    pub rank: usize,
    /// The process's happens-before clock (`None` before the clocks
    /// started).
    pub clock: Option<Arc<[u32]>>,
    /// A write happened before the clocks started: the machine starts them
    /// before the process's next call (the write then has stamp 1, what
    /// the new clocks give the process until that call).
    pub start_clocks: bool,
    /// The process changed a file.
    pub changed: bool,
}

/// Notes an access of the process to file `name` on the lent file system
/// (`FsLoan`); the reason the check stops when the file system is not lent
/// (a callback MPI runs) or the access is not ordered after another
/// process's conflicting one.
fn fs_access<'m>(
    mem: &'m mut Memory,
    name: &str,
    write: bool,
    what: &str,
) -> Result<&'m mut runtime_model::mpi::file::Files, String> {
    let np = mem.statics.processors.max(1) as usize;
    let Some(fs) = mem.statics.fs.as_deref_mut() else {
        return Err(format!(
            "{what} of \"{name}\" outside the process's own code (in a function MPI calls): files are not modeled there"
        ));
    };
    let rank = fs.rank;
    let fresh: Vec<u32>;
    let now: Option<&[u32]> = match &fs.clock {
        Some(c) => Some(c),
        None if write => {
            fs.start_clocks = true;
            let mut v = vec![0u32; np.max(rank + 1)];
            v[rank] = 1;
            fresh = v;
            Some(&fresh)
        }
        None => None,
    };
    fs.changed |= write;
    if let Err(c) = fs.files.note_access(name, rank, write, now, what, false) {
        return Err(format!(
            "{what} of \"{name}\" by rank {rank} is not ordered by MPI synchronization with the {} of it by rank {} ({}): what the {} finds depends on the timing of the two processes, which the check does not explore; order them (e.g. close the file, then MPI_Barrier)",
            if c.write { "write" } else { "read" },
            c.rank,
            c.what,
            if write { "write" } else { "read" }
        ));
    }
    Ok(&mut fs.files)
}

/// Opens `name` for writing (mode "w" truncates or creates it, "a"
/// appends, C11 7.21.5.3) as the stream object at `handle`.
pub(super) fn open_for_writing(
    mem: &mut Memory,
    name: &[u8],
    append: bool,
    file_size: u64,
) -> Result<LibcOutcome, MemFault> {
    let name = String::from_utf8_lossy(name).into_owned();
    let what = if append {
        "fopen(.., \"a\")"
    } else {
        "fopen(.., \"w\")"
    };
    let files = match fs_access(mem, &name, true, what) {
        Ok(f) => f,
        Err(m) => return Ok(LibcOutcome::Unsupported(m)),
    };
    let exists = files.lookup(&name, |n| std::fs::read(n).ok()).is_some();
    if !append || !exists {
        files.create(&name);
    }
    let handle = mem.allocate(file_size, AllocKind::Heap)?;
    mem.statics.streams.writers.push((
        handle,
        Writer {
            name,
            pos: (!append).then_some(0),
            pending: Vec::new(),
            update: false,
            reading: false,
        },
    ));
    Ok(ret(handle))
}

/// Opens `name` for update (C11 7.21.5.3): "r+" an existing file from its
/// start, "w+" truncated or created, "a+" reading from the start and
/// writing at the end. The stream is a reading stream over the file's
/// bytes and a writing stream at the same handle; C requires a flush or a
/// positioning call between a write and a read, and the model brings the
/// two views together at every switch (`sync_for_read`, `emit`), as glibc
/// does.
pub(super) fn open_for_update(
    mem: &mut Memory,
    name: &[u8],
    mode: u8,
    file_size: u64,
) -> Result<LibcOutcome, MemFault> {
    let name = String::from_utf8_lossy(name).into_owned();
    let what = match mode {
        b'r' => "fopen(.., \"r+\")",
        b'w' => "fopen(.., \"w+\")",
        _ => "fopen(.., \"a+\")",
    };
    let files = match fs_access(mem, &name, mode != b'r', what) {
        Ok(f) => f,
        Err(m) => return Ok(LibcOutcome::Unsupported(m)),
    };
    let exists = files.lookup(&name, |n| std::fs::read(n).ok()).is_some();
    if mode == b'r' && !exists {
        super::set_errno(mem, super::errno::ENOENT);
        return Ok(ret(0));
    }
    if mode == b'w' || !exists {
        files.create(&name);
    }
    let data = files
        .lookup(&name, |_| None)
        .map(|d| Arc::<[u8]>::from(d.as_slice()))
        .unwrap_or_else(|| Arc::from(Vec::new()));
    let handle = mem.allocate(file_size, AllocKind::Heap)?;
    mem.statics.streams.open(handle, data);
    mem.statics.streams.writers.push((
        handle,
        Writer {
            name,
            pos: (mode != b'a').then_some(0),
            pending: Vec::new(),
            update: true,
            reading: true,
        },
    ));
    Ok(ret(handle))
}

/// Whether `f` was opened for update.
pub(super) fn is_update(mem: &Memory, f: u64) -> bool {
    mem.statics
        .streams
        .writers
        .iter()
        .any(|x| x.0 == f && x.1.update)
}

/// Before a read from stream `f`: when it is an update stream whose last
/// operation was a write, what it wrote goes to the file and reading
/// continues after it (mode "a": at the end of the file), over the file's
/// bytes as they are now.
pub(super) fn sync_for_read(mem: &mut Memory, f: u64, what: &str) -> Result<(), String> {
    match mem.statics.streams.writers.iter().find(|x| x.0 == f) {
        Some((_, w)) if w.update && !w.reading => {}
        _ => return Ok(()),
    }
    flush(mem, Some(f), what)?;
    let here = match writer_tell(mem, f, what) {
        Some(r) => r?,
        None => return Ok(()),
    };
    reload(mem, f, here as u64, what)
}

/// Points the reading view of update stream `f` at byte `pos` of its
/// file's current content; the stream's position is then the reading
/// view's.
fn reload(mem: &mut Memory, f: u64, pos: u64, what: &str) -> Result<(), String> {
    let Some((_, w)) = mem.statics.streams.writers.iter_mut().find(|x| x.0 == f) else {
        return Ok(());
    };
    w.reading = true;
    let name = w.name.clone();
    let data = fs_access(mem, &name, false, what)?
        .lookup(&name, |_| None)
        .map(|d| Arc::<[u8]>::from(d.as_slice()))
        .unwrap_or_else(|| Arc::from(Vec::new()));
    if let Some(s) = mem.statics.streams.get_mut(f) {
        *s = Stream::new(data);
        s.pos = usize::try_from(pos).unwrap_or(usize::MAX);
    }
    Ok(())
}

/// Moves update stream `f` (`fseek` and the other positioning calls):
/// pending output goes to the file, both views move to the new position,
/// and the next operation may read or write (C11 7.21.5.3p7). `Ok(false)`
/// for a position before the start (EINVAL).
pub(super) fn update_seek(
    mem: &mut Memory,
    f: u64,
    offset: i64,
    whence: i32,
    what: &str,
) -> Result<bool, String> {
    let here = match update_tell(mem, f, what) {
        Some(r) => r?,
        None => return Ok(false),
    };
    flush(mem, Some(f), what)?;
    let Some(to) = move_writer(mem, f, here, offset, whence, what)? else {
        return Ok(false);
    };
    reload(mem, f, to, what)?;
    Ok(true)
}

/// The position of update stream `f`: the reading view's after a read,
/// else the writing view's.
pub(super) fn update_tell(mem: &mut Memory, f: u64, what: &str) -> Option<Result<i64, String>> {
    let reading = mem
        .statics
        .streams
        .writers
        .iter()
        .find(|x| x.0 == f && x.1.update)?
        .1
        .reading;
    if reading {
        mem.statics.streams.tell(f).map(Ok)
    } else {
        writer_tell(mem, f, what)
    }
}

/// Output of the program to stream `f`: kept for the file when `f` is open
/// for writing one (other streams' output is dropped).
pub(super) fn emit(mem: &mut Memory, f: u64, bytes: &[u8]) {
    let read_up_to = mem.statics.streams.tell(f);
    if let Some((_, w)) = mem.statics.streams.writers.iter_mut().find(|x| x.0 == f) {
        // An update stream that was reading writes where the reading
        // stopped (mode "a": at the end of the file, C11 7.21.5.3).
        if w.update && w.reading {
            w.reading = false;
            if let (Some(p), Some(at)) = (&mut w.pos, read_up_to) {
                *p = at.max(0) as u64;
            }
        }
        w.pending.extend_from_slice(bytes);
    }
}

/// Hands what stream `f` (every writing stream, for `None`) has pending to
/// its file (`fflush`, `fclose`, `exit`).
pub(super) fn flush(mem: &mut Memory, f: Option<u64>, what: &str) -> Result<(), String> {
    let mut out: Vec<(String, Option<u64>, Vec<u8>)> = Vec::new();
    for (h, w) in mem.statics.streams.writers.iter_mut() {
        if f.is_some_and(|f| f != *h) || w.pending.is_empty() {
            continue;
        }
        let data = std::mem::take(&mut w.pending);
        out.push((w.name.clone(), w.pos, data.clone()));
        if let Some(p) = &mut w.pos {
            *p += data.len() as u64;
        }
    }
    for (name, pos, data) in out {
        let files = fs_access(mem, &name, true, what)?;
        let at = pos.unwrap_or_else(|| files.size(&name));
        files.write(&name, &[(at, data.len() as u64)], &data);
    }
    Ok(())
}

/// Everything the process's streams have pending goes to the files (the
/// process ends: `exit` flushes every stream, C11 7.22.4.4).
pub fn flush_at_exit(mem: &mut Memory) -> Result<(), String> {
    flush(mem, None, "the flush at exit")
}

/// The file position of writing stream `f` (what it wrote, pending bytes
/// included; for mode "a" the end of the file), if `f` writes a file;
/// the reason the check stops when the size cannot be read.
pub(super) fn writer_tell(mem: &mut Memory, f: u64, what: &str) -> Option<Result<i64, String>> {
    let (name, pos, pending) = {
        let (_, w) = mem.statics.streams.writers.iter().find(|x| x.0 == f)?;
        (w.name.clone(), w.pos, w.pending.len() as u64)
    };
    Some(match pos {
        Some(p) => Ok((p + pending) as i64),
        None => {
            fs_access(mem, &name, false, what).map(|files| (files.size(&name) + pending) as i64)
        }
    })
}

/// Moves writing stream `f` (C11 7.21.9.2): what it has pending goes to
/// the file first, then the next write goes `offset` bytes from the start
/// (0), the current position (1) or the end (2). Mode "a" writes at the end
/// whatever the position (C11 7.21.5.3). `Ok(false)` for a position before
/// the start (EINVAL); `None` when `f` does not write a file.
pub(super) fn writer_seek(
    mem: &mut Memory,
    f: u64,
    offset: i64,
    whence: i32,
    what: &str,
) -> Option<Result<bool, String>> {
    if !is_writer(mem, f) {
        return None;
    }
    Some((|| {
        flush(mem, Some(f), what)?;
        let here = match writer_tell(mem, f, what) {
            Some(r) => r?,
            None => 0,
        };
        Ok(move_writer(mem, f, here, offset, whence, what)?.is_some())
    })())
}

/// Sets the position of writing stream `f`, whose pending bytes were
/// flushed and whose position was `here`, to `offset` bytes from the start
/// (0), `here` (1) or the end of its file (2); mode "a" keeps writing at the
/// end. The new position, `None` for one before the start.
fn move_writer(
    mem: &mut Memory,
    f: u64,
    here: i64,
    offset: i64,
    whence: i32,
    what: &str,
) -> Result<Option<u64>, String> {
    let name = match mem.statics.streams.writers.iter().find(|x| x.0 == f) {
        Some((_, w)) => w.name.clone(),
        None => return Ok(None),
    };
    let base = match whence {
        0 => 0,
        1 => here,
        _ => fs_access(mem, &name, false, what)?.size(&name) as i64,
    };
    let Some(to) = base.checked_add(offset).filter(|&t| t >= 0) else {
        return Ok(None);
    };
    if let Some((_, w)) = mem.statics.streams.writers.iter_mut().find(|x| x.0 == f) {
        if w.pos.is_some() {
            w.pos = Some(to as u64);
        }
    }
    Ok(Some(to as u64))
}

/// Removes file `name` from the check's file system (`remove`, `unlink`);
/// whether it existed (a file of the working directory exists until the
/// check removes it; the one on disk stays). Finding that a file is not
/// there only reads the file system: two processes that both remove a
/// missing file do not conflict.
pub(super) fn remove_file(mem: &mut Memory, name: &str, what: &str) -> Result<bool, String> {
    if !exists(mem, name, what)? {
        return Ok(false);
    }
    Ok(fs_access(mem, name, true, what)?.delete(name))
}

/// Renames file `from` to `to` on the check's file system (`rename`, C11
/// 7.21.4.2: a file named `to` is replaced); whether `from` existed.
pub(super) fn rename_file(mem: &mut Memory, from: &str, to: &str) -> Result<bool, String> {
    if !exists(mem, from, "rename")? {
        return Ok(false);
    }
    fs_access(mem, from, true, "rename")?;
    Ok(fs_access(mem, to, true, "rename")?.rename(from, to))
}

/// Whether file `name` is on the check's file system (a read of it).
fn exists(mem: &mut Memory, name: &str, what: &str) -> Result<bool, String> {
    Ok(fs_access(mem, name, false, what)?
        .lookup(name, |n| std::fs::read(n).ok())
        .is_some())
}

/// Whether `f` is a stream open for writing a file.
pub(super) fn is_writer(mem: &Memory, f: u64) -> bool {
    mem.statics.streams.writers.iter().any(|x| x.0 == f)
}

/// The value of `stdin` in the model.
fn stdin_marker() -> u64 {
    Pointer::standard_stream("stdin").unwrap_or(0)
}

impl Streams {
    /// Standard input reads `data`.
    pub fn set_stdin(&mut self, data: Arc<[u8]>) {
        self.stdin = Some(Stream::new(data));
    }

    /// Standard input went to rank 0, not to this process.
    pub fn set_stdin_elsewhere(&mut self) {
        self.stdin_elsewhere = true;
    }

    fn get(&self, f: u64) -> Option<&Stream> {
        if f == stdin_marker() {
            return self.stdin.as_ref();
        }
        self.files.iter().find(|x| x.0 == f).map(|x| &x.1)
    }

    fn get_mut(&mut self, f: u64) -> Option<&mut Stream> {
        if f == stdin_marker() {
            return self.stdin.as_mut();
        }
        self.files.iter_mut().find(|x| x.0 == f).map(|x| &mut x.1)
    }

    /// What is left to read of stream `f`, if it is open for reading.
    pub fn remaining(&self, f: u64) -> Option<Vec<u8>> {
        self.get(f).map(|s| {
            let mut left: Vec<u8> = s.pushed.iter().rev().copied().collect();
            left.extend_from_slice(&s.data[s.pos.min(s.data.len())..]);
            left
        })
    }

    /// Stream `f` read `n` more bytes; `hit_end`: the read wanted more than
    /// was left (the end-of-file indicator is set).
    pub fn advance(&mut self, f: u64, n: usize, hit_end: bool) {
        if let Some(s) = self.get_mut(f) {
            let from_pushed = n.min(s.pushed.len());
            s.pushed.truncate(s.pushed.len() - from_pushed);
            if n > from_pushed {
                s.pos = (s.pos + n - from_pushed).min(s.data.len());
            }
            if hit_end || (s.pushed.is_empty() && s.pos >= s.data.len()) {
                s.eof = true;
            }
        }
    }

    /// Pushes `c` back onto stream `f` (C11 7.21.7.10): the next read returns
    /// it, the end-of-file indicator is cleared and the file position steps
    /// back by one. The byte just read steps the stream back; another byte
    /// is kept in front of what is left until a read or a seek.
    /// `false` when `f` is not open for reading.
    pub fn unget(&mut self, f: u64, c: u8) -> bool {
        let Some(s) = self.get_mut(f) else {
            return false;
        };
        s.eof = false;
        if s.pushed.is_empty() && s.pos > 0 && s.data.get(s.pos - 1) == Some(&c) {
            s.pos -= 1;
        } else {
            s.pushed.push(c);
        }
        true
    }

    /// The file position of reading stream `f` (C11 7.21.9.4: after
    /// `ungetc` one less per byte pushed back; glibc's -1 before the
    /// start), if `f` is open for reading.
    pub fn tell(&self, f: u64) -> Option<i64> {
        self.get(f)
            .map(|s| (s.pos as i64 - s.pushed.len() as i64).max(-1))
    }

    /// Moves reading stream `f` to `offset` bytes from the start (0), the
    /// current position (1) or the end (2) of its file (C11 7.21.9.2):
    /// pushed-back bytes are dropped and the end-of-file indicator cleared.
    /// `None` when `f` is not open for reading, `Some(false)` for a
    /// position before the start (EINVAL). A position past the end is
    /// allowed: reads there see the end of the file.
    pub fn seek(&mut self, f: u64, offset: i64, whence: i32) -> Option<bool> {
        let here = self.tell(f)?;
        let s = self.get_mut(f)?;
        let base = match whence {
            0 => 0,
            1 => here,
            _ => s.data.len() as i64,
        };
        let Some(to) = base.checked_add(offset).filter(|&t| t >= 0) else {
            return Some(false);
        };
        s.pushed.clear();
        s.eof = false;
        s.pos = usize::try_from(to).unwrap_or(usize::MAX);
        Some(true)
    }

    /// Clears the end-of-file indicator of reading stream `f` (`clearerr`).
    pub fn clear_eof(&mut self, f: u64) {
        if let Some(s) = self.get_mut(f) {
            s.eof = false;
        }
    }

    /// A file opened for reading as the stream object at `handle`.
    pub fn open(&mut self, handle: u64, data: Arc<[u8]>) {
        self.files.push((handle, Stream::new(data)));
    }

    /// Closes the stream at `handle`, if it is one (a writing stream's
    /// pending bytes were flushed first).
    pub fn close(&mut self, handle: u64) {
        self.files.retain(|x| x.0 != handle);
        self.writers.retain(|x| x.0 != handle);
    }
}

/// Executes a reading function `func` (routed here by [`super::call`]).
pub(super) fn call(
    func: LibcFunc,
    a: &Args<'_>,
    mem: &mut Memory,
) -> Result<LibcOutcome, MemFault> {
    let stream = match func {
        LibcFunc::Fscanf | LibcFunc::Fgetc | LibcFunc::Feof => Some(a.get(0)?),
        LibcFunc::Fgets => Some(a.get(2)?),
        LibcFunc::Fread => Some(a.get(3)?),
        LibcFunc::Ungetc => Some(a.get(1)?),
        _ => None,
    };
    if let Some(f) = stream.filter(|&f| is_update(mem, f)) {
        if let Err(m) = sync_for_read(mem, f, func.c_name()) {
            return Ok(LibcOutcome::Unsupported(m));
        }
    }
    match func {
        LibcFunc::Scanf => fscanf(a, mem, stdin_marker(), 0),
        LibcFunc::Fscanf => fscanf(a, mem, a.get(0)?, 1),
        LibcFunc::Fgetc | LibcFunc::Getchar => {
            let f = if func == LibcFunc::Fgetc {
                a.get(0)?
            } else {
                stdin_marker()
            };
            let Some(left) = mem.statics.streams.remaining(f) else {
                return unreadable(mem, func, f);
            };
            match left.first() {
                Some(&b) => {
                    mem.statics.streams.advance(f, 1, false);
                    Ok(ret_i32(b as i32))
                }
                None => {
                    mem.statics.streams.advance(f, 0, true);
                    Ok(ret_i32(EOF))
                }
            }
        }
        LibcFunc::Fgets => {
            let (buf, n, f) = (a.get(0)?, a.get(1)? as i32, a.get(2)?);
            let Some(left) = mem.statics.streams.remaining(f) else {
                return unreadable(mem, func, f);
            };
            if n <= 0 || left.is_empty() {
                mem.statics.streams.advance(f, 0, left.is_empty());
                return Ok(ret(0));
            }
            // At most n - 1 characters, through the first newline.
            let room = (n - 1) as usize;
            let line = left
                .iter()
                .position(|&c| c == b'\n')
                .map_or(left.len(), |i| i + 1);
            let take = line.min(room);
            let mut bytes = left[..take].to_vec();
            bytes.push(0);
            mem.write_bytes(buf, &bytes)?;
            mem.statics.streams.advance(f, take, false);
            Ok(ret(buf))
        }
        LibcFunc::Fread => {
            let (p, size, count, f) = (a.get(0)?, a.get(1)?, a.get(2)?, a.get(3)?);
            let Some(left) = mem.statics.streams.remaining(f) else {
                return unreadable(mem, func, f);
            };
            if size == 0 || count == 0 {
                return Ok(ret(0));
            }
            let items = count.min(left.len() as u64 / size);
            let bytes = (items * size) as usize;
            mem.write_bytes(p, &left[..bytes])?;
            mem.statics.streams.advance(f, bytes, items < count);
            Ok(ret(items))
        }
        LibcFunc::Ungetc => {
            let (c, f) = (a.get(0)? as i32, a.get(1)?);
            // Pushing back EOF fails and leaves the stream as it is.
            if c == EOF {
                return Ok(ret_i32(EOF));
            }
            if !mem.statics.streams.unget(f, c as u8) {
                return unreadable(mem, func, f);
            }
            Ok(ret_i32(c as u8 as i32))
        }
        LibcFunc::Feof => {
            let f = a.get(0)?;
            match mem.statics.streams.get(f) {
                Some(s) => Ok(ret_i32(s.eof as i32)),
                None => Ok(ret_i32(0)),
            }
        }
        _ => Ok(super::misrouted(func)),
    }
}

/// A read from stream `f` that is not open for reading: through NULL, a
/// crash (a memory error); from standard input the check was not given,
/// or that `mpiexec` does not give this rank (it forwards standard input
/// to rank 0 only; another rank's read blocks under MPICH and sees end of
/// file under Open MPI), or from a stream opened for writing: the check
/// stops there rather than guess.
pub(super) fn unreadable(mem: &Memory, func: LibcFunc, f: u64) -> Result<LibcOutcome, MemFault> {
    if f == 0 {
        return Err(MemFault::Null { write: false });
    }
    Ok(LibcOutcome::Unsupported(if f == stdin_marker() {
        if mem.statics.streams.stdin_elsewhere {
            format!(
                "{} reads standard input on a rank other than 0: mpiexec forwards it to rank 0 only (another rank's read blocks under MPICH and sees end of file under Open MPI)",
                func.c_name()
            )
        } else {
            format!(
                "{} reads standard input, which this check was not given (`--stdin FILE` gives rank 0's)",
                func.c_name()
            )
        }
    } else {
        format!("{} on a stream that is not open for reading", func.c_name())
    }))
}

/// `fopen(name, mode)` for reading: the file's bytes now, or NULL when it
/// cannot be read (as a real run would get).
pub(super) fn open_for_reading(
    mem: &mut Memory,
    name: &[u8],
    file_size: u64,
) -> Result<LibcOutcome, MemFault> {
    let path = String::from_utf8_lossy(name).into_owned();
    // On the check's file system: what the processes wrote, else the
    // working directory's file (read once, when the check first names it).
    let mut error = super::errno::ENOENT;
    let data = match fs_access(mem, &path, false, "fopen(.., \"r\")") {
        Ok(files) => files.lookup(&path, |n| match std::fs::read(n) {
            Ok(d) => Some(d),
            Err(e) => {
                error = e.raw_os_error().unwrap_or(super::errno::ENOENT);
                None
            }
        }),
        Err(m) => return Ok(LibcOutcome::Unsupported(m)),
    };
    let Some(data) = data else {
        super::set_errno(mem, error);
        return Ok(ret(0));
    };
    let handle = mem.allocate(file_size, AllocKind::Heap)?;
    mem.statics.streams.open(handle, Arc::from(data.as_slice()));
    Ok(ret(handle))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::{stdin_marker, EOF};
    use std::sync::Arc;

    fn with_stdin(text: &str) -> Memory {
        let mut m = mem();
        m.statics.streams.set_stdin(Arc::from(text.as_bytes()));
        m
    }

    #[test]
    fn scanf_consumes_what_it_converts_and_returns_eof_at_the_end() {
        let mut m = with_stdin("12 7\n");
        let f = string(&mut m, "%d");
        let x = m.allocate(4, AllocKind::Heap).unwrap();
        assert_eq!(c(&mut m, LibcFunc::Scanf, &[p(f), p(x)]).unwrap(), 1);
        assert_eq!(m.load(x, 4).unwrap(), 12);
        assert_eq!(c(&mut m, LibcFunc::Scanf, &[p(f), p(x)]).unwrap(), 1);
        assert_eq!(m.load(x, 4).unwrap(), 7);
        assert_eq!(
            c(&mut m, LibcFunc::Scanf, &[p(f), p(x)]).unwrap() as u32 as i32,
            EOF
        );
    }

    #[test]
    fn fgets_stops_after_a_newline_and_getchar_reads_bytes() {
        let mut m = with_stdin("ab\ncd");
        let buf = m.allocate(8, AllocKind::Heap).unwrap();
        let stdin = stdin_marker();
        assert_eq!(
            c(&mut m, LibcFunc::Fgets, &[p(buf), i32a(8), p(stdin)]).unwrap(),
            buf
        );
        assert_eq!(m.read_c_string(buf).unwrap(), b"ab\n");
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap(), b'c' as u64);
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(stdin)]).unwrap(), 0);
        assert_eq!(
            c(&mut m, LibcFunc::Fgetc, &[p(stdin)]).unwrap(),
            b'd' as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(stdin)]).unwrap(), 1);
        assert_eq!(
            c(&mut m, LibcFunc::Fgets, &[p(buf), i32a(8), p(stdin)]).unwrap(),
            0
        );
    }

    #[test]
    fn ungetc_pushes_back_what_was_read_or_another_byte() {
        let mut m = with_stdin("7x");
        let stdin = stdin_marker();
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap(), b'7' as u64);
        assert_eq!(
            c(&mut m, LibcFunc::Ungetc, &[i32a(b'7' as i32), p(stdin)]).unwrap(),
            b'7' as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap(), b'7' as u64);
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap(), b'x' as u64);
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap() as i32, EOF);
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(stdin)]).unwrap(), 1);
        // Another byte, at the end: read next, and the end indicator is cleared.
        assert_eq!(
            c(&mut m, LibcFunc::Ungetc, &[i32a(b'q' as i32), p(stdin)]).unwrap(),
            b'q' as u64
        );
        assert_eq!(c(&mut m, LibcFunc::Feof, &[p(stdin)]).unwrap(), 0);
        assert_eq!(c(&mut m, LibcFunc::Getchar, &[]).unwrap(), b'q' as u64);
        // EOF cannot be pushed back.
        assert_eq!(
            c(&mut m, LibcFunc::Ungetc, &[i32a(EOF), p(stdin)]).unwrap() as i32,
            EOF
        );
    }

    #[test]
    fn reading_without_input_is_not_guessed_and_null_faults() {
        let mut m = mem();
        let f = string(&mut m, "%d");
        let x = m.allocate(4, AllocKind::Heap).unwrap();
        assert!(matches!(
            call(LibcFunc::Scanf, &[p(f), p(x)], &mut m),
            Ok(LibcOutcome::Unsupported(_))
        ));
        assert!(matches!(
            call(LibcFunc::Fgetc, &[p(0)], &mut m),
            Err(MemFault::Null { .. })
        ));
    }
}
