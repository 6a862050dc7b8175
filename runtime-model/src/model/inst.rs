//! The instructions of a model's functions: operands, types, the
//! operations (close to LLVM IR's), calls and terminators.

use serde::{Deserialize, Serialize};

use super::*;

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A register of the current function.
    #[serde(rename = "r")]
    Reg(Reg),
    /// A constant in the register representation described in the module docs
    /// (global addresses are constants too: see [`Pointer::global`]).
    #[serde(rename = "c")]
    Const(u64),
}

/// First-class types the model knows.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
    Ptr,
}

impl Ty {
    /// Size in memory, in bytes (`i1` occupies one byte).
    pub fn size(self) -> u64 {
        match self {
            Ty::I1 | Ty::I8 => 1,
            Ty::I16 => 2,
            Ty::I32 | Ty::F32 => 4,
            Ty::I64 | Ty::F64 | Ty::Ptr => 8,
        }
    }

    /// Width in bits of the register value.
    pub fn bits(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I16 => 16,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::F64 | Ty::Ptr => 64,
        }
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntPredicate {
    Eq,
    Ne,
    Ugt,
    Uge,
    Ult,
    Ule,
    Sgt,
    Sge,
    Slt,
    Sle,
}

impl IntPredicate {
    /// Whether the comparison holds for two values of one width, given as
    /// unsigned (`u`) and as signed (`s`) readings of the same bits (LLVM
    /// `icmp`): the one definition the interpreter, the symbolic terms of
    /// `--any-input` and the test kit share.
    pub fn holds<U: Ord, S: Ord>(self, (ua, ub): (U, U), (sa, sb): (S, S)) -> bool {
        match self {
            IntPredicate::Eq => ua == ub,
            IntPredicate::Ne => ua != ub,
            IntPredicate::Ugt => ua > ub,
            IntPredicate::Uge => ua >= ub,
            IntPredicate::Ult => ua < ub,
            IntPredicate::Ule => ua <= ub,
            IntPredicate::Sgt => sa > sb,
            IntPredicate::Sge => sa >= sb,
            IntPredicate::Slt => sa < sb,
            IntPredicate::Sle => sa <= sb,
        }
    }
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatPredicate {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Uno,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    True,
}

#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FpTrunc,
    FpExt,
    FpToUi,
    FpToSi,
    UiToFp,
    SiToFp,
    PtrToInt,
    IntToPtr,
    BitCast,
}

/// Which half of an x87 80-bit value (C `long double` on x86-64) a register
/// holds. Registers hold 64 bits, so a `long double` SSA value lives in two
/// registers: `Lo`, the 64-bit significand with its explicit integer bit
/// (memory bytes 0..8), and `Hi`, the sign and the 15-bit exponent (bytes
/// 8..10, zero-extended). Each instruction that makes a `long double` is
/// emitted twice, once per half, each computing the whole value exactly and
/// keeping its half: every instruction still defines one register.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    Lo,
    Hi,
}

/// An operation on x87 80-bit values ([`InstKind::X87`]). In the argument
/// list a `long double` operand is two operands, its `Lo` then its `Hi`
/// half.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum X87Op {
    /// `fadd fsub fmul fdiv frem` of two `long double`s (4 arguments).
    Binary { op: BinOp, half: Half },
    /// `fneg` (2 arguments).
    Neg { half: Half },
    /// `fcmp` of two `long double`s (4 arguments): an `i1`.
    Cmp { pred: FloatPredicate },
    /// `fpext` of a `float` or `double` (1 argument).
    FromFloat { from: Ty, half: Half },
    /// `fptrunc` to `float` or `double` (2 arguments).
    ToFloat { to: Ty },
    /// `sitofp`/`uitofp` of an integer of type `from` (1 argument).
    FromInt { from: Ty, signed: bool, half: Half },
    /// `fptosi`/`fptoui` to an integer of type `to` (2 arguments).
    ToInt { to: Ty, signed: bool },
    /// A C library function of `long double`s (`fabsl`, `copysignl`, ...,
    /// and the LLVM intrinsics for them): 2 arguments per operand.
    Math { func: X87Math, half: Half },
}

/// The `long double` functions of the C library (C11 7.12) the model
/// computes exactly.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum X87Math {
    Fabs,
    Copysign,
    Fmin,
    Fmax,
    Floor,
    Ceil,
    Trunc,
    Round,
    Rint,
    Fmod,
    /// `logl`, only of a power of two (see `x87::log`).
    Log,
    /// `sqrtl`, correctly rounded (x87 `fsqrt`, which glibc's uses).
    Sqrt,
}

