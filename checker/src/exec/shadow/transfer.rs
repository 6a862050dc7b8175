//! How each model instruction propagates shadows: arithmetic extends a
//! monotone function or gives up (opaque), comparisons, branches and
//! switches cut the cell, memory accesses go through `Taint`, calls and
//! returns move shadows between frames, and MPI calls must see
//! cell-constant arguments.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::track::sext;
use super::value::{cells, Shadow, Step};
use crate::exec::interp::Process;
use crate::input::term::Term;
use runtime_model::model::*;
use runtime_model::mpi_api::MpiFunc;

/// Why a branch on input leaves the verdict inconclusive: its value is
/// known only as opaque.
const BRANCH_NOT_FOLLOWED: &str = "a branch on input that is not followed symbolically (floating point, data from a gather, scatter, floating-point reduction or one-sided operation, or a value too large to follow)";

fn mask_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The width of a select's arms, from whichever arm has a term.
fn select_width(a: &Option<Shadow>, b: &Option<Shadow>) -> Option<u32> {
    [a, b].into_iter().find_map(|s| match s {
        Some(Shadow::Term(t)) => Some(t.bits),
        _ => None,
    })
}

/// `c pred x` as `x pred' c`.
fn swapped(p: IntPredicate) -> IntPredicate {
    use IntPredicate as P;
    match p {
        P::Eq | P::Ne => p,
        P::Ugt => P::Ult,
        P::Uge => P::Ule,
        P::Ult => P::Ugt,
        P::Ule => P::Uge,
        P::Sgt => P::Slt,
        P::Sge => P::Sle,
        P::Slt => P::Sgt,
        P::Sle => P::Sge,
    }
}

impl Process {
    /// An access of `len` bytes at `addr`: inside an input string, whether
    /// it is in bounds depends on the string's length, which no interval of
    /// a symbol describes (byte 0, the terminator at least, always exists).
    fn input_string_access(&self, addr: u64, len: u64, loc: LocId) {
        let p = Pointer::decode(addr);
        let inside = self
            .mem
            .taint
            .as_ref()
            .is_some_and(|t| t.strings.contains_key(&p.alloc));
        if inside && p.offset as u64 + len > 1 {
            self.uncovered(
                loc,
                "a read or write inside an input string (its length is input)",
                None,
            );
        }
    }

    /// Whether a division faults is a decision: on a divisor of zero, and
    /// (signed) on the quotient overflow of the most negative value by -1.
    fn division_decides(
        &mut self,
        op: BinOp,
        (lhs, a): (&Operand, &Option<Shadow>),
        (rhs, b): (&Operand, &Option<Shadow>),
        bits: u32,
        loc: LocId,
    ) {
        const WHAT: &str = "an input-dependent divisor";
        let (av, bv) = (self.reg_value(lhs), self.reg_value(rhs));
        let m = mask_bits(bits);
        match b {
            None => {}
            Some(Shadow::Mono(mono)) => {
                self.cut(&mono.cuts(IntPredicate::Eq, 0, self.interval(&mono.sym)))
            }
            Some(Shadow::Term(_)) => {
                let zero = self
                    .term_of(rhs, b, bits)
                    .and_then(|t| Term::cmp(IntPredicate::Eq, t, Term::constant(0, bits)));
                self.constrain(zero, bv & m == 0, loc, WHAT);
            }
            Some(Shadow::Cells(c)) => self.cut(c),
            Some(Shadow::Opaque(_)) => self.uncovered(loc, WHAT, b.as_ref()),
        }
        let varies = |s: &Option<Shadow>| s.as_ref().is_some_and(Shadow::varies_in_cell);
        let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
        let may_be_minus_one = varies(b) || bv & m == m;
        if signed && bits > 1 && (varies(a) || varies(b)) && may_be_minus_one && bv & m != 0 {
            let min = 1u128 << (bits - 1);
            let overflow = (|| {
                let x = self.term_of(lhs, a, bits)?;
                let y = self.term_of(rhs, b, bits)?;
                let x_min = Term::cmp(IntPredicate::Eq, x, Term::constant(min, bits))?;
                let y_m1 = Term::cmp(IntPredicate::Eq, y, Term::constant(u128::MAX, bits))?;
                Term::bin(BinOp::And, x_min, y_m1)
            })();
            let happened = av & m == min as u64 && bv & m == m;
            self.constrain(
                overflow,
                happened,
                loc,
                "an input-dependent division overflow",
            );
        }
    }

