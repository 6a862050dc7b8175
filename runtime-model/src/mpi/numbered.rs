//! Items numbered in the order they are made — requests, a process's
//! request handles, a communicator's collective instances — of which a long
//! execution forgets the ones nothing can name any more (the checker's
//! compaction), so that it keeps what is live and not everything it ever
//! made. A number never changes and is never given again.
//!
//! The items are kept in two parts: those made since the last `retain`,
//! densely by number (the fast path of every lookup), and those a `retain`
//! kept (sorted by number, found by binary search; `retain` keeps what is
//! still live, so that part stays as small as the state).

/// Items numbered from 0 in the order they were pushed.
#[derive(Clone, Debug)]
pub struct Numbered<T> {
    /// Items a `retain` kept, sorted by number.
    kept: Vec<(usize, T)>,
    /// Number of `recent[0]`: every item pushed since the last `retain`.
    base: usize,
    recent: Vec<T>,
}

impl<T> Default for Numbered<T> {
    fn default() -> Self {
        Numbered {
            kept: Vec::new(),
            base: 0,
            recent: Vec::new(),
        }
    }
}

impl<T> Numbered<T> {
    /// The number the next item gets (one more than the last given).
    pub fn len(&self) -> usize {
        self.base + self.recent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds an item; returns its number.
    pub fn push(&mut self, item: T) -> usize {
        self.recent.push(item);
        self.len() - 1
    }

    /// Item `n`, unless it was never pushed or was dropped.
    pub fn get(&self, n: usize) -> Option<&T> {
        if n >= self.base {
            self.recent.get(n - self.base)
        } else {
            let i = self.kept.binary_search_by_key(&n, |(k, _)| *k).ok()?;
            Some(&self.kept[i].1)
        }
    }

    pub fn get_mut(&mut self, n: usize) -> Option<&mut T> {
        if n >= self.base {
            self.recent.get_mut(n - self.base)
        } else {
            let i = self.kept.binary_search_by_key(&n, |(k, _)| *k).ok()?;
            Some(&mut self.kept[i].1)
        }
    }

    /// The items kept, in number order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.kept.iter().map(|(_, x)| x).chain(self.recent.iter())
    }

    /// The items kept with their numbers, in number order.
    pub fn numbered(&self) -> impl Iterator<Item = (usize, &T)> + '_ {
        self.kept.iter().map(|(n, x)| (*n, x)).chain(
            self.recent
                .iter()
                .enumerate()
                .map(|(i, x)| (self.base + i, x)),
        )
    }

    /// Keeps the items `keep` says to keep; the others are dropped, their
    /// numbers not given again. Linear in the items kept.
    pub fn retain(&mut self, mut keep: impl FnMut(usize, &T) -> bool) {
        self.kept.retain(|(n, x)| keep(*n, x));
        let base = self.base;
        let recent = std::mem::take(&mut self.recent);
        self.base += recent.len();
        self.kept.extend(
            recent
                .into_iter()
                .enumerate()
                .map(|(i, x)| (base + i, x))
                .filter(|(n, x)| keep(*n, x)),
        );
    }
}

/// Equal when the same numbers hold equal items, however the items are
/// split between the two parts.
impl<T: PartialEq> PartialEq for Numbered<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.numbered().eq(other.numbered())
    }
}

impl<T: std::hash::Hash> std::hash::Hash for Numbered<T> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.len().hash(h);
        for (n, x) in self.numbered() {
            (n, x).hash(h);
        }
    }
}

impl<T> std::ops::Index<usize> for Numbered<T> {
    type Output = T;

    /// An item still kept: an item is dropped only once nothing names it.
    fn index(&self, n: usize) -> &T {
        match self.get(n) {
            Some(x) => x,
            None => panic!("item {n} was dropped while still named"),
        }
    }
}

impl<T> std::ops::IndexMut<usize> for Numbered<T> {
    fn index_mut(&mut self, n: usize) -> &mut T {
        match self.get_mut(n) {
            Some(x) => x,
            None => panic!("item {n} was dropped while still named"),
        }
    }
}

impl<'a, T> IntoIterator for &'a Numbered<T> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::Numbered;

    #[test]
    fn numbers_survive_dropping_and_compare_by_content() {
        let mut a = Numbered::default();
        for x in 0..6 {
            assert_eq!(a.push(x * 10), x);
        }
        a.retain(|n, _| n % 2 == 0);
        assert_eq!(a.push(60), 6);
        assert_eq!(a.get(2), Some(&20));
        assert_eq!(a.get(3), None);
        assert_eq!(a[6], 60);
        let numbered: Vec<_> = a.numbered().collect();
        assert_eq!(numbered, [(0, &0), (2, &20), (4, &40), (6, &60)]);
        a.retain(|n, _| n != 0);
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), [20, 40, 60]);
        assert_eq!(a.len(), 7);
        // The same items under the same numbers are equal, however split.
        let mut b = Numbered::default();
        for x in 0..7 {
            b.push(x * 10);
        }
        b.retain(|n, _| n % 2 == 0 && n != 0);
        assert_eq!(a, b);
    }
}
