//! The predefined reduction operations of MPI (MPI 3.1 §5.9.2, §5.9.4, and
//! `MPI_REPLACE` / `MPI_NO_OP` of §11.3.4) applied to byte buffers.
//!
//! Buffers hold consecutive elements of one predefined datatype in the x86_64
//! little-endian layout described by [`crate::handles::PREDEFINED_DATATYPES`].
//! Integer arithmetic wraps (two's complement), as it does in every MPI
//! library written in C; floating-point arithmetic is IEEE in the element's
//! own precision. x87 `long double` (`MPI_LONG_DOUBLE`, and the parts of
//! `MPI_C_LONG_DOUBLE_COMPLEX`) is computed exactly in the 80-bit format
//! (`crate::x87`), on the 10 significant bytes of each 16-byte element (the
//! padding of inout is left as it is), `MPI_LONG_DOUBLE_INT` (MINLOC /
//! MAXLOC) comparing the 80-bit values.

use crate::handles::{
    self, BasicKind, ScalarKind, MPI_BAND, MPI_BOR, MPI_BXOR, MPI_LAND, MPI_LOR, MPI_LXOR, MPI_MAX,
    MPI_MAXLOC, MPI_MIN, MPI_MINLOC, MPI_NO_OP, MPI_PROD, MPI_REPLACE, MPI_SUM,
};
use std::cmp::Ordering;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReduceError {
    /// A predefined operation applied to a datatype §5.9.2 excludes.
    OpNotForType { op: i32, datatype: i32 },
    /// Not a predefined operation handle.
    UnknownOp(i32),
    /// Not a predefined datatype handle, or one whose elements are not
    /// modeled (`long double`, binary128).
    UnknownDatatype(i32),
    /// The buffers differ in length or are not a whole number of elements.
    LengthMismatch,
}

impl std::fmt::Display for ReduceError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let op_name = |op: &i32| handles::predefined_op_name(*op).unwrap_or("?");
        let dt_name = |dt: &i32| handles::predefined_datatype_name(*dt).unwrap_or("?");
        match self {
            ReduceError::OpNotForType { op, datatype } => write!(
                f,
                "{} is not defined for datatype {}",
                op_name(op),
                dt_name(datatype)
            ),
            ReduceError::UnknownOp(op) => write!(f, "unknown reduction operation 0x{op:08x}"),
            ReduceError::UnknownDatatype(dt) => match handles::predefined_datatype_name(*dt) {
                Some(name) => write!(f, "reductions on {name} are not supported"),
                None => write!(f, "unknown datatype 0x{dt:08x}"),
            },
            ReduceError::LengthMismatch => {
                write!(
                    f,
                    "reduction buffers differ in length or hold partial elements"
                )
            }
        }
    }
}

impl std::error::Error for ReduceError {}

/// Whether `op` is defined for `datatype` (MPI 3.1 §5.9.2 table; MINLOC /
/// MAXLOC on the pair types of §5.9.4; REPLACE / NO_OP on any predefined
/// datatype, §11.3.4). `false` for unknown handles.
pub fn op_defined_for(op: i32, datatype: i32) -> bool {
    handles::op_accepts_datatype(op, datatype)
}

/// `inout = input (op) inout`, element-wise, as
/// `MPI_Reduce_local(input, inout, …, op)` (MPI 3.1 §5.9.7).
///
/// For the RMA operations, `input` is the origin data and `inout` the target:
/// `MPI_REPLACE` stores `input`, `MPI_NO_OP` leaves `inout` as it is.
pub fn reduce_local(
    op: i32,
    datatype: i32,
    input: &[u8],
    inout: &mut [u8],
) -> Result<(), ReduceError> {
    let (op, elem, size) = prepare(op, datatype)?;
    if input.len() != inout.len() {
        return Err(ReduceError::LengthMismatch);
    }
    // Zero-size datatypes (MPI_LB / MPI_UB) have no elements to combine.
    if size == 0 {
        return if input.is_empty() {
            Ok(())
        } else {
            Err(ReduceError::LengthMismatch)
        };
    }
    if !input.len().is_multiple_of(size) {
        return Err(ReduceError::LengthMismatch);
    }
    match (op, elem) {
        (Op::Keep, _) => {}
        (Op::Replace, _) => inout.copy_from_slice(input),
        (op, Some(elem)) => {
            for (a, b) in input.chunks_exact(size).zip(inout.chunks_exact_mut(size)) {
                combine(op, elem, a, b);
            }
        }
        // `prepare` only leaves the element kind out for REPLACE / NO_OP.
        (_, None) => return Err(ReduceError::UnknownDatatype(datatype)),
    }
    Ok(())
}

