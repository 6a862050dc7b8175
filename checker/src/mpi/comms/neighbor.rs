//! Neighborhood collectives (MPI 3.1 §7.6): MPI_Neighbor_allgather[v]
//! and MPI_Neighbor_alltoall[v|w] over a communicator with a Cartesian,
//! graph or distributed graph topology. Each member sends one block per
//! out-neighbor and receives one per in-neighbor; the data moves when the
//! last member arrives.

use crate::diag::ErrorKind;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::model::LocId;
use runtime_model::mpi::collective::Contribution;
use runtime_model::mpi::p2p::ReqOp;
use runtime_model::mpi::{CommId, Topology};
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// In- and out-neighbors (communicator ranks, `MPI_PROC_NULL` allowed)
    /// of communicator rank `r`, in the order of §7.6.
    fn topo_neighbors(
        &self,
        site: &Site,
        comm: CommId,
        r: usize,
    ) -> Result<(Vec<i32>, Vec<i32>), Halt> {
        Ok(match &self.world.comms[comm].topology {
            Topology::Cart(c) => (c.neighbors(r), c.neighbors(r)),
            Topology::Graph(g) => {
                let n = g.get(r).cloned().unwrap_or_default();
                (n.clone(), n)
            }
            Topology::DistGraph {
                sources,
                destinations,
                ..
            } => (
                sources[r].iter().map(|e| e.0).collect(),
                destinations[r].iter().map(|e| e.0).collect(),
            ),
            Topology::None => return Err(site.invalid("no process topology on the communicator")),
        })
    }

    /// The neighborhood collectives (§7.6) and their v-forms (§7.6.2):
    /// each member sends one block per out-neighbor (the same one for the
    /// allgather forms) and receives one block per in-neighbor. A member's
    /// layout travels in its contribution's `args`: the number of
    /// out-neighbors, then (offset, length) of each one's block in the
    /// member's send data, then the number of in-neighbors, then (byte
    /// displacement, capacity) of each one's block in the receive buffer.
    pub(super) fn neighbor_collective(
        &mut self,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let comm = self.intra(site, a.int("comm")?)?;
        let crank = self.world.comms[comm].rank_of(site.rank).unwrap_or(0);
        let (ins, outs) = self.topo_neighbors(site, comm, crank)?;
        let (nin, nout) = (ins.len(), outs.len());
        let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
        // (count, byte offset, datatype) of each send and receive block:
        // displacements in extents of the one datatype, or, in the w-form,
        // in bytes with a datatype per block (§7.6.2).
        let (sends, recvs): (Blocks, Blocks) = match site.func.blocking_form() {
            F::NeighborAlltoallw => {
                // The displacements are MPI_Aint here.
                let side =
                    |m: &Machine, n: usize, c: &str, d: &str, t: &str| -> Result<Blocks, Halt> {
                        let cs = m.read_int_array(site, a.ptr(c)?, n, c)?;
                        let ts = m.read_int_array(site, a.ptr(t)?, n, t)?;
                        let base = a.ptr(d)?;
                        (0..n)
                            .map(|j| Ok((cs[j], m.read_i64(site, base + 8 * j as u64, d)?, ts[j])))
                            .collect()
                    };
                (
                    side(self, nout, "sendcounts", "sdispls", "sendtypes")?,
                    side(self, nin, "recvcounts", "rdispls", "recvtypes")?,
                )
            }
            _ => {
                let (st, rt) = (a.int("sendtype")?, a.int("recvtype")?);
                let (sends, recvs): (CountDispls, CountDispls) = match site.func.blocking_form() {
                    F::NeighborAllgather | F::NeighborAlltoall => {
                        let (sn, rn) = (a.int("sendcount")?, a.int("recvcount")?);
                        let all = site.func.blocking_form() == F::NeighborAlltoall;
                        let sends = if all {
                            (0..nout).map(|j| (sn, j as i64 * sn as i64)).collect()
                        } else {
                            vec![(sn, 0)]
                        };
                        let recvs = (0..nin).map(|j| (rn, j as i64 * rn as i64)).collect();
                        (sends, recvs)
                    }
                    F::NeighborAllgatherv => {
                        let counts =
                            self.read_int_array(site, a.ptr("recvcounts")?, nin, "recvcounts")?;
                        let displs = self.read_int_array(site, a.ptr("displs")?, nin, "displs")?;
                        let recvs = counts.into_iter().zip(displs.into_iter().map(i64::from));
                        (vec![(a.int("sendcount")?, 0)], recvs.collect())
                    }
                    _ => {
                        let scounts =
                            self.read_int_array(site, a.ptr("sendcounts")?, nout, "sendcounts")?;
                        let sdispls =
                            self.read_int_array(site, a.ptr("sdispls")?, nout, "sdispls")?;
                        let rcounts =
                            self.read_int_array(site, a.ptr("recvcounts")?, nin, "recvcounts")?;
                        let rdispls =
                            self.read_int_array(site, a.ptr("rdispls")?, nin, "rdispls")?;
                        let sends = scounts.into_iter().zip(sdispls.into_iter().map(i64::from));
                        let recvs = rcounts.into_iter().zip(rdispls.into_iter().map(i64::from));
                        (sends.collect(), recvs.collect())
                    }
                };
                let (sext, rext) = (self.extent(site, st)? as i64, self.extent(site, rt)? as i64);
                (
                    sends.iter().map(|&(n, d)| (n, d * sext, st)).collect(),
                    recvs.iter().map(|&(n, d)| (n, d * rext, rt)).collect(),
                )
            }
        };
        let mut send = Vec::new();
        let mut layout = vec![nout as i64];
        let mut send_block = 0;
        for (j, &(n, d, st)) in sends.iter().enumerate() {
            let data = self.pack(site, sbuf.wrapping_add(d as u64), n, st, "send buffer")?;
            send_block = send_block.max(data.len() as u64);
            if j == 0
                || !matches!(
                    site.func.blocking_form(),
                    F::NeighborAllgather | F::NeighborAllgatherv
                )
            {
                layout.extend([send.len() as i64, data.len() as i64]);
                send.extend_from_slice(&data);
            }
        }
        if matches!(
            site.func.blocking_form(),
            F::NeighborAllgather | F::NeighborAllgatherv
        ) {
            // One block, to every out-neighbor.
            let (off, len) = (layout.get(1).copied(), layout.get(2).copied());
            layout.truncate(1);
            for _ in 0..nout {
                layout.extend([off.unwrap_or(0), len.unwrap_or(0)]);
            }
        }
        layout.push(nin as i64);
        let mut recv_block = 0;
        for &(n, d, rt) in &recvs {
            let at = rbuf.wrapping_add(d as u64);
            self.check_unpack(site, at, n, rt, "receive buffer")?;
            let cap = self.count(site, n)? * self.type_size(site, rt)?;
            recv_block = recv_block.max(cap);
            layout.extend([d, cap as i64, rt as i64]);
        }
        let rt = recvs.first().map_or(0, |r| r.2);
        let ev = self.log_call(site, None, None);
        let cname = comm_name(self.world.comms[comm].handle);
        let counts = match site.func.blocking_form() {
            F::NeighborAllgather | F::NeighborAlltoall => {
                format!(
                    "sendcount={}, recvcount={}",
                    a.int("sendcount")?,
                    a.int("recvcount")?
                )
            }
            _ => format!(
                "sendcounts=[{}], recvcounts=[{}]",
                list_counts(&sends.iter().map(|b| (b.0, b.1)).collect::<Vec<_>>()),
                list_counts(&recvs.iter().map(|b| (b.0, b.1)).collect::<Vec<_>>())
            ),
        };
        self.trace_event(
            site.rank,
            site.loc,
            format!("{}({counts}, comm={cname})", site.func.name()),
        );
        let sync = self.world.synchronizing_collectives;
        let k = self.world.comms[comm].join_next(crank, sync);
        // The nonblocking forms (§7.7): the request owns the buffers until
        // it completes, and its completion delivers the blocks
        // (`unpack_neighbor_blocks`).
        let request = site.func.is_nonblocking().then(|| {
            self.world.p2p.post(
                site.rank,
                ReqOp::Collective {
                    comm,
                    instance: k,
                    member: crank,
                    recv_buf: rbuf,
                },
                ev,
            )
        });
        if let Some(req) = request {
            for &(n, d, st) in &sends {
                self.guard_typed(site, req, sbuf.wrapping_add(d as u64), n, st, false)?;
            }
            for &(n, d, rt) in &recvs {
                self.guard_typed(site, req, rbuf.wrapping_add(d as u64), n, rt, true)?;
            }
        }
        let c = Contribution {
            datatype: rt,
            send: Some(std::sync::Arc::from(send)),
            recv_block,
            send_block,
            ..Contribution::control(site.func, None, ev, layout)
        };
        if let Err(m) = self.world.comms[comm].instances[k].arrive(crank, c) {
            return Err(self.collective_mismatch(site, comm, k, m, None, "arguments"));
        }
        self.version += 1;
        if let Some(req) = request {
            let handle = self.hand_out(req);
            self.write_i32(site, a.ptr("request")?, handle, "request")?;
            return Ok(Effect::Return(0));
        }
        if self.instance_complete(comm, k) {
            self.deliver_neighbors(site, comm, k, rbuf)?;
        }
        Ok(Effect::Block(Block::Collective {
            comm,
            instance: k,
            recv_buf: rbuf,
        }))
    }

    /// Moves the data of a complete blocking neighborhood collective into
    /// every member's receive buffer (`own` is the caller's).
    fn deliver_neighbors(
        &mut self,
        site: &Site,
        comm: CommId,
        k: usize,
        own: u64,
    ) -> Result<(), Halt> {
        let members = self.world.comms[comm].members.clone();
        for (r, &rank) in members.iter().enumerate() {
            let addr = if rank == site.rank {
                own
            } else {
                self.blocked_out(rank).unwrap_or(0)
            };
            let loc = if rank == site.rank {
                site.loc
            } else {
                self.blocked_loc(rank)
            };
            self.unpack_neighbor_blocks(comm, k, r, addr, loc)?;
        }
        Ok(())
    }

    /// Writes the blocks member `r` of complete neighborhood collective
    /// `k` receives into its receive buffer at `addr` (`loc`: where an
    /// error is reported). On a graph or distributed graph, as if each
    /// process sent block j to out-neighbor j and received block j from
    /// in-neighbor j with one tag (§7.6), so repeated neighbors pair up in
    /// order. On a Cartesian grid, the block from the neighbor in the
    /// negative direction of dimension d is the one it sent in the
    /// positive direction, and vice versa: block s of the sender lands in
    /// block s ^ 1 of the receiver, also where both neighbors are the same
    /// process (a periodic dimension of 1 or 2 processes; the MPI-4.0
    /// erratum to MPI 3.1 §7.6, Annex B.1.1).
    pub(crate) fn unpack_neighbor_blocks(
        &mut self,
        comm: CommId,
        k: usize,
        r: usize,
        addr: u64,
        loc: LocId,
    ) -> Result<(), Halt> {
        let cs = self.instance_contributions(comm, k);
        let members = self.world.comms[comm].members.clone();
        let Some(func) = cs.get(r).map(|c| c.func) else {
            return Ok(());
        };
        let rank = members[r];
        let at_rank = |f: Finding| f.at(rank, loc, Some(func));
        let site = Site { rank, loc, func };
        let lists: Vec<(Vec<i32>, Vec<i32>)> = (0..members.len())
            .map(|q| self.topo_neighbors(&site, comm, q))
            .collect::<Result<_, _>>()?;
        let cartesian = matches!(self.world.comms[comm].topology, Topology::Cart(_));
        let (ins, _) = &lists[r];
        let recv_layout = NeighborLayout::of(&cs[r].args);
        for (j, &src) in ins.iter().enumerate() {
            if src < 0 {
                continue; // MPI_PROC_NULL: the block stays untouched
            }
            let s = src as usize;
            let block = if cartesian {
                Some(j ^ 1)
            } else {
                // Which occurrence of `src` this is among my in-neighbors,
                // and the same occurrence of me among its out-neighbors.
                let nth = ins[..j].iter().filter(|&&x| x == src).count();
                lists[s]
                    .1
                    .iter()
                    .enumerate()
                    .filter(|(_, &d)| d == r as i32)
                    .nth(nth)
                    .map(|(i, _)| i)
            };
            let Some(block) = block else {
                continue;
            };
            let sc = &cs[s];
            let data = sc
                .send
                .clone()
                .unwrap_or_else(|| std::sync::Arc::from(Vec::new()));
            let (off, len) = NeighborLayout::of(&sc.args).send(block);
            let start = off.min(data.len());
            let bytes = &data[start..(start + len).min(data.len())];
            let (disp, cap, dt) = recv_layout.recv(j);
            if bytes.len() as u64 > cap {
                return Err(Halt::Error(at_rank(Finding::new(
                    ErrorKind::CountMismatch,
                    format!(
                        "{}: rank {} sends {} bytes to rank {} whose receive block holds {} bytes",
                        func.name(),
                        members[s],
                        bytes.len(),
                        rank,
                        cap
                    ),
                ))));
            }
            let bytes = bytes.to_vec();
            self.unpack(rank, addr.wrapping_add(disp as u64), dt, &bytes)
                .map_err(|f| {
                    Halt::Error(at_rank(Finding::new(
                        ErrorKind::MemoryError,
                        format!("receive buffer: {f}"),
                    )))
                })?;
        }
        Ok(())
    }
}

