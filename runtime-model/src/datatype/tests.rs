//! Unit tests of the datatype engine.

use super::*;
use crate::handles::*;

fn p(dt: i32) -> TypeMap {
    TypeMap::predefined(dt).expect("predefined")
}

fn run(disp: i64, basic: i32, count: u64) -> Run {
    Run { disp, basic, count }
}

#[test]
fn predefined_types() {
    let int = p(MPI_INT);
    assert_eq!(int.runs(), &[run(0, MPI_INT, 1)]);
    assert_eq!((int.size(), int.extent(), int.lb()), (4, 4, 0));
    let pair = p(MPI_DOUBLE_INT);
    assert_eq!(pair.runs(), &[run(0, MPI_DOUBLE, 1), run(8, MPI_INT, 1)]);
    assert_eq!((pair.size(), pair.extent()), (12, 16));
    assert!(TypeMap::predefined(MPI_DATATYPE_NULL).is_none());
    assert!(TypeMap::predefined(MPI_LB).is_none());
    assert!(TypeMap::predefined(MPI_COMM_WORLD).is_none());
}

#[test]
fn vector_of_int() {
    let v = TypeMap::vector(3, 2, 4, &p(MPI_INT)).unwrap();
    assert_eq!(
        v.runs(),
        &[run(0, MPI_INT, 2), run(16, MPI_INT, 2), run(32, MPI_INT, 2)]
    );
    assert_eq!(v.size(), 24);
    assert_eq!(v.extent(), 40);
    assert_eq!((v.lb(), v.true_lb(), v.true_extent()), (0, 0, 40));
    // Negative stride: blocks go downwards; lb is the last block.
    let n = TypeMap::vector(2, 1, -3, &p(MPI_INT)).unwrap();
    assert_eq!(n.runs(), &[run(0, MPI_INT, 1), run(-12, MPI_INT, 1)]);
    assert_eq!((n.lb(), n.ub(), n.extent()), (-12, 4, 16));
    // A vector whose blocks touch is one run.
    let c = TypeMap::vector(5, 2, 2, &p(MPI_DOUBLE)).unwrap();
    assert_eq!(c.runs(), &[run(0, MPI_DOUBLE, 10)]);
}

#[test]
fn struct_padding_and_signature() {
    let (c, d) = (p(MPI_CHAR), p(MPI_DOUBLE));
    let cd = TypeMap::structure(&[1, 1], &[0, 8], &[&c, &d]).unwrap();
    assert_eq!((cd.size(), cd.extent(), cd.true_extent()), (9, 16, 16));
    let sig = cd.signature(1).unwrap();
    assert_eq!(sig.unit(), &[(MPI_CHAR, 1), (MPI_DOUBLE, 1)]);
    assert_eq!((sig.len(), sig.bytes()), (2, 9));
    // struct { double; char; }: ub 9, padded to 16 (ε of §4.1).
    let dc = TypeMap::structure(&[1, 1], &[0, 8], &[&d, &c]).unwrap();
    assert_eq!((dc.extent(), dc.true_extent()), (16, 9));
    // Packed layout: still aligned to the double.
    let packed = TypeMap::structure(&[1, 1], &[0, 1], &[&c, &d]).unwrap();
    assert_eq!(packed.extent(), 16);
    // Alignment of a complex type is that of its parts.
    let cf = TypeMap::structure(&[1, 1], &[0, 8], &[&p(MPI_C_FLOAT_COMPLEX), &c]).unwrap();
    assert_eq!(cf.extent(), 12);
    // Pairs align as their C struct.
    let pc = TypeMap::structure(&[1, 1], &[0, 16], &[&p(MPI_DOUBLE_INT), &c]).unwrap();
    assert_eq!(pc.extent(), 24);
    // Blocks of several elements.
    let s = TypeMap::structure(&[2, 3], &[0, 8], &[&p(MPI_INT), &c]).unwrap();
    assert_eq!(s.runs(), &[run(0, MPI_INT, 2), run(8, MPI_CHAR, 3)]);
    assert_eq!(s.extent(), 12);
    // contiguous of the struct uses the padded extent.
    let two = TypeMap::contiguous(2, &dc).unwrap();
    assert_eq!(
        two.runs(),
        &[
            run(0, MPI_DOUBLE, 1),
            run(8, MPI_CHAR, 1),
            run(16, MPI_DOUBLE, 1),
            run(24, MPI_CHAR, 1)
        ]
    );
    assert_eq!(two.extent(), 32);
}

