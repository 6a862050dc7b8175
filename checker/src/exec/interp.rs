//! Executes one process's local computation over the model, up to its next
//! MPI call. Local steps are invisible to other processes (Palmer et al. 2007,
//! Theorem 1), so the explorer runs them without interleaving.

use super::libc::{self, LibcOutcome};
use super::memory::{AllocKind, MemFault, Memory};
use runtime_model::model::*;
use runtime_model::mpi_api::MpiFunc;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    pub func: FuncId,
    pub block: BlockId,
    pub ip: u32,
    pub regs: Vec<u64>,
    /// Where the caller wants the return value.
    pub ret_dst: Option<Reg>,
}

/// Why local execution stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// At an MPI call; the instruction is still current until [`Process::finish_call`].
    Mpi {
        func: MpiFunc,
        args: Vec<u64>,
        loc: LocId,
    },
    /// `main` returned or `exit` was called.
    Exit {
        code: i32,
        loc: LocId,
    },
    Fault {
        fault: Fault,
        loc: LocId,
    },
    /// Threads of a parallel region are parked at MPI calls whose order
    /// matters (`MPI_THREAD_MULTIPLE`): the search chooses which enters MPI
    /// first (`Process::omp_choose`). `func` and `loc`: the first one's.
    Threads {
        threads: Vec<u32>,
        func: MpiFunc,
        loc: LocId,
    },
    /// The per-execution instruction budget ran out.
    Budget {
        loc: LocId,
    },
    /// The check's time limit passed during local computation.
    Timeout {
        loc: LocId,
    },
    /// The instruction at `loc` (done) accessed watched memory: the hits
    /// wait in the process's memory (`Memory::take_hits`).
    Watched {
        loc: LocId,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    Memory(MemFault),
    Assert(String),
    Abort,
    Unreachable,
    /// The process went round a loop back to a state it was already in,
    /// with no MPI call in between: it never leaves it (`endless`). The
    /// location of the stop is the loop's header; `back_edge` the jump back.
    Endless {
        message: String,
        back_edge: LocId,
    },
    /// The model does something the checker cannot execute (a tool limit,
    /// not a bug in the program).
    Unsupported(String),
    /// The threads of a parallel region misbehave (`omp`): a data race,
    /// threads waiting for each other forever, an MPI call the thread level
    /// forbids.
    Threads {
        kind: crate::diag::ErrorKind,
        message: String,
        /// The other thread's access (a race) or wait (a barrier).
        other: Option<LocId>,
        /// What to change, when the kind's general advice does not fit.
        help: Option<&'static str>,
    },
}

impl Fault {
    /// An allocation the model cannot back (`MemFault::TooLarge`: a
    /// `malloc`, `strdup` or `asprintf` of more than the checker holds in
    /// one block) is a limit of the tool, not a failure of the program: a
    /// real system might have the memory, so the execution cannot go on
    /// as if the allocation had failed (the program would take its error
    /// path) nor as if it were an error. It ends the check inconclusive at
    /// the allocating line.
    ///
    /// A look inside an opaque object, which a call assumed to have no
    /// effect returned (`--assume-no-effect`), is outside what the
    /// assumption says: the check cannot go on, naming the function.
    fn tool_limit(self, model: &Model) -> Fault {
        match self {
            Fault::Memory(MemFault::TooLarge { size }) => {
                Fault::Unsupported(MemFault::TooLarge { size }.to_string())
            }
            Fault::Memory(MemFault::Unmodeled(what)) => Fault::Unsupported(what),
            Fault::Memory(MemFault::Dangling { addr }) if Pointer::as_opaque(addr).is_some() => {
                Fault::Unsupported(super::foreign::opaque_access(model, addr))
            }
            other => other,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Process {
    pub frames: Vec<Frame>,
    pub mem: Memory,
    /// Model instructions executed so far in this execution.
    pub steps: u64,
    /// Input tracking (`--any-input`, `--input`); `None` otherwise, so the
    /// interpreter pays one test per instruction.
    pub track: Option<Box<super::shadow::Tracker>>,
    /// Functions to run when the bottom frame returns, the next one last:
    /// `main` behind the constructors, the exit handlers behind `main`
    /// (C11 §7.22.4.4: `exit` calls the `atexit` handlers in reverse order
    /// of registration; destructors run after them).
    pub then: Vec<Frame>,
    /// `atexit` handlers registered so far, and the destructors of static
    /// C++ objects (`__cxa_atexit`) with the object each runs on: one list,
    /// run last registered first (C++17 [basic.start.term]p3).
    pub atexit: Vec<(FuncId, Option<u64>)>,
    /// The status `main` returned or `exit` was given, once the process
    /// is running its exit handlers.
    pub exit_status: Option<i32>,
    /// Where the process began to end (the `exit` call or `main`'s
    /// return): what a report names, not the exit handler that ran last.
    pub exit_at: Option<LocId>,
    /// OpenMP: the threads of the running parallel region, if any (their
    /// frames other than the running one's), and what the next one gets.
    pub omp: super::omp::Omp,
    /// The `setjmp` calls a `longjmp` may return to (`jumps`).
    pub jumps: Vec<super::jumps::JumpTarget>,
    /// The model compiled for the fast path (`code`), shared by every
    /// copy of the process.
    pub code: CompiledModel,
}

/// The compiled model a process runs: derived from the model alone, the
/// same in every process, so it takes no part in a state's identity.
#[derive(Clone, Default)]
pub struct CompiledModel(pub Option<std::sync::Arc<super::code::Code>>);

impl std::fmt::Debug for CompiledModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledModel")
    }
}

impl PartialEq for CompiledModel {
    fn eq(&self, _: &CompiledModel) -> bool {
        true
    }
}

impl Eq for CompiledModel {}

impl std::hash::Hash for CompiledModel {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Deepest call stack the checker runs (recursion, calls through pointers).
pub const MAX_CALL_DEPTH: usize = 10_000;

use super::arith::{from_f64f, mask, sext};

impl Process {
    pub fn new(model: &Model, mem: Memory) -> Process {
        let mut p = Process {
            frames: vec![Self::fresh_frame(model, model.entry)],
            mem,
            steps: 0,
            track: None,
            then: Vec::new(),
            atexit: Vec::new(),
            exit_status: None,
            exit_at: None,
            omp: super::omp::Omp::from_environment(),
            jumps: Vec::new(),
            code: CompiledModel(Some(std::sync::Arc::new(super::code::Code::compile(model)))),
        };
        // Constructors run first, in order; main waits behind them.
        if !model.init_functions.is_empty() {
            p.then = std::mem::take(&mut p.frames);
            p.then.extend(
                model
                    .init_functions
                    .iter()
                    .rev()
                    .map(|&f| Self::fresh_frame(model, f)),
            );
            p.frames.extend(p.then.pop());
        }
        p
    }

