//! Groups, communicator splitting and process topologies as pure functions
//! (MPI 3.1 chapters 6 and 7). A group is the list of its members' world
//! ranks, by rank in the group; the checker decodes calls and applies these.

use crate::handles as h;
use std::fmt;

/// Why a group or topology argument is erroneous, with the MPI error class
/// an implementation returns for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgError {
    /// A rank outside the group or communicator (MPI_ERR_RANK).
    Rank(String),
    /// Bad dimensions of a topology (MPI_ERR_DIMS).
    Dims(String),
    /// Any other erroneous argument (MPI_ERR_ARG).
    Arg(String),
}

impl ArgError {
    pub fn class(&self) -> i32 {
        match self {
            ArgError::Rank(_) => h::MPI_ERR_RANK,
            ArgError::Dims(_) => h::MPI_ERR_DIMS,
            ArgError::Arg(_) => h::MPI_ERR_ARG,
        }
    }
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgError::Rank(m) | ArgError::Dims(m) | ArgError::Arg(m) => f.write_str(m),
        }
    }
}

/// Result of MPI_Group_compare / MPI_Comm_compare (MPI 3.1 §6.3.1, §6.4.1).
pub fn compare_groups(a: &[usize], b: &[usize]) -> i32 {
    if a == b {
        h::MPI_IDENT
    } else if a.len() == b.len() && a.iter().all(|x| b.contains(x)) {
        h::MPI_SIMILAR
    } else {
        h::MPI_UNEQUAL
    }
}

fn check_ranks(size: usize, ranks: &[i32]) -> Result<(), ArgError> {
    for (i, &r) in ranks.iter().enumerate() {
        if r < 0 || r as usize >= size {
            return Err(ArgError::Rank(format!(
                "ranks[{i}] = {r} is not a rank of the group (size {size})"
            )));
        }
        if ranks[..i].contains(&r) {
            return Err(ArgError::Rank(format!("rank {r} is listed twice")));
        }
    }
    Ok(())
}

/// MPI_Group_incl (§6.3.2): members `ranks`, in that order.
pub fn incl(group: &[usize], ranks: &[i32]) -> Result<Vec<usize>, ArgError> {
    check_ranks(group.len(), ranks)?;
    Ok(ranks.iter().map(|&r| group[r as usize]).collect())
}

/// MPI_Group_excl (§6.3.2): the members not in `ranks`, in group order.
pub fn excl(group: &[usize], ranks: &[i32]) -> Result<Vec<usize>, ArgError> {
    check_ranks(group.len(), ranks)?;
    Ok(group
        .iter()
        .enumerate()
        .filter(|(i, _)| !ranks.contains(&(*i as i32)))
        .map(|(_, &m)| m)
        .collect())
}

/// The ranks (first, last, stride) triplets denote (§6.3.2), in order.
pub fn expand_ranges(size: usize, ranges: &[[i32; 3]]) -> Result<Vec<i32>, ArgError> {
    let mut out = Vec::new();
    for (i, &[first, last, stride]) in ranges.iter().enumerate() {
        if stride == 0 {
            return Err(ArgError::Arg(format!("ranges[{i}] has stride 0")));
        }
        for (what, r) in [("first", first), ("last", last)] {
            if r < 0 || r as usize >= size {
                return Err(ArgError::Rank(format!(
                    "ranges[{i}] {what} rank {r} is not a rank of the group (size {size})"
                )));
            }
        }
        let mut r = first as i64;
        while (stride > 0 && r <= last as i64) || (stride < 0 && r >= last as i64) {
            out.push(r as i32);
            r += stride as i64;
        }
    }
    Ok(out)
}

pub fn range_incl(group: &[usize], ranges: &[[i32; 3]]) -> Result<Vec<usize>, ArgError> {
    incl(group, &expand_ranges(group.len(), ranges)?)
}

pub fn range_excl(group: &[usize], ranges: &[[i32; 3]]) -> Result<Vec<usize>, ArgError> {
    excl(group, &expand_ranges(group.len(), ranges)?)
}

/// MPI_Group_union (§6.3.2): all of `a`, then the members of `b` not in `a`.
pub fn union(a: &[usize], b: &[usize]) -> Vec<usize> {
    let mut out = a.to_vec();
    out.extend(b.iter().filter(|m| !a.contains(m)));
    out
}

