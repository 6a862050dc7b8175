//! Shadows: what an input-dependent value is, as a function of the inputs.

use std::sync::Arc;

use crate::input::term::Term;
use crate::input::Sym;
use runtime_model::model::{BinOp, IntPredicate, LocId};

/// A cut: values `< k` and `>= k` of the symbol may behave differently.
pub type Cut = (Sym, i64);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Shadow {
    /// `f(sym)` for a monotone `f`, computed without wrap-around over the
    /// symbol's interval in the current cell.
    Mono(Arc<Mono>),
    /// Constant on each cell bounded by these cuts (a comparison result, or
    /// anything computed from such results alone).
    Cells(Arc<Vec<Cut>>),
    /// An exact bit-vector term of the inputs (anything integer arithmetic
    /// makes of them that is no monotone function of one symbol): branches
    /// on it are path constraints for the SMT solver.
    Term(Arc<Term>),
    /// Input-dependent in a way the partition cannot describe; `LocId` is
    /// where it became so.
    Opaque(LocId),
}

/// `f(sym)` as a chain of monotone steps over the integers, applied in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mono {
    pub sym: Sym,
    pub steps: Vec<Step>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Add(i128),
    Mul(i128),
    /// Division truncating toward zero by a non-zero constant (C's `/`,
    /// monotone in the dividend).
    Div(i128),
    /// Floor division by `2^k` (an arithmetic shift right).
    Shr(u32),
    /// The value must fit a signed integer of this many bits (no wrap).
    Fits(u32),
    /// The value must be non-negative (zero extension, unsigned operations
    /// agree with the signed value only then).
    NonNeg,
}

impl Mono {
    pub fn of(sym: Sym, bits: u32) -> Mono {
        Mono {
            sym,
            steps: vec![Step::Fits(bits)],
        }
    }

    /// `f(s)`, or `None` when a step would wrap.
    pub fn eval(&self, s: i64) -> Option<i128> {
        let mut v = s as i128;
        for step in &self.steps {
            v = match *step {
                Step::Add(c) => v.checked_add(c)?,
                Step::Mul(c) => v.checked_mul(c)?,
                Step::Div(c) => v.checked_div(c)?,
                Step::Shr(k) => v >> k.min(127),
                Step::Fits(bits) => {
                    let half = 1i128 << (bits.clamp(1, 64) - 1);
                    if v < -half || v >= half {
                        return None;
                    }
                    v
                }
                Step::NonNeg => {
                    if v < 0 {
                        return None;
                    }
                    v
                }
            };
        }
        Some(v)
    }

    /// `self` followed by `more`, if still exact over `lo..=hi`: each step is
    /// monotone, so the range of every intermediate value is spanned by its
    /// values at the two ends.
    pub fn then(&self, more: &[Step], (lo, hi): (i64, i64)) -> Option<Mono> {
        let mut m = self.clone();
        m.steps.extend_from_slice(more);
        (m.eval(lo).is_some() && m.eval(hi).is_some()).then_some(m)
    }

    /// `f(s)` as a term of `bits` bits: the steps computed on 128 bits,
    /// where none wraps inside the cell, then truncated to the width.
    pub fn term(&self, bits: u32) -> Option<Arc<Term>> {
        let wide = 128;
        let k = |c: i128| Term::constant(c as u128, wide);
        let mut t = Term::sext(Term::sym(self.sym.clone()), wide)?;
        for step in &self.steps {
            t = match *step {
                Step::Add(c) => Term::bin(BinOp::Add, t, k(c))?,
                Step::Mul(c) => Term::bin(BinOp::Mul, t, k(c))?,
                Step::Div(c) => Term::bin(BinOp::SDiv, t, k(c))?,
                Step::Shr(n) => Term::bin(BinOp::AShr, t, k(n.min(127) as i128))?,
                // Conditions that hold in the cell, not operations.
                Step::Fits(_) | Step::NonNeg => t,
            };
        }
        Term::trunc(t, bits)
    }

