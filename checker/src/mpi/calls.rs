//! Decoding of MPI calls: reads the arguments a process passed (handles,
//! buffers in its memory), checks them, and drives the semantics in
//! `runtime_model::mpi`. Like Miri's shims, this layer only translates; the
//! matching and collective rules live in the runtime model.

use crate::explore::state::*;
use crate::report::ErrorKind;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::collective::{Contribution, Mismatch};
use runtime_model::mpi::p2p::{RecvOp, ReqId, ReqOp, SendMode, SendOp, Status};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

/// First request handle value; `MPI_REQUEST_NULL` is `0x2c000000` (MPICH).
const REQUEST_HANDLE_BASE: i32 = h::MPI_REQUEST_NULL + 1;

fn int(args: &[u64], i: usize) -> i32 {
    args.get(i).copied().unwrap_or(0) as u32 as i32
}

fn ptr(args: &[u64], i: usize) -> u64 {
    args.get(i).copied().unwrap_or(0)
}

/// Whether a status/statuses argument asks for no status.
fn ignores_status(addr: u64) -> bool {
    addr == 0 || addr as i64 == h::MPI_STATUS_IGNORE
}

pub fn comm_name(handle: i32) -> String {
    match handle {
        h::MPI_COMM_WORLD => "WORLD".into(),
        h::MPI_COMM_SELF => "SELF".into(),
        other => format!("0x{other:x}"),
    }
}

fn rank_name(r: i32) -> String {
    match r {
        h::MPI_ANY_SOURCE => "ANY".into(),
        h::MPI_PROC_NULL => "PROC_NULL".into(),
        r => r.to_string(),
    }
}

fn tag_name(t: i32) -> String {
    if t == h::MPI_ANY_TAG {
        "ANY".into()
    } else {
        t.to_string()
    }
}

fn datatype_name(dt: i32) -> String {
    h::predefined_datatype_name(dt)
        .map(|n| n.trim_start_matches("MPI_").to_string())
        .unwrap_or_else(|| format!("0x{dt:x}"))
}

/// Everything a call needs to report an error at its own position.
struct Site {
    rank: usize,
    loc: LocId,
    func: MpiFunc,
}

impl Site {
    fn finding(&self, kind: ErrorKind, msg: impl Into<String>) -> Halt {
        Halt::Error(Finding::new(kind, msg).at(self.rank, self.loc, Some(self.func)))
    }

    fn invalid(&self, msg: impl Into<String>) -> Halt {
        let msg = msg.into();
        self.finding(
            ErrorKind::InvalidArgument,
            format!("{}: {msg}", self.func.name()),
        )
    }

    fn memory(&self, what: &str, fault: crate::exec::memory::MemFault) -> Halt {
        self.finding(
            ErrorKind::MemoryError,
            format!("{} {what}: {fault}", self.func.name()),
        )
    }
}

