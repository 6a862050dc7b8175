//! Typed buffers as bytes. Every send-buffer read and received-block write
//! of the request, buffered-send and collective families goes through
//! these few functions, so a datatype engine (derived datatypes, MPI 3.1
//! chapter 4) can replace the predefined-only handling in one place. Today
//! a buffer of `count` elements of a predefined type is `count * size`
//! contiguous bytes, and its extent is its size.

use super::decode::Site;
use crate::exec::memory::MemFault;
use crate::explore::state::*;
use std::sync::Arc;

impl State {
    /// Bytes `count` elements of `datatype` take once packed (the message
    /// size, MPI 3.1 §4.1.5; `MPI_Pack_size` without overhead).
    pub(crate) fn packed_size(&self, site: &Site, count: i32, datatype: i32) -> Result<u64, Halt> {
        Ok(self.count(site, count)? * self.type_size(site, datatype)?)
    }

    /// The extent of `datatype`: displacements of the v-collectives count in
    /// it (MPI 3.1 §4.1.6, §5.5).
    pub(crate) fn extent(&self, site: &Site, datatype: i32) -> Result<u64, Halt> {
        self.type_size(site, datatype)
    }

    /// Reads `count` elements of `datatype` at `buf` (packs them).
    pub(crate) fn pack(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        datatype: i32,
        what: &str,
    ) -> Result<Arc<[u8]>, Halt> {
        let len = self.packed_size(site, count, datatype)?;
        self.read_buffer(site, buf, len, what)
    }

    /// Checks that `count` elements of `datatype` at `buf` can be written.
    pub(crate) fn check_unpack(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        datatype: i32,
        what: &str,
    ) -> Result<(), Halt> {
        let len = self.packed_size(site, count, datatype)?;
        if len == 0 {
            return Ok(());
        }
        self.procs[site.rank]
            .proc
            .mem
            .check_range(buf, len, true)
            .map_err(|f| site.memory(what, f))
    }

    /// Writes received bytes as elements of `datatype` at `addr` of
    /// process `rank` (unpacks them).
    pub(crate) fn unpack(
        &mut self,
        rank: usize,
        addr: u64,
        _datatype: i32,
        bytes: &[u8],
    ) -> Result<(), MemFault> {
        if bytes.is_empty() {
            return Ok(());
        }
        self.procs[rank].proc.mem.write_bytes(addr, bytes)
    }
}