#[test]
fn struct_with_explicit_bounds() {
    let r = p(MPI_INT).resized(0, 6).unwrap();
    // No padding once a component has explicit bounds.
    let s = TypeMap::structure(&[1], &[0], &[&r]).unwrap();
    assert_eq!(s.extent(), 6);
    // Only the markers count for the bounds (§4.1.6).
    let m = TypeMap::structure(&[1, 1], &[0, 20], &[&r, &p(MPI_CHAR)]).unwrap();
    assert_eq!((m.lb(), m.ub(), m.true_ub()), (0, 6, 21));
    // Explicit bounds survive other constructors.
    let c = TypeMap::contiguous(2, &m).unwrap();
    let s2 = TypeMap::structure(&[1], &[0], &[&c]).unwrap();
    assert_eq!(s2.extent(), 12);
}

#[test]
fn subarray_c_order() {
    let s = TypeMap::subarray(&[4, 4], &[2, 2], &[1, 1], true, &p(MPI_INT)).unwrap();
    assert_eq!(s.byte_ranges(1).unwrap(), vec![(20, 8), (36, 8)]);
    assert_eq!((s.lb(), s.extent(), s.size()), (0, 64, 16));
    assert_eq!((s.true_lb(), s.true_ub()), (20, 44));
    // Two items: the second array starts 64 bytes later.
    assert_eq!(
        s.byte_ranges(2).unwrap(),
        vec![(20, 8), (36, 8), (84, 8), (100, 8)]
    );
    // Whole rows merge into one run.
    let rows = TypeMap::subarray(&[4, 4], &[2, 4], &[1, 0], true, &p(MPI_INT)).unwrap();
    assert_eq!(rows.runs(), &[run(16, MPI_INT, 8)]);
}

#[test]
fn subarray_fortran_order_and_errors() {
    // Element (i, j) of a 4x3 Fortran array is at (i + 4 j) * 4.
    let s = TypeMap::subarray(&[4, 3], &[2, 1], &[1, 2], false, &p(MPI_INT)).unwrap();
    assert_eq!(s.byte_ranges(1).unwrap(), vec![(36, 8)]);
    assert_eq!(s.extent(), 48);
    let int = p(MPI_INT);
    let bad = |sizes: &[i64], subs: &[i64], starts: &[i64]| {
        TypeMap::subarray(sizes, subs, starts, true, &int).unwrap_err()
    };
    assert!(matches!(
        bad(&[4], &[5], &[0]),
        DatatypeError::InvalidArgument(_)
    ));
    assert!(matches!(
        bad(&[4], &[2], &[3]),
        DatatypeError::InvalidArgument(_)
    ));
    assert!(matches!(
        bad(&[4], &[0], &[0]),
        DatatypeError::InvalidArgument(_)
    ));
    assert!(matches!(
        bad(&[4, 4], &[2], &[0]),
        DatatypeError::InvalidArgument(_)
    ));
    assert!(matches!(
        bad(&[], &[], &[]),
        DatatypeError::InvalidArgument(_)
    ));
    assert_eq!(
        bad(&[4], &[2], &[-1]),
        DatatypeError::Negative("array_of_starts")
    );
    assert_eq!(
        bad(&[-4], &[2], &[0]),
        DatatypeError::Negative("array_of_sizes")
    );
}

#[test]
fn resized_extent() {
    let r = p(MPI_INT).resized(-4, 12).unwrap();
    assert_eq!((r.lb(), r.ub(), r.extent()), (-4, 8, 12));
    assert_eq!((r.true_lb(), r.true_extent(), r.size()), (0, 4, 4));
    let c = TypeMap::contiguous(3, &r).unwrap();
    assert_eq!(
        c.runs(),
        &[run(0, MPI_INT, 1), run(12, MPI_INT, 1), run(24, MPI_INT, 1)]
    );
    assert_eq!((c.lb(), c.extent(), c.true_extent()), (-4, 36, 28));
    assert_eq!(c.byte_ranges(2).unwrap().len(), 6);
    // Resizing to the size of the data makes the items back to back.
    let v = TypeMap::vector(2, 1, 2, &p(MPI_INT))
        .unwrap()
        .resized(0, 4)
        .unwrap();
    assert_eq!(
        v.byte_ranges(3).unwrap(),
        vec![(0, 4), (8, 4), (4, 4), (12, 4), (8, 4), (16, 4)]
    );
    assert!(v.overlaps(3).unwrap());
    assert!(!v.overlaps(1).unwrap());
    assert_eq!(
        p(MPI_INT).resized(i64::MAX, 1).unwrap_err(),
        DatatypeError::Overflow
    );
}

