//! Completion calls: the Wait and Test families and MPI_Request_free
//! (MPI 3.1 §3.7). Completing what they wait for is in `completion.rs`.

use super::decode::*;
use crate::explore::state::*;
use runtime_model::handles as h;
use runtime_model::model::Model;
use runtime_model::mpi_api::MpiFunc as F;

impl State {
    /// MPI_Wait and MPI_Test.
    pub(crate) fn call_wait_or_test(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);

        self.log_call(site, None, None);
        let handle = self.read_i32(site, ptr(args, 0), "request")?;
        let req = self.request_of(site, handle)?;
        let status_addr = ptr(args, if func == F::Wait { 1 } else { 2 });
        self.trace_event(
            rank,
            loc,
            format!(
                "{}(request {})",
                func.name(),
                req.map_or("NULL".into(), |r| (r + 1).to_string())
            ),
        );
        let Some(req) = req else {
            // Completion of a null request returns an empty status (MPI 3.1 §3.7.3).
            if func == F::Test {
                self.write_i32(site, ptr(args, 1), 1, "flag")?;
            }
            self.write_status(site, status_addr, &null_status(), 0)?;
            self.procs[rank].proc.finish_call(model, 0);
            return Ok(Effect::Done);
        };
        let slots = vec![ReqSlot {
            req: Some(req),
            handle_addr: ptr(args, 0),
            status_addr,
        }];
        let block = Some(if func == F::Wait {
            Block::Requests {
                slots,
                mode: WaitMode::All,
                excluded: vec![],
            }
        } else {
            Block::Poll {
                kind: PollKind::Test {
                    flag_addr: ptr(args, 1),
                },
                slots,
                probe: None,
            }
        });
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Waitall, MPI_Waitany, MPI_Testall, MPI_Testany.
    pub(crate) fn call_wait_many(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc, func) = (site.rank, site.loc, site.func);

        self.log_call(site, None, None);
        let n = self.count(site, int(args, 0))?;
        let arr = ptr(args, 1);
        let statuses = match func {
            F::Waitall => ptr(args, 2),
            F::Testall => ptr(args, 3),
            F::Waitany => ptr(args, 3),
            _ => ptr(args, 4),
        };
        let mut slots = Vec::new();
        for i in 0..n {
            let handle = self.read_i32(site, arr + 4 * i, "array_of_requests")?;
            let req = self.request_of(site, handle)?;
            let status_addr = match func {
                F::Waitall | F::Testall if !ignores_status(statuses) => {
                    statuses + i * h::MPI_STATUS_SIZE_BYTES
                }
                F::Waitany | F::Testany => statuses,
                _ => h::MPI_STATUS_IGNORE as u64,
            };
            slots.push(ReqSlot {
                req,
                handle_addr: arr + 4 * i,
                status_addr,
            });
        }
        let names: Vec<String> = slots
            .iter()
            .map(|s| s.req.map_or("NULL".into(), |r| (r + 1).to_string()))
            .collect();
        self.trace_event(
            rank,
            loc,
            format!("{}(requests [{}])", func.name(), names.join(", ")),
        );
        // Null entries complete at once with an empty status.
        for s in slots.iter().filter(|s| s.req.is_none()) {
            if matches!(func, F::Waitall | F::Testall) {
                self.write_status(site, s.status_addr, &null_status(), 0)?;
            }
        }
        let live = slots.iter().any(|s| s.req.is_some());
        if !live {
            match func {
                F::Waitany | F::Testany => {
                    self.write_i32(site, ptr(args, 2), h::MPI_UNDEFINED, "index")?;
                    if func == F::Testany {
                        self.write_i32(site, ptr(args, 3), 1, "flag")?;
                    }
                    self.write_status(site, statuses, &null_status(), 0)?;
                }
                F::Testall => self.write_i32(site, ptr(args, 2), 1, "flag")?,
                _ => {}
            }
            self.procs[rank].proc.finish_call(model, 0);
            return Ok(Effect::Done);
        }
        let block = Some(match func {
            F::Waitall => Block::Requests {
                slots,
                mode: WaitMode::All,
                excluded: vec![],
            },
            F::Waitany => Block::Requests {
                slots,
                mode: WaitMode::Any {
                    index_addr: ptr(args, 2),
                },
                excluded: vec![],
            },
            F::Testall => Block::Poll {
                kind: PollKind::Testall {
                    flag_addr: ptr(args, 2),
                },
                slots,
                probe: None,
            },
            _ => Block::Poll {
                kind: PollKind::Testany {
                    flag_addr: ptr(args, 3),
                    index_addr: ptr(args, 2),
                },
                slots,
                probe: None,
            },
        });
        Ok(match block {
            Some(b) => Effect::Block(b),
            None => Effect::Return(0),
        })
    }

    /// MPI_Request_free.
    pub(crate) fn call_request_free(
        &mut self,
        _model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let (rank, loc) = (site.rank, site.loc);

        self.log_call(site, None, None);
        let handle = self.read_i32(site, ptr(args, 0), "request")?;
        let Some(req) = self.request_of(site, handle)? else {
            return Err(site.invalid("request is MPI_REQUEST_NULL"));
        };
        self.trace_event(rank, loc, format!("MPI_Request_free(request {})", req + 1));
        self.world.p2p.requests[req].freed = true;
        self.write_i32(site, ptr(args, 0), h::MPI_REQUEST_NULL, "request")?;
        Ok(Effect::Return(0))
    }
}
