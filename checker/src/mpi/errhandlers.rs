//! User error handlers and added error codes (MPI 3.1 §8.3, §8.5): making
//! handlers, setting them on windows, calling them on purpose
//! (`MPI_*_call_errhandler`) and when an MPI call fails (`env::raise`),
//! and the error classes, codes and strings a process adds. A handler is a
//! function of the program, run like an attribute callback
//! (`attrs::run_callback`).

use super::args::Args;
use super::decode::*;
use crate::diag::ErrorKind;
use crate::exec::memory::AllocKind;
use crate::mpi::machine::*;
use runtime_model::handles as h;
use runtime_model::model::{Model, Pointer};
use runtime_model::mpi::errhandlers::{ErrhandlerTarget, UserErrhandler};
use runtime_model::mpi_api::MpiFunc as F;

/// The longest string MPI_Add_error_string takes (MPI_MAX_ERROR_STRING,
/// MPICH's value, less the terminating NUL).
const MAX_ERROR_STRING: usize = 1023;

impl Machine {
    /// Entry point of the error-handler and error-code calls.
    pub(crate) fn call_errhandler(
        &mut self,
        model: &Model,
        site: &Site,
        args: &[u64],
    ) -> Result<Effect, Halt> {
        let rank = site.rank;
        let a = Args::new(site.func, args);
        match site.func {
            F::CommCreateErrhandler
            | F::WinCreateErrhandler
            | F::FileCreateErrhandler
            | F::ErrhandlerCreate => {
                let (target, param) = match site.func {
                    F::WinCreateErrhandler => (ErrhandlerTarget::Win, "win_errhandler_fn"),
                    F::FileCreateErrhandler => (ErrhandlerTarget::File, "file_errhandler_fn"),
                    F::ErrhandlerCreate => (ErrhandlerTarget::Comm, "function"),
                    _ => (ErrhandlerTarget::Comm, "comm_errhandler_fn"),
                };
                let function = a.ptr(param)?;
                if Pointer::as_function(function).is_none() {
                    return Err(site.invalid(format!("{param} is not a function of the program")));
                }
                let eh = self.world.objects.errors.add_handler(
                    rank,
                    UserErrhandler {
                        target,
                        function,
                        refs: 1,
                    },
                );
                self.write_i32(site, a.ptr("errhandler")?, eh, "errhandler")?;
                self.trace_event(
                    rank,
                    site.loc,
                    format!("{}() -> error handler 0x{eh:x}", site.func.name()),
                );
            }
            F::WinSetErrhandler => {
                let win = a.int("win")?;
                self.window(site, win)?;
                let eh = a.int("errhandler")?;
                self.check_errhandler(site, eh, ErrhandlerTarget::Win)?;
                self.world.objects.errors.set_win_handler(rank, win, eh);
            }
            F::FileSetErrhandler => {
                let eh = a.int("errhandler")?;
                self.check_errhandler(site, eh, ErrhandlerTarget::File)?;
                match a.ptr("file")? {
                    // §13.7: MPI_FILE_NULL's handler is the default for
                    // the files the process opens later.
                    0 => {
                        let d = &mut self.world.files.default_handlers;
                        d.retain(|(r, _)| *r != rank);
                        d.push((rank, eh));
                    }
                    fh => {
                        let (f, m) = self.file(site, fh)?;
                        self.world.files.open[f].members[m].errhandler = eh;
                    }
                }
            }
            F::FileGetErrhandler => {
                let eh = match a.ptr("file")? {
                    0 => self.world.files.default_handler(rank),
                    fh => {
                        let (f, m) = self.file(site, fh)?;
                        self.world.files.open[f].members[m].errhandler
                    }
                };
                self.hand_out_errhandler(rank, eh);
                self.write_i32(site, a.ptr("errhandler")?, eh, "errhandler")?;
            }
            F::FileCallErrhandler => {
                let code = a.int("errorcode")?;
                let fh = a.ptr("fh")?;
                self.file_error(model, site, fh, code)?;
            }
            F::WinGetErrhandler => {
                let win = a.int("win")?;
                self.window(site, win)?;
                let eh = self.world.objects.errors.win_handler(rank, win);
                self.hand_out_errhandler(rank, eh);
                self.write_i32(site, a.ptr("errhandler")?, eh, "errhandler")?;
            }
            F::CommCallErrhandler | F::WinCallErrhandler => {
                let code = a.int("errorcode")?;
                let (object, eh) = if site.func == F::WinCallErrhandler {
                    let win = a.int("win")?;
                    self.window(site, win)?;
                    (win, self.world.objects.errors.win_handler(rank, win))
                } else {
                    let comm = a.int("comm")?;
                    self.comm(site, comm)?;
                    let eh = self
                        .world
                        .comm_ref(comm, rank)
                        .map_or(h::MPI_ERRORS_ARE_FATAL, |r| r.errhandler);
                    (comm, eh)
                };
                match eh {
                    // §8.3: the handler ends the program.
                    h::MPI_ERRORS_ARE_FATAL | h::MPI_ERRORS_ABORT => {
                        return Err(site.finding(
                            ErrorKind::Assertion,
                            format!(
                                "{} with error code {code}: the error handler is {}, which aborts the program (MPI 3.1 §8.3)",
                                site.func.name(),
                                h::predefined_errhandler_name(eh).unwrap_or("?")
                            ),
                        ));
                    }
                    h::MPI_ERRORS_RETURN => {}
                    _ => self.run_errhandler(model, site, eh, object, code)?,
                }
                // §8.3.4: MPI_SUCCESS once the handler returned.
            }
            F::AddErrorClass => {
                let class = self.world.objects.errors.add_code(rank, None);
                self.write_i32(site, a.ptr("errorclass")?, class, "errorclass")?;
            }
            F::AddErrorCode => {
                let class = a.int("errorclass")?;
                let valid = h::ERROR_CLASSES.iter().any(|(c, _)| *c == class)
                    || self
                        .world
                        .objects
                        .errors
                        .code(rank, class)
                        .is_some_and(|c| c.class == c.code);
                if !valid {
                    return Err(site.invalid(format!("errorclass {class} is not an error class")));
                }
                let code = self.world.objects.errors.add_code(rank, Some(class));
                self.write_i32(site, a.ptr("errorcode")?, code, "errorcode")?;
            }
            F::AddErrorString => {
                let code = a.int("errorcode")?;
                let text = self.read_c_string(site, a.ptr("string")?, "string")?;
                if text.len() > MAX_ERROR_STRING {
                    return Err(site.invalid(format!(
                        "string is {} characters long, more than MPI_MAX_ERROR_STRING - 1 ({MAX_ERROR_STRING})",
                        text.len()
                    )));
                }
                // §8.5: only codes and classes the program added take a
                // string.
                if !self.world.objects.errors.set_string(rank, code, text) {
                    return Err(site.invalid(format!(
                        "error code {code} was not added by MPI_Add_error_class or MPI_Add_error_code (MPI 3.1 §8.5)"
                    )));
                }
            }
            _ => return Err(misrouted(site.func, "error handler")),
        }
        Ok(Effect::Return(0))
    }

