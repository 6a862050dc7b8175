//! Byte-addressed memory of one process, with pointer provenance.
//!
//! A pointer is `alloc << 32 | offset` (see `runtime_model::model::Pointer`);
//! every access is checked against the allocation the pointer names, so
//! null dereferences, out-of-bounds accesses, use-after-free and double
//! frees are found exactly where they happen.
//!
//! Allocations are shared copy-on-write (`Arc`), so cloning a process state
//! at a branching point of the exploration costs one pointer per allocation,
//! and the state stays `Send` for parallel exploration.

use runtime_model::model::Pointer;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllocKind {
    Global { constant: bool },
    Stack,
    Heap,
}

#[derive(Debug)]
pub struct Allocation {
    pub kind: AllocKind,
    pub live: bool,
    pub bytes: Vec<u8>,
    /// Digest of the three fields above, computed once per version of the
    /// allocation (0: not yet). An allocation changes only through
    /// `Memory::alloc_mut`, which clears it; the stateful search hashes
    /// every process's memory at every branching state, and most
    /// allocations are shared, unchanged, with the parent state.
    digest: std::sync::atomic::AtomicU64,
}

/// The allocation every stack block whose function returned becomes.
fn returned_block() -> Arc<Allocation> {
    static RETURNED: std::sync::OnceLock<Arc<Allocation>> = std::sync::OnceLock::new();
    RETURNED
        .get_or_init(|| Arc::new(Allocation::new(AllocKind::Stack, false, Vec::new())))
        .clone()
}

/// The allocation every freed heap block becomes.
fn freed_block() -> Arc<Allocation> {
    static FREED: std::sync::OnceLock<Arc<Allocation>> = std::sync::OnceLock::new();
    FREED
        .get_or_init(|| Arc::new(Allocation::new(AllocKind::Heap, false, Vec::new())))
        .clone()
}

impl Allocation {
    fn new(kind: AllocKind, live: bool, bytes: Vec<u8>) -> Allocation {
        Allocation {
            kind,
            live,
            bytes,
            digest: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// The allocation's digest (`hash_contents`).
    fn digest(&self) -> u64 {
        use std::hash::BuildHasher;
        use std::sync::atomic::Ordering;
        let d = self.digest.load(Ordering::Relaxed);
        if d != 0 {
            return d;
        }
        let d = foldhash::quality::FixedState::with_seed(0x5851_f42d_4c95_7f2d)
            .hash_one((self.kind, self.live, &self.bytes))
            .max(1);
        self.digest.store(d, Ordering::Relaxed);
        d
    }
}

impl Clone for Allocation {
    fn clone(&self) -> Allocation {
        Allocation {
            kind: self.kind,
            live: self.live,
            bytes: self.bytes.clone(),
            digest: std::sync::atomic::AtomicU64::new(
                self.digest.load(std::sync::atomic::Ordering::Relaxed),
            ),
        }
    }
}

impl PartialEq for Allocation {
    fn eq(&self, other: &Allocation) -> bool {
        (self.kind, self.live, &self.bytes) == (other.kind, other.live, &other.bytes)
    }
}

impl Eq for Allocation {}

impl std::hash::Hash for Allocation {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.kind, self.live, &self.bytes).hash(h);
    }
}

/// A memory error, described for the user.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MemFault {
    Null {
        write: bool,
    },
    Dangling {
        addr: u64,
    },
    OutOfBounds {
        offset: i64,
        len: u64,
        size: u64,
        kind: AllocKind,
        write: bool,
    },
    UseAfterFree {
        write: bool,
    },
    /// An access to a local variable of a function that has returned.
    UseAfterReturn {
        write: bool,
    },
    DoubleFree,
    InvalidFree {
        reason: &'static str,
    },
    WriteToConstant,
    DivisionByZero,
    /// An allocation larger than [`MAX_ALLOCATION`].
    TooLarge {
        size: u64,
    },
    /// Signed division or remainder of the most negative value by -1.
    DivisionOverflow,
    /// An access to a buffer a pending nonblocking operation owns (Palmer et al. 2007
    /// §3.1; MPI 3.1 §3.7.2): `guard` identifies that operation.
    PendingBuffer {
        write: bool,
        guard: u64,
    },
    /// `free`/`realloc` of a block holding such a buffer, or (`returns`)
    /// the end of the function whose local variable it is.
    PendingFree {
        guard: u64,
        returns: bool,
    },
    /// `free`/`realloc` of memory exposed in an RMA window that was not
    /// freed yet (other processes may access it until `MPI_Win_free`,
    /// MPI 3.1 §11.2.5).
    WindowFree,
    Other(String),
    /// Something a library function was asked to do that the model does
    /// not cover (`printf("%La")`): ends the check inconclusive, as
    /// `TooLarge` does.
    Unmodeled(String),
}

