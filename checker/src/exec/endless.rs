//! Endless local loops, found rather than guessed.
//!
//! Between two MPI calls a process runs deterministically: its next state
//! is a function of its present one (position, registers, memory, the C
//! library's static state). If it comes back to a state it was already in
//! without an MPI call in between, it will go round the same way forever
//! (Palmer et al. 2007, §4 hashes states to find such cycles; here it is one process's
//! local run). That is a `non-termination` error with the loop's lines, a
//! definite verdict, where an instruction budget could only say "maybe".
//!
//! The states compared are those at retreating edges (an edge to a block
//! that does not come later in the function's block order): every cycle of
//! a control-flow graph has one, so every endless loop passes one on every
//! round. Brent's algorithm (R. P. Brent, "An improved Monte Carlo
//! factorization algorithm", 1980) keeps one saved state, moved to the
//! present at back edge counts that are powers of two, and compares the
//! present with it at every back edge: a cycle of any length is found
//! within a few rounds of it, with one saved state.
//!
//! The comparison is exact and cheap where it can be: position first, then
//! the registers live there (dead ones are leftovers of an earlier pass,
//! `liveness`), then memory, allocation by allocation, where an allocation
//! not written since the saved state is the same shared block
//! (copy-on-write, `Memory`) and costs a pointer comparison. A memory
//! comparison that had to read many bytes delays the next one by as many
//! instructions, so the check never costs more than a small fraction of
//! the run. Nothing is checked in the first [`ARM_AFTER`] instructions of
//! a local run (most loops end long before).
//!
//! What is not part of the compared state must not decide the future, or a
//! loop that ends would be taken for endless:
//! - the logical clock (`gettimeofday`, `clock_gettime`, `omp_get_wtime`
//!   read the instructions executed): a pass that reads it starts the
//!   comparison afresh;
//! - memory another process or thread may change: window memory (its
//!   accesses stop the run, `Stop::Watched`, which ends this check) and the
//!   threads of a parallel region (not checked while a team runs).

use super::interp::{Frame, Process};
use super::liveness::Liveness;
use super::memory::Memory;
use runtime_model::model::{BlockId, FuncId, InstKind, LibcFunc, Model, Operand, Pointer, Reg, Ty};
use runtime_model::omp::OmpCall;

/// Instructions of one local run before its back edges are checked.
pub const ARM_AFTER: u64 = 1 << 20;

/// A frame's position (function, block, instruction, where the caller
/// wants the result) and the values of its registers live there.
type SavedFrame = (FuncId, BlockId, u32, Option<Reg>, Vec<(Reg, u64)>);

/// A process's state at a back edge, as far as its future depends on it.
#[derive(Clone)]
struct Saved {
    frames: Vec<SavedFrame>,
    mem: Memory,
    atexit: Vec<(FuncId, Option<u64>)>,
    then: usize,
    exit_status: Option<i32>,
}

impl Saved {
    fn of(p: &Process, model: &Model, liveness: &Liveness) -> Saved {
        Saved {
            frames: p
                .frames
                .iter()
                .map(|fr| {
                    let live = liveness
                        .live_at(model, fr.func, fr.block, fr.ip)
                        .iter()
                        .map(|&r| (r, fr.regs[r as usize]))
                        .collect();
                    (fr.func, fr.block, fr.ip, fr.ret_dst, live)
                })
                .collect(),
            mem: p.mem.clone(),
            atexit: p.atexit.clone(),
            then: p.then.len(),
            exit_status: p.exit_status,
        }
    }

    /// Same position and live registers in every frame (cheap: no memory).
    fn same_position(&self, p: &Process) -> bool {
        self.frames.len() == p.frames.len()
            && self.frames.iter().zip(&p.frames).all(|(s, fr)| {
                (s.0, s.1, s.2, s.3) == (fr.func, fr.block, fr.ip, fr.ret_dst)
                    && s.4.iter().all(|&(r, v)| fr.regs[r as usize] == v)
            })
            && self.atexit == p.atexit
            && self.then == p.then.len()
            && self.exit_status == p.exit_status
    }
}

/// An endless loop: the process came back to a state it was in `period`
/// back edges earlier.
#[derive(Clone, Debug)]
pub struct Cycle {
    pub period: u64,
}

