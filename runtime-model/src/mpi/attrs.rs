//! Attribute caching (MPI 3.1 §6.7): the keyvals a process creates and the
//! attributes it caches on its communicators, datatypes and windows. Both
//! are process-local (§6.7.1: "attributes are local to the process"); the
//! checker decodes the calls and runs the copy and delete callbacks.

use crate::handles::KEYVAL_HANDLE_BASE;
use crate::model::LocId;
use crate::mpi_api::MpiFunc;
use std::sync::Arc;

/// The kind of object a keyval caches attributes on (§6.7.2–§6.7.4: a
/// keyval made for one kind cannot be used with another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttrTarget {
    Comm,
    Type,
    Win,
}

impl AttrTarget {
    pub fn noun(self) -> &'static str {
        match self {
            AttrTarget::Comm => "communicator",
            AttrTarget::Type => "datatype",
            AttrTarget::Win => "window",
        }
    }
}

/// One keyval: its callbacks (pointer bits of program functions; 0 is the
/// `MPI_*_NULL_*_FN` null function) and the extra state passed to them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Keyval {
    pub target: AttrTarget,
    pub copy_fn: u64,
    pub delete_fn: u64,
    pub extra_state: u64,
    /// Freed by `MPI_*_free_keyval`: attributes still cached with it stay
    /// until deleted (§6.7.2), but the keyval cannot be used again.
    pub freed: bool,
    pub made_at: (LocId, MpiFunc),
}

/// One cached attribute: `value` is the `void *` the program stored.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Attribute {
    pub target: AttrTarget,
    pub object: i32,
    pub keyval: i32,
    pub value: u64,
}

/// What the copy callbacks of one process's communicator duplication
/// copied: (rank, parent communicator, keyval and value of each).
type PendingCopies = (usize, usize, Vec<(i32, u64)>);

/// Per-process keyvals and attributes, in the order they were made and
/// set (the order copy callbacks run in; deletes run in reverse).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttrTables {
    keyvals: Vec<Arc<Vec<Keyval>>>,
    attrs: Vec<Arc<Vec<Attribute>>>,
    /// Attributes copied by the copy callbacks of a communicator
    /// duplication not yet complete: (rank, parent communicator, keyval
    /// and value of each), oldest first (duplications of one parent
    /// complete in the order they were called, §5.13).
    pending: Vec<PendingCopies>,
}

impl AttrTables {
    fn ensure(&mut self, rank: usize) {
        if self.keyvals.len() <= rank {
            self.keyvals.resize_with(rank + 1, Default::default);
            self.attrs.resize_with(rank + 1, Default::default);
        }
    }

    pub fn keyval(&self, rank: usize, keyval: i32) -> Option<&Keyval> {
        let i = keyval.wrapping_sub(KEYVAL_HANDLE_BASE);
        if i < 0 {
            return None;
        }
        self.keyvals.get(rank)?.get(i as usize)
    }

    pub fn keyval_mut(&mut self, rank: usize, keyval: i32) -> Option<&mut Keyval> {
        self.keyval(rank, keyval)?;
        let i = keyval.wrapping_sub(KEYVAL_HANDLE_BASE) as usize;
        Arc::make_mut(&mut self.keyvals[rank]).get_mut(i)
    }

    pub fn add_keyval(&mut self, rank: usize, k: Keyval) -> i32 {
        self.ensure(rank);
        let v = Arc::make_mut(&mut self.keyvals[rank]);
        v.push(k);
        KEYVAL_HANDLE_BASE + (v.len() - 1) as i32
    }

    /// The value cached on `object` under `keyval`.
    pub fn get(&self, rank: usize, target: AttrTarget, object: i32, keyval: i32) -> Option<u64> {
        self.attrs
            .get(rank)?
            .iter()
            .find(|a| a.target == target && a.object == object && a.keyval == keyval)
            .map(|a| a.value)
    }