/// MPI_Group_intersection: the members of `a` also in `b`, in `a`'s order.
pub fn intersection(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter().copied().filter(|m| b.contains(m)).collect()
}

/// MPI_Group_difference: the members of `a` not in `b`, in `a`'s order.
pub fn difference(a: &[usize], b: &[usize]) -> Vec<usize> {
    a.iter().copied().filter(|m| !b.contains(m)).collect()
}

/// MPI_Group_translate_ranks (§6.3.1): `MPI_PROC_NULL` stays itself, a
/// process not in `b` is `MPI_UNDEFINED`.
pub fn translate_ranks(a: &[usize], ranks: &[i32], b: &[usize]) -> Result<Vec<i32>, ArgError> {
    ranks
        .iter()
        .enumerate()
        .map(|(i, &r)| {
            if r == h::MPI_PROC_NULL {
                Ok(h::MPI_PROC_NULL)
            } else if r < 0 || r as usize >= a.len() {
                Err(ArgError::Rank(format!(
                    "ranks1[{i}] = {r} is not a rank of group1 (size {})",
                    a.len()
                )))
            } else {
                Ok(b.iter()
                    .position(|&m| m == a[r as usize])
                    .map_or(h::MPI_UNDEFINED, |p| p as i32))
            }
        })
        .collect()
}

/// MPI_Comm_split (§6.4.2): `entries[r]` is the (color, key) of parent rank
/// `r`, `None` for `MPI_UNDEFINED`. Returns the new groups as parent ranks,
/// by increasing color; each ordered by key, ties by parent rank.
pub fn split(entries: &[(Option<i32>, i32)]) -> Vec<(i32, Vec<usize>)> {
    let mut colors: Vec<i32> = entries.iter().filter_map(|e| e.0).collect();
    colors.sort_unstable();
    colors.dedup();
    colors
        .into_iter()
        .map(|c| {
            let mut ranks: Vec<usize> = (0..entries.len())
                .filter(|&r| entries[r].0 == Some(c))
                .collect();
            ranks.sort_by_key(|&r| (entries[r].1, r));
            (c, ranks)
        })
        .collect()
}

/// A Cartesian grid (§7.5.1): processes are numbered in row-major order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cart {
    pub dims: Vec<i32>,
    pub periods: Vec<bool>,
}

impl Cart {
    /// Checks MPI_Cart_create's arguments for a communicator of `size`.
    pub fn new(dims: Vec<i32>, periods: Vec<bool>, size: usize) -> Result<Cart, ArgError> {
        if let Some((i, d)) = dims.iter().enumerate().find(|(_, &d)| d <= 0) {
            return Err(ArgError::Dims(format!("dims[{i}] = {d} is not positive")));
        }
        let cart = Cart { dims, periods };
        let n = cart.size_checked().unwrap_or(u64::MAX);
        if n > size as u64 {
            return Err(ArgError::Dims(format!(
                "the grid has {n} processes, more than the communicator's {size}"
            )));
        }
        Ok(cart)
    }

