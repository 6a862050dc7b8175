//! Deciding path conditions with z3: is there an input in a box of the
//! input space on which every constraint of a path takes the outcome it
//! asks for, and which?
//!
//! Terms become z3 bit-vectors of their width, each symbol a 64-bit
//! constant bounded by its domain and by the box. The theory of bit-vectors
//! is exact for the terms' wrap-around arithmetic, so a "no such input"
//! answer proves the path infeasible and a model is an input that takes it.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use z3::ast::{Bool, BV};
use z3::{Params, SatResult, Solver};

use super::term::{Constraint, Node, Term, SYM_BITS};
use super::{Cell, Sym};
use runtime_model::model::{BinOp, IntPredicate};

/// How long z3 may take on one path condition.
const TIMEOUT_MS: u32 = 10_000;

/// How long each search for an input near the given one may take.
const NEAR_TIMEOUT_MS: u32 = 500;

#[derive(Debug)]
pub enum Solution {
    /// Values of the symbols the constraints read.
    Inputs(BTreeMap<Sym, i64>),
    /// No input of the box takes the path.
    Infeasible,
    /// z3 gave up (timeout or an undecided theory); the reason.
    Unknown(String),
}

/// How far from the values a user gave the solver looks first: a
/// counterexample near the given input (`-3` rather than `-2147483647`)
/// is easier to read and to try.
const NEAR: [i64; 3] = [16, 1 << 10, 1 << 20];

/// An input of `cell` on which every constraint of `path` has its outcome,
/// as near to `near` (the values the program would read unchecked) as a
/// few widening windows find.
pub fn solve(cell: &Cell, path: &[Constraint], near: &BTreeMap<Sym, i64>) -> Solution {
    let solver = Solver::new();
    let mut params = Params::new();
    params.set_u32("timeout", TIMEOUT_MS);
    solver.set_params(&params);
    let mut tr = Translation::default();
    for c in path {
        let bv = tr.bv(&c.cond);
        solver.assert(bv.eq(BV::from_u64(c.holds as u64, 1)));
    }
    for (sym, s) in &tr.symbols {
        let (lo, hi) = cell.get(sym).copied().unwrap_or_else(|| sym.domain());
        solver.assert(s.bvsge(BV::from_i64(lo, SYM_BITS)));
        solver.assert(s.bvsle(BV::from_i64(hi, SYM_BITS)));
    }
    match solver.check() {
        SatResult::Unsat => Solution::Infeasible,
        // z3 gave up (hard non-linear arithmetic): an input found by trying
        // values still takes the path; only a proof of infeasibility needs
        // the solver.
        SatResult::Unknown => match sample(cell, path, near) {
            Some(v) => Solution::Inputs(v),
            None => Solution::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "no reason given".into()),
            ),
        },
        SatResult::Sat => {
            // The path is feasible: look for an input near the given one,
            // briefly, keeping the first model otherwise.
            let first = model_of(&solver, &tr, path);
            let mut brief = Params::new();
            brief.set_u32("timeout", NEAR_TIMEOUT_MS);
            solver.set_params(&brief);
            for w in NEAR {
                solver.push();
                let mut windowed = false;
                for (sym, s) in &tr.symbols {
                    let Some(&v) = near.get(sym) else { continue };
                    let (lo, hi) = sym.domain();
                    let (a, b) = (v.saturating_sub(w).max(lo), v.saturating_add(w).min(hi));
                    solver.assert(s.bvsge(BV::from_i64(a, SYM_BITS)));
                    solver.assert(s.bvsle(BV::from_i64(b, SYM_BITS)));
                    windowed = true;
                }
                if !windowed {
                    break;
                }
                if solver.check() == SatResult::Sat {
                    if let Solution::Inputs(v) = model_of(&solver, &tr, path) {
                        return Solution::Inputs(v);
                    }
                }
                solver.pop(1);
            }
            first
        }
    }
}

/// Values tried per symbol when z3 gives up, and combinations tried.
const SAMPLES: usize = 20_000;

