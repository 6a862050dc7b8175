//! Where each peer's block of a collective lies: (count, byte offset)
//! layouts of the gather, scatter and all-to-all buffers (MPI 3.1
//! §5.5-§5.8) and the integer arrays they are read from (counts,
//! displacements).

use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::machine::*;

impl Machine {
    /// One side (`"send"` or `"recv"`) of an all-to-all call: per peer,
    /// (count, byte offset, datatype), from `<side>count`, the v-form's
    /// counts and displacements in extents, or the w-form's byte
    /// displacements and datatypes (MPI 3.1 §5.8).
    pub(super) fn alltoall_layout(
        &self,
        site: &Site,
        a: &Args,
        n: usize,
        side: &str,
    ) -> Result<Vec<(i32, u64, i32)>, Halt> {
        let d = &side[..1];
        let (count, counts) = (format!("{side}count"), format!("{side}counts"));
        let (ty, types, displs) = (
            format!("{side}type"),
            format!("{side}types"),
            format!("{d}displs"),
        );
        if a.has(&types) {
            let cs = self.counts(site, a.ptr(&counts)?, n, &counts)?;
            let ds = self.read_ints(site, a.ptr(&displs)?, n, &displs)?;
            let ts = self.read_ints(site, a.ptr(&types)?, n, &types)?;
            return (0..n)
                .map(|j| Ok((cs[j], self.displacement(site, ds[j], 1)?, ts[j])))
                .collect();
        }
        let dt = a.int(&ty)?;
        let extent = self.extent(site, dt)?;
        if a.has(&counts) {
            let cs = self.counts(site, a.ptr(&counts)?, n, &counts)?;
            let ds = self.read_ints(site, a.ptr(&displs)?, n, &displs)?;
            return (0..n)
                .map(|j| Ok((cs[j], self.displacement(site, ds[j], extent)?, dt)))
                .collect();
        }
        let c = a.int(&count)?;
        Ok((0..n as u64)
            .map(|j| (c, j * c.max(0) as u64 * extent, dt))
            .collect())
    }

    pub(super) fn read_ints(
        &self,
        site: &Site,
        addr: u64,
        n: usize,
        what: &str,
    ) -> Result<Vec<i32>, Halt> {
        (0..n)
            .map(|i| self.read_i32(site, addr + 4 * i as u64, what))
            .collect()
    }

    pub(super) fn counts(
        &self,
        site: &Site,
        addr: u64,
        n: usize,
        what: &str,
    ) -> Result<Vec<i32>, Halt> {
        let v = self.read_ints(site, addr, n, what)?;
        if let Some((i, c)) = v.iter().enumerate().find(|(_, c)| **c < 0) {
            return Err(site.invalid(format!("{what}[{i}] is negative ({c})")));
        }
        Ok(v)
    }

    /// Byte offset of displacement `d` (in units of `unit` bytes).
    pub(super) fn displacement(&self, site: &Site, d: i32, unit: u64) -> Result<u64, Halt> {
        if d < 0 {
            return Err(Halt::Unsupported(format!(
                "{} with a negative displacement ({d})",
                site.func.name()
            )));
        }
        Ok(d as u64 * unit)
    }

    /// Receive layout of the gather-like calls: count and byte offset of
    /// each peer's block, from `recvcount` or `recvcounts`/`displs`.
    /// (count, byte offset) of each member's block in the root's buffer of
    /// a gather (`side` = "recv": `recvcounts`/`recvcount`, `recvtype`) or a
    /// scatter (`side` = "send"): from the v-form's counts and `displs`, or
    /// consecutive blocks of the one count (MPI 3.1 §5.5, §5.6).
    pub(super) fn block_layout(
        &self,
        site: &Site,
        a: &Args,
        n: usize,
        side: &str,
    ) -> Result<Vec<(i32, u64)>, Halt> {
        let (counts_name, count_name) = (format!("{side}counts"), format!("{side}count"));
        let extent = self.extent(site, a.int(&format!("{side}type"))?)?;
        if a.has(&counts_name) {
            let counts = self.counts(site, a.ptr(&counts_name)?, n, &counts_name)?;
            let displs = self.read_ints(site, a.ptr("displs")?, n, "displs")?;
            counts
                .iter()
                .zip(&displs)
                .map(|(&c, &d)| Ok((c, self.displacement(site, d, extent)?)))
                .collect()
        } else {
            let c = self.count(site, a.int(&count_name)?)? as i32;
            Ok((0..n).map(|j| (c, j as u64 * c as u64 * extent)).collect())
        }
    }
}
