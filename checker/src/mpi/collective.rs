//! Collective calls (MPI 3.1 chapter 5): decoding each member's part; the
//! rendezvous and data movement are in `runtime_model::mpi::collective`.

use super::decode::*;
use crate::explore::state::*;
use crate::report::ErrorKind;
use runtime_model::handles as h;
use runtime_model::mpi::collective::{Contribution, Mismatch};
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;

impl State {
    pub(crate) fn issue_collective(&mut self, site: &Site, args: &[u64]) -> Result<Block, Halt> {
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
            args: Vec::new(),
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
}
