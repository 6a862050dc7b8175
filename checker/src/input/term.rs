//! Exact symbolic values: bit-vector terms over the input symbols.
//!
//! A term mirrors the interpreter's integer semantics bit for bit (two's
//! complement wrap-around, C's truncating division, shift amounts taken
//! modulo the width as x86-64 does), so a branch condition built from terms
//! holds for an input exactly when the interpreter, run on that input, would
//! take the branch. `--any-input` records every branch on a term as a path
//! constraint, and the SMT solver (`super::solver`) finds inputs for the
//! paths not yet taken (DART's directed search, with z3 deciding
//! feasibility).
//!
//! Terms are shared DAGs (`Arc`); each node caches its structural hash and
//! its size as a tree, and no term grows past [`MAX_TERM_SIZE`] nodes, so
//! hashing, comparing, evaluating and translating one stays cheap (a
//! value that would exceed it is no longer followed, and a branch on it is
//! inconclusive).

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::Sym;
use runtime_model::model::{BinOp, IntPredicate};

/// The largest term (counted as a tree) followed symbolically.
pub const MAX_TERM_SIZE: u32 = 4096;

/// How many values a term used as an address, count or MPI argument may
/// take for `--any-input` to check each of them in a run of its own.
pub const FEW_VALUES: u32 = 64;

/// Width of a symbol's term: every symbol's domain fits a signed 64-bit
/// integer.
pub const SYM_BITS: u32 = 64;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    /// The symbol's value, as a signed 64-bit integer.
    Sym(Sym),
    /// The low `bits` bits of the constant.
    Const(u128),
    Bin(BinOp, Arc<Term>, Arc<Term>),
    /// A comparison: 1 if it holds, else 0 (width 1).
    Cmp(IntPredicate, Arc<Term>, Arc<Term>),
    SExt(Arc<Term>),
    ZExt(Arc<Term>),
    Trunc(Arc<Term>),
    /// `cond ? a : b` for a 1-bit `cond`.
    Select(Arc<Term>, Arc<Term>, Arc<Term>),
}

#[derive(Clone, Debug)]
pub struct Term {
    pub node: Node,
    pub bits: u32,
    size: u32,
    hash: u64,
}

impl PartialEq for Term {
    fn eq(&self, o: &Self) -> bool {
        self.hash == o.hash && self.bits == o.bits && self.node == o.node
    }
}
impl Eq for Term {}
impl Hash for Term {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.hash);
    }
}

fn mask(v: u128, bits: u32) -> u128 {
    if bits >= 128 {
        v
    } else {
        v & ((1u128 << bits) - 1)
    }
}

fn signed(v: u128, bits: u32) -> i128 {
    if bits == 0 || bits >= 128 {
        return v as i128;
    }
    let shift = 128 - bits;
    ((v << shift) as i128) >> shift
}

impl Term {
    fn make(node: Node, bits: u32) -> Option<Arc<Term>> {
        let kids: Vec<&Arc<Term>> = match &node {
            Node::Sym(_) | Node::Const(_) => vec![],
            Node::Bin(_, a, b) | Node::Cmp(_, a, b) => vec![a, b],
            Node::SExt(a) | Node::ZExt(a) | Node::Trunc(a) => vec![a],
            Node::Select(c, a, b) => vec![c, a, b],
        };
        let size = kids.iter().fold(1u32, |s, k| s.saturating_add(k.size));
        if size > MAX_TERM_SIZE {
            return None;
        }
        // A fixed-key hasher: the same term hashes alike in every run.
        #[allow(deprecated)]
        let mut h = std::hash::SipHasher::new();
        bits.hash(&mut h);
        match &node {
            Node::Sym(s) => (0u8, s).hash(&mut h),
            Node::Const(c) => (1u8, c).hash(&mut h),
            Node::Bin(op, _, _) => (2u8, op).hash(&mut h),
            Node::Cmp(p, _, _) => (3u8, p).hash(&mut h),
            Node::SExt(_) => 4u8.hash(&mut h),
            Node::ZExt(_) => 5u8.hash(&mut h),
            Node::Trunc(_) => 6u8.hash(&mut h),
            Node::Select(..) => 7u8.hash(&mut h),
        }
        for k in &kids {
            h.write_u64(k.hash);
        }
        Some(Arc::new(Term {
            node,
            bits,
            size,
            hash: h.finish(),
        }))
    }

    pub fn sym(s: Sym) -> Arc<Term> {
        Term::make(Node::Sym(s), SYM_BITS).expect("a leaf is small")
    }

    pub fn constant(v: u128, bits: u32) -> Arc<Term> {
        Term::make(Node::Const(mask(v, bits)), bits).expect("a leaf is small")
    }

    /// The constant value, if the term is one.
    pub fn as_const(&self) -> Option<u128> {
        match self.node {
            Node::Const(c) => Some(c),
            _ => None,
        }
    }

