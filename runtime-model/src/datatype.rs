//! Derived datatypes (MPI 3.1 chapter 4) as a pure engine: type maps and
//! their bounds, type signatures and how they match, and the byte ranges a
//! buffer of `count` items occupies.
//!
//! A *type map* (§4.1) is a sequence of (basic type, displacement) pairs;
//! its *type signature* is the sequence of basic types alone. Both are kept
//! run-length encoded: a [`Run`] is `count` basic elements of one predefined
//! type laid out back to back, so `MPI_Type_contiguous(1 << 30, MPI_INT)` is
//! a single run. Basic types are predefined datatype handles
//! ([`crate::handles`]). A MINLOC/MAXLOC pair type (§5.9.4) is, as the
//! standard defines it, the struct of its two basic types: `MPI_DOUBLE_INT`
//! is a `MPI_DOUBLE` at 0 and a `MPI_INT` at 8, size 12, extent 16. A type
//! map remembers the predefined type it is built from
//! ([`TypeMap::predefined_base`]), so the reductions still see the pair.
//!
//! Bounds (§4.1, §4.1.6, §4.1.7). The bounds of a new type come from the
//! bounds of the copies of its old types that it contains, as in MPICH. The
//! alignment padding ε of §4.1 is added only by [`TypeMap::structure`], also
//! as in MPICH. The standard's formula over the flattened type map gives the
//! same bounds, except for `hvector` and `hindexed` with byte strides or
//! displacements that are not multiples of the alignment. There the
//! standard pads (`hvector(2, 1, 3, MPI_INT)`: extent 8) but MPICH does not
//! (extent 7, as here). Bounds set by
//! [`TypeMap::resized`] are *explicit* markers and stay explicit through
//! later constructors. When a struct mixes types with and without explicit
//! markers, only the markers count, and no padding is added (§4.1.6).
//!
//! Limits: type maps of more than [`MAX_RUNS`] runs and range lists of more
//! than [`MAX_RANGES`] ranges are refused with [`DatatypeError::TooLarge`].
//! Values that do not fit in `i64` give [`DatatypeError::Overflow`]. Nothing
//! here panics on any input, and huge counts are never expanded.

use std::fmt;

use crate::handles::{
    datatype_basic_kind, predefined_datatype_name, predefined_datatype_size, BasicKind, MPI_BYTE,
    MPI_PACKED,
};

/// Largest number of runs in a type map.
pub const MAX_RUNS: usize = 1 << 20;
/// Largest number of byte ranges [`TypeMap::byte_ranges`] returns.
pub const MAX_RANGES: usize = 1 << 22;

/// `count` consecutive basic elements of the predefined type `basic`, the
/// first at byte displacement `disp`, each right after the previous one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Run {
    pub disp: i64,
    pub basic: i32,
    pub count: u64,
}

