//! The interpreter's fast path: runs the compiled form of the model
//! (`code`) from the current position for as long as its operations are
//! covered and succeed, then hands the process back to the general path
//! (`Process::run`) exactly where it stands: frame position, registers,
//! memory and the step count are what the general path would have made
//! of the same instructions. It counts every instruction, looks at the
//! clock and the budget on the same steps, notes watched accesses and
//! takes the endless-loop check at the same back edges.
//!
//! Steps are counted per block, not per operation: operation `i` of a
//! block is its instruction `i`, so within a block the step count is the
//! operation's index plus a constant (`delta`), set when the block is
//! entered. A block that ends before the next look at the clock or the
//! budget runs without a look at the limit; only the block that reaches it
//! looks before each operation (`stop`). Operands are read without bounds
//! checks: `code` accepts only registers below the function's count, which
//! the frame's register file is checked to have, and constants of the
//! function's pool, and every block ends with a terminator, so the
//! position never runs off the block.

use super::code::{Code, FnCode, Op, CONST, MAX_PARALLEL};
use super::interp::{Process, Stop};
use super::memory::Direct;
use runtime_model::model::Model;

/// Why the compiled run ended.
enum Exit {
    /// At an operation for the general path (not executed).
    General,
    /// After a watched access by instruction `ip` of the current block.
    Watched { ip: u32 },
    /// After a back edge from block `from`, with the endless-loop check due.
    BackEdge { from: u32 },
}

/// The value of operand `s` (see the module docs for why no bounds check
/// is needed).
#[inline(always)]
fn get(f: &FnCode, regs: &[u64], s: u32) -> u64 {
    // A select of the array rather than a branch: one handler serves
    // operations of both kinds, so a branch would be hard to predict.
    let base = if s & CONST != 0 {
        f.consts.as_ptr()
    } else {
        regs.as_ptr()
    };
    // SAFETY: `code` resolves operands to registers below `num_regs`
    // (the length of `regs`, checked on entry) or to entries of `consts`.
    unsafe { *base.add((s & !CONST) as usize) }
}

/// The operation index at which a block entered at `pc` with `steps`
/// counted must look at the limit: none (`u32::MAX`) if its last
/// operation, `term`, comes before it.
#[inline(always)]
fn stop_at(steps: u64, pc: u32, term: u32, limit: u64) -> u32 {
    if steps + ((term - pc) as u64) < limit {
        u32::MAX
    } else {
        // `limit - steps` is at most `CHECK_EVERY` (or 0).
        pc + limit.saturating_sub(steps) as u32
    }
}