    /// A frame at the start of `func` with zeroed registers.
    fn fresh_frame(model: &Model, func: FuncId) -> Frame {
        let regs = model
            .functions
            .get(func as usize)
            .map_or(0, |f| f.num_regs as usize);
        Frame {
            func,
            block: 0,
            ip: 0,
            regs: vec![0; regs],
            ret_dst: None,
        }
    }

    /// The process ends normally with `status`: its `atexit` handlers run
    /// (last registered first), then the destructors. Returns the frame to
    /// run next, if any.
    fn begin_exit(&mut self, model: &Model, status: i32, at: LocId) -> Option<Frame> {
        self.exit_status = Some(status);
        self.exit_at = Some(at);
        // `exit` inside a parallel region ends every thread.
        self.omp.team = None;
        self.then.clear();
        self.then.extend(
            model
                .exit_functions
                .iter()
                .rev()
                .map(|&f| Self::fresh_frame(model, f)),
        );
        let handlers = self.atexit.clone();
        self.then.extend(handlers.into_iter().map(|(f, object)| {
            let mut frame = Self::fresh_frame(model, f);
            if let (Some(object), Some(r)) = (object, frame.regs.first_mut()) {
                *r = object;
            }
            frame
        }));
        self.then.pop()
    }

    /// The frame `main` runs in (behind the constructors before they ran).
    fn main_frame(&mut self, model: &Model) -> Option<&mut Frame> {
        match self.then.first() {
            Some(f) if f.func == model.entry && self.exit_status.is_none() => self.then.first_mut(),
            _ => self.frames.first_mut(),
        }
    }

    /// Sets up `main(argc, argv)`: argv[0] is the program name, then `args`,
    /// then a null pointer (C11 5.1.2.2.1).
    pub fn set_main_args(
        &mut self,
        model: &Model,
        program: &str,
        args: &[String],
    ) -> Result<(), MemFault> {
        let nparams = model.functions[model.entry as usize].params.len();
        let Some(frame) = self.main_frame(model) else {
            return Ok(());
        };
        if nparams < 2 || frame.regs.len() < 2 {
            return Ok(());
        }
        let all: Vec<&str> = std::iter::once(program)
            .chain(args.iter().map(String::as_str))
            .collect();
        let mut strings = Vec::with_capacity(all.len());
        let argv = self
            .mem
            .allocate(8 * (all.len() as u64 + 1), AllocKind::Stack)?;
        for (i, a) in all.iter().enumerate() {
            let mut bytes = a.as_bytes().to_vec();
            bytes.push(0);
            let s = self.mem.allocate(bytes.len() as u64, AllocKind::Stack)?;
            self.mem.write_bytes(s, &bytes)?;
            self.mem.store(argv + 8 * i as u64, 8, s)?;
            strings.push(s);
        }
        self.track_main_args(&strings);
        if let Some(frame) = self.main_frame(model) {
            frame.regs[0] = all.len() as u64;
            frame.regs[1] = argv;
        }
        Ok(())
    }