impl std::fmt::Display for MemFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rw = |w: &bool| if *w { "write to" } else { "read from" };
        match self {
            MemFault::Null { write } => write!(f, "{} a null pointer", rw(write)),
            MemFault::Dangling { addr } => {
                write!(f, "access through an invalid pointer 0x{addr:x}")
            }
            MemFault::OutOfBounds {
                offset,
                len,
                size,
                kind,
                write,
            } => {
                let what = match kind {
                    AllocKind::Global { .. } => "global",
                    AllocKind::Stack => "stack",
                    AllocKind::Heap => "heap",
                };
                write!(
                    f,
                    "out-of-bounds {} {what} object of {size} bytes: {len} bytes at offset {offset}",
                    if *write { "write to" } else { "read from" }
                )
            }
            MemFault::UseAfterFree { write } => {
                write!(f, "{} freed memory (use after free)", rw(write))
            }
            MemFault::UseAfterReturn { write } => write!(
                f,
                "{} a local variable of a function that has returned (use after return)",
                rw(write)
            ),
            MemFault::DoubleFree => write!(f, "double free"),
            MemFault::Unmodeled(what) => write!(f, "{what}"),
            MemFault::InvalidFree { reason } => write!(f, "invalid free: {reason}"),
            MemFault::WriteToConstant => write!(f, "write to constant memory"),
            MemFault::DivisionByZero => write!(f, "integer division by zero"),
            MemFault::TooLarge { size } => write!(
                f,
                "the model cannot allocate {size} bytes (it holds at most {MAX_ALLOCATION} bytes in one block)"
            ),
            MemFault::DivisionOverflow => write!(
                f,
                "integer division overflow: the most negative value divided by -1 traps (SIGFPE)"
            ),
            MemFault::PendingBuffer { write, .. } => write!(
                f,
                "{} a buffer owned by a pending nonblocking operation",
                if *write { "write to" } else { "read from" }
            ),
            MemFault::PendingFree { .. } => {
                write!(
                    f,
                    "free of a buffer owned by a pending nonblocking operation"
                )
            }
            MemFault::WindowFree => write!(
                f,
                "free of memory exposed in an RMA window: other processes may access it until MPI_Win_free (MPI 3.1 §11.2.5), so free it after MPI_Win_free"
            ),
            MemFault::Other(m) => write!(f, "{m}"),
        }
    }
}

/// The largest single allocation the checker holds (2 GiB). Asking for
/// more (`malloc`, `MPI_Alloc_mem`, window memory, a stack array, even
/// `malloc(SIZE_MAX)` from a negative size) makes the check inconclusive:
/// whether a real system backs it is not the program's doing, so the
/// model neither fails the allocation nor calls it an error.
pub const MAX_ALLOCATION: u64 = 1 << 31;

/// A byte range the program must not touch while an MPI operation owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Guard {
    pub alloc: u32,
    pub start: u32,
    pub end: u32,
    /// Reads are allowed (a pending send's buffer, MPI 3.1 §3.7.2 since
    /// MPI-3.0); otherwise every access is an error (a pending receive).
    pub reads_allowed: bool,
    /// Who owns the range (the checker's request id).
    pub owner: u64,
}

/// A byte range whose accesses the MPI layer wants to see (memory exposed
/// in an RMA window, MPI 3.1 §11.2): accesses are not refused, they are
/// noted as [`Hit`]s for the caller to check after the instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Watch {
    pub alloc: u32,
    pub start: u32,
    pub end: u32,
}

/// An access to a watched range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hit {
    pub alloc: u32,
    pub offset: u32,
    pub len: u32,
    pub write: bool,
    /// A read that polls: a C `volatile` or atomic load, which the
    /// compiler does not fold into an earlier one, so it observes an RMA
    /// update eventually under the unified memory model (MPI 3.1 §11.7).
    pub polling: bool,
}

/// Hits not yet taken: transient (taken after every instruction), so they
/// take no part in a state's identity. Behind a mutex because loads see
/// memory through a shared reference.
#[derive(Debug, Default)]
pub struct Hits(std::sync::Mutex<Vec<Hit>>);