    fn size_checked(&self) -> Option<u64> {
        self.dims
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d.max(0) as u64))
    }

    /// Processes in the grid.
    pub fn size(&self) -> usize {
        self.size_checked().unwrap_or(0) as usize
    }

    pub fn ndims(&self) -> usize {
        self.dims.len()
    }

    /// MPI_Cart_coords.
    pub fn coords(&self, rank: usize) -> Vec<i32> {
        let mut r = rank;
        let mut out = vec![0; self.dims.len()];
        for i in (0..self.dims.len()).rev() {
            let d = self.dims[i].max(1) as usize;
            out[i] = (r % d) as i32;
            r /= d;
        }
        out
    }

    /// MPI_Cart_rank: coordinates in periodic dimensions wrap around; out of
    /// range in a non-periodic one is erroneous.
    pub fn rank(&self, coords: &[i32]) -> Result<usize, ArgError> {
        let mut r: usize = 0;
        for (i, (&c, &d)) in coords.iter().zip(&self.dims).enumerate() {
            let c = if self.periods[i] {
                c.rem_euclid(d)
            } else if (0..d).contains(&c) {
                c
            } else {
                return Err(ArgError::Rank(format!(
                    "coords[{i}] = {c} is outside the non-periodic dimension of size {d}"
                )));
            };
            r = r * d as usize + c as usize;
        }
        Ok(r)
    }

    /// MPI_Cart_shift (§7.5.6): (source, destination) of a shift by `disp`
    /// along `direction`; `MPI_PROC_NULL` past a non-periodic border.
    pub fn shift(&self, rank: usize, direction: usize, disp: i32) -> (i32, i32) {
        let coords = self.coords(rank);
        let at = |delta: i64| -> i32 {
            let mut c = coords.clone();
            let d = self.dims[direction] as i64;
            let moved = c[direction] as i64 + delta;
            if !self.periods[direction] && !(0..d).contains(&moved) {
                return h::MPI_PROC_NULL;
            }
            c[direction] = moved.rem_euclid(d) as i32;
            self.rank(&c).map_or(h::MPI_PROC_NULL, |r| r as i32)
        };
        (at(-(disp as i64)), at(disp as i64))
    }

    /// MPI_Cart_sub (§7.5.7): for the process at `rank`, the color of its
    /// subgrid (the row-major index of its coordinates in the dropped
    /// dimensions) and the subgrid.
    pub fn sub(&self, rank: usize, remain: &[bool]) -> (i32, Cart) {
        let coords = self.coords(rank);
        let mut color: i64 = 0;
        let mut sub = Cart {
            dims: vec![],
            periods: vec![],
        };
        for (i, (&d, &c)) in self.dims.iter().zip(&coords).enumerate() {
            if remain.get(i).copied().unwrap_or(false) {
                sub.dims.push(d);
                sub.periods.push(self.periods[i]);
            } else {
                color = color * d as i64 + c as i64;
            }
        }
        (color as i32, sub)
    }

    /// Neighbors in the order neighborhood collectives use (§7.6): per
    /// dimension, the source then the destination of a shift by 1.
    pub fn neighbors(&self, rank: usize) -> Vec<i32> {
        (0..self.dims.len())
            .flat_map(|d| {
                let (s, t) = self.shift(rank, d, 1);
                [s, t]
            })
            .collect()
    }
}

/// MPI_Dims_create (§7.5.2): fills the zero entries of `dims` so that the
/// product is `nnodes`, the filled entries as close to each other as
/// possible (smallest spread, then smallest largest entry) and in
/// non-increasing order; positive entries stay.
pub fn dims_create(nnodes: i32, dims: &[i32]) -> Result<Vec<i32>, ArgError> {
    if nnodes <= 0 {
        return Err(ArgError::Arg(format!("nnodes = {nnodes} is not positive")));
    }
    if let Some((i, d)) = dims.iter().enumerate().find(|(_, &d)| d < 0) {
        return Err(ArgError::Dims(format!("dims[{i}] = {d} is negative")));
    }
    let fixed: i64 = dims.iter().filter(|&&d| d > 0).map(|&d| d as i64).product();
    if nnodes as i64 % fixed != 0 {
        return Err(ArgError::Dims(format!(
            "nnodes = {nnodes} is not a multiple of the product {fixed} of the given dims"
        )));
    }
    let free = dims.iter().filter(|&&d| d == 0).count();
    let m = nnodes as i64 / fixed;
    if free == 0 {
        // Nothing to fill (ndims 0 included). MPI 3.1 §7.5.2 makes only a
        // non-multiple an error, so given dims that multiply to a divisor
        // of nnodes come back unchanged (as in MPICH).
        return Ok(dims.to_vec());
    }
    let mut divisors: Vec<i64> = (1..)
        .take_while(|d: &i64| d * d <= m)
        .filter(|d| m % d == 0)
        .flat_map(|d| [d, m / d])
        .collect();
    divisors.sort_unstable_by(|a, b| b.cmp(a));
    divisors.dedup();
    // Beyond as many entries as `m` has prime factors, the rest are 1 (the
    // prime factors themselves are then the most balanced choice); this
    // also bounds the search depth.
    let mut primes = 0;
    let (mut rest, mut p) = (m, 2);
    while rest > 1 {
        if p * p > rest {
            primes += 1;
            break;
        }
        if rest % p == 0 {
            rest /= p;
            primes += 1;
        } else {
            p += 1;
        }
    }
    let mut best: Option<Vec<i64>> = None;
    let mut current = Vec::with_capacity(free);
    balanced(
        &divisors,
        m,
        free.min(primes.max(1)),
        m,
        &mut current,
        &mut best,
    );
    let mut filled = best.unwrap_or_default().into_iter();
    Ok(dims
        .iter()
        .map(|&d| {
            if d == 0 {
                filled.next().unwrap_or(1) as i32
            } else {
                d
            }
        })
        .collect())
}