/// The reduction of the contributions of ranks `0..n` in rank order:
/// `v0 op v1 op … op v(n-1)`, evaluated left to right as an MPI library
/// does for a non-commutative order (MPI 3.1 §5.9.1), which also fixes the
/// rounding of floating-point sums. An empty list gives an empty result.
pub fn reduce_all(op: i32, datatype: i32, contributions: &[&[u8]]) -> Result<Vec<u8>, ReduceError> {
    prepare(op, datatype)?;
    let Some((first, rest)) = contributions.split_first() else {
        return Ok(Vec::new());
    };
    let mut acc = first.to_vec();
    // A lone contribution must still be whole elements.
    reduce_local(handles::MPI_NO_OP, datatype, first, &mut acc)?;
    for next in rest {
        // `acc op next` is reduce_local(input = acc, inout = next).
        let mut combined = next.to_vec();
        reduce_local(op, datatype, &acc, &mut combined)?;
        acc = combined;
    }
    Ok(acc)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Max,
    Min,
    Sum,
    Prod,
    Land,
    Lor,
    Lxor,
    Band,
    Bor,
    Bxor,
    MinLoc,
    MaxLoc,
    Replace,
    /// MPI_NO_OP: the target keeps its value.
    Keep,
}

fn decode_op(op: i32) -> Option<Op> {
    Some(match op {
        MPI_MAX => Op::Max,
        MPI_MIN => Op::Min,
        MPI_SUM => Op::Sum,
        MPI_PROD => Op::Prod,
        MPI_LAND => Op::Land,
        MPI_LOR => Op::Lor,
        MPI_LXOR => Op::Lxor,
        MPI_BAND => Op::Band,
        MPI_BOR => Op::Bor,
        MPI_BXOR => Op::Bxor,
        MPI_MINLOC => Op::MinLoc,
        MPI_MAXLOC => Op::MaxLoc,
        MPI_REPLACE => Op::Replace,
        MPI_NO_OP => Op::Keep,
        _ => return None,
    })
}

/// A scalar the reduction code can read: integers up to 8 bytes and IEEE
/// single / double.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scalar {
    Int { bytes: usize, signed: bool },
    F32,
    F64,
}

/// An element of a supported datatype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    Scalar(Scalar),
    /// Real then imaginary part.
    Complex(Scalar),
    Pair {
        value: Scalar,
        index: Scalar,
        index_offset: usize,
    },
    /// x87 80-bit `long double` in 16 bytes.
    X87,
    /// `MPI_LONG_DOUBLE_INT`: a `long double` (16 bytes) then the index.
    X87Pair {
        index: Scalar,
    },
    /// Two of them: real then imaginary part.
    X87Complex,
}

fn scalar(kind: ScalarKind) -> Option<Scalar> {
    match kind {
        ScalarKind::Int { bytes, signed } if matches!(bytes, 1 | 2 | 4 | 8) => Some(Scalar::Int {
            bytes: bytes as usize,
            signed,
        }),
        ScalarKind::Float { bytes: 4 } => Some(Scalar::F32),
        ScalarKind::Float { bytes: 8 } => Some(Scalar::F64),
        // x87 extended precision and anything else: not modeled.
        _ => None,
    }
}

fn float_scalar(bytes: u8) -> Option<Scalar> {
    scalar(ScalarKind::Float { bytes })
}

fn elem(kind: BasicKind) -> Option<Elem> {
    match kind {
        BasicKind::Int { bytes, signed } => {
            scalar(ScalarKind::Int { bytes, signed }).map(Elem::Scalar)
        }
        // Bytes are combined only bitwise, so unsigned 1-byte integers.
        BasicKind::Byte => Some(Elem::Scalar(Scalar::Int {
            bytes: 1,
            signed: false,
        })),
        // The only 16-byte floating-point C type of x86-64 Linux that MPI
        // names is `long double` (the table has no binary128 type).
        BasicKind::Float { bytes: 16 } => Some(Elem::X87),
        BasicKind::Complex { part_bytes: 16 } => Some(Elem::X87Complex),
        BasicKind::Float { bytes } => float_scalar(bytes).map(Elem::Scalar),
        BasicKind::Complex { part_bytes } => float_scalar(part_bytes).map(Elem::Complex),
        // Reduction buffers hold packed data: the index right after the
        // value, without the C struct's padding (the pair's type map, §5.9.4).
        BasicKind::Pair {
            value: ScalarKind::Float { bytes: 16 },
            index,
            ..
        } => Some(Elem::X87Pair {
            index: scalar(index)?,
        }),
        BasicKind::Pair { value, index, .. } => {
            let value = scalar(value)?;
            Some(Elem::Pair {
                value,
                index: scalar(index)?,
                index_offset: value.bytes(),
            })
        }
    }
}

