//! Reading what a process passed to an MPI call: integers, handles,
//! buffers and status objects in its memory, each checked, with errors
//! reported at the call's own position.

use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::LocId;
use runtime_model::mpi::p2p::{ReqId, Status};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

/// What an MPI call did.
pub(crate) enum Effect {
    /// Finished, returning this value.
    Return(u64),
    /// The process now waits.
    Block(Block),
    /// Already finished (the process has moved past the call).
    Done,
}

use runtime_model::handles::REQUEST_HANDLE_BASE;

/// A call the dispatcher sent to a family handler that does not model it:
/// a slip of the checker, reported as unsupported (inconclusive), never a
/// panic.
pub(crate) fn misrouted(func: MpiFunc, family: &str) -> Halt {
    Halt::Unsupported(format!(
        "{} reached the {family} handler, which does not model it (a checker bug)",
        func.name()
    ))
}

/// Whether a status/statuses argument asks for no status.
pub(crate) fn ignores_status(addr: u64) -> bool {
    addr == 0 || addr as i64 == h::MPI_STATUS_IGNORE
}

/// A communicator as reports name it: `WORLD`, `SELF`, or `comm#N` for
/// the N-th communicator handle the process was given (by `MPI_Comm_dup`,
/// `split`, `create`, topologies...), as MPICH numbers them.
pub fn comm_name(handle: i32) -> String {
    match handle {
        h::MPI_COMM_WORLD => "WORLD".into(),
        h::MPI_COMM_SELF => "SELF".into(),
        h::MPI_COMM_NULL => "COMM_NULL".into(),
        other => match numbered(other, runtime_model::mpi::COMM_HANDLE_BASE) {
            Some(n) => format!("comm#{n}"),
            // The hidden communicator of an open file (`mpi::io`).
            None => match numbered(other, runtime_model::mpi::file::FILE_COMM_HANDLE_BASE) {
                Some(n) => format!("file {n}"),
                None => format!("0x{other:x}"),
            },
        },
    }
}

/// How a report says where a communicator comes from: "split of WORLD".
fn made_as(func: MpiFunc) -> &'static str {
    use MpiFunc as F;
    match func {
        F::CommSplit | F::CommSplitType => "split",
        F::CommDup | F::CommIdup | F::CommDupWithInfo => "duplicate",
        F::CommCreate | F::CommCreateGroup => "subset",
        F::CartCreate => "Cartesian grid",
        F::CartSub => "Cartesian subgrid",
        F::GraphCreate | F::DistGraphCreate | F::DistGraphCreateAdjacent => "graph topology",
        F::IntercommCreate => "intercommunicator",
        F::IntercommMerge => "merge",
        _ => "communicator",
    }
}

impl Machine {
    /// A communicator as error messages name it: its handle name and, for
    /// one the program made, how and from which communicator
    /// (`comm#2 (split of WORLD)`): the handle number alone says little
    /// once a program has made several.
    pub(crate) fn comm_label(&self, comm: CommId) -> String {
        let Some(c) = self.world.comms.get(comm) else {
            return "?".into();
        };
        let name = comm_name(c.handle);
        match c
            .origin
            .and_then(|(f, p)| Some((f, self.world.comms.get(p)?)))
        {
            Some((MpiFunc::FileOpen, parent)) => {
                format!("{name} (opened on {})", comm_name(parent.handle))
            }
            Some((func, parent)) => {
                format!("{name} ({} of {})", made_as(func), comm_name(parent.handle))
            }
            None => name,
        }
    }
}

/// `1 + (handle - base)` for a handle a process was given from `base` on
/// (`comm#1`, `type#1`, `op#1`), `None` for another value.
pub(crate) fn numbered(handle: i32, base: i32) -> Option<u32> {
    let i = handle.wrapping_sub(base);
    (0..0x10_0000).contains(&i).then_some(i as u32 + 1)
}

pub(crate) fn rank_name(r: i32) -> String {
    match r {
        h::MPI_ANY_SOURCE => "ANY".into(),
        h::MPI_PROC_NULL => "PROC_NULL".into(),
        r => r.to_string(),
    }
}

