//! Addresses and explicit packing (MPI 3.1 §4.1.5, §4.2): `MPI_Get_address`
//! (and its MPI-1 name `MPI_Address`), `MPI_Aint_add`, `MPI_Aint_diff`,
//! `MPI_Pack`, `MPI_Unpack` and `MPI_Pack_size`, and their "external32"
//! forms (`MPI_Pack_external`, `MPI_Unpack_external`,
//! `MPI_Pack_external_size`, §4.3).
//!
//! An address is the model's pointer encoding, `alloc << 32 | offset`
//! (`runtime_model::model::Pointer`), so the difference of two addresses of
//! one object is the byte distance between them: exactly the displacement
//! a struct datatype built relative to its first member needs. Differences
//! between addresses of different objects, and absolute addresses used with
//! `MPI_BOTTOM`, are refused by the datatype constructors as unsupported
//! (see `datatypes::check_relative`).
//!
//! Packed data is the bytes of the data's type map, in order (the "packed"
//! representation MPI_Pack produces is implementation-defined, §4.2; the
//! native one without header is allowed). A message of `MPI_PACKED` matches
//! any receive signature byte-wise and vice versa (§3.3.1, §4.2): see
//! `runtime_model::datatype::match_signatures`. The bytes are untyped once
//! packed: unpacking ints packed as floats is not reported.

use super::args::Args;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::mpi::machine::*;
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    /// The address and packing calls.
    pub(crate) fn call_pack(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::GetAddress | F::Address => {
                // §4.1.5: the address of `location`, as an MPI_Aint.
                let location = a.ptr("location")?;
                self.procs[rank]
                    .proc
                    .mem
                    .store(a.ptr("address")?, 8, location)
                    .map_err(|f| site.memory("address", f))?;
                Ok(Effect::Return(0))
            }
            // §4.1.5: address arithmetic in the encoding MPI_Get_address
            // uses (a byte offset added to, or the distance between, two
            // addresses; wrapping like the hardware's).
            F::AintAdd => Ok(Effect::Return(a.ptr("base")?.wrapping_add(a.ptr("disp")?))),
            F::AintDiff => Ok(Effect::Return(
                a.ptr("addr1")?.wrapping_sub(a.ptr("addr2")?),
            )),
            F::Pack => self.pack_call(site, args),
            F::PackExternal | F::UnpackExternal | F::PackExternalSize => {
                self.external_call(site, args)
            }
            F::Unpack => self.unpack_call(site, args),
            F::PackSize => {
                let (count, dt) = (a.int("incount")?, a.int("datatype")?);
                self.comm(site, a.int("comm")?)?;
                self.type_map(site, dt, false)?;
                let size = self.packed_size(site, count, dt)?;
                let Ok(size) = i32::try_from(size) else {
                    return Err(site.invalid(format!(
                        "the packed size of {count} elements ({size} bytes) does not fit in an int"
                    )));
                };
                self.write_i32(site, a.ptr("size")?, size, "size")?;
                Ok(Effect::Return(0))
            }
            _ => Err(misrouted(site.func, "packing")),
        }
    }

    /// MPI_Pack (§4.2): appends `incount` elements of `datatype` at
    /// `inbuf` to `outbuf` at `*position`, which it advances. The packed
    /// data must fit in the `outsize` bytes of `outbuf`.
    fn pack_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (inbuf, count, dt, outbuf, outsize, pos_addr) = (
            a.ptr("inbuf")?,
            a.int("incount")?,
            a.int("datatype")?,
            a.ptr("outbuf")?,
            a.int("outsize")?,
            a.ptr("position")?,
        );
        self.comm(site, a.int("comm")?)?;
        self.log_call(site, None, None);
        let position = self.read_i32(site, pos_addr, "position")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Pack(incount={count}, type={}, outsize={outsize}, position={position})",
                datatype_name(dt)
            ),
        );
        self.type_map(site, dt, true)?;
        let len = self.packed_size(site, count, dt)?;
        check_position(site, position, outsize, "outsize", "output buffer")?;
        let end = position as u64 + len;
        if end > outsize as u64 {
            return Err(site.invalid(format!(
                "outbuf overflow: packing {count} elements of {} ({len} bytes) at position {position} needs {end} bytes, but outsize is {outsize} (MPI 3.1 §4.2)",
                super::datatypes::type_name_of(dt)
            )));
        }
        let data = self.pack(site, inbuf, count, dt, "inbuf")?;
        self.procs[site.rank]
            .proc
            .mem
            .write_bytes(outbuf.wrapping_add(position as u64), &data)
            .map_err(|f| site.memory("outbuf", f))?;
        self.write_i32(site, pos_addr, end as i32, "position")?;
        Ok(Effect::Return(0))
    }

    /// MPI_Unpack (§4.2): reads `outcount` elements of `datatype` from
    /// `inbuf` at `*position`, which it advances, into `outbuf`. Reading
    /// past the `insize` bytes of the packed buffer is a truncation
    /// (`MPI_ERR_TRUNCATE`): the packed "message" is shorter than what the
    /// call unpacks.
    fn unpack_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (inbuf, insize, pos_addr, outbuf, count, dt) = (
            a.ptr("inbuf")?,
            a.int("insize")?,
            a.ptr("position")?,
            a.ptr("outbuf")?,
            a.int("outcount")?,
            a.int("datatype")?,
        );
        self.comm(site, a.int("comm")?)?;
        self.log_call(site, None, None);
        let position = self.read_i32(site, pos_addr, "position")?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_Unpack(insize={insize}, position={position}, outcount={count}, type={})",
                datatype_name(dt)
            ),
        );
        self.type_map(site, dt, true)?;
        let len = self.packed_size(site, count, dt)?;
        check_position(site, position, insize, "insize", "packed buffer")?;
        let end = position as u64 + len;
        if end > insize as u64 {
            return Err(site.finding(
                ErrorKind::CountMismatch,
                format!(
                    "MPI_Unpack: unpacking {count} elements of {} ({len} bytes) at position {position} reads up to byte {end}, but the packed buffer holds only insize = {insize} bytes (MPI 3.1 §4.2; MPI_ERR_TRUNCATE)",
                    super::datatypes::type_name_of(dt)
                ),
            ));
        }
        let data = self.read_buffer(site, inbuf.wrapping_add(position as u64), len, "inbuf")?;
        self.check_unpack(site, outbuf, count, dt, "outbuf")?;
        self.unpack(site.rank, outbuf, dt, &data)
            .map_err(|f| site.memory("outbuf", f))?;
        self.write_i32(site, pos_addr, end as i32, "position")?;
        Ok(Effect::Return(0))
    }
}