    /// Location of the current instruction.
    pub fn current_loc(&self, model: &Model) -> LocId {
        let Some(fr) = self.frames.last() else {
            return 0;
        };
        let b = &model.functions[fr.func as usize].blocks[fr.block as usize];
        b.insts.get(fr.ip as usize).map_or(b.term_loc, |i| i.loc)
    }

    /// The call sites of the frames below the running one, innermost
    /// first; for a thread of a parallel region other than thread 0, the
    /// region's directive ends them.
    pub fn call_sites(&self, model: &Model) -> Vec<LocId> {
        let loc_of = |fr: &Frame| {
            let b = &model.functions[fr.func as usize].blocks[fr.block as usize];
            b.insts.get(fr.ip as usize).map_or(b.term_loc, |i| i.loc)
        };
        let mut sites: Vec<LocId> = self.frames.iter().rev().skip(1).map(loc_of).collect();
        if let (Some(fork), (thread, _)) = (self.omp_fork_loc(), self.omp_thread()) {
            if thread != 0 {
                sites.push(fork);
            }
        }
        sites
    }

    /// Completes the MPI call the process stopped at: stores its return value
    /// and moves past it.
    pub fn finish_call(&mut self, model: &Model, ret: u64) {
        if self.omp.team.is_some() {
            // A thread's call posted as its nonblocking form stays current
            // until its request completes (`omp::multiple`).
            if self.omp_finish_call(model) {
                return;
            }
            self.omp_mpi_end(model);
        }
        let Some(fr) = self.frames.last_mut() else {
            return;
        };
        let b = &model.functions[fr.func as usize].blocks[fr.block as usize];
        if let Some(Inst {
            kind: InstKind::Mpi { dst: Some(d), .. },
            ..
        }) = b.insts.get(fr.ip as usize)
        {
            fr.regs[*d as usize] = ret;
        }
        fr.ip += 1;
    }