pub(crate) fn tag_name(t: i32) -> String {
    if t == h::MPI_ANY_TAG {
        "ANY".into()
    } else {
        t.to_string()
    }
}

/// A datatype as reports name it: `INT` for `MPI_INT`, `type#N` for the
/// N-th derived datatype the process made.
pub(crate) fn datatype_name(dt: i32) -> String {
    if let Some(n) = h::predefined_datatype_name(dt) {
        return n.trim_start_matches("MPI_").to_string();
    }
    match numbered(dt, h::TYPE_HANDLE_BASE) {
        Some(n) => format!("type#{n}"),
        None => format!("0x{dt:x}"),
    }
}

/// Everything a call needs to report an error at its own position.
pub(crate) struct Site {
    pub rank: usize,
    pub loc: LocId,
    pub func: MpiFunc,
}

impl Site {
    pub(crate) fn finding(&self, kind: ErrorKind, msg: impl Into<String>) -> Halt {
        Halt::Error(Finding::new(kind, msg).at(self.rank, self.loc, Some(self.func)))
    }

    pub(crate) fn invalid(&self, msg: impl Into<String>) -> Halt {
        let msg = msg.into();
        self.finding(
            ErrorKind::InvalidArgument,
            format!("{}: {msg}", self.func.name()),
        )
    }

    pub(crate) fn memory(&self, what: &str, fault: crate::exec::memory::MemFault) -> Halt {
        // Memory the call would allocate beyond what the model holds
        // (MPI_Alloc_mem, window memory): a limit of the tool, as for
        // malloc, not an error of the program (`exec::interp::Fault`).
        if let crate::exec::memory::MemFault::TooLarge { .. } = fault {
            return Halt::UnsupportedAt {
                loc: self.loc,
                reason: format!("{} {what}: {fault}", self.func.name()),
            };
        }
        // An opaque object (`--assume-no-effect`) as a buffer: what it
        // holds is unknown, as in the interpreter (`exec::foreign`).
        if let crate::exec::memory::MemFault::Dangling { addr } = fault {
            if runtime_model::model::Pointer::as_opaque(addr).is_some() {
                return Halt::UnsupportedAt {
                    loc: self.loc,
                    reason: format!(
                        "{} {what}: an object a call assumed to have no effect returned \
                         (--assume-no-effect), whose memory is unknown: give that function's \
                         definition with --stub FILE.c instead",
                        self.func.name()
                    ),
                };
            }
        }
        self.finding(
            ErrorKind::MemoryError,
            format!("{} {what}: {fault}", self.func.name()),
        )
    }
}

