//! Random programs whose communication depends on two integer inputs
//! (`x = atoi(argv[1])`, `y = atoi(argv[2])`), for checking `--any-input`
//! against brute force: each rank computes a condition from the inputs and
//! calls `MPI_Barrier` when it holds, so the program is wrong exactly for
//! the inputs on which the ranks' conditions differ. Rank 1 reads the
//! inputs itself, or gets them from rank 0 by `MPI_Bcast`, a message, or
//! an `MPI_Allreduce` (a sum with zeros, a maximum with `INT_MIN`).
//!
//! Conditions mix what the interval partition handles (comparisons of a
//! monotone function) with what needs the SMT solver (remainders, bit
//! operations, two inputs combined, wrap-around). Every expression is free
//! of undefined behavior, so the compiled program computes what
//! [`Expr::eval`] computes: signed `/` and `%` only by constants other than 0
//! and -1, `+`, `-`, `*` and `<<` on `unsigned` (wrapping), `>>` of a signed
//! value by a constant (arithmetic, as gcc and clang define it).

use crate::gen::Rng;

#[derive(Clone, Debug)]
pub enum Expr {
    X,
    Y,
    Const(i32),
    /// Signed operation with a constant right operand: `/`, `%`, `>>`.
    SignedConst(char, Box<Expr>, i32),
    /// Signed bit operation: `&`, `|`, `^`.
    Bits(char, Box<Expr>, Box<Expr>),
    /// `(int)((unsigned)a op (unsigned)b)` for `+`, `-`, `*`.
    Wrapping(char, Box<Expr>, Box<Expr>),
}

impl Expr {
    pub fn c(&self) -> String {
        match self {
            Expr::X => "x".into(),
            Expr::Y => "y".into(),
            Expr::Const(k) => format!("({k})"),
            Expr::SignedConst('>', a, k) => format!("({} >> {k})", a.c()),
            Expr::SignedConst(op, a, k) => format!("({} {op} ({k}))", a.c()),
            Expr::Bits(op, a, b) => format!("({} {op} {})", a.c(), b.c()),
            Expr::Wrapping(op, a, b) => {
                format!("(int)((unsigned){} {op} (unsigned){})", a.c(), b.c())
            }
        }
    }

    pub fn eval(&self, x: i32, y: i32) -> i32 {
        match self {
            Expr::X => x,
            Expr::Y => y,
            Expr::Const(k) => *k,
            Expr::SignedConst(op, a, k) => {
                let v = a.eval(x, y);
                match op {
                    '/' => v.wrapping_div(*k),
                    '%' => v.wrapping_rem(*k),
                    _ => v >> (*k as u32 % 32),
                }
            }
            Expr::Bits(op, a, b) => {
                let (u, v) = (a.eval(x, y), b.eval(x, y));
                match op {
                    '&' => u & v,
                    '|' => u | v,
                    _ => u ^ v,
                }
            }
            Expr::Wrapping(op, a, b) => {
                let (u, v) = (a.eval(x, y) as u32, b.eval(x, y) as u32);
                (match op {
                    '+' => u.wrapping_add(v),
                    '-' => u.wrapping_sub(v),
                    _ => u.wrapping_mul(v),
                }) as i32
            }
        }
    }

    fn random(rng: &mut Rng, depth: u32) -> Expr {
        if depth == 0 || rng.chance(25) {
            return match rng.below(5) {
                0 | 1 => Expr::X,
                2 | 3 => Expr::Y,
                _ => Expr::Const(*rng.pick(&[0, 1, 2, 3, 7, -1, -5, 100, 1 << 20])),
            };
        }
        let a = Box::new(Expr::random(rng, depth - 1));
        match rng.below(3) {
            0 => {
                let op = *rng.pick(&['/', '%', '>']);
                let k = if op == '>' {
                    rng.below(8) as i32
                } else {
                    *rng.pick(&[2, 3, 4, 5, 7, 16, -3])
                };
                Expr::SignedConst(op, a, k)
            }
            1 => Expr::Bits(
                *rng.pick(&['&', '|', '^']),
                a,
                Box::new(Expr::random(rng, depth - 1)),
            ),
            _ => Expr::Wrapping(
                *rng.pick(&['+', '-', '*']),
                a,
                Box::new(Expr::random(rng, depth - 1)),
            ),
        }
    }

    /// The same expression with one constant changed (a near miss).
    fn mutated(&self, rng: &mut Rng) -> Expr {
        match self {
            Expr::Const(k) => Expr::Const(k.wrapping_add(1)),
            Expr::X | Expr::Y => {
                Expr::Wrapping('+', Box::new(self.clone()), Box::new(Expr::Const(1)))
            }
            Expr::SignedConst(op, a, k) => {
                if rng.chance(50) {
                    Expr::SignedConst(*op, Box::new(a.mutated(rng)), *k)
                } else {
                    let k = if *op == '>' {
                        (k + 1) % 8
                    } else if *k == 2 {
                        4
                    } else {
                        2
                    };
                    Expr::SignedConst(*op, a.clone(), k)
                }
            }
            Expr::Bits(op, a, b) | Expr::Wrapping(op, a, b) => {
                let (a, b) = if rng.chance(50) {
                    (Box::new(a.mutated(rng)), b.clone())
                } else {
                    (a.clone(), Box::new(b.mutated(rng)))
                };
                match self {
                    Expr::Bits(..) => Expr::Bits(*op, a, b),
                    _ => Expr::Wrapping(*op, a, b),
                }
            }
        }
    }
}

