//! The per-peer block shapes of a collective on an intracommunicator:
//! gather, scatter, allgather and alltoall with their v- and w-forms
//! (MPI 3.1 §5.5-§5.8), each member's part as blocks to and from every
//! peer, `MPI_IN_PLACE` included.

use super::{in_place, list, Part};
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;
use runtime_model::mpi::collective::Blocks;
use runtime_model::mpi_api::MpiFunc;
use std::sync::Arc;

impl Machine {
    pub(super) fn decode_gather(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, sn, st) = (a.ptr("sendbuf")?, a.int("sendcount")?, a.int("sendtype")?);
        let (rbuf, rt) = (a.ptr("recvbuf")?, a.int("recvtype")?);
        let root = part.root.unwrap_or(0);
        let mut blocks = Blocks::new(n);
        let own = in_place(sbuf) && me == root;
        if in_place(sbuf) && me != root {
            return Err(site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.5)"));
        }
        if !own {
            part.send = Some(self.pack(site, sbuf, sn, st, "send buffer")?);
            blocks.send[root] = Some((0, self.packed_size(site, sn, st)?));
            part.send_types[root] = self.typed(site, sn, st)?;
        }
        part.datatype = st;
        if me == root {
            let layout = self.block_layout(site, a, n, "recv")?;
            for (j, &(c, off)) in layout.iter().enumerate() {
                let len = self.packed_size(site, c, rt)?;
                self.check_writable(site, rbuf.wrapping_add(off), len)?;
                if !(own && j == me) {
                    blocks.recv[j] = Some((off, len));
                    part.recv_types[j] = self.typed(site, c, rt)?;
                }
            }
            part.datatype = rt;
            part.desc = if a.has("recvcounts") {
                let counts: Vec<i32> = layout.iter().map(|l| l.0).collect();
                let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
                format!(
                    "sendcount={sn}, recvcounts={}, displs={}, root={root}",
                    list(&counts),
                    list(&displs)
                )
            } else {
                format!(
                    "sendcount={sn}, recvcount={}, root={root}",
                    a.int("recvcount")?
                )
            };
        } else {
            part.desc = if a.has("recvcounts") {
                format!("sendcount={sn}, root={root}")
            } else {
                format!(
                    "sendcount={sn}, recvcount={}, root={root}",
                    a.int("recvcount")?
                )
            };
        }
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        Ok(())
    }

    pub(super) fn decode_scatter(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, st) = (a.ptr("sendbuf")?, a.int("sendtype")?);
        let (rbuf, rn, rt) = (a.ptr("recvbuf")?, a.int("recvcount")?, a.int("recvtype")?);
        let root = part.root.unwrap_or(0);
        let mut blocks = Blocks::new(n);
        let own = in_place(rbuf) && me == root;
        if in_place(rbuf) && me != root {
            return Err(site.invalid("MPI_IN_PLACE is allowed only at the root (MPI 3.1 §5.6)"));
        }
        part.datatype = rt;
        if me == root {
            let layout = self.block_layout(site, a, n, "send")?;
            // Each peer's block, packed one after the other.
            let mut data = Vec::new();
            for (j, &(count, off)) in layout.iter().enumerate() {
                if own && j == me {
                    continue;
                }
                let block = self.pack(site, sbuf.wrapping_add(off), count, st, "send buffer")?;
                blocks.send[j] = Some((data.len() as u64, block.len() as u64));
                part.send_types[j] = self.typed(site, count, st)?;
                data.extend_from_slice(&block);
            }
            part.send = Some(Arc::from(data));
            part.datatype = st;
            let counts: Vec<i32> = layout.iter().map(|&(c, _)| c).collect();
            part.desc = if a.has("sendcounts") {
                let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
                format!(
                    "sendcounts={}, displs={}, recvcount={rn}, root={root}",
                    list(&counts),
                    list(&displs)
                )
            } else {
                format!("sendcount={}, recvcount={rn}, root={root}", counts[0])
            };
        } else {
            part.desc = if a.has("sendcounts") {
                format!("recvcount={rn}, root={root}")
            } else {
                format!(
                    "sendcount={}, recvcount={rn}, root={root}",
                    a.int("sendcount")?
                )
            };
        }
        if !own {
            self.check_unpack(site, rbuf, rn, rt, "receive buffer")?;
            blocks.recv[root] = Some((0, self.packed_size(site, rn, rt)?));
            part.recv_types[root] = self.typed(site, rn, rt)?;
        }
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        Ok(())
    }

    pub(super) fn decode_allgather(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        me: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        let (sbuf, sn, st) = (a.ptr("sendbuf")?, a.int("sendcount")?, a.int("sendtype")?);
        let (rbuf, rt) = (a.ptr("recvbuf")?, a.int("recvtype")?);
        let layout = self.block_layout(site, a, n, "recv")?;
        let own = in_place(sbuf);
        let mut blocks = Blocks::new(n);
        let (data, sent) = if own {
            // This member's block is already in place (MPI 3.1 §5.7).
            let (c, off) = layout[me];
            (
                self.pack(site, rbuf.wrapping_add(off), c, rt, "receive buffer")?,
                self.typed(site, c, rt)?,
            )
        } else {
            (
                self.pack(site, sbuf, sn, st, "send buffer")?,
                self.typed(site, sn, st)?,
            )
        };
        for (j, &(c, off)) in layout.iter().enumerate() {
            if own && j == me {
                continue;
            }
            blocks.send[j] = Some((0, data.len() as u64));
            part.send_types[j] = sent.clone();
            let len = self.packed_size(site, c, rt)?;
            self.check_writable(site, rbuf.wrapping_add(off), len)?;
            blocks.recv[j] = Some((off, len));
            part.recv_types[j] = self.typed(site, c, rt)?;
        }
        part.send = Some(data);
        part.datatype = rt;
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        part.desc = if a.has("recvcounts") {
            let counts: Vec<i32> = layout.iter().map(|l| l.0).collect();
            let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
            format!(
                "sendcount={sn}, recvcounts={}, displs={}",
                list(&counts),
                list(&displs)
            )
        } else {
            format!("sendcount={sn}, recvcount={}", a.int("recvcount")?)
        };
        Ok(())
    }

    pub(super) fn decode_alltoall(
        &mut self,
        site: &Site,
        a: &Args,
        n: usize,
        part: &mut Part,
    ) -> Result<(), Halt> {
        use MpiFunc as F;
        let base = site.func.blocking_form();
        let (sbuf, rbuf) = (a.ptr("sendbuf")?, a.ptr("recvbuf")?);
        // Per peer: (count, byte offset, datatype) on each side.
        let side =
            |state: &Machine, counts: &str, displs: &str, ty: &str, types: &str, count: &str| {
                let mut out = Vec::with_capacity(n);
                match base {
                    F::Alltoall => {
                        let dt = a.int(ty)?;
                        let c = state.count(site, a.int(count)?)? as i32;
                        let extent = state.extent(site, dt)?;
                        for j in 0..n {
                            out.push((c, j as u64 * c as u64 * extent, dt));
                        }
                    }
                    F::Alltoallv => {
                        let dt = a.int(ty)?;
                        let extent = state.extent(site, dt)?;
                        let cs = state.counts(site, a.ptr(counts)?, n, counts)?;
                        let ds = state.read_ints(site, a.ptr(displs)?, n, displs)?;
                        for j in 0..n {
                            out.push((cs[j], state.displacement(site, ds[j], extent)?, dt));
                        }
                    }
                    _ => {
                        // Alltoallw: displacements in bytes, a datatype per peer.
                        let cs = state.counts(site, a.ptr(counts)?, n, counts)?;
                        let ds = state.read_ints(site, a.ptr(displs)?, n, displs)?;
                        let ts = state.read_ints(site, a.ptr(types)?, n, types)?;
                        for j in 0..n {
                            out.push((cs[j], state.displacement(site, ds[j], 1)?, ts[j]));
                        }
                    }
                }
                Ok::<_, Halt>(out)
            };
        let recv = side(
            self,
            "recvcounts",
            "rdispls",
            "recvtype",
            "recvtypes",
            "recvcount",
        )?;
        let send = if in_place(sbuf) {
            // The data to send is taken from the receive buffer, with the
            // receive layout (MPI 3.1 §5.8).
            recv.clone()
        } else {
            side(
                self,
                "sendcounts",
                "sdispls",
                "sendtype",
                "sendtypes",
                "sendcount",
            )?
        };
        let from = if in_place(sbuf) { rbuf } else { sbuf };
        let mut blocks = Blocks::new(n);
        let mut data = Vec::new();
        for j in 0..n {
            let (c, off, dt) = send[j];
            let block = self.pack(site, from.wrapping_add(off), c, dt, "send buffer")?;
            blocks.send[j] = Some((data.len() as u64, block.len() as u64));
            part.send_types[j] = self.typed(site, c, dt)?;
            data.extend_from_slice(&block);
            let (c, off, dt) = recv[j];
            let len = self.packed_size(site, c, dt)?;
            self.check_writable(site, rbuf.wrapping_add(off), len)?;
            blocks.recv[j] = Some((off, len));
            part.recv_types[j] = self.typed(site, c, dt)?;
        }
        part.send = Some(Arc::from(data));
        part.datatype = recv.first().map_or(0, |r| r.2);
        part.recv_buf = rbuf;
        part.args = blocks.to_args();
        part.desc = if base == F::Alltoall {
            format!(
                "sendcount={}, recvcount={}",
                a.int("sendcount")?,
                a.int("recvcount")?
            )
        } else {
            let sc: Vec<i32> = send.iter().map(|s| s.0).collect();
            let rc: Vec<i32> = recv.iter().map(|s| s.0).collect();
            format!("sendcounts={}, recvcounts={}", list(&sc), list(&rc))
        };
        Ok(())
    }
}