impl Machine {
    /// MPI_Pack_external, MPI_Unpack_external and MPI_Pack_external_size
    /// (MPI 3.1 §4.3): packing in "external32" (§13.5.2), big-endian
    /// elements of the sizes §13.5.2 gives, which on this model's LP64
    /// target are the native sizes: the native packed bytes with each
    /// basic element's bytes reversed. Positions and sizes are `MPI_Aint`.
    fn external_call(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let datarep = self.read_string(site, a.ptr("datarep")?, "datarep")?;
        if datarep != "external32" {
            // §4.3 defines "external32"; other names are the
            // implementation's.
            return Err(Halt::UnsupportedAt {
                loc: site.loc,
                reason: format!(
                    "{}: data representation \"{datarep}\" (only \"external32\" is modeled)",
                    site.func.name()
                ),
            });
        }
        let dt = a.int("datatype")?;
        self.log_call(site, None, None);
        self.type_map(site, dt, true)?;
        let count = match site.func {
            F::UnpackExternal => a.int("outcount")?,
            _ => a.int("incount")?,
        };
        let len = self.packed_size(site, count, dt)?;
        let chunks = self.external32_chunks(site, dt)?;
        if site.func == F::PackExternalSize {
            self.write_i64(site, a.ptr("size")?, len as i64, "size")?;
            return Ok(Effect::Return(0));
        }
        let pos_addr = a.ptr("position")?;
        let position = self.read_i64(site, pos_addr, "position")?;
        let (size_name, buffer) = if site.func == F::PackExternal {
            ("outsize", "output buffer")
        } else {
            ("insize", "packed buffer")
        };
        let size = a.ptr(size_name)? as i64;
        if size < 0 || position < 0 || position > size {
            return Err(site.invalid(format!(
                "position {position} is outside the {buffer} of {size} bytes ({size_name})"
            )));
        }
        let end = position as u64 + len;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{}(\"external32\", count={count}, type={}, position={position})",
                site.func.name(),
                datatype_name(dt)
            ),
        );
        if site.func == F::PackExternal {
            if end > size as u64 {
                return Err(site.invalid(format!(
                    "outbuf overflow: packing {count} elements of {} ({len} bytes) at position {position} needs {end} bytes, but outsize is {size} (MPI 3.1 §4.3)",
                    super::datatypes::type_name_of(dt)
                )));
            }
            let mut data = self
                .pack(site, a.ptr("inbuf")?, count, dt, "inbuf")?
                .to_vec();
            swap_chunks(&mut data, &chunks);
            self.procs[site.rank]
                .proc
                .mem
                .write_bytes(a.ptr("outbuf")?.wrapping_add(position as u64), &data)
                .map_err(|f| site.memory("outbuf", f))?;
        } else {
            if end > size as u64 {
                return Err(site.finding(
                    ErrorKind::CountMismatch,
                    format!(
                        "MPI_Unpack_external: unpacking {count} elements of {} ({len} bytes) at position {position} reads up to byte {end}, but the packed buffer holds only insize = {size} bytes (MPI 3.1 §4.3; MPI_ERR_TRUNCATE)",
                        super::datatypes::type_name_of(dt)
                    ),
                ));
            }
            let inbuf = a.ptr("inbuf")?.wrapping_add(position as u64);
            let mut data = self.read_buffer(site, inbuf, len, "inbuf")?.to_vec();
            swap_chunks(&mut data, &chunks);
            let outbuf = a.ptr("outbuf")?;
            self.check_unpack(site, outbuf, count, dt, "outbuf")?;
            self.unpack(site.rank, outbuf, dt, &data)
                .map_err(|f| site.memory("outbuf", f))?;
        }
        self.write_i64(site, pos_addr, end as i64, "position")?;
        Ok(Effect::Return(0))
    }

    /// The byte widths of one item of `dt`'s packed data, element by
    /// element, each of which external32 stores big-endian. A type with an
    /// element whose external32 form is not its native one reversed
    /// (`long double`: x87 extended here, IEEE quadruple there) or not
    /// known ends the check inconclusive.
    fn external32_chunks(&self, site: &Site, dt: i32) -> Result<Vec<u8>, Halt> {
        use runtime_model::handles::{predefined_datatype, BasicKind, ScalarKind};
        let map = self.type_map(site, dt, false)?;
        let scalar = |s: ScalarKind| match s {
            ScalarKind::Int { bytes, .. } => Some(bytes),
            ScalarKind::Float { bytes: 4 } => Some(4),
            ScalarKind::Float { bytes: 8 } => Some(8),
            ScalarKind::Float { .. } => None,
        };
        let mut chunks = Vec::new();
        for run in map.runs() {
            let info = predefined_datatype(run.basic);
            let one: Option<Vec<u8>> = match info.and_then(|i| i.kind) {
                Some(BasicKind::Int { bytes, .. }) => Some(vec![bytes]),
                Some(BasicKind::Float { bytes: b @ (4 | 8) }) => Some(vec![b]),
                Some(BasicKind::Complex {
                    part_bytes: b @ (4 | 8),
                }) => Some(vec![b, b]),
                Some(BasicKind::Byte) => info.map(|i| vec![1; i.size as usize]),
                Some(BasicKind::Pair { value, index, .. }) => {
                    scalar(value).zip(scalar(index)).map(|(v, i)| vec![v, i])
                }
                _ => None,
            };
            let Some(one) = one else {
                return Err(Halt::UnsupportedAt {
                    loc: site.loc,
                    reason: format!(
                        "{}: the external32 form of {} is not modeled",
                        site.func.name(),
                        datatype_name(run.basic)
                    ),
                });
            };
            for _ in 0..run.count {
                chunks.extend_from_slice(&one);
            }
        }
        Ok(chunks)
    }
}

/// Reverses the bytes of each element, item after item (`chunks` are the
/// widths of one item's elements).
fn swap_chunks(data: &mut [u8], chunks: &[u8]) {
    let item: usize = chunks.iter().map(|&c| c as usize).sum();
    if item == 0 {
        return;
    }
    let mut at = 0;
    while at < data.len() {
        for &c in chunks {
            let c = c as usize;
            if at + c > data.len() {
                return;
            }
            data[at..at + c].reverse();
            at += c;
        }
    }
}

/// The packing buffer's size must be non-negative and `*position` inside it
/// (MPI 3.1 §4.2): `size_name` is the argument giving the size, `buffer`
/// names the buffer in the message.
fn check_position(
    site: &Site,
    position: i32,
    size: i32,
    size_name: &str,
    buffer: &str,
) -> Result<(), Halt> {
    if size < 0 {
        return Err(site.invalid(format!("{size_name} is negative ({size})")));
    }
    if position < 0 || position > size {
        return Err(site.invalid(format!(
            "position {position} is outside the {buffer} of {size} bytes ({size_name})"
        )));
    }
    Ok(())
}
