//! The type constructors of MPI 3.1 §4.1.1–§4.1.7 (`contiguous` to
//! `darray`, `resized`) and the predefined types they start from.

use super::*;

impl TypeMap {
    /// A type with no entries and no markers (e.g. `count == 0`): size,
    /// bounds and extent 0.
    pub(super) fn empty() -> TypeMap {
        TypeMap {
            runs: Vec::new(),
            size: 0,
            lb: 0,
            ub: 0,
            true_lb: 0,
            true_ub: 0,
            align: 1,
            explicit_bounds: false,
            base: None,
        }
    }

    /// The type map of a predefined datatype: one element at displacement 0,
    /// with extent equal to its size. A pair type (`MPI_DOUBLE_INT`, ...) is
    /// the struct of its value and index types that §5.9.4 defines it as
    /// (`MPI_TYPE_CREATE_STRUCT` with displacements of the C struct), so the
    /// padding is in its extent but not in its size. `None` for
    /// `MPI_DATATYPE_NULL`, the removed `MPI_LB` / `MPI_UB`, and handles that
    /// are not predefined datatypes.
    pub fn predefined(dt: i32) -> Option<TypeMap> {
        if let Some(BasicKind::Pair {
            value_type,
            index_type,
            index_offset,
            ..
        }) = datatype_basic_kind(dt)
        {
            let (v, i) = (
                TypeMap::predefined(value_type)?,
                TypeMap::predefined(index_type)?,
            );
            let pair = TypeMap::structure(&[1, 1], &[0, index_offset.into()], &[&v, &i]).ok()?;
            return Some(TypeMap {
                base: Some(dt),
                ..pair
            });
        }
        let size = basic_size(dt).ok()?;
        let end = i64::try_from(size).ok()?;
        Some(TypeMap {
            runs: vec![Run {
                disp: 0,
                basic: dt,
                count: 1,
            }],
            size,
            lb: 0,
            ub: end,
            true_lb: 0,
            true_ub: end,
            align: basic_alignment(dt, size),
            explicit_bounds: false,
            base: Some(dt),
        })
    }

    /// Element sizes of the runs.
    pub(super) fn run_sizes(&self) -> Result<Vec<u64>, DatatypeError> {
        self.runs.iter().map(|r| basic_size(r.basic)).collect()
    }

    pub(super) fn finish(
        runs: Vec<Run>,
        size: u64,
        (lb, ub): (i128, i128),
        truth: Option<(i128, i128)>,
        align: u64,
        explicit_bounds: bool,
        base: Option<i32>,
    ) -> Result<TypeMap, DatatypeError> {
        let (true_lb, true_ub) = truth.unwrap_or((0, 0));
        let runs_empty = runs.is_empty();
        let t = TypeMap {
            runs,
            size: count_ok(size)?,
            lb: to_i64(lb)?,
            ub: to_i64(ub)?,
            true_lb: to_i64(true_lb)?,
            true_ub: to_i64(true_ub)?,
            align,
            explicit_bounds,
            base: if runs_empty { None } else { base },
        };
        // Extents must be representable too.
        to_i64(i128::from(t.ub) - i128::from(t.lb))?;
        to_i64(i128::from(t.true_ub) - i128::from(t.true_lb))?;
        Ok(t)
    }