impl Process {
    /// Runs compiled operations (see the module docs). `Some` is a stop
    /// of the run (a watched access, an endless loop); `None` leaves the
    /// next instruction to the general path.
    pub(super) fn run_compiled(
        &mut self,
        model: &Model,
        code: &Code,
        budget: u64,
        endless: &mut super::endless::Endless,
        liveness: Option<&super::liveness::Liveness>,
    ) -> Option<Stop> {
        const EVERY: u64 = super::deadline::CHECK_EVERY;
        loop {
            // The general path looks at the clock when the count is a
            // multiple of `EVERY`, and stops at the budget.
            let steps = self.steps;
            if steps & (EVERY - 1) == 0 || steps >= budget {
                return None;
            }
            let limit = budget.min((steps | (EVERY - 1)) + 1);
            let armed = endless.armed_at();
            let depth = self.frames.len();
            let fr = self.frames.last_mut()?;
            let func = fr.func;
            let f = code.funcs.get(func as usize)?;
            if fr.regs.len() != f.num_regs as usize {
                return None;
            }
            let mut block = fr.block;
            let mut term = *f.block_term.get(block as usize)?;
            let mut pc = f.block_start.get(block as usize)?.checked_add(fr.ip)?;
            if pc > term {
                return None;
            }
            // The step count is `delta + pc` within the block.
            let mut delta = steps.wrapping_sub(pc as u64);
            let mut stop = stop_at(steps, pc, term, limit);
            let regs = &mut fr.regs[..];
            let mut mem = Direct::new(&mut self.mem);
            let watching = mem.memory().watching();
            let check_loops = liveness.is_some();
            macro_rules! v {
                ($s:expr) => {
                    get(f, regs, $s)
                };
            }
            macro_rules! set {
                ($d:expr, $x:expr) => {{
                    let x = $x;
                    // SAFETY: as in `get`.
                    unsafe { *regs.get_unchecked_mut($d as usize) = x }
                }};
            }
            // After an access to watched memory by the operation at `pc`,
            // the run stops with the access done.
            macro_rules! watched {
                ($l:lifetime) => {
                    if watching && mem.memory().has_hits() {
                        pc += 1;
                        break $l Exit::Watched {
                            ip: pc - 1 - f.block_start[block as usize],
                        };
                    }
                };
            }
            macro_rules! load {
                ($l:lifetime, $n:literal, $d:expr, $addr:expr, $post:expr) => {{
                    let Some(x) = mem.load::<$n>($addr) else {
                        break $l Exit::General;
                    };
                    set!($d, $post(x));
                    watched!($l);
                }};
            }
            macro_rules! store {
                ($l:lifetime, $n:literal, $v:expr, $addr:expr) => {{
                    if !mem.store::<$n>($addr, v!($v)) {
                        break $l Exit::General;
                    }
                    watched!($l);
                }};
            }
            // Takes edge `e` from the block's terminator.
            macro_rules! take {
                ($l:lifetime, $e:expr) => {{
                    // SAFETY: `code` makes edges only with indices into
                    // `edges`, and moves into `moves`.
                    let e = unsafe { f.edges.get_unchecked($e as usize) };
                    let moves =
                        unsafe { f.moves.get_unchecked(e.start as usize..(e.start + e.len) as usize) };
                    if moves.is_empty() {
                    } else if e.parallel {
                        let mut vals = [0u64; MAX_PARALLEL];
                        for (v, &(_, s)) in vals.iter_mut().zip(moves) {
                            *v = v!(s);
                        }
                        for (v, &(d, _)) in vals.iter().zip(moves) {
                            set!(d, *v);
                        }
                    } else {
                        for &(d, s) in moves {
                            set!(d, v!(s));
                        }
                    }
                    // The terminator counts.
                    let steps = delta.wrapping_add(term as u64) + 1;
                    let from = block;
                    block = e.target;
                    pc = e.pc;
                    term = e.term;
                    delta = steps.wrapping_sub(pc as u64);
                    stop = stop_at(steps, pc, term, limit);
                    if e.back
                        && check_loops
                        && steps >= armed
                        && !endless.pass(steps, depth, func, block, regs)
                    {
                        break $l Exit::BackEdge { from };
                    }
                    continue $l;
                }};
            }
            // One operation; `$checked`: the block reaches the limit, so
            // every operation looks at it first.
            macro_rules! step {
                ($l:lifetime, $checked:literal) => {{
                    if $checked && pc >= stop {
                        break $l Exit::General;
                    }
                    // SAFETY: `pc` is at most the block's terminator (checked
                    // on entry, kept by every operation: only terminators,
                    // which jump, are last).
                    match unsafe { *f.ops.get_unchecked(pc as usize) } {
                        Op::Slow => break $l Exit::General,
                        Op::Add { d, a, b, m } => set!(d, v!(a).wrapping_add(v!(b)) & m),
                        Op::AddC { d, a, c, m } => set!(d, v!(a).wrapping_add(c) & m),
                        Op::Sub { d, a, b, m } => set!(d, v!(a).wrapping_sub(v!(b)) & m),
                        Op::SubC { d, a, c, m } => set!(d, v!(a).wrapping_sub(c) & m),
                        Op::Mul { d, a, b, m } => set!(d, v!(a).wrapping_mul(v!(b)) & m),
                        Op::MulC { d, a, c, m } => set!(d, v!(a).wrapping_mul(c) & m),
                        Op::SDivC { d, a, c, ty } => set!(
                            d,
                            super::arith::mask(
                                (super::arith::sext(v!(a), ty).wrapping_div(c)) as u64,
                                ty
                            )
                        ),
                        Op::SRemC { d, a, c, ty } => set!(
                            d,
                            super::arith::mask(
                                (super::arith::sext(v!(a), ty).wrapping_rem(c)) as u64,
                                ty
                            )
                        ),
                        Op::UDivC { d, a, c } => set!(d, v!(a) / c),
                        Op::URemC { d, a, c } => set!(d, v!(a) % c),
                        Op::And { d, a, b } => set!(d, v!(a) & v!(b)),
                        Op::Or { d, a, b } => set!(d, v!(a) | v!(b)),
                        Op::Xor { d, a, b } => set!(d, v!(a) ^ v!(b)),
                        Op::ShlC { d, a, sh, m } => set!(d, (v!(a) << sh) & m),
                        Op::LShrC { d, a, sh } => set!(d, v!(a) >> sh),
                        Op::Bin { d, op, ty, a, b } => {
                            match super::arith::binary(op, ty, v!(a), v!(b)) {
                                Ok(r) => set!(d, r),
                                // A trap: the general path reports it.
                                Err(_) => break $l Exit::General,
                            }
                        }
                        Op::FAdd { d, a, b } => {
                            set!(d, (f64::from_bits(v!(a)) + f64::from_bits(v!(b))).to_bits())
                        }
                        Op::FSub { d, a, b } => {
                            set!(d, (f64::from_bits(v!(a)) - f64::from_bits(v!(b))).to_bits())
                        }
                        Op::FMul { d, a, b } => {
                            set!(d, (f64::from_bits(v!(a)) * f64::from_bits(v!(b))).to_bits())
                        }
                        Op::FDiv { d, a, b } => {
                            set!(d, (f64::from_bits(v!(a)) / f64::from_bits(v!(b))).to_bits())
                        }
                        Op::FNeg { d, ty, a } => set!(d, super::arith::fneg(ty, v!(a))),
                        Op::ICmp { d, cmp, a, b } => set!(d, cmp.eval(v!(a), v!(b))),
                        Op::FCmp { d, pred, ty, a, b } => {
                            set!(d, super::arith::fcmp(pred, ty, v!(a), v!(b)))
                        }
                        Op::SExt { d, a, sh, m } => {
                            set!(d, ((((v!(a) << sh) as i64) >> sh) as u64) & m)
                        }
                        Op::Mask { d, a, m } => set!(d, v!(a) & m),
                        Op::Cast { d, op, from, to, a } => {
                            // An out-of-range float to integer conversion
                            // is reported by the reference interpreter.
                            if !super::arith::cast_defined(op, from, to, v!(a)) {
                                break $l Exit::General;
                            }
                            set!(d, super::arith::cast(op, from, to, v!(a)))
                        }
                        Op::Select { d, c, t, f: e } => {
                            set!(d, if v!(c) & 1 != 0 { v!(t) } else { v!(e) })
                        }
                        Op::Gep0 { d, base, off } => set!(d, v!(base).wrapping_add(off as u64)),
                        Op::Gep1 {
                            d,
                            base,
                            off,
                            idx,
                            sh,
                            scale,
                        } => {
                            let i = ((v!(idx) << sh) as i64) >> sh;
                            set!(
                                d,
                                v!(base)
                                    .wrapping_add(off as u64)
                                    .wrapping_add(i.wrapping_mul(scale) as u64)
                            )
                        }
                        Op::Load1 { d, p, i1 } => {
                            load!($l, 1, d, v!(p), |x: u64| if i1 { x & 1 } else { x })
                        }
                        Op::Load2 { d, p } => load!($l, 2, d, v!(p), |x| x),
                        Op::Load4 { d, p } => load!($l, 4, d, v!(p), |x| x),
                        Op::Load8 { d, p } => load!($l, 8, d, v!(p), |x| x),
                        Op::Store1 { v, p } => store!($l, 1, v, v!(p)),
                        Op::Store2 { v, p } => store!($l, 2, v, v!(p)),
                        Op::Store4 { v, p } => store!($l, 4, v, v!(p)),
                        Op::Store8 { v, p } => store!($l, 8, v, v!(p)),
                        // The address, then (when the limit leaves room) the
                        // access as the next step.
                        Op::GepLoad4 { g, base, off, d } => {
                            let p = v!(base).wrapping_add(off as u64);
                            set!(g, p);
                            if !$checked || pc + 1 < stop {
                                pc += 1;
                                load!($l, 4, d, p, |x| x)
                            }
                        }
                        Op::GepLoad8 { g, base, off, d } => {
                            let p = v!(base).wrapping_add(off as u64);
                            set!(g, p);
                            if !$checked || pc + 1 < stop {
                                pc += 1;
                                load!($l, 8, d, p, |x| x)
                            }
                        }
                        Op::GepStore4 { g, base, off, v } => {
                            let p = v!(base).wrapping_add(off as u64);
                            set!(g, p);
                            if !$checked || pc + 1 < stop {
                                pc += 1;
                                store!($l, 4, v, p)
                            }
                        }
                        Op::GepStore8 { g, base, off, v } => {
                            let p = v!(base).wrapping_add(off as u64);
                            set!(g, p);
                            if !$checked || pc + 1 < stop {
                                pc += 1;
                                store!($l, 8, v, p)
                            }
                        }
                        Op::ICmpBr {
                            d,
                            cmp,
                            a,
                            b,
                            t,
                            f: e,
                        } => {
                            let r = cmp.eval(v!(a), v!(b));
                            set!(d, r);
                            // The branch is the next step: it runs here if
                            // the general path would not look at the clock or
                            // the budget before it.
                            if !$checked || pc + 1 < stop {
                                if r != 0 {
                                    take!($l, t)
                                } else {
                                    take!($l, e)
                                }
                            }
                        }
                        Op::Br { e } => take!($l, e),
                        Op::Jump {
                            target,
                            pc: to,
                            term: last,
                        } => {
                            // The terminator counts.
                            let steps = delta.wrapping_add(term as u64) + 1;
                            block = target;
                            pc = to;
                            term = last;
                            delta = steps.wrapping_sub(pc as u64);
                            stop = stop_at(steps, pc, term, limit);
                            continue $l;
                        }
                        Op::CondBr { c, t, f: e } => {
                            if v!(c) & 1 != 0 {
                                take!($l, t)
                            } else {
                                take!($l, e)
                            }
                        }
                    }
                    pc += 1;
                }};
            }
            let exit = 'run: loop {
                if stop == u32::MAX {
                    loop {
                        step!('run, false)
                    }
                } else {
                    loop {
                        step!('run, true)
                    }
                }
            };
            fr.block = block;
            fr.ip = pc - f.block_start[block as usize];
            self.steps = delta.wrapping_add(pc as u64);
            match exit {
                Exit::General => return None,
                Exit::Watched { ip } => {
                    let fr = self.frames.last()?;
                    let b = &model.functions[fr.func as usize].blocks[block as usize];
                    let inst = b.insts.get(ip as usize);
                    if let Some(runtime_model::model::InstKind::Load { volatile: true, .. }) =
                        inst.map(|i| &i.kind)
                    {
                        // As the reference interpreter marks it (`Hit::polling`).
                        self.mem.mark_hits_polling();
                    }
                    let loc = inst.map_or(b.term_loc, |i| i.loc);
                    return Some(Stop::Watched { loc });
                }
                Exit::BackEdge { from } => {
                    let fr = self.frames.last()?;
                    let loc = model.functions[fr.func as usize].blocks[from as usize].term_loc;
                    if let Some(stop) = self.back_edge_check(model, endless, liveness, from, loc) {
                        return Some(stop);
                    }
                }
            }
        }
    }
}
