//! The interpreter's fast path: runs the compiled form of the model
//! (`code`) from the current position for as long as its operations are
//! covered and succeed, then hands the process back to the general path
//! (`Process::run`) exactly where it stands: frame position, registers,
//! memory and the step count are what the general path would have made
//! of the same instructions. It counts every instruction, looks at the
//! clock and the budget on the same steps, notes watched accesses and
//! takes the endless-loop check at the same back edges.

use super::code::{Code, FnCode, Op, CONST, MAX_PARALLEL};
use super::interp::{Process, Stop};
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

#[inline(always)]
fn get(f: &FnCode, regs: &[u64], s: u32) -> u64 {
    if s & CONST != 0 {
        f.consts[(s & !CONST) as usize]
    } else {
        regs[s as usize]
    }
}

#[inline(always)]
fn f64op(f: &FnCode, regs: &[u64], a: u32, b: u32, op: fn(f64, f64) -> f64) -> u64 {
    op(
        f64::from_bits(get(f, regs, a)),
        f64::from_bits(get(f, regs, b)),
    )
    .to_bits()
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
            let mut steps = self.steps;
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
            let mut pc = *f.block_start.get(block as usize)? + fr.ip;
            let regs = &mut fr.regs[..];
            let mem = &mut self.mem;
            let watching = mem.watching();
            let check_loops = liveness.is_some();
            macro_rules! v {
                ($s:expr) => {
                    get(f, regs, $s)
                };
            }
            macro_rules! load {
                ($n:literal, $d:expr, $addr:expr, $post:expr) => {{
                    let Some(x) = mem.load_ok::<$n>($addr) else {
                        break Exit::General;
                    };
                    regs[$d as usize] = $post(x);
                    if watching && mem.has_hits() {
                        steps += 1;
                        pc += 1;
                        break Exit::Watched {
                            ip: pc - 1 - f.block_start[block as usize],
                        };
                    }
                }};
            }
            macro_rules! store {
                ($n:literal, $v:expr, $addr:expr) => {{
                    if !mem.store_ok::<$n>($addr, v!($v)) {
                        break Exit::General;
                    }
                    if watching && mem.has_hits() {
                        steps += 1;
                        pc += 1;
                        break Exit::Watched {
                            ip: pc - 1 - f.block_start[block as usize],
                        };
                    }
                }};
            }
            // Takes edge `e` (the terminator is counted already).
            macro_rules! take {
                ($e:expr) => {{
                    let e = f.edges[$e as usize];
                    let moves = &f.moves[e.start as usize..(e.start + e.len) as usize];
                    if e.parallel {
                        let mut vals = [0u64; MAX_PARALLEL];
                        for (v, &(_, s)) in vals.iter_mut().zip(moves) {
                            *v = v!(s);
                        }
                        for (v, &(d, _)) in vals.iter().zip(moves) {
                            regs[d as usize] = *v;
                        }
                    } else {
                        for &(d, s) in moves {
                            regs[d as usize] = v!(s);
                        }
                    }
                    let from = block;
                    block = e.target;
                    pc = e.pc;
                    if e.back
                        && check_loops
                        && steps >= armed
                        && !endless.pass(steps, depth, func, block, regs)
                    {
                        break Exit::BackEdge { from };
                    }
                    continue;
                }};
            }
            let exit = loop {
                if steps >= limit {
                    break Exit::General;
                }
                let Some(op) = f.ops.get(pc as usize) else {
                    break Exit::General;
                };
                match *op {
                    Op::Slow => break Exit::General,
                    Op::Add { d, a, b, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_add(regs[b as usize]) & m
                    }
                    Op::AddC { d, a, c, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_add(c) & m
                    }
                    Op::Sub { d, a, b, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_sub(regs[b as usize]) & m
                    }
                    Op::SubC { d, a, c, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_sub(c) & m
                    }
                    Op::Mul { d, a, b, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_mul(regs[b as usize]) & m
                    }
                    Op::MulC { d, a, c, m } => {
                        regs[d as usize] = regs[a as usize].wrapping_mul(c) & m
                    }
                    Op::And { d, a, b } => regs[d as usize] = regs[a as usize] & v!(b),
                    Op::Or { d, a, b } => regs[d as usize] = regs[a as usize] | v!(b),
                    Op::Xor { d, a, b } => regs[d as usize] = regs[a as usize] ^ v!(b),
                    Op::ShlC { d, a, sh, m } => regs[d as usize] = (regs[a as usize] << sh) & m,
                    Op::LShrC { d, a, sh } => regs[d as usize] = regs[a as usize] >> sh,
                    Op::Bin { d, op, ty, a, b } => {
                        match super::arith::binary(op, ty, v!(a), v!(b)) {
                            Ok(r) => regs[d as usize] = r,
                            // A trap: the general path reports it.
                            Err(_) => break Exit::General,
                        }
                    }
                    Op::FAdd { d, a, b } => regs[d as usize] = f64op(f, regs, a, b, |x, y| x + y),
                    Op::FSub { d, a, b } => regs[d as usize] = f64op(f, regs, a, b, |x, y| x - y),
                    Op::FMul { d, a, b } => regs[d as usize] = f64op(f, regs, a, b, |x, y| x * y),
                    Op::FDiv { d, a, b } => regs[d as usize] = f64op(f, regs, a, b, |x, y| x / y),
                    Op::FNeg { d, ty, a } => regs[d as usize] = super::arith::fneg(ty, v!(a)),
                    Op::ICmp { d, pred, ty, a, b } => {
                        regs[d as usize] = super::arith::icmp(pred, ty, v!(a), v!(b))
                    }
                    Op::FCmp { d, pred, ty, a, b } => {
                        regs[d as usize] = super::arith::fcmp(pred, ty, v!(a), v!(b))
                    }
                    Op::SExt64 { d, a, bits } => {
                        regs[d as usize] = (((v!(a) << (64 - bits)) as i64) >> (64 - bits)) as u64
                    }
                    Op::Cast { d, op, from, to, a } => {
                        regs[d as usize] = super::arith::cast(op, from, to, v!(a))
                    }
                    Op::Select { d, c, t, f: e } => {
                        regs[d as usize] = if v!(c) & 1 != 0 { v!(t) } else { v!(e) }
                    }
                    Op::Gep0 { d, base, off } => {
                        regs[d as usize] = v!(base).wrapping_add(off as u64)
                    }
                    Op::Gep1 {
                        d,
                        base,
                        off,
                        idx,
                        ty,
                        scale,
                    } => {
                        let i = super::arith::sext(v!(idx), ty);
                        regs[d as usize] = v!(base)
                            .wrapping_add(off as u64)
                            .wrapping_add(i.wrapping_mul(scale) as u64)
                    }
                    Op::Load1 { d, p, i1 } => {
                        load!(1, d, v!(p), |x: u64| if i1 { x & 1 } else { x })
                    }
                    Op::Load2 { d, p } => load!(2, d, v!(p), |x| x),
                    Op::Load4 { d, p } => load!(4, d, v!(p), |x| x),
                    Op::Load8 { d, p } => load!(8, d, v!(p), |x| x),
                    Op::Store1 { v, p } => store!(1, v, v!(p)),
                    Op::Store2 { v, p } => store!(2, v, v!(p)),
                    Op::Store4 { v, p } => store!(4, v, v!(p)),
                    Op::Store8 { v, p } => store!(8, v, v!(p)),
                    // The address, then (when the limit leaves room) the
                    // access as the next step.
                    Op::GepLoad4 { g, base, off, d } => {
                        let p = v!(base).wrapping_add(off as u64);
                        regs[g as usize] = p;
                        if steps + 1 < limit {
                            steps += 1;
                            pc += 1;
                            load!(4, d, p, |x| x)
                        }
                    }
                    Op::GepLoad8 { g, base, off, d } => {
                        let p = v!(base).wrapping_add(off as u64);
                        regs[g as usize] = p;
                        if steps + 1 < limit {
                            steps += 1;
                            pc += 1;
                            load!(8, d, p, |x| x)
                        }
                    }
                    Op::GepStore4 { g, base, off, v } => {
                        let p = v!(base).wrapping_add(off as u64);
                        regs[g as usize] = p;
                        if steps + 1 < limit {
                            steps += 1;
                            pc += 1;
                            store!(4, v, p)
                        }
                    }
                    Op::GepStore8 { g, base, off, v } => {
                        let p = v!(base).wrapping_add(off as u64);
                        regs[g as usize] = p;
                        if steps + 1 < limit {
                            steps += 1;
                            pc += 1;
                            store!(8, v, p)
                        }
                    }
                    Op::ICmpBr {
                        d,
                        pred,
                        ty,
                        a,
                        b,
                        t,
                        f: e,
                    } => {
                        let r = super::arith::icmp(pred, ty, v!(a), v!(b));
                        regs[d as usize] = r;
                        // The branch is the next step: it runs here if
                        // the general path would not look at the clock or
                        // the budget before it.
                        if steps + 1 < limit {
                            steps += 2;
                            if r != 0 {
                                take!(t)
                            } else {
                                take!(e)
                            }
                        }
                    }
                    Op::Br { e } => {
                        steps += 1;
                        take!(e)
                    }
                    Op::CondBr { c, t, f: e } => {
                        steps += 1;
                        if v!(c) & 1 != 0 {
                            take!(t)
                        } else {
                            take!(e)
                        }
                    }
                }
                steps += 1;
                pc += 1;
            };
            fr.block = block;
            fr.ip = pc - f.block_start[block as usize];
            self.steps = steps;
            match exit {
                Exit::General => return None,
                Exit::Watched { ip } => {
                    let fr = self.frames.last()?;
                    let b = &model.functions[fr.func as usize].blocks[block as usize];
                    let loc = b.insts.get(ip as usize).map_or(b.term_loc, |i| i.loc);
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