/// (count, displacement in extents) of each block of a neighborhood
/// collective, per neighbor.
type CountDispls = Vec<(i32, i64)>;

/// (count, byte displacement, datatype) of each block, per neighbor.
type Blocks = Vec<(i32, i64, i32)>;

/// A neighborhood collective member's block layout, as encoded in its
/// contribution's `args` by `neighbor_collective`.
struct NeighborLayout<'a>(&'a [i64]);

impl<'a> NeighborLayout<'a> {
    fn of(args: &'a [i64]) -> NeighborLayout<'a> {
        NeighborLayout(args)
    }

    fn pair(&self, at: usize) -> (i64, i64) {
        (
            self.0.get(at).copied().unwrap_or(0),
            self.0.get(at + 1).copied().unwrap_or(0),
        )
    }

    /// (offset, length) in the send data of the block for out-neighbor `j`.
    fn send(&self, j: usize) -> (usize, usize) {
        let (o, l) = self.pair(1 + 2 * j);
        (o.max(0) as usize, l.max(0) as usize)
    }

    /// (byte displacement, capacity, datatype) in the receive buffer of
    /// the block from in-neighbor `j`.
    fn recv(&self, j: usize) -> (i64, u64, i32) {
        let nout = self.0.first().copied().unwrap_or(0).max(0) as usize;
        let at = 1 + 2 * nout + 1 + 3 * j;
        let (d, c) = self.pair(at);
        let dt = self.0.get(at + 2).copied().unwrap_or(0) as i32;
        (d, c.max(0) as u64, dt)
    }
}

/// "2,0,1" for the counts of a v-form's trace line.
fn list_counts(blocks: &[(i32, i64)]) -> String {
    blocks
        .iter()
        .map(|(n, _)| n.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two out-neighbors' send blocks (offset, length), then one
    /// in-neighbor's receive block (displacement, capacity, datatype).
    const ARGS: [i64; 9] = [2, 0, 4, 4, 4, 1, 8, 16, 7];

    #[test]
    fn layout_reads_send_and_receive_blocks() {
        let l = NeighborLayout::of(&ARGS);
        assert_eq!(l.send(0), (0, 4));
        assert_eq!(l.send(1), (4, 4));
        assert_eq!(l.recv(0), (8, 16, 7));
    }

    #[test]
    fn layout_out_of_range_is_empty() {
        let l = NeighborLayout::of(&ARGS);
        assert_eq!(l.recv(1), (0, 0, 0));
        assert_eq!(NeighborLayout::of(&[]).send(0), (0, 0));
        assert_eq!(NeighborLayout::of(&[1, -3, -1]).send(0), (0, 0));
    }

    #[test]
    fn counts_of_a_v_form() {
        assert_eq!(list_counts(&[(2, 0), (0, 2), (1, 5)]), "2,0,1");
        assert_eq!(list_counts(&[]), "");
    }
}
