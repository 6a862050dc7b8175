//! Typed buffers as bytes. Every send-buffer read and received-block write
//! of the request, buffered-send and collective families goes through
//! these few functions, so a datatype engine (derived datatypes, MPI 3.1
//! chapter 4) replaces the predefined-only handling in one place. A buffer
//! of `count` elements of a predefined type is `count * size` contiguous
//! bytes, and its extent is its size, except for the pair types whose C
//! struct has padding (`MPI_DOUBLE_INT`, §5.9.4); those and a derived
//! datatype's items occupy the byte ranges of their type map
//! (`TypeMap::byte_ranges`).

use super::decode::Site;
use crate::exec::memory::MemFault;
use crate::mpi::machine::*;
use runtime_model::datatype::Signature;
use runtime_model::handles as h;
use runtime_model::mpi::collective::Typed;
use std::sync::Arc;

/// A count of 0 with `MPI_DATATYPE_NULL`: no data, and no datatype to
/// check. MPI 3.1 does not say whether a zero-count buffer needs a valid
/// datatype; MPICH accepts `MPI_DATATYPE_NULL` there (point-to-point, and
/// the per-peer types of MPI_Alltoallw), so it is no error.
fn no_data(count: i32, datatype: i32) -> bool {
    count == 0 && datatype == h::MPI_DATATYPE_NULL
}

impl Machine {
    /// Bytes `count` elements of `datatype` take once packed (the message
    /// size, MPI 3.1 §4.1.5; `MPI_Pack_size` without overhead).
    pub(crate) fn packed_size(&self, site: &Site, count: i32, datatype: i32) -> Result<u64, Halt> {
        if no_data(count, datatype) {
            return Ok(0);
        }
        Ok(self.count(site, count)? * self.type_size(site, datatype)?)
    }

    /// `count` elements of `datatype` with their type signature, for the
    /// signature checks of collectives (MPI 3.1 §5.1). A signature that
    /// does not fit the engine's counters is unsupported: skipping its
    /// comparison could let a mismatch pass as verified.
    pub(crate) fn typed(
        &self,
        site: &Site,
        count: i32,
        datatype: i32,
    ) -> Result<Option<Arc<Typed>>, Halt> {
        let n = self.count(site, count)?;
        if no_data(count, datatype) {
            return Ok(Some(Arc::new(Typed {
                count,
                datatype,
                signature: Signature::new(&[], 0).map_err(|e| site.invalid(e.to_string()))?,
            })));
        }
        let map = self.type_map(site, datatype, true)?;
        let signature = map.signature(n).map_err(|_| {
            Halt::Unsupported(format!(
                "the type signature of {count} elements of {} is too large to compare",
                super::datatypes::type_name_of(datatype)
            ))
        })?;
        Ok(Some(Arc::new(Typed {
            count,
            datatype,
            signature,
        })))
    }

    /// The extent of `datatype`: displacements of the v-collectives count in
    /// it (MPI 3.1 §4.1.6, §5.5).
    pub(crate) fn extent(&self, site: &Site, datatype: i32) -> Result<u64, Halt> {
        if !self.is_derived(site.rank, datatype) {
            self.type_size(site, datatype)?;
            if let Some(e) = h::predefined_datatype_extent(datatype) {
                return Ok(e);
            }
        }
        let ext = self.type_map(site, datatype, true)?.extent();
        u64::try_from(ext)
            .map_err(|_| site.invalid(format!("datatype has a negative extent ({ext})")))
    }

    /// Whether the items of `datatype` are not simply back-to-back bytes
    /// of data: a derived type, or a pair type with padding (§5.9.4).
    pub(crate) fn is_scattered(&self, rank: usize, datatype: i32) -> bool {
        self.is_derived(rank, datatype)
            || h::predefined_datatype_extent(datatype) != h::predefined_datatype_size(datatype)
    }