#[test]
fn contiguous_of_vector() {
    let v = TypeMap::vector(2, 1, 2, &p(MPI_INT)).unwrap();
    assert_eq!(v.extent(), 12);
    let c = TypeMap::contiguous(2, &v).unwrap();
    // INT at 0, 8, 12, 20: the copies at 8 and 12 merge.
    assert_eq!(
        c.runs(),
        &[run(0, MPI_INT, 1), run(8, MPI_INT, 2), run(20, MPI_INT, 1)]
    );
    assert_eq!((c.size(), c.extent()), (16, 24));
    assert_eq!(c.signature(1).unwrap().unit(), &[(MPI_INT, 4)]);
    let z = TypeMap::contiguous(0, &v).unwrap();
    assert_eq!((z.size(), z.extent(), z.runs().len()), (0, 0, 0));
    assert_eq!(z.byte_ranges(5).unwrap(), vec![]);
}

#[test]
fn indexed_family() {
    let d = p(MPI_DOUBLE);
    let h = TypeMap::hindexed(&[2, 1], &[8, 0], &d).unwrap();
    assert_eq!(h.runs(), &[run(8, MPI_DOUBLE, 2), run(0, MPI_DOUBLE, 1)]);
    assert_eq!((h.lb(), h.ub(), h.size()), (0, 24, 24));
    // Type-map order is kept: no merge of (8,16) then (0,8).
    assert_eq!(h.byte_ranges(1).unwrap(), vec![(8, 16), (0, 8)]);
    assert_eq!(h.signature(1).unwrap().unit(), &[(MPI_DOUBLE, 3)]);
    let i = TypeMap::indexed(&[1, 0, 2], &[3, 100, 0], &p(MPI_INT)).unwrap();
    assert_eq!(i.runs(), &[run(12, MPI_INT, 1), run(0, MPI_INT, 2)]);
    // The zero-length block does not move the bounds.
    assert_eq!((i.lb(), i.ub()), (0, 16));
    let ib = TypeMap::indexed_block(2, &[0, 4], &p(MPI_SHORT)).unwrap();
    assert_eq!(ib.runs(), &[run(0, MPI_SHORT, 2), run(8, MPI_SHORT, 2)]);
    let hb = TypeMap::hindexed_block(1, &[4, 0], &p(MPI_INT)).unwrap();
    assert_eq!(hb.byte_ranges(1).unwrap(), vec![(4, 4), (0, 4)]);
    assert!(matches!(
        TypeMap::indexed(&[1], &[0, 1], &p(MPI_INT)),
        Err(DatatypeError::InvalidArgument(_))
    ));
    let hv = TypeMap::hvector(2, 1, 6, &p(MPI_INT)).unwrap();
    assert_eq!((hv.extent(), hv.runs().len()), (10, 2));
}

#[test]
fn byte_ranges_merge() {
    let s = TypeMap::structure(&[1, 1], &[0, 4], &[&p(MPI_INT), &p(MPI_FLOAT)]).unwrap();
    assert_eq!(s.byte_ranges(1).unwrap(), vec![(0, 8)]);
    assert_eq!(s.byte_ranges(1000).unwrap(), vec![(0, 8000)]);
    let v = TypeMap::vector(2, 1, 2, &p(MPI_INT)).unwrap();
    // INT at 0, 8 | 12, 20 | 24, 32: item boundaries merge.
    assert_eq!(
        v.byte_ranges(3).unwrap(),
        vec![(0, 4), (8, 8), (20, 8), (32, 4)]
    );
    assert_eq!(v.byte_ranges_prefix(3, 10).unwrap(), vec![(0, 4), (8, 6)]);
    assert_eq!(
        p(MPI_INT).byte_ranges_prefix(1 << 40, 6).unwrap(),
        vec![(0, 6)]
    );
    assert_eq!(p(MPI_INT).byte_ranges(0).unwrap(), vec![]);
}

#[test]
fn get_elements() {
    let s = TypeMap::structure(&[1, 1], &[0, 8], &[&p(MPI_INT), &p(MPI_DOUBLE)]).unwrap();
    assert_eq!(s.get_elements(0), Some(0));
    assert_eq!(s.get_elements(4), Some(1));
    assert_eq!(s.get_elements(12), Some(2));
    assert_eq!(s.get_elements(16), Some(3));
    assert_eq!(s.get_elements(6), None);
    assert_eq!(p(MPI_DOUBLE_INT).get_elements(24), Some(4));
    assert_eq!(p(MPI_INT).get_elements(7), None);
    let z = TypeMap::contiguous(0, &p(MPI_INT)).unwrap();
    assert_eq!((z.get_elements(0), z.get_elements(1)), (Some(0), None));
}

