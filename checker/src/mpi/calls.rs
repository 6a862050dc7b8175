//! Decoding of MPI calls: reads the arguments a process passed (handles,
//! buffers in its memory), checks them, and drives the semantics in
//! `runtime_model::mpi`. Like Miri's shims, this layer only translates; the
//! matching and collective rules live in the runtime model.

use super::decode::*;
use crate::diag::ErrorKind;
use crate::exec::libc::Clock;
use crate::mpi::args::Args;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi_api::{Family, MpiFunc};

impl Machine {
    /// Issues MPI call `func` of process `rank`. On return the process has
    /// either finished the call (and is `Ready`) or is `Blocked` in it.
    pub fn issue(
        &mut self,
        model: &Model,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> Result<(), Halt> {
        let before = self.trace_len;
        // Leak reports name the line that made each object (leaks.rs).
        let mark = self.mark_call(rank, func, args, loc);
        let result = match self.issue_call(model, rank, func, args, loc) {
            Err(Halt::Error(f)) => self.raise(model, rank, func, args, loc, f),
            r => r,
        };
        if result.is_ok() {
            self.after_call(rank, func, mark);
        }
        if result.is_err() && self.trace_len == before {
            // The call failed before describing itself: the trace still
            // shows it, as the failing statement.
            self.trace_event(rank, loc, format!("{}(...)", func.name()));
        }
        result
    }

    fn issue_call(
        &mut self,
        model: &Model,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
    ) -> Result<(), Halt> {
        use MpiFunc as F;
        let site = Site { rank, loc, func };
        let a = Args::new(func, args);
        let life = self.procs[rank].lifecycle;
        match func {
            // The calls MPI 3.1 §8.7 allows at any time, before MPI_Init and
            // after MPI_Finalize.
            F::Initialized | F::Finalized | F::GetVersion | F::GetLibraryVersion => {}
            F::Init | F::InitThread if life != Lifecycle::NotInitialized => {
                let why = if life == Lifecycle::Finalized {
                    "after MPI_Finalize: MPI cannot be initialized again (MPI 3.1 §8.7)"
                } else {
                    "but MPI is already initialized: MPI_Init / MPI_Init_thread may be called once per process (MPI 3.1 §8.7); ask MPI_Initialized first"
                };
                return Err(
                    site.finding(ErrorKind::MpiUsage, format!("{} called {why}", func.name()))
                );
            }
            F::Init | F::InitThread => {}
            _ if life == Lifecycle::NotInitialized => {
                return Err(site.finding(
                    ErrorKind::MpiUsage,
                    format!("{} called before MPI_Init", func.name()),
                ))
            }
            _ if life == Lifecycle::Finalized => {
                return Err(site.finding(
                    ErrorKind::MpiUsage,
                    format!("{} called after MPI_Finalize", func.name()),
                ))
            }
            _ => {}
        }
        // Neighborhood collectives (communicator family) need a process
        // topology, which an intercommunicator never has (MPI 3.1 §7.6):
        // their handler reports that case.
        let family = func.family();
        if func.is_collective() && family == Family::Collective {
            // Collectives on intercommunicators (MPI 3.1 §5.2.2): only
            // those `collective/` models.
            // Every collective of this family has a `comm`.
            if let Some(c) = self.world.resolve_comm(a.int("comm")?, rank) {
                // MPI 3.1 §5.11.1, §5.11.2: scans are "invalid for
                // intercommunicators" (prefixes need one rank order).
                let scan = matches!(func.blocking_form(), F::Scan | F::Exscan);
                if self.world.comms[c].is_inter() && scan {
                    return Err(site.invalid(
                        "comm is an intercommunicator: the operation is invalid for intercommunicators (MPI 3.1 §5.11)",
                    ));
                }
                if self.world.comms[c].is_inter() && !func.attrs().intercomm {
                    return Err(Halt::Unsupported(format!(
                        "{}: unsupported: {} on an intercommunicator",
                        model.describe_location(loc),
                        func.name()
                    )));
                }
            }
        }
        // Attribute callbacks run inside the calls that duplicate and free
        // the objects caching them (MPI 3.1 §6.7.2).
        match func {
            F::CommDup | F::CommDupWithInfo | F::CommIdup => {
                self.attrs_at_comm_dup(model, &site, args)?
            }
            F::CommFree | F::TypeFree | F::WinFree => self.attrs_before_free(model, &site, args)?,
            _ => {}
        }
        let mut ret: u64 = 0;
        let mut block: Option<Block> = None;
        let mut effect: Option<Effect> = None;
        match func {
            F::Init | F::InitThread => {
                self.log_call(&site, None, None);
                self.procs[rank].lifecycle = Lifecycle::Initialized;
                if func == F::InitThread && a.ptr("provided")? != 0 {
                    let required = a
                        .int("required")?
                        .clamp(h::MPI_THREAD_SINGLE, h::MPI_THREAD_MULTIPLE);
                    self.write_i32(&site, a.ptr("provided")?, required, "provided")?;
                    self.world.thread_level[rank] = required;
                    self.procs[rank].proc.omp.mpi_level = required;
                }
                self.trace_event(rank, loc, format!("{}()", func.name()));
            }
            F::Initialized => {
                let v = (life != Lifecycle::NotInitialized) as i32;
                self.write_i32(&site, a.ptr("flag")?, v, "flag")?;
            }
            F::Finalized => {
                let v = (life == Lifecycle::Finalized) as i32;
                self.write_i32(&site, a.ptr("flag")?, v, "flag")?;
            }
            F::Finalize => {
                self.log_call(&site, None, None);
                self.attrs_at_finalize(model, &site)?;
                self.procs[rank].lifecycle = Lifecycle::Finalized;
                self.release_freed_at_finalize(rank);
                self.trace_event(rank, loc, "MPI_Finalize()".into());
                self.check_rma_finalize(model, &site)?;
                self.check_io_finalize(&site)?;
                self.check_finalize_leaks(model, &site)?;
            }
            F::Abort => {
                let errorcode = a.int("errorcode")?;
                self.trace_event(rank, loc, format!("MPI_Abort(errorcode={errorcode})"));
                return Err(site.finding(
                    ErrorKind::Assertion,
                    format!("MPI_Abort called with error code {errorcode}"),
                ));
            }
            F::Wtime => {
                // A logical clock: deterministic, increasing with work done,
                // the one the C library's clocks read.
                ret = Clock::at(self.procs[rank].proc.steps).seconds().to_bits();
            }
            F::Wtick => ret = Clock::TICK.to_bits(),
            F::CommRank | F::CommSize => {
                let comm = self.comm(&site, a.int("comm")?)?;
                let c = &self.world.comms[comm];
                let (v, out) = if func == F::CommRank {
                    (c.rank_of(rank).unwrap_or(0) as i32, "rank")
                } else {
                    (c.local_group(rank).len() as i32, "size")
                };
                self.write_i32(&site, a.ptr(out)?, v, out)?;
            }
            F::Send | F::Ssend | F::Rsend | F::Isend | F::Issend | F::Irsend => {
                effect = Some(self.call_send(model, &site, args)?)
            }
            F::Recv | F::Irecv => effect = Some(self.call_recv(model, &site, args)?),
            F::Sendrecv => effect = Some(self.call_sendrecv(model, &site, args)?),
            F::Probe | F::Iprobe => effect = Some(self.call_probe(model, &site, args)?),
            F::GetCount => effect = Some(self.call_get_count(model, &site, args)?),
            F::Wait | F::Test => effect = Some(self.call_wait_or_test(model, &site, args)?),
            F::Waitall | F::Waitany | F::Testall | F::Testany => {
                effect = Some(self.call_wait_many(model, &site, args)?)
            }
            F::RequestFree => effect = Some(self.call_request_free(model, &site, args)?),
            F::GetElementsX => effect = Some(self.call_get_elements(&site, args)?),
            F::StatusSetElements | F::StatusSetElementsX => {
                effect = Some(self.call_status_set_elements(&site, args)?)
            }
            F::Bsend | F::Ibsend => effect = Some(self.call_send(model, &site, args)?),
            F::SendrecvReplace => effect = Some(self.call_sendrecv(model, &site, args)?),
            F::Mprobe | F::Improbe => effect = Some(self.call_probe(model, &site, args)?),
            F::Mrecv | F::Imrecv => effect = Some(self.call_mrecv(model, &site, args)?),
            F::GetElements => effect = Some(self.call_get_elements(&site, args)?),
            F::TestCancelled | F::StatusSetCancelled => {
                effect = Some(self.call_test_cancelled(&site, args)?)
            }
            F::Cancel => effect = Some(self.call_cancel(model, &site, args)?),
            F::BufferAttach => effect = Some(self.call_buffer_attach(&site, args)?),
            F::BufferDetach => effect = Some(self.call_buffer_detach(&site, args)?),
            F::SendInit | F::SsendInit | F::BsendInit | F::RsendInit | F::RecvInit => {
                effect = Some(self.call_request_init(&site, args)?)
            }
            F::Start | F::Startall => effect = Some(self.call_start(model, &site, args)?),
            F::Waitsome | F::Testsome => effect = Some(self.call_wait_many(model, &site, args)?),
            F::RequestGetStatus => effect = Some(self.call_request_get_status(model, &site, args)?),
            F::GrequestStart | F::GrequestComplete => {
                effect = Some(self.call_grequest(model, &site, args)?)
            }
            F::ReduceLocal => effect = Some(self.call_reduce_local(model, &site, args)?),
            F::Gatherv
            | F::Scatterv
            | F::Allgatherv
            | F::Alltoallv
            | F::Alltoallw
            | F::ReduceScatter
            | F::ReduceScatterBlock
            | F::Scan
            | F::Exscan
            | F::Ibarrier
            | F::Ibcast
            | F::Ireduce
            | F::Iallreduce
            | F::Igather
            | F::Igatherv
            | F::Iscatter
            | F::Iscatterv
            | F::Iallgather
            | F::Iallgatherv
            | F::Ialltoall
            | F::Ialltoallv
            | F::Ialltoallw
            | F::IreduceScatter
            | F::IreduceScatterBlock
            | F::Iscan
            | F::Iexscan => effect = Some(self.call_collective(model, &site, args)?),
            // Family dispatch for the wider MPI surface goes above this line.
            F::Barrier
            | F::Bcast
            | F::Reduce
            | F::Allreduce
            | F::Gather
            | F::Scatter
            | F::Allgather
            | F::Alltoall => {
                block = Some(self.issue_collective(&site, args)?);
            }
            F::CommCreateKeyval
            | F::CommFreeKeyval
            | F::CommSetAttr
            | F::CommGetAttr
            | F::CommDeleteAttr
            | F::TypeCreateKeyval
            | F::TypeFreeKeyval
            | F::TypeSetAttr
            | F::TypeGetAttr
            | F::TypeDeleteAttr
            | F::WinCreateKeyval
            | F::WinFreeKeyval
            | F::WinSetAttr
            | F::WinDeleteAttr
            | F::KeyvalCreate
            | F::KeyvalFree
            | F::AttrPut
            | F::AttrGet
            | F::AttrDelete => effect = Some(self.call_attr(model, &site, args)?),
            F::CommCreateErrhandler
            | F::WinCreateErrhandler
            | F::FileCreateErrhandler
            | F::ErrhandlerCreate
            | F::WinSetErrhandler
            | F::FileSetErrhandler
            | F::FileGetErrhandler
            | F::FileCallErrhandler
            | F::WinGetErrhandler
            | F::CommCallErrhandler
            | F::WinCallErrhandler
            | F::AddErrorClass
            | F::AddErrorCode
            | F::AddErrorString => effect = Some(self.call_errhandler(model, &site, args)?),
            // Families with one handler each (the table's `family` column).
            _ if family == Family::Communicator => {
                effect = Some(self.call_comms(model, &site, args)?)
            }
            _ if family == Family::Environment => effect = Some(self.call_env(&site, args)?),
            _ if family == Family::Info => effect = Some(self.call_info(&site, args)?),
            _ if family == Family::Packing => effect = Some(self.call_pack(&site, args)?),
            _ if family == Family::Rma => effect = Some(self.call_rma(model, &site, args)?),
            _ if family == Family::Io => {
                // What the model leaves out is reported at the call.
                effect = Some(self.call_io(model, &site, args).map_err(|h| match h {
                    Halt::Unsupported(m) => {
                        Halt::Unsupported(format!("{}: {m}", model.describe_location(loc)))
                    }
                    other => other,
                })?)
            }
            _ if family == Family::Datatype => {
                effect = Some(self.call_datatype(model, &site, args)?)
            }
            // Declared in the API table but not modeled yet: a limit of the
            // tool, not a bug in the program. (Every function of the table
            // is dispatched today; the arm stays for the next one added.)
            #[allow(unreachable_patterns)]
            _ => {
                return Err(Halt::Unsupported(format!(
                    "{}: unsupported: {}",
                    model.describe_location(loc),
                    func.name()
                )))
            }
        }
        let effect = match effect {
            Some(e) => e,
            None => match block {
                Some(b) => Effect::Block(b),
                None => Effect::Return(ret),
            },
        };
        match effect {
            Effect::Return(v) => self.procs[rank].proc.finish_call(model, v),
            Effect::Block(block) => {
                self.procs[rank].phase = Phase::Blocked { func, loc, block };
            }
            Effect::Done => {}
        }
        Ok(())
    }
}

/// Whether the checker models `func`: probes the dispatcher with a process
/// inside MPI_Init..MPI_Finalize and zero arguments. Any answer but
/// "unsupported" (usually an invalid-argument error) means the call is
/// modeled. This keeps `--list-mpi` and the README's list true to the code.
pub fn is_modeled(func: MpiFunc) -> bool {
    use runtime_model::model::{Block as ModelBlock, ExtractStats, Function, Location, Terminator};
    let model = Model {
        format: runtime_model::model::MODEL_FORMAT.into(),
        version: runtime_model::model::MODEL_VERSION,
        files: vec!["probe.c".into()],
        locations: vec![Location {
            file: 0,
            line: 1,
            column: 1,
            inlined_at: None,
            function: None,
        }],
        globals: vec![],
        functions: vec![Function {
            name: "main".into(),
            params: vec![],
            ret: None,
            num_regs: 1,
            blocks: vec![ModelBlock {
                phis: vec![],
                insts: vec![],
                term: Terminator::Ret { value: None },
                term_loc: 0,
            }],
            loc: 0,
        }],
        entry: 0,
        init_functions: Vec::new(),
        exit_functions: Vec::new(),
        portability: Vec::new(),
        assumed_to_return: Vec::new(),
        stats: ExtractStats::default(),
    };
    let mut state = Machine::new(&model, 2, &[]);
    state.procs[0].lifecycle = Lifecycle::Initialized;
    let args = vec![0u64; func.params().len()];
    !matches!(
        state.issue(&model, 0, func, &args, 0),
        Err(Halt::Unsupported(_))
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_is_modeled_and_undecoded_calls_are_not() {
        assert!(is_modeled(MpiFunc::Send));
        assert!(is_modeled(MpiFunc::Allreduce));
        assert!(is_modeled(MpiFunc::Waitany));
        assert!(is_modeled(MpiFunc::CommSplit));
        assert!(is_modeled(MpiFunc::IntercommMerge));
        // Every function of the API table is dispatched now.
        assert!(is_modeled(MpiFunc::CommIdup));
    }
}