/// Validates `op` on `datatype` and returns the operation, the element kind
/// (`None` only for REPLACE / NO_OP, which copy bytes without reading them)
/// and the element size.
fn prepare(op_handle: i32, datatype: i32) -> Result<(Op, Option<Elem>, usize), ReduceError> {
    let op = decode_op(op_handle).ok_or(ReduceError::UnknownOp(op_handle))?;
    let info =
        handles::predefined_datatype(datatype).ok_or(ReduceError::UnknownDatatype(datatype))?;
    if !op_defined_for(op_handle, datatype) {
        return Err(ReduceError::OpNotForType {
            op: op_handle,
            datatype,
        });
    }
    let size = usize::try_from(info.size).map_err(|_| ReduceError::UnknownDatatype(datatype))?;
    let elem = info.kind.and_then(elem);
    if elem.is_none() && !matches!(op, Op::Replace | Op::Keep) {
        return Err(ReduceError::UnknownDatatype(datatype));
    }
    // A pair's fields must lie inside the element (the table guarantees it;
    // checking here keeps `combine` free of slicing panics).
    if let Some(Elem::Pair {
        value,
        index,
        index_offset,
    }) = elem
    {
        if value.bytes() > size || index_offset + index.bytes() > size {
            return Err(ReduceError::UnknownDatatype(datatype));
        }
    }
    if let Some(Elem::X87Pair { index }) = elem {
        if 16 + index.bytes() > size {
            return Err(ReduceError::UnknownDatatype(datatype));
        }
    }
    if let Some(Elem::Scalar(s) | Elem::Complex(s)) = elem {
        let parts = if matches!(elem, Some(Elem::Complex(_))) {
            2
        } else {
            1
        };
        if s.bytes() * parts != size {
            return Err(ReduceError::UnknownDatatype(datatype));
        }
    }
    Ok((op, elem, size))
}

impl Scalar {
    fn bytes(self) -> usize {
        match self {
            Scalar::Int { bytes, .. } => bytes,
            Scalar::F32 => 4,
            Scalar::F64 => 8,
        }
    }
}

/// Combines one element: `b = a op b` (`a` from the input buffer, `b` from
/// inout). Slices have the element size checked by `prepare`.
fn combine(op: Op, elem: Elem, a: &[u8], b: &mut [u8]) {
    match elem {
        Elem::Scalar(s) => {
            let r = scalar_op(op, s, read(a, s.bytes()), read(b, s.bytes()));
            write(b, s.bytes(), r);
        }
        Elem::Complex(s) => complex_op(op, s, a, b),
        Elem::X87 => {
            let r = x87_op(op, crate::x87::from_bytes(a), crate::x87::from_bytes(b));
            b[..10].copy_from_slice(&crate::x87::to_bytes(r));
        }
        Elem::X87Complex => {
            use crate::model::BinOp;
            use crate::x87::{binary, from_bytes, to_bytes};
            let (ar, ai) = (from_bytes(&a[..16]), from_bytes(&a[16..]));
            let (br, bi) = (from_bytes(&b[..16]), from_bytes(&b[16..]));
            let f = |op, x, y| binary(op, x, y).unwrap_or(y);
            // The textbook formulas, each product and sum rounded, as a C
            // library written without `long double _Complex` arithmetic
            // computes them (MPICH's MPIR_LPROD on the parts).
            let (re, im) = match op {
                Op::Sum => (f(BinOp::FAdd, ar, br), f(BinOp::FAdd, ai, bi)),
                Op::Prod => (
                    f(BinOp::FSub, f(BinOp::FMul, ar, br), f(BinOp::FMul, ai, bi)),
                    f(BinOp::FAdd, f(BinOp::FMul, ar, bi), f(BinOp::FMul, ai, br)),
                ),
                _ => (br, bi),
            };
            b[..10].copy_from_slice(&to_bytes(re));
            b[16..26].copy_from_slice(&to_bytes(im));
        }
        Elem::X87Pair { index } => {
            let (x, y) = (crate::x87::from_bytes(a), crate::x87::from_bytes(b));
            // The 10 significant bytes of the value; its padding stays.
            pair_op(op, x.partial_cmp(&y), 10, index, 16, a, b);
        }
        Elem::Pair {
            value,
            index,
            index_offset,
        } => {
            let ord = value.compare(read(a, value.bytes()), read(b, value.bytes()));
            pair_op(op, ord, value.bytes(), index, index_offset, a, b);
        }
    }
}