    /// An error handler argument usable on a `target` object: a predefined
    /// handler or a live user handler made for that kind of object.
    pub(crate) fn check_errhandler(
        &self,
        site: &Site,
        eh: i32,
        target: ErrhandlerTarget,
    ) -> Result<(), Halt> {
        match eh {
            h::MPI_ERRORS_ARE_FATAL | h::MPI_ERRORS_RETURN | h::MPI_ERRORS_ABORT => Ok(()),
            h::MPI_ERRHANDLER_NULL => Err(site.invalid("error handler is MPI_ERRHANDLER_NULL")),
            _ => match self.world.objects.errors.handler(site.rank, eh) {
                Some(u) if u.refs == 0 => Err(site.invalid(format!(
                    "error handler 0x{eh:x} was freed by MPI_Errhandler_free"
                ))),
                Some(u) if u.target != target => Err(site.invalid(format!(
                    "error handler 0x{eh:x} was made for {}s, not {}s (MPI 3.1 §8.3)",
                    u.target.noun(),
                    target.noun()
                ))),
                Some(_) => Ok(()),
                None => Err(site.invalid(format!("invalid error handler 0x{eh:x}"))),
            },
        }
    }

    /// `MPI_*_get_errhandler` returns a new reference to a user handler.
    pub(crate) fn hand_out_errhandler(&mut self, rank: usize, eh: i32) {
        if let Some(u) = self.world.objects.errors.handler_mut(rank, eh) {
            u.refs += 1;
        }
    }

