//! Environment calls (MPI 3.1 chapter 8): error handlers and error codes,
//! version, processor name, thread level, predefined attributes; and how an
//! MPI error reaches the program when its communicator returns errors.

use super::args::Args;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::exec::memory::AllocKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{LocId, Model};
use runtime_model::mpi::errhandlers::ErrhandlerTarget;
use runtime_model::mpi_api::MpiFunc as F;
use runtime_model::mpi_api::MpiFunc;

/// The name `MPI_Get_processor_name` reports: the model runs every process
/// on one node (MPI_Comm_split_type with MPI_COMM_TYPE_SHARED agrees).
pub const PROCESSOR_NAME: &str = crate::exec::libc::NODE_NAME;

/// What `MPI_Get_library_version` reports (§8.1.1).
pub const LIBRARY_VERSION: &str = "mpi-verify model of MPI 3.1 (MPICH handle values)";

/// The parameters naming the communicator whose error handler a call's
/// errors are raised on (MPI 3.1 §8.3).
const COMM_PARAMS: &[&str] = &["comm", "comm_old", "local_comm", "intercomm", "comm1"];

/// MPI error class of an error the checker found, from its kind and message
/// (the first argument the message names decides).
pub fn error_class_of(kind: ErrorKind, message: &str) -> i32 {
    if kind == ErrorKind::CountMismatch {
        return h::MPI_ERR_TRUNCATE;
    }
    let m = message.to_ascii_lowercase();
    let m = m.split_once(": ").map_or(m.as_str(), |(_, rest)| rest);
    const KEYWORDS: &[(&str, i32)] = &[
        ("communicator", h::MPI_ERR_COMM),
        ("intercommunicator", h::MPI_ERR_COMM),
        ("root", h::MPI_ERR_ROOT),
        ("destination", h::MPI_ERR_RANK),
        ("source", h::MPI_ERR_RANK),
        ("rank", h::MPI_ERR_RANK),
        ("tag", h::MPI_ERR_TAG),
        ("count", h::MPI_ERR_COUNT),
        ("datatype", h::MPI_ERR_TYPE),
        ("operation", h::MPI_ERR_OP),
        ("request", h::MPI_ERR_REQUEST),
        ("group", h::MPI_ERR_GROUP),
        ("topology", h::MPI_ERR_TOPOLOGY),
        ("dims", h::MPI_ERR_DIMS),
        ("keyval", h::MPI_ERR_KEYVAL),
    ];
    KEYWORDS
        .iter()
        .filter_map(|(k, class)| m.find(k).map(|at| (at, *class)))
        .min_by_key(|(at, _)| *at)
        .map_or(h::MPI_ERR_ARG, |(_, class)| class)
}

/// What MPI_Error_string says for an error code (every code the model
/// returns is an error class).
pub fn error_string(code: i32) -> Option<String> {
    let name = h::ERROR_CLASSES
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, n)| *n)?;
    let what = match code {
        h::MPI_SUCCESS => "no error",
        h::MPI_ERR_BUFFER => "invalid buffer pointer",
        h::MPI_ERR_COUNT => "invalid count argument",
        h::MPI_ERR_TYPE => "invalid datatype",
        h::MPI_ERR_TAG => "invalid tag",
        h::MPI_ERR_COMM => "invalid communicator",
        h::MPI_ERR_RANK => "invalid rank",
        h::MPI_ERR_ROOT => "invalid root",
        h::MPI_ERR_GROUP => "invalid group",
        h::MPI_ERR_OP => "invalid reduce operation",
        h::MPI_ERR_TOPOLOGY => "invalid topology",
        h::MPI_ERR_DIMS => "invalid dimension argument",
        h::MPI_ERR_ARG => "invalid argument of some other kind",
        h::MPI_ERR_TRUNCATE => "message truncated",
        h::MPI_ERR_REQUEST => "invalid request",
        h::MPI_ERR_KEYVAL => "invalid keyval",
        _ => "",
    };
    Some(if what.is_empty() {
        name.to_string()
    } else {
        format!("{name}: {what}")
    })
}