/// MINLOC / MAXLOC on one pair whose values compare as `ord` (`a` against
/// `b`): the value is the first `vn` bytes, the index at `index_offset`.
fn pair_op(
    op: Op,
    ord: Option<Ordering>,
    vn: usize,
    index: Scalar,
    index_offset: usize,
    a: &[u8],
    b: &mut [u8],
) {
    let inn = index.bytes();
    let idx = index_offset..index_offset + inn;
    // MPI 3.1 §5.9.4: the better value wins with its index; equal values
    // keep the smaller index. An unordered comparison (NaN) keeps inout, as
    // MPICH's `if (a == b) … else if (a < b)` does.
    match (op, ord) {
        (Op::MaxLoc, Some(Ordering::Greater)) | (Op::MinLoc, Some(Ordering::Less)) => {
            b[..vn].copy_from_slice(&a[..vn]);
            b[idx.clone()].copy_from_slice(&a[idx]);
        }
        (Op::MaxLoc | Op::MinLoc, Some(Ordering::Equal)) => {
            let smaller_index = index
                .compare(read(&a[idx.clone()], inn), read(&b[idx.clone()], inn))
                == Some(Ordering::Less);
            if smaller_index {
                b[idx.clone()].copy_from_slice(&a[idx]);
            }
        }
        _ => {}
    }
}

/// Little-endian read of `n` (≤ 8) bytes, zero-extended.
fn read(bytes: &[u8], n: usize) -> u64 {
    let mut buf = [0u8; 8];
    let n = n.min(8).min(bytes.len());
    buf[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(buf)
}

fn write(bytes: &mut [u8], n: usize, v: u64) {
    let n = n.min(8).min(bytes.len());
    bytes[..n].copy_from_slice(&v.to_le_bytes()[..n]);
}

fn sext(v: u64, bytes: usize) -> i64 {
    let shift = 64 - 8 * bytes.clamp(1, 8) as u32;
    ((v << shift) as i64) >> shift
}

impl Scalar {
    /// Orders two raw values of this kind; `None` when a float is NaN.
    fn compare(self, a: u64, b: u64) -> Option<Ordering> {
        match self {
            Scalar::Int {
                bytes,
                signed: true,
            } => Some(sext(a, bytes).cmp(&sext(b, bytes))),
            Scalar::Int { signed: false, .. } => Some(a.cmp(&b)),
            Scalar::F32 => f32::from_bits(a as u32).partial_cmp(&f32::from_bits(b as u32)),
            Scalar::F64 => f64::from_bits(a).partial_cmp(&f64::from_bits(b)),
        }
    }
}

/// `a op b` for one scalar (raw bits in, raw bits out). Only the operations
/// `prepare` admitted for the datatype reach here.
fn scalar_op(op: Op, s: Scalar, a: u64, b: u64) -> u64 {
    match s {
        Scalar::Int { bytes, .. } => {
            let mask = if bytes >= 8 {
                u64::MAX
            } else {
                (1u64 << (8 * bytes)) - 1
            };
            let truth = |x: u64| x & mask != 0;
            let r = match op {
                Op::Sum => a.wrapping_add(b),
                Op::Prod => a.wrapping_mul(b),
                // The low bits of a wrapping sum or product do not depend on
                // signedness; comparisons do.
                Op::Max => max_by(s, a, b),
                Op::Min => min_by(s, a, b),
                Op::Land => (truth(a) && truth(b)) as u64,
                Op::Lor => (truth(a) || truth(b)) as u64,
                Op::Lxor => (truth(a) != truth(b)) as u64,
                Op::Band => a & b,
                Op::Bor => a | b,
                Op::Bxor => a ^ b,
                Op::MinLoc | Op::MaxLoc | Op::Replace | Op::Keep => b,
            };
            r & mask
        }
        Scalar::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            let r = match op {
                Op::Sum => x + y,
                Op::Prod => x * y,
                Op::Max | Op::Min => {
                    return if op == Op::Max {
                        max_by(s, a, b)
                    } else {
                        min_by(s, a, b)
                    }
                }
                _ => y,
            };
            r.to_bits() as u64
        }
        Scalar::F64 => {
            let (x, y) = (f64::from_bits(a), f64::from_bits(b));
            let r = match op {
                Op::Sum => x + y,
                Op::Prod => x * y,
                Op::Max | Op::Min => {
                    return if op == Op::Max {
                        max_by(s, a, b)
                    } else {
                        min_by(s, a, b)
                    }
                }
                _ => y,
            };
            r.to_bits()
        }
    }
}

/// `a op b` on `long double`s (SUM, PROD, MIN, MAX: `prepare` admitted no
/// other).
fn x87_op(op: Op, a: crate::x87::F80, b: crate::x87::F80) -> crate::x87::F80 {
    use crate::model::BinOp;
    match op {
        Op::Sum => crate::x87::binary(BinOp::FAdd, a, b).unwrap_or(b),
        Op::Prod => crate::x87::binary(BinOp::FMul, a, b).unwrap_or(b),
        // As `max_by`: input wins only when strictly better.
        Op::Max if a.partial_cmp(&b) == Some(Ordering::Greater) => a,
        Op::Min if a.partial_cmp(&b) == Some(Ordering::Less) => a,
        _ => b,
    }
}