    /// Runs until the next MPI call, exit, fault, or until `budget` total
    /// steps have been executed. With `liveness`, a loop that comes back to
    /// a state it was in stops with `Fault::Endless` (`endless`).
    pub fn run(
        &mut self,
        model: &Model,
        budget: u64,
        liveness: Option<&super::liveness::Liveness>,
    ) -> Stop {
        let mut endless = super::endless::Endless::new(self.steps);
        // Input tracking costs one test per instruction when it is off; its
        // hooks are out of line.
        let track = self.track.is_some();
        if let Some(pending) = self.omp.pending.take() {
            let (fault, loc) = *pending;
            return Stop::Fault { fault, loc };
        }
        // The compiled form runs what it covers (`fast`), unless input
        // tracking or a team of threads needs the general path's hooks.
        let code = self
            .code
            .0
            .clone()
            .filter(|c| !track && c.funcs.len() == model.functions.len());
        loop {
            if let Some(code) = code.as_deref() {
                if self.omp.team.is_none() && !self.mem.has_hits() {
                    if let Some(stop) =
                        self.run_compiled(model, code, budget, &mut endless, liveness)
                    {
                        return stop;
                    }
                }
            }
            let depth = self.frames.len();
            let Some(fr) = self.frames.last_mut() else {
                return Stop::Exit { code: 0, loc: 0 };
            };
            let func = &model.functions[fr.func as usize];
            let block = &func.blocks[fr.block as usize];
            let look = self.steps & (super::deadline::CHECK_EVERY - 1) == 0;
            if look {
                crate::explore::progress::add_instructions(super::deadline::CHECK_EVERY);
            }
            if self.steps >= budget || (look && super::deadline::passed()) {
                let loc = block
                    .insts
                    .get(fr.ip as usize)
                    .map_or(block.term_loc, |i| i.loc);
                if self.steps >= budget {
                    return Stop::Budget { loc };
                }
                return Stop::Timeout { loc };
            }
            self.steps += 1;
            let Some(inst) = block.insts.get(fr.ip as usize) else {
                // Terminator.
                if track {
                    self.track_term(block);
                }
                let Some(fr) = self.frames.last_mut() else {
                    return Stop::Exit { code: 0, loc: 0 };
                };
                let from = fr.block;
                let loc = block.term_loc;
                let regs = &fr.regs;
                let val = |o: &Operand| match o {
                    Operand::Reg(r) => regs[*r as usize],
                    Operand::Const(c) => *c,
                };
                let target = match &block.term {
                    Terminator::Br { target } => *target,
                    Terminator::CondBr {
                        cond,
                        if_true,
                        if_false,
                    } => {
                        if val(cond) & 1 != 0 {
                            *if_true
                        } else {
                            *if_false
                        }
                    }
                    Terminator::Switch {
                        value,
                        ty,
                        default,
                        cases,
                    } => {
                        let v = mask(val(value), *ty);
                        cases
                            .iter()
                            .find(|(c, _)| mask(*c, *ty) == v)
                            .map_or(*default, |(_, b)| *b)
                    }
                    Terminator::Ret { value } => {
                        if !self.jumps.is_empty() {
                            self.jumps.retain(|j| j.depth < depth - 1);
                        }
                        let rv = value.as_ref().map_or(0, &val);
                        let ret_dst = fr.ret_dst;
                        let returning = fr.func;
                        if self.omp.team.is_some() && self.returns_from_region() {
                            // A thread of a parallel region is done.
                            self.frames.pop();
                            if let Err(fault) = self.thread_done(model, loc, rv) {
                                return Stop::Fault { fault, loc };
                            }
                            continue;
                        }
                        if depth == 1 {
                            // main, a constructor or an exit handler returns.
                            let was_main = returning == model.entry && self.exit_status.is_none();
                            if was_main {
                                // POSIX threads still there end with the process.
                                if let Err(fault) = self.posix_exit(model) {
                                    return Stop::Fault { fault, loc };
                                }
                            }
                            self.frames.pop();
                            let next = if was_main {
                                self.begin_exit(model, rv as u32 as i32, loc)
                            } else {
                                self.then.pop()
                            };
                            if let Some(next) = next {
                                self.frames.push(next);
                                continue;
                            }
                            return Stop::Exit {
                                code: self.exit_status.unwrap_or(rv as u32 as i32),
                                loc: self.exit_at.unwrap_or(loc),
                            };
                        }
                        self.frames.pop();
                        if self.omp.team.is_some() {
                            self.omp_returned();
                        }
                        if let Some(caller) = self.frames.last_mut() {
                            if let Some(d) = ret_dst {
                                caller.regs[d as usize] = rv;
                            }
                            caller.ip += 1;
                        }
                        continue;
                    }
                    Terminator::Unreachable => {
                        return Stop::Fault {
                            fault: Fault::Unreachable,
                            loc,
                        }
                    }
                };
                if let Err(fault) = Self::enter_block(fr, func, target) {
                    return Stop::Fault { fault, loc };
                }
                if track {
                    self.track_enter(func, from, target);
                }
                // Every cycle of the control-flow graph has an edge that
                // does not go forward in block order.
                if target <= from && endless.armed(self.steps) {
                    if let Some(stop) =
                        self.back_edge_check(model, &mut endless, liveness, from, loc)
                    {
                        return stop;
                    }
                }
                continue;
            };
            let loc = inst.loc;
            if endless.armed(self.steps) && super::endless::reads_clock(&inst.kind) {
                endless.outside_read();
            }
            match self.exec(model, inst) {
                Ok(None) => {
                    if track {
                        self.track_after(model, inst);
                    }
                    if self.mem.has_hits() {
                        return Stop::Watched { loc };
                    }
                }
                Ok(Some(stop)) => {
                    if let (true, InstKind::Mpi { func, args, dst }) = (track, &inst.kind) {
                        self.track_mpi(*func, args, *dst, loc);
                    }
                    return stop;
                }
                Err(fault) => {
                    // What decided the fault (a divisor, an address) is
                    // recorded as for any other decision.
                    let call = matches!(
                        inst.kind,
                        InstKind::Call { .. } | InstKind::CallIndirect { .. }
                    );
                    if track && !call {
                        self.track_after(model, inst);
                    }
                    return Stop::Fault {
                        fault: fault.tool_limit(model),
                        loc,
                    };
                }
            }
        }
    }

    /// The endless-loop check at a back edge from block `from` (its
    /// terminator at `loc`) into the running frame's block.
    pub(super) fn back_edge_check(
        &mut self,
        model: &Model,
        endless: &mut super::endless::Endless,
        liveness: Option<&super::liveness::Liveness>,
        from: BlockId,
        loc: LocId,
    ) -> Option<Stop> {
        let cycle = endless.back_edge(self, model, liveness?)?;
        let message = super::endless::describe(self, model, from, &cycle);
        Some(Stop::Fault {
            fault: Fault::Endless {
                message,
                back_edge: loc,
            },
            loc: self.current_loc(model),
        })
    }