impl Machine {
    /// MPI 3.1 §8.3: an error is raised on the call's communicator (on
    /// `MPI_COMM_WORLD` for calls without one). Under `MPI_ERRORS_RETURN`
    /// the call returns the error class instead of stopping the program;
    /// under `MPI_ERRORS_ARE_FATAL` the error is reported.
    pub(crate) fn raise(
        &mut self,
        model: &Model,
        rank: usize,
        func: MpiFunc,
        args: &[u64],
        loc: LocId,
        finding: Finding,
    ) -> Result<(), Halt> {
        // Only an error of this call alone: one a collective found in another
        // member's arguments stays fatal.
        let returnable = matches!(
            finding.kind,
            ErrorKind::InvalidArgument | ErrorKind::CountMismatch
        ) && finding.locations.iter().all(|l| l.0 == rank);
        let a = Args::new(func, args);
        let handle = COMM_PARAMS
            .iter()
            .find_map(|p| a.int_if(p))
            .filter(|&c| self.world.resolve_comm(c, rank).is_some())
            .unwrap_or(h::MPI_COMM_WORLD);
        let handler = self
            .world
            .comm_ref(handle, rank)
            .map_or(h::MPI_ERRORS_ARE_FATAL, |r| r.errhandler);
        // A user handler (§8.3.1) runs, and the call returns the error when
        // it returns.
        let user = self.world.objects.errors.handler(rank, handler).is_some();
        if !returnable || (handler != h::MPI_ERRORS_RETURN && !user) {
            return Err(Halt::Error(finding));
        }
        let class = error_class_of(finding.kind, &finding.message);
        if user {
            let site = Site { rank, loc, func };
            self.run_errhandler(model, &site, handler, handle, class)?;
        }
        let name = h::ERROR_CLASSES
            .iter()
            .find(|(c, _)| *c == class)
            .map_or("?", |(_, n)| *n);
        self.trace_event(
            rank,
            loc,
            format!(
                "{} returns {name} to the program ({} on {}): {}",
                func.name(),
                h::predefined_errhandler_name(handler).unwrap_or("a user error handler"),
                comm_name(handle),
                finding.message
            ),
        );
        self.procs[rank]
            .proc
            .finish_call(model, class as u32 as u64);
        Ok(())
    }