    /// The cuts of `f(s) pred c` over `lo..=hi` (signed comparison; unsigned
    /// ones are mapped to signed ones by the caller).
    pub fn cuts(&self, pred: IntPredicate, c: i128, (lo, hi): (i64, i64)) -> Vec<Cut> {
        let ge = |s: i64| self.eval(s).is_some_and(|v| v >= c);
        let gt = |s: i64| self.eval(s).is_some_and(|v| v > c);
        let mut out = Vec::new();
        let mut add = |p: &dyn Fn(i64) -> bool| {
            if let Some(k) = boundary(p, lo, hi) {
                out.push((self.sym.clone(), k));
            }
        };
        use IntPredicate as P;
        match pred {
            P::Sge | P::Slt | P::Uge | P::Ult => add(&ge),
            P::Sgt | P::Sle | P::Ugt | P::Ule => add(&gt),
            P::Eq | P::Ne => {
                add(&ge);
                add(&gt);
            }
        }
        out
    }
}

/// The first `s` in `lo+1..=hi` with `p(s) != p(lo)`, for `p` monotone.
fn boundary(p: &dyn Fn(i64) -> bool, lo: i64, hi: i64) -> Option<i64> {
    let first = p(lo);
    if p(hi) == first {
        return None;
    }
    // Invariant: p(a) == first, p(b) != first.
    let (mut a, mut b) = (lo as i128, hi as i128);
    while b - a > 1 {
        let m = a + (b - a) / 2;
        if p(m as i64) == first {
            a = m;
        } else {
            b = m;
        }
    }
    Some(b as i64)
}

/// The union of the cuts of several cell-constant values.
pub fn cells(parts: &[&Shadow]) -> Shadow {
    let mut cuts: Vec<Cut> = Vec::new();
    for p in parts {
        if let Shadow::Cells(c) = p {
            for cut in c.iter() {
                if !cuts.contains(cut) {
                    cuts.push(cut.clone());
                }
            }
        }
    }
    Shadow::Cells(Arc::new(cuts))
}

impl Shadow {
    /// Whether the value is a function the partition can cover only when it
    /// does not decide anything (monotone or opaque, not cell-constant).
    pub fn varies_in_cell(&self) -> bool {
        !matches!(self, Shadow::Cells(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::StrSrc;

    #[test]
    fn a_monotone_function_is_the_same_term() {
        let m = Mono::of(n(), 32)
            .then(
                &[Step::Mul(-3), Step::Add(7), Step::Div(2), Step::Shr(1)],
                (-1000, 1000),
            )
            .expect("exact");
        let t = m.term(32).expect("small");
        for s in [-1000, -7, -1, 0, 1, 5, 999] {
            let want = m.eval(s).unwrap() as i64 as u32 as u128;
            assert_eq!(t.eval(&|_| Some(s)), Some(want), "{s}");
        }
    }

    fn n() -> Sym {
        Sym::Conv {
            src: StrSrc::Argv(1),
            long: false,
        }
    }

    #[test]
    fn comparisons_cut_where_the_truth_changes() {
        let dom = (i32::MIN as i64, i32::MAX as i64);
        let m = Mono::of(n(), 32);
        assert_eq!(m.cuts(IntPredicate::Sgt, 4, dom), vec![(n(), 5)]);
        assert_eq!(m.cuts(IntPredicate::Slt, 4, dom), vec![(n(), 4)]);
        assert_eq!(m.cuts(IntPredicate::Eq, 4, dom), vec![(n(), 4), (n(), 5)]);
        // 2n + 1 > 10  <=>  n >= 5
        let f = m.then(&[Step::Mul(2), Step::Add(1), Step::Fits(32)], (-1000, 1000));
        let f = f.expect("exact");
        assert_eq!(f.cuts(IntPredicate::Sgt, 10, (-1000, 1000)), vec![(n(), 5)]);
        // 2n wraps over the whole int domain.
        assert!(m.then(&[Step::Mul(2), Step::Fits(32)], dom).is_none());
        // -n / 3 < 0  <=>  n >= 3
        let g = m
            .then(&[Step::Mul(-1), Step::Div(3), Step::Fits(32)], (-100, 100))
            .expect("exact");
        assert_eq!(g.cuts(IntPredicate::Slt, 0, (-100, 100)), vec![(n(), 3)]);
        // A comparison that never changes has no cut.
        assert!(m.cuts(IntPredicate::Sgt, 4, (10, 20)).is_empty());
    }
}