    /// Runs user error handler `eh` on `object` with `code`: the handler
    /// gets pointers to both (MPI 3.1 §8.3.1).
    pub(crate) fn run_errhandler(
        &mut self,
        model: &Model,
        site: &Site,
        eh: i32,
        object: i32,
        code: i32,
    ) -> Result<(), Halt> {
        self.call_user_errhandler(model, site, eh, (object as u32 as u64, 4), code)
    }

    /// Calls user error handler `eh` with a pointer to the handle (its
    /// value and size in bytes: an `int` for communicators and windows,
    /// a pointer-sized `MPI_File`) and one to the code; nothing for a
    /// handler that is not the program's.
    fn call_user_errhandler(
        &mut self,
        model: &Model,
        site: &Site,
        eh: i32,
        (handle, size): (u64, u64),
        code: i32,
    ) -> Result<(), Halt> {
        let Some(function) = self
            .world
            .objects
            .errors
            .handler(site.rank, eh)
            .and_then(|u| Pointer::as_function(u.function))
        else {
            return Ok(());
        };
        let mem = &mut self.procs[site.rank].proc.mem;
        let cells = mem
            .allocate(size + 4, AllocKind::Heap)
            .map_err(|f| site.memory("error handler arguments", f))?;
        mem.store(cells, size, handle)
            .and_then(|_| mem.store(cells + size, 4, code as u32 as u64))
            .map_err(|f| site.memory("error handler arguments", f))?;
        self.trace_event(
            site.rank,
            site.loc,
            format!(
                "{} calls error handler 0x{eh:x} with error code {code}",
                site.func.name()
            ),
        );
        self.run_callback(
            model,
            site,
            function,
            &[cells, cells + size],
            "error handler",
        )?;
        self.procs[site.rank]
            .proc
            .mem
            .free(cells)
            .map_err(|f| site.memory("error handler arguments", f))
    }

    /// Error `code` of a call on file handle `fh` (`MPI_FILE_NULL` for an
    /// open that failed), raised on the handle's error handler (MPI 3.1
    /// §13.7, §8.3): returned under `MPI_ERRORS_RETURN` (the default),
    /// reported under `MPI_ERRORS_ARE_FATAL` or `MPI_ERRORS_ABORT`, run for
    /// a user handler, which gets a pointer to the handle and one to the
    /// code (§8.3.1).
    pub(crate) fn file_error(
        &mut self,
        model: &Model,
        site: &Site,
        fh: u64,
        code: i32,
    ) -> Result<(), Halt> {
        let eh = match fh {
            0 => self.world.files.default_handler(site.rank),
            fh => {
                let (f, m) = self.file(site, fh)?;
                self.world.files.open[f].members[m].errhandler
            }
        };
        match eh {
            h::MPI_ERRORS_RETURN => Ok(()),
            h::MPI_ERRORS_ARE_FATAL | h::MPI_ERRORS_ABORT => Err(site.finding(
                ErrorKind::Assertion,
                format!(
                    "{} raises {} on the file's error handler, {}, which aborts the program (MPI 3.1 §13.7, §8.3)",
                    site.func.name(),
                    h::error_class_name(code)
                        .map_or_else(|| format!("error code {code}"), str::to_string),
                    h::predefined_errhandler_name(eh).unwrap_or("?")
                ),
            )),
            _ => self.call_user_errhandler(model, site, eh, (fh, 8), code),
        }
    }

    /// Reads a NUL-terminated string.
    fn read_c_string(&self, site: &Site, addr: u64, what: &str) -> Result<String, Halt> {
        let mem = &self.procs[site.rank].proc.mem;
        let mut bytes = Vec::new();
        loop {
            let b = mem
                .load(addr + bytes.len() as u64, 1)
                .map_err(|f| site.memory(what, f))? as u8;
            if b == 0 || bytes.len() > MAX_ERROR_STRING {
                break;
            }
            bytes.push(b);
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }
}