/// MPICH's `MPL_MAX(inout, in)`: inout unless input is strictly greater,
/// so a NaN comparison keeps inout (MPI leaves NaN handling unspecified).
fn max_by(s: Scalar, a: u64, b: u64) -> u64 {
    if s.compare(a, b) == Some(Ordering::Greater) {
        a
    } else {
        b
    }
}

fn min_by(s: Scalar, a: u64, b: u64) -> u64 {
    if s.compare(a, b) == Some(Ordering::Less) {
        a
    } else {
        b
    }
}

/// SUM and PROD on complex numbers, `b = a op b`, in the part precision.
fn complex_op(op: Op, s: Scalar, a: &[u8], b: &mut [u8]) {
    let n = s.bytes();
    let get = |bytes: &[u8], k: usize| -> f64 {
        let raw = read(&bytes[k * n..], n);
        if s == Scalar::F32 {
            f32::from_bits(raw as u32) as f64
        } else {
            f64::from_bits(raw)
        }
    };
    let (ar, ai, br, bi) = (get(a, 0), get(a, 1), get(b, 0), get(b, 1));
    // Single-precision parts are computed in f32 so rounding matches C's
    // `float _Complex` arithmetic.
    let (re, im) = if s == Scalar::F32 {
        let (ar, ai, br, bi) = (ar as f32, ai as f32, br as f32, bi as f32);
        let (re, im) = match op {
            Op::Sum => (ar + br, ai + bi),
            Op::Prod => (ar * br - ai * bi, ar * bi + ai * br),
            _ => (br, bi),
        };
        (re.to_bits() as u64, im.to_bits() as u64)
    } else {
        let (re, im) = match op {
            Op::Sum => (ar + br, ai + bi),
            Op::Prod => (ar * br - ai * bi, ar * bi + ai * br),
            _ => (br, bi),
        };
        (re.to_bits(), im.to_bits())
    };
    write(&mut b[..n], n, re);
    write(&mut b[n..], n, im);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::handles::*;

    fn ints(v: &[i32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn to_ints(b: &[u8]) -> Vec<i32> {
        b.chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    fn doubles(v: &[f64]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn to_doubles(b: &[u8]) -> Vec<f64> {
        b.chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    fn all(op: i32, dt: i32, bufs: &[Vec<u8>]) -> Result<Vec<u8>, ReduceError> {
        let refs: Vec<&[u8]> = bufs.iter().map(Vec::as_slice).collect();
        reduce_all(op, dt, &refs)
    }

    /// `struct { double value; int index; }` with its 4 padding bytes.
    /// A packed `MPI_DOUBLE_INT`: 12 bytes, no padding.
    fn double_int(v: f64, i: i32) -> Vec<u8> {
        let mut b = v.to_le_bytes().to_vec();
        b.extend_from_slice(&i.to_le_bytes());
        b
    }

    /// A packed `MPI_SHORT_INT`: the index right after the value.
    fn short_int(v: i16, i: i32) -> Vec<u8> {
        let mut b = v.to_le_bytes().to_vec();
        b.extend_from_slice(&i.to_le_bytes());
        b
    }

    #[test]
    fn sum_of_ints_over_four_ranks() {
        let ranks: Vec<Vec<u8>> = (0..4).map(|r| ints(&[r, 10 * r, -r])).collect();
        assert_eq!(
            to_ints(&all(MPI_SUM, MPI_INT, &ranks).unwrap()),
            vec![6, 60, -6]
        );
        // Wraps like two's complement.
        let r = all(MPI_SUM, MPI_INT, &[ints(&[i32::MAX]), ints(&[1])]).unwrap();
        assert_eq!(to_ints(&r), vec![i32::MIN]);
        let r = all(MPI_PROD, MPI_UNSIGNED_CHAR, &[vec![16], vec![17]]).unwrap();
        assert_eq!(r, vec![16]);
    }

    #[test]
    fn max_and_min_respect_signedness() {
        let a = ints(&[-1, 5]);
        let b = ints(&[1, 3]);
        assert_eq!(
            to_ints(&all(MPI_MAX, MPI_INT, &[a.clone(), b.clone()]).unwrap()),
            vec![1, 5]
        );
        // As unsigned, -1 is the largest value.
        assert_eq!(
            to_ints(&all(MPI_MAX, MPI_UNSIGNED, &[a.clone(), b.clone()]).unwrap()),
            vec![-1, 5]
        );
        assert_eq!(
            to_ints(&all(MPI_MIN, MPI_INT, &[a, b]).unwrap()),
            vec![-1, 3]
        );
        let r = all(MPI_MIN, MPI_SIGNED_CHAR, &[vec![0x80], vec![0x7f]]).unwrap();
        assert_eq!(r, vec![0x80]);
    }

    #[test]
    fn max_of_doubles() {
        let ranks = vec![
            doubles(&[1.5, -3.0]),
            doubles(&[2.5, -4.0]),
            doubles(&[-7.0, -2.0]),
        ];
        assert_eq!(
            to_doubles(&all(MPI_MAX, MPI_DOUBLE, &ranks).unwrap()),
            vec![2.5, -2.0]
        );
        assert_eq!(
            to_doubles(&all(MPI_SUM, MPI_DOUBLE, &ranks).unwrap()),
            vec![-3.0, -9.0]
        );
        let f: Vec<u8> = [1.25f32, 2.0]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let g: Vec<u8> = [2.0f32, 0.5].iter().flat_map(|x| x.to_le_bytes()).collect();
        let r = all(MPI_PROD, MPI_FLOAT, &[f, g]).unwrap();
        assert_eq!(
            r,
            [2.5f32, 1.0]
                .iter()
                .flat_map(|x| x.to_le_bytes())
                .collect::<Vec<u8>>()
        );
    }

    #[test]
    fn float_sums_are_left_to_right_in_rank_order() {
        // (1e16 + 1) + 1 = 1e16 in double, but 1e16 + (1 + 1) is not.
        let r = all(
            MPI_SUM,
            MPI_DOUBLE,
            &[doubles(&[1e16]), doubles(&[1.0]), doubles(&[1.0])],
        )
        .unwrap();
        assert_eq!(to_doubles(&r), vec![1e16]);
    }

    #[test]
    fn logical_ops() {
        let a = ints(&[0, 0, 7, -2]);
        let b = ints(&[0, 3, 0, 9]);
        assert_eq!(
            to_ints(&all(MPI_LXOR, MPI_INT, &[a.clone(), b.clone()]).unwrap()),
            vec![0, 1, 1, 0]
        );
        assert_eq!(
            to_ints(&all(MPI_LAND, MPI_INT, &[a.clone(), b.clone()]).unwrap()),
            vec![0, 0, 0, 1]
        );
        assert_eq!(
            to_ints(&all(MPI_LOR, MPI_INT, &[a, b]).unwrap()),
            vec![0, 1, 1, 1]
        );
        let r = all(
            MPI_LXOR,
            MPI_C_BOOL,
            &[vec![1, 0, 1], vec![1, 1, 0], vec![1, 0, 0]],
        )
        .unwrap();
        assert_eq!(r, vec![1, 1, 1]);
    }

    #[test]
    fn bitwise_ops_on_bytes() {
        let r = all(MPI_BAND, MPI_BYTE, &[vec![0xff, 0xf0], vec![0x0f, 0x3c]]).unwrap();
        assert_eq!(r, vec![0x0f, 0x30]);
        let r = all(MPI_BOR, MPI_BYTE, &[vec![0x01], vec![0x80]]).unwrap();
        assert_eq!(r, vec![0x81]);
        let r = all(MPI_BXOR, MPI_BYTE, &[vec![0xff], vec![0x0f], vec![0x01]]).unwrap();
        assert_eq!(r, vec![0xf1]);
    }

    #[test]
    fn minloc_on_2int_with_ties() {
        // (value, index) pairs from three ranks; values tie at 3.
        let ranks = vec![
            ints(&[5, 0, 3, 9]),
            ints(&[3, 1, 3, 4]),
            ints(&[3, 2, 8, 0]),
        ];
        assert_eq!(
            to_ints(&all(MPI_MINLOC, MPI_2INT, &ranks).unwrap()),
            vec![3, 1, 3, 4]
        );
        assert_eq!(
            to_ints(&all(MPI_MAXLOC, MPI_2INT, &ranks).unwrap()),
            vec![5, 0, 8, 0]
        );
        // The smaller index wins a tie whichever side it comes from.
        assert_eq!(
            to_ints(&all(MPI_MAXLOC, MPI_2INT, &[ints(&[7, 9]), ints(&[7, 2])]).unwrap()),
            vec![7, 2]
        );
    }

    #[test]
    fn minloc_on_double_int_with_ties() {
        let ranks = vec![
            double_int(2.0, 0),
            double_int(1.0, 5),
            double_int(1.0, 2),
            double_int(4.0, 3),
        ];
        let r = all(MPI_MINLOC, MPI_DOUBLE_INT, &ranks).unwrap();
        assert_eq!(&r[..12], &double_int(1.0, 2)[..12]);
        let r = all(MPI_MAXLOC, MPI_DOUBLE_INT, &ranks).unwrap();
        assert_eq!(&r[..12], &double_int(4.0, 3)[..12]);
        let mut inout = double_int(f64::NAN, 1);
        reduce_local(MPI_MINLOC, MPI_DOUBLE_INT, &double_int(0.0, 0), &mut inout).unwrap();
        assert_eq!(inout[8..12], 1i32.to_le_bytes());
        // Packed pairs are 12 bytes: a padded 16-byte element is not whole.
        assert_eq!(
            reduce_local(MPI_MINLOC, MPI_DOUBLE_INT, &[0; 16], &mut [0; 16]),
            Err(ReduceError::LengthMismatch)
        );
    }

    #[test]
    fn minloc_and_maxloc_on_long_double_int() {
        use crate::x87::{binary, from_float, to_bytes};
        // 1/3 and a value one unit above it in the last place of a double
        // rounded to long double are distinct only in 80 bits.
        let ld = |v: f64| from_float(crate::model::Ty::F64, v.to_bits()).unwrap();
        let third = binary(crate::model::BinOp::FDiv, ld(1.0), ld(3.0)).unwrap();
        let pair = |x: crate::x87::F80, i: i32| {
            let mut v = vec![0u8; 20];
            v[..10].copy_from_slice(&to_bytes(x));
            v[16..].copy_from_slice(&i.to_le_bytes());
            v
        };
        let index = |v: &[u8]| i32::from_le_bytes(v[16..20].try_into().unwrap());
        let mut inout = pair(ld(1.0 / 3.0), 4);
        reduce_local(MPI_MINLOC, MPI_LONG_DOUBLE_INT, &pair(third, 7), &mut inout).unwrap();
        // The long double 1/3 is above the double 1/3: inout stays.
        assert_eq!(index(&inout), 4);
        reduce_local(MPI_MAXLOC, MPI_LONG_DOUBLE_INT, &pair(third, 7), &mut inout).unwrap();
        assert_eq!(index(&inout), 7);
        assert_eq!(&inout[..10], &to_bytes(third));
        // Ties keep the smaller index.
        reduce_local(MPI_MAXLOC, MPI_LONG_DOUBLE_INT, &pair(third, 2), &mut inout).unwrap();
        assert_eq!(index(&inout), 2);
    }

    #[test]
    fn maxloc_on_packed_short_int() {
        let r = all(
            MPI_MAXLOC,
            MPI_SHORT_INT,
            &[
                [short_int(3, 0), short_int(-1, 0)].concat(),
                [short_int(7, 1), short_int(-2, 1)].concat(),
            ],
        )
        .unwrap();
        assert_eq!(r, [short_int(7, 1), short_int(-1, 0)].concat());
    }

    #[test]
    fn complex_product() {
        // (1 + 2i)(3 + 4i) = -5 + 10i
        let r = all(
            MPI_PROD,
            MPI_C_DOUBLE_COMPLEX,
            &[doubles(&[1.0, 2.0]), doubles(&[3.0, 4.0])],
        )
        .unwrap();
        assert_eq!(to_doubles(&r), vec![-5.0, 10.0]);
        let r = all(
            MPI_SUM,
            MPI_C_DOUBLE_COMPLEX,
            &[doubles(&[1.0, 2.0]), doubles(&[3.0, 4.0])],
        )
        .unwrap();
        assert_eq!(to_doubles(&r), vec![4.0, 6.0]);
    }

    fn long_doubles(v: &[crate::x87::F80]) -> Vec<u8> {
        v.iter()
            .flat_map(|x| {
                let mut e = crate::x87::to_bytes(*x).to_vec();
                e.resize(16, 0xEE);
                e
            })
            .collect()
    }

    fn ld(x: f64) -> crate::x87::F80 {
        crate::x87::from_float(crate::model::Ty::F64, x.to_bits()).unwrap()
    }

    #[test]
    fn long_double_reductions_are_exact() {
        use crate::x87::{from_bytes, to_float};
        let f64_of =
            |b: &[u8]| f64::from_bits(to_float(crate::model::Ty::F64, from_bytes(b)).unwrap());
        // 1e19 + 1 + (-1e19): 1 in long double (0 in double), left to right.
        let r = all(
            MPI_SUM,
            MPI_LONG_DOUBLE,
            &[
                long_doubles(&[ld(1e19)]),
                long_doubles(&[ld(1.0)]),
                long_doubles(&[ld(-1e19)]),
            ],
        )
        .unwrap();
        assert_eq!(f64_of(&r[..16]), 1.0);
        // The padding of the result is inout's.
        assert_eq!(&r[10..16], &[0xEE; 6]);
        let r = all(
            MPI_MAX,
            MPI_LONG_DOUBLE,
            &[
                long_doubles(&[ld(2.0), ld(-1.0)]),
                long_doubles(&[ld(3.0), ld(-4.0)]),
            ],
        )
        .unwrap();
        assert_eq!((f64_of(&r[..16]), f64_of(&r[16..])), (3.0, -1.0));
        let r = all(
            MPI_PROD,
            MPI_LONG_DOUBLE,
            &[long_doubles(&[ld(1.5)]), long_doubles(&[ld(-4.0)])],
        )
        .unwrap();
        assert_eq!(f64_of(&r), -6.0);
        // (1 + 2i)(3 + 4i) = -5 + 10i
        let r = all(
            MPI_PROD,
            MPI_C_LONG_DOUBLE_COMPLEX,
            &[
                long_doubles(&[ld(1.0), ld(2.0)]),
                long_doubles(&[ld(3.0), ld(4.0)]),
            ],
        )
        .unwrap();
        assert_eq!((f64_of(&r[..16]), f64_of(&r[16..])), (-5.0, 10.0));
    }

    #[test]
    fn rma_ops() {
        let mut inout = ints(&[1, 2]);
        reduce_local(MPI_REPLACE, MPI_INT, &ints(&[7, 8]), &mut inout).unwrap();
        assert_eq!(to_ints(&inout), vec![7, 8]);
        reduce_local(MPI_NO_OP, MPI_INT, &ints(&[0, 0]), &mut inout).unwrap();
        assert_eq!(to_ints(&inout), vec![7, 8]);
        // REPLACE copies bytes it need not interpret.
        let mut ld = vec![0u8; 16];
        reduce_local(MPI_REPLACE, MPI_LONG_DOUBLE, &[1u8; 16], &mut ld).unwrap();
        assert_eq!(ld, vec![1u8; 16]);
    }

    #[test]
    fn errors() {
        assert!(!op_defined_for(MPI_BAND, MPI_DOUBLE));
        assert!(op_defined_for(MPI_SUM, MPI_DOUBLE));
        assert!(op_defined_for(MPI_MINLOC, MPI_2INT));
        assert!(!op_defined_for(MPI_MINLOC, MPI_INT));
        assert_eq!(
            all(MPI_BAND, MPI_DOUBLE, &[doubles(&[1.0])]),
            Err(ReduceError::OpNotForType {
                op: MPI_BAND,
                datatype: MPI_DOUBLE
            })
        );
        assert_eq!(
            all(0x1234, MPI_INT, &[]),
            Err(ReduceError::UnknownOp(0x1234))
        );
        assert_eq!(
            all(MPI_OP_NULL, MPI_INT, &[]),
            Err(ReduceError::UnknownOp(MPI_OP_NULL))
        );
        assert_eq!(
            all(MPI_SUM, 0x1234, &[]),
            Err(ReduceError::UnknownDatatype(0x1234))
        );
        assert_eq!(
            all(MPI_SUM, MPI_INT, &[ints(&[1, 2]), ints(&[1])]),
            Err(ReduceError::LengthMismatch)
        );
        assert_eq!(
            all(MPI_SUM, MPI_INT, &[vec![1, 2, 3]]),
            Err(ReduceError::LengthMismatch)
        );
        let mut inout = vec![0u8; 3];
        assert_eq!(
            reduce_local(MPI_SUM, MPI_INT, &[0; 3], &mut inout),
            Err(ReduceError::LengthMismatch)
        );
        assert_eq!(all(MPI_SUM, MPI_INT, &[]), Ok(vec![]));
        assert!(ReduceError::OpNotForType {
            op: MPI_BAND,
            datatype: MPI_DOUBLE
        }
        .to_string()
        .contains("MPI_BAND"));
    }

    /// Every predefined op on every predefined datatype with arbitrary bytes
    /// returns a value or an error, never panics.
    #[test]
    fn total_over_the_tables() {
        for (op, _) in PREDEFINED_OPS {
            for d in PREDEFINED_DATATYPES {
                let n = d.size as usize * 3;
                let a: Vec<u8> = (0..n).map(|i| (i * 37 + 11) as u8).collect();
                let mut b: Vec<u8> = (0..n).map(|i| (i * 91 + 3) as u8).collect();
                let r = reduce_local(*op, d.handle, &a, &mut b);
                if op_defined_for(*op, d.handle) {
                    assert!(
                        matches!(r, Ok(()) | Err(ReduceError::UnknownDatatype(_))),
                        "{} {}",
                        op,
                        d.name
                    );
                } else {
                    assert!(
                        matches!(r, Err(ReduceError::OpNotForType { .. })),
                        "{} {}",
                        op,
                        d.name
                    );
                }
            }
        }
    }
}