    /// Caches `value`. A value already cached under the keyval is replaced
    /// (the caller ran its delete callback first) and the attribute counts
    /// as set now: MPI_Finalize deletes `MPI_COMM_SELF`'s attributes in the
    /// reverse order they were set (MPI 3.1 §8.7.1).
    pub fn set(&mut self, rank: usize, target: AttrTarget, object: i32, keyval: i32, value: u64) {
        self.remove(rank, target, object, keyval);
        self.ensure(rank);
        Arc::make_mut(&mut self.attrs[rank]).push(Attribute {
            target,
            object,
            keyval,
            value,
        });
    }

    /// Removes the attribute cached on `object` under `keyval`.
    pub fn remove(&mut self, rank: usize, target: AttrTarget, object: i32, keyval: i32) {
        let Some(list) = self.attrs.get_mut(rank) else {
            return;
        };
        if list
            .iter()
            .any(|a| a.target == target && a.object == object && a.keyval == keyval)
        {
            Arc::make_mut(list)
                .retain(|a| !(a.target == target && a.object == object && a.keyval == keyval));
        }
    }

    /// The attributes cached on `object`, in the order they were first set.
    pub fn on(&self, rank: usize, target: AttrTarget, object: i32) -> Vec<Attribute> {
        self.attrs
            .get(rank)
            .map(|v| {
                v.iter()
                    .filter(|a| a.target == target && a.object == object)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Keeps what the copy callbacks of `rank`'s duplication of `parent`
    /// copied, until the new handle exists.
    pub fn queue_copies(&mut self, rank: usize, parent: usize, copied: Vec<(i32, u64)>) {
        self.pending.push((rank, parent, copied));
    }

    /// What the oldest pending duplication of `parent` by `rank` copied.
    pub fn take_copies(&mut self, rank: usize, parent: usize) -> Vec<(i32, u64)> {
        match self
            .pending
            .iter()
            .position(|(r, p, _)| *r == rank && *p == parent)
        {
            Some(i) => self.pending.remove(i).2,
            None => Vec::new(),
        }
    }

    /// Whether any attribute is still cached with `keyval`.
    pub fn in_use(&self, rank: usize, keyval: i32) -> bool {
        self.attrs
            .get(rank)
            .is_some_and(|v| v.iter().any(|a| a.keyval == keyval))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyval(target: AttrTarget) -> Keyval {
        Keyval {
            target,
            copy_fn: 0,
            delete_fn: 0,
            extra_state: 0,
            freed: false,
            made_at: (0, MpiFunc::CommCreateKeyval),
        }
    }

    #[test]
    fn keyvals_are_per_process() {
        let mut t = AttrTables::default();
        let k = t.add_keyval(1, keyval(AttrTarget::Comm));
        assert_eq!(k, KEYVAL_HANDLE_BASE);
        assert!(t.keyval(0, k).is_none());
        assert_eq!(t.keyval(1, k).unwrap().target, AttrTarget::Comm);
    }

    #[test]
    fn set_replaces_and_counts_as_set_last_and_remove_forgets() {
        let mut t = AttrTables::default();
        let (a, b) = (KEYVAL_HANDLE_BASE, KEYVAL_HANDLE_BASE + 1);
        t.set(0, AttrTarget::Comm, 7, a, 10);
        t.set(0, AttrTarget::Comm, 7, b, 20);
        t.set(0, AttrTarget::Comm, 7, a, 30);
        t.set(0, AttrTarget::Type, 7, a, 40);
        let on: Vec<_> = t
            .on(0, AttrTarget::Comm, 7)
            .iter()
            .map(|x| x.value)
            .collect();
        assert_eq!(on, vec![20, 30]);
        assert_eq!(t.get(0, AttrTarget::Type, 7, a), Some(40));
        t.remove(0, AttrTarget::Comm, 7, a);
        assert_eq!(t.get(0, AttrTarget::Comm, 7, a), None);
        assert!(t.in_use(0, a));
        t.remove(0, AttrTarget::Type, 7, a);
        assert!(!t.in_use(0, a));
    }
}