impl Hits {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Hit>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Clone for Hits {
    fn clone(&self) -> Hits {
        Hits(std::sync::Mutex::new(self.lock().clone()))
    }
}

impl PartialEq for Hits {
    fn eq(&self, _: &Hits) -> bool {
        true
    }
}

impl Eq for Hits {}

impl std::hash::Hash for Hits {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Every access while it is on (the OpenMP race check's view of what a C
/// library function or an MPI call did for a thread): transient, taken
/// after the call, so it takes no part in a state's identity.
#[derive(Debug, Default)]
pub struct AccessLog {
    on: std::sync::atomic::AtomicBool,
    entries: std::sync::Mutex<Vec<Hit>>,
}

impl AccessLog {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Hit>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    #[inline]
    fn is_on(&self) -> bool {
        self.on.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Clone for AccessLog {
    fn clone(&self) -> AccessLog {
        AccessLog {
            on: std::sync::atomic::AtomicBool::new(self.is_on()),
            entries: std::sync::Mutex::new(self.lock().clone()),
        }
    }
}

impl PartialEq for AccessLog {
    fn eq(&self, _: &AccessLog) -> bool {
        true
    }
}

impl Eq for AccessLog {}

impl std::hash::Hash for AccessLog {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Memory {
    /// Index = allocation id; id 0 is the null allocation and never valid.
    allocs: Vec<Arc<Allocation>>,
    /// Ranges owned by pending operations; empty in most programs, so the
    /// check costs one length test per access.
    guards: Vec<Guard>,
    /// At least the length of the longest guard (0 when there is none).
    guard_span: u32,
    /// Watched ranges (window memory); empty unless the program uses RMA.
    watches: Vec<Watch>,
    hits: Hits,
    log: AccessLog,
    /// The C library's static state (`rand`'s generator, `getenv` strings).
    pub statics: super::libc::LibcStatics,
    /// Shadows of input-dependent contents (`--any-input` only: `None`
    /// otherwise, so a store pays one test).
    pub taint: Option<Box<super::shadow::Taint>>,
}

impl Memory {
    /// Memory holding the program's globals as allocations `1..=globals.len()`.
    pub fn with_globals(globals: &[runtime_model::model::Global]) -> Memory {
        let mut allocs = Vec::with_capacity(globals.len() + 16);
        allocs.push(Arc::new(Allocation::new(
            AllocKind::Global { constant: true },
            false,
            Vec::new(),
        )));
        for g in globals {
            allocs.push(Arc::new(Allocation::new(
                AllocKind::Global {
                    constant: g.constant,
                },
                true,
                g.init.clone(),
            )));
        }
        Memory {
            allocs,
            guards: Vec::new(),
            guard_span: 0,
            watches: Vec::new(),
            hits: Hits::default(),
            log: AccessLog::default(),
            statics: Default::default(),
            taint: None,
        }
    }

    /// Hands `len` bytes at `addr` to a pending operation: the program's own
    /// accesses to them fail until [`Memory::release`].
    pub fn guard(&mut self, addr: u64, len: u64, reads_allowed: bool, owner: u64) {
        if len == 0 || addr == 0 {
            return;
        }
        let p = Pointer::decode(addr);
        let end = (p.offset as u64).saturating_add(len).min(u32::MAX as u64) as u32;
        let g = Guard {
            alloc: p.alloc,
            start: p.offset,
            end,
            reads_allowed,
            owner,
        };
        // Sorted by (allocation, start), so an access looks only at the
        // guards that can overlap it (a derived datatype guards one range
        // per block: a matrix column is one per row).
        let at = self
            .guards
            .partition_point(|x| (x.alloc, x.start) <= (g.alloc, g.start));
        self.guards.insert(at, g);
        self.guard_span = self.guard_span.max(end - p.offset);
    }

    /// The operation `owner` completed: its buffers are the program's again.
    pub fn release(&mut self, owner: u64) {
        self.guards.retain(|g| g.owner != owner);
        if self.guards.is_empty() {
            self.guard_span = 0;
        }
    }

    /// The only way to change an allocation: copies it if it is shared
    /// with another state, and forgets its digest.
    fn alloc_mut(&mut self, a: usize) -> &mut Allocation {
        let a = Arc::make_mut(&mut self.allocs[a]);
        *a.digest.get_mut() = 0;
        a
    }

    pub fn guards(&self) -> &[Guard] {
        &self.guards
    }

    /// Hashes the contents, with guards by the ranges they cover and not by
    /// the operation owning them (whose ids count up as a loop repeats).
    pub fn hash_contents<H: std::hash::Hasher>(&self, h: &mut H) {
        self.hash_contents_masked(h, &[]);
    }

    /// `hash_contents` without the bytes of `masks` (address, length):
    /// memory the future overwrites before anything reads it. Only the
    /// masks' places are hashed.
    pub fn hash_contents_masked<H: std::hash::Hasher>(&self, h: &mut H, masks: &[(u64, u64)]) {
        self.hash_contents_as(h, masks, None);
    }

    /// `hash_contents_masked` as if the process id were `pid` (the
    /// symmetry reduction's renamed process, `system::symmetry`: process
    /// ids follow ranks).
    pub fn hash_contents_as<H: std::hash::Hasher>(
        &self,
        h: &mut H,
        masks: &[(u64, u64)],
        pid: Option<i32>,
    ) {
        use std::hash::Hash;
        self.allocs.len().hash(h);
        // The holes of all allocations at once, by (allocation, start, end):
        // one list per call rather than one per allocation. Clamping to an
        // allocation's length keeps this order, so each allocation's holes
        // come sorted as the bytes are walked.
        let mut holes: Vec<(usize, usize, usize)> = masks
            .iter()
            .map(|&(addr, len)| {
                let p = Pointer::decode(addr);
                let start = p.offset as usize;
                (p.alloc as usize, start, start.saturating_add(len as usize))
            })
            .collect();
        holes.sort_unstable();
        let mut next = 0;
        for (id, a) in self.allocs.iter().enumerate() {
            while next < holes.len() && holes[next].0 < id {
                next += 1;
            }
            let first = next;
            while next < holes.len() && holes[next].0 == id {
                next += 1;
            }
            if first == next {
                h.write_u64(a.digest());
                continue;
            }
            (a.kind, a.live, a.bytes.len()).hash(h);
            let n = a.bytes.len();
            let mut at = 0;
            for &(_, start, end) in &holes[first..next] {
                let (start, end) = (start.min(n), end.min(n));
                if start > at {
                    h.write(&a.bytes[at..start]);
                }
                (start, end).hash(h);
                at = at.max(end);
            }
            if at < n {
                h.write(&a.bytes[at..]);
            }
        }
        for g in &self.guards {
            (g.alloc, g.start, g.end, g.reads_allowed).hash(h);
        }
        self.watches.hash(h);
        match pid {
            Some(pid) if pid != self.statics.pid => {
                let mut statics = self.statics.clone();
                statics.pid = pid;
                statics.hash(h);
            }
            _ => self.statics.hash(h),
        }
        self.taint.hash(h);
    }

    /// Whether two memories hold the same contents, and what finding out
    /// cost (allocations looked at plus bytes compared): an allocation not
    /// written since one was copied from the other is the same shared block,
    /// a pointer comparison (the endless-loop check, `endless`).
    pub fn same_as(&self, other: &Memory) -> (bool, u64) {
        let mut cost = self.allocs.len() as u64;
        if self.allocs.len() != other.allocs.len() {
            return (false, cost);
        }
        for (a, b) in self.allocs.iter().zip(&other.allocs) {
            if Arc::ptr_eq(a, b) {
                continue;
            }
            cost += a.bytes.len() as u64;
            if a != b {
                return (false, cost);
            }
        }
        let same = self.guards == other.guards
            && self.watches == other.watches
            && self.statics == other.statics
            && self.taint == other.taint;
        (same, cost)
    }

    /// The bytes at `addr` as MPI sees them (no guard or watch notes it),
    /// if they are live memory.
    pub fn peek(&self, addr: u64, len: u64) -> Option<&[u8]> {
        let p = Pointer::decode(addr);
        let a = self
            .allocs
            .get(p.alloc as usize)
            .filter(|a| p.alloc != 0 && a.live)?;
        let start = p.offset as usize;
        a.bytes.get(start..start.checked_add(len as usize)?)
    }

    /// Runs `f` with guards and watches off: MPI itself delivering into a
    /// buffer it owns, or an RMA call reaching another process's window.
    pub fn unchecked<R>(&mut self, f: impl FnOnce(&mut Memory) -> R) -> R {
        let guards = std::mem::take(&mut self.guards);
        let watches = std::mem::take(&mut self.watches);
        let span = std::mem::replace(&mut self.guard_span, 0);
        let r = f(self);
        self.guards = guards;
        self.watches = watches;
        self.guard_span = span;
        r
    }

    /// Starts noting accesses to `len` bytes at `addr`.
    pub fn watch(&mut self, addr: u64, len: u64) {
        if len == 0 || addr == 0 {
            return;
        }
        let p = Pointer::decode(addr);
        let end = (p.offset as u64).saturating_add(len).min(u32::MAX as u64) as u32;
        self.watches.push(Watch {
            alloc: p.alloc,
            start: p.offset,
            end,
        });
    }

    /// Stops noting accesses to the range watched from `addr`.
    pub fn unwatch(&mut self, addr: u64) {
        let p = Pointer::decode(addr);
        if let Some(i) = self
            .watches
            .iter()
            .position(|w| w.alloc == p.alloc && w.start == p.offset)
        {
            self.watches.remove(i);
        }
    }

    /// Marks the reads waiting to be taken as polling ([`Hit::polling`]):
    /// called after a volatile or atomic load, whose hits are the only ones
    /// waiting (they are taken after every instruction).
    pub fn mark_hits_polling(&self) {
        if self.watches.is_empty() {
            return;
        }
        for h in self.hits.lock().iter_mut().filter(|h| !h.write) {
            h.polling = true;
        }
    }

    /// Whether accesses wait to be taken ([`Memory::take_hits`]).
    #[inline]
    pub fn has_hits(&self) -> bool {
        !self.watches.is_empty() && !self.hits.lock().is_empty()
    }

    /// The watched accesses since the last call.
    pub fn take_hits(&self) -> Vec<Hit> {
        if self.watches.is_empty() {
            return Vec::new();
        }
        std::mem::take(&mut *self.hits.lock())
    }

    /// Starts (`true`) or stops logging every access; stopping returns the
    /// accesses logged.
    pub fn log_accesses(&self, on: bool) -> Vec<Hit> {
        self.log.on.store(on, std::sync::atomic::Ordering::Relaxed);
        std::mem::take(&mut *self.log.lock())
    }

    #[cold]
    fn note_access(&self, alloc: u32, off: u64, len: u64, write: bool) {
        self.log.lock().push(Hit {
            alloc,
            offset: off as u32,
            len: len.min(u32::MAX as u64) as u32,
            write,
            polling: false,
        });
    }

    #[cold]
    fn note_watched(&self, alloc: u32, off: u64, len: u64, write: bool) {
        let end = off.saturating_add(len);
        for w in &self.watches {
            if w.alloc == alloc && off < w.end as u64 && end > w.start as u64 {
                self.hits.lock().push(Hit {
                    alloc,
                    offset: off as u32,
                    len: len.min(u32::MAX as u64) as u32,
                    write,
                    polling: false,
                });
                return;
            }
        }
    }

    #[inline]
    fn check_guards(&self, alloc: u32, off: u64, len: u64, write: bool) -> Result<(), MemFault> {
        if self.guards.is_empty() {
            return Ok(());
        }
        // Guards starting before the access's end, back to the longest
        // guard's length before its start: no other can overlap it.
        let end = off.saturating_add(len);
        let upto = self
            .guards
            .partition_point(|g| (g.alloc, g.start as u64) < (alloc, end));
        for g in self.guards[..upto].iter().rev() {
            if g.alloc != alloc || (g.start as u64).saturating_add(self.guard_span as u64) <= off {
                break;
            }
            let overlaps = off < g.end as u64 && end > g.start as u64;
            if overlaps && (write || !g.reads_allowed) {
                return Err(MemFault::PendingBuffer {
                    write,
                    guard: g.owner,
                });
            }
        }
        Ok(())
    }

    /// The id the next allocation gets.
    pub fn next_alloc_id(&self) -> u32 {
        self.allocs.len() as u32
    }

    /// Skips allocation ids up to `id` (dead placeholders), so that the
    /// next allocation gets `id`: a shared window's memory has one address
    /// in every member.
    pub fn pad_to(&mut self, id: u32) {
        while (self.allocs.len() as u32) < id {
            self.allocs.push(Arc::new(Allocation::new(
                AllocKind::Heap,
                false,
                Vec::new(),
            )));
        }
    }

    /// Allocation `id` itself (shared, copy-on-write), to mirror it into
    /// another process's memory with [`Memory::set_allocation`].
    pub fn allocation(&self, id: u32) -> Option<Arc<Allocation>> {
        self.allocs.get(id as usize).cloned()
    }

    pub fn set_allocation(&mut self, id: u32, a: Arc<Allocation>) {
        if let Some(slot) = self.allocs.get_mut(id as usize) {
            *slot = a;
        }
    }

    /// A fresh zero-filled allocation; returns its address.
    pub fn allocate(&mut self, size: u64, kind: AllocKind) -> Result<u64, MemFault> {
        if size > MAX_ALLOCATION {
            return Err(MemFault::TooLarge { size });
        }
        if self.allocs.len() >= Pointer::FUNCTION_BASE as usize {
            return Err(MemFault::Other("too many allocations".into()));
        }
        let id = self.allocs.len() as u32;
        self.allocs.push(Arc::new(Allocation::new(
            kind,
            true,
            vec![0; size as usize],
        )));
        Ok(Pointer {
            alloc: id,
            offset: 0,
        }
        .encode())
    }

    /// A fresh read-only allocation holding `bytes` (a constant of the C
    /// library, such as the "." `dirname` returns): writing into it is a
    /// [`MemFault::WriteToConstant`], as into a string literal.
    pub fn allocate_constant(&mut self, bytes: &[u8]) -> Result<u64, MemFault> {
        if bytes.len() as u64 > MAX_ALLOCATION {
            return Err(MemFault::TooLarge {
                size: bytes.len() as u64,
            });
        }
        if self.allocs.len() >= Pointer::FUNCTION_BASE as usize {
            return Err(MemFault::Other("too many allocations".into()));
        }
        let id = self.allocs.len() as u32;
        self.allocs.push(Arc::new(Allocation::new(
            AllocKind::Global { constant: true },
            true,
            bytes.to_vec(),
        )));
        Ok(Pointer {
            alloc: id,
            offset: 0,
        }
        .encode())
    }

    /// The stack block at `addr` goes out of scope (`LifetimeEnd`): later
    /// accesses through pointers to it are errors. Ending a block a pending
    /// operation still owns is an error of its own, as freeing it is.
    pub fn end_lifetime(&mut self, addr: u64) -> Result<(), MemFault> {
        let p = Pointer::decode(addr);
        let Some(a) = self.allocs.get(p.alloc as usize).filter(|_| p.alloc != 0) else {
            return Ok(());
        };
        if a.kind != AllocKind::Stack || !a.live || p.offset != 0 {
            return Ok(());
        }
        if let Some(g) = self.guards.iter().find(|g| g.alloc == p.alloc) {
            return Err(MemFault::PendingFree {
                guard: g.owner,
                returns: true,
            });
        }
        if self.watches.iter().any(|w| w.alloc == p.alloc) {
            return Err(MemFault::WindowFree);
        }
        self.allocs[p.alloc as usize] = returned_block();
        Ok(())
    }

    pub fn free(&mut self, addr: u64) -> Result<(), MemFault> {
        if addr == 0 {
            return Ok(()); // free(NULL) is a no-op (C11 7.22.3.3)
        }
        // An object a call assumed to have no effect returned may come
        // from malloc or not: the model cannot tell (the interpreter ends
        // the check inconclusive, naming the function).
        if Pointer::as_opaque(addr).is_some() {
            return Err(MemFault::Dangling { addr });
        }
        let p = Pointer::decode(addr);
        let a = self
            .allocs
            .get_mut(p.alloc as usize)
            .filter(|_| p.alloc != 0)
            .ok_or(MemFault::InvalidFree {
                reason: "pointer was not returned by malloc",
            })?;
        if a.kind != AllocKind::Heap {
            return Err(MemFault::InvalidFree {
                reason: "pointer is not to heap memory",
            });
        }
        if !a.live {
            return Err(MemFault::DoubleFree);
        }
        if p.offset != 0 {
            return Err(MemFault::InvalidFree {
                reason: "pointer is not to the start of its block",
            });
        }
        // Freeing memory a pending operation still reads or writes is the
        // worst kind of touching it (MPI 3.1 §3.7.2).
        if let Some(g) = self.guards.iter().find(|g| g.alloc == p.alloc) {
            return Err(MemFault::PendingFree {
                guard: g.owner,
                returns: false,
            });
        }
        if self.watches.iter().any(|w| w.alloc == p.alloc) {
            return Err(MemFault::WindowFree);
        }
        // Every freed block is the same empty, dead block: one shared
        // allocation, so that a program freeing millions of blocks keeps a
        // pointer per block (what a dangling pointer needs to be caught),
        // not a block.
        self.allocs[p.alloc as usize] = freed_block();
        Ok(())
    }

    /// Size of the live allocation `addr` points into, and the offset.
    pub fn block_of(&self, addr: u64) -> Option<(u64, u32, AllocKind)> {
        let p = Pointer::decode(addr);
        let a = self.allocs.get(p.alloc as usize).filter(|_| p.alloc != 0)?;
        a.live.then_some((a.bytes.len() as u64, p.offset, a.kind))
    }

    #[inline]
    fn locate(&self, addr: u64, len: u64, write: bool) -> Result<(usize, usize), MemFault> {
        if addr == 0 {
            return Err(MemFault::Null { write });
        }
        let p = Pointer::decode(addr);
        let Some(a) = self.allocs.get(p.alloc as usize).filter(|_| p.alloc != 0) else {
            return Err(if p.alloc == 0 {
                MemFault::Null { write }
            } else {
                MemFault::Dangling { addr }
            });
        };
        if !a.live {
            if a.kind == AllocKind::Stack {
                return Err(MemFault::UseAfterReturn { write });
            }
            return Err(MemFault::UseAfterFree { write });
        }
        let size = a.bytes.len() as u64;
        let off = p.offset as u64;
        if off.checked_add(len).is_none_or(|end| end > size) {
            return Err(MemFault::OutOfBounds {
                offset: p.offset as i32 as i64,
                len,
                size,
                kind: a.kind,
                write,
            });
        }
        if write && a.kind == (AllocKind::Global { constant: true }) {
            return Err(MemFault::WriteToConstant);
        }
        self.check_guards(p.alloc, off, len, write)?;
        if !self.watches.is_empty() {
            self.note_watched(p.alloc, off, len, write);
        }
        if self.log.is_on() {
            self.note_access(p.alloc, off, len, write);
        }
        Ok((p.alloc as usize, off as usize))
    }

    /// `locate` for an access that succeeds, with the same notes of
    /// watched and logged accesses; `None` where `locate` fails (the
    /// caller then takes the general path, which names the fault). No
    /// error value is built, so the compiled interpreter (`code`) pays only
    /// the checks themselves.
    #[inline(always)]
    fn locate_ok(&self, addr: u64, len: u64, write: bool) -> Option<(usize, usize)> {
        let p = Pointer::decode(addr);
        // The null allocation (id 0) is never live.
        let a = self.allocs.get(p.alloc as usize)?;
        let off = p.offset as u64;
        if !a.live
            || p.alloc == 0
            || off + len > a.bytes.len() as u64
            || (write && a.kind == (AllocKind::Global { constant: true }))
        {
            return None;
        }
        if !self.guards.is_empty() && self.check_guards(p.alloc, off, len, write).is_err() {
            return None;
        }
        if !self.watches.is_empty() {
            self.note_watched(p.alloc, off, len, write);
        }
        if self.log.is_on() {
            self.note_access(p.alloc, off, len, write);
        }
        Some((p.alloc as usize, off as usize))
    }

    /// [`Memory::load`] of `N` bytes where it succeeds; `None` where it
    /// faults.
    #[inline(always)]
    pub fn load_ok<const N: usize>(&self, addr: u64) -> Option<u64> {
        let (a, off) = self.locate_ok(addr, N as u64, false)?;
        let bytes: [u8; N] = self.allocs[a].bytes[off..off + N].try_into().ok()?;
        let mut buf = [0u8; 8];
        buf[..N].copy_from_slice(&bytes);
        Some(u64::from_le_bytes(buf))
    }

    /// [`Memory::store`] of `N` bytes where it succeeds (`true`); where it
    /// would fault, nothing is written (`false`).
    #[inline(always)]
    pub fn store_ok<const N: usize>(&mut self, addr: u64, value: u64) -> bool {
        let Some((a, off)) = self.locate_ok(addr, N as u64, true) else {
            return false;
        };
        let bytes = value.to_le_bytes();
        self.alloc_mut(a).bytes[off..off + N].copy_from_slice(&bytes[..N]);
        true
    }

    /// Whether memory is watched (accesses may leave hits).
    #[inline(always)]
    pub fn watching(&self) -> bool {
        !self.watches.is_empty()
    }

    /// Reads `size` (1, 2, 4 or 8) bytes little-endian, zero-extended.
    #[inline]
    pub fn load(&self, addr: u64, size: u64) -> Result<u64, MemFault> {
        let (a, off) = self.locate(addr, size, false)?;
        let bytes = &self.allocs[a].bytes[off..off + size as usize];
        let mut buf = [0u8; 8];
        buf[..bytes.len()].copy_from_slice(bytes);
        Ok(u64::from_le_bytes(buf))
    }

    #[inline]
    pub fn store(&mut self, addr: u64, size: u64, value: u64) -> Result<(), MemFault> {
        let (a, off) = self.locate(addr, size, true)?;
        let bytes = value.to_le_bytes();
        self.alloc_mut(a).bytes[off..off + size as usize].copy_from_slice(&bytes[..size as usize]);
        Ok(())
    }

    pub fn read_bytes(&self, addr: u64, len: u64) -> Result<&[u8], MemFault> {
        if len == 0 {
            return Ok(&[]);
        }
        let (a, off) = self.locate(addr, len, false)?;
        Ok(&self.allocs[a].bytes[off..off + len as usize])
    }

    pub fn write_bytes(&mut self, addr: u64, data: &[u8]) -> Result<(), MemFault> {
        if data.is_empty() {
            return Ok(());
        }
        let (a, off) = self.locate(addr, data.len() as u64, true)?;
        self.alloc_mut(a).bytes[off..off + data.len()].copy_from_slice(data);
        if self.taint.is_some() {
            self.untaint(addr, data.len() as u64);
        }
        Ok(())
    }

    /// Checks that `len` bytes at `addr` are accessible, without copying.
    pub fn check_range(&self, addr: u64, len: u64, write: bool) -> Result<(), MemFault> {
        if len == 0 {
            return Ok(());
        }
        self.locate(addr, len, write).map(|_| ())
    }

    /// Bytes written by `write_bytes` (data MPI delivers, or a library
    /// function's output) under input tracking. A plain `store` leaves the
    /// shadows to the interpreter, which sets or clears them: stores the MPI
    /// layer makes (ranks, statuses, flags) may keep a stale shadow, which
    /// only adds input dependence.
    #[cold]
    #[inline(never)]
    fn untaint(&mut self, addr: u64, len: u64) {
        if let Some(t) = self.taint.as_mut() {
            t.written_by_mpi(addr, len);
        }
    }

    /// Reads a NUL-terminated string (bounded by its allocation).
    pub fn read_c_string(&self, addr: u64) -> Result<Vec<u8>, MemFault> {
        let (a, off) = self.locate(addr, 1, false)?;
        let bytes = &self.allocs[a].bytes[off..];
        match bytes.iter().position(|b| *b == 0) {
            Some(n) => {
                if self.log.is_on() {
                    self.note_access(a as u32, off as u64, n as u64 + 1, false);
                }
                Ok(bytes[..n].to_vec())
            }
            None => Err(MemFault::OutOfBounds {
                offset: off as i64 + bytes.len() as i64,
                len: 1,
                size: self.allocs[a].bytes.len() as u64,
                kind: self.allocs[a].kind,
                write: false,
            }),
        }
    }

    pub fn is_heap_live(&self, id: usize) -> bool {
        self.allocs
            .get(id)
            .is_some_and(|a| a.kind == AllocKind::Heap && a.live)
    }

    pub fn allocation_count(&self) -> usize {
        self.allocs.len()
    }

    /// Approximate bytes held (for the peak-memory statistics).
    pub fn footprint(&self) -> usize {
        self.allocs.iter().map(|a| a.bytes.len() + 48).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn masked_hash(m: &Memory, masks: &[(u64, u64)]) -> u64 {
        use std::hash::Hasher;
        let mut h = std::collections::hash_map::DefaultHasher::new();
        m.hash_contents_masked(&mut h, masks);
        h.finish()
    }

    /// The key leaves out masked bytes only (`system::memo_key`): a write
    /// outside every mask changes the hash, whichever allocation the masks
    /// name and in whatever order they come; a write inside one does not;
    /// the allocation-wide digest cache is reset by every write.
    #[test]
    fn masked_hash_sees_every_unmasked_write() {
        let mut m = Memory::with_globals(&[]);
        let a = m.allocate(16, AllocKind::Heap).unwrap();
        let b = m.allocate(32, AllocKind::Stack).unwrap();
        let c = m.allocate(8, AllocKind::Heap).unwrap();
        // Masks of two allocations, out of order, one overlapping another
        // and one past the end of its allocation.
        let masks = [(b + 20, 40), (a + 4, 4), (b + 2, 4), (b + 4, 6)];
        let mut reordered = masks;
        reordered.reverse();
        let before = masked_hash(&m, &masks);
        assert_eq!(before, masked_hash(&m, &reordered));
        let plain = masked_hash(&m, &[]);
        for (addr, inside) in [
            (a, false),
            (a + 4, true),
            (a + 8, false),
            (b, false),
            (b + 2, true),
            (b + 8, true),
            (b + 10, false),
            (b + 24, true),
            (c, false),
        ] {
            let mut w = m.clone();
            w.store(addr, 1, 0x5a).unwrap();
            assert_eq!(
                masked_hash(&w, &masks) == before,
                inside,
                "write at offset {:#x} (masked: {inside})",
                addr & 0xffff_ffff
            );
            // Unmasked, every write shows (the digest was reset).
            assert_ne!(masked_hash(&w, &[]), plain);
        }
    }

    #[test]
    fn loads_and_stores_round_trip() {
        let mut m = Memory::default();
        m.allocs.push(Arc::new(Allocation::new(
            AllocKind::Global { constant: true },
            false,
            vec![],
        )));
        let p = m.allocate(16, AllocKind::Heap).unwrap();
        m.store(p + 4, 4, 0xdead_beef).unwrap();
        assert_eq!(m.load(p + 4, 4).unwrap(), 0xdead_beef);
        assert_eq!(m.load(p + 4, 2).unwrap(), 0xbeef);
    }

    #[test]
    fn faults_are_reported() {
        let mut m = Memory::with_globals(&[]);
        let p = m.allocate(8, AllocKind::Heap).unwrap();
        assert!(matches!(m.load(0, 4), Err(MemFault::Null { write: false })));
        assert!(matches!(
            m.load(p + 6, 4),
            Err(MemFault::OutOfBounds { .. })
        ));
        // One byte before the block borrows into the previous allocation id.
        assert!(m.load(p.wrapping_sub(1), 1).is_err());
        m.free(p).unwrap();
        assert!(matches!(m.load(p, 4), Err(MemFault::UseAfterFree { .. })));
        assert_eq!(m.free(p), Err(MemFault::DoubleFree));
    }

    #[test]
    fn guarded_ranges_reject_the_programs_accesses() {
        let mut m = Memory::with_globals(&[]);
        let p = m.allocate(16, AllocKind::Heap).unwrap();
        m.guard(p + 4, 4, false, 7);
        m.guard(p + 8, 4, true, 8);
        assert!(m.load(p, 4).is_ok());
        assert_eq!(
            m.load(p + 6, 2),
            Err(MemFault::PendingBuffer {
                write: false,
                guard: 7
            })
        );
        assert!(
            m.load(p + 8, 4).is_ok(),
            "reading a pending send buffer is allowed"
        );
        assert_eq!(
            m.store(p + 8, 1, 0),
            Err(MemFault::PendingBuffer {
                write: true,
                guard: 8
            })
        );
        m.release(7);
        assert!(m.load(p + 4, 4).is_ok());
    }

    #[test]
    fn clones_share_until_written() {
        let mut m = Memory::with_globals(&[]);
        let p = m.allocate(8, AllocKind::Stack).unwrap();
        let snapshot = m.clone();
        m.store(p, 8, 7).unwrap();
        assert_eq!(snapshot.load(p, 8).unwrap(), 0);
        assert_eq!(m.load(p, 8).unwrap(), 7);
    }
}

/// How many allocations a [`Direct`] view keeps at hand (a power of two).
const DIRECT_WAYS: usize = 16;

/// One allocation a [`Direct`] view keeps at hand: its bytes' address, and
/// the ranges of offsets that may be read (`read`) and written in place
/// (`write`, empty unless the view owns the bytes) without a check.
#[derive(Clone, Copy)]
struct Line {
    /// The allocation id; 0 (never a valid allocation) when empty.
    id: u32,
    ptr: *mut u8,
    read: (u64, u64),
    write: (u64, u64),
}

const EMPTY_LINE: Line = Line {
    id: 0,
    ptr: std::ptr::null_mut(),
    read: (0, 0),
    write: (0, 0),
};

/// Memory as the compiled interpreter (`fast`) sees it for one run of
/// local computation: the loads and stores of [`Memory::load_ok`] and
/// [`Memory::store_ok`], with the allocations accessed last kept at hand
/// (one per way, by id), so that an access to one of them pays a bounds
/// check and no more. Where a pending operation guards part of an
/// allocation, only the part between its guards around the access is kept
/// at hand (all of it that reads may see, for a guard that allows reads);
/// nothing is kept while watched memory or the access log must see every
/// access. An allocation is made writable once (the copy-on-write copy and
/// the digest's reset of `Memory::alloc_mut`), not on every store. The
/// view borrows the memory for its whole life, so nothing else can change
/// the allocations it points into or their guards.
pub struct Direct<'m> {
    mem: &'m mut Memory,
    /// Neither watches nor the access log are on.
    plain: bool,
    lines: [Line; DIRECT_WAYS],
}

impl<'m> Direct<'m> {
    pub fn new(mem: &'m mut Memory) -> Direct<'m> {
        let plain = mem.watches.is_empty() && !mem.log.is_on();
        Direct {
            mem,
            plain,
            lines: [EMPTY_LINE; DIRECT_WAYS],
        }
    }

    /// The memory, to read (no access through it is checked or noted).
    #[inline(always)]
    pub fn memory(&self) -> &Memory {
        self.mem
    }

    /// [`Memory::load_ok`].
    #[inline(always)]
    pub fn load<const N: usize>(&mut self, addr: u64) -> Option<u64> {
        let (id, off) = ((addr >> 32) as u32, addr as u32 as u64);
        let line = &self.lines[id as usize & (DIRECT_WAYS - 1)];
        if line.id == id && off >= line.read.0 && off + N as u64 <= line.read.1 {
            let mut buf = [0u8; 8];
            // SAFETY: the line holds the address of the bytes of
            // allocation `id`, which the borrowed memory keeps alive and
            // unchanged but through this view (`Direct::fill`); the range
            // is within them.
            unsafe {
                std::ptr::copy_nonoverlapping(line.ptr.add(off as usize), buf.as_mut_ptr(), N)
            };
            return Some(u64::from_le_bytes(buf));
        }
        self.load_slow::<N>(addr)
    }

    #[inline(never)]
    fn load_slow<const N: usize>(&mut self, addr: u64) -> Option<u64> {
        let x = self.mem.load_ok::<N>(addr)?;
        self.fill(addr, false);
        Some(x)
    }

    /// [`Memory::store_ok`].
    #[inline(always)]
    pub fn store<const N: usize>(&mut self, addr: u64, value: u64) -> bool {
        let (id, off) = ((addr >> 32) as u32, addr as u32 as u64);
        let line = &self.lines[id as usize & (DIRECT_WAYS - 1)];
        if line.id == id && off >= line.write.0 && off + N as u64 <= line.write.1 {
            let bytes = value.to_le_bytes();
            // SAFETY: as in `load`; a line with a write range points into
            // an allocation this memory owns alone (`Arc::make_mut` in
            // `fill`), which nothing else reads while the view lives.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), line.ptr.add(off as usize), N) };
            return true;
        }
        self.store_slow::<N>(addr, value)
    }

    #[inline(never)]
    fn store_slow<const N: usize>(&mut self, addr: u64, value: u64) -> bool {
        if !self.mem.store_ok::<N>(addr, value) {
            return false;
        }
        self.fill(addr, true);
        true
    }

    /// Keeps the allocation at `addr` at hand after an access there
    /// succeeded (so it is live, and writable if `write`).
    fn fill(&mut self, addr: u64, write: bool) {
        if !self.plain {
            return;
        }
        let (id, off) = ((addr >> 32) as u32, addr as u32 as u64);
        let (ptr, len) = if write {
            let a = self.mem.alloc_mut(id as usize);
            (a.bytes.as_mut_ptr(), a.bytes.len() as u64)
        } else {
            let a = &self.mem.allocs[id as usize];
            (a.bytes.as_ptr() as *mut u8, a.bytes.len() as u64)
        };
        // The offsets around `off` no guard that refuses the access
        // covers (the access itself passed `check_guards`).
        let free = |refuses: &dyn Fn(&Guard) -> bool| {
            let (mut lo, mut hi) = (0, len);
            for g in self
                .mem
                .guards
                .iter()
                .filter(|g| g.alloc == id && refuses(g))
            {
                let (start, end) = (g.start as u64, g.end as u64);
                if end <= off {
                    lo = lo.max(end);
                } else {
                    hi = hi.min(start.max(off));
                }
            }
            (lo, hi)
        };
        let read = free(&|g| !g.reads_allowed);
        let line = Line {
            id,
            ptr,
            read,
            write: if write { free(&|_| true) } else { (0, 0) },
        };
        self.lines[id as usize & (DIRECT_WAYS - 1)] = line;
    }
}