/// Depth-first search over non-increasing factorizations of `rest` into
/// `left` factors from `divisors` (descending) at most `bound`, keeping the
/// most balanced in `best`.
fn balanced(
    divisors: &[i64],
    rest: i64,
    left: usize,
    bound: i64,
    current: &mut Vec<i64>,
    best: &mut Option<Vec<i64>>,
) {
    if left == 0 {
        let score = |v: &[i64]| (v[0] - v[v.len() - 1], v[0]);
        if rest == 1 && best.as_ref().is_none_or(|b| score(current) < score(b)) {
            *best = Some(current.clone());
        }
        return;
    }
    for &d in divisors.iter().filter(|&&d| d <= bound && rest % d == 0) {
        // The largest of the remaining factors is at least rest^(1/left).
        let reaches = (d as i128)
            .checked_pow(left as u32)
            .is_none_or(|p| p >= rest as i128);
        if !reaches {
            break;
        }
        current.push(d);
        balanced(divisors, rest / d, left - 1, d, current, best);
        current.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_set_operations_keep_the_standard_orders() {
        let a = vec![0, 1, 2, 3];
        let b = vec![3, 1, 5];
        assert_eq!(union(&a, &b), vec![0, 1, 2, 3, 5]);
        assert_eq!(union(&b, &a), vec![3, 1, 5, 0, 2]);
        assert_eq!(intersection(&b, &a), vec![3, 1]);
        assert_eq!(difference(&a, &b), vec![0, 2]);
        assert_eq!(incl(&a, &[2, 0]).unwrap(), vec![2, 0]);
        assert_eq!(excl(&a, &[2, 0]).unwrap(), vec![1, 3]);
        assert!(matches!(incl(&a, &[4]), Err(ArgError::Rank(_))));
        assert!(matches!(incl(&a, &[1, 1]), Err(ArgError::Rank(_))));
    }

    #[test]
    fn ranges_expand_with_positive_and_negative_strides() {
        assert_eq!(expand_ranges(10, &[[0, 9, 3]]).unwrap(), vec![0, 3, 6, 9]);
        assert_eq!(expand_ranges(10, &[[7, 2, -2]]).unwrap(), vec![7, 5, 3]);
        assert_eq!(expand_ranges(10, &[[4, 4, 1], [1, 0, 1]]).unwrap(), vec![4]);
        assert!(expand_ranges(4, &[[0, 3, 0]]).is_err());
        assert!(expand_ranges(4, &[[0, 4, 1]]).is_err());
        let g: Vec<usize> = (10..16).collect();
        assert_eq!(range_excl(&g, &[[0, 4, 2]]).unwrap(), vec![11, 13, 15]);
    }

    #[test]
    fn translate_and_compare() {
        let a = vec![0, 1, 2, 3];
        let b = vec![3, 2];
        assert_eq!(
            translate_ranks(&a, &[0, 2, 3, h::MPI_PROC_NULL], &b).unwrap(),
            vec![h::MPI_UNDEFINED, 1, 0, h::MPI_PROC_NULL]
        );
        assert_eq!(compare_groups(&a, &a), h::MPI_IDENT);
        assert_eq!(compare_groups(&[1, 0], &[0, 1]), h::MPI_SIMILAR);
        assert_eq!(compare_groups(&[1, 0], &[0, 2]), h::MPI_UNEQUAL);
    }

    #[test]
    fn split_orders_by_key_then_parent_rank() {
        let e = [
            (Some(1), 0),
            (Some(0), 5),
            (None, 0),
            (Some(0), 5),
            (Some(1), -1),
        ];
        assert_eq!(split(&e), vec![(0, vec![1, 3]), (1, vec![4, 0])]);
    }

    #[test]
    fn cartesian_coordinates_are_row_major() {
        let c = Cart::new(vec![2, 3], vec![false, true], 6).unwrap();
        assert_eq!(c.coords(4), vec![1, 1]);
        assert_eq!(c.rank(&[1, 1]).unwrap(), 4);
        assert_eq!(c.rank(&[1, -1]).unwrap(), 5); // periodic wraps
        assert!(c.rank(&[2, 0]).is_err());
        // Non-periodic border: MPI_PROC_NULL.
        assert_eq!(c.shift(0, 0, 1), (h::MPI_PROC_NULL, 3));
        assert_eq!(c.shift(1, 1, 1), (0, 2));
        assert_eq!(c.shift(2, 1, 1), (1, 0));
        assert!(Cart::new(vec![4, 2], vec![false, false], 6).is_err());
        assert!(Cart::new(vec![0], vec![false], 6).is_err());
    }

    #[test]
    fn periodic_two_by_two_grid() {
        let c = Cart::new(vec![2, 2], vec![true, true], 4).unwrap();
        assert_eq!(c.shift(0, 0, 1), (2, 2));
        assert_eq!(c.shift(0, 1, 1), (1, 1));
        assert_eq!(c.shift(3, 1, -1), (2, 2));
        assert_eq!(c.neighbors(1), vec![3, 3, 0, 0]);
    }

    #[test]
    fn cart_sub_colors_by_dropped_coordinates() {
        let c = Cart::new(vec![2, 3], vec![true, false], 6).unwrap();
        let (color, sub) = c.sub(4, &[false, true]);
        assert_eq!(color, 1);
        assert_eq!(sub.dims, vec![3]);
        assert_eq!(sub.periods, vec![false]);
        let (color, sub) = c.sub(4, &[true, false]);
        assert_eq!((color, sub.dims), (1, vec![2]));
        let (color, sub) = c.sub(4, &[false, false]);
        assert_eq!((color, sub.size()), (4, 1));
    }

    #[test]
    fn dims_create_is_balanced_and_non_increasing() {
        assert_eq!(dims_create(6, &[0, 0]).unwrap(), vec![3, 2]);
        assert_eq!(dims_create(7, &[0, 0, 0]).unwrap(), vec![7, 1, 1]);
        assert_eq!(dims_create(16, &[0, 0, 0]).unwrap(), vec![4, 2, 2]);
        assert_eq!(dims_create(72, &[0, 0]).unwrap(), vec![9, 8]);
        assert_eq!(dims_create(36, &[0, 0, 0]).unwrap(), vec![4, 3, 3]);
        assert_eq!(dims_create(12, &[0, 3, 0]).unwrap(), vec![2, 3, 2]);
        assert_eq!(dims_create(4, &[2, 2]).unwrap(), vec![2, 2]);
        assert_eq!(dims_create(1, &[]).unwrap(), Vec::<i32>::new());
        assert!(matches!(dims_create(10, &[3, 0]), Err(ArgError::Dims(_))));
        assert!(matches!(dims_create(4, &[2, 3]), Err(ArgError::Dims(_))));
        // A multiple of the fixed dims is no error, even with nothing to fill.
        assert_eq!(dims_create(8, &[2, 2]).unwrap(), vec![2, 2]);
        assert_eq!(dims_create(4, &[]).unwrap(), Vec::<i32>::new());
        assert!(dims_create(4, &[-1, 0]).is_err());
        assert!(dims_create(0, &[0]).is_err());
        assert_eq!(dims_create(1 << 20, &[0; 4]).unwrap(), vec![32, 32, 32, 32]);
        assert_eq!(dims_create(12, &[0; 5]).unwrap(), vec![3, 2, 2, 1, 1]);
        assert_eq!(dims_create(1, &[0; 3]).unwrap(), vec![1, 1, 1]);
        assert_eq!(dims_create(97, &[0; 200]).unwrap()[..2], [97, 1]);
    }
}