    /// Calls model function `func` with `args` on this process (memory and
    /// step count shared) and runs it until it returns, with the process's
    /// own frames set aside: the checker executing a user function, e.g. the
    /// operator of `MPI_Op_create`. Stops with a fault at `budget` total
    /// steps, at an MPI call, or at `exit`; the fault comes with the
    /// location inside the function where it happened, when there is one.
    pub fn call_function(
        &mut self,
        model: &Model,
        func: FuncId,
        args: &[u64],
        budget: u64,
    ) -> Result<u64, (Fault, Option<LocId>)> {
        let saved = self.enter_function(model, func, args)?;
        let stop = self.run_entered(model, budget);
        self.leave_function(saved, stop, budget)
    }

    /// Sets the process's own frames aside and enters `func` with `args`
    /// (`call_function` in parts, for a caller that serves the MPI calls
    /// the function makes: `Machine::run_callback`).
    pub fn enter_function(
        &mut self,
        model: &Model,
        func: FuncId,
        args: &[u64],
    ) -> Result<EnteredCall, (Fault, Option<LocId>)> {
        let Some(callee) = model.functions.get(func as usize) else {
            return Err((
                Fault::Unsupported(format!("call of unknown function {func}")),
                None,
            ));
        };
        let mut regs = vec![0u64; callee.num_regs as usize];
        for (r, a) in regs.iter_mut().zip(args).take(callee.params.len()) {
            *r = *a;
        }
        let shadows = self.track_swap_frames(model, func);
        let frames = std::mem::replace(
            &mut self.frames,
            vec![Frame {
                func,
                block: 0,
                ip: 0,
                regs,
                ret_dst: None,
            }],
        );
        // Its return ends the call: nothing queued behind the process's
        // own frames runs after it.
        let then = std::mem::take(&mut self.then);
        Ok(EnteredCall {
            frames,
            then,
            shadows,
        })
    }

    /// Runs an entered function to its next stop. Its accesses to window
    /// memory happen inside the MPI call that runs it, on data MPI owns:
    /// not the program's.
    pub fn run_entered(&mut self, model: &Model, budget: u64) -> Stop {
        loop {
            match self.run(model, budget, None) {
                Stop::Watched { .. } => {
                    self.mem.take_hits();
                }
                stop => break stop,
            }
        }
    }

    /// Ends an entered function at `stop`: the process's own frames come
    /// back; its return value, or the fault that stopped it.
    pub fn leave_function(
        &mut self,
        saved: EnteredCall,
        stop: Stop,
        budget: u64,
    ) -> Result<u64, (Fault, Option<LocId>)> {
        let returned = self.frames.is_empty();
        self.frames = saved.frames;
        self.then = saved.then;
        self.track_restore_frames(saved.shadows);
        let unsupported = |m: &str, loc: LocId| Err((Fault::Unsupported(m.into()), Some(loc)));
        match stop {
            // Only a return pops the last frame; `exit` leaves it.
            Stop::Exit { code, .. } if returned => Ok(code as u32 as u64),
            Stop::Exit { loc, .. } => unsupported("exit inside a user reduction operator", loc),
            Stop::Mpi { loc, .. } | Stop::Threads { loc, .. } => {
                unsupported("MPI call inside a user reduction operator", loc)
            }
            Stop::Fault { fault, loc } => Err((fault, Some(loc))),
            Stop::Timeout { loc } => unsupported("the time limit (--timeout) was reached", loc),
            Stop::Budget { loc } => unsupported(
                &format!("user reduction operator did not return within {budget} steps"),
                loc,
            ),
            Stop::Watched { loc } => unsupported("a watched access escaped its loop", loc),
        }
    }

    /// Enters `func` with `args`: a new frame on the call stack, whose return
    /// value goes to the caller's `dst`.
    fn push_frame(
        &mut self,
        model: &Model,
        func: FuncId,
        args: &[u64],
        dst: Option<Reg>,
    ) -> Result<(), Fault> {
        if self.frames.len() >= MAX_CALL_DEPTH {
            // A real run overflows its stack somewhere near here or not,
            // depending on `ulimit -s` and frame sizes: a limit of the
            // tool, not a finding.
            return Err(Fault::Unsupported(format!(
                "call depth above {MAX_CALL_DEPTH} (unbounded recursion?)"
            )));
        }
        let callee = &model.functions[func as usize];
        let mut regs = vec![0u64; callee.num_regs as usize];
        for (r, a) in regs.iter_mut().zip(args).take(callee.params.len()) {
            *r = *a;
        }
        self.frames.push(Frame {
            func,
            block: 0,
            ip: 0,
            regs,
            ret_dst: dst,
        });
        Ok(())
    }

