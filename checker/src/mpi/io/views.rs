//! File views (MPI 3.1 §13.3): `MPI_File_set_view` (collective) gives each
//! member a displacement, an elementary type and a filetype whose copies
//! tile the file from the displacement on; a member's data goes only to
//! its filetype's bytes. Positions and offsets count etypes of the view.
//! Also the queries `MPI_File_get_view`, `MPI_File_get_type_extent` and
//! `MPI_File_get_byte_offset` (§13.4.3, §13.5.1).

use super::super::decode::{Effect, Site};
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::datatype::Signature;
use runtime_model::handles as h;
use runtime_model::mpi::file::View;
use runtime_model::mpi_api::MpiFunc as F;

/// The data representations the model accepts (§13.5): `native`, and
/// `internal` and `external32` with the native sizes (a portable program
/// reads back what it wrote with the same representation).
const DATAREPS: [&str; 3] = ["native", "internal", "external32"];

/// Whether signature `s` is copies of `e` (§13.3: a filetype is built
/// from etypes). Long signatures are compared on their first elements
/// only, as far as a check must go to be cheap; their sizes were compared.
fn copies_of(s: &Signature, e: &Signature) -> bool {
    const CHECKED: u64 = 1 << 16;
    if e.is_empty() || !s.len().is_multiple_of(e.len()) {
        return e.is_empty() && s.is_empty();
    }
    (0..s.len().min(CHECKED)).all(|i| s.element(i) == e.element(i % e.len()))
}

