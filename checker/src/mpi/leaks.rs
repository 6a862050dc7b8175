//! What a process still holds at MPI_Finalize (issue 4, class 4; MPI 3.1
//! §8.7: all pending communication must be complete): requests of
//! nonblocking operations never completed or freed (`request-leak`),
//! persistent requests never freed and buffers never detached
//! (`resource-leak`).

use super::decode::Site;
use crate::explore::state::*;
use crate::report::ErrorKind;
use runtime_model::model::Model;
use runtime_model::mpi::p2p::ReqOp;

impl State {
    /// Reports the first object `site.rank` leaks at its MPI_Finalize.
    pub(crate) fn check_finalize_leaks(&self, model: &Model, site: &Site) -> Result<(), Halt> {
        let rank = site.rank;
        let line = |l: u32| model.locations.get(l as usize).map_or(0, |x| x.line);
        let requests = &self.world.p2p.requests;
        for (id, r) in requests.iter().enumerate() {
            if r.owner != rank || r.freed || r.message || r.persistent_of.is_some() {
                continue;
            }
            let (kind, what) = match &r.op {
                ReqOp::Persistent(p) => match p.active {
                    Some(a) if requests[a].completed_at.is_none() && !requests[a].freed => (
                        ErrorKind::RequestLeak,
                        "is active: its operation was never completed (MPI_Wait/MPI_Test)",
                    ),
                    _ => (
                        ErrorKind::ResourceLeak,
                        "was never freed (MPI_Request_free)",
                    ),
                },
                _ if r.completed_at.is_some() => continue,
                _ => (
                    ErrorKind::RequestLeak,
                    "was never completed or freed (MPI_Wait/MPI_Test/MPI_Request_free)",
                ),
            };
            let posted = self.event_loc(r.posted_at);
            let call = posted.map_or(String::new(), |(l, f)| {
                format!(" of {} (line {})", f.name(), line(l))
            });
            let mut f = Finding::new(
                kind,
                format!(
                    "MPI_Finalize: rank {rank}'s request {}{call} {what}",
                    self.req_label(id)
                ),
            )
            .at(rank, site.loc, Some(site.func));
            if let Some((l, func)) = posted {
                f = f.at(rank, l, Some(func));
            }
            return Err(Halt::Error(f));
        }
        if let Some(b) = &self.world.p2p.buffers[rank] {
            return Err(site.finding(
                ErrorKind::ResourceLeak,
                format!(
                    "MPI_Finalize: rank {rank}'s buffer of {} bytes attached by MPI_Buffer_attach was never detached (MPI_Buffer_detach)",
                    b.size
                ),
            ));
        }
        Ok(())
    }
}
