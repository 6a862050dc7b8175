//! A persistent (shared-tail) list: cloning a state at a branching point
//! copies one pointer instead of the whole trace or event log.

use std::sync::Arc;

#[derive(Debug)]
struct Node<T> {
    item: T,
    prev: Option<Arc<Node<T>>>,
}

#[derive(Debug)]
pub struct PList<T> {
    head: Option<Arc<Node<T>>>,
    len: usize,
}

impl<T> Clone for PList<T> {
    fn clone(&self) -> Self {
        PList {
            head: self.head.clone(),
            len: self.len,
        }
    }
}

impl<T> Default for PList<T> {
    fn default() -> Self {
        PList { head: None, len: 0 }
    }
}

impl<T: Clone> PList<T> {
    pub fn push(&mut self, item: T) {
        let prev = self.head.take();
        self.head = Some(Arc::new(Node { item, prev }));
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Items newest first, without copying them.
    pub fn iter_newest_first(&self) -> impl Iterator<Item = &T> {
        std::iter::successors(self.head.as_deref(), |n| n.prev.as_deref()).map(|n| &n.item)
    }

    /// Items oldest first.
    pub fn to_vec(&self) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len);
        let mut cur = self.head.as_ref();
        while let Some(n) = cur {
            out.push(n.item.clone());
            cur = n.prev.as_ref();
        }
        out.reverse();
        out
    }
}

impl<T> Drop for PList<T> {
    // Drop long chains iteratively: a recursive drop of a million-node trace
    // would overflow the stack.
    fn drop(&mut self) {
        let mut cur = self.head.take();
        while let Some(node) = cur {
            match Arc::try_unwrap(node) {
                Ok(mut n) => cur = n.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PList;

    #[test]
    fn clones_share_prefix() {
        let mut a = PList::default();
        a.push(1);
        a.push(2);
        let mut b = a.clone();
        b.push(3);
        a.push(4);
        assert_eq!(a.to_vec(), vec![1, 2, 4]);
        assert_eq!(b.to_vec(), vec![1, 2, 3]);
    }

    #[test]
    fn long_lists_drop_without_recursion() {
        let mut a = PList::default();
        for i in 0..1_000_000 {
            a.push(i);
        }
        assert_eq!(a.len(), 1_000_000);
    }
}
