//! An intracommunicator member's part of a collective call (MPI 3.1
//! chapter 5): the barrier, broadcast and reductions here, the per-peer
//! block shapes in `blocks`; and the check of a reduction's operation.

use super::{in_place, list, Part};
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi::collective::Blocks;
use runtime_model::mpi::CommId;
use runtime_model::mpi_api::MpiFunc;

impl Machine {
    pub(super) fn check_op(&self, site: &Site, op: i32, dt: i32) -> Result<(), Halt> {
        if let Some(u) = self.world.objects.user_op(site.rank, op) {
            if u.freed {
                return Err(site.invalid(format!("operation 0x{op:x} was freed by MPI_Op_free")));
            }
            return Ok(());
        }
        // MPI 3.1 §5.9.2: MPI_OP_NULL names no operation (MPI_ERR_OP).
        if op == h::MPI_OP_NULL {
            return Err(site.invalid("op is MPI_OP_NULL, which is not an operation"));
        }
        if h::predefined_op_name(op).is_none() {
            return Err(site.invalid(format!("invalid operation 0x{op:x}")));
        }
        if !runtime_model::reduce::op_defined_for(op, dt) {
            return Err(site.invalid(format!(
                "operation {} is not defined for datatype {}",
                h::predefined_op_name(op).unwrap_or("?"),
                datatype_name(dt)
            )));
        }
        Ok(())
    }

    pub(super) fn decode_part(
        &mut self,
        site: &Site,
        a: &Args,
        comm: CommId,
    ) -> Result<Part, Halt> {
        use MpiFunc as F;
        let n = self.world.comms[comm].size();
        let me = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let root = if a.has("root") {
            let r = a.int("root")?;
            if r < 0 || r as usize >= n {
                return Err(site.invalid(format!(
                    "root {r} is not a rank of the communicator (size {n})"
                )));
            }
            Some(r as usize)
        } else {
            None
        };
        let is_root = root == Some(me);
        let root_text = root.map_or(String::new(), |r| format!(", root={r}"));
        let mut part = Part {
            root,
            op: None,
            datatype: 0,
            send: None,
            recv_buf: 0,
            block: 0,
            args: Vec::new(),
            remote: None,
            send_types: vec![None; n],
            recv_types: vec![None; n],
            desc: String::new(),
        };
        let base = site.func.blocking_form();
        match base {
            F::Barrier => {}
            F::Bcast => {
                let (buf, count, dt) = (a.ptr("buffer")?, a.int("count")?, a.int("datatype")?);
                let bytes = self.packed_size(site, count, dt)?;
                let mut blocks = Blocks::new(n);
                let t = self.typed(site, count, dt)?;
                if is_root {
                    part.send = Some(self.pack(site, buf, count, dt, "buffer")?);
                    for j in (0..n).filter(|&j| j != me) {
                        blocks.send[j] = Some((0, bytes));
                        part.send_types[j] = t.clone();
                    }
                } else {
                    self.check_unpack(site, buf, count, dt, "buffer")?;
                    blocks.recv[root.unwrap_or(0)] = Some((0, bytes));
                    part.recv_types[root.unwrap_or(0)] = t;
                }
                part.datatype = dt;
                part.recv_buf = buf;
                part.block = bytes;
                part.args = blocks.to_args();
                part.desc = format!(
                    "count={count}, type={}, root={}",
                    datatype_name(dt),
                    root.unwrap_or(0)
                );
            }
            F::Reduce | F::Allreduce | F::Scan | F::Exscan => {
                let (sbuf, rbuf, count, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("count")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                if in_place(sbuf) && base == F::Reduce && !is_root {
                    return Err(
                        site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.9.1)")
                    );
                }
                let src = if in_place(sbuf) { rbuf } else { sbuf };
                part.send = Some(self.pack(site, src, count, dt, "send buffer")?);
                let receives = match base {
                    F::Reduce => is_root,
                    F::Exscan => me != 0,
                    _ => true,
                };
                if receives {
                    self.check_unpack(site, rbuf, count, dt, "receive buffer")?;
                }
                part.op = Some(op);
                part.datatype = dt;
                part.recv_buf = rbuf;
                part.block = self.packed_size(site, count, dt)?;
                part.send_types = vec![self.typed(site, count, dt)?];
                part.desc = format!(
                    "count={count}, type={}, op={}{root_text}",
                    datatype_name(dt),
                    h::predefined_op_name(op)
                        .unwrap_or("user")
                        .trim_start_matches("MPI_"),
                );
            }
            F::ReduceScatter | F::ReduceScatterBlock => {
                let (sbuf, rbuf, dt, op) = (
                    a.ptr("sendbuf")?,
                    a.ptr("recvbuf")?,
                    a.int("datatype")?,
                    a.int("op")?,
                );
                self.check_op(site, op, dt)?;
                let counts = if base == F::ReduceScatter {
                    self.counts(site, a.ptr("recvcounts")?, n, "recvcounts")?
                } else {
                    vec![self.count(site, a.int("recvcount")?)? as i32; n]
                };
                let total: i32 = counts.iter().sum();
                let src = if in_place(sbuf) { rbuf } else { sbuf };
                part.send = Some(self.pack(site, src, total, dt, "send buffer")?);
                self.check_unpack(site, rbuf, counts[me], dt, "receive buffer")?;
                let size = self.packed_size(site, 1, dt)?;
                part.args = counts.iter().map(|&c| c as i64 * size as i64).collect();
                part.send_types = vec![self.typed(site, total, dt)?];
                part.op = Some(op);
                part.datatype = dt;
                part.recv_buf = rbuf;
                let counts_text = if base == F::ReduceScatter {
                    format!("recvcounts={}", list(&counts))
                } else {
                    format!("recvcount={}", counts[0])
                };
                part.desc = format!(
                    "{counts_text}, type={}, op={}",
                    datatype_name(dt),
                    h::predefined_op_name(op)
                        .unwrap_or("user")
                        .trim_start_matches("MPI_"),
                );
            }
            F::Gather | F::Gatherv => self.decode_gather(site, a, n, me, &mut part)?,
            F::Scatter | F::Scatterv => self.decode_scatter(site, a, n, me, &mut part)?,
            F::Allgather | F::Allgatherv => self.decode_allgather(site, a, n, me, &mut part)?,
            F::Alltoall | F::Alltoallv | F::Alltoallw => {
                self.decode_alltoall(site, a, n, &mut part)?
            }
            _ => return Err(site.invalid("not a collective of this family")),
        }
        Ok(part)
    }
}