/// `expr cmp k`.
#[derive(Clone, Debug)]
pub struct Cond {
    pub expr: Expr,
    pub cmp: &'static str,
    pub k: i32,
}

impl Cond {
    pub fn c(&self) -> String {
        format!("{} {} ({})", self.expr.c(), self.cmp, self.k)
    }

    pub fn holds(&self, x: i32, y: i32) -> bool {
        let v = self.expr.eval(x, y);
        match self.cmp {
            "<" => v < self.k,
            "<=" => v <= self.k,
            "==" => v == self.k,
            "!=" => v != self.k,
            ">" => v > self.k,
            _ => v >= self.k,
        }
    }
}

/// A generated program: one condition per rank.
pub struct InputProgram {
    pub conds: Vec<Cond>,
    pub source: String,
}

impl InputProgram {
    /// Whether the ranks disagree (the program is wrong) at `(x, y)`.
    pub fn wrong_at(&self, x: i32, y: i32) -> bool {
        let first = self.conds[0].holds(x, y);
        self.conds.iter().any(|c| c.holds(x, y) != first)
    }
}

const CMPS: [&str; 6] = ["<", "<=", "==", "!=", ">", ">="];

pub fn generate(seed: u64) -> InputProgram {
    let mut rng = Rng::new(seed.wrapping_mul(7919).wrapping_add(13));
    let depth = 1 + rng.below(3) as u32;
    let cmp = CMPS[rng.below(CMPS.len() as u64) as usize];
    let first = Cond {
        expr: Expr::random(&mut rng, depth),
        cmp,
        k: *rng.pick(&[0, 1, 2, 3, -1, 10, 1000]),
    };
    // The second rank: the same condition (correct), a near miss, or
    // another one.
    let second = match rng.below(3) {
        0 => first.clone(),
        1 => Cond {
            expr: first.expr.mutated(&mut rng),
            ..first.clone()
        },
        _ => Cond {
            expr: Expr::random(&mut rng, depth),
            cmp: CMPS[rng.below(CMPS.len() as u64) as usize],
            k: *rng.pick(&[0, 1, 2, 3, -1, 10, 1000]),
        },
    };
    let conds = vec![first, second];
    // How rank 1 gets the inputs: reading the arguments itself, or from
    // rank 0 by a broadcast or a message (their symbolic values must
    // cross it).
    let share = match rng.below(5) {
        0 => "",
        1 => "    MPI_Bcast(v, 2, MPI_INT, 0, MPI_COMM_WORLD);\n",
        // Rank 1 contributes zeros to a sum, or the smallest int to a
        // maximum: the result is rank 0's values.
        2 => "    MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);\n",
        3 => {
            "    if (rank != 0)\n        v[0] = v[1] = -2147483647 - 1;\n    \
             MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);\n"
        }
        _ => {
            "    if (rank == 0)\n        MPI_Send(v, 2, MPI_INT, 1, 0, MPI_COMM_WORLD);\n    \
             else\n        MPI_Recv(v, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n"
        }
    };
    let reader = if share.is_empty() { "1" } else { "rank == 0" };
    let source = format!(
        "#include <mpi.h>\n#include <stdlib.h>\n\n\
         int main(int argc, char **argv) {{\n\
         \x20   int rank, c, v[2] = {{0, 0}};\n\
         \x20   MPI_Init(&argc, &argv);\n\
         \x20   MPI_Comm_rank(MPI_COMM_WORLD, &rank);\n\
         \x20   if ({reader}) {{\n\
         \x20       v[0] = atoi(argv[1]);\n\
         \x20       v[1] = atoi(argv[2]);\n\
         \x20   }}\n\
         {share}\
         \x20   int x = v[0], y = v[1];\n\
         \x20   if (rank == 0)\n\
         \x20       c = {};\n\
         \x20   else\n\
         \x20       c = {};\n\
         \x20   if (c)\n\
         \x20       MPI_Barrier(MPI_COMM_WORLD);\n\
         \x20   MPI_Finalize();\n\
         \x20   return 0;\n\
         }}\n",
        conds[0].c(),
        conds[1].c()
    );
    InputProgram { conds, source }
}

/// Input values brute force tries: small values, powers of two around the
/// sign and wrap-around boundaries.
pub fn samples() -> Vec<i32> {
    let mut v: Vec<i32> = (-40..=40).collect();
    for k in 4..31 {
        let p = 1i32 << k;
        v.extend([p - 1, p, p + 1, -p - 1, -p, -p + 1]);
    }
    v.extend([i32::MIN, i32::MIN + 1, i32::MAX, i32::MAX - 1]);
    v
}