/// An input of `cell` taking `path`, found by evaluating the path's terms
/// on values near the given ones, small values, powers of two and their
/// neighbours, the cell's ends, and pseudo-random values (a fixed seed:
/// runs are reproducible).
fn sample(
    cell: &Cell,
    path: &[Constraint],
    near: &BTreeMap<Sym, i64>,
) -> Option<BTreeMap<Sym, i64>> {
    let mut syms = Vec::new();
    for c in path {
        c.cond.symbols(&mut syms);
    }
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let candidates: Vec<Vec<i64>> = syms
        .iter()
        .map(|sym| {
            let (lo, hi) = cell.get(sym).copied().unwrap_or_else(|| sym.domain());
            let mut v: Vec<i64> = vec![lo, hi];
            let centre = near.get(sym).copied().unwrap_or(0);
            v.extend((-64..=64).map(|d| centre.saturating_add(d)));
            v.extend(-64..=64);
            for k in 1..63 {
                let p = 1i64 << k;
                v.extend([p - 1, p, p + 1, -p - 1, -p, -p + 1]);
            }
            let span = (hi as i128 - lo as i128 + 1) as u128;
            v.extend((0..256).map(|_| (lo as i128 + (next() as u128 % span) as i128) as i64));
            v.retain(|x| (lo..=hi).contains(x));
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect();
    if candidates.iter().any(Vec::is_empty) {
        return None;
    }
    for _ in 0..SAMPLES {
        let values: BTreeMap<Sym, i64> = syms
            .iter()
            .zip(&candidates)
            .map(|(s, c)| (s.clone(), c[(next() % c.len() as u64) as usize]))
            .collect();
        let takes_path = path
            .iter()
            .all(|c| c.cond.eval(&|s| values.get(s).copied()) == Some(c.holds as u128));
        if takes_path {
            return Some(values);
        }
    }
    None
}

/// The symbols' values in the solver's model, checked to take `path`.
fn model_of(solver: &Solver, tr: &Translation, path: &[Constraint]) -> Solution {
    let Some(model) = solver.get_model() else {
        return Solution::Unknown("no model".into());
    };
    let mut out = BTreeMap::new();
    for (sym, s) in &tr.symbols {
        match model.eval(s, true).and_then(|v| v.as_u64()) {
            Some(v) => {
                out.insert(sym.clone(), v as i64);
            }
            None => return Solution::Unknown(format!("no value for {}", sym.name())),
        }
    }
    // The model must take the path under the interpreter's own semantics,
    // or the translation is wrong: never trust it then.
    let takes_path = path
        .iter()
        .all(|c| c.cond.eval(&|s| out.get(s).copied()) == Some(c.holds as u128));
    if takes_path {
        Solution::Inputs(out)
    } else {
        Solution::Unknown("the solver's input does not take the path".into())
    }
}

#[derive(Default)]
struct Translation {
    symbols: BTreeMap<Sym, BV>,
    /// Shared subterms are translated once.
    done: HashMap<*const Term, BV>,
}

impl Translation {
    fn bv(&mut self, t: &Arc<Term>) -> BV {
        let key = Arc::as_ptr(t);
        if let Some(b) = self.done.get(&key) {
            return b.clone();
        }
        let b = self.build(t);
        self.done.insert(key, b.clone());
        b
    }

    fn build(&mut self, t: &Arc<Term>) -> BV {
        let bits = t.bits;
        match &t.node {
            Node::Sym(s) => self
                .symbols
                .entry(s.clone())
                .or_insert_with(|| BV::new_const(s.name(), SYM_BITS))
                .clone(),
            Node::Const(c) => constant(*c, bits),
            Node::Bin(op, a, b) => {
                let (x, y) = (self.bv(a), self.bv(b));
                // Shift amounts wrap at the width, as the interpreter's do.
                let amount = |y: &BV| y.bvurem(constant(bits as u128, bits));
                match op {
                    BinOp::Add => x.bvadd(&y),
                    BinOp::Sub => x.bvsub(&y),
                    BinOp::Mul => x.bvmul(&y),
                    BinOp::UDiv => x.bvudiv(&y),
                    BinOp::SDiv => x.bvsdiv(&y),
                    BinOp::URem => x.bvurem(&y),
                    BinOp::SRem => x.bvsrem(&y),
                    BinOp::Shl => x.bvshl(amount(&y)),
                    BinOp::LShr => x.bvlshr(amount(&y)),
                    BinOp::AShr => x.bvashr(amount(&y)),
                    BinOp::And => x.bvand(&y),
                    BinOp::Or => x.bvor(&y),
                    BinOp::Xor => x.bvxor(&y),
                    // `Term::bin` builds no floating-point node.
                    BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => x,
                }
            }
            Node::Cmp(p, a, b) => {
                let (x, y) = (self.bv(a), self.bv(b));
                use IntPredicate as P;
                let holds: Bool = match p {
                    P::Eq => x.eq(&y),
                    P::Ne => x.eq(&y).not(),
                    P::Ugt => x.bvugt(&y),
                    P::Uge => x.bvuge(&y),
                    P::Ult => x.bvult(&y),
                    P::Ule => x.bvule(&y),
                    P::Sgt => x.bvsgt(&y),
                    P::Sge => x.bvsge(&y),
                    P::Slt => x.bvslt(&y),
                    P::Sle => x.bvsle(&y),
                };
                holds.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1))
            }
            Node::SExt(a) => self.bv(a).sign_ext(bits - a.bits),
            Node::ZExt(a) => self.bv(a).zero_ext(bits - a.bits),
            Node::Trunc(a) => self.bv(a).extract(bits - 1, 0),
            Node::Select(c, a, b) => {
                let c = self.bv(c).eq(BV::from_u64(1, 1));
                let (x, y) = (self.bv(a), self.bv(b));
                c.ite(&x, &y)
            }
        }
    }
}

