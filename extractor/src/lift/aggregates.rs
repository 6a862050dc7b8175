//! First-class aggregates: SSA values of struct or array type.
//!
//! Clang makes them for small structs returned by value: the x86-64 System V
//! ABI returns a struct of up to 16 bytes in two registers, so
//! `struct { double x, y; } f(void)` returns `{ double, double }`, loaded
//! whole from the callee's local and taken apart with `extractvalue` (or
//! stored whole) by the caller. Model registers hold scalars, so an
//! aggregate value lives in memory: its register holds the address of a
//! fresh stack block with the value's bytes in their memory layout. A block
//! is never written after it is made (`insertvalue` makes a new one), so
//! values may share blocks. A function returning an aggregate takes one more
//! parameter, after any variable-argument area: where to store its result,
//! which its caller allocates, as for a struct returned through `sret`; an
//! aggregate argument is passed as its block's address.

use runtime_model::model::{Arg, BinOp, InstKind, LibcFunc, Operand, Reg, Ty};

use super::function::FunctionLifter;
use super::ir::{LLVMTypeKind, LLVMValueKind, Type, Value};
use crate::error::ExtractError;

/// Whether values of `ty` are held in memory (see module docs). Fixed-size
/// vectors are too: the ABI passes `struct { float x, y; }` as
/// `<2 x float>`, which clang only loads, stores and passes whole; element
/// operations on vectors (SIMD code) stay unsupported.
pub fn is_aggregate(ty: Type<'_>) -> bool {
    matches!(
        ty.kind(),
        LLVMTypeKind::LLVMStructTypeKind
            | LLVMTypeKind::LLVMArrayTypeKind
            | LLVMTypeKind::LLVMVectorTypeKind
    )
}

/// A fresh zero-filled stack block for a value of `ty`, in register `dst`.
fn new_block(fl: &mut FunctionLifter<'_, '_>, dst: Reg, ty: Type<'_>) {
    let elem_size = fl.layout().alloc_size(ty);
    fl.emit(InstKind::Alloca {
        dst,
        elem_size,
        count: Operand::Const(1),
    });
}

/// `memcpy(dst, src, size of ty)`.
pub fn copy(fl: &mut FunctionLifter<'_, '_>, dst: Operand, src: Operand, ty: Type<'_>) {
    let size = fl.layout().store_size(ty);
    fl.emit(InstKind::Libc {
        dst: None,
        func: LibcFunc::Memcpy,
        args: vec![
            Arg {
                ty: Ty::Ptr,
                value: dst,
            },
            Arg {
                ty: Ty::Ptr,
                value: src,
            },
            Arg {
                ty: Ty::I64,
                value: Operand::Const(size),
            },
        ],
    });
}

/// `base + offset` in a fresh register.
fn address(fl: &mut FunctionLifter<'_, '_>, base: Operand, offset: u64) -> Operand {
    if offset == 0 {
        return base;
    }
    let r = fl.fresh_reg();
    fl.emit(InstKind::Gep {
        dst: r,
        base,
        offset: offset as i64,
        indices: Vec::new(),
    });
    Operand::Reg(r)
}

/// The address of aggregate value `v`: its register, or a block made here
/// for a constant.
pub fn operand<'m>(fl: &mut FunctionLifter<'_, 'm>, v: Value<'m>) -> Result<Operand, ExtractError> {
    match v.kind() {
        LLVMValueKind::LLVMInstructionValueKind | LLVMValueKind::LLVMArgumentValueKind => {
            fl.reg_of(v).map(Operand::Reg)
        }
        _ => {
            let r = fl.fresh_reg();
            new_block(fl, r, v.ty());
            store_constant(fl, Operand::Reg(r), v)?;
            Ok(Operand::Reg(r))
        }
    }
}

/// Writes constant `c` at `at` (the block is zero-filled, so zeros, `undef`
/// and `poison` need no writes).
fn store_constant<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    at: Operand,
    c: Value<'m>,
) -> Result<(), ExtractError> {
    match c.kind() {
        LLVMValueKind::LLVMConstantAggregateZeroValueKind
        | LLVMValueKind::LLVMUndefValueValueKind
        | LLVMValueKind::LLVMPoisonValueKind => return Ok(()),
        _ => {}
    }
    let ty = c.ty();
    if !is_aggregate(ty) {
        let value = fl.operand(c)?;
        let ty = fl.register_ty(ty)?;
        fl.emit(InstKind::Store { ty, value, ptr: at });
        return Ok(());
    }
    let mut i = 0;
    while let Some(element) = c.const_element(i) {
        let offset = element_offset(fl, ty, i)
            .ok_or_else(|| fl.internal("constant aggregate element out of range".into()))?;
        let p = address(fl, at, offset);
        store_constant(fl, p, element)?;
        i += 1;
    }
    Ok(())
}

/// Byte offset and type of element `index` of aggregate type `ty`.
fn element<'m>(fl: &FunctionLifter<'_, 'm>, ty: Type<'m>, index: u32) -> Option<(u64, Type<'m>)> {
    let elem = ty.field(index).or_else(|| ty.element())?;
    Some((element_offset(fl, ty, index)?, elem))
}