    /// The byte ranges of `count` items of a derived (or padded pair)
    /// `datatype`, or `None` for a contiguous predefined one.
    pub(crate) fn derived_ranges(
        &self,
        site: &Site,
        count: i32,
        datatype: i32,
    ) -> Result<Option<Vec<(i64, u64)>>, Halt> {
        if !self.is_scattered(site.rank, datatype) {
            return Ok(None);
        }
        let n = self.count(site, count)?;
        let map = self.type_map(site, datatype, true)?;
        map.byte_ranges(n)
            .map(Some)
            .map_err(|e| site.invalid(e.to_string()))
    }

    /// The memory `count` elements of `datatype` at `buf` occupy, as
    /// (address, length) ranges: one for a predefined type, the type map's
    /// byte ranges for a derived one.
    pub(crate) fn buffer_ranges(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        datatype: i32,
    ) -> Result<Vec<(u64, u64)>, Halt> {
        Ok(match self.derived_ranges(site, count, datatype)? {
            Some(ranges) => ranges
                .into_iter()
                .map(|(off, n)| (buf.wrapping_add(off as u64), n))
                .collect(),
            None => vec![(buf, self.packed_size(site, count, datatype)?)],
        })
    }

    /// The memory a receive of `count` elements of `datatype` at `buf` may
    /// write: its buffer ranges, clipped to the allocation `buf` points
    /// into. A receive touches only the bytes of the message that arrives
    /// (MPI 3.1 §3.2.4), so a buffer shorter than `count` elements is no
    /// error while the messages fit; the bytes received are checked when
    /// they are written. Empty when `buf` is in no live allocation.
    pub(crate) fn receive_footprint(
        &self,
        site: &Site,
        buf: u64,
        count: i32,
        datatype: i32,
    ) -> Result<Vec<(u64, u64)>, Halt> {
        let Some((size, off, _)) = self.procs[site.rank].proc.mem.block_of(buf) else {
            return Ok(Vec::new());
        };
        let lo = buf.wrapping_sub(u64::from(off));
        let hi = lo.wrapping_add(size);
        Ok(self
            .buffer_ranges(site, buf, count, datatype)?
            .into_iter()
            .filter_map(|(addr, len)| {
                let (start, end) = (addr.max(lo), addr.saturating_add(len).min(hi));
                (start < end).then(|| (start, end - start))
            })
            .collect())
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
        let Some(ranges) = self.derived_ranges(site, count, datatype)? else {
            return self.read_buffer(site, buf, len, what);
        };
        let mut out = Vec::with_capacity(len as usize);
        for (off, n) in ranges {
            out.extend_from_slice(&self.read_buffer(
                site,
                buf.wrapping_add(off as u64),
                n,
                what,
            )?);
        }
        Ok(Arc::from(out))
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
        if let Some(ranges) = self.derived_ranges(site, count, datatype)? {
            for (off, n) in ranges {
                self.procs[site.rank]
                    .proc
                    .mem
                    .check_range(buf.wrapping_add(off as u64), n, true)
                    .map_err(|f| site.memory(what, f))?;
            }
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
        datatype: i32,
        bytes: &[u8],
    ) -> Result<(), MemFault> {
        if bytes.is_empty() {
            return Ok(());
        }
        if self.is_scattered(rank, datatype) {
            if let Some(map) = self.known_map(rank, datatype) {
                let len = bytes.len() as u64;
                let items = len.div_ceil(map.size().max(1));
                if let Ok(ranges) = map.byte_ranges_prefix(items, len) {
                    let mut at = 0usize;
                    for (off, n) in ranges {
                        let piece = &bytes[at..at + n as usize];
                        self.procs[rank]
                            .proc
                            .mem
                            .write_bytes(addr.wrapping_add(off as u64), piece)?;
                        at += n as usize;
                    }
                    return Ok(());
                }
            }
        }
        self.procs[rank].proc.mem.write_bytes(addr, bytes)
    }
}