    /// The function a call through a pointer with `bits` calls with `nargs`
    /// arguments. Calling through a null or non-function pointer is
    /// undefined behavior that crashes real runs (C11 6.5.2.2); a function
    /// whose parameters do not match the call is undefined too (6.5.2.2p9),
    /// but often harmless in practice, so the check stops inconclusive there.
    fn resolve_callee(model: &Model, bits: u64, nargs: usize) -> Result<FuncId, Fault> {
        if bits == 0 {
            return Err(Fault::Memory(MemFault::Other(
                "call through a null function pointer".into(),
            )));
        }
        let Some(func) =
            Pointer::as_function(bits).filter(|f| (*f as usize) < model.functions.len())
        else {
            return Err(Fault::Memory(MemFault::Other(
                "call through a pointer that does not point to a function".into(),
            )));
        };
        let callee = &model.functions[func as usize];
        if callee.params.len() != nargs {
            return Err(Fault::Unsupported(format!(
                "call through a function pointer with {nargs} arguments to {} ({} parameters)",
                callee.name,
                callee.params.len()
            )));
        }
        Ok(func)
    }

    /// Moves control to `target`, assigning its phis in parallel.
    fn enter_block(fr: &mut Frame, func: &Function, target: BlockId) -> Result<(), Fault> {
        let from = fr.block;
        let phis = &func.blocks[target as usize].phis;
        if !phis.is_empty() {
            let mut vals = Vec::with_capacity(phis.len());
            for p in phis {
                let op = p
                    .incoming
                    .iter()
                    .find(|(b, _)| *b == from)
                    .map(|(_, o)| *o)
                    .ok_or_else(|| {
                        Fault::Unsupported(
                            "phi without an incoming value for its predecessor".into(),
                        )
                    })?;
                vals.push(match op {
                    Operand::Reg(r) => fr.regs[r as usize],
                    Operand::Const(c) => c,
                });
            }
            for (p, v) in phis.iter().zip(vals) {
                fr.regs[p.dst as usize] = v;
            }
        }
        fr.block = target;
        fr.ip = 0;
        Ok(())
    }

