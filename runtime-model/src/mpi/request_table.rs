//! Where the requests of an execution live: numbered in global posting
//! order (a `ReqId` never changes), with the requests that are over for
//! every future dropped, so that a long execution keeps its live requests
//! and not every request it ever posted.
//!
//! Requests are kept in two parts: the ones posted since the last
//! compaction, densely by id (the fast path of every lookup), and the ones
//! a compaction kept (sorted by id, found by binary search; a compaction
//! keeps what is still live, so that part stays as small as the state).

use super::p2p::{ReqId, Request};

#[derive(Clone, Debug, Default, PartialEq)]
pub struct RequestTable {
    /// Requests a compaction kept, sorted by id.
    kept: Vec<(ReqId, Request)>,
    /// Id of `recent[0]`: every request posted since the last compaction.
    base: ReqId,
    recent: Vec<Request>,
}

impl RequestTable {
    /// The id the next request gets (one more than the last id given).
    pub fn len(&self) -> usize {
        self.base + self.recent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, r: Request) -> ReqId {
        self.recent.push(r);
        self.len() - 1
    }

    /// The request `id`, unless it was never posted or was dropped.
    pub fn get(&self, id: ReqId) -> Option<&Request> {
        if id >= self.base {
            self.recent.get(id - self.base)
        } else {
            let i = self.kept.binary_search_by_key(&id, |(k, _)| *k).ok()?;
            Some(&self.kept[i].1)
        }
    }

    pub fn get_mut(&mut self, id: ReqId) -> Option<&mut Request> {
        if id >= self.base {
            self.recent.get_mut(id - self.base)
        } else {
            let i = self.kept.binary_search_by_key(&id, |(k, _)| *k).ok()?;
            Some(&mut self.kept[i].1)
        }
    }

    /// Every request kept, in id order.
    pub fn iter(&self) -> impl Iterator<Item = &Request> + '_ {
        self.kept.iter().map(|(_, r)| r).chain(self.recent.iter())
    }

    /// Every request kept with its id, in id order.
    pub fn iter_ids(&self) -> impl Iterator<Item = (ReqId, &Request)> + '_ {
        self.kept.iter().map(|(id, r)| (*id, r)).chain(
            self.recent
                .iter()
                .enumerate()
                .map(|(i, r)| (self.base + i, r)),
        )
    }

    /// Drops every request `over` says is over; the others keep their ids.
    /// Linear in the requests kept.
    pub fn drop_over(&mut self, over: impl Fn(ReqId, &Request) -> bool) {
        self.kept.retain(|(id, r)| !over(*id, r));
        let base = self.base;
        let recent = std::mem::take(&mut self.recent);
        self.base += recent.len();
        self.kept.extend(
            recent
                .into_iter()
                .enumerate()
                .map(|(i, r)| (base + i, r))
                .filter(|(id, r)| !over(*id, r)),
        );
    }
}

impl std::ops::Index<ReqId> for RequestTable {
    type Output = Request;

    /// A live request. Ids of dropped requests are never looked up: a
    /// request is dropped only once nothing names it any more.
    fn index(&self, id: ReqId) -> &Request {
        match self.get(id) {
            Some(r) => r,
            None => panic!("request {id} was dropped while still named"),
        }
    }
}

impl std::ops::IndexMut<ReqId> for RequestTable {
    fn index_mut(&mut self, id: ReqId) -> &mut Request {
        match self.get_mut(id) {
            Some(r) => r,
            None => panic!("request {id} was dropped while still named"),
        }
    }
}

impl<'a> IntoIterator for &'a RequestTable {
    type Item = &'a Request;
    type IntoIter = Box<dyn Iterator<Item = &'a Request> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// One process's requests by handle number (position among its requests,
/// see [`Request::local`]), with the same two parts as [`RequestTable`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Handles {
    /// (handle number, request) kept by a compaction, sorted.
    kept: Vec<(usize, ReqId)>,
    base: usize,
    recent: Vec<ReqId>,
}

/// What a handle number of a process names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A request that is kept.
    Request(ReqId),
    /// A request that is over and was dropped: a use of the handle is a
    /// use of a stale copy.
    Dropped,
    /// No request of the process ever had this number.
    Nothing,
}

impl Handles {
    /// The number the next request of the process gets.
    pub fn len(&self) -> usize {
        self.base + self.recent.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, id: ReqId) -> usize {
        self.recent.push(id);
        self.len() - 1
    }

    pub fn named(&self, local: usize) -> Named {
        if local >= self.len() {
            Named::Nothing
        } else if local >= self.base {
            Named::Request(self.recent[local - self.base])
        } else {
            match self.kept.binary_search_by_key(&local, |(l, _)| *l) {
                Ok(i) => Named::Request(self.kept[i].1),
                Err(_) => Named::Dropped,
            }
        }
    }

    /// The process's kept requests, in posting order (ascending ids).
    pub fn ids(&self) -> impl Iterator<Item = ReqId> + '_ {
        self.kept
            .iter()
            .map(|(_, id)| *id)
            .chain(self.recent.iter().copied())
    }

    /// Drops the requests `over` says are over.
    pub fn drop_over(&mut self, over: impl Fn(ReqId) -> bool) {
        self.kept.retain(|(_, id)| !over(*id));
        let base = self.base;
        let recent = std::mem::take(&mut self.recent);
        self.base += recent.len();
        self.kept.extend(
            recent
                .into_iter()
                .enumerate()
                .map(|(i, id)| (base + i, id))
                .filter(|(_, id)| !over(*id)),
        );
    }
}