impl Machine {
    pub(crate) fn write_i32(
        &mut self,
        site: &Site,
        addr: u64,
        v: i32,
        what: &str,
    ) -> Result<(), Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .store(addr, 4, v as u32 as u64)
            .map_err(|f| site.memory(what, f))
    }

    pub(crate) fn read_i32(&self, site: &Site, addr: u64, what: &str) -> Result<i32, Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .load(addr, 4)
            .map(|v| v as u32 as i32)
            .map_err(|f| site.memory(what, f))
    }

    pub(crate) fn comm(&self, site: &Site, handle: i32) -> Result<CommId, Halt> {
        use runtime_model::mpi::HandleError;
        match self.world.comm_ref(handle, site.rank) {
            Err(HandleError::Null) => Err(site.invalid("communicator is MPI_COMM_NULL")),
            Err(HandleError::Freed) => Err(site.invalid(format!(
                "communicator 0x{handle:x} was freed by MPI_Comm_free"
            ))),
            _ => self
                .world
                .resolve_comm(handle, site.rank)
                .ok_or_else(|| site.invalid(format!("invalid communicator 0x{handle:x}"))),
        }
    }

    pub(crate) fn type_size(&self, site: &Site, dt: i32) -> Result<u64, Halt> {
        if dt == h::MPI_DATATYPE_NULL {
            return Err(site.invalid("datatype is MPI_DATATYPE_NULL"));
        }
        if let Some(s) = h::predefined_datatype_size(dt) {
            return Ok(s);
        }
        Ok(self.type_map(site, dt, true)?.size())
    }

    pub(crate) fn count(&self, site: &Site, c: i32) -> Result<u64, Halt> {
        if c < 0 {
            return Err(site.invalid(format!("count is negative ({c})")));
        }
        Ok(c as u64)
    }

    /// The world rank of communicator rank `r`, checking the range.
    pub(crate) fn peer(
        &self,
        site: &Site,
        comm: CommId,
        r: i32,
        what: &str,
    ) -> Result<usize, Halt> {
        // On an intercommunicator, ranks name the remote group (MPI 3.1 §6.6.1).
        let peers = self.world.comms[comm].peers(site.rank);
        if r < 0 || r as usize >= peers.len() {
            return Err(site.invalid(format!(
                "{what} {r} is not a rank of the communicator (size {})",
                peers.len()
            )));
        }
        Ok(peers[r as usize])
    }

    pub(crate) fn read_buffer(
        &self,
        site: &Site,
        addr: u64,
        len: u64,
        what: &str,
    ) -> Result<Arc<[u8]>, Halt> {
        if len == 0 {
            return Ok(Arc::from(Vec::new()));
        }
        self.procs[site.rank]
            .proc
            .mem
            .read_bytes(addr, len)
            .map(Arc::from)
            .map_err(|f| site.memory(what, f))
    }

    pub(crate) fn log_call(
        &mut self,
        site: &Site,
        recv_envelope: Option<(Option<usize>, Option<i32>, CommId)>,
        send_envelope: Option<(usize, i32, CommId)>,
    ) -> (usize, usize) {
        let p = &mut self.procs[site.rank];
        let index = p.calls;
        p.calls += 1;
        if let Some(rma) = &mut self.rma {
            rma.clocks.call(site.rank, index);
        }
        if let Some(io) = &mut self.io_clocks {
            io.call(site.rank, index);
        }
        self.events.push(LogEvent {
            rank: site.rank,
            index,
            func: site.func,
            loc: site.loc,
            recv_envelope,
            send_envelope,
        });
        (site.rank, index)
    }

    /// The request a handle names, if it belongs to this process and is live.
    pub(crate) fn request_of(&self, site: &Site, handle: i32) -> Result<Option<ReqId>, Halt> {
        if handle == h::MPI_REQUEST_NULL {
            return Ok(None);
        }
        let Some(id) = self.owned_request(site.rank, handle) else {
            if self.dropped_request(site.rank, handle) {
                // Over long ago, and dropped (`system::compact`): a stale
                // copy, as below, whose ending call is no longer known.
                return Err(site.invalid(
                    "request was already completed or freed (a stale copy of its handle)"
                        .to_string(),
                ));
            }
            return Err(site.invalid(format!("invalid request handle 0x{handle:x}")));
        };
        let r = &self.world.p2p.requests[id];
        if r.completed_at.is_some() || r.freed {
            return Err(site.invalid("request was already completed or freed".to_string()));
        }
        Ok(Some(id))
    }

    /// The request of process `rank` a handle value names, live or not.
    /// Handles number each process's own requests, so their values do not
    /// depend on how processes interleave (the naive oracle merges states).
    /// A process that was never handed a handle names nothing: the requests
    /// its blocking calls made have no handle in MPI (and the state key
    /// numbers them from the newest, `ProcState::handles_given`).
    pub(crate) fn owned_request(&self, rank: usize, handle: i32) -> Option<ReqId> {
        let local = handle.wrapping_sub(REQUEST_HANDLE_BASE);
        let given = self.procs.get(rank).is_some_and(|p| p.handles_given);
        (given && local >= 0)
            .then(|| self.world.p2p.owned_request(rank, local as usize))
            .flatten()
    }

    /// Whether a handle value of process `rank` names a request that was
    /// over and dropped.
    pub(crate) fn dropped_request(&self, rank: usize, handle: i32) -> bool {
        let local = handle.wrapping_sub(REQUEST_HANDLE_BASE);
        self.procs.get(rank).is_some_and(|p| p.handles_given)
            && local >= 0
            && self.world.p2p.named(rank, local as usize) == runtime_model::mpi::p2p::Named::Dropped
    }

    /// The handle of request `req`, handed to its owner's program: from
    /// now on values in that process's memory may name its requests, which
    /// the state key must then keep apart by their numbers
    /// (`system::memo_key`, `ProcState::handles_given`).
    pub(crate) fn hand_out(&mut self, req: ReqId) -> i32 {
        let r = &self.world.p2p.requests[req];
        if let Some(p) = self.procs.get_mut(r.owner) {
            p.handles_given = true;
        }
        REQUEST_HANDLE_BASE + r.local as i32
    }

    pub(crate) fn recv_envelope(
        &self,
        comm: CommId,
        source: i32,
        tag: i32,
    ) -> (Option<usize>, Option<i32>, CommId) {
        let src = (source >= 0)
            .then(|| self.world.comms[comm].members.get(source as usize).copied())
            .flatten();
        (src, (tag != h::MPI_ANY_TAG).then_some(tag), comm)
    }

    /// Location of a logged event.
    pub fn event_loc(&self, ev: (usize, usize)) -> Option<(LocId, MpiFunc)> {
        self.events
            .iter_newest_first()
            .find(|e| (e.rank, e.index) == ev)
            .map(|e| (e.loc, e.func))
    }

    /// The five `int` fields of an `MPI_Status` as (byte offset, value), in
    /// MPICH's layout: count in bytes (with the cancelled bit), source as a
    /// rank of the communicator, tag, error.
    pub(crate) fn status_fields(
        &self,
        st: &Status,
        comm: CommId,
        cancelled: bool,
    ) -> [(u64, i32); 5] {
        let source = if st.source >= 0 {
            self.world.comms[comm]
                .rank_of(st.source as usize)
                .map_or(st.source, |r| r as i32)
        } else {
            st.source
        };
        let (lo, hi) = h::status_count_fields(st.bytes, cancelled);
        [
            (h::MPI_STATUS_COUNT_LO_OFFSET, lo),
            (h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET, hi),
            (h::MPI_STATUS_SOURCE_OFFSET, source),
            (h::MPI_STATUS_TAG_OFFSET, st.tag),
            (h::MPI_STATUS_ERROR_OFFSET, st.error),
        ]
    }

    /// Fills an `MPI_Status` the call at `site` was given.
    pub(crate) fn write_status(
        &mut self,
        site: &Site,
        addr: u64,
        st: &Status,
        comm: CommId,
    ) -> Result<(), Halt> {
        if ignores_status(addr) {
            return Ok(());
        }
        for (off, v) in self.status_fields(st, comm, false) {
            self.write_i32(site, addr + off, v, "status")?;
        }
        Ok(())
    }
}

