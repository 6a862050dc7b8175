//! What a type map tells about a buffer: its bounds and size, its signature,
//! the byte ranges `count` items occupy (MPI 3.1 §4.1.5–§4.1.8, §4.1.11).

use super::*;

impl TypeMap {
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