    /// Executes one non-terminator instruction. Returns `Some` when the
    /// process must stop (MPI call, exit).
    #[inline]
    fn exec(&mut self, model: &Model, inst: &Inst) -> Result<Option<Stop>, Fault> {
        let fr = self.frames.last_mut().ok_or(Fault::Unreachable)?;
        let regs = &mut fr.regs;
        macro_rules! v {
            ($o:expr) => {
                match $o {
                    Operand::Reg(r) => regs[*r as usize],
                    Operand::Const(c) => *c,
                }
            };
        }
        match &inst.kind {
            InstKind::Binary {
                dst,
                op,
                ty,
                lhs,
                rhs,
            } => {
                regs[*dst as usize] = super::arith::binary(*op, *ty, v!(lhs), v!(rhs))?;
            }
            InstKind::FNeg { dst, ty, value } => {
                regs[*dst as usize] = super::arith::fneg(*ty, v!(value));
            }
            InstKind::X87 { dst, op, args } => {
                let vals: Vec<u64> = args.iter().map(|a| v!(a)).collect();
                regs[*dst as usize] = super::arith::x87(*op, &vals)?;
            }
            InstKind::ICmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => {
                regs[*dst as usize] = super::arith::icmp(*pred, *ty, v!(lhs), v!(rhs));
            }
            InstKind::FCmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => {
                regs[*dst as usize] = super::arith::fcmp(*pred, *ty, v!(lhs), v!(rhs));
            }
            InstKind::Cast {
                dst,
                op,
                from,
                to,
                value,
            } => {
                let x = v!(value);
                if !super::arith::cast_defined(*op, *from, *to, x) {
                    return Err(Fault::Unsupported(super::arith::cast_undefined(
                        *from, *to, x, *op,
                    )));
                }
                regs[*dst as usize] = super::arith::cast(*op, *from, *to, x);
            }
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => {
                regs[*dst as usize] = if v!(cond) & 1 != 0 {
                    v!(if_true)
                } else {
                    v!(if_false)
                };
            }
            InstKind::Gep {
                dst,
                base,
                offset,
                indices,
            } => {
                let mut addr = v!(base).wrapping_add(*offset as u64);
                for gi in indices {
                    let i = sext(v!(&gi.index), gi.index_ty);
                    addr = addr.wrapping_add(i.wrapping_mul(gi.scale) as u64);
                }
                regs[*dst as usize] = addr;
            }
            InstKind::Load {
                dst,
                ty,
                ptr,
                volatile,
            } => {
                let p = v!(ptr);
                let x = self.mem.load(p, ty.size()).map_err(Fault::Memory)?;
                if *volatile {
                    self.mem.mark_hits_polling();
                }
                if self.omp.team.is_some() {
                    self.omp_access(model, p, ty.size(), false, inst.loc)?;
                }
                self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[*dst as usize] =
                    if *ty == Ty::I1 { x & 1 } else { x };
            }
            InstKind::Store { ty, value, ptr } => {
                let (x, p) = (v!(value), v!(ptr));
                self.mem.store(p, ty.size(), x).map_err(Fault::Memory)?;
                if self.omp.team.is_some() {
                    self.omp_access(model, p, ty.size(), true, inst.loc)?;
                }
            }
            InstKind::Alloca {
                dst,
                elem_size,
                count,
            } => {
                let n = v!(count);
                let size = elem_size.checked_mul(n).ok_or_else(|| {
                    Fault::Memory(MemFault::Other(format!(
                        "stack allocation of {n} elements overflows"
                    )))
                })?;
                // A stack array beyond what the checker holds is a limit
                // of the tool (a real run may overflow its stack or not,
                // depending on `ulimit -s`): inconclusive, not an error.
                let p = self.mem.allocate(size, AllocKind::Stack).map_err(|e| match e {
                    MemFault::TooLarge { size } => Fault::Unsupported(format!(
                        "stack allocation of {size} bytes (an array or alloca), more than the checker holds"
                    )),
                    other => Fault::Memory(other),
                })?;
                self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[*dst as usize] = p;
                if self.omp.team.is_some() {
                    self.omp_private_block(p);
                }
            }
            InstKind::Libc {
                dst,
                func: func @ (LibcFunc::Atexit | LibcFunc::CxaAtexit),
                args,
            } if args
                .first()
                .and_then(|a| Pointer::as_function(v!(&a.value)))
                .is_some_and(|f| (f as usize) < model.functions.len()) =>
            {
                let f = args
                    .first()
                    .and_then(|a| Pointer::as_function(v!(&a.value)))
                    .ok_or(Fault::Unreachable)?;
                // A static object's destructor runs on the object.
                let object = (*func == LibcFunc::CxaAtexit)
                    .then(|| args.get(1).map(|a| v!(&a.value)))
                    .flatten();
                self.atexit.push((f, object));
                if let Some(d) = dst {
                    self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[*d as usize] = 0;
                }
            }
            InstKind::Libc {
                dst,
                func: func @ (LibcFunc::Setjmp | LibcFunc::Longjmp),
                args,
            } => {
                let vals: Vec<u64> = args.iter().map(|a| v!(&a.value)).collect();
                return self.nonlocal_jump(model, *func, &vals, *dst, inst.loc);
            }
            InstKind::Libc { dst, func, args } => {
                let vals: Vec<(u64, Ty)> = args.iter().map(|a| (v!(&a.value), a.ty)).collect();
                let dst = *dst;
                let outcome = if self.track.is_some() {
                    self.libc_tracked(*func, &vals, args, dst, inst.loc)?
                } else if self.omp_checks_library() {
                    // What the function reads and writes for a thread.
                    self.mem.log_accesses(true);
                    let outcome =
                        libc::call(*func, &vals, &mut self.mem, libc::Clock::at(self.steps));
                    self.omp_library_done(model, inst.loc)?;
                    outcome.map_err(Fault::Memory)?
                } else {
                    libc::call(*func, &vals, &mut self.mem, libc::Clock::at(self.steps))
                        .map_err(Fault::Memory)?
                };
                match outcome {
                    LibcOutcome::Return(r) => {
                        if let Some(d) = dst {
                            self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[d as usize] =
                                r.unwrap_or(0);
                        }
                    }
                    // `exit` runs the exit handlers first (once: `exit`
                    // inside a handler ends the process at once).
                    LibcOutcome::Exit(code) if self.exit_status.is_none() => {
                        self.posix_exit(model)?;
                        if let Some(next) = self.begin_exit(model, code, inst.loc) {
                            self.frames.clear();
                            self.frames.push(next);
                            return Ok(None);
                        }
                        return Ok(Some(Stop::Exit {
                            code,
                            loc: inst.loc,
                        }));
                    }
                    LibcOutcome::Exit(code) | LibcOutcome::ExitNow(code) => {
                        return Ok(Some(Stop::Exit {
                            code,
                            loc: inst.loc,
                        }))
                    }
                    LibcOutcome::Abort => return Err(Fault::Abort),
                    LibcOutcome::Terminate { message } => return Err(Fault::Assert(message)),
                    LibcOutcome::AssertFailed { message } => return Err(Fault::Assert(message)),
                    LibcOutcome::Unsupported(what) => return Err(Fault::Unsupported(what)),
                }
            }
            InstKind::Mpi { func, args, .. } => {
                let args = args.iter().map(|a| v!(a)).collect();
                // Another thread of the region may run first.
                if self.omp.team.is_some() {
                    return self.omp_mpi_call(model, *func, args, inst.loc);
                }
                return Ok(Some(Stop::Mpi {
                    func: *func,
                    args,
                    loc: inst.loc,
                }));
            }
            InstKind::Call { dst, func, args } => {
                let args: Vec<u64> = args.iter().map(|a| v!(a)).collect();
                self.push_frame(model, *func, &args, *dst)?;
                return Ok(None);
            }
            InstKind::CallIndirect { dst, callee, args } => {
                let func = Self::resolve_callee(model, v!(callee), args.len())?;
                let args: Vec<u64> = args.iter().map(|a| v!(a)).collect();
                self.push_frame(model, func, &args, *dst)?;
                return Ok(None);
            }
            // Code mpi-extract could not model, reached: the execution stops
            // and the check is inconclusive, naming the construct (a tool
            // limit, not a bug in the program).
            InstKind::Unsupported { what } => return Err(Fault::Unsupported(what.clone())),
            InstKind::Foreign {
                dst,
                ty,
                callee,
                no_effect,
                ..
            } => {
                if !*no_effect {
                    return Err(Fault::Unsupported(super::foreign::no_definition(callee)));
                }
                if let Some(d) = dst {
                    regs[*d as usize] = match ty {
                        Some(Ty::Ptr) => Pointer::opaque(inst.loc, self.steps),
                        _ => 0,
                    };
                }
            }
            // std::terminate: the process ends abnormally, as with abort().
            InstKind::Terminate { why } => return Err(Fault::Assert(why.clone())),
            InstKind::LifetimeEnd { ptr } => {
                let p = v!(ptr);
                self.mem.end_lifetime(p).map_err(Fault::Memory)?;
            }
            InstKind::Omp { dst, call, args } => {
                if self.track.is_some() && !call.is_query() {
                    return Err(Fault::Unsupported(format!(
                        "{} under --any-input (OpenMP is not followed symbolically)",
                        call.c_name()
                    )));
                }
                let vals: Vec<u64> = args.iter().map(|a| v!(a)).collect();
                match self.omp_call(model, *call, &vals, inst.loc)? {
                    super::omp::OmpStep::Return(r) => {
                        if let Some(d) = dst {
                            self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[*d as usize] = r;
                        }
                    }
                    super::omp::OmpStep::Switched => return Ok(None),
                    super::omp::OmpStep::Stop(stop) => return Ok(Some(stop)),
                }
            }
            InstKind::Atomic {
                dst,
                op,
                ty,
                ptr,
                value,
            } => {
                if self.track.is_some() {
                    return Err(Fault::Unsupported(
                        "an atomic access under --any-input".into(),
                    ));
                }
                let (p, x, size) = (v!(ptr), v!(value), ty.size());
                let old = self.mem.load(p, size).map_err(Fault::Memory)?;
                if let Some(new) = atomic_result(*op, *ty, old, x) {
                    self.mem.store(p, size, new).map_err(Fault::Memory)?;
                } else {
                    self.mem.mark_hits_polling();
                }
                if self.omp.team.is_some() {
                    self.omp_atomic(model, p, size, *op, dst.is_some(), inst.loc)?;
                }
                if let Some(d) = dst {
                    self.frames.last_mut().ok_or(Fault::Unreachable)?.regs[*d as usize] = old;
                }
            }
        }
        if let Some(fr) = self.frames.last_mut() {
            fr.ip += 1;
        }
        Ok(None)
    }
}

/// The value an atomic operation leaves in memory (None: it only reads).
fn atomic_result(op: runtime_model::omp::AtomicOp, ty: Ty, old: u64, x: u64) -> Option<u64> {
    use runtime_model::omp::AtomicOp::*;
    let (so, sx) = (sext(old, ty), sext(x, ty));
    Some(match op {
        Read => return None,
        Xchg => x,
        Add => mask(old.wrapping_add(x), ty),
        Sub => mask(old.wrapping_sub(x), ty),
        And => old & x,
        Nand => mask(!(old & x), ty),
        Or => old | x,
        Xor => old ^ x,
        Max => {
            if so >= sx {
                old
            } else {
                x
            }
        }
        Min => {
            if so <= sx {
                old
            } else {
                x
            }
        }
        UMax => old.max(x),
        UMin => old.min(x),
        FAdd => from_f64f(old, x, ty, |a, b| a + b, |a, b| a + b),
        FSub => from_f64f(old, x, ty, |a, b| a - b, |a, b| a - b),
        FMax => from_f64f(old, x, ty, f32::max, f64::max),
        FMin => from_f64f(old, x, ty, f32::min, f64::min),
    })
}

/// What `Process::enter_function` set aside: the process's own frames, the
/// functions queued behind them and their shadows.
pub struct EnteredCall {
    frames: Vec<Frame>,
    then: Vec<Frame>,
    shadows: Option<Vec<Vec<Option<super::shadow::value::Shadow>>>>,
}