/// One term `sext(index) * scale` of an address computation.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GepIndex {
    pub index: Operand,
    pub index_ty: Ty,
    pub scale: i64,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Inst {
    pub kind: InstKind,
    pub loc: LocId,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum InstKind {
    Binary {
        dst: Reg,
        op: BinOp,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    FNeg {
        dst: Reg,
        ty: Ty,
        value: Operand,
    },
    ICmp {
        dst: Reg,
        pred: IntPredicate,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    FCmp {
        dst: Reg,
        pred: FloatPredicate,
        ty: Ty,
        lhs: Operand,
        rhs: Operand,
    },
    Cast {
        dst: Reg,
        op: CastOp,
        from: Ty,
        to: Ty,
        value: Operand,
    },
    Select {
        dst: Reg,
        cond: Operand,
        if_true: Operand,
        if_false: Operand,
    },
    /// `dst = base + offset + Σ sext(index) * scale`.
    Gep {
        dst: Reg,
        base: Operand,
        offset: i64,
        indices: Vec<GepIndex>,
    },
    Load {
        dst: Reg,
        ty: Ty,
        ptr: Operand,
        /// A C `volatile` read: the compiler reads memory on every
        /// evaluation, so a loop polling a window location may observe an
        /// RMA update under the unified memory model (MPI 3.1 §11.4,
        /// §11.7.3).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        volatile: bool,
    },
    Store {
        ty: Ty,
        value: Operand,
        ptr: Operand,
    },
    /// A fresh stack allocation of `elem_size * count` bytes.
    Alloca {
        dst: Reg,
        elem_size: u64,
        count: Operand,
    },
    /// A modeled C library function (or LLVM intrinsic with C semantics).
    Libc {
        dst: Option<Reg>,
        func: LibcFunc,
        args: Vec<Arg>,
    },
    /// An MPI call; argument order is the C prototype's.
    Mpi {
        dst: Option<Reg>,
        func: crate::mpi_api::MpiFunc,
        args: Vec<Operand>,
    },
    /// A call to a function of the model: left after inlining only for
    /// recursive functions (the checker runs them on a call stack) and
    /// inside the functions that are called through pointers.
    Call {
        dst: Option<Reg>,
        func: FuncId,
        args: Vec<Operand>,
    },
    /// A call through a function pointer (`callee` holds a
    /// `Pointer::function` address at run time): dispatch tables,
    /// callbacks. A pointer that is not the address of a function of the
    /// model stops the execution when the call runs.
    CallIndirect {
        dst: Option<Reg>,
        callee: Operand,
        args: Vec<Operand>,
    },
    /// A construct the model does not cover (a call to an unknown library
    /// function, a call through a function pointer, SIMD, recursion...),
    /// e.g. `unsupported call to strerror`. `mpi-extract` puts it where the
    /// construct was instead of refusing the program, because such code is
    /// often on error paths that never run. Reaching it halts the execution
    /// and the check is inconclusive (BRIEF: exit 2 when the program uses
    /// something not supported); since nothing after it runs, its missing
    /// effects cannot matter. It reads and defines no register.
    Unsupported {
        what: String,
    },
    /// A call to a function outside the program that neither the C
    /// library model, MPI nor OpenMP covers (a library without source:
    /// libpng, HDF5, X11...). Reached, it stops the execution
    /// inconclusive, naming `callee` and the ways to go on (`--stub`,
    /// `--assume-no-effect`), unless `no_effect` says the user assumed it
    /// writes no memory the program sees and returns: then its result
    /// (`ty`) is 0, or for a pointer a fresh opaque object
    /// (`Pointer::opaque`) that only such functions may be given. `args`
    /// are what the program passes; the interpreter never reads them, the
    /// slicer does (what the call may write: `Model::assumed_to_return`);
    /// `args_unknown` says the lifter could not represent one of them (then
    /// the slicer keeps the call).
    Foreign {
        dst: Option<Reg>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ty: Option<Ty>,
        callee: String,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_effect: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<Operand>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        args_unknown: bool,
    },
    /// The C++ runtime ends the process here (`std::terminate`, C++17
    /// [except.terminate]): an exception no handler of the program can
    /// catch (`why`: "uncaught exception of type std::runtime_error"), or
    /// a call of `std::terminate`. libstdc++ finds no handler before it
    /// unwinds anything, so nothing after it runs; the checker reports it
    /// as it reports `abort()`. It reads and defines no register.
    Terminate {
        why: String,
    },
    /// A call of the OpenMP runtime (`crate::omp`): the parallel regions,
    /// worksharing and synchronization clang emits for `#pragma omp`, and
    /// the `omp_*` functions. Argument order is the C prototype's.
    Omp {
        dst: Option<Reg>,
        call: crate::omp::OmpCall,
        args: Vec<Operand>,
    },
    /// The local variable (stack block) at `ptr` goes out of scope: its
    /// function returns (C11 6.2.4p2: its lifetime ends, and a pointer to it
    /// becomes indeterminate). `mpi-extract` puts one for each of a
    /// function's locals before each of its returns.
    LifetimeEnd {
        ptr: Operand,
    },
    /// An atomic access to `ty` at `ptr` (`atomicrmw`, `load atomic`,
    /// `store atomic`; `#pragma omp atomic`): `dst`, when the program uses
    /// it, receives the value before the access.
    Atomic {
        dst: Option<Reg>,
        op: crate::omp::AtomicOp,
        ty: Ty,
        ptr: Operand,
        value: Operand,
    },
    /// An operation on x87 80-bit `long double`s, computed exactly as
    /// x86-64 does (round to nearest even at 64-bit precision): see
    /// [`Half`] for how such a value is held in registers.
    X87 {
        dst: Reg,
        op: X87Op,
        args: Vec<Operand>,
    },
}

/// A call argument with its type (needed for variadic functions).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq)]
pub struct Arg {
    pub value: Operand,
    pub ty: Ty,
}

#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Terminator {
    Br {
        target: BlockId,
    },
    CondBr {
        cond: Operand,
        if_true: BlockId,
        if_false: BlockId,
    },
    Switch {
        value: Operand,
        ty: Ty,
        default: BlockId,
        cases: Vec<(u64, BlockId)>,
    },
    Ret {
        value: Option<Operand>,
    },
    Unreachable,
}

impl Terminator {
    pub fn successors(&self) -> Vec<BlockId> {
        match self {
            Terminator::Br { target } => vec![*target],
            Terminator::CondBr {
                if_true, if_false, ..
            } => vec![*if_true, *if_false],
            Terminator::Switch { default, cases, .. } => {
                let mut v = vec![*default];
                v.extend(cases.iter().map(|(_, b)| *b));
                v
            }
            Terminator::Ret { .. } | Terminator::Unreachable => vec![],
        }
    }
}

impl InstKind {
    /// The register written and every operand read (used by validation and
    /// by the slicer's def-use chains).
    pub fn dst_and_operands(&self) -> (Option<Reg>, Vec<Operand>) {
        match self {
            InstKind::Binary { dst, lhs, rhs, .. }
            | InstKind::ICmp { dst, lhs, rhs, .. }
            | InstKind::FCmp { dst, lhs, rhs, .. } => (Some(*dst), vec![*lhs, *rhs]),
            InstKind::FNeg { dst, value, .. } | InstKind::Cast { dst, value, .. } => {
                (Some(*dst), vec![*value])
            }
            InstKind::Select {
                dst,
                cond,
                if_true,
                if_false,
            } => (Some(*dst), vec![*cond, *if_true, *if_false]),
            InstKind::Gep {
                dst, base, indices, ..
            } => {
                let mut v = vec![*base];
                v.extend(indices.iter().map(|i| i.index));
                (Some(*dst), v)
            }
            InstKind::Load { dst, ptr, .. } => (Some(*dst), vec![*ptr]),
            InstKind::Store { value, ptr, .. } => (None, vec![*value, *ptr]),
            InstKind::Alloca { dst, count, .. } => (Some(*dst), vec![*count]),
            InstKind::Libc { dst, args, .. } => (*dst, args.iter().map(|a| a.value).collect()),
            InstKind::Mpi { dst, args, .. } | InstKind::Call { dst, args, .. } => {
                (*dst, args.clone())
            }
            InstKind::CallIndirect { dst, callee, args } => {
                let mut v = vec![*callee];
                v.extend(args.iter().copied());
                (*dst, v)
            }
            InstKind::Unsupported { .. } | InstKind::Terminate { .. } => (None, Vec::new()),
            InstKind::Foreign { dst, args, .. } => (*dst, args.clone()),
            InstKind::Omp { dst, args, .. } => (*dst, args.clone()),
            InstKind::LifetimeEnd { ptr } => (None, vec![*ptr]),
            InstKind::Atomic {
                dst, ptr, value, ..
            } => (*dst, vec![*ptr, *value]),
            InstKind::X87 { dst, args, .. } => (Some(*dst), args.clone()),
        }
    }
}
