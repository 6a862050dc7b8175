//! Communicator hints (MPI 3.1 §6.4.4): MPI_Comm_set_info, a collective of
//! the communicator that carries no data between its members, and
//! MPI_Comm_get_info, a local call returning a new info object the program
//! frees.

use super::Join;
use crate::mpi::args::Args;
use crate::mpi::decode::*;
use crate::mpi::info::InfoObject;
use crate::mpi::machine::*;
use runtime_model::mpi_api::MpiFunc as F;

impl Machine {
    pub(super) fn comm_hints(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let a = Args::new(site.func, args);
        let handle = a.int("comm")?;
        let comm = self.comm(site, handle)?;
        if site.func == F::CommGetInfo {
            // The hints the model keeps are those the program set: an
            // implementation may report fewer (those it uses) or more.
            let entries = self.world.objects.infos.comm_hints(site.rank, handle);
            let info = self.world.objects.infos.add(
                site.rank,
                InfoObject {
                    entries,
                    freed: false,
                    made_at: (site.loc, site.func),
                },
            );
            self.write_i32(site, a.ptr("info_used")?, info, "info_used")?;
            return Ok(Effect::Return(0));
        }
        let entries = self.info_entries(site, a.int("info")?)?;
        self.world
            .objects
            .infos
            .set_comm_hints(site.rank, handle, entries);
        // Collective over the communicator (both groups of an
        // intercommunicator), in its collective order.
        let parent = self.world.comms[comm].bridge.unwrap_or(comm);
        let j = Join {
            parent,
            args: vec![],
            must_agree: false,
            root: None,
            desc: String::new(),
        };
        let (k, _) = self.join_creation(site, &j, "arguments")?;
        Ok(Effect::Block(Block::Collective {
            comm: parent,
            instance: k,
            recv_buf: 0,
        }))
    }
}