    /// `count` blocks of `blocklength` copies of `old`, block `i` at byte
    /// `i * stride`, copies within a block one extent apart.
    fn hvector_core(
        count: u64,
        blocklength: u64,
        stride: i128,
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        if count == 0 || blocklength == 0 || (old.runs.is_empty() && !old.explicit_bounds) {
            return Ok(TypeMap::empty());
        }
        let ext = i128::from(old.extent());
        let (blo, bhi) = span(blocklength, ext)?;
        let (vlo, vhi) = span(count, stride)?;
        let (lo, hi) = (add(blo, vlo)?, add(bhi, vhi)?);
        let bounds = (add(old.lb.into(), lo)?, add(old.ub.into(), hi)?);
        let truth = if old.runs.is_empty() {
            None
        } else {
            Some((add(old.true_lb.into(), lo)?, add(old.true_ub.into(), hi)?))
        };
        let size = ck(old
            .size
            .checked_mul(blocklength)
            .and_then(|s| s.checked_mul(count)))?;
        let sizes = old.run_sizes()?;
        let mut b = RunBuilder::default();
        if !old.runs.is_empty() {
            let dense_block = mul(ext, i128::from(blocklength))?;
            match (old.runs.as_slice(), sizes.as_slice()) {
                // The whole vector is one run.
                ([r], [sz])
                    if i128::from(r.count) * i128::from(*sz) == ext && stride == dense_block =>
                {
                    let total = ck(r
                        .count
                        .checked_mul(blocklength)
                        .and_then(|c| c.checked_mul(count)))?;
                    b.push(r.disp.into(), r.basic, total, *sz)?;
                }
                // Every block adds at least one run: MAX_RUNS bounds the loop.
                _ => {
                    for i in 0..count {
                        let base = mul(i128::from(i), stride)?;
                        b.push_copies(base, blocklength, ext, old, &sizes)?;
                    }
                }
            }
        }
        TypeMap::finish(
            b.runs,
            size,
            bounds,
            truth,
            old.align,
            old.explicit_bounds,
            old.base,
        )
    }

