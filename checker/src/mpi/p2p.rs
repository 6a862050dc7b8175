//! Point-to-point calls: sends, receives, probes (MPI 3.1 chapter 3).

use super::decode::*;
use crate::explore::state::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::{RecvOp, ReqId, ReqOp, SendMode, SendOp};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc as F;

impl State {
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

    /// MPI_Send and its synchronous, ready and nonblocking forms.
    pub(crate) fn call_send(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let mut block: Option<Block> = None;

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
        let ev = self.log_call(site, None, env);
        let req = self.post_send(site, args, 0, mode, ev)?;
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
            self.write_i32(site, ptr(args, 6), Self::handle_of(req), "request")?;
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
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Recv and MPI_Irecv.
    pub(crate) fn call_recv(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);
        let mut block: Option<Block> = None;

        let comm = self.comm(site, int(args, 5))?;
        let env = self.recv_envelope(comm, int(args, 3), int(args, 4));
        let ev = self.log_call(site, Some(env), None);
        let req = self.post_recv(
            site,
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
            self.write_i32(site, ptr(args, 6), Self::handle_of(req), "request")?;
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
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Sendrecv: a send and a receive completed together.
    pub(crate) fn call_sendrecv(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc) = (site.rank, site.loc);

        let comm = self.comm(site, int(args, 10))?;
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
        let ev = self.log_call(site, Some(renv), senv);
        let mut sargs = args[0..5].to_vec();
        sargs.push(args[10]);
        let sreq = self.post_send(site, &sargs, 0, SendMode::Standard, ev)?;
        let rreq = self.post_recv(
            site,
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
        let block = Some(Block::Requests {
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
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Probe and MPI_Iprobe.
    pub(crate) fn call_probe(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);

        let comm = self.comm(site, int(args, 2))?;
        let (source, tag) = (int(args, 0), int(args, 1));
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
                comm_name(int(args, 2))
            ),
        );
        let src = match source {
            h::MPI_ANY_SOURCE => None,
            h::MPI_PROC_NULL => {
                // A probe for the null process returns at once (MPI 3.1 §3.11).
                if func == F::Iprobe {
                    self.write_i32(site, ptr(args, 3), 1, "flag")?;
                    self.write_status(site, ptr(args, 4), &null_status(), comm)?;
                } else {
                    self.write_status(site, ptr(args, 3), &null_status(), comm)?;
                }
                self.procs[rank].proc.finish_call(model, 0);
                return Ok(Effect::Done);
            }
            s => Some(self.peer(site, comm, s, "source")?),
        };
        let tag = (tag != h::MPI_ANY_TAG).then_some(tag);
        let block = Some(if func == F::Probe {
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
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Get_count.
    pub(crate) fn call_get_count(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let st = ptr(args, 0);
        if ignores_status(st) {
            return Err(site.invalid("status is MPI_STATUS_IGNORE"));
        }
        let size = self.type_size(site, int(args, 1))?;
        let bytes = self.read_i32(site, st + h::MPI_STATUS_COUNT_LO_OFFSET, "status")? as i64;
        let v = if size == 0 || bytes % size as i64 != 0 {
            h::MPI_UNDEFINED
        } else {
            (bytes / size as i64) as i32
        };
        self.write_i32(site, ptr(args, 2), v, "count")?;
        Ok(Effect::Return(0))
    }
}