/// Brent's cycle detection over one local run (see the module docs).
pub struct Endless {
    armed_at: u64,
    saved: Option<Saved>,
    /// Back edges since `saved` was taken, and when it moves next.
    lam: u64,
    power: u64,
    /// Instructions before which no memory comparison is made.
    next_memory_check: u64,
    /// The saved state may not be compared (`outside_read`).
    stale: bool,
}

impl Endless {
    /// The check of a local run starting after `steps` instructions.
    pub fn new(steps: u64) -> Endless {
        Endless {
            armed_at: steps.saturating_add(ARM_AFTER),
            saved: None,
            lam: 0,
            power: 1,
            next_memory_check: 0,
            stale: false,
        }
    }

    /// The step count from which back edges are checked.
    #[inline]
    pub fn armed_at(&self) -> u64 {
        self.armed_at
    }

    #[inline]
    pub fn armed(&self, steps: u64) -> bool {
        steps >= self.armed_at
    }

    /// The check of a back edge into block `block` of function `func`,
    /// where the running frame (the `depth`-th) holds `regs`, when it
    /// can be decided without the rest of the process: the saved state is
    /// not due to move, and cannot be the present one (another position,
    /// or a live register differs) or may not be compared now. Then the
    /// edge is counted, as [`Endless::back_edge`] would, and `true` says
    /// nothing else is to be done; `false` leaves the edge to
    /// `back_edge`.
    #[inline]
    pub fn pass(
        &mut self,
        steps: u64,
        depth: usize,
        func: FuncId,
        block: BlockId,
        regs: &[u64],
    ) -> bool {
        let Some(saved) = self.saved.as_mut() else {
            return false;
        };
        if self.lam + 1 >= self.power {
            return false;
        }
        let differs = self.stale
            || steps < self.next_memory_check
            || saved.frames.len() != depth
            || saved.frames.last_mut().is_none_or(|s| {
                (s.0, s.1, s.2) != (func, block, 0) || {
                    // The register that told the states apart is compared
                    // first next time (a loop's counter, as a rule): the
                    // order of the comparisons does not change the answer.
                    let at =
                        s.4.iter()
                            .position(|&(r, v)| regs.get(r as usize) != Some(&v));
                    if let Some(i) = at {
                        s.4.swap(0, i);
                    }
                    at.is_some()
                }
            });
        if differs {
            self.lam += 1;
        }
        differs
    }

    /// Something outside the compared state was read (the clock): the
    /// saved state cannot be compared with what comes after, until the
    /// next one is saved (saving at once would cost a copy per pass of a
    /// loop that reads the clock on every pass).
    pub fn outside_read(&mut self) {
        self.stale = true;
    }

    /// The process just took a back edge; `Some` when it is back in the
    /// state saved `period` back edges ago.
    pub fn back_edge(&mut self, p: &Process, model: &Model, liveness: &Liveness) -> Option<Cycle> {
        if p.omp.team.is_some() {
            self.saved = None;
            return None;
        }
        self.lam += 1;
        if let Some(saved) = self.saved.as_ref().filter(|_| !self.stale) {
            if p.steps >= self.next_memory_check && saved.same_position(p) {
                let (same, cost) = p.mem.same_as(&saved.mem);
                self.next_memory_check = p.steps.saturating_add(cost / 8);
                if same {
                    return Some(Cycle { period: self.lam });
                }
            }
        }
        if self.saved.is_none() || self.lam >= self.power {
            self.saved = Some(Saved::of(p, model, liveness));
            self.power = self.power.saturating_mul(2);
            self.lam = 0;
            self.stale = false;
        }
        None
    }
}

/// Whether executing `kind` reads the logical clock.
pub fn reads_clock(kind: &InstKind) -> bool {
    match kind {
        InstKind::Libc { func, .. } => {
            matches!(func, LibcFunc::Gettimeofday | LibcFunc::ClockGettime)
        }
        InstKind::Omp { call, .. } => *call == OmpCall::GetWtime,
        _ => false,
    }
}

