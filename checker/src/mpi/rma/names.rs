//! Window info hints and names (MPI 3.1 §11.2.7, §6.8): hints set at
//! creation or by the collective `MPI_Win_set_info`, read back by
//! `MPI_Win_get_info` into a new info object the program must free; names
//! are local to each process, like communicator names.

use super::super::decode::{Effect, Site};
use crate::mpi::args::Args;
use crate::mpi::info::InfoObject;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    pub(super) fn win_info_or_name(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let handle = a.int("win")?;
        let w = self.window(site, handle)?;
        let m = self.member(w, site.rank).unwrap_or(0);
        match site.func {
            F::WinSetInfo => {
                let hints = self.info_entries(site, a.int("info")?)?;
                self.world.rma.windows[w].hints[m] = hints;
                // Collective over the window's group, without data: a
                // member leaves at once unless collectives synchronize.
                let ev = self.log_call(site, None, None);
                let sync = self.world.rma.windows[w].sync;
                let synchronizing = self.world.synchronizing_collectives;
                let (_, block) =
                    self.join_control_collective(site, sync, ev, Vec::new(), synchronizing)?;
                return Ok(Effect::Block(block));
            }
            F::WinGetInfo => {
                let entries = self.world.rma.windows[w].hints[m].clone();
                let info = self.world.objects.infos.add(
                    site.rank,
                    InfoObject {
                        entries,
                        freed: false,
                        made_at: (site.loc, site.func),
                    },
                );
                self.write_i32(site, a.ptr("info_used")?, info, "info_used")?;
            }
            F::WinSetName => {
                let name = self.read_string(site, a.ptr("win_name")?, "win_name")?;
                // §6.8: longer names are cut to MPI_MAX_OBJECT_NAME - 1.
                let name: String = name
                    .chars()
                    .take(h::MPI_MAX_OBJECT_NAME as usize - 1)
                    .collect();
                self.world
                    .objects
                    .infos
                    .set_comm_name(site.rank, handle, name);
            }
            _ => {
                let name = self.world.objects.infos.comm_name(site.rank, handle);
                self.write_string(
                    site,
                    a.ptr("win_name")?,
                    &name,
                    h::MPI_MAX_OBJECT_NAME as usize,
                    "win_name",
                )?;
                self.write_i32(site, a.ptr("resultlen")?, name.len() as i32, "resultlen")?;
            }
        }
        Ok(Effect::Return(0))
    }
}
