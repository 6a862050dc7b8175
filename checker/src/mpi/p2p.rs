//! Point-to-point calls: sends in every mode, receives, probes and matched
//! probes, status queries (MPI 3.1 chapter 3).

use super::decode::*;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::{EventRef, RecvOp, ReqId, ReqOp, SendMode, SendOp};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc as F;

/// A send as its call describes it (buffer, count, type, destination as a
/// communicator rank, tag, communicator).
#[derive(Clone, Copy, Debug)]
pub(crate) struct SendArgs {
    pub buf: u64,
    pub count: i32,
    pub datatype: i32,
    pub dest: i32,
    pub tag: i32,
    pub comm: CommId,
}

/// A receive as its call describes it (source as a communicator rank,
/// `MPI_ANY_SOURCE` or `MPI_PROC_NULL`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RecvArgs {
    pub buf: u64,
    pub count: i32,
    pub datatype: i32,
    pub source: i32,
    pub tag: i32,
    pub comm: CommId,
}

/// The send mode of a send call (MPI 3.1 §3.4).
pub(crate) fn send_mode(func: F) -> SendMode {
    match func {
        F::Ssend | F::Issend | F::SsendInit => SendMode::Synchronous,
        F::Rsend | F::Irsend | F::RsendInit => SendMode::Ready,
        F::Bsend | F::Ibsend | F::BsendInit => SendMode::Buffered,
        _ => SendMode::Standard,
    }
}

impl Machine {
    /// Checks a send's arguments (at posting, and once for a persistent
    /// request at its MPI_*_init).
    pub(crate) fn check_send(&self, site: &Site, a: &SendArgs) -> Result<(), Halt> {
        self.packed_size(site, a.count, a.datatype)?;
        if !valid_tag(a.tag, false) {
            return Err(site.invalid(tag_error(a.tag, false)));
        }
        if a.dest != h::MPI_PROC_NULL {
            self.peer(site, a.comm, a.dest, "destination")?;
        }
        Ok(())
    }

    /// Checks a receive's arguments.
    pub(crate) fn check_recv(&self, site: &Site, a: &RecvArgs) -> Result<(), Halt> {
        self.packed_size(site, a.count, a.datatype)?;
        if !valid_tag(a.tag, true) {
            return Err(site.invalid(tag_error(a.tag, true)));
        }
        if a.source != h::MPI_PROC_NULL && a.source != h::MPI_ANY_SOURCE {
            self.peer(site, a.comm, a.source, "source")?;
        }
        Ok(())
    }

    /// Posts a send: its data is read now. A buffered send then takes its
    /// space with `reserve_buffer_space`, once the trace shows the call.
    pub(crate) fn post_send(
        &mut self,
        site: &Site,
        a: &SendArgs,
        mode: SendMode,
        event: EventRef,
    ) -> Result<ReqId, Halt> {
        self.check_send(site, a)?;
        if a.dest == h::MPI_PROC_NULL {
            return Ok(self.world.p2p.post(
                site.rank,
                ReqOp::Null {
                    status: null_status(),
                },
                event,
            ));
        }
        let dest_world = self.peer(site, a.comm, a.dest, "destination")?;
        self.check_typed_free(site, a.buf, a.count, a.datatype, false)?;
        let data = self.pack(site, a.buf, a.count, a.datatype, "send buffer")?;
        // Without buffering a standard send completes only once matched,
        // exactly like a synchronous one (MPI 3.1 §3.4).
        let rendezvous = mode == SendMode::Synchronous
            || (self.world.zero_buffer && matches!(mode, SendMode::Standard | SendMode::Ready));
        self.version += 1;
        let req = self.world.p2p.post(
            site.rank,
            ReqOp::Send(SendOp {
                mode,
                dest: dest_world,
                tag: a.tag,
                comm: a.comm,
                data,
                datatype: a.datatype,
                count: a.count as i64,
                rendezvous,
            }),
            event,
        );
        if let Some(sh) = self.payload_shadows(site, a.buf, a.count, a.datatype)? {
            let key = (site.rank, self.world.p2p.requests[req].local);
            self.sent_shadows.sends.insert(key, sh);
        }
        self.guard_typed(site, req, a.buf, a.count, a.datatype, false)?;
        Ok(req)
    }