    /// Entry point of the environment family.
    pub(crate) fn call_env(&mut self, site: &Site, args: &[u64]) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            // MPI_Errhandler_set / _get, removed in MPI 3.0, are the MPI-1
            // names of MPI_Comm_set_errhandler / _get_errhandler (§17.2).
            F::CommSetErrhandler | F::ErrhandlerSet => {
                let (handle, eh) = (a.int("comm")?, a.int("errhandler")?);
                self.comm(site, handle)?;
                self.check_errhandler(site, eh, ErrhandlerTarget::Comm)?;
                if let Ok(r) = self.world.comm_ref_mut(handle, rank) {
                    r.errhandler = eh;
                }
                self.trace_event(
                    rank,
                    site.loc,
                    format!(
                        "{}(comm={}, {})",
                        site.func.name(),
                        comm_name(handle),
                        h::predefined_errhandler_name(eh).unwrap_or("user error handler")
                    ),
                );
            }
            F::CommGetErrhandler | F::ErrhandlerGet => {
                let handle = a.int("comm")?;
                self.comm(site, handle)?;
                let eh = self
                    .world
                    .comm_ref(handle, rank)
                    .map_or(h::MPI_ERRORS_ARE_FATAL, |r| r.errhandler);
                self.hand_out_errhandler(rank, eh);
                self.write_i32(site, a.ptr("errhandler")?, eh, "errhandler")?;
            }
            F::ErrhandlerFree => {
                let addr = a.ptr("errhandler")?;
                let eh = self.read_i32(site, addr, "errhandler")?;
                match eh {
                    h::MPI_ERRORS_ARE_FATAL | h::MPI_ERRORS_RETURN | h::MPI_ERRORS_ABORT => {}
                    h::MPI_ERRHANDLER_NULL => {
                        return Err(site.invalid("error handler is MPI_ERRHANDLER_NULL"))
                    }
                    // §8.3.4: marked for deallocation; objects using it
                    // keep it.
                    _ => match self.world.objects.errors.handler_mut(rank, eh) {
                        Some(u) if u.refs > 0 => u.refs -= 1,
                        Some(_) => {
                            return Err(
                                site.invalid(format!("error handler 0x{eh:x} was already freed"))
                            )
                        }
                        None => return Err(site.invalid(format!("invalid error handler 0x{eh:x}"))),
                    },
                }
                self.write_i32(site, addr, h::MPI_ERRHANDLER_NULL, "errhandler")?;
            }
            F::ErrorString => {
                let code = a.int("errorcode")?;
                let added = self.world.objects.errors.code(rank, code);
                let Some(text) = added
                    .map(|c| c.string.clone())
                    .or_else(|| error_string(code))
                else {
                    return Err(site.invalid(format!("error code {code} is not valid")));
                };
                self.write_c_string(site, a.ptr("string")?, &text, "string")?;
                self.write_i32(site, a.ptr("resultlen")?, text.len() as i32, "resultlen")?;
            }
            F::ErrorClass => {
                let code = a.int("errorcode")?;
                let class = match self.world.objects.errors.code(rank, code) {
                    Some(c) => c.class,
                    None if error_string(code).is_some() => code,
                    None => return Err(site.invalid(format!("error code {code} is not valid"))),
                };
                self.write_i32(site, a.ptr("errorclass")?, class, "errorclass")?;
            }
            F::GetProcessorName => {
                self.write_c_string(site, a.ptr("name")?, PROCESSOR_NAME, "name")?;
                self.write_i32(
                    site,
                    a.ptr("resultlen")?,
                    PROCESSOR_NAME.len() as i32,
                    "resultlen",
                )?;
            }
            F::GetVersion => {
                self.write_i32(site, a.ptr("version")?, h::MPI_VERSION, "version")?;
                self.write_i32(site, a.ptr("subversion")?, h::MPI_SUBVERSION, "subversion")?;
            }
            F::QueryThread => {
                let v = self.world.thread_level[rank];
                self.write_i32(site, a.ptr("provided")?, v, "provided")?;
            }
            F::GetLibraryVersion => {
                self.write_c_string(site, a.ptr("version")?, LIBRARY_VERSION, "version")?;
                self.write_i32(
                    site,
                    a.ptr("resultlen")?,
                    LIBRARY_VERSION.len() as i32,
                    "resultlen",
                )?;
            }
            // Profiling control (§14.2.4): no effect on the semantics, and
            // MPI defines no invalid level.
            F::Pcontrol => {}
            // No process is spawned (MPI_Comm_spawn is not modeled), so no
            // process has a parent (§10.3.2).
            F::CommGetParent => {
                self.write_i32(site, a.ptr("parent")?, h::MPI_COMM_NULL, "parent")?
            }
            // §5.9.7: predefined operations are all commutative; a user
            // operation is as MPI_Op_create declared it.
            F::OpCommutative => {
                let op = a.int("op")?;
                let commute = match self.world.objects.user_op(rank, op) {
                    Some(u) if u.freed => {
                        return Err(
                            site.invalid(format!("operation 0x{op:x} was freed by MPI_Op_free"))
                        )
                    }
                    Some(u) => u.commute,
                    None if h::predefined_op_name(op).is_some() && op != h::MPI_OP_NULL => true,
                    None => return Err(site.invalid(format!("invalid operation 0x{op:x}"))),
                };
                self.write_i32(site, a.ptr("commute")?, commute as i32, "commute")?;
            }
            // §8.2: memory for the process like malloc. It is not an MPI
            // object: the standard ties no handle to it and names no
            // obligation to free it before MPI_Finalize, so an unfreed block
            // is a memory leak of the program, not a resource leak.
            F::AllocMem => {
                let size = a.ptr("size")? as i64;
                if size < 0 {
                    return Err(site.invalid(format!("size is negative ({size})")));
                }
                self.info_arg(site, a.int("info")?, true)?;
                let mem = &mut self.procs[rank].proc.mem;
                let block = mem
                    .allocate(size as u64, AllocKind::Heap)
                    .map_err(|f| site.memory("size", f))?;
                mem.store(a.ptr("baseptr")?, 8, block)
                    .map_err(|f| site.memory("baseptr", f))?;
            }
            F::FreeMem => self.procs[rank]
                .proc
                .mem
                .free(a.ptr("base")?)
                .map_err(|f| site.memory("base", f))?,
            // A C program without threads runs MPI on its main thread.
            F::IsThreadMain => self.write_i32(site, a.ptr("flag")?, 1, "flag")?,
            _ => {}
        }
        Ok(Effect::Return(0))
    }

    /// Values of the predefined attributes (MPI 3.1 §8.1.2, §10.5).
    pub(crate) fn predefined_attr(&self, rank: usize, keyval: i32) -> Option<i32> {
        Some(match keyval {
            h::MPI_TAG_UB => runtime_model::mpi::TAG_UB_VALUE,
            // No host process.
            h::MPI_HOST => h::MPI_PROC_NULL,
            // Every process can do I/O.
            h::MPI_IO => h::MPI_ANY_SOURCE,
            // MPI_Wtime is a per-process logical clock.
            h::MPI_WTIME_IS_GLOBAL => 0,
            h::MPI_UNIVERSE_SIZE => self.world.np as i32,
            // One command line: application number 0.
            h::MPI_APPNUM => 0,
            h::MPI_LASTUSEDCODE => self.world.objects.errors.last_used(rank),
            _ => return None,
        })
    }

    /// The int in process memory holding an attribute's value, made once.
    pub(crate) fn attr_cell(&mut self, site: &Site, keyval: i32) -> Result<u64, Halt> {
        let rank = site.rank;
        if let Some(&(_, a)) = self.world.attr_cells[rank]
            .iter()
            .find(|(k, _)| *k == keyval)
        {
            return Ok(a);
        }
        let a = self.procs[rank]
            .proc
            .mem
            .allocate(4, AllocKind::Global { constant: false })
            .map_err(|f| site.memory("attribute", f))?;
        self.world.attr_cells[rank].push((keyval, a));
        Ok(a)
    }

    /// Writes a NUL-terminated string.
    fn write_c_string(&mut self, site: &Site, addr: u64, s: &str, what: &str) -> Result<(), Halt> {
        let mut bytes = s.as_bytes().to_vec();
        bytes.push(0);
        self.procs[site.rank]
            .proc
            .mem
            .write_bytes(addr, &bytes)
            .map_err(|f| site.memory(what, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_first_named_argument() {
        let c = |m: &str| error_class_of(ErrorKind::InvalidArgument, m);
        assert_eq!(
            c("MPI_Send: destination 5 is not a rank of the communicator (size 2)"),
            h::MPI_ERR_RANK
        );
        assert_eq!(
            c("MPI_Bcast: root 3 is not a rank of the communicator (size 2)"),
            h::MPI_ERR_ROOT
        );
        assert_eq!(
            c("MPI_Send: communicator is MPI_COMM_NULL"),
            h::MPI_ERR_COMM
        );
        assert_eq!(
            c("MPI_Send: tag -4 is not a valid send tag"),
            h::MPI_ERR_TAG
        );
        assert_eq!(c("MPI_Recv: count is negative (-1)"), h::MPI_ERR_COUNT);
        assert_eq!(c("MPI_Send: invalid datatype 0x0"), h::MPI_ERR_TYPE);
        assert_eq!(
            c("MPI_Cart_shift: no Cartesian topology on the communicator"),
            h::MPI_ERR_TOPOLOGY
        );
        assert_eq!(
            c("MPI_Get_count: status is MPI_STATUS_IGNORE"),
            h::MPI_ERR_ARG
        );
        assert_eq!(
            error_class_of(ErrorKind::CountMismatch, "x"),
            h::MPI_ERR_TRUNCATE
        );
    }

    #[test]
    fn error_strings_name_the_class() {
        assert_eq!(
            error_string(h::MPI_ERR_RANK).as_deref(),
            Some("MPI_ERR_RANK: invalid rank")
        );
        assert_eq!(error_string(-5), None);
    }
}