fn element_offset(fl: &FunctionLifter<'_, '_>, ty: Type<'_>, index: u32) -> Option<u64> {
    match ty.kind() {
        LLVMTypeKind::LLVMStructTypeKind => fl.layout().field_offset(ty, index),
        LLVMTypeKind::LLVMArrayTypeKind => {
            let elem = ty.element()?;
            (u64::from(index) < ty.array_len()?)
                .then(|| u64::from(index) * fl.layout().alloc_size(elem))
        }
        _ => None,
    }
}

/// Offset and type of the element an index path names.
fn path<'m>(
    fl: &FunctionLifter<'_, 'm>,
    mut ty: Type<'m>,
    indices: &[u32],
) -> Result<(u64, Type<'m>), ExtractError> {
    let mut offset = 0;
    for &i in indices {
        let (o, t) = element(fl, ty, i)
            .ok_or_else(|| fl.internal(format!("aggregate index {i} out of range")))?;
        offset += o;
        ty = t;
    }
    Ok((offset, ty))
}

/// `%v = load agg, ptr %p`: a fresh block with the bytes at `%p`.
pub fn load<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let src = fl.operand_at(inst, 0)?;
    new_block(fl, dst, inst.ty());
    copy(fl, Operand::Reg(dst), src, inst.ty());
    Ok(())
}

/// `store agg %v, ptr %p`: the value's bytes to `%p`.
pub fn store<'m>(fl: &mut FunctionLifter<'_, 'm>, inst: Value<'m>) -> Result<(), ExtractError> {
    let stored = fl.raw_operand(inst, 0)?;
    let value = operand(fl, stored)?;
    let ptr = fl.operand_at(inst, 1)?;
    copy(fl, ptr, value, stored.ty());
    Ok(())
}

/// `extractvalue %agg, i, ...`: a load of a scalar element, or the address
/// of an aggregate one (blocks are never written, so sharing is safe).
pub fn extract_value<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let agg = fl.raw_operand(inst, 0)?;
    let base = operand(fl, agg)?;
    let (offset, ty) = path(fl, agg.ty(), &inst.aggregate_indices())?;
    let at = address(fl, base, offset);
    if super::types::is_fp80(ty) {
        // A part of a `long double _Complex` result: its two halves.
        let hi = fl.hi_of(inst)?;
        super::long_double::load_at(fl, dst, hi, at, false);
    } else if is_aggregate(ty) {
        fl.emit(InstKind::Cast {
            dst,
            op: runtime_model::model::CastOp::BitCast,
            from: Ty::Ptr,
            to: Ty::Ptr,
            value: at,
        });
    } else {
        let ty = fl.register_ty(ty)?;
        fl.emit(InstKind::Load {
            dst,
            ty,
            ptr: at,
            volatile: false,
        });
    }
    Ok(())
}

/// `insertvalue %agg, %elt, i, ...`: a copy of `%agg` with the element
/// replaced.
pub fn insert_value<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    let dst = fl.reg_of(inst)?;
    let agg = fl.raw_operand(inst, 0)?;
    let elt = fl.raw_operand(inst, 1)?;
    new_block(fl, dst, inst.ty());
    let blank = matches!(
        agg.kind(),
        LLVMValueKind::LLVMUndefValueValueKind
            | LLVMValueKind::LLVMPoisonValueKind
            | LLVMValueKind::LLVMConstantAggregateZeroValueKind
    );
    if !blank {
        let src = operand(fl, agg)?;
        copy(fl, Operand::Reg(dst), src, inst.ty());
    }
    let (offset, ty) = path(fl, agg.ty(), &inst.aggregate_indices())?;
    let at = address(fl, Operand::Reg(dst), offset);
    if is_aggregate(ty) {
        let src = operand(fl, elt)?;
        copy(fl, at, src, ty);
    } else {
        let value = fl.operand(elt)?;
        let ty = fl.register_ty(ty)?;
        fl.emit(InstKind::Store { ty, value, ptr: at });
    }
    Ok(())
}

/// `cmpxchg ptr %p, %expected, %new`: `{ old, old == expected }`, with `%new`
/// stored when they are equal. The threads of a process run one at a time
/// and switch only at synchronization points, so the atomic read, the
/// compare and the atomic write below are indivisible (a failed exchange
/// writes the old value back: no other thread can have changed it).
pub fn compare_exchange<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
) -> Result<(), ExtractError> {
    use runtime_model::model::IntPredicate;
    use runtime_model::omp::AtomicOp;
    let dst = fl.reg_of(inst)?;
    let ptr = fl.operand_at(inst, 0)?;
    let expected = fl.raw_operand(inst, 1)?;
    let ty = fl.register_ty(expected.ty())?;
    let expected = fl.operand(expected)?;
    let new = fl.operand_at(inst, 2)?;
    new_block(fl, dst, inst.ty());
    let old = fl.fresh_reg();
    fl.emit(InstKind::Atomic {
        dst: Some(old),
        op: AtomicOp::Read,
        ty,
        ptr,
        value: Operand::Const(0),
    });
    let same = fl.fresh_reg();
    fl.emit(InstKind::ICmp {
        dst: same,
        pred: IntPredicate::Eq,
        ty,
        lhs: Operand::Reg(old),
        rhs: expected,
    });
    let stored = fl.fresh_reg();
    fl.emit(InstKind::Select {
        dst: stored,
        cond: Operand::Reg(same),
        if_true: new,
        if_false: Operand::Reg(old),
    });
    fl.emit(InstKind::Atomic {
        dst: None,
        op: AtomicOp::Xchg,
        ty,
        ptr,
        value: Operand::Reg(stored),
    });
    fl.emit(InstKind::Store {
        ty,
        value: Operand::Reg(old),
        ptr: Operand::Reg(dst),
    });
    let (offset, _) = path(fl, inst.ty(), &[1])?;
    let flag = address(fl, Operand::Reg(dst), offset);
    fl.emit(InstKind::Store {
        ty: Ty::I1,
        value: Operand::Reg(same),
        ptr: flag,
    });
    Ok(())
}