    /// Posts a receive.
    pub(crate) fn post_recv(
        &mut self,
        site: &Site,
        a: &RecvArgs,
        event: EventRef,
    ) -> Result<ReqId, Halt> {
        self.check_recv(site, a)?;
        if a.source == h::MPI_PROC_NULL {
            return Ok(self.world.p2p.post(
                site.rank,
                ReqOp::Null {
                    status: null_status(),
                },
                event,
            ));
        }
        let src = if a.source == h::MPI_ANY_SOURCE {
            None
        } else {
            Some(self.peer(site, a.comm, a.source, "source")?)
        };
        let capacity = self.packed_size(site, a.count, a.datatype)?;
        let footprint = self.receive_footprint(site, a.buf, a.count, a.datatype)?;
        for &(at, len) in &footprint {
            self.check_buffer_free(site, at, len, true)?;
        }
        self.version += 1;
        let req = self.world.p2p.post(
            site.rank,
            ReqOp::Recv(RecvOp {
                source: src,
                tag: (a.tag != h::MPI_ANY_TAG).then_some(a.tag),
                comm: a.comm,
                buf: a.buf,
                capacity,
                datatype: a.datatype,
                count: a.count as i64,
            }),
            event,
        );
        for (at, len) in footprint {
            self.guard_buffer(site, req, at, len, true)?;
        }
        Ok(req)
    }

    /// (dest, tag, comm) of a send for the event log.
    pub(crate) fn send_envelope(
        &self,
        comm: CommId,
        dest: i32,
        tag: i32,
    ) -> Option<(usize, i32, CommId)> {
        (dest >= 0)
            .then(|| self.world.comms[comm].members.get(dest as usize).copied())
            .flatten()
            .map(|d| (d, tag, comm))
    }

    /// A blocking call waiting for its own internal requests.
    /// Ends a posting call: the nonblocking form hands the request to the
    /// program through `addr` (its `MPI_Request *`); the blocking form waits
    /// for it, with `addr` its status argument (0 when it has none).
    fn finish_post(
        &mut self,
        site: &Site,
        req: ReqId,
        nonblocking: bool,
        addr: u64,
    ) -> Result<Effect, Halt> {
        if nonblocking {
            let handle = self.hand_out(req);
            self.write_i32(site, addr, handle, "request")?;
            Ok(Effect::Return(0))
        } else {
            Ok(Self::wait_internal(vec![(req, addr)]))
        }
    }

    fn wait_internal(slots: Vec<(ReqId, u64)>) -> Effect {
        Effect::Block(Block::Requests {
            slots: slots
                .into_iter()
                .map(|(req, status_addr)| ReqSlot {
                    req: Some(req),
                    handle_addr: 0,
                    status_addr,
                })
                .collect(),
            mode: WaitMode::All,
            excluded: vec![],
        })
    }