fn sig(dt: i32, n: u64) -> Signature {
    Signature::basic(dt, n).unwrap()
}

#[test]
fn matching_basic() {
    assert_eq!(match_signatures(&sig(MPI_INT, 4), &sig(MPI_INT, 4)), Ok(4));
    // A shorter message is a prefix of the receive.
    assert_eq!(match_signatures(&sig(MPI_INT, 4), &sig(MPI_INT, 8)), Ok(4));
    let e = match_signatures(&sig(MPI_INT, 1), &sig(MPI_FLOAT, 1)).unwrap_err();
    assert_eq!(
        e,
        SignatureMismatch {
            index: 0,
            sent: Some(MPI_INT),
            expected: Some(MPI_FLOAT),
            byte_offset: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "type mismatch at element 0: sent MPI_INT, the receive expects MPI_FLOAT"
    );
    let t = match_signatures(&sig(MPI_INT, 8), &sig(MPI_INT, 4)).unwrap_err();
    assert!(t.is_truncation());
    assert_eq!((t.index, t.sent), (4, Some(MPI_INT)));
    assert_eq!(
        match_signatures(&Signature::new(&[], 3).unwrap(), &sig(MPI_INT, 0)),
        Ok(0)
    );
    assert_eq!(
        Signature::new(&[(MPI_LB, 1)], 1),
        Err(DatatypeError::UnknownBase(MPI_LB))
    );
}

#[test]
fn matching_untyped() {
    // Typed data into bytes.
    assert_eq!(
        match_signatures(&sig(MPI_INT, 4), &sig(MPI_BYTE, 16)),
        Ok(16)
    );
    assert_eq!(
        match_signatures(&sig(MPI_DOUBLE, 2), &sig(MPI_PACKED, 100)),
        Ok(16)
    );
    let t = match_signatures(&sig(MPI_INT, 4), &sig(MPI_BYTE, 10)).unwrap_err();
    assert_eq!(
        (t.index, t.sent, t.expected, t.byte_offset),
        (2, Some(MPI_INT), None, 2)
    );
    // Bytes into typed data.
    assert_eq!(match_signatures(&sig(MPI_BYTE, 8), &sig(MPI_INT, 4)), Ok(2));
    assert_eq!(
        match_signatures(&sig(MPI_BYTE, 16), &sig(MPI_INT, 4)),
        Ok(4)
    );
    let e = match_signatures(&sig(MPI_BYTE, 6), &sig(MPI_INT, 4)).unwrap_err();
    assert_eq!(
        (e.index, e.sent, e.expected, e.byte_offset),
        (6, None, Some(MPI_INT), 2)
    );
    assert!(e.to_string().contains("2 bytes into a MPI_INT"));
    let t = match_signatures(&sig(MPI_PACKED, 20), &sig(MPI_INT, 4)).unwrap_err();
    assert_eq!((t.index, t.sent, t.expected), (16, Some(MPI_PACKED), None));
    // Bytes into a struct.
    let s = TypeMap::structure(&[1, 1], &[0, 8], &[&p(MPI_INT), &p(MPI_DOUBLE)]).unwrap();
    assert_eq!(
        match_signatures(&sig(MPI_BYTE, 16), &s.signature(2).unwrap()),
        Ok(3)
    );
    // Mixed signatures match element by element.
    let mixed = Signature::new(&[(MPI_INT, 1), (MPI_BYTE, 4)], 1).unwrap();
    let e = match_signatures(&mixed, &sig(MPI_INT, 2)).unwrap_err();
    assert_eq!((e.index, e.sent), (1, Some(MPI_BYTE)));
}

#[test]
fn matching_repeated_without_expansion() {
    let s = TypeMap::structure(&[1, 1], &[0, 4], &[&p(MPI_INT), &p(MPI_FLOAT)]).unwrap();
    let s3 = TypeMap::contiguous(3, &s).unwrap();
    let n: u64 = 1 << 40;
    let sent = s.signature(3 * n).unwrap();
    assert_eq!(sent.unit(), &[(MPI_INT, 1), (MPI_FLOAT, 1)]);
    assert_eq!(sent.repeat(), 3 * n);
    let recv = s3.signature(n).unwrap();
    assert_eq!(match_signatures(&sent, &recv), Ok(6 * n));
    let more = s.signature(3 * n + 1).unwrap();
    let t = match_signatures(&more, &recv).unwrap_err();
    assert_eq!((t.index, t.sent, t.expected), (6 * n, Some(MPI_INT), None));
    // A mismatch deep inside a long repeated receive.
    let other = Signature::new(&[(MPI_INT, 1), (MPI_FLOAT, 1)], 1000).unwrap();
    let tail = Signature::new(&[(MPI_INT, 2000), (MPI_DOUBLE, 1)], 1).unwrap();
    let long_sent = Signature::new(
        &[(MPI_INT, 1), (MPI_FLOAT, 1)]
            .repeat(1000)
            .into_iter()
            .chain([(MPI_DOUBLE, 1)])
            .collect::<Vec<_>>(),
        n,
    )
    .unwrap();
    let e = match_signatures(&long_sent, &other).unwrap_err();
    assert_eq!(
        (e.index, e.sent, e.expected),
        (2000, Some(MPI_DOUBLE), None)
    );
    let e = match_signatures(&tail, &long_sent).unwrap_err();
    assert_eq!(
        (e.index, e.sent, e.expected),
        (1, Some(MPI_INT), Some(MPI_FLOAT))
    );
    // Same signature, different periods: [A B A] vs [A B A A B A ...].
    let aba = Signature::new(&[(MPI_INT, 1), (MPI_FLOAT, 1), (MPI_INT, 1)], n).unwrap();
    let aba2 = Signature::new(
        &[
            (MPI_INT, 1),
            (MPI_FLOAT, 1),
            (MPI_INT, 2),
            (MPI_FLOAT, 1),
            (MPI_INT, 1),
        ],
        n / 2,
    )
    .unwrap();
    assert_eq!(match_signatures(&aba, &aba2), Ok(3 * n));
    assert_eq!(sig(MPI_INT, 5).unit(), &[(MPI_INT, 5)]);
    assert_eq!(
        Signature::new(&[(MPI_INT, 5)], 3).unwrap().unit(),
        &[(MPI_INT, 15)]
    );
}

#[test]
fn guards() {
    let int = p(MPI_INT);
    assert_eq!(
        TypeMap::contiguous(-1, &int),
        Err(DatatypeError::Negative("count"))
    );
    assert_eq!(
        TypeMap::vector(1, -1, 1, &int),
        Err(DatatypeError::Negative("blocklength"))
    );
    assert_eq!(
        TypeMap::hindexed(&[-1], &[0], &int),
        Err(DatatypeError::Negative("blocklength"))
    );
    // Size beyond i64.
    assert_eq!(
        TypeMap::contiguous(i64::MAX, &p(MPI_DOUBLE)),
        Err(DatatypeError::Overflow)
    );
    // Huge but dense: one run, no allocation.
    let big = TypeMap::contiguous(1 << 40, &p(MPI_BYTE)).unwrap();
    assert_eq!(big.runs(), &[run(0, MPI_BYTE, 1 << 40)]);
    assert_eq!(big.byte_ranges(4).unwrap(), vec![(0, 1 << 42)]);
    // Huge and strided: refused, not allocated.
    assert_eq!(
        TypeMap::vector(1 << 40, 1, 2, &int),
        Err(DatatypeError::TooLarge("type map"))
    );
    let v = TypeMap::vector(2, 1, 2, &int).unwrap();
    assert_eq!(
        v.byte_ranges(1 << 40),
        Err(DatatypeError::TooLarge("byte range list"))
    );
    assert_eq!(
        TypeMap::hvector(2, 1, i64::MAX, &int),
        Err(DatatypeError::Overflow)
    );
    assert_eq!(
        TypeMap::vector(2, 1, i64::MAX, &int),
        Err(DatatypeError::Overflow)
    );
    // Signatures of huge counts are not expanded either.
    let s = TypeMap::structure(&[1, 1], &[0, 4], &[&int, &p(MPI_FLOAT)]).unwrap();
    assert_eq!(s.signature(1 << 60), Err(DatatypeError::Overflow));
    assert_eq!(s.signature(1 << 40).unwrap().len(), 1 << 41);
    // A zero-blocklength vector of any count is empty at once.
    let z = TypeMap::vector(i64::MAX, 0, 1, &int).unwrap();
    assert_eq!((z.size(), z.extent()), (0, 0));
    // So is a vector of empty types with explicit bounds, in closed form.
    let e = TypeMap::contiguous(0, &int).unwrap().resized(0, 8).unwrap();
    let ev = TypeMap::vector(1 << 40, 1, 1, &e).unwrap();
    assert_eq!((ev.size(), ev.extent()), (0, 8 << 40));
}

/// No constructor panics on extreme arguments.
#[test]
fn extreme_arguments_do_not_panic() {
    let vals = [i64::MIN, -(1 << 40), -7, -1, 0, 1, 3, 1 << 40, i64::MAX];
    let bases = [
        p(MPI_INT),
        p(MPI_LONG_DOUBLE_INT),
        p(MPI_INT).resized(i64::MIN / 2, i64::MAX).unwrap(),
        p(MPI_INT).resized(5, -9).unwrap(),
        TypeMap::vector(3, 2, -5, &p(MPI_SHORT)).unwrap(),
    ];
    for old in &bases {
        for &a in &vals {
            for &b in &vals {
                let _ = TypeMap::contiguous(a.min(64), old);
                let _ = TypeMap::hindexed(&[a.rem_euclid(4)], &[b], old);
                let _ = TypeMap::indexed_block(2, &[a, b], old);
                let _ = TypeMap::structure(&[1, 2], &[a, b], &[old, old]);
                let _ = old.resized(a, b);
                let _ = TypeMap::subarray(&[a, 4], &[2, b], &[0, 1], a > 0, old);
                for &c in &vals {
                    let _ = TypeMap::vector(a.rem_euclid(64), b.rem_euclid(9), c, old);
                    let _ = TypeMap::hvector(a.rem_euclid(64), b.rem_euclid(9), c, old);
                }
            }
            let n = a.unsigned_abs();
            let _ = old.byte_ranges_prefix(n.min(1 << 12), n);
            let _ = old.get_elements(n);
            let _ = old.overlaps(n.min(1 << 10));
            if let Ok(s) = old.signature(n) {
                let _ = match_signatures(&s, &sig(MPI_BYTE, n >> 1));
                let _ = match_signatures(&sig(MPI_BYTE, n >> 1), &s);
                let _ = match_signatures(&s, &s);
            }
        }
    }
}

/// Every predefined datatype of `extractor/include/mpi.h` as MPICH 4.0.2
/// on x86-64 reports it: the rows are the output of
/// `scripts/mpich-datatype-table.c` (size, lb, extent, true lb, true
/// extent, and `MPI_Get_elements` / `MPI_Get_count` of a two-item
/// message; -1 where not asked). MPICH crashes in `MPI_Get_elements` of
/// the MINLOC pair types: theirs is the standard's, two basic elements
/// per item (§5.9.4 defines them with `MPI_TYPE_CREATE_STRUCT`), which is
/// what MPICH counts for the equivalent user struct.
/// (handle, size, lb, extent, true lb, true extent, elements, count).
type MpichRow = (i32, u64, i64, i64, i64, i64, i64, i64);
#[rustfmt::skip]
const MPICH_PREDEFINED: &[MpichRow] = &[
    (MPI_CHAR, 1, 0, 1, 0, 1, 2, 2),
    (MPI_SHORT, 2, 0, 2, 0, 2, 2, 2),
    (MPI_INT, 4, 0, 4, 0, 4, 2, 2),
    (MPI_LONG, 8, 0, 8, 0, 8, 2, 2),
    (MPI_LONG_LONG_INT, 8, 0, 8, 0, 8, 2, 2),
    (MPI_SIGNED_CHAR, 1, 0, 1, 0, 1, 2, 2),
    (MPI_UNSIGNED_CHAR, 1, 0, 1, 0, 1, 2, 2),
    (MPI_UNSIGNED_SHORT, 2, 0, 2, 0, 2, 2, 2),
    (MPI_UNSIGNED, 4, 0, 4, 0, 4, 2, 2),
    (MPI_UNSIGNED_LONG, 8, 0, 8, 0, 8, 2, 2),
    (MPI_UNSIGNED_LONG_LONG, 8, 0, 8, 0, 8, 2, 2),
    (MPI_FLOAT, 4, 0, 4, 0, 4, 2, 2),
    (MPI_DOUBLE, 8, 0, 8, 0, 8, 2, 2),
    (MPI_LONG_DOUBLE, 16, 0, 16, 0, 16, 2, 2),
    (MPI_WCHAR, 4, 0, 4, 0, 4, 2, 2),
    (MPI_BYTE, 1, 0, 1, 0, 1, 2, 2),
    (MPI_PACKED, 1, 0, 1, 0, 1, 2, 2),
    (MPI_C_BOOL, 1, 0, 1, 0, 1, 2, 2),
    (MPI_INT8_T, 1, 0, 1, 0, 1, 2, 2),
    (MPI_INT16_T, 2, 0, 2, 0, 2, 2, 2),
    (MPI_INT32_T, 4, 0, 4, 0, 4, 2, 2),
    (MPI_INT64_T, 8, 0, 8, 0, 8, 2, 2),
    (MPI_UINT8_T, 1, 0, 1, 0, 1, 2, 2),
    (MPI_UINT16_T, 2, 0, 2, 0, 2, 2, 2),
    (MPI_UINT32_T, 4, 0, 4, 0, 4, 2, 2),
    (MPI_UINT64_T, 8, 0, 8, 0, 8, 2, 2),
    (MPI_C_FLOAT_COMPLEX, 8, 0, 8, 0, 8, 2, 2),
    (MPI_C_DOUBLE_COMPLEX, 16, 0, 16, 0, 16, 2, 2),
    (MPI_C_LONG_DOUBLE_COMPLEX, 32, 0, 32, 0, 32, 2, 2),
    (MPI_AINT, 8, 0, 8, 0, 8, 2, 2),
    (MPI_OFFSET, 8, 0, 8, 0, 8, 2, 2),
    (MPI_COUNT, 8, 0, 8, 0, 8, 2, 2),
    (MPI_CXX_BOOL, 1, 0, 1, 0, 1, 2, 2),
    (MPI_CXX_FLOAT_COMPLEX, 8, 0, 8, 0, 8, 2, 2),
    (MPI_CXX_DOUBLE_COMPLEX, 16, 0, 16, 0, 16, 2, 2),
    (MPI_CXX_LONG_DOUBLE_COMPLEX, 32, 0, 32, 0, 32, 2, 2),
    (MPI_FLOAT_INT, 8, 0, 8, 0, 8, -1, 2),
    (MPI_DOUBLE_INT, 12, 0, 16, 0, 12, -1, 2),
    (MPI_LONG_INT, 12, 0, 16, 0, 12, -1, 2),
    (MPI_SHORT_INT, 6, 0, 8, 0, 8, -1, 2),
    (MPI_LONG_DOUBLE_INT, 20, 0, 32, 0, 20, -1, 2),
    (MPI_2INT, 8, 0, 8, 0, 8, 4, 2),
    (MPI_INTEGER, 4, 0, 4, 0, 4, 2, 2),
    (MPI_REAL, 4, 0, 4, 0, 4, 2, 2),
    (MPI_LOGICAL, 4, 0, 4, 0, 4, 2, 2),
    (MPI_COMPLEX, 8, 0, 8, 0, 8, 2, 2),
    (MPI_DOUBLE_PRECISION, 8, 0, 8, 0, 8, 2, 2),
    (MPI_2INTEGER, 8, 0, 8, 0, 8, 4, 2),
    (MPI_2REAL, 8, 0, 8, 0, 8, 4, 2),
    (MPI_DOUBLE_COMPLEX, 16, 0, 16, 0, 16, 2, 2),
    (MPI_2DOUBLE_PRECISION, 16, 0, 16, 0, 16, 4, 2),
    (MPI_CHARACTER, 1, 0, 1, 0, 1, 2, 2),
    (MPI_REAL4, 4, 0, 4, 0, 4, 2, 2),
    (MPI_REAL8, 8, 0, 8, 0, 8, 2, 2),
    (MPI_REAL16, 16, 0, 16, 0, 16, 2, 2),
    (MPI_COMPLEX8, 8, 0, 8, 0, 8, 2, 2),
    (MPI_COMPLEX16, 16, 0, 16, 0, 16, 2, 2),
    (MPI_COMPLEX32, 32, 0, 32, 0, 32, 2, 2),
    (MPI_INTEGER1, 1, 0, 1, 0, 1, 2, 2),
    (MPI_INTEGER2, 2, 0, 2, 0, 2, 2, 2),
    (MPI_INTEGER4, 4, 0, 4, 0, 4, 2, 2),
    (MPI_INTEGER8, 8, 0, 8, 0, 8, 2, 2),
    (MPI_LB, 0, 0, 0, 0, 0, -1, -1),
    (MPI_UB, 0, 0, 0, 0, 0, -1, -1),
];

#[test]
fn predefined_types_match_mpich() {
    for &(dt, size, lb, extent, true_lb, true_extent, elements, count) in MPICH_PREDEFINED {
        let name = type_name(dt);
        let extent_u = u64::try_from(extent).unwrap();
        assert_eq!(predefined_datatype_size(dt), Some(size), "{name}");
        assert_eq!(
            crate::handles::predefined_datatype_extent(dt),
            Some(extent_u),
            "{name}"
        );
        let Some(t) = TypeMap::predefined(dt) else {
            // MPI_LB / MPI_UB: no type map, no data.
            assert_eq!((size, extent, count), (0, 0, -1), "{name}");
            continue;
        };
        assert_eq!(
            (t.size(), t.lb(), t.extent(), t.true_lb(), t.true_extent()),
            (size, lb, extent, true_lb, true_extent),
            "{name}"
        );
        let elements = if elements == -1 {
            2 * t.runs().iter().map(|r| r.count).sum::<u64>()
        } else {
            u64::try_from(elements).unwrap()
        };
        assert_eq!(t.get_elements(2 * size), Some(elements), "{name}");
        assert_eq!(count, 2, "{name}");
        assert_eq!(t.signature(2).unwrap().bytes(), 2 * size, "{name}");
        assert_eq!(t.predefined_base(), Some(dt), "{name}");
    }
    // Every entry of the handle table is in the MPICH table.
    for d in crate::handles::PREDEFINED_DATATYPES {
        assert!(
            MPICH_PREDEFINED.iter().any(|r| r.0 == d.handle),
            "{} is not in the MPICH table",
            d.name
        );
    }
}

#[test]
fn pair_types_are_structs_of_two_basic_types() {
    let di = p(MPI_DOUBLE_INT);
    assert_eq!(di.runs(), &[run(0, MPI_DOUBLE, 1), run(8, MPI_INT, 1)]);
    assert_eq!(di.byte_ranges(2).unwrap(), vec![(0, 12), (16, 12)]);
    let si = p(MPI_SHORT_INT);
    assert_eq!(si.byte_ranges(1).unwrap(), vec![(0, 2), (4, 4)]);
    assert_eq!(p(MPI_2INT).runs(), &[run(0, MPI_INT, 2)]);
    // MPI_DOUBLE_INT matches the struct {double, int} it is (§5.9.4).
    let s = TypeMap::structure(&[1, 1], &[0, 8], &[&p(MPI_DOUBLE), &p(MPI_INT)]).unwrap();
    assert_eq!(
        match_signatures(&di.signature(3).unwrap(), &s.signature(3).unwrap()),
        Ok(6)
    );
    assert!(match_signatures(&di.signature(1).unwrap(), &sig(MPI_DOUBLE, 2)).is_err());
    // A count of basic elements that ends inside a pair.
    assert_eq!(di.get_elements(20), Some(3));
    assert_eq!(di.get_elements(16), None);
    // A derived type of pairs keeps its base; a mix has none.
    let c = TypeMap::contiguous(4, &di).unwrap();
    assert_eq!(
        (c.predefined_base(), c.size(), c.extent()),
        (Some(MPI_DOUBLE_INT), 48, 64)
    );
    let mixed = TypeMap::structure(&[1, 1], &[0, 16], &[&di, &p(MPI_INT)]).unwrap();
    assert_eq!(mixed.predefined_base(), None);
    let ints = TypeMap::structure(&[1, 1], &[0, 8], &[&p(MPI_2INT), &p(MPI_INT)]).unwrap();
    assert_eq!(ints.predefined_base(), Some(MPI_INT));
    assert_eq!(Signature::basic(MPI_DOUBLE_INT, 2).unwrap().len(), 4);
    // One representation per sequence of basic types.
    assert_eq!(c.signature(1).unwrap(), di.signature(4).unwrap());
    assert_eq!(
        c.signature(1).unwrap().unit(),
        &[(MPI_DOUBLE, 1), (MPI_INT, 1)]
    );
}

#[test]
fn darray_block_and_cyclic_pick_the_owned_elements() {
    let int = TypeMap::predefined(MPI_INT).unwrap();
    // 4x4 ints, 2x2 grid of blocks: rank 3 owns rows 2..4, columns 2..4.
    let block = crate::handles::MPI_DISTRIBUTE_BLOCK as i64;
    let dflt = crate::handles::MPI_DISTRIBUTE_DFLT_DARG as i64;
    let t = TypeMap::darray(
        4,
        3,
        &[4, 4],
        &[block, block],
        &[dflt, dflt],
        &[2, 2],
        true,
        &int,
    )
    .unwrap();
    assert_eq!(t.byte_ranges(1).unwrap(), vec![(40, 8), (56, 8)]);
    assert_eq!((t.lb(), t.extent(), t.size()), (0, 64, 16));
    // 7 ints cyclic(2) over 2 processes: rank 1 owns 2, 3 and 6.
    let cyclic = crate::handles::MPI_DISTRIBUTE_CYCLIC as i64;
    let t = TypeMap::darray(2, 1, &[7], &[cyclic], &[2], &[2], true, &int).unwrap();
    assert_eq!(t.byte_ranges(1).unwrap(), vec![(8, 8), (24, 4)]);
    assert!(TypeMap::darray(3, 0, &[4], &[block], &[dflt], &[2], true, &int).is_err());
}