/// `llvm.{u,s}{add,sub}.with.overflow` and `llvm.umul.with.overflow`
/// (clang's checks of `new T[n]`'s size and the `__builtin_*_overflow`
/// functions): `{ iN result, i1 overflowed }` in a fresh block. `op` is the
/// arithmetic, `signed` how the operands are read.
pub fn overflow_arith<'m>(
    fl: &mut FunctionLifter<'_, 'm>,
    inst: Value<'m>,
    args: &[Value<'m>],
    op: BinOp,
    signed: bool,
) -> Result<(), ExtractError> {
    use runtime_model::model::IntPredicate;
    let [a, b] = args else {
        return Err(fl.internal("overflow intrinsic without two operands".into()));
    };
    let ty = fl.register_ty(a.ty())?;
    let (a, b) = (fl.operand(*a)?, fl.operand(*b)?);
    let dst = fl.reg_of(inst)?;
    new_block(fl, dst, inst.ty());
    let r = fl.fresh_reg();
    fl.emit(InstKind::Binary {
        dst: r,
        op,
        ty,
        lhs: a,
        rhs: b,
    });
    let icmp = |fl: &mut FunctionLifter<'_, 'm>, pred, lhs, rhs| {
        let d = fl.fresh_reg();
        fl.emit(InstKind::ICmp {
            dst: d,
            pred,
            ty,
            lhs,
            rhs,
        });
        Operand::Reg(d)
    };
    let binary = |fl: &mut FunctionLifter<'_, 'm>, op, lhs, rhs| {
        let d = fl.fresh_reg();
        fl.emit(InstKind::Binary {
            dst: d,
            op,
            ty,
            lhs,
            rhs,
        });
        Operand::Reg(d)
    };
    let overflowed = match (op, signed) {
        // Unsigned: the sum wrapped below an operand, the difference below
        // the minuend's subtrahend.
        (BinOp::Add, false) => icmp(fl, IntPredicate::Ult, Operand::Reg(r), a),
        (BinOp::Sub, false) => icmp(fl, IntPredicate::Ult, a, b),
        // Signed: the result's sign differs from what the operands' signs
        // allow (both operands' for a sum, the minuend's for a difference).
        (BinOp::Add | BinOp::Sub, true) => {
            let ar = binary(fl, BinOp::Xor, a, Operand::Reg(r));
            let other = if op == BinOp::Add {
                binary(fl, BinOp::Xor, b, Operand::Reg(r))
            } else {
                binary(fl, BinOp::Xor, a, b)
            };
            let both = binary(fl, BinOp::And, ar, other);
            icmp(fl, IntPredicate::Slt, both, Operand::Const(0))
        }
        // Unsigned product: dividing it by a non-zero factor does not give
        // the other factor back.
        (BinOp::Mul, false) => {
            let zero = icmp(fl, IntPredicate::Eq, b, Operand::Const(0));
            let divisor = fl.fresh_reg();
            fl.emit(InstKind::Select {
                dst: divisor,
                cond: zero,
                if_true: Operand::Const(1),
                if_false: b,
            });
            let back = binary(fl, BinOp::UDiv, Operand::Reg(r), Operand::Reg(divisor));
            let differs = icmp(fl, IntPredicate::Ne, back, a);
            let nonzero = icmp(fl, IntPredicate::Ne, b, Operand::Const(0));
            let d = fl.fresh_reg();
            fl.emit(InstKind::Binary {
                dst: d,
                op: BinOp::And,
                ty: Ty::I1,
                lhs: differs,
                rhs: nonzero,
            });
            Operand::Reg(d)
        }
        _ => return Err(fl.unsupported("signed multiplication with overflow check")),
    };
    fl.emit(InstKind::Store {
        ty,
        value: Operand::Reg(r),
        ptr: Operand::Reg(dst),
    });
    let (offset, _) = path(fl, inst.ty(), &[1])?;
    let at = address(fl, Operand::Reg(dst), offset);
    fl.emit(InstKind::Store {
        ty: Ty::I1,
        value: overflowed,
        ptr: at,
    });
    Ok(())
}