/// The user's words for an endless loop whose back edge enters `header`
/// of the running frame: its lines, and the globals it reads with their
/// values, which stay the same on every pass.
pub fn describe(p: &Process, model: &Model, latch: BlockId, cycle: &Cycle) -> String {
    let Some(fr) = p.frames.last() else {
        return "a loop never ends".into();
    };
    let body = loop_body(model, fr, latch);
    let f = &model.functions[fr.func as usize];
    // Lines in the file of the loop's header, at the outermost call site
    // of inlined code (the user's loop, not the lines of what it calls).
    let outer = |loc: u32| {
        let mut l = loc;
        while let Some(up) = model.locations.get(l as usize).and_then(|x| x.inlined_at) {
            l = up;
        }
        model.locations.get(l as usize)
    };
    let head = &f.blocks[fr.block as usize];
    let head_loc = head.insts.first().map_or(head.term_loc, |i| i.loc);
    let file = outer(head_loc).map(|l| l.file);
    let mut lines: Vec<u32> = Vec::new();
    let mut globals: Vec<String> = Vec::new();
    for &b in &body {
        let block = &f.blocks[b as usize];
        let locs = block
            .insts
            .iter()
            .map(|i| i.loc)
            .chain(std::iter::once(block.term_loc));
        for loc in locs {
            if let Some(l) = outer(loc).filter(|l| Some(l.file) == file && l.line > 0) {
                lines.push(l.line);
            }
        }
        for inst in &block.insts {
            if let InstKind::Load {
                ty,
                ptr: Operand::Const(bits),
                ..
            } = &inst.kind
            {
                let ptr = Pointer::decode(*bits);
                let Some(g) = (ptr.alloc as usize)
                    .checked_sub(1)
                    .and_then(|i| model.globals.get(i))
                else {
                    continue;
                };
                if g.constant || g.name.starts_with('.') {
                    continue;
                }
                if let Some(v) = p.mem.peek(*bits, ty.size()).map(word) {
                    let name = if ptr.offset == 0 {
                        g.name.clone()
                    } else {
                        format!("{}+{}", g.name, ptr.offset)
                    };
                    let shown = format!("{name} = {}", shown_value(v, *ty));
                    if !globals.contains(&shown) {
                        globals.push(shown);
                    }
                }
            }
        }
    }
    let file_name = file
        .and_then(|i| model.files.get(i as usize))
        .map(|f| {
            std::path::Path::new(f)
                .file_name()
                .map_or(f.clone(), |n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    let place = match (lines.iter().min(), lines.iter().max()) {
        (Some(a), Some(b)) if a == b => format!("the loop at {file_name}:{a}"),
        (Some(a), Some(b)) => format!("the loop at {file_name}:{a}-{b}"),
        _ => "a loop".into(),
    };
    let passes = if cycle.period == 1 {
        "after one more pass".to_string()
    } else {
        format!("every {} passes", cycle.period)
    };
    let mut msg = format!(
        "{place} never ends: {passes} the process is back in the same state (position, live registers, memory) with no MPI call in between"
    );
    if !globals.is_empty() {
        globals.truncate(4);
        msg.push_str(&format!(", reading {}", globals.join(", ")));
        msg.push_str(" every time");
    }
    msg
}

/// Little-endian bytes as a register value.
fn word(bytes: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    u64::from_le_bytes(w)
}

/// A value as C would print it: integers signed, floats as floats.
fn shown_value(v: u64, ty: Ty) -> String {
    match ty {
        Ty::F32 => format!("{}", f32::from_bits(v as u32)),
        Ty::F64 => format!("{}", f64::from_bits(v)),
        Ty::Ptr if v == 0 => "NULL".into(),
        Ty::Ptr => "a pointer".into(),
        Ty::I1 => format!("{}", v & 1),
        _ => {
            let b = ty.bits();
            format!("{}", ((v << (64 - b)) as i64) >> (64 - b))
        }
    }
}

/// The blocks of the natural loop of the back edge `latch` → the running
/// frame's block: the header and every block that reaches the latch without
/// passing through the header.
fn loop_body(model: &Model, fr: &Frame, latch: BlockId) -> Vec<BlockId> {
    let f = &model.functions[fr.func as usize];
    let mut preds: Vec<Vec<BlockId>> = vec![Vec::new(); f.blocks.len()];
    for (b, block) in f.blocks.iter().enumerate() {
        for s in block.term.successors() {
            if let Some(p) = preds.get_mut(s as usize) {
                p.push(b as BlockId);
            }
        }
    }
    let header = fr.block;
    let mut body = vec![header];
    let mut work = vec![latch];
    while let Some(b) = work.pop() {
        if body.contains(&b) {
            continue;
        }
        body.push(b);
        work.extend(preds[b as usize].iter().copied());
    }
    body.sort_unstable();
    body
}