/// Why a datatype could not be built or queried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DatatypeError {
    /// A count, block length or array size that must be non-negative is
    /// negative (§4.1.2, §4.1.3); the argument's name.
    Negative(&'static str),
    /// Not a predefined datatype usable as a basic type.
    UnknownBase(i32),
    /// A size, displacement, bound or count does not fit in 64 bits.
    Overflow,
    /// The result is too big for the engine's limits ([`MAX_RUNS`],
    /// [`MAX_RANGES`]). The type is valid MPI; the verifier cannot model it.
    TooLarge(&'static str),
    /// Any other erroneous argument (mismatched array lengths, subarray
    /// bounds, ...).
    InvalidArgument(String),
}

impl fmt::Display for DatatypeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatatypeError::Negative(what) => write!(f, "negative {what}"),
            DatatypeError::UnknownBase(dt) => write!(f, "{dt:#x} is not a predefined datatype"),
            DatatypeError::Overflow => write!(f, "datatype size or displacement overflows"),
            DatatypeError::TooLarge(what) => write!(f, "{what} too large for the verifier"),
            DatatypeError::InvalidArgument(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for DatatypeError {}

// ---------------------------------------------------------------------------
// Arithmetic helpers: everything is computed in i128 and checked on the way
// back to i64.
// ---------------------------------------------------------------------------

fn ck<T>(v: Option<T>) -> Result<T, DatatypeError> {
    v.ok_or(DatatypeError::Overflow)
}

fn to_i64(v: i128) -> Result<i64, DatatypeError> {
    i64::try_from(v).map_err(|_| DatatypeError::Overflow)
}

fn nonneg(v: i64, what: &'static str) -> Result<u64, DatatypeError> {
    u64::try_from(v).map_err(|_| DatatypeError::Negative(what))
}

fn add(a: i128, b: i128) -> Result<i128, DatatypeError> {
    ck(a.checked_add(b))
}

fn mul(a: i128, b: i128) -> Result<i128, DatatypeError> {
    ck(a.checked_mul(b))
}

/// `(min, max)` of `j * step` over `j` in `0..n` (`n >= 1`).
fn span(n: u64, step: i128) -> Result<(i128, i128), DatatypeError> {
    let last = mul(i128::from(n.saturating_sub(1)), step)?;
    Ok((last.min(0), last.max(0)))
}

fn widen(acc: Option<(i128, i128)>, (lo, hi): (i128, i128)) -> Option<(i128, i128)> {
    Some(match acc {
        None => (lo, hi),
        Some((a, b)) => (a.min(lo), b.max(hi)),
    })
}

/// A size or byte count must be a valid `MPI_Count` (non-negative `i64`).
fn count_ok(v: u64) -> Result<u64, DatatypeError> {
    if v > i64::MAX as u64 {
        Err(DatatypeError::Overflow)
    } else {
        Ok(v)
    }
}

/// Size of a basic type; `MPI_LB` / `MPI_UB` (size 0) are not basic types,
/// and neither are the pair types (structs of two basic types, §5.9.4).
fn basic_size(dt: i32) -> Result<u64, DatatypeError> {
    match (predefined_datatype_size(dt), datatype_basic_kind(dt)) {
        (_, Some(BasicKind::Pair { .. })) => Err(DatatypeError::UnknownBase(dt)),
        (Some(s), _) if s > 0 => Ok(s),
        _ => Err(DatatypeError::UnknownBase(dt)),
    }
}

/// C alignment of a basic type on x86_64 (used for the ε of §4.1). The
/// alignment of a complex type is that of its parts. (A pair type's is that
/// of its struct, which [`TypeMap::predefined`] builds.)
fn basic_alignment(dt: i32, size: u64) -> u64 {
    match datatype_basic_kind(dt) {
        Some(BasicKind::Int { bytes, .. }) | Some(BasicKind::Float { bytes }) => u64::from(bytes),
        Some(BasicKind::Complex { part_bytes }) => u64::from(part_bytes),
        Some(BasicKind::Byte) => 1,
        // MPI_REAL16 / MPI_COMPLEX32: binary128 parts, aligned to 16.
        Some(BasicKind::Pair { .. }) | None => size.clamp(1, 16),
    }
}

/// `MPI_BYTE` and `MPI_PACKED` match any byte of storage (§3.3.1, §4.2).
fn is_untyped_basic(dt: i32) -> bool {
    dt == MPI_BYTE || dt == MPI_PACKED
}

fn type_name(dt: i32) -> String {
    predefined_datatype_name(dt)
        .map(str::to_string)
        .unwrap_or_else(|| format!("datatype {dt:#x}"))
}

// ---------------------------------------------------------------------------
// Building run lists
// ---------------------------------------------------------------------------

/// Appends runs, merging a run into the previous one when it continues it.
#[derive(Default)]
struct RunBuilder {
    runs: Vec<Run>,
    /// Element size of the last run.
    last_size: u64,
}

impl RunBuilder {
    fn push(&mut self, disp: i128, basic: i32, count: u64, size: u64) -> Result<(), DatatypeError> {
        if count == 0 {
            return Ok(());
        }
        let bytes = ck(count.checked_mul(size))?;
        let start = to_i64(disp)?;
        to_i64(add(disp, i128::from(bytes))?)?;
        if let Some(last) = self.runs.last_mut() {
            let end = i128::from(last.disp) + i128::from(last.count) * i128::from(self.last_size);
            if last.basic == basic && end == disp {
                last.count = ck(last.count.checked_add(count))?;
                return Ok(());
            }
        }
        if self.runs.len() >= MAX_RUNS {
            return Err(DatatypeError::TooLarge("type map"));
        }
        self.runs.push(Run {
            disp: start,
            basic,
            count,
        });
        self.last_size = size;
        Ok(())
    }

    /// Appends `n` copies of `old`'s runs, copy `j` displaced by
    /// `base + j * step` bytes. `sizes` are the element sizes of `old`'s runs.
    ///
    /// Terminates quickly for any `n`: either all copies merge into one run
    /// (handled in closed form), or every copy adds at least one run, and
    /// [`MAX_RUNS`] stops the loop.
    fn push_copies(
        &mut self,
        base: i128,
        n: u64,
        step: i128,
        old: &TypeMap,
        sizes: &[u64],
    ) -> Result<(), DatatypeError> {
        if n == 0 || old.runs.is_empty() {
            return Ok(());
        }
        if let ([r], [size]) = (old.runs.as_slice(), sizes) {
            if i128::from(r.count) * i128::from(*size) == step {
                let total = ck(r.count.checked_mul(n))?;
                return self.push(add(base, r.disp.into())?, r.basic, total, *size);
            }
        }
        for j in 0..n {
            let off = add(base, mul(i128::from(j), step)?)?;
            for (r, &size) in old.runs.iter().zip(sizes) {
                self.push(add(off, r.disp.into())?, r.basic, r.count, size)?;
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Type maps
// ---------------------------------------------------------------------------

/// A datatype's type map with its bounds (§4.1). Only the constructors below
/// make one, so its runs are always valid basic types and its values always
/// fit in `i64`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypeMap {
    runs: Vec<Run>,
    /// Sum of the element sizes (`MPI_Type_size`, §4.1.5).
    size: u64,
    lb: i64,
    ub: i64,
    /// Bounds of the bytes actually occupied (§4.1.8); 0 for a type without
    /// data.
    true_lb: i64,
    true_ub: i64,
    /// Largest alignment of the basic types (for the ε of §4.1).
    align: u64,
    /// Whether `lb` / `ub` are explicit markers set by `resized` (§4.1.7).
    explicit_bounds: bool,
    /// The predefined datatype every entry is a copy of, a pair type
    /// counting as one (§11.3.4: "all basic components are of the same
    /// predefined datatype"); `None` for a mix, or no entries.
    base: Option<i32>,
}

/// One block of a constructor: `n` copies of a type, laid out one extent
/// apart from byte displacement `disp`.
type Block<'a> = (i128, u64, &'a TypeMap);

impl TypeMap {
    /// A type with no entries and no markers (e.g. `count == 0`): size,
    /// bounds and extent 0.
    fn empty() -> TypeMap {
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
    fn run_sizes(&self) -> Result<Vec<u64>, DatatypeError> {
        self.runs.iter().map(|r| basic_size(r.basic)).collect()
    }

    fn finish(
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
    fn shifted(&self, off: i128) -> Result<TypeMap, DatatypeError> {
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

    /// The runs, in type-map order.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// The one predefined datatype this type is built from (§11.3.4: "a
    /// derived datatype, where all basic components are of the same
    /// predefined datatype"), a pair type counting as one: `MPI_DOUBLE_INT`
    /// for a contiguous type of `MPI_DOUBLE_INT`. Otherwise, the one basic
    /// type of all entries when there is one (a struct of `MPI_INT` and
    /// `MPI_2INT` is all `MPI_INT`). `None` for a mix or a type without
    /// entries.
    pub fn predefined_base(&self) -> Option<i32> {
        if self.base.is_some() {
            return self.base;
        }
        let first = self.runs.first()?.basic;
        self.runs.iter().all(|r| r.basic == first).then_some(first)
    }

    /// `MPI_Type_size` (§4.1.5): bytes of data in one item.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// `MPI_Type_get_extent` (§4.1.7): `ub - lb`.
    pub fn extent(&self) -> i64 {
        // Checked in `finish`/`resized`; cannot overflow.
        self.ub.wrapping_sub(self.lb)
    }

    pub fn lb(&self) -> i64 {
        self.lb
    }

    pub fn ub(&self) -> i64 {
        self.ub
    }

    /// `MPI_Type_get_true_extent` (§4.1.8): the span of the bytes actually
    /// occupied, ignoring bounds set by `resized`; 0 for a type without data.
    pub fn true_extent(&self) -> i64 {
        self.true_ub.wrapping_sub(self.true_lb)
    }

    pub fn true_lb(&self) -> i64 {
        self.true_lb
    }

    pub fn true_ub(&self) -> i64 {
        self.true_ub
    }

    /// The type signature of `count` items (§3.3.1, §4.1): the basic types
    /// in type-map order, run-length encoded and not expanded over `count`.
    pub fn signature(&self, count: u64) -> Result<Signature, DatatypeError> {
        let unit: Vec<(i32, u64)> = self.runs.iter().map(|r| (r.basic, r.count)).collect();
        Signature::new(&unit, count)
    }

    /// The byte ranges `(offset from the buffer start, length)` that `count`
    /// items occupy (item `i` displaced by `i * extent`, §4.1.11), in
    /// type-map order, adjacent ranges merged. Reading them in order packs a
    /// send buffer; writing them in order unpacks into a receive buffer.
    pub fn byte_ranges(&self, count: u64) -> Result<Vec<(i64, u64)>, DatatypeError> {
        self.byte_ranges_prefix(count, u64::MAX)
    }

    /// The first `max_bytes` bytes, in packed order, of
    /// [`TypeMap::byte_ranges`]: where a message of `max_bytes` bytes lands
    /// in a receive buffer of `count` items.
    pub fn byte_ranges_prefix(
        &self,
        count: u64,
        max_bytes: u64,
    ) -> Result<Vec<(i64, u64)>, DatatypeError> {
        let mut out = Vec::new();
        if count == 0 || max_bytes == 0 || self.runs.is_empty() {
            return Ok(out);
        }
        // One item's ranges, merged.
        let mut unit: Vec<(i64, u64)> = Vec::new();
        for (r, size) in self.runs.iter().zip(self.run_sizes()?) {
            push_range(&mut unit, r.disp.into(), ck(r.count.checked_mul(size))?)?;
        }
        let ext = i128::from(self.extent());
        if let [(off, len)] = unit[..] {
            if i128::from(len) == ext {
                // The items are back to back: one range.
                let total = ck(len.checked_mul(count))?.min(max_bytes);
                push_range(&mut out, off.into(), total)?;
                return Ok(out);
            }
        }
        // Every item adds at least one range: MAX_RANGES bounds the loop.
        let mut left = max_bytes;
        for i in 0..count {
            let base = mul(i128::from(i), ext)?;
            for &(off, len) in &unit {
                let take = len.min(left);
                push_range(&mut out, add(base, off.into())?, take)?;
                left -= take;
                if left == 0 {
                    return Ok(out);
                }
            }
        }
        Ok(out)
    }

    /// Whether `count` items have overlapping entries; receiving into such a
    /// buffer is erroneous (§4.1.11).
    pub fn overlaps(&self, count: u64) -> Result<bool, DatatypeError> {
        let mut ranges = self.byte_ranges(count)?;
        ranges.sort_unstable();
        let mut end: Option<i128> = None;
        for (off, len) in ranges {
            let off = i128::from(off);
            if end.is_some_and(|e| off < e) {
                return Ok(true);
            }
            let this_end = off + i128::from(len);
            end = Some(end.map_or(this_end, |e| e.max(this_end)));
        }
        Ok(false)
    }

    /// `MPI_Get_elements` (§4.1.11): the number of basic elements in the
    /// first `bytes` bytes of data of items of this type. A pair type's item
    /// is two (§5.9.4 defines it as a struct of two basic types). `None`
    /// (`MPI_UNDEFINED`) if `bytes` ends inside an element.
    pub fn get_elements(&self, bytes: u64) -> Option<u64> {
        if self.size == 0 {
            return (bytes == 0).then_some(0);
        }
        let mut per_item: u64 = 0;
        for r in &self.runs {
            per_item = per_item.checked_add(r.count)?;
        }
        let mut n = (bytes / self.size).checked_mul(per_item)?;
        let mut rest = bytes % self.size;
        for r in &self.runs {
            if rest == 0 {
                break;
            }
            let size = basic_size(r.basic).ok()?;
            let whole = (rest / size).min(r.count);
            n = n.checked_add(whole)?;
            rest -= whole * size;
            if whole < r.count && rest != 0 {
                return None;
            }
        }
        Some(n)
    }
}

/// Appends a byte range, merging it with the previous one when adjacent.
fn push_range(out: &mut Vec<(i64, u64)>, off: i128, len: u64) -> Result<(), DatatypeError> {
    if len == 0 {
        return Ok(());
    }
    let start = to_i64(off)?;
    to_i64(add(off, i128::from(len))?)?;
    if let Some(last) = out.last_mut() {
        if i128::from(last.0) + i128::from(last.1) == off {
            last.1 = ck(last.1.checked_add(len))?;
            return Ok(());
        }
    }
    if out.len() >= MAX_RANGES {
        return Err(DatatypeError::TooLarge("byte range list"));
    }
    out.push((start, len));
    Ok(())
}

// ---------------------------------------------------------------------------
// Signatures and matching (§3.3.1)
// ---------------------------------------------------------------------------

/// A type signature in compact form: the runs of `unit` (basic handle,
/// number of consecutive elements of it) repeated `repeat` times.
/// Normalized: no empty runs, no two neighbouring runs of the same type,
/// and a one-run unit is folded into `repeat == 1`. Equality is structural;
/// use [`match_signatures`] to compare sequences.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Signature {
    unit: Vec<(i32, u64)>,
    /// Element size of each run of `unit`.
    sizes: Vec<u64>,
    repeat: u64,
    unit_len: u64,
    unit_bytes: u64,
}

impl Signature {
    /// The signature `unit` repeated `repeat` times. Fails for handles that
    /// are not basic types and when the totals do not fit in `i64`.
    pub fn new(unit: &[(i32, u64)], repeat: u64) -> Result<Signature, DatatypeError> {
        let mut runs: Vec<(i32, u64)> = Vec::new();
        let mut sizes = Vec::new();
        let (mut unit_len, mut unit_bytes) = (0u64, 0u64);
        for &(dt, n) in unit {
            let size = basic_size(dt)?;
            if n == 0 {
                continue;
            }
            unit_len = count_ok(ck(unit_len.checked_add(n))?)?;
            unit_bytes = count_ok(ck(n
                .checked_mul(size)
                .and_then(|b| b.checked_add(unit_bytes)))?)?;
            match runs.last_mut() {
                Some(last) if last.0 == dt => last.1 += n,
                _ => {
                    runs.push((dt, n));
                    sizes.push(size);
                }
            }
        }
        if runs.is_empty() || repeat == 0 {
            return Ok(Signature {
                unit: Vec::new(),
                sizes: Vec::new(),
                repeat: 0,
                unit_len: 0,
                unit_bytes: 0,
            });
        }
        count_ok(ck(unit_len.checked_mul(repeat))?)?;
        count_ok(ck(unit_bytes.checked_mul(repeat))?)?;
        let (mut repeat, mut unit_len, mut unit_bytes) = (repeat, unit_len, unit_bytes);
        // A unit that is itself a repetition of a shorter block of runs is
        // folded into `repeat`, so the same sequence of basic types built
        // as `2 × MPI_DOUBLE_INT` or `1 × contiguous(2, MPI_DOUBLE_INT)` has
        // one representation. (Neighbouring runs differ, so a block never
        // merges with the next copy.)
        if let Some(d) = (1..runs.len())
            .filter(|&d| runs.len().is_multiple_of(d))
            .find(|&d| (d..runs.len()).all(|i| runs[i] == runs[i % d]))
        {
            let k = (runs.len() / d) as u64;
            runs.truncate(d);
            sizes.truncate(d);
            unit_len /= k;
            unit_bytes /= k;
            repeat *= k;
        }
        if let [(_, n)] = &mut runs[..] {
            *n *= repeat;
            unit_len *= repeat;
            unit_bytes *= repeat;
            repeat = 1;
        }
        Ok(Signature {
            unit: runs,
            sizes,
            repeat,
            unit_len,
            unit_bytes,
        })
    }

    /// `count` items of one predefined type (a pair type is two basic
    /// elements per item).
    pub fn basic(dt: i32, count: u64) -> Result<Signature, DatatypeError> {
        match TypeMap::predefined(dt) {
            Some(t) => t.signature(count),
            None => Err(DatatypeError::UnknownBase(dt)),
        }
    }

    pub fn unit(&self) -> &[(i32, u64)] {
        &self.unit
    }

    pub fn repeat(&self) -> u64 {
        self.repeat
    }

    /// Number of basic elements.
    pub fn len(&self) -> u64 {
        self.unit_len * self.repeat
    }

    pub fn is_empty(&self) -> bool {
        self.repeat == 0
    }

    /// Number of bytes of data.
    pub fn bytes(&self) -> u64 {
        self.unit_bytes * self.repeat
    }

    /// Whether the signature is non-empty and made only of `MPI_BYTE` and
    /// `MPI_PACKED`: untyped storage that matches any data byte-wise.
    pub fn is_untyped(&self) -> bool {
        !self.unit.is_empty() && self.unit.iter().all(|&(dt, _)| is_untyped_basic(dt))
    }

    /// The basic type of element `index`.
    pub fn element(&self, index: u64) -> Option<i32> {
        if index >= self.len() {
            return None;
        }
        let mut rest = index % self.unit_len;
        for &(dt, n) in &self.unit {
            if rest < n {
                return Some(dt);
            }
            rest -= n;
        }
        None
    }

    /// The element containing data byte `byte`: (element index, type, byte
    /// offset within the element).
    fn locate_byte(&self, byte: u64) -> Option<(u64, i32, u64)> {
        if byte >= self.bytes() {
            return None;
        }
        let mut index = (byte / self.unit_bytes) * self.unit_len;
        let mut rest = byte % self.unit_bytes;
        for (&(dt, n), &size) in self.unit.iter().zip(&self.sizes) {
            let run_bytes = n * size;
            if rest < run_bytes {
                return Some((index + rest / size, dt, rest % size));
            }
            rest -= run_bytes;
            index += n;
        }
        None
    }
}

/// Where a message stops matching its receive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureMismatch {
    /// Index of the basic element of the send signature at which matching
    /// fails; the number of sent elements when the message ends inside a
    /// receive element.
    pub index: u64,
    /// The sent element's type; `None` when the message ends inside a
    /// receive element.
    pub sent: Option<i32>,
    /// The receive's type at that point; `None` when the receive has no
    /// room left (truncation, `MPI_ERR_TRUNCATE`, §3.2.4).
    pub expected: Option<i32>,
    /// Byte-wise matches only: for truncation, the bytes of the sent
    /// element that still fit; for a message ending inside a receive
    /// element, the bytes of that element received. Otherwise 0.
    pub byte_offset: u64,
}

impl SignatureMismatch {
    /// The message is longer than the receive.
    pub fn is_truncation(&self) -> bool {
        self.expected.is_none()
    }
}

impl fmt::Display for SignatureMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index;
        match (self.sent, self.expected) {
            (Some(s), Some(e)) => write!(
                f,
                "type mismatch at element {i}: sent {}, the receive expects {}",
                type_name(s),
                type_name(e)
            ),
            (Some(s), None) => {
                write!(
                    f,
                    "message truncated: sent element {i} ({}) does not fit the receive",
                    type_name(s)
                )?;
                if self.byte_offset > 0 {
                    write!(f, " (only {} of its bytes do)", self.byte_offset)?;
                }
                Ok(())
            }
            (None, Some(e)) => write!(
                f,
                "the message ends {} bytes into a {} of the receive, after {i} elements",
                self.byte_offset,
                type_name(e)
            ),
            (None, None) => write!(f, "signature mismatch at element {i}"),
        }
    }
}

impl std::error::Error for SignatureMismatch {}

/// A position in the expansion of a signature.
struct Cursor<'a> {
    sig: &'a Signature,
    copy: u64,
    run: usize,
    used: u64,
}

impl Cursor<'_> {
    /// Current type and elements left in the current run.
    fn current(&self) -> Option<(i32, u64)> {
        if self.copy >= self.sig.repeat {
            return None;
        }
        let &(dt, n) = self.sig.unit.get(self.run)?;
        Some((dt, n - self.used))
    }

    /// Advances by `k` elements, at most to the end of the current run.
    fn advance(&mut self, k: u64) {
        self.used += k;
        if self
            .sig
            .unit
            .get(self.run)
            .is_some_and(|r| self.used >= r.1)
        {
            self.used = 0;
            self.run += 1;
            if self.run == self.sig.unit.len() {
                self.run = 0;
                self.copy += 1;
            }
        }
    }
}

/// Whether a message with send signature `sent` can be received by a
/// receive with signature `recv` (§3.3.1): the send signature must be a
/// prefix of the receive signature. Returns the number of receive
/// signature elements filled (a pair type's item is two, as for
/// [`TypeMap::get_elements`]).
///
/// A signature made only of `MPI_BYTE` / `MPI_PACKED` is untyped storage
/// and matches any data byte-wise (§3.3.1, §4.2). Each of its bytes is one
/// element. Data sent as untyped bytes must end on an element boundary of a
/// typed receive. Any other signature matches element by element, with
/// exact handles.
///
/// This is a lenient reading of MPI_BYTE. Strictly, §3.3.1 (Example 3.2)
/// lets only `MPI_PACKED` match other types. A signature that mixes
/// `MPI_BYTE` with typed elements is also matched element by element.
///
/// Never expands repeated signatures: the cost is proportional to the runs
/// of the two units.
pub fn match_signatures(sent: &Signature, recv: &Signature) -> Result<u64, SignatureMismatch> {
    if sent.is_empty() {
        return Ok(0);
    }
    if recv.is_untyped() {
        if sent.bytes() <= recv.bytes() {
            return Ok(sent.bytes());
        }
        let (index, dt, off) = sent.locate_byte(recv.bytes()).unwrap_or((0, MPI_BYTE, 0));
        return Err(SignatureMismatch {
            index,
            sent: Some(dt),
            expected: None,
            byte_offset: off,
        });
    }
    if sent.is_untyped() {
        if sent.bytes() > recv.bytes() {
            let (index, dt, _) = sent.locate_byte(recv.bytes()).unwrap_or((0, MPI_BYTE, 0));
            return Err(SignatureMismatch {
                index,
                sent: Some(dt),
                expected: None,
                byte_offset: 0,
            });
        }
        return match recv.locate_byte(sent.bytes()) {
            None => Ok(recv.len()),
            Some((index, _, 0)) => Ok(index),
            Some((_, dt, off)) => Err(SignatureMismatch {
                index: sent.len(),
                sent: None,
                expected: Some(dt),
                byte_offset: off,
            }),
        };
    }
    match_typed(sent, recv)
}

/// Element-wise prefix test of two repeated signatures.
///
/// If the two agree on their first `|P| + |Q|` elements (`P`, `Q` the units),
/// that common prefix has periods `|P|` and `|Q|`. By the Fine–Wilf theorem
/// it then has period `gcd(|P|, |Q|)`, so both units are powers of one word,
/// and only the lengths decide. Before that point every step ends a run on
/// one side, so the loop is linear in the runs of the units.
fn match_typed(sent: &Signature, recv: &Signature) -> Result<u64, SignatureMismatch> {
    let limit = u128::from(sent.unit_len) + u128::from(recv.unit_len);
    let truncated = |index: u64| SignatureMismatch {
        index,
        sent: sent.element(index),
        expected: None,
        byte_offset: 0,
    };
    let mut s = Cursor {
        sig: sent,
        copy: 0,
        run: 0,
        used: 0,
    };
    let mut r = Cursor {
        sig: recv,
        copy: 0,
        run: 0,
        used: 0,
    };
    let mut matched: u64 = 0;
    loop {
        let Some((ts, ns)) = s.current() else {
            return Ok(matched);
        };
        let Some((tr, nr)) = r.current() else {
            return Err(truncated(matched));
        };
        if u128::from(matched) >= limit {
            return if sent.len() <= recv.len() {
                Ok(sent.len())
            } else {
                Err(truncated(recv.len()))
            };
        }
        if ts != tr {
            return Err(SignatureMismatch {
                index: matched,
                sent: Some(ts),
                expected: Some(tr),
                byte_offset: 0,
            });
        }
        let step = ns.min(nr);
        s.advance(step);
        r.advance(step);
        matched += step;
    }
}

#[cfg(test)]
mod tests {
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
}