/// The `bits`-bit constant `v` (up to 128 bits).
fn constant(v: u128, bits: u32) -> BV {
    if bits <= 64 {
        BV::from_u64(v as u64, bits)
    } else {
        BV::from_u64((v >> 64) as u64, bits - 64).concat(BV::from_u64(v as u64, 64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::StrSrc;

    fn argv1() -> Sym {
        Sym::Conv {
            src: StrSrc::Argv(1),
            long: false,
        }
    }

    /// `x % m == 3 && x > k` for `x` the 32-bit `argv[1]`, both holding.
    fn rem_and_above(m: u128, k: u128) -> Vec<Constraint> {
        let x = Term::trunc(Term::sym(argv1()), 32).unwrap();
        let rem = Term::bin(BinOp::SRem, x.clone(), Term::constant(m, 32)).unwrap();
        let is3 = Term::cmp(IntPredicate::Eq, rem, Term::constant(3, 32)).unwrap();
        let big = Term::cmp(IntPredicate::Sgt, x, Term::constant(k, 32)).unwrap();
        [is3, big]
            .into_iter()
            .map(|cond| Constraint { cond, holds: true })
            .collect()
    }

    #[test]
    fn finds_inputs_for_paths_and_proves_others_infeasible() {
        let n = argv1();
        let path = rem_and_above(4, 100);
        let cell = Cell::new();
        match solve(&cell, &path, &BTreeMap::new()) {
            Solution::Inputs(v) => {
                let k = v[&n];
                assert!(k > 100 && k % 4 == 3, "{k}");
            }
            other => panic!("{other:?}"),
        }
        // In the box 0..=2, x % 4 is never 3.
        let mut small = Cell::new();
        small.insert(n.clone(), (0, 2));
        assert!(matches!(
            solve(&small, &path[..1], &BTreeMap::new()),
            Solution::Infeasible
        ));
        // 128-bit constants (monotone functions widened) translate exactly.
        let wide = Term::sext(Term::sym(n.clone()), 128).unwrap();
        let k = Term::constant(1u128 << 70, 128);
        let sum = Term::bin(BinOp::Add, wide, k.clone()).unwrap();
        let gt = Term::cmp(IntPredicate::Sgt, sum, k).unwrap();
        let path = vec![Constraint {
            cond: gt,
            holds: false,
        }];
        match solve(&cell, &path, &BTreeMap::new()) {
            Solution::Inputs(v) => assert!(v[&n] <= 0),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn trying_values_finds_inputs_of_a_path() {
        let n = argv1();
        let path = rem_and_above(7, 1000);
        let v = sample(&Cell::new(), &path, &BTreeMap::new()).expect("an input");
        assert!(v[&n] > 1000 && v[&n] % 7 == 3);
        // Nothing in an empty box.
        let mut small = Cell::new();
        small.insert(n.clone(), (0, 10));
        assert!(sample(&small, &path, &BTreeMap::new()).is_none());
    }

    /// Random terms of two symbols: at random inputs, z3 must agree with
    /// `Term::eval` (the interpreter's semantics) on the term's value.
    #[test]
    fn z3_computes_terms_as_the_interpreter_does() {
        let syms = [
            Sym::Conv {
                src: StrSrc::Argv(1),
                long: false,
            },
            Sym::Rand { rank: 0, k: 1 },
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let ops = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::UDiv,
            BinOp::SDiv,
            BinOp::URem,
            BinOp::SRem,
            BinOp::Shl,
            BinOp::LShr,
            BinOp::AShr,
            BinOp::And,
            BinOp::Or,
            BinOp::Xor,
        ];
        for _ in 0..40 {
            let bits = [8, 16, 32][(next() % 3) as usize];
            let leaf = |r: u64| {
                if r.is_multiple_of(3) {
                    Term::constant((r >> 8) as u128, bits)
                } else {
                    Term::trunc(Term::sym(syms[(r % 2) as usize].clone()), bits).unwrap()
                }
            };
            let mut t = leaf(next());
            for _ in 0..4 {
                let op = ops[(next() % ops.len() as u64) as usize];
                let other = leaf(next());
                t = if next().is_multiple_of(2) {
                    Term::bin(op, t, other).unwrap()
                } else {
                    Term::bin(op, other, t).unwrap()
                };
            }
            let wide = Term::sext(t.clone(), 64).unwrap();
            for _ in 0..3 {
                let mut cell = Cell::new();
                let vals: Vec<i64> = syms
                    .iter()
                    .map(|s| {
                        let (lo, hi) = s.domain();
                        let v = lo + (next() % (hi - lo) as u64) as i64;
                        cell.insert(s.clone(), (v, v));
                        v
                    })
                    .collect();
                let value = |s: &Sym| syms.iter().position(|x| x == s).map(|i| vals[i]);
                let Some(v) = t.eval(&value) else { continue };
                let want = Term::sext(Term::constant(v, bits), 64).unwrap();
                let eq = Term::cmp(IntPredicate::Eq, wide.clone(), want).unwrap();
                let path = [Constraint {
                    cond: eq,
                    holds: false,
                }];
                assert!(
                    matches!(solve(&cell, &path, &BTreeMap::new()), Solution::Infeasible),
                    "{t:?} at {vals:?} is {v}"
                );
            }
        }
    }
}
