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

mod constructors;
mod layout;
mod signature;
#[cfg(test)]
mod tests;

pub use signature::{match_signatures, Signature, SignatureMismatch};

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