    /// `a op b` (integer operations only; both of `a`'s width).
    pub fn bin(op: BinOp, a: Arc<Term>, b: Arc<Term>) -> Option<Arc<Term>> {
        let int = !matches!(
            op,
            BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
        );
        if !int || a.bits != b.bits {
            return None;
        }
        let bits = a.bits;
        Term::fold(Term::make(Node::Bin(op, a, b), bits)?)
    }

    pub fn cmp(p: IntPredicate, a: Arc<Term>, b: Arc<Term>) -> Option<Arc<Term>> {
        if a.bits != b.bits {
            return None;
        }
        Term::fold(Term::make(Node::Cmp(p, a, b), 1)?)
    }

    /// Sign extension to `to` bits.
    pub fn sext(a: Arc<Term>, to: u32) -> Option<Arc<Term>> {
        match to.cmp(&a.bits) {
            std::cmp::Ordering::Equal => Some(a),
            std::cmp::Ordering::Greater => Term::fold(Term::make(Node::SExt(a), to)?),
            std::cmp::Ordering::Less => None,
        }
    }

    pub fn zext(a: Arc<Term>, to: u32) -> Option<Arc<Term>> {
        match to.cmp(&a.bits) {
            std::cmp::Ordering::Equal => Some(a),
            std::cmp::Ordering::Greater => Term::fold(Term::make(Node::ZExt(a), to)?),
            std::cmp::Ordering::Less => None,
        }
    }

    pub fn trunc(a: Arc<Term>, to: u32) -> Option<Arc<Term>> {
        match to.cmp(&a.bits) {
            std::cmp::Ordering::Equal => Some(a),
            std::cmp::Ordering::Less if to > 0 => Term::fold(Term::make(Node::Trunc(a), to)?),
            _ => None,
        }
    }

    pub fn select(c: Arc<Term>, a: Arc<Term>, b: Arc<Term>) -> Option<Arc<Term>> {
        if c.bits != 1 || a.bits != b.bits {
            return None;
        }
        match c.as_const() {
            Some(1) => Some(a),
            Some(_) => Some(b),
            None if a == b => Some(a),
            None => {
                let bits = a.bits;
                Term::make(Node::Select(c, a, b), bits)
            }
        }
    }

    /// A term whose operands are all constants is that constant.
    fn fold(t: Arc<Term>) -> Option<Arc<Term>> {
        let all_const = match &t.node {
            Node::Bin(_, a, b) | Node::Cmp(_, a, b) => a.as_const().and(b.as_const()).is_some(),
            Node::SExt(a) | Node::ZExt(a) | Node::Trunc(a) => a.as_const().is_some(),
            _ => false,
        };
        if !all_const {
            return Some(t);
        }
        // A faulting constant operation (division by zero) stays a term: the
        // interpreter faults on it before any branch reads it.
        Some(match t.eval(&|_| None) {
            Some(v) => Term::constant(v, t.bits),
            None => t,
        })
    }

    /// Whether the term takes at most [`FEW_VALUES`] values (a
    /// comparison, a remainder by a small constant, a small mask, sums and
    /// choices of such): pinning it to one value per run stays cheap.
    pub fn few_values(&self) -> bool {
        self.signed_range()
            .is_some_and(|(lo, hi)| hi - lo < FEW_VALUES as i128)
    }

    /// Bounds of the term's value read as signed, where cheaply known.
    fn signed_range(&self) -> Option<(i128, i128)> {
        let bits = self.bits;
        let fits = |(lo, hi): (i128, i128)| {
            let half = 1i128 << (bits.clamp(1, 127) - 1);
            (lo >= -half && hi < half).then_some((lo, hi))
        };
        match &self.node {
            Node::Const(c) => {
                let v = signed(*c, bits);
                Some((v, v))
            }
            Node::Cmp(..) => Some((0, 1)),
            Node::Sym(s) => Some((s.domain().0 as i128, s.domain().1 as i128)),
            Node::Bin(op, a, b) => {
                let k = b.as_const().map(|k| signed(k, bits));
                match (op, k) {
                    (BinOp::URem, Some(k)) if k > 0 => fits((0, k - 1)),
                    (BinOp::SRem, Some(k)) if k != 0 && k != i128::MIN => {
                        let m = k.abs() - 1;
                        fits((-m, m))
                    }
                    (BinOp::And, Some(m)) if m >= 0 => fits((0, m)),
                    (BinOp::Add | BinOp::Sub, _) => {
                        let (x, y) = (a.signed_range()?, b.signed_range()?);
                        fits(if *op == BinOp::Add {
                            (x.0 + y.0, x.1 + y.1)
                        } else {
                            (x.0 - y.1, x.1 - y.0)
                        })
                    }
                    _ => None,
                }
            }
            Node::SExt(a) => a.signed_range(),
            Node::ZExt(a) => a.signed_range().filter(|r| r.0 >= 0),
            Node::Trunc(a) => a.signed_range().and_then(fits),
            Node::Select(_, a, b) => {
                let (x, y) = (a.signed_range()?, b.signed_range()?);
                Some((x.0.min(y.0), x.1.max(y.1)))
            }
        }
    }