    /// The general constructor behind the indexed family and struct.
    /// `is_struct` adds the alignment padding ε of §4.1 and lets explicit
    /// markers of some blocks override the bounds of the others (§4.1.6).
    fn from_blocks(blocks: &[Block<'_>], is_struct: bool) -> Result<TypeMap, DatatypeError> {
        let mut b = RunBuilder::default();
        let mut size: u64 = 0;
        let mut all: Option<(i128, i128)> = None;
        let mut marked: Option<(i128, i128)> = None;
        let mut truth: Option<(i128, i128)> = None;
        let mut align = 1;
        let mut explicit = false;
        // The common base of the blocks with entries: `Some(None)` once two
        // differ.
        let mut base: Option<Option<i32>> = None;
        // Element sizes of the last block's type (the indexed family repeats
        // one type).
        let mut cached: Option<(*const TypeMap, Vec<u64>)> = None;
        for &(disp, n, ty) in blocks {
            // Blocks without entries or markers do not contribute (§4.1).
            if n == 0 || (ty.runs.is_empty() && !ty.explicit_bounds) {
                continue;
            }
            let ext = i128::from(ty.extent());
            let (lo, hi) = span(n, ext)?;
            let block = (
                add(add(disp, ty.lb.into())?, lo)?,
                add(add(disp, ty.ub.into())?, hi)?,
            );
            all = widen(all, block);
            if ty.explicit_bounds {
                explicit = true;
                marked = widen(marked, block);
            }
            if !ty.runs.is_empty() {
                base = match base {
                    None => Some(ty.base),
                    Some(b) if b == ty.base => Some(b),
                    Some(_) => Some(None),
                };
                let t = (
                    add(add(disp, ty.true_lb.into())?, lo)?,
                    add(add(disp, ty.true_ub.into())?, hi)?,
                );
                truth = widen(truth, t);
            }
            align = align.max(ty.align);
            size = ck(ty.size.checked_mul(n).and_then(|s| s.checked_add(size)))?;
            if !cached.as_ref().is_some_and(|c| std::ptr::eq(c.0, ty)) {
                cached = Some((ty, ty.run_sizes()?));
            }
            let sizes = cached.as_ref().map_or(&[][..], |c| &c.1[..]);
            b.push_copies(disp, n, ext, ty, sizes)?;
        }
        let Some(all) = all else {
            return Ok(TypeMap::empty());
        };
        let (lb, mut ub) = marked.unwrap_or(all);
        if is_struct && !explicit {
            // ε: round the extent up to a multiple of the largest alignment.
            let a = i128::from(align);
            let rem = ck(ub.checked_sub(lb))?.rem_euclid(a);
            if rem != 0 {
                ub = add(ub, a - rem)?;
            }
        }
        TypeMap::finish(
            b.runs,
            size,
            (lb, ub),
            truth,
            align,
            explicit,
            base.flatten(),
        )
    }

    /// `MPI_Type_contiguous` (§4.1.2): `count` copies of `old`, one extent
    /// apart.
    pub fn contiguous(count: i64, old: &TypeMap) -> Result<TypeMap, DatatypeError> {
        let count = nonneg(count, "count")?;
        TypeMap::hvector_core(1, count, 0, old)
    }

    /// `MPI_Type_vector` (§4.1.2): `count` blocks of `blocklength` copies,
    /// with `stride` counted in extents of `old`.
    pub fn vector(
        count: i64,
        blocklength: i64,
        stride: i64,
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        let count = nonneg(count, "count")?;
        let blocklength = nonneg(blocklength, "blocklength")?;
        let stride = mul(stride.into(), old.extent().into())?;
        TypeMap::hvector_core(count, blocklength, stride, old)
    }

    /// `MPI_Type_create_hvector` (§4.1.2): like [`TypeMap::vector`] with
    /// `stride` in bytes.
    pub fn hvector(
        count: i64,
        blocklength: i64,
        stride_bytes: i64,
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        let count = nonneg(count, "count")?;
        let blocklength = nonneg(blocklength, "blocklength")?;
        TypeMap::hvector_core(count, blocklength, stride_bytes.into(), old)
    }

    fn indexed_blocks<'a>(
        blocklengths: &[i64],
        displs_bytes: &[i128],
        old: &'a TypeMap,
    ) -> Result<Vec<Block<'a>>, DatatypeError> {
        if blocklengths.len() != displs_bytes.len() {
            return Err(DatatypeError::InvalidArgument(format!(
                "{} block lengths but {} displacements",
                blocklengths.len(),
                displs_bytes.len()
            )));
        }
        blocklengths
            .iter()
            .zip(displs_bytes)
            .map(|(&bl, &d)| Ok((d, nonneg(bl, "blocklength")?, old)))
            .collect()
    }

    fn scaled(displs: &[i64], unit: i64) -> Result<Vec<i128>, DatatypeError> {
        displs.iter().map(|&d| mul(d.into(), unit.into())).collect()
    }

    /// `MPI_Type_indexed` (§4.1.2): block `i` has `blocklengths[i]` copies
    /// of `old` at `displs[i]` extents of `old`.
    pub fn indexed(
        blocklengths: &[i64],
        displs: &[i64],
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        let d = TypeMap::scaled(displs, old.extent())?;
        TypeMap::from_blocks(&TypeMap::indexed_blocks(blocklengths, &d, old)?, false)
    }

    /// `MPI_Type_create_hindexed` (§4.1.2): like [`TypeMap::indexed`] with
    /// displacements in bytes.
    pub fn hindexed(
        blocklengths: &[i64],
        displs_bytes: &[i64],
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        let d = TypeMap::scaled(displs_bytes, 1)?;
        TypeMap::from_blocks(&TypeMap::indexed_blocks(blocklengths, &d, old)?, false)
    }

    /// `MPI_Type_create_indexed_block` (§4.1.2): every block has
    /// `blocklength` copies; displacements in extents of `old`.
    pub fn indexed_block(
        blocklength: i64,
        displs: &[i64],
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        nonneg(blocklength, "blocklength")?;
        TypeMap::indexed(&vec![blocklength; displs.len()], displs, old)
    }

    /// `MPI_Type_create_hindexed_block` (§4.1.2): like
    /// [`TypeMap::indexed_block`] with displacements in bytes.
    pub fn hindexed_block(
        blocklength: i64,
        displs_bytes: &[i64],
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        nonneg(blocklength, "blocklength")?;
        TypeMap::hindexed(&vec![blocklength; displs_bytes.len()], displs_bytes, old)
    }

    /// `MPI_Type_create_struct` (§4.1.2): block `i` has `blocklengths[i]`
    /// copies of `types[i]` at byte `displs_bytes[i]`. Unless a component
    /// has explicit bounds, the extent is rounded up to a multiple of the
    /// largest alignment of the basic types (ε of §4.1), so
    /// `struct { double; char; }` has extent 16.
    pub fn structure(
        blocklengths: &[i64],
        displs_bytes: &[i64],
        types: &[&TypeMap],
    ) -> Result<TypeMap, DatatypeError> {
        if blocklengths.len() != displs_bytes.len() || blocklengths.len() != types.len() {
            return Err(DatatypeError::InvalidArgument(format!(
                "{} block lengths, {} displacements and {} types",
                blocklengths.len(),
                displs_bytes.len(),
                types.len()
            )));
        }
        let blocks = blocklengths
            .iter()
            .zip(displs_bytes)
            .zip(types)
            .map(|((&bl, &d), &t)| Ok((i128::from(d), nonneg(bl, "blocklength")?, t)))
            .collect::<Result<Vec<_>, DatatypeError>>()?;
        TypeMap::from_blocks(&blocks, true)
    }

    /// `MPI_Type_create_subarray` (§4.1.3): the `subsizes` block starting at
    /// `starts` of an array of `sizes` elements of `old`. With `order_c` the
    /// last dimension varies fastest (`MPI_ORDER_C`), otherwise the first
    /// (`MPI_ORDER_FORTRAN`). The bounds are explicit: lb 0 and extent the
    /// whole array.
    pub fn subarray(
        sizes: &[i64],
        subsizes: &[i64],
        starts: &[i64],
        order_c: bool,
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        let n = sizes.len();
        if n == 0 || subsizes.len() != n || starts.len() != n {
            return Err(DatatypeError::InvalidArgument(format!(
                "subarray with {} sizes, {} subsizes and {} starts",
                n,
                subsizes.len(),
                starts.len()
            )));
        }
        let mut dims = Vec::with_capacity(n);
        for i in 0..n {
            let size = nonneg(sizes[i], "array_of_sizes")?;
            let sub = nonneg(subsizes[i], "array_of_subsizes")?;
            let start = nonneg(starts[i], "array_of_starts")?;
            if size == 0 || sub == 0 || sub > size || start > size - sub {
                return Err(DatatypeError::InvalidArgument(format!(
                    "subarray dimension {i}: need 1 <= subsize {sub} <= size {size} \
                     and 0 <= start {start} <= size - subsize"
                )));
            }
            dims.push((size, sub, start));
        }
        if order_c {
            dims.reverse();
        }
        // Fastest dimension first: nest one hvector per dimension.
        let mut stride = i128::from(old.extent());
        let mut offset: i128 = 0;
        let mut t = old.clone();
        for (size, sub, start) in dims {
            t = TypeMap::hvector_core(sub, 1, stride, &t)?;
            offset = add(offset, mul(i128::from(start), stride)?)?;
            stride = mul(stride, i128::from(size))?;
        }
        t.shifted(offset)?.resized(0, to_i64(stride)?)
    }

    /// `MPI_Type_create_darray` (§4.1.4): the part of a `gsizes` array of
    /// `old` that process `rank` owns when the array is distributed over a
    /// `psizes` grid of `size` processes (numbered in row-major order
    /// whatever `order_c` says), dimension by dimension `distribs[i]`
    /// (`MPI_DISTRIBUTE_BLOCK`, `_CYCLIC` or `_NONE`) with argument
    /// `dargs[i]` (`MPI_DISTRIBUTE_DFLT_DARG` for the default). The elements
    /// are in array order (the last dimension fastest with `order_c`), the
    /// bounds explicit: lb 0 and extent the whole array, as for a subarray.
    #[allow(clippy::too_many_arguments)]
    pub fn darray(
        size: i64,
        rank: i64,
        gsizes: &[i64],
        distribs: &[i64],
        dargs: &[i64],
        psizes: &[i64],
        order_c: bool,
        old: &TypeMap,
    ) -> Result<TypeMap, DatatypeError> {
        use crate::handles::{
            MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_DFLT_DARG,
            MPI_DISTRIBUTE_NONE,
        };
        let n = gsizes.len();
        let bad = |m: String| Err(DatatypeError::InvalidArgument(m));
        if n == 0 || distribs.len() != n || dargs.len() != n || psizes.len() != n {
            return bad(format!(
                "darray with {n} dimensions and arrays of other lengths"
            ));
        }
        let grid = psizes
            .iter()
            .try_fold(1i128, |acc, &p| mul(acc, i128::from(p.max(0))))?;
        if psizes.iter().any(|&p| p <= 0) || grid != i128::from(size) {
            return bad(format!(
                "the process grid {psizes:?} does not hold exactly size = {size} processes"
            ));
        }
        if rank < 0 || rank >= size {
            return bad(format!("rank {rank} is not below size {size}"));
        }
        // Row-major grid coordinates of `rank` (§4.1.4).
        let mut coords = vec![0i64; n];
        let mut r = rank;
        for i in (0..n).rev() {
            coords[i] = r % psizes[i];
            r /= psizes[i];
        }
        // The indices process `coords[i]` owns in dimension i, ascending.
        let mut owned: Vec<Vec<i64>> = Vec::with_capacity(n);
        for i in 0..n {
            let (g, p, c, d) = (gsizes[i], psizes[i], coords[i], dargs[i]);
            if g <= 0 {
                return bad(format!("array_of_gsizes[{i}] = {g} is not positive"));
            }
            let dflt = d == i64::from(MPI_DISTRIBUTE_DFLT_DARG);
            let mut idx = Vec::new();
            match distribs[i] {
                x if x == i64::from(MPI_DISTRIBUTE_NONE) => idx.extend(0..g),
                x if x == i64::from(MPI_DISTRIBUTE_BLOCK) => {
                    let b = if dflt { (g + p - 1) / p } else { d };
                    if b <= 0 || b.saturating_mul(p) < g {
                        return bad(format!(
                            "dimension {i}: block size {b} times {p} processes does not cover {g} elements"
                        ));
                    }
                    idx.extend((c.saturating_mul(b)).min(g)..((c + 1).saturating_mul(b)).min(g));
                }
                x if x == i64::from(MPI_DISTRIBUTE_CYCLIC) => {
                    let b = if dflt { 1 } else { d };
                    if b <= 0 {
                        return bad(format!(
                            "dimension {i}: cyclic block size {b} is not positive"
                        ));
                    }
                    let mut start = c.saturating_mul(b);
                    while start < g {
                        idx.extend(start..(start + b).min(g));
                        start = start.saturating_add(p.saturating_mul(b));
                    }
                }
                x => {
                    return bad(format!(
                        "array_of_distribs[{i}] = {x} is not a distribution"
                    ))
                }
            }
            owned.push(idx);
        }
        let mut dims: Vec<(i64, Vec<i64>)> = gsizes.iter().copied().zip(owned).collect();
        if order_c {
            dims.reverse();
        }
        // Fastest dimension first: one block per owned index, at its
        // position in the whole array.
        let mut stride = i128::from(old.extent());
        let mut t = old.clone();
        for (g, idx) in dims {
            let displs = idx
                .iter()
                .map(|&k| to_i64(mul(i128::from(k), stride)?))
                .collect::<Result<Vec<i64>, _>>()?;
            t = TypeMap::hindexed(&vec![1; displs.len()], &displs, &t)?;
            stride = mul(stride, i128::from(g))?;
        }
        t.resized(0, to_i64(stride)?)
    }

    /// The same type with every displacement moved by `off` bytes.
    pub(super) fn shifted(&self, off: i128) -> Result<TypeMap, DatatypeError> {
        let mut runs = Vec::with_capacity(self.runs.len());
        for r in &self.runs {
            runs.push(Run {
                disp: to_i64(add(r.disp.into(), off)?)?,
                ..*r
            });
        }
        let truth = if self.runs.is_empty() {
            None
        } else {
            Some((
                add(self.true_lb.into(), off)?,
                add(self.true_ub.into(), off)?,
            ))
        };
        TypeMap::finish(
            runs,
            self.size,
            (add(self.lb.into(), off)?, add(self.ub.into(), off)?),
            truth,
            self.align,
            self.explicit_bounds,
            self.base,
        )
    }

    /// `MPI_Type_create_resized` (§4.1.7): the same entries with lower bound
    /// `lb` and upper bound `lb + extent`, as explicit markers.
    pub fn resized(&self, lb: i64, extent: i64) -> Result<TypeMap, DatatypeError> {
        let ub = to_i64(add(lb.into(), extent.into())?)?;
        Ok(TypeMap {
            lb,
            ub,
            explicit_bounds: true,
            ..self.clone()
        })
    }
}
