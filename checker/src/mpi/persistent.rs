//! Persistent requests (MPI 3.1 §3.9): MPI_Send_init and its mode forms,
//! MPI_Recv_init, MPI_Start, MPI_Startall. A persistent request keeps the
//! call's arguments; each start posts an ordinary send or receive (its
//! activation), reading the send buffer at that moment. Completing the
//! activation makes the request inactive again (see `complete_slot`).

use super::decode::*;
use super::p2p::{send_mode, RecvArgs, SendArgs};
use super::requests::{also_at, line_of};
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::{EventRef, PersistentOp, ReqId, ReqOp};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// MPI_Send_init, MPI_Ssend_init, MPI_Bsend_init, MPI_Rsend_init and
    /// MPI_Recv_init: same arguments as the nonblocking calls.
    pub(crate) fn call_request_init(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let func = site.func;
        let a = Args::new(func, args);
        let comm_h = a.int("comm")?;
        let comm = self.comm(site, comm_h)?;
        let ev = self.log_call(site, None, None);
        // MPI_Recv_init names its peer `source`, the send forms `dest`.
        let peer_param = if func == F::RecvInit {
            "source"
        } else {
            "dest"
        };
        let (buf, count, datatype, peer, tag) = (
            a.ptr("buf")?,
            a.int("count")?,
            a.int("datatype")?,
            a.int(peer_param)?,
            a.int("tag")?,
        );
        let send_mode = (func != F::RecvInit).then(|| send_mode(func));
        if send_mode.is_some() {
            self.check_send(
                site,
                &SendArgs {
                    buf,
                    count,
                    datatype,
                    dest: peer,
                    tag,
                    comm,
                },
            )?;
        } else {
            self.check_recv(
                site,
                &RecvArgs {
                    buf,
                    count,
                    datatype,
                    source: peer,
                    tag,
                    comm,
                },
            )?;
        }
        let req = self.world.p2p.post(
            site.rank,
            ReqOp::Persistent(PersistentOp {
                send_mode,
                buf,
                count,
                datatype,
                peer,
                tag,
                comm,
                active: None,
                started: false,
            }),
            ev,
        );
        let (peer_name, tag_text) = if send_mode.is_some() {
            ("dest", tag.to_string())
        } else {
            ("source", tag_name(tag))
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}(count={count}, type={}, {peer_name}={}, tag={tag_text}, comm={}) -> request {}",
                func.name(),
                datatype_name(datatype),
                rank_name(peer),
                comm_name(comm_h),
                req + 1
            ),
        );
        let handle = self.hand_out(req);
        self.write_i32(site, a.ptr("request")?, handle, "request")?;
        Ok(Effect::Return(0))
    }

    /// MPI_Start and MPI_Startall.
    pub(crate) fn call_start(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let handles_at: Vec<u64> = if site.func == F::Start {
            vec![a.ptr("request")?]
        } else {
            let n = self.count(site, a.int("count")?)?;
            let array = a.ptr("array_of_requests")?;
            (0..n).map(|i| array + 4 * i).collect()
        };
        let mut reqs = Vec::new();
        for (i, &addr) in handles_at.iter().enumerate() {
            let arg = if site.func == F::Start {
                "request".to_string()
            } else {
                format!("array_of_requests[{i}]")
            };
            let handle = self.read_i32(site, addr, "request")?;
            let Some(p) = self.live_request(model, site, handle, &arg)? else {
                return Err(site.invalid(format!("{arg} is MPI_REQUEST_NULL")));
            };
            match &self.world.p2p.requests[p].op {
                ReqOp::Persistent(op) if op.active.is_some() => {
                    // Starting an active request is erroneous (MPI 3.1
                    // §3.9): the report shows the start it is still in.
                    let started = op
                        .active
                        .and_then(|a| self.event_loc(self.world.p2p.requests[a].posted_at));
                    let by = started.map_or(String::new(), |(l, f)| {
                        format!(" by {} at line {}", f.name(), line_of(model, l))
                    });
                    let mut f = match site.invalid(format!(
                        "{arg} (persistent request {}) is already active: started{by} and not completed; expected MPI_Wait or MPI_Test to complete it before starting it again (MPI 3.1 §3.9)",
                        p + 1
                    )) {
                        Halt::Error(f) => f,
                        other => return Err(other),
                    };
                    if let Some((l, func)) = started {
                        f = also_at(f, site.rank, l, func);
                    }
                    return Err(Halt::Error(f));
                }
                ReqOp::Persistent(_) => reqs.push(p),
                _ => {
                    return Err(site.invalid(format!(
                        "{arg} (request {}) is not a persistent request: expected one made by MPI_Send_init, MPI_Recv_init, ...",
                        p + 1
                    )))
                }
            }
        }
        // One envelope for the event log when the call starts one request.
        let (mut renv, mut senv) = (None, None);
        if let [p] = reqs[..] {
            if let ReqOp::Persistent(op) = &self.world.p2p.requests[p].op {
                if op.send_mode.is_some() {
                    senv = self.send_envelope(op.comm, op.peer, op.tag);
                } else {
                    renv = Some(self.recv_envelope(op.comm, op.peer, op.tag));
                }
            }
        }
        let ev = self.log_call(site, renv, senv);
        let labels: Vec<String> = reqs.iter().map(|p| (p + 1).to_string()).collect();
        self.trace_event(
            site.rank,
            site.loc,
            if site.func == F::Start {
                format!("MPI_Start(request {})", labels.join(""))
            } else {
                format!("MPI_Startall(requests [{}])", labels.join(", "))
            },
        );
        for p in reqs {
            self.start(site, p, ev)?;
        }
        Ok(Effect::Return(0))
    }

    /// Posts the activation of persistent request `p`.
    fn start(&mut self, site: &Site, p: ReqId, ev: EventRef) -> Result<(), Halt> {
        let ReqOp::Persistent(op) = self.world.p2p.requests[p].op.clone() else {
            return Ok(());
        };
        let a = match op.send_mode {
            Some(mode) => {
                let args = SendArgs {
                    buf: op.buf,
                    count: op.count,
                    datatype: op.datatype,
                    dest: op.peer,
                    tag: op.tag,
                    comm: op.comm,
                };
                let a = self.post_send(site, &args, mode, ev)?;
                self.reserve_buffer_space(site, a, ev)?;
                a
            }
            None => {
                let args = RecvArgs {
                    buf: op.buf,
                    count: op.count,
                    datatype: op.datatype,
                    source: op.peer,
                    tag: op.tag,
                    comm: op.comm,
                };
                self.post_recv(site, &args, ev)?
            }
        };
        self.world.p2p.requests[a].persistent_of = Some(p);
        if let ReqOp::Persistent(op) = &mut self.world.p2p.requests[p].op {
            op.active = Some(a);
            op.started = true;
        }
        self.version += 1;
        Ok(())
    }
}