    /// The symbols the term reads.
    pub fn symbols(&self, out: &mut Vec<Sym>) {
        match &self.node {
            Node::Sym(s) => {
                if !out.contains(s) {
                    out.push(s.clone());
                }
            }
            Node::Const(_) => {}
            Node::Bin(_, a, b) | Node::Cmp(_, a, b) => {
                a.symbols(out);
                b.symbols(out);
            }
            Node::SExt(a) | Node::ZExt(a) | Node::Trunc(a) => a.symbols(out),
            Node::Select(c, a, b) => {
                c.symbols(out);
                a.symbols(out);
                b.symbols(out);
            }
        }
    }

    /// The term's value (its low `bits` bits) for the symbols' values, as
    /// the interpreter computes it; `None` where the interpreter faults
    /// (division by zero, the quotient overflow of `MIN / -1`) or a symbol
    /// has no value.
    pub fn eval(&self, value: &dyn Fn(&Sym) -> Option<i64>) -> Option<u128> {
        let bits = self.bits;
        Some(match &self.node {
            Node::Sym(s) => mask(value(s)? as i128 as u128, bits),
            Node::Const(c) => *c,
            Node::Bin(op, a, b) => {
                let (x, y) = (a.eval(value)?, b.eval(value)?);
                let (sx, sy) = (signed(x, bits), signed(y, bits));
                let amount = |y: u128| (y % bits.max(1) as u128) as u32;
                let r = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem if y == 0 => return None,
                    BinOp::SDiv | BinOp::SRem
                        if sy == -1 && sx == signed(1 << (bits - 1), bits) =>
                    {
                        return None
                    }
                    BinOp::UDiv => x / y,
                    BinOp::URem => x % y,
                    BinOp::SDiv => sx.wrapping_div(sy) as u128,
                    BinOp::SRem => sx.wrapping_rem(sy) as u128,
                    BinOp::Shl => x << amount(y),
                    BinOp::LShr => x >> amount(y),
                    BinOp::AShr => (sx >> amount(y)) as u128,
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => {
                        return None
                    }
                };
                mask(r, bits)
            }
            Node::Cmp(p, a, b) => {
                let w = a.bits;
                let (x, y) = (a.eval(value)?, b.eval(value)?);
                p.holds((x, y), (signed(x, w), signed(y, w))) as u128
            }
            Node::SExt(a) => mask(signed(a.eval(value)?, a.bits) as u128, bits),
            Node::ZExt(a) => a.eval(value)?,
            Node::Trunc(a) => mask(a.eval(value)?, bits),
            Node::Select(c, a, b) => {
                if c.eval(value)? & 1 != 0 {
                    a.eval(value)?
                } else {
                    b.eval(value)?
                }
            }
        })
    }
}

/// A path constraint: a 1-bit term and whether it held on the path taken.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Constraint {
    pub cond: Arc<Term>,
    pub holds: bool,
}

impl Constraint {
    /// The constraint with the other outcome.
    pub fn negated(&self) -> Constraint {
        Constraint {
            cond: self.cond.clone(),
            holds: !self.holds,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::StrSrc;

    fn n() -> Sym {
        Sym::Conv {
            src: StrSrc::Argv(1),
            long: false,
        }
    }

    #[test]
    fn terms_compute_as_the_interpreter_does() {
        let x = Term::trunc(Term::sym(n()), 32).unwrap();
        let val = |v: i64| move |_: &Sym| Some(v);
        // x % 3 == 2, with C's remainder sign.
        let r = Term::bin(BinOp::SRem, x.clone(), Term::constant(3, 32)).unwrap();
        let c = Term::cmp(IntPredicate::Eq, r.clone(), Term::constant(2, 32)).unwrap();
        assert_eq!(c.eval(&val(5)), Some(1));
        assert_eq!(c.eval(&val(-1)), Some(0));
        assert_eq!(r.eval(&val(-1)), Some(mask(-1i128 as u128, 32)));
        // 32-bit wrap-around.
        let big = Term::bin(BinOp::Mul, x.clone(), Term::constant(1 << 20, 32)).unwrap();
        assert_eq!(big.eval(&val(4096)), Some(0));
        // Division faults where the interpreter's does.
        let q = Term::bin(BinOp::SDiv, Term::constant(7, 32), x.clone()).unwrap();
        assert_eq!(q.eval(&val(0)), None);
        assert_eq!(q.eval(&val(-2)), Some(mask(-3i128 as u128, 32)));
        // Constants fold; equal terms are equal and hash alike.
        let k = Term::bin(BinOp::Add, Term::constant(2, 8), Term::constant(255, 8)).unwrap();
        assert_eq!(k.as_const(), Some(1));
        let c2 = Term::cmp(
            IntPredicate::Eq,
            Term::bin(BinOp::SRem, x.clone(), Term::constant(3, 32)).unwrap(),
            Term::constant(2, 32),
        )
        .unwrap();
        assert_eq!(c, c2);
        // Terms stop growing at the size bound.
        let mut t = x;
        let mut grew = 0;
        while let Some(next) = Term::bin(BinOp::Add, t.clone(), t.clone()) {
            t = next;
            grew += 1;
        }
        assert!(grew < 13);
    }
}