    /// MPI_Send, MPI_Bsend and their synchronous, ready and nonblocking forms.
    pub(crate) fn call_send(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let args = Args::new(func, args);
        let comm_h = args.int("comm")?;
        let comm = self.comm(site, comm_h)?;
        let a = SendArgs {
            buf: args.ptr("buf")?,
            count: args.int("count")?,
            datatype: args.int("datatype")?,
            dest: args.int("dest")?,
            tag: args.int("tag")?,
            comm,
        };
        let nonblocking = matches!(func, F::Isend | F::Issend | F::Irsend | F::Ibsend);
        // The blocking forms have no status: their internal wait gets 0.
        let out = if nonblocking { args.ptr("request")? } else { 0 };
        let ev = self.log_call(site, None, self.send_envelope(comm, a.dest, a.tag));
        let req = self.post_send(site, &a, send_mode(func), ev)?;
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(count={}, type={}, dest={}, tag={}, comm={}){}",
                func.name(),
                a.count,
                datatype_name(a.datatype),
                rank_name(a.dest),
                a.tag,
                comm_name(comm_h),
                request_suffix(nonblocking, req)
            ),
        );
        self.reserve_buffer_space(site, req, ev)?;
        self.finish_post(site, req, nonblocking, out)
    }

    /// MPI_Recv and MPI_Irecv.
    pub(crate) fn call_recv(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let args = Args::new(func, args);
        let comm_h = args.int("comm")?;
        let comm = self.comm(site, comm_h)?;
        let a = RecvArgs {
            buf: args.ptr("buf")?,
            count: args.int("count")?,
            datatype: args.int("datatype")?,
            source: args.int("source")?,
            tag: args.int("tag")?,
            comm,
        };
        let nonblocking = func == F::Irecv;
        let out = args.ptr(if nonblocking { "request" } else { "status" })?;
        let env = self.recv_envelope(comm, a.source, a.tag);
        let ev = self.log_call(site, Some(env), None);
        let req = self.post_recv(site, &a, ev)?;
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(count={}, type={}, source={}, tag={}, comm={}){}",
                func.name(),
                a.count,
                datatype_name(a.datatype),
                rank_name(a.source),
                tag_name(a.tag),
                comm_name(comm_h),
                request_suffix(nonblocking, req)
            ),
        );
        self.finish_post(site, req, nonblocking, out)
    }

    /// MPI_Sendrecv and MPI_Sendrecv_replace: a send and a receive
    /// completed together. The replace form sends the buffer's contents as
    /// they are at the call and receives into the same buffer (MPI 3.1 §3.10).
    pub(crate) fn call_sendrecv(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc) = (site.rank, site.loc);
        let a = Args::new(site.func, args);
        // Both forms as (send args, receive args, comm handle, status).
        let (s, r, comm_h, status) = if site.func == F::SendrecvReplace {
            let (buf, count, dt) = (a.ptr("buf")?, a.int("count")?, a.int("datatype")?);
            (
                (buf, count, dt, a.int("dest")?, a.int("sendtag")?),
                (buf, count, dt, a.int("source")?, a.int("recvtag")?),
                a.int("comm")?,
                a.ptr("status")?,
            )
        } else {
            (
                (
                    a.ptr("sendbuf")?,
                    a.int("sendcount")?,
                    a.int("sendtype")?,
                    a.int("dest")?,
                    a.int("sendtag")?,
                ),
                (
                    a.ptr("recvbuf")?,
                    a.int("recvcount")?,
                    a.int("recvtype")?,
                    a.int("source")?,
                    a.int("recvtag")?,
                ),
                a.int("comm")?,
                a.ptr("status")?,
            )
        };
        let comm = self.comm(site, comm_h)?;
        let send = SendArgs {
            buf: s.0,
            count: s.1,
            datatype: s.2,
            dest: s.3,
            tag: s.4,
            comm,
        };
        let recv = RecvArgs {
            buf: r.0,
            count: r.1,
            datatype: r.2,
            source: r.3,
            tag: r.4,
            comm,
        };
        if site.func == F::Sendrecv {
            self.check_no_alias(
                site,
                &[
                    ("receive buffer", recv.buf, recv.count, recv.datatype, true),
                    ("send buffer", send.buf, send.count, send.datatype, false),
                ],
            )?;
        }
        let senv = self.send_envelope(comm, send.dest, send.tag);
        let renv = self.recv_envelope(comm, recv.source, recv.tag);
        let ev = self.log_call(site, Some(renv), senv);
        let sreq = self.post_send(site, &send, SendMode::Standard, ev)?;
        let rreq = self.post_recv(site, &recv, ev)?;
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(dest={}, sendtag={}, source={}, recvtag={}, comm={})",
                site.func.name(),
                rank_name(send.dest),
                send.tag,
                rank_name(recv.source),
                tag_name(recv.tag),
                comm_name(comm_h)
            ),
        );
        Ok(Self::wait_internal(vec![(sreq, 0), (rreq, status)]))
    }

    /// MPI_Probe, MPI_Iprobe, and the matched probes MPI_Mprobe and
    /// MPI_Improbe, which also take the message out of matching (§3.8.2).
    pub(crate) fn call_probe(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let a = Args::new(func, args);
        let comm_h = a.int("comm")?;
        let comm = self.comm(site, comm_h)?;
        let (source, tag) = (a.int("source")?, a.int("tag")?);
        // (flag, message, status) output addresses.
        let (flag_addr, message_addr, status_addr) = match func {
            F::Probe => (None, None, a.ptr("status")?),
            F::Iprobe => (Some(a.ptr("flag")?), None, a.ptr("status")?),
            F::Mprobe => (None, Some(a.ptr("message")?), a.ptr("status")?),
            _ => (
                Some(a.ptr("flag")?),
                Some(a.ptr("message")?),
                a.ptr("status")?,
            ),
        };
        if !valid_tag(tag, true) {
            return Err(site.invalid(tag_error(tag, true)));
        }
        let env = self.recv_envelope(comm, source, tag);
        self.log_call(site, Some(env), None);
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(source={}, tag={}, comm={})",
                func.name(),
                rank_name(source),
                tag_name(tag),
                comm_name(comm_h)
            ),
        );
        let src = match source {
            h::MPI_ANY_SOURCE => None,
            h::MPI_PROC_NULL => {
                // A probe for the null process returns at once; a matched
                // one returns MPI_MESSAGE_NO_PROC (MPI 3.1 §3.8.2, §3.11).
                if let Some(f) = flag_addr {
                    self.write_i32(site, f, 1, "flag")?;
                }
                if let Some(m) = message_addr {
                    self.write_i32(site, m, h::MPI_MESSAGE_NO_PROC, "message")?;
                }
                self.write_status(site, status_addr, &null_status(), comm)?;
                self.procs[rank].proc.finish_call(model, 0);
                return Ok(Effect::Done);
            }
            s => Some(self.peer(site, comm, s, "source")?),
        };
        let tag = (tag != h::MPI_ANY_TAG).then_some(tag);
        Ok(Effect::Block(match (flag_addr, message_addr) {
            (None, message_addr) => Block::Probe {
                comm,
                source: src,
                tag,
                status_addr,
                excluded: vec![],
                message_addr,
            },
            (Some(flag_addr), None) => Block::Poll {
                kind: PollKind::Iprobe {
                    flag_addr,
                    status_addr,
                },
                slots: vec![],
                probe: Some((comm, src, tag)),
            },
            (Some(flag_addr), Some(message_addr)) => Block::Poll {
                kind: PollKind::Improbe {
                    flag_addr,
                    message_addr,
                    status_addr,
                },
                slots: vec![],
                probe: Some((comm, src, tag)),
            },
        }))
    }

    /// MPI_Mrecv and MPI_Imrecv: receive a message a matched probe took
    /// (MPI 3.1 §3.8.3). The message handle becomes `MPI_MESSAGE_NULL`.
    pub(crate) fn call_mrecv(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let a = Args::new(func, args);
        let (buf, count, dt, message_addr) = (
            a.ptr("buf")?,
            a.int("count")?,
            a.int("datatype")?,
            a.ptr("message")?,
        );
        let nonblocking = func == F::Imrecv;
        let out = a.ptr(if nonblocking { "request" } else { "status" })?;
        let ev = self.log_call(site, None, None);
        let handle = self.read_i32(site, message_addr, "message")?;
        let req = if handle == h::MPI_MESSAGE_NO_PROC {
            // A receive from MPI_PROC_NULL (§3.8.3).
            self.world.p2p.post(
                rank,
                ReqOp::Null {
                    status: null_status(),
                },
                ev,
            )
        } else {
            let id = self
                .owned_request(rank, handle)
                .filter(|&m| handle != h::MPI_MESSAGE_NULL && self.world.p2p.requests[m].message);
            let Some(id) = id else {
                return Err(site.invalid(format!(
                    "message handle 0x{handle:x} is not a message MPI_Mprobe/MPI_Improbe returned"
                )));
            };
            let capacity = self.packed_size(site, count, dt)?;
            let footprint = self.receive_footprint(site, buf, count, dt)?;
            for &(at, len) in &footprint {
                self.check_buffer_free(site, at, len, true)?;
            }
            for (at, len) in footprint {
                self.guard_buffer(site, id, at, len, true)?;
            }
            let r = &mut self.world.p2p.requests[id];
            r.message = false;
            if let ReqOp::Recv(op) = &mut r.op {
                op.buf = buf;
                op.capacity = capacity;
                op.datatype = dt;
                op.count = count as i64;
            }
            self.version += 1;
            id
        };
        self.write_i32(site, message_addr, h::MPI_MESSAGE_NULL, "message")?;
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(count={count}, type={}){}",
                func.name(),
                datatype_name(dt),
                request_suffix(nonblocking, req)
            ),
        );
        self.finish_post(site, req, nonblocking, out)
    }

    /// MPI_Get_count (MPI 3.1 §3.2.5): items of the datatype received;
    /// MPI_UNDEFINED only when the bytes are not a whole number of items.
    /// A zero-size datatype counts 0 (MPI 4.0 §3.2.5, as MPICH does).
    pub(crate) fn call_get_count(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let st = a.ptr("status")?;
        if ignores_status(st) {
            return Err(site.invalid("status is MPI_STATUS_IGNORE"));
        }
        let size = self.packed_size(site, 1, a.int("datatype")?)?;
        let bytes = self.read_i32(site, st + h::MPI_STATUS_COUNT_LO_OFFSET, "status")? as i64;
        let v = if size == 0 {
            0
        } else if bytes % size as i64 != 0 {
            h::MPI_UNDEFINED
        } else {
            (bytes / size as i64) as i32
        };
        self.write_i32(site, a.ptr("count")?, v, "count")?;
        Ok(Effect::Return(0))
    }

    /// MPI_Test_cancelled (MPI 3.1 §3.8.4) and MPI_Status_set_cancelled
    /// (§12.3).
    pub(crate) fn call_test_cancelled(
        &mut self,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let st = a.ptr("status")?;
        if ignores_status(st) {
            return Err(site.invalid("status is MPI_STATUS_IGNORE"));
        }
        let at = st + h::MPI_STATUS_COUNT_HI_AND_CANCELLED_OFFSET;
        let hi = self.read_i32(site, at, "status")?;
        if site.func == F::StatusSetCancelled {
            // MPI 3.1 §12.3: a later MPI_Test_cancelled on the status
            // answers `flag` (the cancelled bit beside the count's high
            // bits).
            let v = (hi & !1) | (a.int("flag")? != 0) as i32;
            self.write_i32(site, at, v, "status")?;
            return Ok(Effect::Return(0));
        }
        self.write_i32(site, a.ptr("flag")?, h::status_cancelled(hi) as i32, "flag")?;
        Ok(Effect::Return(0))
    }
}

/// How a trace line names the request a nonblocking call returned.
fn request_suffix(nonblocking: bool, req: ReqId) -> String {
    if nonblocking {
        format!(" -> request {}", req + 1)
    } else {
        String::new()
    }
}