/// Tags run from 0 to the `MPI_TAG_UB` attribute; `MPI_ANY_TAG` only in
/// receives (MPI 3.1 §3.2.3).
pub(crate) fn valid_tag(tag: i32, allow_any: bool) -> bool {
    let ub = runtime_model::mpi::TAG_UB_VALUE as i64;
    (0..=ub).contains(&(tag as i64)) || (allow_any && tag == h::MPI_ANY_TAG)
}

/// Why `tag` is invalid, naming what was expected (MPI 3.1 §3.2.3: tags are
/// 0..=MPI_TAG_UB; MPI_ANY_TAG only on receives). Starts with "tag" so that
/// `env::error_class_of` gives MPI_ERR_TAG.
pub(crate) fn tag_error(tag: i32, receive: bool) -> String {
    let ub = runtime_model::mpi::TAG_UB_VALUE;
    if tag == h::MPI_ANY_TAG && !receive {
        format!("tag MPI_ANY_TAG is a wildcard for receives only; a send needs a tag in 0..={ub} (MPI_TAG_UB)")
    } else if receive {
        format!(
            "tag {tag} is not a valid receive tag: expected 0..={ub} (MPI_TAG_UB) or MPI_ANY_TAG"
        )
    } else {
        format!("tag {tag} is not a valid send tag: expected 0..={ub} (MPI_TAG_UB)")
    }
}

pub(crate) fn null_status() -> Status {
    Status {
        source: h::MPI_PROC_NULL,
        tag: h::MPI_ANY_TAG,
        bytes: 0,
        error: 0,
    }
}