impl Machine {
    /// MPI_File_set_view (§13.3): collective; every member gives the same
    /// data representation and etype size (disp, filetype and info may
    /// differ). Resets the individual and shared file pointers to zero.
    pub(super) fn file_set_view(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let label = self.file_label(f);
        let sequential = self.world.files.open[f].amode & h::MPI_MODE_SEQUENTIAL != 0;
        let disp = a.raw("disp")? as i64;
        let disp = if disp == h::MPI_DISPLACEMENT_CURRENT as i64 {
            // §13.3: only for a file opened with MPI_MODE_SEQUENTIAL, where
            // it names the shared file pointer's position.
            if !sequential {
                return Err(site.invalid(format!(
                    "MPI_DISPLACEMENT_CURRENT is only for files opened with MPI_MODE_SEQUENTIAL, and {label} was not (MPI 3.1 §13.3)"
                )));
            }
            let file = &self.world.files.open[f];
            file.members[m].view.byte_offset(file.shared)
        } else if disp < 0 {
            return Err(site.invalid(format!(
                "the displacement is negative ({disp}); it counts bytes from the start of the file (MPI 3.1 §13.3)"
            )));
        } else {
            disp as u64
        };
        let (etype, filetype) = (a.int("etype")?, a.int("filetype")?);
        let etype_size = self.type_size(site, etype)?;
        self.type_map(site, etype, true)?;
        if etype_size == 0 {
            return Err(site.invalid("the etype has size 0 (MPI 3.1 §13.3)"));
        }
        let size = self.type_size(site, filetype)?;
        let map = self.type_map(site, filetype, true)?;
        let tile = match self.derived_ranges(site, 1, filetype)? {
            Some(r) => r,
            None => vec![(0, size)],
        };
        let extent = self.extent(site, filetype)?;
        // §13.3: the filetype is built from etypes (its type signature is
        // copies of the etype's), its displacements are non-negative and
        // monotonically nondecreasing.
        let etype_signature = self.type_map(site, etype, true)?.signature(1).ok();
        let whole = size.is_multiple_of(etype_size)
            && (etype == h::MPI_BYTE
                || match (etype_signature, map.signature(1).ok()) {
                    (Some(e), Some(s)) => copies_of(&s, &e),
                    _ => true,
                });
        if !whole {
            return Err(site.invalid(format!(
                "the filetype is not built from the etype ({}): its type signature is not copies of the etype's (MPI 3.1 §13.3)",
                super::super::decode::datatype_name(etype)
            )));
        }
        if tile.first().is_some_and(|r| r.0 < 0) || tile.windows(2).any(|w| w[1].0 < w[0].0) {
            return Err(site.invalid(
                "the filetype's displacements must be non-negative and monotonically nondecreasing (MPI 3.1 §13.3)",
            ));
        }
        let datarep_addr = a.ptr("datarep")?;
        let datarep = self.read_string(site, datarep_addr, "datarep")?;
        let info = a.int("info")?;
        if info != h::MPI_INFO_NULL {
            self.info_entries(site, info)?;
        }
        let code = if DATAREPS.contains(&datarep.as_str()) {
            0
        } else {
            h::MPI_ERR_UNSUPPORTED_DATAREP
        };
        // §13.3: the data representation and the etype's extent in it must
        // be identical on all members.
        let agreed = vec![
            etype_size as i64,
            DATAREPS
                .iter()
                .position(|d| *d == datarep)
                .map_or(-1, |i| i as i64),
        ];
        self.check_same_view(site, f, &agreed)?;
        let ev = self.log_call(site, None, None);
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "MPI_File_set_view({label}, disp={disp}, etype={}, filetype={}, \"{datarep}\")",
                super::super::decode::datatype_name(etype),
                super::super::decode::datatype_name(filetype)
            ),
        );
        // The shared pointer goes back to zero once, at the first member's
        // call: a member that went on and used it must not see it reset by
        // a later member's part of the same collective.
        let first = self.first_at_next_file_collective(site, f).is_none();
        self.world.files.open[f].members[m].views += 1;
        if code == 0 {
            let file = &mut self.world.files.open[f];
            file.members[m].view = View {
                disp,
                etype,
                filetype,
                etype_size,
                tile,
                extent,
                datarep,
            };
            file.members[m].pointer = 0;
            if first {
                file.shared = 0;
            }
        }
        let sync = self.world.files.open[f].sync;
        let synchronizing = self.world.synchronizing_collectives;
        let (_, block) = self.join_control_collective(site, sync, ev, agreed, synchronizing)?;
        if code != 0 {
            return Ok(Effect::Return(code as u64));
        }
        Ok(Effect::Block(block))
    }

    /// The etype size and data representation of the other members of
    /// this MPI_File_set_view, compared with the caller's.
    fn check_same_view(&self, site: &Site, f: usize, agreed: &[i64]) -> Result<(), Halt> {
        let Some(first) = self.first_at_next_file_collective(site, f) else {
            return Ok(());
        };
        if first.func == site.func && first.args != agreed {
            return Err(site.invalid(format!(
                "rank {} set a view with another etype size or data representation: they must be identical on all processes (MPI 3.1 §13.3)",
                first.event.0
            )));
        }
        Ok(())
    }

    /// MPI_File_get_view, MPI_File_get_type_extent, MPI_File_get_byte_offset.
    pub(super) fn file_view_query(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let (f, m) = self.file(site, a.ptr("fh")?)?;
        let view = self.world.files.open[f].members[m].view.clone();
        match site.func {
            F::FileGetView => {
                self.store_i64(site, a.ptr("disp")?, view.disp, "disp")?;
                self.write_i32(site, a.ptr("etype")?, view.etype, "etype")?;
                self.write_i32(site, a.ptr("filetype")?, view.filetype, "filetype")?;
                self.write_string(
                    site,
                    a.ptr("datarep")?,
                    &view.datarep,
                    h::MPI_MAX_DATAREP_STRING as usize,
                    "datarep",
                )?;
            }
            F::FileGetTypeExtent => {
                // §13.5.1: the extent in the file's data representation;
                // every representation the model accepts has native sizes.
                let extent = self.extent(site, a.int("datatype")?)?;
                self.store_i64(site, a.ptr("extent")?, extent, "extent")?;
            }
            F::FileGetByteOffset => {
                let offset = a.raw("offset")? as i64;
                if offset < 0 {
                    return Err(site.invalid(format!("the offset is negative ({offset})")));
                }
                let at = view.byte_offset(offset as u64);
                self.store_i64(site, a.ptr("disp")?, at, "disp")?;
            }
            _ => return Err(super::super::decode::misrouted(site.func, "MPI-IO")),
        }
        Ok(Effect::Return(0))
    }

    /// Stores an `MPI_Offset` or `MPI_Aint` output argument.
    pub(super) fn store_i64(
        &mut self,
        site: &Site,
        addr: u64,
        v: u64,
        what: &str,
    ) -> Result<(), Halt> {
        self.procs[site.rank]
            .proc
            .mem
            .store(addr, 8, v)
            .map_err(|e| site.memory(what, e))
    }
}