    /// After a non-terminator instruction other than a library call.
    #[inline(never)]
    pub(crate) fn track_after(&mut self, model: &Model, inst: &Inst) {
        let loc = inst.loc;
        match &inst.kind {
            InstKind::Binary {
                dst,
                op,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                if a.is_none() && b.is_none() {
                    return self.set_shadow(*dst, None);
                }
                let bits = ty.bits();
                let cb = sext(self.reg_value(rhs), bits);
                let ca = sext(self.reg_value(lhs), bits);
                use BinOp as B;
                if matches!(op, B::UDiv | B::SDiv | B::URem | B::SRem) {
                    self.division_decides(*op, (lhs, &a), (rhs, &b), bits, loc);
                }
                let fits = Step::Fits(bits);
                // A monotone function of one symbol where it stays one (the
                // partition cuts its comparisons exactly), else an exact
                // term, else (floating point, opaque operands) opaque.
                let mono = match (&a, &b) {
                    (Some(Shadow::Opaque(_)), _) | (_, Some(Shadow::Opaque(_))) => {
                        Some(Shadow::Opaque(loc))
                    }
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => Some(cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    )),
                    (Some(Shadow::Mono(m)), None) => match op {
                        B::Add => self.try_extend(m, &[Step::Add(cb), fits]),
                        B::Sub => self.try_extend(m, &[Step::Add(-cb), fits]),
                        B::Mul => self.try_extend(m, &[Step::Mul(cb), fits]),
                        B::SDiv if cb != 0 => self.try_extend(m, &[Step::Div(cb), fits]),
                        B::UDiv if cb > 0 => {
                            self.try_extend(m, &[Step::NonNeg, Step::Div(cb), fits])
                        }
                        B::Shl if (0..bits as i128).contains(&cb) => {
                            self.try_extend(m, &[Step::Mul(1i128 << cb), fits])
                        }
                        B::AShr if (0..bits as i128).contains(&cb) => {
                            self.try_extend(m, &[Step::Shr(cb as u32), fits])
                        }
                        B::LShr if (0..bits as i128).contains(&cb) => {
                            self.try_extend(m, &[Step::NonNeg, Step::Shr(cb as u32), fits])
                        }
                        _ => None,
                    },
                    (None, Some(Shadow::Mono(m))) => match op {
                        B::Add => self.try_extend(m, &[Step::Add(ca), fits]),
                        B::Sub => self.try_extend(m, &[Step::Mul(-1), Step::Add(ca), fits]),
                        B::Mul => self.try_extend(m, &[Step::Mul(ca), fits]),
                        _ => None,
                    },
                    _ => None,
                };
                let r = mono.unwrap_or_else(|| {
                    let t = self
                        .term_of(lhs, &a, bits)
                        .zip(self.term_of(rhs, &b, bits))
                        .and_then(|(x, y)| Term::bin(*op, x, y));
                    Process::term_shadow(t, loc)
                });
                self.set_shadow(*dst, Some(r));
            }
            InstKind::FNeg { dst, value, .. } => {
                let s = self.shadow_of(value).map(|s| match s {
                    Shadow::Cells(_) => s,
                    _ => Shadow::Opaque(loc),
                });
                self.set_shadow(*dst, s);
            }
            // Floating point is opaque to the input partition, as for
            // `double`; a value that is constant in the cell stays so.
            InstKind::X87 { dst, args, .. } => {
                let shadows: Vec<Shadow> = args.iter().filter_map(|a| self.shadow_of(a)).collect();
                let s = if shadows.is_empty() {
                    None
                } else if shadows.iter().all(|s| matches!(s, Shadow::Cells(_))) {
                    Some(cells(&shadows.iter().collect::<Vec<_>>()))
                } else {
                    Some(Shadow::Opaque(loc))
                };
                self.set_shadow(*dst, s);
            }
            InstKind::ICmp {
                dst,
                pred,
                ty,
                lhs,
                rhs,
            } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                let bits = ty.bits();
                let unsigned = matches!(
                    pred,
                    IntPredicate::Ugt | IntPredicate::Uge | IntPredicate::Ult | IntPredicate::Ule
                );
                let r = match (&a, &b) {
                    (None, None) => None,
                    (Some(Shadow::Opaque(_)), _) | (_, Some(Shadow::Opaque(_))) => {
                        Some(Shadow::Opaque(loc))
                    }
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => Some(cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    )),
                    (Some(Shadow::Mono(m)), None) | (None, Some(Shadow::Mono(m))) => {
                        let mono_left = a.is_some();
                        let c = if mono_left {
                            sext(self.reg_value(rhs), bits)
                        } else {
                            sext(self.reg_value(lhs), bits)
                        };
                        let iv = self.interval(&m.sym);
                        // An unsigned comparison is the signed one when both
                        // sides are non-negative.
                        let m = if unsigned {
                            if c < 0 {
                                None
                            } else {
                                m.then(&[Step::NonNeg], iv)
                            }
                        } else {
                            Some((**m).clone())
                        };
                        m.map(|m| {
                            // The cut points do not depend on which side
                            // the constant is: both bounds of `f >= c`
                            // and `f > c` are found where needed.
                            let p = if mono_left { *pred } else { swapped(*pred) };
                            Shadow::Cells(Arc::new(m.cuts(p, c, iv)))
                        })
                    }
                    _ => None,
                };
                // Otherwise (two symbols, an exact term, an unsigned
                // comparison across the sign) the comparison is a term.
                let r = match (&a, &b, r) {
                    (None, None, _) => None,
                    (_, _, Some(r)) => Some(r),
                    (_, _, None) => {
                        let t = self
                            .term_of(lhs, &a, bits)
                            .zip(self.term_of(rhs, &b, bits))
                            .and_then(|(x, y)| Term::cmp(*pred, x, y));
                        Some(Process::term_shadow(t, loc))
                    }
                };
                self.set_shadow(*dst, r);
            }
            InstKind::FCmp { dst, lhs, rhs, .. } => {
                let (a, b) = (self.shadow_of(lhs), self.shadow_of(rhs));
                let r = match (&a, &b) {
                    (None, None) => None,
                    (Some(Shadow::Cells(_)) | None, Some(Shadow::Cells(_)) | None) => Some(cells(
                        &[a.as_ref(), b.as_ref()]
                            .into_iter()
                            .flatten()
                            .collect::<Vec<_>>(),
                    )),
                    _ => Some(Shadow::Opaque(loc)),
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Cast {
                dst,
                op,
                from,
                to,
                value,
            } => {
                let sv = self.shadow_of(value);
                let (fb, tb) = (from.bits(), to.bits());
                let int = !from.is_float() && !to.is_float() && *from != Ty::Ptr && *to != Ty::Ptr;
                let s = sv.clone().map(|s| {
                    let mono = match (&s, op) {
                        (Shadow::Mono(m), CastOp::SExt) => Some(Shadow::Mono(m.clone())),
                        (Shadow::Mono(m), CastOp::BitCast) if int => Some(Shadow::Mono(m.clone())),
                        (Shadow::Mono(m), CastOp::ZExt) if fb > 1 => {
                            self.try_extend(m, &[Step::NonNeg])
                        }
                        (Shadow::Mono(m), CastOp::Trunc) if tb > 1 => {
                            self.try_extend(m, &[Step::Fits(tb)])
                        }
                        (Shadow::Cells(_), _) => Some(s.clone()),
                        (Shadow::Opaque(_), _) => Some(Shadow::Opaque(loc)),
                        _ => None,
                    };
                    mono.unwrap_or_else(|| {
                        let x = if int {
                            self.term_of(value, &sv, fb)
                        } else {
                            None
                        };
                        let t = x.and_then(|x| match op {
                            CastOp::SExt => Term::sext(x, tb),
                            CastOp::ZExt => Term::zext(x, tb),
                            CastOp::Trunc => Term::trunc(x, tb),
                            CastOp::BitCast => Some(x),
                            _ => None,
                        });
                        Process::term_shadow(t, loc)
                    })
                });
                self.set_shadow(*dst, s);
            }
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => {
                let c = self.shadow_of(cond);
                let (t, f) = (self.shadow_of(if_true), self.shadow_of(if_false));
                let pick = if self.reg_value(cond) & 1 != 0 { t } else { f };
                let r = match &c {
                    None => pick,
                    // The same arm is chosen in the whole cell.
                    Some(Shadow::Cells(cuts)) => {
                        self.cut(cuts);
                        pick
                    }
                    Some(_) => {
                        let (ts, fs) = (self.shadow_of(if_true), self.shadow_of(if_false));
                        let same = self.reg_value(if_true) == self.reg_value(if_false) && ts == fs;
                        if same {
                            pick
                        } else {
                            // Both arms, chosen by the condition, as a term
                            // of the arms' width (integers only).
                            let bits = select_width(&ts, &fs);
                            let t = bits.and_then(|w| {
                                let c = self.term_of(cond, &c, 1)?;
                                let x = self.term_of(if_true, &ts, w)?;
                                let y = self.term_of(if_false, &fs, w)?;
                                Term::select(c, x, y)
                            });
                            Some(Process::term_shadow(t, loc))
                        }
                    }
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Gep {
                dst, base, indices, ..
            } => {
                let mut parts = vec![self.shadow_of(base)];
                parts.extend(indices.iter().map(|g| self.shadow_of(&g.index)));
                let parts: Vec<Option<Shadow>> = parts
                    .iter()
                    .map(|p| self.settle(p, loc, "an input-dependent address (array index)"))
                    .collect();
                let r = if parts.iter().all(Option::is_none) {
                    None
                } else if parts.iter().flatten().all(|s| !s.varies_in_cell()) {
                    Some(cells(&parts.iter().flatten().collect::<Vec<_>>()))
                } else {
                    Some(Shadow::Opaque(loc))
                };
                self.set_shadow(*dst, r);
            }
            InstKind::Load { dst, ty, ptr, .. } => {
                let sp = self.shadow_of(ptr);
                let sp = self.settle(&sp, loc, "an input-dependent address");
                let addr = self.reg_value(ptr);
                self.input_string_access(addr, ty.size(), loc);
                let s = self.mem.taint.as_ref().and_then(|t| t.get(addr, ty.size()));
                let s = match (s, sp) {
                    (s, None) => s,
                    (None, Some(p)) => Some(p),
                    (Some(s), Some(p)) => Some(if s.varies_in_cell() {
                        s
                    } else {
                        cells(&[&s, &p])
                    }),
                };
                self.set_shadow(*dst, s);
            }
            InstKind::Store { ty, value, ptr } => {
                let sp = self.shadow_of(ptr);
                self.must_be_cell_constant(&sp, loc, "an input-dependent address");
                self.input_string_access(self.reg_value(ptr), ty.size(), loc);
                let addr = self.reg_value(ptr);
                let s = self.shadow_of(value);
                if let Some(t) = self.mem.taint.as_mut() {
                    match s {
                        Some(s) => t.set(addr, ty.size(), s),
                        None => t.clear(addr, ty.size()),
                    }
                }
            }
            InstKind::Alloca { dst, count, .. } => {
                let s = self.shadow_of(count);
                self.must_be_cell_constant(&s, loc, "an input-dependent stack array size");
                self.set_shadow(*dst, None);
            }
            InstKind::Call { args, .. } | InstKind::CallIndirect { args, .. } => {
                // The callee's frame was pushed; its parameters take the
                // caller's argument shadows. Which function an input
                // chooses is no interval of it.
                if let InstKind::CallIndirect { callee, .. } = &inst.kind {
                    let s = self.shadow_of(callee);
                    self.must_be_cell_constant(
                        &s,
                        loc,
                        "a call through a function pointer chosen by input",
                    );
                }
                let Some(func) = self.frames.last().map(|f| f.func) else {
                    return;
                };
                let Some(t) = self.track.as_ref() else { return };
                let caller = t.frames.last();
                let n = model.functions[func as usize].num_regs as usize;
                let mut regs: Vec<Option<Shadow>> = vec![None; n];
                if let Some(caller) = caller {
                    for (i, a) in args.iter().enumerate().take(n) {
                        if let Operand::Reg(r) = a {
                            regs[i] = caller.get(*r as usize).cloned().flatten();
                        }
                    }
                }
                if let Some(t) = self.track.as_mut() {
                    t.frames.push(regs);
                }
            }
            // An unsupported construct halts before any value flows on.
            InstKind::Libc { .. }
            | InstKind::Mpi { .. }
            | InstKind::Unsupported { .. }
            | InstKind::Terminate { .. } => {}
            // Thread numbers and team sizes are no inputs (the interpreter
            // refuses the rest of OpenMP under --any-input).
            InstKind::LifetimeEnd { .. } => {}
            // An assumed foreign call's result is a constant (0, an opaque
            // object): no input flows through it.
            InstKind::Omp { dst, .. }
            | InstKind::Atomic { dst, .. }
            | InstKind::Foreign { dst, .. } => {
                if let Some(d) = dst {
                    self.set_shadow(*d, None);
                }
            }
        }
    }

    /// Before a terminator: branches decide; `ret` hands its shadow back.
    #[inline(never)]
    pub(crate) fn track_term(&mut self, block: &Block) {
        let loc = block.term_loc;
        match &block.term {
            Terminator::CondBr { cond, .. } => {
                let s = self.shadow_of(cond);
                self.decides(cond, &s, loc, BRANCH_NOT_FOLLOWED);
            }
            Terminator::Switch {
                value, ty, cases, ..
            } => match self.shadow_of(value) {
                Some(Shadow::Mono(m)) => {
                    let iv = self.interval(&m.sym);
                    for (c, _) in cases {
                        self.cut(&m.cuts(IntPredicate::Eq, sext(*c, ty.bits()), iv));
                    }
                }
                Some(Shadow::Term(t)) => {
                    // The case taken, or (the default) every case not.
                    let bits = ty.bits();
                    let v = self.reg_value(value) & mask_bits(bits);
                    let is = |c: u64| {
                        Term::cmp(IntPredicate::Eq, t.clone(), Term::constant(c as u128, bits))
                    };
                    match cases.iter().find(|(c, _)| c & mask_bits(bits) == v) {
                        Some((c, _)) => self.constrain(is(*c), true, loc, BRANCH_NOT_FOLLOWED),
                        None => {
                            for (c, _) in cases {
                                self.constrain(is(*c), false, loc, BRANCH_NOT_FOLLOWED);
                            }
                        }
                    }
                }
                s => self.decides(value, &s, loc, BRANCH_NOT_FOLLOWED),
            },
            Terminator::Ret { value } => {
                let s = value.as_ref().and_then(|v| self.shadow_of(v));
                let depth = self.frames.len();
                let ret_dst = self.frames.last().and_then(|f| f.ret_dst);
                if depth == 1 {
                    self.must_be_cell_constant(&s, loc, "an input-dependent exit status");
                    return;
                }
                if let Some(t) = self.track.as_mut() {
                    t.frames.pop();
                }
                if let Some(d) = ret_dst {
                    self.set_shadow(d, s);
                }
            }
            Terminator::Br { .. } | Terminator::Unreachable => {}
        }
    }

    /// After entering `target` from `from`: phis take their incoming shadows.
    #[inline(never)]
    pub(crate) fn track_enter(&mut self, func: &Function, from: BlockId, target: BlockId) {
        let phis = &func.blocks[target as usize].phis;
        if phis.is_empty() {
            return;
        }
        let vals: Vec<(Reg, Option<Shadow>)> = phis
            .iter()
            .map(|p| {
                let s = p
                    .incoming
                    .iter()
                    .find(|(b, _)| *b == from)
                    .and_then(|(_, o)| self.shadow_of(o));
                (p.dst, s)
            })
            .collect();
        for (d, s) in vals {
            self.set_shadow(d, s);
        }
    }

    /// At an MPI call: every argument, and the data behind every pointer,
    /// must be the same in the whole cell (the partition does not follow
    /// input-dependent counts, ranks or data into other processes).
    #[inline(never)]
    pub(crate) fn track_mpi(
        &mut self,
        func: MpiFunc,
        args: &[Operand],
        dst: Option<Reg>,
        loc: LocId,
    ) {
        // MPI_Init(&argc, &argv) only passes the program's own arguments on.
        let exempt = matches!(func, MpiFunc::Init | MpiFunc::InitThread);
        // Sends and broadcasts carry the shadows of their data to the
        // receivers (`crate::mpi::payload`): they need not make everything
        // MPI delivers later opaque.
        use MpiFunc as F;
        let carries_shadows = matches!(
            func,
            F::Send
                | F::Ssend
                | F::Rsend
                | F::Bsend
                | F::Isend
                | F::Issend
                | F::Irsend
                | F::Ibsend
                | F::Sendrecv
                | F::SendrecvReplace
                | F::SendInit
                | F::SsendInit
                | F::RsendInit
                | F::BsendInit
                | F::Bcast
                | F::Ibcast
                | F::Reduce
                | F::Allreduce
                | F::Ireduce
                | F::Iallreduce
        );
        for (i, a) in args.iter().enumerate() {
            let name = func.params().get(i).copied().unwrap_or("?");
            let s = self.shadow_of(a);
            if s.is_some() {
                self.must_be_cell_constant(
                    &s,
                    loc,
                    &format!("an input-dependent argument `{name}` of {}", func.name()),
                );
            }
            let v = self.reg_value(a);
            if !exempt && self.mem.block_of(v).is_some() {
                // What other processes receive is the sender's concrete
                // data: cell-constant values in it hold on their cell only.
                let cuts = self.mem.taint.as_ref().map(|t| t.cuts_from(v));
                if let Some(c) = cuts.filter(|c| !c.is_empty()) {
                    self.cut(&c);
                }
            }
            if !exempt
                && !carries_shadows
                && self.mem.block_of(v).is_some()
                && self.mem.taint.as_ref().is_some_and(|t| t.varies_from(v))
            {
                // Possibly sent: what other processes receive from now on
                // is input-dependent.
                if let Some(p) = self.plan() {
                    p.varying_sent.store(true, Ordering::Relaxed);
                }
            }
        }
        if let Some(d) = dst {
            self.set_shadow(d, None);
        }
    }
}