impl State {
    fn write_i32(&mut self, site: &Site, addr: u64, v: i32, what: &str) -> Result<(), Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .store(addr, 4, v as u32 as u64)
            .map_err(|f| site.memory(what, f))
    }

    fn read_i32(&self, site: &Site, addr: u64, what: &str) -> Result<i32, Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .load(addr, 4)
            .map(|v| v as u32 as i32)
            .map_err(|f| site.memory(what, f))
    }

    fn comm(&self, site: &Site, handle: i32) -> Result<CommId, Halt> {
        if handle == h::MPI_COMM_NULL {
            return Err(site.invalid("communicator is MPI_COMM_NULL"));
        }
        self.world
            .resolve_comm(handle, site.rank)
            .ok_or_else(|| site.invalid(format!("invalid communicator 0x{handle:x}")))
    }

    fn type_size(&self, site: &Site, dt: i32) -> Result<u64, Halt> {
        if dt == h::MPI_DATATYPE_NULL {
            return Err(site.invalid("datatype is MPI_DATATYPE_NULL"));
        }
        h::predefined_datatype_size(dt)
            .ok_or_else(|| site.invalid(format!("invalid datatype 0x{dt:x}")))
    }

    fn count(&self, site: &Site, c: i32) -> Result<u64, Halt> {
        if c < 0 {
            return Err(site.invalid(format!("count is negative ({c})")));
        }
        Ok(c as u64)
    }

    /// The world rank of communicator rank `r`, checking the range.
    fn peer(&self, site: &Site, comm: CommId, r: i32, what: &str) -> Result<usize, Halt> {
        let c = &self.world.comms[comm];
        if r < 0 || r as usize >= c.size() {
            return Err(site.invalid(format!(
                "{what} {r} is not a rank of the communicator (size {})",
                c.size()
            )));
        }
        Ok(c.members[r as usize])
    }

    fn read_buffer(&self, site: &Site, addr: u64, len: u64, what: &str) -> Result<Arc<[u8]>, Halt> {
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

    fn log_call(
        &mut self,
        site: &Site,
        recv_envelope: Option<(Option<usize>, Option<i32>, CommId)>,
        send_envelope: Option<(usize, i32, CommId)>,
    ) -> (usize, usize) {
        let p = &mut self.procs[site.rank];
        let index = p.calls;
        p.calls += 1;
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
    fn request_of(&self, site: &Site, handle: i32) -> Result<Option<ReqId>, Halt> {
        if handle == h::MPI_REQUEST_NULL {
            return Ok(None);
        }
        let id = handle.wrapping_sub(REQUEST_HANDLE_BASE);
        let ok = id >= 0
            && (id as usize) < self.world.p2p.requests.len()
            && self.world.p2p.requests[id as usize].owner == site.rank;
        if !ok {
            return Err(site.invalid(format!("invalid request handle 0x{handle:x}")));
        }
        let r = &self.world.p2p.requests[id as usize];
        if r.completed_at.is_some() || r.freed {
            return Err(site.invalid("request was already completed or freed".to_string()));
        }
        Ok(Some(id as usize))
    }

    fn post_send(
        &mut self,
        site: &Site,
        args: &[u64],
        first: usize,
        mode: SendMode,
        event: (usize, usize),
    ) -> Result<ReqId, Halt> {
        let (buf, count, dt, dest, tag, comm_h) = (
            ptr(args, first),
            int(args, first + 1),
            int(args, first + 2),
            int(args, first + 3),
            int(args, first + 4),
            int(args, first + 5),
        );
        let comm = self.comm(site, comm_h)?;
        let n = self.count(site, count)?;
        let size = self.type_size(site, dt)?;
        if !valid_tag(tag, false) {
            return Err(site.invalid(format!("tag {tag} is not a valid send tag")));
        }
        if dest == h::MPI_PROC_NULL {
            return Ok(self.world.p2p.post(
                site.rank,
                ReqOp::Null {
                    status: null_status(),
                },
                event,
            ));
        }
        let dest_world = self.peer(site, comm, dest, "destination")?;
        let data = self.read_buffer(site, buf, n * size, "send buffer")?;
        // Without buffering a standard send completes only once matched,
        // exactly like a synchronous one (MPI 3.1 §3.4).
        let mode = if self.world.zero_buffer && matches!(mode, SendMode::Standard | SendMode::Ready)
        {
            SendMode::Synchronous
        } else {
            mode
        };
        self.version += 1;
        Ok(self.world.p2p.post(
            site.rank,
            ReqOp::Send(SendOp {
                mode,
                dest: dest_world,
                tag,
                comm,
                data,
                datatype: dt,
                count: count as i64,
            }),
            event,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn post_recv(
        &mut self,
        site: &Site,
        buf: u64,
        count: i32,
        dt: i32,
        source: i32,
        tag: i32,
        comm: CommId,
        event: (usize, usize),
    ) -> Result<ReqId, Halt> {
        let n = self.count(site, count)?;
        let size = self.type_size(site, dt)?;
        if !valid_tag(tag, true) {
            return Err(site.invalid(format!("tag {tag} is not a valid receive tag")));
        }
        if source == h::MPI_PROC_NULL {
            return Ok(self.world.p2p.post(
                site.rank,
                ReqOp::Null {
                    status: null_status(),
                },
                event,
            ));
        }
        let src = if source == h::MPI_ANY_SOURCE {
            None
        } else {
            Some(self.peer(site, comm, source, "source")?)
        };
        if n * size > 0 {
            self.procs[site.rank]
                .proc
                .mem
                .check_range(buf, n * size, true)
                .map_err(|f| site.memory("receive buffer", f))?;
        }
        self.version += 1;
        Ok(self.world.p2p.post(
            site.rank,
            ReqOp::Recv(RecvOp {
                source: src,
                tag: (tag != h::MPI_ANY_TAG).then_some(tag),
                comm,
                buf,
                capacity: n * size,
                datatype: dt,
                count: count as i64,
            }),
            event,
        ))
    }

    fn handle_of(req: ReqId) -> i32 {
        REQUEST_HANDLE_BASE + req as i32
    }

    /// Issues MPI call `func` of process `rank`. On return the process has
    /// either finished the call (and is `Ready`) or is `Blocked` in it.
    pub fn issue(
        &mut self,
        model: &Model,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> Result<(), Halt> {
        let before = self.trace.len();
        let result = self.issue_call(model, rank, func, args, loc);
        if result.is_err() && self.trace.len() == before {
            // The call failed before describing itself: the trace still
            // shows it, as the failing statement.
            self.trace_event(rank, loc, format!("{}(...)", func.name()));
        }
        result
    }

    fn issue_call(
        &mut self,
        model: &Model,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> Result<(), Halt> {
        use MpiFunc as F;
        let site = Site { rank, loc, func };
        let life = self.procs[rank].lifecycle;
        match func {
            F::Initialized | F::Finalized => {}
            F::Init | F::InitThread if life != Lifecycle::NotInitialized => {
                return Err(
                    site.finding(ErrorKind::MpiUsage, format!("{} called twice", func.name()))
                )
            }
            F::Init | F::InitThread => {}
            _ if life == Lifecycle::NotInitialized => {
                return Err(site.finding(
                    ErrorKind::MpiUsage,
                    format!("{} called before MPI_Init", func.name()),
                ))
            }
            _ if life == Lifecycle::Finalized => {
                return Err(site.finding(
                    ErrorKind::MpiUsage,
                    format!("{} called after MPI_Finalize", func.name()),
                ))
            }
            _ => {}
        }
        let mut ret: u64 = 0;
        let mut block: Option<Block> = None;
        match func {
            F::Init | F::InitThread => {
                self.log_call(&site, None, None);
                self.procs[rank].lifecycle = Lifecycle::Initialized;
                if func == F::InitThread && ptr(args, 3) != 0 {
                    let required = int(args, 2).clamp(h::MPI_THREAD_SINGLE, h::MPI_THREAD_MULTIPLE);
                    self.write_i32(&site, ptr(args, 3), required, "provided")?;
                }
                self.trace_event(rank, loc, format!("{}()", func.name()));
            }
            F::Initialized => {
                let v = (life != Lifecycle::NotInitialized) as i32;
                self.write_i32(&site, ptr(args, 0), v, "flag")?;
            }
            F::Finalized => {
                let v = (life == Lifecycle::Finalized) as i32;
                self.write_i32(&site, ptr(args, 0), v, "flag")?;
            }
            F::Finalize => {
                self.log_call(&site, None, None);
                self.procs[rank].lifecycle = Lifecycle::Finalized;
                self.trace_event(rank, loc, "MPI_Finalize()".into());
            }
            F::Abort => {
                self.trace_event(rank, loc, format!("MPI_Abort(errorcode={})", int(args, 1)));
                return Err(site.finding(
                    ErrorKind::Assertion,
                    format!("MPI_Abort called with error code {}", int(args, 1)),
                ));
            }
            F::Wtime => {
                // A logical clock: deterministic, increasing with work done.
                ret = (self.procs[rank].proc.steps as f64 * 1e-9).to_bits();
            }
            F::Wtick => ret = 1e-9f64.to_bits(),
            F::CommRank | F::CommSize => {
                let comm = self.comm(&site, int(args, 0))?;
                let c = &self.world.comms[comm];
                let v = if func == F::CommRank {
                    c.rank_of(rank).unwrap_or(0) as i32
                } else {
                    c.size() as i32
                };
                self.write_i32(
                    &site,
                    ptr(args, 1),
                    v,
                    if func == F::CommRank { "rank" } else { "size" },
                )?;
            }
            F::Send | F::Ssend | F::Rsend | F::Isend | F::Issend | F::Irsend => {
                let mode = match func {
                    F::Ssend | F::Issend => SendMode::Synchronous,
                    F::Rsend | F::Irsend => SendMode::Ready,
                    _ => SendMode::Standard,
                };
                let comm = self.world.resolve_comm(int(args, 5), rank).unwrap_or(0);
                let env = (int(args, 3) >= 0)
                    .then(|| {
                        self.world.comms[comm]
                            .members
                            .get(int(args, 3) as usize)
                            .copied()
                    })
                    .flatten()
                    .map(|d| (d, int(args, 4), comm));
                let ev = self.log_call(&site, None, env);
                let req = self.post_send(&site, args, 0, mode, ev)?;
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "{}(count={}, type={}, dest={}, tag={}, comm={}){}",
                        func.name(),
                        int(args, 1),
                        datatype_name(int(args, 2)),
                        rank_name(int(args, 3)),
                        int(args, 4),
                        comm_name(int(args, 5)),
                        if matches!(func, F::Isend | F::Issend | F::Irsend) {
                            format!(" -> request {}", req + 1)
                        } else {
                            String::new()
                        }
                    ),
                );
                if matches!(func, F::Isend | F::Issend | F::Irsend) {
                    self.write_i32(&site, ptr(args, 6), Self::handle_of(req), "request")?;
                } else {
                    block = Some(Block::Requests {
                        slots: vec![ReqSlot {
                            req: Some(req),
                            handle_addr: 0,
                            status_addr: 0,
                        }],
                        mode: WaitMode::All,
                        excluded: vec![],
                    });
                }
            }
            F::Recv | F::Irecv => {
                let comm = self.comm(&site, int(args, 5))?;
                let env = self.recv_envelope(comm, int(args, 3), int(args, 4));
                let ev = self.log_call(&site, Some(env), None);
                let req = self.post_recv(
                    &site,
                    ptr(args, 0),
                    int(args, 1),
                    int(args, 2),
                    int(args, 3),
                    int(args, 4),
                    comm,
                    ev,
                )?;
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "{}(count={}, type={}, source={}, tag={}, comm={}){}",
                        func.name(),
                        int(args, 1),
                        datatype_name(int(args, 2)),
                        rank_name(int(args, 3)),
                        tag_name(int(args, 4)),
                        comm_name(int(args, 5)),
                        if func == F::Irecv {
                            format!(" -> request {}", req + 1)
                        } else {
                            String::new()
                        }
                    ),
                );
                if func == F::Irecv {
                    self.write_i32(&site, ptr(args, 6), Self::handle_of(req), "request")?;
                } else {
                    block = Some(Block::Requests {
                        slots: vec![ReqSlot {
                            req: Some(req),
                            handle_addr: 0,
                            status_addr: ptr(args, 6),
                        }],
                        mode: WaitMode::All,
                        excluded: vec![],
                    });
                }
            }
            F::Sendrecv => {
                let comm = self.comm(&site, int(args, 10))?;
                let senv = (int(args, 3) >= 0)
                    .then(|| {
                        self.world.comms[comm]
                            .members
                            .get(int(args, 3) as usize)
                            .copied()
                    })
                    .flatten()
                    .map(|d| (d, int(args, 4), comm));
                let renv = self.recv_envelope(comm, int(args, 8), int(args, 9));
                let ev = self.log_call(&site, Some(renv), senv);
                let mut sargs = args[0..5].to_vec();
                sargs.push(args[10]);
                let sreq = self.post_send(&site, &sargs, 0, SendMode::Standard, ev)?;
                let rreq = self.post_recv(
                    &site,
                    ptr(args, 5),
                    int(args, 6),
                    int(args, 7),
                    int(args, 8),
                    int(args, 9),
                    comm,
                    ev,
                )?;
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "MPI_Sendrecv(dest={}, sendtag={}, source={}, recvtag={}, comm={})",
                        rank_name(int(args, 3)),
                        int(args, 4),
                        rank_name(int(args, 8)),
                        tag_name(int(args, 9)),
                        comm_name(int(args, 10))
                    ),
                );
                block = Some(Block::Requests {
                    slots: vec![
                        ReqSlot {
                            req: Some(sreq),
                            handle_addr: 0,
                            status_addr: 0,
                        },
                        ReqSlot {
                            req: Some(rreq),
                            handle_addr: 0,
                            status_addr: ptr(args, 11),
                        },
                    ],
                    mode: WaitMode::All,
                    excluded: vec![],
                });
            }
            F::Probe | F::Iprobe => {
                let comm = self.comm(&site, int(args, 2))?;
                let (source, tag) = (int(args, 0), int(args, 1));
                let env = self.recv_envelope(comm, source, tag);
                self.log_call(&site, Some(env), None);
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "{}(source={}, tag={}, comm={})",
                        func.name(),
                        rank_name(source),
                        tag_name(tag),
                        comm_name(int(args, 2))
                    ),
                );
                let src = match source {
                    h::MPI_ANY_SOURCE => None,
                    h::MPI_PROC_NULL => {
                        // A probe for the null process returns at once (MPI 3.1 §3.11).
                        if func == F::Iprobe {
                            self.write_i32(&site, ptr(args, 3), 1, "flag")?;
                            self.write_status(&site, ptr(args, 4), &null_status(), comm)?;
                        } else {
                            self.write_status(&site, ptr(args, 3), &null_status(), comm)?;
                        }
                        self.procs[rank].proc.finish_call(model, 0);
                        return Ok(());
                    }
                    s => Some(self.peer(&site, comm, s, "source")?),
                };
                let tag = (tag != h::MPI_ANY_TAG).then_some(tag);
                block = Some(if func == F::Probe {
                    Block::Probe {
                        comm,
                        source: src,
                        tag,
                        status_addr: ptr(args, 3),
                        excluded: vec![],
                    }
                } else {
                    Block::Poll {
                        kind: PollKind::Iprobe {
                            flag_addr: ptr(args, 3),
                            status_addr: ptr(args, 4),
                        },
                        slots: vec![],
                        probe: Some((comm, src, tag)),
                    }
                });
            }
            F::GetCount => {
                let st = ptr(args, 0);
                if ignores_status(st) {
                    return Err(site.invalid("status is MPI_STATUS_IGNORE"));
                }
                let size = self.type_size(&site, int(args, 1))?;
                let bytes =
                    self.read_i32(&site, st + h::MPI_STATUS_COUNT_LO_OFFSET, "status")? as i64;
                let v = if size == 0 || bytes % size as i64 != 0 {
                    h::MPI_UNDEFINED
                } else {
                    (bytes / size as i64) as i32
                };
                self.write_i32(&site, ptr(args, 2), v, "count")?;
            }
            F::Wait | F::Test => {
                self.log_call(&site, None, None);
                let handle = self.read_i32(&site, ptr(args, 0), "request")?;
                let req = self.request_of(&site, handle)?;
                let status_addr = ptr(args, if func == F::Wait { 1 } else { 2 });
                self.trace_event(
                    rank,
                    loc,
                    format!(
                        "{}(request {})",
                        func.name(),
                        req.map_or("NULL".into(), |r| (r + 1).to_string())
                    ),
                );
                let Some(req) = req else {
                    // Completion of a null request returns an empty status (MPI 3.1 §3.7.3).
                    if func == F::Test {
                        self.write_i32(&site, ptr(args, 1), 1, "flag")?;
                    }
                    self.write_status(&site, status_addr, &null_status(), 0)?;
                    self.procs[rank].proc.finish_call(model, 0);
                    return Ok(());
                };
                let slots = vec![ReqSlot {
                    req: Some(req),
                    handle_addr: ptr(args, 0),
                    status_addr,
                }];
                block = Some(if func == F::Wait {
                    Block::Requests {
                        slots,
                        mode: WaitMode::All,
                        excluded: vec![],
                    }
                } else {
                    Block::Poll {
                        kind: PollKind::Test {
                            flag_addr: ptr(args, 1),
                        },
                        slots,
                        probe: None,
                    }
                });
            }
            F::Waitall | F::Waitany | F::Testall | F::Testany => {
                self.log_call(&site, None, None);
                let n = self.count(&site, int(args, 0))?;
                let arr = ptr(args, 1);
                let statuses = match func {
                    F::Waitall => ptr(args, 2),
                    F::Testall => ptr(args, 3),
                    F::Waitany => ptr(args, 3),
                    _ => ptr(args, 4),
                };
                let mut slots = Vec::new();
                for i in 0..n {
                    let handle = self.read_i32(&site, arr + 4 * i, "array_of_requests")?;
                    let req = self.request_of(&site, handle)?;
                    let status_addr = match func {
                        F::Waitall | F::Testall if !ignores_status(statuses) => {
                            statuses + i * h::MPI_STATUS_SIZE_BYTES
                        }
                        F::Waitany | F::Testany => statuses,
                        _ => h::MPI_STATUS_IGNORE as u64,
                    };
                    slots.push(ReqSlot {
                        req,
                        handle_addr: arr + 4 * i,
                        status_addr,
                    });
                }
                let names: Vec<String> = slots
                    .iter()
                    .map(|s| s.req.map_or("NULL".into(), |r| (r + 1).to_string()))
                    .collect();
                self.trace_event(
                    rank,
                    loc,
                    format!("{}(requests [{}])", func.name(), names.join(", ")),
                );
                // Null entries complete at once with an empty status.
                for s in slots.iter().filter(|s| s.req.is_none()) {
                    if matches!(func, F::Waitall | F::Testall) {
                        self.write_status(&site, s.status_addr, &null_status(), 0)?;
                    }
                }
                let live = slots.iter().any(|s| s.req.is_some());
                if !live {
                    match func {
                        F::Waitany | F::Testany => {
                            self.write_i32(&site, ptr(args, 2), h::MPI_UNDEFINED, "index")?;
                            if func == F::Testany {
                                self.write_i32(&site, ptr(args, 3), 1, "flag")?;
                            }
                            self.write_status(&site, statuses, &null_status(), 0)?;
                        }
                        F::Testall => self.write_i32(&site, ptr(args, 2), 1, "flag")?,
                        _ => {}
                    }
                    self.procs[rank].proc.finish_call(model, 0);
                    return Ok(());
                }
                block = Some(match func {
                    F::Waitall => Block::Requests {
                        slots,
                        mode: WaitMode::All,
                        excluded: vec![],
                    },
                    F::Waitany => Block::Requests {
                        slots,
                        mode: WaitMode::Any {
                            index_addr: ptr(args, 2),
                        },
                        excluded: vec![],
                    },
                    F::Testall => Block::Poll {
                        kind: PollKind::Testall {
                            flag_addr: ptr(args, 2),
                        },
                        slots,
                        probe: None,
                    },
                    _ => Block::Poll {
                        kind: PollKind::Testany {
                            flag_addr: ptr(args, 3),
                            index_addr: ptr(args, 2),
                        },
                        slots,
                        probe: None,
                    },
                });
            }
            F::RequestFree => {
                self.log_call(&site, None, None);
                let handle = self.read_i32(&site, ptr(args, 0), "request")?;
                let Some(req) = self.request_of(&site, handle)? else {
                    return Err(site.invalid("request is MPI_REQUEST_NULL"));
                };
                self.trace_event(rank, loc, format!("MPI_Request_free(request {})", req + 1));
                self.world.p2p.requests[req].freed = true;
                self.write_i32(&site, ptr(args, 0), h::MPI_REQUEST_NULL, "request")?;
            }
            F::Barrier
            | F::Bcast
            | F::Reduce
            | F::Allreduce
            | F::Gather
            | F::Scatter
            | F::Allgather
            | F::Alltoall => {
                block = Some(self.issue_collective(&site, args)?);
            }
        }
        match block {
            None => self.procs[rank].proc.finish_call(model, ret),
            Some(block) => {
                self.procs[rank].phase = Phase::Blocked { func, loc, block };
            }
        }
        Ok(())
    }

    fn recv_envelope(
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

    fn issue_collective(&mut self, site: &Site, args: &[u64]) -> Result<Block, Halt> {
        use MpiFunc as F;
        let func = site.func;
        let comm_arg = match func {
            F::Barrier => 0,
            F::Bcast => 4,
            F::Reduce => 6,
            F::Allreduce => 5,
            F::Gather | F::Scatter => 7,
            _ => 6,
        };
        let comm = self.comm(site, int(args, comm_arg))?;
        let ev = self.log_call(site, None, None);
        let size = self.world.comms[comm].size();
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let root = match func {
            F::Bcast => Some(int(args, 3)),
            F::Reduce => Some(int(args, 5)),
            F::Gather | F::Scatter => Some(int(args, 6)),
            _ => None,
        };
        if let Some(r) = root {
            if r < 0 || r as usize >= size {
                return Err(site.invalid(format!(
                    "root {r} is not a rank of the communicator (size {size})"
                )));
            }
        }
        let root = root.map(|r| r as usize);
        let is_root = root == Some(crank);
        let in_place = |a: u64| a as i64 == h::MPI_IN_PLACE;
        let mut op = None;
        let (datatype, send, recv_buf, recv_block, send_block);
        let mut desc = String::new();
        match func {
            F::Barrier => {
                datatype = 0;
                send = None;
                recv_buf = 0;
                recv_block = 0;
                send_block = 0;
            }
            F::Bcast => {
                let (buf, n, dt) = (ptr(args, 0), int(args, 1), int(args, 2));
                let bytes = self.count(site, n)? * self.type_size(site, dt)?;
                datatype = dt;
                send = if is_root {
                    Some(self.read_buffer(site, buf, bytes, "buffer")?)
                } else {
                    self.procs[site.rank]
                        .proc
                        .mem
                        .check_range(buf, bytes, true)
                        .map_err(|f| site.memory("buffer", f))?;
                    None
                };
                recv_buf = buf;
                recv_block = bytes;
                send_block = bytes;
                desc = format!(
                    "count={n}, type={}, root={}",
                    datatype_name(dt),
                    root.unwrap_or(0)
                );
            }
            F::Reduce | F::Allreduce => {
                let (sbuf, rbuf, n, dt, o) = (
                    ptr(args, 0),
                    ptr(args, 1),
                    int(args, 2),
                    int(args, 3),
                    int(args, 4),
                );
                let bytes = self.count(site, n)? * self.type_size(site, dt)?;
                if h::predefined_op_name(o).is_none() {
                    return Err(site.invalid(format!("invalid operation 0x{o:x}")));
                }
                if !runtime_model::reduce::op_defined_for(o, dt) {
                    return Err(site.invalid(format!(
                        "operation {} is not defined for datatype {}",
                        h::predefined_op_name(o).unwrap_or("?"),
                        datatype_name(dt)
                    )));
                }
                op = Some(o);
                datatype = dt;
                let src = if in_place(sbuf) { rbuf } else { sbuf };
                send = Some(self.read_buffer(site, src, bytes, "send buffer")?);
                recv_buf = rbuf;
                let receives = func == F::Allreduce || is_root;
                if receives {
                    self.procs[site.rank]
                        .proc
                        .mem
                        .check_range(rbuf, bytes, true)
                        .map_err(|f| site.memory("receive buffer", f))?;
                }
                recv_block = bytes;
                send_block = bytes;
                desc = format!(
                    "count={n}, type={}, op={}{}",
                    datatype_name(dt),
                    h::predefined_op_name(o)
                        .unwrap_or("?")
                        .trim_start_matches("MPI_"),
                    root.map_or(String::new(), |r| format!(", root={r}"))
                );
            }
            _ => {
                // Gather, Scatter, Allgather, Alltoall: (sendbuf, sendcount,
                // sendtype, recvbuf, recvcount, recvtype, ...).
                let (sbuf, sn, st, rbuf, rn, rt) = (
                    ptr(args, 0),
                    int(args, 1),
                    int(args, 2),
                    ptr(args, 3),
                    int(args, 4),
                    int(args, 5),
                );
                let receives = func != F::Gather || is_root;
                let sends = func != F::Scatter || is_root;
                let sblock = if sends && !in_place(sbuf) {
                    self.count(site, sn)? * self.type_size(site, st)?
                } else {
                    0
                };
                let rblock = if receives || (in_place(sbuf) && func != F::Scatter) {
                    self.count(site, rn)? * self.type_size(site, rt)?
                } else {
                    0
                };
                datatype = if sends { st } else { rt };
                let total_send = match func {
                    F::Scatter | F::Alltoall => sblock * size as u64,
                    _ => sblock,
                };
                send = if in_place(sbuf) && func != F::Scatter {
                    // MPI_IN_PLACE: this member's block is already in place in
                    // the receive buffer (MPI 3.1 §5.5, §5.7).
                    let off = match func {
                        F::Alltoall => 0,
                        _ => crank as u64 * rblock,
                    };
                    let len = if func == F::Alltoall {
                        rblock * size as u64
                    } else {
                        rblock
                    };
                    Some(self.read_buffer(site, rbuf + off, len, "receive buffer")?)
                } else if sends {
                    Some(self.read_buffer(site, sbuf, total_send, "send buffer")?)
                } else {
                    None
                };
                let in_place_scatter_root = func == F::Scatter && is_root && in_place(rbuf);
                recv_block = if in_place_scatter_root {
                    0
                } else if receives {
                    rblock
                } else {
                    0
                };
                send_block = if in_place(sbuf) && func == F::Alltoall {
                    rblock
                } else {
                    sblock
                };
                recv_buf = rbuf;
                if recv_block > 0 {
                    let total = match func {
                        F::Scatter => recv_block,
                        _ => recv_block * size as u64,
                    };
                    self.procs[site.rank]
                        .proc
                        .mem
                        .check_range(rbuf, total, true)
                        .map_err(|f| site.memory("receive buffer", f))?;
                }
                desc = format!(
                    "sendcount={sn}, recvcount={rn}{}",
                    root.map_or(String::new(), |r| format!(", root={r}"))
                );
            }
        }
        let sync = self.world.synchronizing_collectives;
        let c = &mut self.world.comms[comm];
        let k = c.join_next(crank, sync);
        let contribution = Contribution {
            func,
            root,
            op,
            datatype,
            send,
            recv_block,
            send_block,
            event: ev,
        };
        let sep = if desc.is_empty() { "" } else { ", " };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}({desc}{sep}comm={})",
                func.name(),
                comm_name(self.world.comms[comm].handle)
            ),
        );
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, contribution) {
            return Err(self.collective_mismatch(site, comm, k, m));
        }
        self.version += 1;
        Ok(Block::Collective {
            comm,
            instance: k,
            recv_buf,
        })
    }

    /// Location of a logged event.
    pub fn event_loc(&self, ev: (usize, usize)) -> Option<(LocId, MpiFunc)> {
        self.events
            .to_vec()
            .into_iter()
            .find(|e| (e.rank, e.index) == ev)
            .map(|e| (e.loc, e.func))
    }

    fn collective_mismatch(&self, site: &Site, comm: CommId, k: usize, m: Mismatch) -> Halt {
        let first = match &m {
            Mismatch::Function { first, .. }
            | Mismatch::Root { first, .. }
            | Mismatch::Op { first, .. }
            | Mismatch::Size { first, .. } => *first,
        };
        let (first_loc, first_func) = self.event_loc(first).unwrap_or((site.loc, site.func));
        let cname = comm_name(self.world.comms[comm].handle);
        let msg = match m {
            Mismatch::Function { first_func, .. } => format!(
                "collective #{} on {cname}: rank {} calls {} while rank {} calls {}",
                k + 1,
                first.0,
                first_func.name(),
                site.rank,
                site.func.name()
            ),
            Mismatch::Root { first_root, root, .. } => format!(
                "collective #{} on {cname} ({}): rank {} uses root {first_root} while rank {} uses root {root}",
                k + 1,
                site.func.name(),
                first.0,
                site.rank
            ),
            Mismatch::Op { first_op, op, .. } => format!(
                "collective #{} on {cname} ({}): rank {} uses {} while rank {} uses {}",
                k + 1,
                site.func.name(),
                first.0,
                h::predefined_op_name(first_op).unwrap_or("?"),
                site.rank,
                h::predefined_op_name(op).unwrap_or("?")
            ),
            Mismatch::Size { first_bytes, bytes, .. } => format!(
                "collective #{} on {cname} ({}): rank {} passes {first_bytes} bytes while rank {} passes {bytes} bytes",
                k + 1,
                site.func.name(),
                first.0,
                site.rank
            ),
        };
        Halt::Error(
            Finding::new(ErrorKind::CollectiveMismatch, msg)
                .at(first.0, first_loc, Some(first_func))
                .at(site.rank, site.loc, Some(site.func)),
        )
    }

    /// Fills an `MPI_Status` (MPICH layout: count in bytes, source as a
    /// rank of the communicator).
    fn write_status(
        &mut self,
        site: &Site,
        addr: u64,
        st: &Status,
        comm: CommId,
    ) -> Result<(), Halt> {
        if ignores_status(addr) {
            return Ok(());
        }
        let source = if st.source >= 0 {
            self.world.comms[comm]
                .rank_of(st.source as usize)
                .map_or(st.source, |r| r as i32)
        } else {
            st.source
        };
        let (lo, hi) = h::status_count_fields(st.bytes, false);
        self.write_i32(site, addr + h::MPI_STATUS_COUNT_LO_OFFSET, lo, "status")?;
        self.write_i32(
            site,
            addr + h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET,
            hi,
            "status",
        )?;
        self.write_i32(site, addr + h::MPI_STATUS_SOURCE_OFFSET, source, "status")?;
        self.write_i32(site, addr + h::MPI_STATUS_TAG_OFFSET, st.tag, "status")?;
        self.write_i32(site, addr + h::MPI_STATUS_ERROR_OFFSET, st.error, "status")
    }
}

/// Tags run from 0 to the `MPI_TAG_UB` attribute; `MPI_ANY_TAG` only in
/// receives (MPI 3.1 §3.2.3).
fn valid_tag(tag: i32, allow_any: bool) -> bool {
    let ub = runtime_model::mpi::TAG_UB_VALUE as i64;
    (0..=ub).contains(&(tag as i64)) || (allow_any && tag == h::MPI_ANY_TAG)
}

fn null_status() -> Status {
    Status {
        source: h::MPI_PROC_NULL,
        tag: h::MPI_ANY_TAG,
        bytes: 0,
        error: 0,
    }
}
